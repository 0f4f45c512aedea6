#pragma once
// A map folder (the folder holding <Name>.wdt and its tiles <Name>_<x>_<y>.adt) and a rectangular block
// of its tiles given as "--tiles X_Y[:X2_Y2]", for the commands that work on several tiles at once.

#include "core/convert/height_text.h"
#include "core/convert/terrain_block.h"
#include "core/geometry/coords.h"
#include "core/geometry/height_grid.h"
#include "io/adt/adt.h"
#include "io/binary/error.h"

#include <QCommandLineOption>
#include <QHash>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

class QCommandLineParser;

namespace mapsmith::core {
class FileTransaction;
}
class QTextStream;

namespace mapsmith::cli {

struct TileFiles;  // cli/tile_io.h
struct AlphaDepth; // cli/tile_io.h

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
using core::tileBlockText;
// "X_Y" of a tile.
QString tileText(core::TileCoord t);

// The block's tiles row by row from its north-west corner.
QList<core::TileCoord> blockTiles(const core::TileBlock& block);

// --tiles BLOCK, as the block commands (export-/import-heightmap, export-/import-hmp) take it.
QCommandLineOption tilesOption();
// --tiles as a block, or nullopt with the usage error printed ("<command>: --tiles must be ...").
std::optional<core::TileBlock> blockOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                           const QString& command, QTextStream& err);
// The file names ("Name_1_2.adt") of the block's tiles the folder does not have.
QStringList missingTiles(const MapFolder& map, const core::TileBlock& block);

// Heights as printed for the user and read back (core/convert/height_text.h, shared with the editor).
using core::heightText;
using core::parseHeight;

// Stages in `transaction` the files of `after` whose bytes differ from `before` (the tile as read), the
// previous version to be kept as "<name>.bak". A split part that was read and is no longer written (not
// expected when the layout stays) is staged to move to its .bak so it is not read as part of the new
// tile. Returns the number of files staged, or the error naming the file.
io::Expected<int> stageChangedFiles(core::FileTransaction& transaction, const TileFiles& before,
                                    const TileFiles& after);

// The block's outer-lattice heights (core::sampleBlock), reading one tile at a time (one in memory) with
// a progress line per tile on err; tiles the map lacks read as 0. nullopt when a tile cannot be read:
// the problem is printed as "<command>: <file>: ...".
std::optional<core::HeightGrid> readBlockGrid(const QString& command, const MapFolder& map,
                                              const AlphaDepth& alpha, const core::TileBlock& block,
                                              QTextStream& err);

// A block about to be edited tile by tile: the map, the alpha depth its WDT sets, the block's tiles.
struct BlockEdit {
    MapFolder map;
    std::optional<bool> bigAlpha; // from the WDT; nullopt: inferred per tile
    QList<core::TileCoord> tiles;
};

// Opens the map folder `mapArg`, checks that every tile of `block` exists and reads (warnings printed),
// before anything is written. On failure prints "<command>: ...; nothing written" to err and returns
// nullopt (exit code Failure).
std::optional<BlockEdit> prepareBlockEdit(const QString& command, const QString& mapArg,
                                          const core::TileBlock& block, QTextStream& err);

// What editBlockTiles wrote: the whole block or, after a failure, nothing.
struct BlockWrite {
    bool ok = false;
    int tiles = 0;   // tiles with a file written
    int files = 0;   // files written (a split tile may change one of its files or several)
    int backups = 0; // previous files kept as .bak
};

// Reads each tile in turn (one in memory at a time), lets `edit` change its model (`tileAt` returns the
// tile for its own coordinate and nullptr for others, as core::applyGrid expects), and stages the files
// that changed in the tile's own layout, with a progress line per tile on err; then commits them all in
// one transaction (.bak kept): a kill or a failure leaves every tile of the block as it was. A failure
// is printed as "<command>: <file>: <reason>; nothing written".
BlockWrite
editBlockTiles(const QString& command, const BlockEdit& edit,
               const std::function<void(const std::function<io::Adt*(core::TileCoord)>& tileAt)>& change,
               QTextStream& err);
// "; previous files kept as .bak" when the write kept any, "; no file changed" when it wrote none.
QString backupNote(const BlockWrite& written);

} // namespace mapsmith::cli
