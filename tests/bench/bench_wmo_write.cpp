// WMO writer speed (io/model/wmo_writer.h): the corpus troll tent root + group (1,228 triangles, 62 KB)
// written back from what was read, as mapsmith-cli roundtrip and the Gamestudio level import write WMOs; and
// the same with a read of the written bytes (the round trip the fuzz target and roundtrip check).

#include "io/model/wmo.h"
#include "io/model/wmo_group.h"
#include "io/model/wmo_writer.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

namespace {

using Bytes = std::vector<std::byte>;

struct Tent {
    Bytes rootFile = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("models/trolltent.wmo"));
    Bytes groupFile = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("models/trolltent_000.wmo"));
};

void BM_WmoWriteTrollTent(benchmark::State& state) {
    const Tent tent;
    const auto root = mapsmith::io::readWmoRoot(tent.rootFile);
    const auto group = mapsmith::io::readWmoGroup(tent.groupFile);
    if (!root || !group) {
        state.SkipWithError("the troll tent does not read");
        return;
    }
    for (auto _ : state) {
        auto r = mapsmith::io::writeWmoRoot(*root);
        auto g = mapsmith::io::writeWmoGroup(*group);
        benchmark::DoNotOptimize(r.data());
        benchmark::DoNotOptimize(g.data());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) *
                            std::int64_t(tent.rootFile.size() + tent.groupFile.size()));
}
BENCHMARK(BM_WmoWriteTrollTent)->Unit(benchmark::kMicrosecond);

void BM_WmoReadWriteReadTrollTent(benchmark::State& state) {
    const Tent tent;
    for (auto _ : state) {
        auto root = mapsmith::io::readWmoRoot(tent.rootFile);
        auto group = mapsmith::io::readWmoGroup(tent.groupFile);
        if (!root || !group) {
            state.SkipWithError("read failed");
            break;
        }
        auto r = mapsmith::io::readWmoRoot(mapsmith::io::writeWmoRoot(*root));
        auto g = mapsmith::io::readWmoGroup(mapsmith::io::writeWmoGroup(*group));
        benchmark::DoNotOptimize(r);
        benchmark::DoNotOptimize(g);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) *
                            std::int64_t(tent.rootFile.size() + tent.groupFile.size()));
}
BENCHMARK(BM_WmoReadWriteReadTrollTent)->Unit(benchmark::kMicrosecond);

} // namespace
