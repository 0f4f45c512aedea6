// A Gamestudio level's blocks as a WMO (core/convert/wmb_wmo.h): building the WMO of the corpus level
// test.wmb (556 triangles, 7 textures compressed to DXT1 BLPs with their mip chains: the textures dominate),
// and serializing it (root, group, BLPs); and the geometry alone of a large hand-made level (40,000 triangles
// on a 100 x 200 grid in 4 blocks, smooth, one texture) for the normals, grouping and BSP.

#include "core/convert/wmb_wmo.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <cmath>

namespace {

using namespace mapsmith;

core::WmbWmoOptions options() {
    core::WmbWmoOptions o;
    o.gameFolder = "World\\wmo\\Gamestudio\\test";
    o.name = "test";
    return o;
}

io::Wmb corpusLevel() {
    auto wmb = io::readWmb(tests::readBytes(tests::corpusPath("wmb/test.wmb")));
    return wmb ? std::move(*wmb) : io::Wmb{};
}

// Rolling ground: 4 blocks of 50 x 100 quads (10,000 triangles each), smooth, one 8x8 texture.
io::Wmb largeLevel() {
    io::Wmb level;
    io::WmbTexture tex;
    tex.name = "ground";
    tex.skin.imageWidth = 8;
    tex.skin.imageHeight = 8;
    tex.skin.rgba.push_back(std::vector<std::uint8_t>(8 * 8 * 4, 255));
    level.textures.push_back(tex);
    constexpr int kW = 50;
    constexpr int kH = 100;
    for (int blockIndex = 0; blockIndex < 4; ++blockIndex) {
        io::WmbBlock b;
        for (int y = 0; y <= kH; ++y) {
            for (int x = 0; x <= kW; ++x) {
                const float wx = float(blockIndex * kW + x) * 16.0f;
                const float wy = float(y) * 16.0f;
                b.vertices.push_back(
                    io::WmbVertex{{wx, wy, 40.0f * std::sin(wx * 0.01f) * std::cos(wy * 0.013f)},
                                  {wx / 256, wy / 256},
                                  {}});
            }
        }
        for (int y = 0; y < kH; ++y) {
            for (int x = 0; x < kW; ++x) {
                const auto v = std::int16_t(y * (kW + 1) + x);
                const auto up = std::int16_t(v + kW + 1);
                b.triangles.push_back(io::WmbTriangle{{v, up, std::int16_t(v + 1)}, 0, 0});
                b.triangles.push_back(io::WmbTriangle{{up, std::int16_t(up + 1), std::int16_t(v + 1)}, 0, 0});
            }
        }
        b.skins.push_back(io::WmbSkin{0, 0, 0, 0, 0, 0x2000});
        level.blocks.push_back(std::move(b));
    }
    return level;
}

void BM_WmbWmoBuildCorpus(benchmark::State& state) {
    const io::Wmb level = corpusLevel();
    for (auto _ : state) {
        auto wmo = core::buildWmoFromWmb(level, options());
        if (!wmo || wmo->renderedTriangles != 556) {
            state.SkipWithError("build failed");
            break;
        }
        benchmark::DoNotOptimize(wmo);
    }
}
BENCHMARK(BM_WmbWmoBuildCorpus)->Unit(benchmark::kMillisecond);

void BM_WmbWmoSerializeCorpus(benchmark::State& state) {
    const auto wmo = core::buildWmoFromWmb(corpusLevel(), options());
    if (!wmo) {
        state.SkipWithError("build failed");
        return;
    }
    std::int64_t bytes = 0;
    for (auto _ : state) {
        const auto files = core::wmoOutputFiles(*wmo);
        for (const auto& f : files) {
            bytes += std::int64_t(f.bytes.size());
        }
        benchmark::DoNotOptimize(files);
    }
    state.SetBytesProcessed(bytes);
}
BENCHMARK(BM_WmbWmoSerializeCorpus)->Unit(benchmark::kMicrosecond);

void BM_WmbWmoBuildLargeGeometry(benchmark::State& state) {
    const io::Wmb level = largeLevel();
    for (auto _ : state) {
        auto wmo = core::buildWmoFromWmb(level, options());
        if (!wmo || wmo->renderedTriangles != 40000) {
            state.SkipWithError("build failed");
            break;
        }
        benchmark::DoNotOptimize(wmo);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * 40000);
}
BENCHMARK(BM_WmbWmoBuildLargeGeometry)->Unit(benchmark::kMillisecond);

} // namespace
