#pragma once
// The corpus tile continent4229 with a few hundred placed models the corpus can supply (its own 381 doodads
// and 19 WMOs are not in the corpus): 380 rabbits (scale 1-4) and 20 troll tents spread over it on the
// ground, served from memory with solid BLPs for the tent's textures. For the benchmarks of the minimap
// models and the model shadows.

#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "core/models/model_library.h"
#include "core/render/terrain_samples.h"
#include "io/adt/adt.h"
#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"
#include "support/memory_asset_source.h"
#include "support/test_blp.h"
#include "support/test_files.h"

#include <algorithm>
#include <cmath>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

namespace mapsmith::tests {

inline constexpr core::TileCoord kPopulatedTile{42, 29};

struct PopulatedTile {
    io::Adt tile;
    std::shared_ptr<core::ModelLibrary> library;
    std::shared_ptr<io::TextureCache> cache;
};

// nullopt when the corpus tile cannot be read.
inline std::optional<PopulatedTile> populatedTile() {
    auto read = io::readAdt(readBytes(corpusPath("adt/continent4229.adt")));
    if (!read) {
        return std::nullopt;
    }
    auto source = std::make_shared<test::MemoryAssetSource>();
    for (const auto& [path, file] : {std::pair{"World\\Bench\\TrollTent.wmo", "trolltent.wmo"},
                                     std::pair{"World\\Bench\\TrollTent_000.wmo", "trolltent_000.wmo"},
                                     std::pair{"World\\Bench\\Rabbit.m2", "Rabbit.m2"},
                                     std::pair{"World\\Bench\\Rabbit00.skin", "Rabbit00.skin"}}) {
        source->add(path, readBytes(corpusPath(std::string("models/") + file)));
    }
    source->add("DUNGEONS\\TEXTURES\\ROOF\\BM_TROLL_KOTOSKIN01.BLP",
                test::solidBlp(QColor(150, 60, 40), io::BlpWriteFormat::Dxt1));
    source->add("DUNGEONS\\TEXTURES\\WOOD\\BM_TROLL_SUPPORTS01.BLP",
                test::solidBlp(QColor(90, 70, 40), io::BlpWriteFormat::Dxt1));
    source->add("DUNGEONS\\TEXTURES\\TRIM\\BM_TROLL_TRIM01.BLP",
                test::solidBlp(QColor(200, 180, 120), io::BlpWriteFormat::Dxt1));
    PopulatedTile s{std::move(read->adt), std::make_shared<core::ModelLibrary>(source),
                    std::make_shared<io::TextureCache>()};
    s.cache->setSource(source);
    const std::vector<float> ground = core::terrainSampleHeights(s.tile);
    s.tile.modelNames = {"World\\Bench\\Rabbit.m2"};
    s.tile.wmoNames = {"World\\Bench\\TrollTent.wmo"};
    s.tile.doodads.clear();
    s.tile.mapObjects.clear();
    const glm::dvec2 origin = core::tileOrigin(kPopulatedTile);
    std::uint32_t id = 1;
    const auto at = [&](int i, int n) {
        // A deterministic spread: golden-ratio steps over the tile, on the ground.
        const double u = std::fmod(0.5 + i * 0.6180339887, 1.0);
        const double v = (i + 0.5) / n;
        const int col = std::min(core::kTileSamples - 1, int(u * core::kTileSamples));
        const int row = std::min(core::kTileSamples - 1, int(v * core::kTileSamples));
        const float z = ground[std::size_t(row) * core::kTileSamples + std::size_t(col)];
        const double worldX = origin.x - v * core::kTileSize;
        const double worldY = origin.y - u * core::kTileSize;
        return core::toVec3f(core::worldToPlacement({worldX, worldY, std::isfinite(z) ? z : 0.0f}));
    };
    for (int i = 0; i < 380; ++i) {
        io::DoodadPlacement d;
        d.uniqueId = id++;
        d.position = at(i, 380);
        d.rotation = {0.0f, float(i * 37 % 360), 0.0f};
        d.scale = core::scaleFromFactor(1.0 + (i % 4));
        s.tile.doodads.push_back(d);
    }
    for (int i = 0; i < 20; ++i) {
        io::MapObjectPlacement w;
        w.uniqueId = id++;
        w.position = at(i * 19 + 7, 380);
        w.rotation = {0.0f, float(i * 53 % 360), 0.0f};
        s.tile.mapObjects.push_back(w);
    }
    return s;
}

} // namespace mapsmith::tests
