// One height dab (radius 25 yd, smooth falloff, hardness 0.5) per mode over a 2x2-tile area (32x32
// chunks around the map centre). "Kernel" times applyHeightDab alone on the vertices of the chunks the
// dab's bounding box touches (already gathered); "Dab" adds the realistic gathering of those chunks'
// positions and heights into arrays and the scatter back, cycling over 64 dab centres. Time per
// iteration = time per dab. Smooth samples a snapshot (bilinear over the outer vertex grid) through
// DabContext::heightBefore, as the editor will.

#include "core/geometry/coords.h"
#include "core/kernels/height_kernels.h"

#include <benchmark/benchmark.h>

#include <glm/geometric.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <random>
#include <vector>

namespace {

using namespace mapsmith::core;

constexpr int kFirstChunk = 496; // global chunk index of the area's north-west chunk (tile 31, 31)
constexpr int kAreaChunks = 32;  // 2x2 tiles
constexpr int kAreaOuter = kAreaChunks * 8 + 1; // outer vertices per side
constexpr double kRadius = 25.0;                // yards

struct Area {
    // Per chunk (row-major over the area): 145 positions and absolute heights.
    std::vector<std::array<glm::dvec2, kVerticesPerChunk>> positions;
    std::vector<std::array<float, kVerticesPerChunk>> heights;

    Area() : positions(kAreaChunks * kAreaChunks), heights(kAreaChunks * kAreaChunks) {
        for (int cy = 0; cy < kAreaChunks; ++cy) {
            for (int cx = 0; cx < kAreaChunks; ++cx) {
                const ChunkCoord c = fromGlobal({kFirstChunk + cx, kFirstChunk + cy});
                const int k = cy * kAreaChunks + cx;
                for (int v = 0; v < kVerticesPerChunk; ++v) {
                    const glm::dvec2 p = vertexPosition(c, v);
                    positions[std::size_t(k)][std::size_t(v)] = p;
                    heights[std::size_t(k)][std::size_t(v)] =
                        float(40.0 + 30.0 * valueNoise(99, p / 150.0) + 3.0 * valueNoise(7, p / 9.0));
                }
            }
        }
    }

    // Height of outer vertex (row, col) of the area grid (0..256 each way, north-west origin).
    float outer(int row, int col) const {
        const int cy = std::min(row / 8, kAreaChunks - 1);
        const int cx = std::min(col / 8, kAreaChunks - 1);
        return heights[std::size_t(cy * kAreaChunks + cx)]
                      [std::size_t(outerIndex(row - cy * 8, col - cx * 8))];
    }

