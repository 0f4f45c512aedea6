// BLP speed: decode a 256x256 DXT1 BLP with all 9 mip levels, and encode the same image (box-filtered
// mips + libsquish DXT1, its default cluster fit).

#include "io/assets/blp.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

constexpr std::uint32_t kSide = 256;

// A smooth, opaque image with some detail (what terrain textures look like to DXT).
mapsmith::io::BlpImage terrainLike() {
    mapsmith::io::BlpImage im;
    im.width = kSide;
    im.height = kSide;
    std::vector<std::uint8_t> px(std::size_t(kSide) * kSide * 4);
    for (std::uint32_t y = 0; y < kSide; ++y) {
        for (std::uint32_t x = 0; x < kSide; ++x) {
            std::uint8_t* o = px.data() + (std::size_t(y) * kSide + x) * 4;
            const std::uint32_t noise = (x * 7919u + y * 104729u) % 23u;
            o[0] = std::uint8_t(90 + x / 8 + noise);
            o[1] = std::uint8_t(120 + y / 8 + noise);
            o[2] = std::uint8_t(40 + (x + y) / 16);
            o[3] = 255;
        }
    }
    im.mips.push_back(std::move(px));
    return im;
}

void BM_BlpDecodeDxt1(benchmark::State& state) {
    const auto file = mapsmith::io::writeBlp2(terrainLike(), mapsmith::io::BlpWriteFormat::Dxt1);
    for (auto _ : state) {
        auto image = mapsmith::io::readBlp(file);
        benchmark::DoNotOptimize(image);
        if (!image || image->mips.size() != 9) {
            state.SkipWithError("read failed");
            break;
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(file.size()));
}
BENCHMARK(BM_BlpDecodeDxt1)->Unit(benchmark::kMicrosecond);

void BM_BlpEncodeDxt1(benchmark::State& state) {
    const auto image = terrainLike();
    for (auto _ : state) {
        auto file = mapsmith::io::writeBlp2(image, mapsmith::io::BlpWriteFormat::Dxt1);
        benchmark::DoNotOptimize(file);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * kSide * kSide); // level-0 pixels
}
BENCHMARK(BM_BlpEncodeDxt1)->Unit(benchmark::kMillisecond);

} // namespace
