#pragma once
// CPU picking: the first point where a ray meets the loaded terrain, intersected exactly with the
// triangles the game draws (four per quad fanning from the inner vertex, core/geometry/chunk_height.h) and
// skipping hole quads. The ray walks the global quad grid cell by cell (Amanatides-Woo), so the first
// cell with a hit holds the nearest one. Pure: reads the document only.

#include "editor/viewport/camera_controller.h"

#include <glm/vec3.hpp>

#include <optional>

namespace mapsmith::core {
class MapDocument;
}

namespace mapsmith::editor {

// Nearest hit with ray parameter t in [0, maxDistance] (yards, the direction being unit length);
// nullopt when the ray misses every loaded, non-hole quad.
std::optional<glm::dvec3> pickTerrain(const core::MapDocument& doc, const Ray& ray,
                                      double maxDistance = 1.0e5);

// Ray / triangle (Moller-Trumbore, double): the ray parameter of the hit, or nullopt. Edges count
// as inside (1e-9 relative slack) so rays through shared edges never slip between two triangles.
std::optional<double> intersectTriangle(const Ray& ray, glm::dvec3 a, glm::dvec3 b, glm::dvec3 c);

} // namespace mapsmith::editor
