#pragma once
// The placed models one tile's minimap draws (core/render/minimap_models.h), gathered from the tile's own
// MDDF (MMDX/MMID names) and MODF (MWMO/MWID) entries: each tile holds an entry for every object whose
// bounds reach it, so the tile's entries are all it needs, each clipped to its square. A uniqueId held
// twice by the tile is drawn once. A WMO brings the doodads of its shown sets (wmoDoodadsShown), placed
// through the WMO. Meshes come from a ModelLibrary (safe from several threads).

#include "core/geometry/coords.h"
#include "core/render/minimap_models.h"
#include "io/adt/adt.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace mapsmith::io {
class TextureCache;
}

namespace mapsmith::core {

class ModelLibrary;

// A model a placement names that has no mesh, and why ("not found: ...", a read error).
struct MissingModel {
    std::string name;
    std::string problem;
};

struct MinimapModelScene {
    std::vector<PlacedModel> models;   // doodads in MDDF order, then each WMO followed by its doodads
    std::size_t placementsDrawn = 0;   // MDDF and MODF entries with a mesh (distinct uniqueIds)
    std::vector<MissingModel> missing; // names without a mesh (not found, unreadable), once each, as met
};

// The uniqueIds already drawn, per kind, to draw an object once over several tiles.
struct PlacementIds {
    std::set<std::uint32_t> doodads;
    std::set<std::uint32_t> wmos;
};

// seen: ids to skip and to add the tile's to (null: the tile's own, each uniqueId once).
MinimapModelScene minimapModelScene(const io::Adt& tile, ModelLibrary& library, PlacementIds* seen = nullptr);

// The texture lookup of the models: the level of at most 256 px of each path from the cache (null cache,
// or a path it lacks: the neutral colour).
ModelTextureFn minimapModelTextures(std::shared_ptr<io::TextureCache> cache);

} // namespace mapsmith::core
