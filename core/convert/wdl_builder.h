#pragma once
// A tile's WDL entry (io/wdl/wdl.h) from its terrain: the MARE heights from the chunks' heights and the
// MAHO hole mask from their holes. Pure functions, no Qt.
//
// Sampling rule. WDL points stand every 1/16 tile (one chunk, 33.333 yd): outer point (row, col),
// 0..16, is the north-west corner of chunk (row, col), i.e. MCVT outer vertex (0, 0) of that chunk; row
// 16 and column 16 (the tile's south and east edges) take the last chunk's corner (outer vertex row or
// column 8). Inner point (row, col), 0..15, is the centre of chunk (row, col): its MCVT outer vertex
// (4, 4), index 4 * 17 + 4 = 72. A height is the chunk's base height (MCNK position z) plus the MCVT
// value, in yards. Points are taken from vertices, not interpolated: the vertices exist at exactly those
// places (corners and centres are outer vertices), so the WDL shows the terrain the client draws there.
// This is the rule Noggit's WDL writer and the public WDL generators follow (Noggit red's
// map_horizon.cpp, barncastle's and Marlamin's WDLGenerator; the latter note that Blizzard's outer
// points match it and its inner points are close to Blizzard's, which seem averaged). They truncate the
// float; Mapsmith rounds to the nearest yard (halves away from zero), which is never further from the
// terrain. Heights outside the int16 range (-32768..32767 yd) are clamped to it; NaN becomes 0.
//
// Hole rule. MAHO word `row`, bit `col` stands for chunk (row, col); a set bit is a hole. Sources
// disagree on the polarity: the 2009 wowdev.wiki text says "if the bit is not set, there is a hole",
// but the same text says the chunk "may be left out if the data is supposed to be 0 all the time",
// which only makes sense when 0 means no holes, and Noggit red's writer sets the bit for a hole. A
// chunk's bit is set only when the whole chunk is a hole (all 16 low-resolution hole bits, or all 64
// high-resolution ones when MCNK flag 0x10000 is set): the WDL cell stands for the whole chunk, and a
// chunk with some ground left should still be drawn in the distance.

#include "io/adt/adt.h"
#include "io/wdl/wdl.h"

#include <array>
#include <cstdint>
#include <optional>

namespace mapsmith::core {

// yards -> WDL height: rounded to nearest (halves away from zero), clamped to int16; NaN -> 0.
std::int16_t wdlHeightFromYards(double yards);

// MCVT index of the outer vertex (row, col), 0..8 each, of a chunk.
constexpr int mcvtOuterIndex(int row, int col) {
    return row * 17 + col;
}

// Whether the whole chunk is a hole (see "Hole rule").
bool chunkIsAllHole(const io::MapChunk& chunk);

// The 16 MAHO words of a tile (bit set = chunk fully a hole).
std::array<std::uint16_t, io::kWdlHoleRows> wdlHoleMask(const io::Adt& adt);

// The tile's entry. Its MAHO is written when a chunk is a hole or `previous` (the entry the file had)
// carried one, so files that give every entry a MAHO keep doing so.
io::WdlTile buildWdlTile(const io::Adt& adt, const io::WdlTile* previous = nullptr);

} // namespace mapsmith::core
