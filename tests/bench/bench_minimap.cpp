// Minimap speed: render one real tile top-down on the CPU (corpus continent4229: 4-bit alpha maps over
// up to four layers per chunk, MH2O, a chunk with holes) at 256 and 512 px, its layer textures prepared
// beforehand (Mapsmith's stand-ins: no game data), and encode the 256 px image as the DXT1 BLP2 with mips
// that the client reads; and the same tile with a few hundred placed models (see namespace models below).

#include "core/geometry/object_model.h"
#include "core/models/model_library.h"
#include "core/render/layer_images.h"
#include "core/render/minimap_export.h"
#include "core/render/minimap_model_scene.h"
#include "core/render/minimap_models.h"
#include "core/render/minimap_renderer.h"
#include "core/render/terrain_samples.h"
#include "io/adt/adt.h"
#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"
#include "support/memory_asset_source.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <cmath>
#include <optional>

namespace {

using namespace mapsmith;

std::optional<io::Adt> corpusTile() {
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
    return read ? std::optional<io::Adt>(std::move(read->adt)) : std::nullopt;
}

void BM_MinimapRenderTile(benchmark::State& state) {
    const auto tile = corpusTile();
    if (!tile) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    core::MinimapSettings settings;
    settings.size = int(state.range(0));
    core::LayerImages textures(nullptr, core::minimapTextureSide(settings));
    (void)core::renderMinimap(*tile, textures, settings); // textures prepared once
    for (auto _ : state) {
        QImage image = core::renderMinimap(*tile, textures, settings);
        benchmark::DoNotOptimize(image);
    }
    state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_MinimapRenderTile)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

void BM_MinimapEncodeBlp(benchmark::State& state) {
    const auto tile = corpusTile();
    if (!tile) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    core::MinimapSettings settings;
    core::LayerImages textures(nullptr, core::minimapTextureSide(settings));
    const QImage image = core::renderMinimap(*tile, textures, settings);
    for (auto _ : state) {
        auto blp = core::encodeMinimapBlp(image);
        benchmark::DoNotOptimize(blp);
        if (blp.empty()) {
            state.SkipWithError("encode failed");
            break;
        }
    }
}
BENCHMARK(BM_MinimapEncodeBlp)->Unit(benchmark::kMillisecond);

} // namespace

// Placed models on the minimap: continent4229's own 381 doodads and 19 WMOs cannot be drawn (the corpus
// lacks their files), so the tile's placements are replaced by 380 corpus rabbits (scale 1-4) and 20 troll
// tents spread over it on the ground, served from memory with solid BLPs for the tent's textures.
namespace {
namespace models {

using namespace mapsmith;

struct Scene {
    io::Adt tile;
    std::shared_ptr<core::ModelLibrary> library;
    std::shared_ptr<io::TextureCache> cache;
};

std::vector<std::byte> solidBlp(std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    io::BlpImage im;
    im.width = im.height = 64;
    std::vector<std::uint8_t> px(std::size_t(64) * 64 * 4);
    for (std::size_t i = 0; i < px.size(); i += 4) {
        px[i] = r;
        px[i + 1] = g;
        px[i + 2] = b;
        px[i + 3] = 255;
    }
    im.mips.push_back(std::move(px));
    return io::writeBlp2(im, io::BlpWriteFormat::Dxt1);
}

std::optional<Scene> populated() {
    auto tile = corpusTile();
    if (!tile) {
        return std::nullopt;
    }
    auto source = std::make_shared<test::MemoryAssetSource>();
    for (const auto& [path, file] : {std::pair{"World\\Bench\\TrollTent.wmo", "trolltent.wmo"},
                                     std::pair{"World\\Bench\\TrollTent_000.wmo", "trolltent_000.wmo"},
                                     std::pair{"World\\Bench\\Rabbit.m2", "Rabbit.m2"},
                                     std::pair{"World\\Bench\\Rabbit00.skin", "Rabbit00.skin"}}) {
        source->add(path, tests::readBytes(tests::corpusPath(std::string("models/") + file)));
    }
    source->add("DUNGEONS\\TEXTURES\\ROOF\\BM_TROLL_KOTOSKIN01.BLP", solidBlp(150, 60, 40));
    source->add("DUNGEONS\\TEXTURES\\WOOD\\BM_TROLL_SUPPORTS01.BLP", solidBlp(90, 70, 40));
    source->add("DUNGEONS\\TEXTURES\\TRIM\\BM_TROLL_TRIM01.BLP", solidBlp(200, 180, 120));
    Scene s{std::move(*tile), std::make_shared<core::ModelLibrary>(source),
            std::make_shared<io::TextureCache>()};
    s.cache->setSource(source);
    const core::TileCoord coord{42, 29};
    const std::vector<float> ground = core::terrainSampleHeights(s.tile);
    s.tile.modelNames = {"World\\Bench\\Rabbit.m2"};
    s.tile.wmoNames = {"World\\Bench\\TrollTent.wmo"};
    s.tile.doodads.clear();
    s.tile.mapObjects.clear();
    const glm::dvec2 origin = core::tileOrigin(coord);
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

void BM_MinimapModelsRaster(benchmark::State& state) {
    auto s = populated();
    if (!s) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    const core::TileCoord coord{42, 29};
    const auto scene = core::minimapModelScene(s->tile, *s->library);
    const auto textures = core::minimapModelTextures(s->cache);
    const core::TerrainLook look;
    for (auto _ : state) {
        const std::vector<float> ground = core::terrainSampleHeights(s->tile);
        auto layer = core::rasterizeMinimapModels(coord, scene.models, ground, textures, look);
        benchmark::DoNotOptimize(layer);
    }
    state.counters["placements"] = double(scene.placementsDrawn);
}
BENCHMARK(BM_MinimapModelsRaster)->Unit(benchmark::kMillisecond);

// The whole tile as minimap_export renders it with models (meshes read once, before the loop).
void BM_MinimapRenderTileWithModels(benchmark::State& state) {
    auto s = populated();
    if (!s) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    const core::TileCoord coord{42, 29};
    core::MinimapSettings settings;
    settings.size = int(state.range(0));
    core::LayerImages layers(nullptr, core::minimapTextureSide(settings));
    const auto textures = core::minimapModelTextures(s->cache);
    (void)core::minimapModelScene(s->tile, *s->library);  // meshes read once
    (void)core::renderMinimap(s->tile, layers, settings); // layer textures prepared once
    for (auto _ : state) {
        const auto scene = core::minimapModelScene(s->tile, *s->library);
        const std::vector<float> ground = core::terrainSampleHeights(s->tile);
        const auto layer = core::rasterizeMinimapModels(coord, scene.models, ground, textures, settings.look);
        QImage image = core::renderMinimap(s->tile, layers, settings, &layer);
        benchmark::DoNotOptimize(image);
    }
}
BENCHMARK(BM_MinimapRenderTileWithModels)->Arg(256)->Arg(512)->Unit(benchmark::kMillisecond);

} // namespace models
} // namespace
