#include "editor/viewport/brush_ring.h"

#include "core/document/map_document.h"

#include <cmath>
#include <numbers>

namespace mapsmith::editor {

std::vector<glm::dvec3> ringPoints(const core::MapDocument& doc, glm::dvec2 centre, double centreHeight,
                                   double radius) {
    std::vector<glm::dvec3> out;
    if (!(radius > 0.0)) {
        return out;
    }
    out.reserve(kRingSegments + 1);
    double last = centreHeight;
    for (int i = 0; i < kRingSegments; ++i) {
        const double a = 2.0 * std::numbers::pi * i / kRingSegments;
        const glm::dvec2 p = centre + radius * glm::dvec2(std::cos(a), std::sin(a));
        last = doc.heightAt(p).value_or(last);
        out.emplace_back(p, last + kRingLift);
    }
    out.push_back(out.front());
    return out;
}

ColouredMesh buildBrushRings(const core::MapDocument& doc, glm::dvec3 centre, double outerRadius,
                             double innerRadius, const SceneFrame& frame) {
    ColouredMesh mesh;
    const auto add = [&](double radius, const float(&colour)[4]) {
        const auto points = ringPoints(doc, glm::dvec2(centre), centre.z, radius);
        const auto base = std::uint32_t(mesh.vertices.size());
        for (const auto& w : points) {
            const QVector3D p = frame.toScene(w);
            mesh.vertices.push_back({{p.x(), p.y(), p.z()}, {colour[0], colour[1], colour[2], colour[3]}});
        }
        for (std::uint32_t i = 0; i + 1 < std::uint32_t(points.size()); ++i) {
            mesh.indices.push_back(base + i);
            mesh.indices.push_back(base + i + 1);
        }
    };
    add(outerRadius, {1.0f, 1.0f, 1.0f, 1.0f});
    if (innerRadius > 0.0 && innerRadius < outerRadius) {
        add(innerRadius, {1.0f, 0.9f, 0.3f, 1.0f});
    }
    return mesh;
}

} // namespace mapsmith::editor
