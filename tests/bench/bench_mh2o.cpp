// MH2O read and write speed on continent4229.adt's liquids (3863 bytes, nine ocean chunks).

#include "io/adt/mh2o.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using namespace mapsmith::io;

struct Mh2oChunk {
    std::vector<std::byte> data; // chunk data, without the 8-byte header
    std::uint64_t dataAt = 0;    // absolute offset in the file
};

// Walks the top-level chunks of continent4229.adt to its MH2O.
Mh2oChunk continentMh2o() {
    std::ifstream in(std::string(MAPSMITH_CORPUS_DIR) + "/adt/continent4229.adt", std::ios::binary);
    std::vector<char> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::size_t at = 0;
    while (at + 8 <= file.size()) {
        std::uint32_t id = 0;
        std::uint32_t size = 0;
        std::memcpy(&id, file.data() + at, 4);
        std::memcpy(&size, file.data() + at + 4, 4);
        if (FourCC(id) == chunk::MH2O && at + 8 + size <= file.size()) {
            Mh2oChunk c;
            c.data.resize(size);
            std::memcpy(c.data.data(), file.data() + at + 8, size);
            c.dataAt = at + 8;
            return c;
        }
        at += 8 + std::size_t(size);
    }
    return {};
}

void BM_ReadMh2oContinent4229(benchmark::State& state) {
    const Mh2oChunk c = continentMh2o();
    if (c.data.empty()) {
        state.SkipWithError("no MH2O");
        return;
    }
    for (auto _ : state) {
        Diagnostics diag;
        auto m = readMh2o(ByteReader(c.data, c.dataAt, chunk::MH2O), diag);
        benchmark::DoNotOptimize(m);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(c.data.size()));
}

void BM_WriteMh2oContinent4229(benchmark::State& state) {
    const Mh2oChunk c = continentMh2o();
    Diagnostics diag;
    auto m = readMh2o(ByteReader(c.data, c.dataAt, chunk::MH2O), diag);
    if (!m) {
        state.SkipWithError("MH2O did not read");
        return;
    }
    for (auto _ : state) {
        ByteWriter w(c.data.size());
        writeMh2o(*m, w);
        benchmark::DoNotOptimize(w.buffer().data());
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(c.data.size()));
}

} // namespace

BENCHMARK(BM_ReadMh2oContinent4229);
BENCHMARK(BM_WriteMh2oContinent4229);
