#include "core/repair/unique_id_plan.h"

#include <algorithm>
#include <limits>
#include <map>
#include <string>

namespace mapsmith::core {

std::vector<IdChange>
planUniqueIdRenumbering(const std::vector<std::pair<TileCoord, const io::Adt*>>& tiles) {
    const std::vector<DuplicateId> duplicates = findDuplicateIds(tiles);
    if (duplicates.empty()) {
        return {};
    }
    std::map<TileCoord, const io::Adt*> byTile;
    std::uint32_t highest = 0;
    for (const auto& [t, adt] : tiles) {
        byTile[t] = adt;
        for (const auto& d : adt->doodads) {
            highest = std::max(highest, d.uniqueId);
        }
        for (const auto& m : adt->mapObjects) {
            highest = std::max(highest, m.uniqueId);
        }
    }
    std::vector<IdChange> out;
    for (const DuplicateId& dup : duplicates) {
        // Objects: groups of uses that are copies of one another (one per tile at most).
        std::vector<std::vector<ObjectLocation>> objects;
        for (const ObjectLocation& use : dup.uses) {
            auto copyOf =
                std::find_if(objects.begin(), objects.end(), [&](const std::vector<ObjectLocation>& o) {
                    return std::none_of(o.begin(), o.end(),
                                        [&](const ObjectLocation& l) { return l.tile == use.tile; }) &&
                           sameObject(*byTile[o.front().tile], o.front(), *byTile[use.tile], use);
                });
            if (copyOf == objects.end()) {
                objects.push_back({use});
            } else {
                copyOf->push_back(use);
            }
        }
        for (std::size_t k = 1; k < objects.size(); ++k) {
            if (highest == std::numeric_limits<std::uint32_t>::max()) {
                return out; // no id left above the map's highest
            }
            ++highest;
            for (const ObjectLocation& l : objects[k]) {
                out.push_back({l, dup.uniqueId, highest});
            }
        }
    }
    return out;
}

std::vector<RepairChange> applyUniqueIdChanges(io::Adt& adt, TileCoord t,
                                               const std::vector<IdChange>& changes) {
    RepairChange doodads{"unique-ids", io::chunk::MDDF, {}, 0, {}, {}};
    RepairChange wmos{"unique-ids", io::chunk::MODF, {}, 0, {}, {}};
    std::string doodadText;
    std::string wmoText;
    for (const IdChange& c : changes) {
        if (c.where.tile != t) {
            continue;
        }
        const bool doodad = c.where.kind == ObjectKind::Doodad;
        if (doodad && c.where.index < adt.doodads.size()) {
            adt.doodads[c.where.index].uniqueId = c.to;
        } else if (!doodad && c.where.index < adt.mapObjects.size()) {
            adt.mapObjects[c.where.index].uniqueId = c.to;
        } else {
            continue;
        }
        RepairChange& r = doodad ? doodads : wmos;
        std::string& text = doodad ? doodadText : wmoText;
        ++r.count;
        r.entries.push_back(c.where.index);
        text += (text.empty() ? "" : ", ") + std::string(doodad ? "MDDF[" : "MODF[") +
                std::to_string(c.where.index) + "] " + std::to_string(c.from) + " -> " + std::to_string(c.to);
    }
    std::vector<RepairChange> out;
    if (doodads.count > 0) {
        doodads.message = "uniqueIds shared with other objects renumbered: " + doodadText;
        out.push_back(std::move(doodads));
    }
    if (wmos.count > 0) {
        wmos.message = "uniqueIds shared with other objects renumbered: " + wmoText;
        out.push_back(std::move(wmos));
    }
    return out;
}

io::Adt placementsOf(const io::Adt& adt) {
    io::Adt light;
    light.modelNames = adt.modelNames;
    light.wmoNames = adt.wmoNames;
    light.doodads = adt.doodads;
    light.mapObjects = adt.mapObjects;
    return light;
}

} // namespace mapsmith::core
