// Liquid editing costs on the corner of four tiles (radius 25 yd): the first add-liquid dab of a stroke
// (rasters, new instances, attributes, first-touch snapshots), the first set-height (plane) dab on
// existing water (the cancel that restores the map is not timed in either), and the raster round trip
// of one full-chunk instance.

#include "core/document/map_document.h"
#include "core/edit/liquid_edit.h"
#include "core/kernels/liquid_raster.h"
#include "support/memory_map.h"

#include <benchmark/benchmark.h>

using namespace mapsmith;

namespace {

const std::vector<core::TileCoord> kTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};

core::LiquidSettings lake25() {
    core::LiquidSettings s;
    s.brush.radius = 25.0;
    s.mode = core::LiquidMode::Add;
    s.liquidType = core::liquid_type::Water;
    s.height = 30.0;
    return s;
}

void BM_LiquidAddDabFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    std::size_t chunks = 0;
    for (auto _ : state) {
        core::LiquidStroke stroke(*doc, lake25());
        stroke.dab(corner);
        state.PauseTiming();
        chunks = stroke.touchedChunks();
        stroke.cancel();
        state.ResumeTiming();
    }
    state.counters["chunks"] = double(chunks);
}
BENCHMARK(BM_LiquidAddDabFourTiles)->Unit(benchmark::kMicrosecond);

void BM_LiquidSetHeightDabFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    {
        core::LiquidStroke add(*doc, lake25());
        add.dab(corner);
        add.finish();
    }
    core::LiquidSettings s = lake25();
    s.mode = core::LiquidMode::SetHeight;
    s.heightMode = core::LiquidHeightMode::Plane;
    s.angle = 5.0;
    for (auto _ : state) {
        s.orientation += 1.0; // a different plane each time: every vertex under the brush changes
        core::LiquidStroke stroke(*doc, s);
        stroke.dab(corner);
        state.PauseTiming();
        stroke.cancel();
        state.ResumeTiming();
    }
}
BENCHMARK(BM_LiquidSetHeightDabFourTiles)->Unit(benchmark::kMicrosecond);

void BM_LiquidRasterRoundTrip(benchmark::State& state) {
    io::LiquidInstance in;
    in.liquidType = core::liquid_type::Water;
    in.vertexFormat = io::LiquidVertexFormat::HeightDepth;
    in.heights.assign(81, 12.0f);
    in.depths.assign(81, 40);
    in.existsBitmap = std::vector<std::uint8_t>(8, 0xEF);
    for (auto _ : state) {
        auto out = core::toInstance(core::toRaster(in));
        benchmark::DoNotOptimize(out);
    }
}
BENCHMARK(BM_LiquidRasterRoundTrip)->Unit(benchmark::kMicrosecond);

} // namespace
