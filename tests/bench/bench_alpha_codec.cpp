// Alpha codec speed on the real alpha maps of continent4229.adt (483 maps): decode and encode in 4-bit,
// 8-bit and RLE, one map per iteration (PerMap, cycling through the tile's maps) and the whole tile per
// iteration (Tile); plus RLE encoding of synthetic maps (uniform noise, noisy runs, constant).

#include "io/adt/adt.h"

#include <benchmark/benchmark.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace mapsmith::io;

struct Map {
    AlphaMap alpha{};
    bool doNotFix = false;
    std::vector<std::uint8_t> fourBit;
    std::vector<std::uint8_t> eightBit;
    std::vector<std::uint8_t> rle;
};

// Every alpha map of continent4229.adt, with its three encodings (read once, shared by all benchmarks).
const std::vector<Map>& tileMaps() {
    static const std::vector<Map> maps = [] {
        std::ifstream in(std::string(MAPSMITH_CORPUS_DIR) + "/adt/continent4229.adt", std::ios::binary);
        std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
        std::vector<std::byte> bytes(chars.size());
        std::memcpy(bytes.data(), chars.data(), chars.size());
        AdtReadOptions options;
        options.bigAlpha = false;
        std::vector<Map> out;
        auto result = readAdt(bytes, options);
        if (!result) {
            return out;
        }
        for (const auto& c : result->adt.chunks) {
            for (const auto& l : c.layers) {
                if (!l.hasAlpha) {
                    continue;
                }
                Map m;
                m.alpha = l.alpha;
                m.doNotFix = (c.flags & mcnk_flags::DoNotFixAlphaMap) != 0;
                encodeAlpha4Bit(m.alpha, m.doNotFix, m.fourBit);
                encodeAlpha8Bit(m.alpha, m.eightBit);
                encodeAlphaRle(m.alpha, m.rle);
                out.push_back(std::move(m));
            }
        }
        return out;
    }();
    return maps;
}

bool haveMaps(benchmark::State& state) {
    if (tileMaps().empty()) {
        state.SkipWithError("continent4229.adt did not read");
        return false;
    }
    return true;
}

enum class Op { Decode4, Encode4, Decode8, Encode8, DecodeRle, EncodeRle };

// Runs `op` on one map; returns the encoded bytes touched (for the byte rate).
std::size_t runOp(Op op, const Map& m, AlphaMap& scratch, std::vector<std::uint8_t>& out) {
    switch (op) {
    case Op::Decode4:
        decodeAlpha4Bit(m.fourBit, m.doNotFix, scratch);
        return m.fourBit.size();
    case Op::Encode4:
        out.clear();
        encodeAlpha4Bit(m.alpha, m.doNotFix, out);
        return out.size();
    case Op::Decode8:
        decodeAlpha8Bit(m.eightBit, scratch);
        return m.eightBit.size();
    case Op::Encode8:
        out.clear();
        encodeAlpha8Bit(m.alpha, out);
        return out.size();
    case Op::DecodeRle:
        benchmark::DoNotOptimize(decodeAlphaRle(m.rle, scratch));
        return m.rle.size();
    case Op::EncodeRle:
        out.clear();
        encodeAlphaRle(m.alpha, out);
        return out.size();
    }
    return 0;
}

void perMap(benchmark::State& state, Op op) {
    if (!haveMaps(state)) {
        return;
    }
    const auto& maps = tileMaps();
    AlphaMap scratch;
    std::vector<std::uint8_t> out;
    out.reserve(kAlphaSide * (kAlphaSide + 1));
    std::size_t i = 0;
    std::size_t bytes = 0;
    for (auto _ : state) {
        bytes += runOp(op, maps[i], scratch, out);
        benchmark::DoNotOptimize(scratch);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
        i = i + 1 == maps.size() ? 0 : i + 1;
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
    state.SetBytesProcessed(std::int64_t(bytes));
}

void wholeTile(benchmark::State& state, Op op) {
    if (!haveMaps(state)) {
        return;
    }
    const auto& maps = tileMaps();
    AlphaMap scratch;
    std::vector<std::uint8_t> out;
    out.reserve(kAlphaSide * (kAlphaSide + 1));
    std::size_t bytes = 0;
    for (auto _ : state) {
        for (const Map& m : maps) {
            bytes += runOp(op, m, scratch, out);
            benchmark::DoNotOptimize(scratch);
            benchmark::DoNotOptimize(out.data());
        }
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()) * std::int64_t(maps.size()));
    state.SetBytesProcessed(std::int64_t(bytes));
    state.counters["maps"] = double(maps.size());
}

