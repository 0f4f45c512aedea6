#pragma once
// A map folder (the folder holding <Name>.wdt and its tiles <Name>_<x>_<y>.adt) and a rectangular block
// of its tiles given as "--tiles X_Y[:X2_Y2]", for the commands that work on several tiles at once.

#include "core/coords.h"
#include "core/height_grid.h"
#include "io/error.h"

#include <QHash>
#include <QString>
#include <QStringList>

#include <optional>

namespace mapsmith::cli {

struct MapFolder {
    QString dir;
    QString name;                  // spelled as the WDT's file name on disk
    QString wdtPath;               // <dir>/<name>.wdt
    QHash<QString, QString> tiles; // lower-case file name -> path, every *.adt of the folder

    // The tile file of `t` (a v18 file or a split root), matched ignoring case; empty when there is none.
    QString tilePath(core::TileCoord t) const;
    // "<Name>_<x>_<y>.adt", as the client spells it.
    QString tileFileName(core::TileCoord t) const;
};

// `path` is the folder or its .wdt. The folder must hold exactly one <Name>.wdt (split-era companions
// such as <Name>_occ.wdt are ignored). Errors (ErrorCode::FileIo) name the folder.
io::Expected<MapFolder> openMapFolder(const QString& path);

// "X_Y" (one tile) or "X_Y:X2_Y2" (two opposite corners, inclusive, in any order), 0..63 each.
std::optional<core::TileBlock> parseTileBlock(const QString& text);
// The block as parseTileBlock() reads it: "X_Y" or "X_Y:X2_Y2" (north-west to south-east).
QString tileBlockText(const core::TileBlock& block);
// "X_Y" of a tile.
QString tileText(core::TileCoord t);

// The block's tiles row by row from its north-west corner.
QList<core::TileCoord> blockTiles(const core::TileBlock& block);

} // namespace mapsmith::cli
