// Terrain height queries (core::chunkHeightAt) at random points of a real chunk of continent4229.adt,
// and the hole test (core::chunkHoleAt). Reported time is per query (items = queries).

#include "core/geometry/chunk_height.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"

#include <benchmark/benchmark.h>

#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace mapsmith;

constexpr int kPoints = 4096; // random query points, cycled

// Chunk 119 (row 7, col 7) of continent4229.adt; a synthetic sloped chunk when the corpus is missing.
io::MapChunk benchChunk() {
    std::ifstream in(std::string(MAPSMITH_CORPUS_DIR) + "/adt/continent4229.adt", std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(chars.size());
    for (std::size_t i = 0; i < chars.size(); ++i) {
        bytes[i] = std::byte(static_cast<unsigned char>(chars[i]));
    }
    if (!bytes.empty()) {
        auto result = io::readAdt(bytes);
        if (result && result->adt.chunks.size() == 256) {
            return result->adt.chunks[7 * 16 + 7];
        }
    }
    io::MapChunk c;
    c.position = {1000.0f, -2000.0f, 50.0f};
    for (int v = 0; v < core::kVerticesPerChunk; ++v) {
        c.heights[std::size_t(v)] = float(v % 17) * 0.7f - float(v / 17) * 1.3f;
    }
    return c;
}

std::vector<glm::dvec2> randomPoints(const io::MapChunk& c) {
    std::mt19937 rng(119);
    std::uniform_real_distribution<double> d(0.0, core::kChunkSize);
    std::vector<glm::dvec2> points(kPoints);
    for (auto& p : points) {
        p = glm::dvec2(c.position.x, c.position.y) - glm::dvec2(d(rng), d(rng));
    }
    return points;
}

void BM_ChunkHeightAt(benchmark::State& state) {
    const io::MapChunk chunk = benchChunk();
    const std::vector<glm::dvec2> points = randomPoints(chunk);
    std::size_t i = 0;
    for (auto _ : state) {
        auto h = core::chunkHeightAt(chunk, points[i]);
        benchmark::DoNotOptimize(h);
        i = (i + 1) % points.size();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
}

void BM_ChunkHoleAt(benchmark::State& state) {
    io::MapChunk chunk = benchChunk();
    chunk.holesLowRes = 0xA5A5;
    const std::vector<glm::dvec2> points = randomPoints(chunk);
    std::size_t i = 0;
    for (auto _ : state) {
        bool hole = core::chunkHoleAt(chunk, points[i]);
        benchmark::DoNotOptimize(hole);
        i = (i + 1) % points.size();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
}

} // namespace

BENCHMARK(BM_ChunkHeightAt);
BENCHMARK(BM_ChunkHoleAt);