// Synthetic maps: 0 uniform noise (RLE worst case), 1 runs of 4..40 with 10% noise, 2 constant.
AlphaMap syntheticMap(int kind) {
    std::mt19937 rng(1234);
    AlphaMap m{};
    std::uint8_t cur = 0;
    for (std::size_t i = 0; i < m.size(); ++i) {
        switch (kind) {
        case 0:
            m[i] = std::uint8_t(rng());
            break;
        case 1:
            if (rng() % 20 == 0) {
                cur = std::uint8_t(rng());
            }
            m[i] = rng() % 10 == 0 ? std::uint8_t(rng()) : cur;
            break;
        default:
            m[i] = 128;
            break;
        }
    }
    return m;
}

void encodeSynthetic(benchmark::State& state) {
    const AlphaMap m = syntheticMap(int(state.range(0)));
    std::vector<std::uint8_t> out;
    out.reserve(kAlphaSide * (kAlphaSide + 1));
    for (auto _ : state) {
        out.clear();
        encodeAlphaRle(m, out);
        benchmark::DoNotOptimize(out.data());
        benchmark::ClobberMemory();
    }
    state.SetItemsProcessed(std::int64_t(state.iterations()));
    state.counters["encodedBytes"] = double(out.size());
}

void BM_AlphaDecode4Bit_PerMap(benchmark::State& s) {
    perMap(s, Op::Decode4);
}
void BM_AlphaEncode4Bit_PerMap(benchmark::State& s) {
    perMap(s, Op::Encode4);
}
void BM_AlphaDecode8Bit_PerMap(benchmark::State& s) {
    perMap(s, Op::Decode8);
}
void BM_AlphaEncode8Bit_PerMap(benchmark::State& s) {
    perMap(s, Op::Encode8);
}
void BM_AlphaDecodeRle_PerMap(benchmark::State& s) {
    perMap(s, Op::DecodeRle);
}
void BM_AlphaEncodeRle_PerMap(benchmark::State& s) {
    perMap(s, Op::EncodeRle);
}
void BM_AlphaDecode4Bit_Tile(benchmark::State& s) {
    wholeTile(s, Op::Decode4);
}
void BM_AlphaEncode4Bit_Tile(benchmark::State& s) {
    wholeTile(s, Op::Encode4);
}
void BM_AlphaDecode8Bit_Tile(benchmark::State& s) {
    wholeTile(s, Op::Decode8);
}
void BM_AlphaEncode8Bit_Tile(benchmark::State& s) {
    wholeTile(s, Op::Encode8);
}
void BM_AlphaDecodeRle_Tile(benchmark::State& s) {
    wholeTile(s, Op::DecodeRle);
}
void BM_AlphaEncodeRle_Tile(benchmark::State& s) {
    wholeTile(s, Op::EncodeRle);
}

} // namespace

BENCHMARK(BM_AlphaDecode4Bit_PerMap);
BENCHMARK(BM_AlphaEncode4Bit_PerMap);
BENCHMARK(BM_AlphaDecode8Bit_PerMap);
BENCHMARK(BM_AlphaEncode8Bit_PerMap);
BENCHMARK(BM_AlphaDecodeRle_PerMap);
BENCHMARK(BM_AlphaEncodeRle_PerMap);
BENCHMARK(BM_AlphaDecode4Bit_Tile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AlphaEncode4Bit_Tile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AlphaDecode8Bit_Tile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AlphaEncode8Bit_Tile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AlphaDecodeRle_Tile)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_AlphaEncodeRle_Tile)->Unit(benchmark::kMicrosecond);
BENCHMARK(encodeSynthetic)->Name("BM_AlphaEncodeRle_Synthetic")->ArgName("kind")->Arg(0)->Arg(1)->Arg(2);
