// Split ADT speed against the v18 path on continent4229 (target, issue 6: split write + read within
// 1.2x of v18 write + read): each benchmark writes the tile from the model and reads the result back.

#include "io/adt/adt.h"
#include "io/adt/adt_split.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>

namespace {

mapsmith::io::Adt continent() {
    std::ifstream in(std::string(MAPSMITH_CORPUS_DIR) + "/adt/continent4229.adt", std::ios::binary);
    std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> bytes(chars.size());
    std::memcpy(bytes.data(), chars.data(), chars.size());
    mapsmith::io::AdtReadOptions options;
    options.bigAlpha = false;
    auto read = mapsmith::io::readAdt(bytes, options);
    return read ? std::move(read->adt) : mapsmith::io::Adt{};
}

void BM_V18WriteReadContinent4229(benchmark::State& state) {
    const mapsmith::io::Adt adt = continent();
    mapsmith::io::AdtReadOptions options;
    options.bigAlpha = false;
    for (auto _ : state) {
        const auto bytes = mapsmith::io::writeAdt(adt);
        auto back = mapsmith::io::readAdt(bytes, options);
        benchmark::DoNotOptimize(back);
        if (!back) {
            state.SkipWithError("read failed");
            break;
        }
    }
}
BENCHMARK(BM_V18WriteReadContinent4229)->Unit(benchmark::kMicrosecond);

void BM_SplitWriteReadContinent4229(benchmark::State& state) {
    const mapsmith::io::Adt adt = continent();
    mapsmith::io::AdtReadOptions options;
    options.bigAlpha = false;
    for (auto _ : state) {
        const auto files = mapsmith::io::writeSplitAdt(adt);
        auto back = mapsmith::io::readSplitAdt(files, options);
        benchmark::DoNotOptimize(back);
        if (!back) {
            state.SkipWithError("read failed");
            break;
        }
    }
}
BENCHMARK(BM_SplitWriteReadContinent4229)->Unit(benchmark::kMicrosecond);

} // namespace
