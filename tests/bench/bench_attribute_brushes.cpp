// Chunk-attribute brush dabs (holes, vertex colours, shadow, area id, impassable) of radius 25 yd on the
// corner of four tiles. Toggle: every iteration is two dabs that both change the chunks (apply, then
// revert, through two live strokes); the "dab" counter is the time per dab. Repeat: the same dab again,
// nothing left to change (the common case inside a stroke).

#include "core/document/map_document.h"
#include "core/edit/attribute_strokes.h"
#include "support/memory_map.h"

#include <benchmark/benchmark.h>

using namespace mapsmith;

namespace {

const std::vector<core::TileCoord> kTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
constexpr double kRadius = 25.0;

core::BrushSettings disc() {
    core::BrushSettings b;
    b.radius = kRadius;
    return b;
}

// Alternates dabs of `apply` and `revert` at the corner; the first dab of each (snapshots) is untimed.
void toggle(benchmark::State& state, core::AttributeStroke& apply, core::AttributeStroke& revert) {
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    apply.dab(corner);
    revert.dab(corner);
    for (auto _ : state) {
        apply.dab(corner);
        revert.dab(corner);
    }
    state.counters["dab"] = benchmark::Counter(2.0 * double(state.iterations()),
                                               benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
    state.counters["chunks"] = double(apply.touchedChunks());
}

void repeat(benchmark::State& state, core::AttributeStroke& stroke) {
    const glm::dvec2 corner = core::tileOrigin({33, 33});
    stroke.dab(corner);
    for (auto _ : state) {
        stroke.dab(corner);
    }
    state.counters["chunks"] = double(stroke.touchedChunks());
}

void BM_HoleDabToggleFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::HoleStroke cut(*doc, {disc(), core::HoleMode::Cut, false});
    core::HoleStroke fill(*doc, {disc(), core::HoleMode::Remove, false});
    toggle(state, cut, fill);
}
BENCHMARK(BM_HoleDabToggleFourTiles)->Unit(benchmark::kMicrosecond);

void BM_HoleDabHighResToggleFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::HoleStroke cut(*doc, {disc(), core::HoleMode::Cut, true});
    core::HoleStroke fill(*doc, {disc(), core::HoleMode::Remove, true});
    toggle(state, cut, fill);
}
BENCHMARK(BM_HoleDabHighResToggleFourTiles)->Unit(benchmark::kMicrosecond);

void BM_VertexColourDabToggleFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::VertexColourBrushSettings paint{disc()};
    paint.colour = core::packBgra(0xFF, 0x40, 0x20);
    core::VertexColourBrushSettings erase = paint;
    erase.mode = core::ColourMode::Erase;
    core::VertexColourStroke a(*doc, paint);
    core::VertexColourStroke b(*doc, erase);
    toggle(state, a, b);
}
BENCHMARK(BM_VertexColourDabToggleFourTiles)->Unit(benchmark::kMicrosecond);

void BM_ShadowDabToggleFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::ShadowStroke paint(*doc, {disc(), true});
    core::ShadowStroke clear(*doc, {disc(), false});
    toggle(state, paint, clear);
}
BENCHMARK(BM_ShadowDabToggleFourTiles)->Unit(benchmark::kMicrosecond);

void BM_AreaIdDabToggleFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::AreaIdStroke a(*doc, {disc(), 1, core::ChunkPick::Overlap});
    core::AreaIdStroke b(*doc, {disc(), 2, core::ChunkPick::Overlap});
    toggle(state, a, b);
}
BENCHMARK(BM_AreaIdDabToggleFourTiles)->Unit(benchmark::kMicrosecond);

void BM_ImpassableDabToggleFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::ImpassableStroke set(*doc, {disc(), true, core::ChunkPick::Overlap});
    core::ImpassableStroke clear(*doc, {disc(), false, core::ChunkPick::Overlap});
    toggle(state, set, clear);
}
BENCHMARK(BM_ImpassableDabToggleFourTiles)->Unit(benchmark::kMicrosecond);

void BM_HoleDabRepeatFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::HoleStroke s(*doc, {disc(), core::HoleMode::Cut, false});
    repeat(state, s);
}
BENCHMARK(BM_HoleDabRepeatFourTiles)->Unit(benchmark::kMicrosecond);

void BM_VertexColourDabRepeatFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::VertexColourBrushSettings paint{disc()};
    paint.brush.falloff = core::Falloff::Flat; // the first dab reaches the target everywhere
    core::VertexColourStroke s(*doc, paint);
    repeat(state, s);
}
BENCHMARK(BM_VertexColourDabRepeatFourTiles)->Unit(benchmark::kMicrosecond);

void BM_ShadowDabRepeatFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::ShadowStroke s(*doc, {disc(), true});
    repeat(state, s);
}
BENCHMARK(BM_ShadowDabRepeatFourTiles)->Unit(benchmark::kMicrosecond);

void BM_AreaIdDabRepeatFourTiles(benchmark::State& state) {
    auto doc = tests::hillsMap(kTiles);
    core::AreaIdStroke s(*doc, {disc(), 1, core::ChunkPick::Overlap});
    repeat(state, s);
}
BENCHMARK(BM_AreaIdDabRepeatFourTiles)->Unit(benchmark::kMicrosecond);

} // namespace
