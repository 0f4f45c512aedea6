#pragma once
// Old liquids to WotLK liquids: a chunk's MCLQ layers (io/adt/mclq.h) become MH2O instances, and the
// chunk is left as a 3.3.5 tile with MH2O has it (continent4229): no MCLQ sub-chunk (ofsLiquid and
// sizeLiquid 0) and no MCNK liquid flags (river 0x4, ocean 0x8, magma 0x10, slime 0x20). Pure functions
// over the io model; the editor runs them through the edit path (core/edit/mclq_conversion.h).
//
// Per MCLQ layer with shown cells, one instance:
// - type: mclqLiquidType (river 1 Water, ocean 2 Ocean, magma 3 Magma, slime 4 Slime);
// - rectangle: the smallest one holding the shown cells (low nibble of the cell flag not 0x0F); exists
//   bitmap: the shown cells (left out when they fill the rectangle; padding bits set);
// - vertex format: river and ocean LVF 0 (height + depth: the MCLQ depth byte), magma and slime LVF 1
//   (height + uv: the MCLQ s, t as stored); every vertex of the rectangle keeps its MCLQ height;
// - min/max height: over the vertices of the shown cells (as MH2O instances the editor writes).
// Chunk attributes: fishable = the shown cells of every layer, deep = those with the fatigue flag 0x80.
// Lost, as MH2O has no place for them: the river flow percentages, the ocean foam/wet bytes, the
// 0x40/0x10/0x20 and type-nibble cell flags, the flow records and the stored CRange.
//
// A chunk that already has MH2O instances keeps them and loses its MCLQ: the 3.3.5 client draws a
// chunk's MH2O liquid when it has some, so the MCLQ was not shown. (The 3.3.5 map extractors read MCLQ
// first and let MH2O overwrite the chunk's type and the levels of the instance's rectangle, keeping the
// cells only MCLQ showed: their .map files of such a tile change where the two disagreed.) An MCLQ
// without a liquid flag or without shown cells is removed as well, and liquid flags without MCLQ data
// are cleared. An empty MCLQ stub (sizeLiquid 8) with no liquid flag is left as it is.

#include "io/adt/adt.h"
#include "io/binary/error.h"

#include <cstdint>
#include <span>

namespace mapsmith::core {

enum class MclqOutcome {
    Nothing,   // no MCLQ data, no liquid flag
    Converted, // its MCLQ layers became MH2O instances
    Mh2oKept,  // the chunk had MH2O instances: they stay, the MCLQ is removed
    Emptied,   // an MCLQ showing nothing (or flags without data) removed
};

struct MclqTileConversion {
    int converted = 0; // chunks whose MCLQ became MH2O
    int mh2oKept = 0;
    int emptied = 0;
    int changed() const { return converted + mh2oKept + emptied; }
};

// True when the chunk has MCLQ data or a liquid flag set (what convertMclqChunk changes).
bool needsMclqConversion(const io::MapChunk& chunk);
bool tileNeedsMclqConversion(const io::Adt& adt);

// Converts map chunk `index` (row * 16 + column): `chunk` loses its MCLQ and liquid flags, `liquid`
// (its MH2O entry) gets the instances and attributes. Fails, changing nothing, when the MCLQ payload
// does not hold the layers its flags announce.
// `payloadOffset`: where the MCLQ payload starts in the file, for error offsets (0: not known).
io::Expected<MclqOutcome> convertMclqChunk(io::MapChunk& chunk, io::LiquidChunk& liquid, int index,
                                           std::uint64_t payloadOffset = 0);

// Every chunk of the tile; the tile gets an MH2O chunk when it needs one. Fails at the first chunk that
// does not decode, leaving the tile unchanged. `payloadOffsets` (io::mclqPayloadOffsets of the file the
// tile was read from; empty: not known) places errors in the file.
io::Expected<MclqTileConversion> convertMclqTile(io::Adt& adt,
                                                 std::span<const std::uint64_t> payloadOffsets = {});

} // namespace mapsmith::core
