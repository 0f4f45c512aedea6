#pragma once
// The repair rules on one tile's content: each a plain function that brings the tile to what every
// consumer accepts and returns what it changed (nothing when the tile already follows the rule). The
// layout rules need no function: Mapsmith's writer always writes the canonical layout (MCIN at 0x54 with
// sizes that count the header, every offset right), so rewriting a tile is their repair.

#include "core/repair/repair_change.h"
#include "io/adt/adt.h"

#include <optional>
#include <vector>

namespace mapsmith::core {

// has_mccv (0x40) and has_mcsh (0x1) set exactly where MCCV and MCSH are present: a sub-chunk kept with
// its flag clear becomes used (what Noggit showed), a flag without its sub-chunk is cleared.
std::vector<RepairChange> repairMcnkFlags(io::Adt& adt);
// v18 tiles: MCNR declares 435 bytes with the 13 padding bytes after it (WotLK's layout), not 448.
std::optional<RepairChange> repairMcnrSize(io::Adt& adt);
// indexX/indexY of every MCNK name its place (column, row) in the tile.
std::optional<RepairChange> repairMcnkIndices(io::Adt& adt);
// MH2O instances whose rectangle leaves their 8x8 chunk (read with io::AdtReadOptions::
// keepLiquidOutsideChunk) clipped into it: the quads and vertices inside keep their exists bits, heights,
// depths and uvs, the rest is dropped; an instance with nothing inside its chunk is removed.
std::optional<RepairChange> clipLiquidsToChunks(io::Adt& adt);

// Every rule above, in that order (MCNR only for v18 tiles).
std::vector<RepairChange> repairTileContent(io::Adt& adt, bool v18);

} // namespace mapsmith::core
