// File > Import / Export of terrain over an open document (core/edit/terrain_import.h,
// core/document/block_heights.h, core/convert/terrain_block.h), one core, a block of 2 x 2 generated hill
// tiles (257 x 257 vertices). Import: a heightmap's grid set on the block as one undo step, snapshots and
// the compared chunks included (undone between iterations, untimed). Sample: the block's heights from
// the document. Png / Hmp5: the block's bytes as File > Export and mapsmith-cli write them.

#include "core/convert/heightmap_image.h"
#include "core/convert/terrain_block.h"
#include "core/document/block_heights.h"
#include "core/document/map_document.h"
#include "core/edit/terrain_import.h"
#include "support/memory_map.h"

#include <QUndoStack>

#include <benchmark/benchmark.h>

#include <cmath>

namespace {

using namespace mapsmith;

const core::TileBlock kBlock{{32, 32}, 2, 2};
const std::vector<core::TileCoord> kTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};

// Ripples over the block, 0..100 yards.
core::HeightGrid ripples() {
    core::HeightGrid grid;
    grid.width = kBlock.latticeWidth();
    grid.height = kBlock.latticeHeight();
    for (int y = 0; y < grid.height; ++y) {
        for (int x = 0; x < grid.width; ++x) {
            grid.values.push_back(float(50.0 + 50.0 * std::sin(x * 0.05) * std::cos(y * 0.07)));
        }
    }
    return grid;
}

void BM_TerrainImportBlock(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    const core::TerrainImport import{ripples(), {}, std::nullopt};
    for (auto _ : state) {
        auto report = core::importTerrain(*doc, kBlock, import, QStringLiteral("Import heightmap"));
        benchmark::DoNotOptimize(report);
        state.PauseTiming();
        doc->undoStack()->undo();
        state.ResumeTiming();
    }
    state.counters["tiles"] = double(kTiles.size());
}
BENCHMARK(BM_TerrainImportBlock)->Unit(benchmark::kMillisecond);

void BM_TerrainSampleBlock(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    for (auto _ : state) {
        auto grid = core::sampleDocumentBlock(*doc, kBlock);
        benchmark::DoNotOptimize(grid);
    }
}
BENCHMARK(BM_TerrainSampleBlock)->Unit(benchmark::kMillisecond);

void BM_TerrainExportPng(benchmark::State& state) {
    const core::HeightGrid grid = ripples();
    const core::HeightRange range = core::heightmapExportRange(grid, {});
    for (auto _ : state) {
        auto png = core::encodeHeightmapPng(grid, range);
        benchmark::DoNotOptimize(png);
    }
}
BENCHMARK(BM_TerrainExportPng)->Unit(benchmark::kMillisecond);

void BM_TerrainExportHmp5(benchmark::State& state) {
    const core::HeightGrid grid = ripples();
    for (auto _ : state) {
        auto hmp = core::encodeBlockHmp5(grid);
        benchmark::DoNotOptimize(hmp);
    }
}
BENCHMARK(BM_TerrainExportHmp5)->Unit(benchmark::kMillisecond);

} // namespace
