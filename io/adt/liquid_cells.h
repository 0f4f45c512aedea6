#pragma once
// The liquid a tile shows, cell by cell, whichever chunk stores it: MCLQ (pre-WotLK) or MH2O. Two tiles
// holding the same liquid in either form give equal cells, so a conversion can be checked by comparing
// them (and `mapsmith-cli dump --liquid-cells` prints them for a diff).
//
// Per map chunk the source is the one the 3.3.5 client draws: MH2O when the chunk has an MH2O instance
// (the client reads MH2O first), else the MCLQ layers its MCNK liquid flags announce (io/adt/mclq.h).
// MCLQ kinds become the LiquidType ids mclqLiquidType gives; a cell is shown when its MCLQ flag's low
// nibble is not 0x0F, or when its MH2O exists bit is set (every cell of the rectangle without a bitmap).

#include "io/adt/adt.h"
#include "io/binary/error.h"

#include <nlohmann/json.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace mapsmith::io {

enum class LiquidSource : std::uint8_t { Mclq, Mh2o };

struct LiquidCell {
    std::uint8_t x = 0; // 0..7 west to east within the chunk
    std::uint8_t y = 0; // 0..7 north to south
    // Corner vertices north-west, north-east, south-west, south-east. Heights in yards (MH2O formats
    // without heights: the instance's minHeight).
    std::array<float, 4> heights{};
    std::optional<std::array<std::uint8_t, 4>> depths; // MCLQ river/ocean; MH2O formats with depth
    std::optional<std::array<std::array<std::uint16_t, 2>, 4>> uvs; // MCLQ magma/slime s,t; MH2O uv formats
    bool operator==(const LiquidCell&) const = default;
};

struct LiquidCellLayer {
    std::uint16_t type = 0;        // LiquidType id
    std::vector<LiquidCell> cells; // row-major order
    bool operator==(const LiquidCellLayer&) const = default;
};

struct ChunkLiquidCells {
    int index = 0; // row * 16 + column
    LiquidSource source = LiquidSource::Mh2o;
    std::vector<LiquidCellLayer> layers; // MCLQ storage order / MH2O instance order; never empty
    // Deep (fatigue) cells among the shown ones, bit y * 8 + x: MCLQ cell flag 0x80 in any layer, MH2O
    // the chunk's deep attribute (per chunk, not per layer); nullopt: MH2O without attributes.
    std::optional<std::uint64_t> deep;
};

// Chunks with shown liquid, in chunk order. Fails only on an MCLQ payload its flags do not fit.
Expected<std::vector<ChunkLiquidCells>> liquidCells(const Adt& adt);

// {"chunks": [{"index", "deep"?: 16 hex digits, "layers": [{"type", "cells": [{"x", "y", "heights",
// "depths"?, "uvs"?}]}]}]}, the source left out so that MCLQ and MH2O forms compare equal.
nlohmann::ordered_json dumpLiquidCells(const std::vector<ChunkLiquidCells>& chunks);

} // namespace mapsmith::io
