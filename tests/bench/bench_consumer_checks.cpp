// Consumer checks and repair per tile (issue 15): what `validate` spends on a corpus tile (read + layout and
// content findings), the same on a tile whose MCIN sizes leave out the header (256 findings folded into one),
// and what `repair` spends on a tile (read, the content rules, write, the findings after).

#include "core/check/file_findings.h"
#include "core/repair/tile_rules.h"
#include "io/adt/adt.h"
#include "support/consumer_conventions.h"

#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <string>
#include <vector>

namespace {

using namespace mapsmith;

std::vector<std::byte> corpusTile(const char* name) {
    return mapsmith::tests::readBytes(mapsmith::tests::corpusPath(std::string("adt/") + name));
}

void checkTile(benchmark::State& state, std::vector<std::byte> file) {
    std::size_t findings = 0;
    for (auto _ : state) {
        const auto found = core::tileFileFindings(file, false);
        findings = found.size();
        benchmark::DoNotOptimize(found.data());
    }
    state.counters["findings"] = double(findings);
}

void BM_CheckCorpusTile(benchmark::State& state) {
    checkTile(state, corpusTile("continent4229.adt"));
}
BENCHMARK(BM_CheckCorpusTile)->Unit(benchmark::kMicrosecond);

void BM_CheckMcinSizesWithoutHeader(benchmark::State& state) {
    checkTile(state, tests::mcinSizesWithoutHeader(corpusTile("continent4229.adt")));
}
BENCHMARK(BM_CheckMcinSizesWithoutHeader)->Unit(benchmark::kMicrosecond);

// Read, apply the tile rules, write, check the result: one tile of `repair`.
void BM_RepairTile(benchmark::State& state) {
    const auto file = tests::mcinSizesWithoutHeader(corpusTile("continent4229.adt"));
    io::AdtReadOptions options;
    options.bigAlpha = false;
    options.keepLiquidOutsideChunk = true;
    for (auto _ : state) {
        auto read = io::readAdt(file, options);
        if (!read) {
            state.SkipWithError("the tile did not read");
            return;
        }
        const auto changes = core::repairTileContent(read->adt, true);
        const auto written = io::writeAdt(read->adt);
        const auto after = core::tileFileFindings(written, false);
        if (!core::errorsOf(after).empty()) {
            state.SkipWithError("an error is left after repair");
            return;
        }
        benchmark::DoNotOptimize(changes.size());
    }
}
BENCHMARK(BM_RepairTile)->Unit(benchmark::kMicrosecond);

} // namespace
