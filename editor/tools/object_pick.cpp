#include "editor/tools/object_pick.h"

#include "core/document/map_document.h"
#include "core/geometry/coords.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace mapsmith::editor {

namespace {

// World x/y rectangle of a placement-coordinate box (placement x = -world y, z = -world x, offset).
struct Footprint {
    glm::dvec2 min;
    glm::dvec2 max;
};

Footprint footprintOf(const core::Box3& placement) {
    const glm::dvec3 a = core::placementToWorld(placement.min);
    const glm::dvec3 b = core::placementToWorld(placement.max);
    return {glm::min(glm::dvec2(a), glm::dvec2(b)), glm::max(glm::dvec2(a), glm::dvec2(b))};
}

} // namespace

std::optional<core::ObjectRef> pickObject(const core::MapDocument& doc, glm::dvec2 world,
                                          const core::ObjectBoundsSettings& bounds, double slack) {
    struct Candidate {
        core::ObjectRef ref;
        double area = 0.0;
        double distance = 0.0;
        bool owned = false; // ref.tile contains the object's position
    };
    std::map<std::pair<core::ObjectKind, std::uint32_t>, Candidate> hits;
    const auto consider = [&](core::TileCoord tile, core::ObjectKind kind, std::uint32_t id,
                              glm::dvec3 position, const core::Box3& box) {
        const Footprint f = footprintOf(box);
        if (world.x < f.min.x - slack || world.x > f.max.x + slack || world.y < f.min.y - slack ||
            world.y > f.max.y + slack) {
            return;
        }
        const glm::dvec2 size = f.max - f.min;
        const glm::dvec3 pos = core::placementToWorld(position);
        const Candidate c{{tile, kind, id},
                          std::max(size.x, 0.1) * std::max(size.y, 0.1),
                          glm::distance(glm::dvec2(pos), world),
                          core::tileAt(glm::dvec2(pos)) == tile};
        const auto [it, inserted] = hits.try_emplace({kind, id}, c);
        if (!inserted && c.owned && !it->second.owned) {
            it->second = c; // the same object: its owning tile's copy names it
        }
    };
    for (const core::TileCoord t : doc.loadedTiles()) {
        const io::Adt* adt = doc.tile(t);
        for (const auto& d : adt->doodads) {
            const std::string& name =
                d.nameIndex < adt->modelNames.size() ? adt->modelNames[d.nameIndex] : std::string();
            consider(t, core::ObjectKind::Doodad, d.uniqueId, core::toDvec(d.position),
                     core::doodadBounds(d, name, bounds));
        }
        for (const auto& w : adt->mapObjects) {
            consider(t, core::ObjectKind::Wmo, w.uniqueId, core::toDvec(w.position), core::wmoBounds(w));
        }
    }
    const Candidate* best = nullptr;
    for (const auto& [key, c] : hits) {
        if (!best || c.area < best->area - 1e-6 ||
            (std::abs(c.area - best->area) <= 1e-6 && c.distance < best->distance)) {
            best = &c;
        }
    }
    if (!best) {
        return std::nullopt;
    }
    return best->ref;
}

} // namespace mapsmith::editor
