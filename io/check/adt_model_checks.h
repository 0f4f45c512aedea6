#pragma once
// The consumer checks on a tile's content (io::Adt): the rules a tile keeps through a read and a write,
// so they hold for a file that was read and for a tile about to be saved. The layout rules, which the
// writer always meets, are in adt_file_checks.h.

#include "io/adt/adt.h"
#include "io/check/finding.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::io {

// Where a tile's parts are in its file, for the findings' offsets. Unknown places (a tile not read from a
// file, a part in another file of a split set) are 0.
struct AdtPlaces {
    std::vector<std::uint64_t> mcnk; // offset of MCNK i's chunk header, in file order
    std::vector<std::uint64_t> mcly; // offset of MCNK i's MCLY data (0: none), where the reader names it
    std::uint64_t mddf = 0;          // offset of MDDF's data (entry k at + 36 k)
    std::uint64_t modf = 0;          // offset of MODF's data (entry k at + 64 k)
    std::uint64_t mh2o = 0;          // offset of MH2O's data (chunk c's header entry at + 12 c)

    std::uint64_t mcnkAt(std::size_t i) const { return i < mcnk.size() ? mcnk[i] : 0; }
    std::uint64_t mclyAt(std::size_t i) const { return i < mcly.size() ? mcly[i] : 0; }
};

// The places of a v18 tile or split root's chunks.
AdtPlaces locateAdtPlaces(std::span<const std::byte> file);

// Adds the tile's findings: unknown liquid types, MH2O rectangles leaving their chunk, MCNK indices that
// do not match the chunk's place, more than 4 texture layers, has_mccv/has_mcsh against MCCV/MCSH, and
// uniqueIds used twice in the tile.
void checkAdtModel(const Adt& adt, FindingList& out, const AdtPlaces& places = {});

} // namespace mapsmith::io
