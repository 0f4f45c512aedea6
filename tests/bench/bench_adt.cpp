// Read and write speed on the real tiles. Targets (issue 2): continent4229.adt read + decode every alpha
// map <= 0.5 ms; write including RLE of every layer <= 1 ms.

#include "io/adt/adt.h"
#include "io/adt/adt_layout.h"

#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <optional>
#include <string>

namespace {

std::vector<std::byte> corpusFile(const char* name) {
    return mapsmith::tests::readBytes(mapsmith::tests::corpusPath(std::string("adt/") + name));
}

void readTile(benchmark::State& state, const char* name) {
    const auto bytes = corpusFile(name);
    mapsmith::io::AdtReadOptions options;
    options.bigAlpha = false;
    for (auto _ : state) {
        auto result = mapsmith::io::readAdt(bytes, options);
        benchmark::DoNotOptimize(result);
        if (!result) {
            state.SkipWithError("read failed");
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}

void writeTile(benchmark::State& state, const char* name,
               std::optional<mapsmith::io::AlphaEncoding> encoding) {
    const auto bytes = corpusFile(name);
    auto result = mapsmith::io::readAdt(bytes, {false, false});
    if (!result) {
        state.SkipWithError("read failed");
        return;
    }
    mapsmith::io::AdtWriteOptions options;
    options.alphaEncoding = encoding;
    for (auto _ : state) {
        auto out = mapsmith::io::writeAdt(result->adt, options);
        benchmark::DoNotOptimize(out);
    }
}

void BM_ReadContinent4229(benchmark::State& state) {
    readTile(state, "continent4229.adt");
}
void BM_ReadAzeroth_38_46(benchmark::State& state) {
    readTile(state, "Azeroth_38_46.adt");
}
void BM_WriteContinent4229(benchmark::State& state) {
    writeTile(state, "continent4229.adt", std::nullopt);
}
void BM_WriteContinent4229Rle(benchmark::State& state) {
    writeTile(state, "continent4229.adt", mapsmith::io::AlphaEncoding::Rle);
}
void BM_WriteContinent4229EightBit(benchmark::State& state) {
    writeTile(state, "continent4229.adt", mapsmith::io::AlphaEncoding::EightBit);
}
void BM_CheckLayoutContinent4229(benchmark::State& state) {
    const auto bytes = corpusFile("continent4229.adt");
    for (auto _ : state) {
        auto problems = mapsmith::io::checkAdtLayout(bytes);
        benchmark::DoNotOptimize(problems);
    }
}

} // namespace

BENCHMARK(BM_ReadContinent4229)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadAzeroth_38_46)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WriteContinent4229)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WriteContinent4229Rle)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_WriteContinent4229EightBit)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CheckLayoutContinent4229)->Unit(benchmark::kMicrosecond);
