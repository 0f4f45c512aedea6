#include "editor/viewport/selection_handles.h"

#include "core/document/map_document.h"
#include "editor/tools/object_handles.h"

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
        const auto h = objectHandles(doc, ref, bounds);
        if (!h) {
            continue;
        }
        const core::Box3& box = h->box;
        // Box edges: corners differing in one coordinate.
        const auto corner = [&](int i) {
            return core::placementToWorld({(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                                           (i & 4) ? box.max.z : box.min.z});
        };
        for (int a = 0; a < 8; ++a) {
            for (const int bit : {1, 2, 4}) {
                if (!(a & bit)) {
                    addLine(mesh, frame, corner(a), corner(a | bit), kWhite);
                }
            }
        }
    }
    const auto h = selectionHandles(doc, selection, bounds);
    if (!h) {
        return mesh;
    }
    addLine(mesh, frame, h->position, h->position + h->axis(HandleKind::North) * h->reach, kNorth);
    addLine(mesh, frame, h->position, h->position + h->axis(HandleKind::West) * h->reach, kWest);
    addLine(mesh, frame, h->position, h->position + h->axis(HandleKind::Up) * h->reach, kUp);
    // The ring lies where hitHandle() looks for it: the horizontal plane through the position.
    for (int i = 0; i < kHandleRingSegments; ++i) {
        const double a0 = 2.0 * std::numbers::pi * i / kHandleRingSegments;
        const double a1 = 2.0 * std::numbers::pi * (i + 1) / kHandleRingSegments;
        addLine(mesh, frame, h->position + h->reach * glm::dvec3(std::cos(a0), std::sin(a0), 0.0),
                h->position + h->reach * glm::dvec3(std::cos(a1), std::sin(a1), 0.0), kRing);
    }
    addLine(mesh, frame, h->position, h->position + glm::dvec3(h->forward * (h->reach * 1.25), 0.0), kRing);
    return mesh;
}

} // namespace mapsmith::editor
