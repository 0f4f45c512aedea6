#include "core/render/minimap_export.h"

#include "core/document/file_transaction.h"
#include "core/document/map_source.h"
#include "core/document/tile_loader.h"
#include "core/render/layer_images.h"
#include "core/render/minimap_files.h"
#include "core/render/minimap_model_scene.h"
#include "core/render/minimap_models.h"
#include "core/render/terrain_samples.h"
#include "io/assets/blp.h"
#include "io/assets/minimap.h"
#include "io/assets/texture_cache.h"
#include "io/binary/text.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QScopeGuard>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <future>
#include <map>
#include <set>
#include <thread>

namespace mapsmith::core {

namespace {

// The file under the minimap folder for a game path ("textures\\Minimap\\x.blp" ->
// ".../textures/Minimap/x.blp").
QString fileFor(const QString& root, const std::string& gamePath) {
    QString relative = QString::fromStdString(gamePath);
    relative.replace(QLatin1Char('\\'), QLatin1Char('/'));
    return QDir(root).filePath(relative);
}

// The game data's translate file, when it has one.
std::optional<std::string> gameTranslate(const std::shared_ptr<io::TextureCache>& cache) {
    const auto source = cache ? cache->source() : nullptr;
    if (!source) {
        return std::nullopt;
    }
    auto bytes = source->read(io::kMd5TranslatePath);
    if (!bytes) {
        return std::nullopt;
    }
    return std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size());
}

// Creates `dir` and its missing parents, adding each one it made to `created` (parents first).
bool makeFolder(const QString& dir, QStringList& created) {
    QStringList missing;
    for (QString d = QDir::cleanPath(dir); !QFileInfo::exists(d); d = QFileInfo(d).absolutePath()) {
        missing.prepend(d);
    }
    for (const QString& d : missing) {
        if (!QDir().mkdir(d)) {
            return false;
        }
        created << d;
    }
    return true;
}

} // namespace

QString minimapFolder(const QString& mapDir) {
    return QDir(mapDir).filePath(QString::fromLatin1(kMinimapFolder));
}

std::vector<std::byte> encodeMinimapBlp(const QImage& image) {
    const QImage rgba = image.convertToFormat(QImage::Format_RGBA8888);
    io::BlpImage blp;
    blp.width = std::uint32_t(rgba.width());
    blp.height = std::uint32_t(rgba.height());
    std::vector<std::uint8_t> level(std::size_t(blp.width) * blp.height * 4);
    for (int y = 0; y < rgba.height(); ++y) {
        std::copy_n(rgba.constScanLine(y), std::size_t(blp.width) * 4,
                    level.data() + std::size_t(y) * blp.width * 4);
    }
    blp.mips.push_back(std::move(level));
    return io::writeBlp2(blp, io::BlpWriteFormat::Dxt1);
}

Expected<std::vector<TileCoord>> minimapTiles(const MinimapRenderRequest& request) {
    FolderMapSource source(request.wdtPath);
    auto wdt = source.readWdt();
    if (!wdt) {
        return CoreError(wdt.error(), "Cannot read the WDT " + request.wdtPath.toStdString() + ": " +
                                          wdt.error().describe() + ".");
    }
    std::vector<TileCoord> tiles;
    for (int y = 0; y < kTilesPerSide; ++y) {
        for (int x = 0; x < kTilesPerSide; ++x) {
            const TileCoord t{x, y};
            if (wdt->hasTile(x, y) && (!request.block || request.block->contains(t)) &&
                QFileInfo::exists(source.tilePath(t))) {
                tiles.push_back(t);
            }
        }
    }
    return tiles;
}

