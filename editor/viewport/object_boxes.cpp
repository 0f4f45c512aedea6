#include "editor/viewport/object_boxes.h"

#include "core/geometry/coords.h"

namespace mapsmith::editor {

namespace {

std::array<glm::dvec3, 8> boxCorners(const core::Box3& box) {
    std::array<glm::dvec3, 8> out;
    for (int i = 0; i < 8; ++i) {
        out[std::size_t(i)] = {(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                               (i & 4) ? box.max.z : box.min.z};
    }
    return out;
}

void addBox(ColouredMesh& mesh, const std::array<glm::dvec3, 8>& placementCorners, const SceneFrame& frame,
            const std::array<float, 4>& colour) {
    const auto base = std::uint32_t(mesh.vertices.size());
    for (const auto& c : placementCorners) {
        const QVector3D p = frame.toScene(core::placementToWorld(c));
        mesh.vertices.push_back({{p.x(), p.y(), p.z()}, {colour[0], colour[1], colour[2], colour[3]}});
    }
    // Corners differing in exactly one bit share an edge.
    for (std::uint32_t a = 0; a < 8; ++a) {
        for (const std::uint32_t bit : {1u, 2u, 4u}) {
            if (!(a & bit)) {
                mesh.indices.push_back(base + a);
                mesh.indices.push_back(base + (a | bit));
            }
        }
    }
}

// The model's edges placed like the doodad (rotation, scale, position).
void addWire(ColouredMesh& mesh, const core::ModelWire& wire, const io::DoodadPlacement& d,
             const SceneFrame& frame, const std::array<float, 4>& colour) {
    const glm::dmat3 m = core::placementRotation(d.rotation) * core::scaleFactor(d.scale);
    const glm::dvec3 origin = core::toDvec(d.position);
    const auto base = std::uint32_t(mesh.vertices.size());
    for (const auto& v : wire.vertices) {
        const QVector3D p = frame.toScene(core::placementToWorld(origin + m * v));
        mesh.vertices.push_back({{p.x(), p.y(), p.z()}, {colour[0], colour[1], colour[2], colour[3]}});
    }
    for (const std::uint32_t i : wire.edges) {
        mesh.indices.push_back(base + i);
    }
}

} // namespace

std::array<glm::dvec3, 8> doodadBoxCorners(const io::DoodadPlacement& d, const std::string& modelName,
                                           const core::ObjectBoundsSettings& settings) {
    std::optional<core::Box3> local;
    if (settings.modelBounds) {
        local = settings.modelBounds(core::ObjectKind::Doodad, modelName);
    }
    if (!local) {
        const double r = settings.doodadRadius;
        local = core::Box3{glm::dvec3(-r), glm::dvec3(r)};
    }
    const glm::dmat3 m = core::placementRotation(d.rotation) * core::scaleFactor(d.scale);
    const glm::dvec3 origin = core::toDvec(d.position);
    auto corners = boxCorners(*local);
    for (auto& c : corners) {
        c = origin + m * c;
    }
    return corners;
}

ColouredMesh buildObjectBoxes(const io::Adt& adt, const SceneFrame& frame,
                              const core::ObjectBoundsSettings& settings, const BoxStyleFn& style) {
    ColouredMesh mesh;
    mesh.vertices.reserve((adt.doodads.size() + adt.mapObjects.size()) * 8);
    mesh.indices.reserve((adt.doodads.size() + adt.mapObjects.size()) * 24);
    static const std::string noName;
    const auto styleOf = [&](core::ObjectKind kind, std::size_t i) {
        return style ? style(kind, i) : BoxStyle::Normal;
    };
    for (std::size_t i = 0; i < adt.doodads.size(); ++i) {
        const BoxStyle s = styleOf(core::ObjectKind::Doodad, i);
        if (s == BoxStyle::Hidden) {
            continue;
        }
        const auto& colour = s == BoxStyle::Warning ? kMissingModelColour : kDoodadBoxColour;
        const io::DoodadPlacement& d = adt.doodads[i];
        const std::string& name = d.nameIndex < adt.modelNames.size() ? adt.modelNames[d.nameIndex] : noName;
        const auto wire = settings.modelWire ? settings.modelWire(core::ObjectKind::Doodad, name) : nullptr;
        if (wire) {
            addWire(mesh, *wire, d, frame, colour);
        } else {
            addBox(mesh, doodadBoxCorners(d, name, settings), frame, colour);
        }
    }
    for (std::size_t i = 0; i < adt.mapObjects.size(); ++i) {
        const BoxStyle s = styleOf(core::ObjectKind::Wmo, i);
        if (s != BoxStyle::Hidden) {
            addBox(mesh, boxCorners(core::extentsOf(adt.mapObjects[i])), frame,
                   s == BoxStyle::Warning ? kMissingModelColour : kWmoBoxColour);
        }
    }
    return mesh;
}

} // namespace mapsmith::editor
