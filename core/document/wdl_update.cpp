#include "core/document/wdl_update.h"

#include "core/convert/wdl_builder.h"

namespace mapsmith::core {

WdlUpdate::WdlUpdate() {
    for (const io::FourCC id : {io::chunk::MWMO, io::chunk::MWID, io::chunk::MODF}) {
        mWdl.beforeMaof.push_back(io::WdlChunk{id, {}, -1});
    }
}

Expected<WdlUpdate> WdlUpdate::fromSource(const MapSource& source) {
    auto bytes = source.readWdl();
    if (!bytes) {
        return CoreError(bytes.error());
    }
    WdlUpdate update;
    if (!bytes.value()) {
        return update;
    }
    auto wdl = io::readWdl(**bytes);
    if (!wdl) {
        update.mNote = QStringLiteral("the .wdl could not be read (%1); it is rebuilt")
                           .arg(QString::fromStdString(wdl.error().describe()));
        return update;
    }
    update.mWdl = std::move(wdl.value());
    update.mNeedsAllTiles = false;
    update.mNote.clear();
    return update;
}

bool WdlUpdate::setTile(TileCoord tile, const io::Adt& adt) {
    const io::WdlTile* before = mWdl.tile(tile.x, tile.y);
    io::WdlTile entry = buildWdlTile(adt, before);
    if (before && *before == entry) {
        return false;
    }
    mWdl.setTile(tile.x, tile.y, std::move(entry));
    return true;
}

} // namespace mapsmith::core