Expected<MinimapRenderResult> renderMinimaps(const MinimapRenderRequest& request,
                                             const MinimapProgress& progress) {
    if (!minimapSizeSupported(request.settings.size)) {
        return CoreError(CoreError::Code::Refused,
                         "A minimap is 64, 128, 256, 512 or 1024 pixels wide, not " +
                             std::to_string(request.settings.size) + ".");
    }
    FolderMapSource source(request.wdtPath);
    auto wdt = source.readWdt();
    if (!wdt) {
        return CoreError(wdt.error(), "Cannot read the WDT " + request.wdtPath.toStdString() + ": " +
                                          wdt.error().describe() + ".");
    }
    auto tiles = minimapTiles(request);
    if (!tiles) {
        return tiles.error();
    }
    const std::string mapName = source.mapName().toStdString();
    const QString root = minimapFolder(QFileInfo(request.wdtPath).absolutePath());
    const QString translatePath = fileFor(root, std::string(io::kMd5TranslatePath));

    // Hashed only when the game data's translate file lists the map (the client's own maps).
    const std::optional<std::string> gameTrs = gameTranslate(request.textures);
    MinimapRenderResult result;
    result.hashed = gameTrs && translateListsMap(*gameTrs, mapName);

    // Entries of earlier runs (this folder's own translate file), kept for the tiles not rendered now.
    std::map<TileCoord, std::string> entries;
    if (result.hashed) {
        if (auto own = readWholeFile(translatePath)) {
            const io::MinimapIndex index = io::parseMd5Translate(
                std::string_view(reinterpret_cast<const char*>(own->data()), own->size()));
            if (const auto it = index.find(io::asciiLower(mapName)); it != index.end()) {
                for (const auto& [xy, path] : it->second) {
                    // path is "textures\\minimap\\<hashed>"; the entry is the part after it.
                    entries[{xy.first, xy.second}] = path.substr(path.find_last_of('\\') + 1);
                }
            }
        }
    }
    const std::map<TileCoord, std::string> previous = entries;

    LayerImages textures(request.textures, minimapTextureSide(request.settings));
    const MapSource::TileReader read = source.backgroundReader(wdt->bigAlpha());
    // A rendered and encoded tile, or why it could not be read.
    struct Rendered {
        std::optional<CoreError> error;
        std::vector<std::byte> blp;
        std::size_t modelsDrawn = 0;
        std::vector<MissingModel> missingModels;
    };
    const ModelTextureFn modelTextures = minimapModelTextures(request.textures);
    const auto renderTile = [&](TileCoord t) {
        Rendered r;
        auto tile = read(t);
        if (!tile) {
            r.error =
                CoreError(tile.error(), source.tilePath(t).toStdString() + ": " + tile.error().describe(), t);
        } else if (request.models) {
            MinimapModelScene scene = minimapModelScene(*tile, *request.models);
            const MinimapModelLayer layer =
                scene.models.empty() ? MinimapModelLayer{}
                                     : rasterizeMinimapModels(t, scene.models, terrainSampleHeights(*tile),
                                                              modelTextures, request.settings.look);
            r.blp = encodeMinimapBlp(renderMinimap(*tile, textures, request.settings, &layer));
            r.modelsDrawn = scene.placementsDrawn;
            r.missingModels = std::move(scene.missing);
        } else {
            r.blp = encodeMinimapBlp(renderMinimap(*tile, textures, request.settings));
        }
        return r;
    };
    // One transaction for the whole run: every image, the translate file and the removal of images no
    // entry names any more are committed together at the end, so the minimaps are entirely the old or
    // entirely the new ones. Folders made for the images go again unless the run commits.
    FileTransaction transaction(QFileInfo(request.wdtPath).absolutePath());
    QStringList createdFolders;
    bool commitTried = false; // after commit() the transaction is never rolled back (its journal decides)
    const auto removeFolders = qScopeGuard([&] {
        if (!commitTried) {
            transaction.rollBack();
        }
        for (auto it = createdFolders.crbegin(); it != createdFolders.crend(); ++it) {
            QDir().rmdir(*it); // only an empty one: nothing was committed into it
        }
    });
    const auto unchanged = [&](const std::string& why) {
        return CoreError(CoreError::Code::Refused, why + "; no minimap of map " + mapName + " was changed.");
    };
    // Tiles are rendered and encoded a batch at a time, one per core (the DXT1 encoding is the slow
    // part), then staged in order on this thread, so progress, cancellation and the files stay ordered.
    const std::size_t batch = std::max(1u, std::thread::hardware_concurrency());
    const std::size_t total = tiles->size();
    std::set<std::string> missingSeen; // lower-case names
    for (std::size_t first = 0; first < total; first += batch) {
        const std::size_t last = std::min(total, first + batch);
        std::vector<std::future<Rendered>> others;
        for (std::size_t i = first + 1; i < last; ++i) {
            others.push_back(std::async(std::launch::async, renderTile, (*tiles)[i]));
        }
        std::vector<Rendered> done;
        done.push_back(renderTile((*tiles)[first]));
        for (auto& f : others) {
            done.push_back(f.get());
        }
        for (std::size_t i = first; i < last; ++i) {
            const TileCoord t = (*tiles)[i];
            Rendered& r = done[i - first];
            for (MissingModel& missing : r.missingModels) {
                if (missingSeen.insert(io::asciiLower(missing.name)).second) {
                    result.missingModels.push_back(std::move(missing));
                }
            }
            if (r.error) {
                result.failed.push_back(std::move(*r.error)); // a tile that cannot be read is left out
            } else {
                const std::string hashed = result.hashed ? minimapHashedName(r.blp) : std::string();
                const std::string gamePath =
                    result.hashed ? minimapHashedPath(hashed) : minimapUnhashedPath(mapName, t);
                const QString file = fileFor(root, gamePath);
                const QString folder = QFileInfo(file).absolutePath();
                if (!makeFolder(folder, createdFolders)) {
                    return unchanged("Cannot create the folder " + folder.toStdString() +
                                     " for the minimap of tile " + std::to_string(t.x) + "_" +
                                     std::to_string(t.y) + ": " + std::strerror(errno));
                }
                if (const QString e = transaction.stage(file, r.blp, BackupPolicy::NoBackup); !e.isEmpty()) {
                    return unchanged(e.toStdString());
                }
                if (result.hashed) {
                    entries[t] = hashed;
                }
                result.written.push_back({t, gamePath, file, r.blp.size()});
                result.modelsDrawn += r.modelsDrawn;
            }
            if (progress && !progress(i + 1, total)) {
                return CoreError(CoreError::Code::Cancelled,
                                 "Rendering the minimaps of map " + mapName + " was cancelled after " +
                                     std::to_string(i + 1) + " of " + std::to_string(total) +
                                     " tiles; no minimap was changed.");
            }
        }
    }
    if (result.hashed) {
        const std::string merged = mergeMd5Translate(*gameTrs, mapName, entries);
        const auto bytes = std::as_bytes(std::span(merged.data(), merged.size()));
        if (!makeFolder(QFileInfo(translatePath).absolutePath(), createdFolders)) {
            return unchanged("Cannot create the folder " +
                             QFileInfo(translatePath).absolutePath().toStdString() + " for " +
                             translatePath.toStdString() + ": " + std::strerror(errno));
        }
        if (const QString e = transaction.stage(translatePath, bytes, BackupPolicy::KeepBackup);
            !e.isEmpty()) {
            return unchanged(e.toStdString());
        }
        result.translateFile = translatePath;
        for (const auto& [map, tilesOfMap] : io::parseMd5Translate(merged)) {
            result.translateLines += tilesOfMap.size();
        }
        // Images of earlier runs that no entry names any more.
        std::set<std::string> named;
        for (const auto& [t, name] : entries) {
            named.insert(io::asciiLower(name));
        }
        for (const auto& [t, name] : previous) {
            if (!named.contains(io::asciiLower(name))) {
                transaction.stageRemoval(fileFor(root, minimapHashedPath(name)), BackupPolicy::NoBackup);
            }
        }
    }
    commitTried = true;
    if (const QString e = transaction.commit(); !e.isEmpty()) {
        return CoreError(CoreError::Code::Refused, e.toStdString() + ".");
    }
    return result;
}

} // namespace mapsmith::core
