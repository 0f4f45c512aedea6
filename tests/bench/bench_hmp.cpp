// HMP speed: read and write a 257x257 HMP5 terrain (66049 vertices, 264 KB of heights), without a skin
// and with a 256x256 565 skin (what a terrain texture costs to decode); decoding a DDS skin (DXT1, DXT3,
// DXT5 through libsquish, and uncompressed A8R8G8B8) against a 565 skin of the same size.

#include "io/assets/dxt.h"
#include "io/gamestudio/hmp.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
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

// A DDS skin record's data (type 6): "DDS ", the 124-byte header, level 0 of a side x side gradient. fourcc
// "DXT1"/"DXT3"/"DXT5" (blocks encoded with libsquish), or nullptr for uncompressed A8R8G8B8.
mapsmith::io::GamestudioSkin ddsSkin(std::uint32_t side, const char* fourcc) {
    using namespace mapsmith::io;
    std::vector<std::uint8_t> px(std::size_t(side) * side * 4);
    for (std::size_t k = 0; k < px.size(); ++k) {
        px[k] = std::uint8_t(k * 7 + k / 1024);
    }
    std::vector<std::uint8_t> dds(kDdsHeaderSize, 0);
    const auto put = [&](std::size_t at, std::uint32_t v) { std::memcpy(dds.data() + at, &v, 4); };
    std::memcpy(dds.data(), "DDS ", 4);
    put(4, 124);
    put(8, 0x1007);
    put(12, side); // height
    put(16, side); // width
    put(28, 1);    // mip count
    put(76, 32);
    if (fourcc != nullptr) {
        put(80, 0x4); // FourCC
        std::memcpy(dds.data() + 84, fourcc, 4);
        const DxtFormat f = fourcc[3] == '1'   ? DxtFormat::Dxt1
                            : fourcc[3] == '3' ? DxtFormat::Dxt3
                                               : DxtFormat::Dxt5;
        const auto blocks = encodeDxt(px, side, side, f);
        dds.insert(dds.end(), blocks.begin(), blocks.end());
    } else {
        put(80, 0x41); // RGB, alpha pixels
        put(88, 32);
        put(92, 0x00FF0000);
        put(96, 0x0000FF00);
        put(100, 0x000000FF);
        put(104, 0xFF000000);
        dds.insert(dds.end(), px.begin(), px.end());
    }
    GamestudioSkin skin;
    skin.type = gamestudio_skin_type::Dds;
    skin.width = std::uint32_t(dds.size());
    skin.height = 1;
    skin.stored.resize(dds.size());
    std::memcpy(skin.stored.data(), dds.data(), dds.size());
    return skin;
}

// Decoding level 0 of a side x side DDS skin to RGBA8 (range 1: 1, 3, 5 = DXT1/3/5, 0 = A8R8G8B8).
void BM_GamestudioDdsSkinDecode(benchmark::State& state) {
    const std::uint32_t side = std::uint32_t(state.range(0));
    const char* names[] = {nullptr, "DXT1", nullptr, "DXT3", nullptr, "DXT5"};
    mapsmith::io::GamestudioSkin skin = ddsSkin(side, names[state.range(1)]);
    for (auto _ : state) {
        if (!mapsmith::io::decodeGamestudioSkin(skin)) {
            state.SkipWithError("decode failed");
            break;
        }
        benchmark::DoNotOptimize(skin.rgba);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * side * side); // pixels
}
BENCHMARK(BM_GamestudioDdsSkinDecode)
    ->ArgNames({"side", "dxt"})
    ->Args({512, 1})
    ->Args({512, 3})
    ->Args({512, 5})
    ->Args({512, 0})
    ->Args({2048, 1})
    ->Unit(benchmark::kMicrosecond);

// The same for a 565 skin (type 2), for comparison.
void BM_GamestudioSkinDecode565(benchmark::State& state) {
    const std::uint32_t side = std::uint32_t(state.range(0));
    std::vector<std::uint8_t> px(std::size_t(side) * side * 4, 0x5A);
    auto skin =
        *mapsmith::io::encodeGamestudioSkin(mapsmith::io::gamestudio_skin_type::Rgb565, side, side, px);
    for (auto _ : state) {
        mapsmith::io::decodeGamestudioSkin(skin);
        benchmark::DoNotOptimize(skin.rgba);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * side * side);
}
BENCHMARK(BM_GamestudioSkinDecode565)->Arg(512)->Unit(benchmark::kMicrosecond);

} // namespace
