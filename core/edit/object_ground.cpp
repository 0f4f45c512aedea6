#include "core/edit/object_ground.h"

#include "core/document/map_document.h"
#include "core/geometry/placement_options.h"

#include <glm/geometric.hpp>
#include <glm/mat3x3.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace mapsmith::core {
namespace {

glm::dvec3 placementDirection(glm::dvec3 world) {
    return worldToPlacement(world) - worldToPlacement(glm::dvec3(0.0));
}

} // namespace

std::optional<glm::dvec3> groundNormal(const MapDocument& doc, glm::dvec2 world) {
    return terrainNormal([&doc](glm::dvec2 p) { return doc.heightAt(p); }, world, kSlopeHalfSpan);
}

io::Vec3f rotationWithUp(const io::Vec3f& rotation, glm::dvec3 worldUp) {
    // placementRotation = D * Ry(y - 270) * Rz(-x) * Rx(z - 90) takes model up to D * Ry(y - 270) * u with
    // u = (sin x cos z, cos x cos z, sin z). Solve u from the wanted direction, then x and z from u.
    const glm::dmat3 d(-1, 0, 0, 0, 1, 0, 0, 0, -1);
    const double heading = glm::radians(double(rotation.y) - 270.0);
    const double c = std::cos(heading);
    const double s = std::sin(heading);
    const glm::dmat3 ry(c, 0, -s, 0, 1, 0, s, 0, c);
    const glm::dvec3 u = glm::transpose(ry) * (d * placementDirection(glm::normalize(worldUp)));
    const double z = glm::degrees(std::asin(std::clamp(u.z, -1.0, 1.0)));
    const double x = glm::degrees(std::atan2(u.x, u.y));
    return {float(x), rotation.y, float(z)};
}

ObjectTransform snappedToGround(const MapDocument& doc, const ObjectState& object) {
    ObjectTransform t;
    const glm::dvec3 p = placementToWorld(object.position());
    if (const auto ground = doc.heightAt(glm::dvec2(p))) {
        t.translate.z = *ground - p.z;
    }
    return t;
}

ObjectTransform alignedToSlope(const MapDocument& doc, const ObjectState& object) {
    ObjectTransform t;
    const glm::dvec3 p = placementToWorld(object.position());
    const auto normal = groundNormal(doc, glm::dvec2(p));
    if (!normal) {
        return t;
    }
    const io::Vec3f& now = object.kind == ObjectKind::Doodad ? object.doodad.rotation : object.wmo.rotation;
    const io::Vec3f want = rotationWithUp(now, *normal);
    t.rotate = glm::dvec3(double(want.x) - double(now.x), 0.0, double(want.z) - double(now.z));
    return t;
}

std::vector<ObjectRef> snapToGround(ObjectEditor& editor, const MapDocument& doc,
                                    const std::vector<ObjectRef>& selection) {
    return editor.transformEach(
        selection, [&doc](const ObjectState& s) { return snappedToGround(doc, s); },
        QStringLiteral("Snap to ground"));
}

std::vector<ObjectRef> alignToSlope(ObjectEditor& editor, const MapDocument& doc,
                                    const std::vector<ObjectRef>& selection) {
    return editor.transformEach(
        selection, [&doc](const ObjectState& s) { return alignedToSlope(doc, s); },
        QStringLiteral("Align to slope"));
}

} // namespace mapsmith::core
