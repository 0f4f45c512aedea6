#pragma once
// Whether the three files of a split set belong together: written by the same save of the tile. The root's
// MCNK headers keep the per-chunk counts of what the partners hold (nLayers: tex0's MCLY entries;
// nDoodadRefs / nMapObjRefs: obj0's MCRD / MCRW entries), so a root, tex0 or obj0 taken from another save
// shows as counts that disagree. The counts are compared with the partner that holds MCLY (MCRD/MCRW)
// sub-chunks, tex0 (obj0) in the spec's layout; when no partner holds any, that count is not compared.
// Which file is named: the partner whose counts disagree with the root, or the root when both partners
// disagree with it (it is the odd one out). A root whose headers count no layers (or
// no references) anywhere comes from a writer that leaves them 0: that count is not compared. Changes that
// touch only the root (heights, holes, flags) cannot be told from the counts.

#include "io/binary/error.h"

#include <cstddef>
#include <span>
#include <vector>

namespace mapsmith::io {

// The disagreements (empty when the set belongs together), at most one per file: BadValue errors whose
// Error::file is "root", "tex0" or "obj0", chunk MCNK, offset that file's first MCNK that disagrees.
// Files that are not chunk streams or lack MCNKs are left to the reader (no finding here).
std::vector<Error> checkSplitSet(std::span<const std::byte> root, std::span<const std::byte> tex0,
                                 std::span<const std::byte> obj0);

} // namespace mapsmith::io
