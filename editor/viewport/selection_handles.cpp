#include "selection_handles.h"

#include "core/map_document.h"

#include <glm/geometric.hpp>

#include <array>
#include <cmath>
#include <numbers>

namespace mapsmith::editor {

namespace {

using Colour = std::array<float, 4>;
constexpr Colour kWhite{1.0f, 1.0f, 1.0f, 1.0f};
constexpr Colour kNorth{0.95f, 0.25f, 0.2f, 1.0f};
constexpr Colour kWest{0.3f, 0.9f, 0.3f, 1.0f};
constexpr Colour kUp{0.3f, 0.5f, 1.0f, 1.0f};
constexpr Colour kRing{1.0f, 0.85f, 0.2f, 1.0f};

void addLine(ColouredMesh& mesh, const SceneFrame& frame, glm::dvec3 a, glm::dvec3 b, const Colour& c) {
    for (const glm::dvec3 p : {a, b}) {
        const QVector3D s = frame.toScene(p);
        mesh.indices.push_back(std::uint32_t(mesh.vertices.size()));
        mesh.vertices.push_back({{s.x(), s.y(), s.z()}, {c[0], c[1], c[2], c[3]}});
    }
}

} // namespace

ColouredMesh buildSelectionHandles(const core::MapDocument& doc,
                                   const std::vector<core::ObjectRef>& selection, const SceneFrame& frame,
                                   const core::ObjectBoundsSettings& bounds) {
    ColouredMesh mesh;
    for (const core::ObjectRef& ref : selection) {
        const auto state = core::findObject(doc, ref);
        if (!state) {
            continue;
        }
        const core::Box3 box = state->kind == core::ObjectKind::Doodad
                                   ? core::doodadBounds(state->doodad, state->name, bounds)
                                   : core::wmoBounds(state->wmo);
        // Box edges: corners differing in one coordinate.
        for (int a = 0; a < 8; ++a) {
            for (const int bit : {1, 2, 4}) {
                if (a & bit) {
                    continue;
                }
                const auto corner = [&](int i) {
                    return core::placementToWorld({(i & 1) ? box.max.x : box.min.x,
                                                   (i & 2) ? box.max.y : box.min.y,
                                                   (i & 4) ? box.max.z : box.min.z});
                };
                addLine(mesh, frame, corner(a), corner(a | bit), kWhite);
            }
        }
        const glm::dvec3 position = core::placementToWorld(state->position());
        const double reach = std::max(4.0, 0.6 * glm::length(box.max - box.min));
        addLine(mesh, frame, position, position + glm::dvec3(reach, 0.0, 0.0), kNorth);
        addLine(mesh, frame, position, position + glm::dvec3(0.0, reach, 0.0), kWest);
        addLine(mesh, frame, position, position + glm::dvec3(0.0, 0.0, reach), kUp);

        // Heading ring at the object's base, and the model's forward direction (model x) as a tick.
        const io::Vec3f rotation =
            state->kind == core::ObjectKind::Doodad ? state->doodad.rotation : state->wmo.rotation;
        const glm::dvec3 forwardPlacement = core::placementRotation(rotation) * glm::dvec3(1.0, 0.0, 0.0);
        // Placement axes: x east (= -west), z south (= -north).
        glm::dvec2 forward(-forwardPlacement.z, -forwardPlacement.x);
        forward = glm::length(forward) > 1e-6 ? glm::normalize(forward) : glm::dvec2(1.0, 0.0);
        const double radius = reach;
        const double z = position.z + 0.3;
        for (int i = 0; i < kHandleRingSegments; ++i) {
            const double a0 = 2.0 * std::numbers::pi * i / kHandleRingSegments;
            const double a1 = 2.0 * std::numbers::pi * (i + 1) / kHandleRingSegments;
            addLine(mesh, frame, {position.x + radius * std::cos(a0), position.y + radius * std::sin(a0), z},
                    {position.x + radius * std::cos(a1), position.y + radius * std::sin(a1), z}, kRing);
        }
        addLine(mesh, frame, {position.x, position.y, z},
                {position.x + forward.x * radius * 1.25, position.y + forward.y * radius * 1.25, z}, kRing);
    }
    return mesh;
}

} // namespace mapsmith::editor
