#pragma once
// Which placed object a ray from the eye meets first: plain geometry on the document, no GPU. Rays are in
// world coordinates (x north, y west, z up; yards) with a unit direction, so ray parameters are yards.
//
// Each object is first tested against its world box (doodadBounds / MODF extents), the cheap reject. When
// its model's mesh is known (ObjectBoundsSettings::modelMesh) the ray is then taken into model space
// through the inverse placement matrix and tested against the triangles (rayHitMesh), so a click through
// the gaps of a tree passes it and a bridge is hit where its deck is. An object without a mesh is hit
// where the ray enters its box.
//
// Choosing among the hits: the nearest one, except that a box-only hit is a wire frame the eye sees
// through: a later hit inside that box (before the ray leaves it) by an object whose box is smaller wins
// over it (a lamp drawn inside a house's stand-in box). Each object counts once, however many tiles
// hold a copy; the ref names the tile containing its position when that tile is loaded.

#include "core/edit/object_edit.h"
#include "core/models/model_mesh.h"

#include <glm/vec3.hpp>

#include <functional>
#include <optional>

namespace mapsmith::core {

// The part of a ray inside a box: parameters enter <= exit, enter >= 0 (0 when the origin is inside).
struct RaySpan {
    double enter = 0.0;
    double exit = 0.0;
};
// nullopt when the ray misses the box or the box lies behind the origin. Any frame, any direction length
// (parameters in its units).
std::optional<RaySpan> rayBoxSpan(const Box3& box, glm::dvec3 origin, glm::dvec3 dir);

// One object against a world ray.
struct ObjectRayHit {
    double distance = 0.0; // ray parameter of the hit, yards
    bool byBox = false;    // no mesh: where the ray enters the box
    RaySpan box;           // the ray inside the object's world box
    double boxVolume = 0.0;
};
// The object's box is its placement box (as for MCRF); its mesh comes from bounds.modelMesh. nullopt when
// the ray misses (or hits beyond maxDistance).
std::optional<ObjectRayHit> rayHitObject(const ObjectState& object, const ObjectBoundsSettings& bounds,
                                         glm::dvec3 origin, glm::dvec3 dir, double maxDistance = 1.0e5);

// Calls `visit` for every object of the loaded tiles once, with its state as stored and its ref (the tile
// containing its position when that tile is loaded and holds it, else the first tile holding it).
void forEachObject(const MapDocument& doc,
                   const std::function<void(const ObjectRef& ref, const ObjectState& state)>& visit);

struct ObjectPick {
    ObjectRef ref;
    ObjectRayHit hit;
};
// The object of the loaded tiles the ray picks (see the header comment), within maxDistance yards (e.g.
// where the ray meets the terrain, so objects behind a hill are not picked); nullopt: none.
std::optional<ObjectPick> pickObjectAlongRay(const MapDocument& doc, glm::dvec3 origin, glm::dvec3 dir,
                                             const ObjectBoundsSettings& bounds, double maxDistance = 1.0e5);

} // namespace mapsmith::core
