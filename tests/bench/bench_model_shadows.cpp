// Model shadows in the bake: the corpus tile continent4229 carrying 380 rabbits and 20 troll tents
// (tests/support/populated_tile.h), their opaque triangles cast into the tile's 1024 x 1024 MCSH texels for
// a sun at 135 degrees, 35 up (core/edit/model_shadows.h: gathering, projecting and binning the triangles,
// then one lookup per texel). Meshes are read before timing.

#include "core/edit/model_shadows.h"
#include "core/kernels/chunk_brushes.h"
#include "core/render/minimap_model_scene.h"
#include "support/populated_tile.h"

#include <benchmark/benchmark.h>

#include <map>
#include <vector>

namespace {

using namespace mapsmith;

void BM_ModelShadowsTile(benchmark::State& state) {
    auto s = tests::populatedTile();
    if (!s) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    const std::map<core::TileCoord, const io::Adt*> around{{tests::kPopulatedTile, &s->tile}};
    const auto textures = core::minimapModelTextures(s->cache);
    (void)core::minimapModelScene(s->tile, *s->library); // meshes read once
    int texels = 0;
    for (auto _ : state) {
        std::vector<core::ShadowMap> maps(std::size_t(core::kChunksPerTile), core::ShadowMap{});
        texels =
            core::bakeModelShadows(maps, tests::kPopulatedTile, around, *s->library, textures, {135.0, 35.0});
        benchmark::DoNotOptimize(maps);
    }
    state.counters["texels"] = texels;
}
BENCHMARK(BM_ModelShadowsTile)->Unit(benchmark::kMillisecond);

} // namespace
