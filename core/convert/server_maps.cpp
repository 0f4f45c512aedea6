#include "core/convert/server_maps.h"

#include "core/document/file_transaction.h"
#include "core/document/map_source.h"
#include "core/document/tile_loader.h"
#include "io/wdt/wdt.h"

#include <QDir>
#include <QFileInfo>

namespace mapsmith::core {
namespace {

std::string fileName(const QString& path) {
    return QFileInfo(path).fileName().toStdString();
}

} // namespace

QString serverMapPath(const ServerMapsRequest& request, TileCoord tile) {
    return QDir(request.outDir)
        .filePath(QString::fromStdString(io::serverMapFileName(request.mapId, tile.x, tile.y)));
}

Expected<ServerMapsPlan> planServerMaps(const QString& wdtPath, const ServerMapsRequest& request) {
    const auto bytes = readWholeFile(wdtPath);
    if (!bytes) {
        return CoreError(bytes.error(), "Cannot read the WDT " + wdtPath.toStdString() + ": " +
                                            bytes.error().describe() + ".");
    }
    if (auto skipped = io::serverExtractorSkipsWdt(*bytes, request.core)) {
        return CoreError(CoreError::Code::Refused, fileName(wdtPath) + ": " + *skipped +
                                                       ". Save the map with Mapsmith to rewrite its WDT.");
    }
    io::Diagnostics diag;
    diag.lenient = true;
    const auto wdt = io::readWdt(*bytes, diag);
    if (!wdt) {
        return CoreError(wdt.error(), "The WDT " + wdtPath.toStdString() +
                                          " cannot be read: " + wdt.error().describe() + ".");
    }
    FolderMapSource source(wdtPath);
    ServerMapsPlan plan;
    plan.wdtPath = wdtPath;
    plan.mapName = source.mapName();
    plan.bigAlpha = wdt->bigAlpha();
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            const TileCoord t{x, y};
            if (request.block && !request.block->contains(t)) {
                continue;
            }
            const bool listed = io::serverExtractorConvertsTile(*wdt, x, y);
            const QString path = source.tilePath(t);
            const bool present = QFileInfo(path).isFile();
            if (listed && present) {
                plan.tiles.push_back(t);
            } else if (listed) {
                plan.missing.push_back(t);
            } else if (present) {
                plan.skipped.push_back(fileName(path) + ": not listed in " + fileName(wdtPath) +
                                       " (MAIN), so the extractor never reads it");
            }
        }
    }
    if (source.layout() == TileLayout::Split) {
        plan.notes.push_back("The map is stored as split (Cataclysm) files, which the 3.3.5 client does not "
                             "read: these are the files the extractor makes of the tiles saved as v18 "
                             "(File > Save As v18 Files).");
    }
    return plan;
}

Expected<ServerMapsResult> exportServerMaps(const ServerMapsPlan& plan, const ServerMapsRequest& request,
                                            const ServerMapsProgress& progress) {
    if (!QDir().mkpath(request.outDir)) {
        return CoreError(CoreError::Code::File, "Cannot create the folder " + request.outDir.toStdString() +
                                                    " for the server maps.");
    }
    FolderMapSource source(plan.wdtPath);
    const io::ServerMapOptions options{request.core, io::server_map::kBuild335a};
    ServerMapsResult result;
    // One transaction: the export's files appear together, or (cancelled, failed, killed) none does.
    FileTransaction transaction(request.outDir);
    const std::size_t total = plan.tiles.size();
    for (std::size_t i = 0; i < total; ++i) {
        const TileCoord tile = plan.tiles[i];
        const std::string tileFile = fileName(source.tilePath(tile));
        auto adt = source.readTile(tile, plan.bigAlpha);
        if (!adt) {
            io::Error e = adt.error();
            if (e.file.empty()) {
                e.file = tileFile;
            }
            result.failed.push_back(CoreError(e, e.describe(), tile));
        } else if (auto bytes = io::writeServerMap(*adt, options); !bytes) {
            result.failed.push_back(CoreError(
                CoreError::Code::Refused,
                tileFile + ": " + bytes.error().describe() + "; no server map written for it", tile));
        } else {
            const QString path = serverMapPath(request, tile);
            if (QString e = transaction.stage(path, *bytes, BackupPolicy::KeepBackup); !e.isEmpty()) {
                return CoreError(CoreError::Code::File, e.toStdString(), tile);
            }
            result.written.push_back({tile, path, bytes->size()});
            result.bytes += bytes->size();
        }
        if (progress && !progress(i + 1, total)) {
            return CoreError(CoreError::Code::Cancelled,
                             "Writing the server maps of " + plan.mapName.toStdString() +
                                 " was cancelled after " + std::to_string(i + 1) + " of " +
                                 std::to_string(total) + " tiles; nothing was written.");
        }
    }
    if (QString e = transaction.commit(); !e.isEmpty()) {
        return CoreError(CoreError::Code::File, e.toStdString());
    }
    return result;
}

} // namespace mapsmith::core
