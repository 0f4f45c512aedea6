#pragma once
// In-memory model of a v18 (WotLK 3.3.5) WDL, the low-resolution heightmap the client draws distant
// terrain and the world map from: MVER, the chunks before MAOF (MWMO, MWID, MODF in Blizzard's files),
// MAOF, and per tile one MARE (heights) with an optional MAHO (hole mask) right after it.
//
// Facts and where they come from (the layout was learnt from these, nothing copied):
//   - wowdev.wiki "WDL/v18": MAOF holds 64 x 64 u32 absolute file offsets, row-major (index y * 64 + x),
//     0 = no entry; MARE holds 17 x 17 "outer" then 16 x 16 "inner" int16 heights, row-major, on the
//     scale of the ADT heights (yards); the 3.3.5 client expects MWMO, MWID, MODF in that order when MWMO
//     comes first, then MAOF, and finds each MARE only through MAOF; MAHO follows its MARE, holds 16
//     u16 and may be left out when it would be all zero.
//   - Noggit's WDL reader and writer (wowdev/noggit3 and Marlamin/noggit-red, src/noggit/map_horizon.cpp):
//     a MAOF offset points at the MARE chunk's header (its tag), MARE's size is 0x442 (1090) and MAHO's
//     0x20 (32); outer point (row, col) stands at 1/16 tile steps, inner points half a step further.
//   - MAHO bit meaning: core/convert/wdl_builder.h explains the choice (bit set = hole).
//
// Canonical layout (what writeWdl produces, and what reads back byte-identical): MVER; the chunks that
// stood between MVER and MAOF, as stored; MAOF; then the entries in MAOF order (y, then x), each MARE
// immediately followed by its MAHO when it has one; every other chunk after MAOF is written after the
// entry it followed (see WdlChunk::afterTile). A file in another order reads to the same model and is
// written back in this order.

#include "io/binary/error.h"
#include "io/binary/fourcc.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

namespace mapsmith::io {

inline constexpr std::uint32_t kWdlVersion = 18;
inline constexpr int kWdlTilesPerSide = 64;
inline constexpr int kWdlOuterPerSide = 17; // points per row of the outer lattice
inline constexpr int kWdlInnerPerSide = 16; // points per row of the inner lattice
inline constexpr int kWdlOuterCount = kWdlOuterPerSide * kWdlOuterPerSide; // 289
inline constexpr int kWdlInnerCount = kWdlInnerPerSide * kWdlInnerPerSide; // 256
inline constexpr int kWdlHoleRows = 16;

namespace chunk {
inline constexpr FourCC MAOF{"MAOF"}, MARE{"MARE"}, MAHO{"MAHO"};
} // namespace chunk

// One tile's MapAreaLow entry. Heights are yards, rounded to whole yards.
// outer[row * 17 + col]: the point at (col / 16, row / 16) of the tile, row 0 north, col 0 west.
// inner[row * 16 + col]: the point at ((col + 0.5) / 16, (row + 0.5) / 16), the centre of chunk (row, col).
// holes: MAHO, word `row`, bit `col` = chunk (row, col); nullopt = the entry has no MAHO chunk.
struct WdlTile {
    std::array<std::int16_t, kWdlOuterCount> outer{};
    std::array<std::int16_t, kWdlInnerCount> inner{};
    std::optional<std::array<std::uint16_t, kWdlHoleRows>> holes;

    std::int16_t minHeight() const;
    std::int16_t maxHeight() const;
    bool operator==(const WdlTile&) const = default;
};

// A chunk the model does not interpret, kept as stored.
struct WdlChunk {
    FourCC id;
    std::vector<std::byte> data;
    // Only for chunks after MAOF: the tile index (y * 64 + x) of the entry it followed; -1 = it followed
    // MAOF directly. Written after every entry of a tile index <= afterTile.
    int afterTile = -1;
    bool operator==(const WdlChunk&) const = default;
};

struct Wdl {
    std::uint32_t version = kWdlVersion; // MVER
    // Between MVER and MAOF, in file order (MWMO, MWID, MODF in Blizzard's files), as stored.
    std::vector<WdlChunk> beforeMaof;
    // Entries by tile index y * 64 + x.
    std::map<int, WdlTile> tiles;
    // Chunks after MAOF that are no entry (nor a MARE/MAHO no MAOF offset reaches), by afterTile then
    // file order.
    std::vector<WdlChunk> afterMaof;

    // nullptr when the tile has no entry or x, y are outside 0..63.
    const WdlTile* tile(int x, int y) const;
    // Requires 0 <= x, y < 64.
    void setTile(int x, int y, WdlTile entry);
    // False when there was none.
    bool removeTile(int x, int y);
    bool operator==(const Wdl&) const = default;
};

// Reads a whole .wdl held in memory. Every problem is an error naming the chunk and its byte offset: a
// chunk that leaves the file, MVER not first or not 18, no MAOF or two, MAOF not 16384 bytes, a MAOF
// offset that is not the start of a MARE chunk, MARE not 1090 bytes, MAHO not 32 bytes.
Expected<Wdl> readWdl(std::span<const std::byte> file);

// Writes the canonical layout (see above); MAOF offsets are computed.
std::vector<std::byte> writeWdl(const Wdl& wdl);

} // namespace mapsmith::io
