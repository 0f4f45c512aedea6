// What refusing garbage costs (issue 17 item 4: any 200 MB file rejected in well under a second) and what
// the split-set check adds to reading a set (item 5): 200 MB of zeros and MVER + zeros through the ADT,
// WDT and WDL readers; checkSplitSet against the whole split read of continent4229.

#include "io/adt/adt.h"
#include "io/adt/adt_split.h"
#include "io/adt/split_set_check.h"
#include "io/wdl/wdl.h"
#include "io/wdt/wdt.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <cstring>

namespace {

using Bytes = std::vector<std::byte>;
constexpr std::size_t kGarbageBytes = std::size_t(200) << 20;

const Bytes& zeros() {
    static const Bytes bytes(kGarbageBytes, std::byte{0});
    return bytes;
}

const Bytes& mverThenZeros() {
    static const Bytes bytes = [] {
        Bytes b(kGarbageBytes, std::byte{0});
        const unsigned char mver[12] = {'R', 'E', 'V', 'M', 4, 0, 0, 0, 18, 0, 0, 0};
        std::memcpy(b.data(), mver, sizeof mver);
        return b;
    }();
    return bytes;
}

template <class Read> void refuse(benchmark::State& state, const Bytes& file, Read read) {
    for (auto _ : state) {
        auto result = read(file);
        benchmark::DoNotOptimize(result);
        if (result) {
            state.SkipWithError("garbage was read");
            break;
        }
    }
}

mapsmith::io::Expected<mapsmith::io::AdtReadResult> readAdtLenient(const Bytes& b) {
    mapsmith::io::AdtReadOptions o;
    o.lenient = true;
    return mapsmith::io::readAdt(b, o);
}

mapsmith::io::Expected<mapsmith::io::Wdt> readWdtLenient(const Bytes& b) {
    mapsmith::io::Diagnostics d;
    d.lenient = true;
    return mapsmith::io::readWdt(b, d);
}

void BM_RefuseZerosAdt(benchmark::State& s) {
    refuse(s, zeros(), readAdtLenient);
}
BENCHMARK(BM_RefuseZerosAdt)->Unit(benchmark::kMicrosecond);

void BM_RefuseMverZerosAdt(benchmark::State& s) {
    refuse(s, mverThenZeros(), readAdtLenient);
}
BENCHMARK(BM_RefuseMverZerosAdt)->Unit(benchmark::kMicrosecond);

void BM_RefuseMverZerosWdt(benchmark::State& s) {
    refuse(s, mverThenZeros(), readWdtLenient);
}
BENCHMARK(BM_RefuseMverZerosWdt)->Unit(benchmark::kMicrosecond);

void BM_RefuseMverZerosWdl(benchmark::State& s) {
    refuse(s, mverThenZeros(), [](const Bytes& b) { return mapsmith::io::readWdl(b); });
}
BENCHMARK(BM_RefuseMverZerosWdl)->Unit(benchmark::kMicrosecond);

mapsmith::io::SplitAdtFiles continentSet() {
    const Bytes bytes = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("adt/continent4229.adt"));
    auto read = mapsmith::io::readAdt(bytes);
    return read ? mapsmith::io::writeSplitAdt(read->adt) : mapsmith::io::SplitAdtFiles{};
}

void BM_SplitSetCheckContinent4229(benchmark::State& state) {
    const auto set = continentSet();
    for (auto _ : state) {
        auto found = mapsmith::io::checkSplitSet(set.root, set.tex0, set.obj0);
        benchmark::DoNotOptimize(found);
    }
}
BENCHMARK(BM_SplitSetCheckContinent4229)->Unit(benchmark::kMicrosecond);

// The whole split read, check included: the check's share is the ratio of the two.
void BM_SplitReadContinent4229(benchmark::State& state) {
    const auto set = continentSet();
    for (auto _ : state) {
        auto back = mapsmith::io::readSplitAdt(set);
        benchmark::DoNotOptimize(back);
        if (!back) {
            state.SkipWithError("read failed");
            break;
        }
    }
}
BENCHMARK(BM_SplitReadContinent4229)->Unit(benchmark::kMicrosecond);

} // namespace
