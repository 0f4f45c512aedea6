#pragma once
// A tile as the 3.3.5 map extractors hold it between reading the ADT and packing the .map file (their
// area_ids, V9, V8, liquid_entry, liquid_flags, liquid_show, liquid_height and holes arrays), filled by
// the rules of their ConvertADT (see io/server_map/server_map.h for the versions matched). Internal to
// io/server_map.

#include "io/adt/adt.h"
#include "io/server_map/server_map.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace mapsmith::io::detail {

inline constexpr int kCells = 16;          // chunks per side
inline constexpr int kGrid = 128;          // liquid cells / inner vertices per side
inline constexpr int kLattice = kGrid + 1; // outer vertices per side

struct ExtractedTile {
    // Per chunk, [row * 16 + column].
    std::vector<std::uint16_t> areaIds = std::vector<std::uint16_t>(kCells * kCells, 0);
    std::vector<std::uint16_t> liquidEntry = std::vector<std::uint16_t>(kCells * kCells, 0);
    std::vector<std::uint8_t> liquidFlags = std::vector<std::uint8_t>(kCells * kCells, 0);
    std::vector<std::uint16_t> holes = std::vector<std::uint16_t>(kCells * kCells, 0);
    bool hasHoles = false; // some chunk's whole hole word (u32 at MCNK 0x3C) is not 0

    // Absolute heights (yards), [row * 129 + column] and [row * 128 + column].
    std::vector<float> v9 = std::vector<float>(kLattice * kLattice, 0.0f);
    std::vector<float> v8 = std::vector<float>(kGrid * kGrid, 0.0f);

    // Liquid cells shown, [row * 128 + column]; levels at the outer lattice, [row * 129 + column]. A
    // level no liquid wrote stays 0, as in an extractor's first tile (its arrays are static and not
    // cleared between tiles, so later tiles would carry the previous tile's levels there).
    std::vector<std::uint8_t> liquidShow = std::vector<std::uint8_t>(kGrid * kGrid, 0);
    std::vector<float> liquidHeight = std::vector<float>(kLattice * kLattice, 0.0f);

    std::optional<std::array<std::int16_t, 18>> flightBounds; // MFBO, only with MHDR flag 0x1
};

// Fills the arrays from the tile's chunks, MCLQ payloads and MH2O, as ConvertADT does.
Expected<ExtractedTile, ServerMapRefusal> extractTile(const Adt& adt);

} // namespace mapsmith::io::detail
