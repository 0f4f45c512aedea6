// Texture browser throughput: 64 px thumbnails of 256x256 DXT1 BLPs with mips, read from an MPQ built
// here (StormLib, zlib-compressed files) through a fresh TextureCache, as the browser does for a new
// source; the same through a warm cache; and the viewport's 256 px level for comparison.

#include "io/assets/asset_source.h"
#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"

#include "support/test_mpq.h"

#include <benchmark/benchmark.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

namespace {

namespace io = mapsmith::io;
constexpr int kTextures = 64;

std::string nameOf(int i) {
    return std::string("Tileset\\Bench\\Texture").append(std::to_string(i)).append(".blp");
}

std::vector<std::byte> benchBlp(int seed) {
    io::BlpImage im;
    im.width = 256;
    im.height = 256;
    std::vector<std::uint8_t> px(256 * 256 * 4);
    for (std::uint32_t y = 0; y < 256; ++y) {
        for (std::uint32_t x = 0; x < 256; ++x) {
            std::uint8_t* o = px.data() + (std::size_t(y) * 256 + x) * 4;
            const std::uint32_t noise = (x * 7919u + y * 104729u + std::uint32_t(seed) * 31u) % 23u;
            o[0] = std::uint8_t(90 + x / 8 + noise);
            o[1] = std::uint8_t(120 + y / 8 + noise);
            o[2] = std::uint8_t(seed * 3);
            o[3] = 255;
        }
    }
    im.mips.push_back(std::move(px));
    return io::writeBlp2(im, io::BlpWriteFormat::Dxt1);
}

// The archive, made once per process.
std::shared_ptr<const io::AssetSource> benchArchive() {
    static std::shared_ptr<const io::AssetSource> source = [] {
        const auto path = std::filesystem::temp_directory_path() / "mapsmith-bench-thumbnails.MPQ";
        std::filesystem::remove(path);
        std::vector<mapsmith::test::MpqFile> files;
        for (int i = 0; i < kTextures; ++i) {
            files.emplace_back(nameOf(i), benchBlp(i));
        }
        if (!mapsmith::test::makeTestMpq(path, files)) {
            return std::shared_ptr<const io::AssetSource>();
        }
        auto opened = io::MpqAssetSource::open({path});
        return opened ? std::shared_ptr<const io::AssetSource>(std::move(*opened))
                      : std::shared_ptr<const io::AssetSource>();
    }();
    return source;
}

void fetchAll(benchmark::State& state, io::TextureCache& cache, std::uint32_t maxSide) {
    for (int i = 0; i < kTextures; ++i) {
        auto tex = cache.get(nameOf(i), maxSide);
        if (!tex) {
            state.SkipWithError(tex.error().describe().c_str());
            return;
        }
        benchmark::DoNotOptimize(tex);
    }
}

void runCold(benchmark::State& state, std::uint32_t maxSide) {
    const auto source = benchArchive();
    if (!source) {
        state.SkipWithError("could not build the archive");
        return;
    }
    for (auto _ : state) {
        io::TextureCache cache;
        cache.setSource(source);
        fetchAll(state, cache, maxSide);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * kTextures);
}

void BM_ThumbnailsColdFromMpq(benchmark::State& state) {
    runCold(state, 64);
}
BENCHMARK(BM_ThumbnailsColdFromMpq)->Unit(benchmark::kMillisecond);

void BM_LayerTexturesColdFromMpq(benchmark::State& state) {
    runCold(state, 256);
}
BENCHMARK(BM_LayerTexturesColdFromMpq)->Unit(benchmark::kMillisecond);

void BM_ThumbnailsWarmCache(benchmark::State& state) {
    io::TextureCache cache;
    cache.setSource(benchArchive());
    fetchAll(state, cache, 64);
    for (auto _ : state) {
        fetchAll(state, cache, 64);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * kTextures);
}
BENCHMARK(BM_ThumbnailsWarmCache)->Unit(benchmark::kMicrosecond);

} // namespace
