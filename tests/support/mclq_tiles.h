#pragma once
// Tiles with old liquids (MCLQ) for tests and benchmarks. No real tile with MCLQ data is in the corpus
// (Azeroth_38_46 has only empty stubs), so these put layers built by the spec's rules
// (adt-v18-current.txt "MCLQ sub-chunk", io/adt/mclq.h) into a real tile's chunks: heights sloping per
// vertex, depth bytes, magma/slime s,t, cells hidden (0x0F), shown with a type nibble, with the 0x40
// and 0x80 (fatigue) bits, flows.

#include "io/adt/adt.h"
#include "io/adt/mclq.h"

#include <algorithm>
#include <cstdint>

namespace mapsmith::tests {

// Which cells a built layer shows.
enum class MclqCells {
    All,     // every cell
    Pattern, // a ragged shape: a cell hidden where (x * 3 + y * 5 + seed) % 7 == 0, and row 7 hidden
    Corner,  // only cells (5..7, 0..2): a rectangle away from the chunk's origin
};

inline std::uint8_t mclqTypeNibble(io::MclqKind kind) {
    switch (kind) {
    case io::MclqKind::Ocean:
        return 1;
    case io::MclqKind::Slime:
        return 3;
    case io::MclqKind::River:
        return 4;
    case io::MclqKind::Magma:
        return 6;
    }
    return 4;
}

// One layer of `kind` at about `level` yards. `fatigue`: shown cells where (x + y + seed) % 3 == 0 get
// flag 0x80.
inline io::MclqLayer mclqLayer(io::MclqKind kind, float level, int seed, MclqCells cells, bool fatigue) {
    io::MclqLayer l;
    l.kind = kind;
    float lo = level;
    float hi = level;
    for (int y = 0; y <= 8; ++y) {
        for (int x = 0; x <= 8; ++x) {
            io::MclqVertex& v = l.vertices[std::size_t(y * 9 + x)];
            v.height = level + 0.125f * float(x) - 0.0625f * float(y) + 0.01f * float(seed % 5);
            lo = std::min(lo, v.height);
            hi = std::max(hi, v.height);
            if (kind == io::MclqKind::River || kind == io::MclqKind::Ocean) {
                v.data = {std::uint8_t((x * 17 + y * 11 + seed) % 256), std::uint8_t(x * 10),
                          std::uint8_t(y * 10), 0};
            } else {
                const auto s = std::uint16_t(x * 64 + seed);
                const auto t = std::uint16_t(y * 64 + seed * 2);
                v.data = {std::uint8_t(s & 0xFF), std::uint8_t(s >> 8), std::uint8_t(t & 0xFF),
                          std::uint8_t(t >> 8)};
            }
        }
    }
    l.minHeight = lo - 1.0f; // a stored range wider than the vertices (the converter recomputes it)
    l.maxHeight = hi + 1.0f;
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            bool shown = true;
            if (cells == MclqCells::Pattern) {
                shown = (x * 3 + y * 5 + seed) % 7 != 0 && y != 7;
            } else if (cells == MclqCells::Corner) {
                shown = x >= 5 && y <= 2;
            }
            std::uint8_t flag = io::mclq_cell::HiddenMask;
            if (shown) {
                flag = mclqTypeNibble(kind);
                if ((x + y) % 2 == 0) {
                    flag |= io::mclq_cell::NotLowDepth;
                }
                if (fatigue && (x + y + seed) % 3 == 0) {
                    flag |= io::mclq_cell::Fatigue;
                }
            }
            l.cells[std::size_t(y * 8 + x)] = flag;
        }
    }
    l.flowCount = std::uint32_t(seed % 3 == 0 ? 1 : 0);
    l.flows[0].sphereCenter = {float(seed), 2.0f, 3.0f};
    l.flows[0].sphereRadius = 5.0f;
    l.flows[0].direction = {1.0f, 0.0f, 0.0f};
    l.flows[0].velocity = 0.5f;
    l.flows[0].amplitude = 0.25f;
    l.flows[0].frequency = 2.0f;
    return l;
}

// Puts `chunk` into map chunk `c`: its payload and the MCNK liquid flags of its kinds.
inline void setMclq(io::MapChunk& c, const io::MclqChunk& chunk) {
    c.flags = (c.flags & ~io::kMclqLiquidFlagMask) | io::mclqFlagsOf(chunk);
    c.mclq = io::encodeMclq(chunk);
}

// Old liquid in every chunk of `adt` (one layer each; kinds cycle river, ocean, magma, slime; shapes
// cycle All, Pattern, Corner), plus two layers (river and magma) in chunk 5 unless `singleLayer`.
// `withSlime` false: slime chunks get ocean instead (the extractors do not read the slime flag).
// `fatigueOnOceanOnly`: the 0x80 flag only in ocean (the extractors make any MCLQ with it dark water,
// MH2O only ocean).
inline void fillWithMclq(io::Adt& adt, bool singleLayer = false, bool withSlime = true,
                         bool fatigueOnOceanOnly = false) {
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        const int seed = int(i);
        auto kind = io::MclqKind(i % 4);
        if (!withSlime && kind == io::MclqKind::Slime) {
            kind = io::MclqKind::Ocean;
        }
        const auto cells = MclqCells((i / 4) % 3);
        const bool fatigue = !fatigueOnOceanOnly || kind == io::MclqKind::Ocean;
        io::MclqChunk chunk;
        chunk.layers.push_back(mclqLayer(kind, 10.0f + float(i % 16), seed, cells, fatigue));
        if (i == 5 && !singleLayer) {
            chunk.layers.clear();
            chunk.layers.push_back(mclqLayer(io::MclqKind::River, 12.0f, seed, MclqCells::Pattern, fatigue));
            chunk.layers.push_back(mclqLayer(io::MclqKind::Magma, 8.0f, seed + 1, MclqCells::Corner, false));
        }
        setMclq(adt.chunks[i], chunk);
    }
}

} // namespace mapsmith::tests
