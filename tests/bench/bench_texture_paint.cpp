// Texture painting costs: one alpha dab of radius 25 yd on the corner of four tiles through
// TexturePaintStroke (target <= 0.3 ms), the pure kernel alone, and the per-chunk write-back helpers.

#include "core/document/map_document.h"
#include "core/edit/texture_paint.h"
#include "core/kernels/alpha_kernels.h"
#include "support/memory_map.h"

#include <benchmark/benchmark.h>

#include <memory>

using namespace mapsmith;

namespace {

const std::vector<core::TileCoord> kTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
constexpr int kDabsPerStroke = 32; // strokes restart (untimed) so the dabs keep changing pixels

core::TexturePaintSettings paint25(const std::string& texture) {
    core::TexturePaintSettings s;
    s.texture = texture;
    s.brush.radius = 25.0;
    s.brush.strength = 0.3;
    return s;
}

// Dabs wandering around the four-tile corner; every 32 dabs the stroke is cancelled and restarted
// outside the timing, so the measured dabs include first touches (snapshots, new layers) 1 in 32.
void runCornerDabs(benchmark::State& state, const std::string& texture) {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    auto stroke = std::make_unique<core::TexturePaintStroke>(*doc, paint25(texture));
    int i = 0;
    for (auto _ : state) {
        stroke->dab(corner + glm::dvec2((i % 8) * 0.7 - 2.5, (i % 5) * 0.9 - 2.0));
        if (++i % kDabsPerStroke == 0) {
            state.PauseTiming();
            stroke->cancel();
            stroke = std::make_unique<core::TexturePaintStroke>(*doc, paint25(texture));
            state.ResumeTiming();
        }
    }
    state.counters["chunks"] = double(stroke->touchedChunks());
    stroke->cancel();
}

void BM_AlphaDabFourTilesExisting(benchmark::State& state) {
    runCornerDabs(state, "Tileset\\Elwynn\\ElwynnRockBase.blp");
}
BENCHMARK(BM_AlphaDabFourTilesExisting)->Unit(benchmark::kMicrosecond);

void BM_AlphaDabFourTilesNewTexture(benchmark::State& state) {
    runCornerDabs(state, "Tileset\\Test\\Bench.blp"); // adds a layer (and MTEX entry) per stroke
}
BENCHMARK(BM_AlphaDabFourTilesNewTexture)->Unit(benchmark::kMicrosecond);

// The first dab of a stroke: snapshots of the 4 chunks, float weights loaded, layer added.
void BM_AlphaFirstDabOfStroke(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    for (auto _ : state) {
        core::TexturePaintStroke stroke(*doc, paint25("Tileset\\Test\\Bench.blp"));
        stroke.dab(corner);
        state.PauseTiming();
        stroke.cancel();
        state.ResumeTiming();
    }
}
BENCHMARK(BM_AlphaFirstDabOfStroke)->Unit(benchmark::kMicrosecond);

std::unique_ptr<core::ChunkWeights> halfWeights() {
    auto w = std::make_unique<core::ChunkWeights>();
    w->layerCount = 4;
    w->layer[0].fill(0.4f);
    w->layer[1].fill(0.3f);
    w->layer[2].fill(0.2f);
    w->layer[3].fill(0.1f);
    return w;
}

// The kernel alone on one chunk: radius 25 yd centred on the chunk (~3,000 of its 4,096 pixels), and on
// its corner (the quarter disc one chunk gets from the four-tile dab).
void BM_AlphaKernelChunkCentre(benchmark::State& state) {
    auto w = halfWeights();
    const glm::dvec2 origin = core::chunkOrigin({{32, 32}, 5, 5});
    core::BrushSettings brush;
    brush.radius = 25.0;
    brush.strength = 1e-4; // never saturates: every iteration does the full work
    const core::AlphaDab dab{origin - glm::dvec2(core::kChunkSize / 2.0), origin, 2, false};
    for (auto _ : state) {
        benchmark::DoNotOptimize(core::applyAlphaDab(brush, dab, *w));
    }
}
BENCHMARK(BM_AlphaKernelChunkCentre)->Unit(benchmark::kMicrosecond);

void BM_AlphaKernelFourCorners(benchmark::State& state) {
    std::array<std::unique_ptr<core::ChunkWeights>, 4> w{halfWeights(), halfWeights(), halfWeights(),
                                                         halfWeights()};
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    const std::array<core::ChunkCoord, 4> chunks{
        core::ChunkCoord{{32, 32}, 15, 15}, core::ChunkCoord{{33, 32}, 15, 0},
        core::ChunkCoord{{32, 33}, 0, 15}, core::ChunkCoord{{33, 33}, 0, 0}};
    core::BrushSettings brush;
    brush.radius = 25.0;
    brush.strength = 1e-4;
    for (auto _ : state) {
        for (std::size_t i = 0; i < 4; ++i) {
            benchmark::DoNotOptimize(
                core::applyAlphaDab(brush, {corner, core::chunkOrigin(chunks[i]), 2, false}, *w[i]));
        }
    }
}
BENCHMARK(BM_AlphaKernelFourCorners)->Unit(benchmark::kMicrosecond);

void BM_AlphaFromWeightsChunk(benchmark::State& state) {
    auto w = halfWeights();
    std::array<io::AlphaMap, 3> maps{};
    std::array<io::AlphaMap*, 3> out{&maps[0], &maps[1], &maps[2]};
    for (auto _ : state) {
        maps[0][0] ^= 1; // keep at least one pixel different so nothing is skipped trivially
        core::alphaFromWeights(*w, core::kWholeAlphaMap, 255, out);
        benchmark::DoNotOptimize(maps);
    }
}
BENCHMARK(BM_AlphaFromWeightsChunk)->Unit(benchmark::kMicrosecond);

void BM_LowQualityMapChunk(benchmark::State& state) {
    auto w = halfWeights();
    for (auto _ : state) {
        benchmark::DoNotOptimize(core::lowQualityTextureMap(*w));
    }
}
BENCHMARK(BM_LowQualityMapChunk)->Unit(benchmark::kMicrosecond);

} // namespace
