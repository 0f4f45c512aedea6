// WDL speed: reading and writing a full 64 x 64 map (4096 entries, every one with a MAHO: 4.6 MiB) and
// regenerating one tile's entry from the corpus tile continent4229 (what every saved tile costs).

#include "core/convert/wdl_builder.h"
#include "io/adt/adt.h"
#include "io/binary/file_io.h"
#include "io/wdl/wdl.h"

#include <benchmark/benchmark.h>

#include <string>

namespace {

using namespace mapsmith;

io::Wdl fullMap() {
    io::Wdl wdl;
    wdl.beforeMaof.push_back({io::chunk::MWMO, {}, -1});
    wdl.beforeMaof.push_back({io::chunk::MWID, {}, -1});
    wdl.beforeMaof.push_back({io::chunk::MODF, {}, -1});
    for (int y = 0; y < io::kWdlTilesPerSide; ++y) {
        for (int x = 0; x < io::kWdlTilesPerSide; ++x) {
            io::WdlTile t;
            for (std::size_t i = 0; i < t.outer.size(); ++i) {
                t.outer[i] = std::int16_t((x * 37 + y * 11 + int(i)) % 4000 - 500);
            }
            for (std::size_t i = 0; i < t.inner.size(); ++i) {
                t.inner[i] = std::int16_t((x * 13 + y * 29 + int(i)) % 4000 - 500);
            }
            t.holes = std::array<std::uint16_t, io::kWdlHoleRows>{};
            (*t.holes)[std::size_t(y % 16)] = std::uint16_t(1u << (x % 16));
            wdl.setTile(x, y, std::move(t));
        }
    }
    return wdl;
}

void BM_WdlReadFullMap(benchmark::State& state) {
    const auto bytes = io::writeWdl(fullMap());
    for (auto _ : state) {
        auto wdl = io::readWdl(bytes);
        benchmark::DoNotOptimize(wdl);
        if (!wdl) {
            state.SkipWithError("read failed");
            break;
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(bytes.size()));
}
BENCHMARK(BM_WdlReadFullMap)->Unit(benchmark::kMillisecond);

void BM_WdlWriteFullMap(benchmark::State& state) {
    const io::Wdl wdl = fullMap();
    std::size_t size = 0;
    for (auto _ : state) {
        auto out = io::writeWdl(wdl);
        size = out.size();
        benchmark::DoNotOptimize(out);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(size));
}
BENCHMARK(BM_WdlWriteFullMap)->Unit(benchmark::kMillisecond);

void BM_WdlRegenerateTile(benchmark::State& state) {
    auto bytes = io::readFileBytes(std::string(MAPSMITH_CORPUS_DIR) + "/adt/continent4229.adt");
    if (!bytes) {
        state.SkipWithError("corpus tile missing");
        return;
    }
    auto read = io::readAdt(*bytes, io::AdtReadOptions{});
    if (!read) {
        state.SkipWithError("read failed");
        return;
    }
    const io::Adt& adt = read->adt;
    for (auto _ : state) {
        auto entry = core::buildWdlTile(adt);
        benchmark::DoNotOptimize(entry);
    }
}
BENCHMARK(BM_WdlRegenerateTile)->Unit(benchmark::kMicrosecond);

} // namespace
