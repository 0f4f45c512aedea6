// Converting one full 0.5.3 alpha tile (256 chunks, four layers with alpha maps each, shadows, a liquid
// every 8th chunk, doodads referenced everywhere): reading it from the alpha WDT, converting it to the v18
// model, and the whole path to v18 bytes.

#include "core/convert/alpha_tile_import.h"
#include "io/wdt/alpha_wdt.h"
#include "support/alpha_wdt_builder.h"

#include <benchmark/benchmark.h>

namespace {

namespace alpha = mapsmith::tests::alpha;
using namespace mapsmith;

struct FullTile {
    std::vector<std::byte> bytes;
    io::AlphaWdt wdt;
    int index = 0;
};

const FullTile& fullTile() {
    static const FullTile tile = [] {
        alpha::Map map;
        map.doodadNames = alpha::sampleDoodadNames();
        map.mapObjectNames = alpha::sampleMapObjectNames();
        alpha::Tile t = alpha::flatTile(32, 32, {"a.blp", "b.blp", "c.blp", "d.blp"});
        for (std::uint32_t d = 0; d < 300; ++d) {
            t.doodads.push_back(alpha::Doodad{d % 3, d, {float(d), 1.0f, float(d)}, {}, 1024, 0});
        }
        t.mapObjects.push_back(alpha::MapObject{0, 9, {}, {}, {}, {1.0f, 1.0f, 1.0f}, 0, 0, 0, 0});
        for (int i = 0; i < 256; ++i) {
            alpha::Chunk& c = t.chunks[std::size_t(i)];
            for (std::uint32_t l = 1; l < 4; ++l) {
                c.layers.push_back(alpha::Layer{l, 0, 0xFFFF, alpha::patternAlpha(std::uint32_t(i) * 4 + l)});
            }
            c.flags = 0x1;
            c.shadow.assign(512, std::uint8_t(i));
            c.doodadRefs = {std::uint32_t(i % 3)};
            if (i % 8 == 0) {
                c.flags |= 0x4;
                c.liquids.push_back(alpha::patternLiquid(i));
                c.mapObjectRefs = {0};
            }
        }
        map.tiles.push_back(std::move(t));
        FullTile out;
        out.bytes = alpha::build(map);
        out.wdt = io::readAlphaWdt(out.bytes).value();
        out.index = 32 * 64 + 32;
        return out;
    }();
    return tile;
}

void BM_AlphaTileRead(benchmark::State& state) {
    const FullTile& t = fullTile();
    for (auto _ : state) {
        auto tile = io::readAlphaTile(t.wdt, t.bytes, t.index);
        benchmark::DoNotOptimize(tile);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(t.bytes.size()));
}
BENCHMARK(BM_AlphaTileRead)->Unit(benchmark::kMicrosecond);

void BM_AlphaTileImport(benchmark::State& state) {
    const FullTile& t = fullTile();
    const io::AlphaTile tile = io::readAlphaTile(t.wdt, t.bytes, t.index).value();
    for (auto _ : state) {
        auto imported = core::importAlphaTile(t.wdt, tile);
        benchmark::DoNotOptimize(imported);
    }
}
BENCHMARK(BM_AlphaTileImport)->Unit(benchmark::kMicrosecond);

void BM_AlphaTileWriteV18(benchmark::State& state) {
    const FullTile& t = fullTile();
    const io::Adt adt = core::importAlphaTile(t.wdt, io::readAlphaTile(t.wdt, t.bytes, t.index).value()).adt;
    for (auto _ : state) {
        auto bytes = io::writeAdt(adt);
        benchmark::DoNotOptimize(bytes);
    }
}
BENCHMARK(BM_AlphaTileWriteV18)->Unit(benchmark::kMicrosecond);

// Alpha WDT bytes -> v18 tile bytes, as importAlphaMap does per tile (without the file write).
void BM_AlphaTileToV18(benchmark::State& state) {
    const FullTile& t = fullTile();
    for (auto _ : state) {
        auto tile = io::readAlphaTile(t.wdt, t.bytes, t.index);
        auto bytes = io::writeAdt(core::importAlphaTile(t.wdt, *tile).adt);
        benchmark::DoNotOptimize(bytes);
    }
    state.SetBytesProcessed(std::int64_t(state.iterations()) * std::int64_t(t.bytes.size()));
}
BENCHMARK(BM_AlphaTileToV18)->Unit(benchmark::kMicrosecond);

} // namespace
