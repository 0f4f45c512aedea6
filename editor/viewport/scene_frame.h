#pragma once
// How the game's world maps onto Qt 3D's scene coordinates.
//
// World (core/geometry/coords.h): x north, y west, z up, yards, origin at the map centre.
// Scene (Qt 3D, right-handed, y up): X = east, Y = up, Z = south, yards, relative to `origin`:
//     scene = (-(world.y - origin.y), world.z - origin.z, -(world.x - origin.x))
// Both frames are right-handed and the mapping is a rotation plus a translation (no mirror), so
// triangle winding and cross products carry over. The origin keeps scene coordinates small (floats
// lose 1e-3 yd at the map's edge); the viewport puts it at the first tile it shows.

#include <QVector3D>

#include <glm/vec3.hpp>

namespace mapsmith::editor {

struct SceneFrame {
    glm::dvec3 origin{0.0}; // world position of the scene origin

    QVector3D toScene(glm::dvec3 world) const {
        const glm::dvec3 d = world - origin;
        return {float(-d.y), float(d.z), float(-d.x)};
    }
    // A direction (no translation).
    static QVector3D directionToScene(glm::dvec3 dir) { return {float(-dir.y), float(dir.z), float(-dir.x)}; }
    glm::dvec3 toWorld(QVector3D scene) const {
        return origin + glm::dvec3(-double(scene.z()), -double(scene.x()), double(scene.y()));
    }
};

} // namespace mapsmith::editor
