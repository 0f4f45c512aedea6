#include "core/models/object_pick.h"

#include "core/document/map_document.h"

#include <glm/mat4x4.hpp>
#include <glm/matrix.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace mapsmith::core {
namespace {

double volumeOf(const Box3& box) {
    const glm::dvec3 size = glm::max(box.max - box.min, glm::dvec3(0.1)); // flat boxes still compare
    return size.x * size.y * size.z;
}

const std::string& nameAt(const std::vector<std::string>& names, std::uint32_t index) {
    static const std::string kNone;
    return index < names.size() ? names[index] : kNone;
}

// The nearest hit, unless it is a box-only hit with a smaller object's hit inside its box (see the header).
std::optional<ObjectPick> choose(std::vector<ObjectPick>& hits) {
    if (hits.empty()) {
        return std::nullopt;
    }
    std::sort(hits.begin(), hits.end(),
              [](const ObjectPick& a, const ObjectPick& b) { return a.hit.distance < b.hit.distance; });
    std::size_t winner = 0;
    for (std::size_t i = 1; i < hits.size(); ++i) {
        const ObjectRayHit& w = hits[winner].hit;
        if (!w.byBox || hits[i].hit.distance > w.box.exit) {
            break;
        }
        if (hits[i].hit.boxVolume < w.boxVolume) {
            winner = i;
        }
    }
    return hits[winner];
}

} // namespace

std::optional<RaySpan> rayBoxSpan(const Box3& box, glm::dvec3 origin, glm::dvec3 dir) {
    double enter = 0.0;
    double exit = std::numeric_limits<double>::infinity();
    for (int a = 0; a < 3; ++a) {
        if (std::abs(dir[a]) < 1e-300) {
            if (origin[a] < box.min[a] || origin[a] > box.max[a]) {
                return std::nullopt; // parallel to this slab and outside it
            }
            continue;
        }
        double t0 = (box.min[a] - origin[a]) / dir[a];
        double t1 = (box.max[a] - origin[a]) / dir[a];
        if (t0 > t1) {
            std::swap(t0, t1);
        }
        enter = std::max(enter, t0);
        exit = std::min(exit, t1);
        if (!(enter <= exit)) { // also NaN boxes
            return std::nullopt;
        }
    }
    return RaySpan{enter, exit};
}

std::optional<ObjectRayHit> rayHitObject(const ObjectState& object, const ObjectBoundsSettings& bounds,
                                         glm::dvec3 origin, glm::dvec3 dir, double maxDistance) {
    const bool doodad = object.kind == ObjectKind::Doodad;
    const Box3 box = doodad ? doodadBounds(object.doodad, object.name, bounds) : wmoBounds(object.wmo);
    // Placement axes are world axes turned and moved (coords.h): ray parameters keep their length.
    const glm::dvec3 o = worldToPlacement(origin);
    const glm::dvec3 d = worldToPlacement(origin + dir) - o;
    const auto span = rayBoxSpan(box, o, d);
    if (!span || span->enter > maxDistance) {
        return std::nullopt;
    }
    ObjectRayHit hit{span->enter, true, *span, volumeOf(box)};
    const std::shared_ptr<const ModelMesh> mesh =
        bounds.modelMesh ? bounds.modelMesh(object.kind, object.name) : nullptr;
    if (!mesh || mesh->triangleCount() == 0) {
        return hit;
    }
    const io::Vec3f& position = doodad ? object.doodad.position : object.wmo.position;
    const io::Vec3f& rotation = doodad ? object.doodad.rotation : object.wmo.rotation;
    // MODF scale is padding in WotLK: WMOs are drawn at their size.
    const glm::dmat4 placed =
        placementMatrix(position, rotation, doodad ? scaleFactor(object.doodad.scale) : 1.0);
    if (!(std::abs(glm::determinant(placed)) > 1e-12)) {
        return hit;
    }
    const glm::dmat4 toModel = glm::inverse(placed);
    const glm::dvec3 modelOrigin(toModel * glm::dvec4(o, 1.0));
    const glm::dvec3 modelDir(toModel * glm::dvec4(d, 0.0));
    const auto t = rayHitMesh(*mesh, modelOrigin, modelDir); // in units of modelDir: yards along the ray
    if (!t || *t > maxDistance) {
        return std::nullopt;
    }
    hit.distance = *t;
    hit.byBox = false;
    return hit;
}

void forEachObject(const MapDocument& doc,
                   const std::function<void(const ObjectRef& ref, const ObjectState& state)>& visit) {
    // Objects whose owning tile is not loaded are visited through their first copy found.
    std::unordered_set<std::uint64_t> strays;
    ObjectState state;
    const auto consider = [&](TileCoord t) {
        const TileCoord owner = placementTile(state.position());
        if (owner != t && doc.tile(owner) && findEntry(*doc.tile(owner), state.kind, state.uniqueId())) {
            return; // visited through the owner's copy
        }
        const std::uint64_t key = (std::uint64_t(state.kind) << 32) | state.uniqueId();
        if (owner != t && !strays.insert(key).second) {
            return;
        }
        visit(ObjectRef{t, state.kind, state.uniqueId()}, state);
    };
    for (const TileCoord t : doc.loadedTiles()) {
        const io::Adt& adt = *doc.tile(t);
        state.kind = ObjectKind::Doodad;
        for (const io::DoodadPlacement& d : adt.doodads) {
            state.name = nameAt(adt.modelNames, d.nameIndex);
            state.doodad = d;
            consider(t);
        }
        state.kind = ObjectKind::Wmo;
        for (const io::MapObjectPlacement& w : adt.mapObjects) {
            state.name = nameAt(adt.wmoNames, w.nameIndex);
            state.wmo = w;
            consider(t);
        }
    }
}

std::optional<ObjectPick> pickObjectAlongRay(const MapDocument& doc, glm::dvec3 origin, glm::dvec3 dir,
                                             const ObjectBoundsSettings& bounds, double maxDistance) {
    // Many placements share a model: its box is asked of the source once per pick.
    ObjectBoundsSettings once = bounds;
    std::unordered_map<std::string, std::optional<Box3>> boxes[2];
    if (bounds.modelBounds) {
        once.modelBounds = [&boxes, &bounds](ObjectKind kind, const std::string& name) {
            auto& known = boxes[kind == ObjectKind::Doodad ? 0 : 1];
            const auto it = known.find(name);
            return it != known.end() ? it->second
                                     : known.emplace(name, bounds.modelBounds(kind, name)).first->second;
        };
    }
    std::vector<ObjectPick> hits;
    forEachObject(doc, [&](const ObjectRef& ref, const ObjectState& state) {
        if (const auto hit = rayHitObject(state, once, origin, dir, maxDistance)) {
            hits.push_back({ref, *hit});
        }
    });
    return choose(hits);
}

} // namespace mapsmith::core
