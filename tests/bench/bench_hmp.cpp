// HMP speed: read and write a 257x257 HMP5 terrain (66049 vertices, 264 KB of heights), without a skin
// and with a 256x256 565 skin (what a terrain texture costs to decode).

#include "io/hmp.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

constexpr std::uint32_t kSide = 257;

// Rolling hills with every normal index in use; skinSide 0: no skin.
mapsmith::io::Hmp terrain(std::uint32_t skinSide) {
    using namespace mapsmith::io;
    Hmp hmp;
    hmp.header.scale = {512.0f / 65536.0f, 512.0f / 65536.0f, 0.005f};
    hmp.header.offset = {-256.0f, -256.0f, -100.0f};
    hmp.header.triSizeX = 2.0f;
    hmp.header.triSizeY = 2.0f;
    hmp.header.numVertsX = float(kSide);
    HmpFrame frame;
    frame.vertices.resize(std::size_t(kSide) * kSide);
    for (std::uint32_t j = 0; j < kSide; ++j) {
        for (std::uint32_t i = 0; i < kSide; ++i) {
            HmpVertex& v = frame.vertices[std::size_t(j) * kSide + i];
            v.z = std::uint16_t(20000 + (i * 37 + j * 53) % 9000 + ((i / 16 + j / 16) % 2) * 4000);
            v.normal = std::uint8_t((i + 3 * j) % kGamestudioNormalCount);
        }
    }
    hmp.frames.push_back(std::move(frame));
    if (skinSide > 0) {
        std::vector<std::uint8_t> px(std::size_t(skinSide) * skinSide * 4);
        for (std::size_t k = 0; k < px.size(); ++k) {
            px[k] = std::uint8_t(k * 7 + k / 1024);
        }
        hmp.skins.push_back(*encodeGamestudioSkin(gamestudio_skin_type::Rgb565, skinSide, skinSide, px));
    }
    return hmp;
}

void BM_HmpRead257(benchmark::State& state) {
    const auto file = mapsmith::io::writeHmp5(terrain(std::uint32_t(state.range(0))));
    for (auto _ : state) {
        auto hmp = mapsmith::io::readHmp(file);
        benchmark::DoNotOptimize(hmp);
        if (!hmp || hmp->frames[0].vertices.size() != std::size_t(kSide) * kSide) {
            state.SkipWithError("read failed");
            break;
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(file.size()));
}
BENCHMARK(BM_HmpRead257)->Arg(0)->Arg(256)->Unit(benchmark::kMicrosecond);

void BM_HmpWrite257(benchmark::State& state) {
    const auto hmp = terrain(std::uint32_t(state.range(0)));
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto file = mapsmith::io::writeHmp5(hmp);
        bytes = file.size();
        benchmark::DoNotOptimize(file);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes));
}
BENCHMARK(BM_HmpWrite257)->Arg(0)->Arg(256)->Unit(benchmark::kMicrosecond);

} // namespace
