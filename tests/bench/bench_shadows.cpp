// Shadow bake of one tile (256 chunks, 64x64 rays each; core/kernels/shadow_kernel.h), one core. Kernel:
// the height field around the tile (margin from the sun and the heights), the max pyramid and every
// chunk's bits. Arguments: sun elevation and azimuth (degrees; 135 diagonal, 0 and 90 along an axis, 200
// in between). Corpus: continent4229.adt (real terrain, no neighbours); Hills: the middle of 3x3
// generated tiles, shadows crossing its borders (both on one thread). Edit: bakeShadows() on the middle tile
// (its chunks on up to 4 threads), undo step included (undone between iterations, untimed).

#include "core/document/map_document.h"
#include "core/edit/bake_shadows.h"
#include "core/kernels/shadow_field.h"
#include "core/kernels/shadow_kernel.h"
#include "io/adt/adt.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>

#include <benchmark/benchmark.h>

#include <utility>

namespace {

using namespace mapsmith;

const std::vector<core::TileCoord> kNine{{31, 31}, {32, 31}, {33, 31}, {31, 32}, {32, 32},
                                         {33, 32}, {31, 33}, {32, 33}, {33, 33}};

// Bakes tile `t` with the tiles `tileAt` has around it; returns the shadowed texel count.
int bakeTile(core::TileCoord t, const std::function<const io::Adt*(core::TileCoord)>& tileAt,
             const core::SunDirection& sun) {
    const io::Adt* adt = tileAt(t);
    double highest = core::tileHeightRange(*adt).max;
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            if (const io::Adt* n = tileAt({t.x + dx, t.y + dy})) {
                highest = std::max(highest, core::tileHeightRange(*n).max);
            }
        }
    }
    const int margin = core::shadowReach(core::tileHeightRange(*adt).min, highest, sun);
    const core::ShadowField field = core::shadowFieldAround(t, margin, tileAt);
    const core::ShadowBaker baker(field, sun);
    int shadowed = 0;
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        const core::ShadowMap map = baker.bakeChunk(margin + (i % 16) * 8, margin + (i / 16) * 8);
        for (const auto byte : map) {
            shadowed += std::popcount(unsigned(byte));
        }
    }
    return shadowed;
}

void BM_ShadowBakeCorpusTile(benchmark::State& state) {
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
    if (!read) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    const io::Adt adt = std::move(read->adt);
    const core::TileCoord t{42, 29};
    const core::SunDirection sun{double(state.range(1)), double(state.range(0))};
    const auto tileAt = [&](core::TileCoord c) { return c == t ? &adt : nullptr; };
    int shadowed = 0;
    for (auto _ : state) {
        shadowed = bakeTile(t, tileAt, sun);
        benchmark::DoNotOptimize(shadowed);
    }
    state.counters["shadowed%"] = 100.0 * shadowed / (256.0 * 4096.0);
}
// {elevation, azimuth}: the diagonal sun at three elevations, then low suns along and between the axes.
void sunCases(benchmark::internal::Benchmark* b) {
    b->ArgNames({"elev", "az"});
    for (const auto& [elevation, azimuth] :
         {std::pair{45, 135}, {20, 135}, {10, 135}, {10, 0}, {10, 90}, {10, 200}}) {
        b->Args({elevation, azimuth});
    }
}
BENCHMARK(BM_ShadowBakeCorpusTile)->Apply(sunCases)->Unit(benchmark::kMillisecond);

void BM_ShadowBakeHillsTile(benchmark::State& state) {
    auto doc = tests::hillsMap(kNine);
    const core::SunDirection sun{double(state.range(1)), double(state.range(0))};
    const auto tileAt = [&](core::TileCoord c) { return doc->tile(c); };
    int shadowed = 0;
    for (auto _ : state) {
        shadowed = bakeTile({32, 32}, tileAt, sun);
        benchmark::DoNotOptimize(shadowed);
    }
    state.counters["shadowed%"] = 100.0 * shadowed / (256.0 * 4096.0);
}
BENCHMARK(BM_ShadowBakeHillsTile)->Apply(sunCases)->Unit(benchmark::kMillisecond);

void BM_BakeShadowsEditHillsTile(benchmark::State& state) {
    auto doc = tests::hillsMap(kNine);
    core::BakeShadowsSettings settings;
    settings.sun = {135.0, 30.0};
    settings.tiles = {{32, 32}};
    for (auto _ : state) {
        auto report = core::bakeShadows(*doc, settings);
        benchmark::DoNotOptimize(report);
        state.PauseTiming();
        doc->undoStack()->undo();
        state.ResumeTiming();
    }
}
BENCHMARK(BM_BakeShadowsEditHillsTile)->Unit(benchmark::kMillisecond);

} // namespace
