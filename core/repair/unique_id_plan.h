#pragma once
// Map-wide uniqueId repair: every object that shares its uniqueId with another object (the client draws
// each id once, so one of them would be missing) gets a fresh id, while the copies of one object in the
// tiles its bounds reach keep sharing theirs. MCRF holds MDDF/MODF indices, not ids, so the chunks'
// references stay right without a change.

#include "core/document/unique_ids.h"
#include "core/geometry/coords.h"
#include "core/repair/repair_change.h"
#include "io/adt/adt.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace mapsmith::core {

struct IdChange {
    ObjectLocation where;
    std::uint32_t from = 0;
    std::uint32_t to = 0;
    bool operator==(const IdChange&) const = default;
};

// For every id findDuplicateIds reports among `tiles`: the first object using it (in the order of its
// uses, tile order) keeps it; each other object gets the next id above the highest one of `tiles`, the same
// one for all its copies. Empty when nothing is duplicated (or, beyond 0xFFFFFFFF ids, for what is left).
std::vector<IdChange> planUniqueIdRenumbering(const std::vector<std::pair<TileCoord, const io::Adt*>>& tiles);

// Applies the changes that concern tile `t`; one report entry per kind of placement changed.
std::vector<RepairChange> applyUniqueIdChanges(io::Adt& adt, TileCoord t,
                                               const std::vector<IdChange>& changes);

// The parts of a tile that planning reads (placements and model names), to plan over maps too large to
// hold whole.
io::Adt placementsOf(const io::Adt& adt);

} // namespace mapsmith::core
