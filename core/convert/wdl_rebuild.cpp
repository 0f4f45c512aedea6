#include "core/convert/wdl_rebuild.h"

#include "core/document/map_source.h"
#include "core/document/wdl_update.h"

namespace mapsmith::core {

Expected<WdlRebuildReport> rebuildWdl(const QString& wdtPath) {
    FolderMapSource source(wdtPath);
    auto wdt = source.readWdt();
    if (!wdt) {
        return CoreError(wdt.error(), wdtPath.toStdString() + ": " + wdt.error().describe());
    }
    auto update = WdlUpdate::fromSource(source);
    if (!update) {
        return update.error();
    }
    WdlRebuildReport report;
    report.wdlPath = source.wdlPath();
    report.created = update->needsAllTiles();
    report.note = update->note();
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            const TileCoord t{x, y};
            if (!wdt->hasTile(x, y)) {
                continue;
            }
            auto adt = source.readTile(t, wdt->bigAlpha());
            if (!adt) {
                return CoreError(adt.error(),
                                 QStringLiteral("tile %1_%2 (%3): %4")
                                     .arg(x)
                                     .arg(y)
                                     .arg(source.tilePath(t), QString::fromStdString(adt.error().describe()))
                                     .toStdString(),
                                 t);
            }
            if (update->setTile(t, adt.value())) {
                report.changed.push_back(t);
            }
            ++report.tiles;
        }
    }
    report.entries = int(update->wdl().tiles.size());
    if (report.changed.empty() && !report.created) {
        return report;
    }
    if (auto written = source.writeWdl(update->bytes()); !written) {
        return CoreError(written.error());
    }
    report.written = true;
    return report;
}

} // namespace mapsmith::core
