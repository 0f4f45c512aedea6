#include "core/edit/bake_shadows.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/model_shadows.h"
#include "core/edit/stroke_recorder.h"

#include <QString>

#include <algorithm>
#include <future>
#include <map>
#include <optional>
#include <set>
#include <thread>

namespace mapsmith::core {

namespace {

std::string tileName(TileCoord t) {
    return std::to_string(t.x) + "_" + std::to_string(t.y);
}

// Tiles as the bake sees them: the document's loaded ones, else read once through the source. A tile
// that cannot be read is no terrain; its error is kept once.
class NeighbourTiles {
public:
    explicit NeighbourTiles(MapDocument& doc) : mDoc(doc) {}

    const io::Adt* get(TileCoord t) {
        if (const io::Adt* loaded = mDoc.tile(t)) {
            return loaded;
        }
        if (!t.valid() || !mDoc.tileExists(t)) {
            return nullptr;
        }
        auto it = mRead.find(t);
        if (it == mRead.end()) {
            auto read = mDoc.source().readTile(t, mDoc.bigAlpha());
            if (!read) {
                mFailed.emplace_back(read.error(), std::string(), t);
                it = mRead.emplace(t, std::nullopt).first;
            } else {
                it = mRead.emplace(t, std::move(read.value())).first;
            }
        }
        return it->second ? &*it->second : nullptr;
    }
    std::vector<CoreError> takeFailed() { return std::move(mFailed); }

private:
    MapDocument& mDoc;
    std::map<TileCoord, std::optional<io::Adt>> mRead;
    std::vector<CoreError> mFailed;
};

// The kernel's maps of a tile's 256 chunks (the tile's quads start at (margin, margin) in the baker's
// field), worked out on up to 4 threads: the baker is only read, each thread fills its own chunks.
std::vector<ShadowMap> bakeTileChunks(const ShadowBaker& baker, int margin) {
    std::vector<ShadowMap> maps(static_cast<std::size_t>(kChunksPerTile));
    const auto bakeRange = [&](int first, int last) {
        for (int i = first; i < last; ++i) {
            maps[std::size_t(i)] =
                baker.bakeChunk(margin + (i % kChunksPerSide) * 8, margin + (i / kChunksPerSide) * 8);
        }
    };
    const int threads = std::clamp(int(std::thread::hardware_concurrency()), 1, 4);
    std::vector<std::future<void>> workers;
    const int per = (kChunksPerTile + threads - 1) / threads;
    for (int k = 1; k < threads; ++k) {
        workers.push_back(
            std::async(std::launch::async, bakeRange, k * per, std::min(kChunksPerTile, (k + 1) * per)));
    }
    bakeRange(0, std::min(kChunksPerTile, per));
    for (auto& w : workers) {
        w.get();
    }
    return maps;
}

} // namespace

ShadowMap finishChunkShadow(ShadowMap baked, std::uint32_t chunkFlags) {
    if ((chunkFlags & io::mcnk_flags::DoNotFixAlphaMap) == 0) {
        repeatLastShadowRowAndColumn(baked);
    }
    return baked;
}

Expected<BakeShadowsReport> bakeShadows(MapDocument& doc, const BakeShadowsSettings& settings,
                                        const BakeShadowsProgress& progress) {
    if (!validSun(settings.sun)) {
        return CoreError(CoreError::Code::Refused,
                         "the sun's elevation must be above 0 and at most 90 degrees");
    }
    BakeShadowsReport report;
    std::set<TileCoord> wanted(settings.tiles.begin(), settings.tiles.end());
    const bool wholeMap = wanted.empty();
    if (wholeMap) {
        for (int y = 0; y < kTilesPerSide; ++y) {
            for (int x = 0; x < kTilesPerSide; ++x) {
                if (doc.tileExists({x, y})) {
                    wanted.insert({x, y});
                }
            }
        }
    }
    for (auto it = wanted.begin(); it != wanted.end();) {
        const TileCoord t = *it;
        if (!doc.tileExists(t)) {
            return CoreError(CoreError::Code::NotInMap, "tile " + tileName(t) + " is not part of the map", t);
        }
        std::optional<CoreError> problem;
        if (auto loaded = doc.loadTile(t); !loaded) {
            problem = loaded.error();
        } else if (doc.tile(t)->chunks.size() != std::size_t(kChunksPerTile)) {
            problem = CoreError(CoreError::Code::BadTile,
                                "tile " + tileName(t) + " does not have 256 map chunks", t);
        }
        if (!problem) {
            ++it;
        } else if (wholeMap) {
            report.skipped.push_back(*problem);
            it = wanted.erase(it);
        } else {
            return *problem;
        }
    }

    NeighbourTiles tiles(doc);
    StrokeRecorder recorder(doc, CommandId::BakeShadows, QStringLiteral("Bake shadows"));
    const int total = int(wanted.size());
    for (const TileCoord t : wanted) {
        // The neighbourhood's highest vertex bounds how far a shadow can reach into the tile.
        std::map<TileCoord, const io::Adt*> around;
        double highest = tileHeightRange(*doc.tile(t)).max;
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                const TileCoord n{t.x + dx, t.y + dy};
                const io::Adt* adt = tiles.get(n);
                around[n] = adt;
                if (adt) {
                    highest = std::max(highest, tileHeightRange(*adt).max);
                }
            }
        }
        const int margin = shadowReach(tileHeightRange(*doc.tile(t)).min, highest, settings.sun);
        const ShadowField field = shadowFieldAround(t, margin, [&](TileCoord n) {
            const auto it = around.find(n);
            return it == around.end() ? nullptr : it->second;
        });
        const ShadowBaker baker(field, settings.sun);
        std::vector<ShadowMap> baked = bakeTileChunks(baker, margin);
        if (settings.models) {
            report.modelTexels +=
                bakeModelShadows(baked, t, around, *settings.models, settings.modelTextures, settings.sun);
        }
        int& changedHere = report.changedPerTile[t];
        for (int i = 0; i < kChunksPerTile; ++i) {
            const ChunkCoord c{t, i / kChunksPerSide, i % kChunksPerSide};
            const io::MapChunk& before = *doc.chunk(c);
            const ShadowMap map = finishChunkShadow(baked[std::size_t(i)], before.flags);
            ++report.chunks;
            const std::optional<ShadowMap> shown = shownShadow(before);
            const bool inUse = (before.flags & io::mcnk_flags::HasShadow) != 0 && before.shadow &&
                               before.shadow->size() == kShadowBytes;
            if (inUse && shown && *shown == map) {
                continue; // already exactly this
            }
            if (auto e = recorder.edit(c, dirty::Shadow)) {
                setShownShadow(*e, map);
            }
            ++report.chunksChanged;
            ++changedHere;
        }
        ++report.tiles;
        if (progress && !progress(report.tiles, total)) {
            recorder.cancel();
            return CoreError(CoreError::Code::Cancelled, "shadow bake cancelled");
        }
    }
    report.pushed = recorder.finish() != nullptr;
    report.unreadNeighbours = tiles.takeFailed();
    return report;
}

} // namespace mapsmith::core
