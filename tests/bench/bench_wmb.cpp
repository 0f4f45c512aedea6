// WMB speed: reading the corpus level test.wmb (842 KB: 7 mipmapped 565 textures decoded to RGBA8, 2
// lightmaps of 256x256, 18 blocks, 11 objects).

#include "io/gamestudio/wmb.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

namespace {

void BM_WmbReadCorpus(benchmark::State& state) {
    const auto file = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("wmb/test.wmb"));
    for (auto _ : state) {
        auto wmb = mapsmith::io::readWmb(file);
        benchmark::DoNotOptimize(wmb);
        if (!wmb || wmb->blocks.size() != 18) {
            state.SkipWithError("read failed");
            break;
        }
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(file.size()));
}
BENCHMARK(BM_WmbReadCorpus)->Unit(benchmark::kMillisecond);

} // namespace
