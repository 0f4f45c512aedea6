#include "editor/viewport/rubber_band.h"

#include <glm/geometric.hpp>

#include <array>

namespace mapsmith::editor {

ColouredMesh buildRubberBand(const CameraController& camera, glm::dvec2 size, const ScreenBox& band,
                             const SceneFrame& frame) {
    ColouredMesh mesh;
    const glm::dvec3 forward = forwardOf(camera.pose());
    const std::array<glm::dvec2, 4> corners{band.min, glm::dvec2(band.max.x, band.min.y), band.max,
                                            glm::dvec2(band.min.x, band.max.y)};
    for (const glm::dvec2 c : corners) {
        const Ray ray = camera.rayThrough(c, size);
        // The point of the ray kRubberBandDepth yards ahead along the view direction.
        const glm::dvec3 p =
            ray.origin + ray.direction * (kRubberBandDepth / glm::dot(ray.direction, forward));
        const QVector3D s = frame.toScene(p);
        mesh.vertices.push_back({{s.x(), s.y(), s.z()}, {1.0f, 1.0f, 1.0f, 1.0f}});
    }
    for (std::uint32_t i = 0; i < 4; ++i) {
        mesh.indices.push_back(i);
        mesh.indices.push_back((i + 1) % 4);
    }
    return mesh;
}

} // namespace mapsmith::editor
