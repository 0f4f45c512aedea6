// Read and write speed of the real Azeroth.wdt (32 KiB, 687 tiles).

#include "io/binary/file_io.h"
#include "io/wdt/wdt.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

std::vector<std::byte> azeroth() {
    auto bytes = mapsmith::io::readFileBytes(std::string(MAPSMITH_CORPUS_DIR) + "/adt/Azeroth.wdt");
    return bytes ? std::move(bytes).value() : std::vector<std::byte>{};
}

void BM_WdtRead(benchmark::State& state) {
    const auto bytes = azeroth();
    for (auto _ : state) {
        auto wdt = mapsmith::io::readWdt(bytes);
        benchmark::DoNotOptimize(wdt);
        if (!wdt) {
            state.SkipWithError("read failed");
            break;
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
BENCHMARK(BM_WdtRead);

void BM_WdtWrite(benchmark::State& state) {
    const auto bytes = azeroth();
    auto wdt = mapsmith::io::readWdt(bytes);
    if (!wdt) {
        state.SkipWithError("read failed");
        return;
    }
    for (auto _ : state) {
        auto out = mapsmith::io::writeWdt(*wdt);
        benchmark::DoNotOptimize(out);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
BENCHMARK(BM_WdtWrite);

void BM_WdtReadFile(benchmark::State& state) {
    const std::string path = std::string(MAPSMITH_CORPUS_DIR) + "/adt/Azeroth.wdt";
    for (auto _ : state) {
        auto bytes = mapsmith::io::readFileBytes(path);
        benchmark::DoNotOptimize(bytes);
        if (!bytes) {
            state.SkipWithError("read failed");
            break;
        }
    }
}
BENCHMARK(BM_WdtReadFile);

} // namespace
