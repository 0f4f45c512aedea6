// Old liquids: decoding the MCLQ of a tile with liquid in every chunk (the real Azeroth_38_46 filled by
// tests/support/mclq_tiles.h: 256 chunks, one with two layers), converting that tile to MH2O, and the
// liquid-cells view of it before (MCLQ) and after (MH2O).

#include "core/convert/mclq_to_mh2o.h"
#include "io/adt/liquid_cells.h"
#include "io/adt/mclq.h"
#include "support/mclq_tiles.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

namespace {

using namespace mapsmith;

const io::Adt& oldTile() {
    static const io::Adt adt = [] {
        auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")));
        io::Adt a = read ? std::move(read->adt) : io::Adt{};
        tests::fillWithMclq(a);
        return a;
    }();
    return adt;
}

void BM_DecodeMclqTile(benchmark::State& state) {
    const io::Adt& adt = oldTile();
    for (auto _ : state) {
        std::size_t layers = 0;
        for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
            const io::MapChunk& c = adt.chunks[i];
            auto d = io::decodeMclq(*c.mclq, c.flags, int(i));
            layers += d ? d->layers.size() : 0;
        }
        benchmark::DoNotOptimize(layers);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * 256);
}

// The tile is copied outside the timing (the conversion changes it in place).
void BM_ConvertMclqTile(benchmark::State& state) {
    const io::Adt& adt = oldTile();
    for (auto _ : state) {
        state.PauseTiming();
        io::Adt work = adt;
        state.ResumeTiming();
        auto report = core::convertMclqTile(work);
        benchmark::DoNotOptimize(report);
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * 256);
}

void BM_LiquidCellsMclq(benchmark::State& state) {
    const io::Adt& adt = oldTile();
    for (auto _ : state) {
        auto cells = io::liquidCells(adt);
        benchmark::DoNotOptimize(cells);
    }
}

void BM_LiquidCellsMh2o(benchmark::State& state) {
    io::Adt adt = oldTile();
    (void)core::convertMclqTile(adt);
    for (auto _ : state) {
        auto cells = io::liquidCells(adt);
        benchmark::DoNotOptimize(cells);
    }
}

} // namespace

BENCHMARK(BM_DecodeMclqTile);
BENCHMARK(BM_ConvertMclqTile);
BENCHMARK(BM_LiquidCellsMclq);
BENCHMARK(BM_LiquidCellsMh2o);
