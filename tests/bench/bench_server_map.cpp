// Server .map files per tile: writeServerMap alone on the corpus tiles (Azeroth_38_46: u16 heights, one
// area; continent4229: u16 heights under the -500 yd floor, ocean liquid, holes), and the whole step
// server-maps takes for a tile (read the .adt, convert, write the .map into memory).

#include "io/adt/adt.h"
#include "io/server_map/server_map.h"

#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace {

using namespace mapsmith::io;

std::vector<std::byte> corpusFile(const char* name) {
    return mapsmith::tests::readBytes(mapsmith::tests::corpusPath(std::string("adt/") + name));
}

AdtReadOptions fourBit() {
    AdtReadOptions options;
    options.bigAlpha = false;
    return options;
}

void convertTile(benchmark::State& state, const char* name, ServerCore core) {
    auto read = readAdt(corpusFile(name), fourBit());
    if (!read) {
        state.SkipWithError("the tile did not read");
        return;
    }
    std::size_t bytes = 0;
    for (auto _ : state) {
        auto map = writeServerMap(read->adt, {core});
        if (!map) {
            state.SkipWithError("refused");
            return;
        }
        bytes = map->size();
        benchmark::DoNotOptimize(map->data());
    }
    state.counters["map_bytes"] = double(bytes);
}

void readAndConvertTile(benchmark::State& state, const char* name) {
    const auto file = corpusFile(name);
    for (auto _ : state) {
        auto read = readAdt(file, fourBit());
        if (!read) {
            state.SkipWithError("the tile did not read");
            return;
        }
        auto map = writeServerMap(read->adt, {ServerCore::AzerothCore});
        benchmark::DoNotOptimize(map);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(file.size()));
}

void BM_ServerMapAzeroth38_46(benchmark::State& state) {
    convertTile(state, "Azeroth_38_46.adt", ServerCore::AzerothCore);
}
void BM_ServerMapContinent4229(benchmark::State& state) {
    convertTile(state, "continent4229.adt", ServerCore::AzerothCore);
}
void BM_ServerMapContinent4229TrinityCore(benchmark::State& state) {
    convertTile(state, "continent4229.adt", ServerCore::TrinityCore);
}
void BM_ReadAndServerMapContinent4229(benchmark::State& state) {
    readAndConvertTile(state, "continent4229.adt");
}

} // namespace

BENCHMARK(BM_ServerMapAzeroth38_46)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ServerMapContinent4229)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ServerMapContinent4229TrinityCore)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_ReadAndServerMapContinent4229)->Unit(benchmark::kMicrosecond);
