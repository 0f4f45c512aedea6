#pragma once
// Keeps a map's .wdl (low-resolution heights, io/wdl/wdl.h) in step with its tiles: the entries of the
// tiles being saved are regenerated (core/convert/wdl_builder.h), every other entry and chunk is kept.
// Used by MapDocument::save / saveAs, new maps and `mapsmith-cli wdl`.

#include "core/document/core_error.h"
#include "core/document/map_source.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"
#include "io/wdl/wdl.h"

#include <QString>

#include <cstddef>
#include <vector>

namespace mapsmith::core {

class WdlUpdate {
public:
    // An empty WDL: MVER, empty MWMO, MWID and MODF (wowdev.wiki: Blizzard's WDLs of that era carry them),
    // MAOF. Every tile of the map must be given.
    WdlUpdate();
    // Starts from `source`'s .wdl. When the map has none, or its .wdl does not read as a WDL (the save
    // replaces it, keeping the old file as .bak), starts empty and needsAllTiles() is true; note() says
    // which. Error: the file exists but cannot be read (the system's reason).
    static Expected<WdlUpdate> fromSource(const MapSource& source);

    // True when the entries of tiles other than the saved ones must be filled in too.
    bool needsAllTiles() const { return mNeedsAllTiles; }
    // Why the source's .wdl was not used ("no .wdl", or the reader's error); empty when it was.
    const QString& note() const { return mNote; }

    // Regenerates the entry of `tile` from `adt`; true when it differs from the entry before.
    bool setTile(TileCoord tile, const io::Adt& adt);

    const io::Wdl& wdl() const { return mWdl; }
    std::vector<std::byte> bytes() const { return io::writeWdl(mWdl); }

private:
    io::Wdl mWdl;
    bool mNeedsAllTiles = true;
    QString mNote = QStringLiteral("no .wdl");
};

} // namespace mapsmith::core
