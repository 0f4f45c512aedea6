// Minimap speed: render one real tile top-down on the CPU (corpus continent4229: 4-bit alpha maps over
// up to four layers per chunk, MH2O, a chunk with holes) at 256 and 512 px, its layer textures prepared
// beforehand (Mapsmith's stand-ins: no game data), and encode the 256 px image as the DXT1 BLP2 with mips
// that the client reads; and the same tile with a few hundred placed models (see namespace models below).

#include "core/models/model_library.h"
#include "core/render/layer_images.h"
#include "core/render/minimap_export.h"
#include "core/render/minimap_model_scene.h"
#include "core/render/minimap_models.h"
#include "core/render/minimap_renderer.h"
#include "core/render/terrain_samples.h"
#include "io/adt/adt.h"
#include "io/assets/texture_cache.h"
#include "support/populated_tile.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

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
// lacks their files), so the tile carries 380 corpus rabbits and 20 troll tents instead
// (tests/support/populated_tile.h).
namespace {
namespace models {

using namespace mapsmith;

void BM_MinimapModelsRaster(benchmark::State& state) {
    auto s = tests::populatedTile();
    if (!s) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    const core::TileCoord coord = tests::kPopulatedTile;
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
    auto s = tests::populatedTile();
    if (!s) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    const core::TileCoord coord = tests::kPopulatedTile;
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
