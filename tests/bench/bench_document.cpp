// Document-level editing costs: one height dab of radius 25 yd on the corner of four tiles, normals
// included (target <= 0.3 ms); undo and redo of a 1,000-dab stroke (target <= 5 ms).

#include "core/document/map_document.h"
#include "core/edit/height_stroke.h"
#include "support/memory_map.h"

#include <QUndoStack>
#include <benchmark/benchmark.h>

using namespace mapsmith;

namespace {

const std::vector<core::TileCoord> kTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};

core::HeightBrushSettings raise25() {
    core::HeightBrushSettings s;
    s.brush.radius = 25.0;
    s.brush.strength = 0.01;
    s.mode = core::HeightMode::RaiseLower;
    return s;
}

void BM_HeightDabFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    core::HeightStroke stroke(*doc, raise25());
    stroke.dab(corner); // first touches (snapshots) happen once per stroke
    for (auto _ : state) {
        stroke.dab(corner);
    }
    state.counters["chunks"] = double(stroke.touchedChunks());
    stroke.finish();
}
BENCHMARK(BM_HeightDabFourTiles)->Unit(benchmark::kMicrosecond);

void BM_HeightDabSmoothFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    auto s = raise25();
    s.mode = core::HeightMode::Smooth;
    s.brush.strength = 0.5;
    core::HeightStroke stroke(*doc, s);
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    stroke.dab(corner);
    for (auto _ : state) {
        stroke.dab(corner);
    }
    stroke.finish();
}
BENCHMARK(BM_HeightDabSmoothFourTiles)->Unit(benchmark::kMicrosecond);

// A 1,000-dab stroke across the four-tile corner, then undo/redo of it.
void BM_UndoRedo1000DabStroke(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::HeightStroke stroke(*doc, raise25());
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    for (int i = 0; i < 1000; ++i) {
        stroke.dab(corner + glm::dvec2(std::sin(i * 0.02) * 60.0, std::cos(i * 0.013) * 60.0));
    }
    const auto* cmd = stroke.finish();
    state.counters["chunks"] = double(cmd ? cmd->chunkCount() : 0);
    state.counters["snapshotKiB"] = double(cmd ? cmd->memoryBytes() : 0) / 1024.0;
    for (auto _ : state) {
        doc->undoStack()->undo();
        doc->undoStack()->redo();
    }
}
BENCHMARK(BM_UndoRedo1000DabStroke)->Unit(benchmark::kMillisecond);

// The end of a stroke: compressing before/after snapshots of the touched chunks.
void BM_FinishStroke(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    for (auto _ : state) {
        core::HeightStroke stroke(*doc, raise25());
        for (int i = 0; i < 20; ++i) {
            stroke.dab(corner + glm::dvec2(i * 3.0, 0.0));
        }
        stroke.finish();
    }
}
BENCHMARK(BM_FinishStroke)->Unit(benchmark::kMillisecond);

} // namespace