    // Bilinear height over the outer grid (clamped to the area): the pre-dab snapshot for Smooth.
    double sample(glm::dvec2 p) const {
        const double fc =
            std::clamp((kMapHalfSize - p.y) / kUnitSize - kFirstChunk * 8.0, 0.0, kAreaOuter - 1.0);
        const double fr =
            std::clamp((kMapHalfSize - p.x) / kUnitSize - kFirstChunk * 8.0, 0.0, kAreaOuter - 1.0);
        const int c0 = std::min(int(fc), kAreaOuter - 2);
        const int r0 = std::min(int(fr), kAreaOuter - 2);
        const double tc = fc - c0;
        const double tr = fr - r0;
        const double a = outer(r0, c0) + tc * (outer(r0, c0 + 1) - outer(r0, c0));
        const double b = outer(r0 + 1, c0) + tc * (outer(r0 + 1, c0 + 1) - outer(r0 + 1, c0));
        return a + tr * (b - a);
    }
};

Area& area() {
    static Area a;
    return a;
}

// Gathered vertices of the chunks under one dab (arrays reused across dabs).
struct Gathered {
    std::vector<int> chunks;
    std::vector<glm::dvec2> positions;
    std::vector<float> heights;
};

// Chunks touched by the dab's bounding box, clamped to the area.
void gather(const Area& a, glm::dvec2 centre, double radius, Gathered& g) {
    g.chunks.clear();
    g.positions.clear();
    g.heights.clear();
    auto index = [](double w) { return int(std::floor((kMapHalfSize - w) / kChunkSize)) - kFirstChunk; };
    const int cx0 = std::max(0, index(centre.y + radius));
    const int cx1 = std::min(kAreaChunks - 1, index(centre.y - radius));
    const int cy0 = std::max(0, index(centre.x + radius));
    const int cy1 = std::min(kAreaChunks - 1, index(centre.x - radius));
    for (int cy = cy0; cy <= cy1; ++cy) {
        for (int cx = cx0; cx <= cx1; ++cx) {
            const int k = cy * kAreaChunks + cx;
            g.chunks.push_back(k);
            const auto& p = a.positions[std::size_t(k)];
            const auto& h = a.heights[std::size_t(k)];
            g.positions.insert(g.positions.end(), p.begin(), p.end());
            g.heights.insert(g.heights.end(), h.begin(), h.end());
        }
    }
}

void scatter(Area& a, const Gathered& g) {
    for (std::size_t n = 0; n < g.chunks.size(); ++n) {
        std::copy_n(g.heights.begin() + std::ptrdiff_t(n * kVerticesPerChunk), kVerticesPerChunk,
                    a.heights[std::size_t(g.chunks[n])].begin());
    }
}

std::vector<glm::dvec2> dabCentres() {
    std::mt19937 rng(42);
    // Inside the area (world -533..+533 yd), a radius away from its edges.
    std::uniform_real_distribution<double> d(-kTileSize + kRadius, kTileSize - kRadius);
    std::vector<glm::dvec2> c(64);
    for (auto& p : c) {
        p = {d(rng), d(rng)};
    }
    return c;
}

HeightBrushSettings settingsFor(HeightMode mode) {
    HeightBrushSettings s;
    s.mode = mode;
    s.brush.radius = kRadius;
    s.brush.hardness = 0.5;
    s.brush.falloff = Falloff::Smooth;
    s.brush.strength = mode == HeightMode::RaiseLower || mode == HeightMode::Noise ? 0.5 : 0.3;
    s.flattenTarget = FlattenTarget::Ramp; // the most work of the flatten targets
    s.rampAngle = 15.0;
    s.rampOrientation = 30.0;
    s.targetHeight = 40.0;
    s.noiseScale = 20.0;
    return s;
}

DabContext contextFor(const Area& a, glm::dvec2 centre) {
    DabContext dab;
    dab.centre = centre;
    dab.strokeStart = centre + glm::dvec2(-10.0, 4.0);
    dab.strokeStartHeight = 40.0;
    dab.heightBefore = [&a](glm::dvec2 p) { return a.sample(p); };
    return dab;
}

void BM_HeightDabKernel(benchmark::State& state, HeightMode mode) {
    Area& a = area();
    const HeightBrushSettings s = settingsFor(mode);
    // A dab straddling chunk borders: 3x3 chunks gathered.
    const glm::dvec2 centre{-kChunkSize * 2.5, kChunkSize * 1.5};
    Gathered g;
    gather(a, centre, kRadius, g);
    const DabContext dab = contextFor(a, centre);
    for (auto _ : state) {
        applyHeightDab(s, dab, g.positions, g.heights);
        benchmark::DoNotOptimize(g.heights.data());
        benchmark::ClobberMemory();
    }
    state.counters["vertices"] = double(g.positions.size());
    state.counters["inside"] =
        double(std::count_if(g.positions.begin(), g.positions.end(),
                             [&](glm::dvec2 p) { return glm::length(p - centre) < kRadius; }));
}

void BM_HeightDab(benchmark::State& state, HeightMode mode) {
    Area& a = area();
    const HeightBrushSettings s = settingsFor(mode);
    const std::vector<glm::dvec2> centres = dabCentres();
    Gathered g;
    std::size_t next = 0;
    std::size_t vertices = 0;
    for (auto _ : state) {
        const glm::dvec2 centre = centres[next];
        next = (next + 1) % centres.size();
        gather(a, centre, kRadius, g);
        applyHeightDab(s, contextFor(a, centre), g.positions, g.heights);
        scatter(a, g);
        vertices += g.positions.size();
        benchmark::ClobberMemory();
    }
    state.counters["vertices"] =
        double(vertices) / double(std::max<benchmark::IterationCount>(1, state.iterations()));
}

} // namespace

BENCHMARK_CAPTURE(BM_HeightDabKernel, raise, HeightMode::RaiseLower);
BENCHMARK_CAPTURE(BM_HeightDabKernel, flatten_ramp, HeightMode::Flatten);
BENCHMARK_CAPTURE(BM_HeightDabKernel, smooth, HeightMode::Smooth);
BENCHMARK_CAPTURE(BM_HeightDabKernel, noise, HeightMode::Noise);
BENCHMARK_CAPTURE(BM_HeightDabKernel, set, HeightMode::Set);
BENCHMARK_CAPTURE(BM_HeightDab, raise, HeightMode::RaiseLower);
BENCHMARK_CAPTURE(BM_HeightDab, flatten_ramp, HeightMode::Flatten);
BENCHMARK_CAPTURE(BM_HeightDab, smooth, HeightMode::Smooth);
BENCHMARK_CAPTURE(BM_HeightDab, noise, HeightMode::Noise);
BENCHMARK_CAPTURE(BM_HeightDab, set, HeightMode::Set);
