#pragma once
// The brush cursor: circles draped over the terrain, sampled on MapDocument::heightAt and lifted a
// little so they stay visible. Points off the loaded terrain take the height of the previous sample
// (or the centre's).

#include "editor/viewport/coloured_mesh.h"
#include "editor/viewport/scene_frame.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <vector>

namespace mapsmith::core {
class MapDocument;
}

namespace mapsmith::editor {

inline constexpr int kRingSegments = 96;
inline constexpr double kRingLift = 0.25; // yards above the surface

// kRingSegments + 1 world points around `centre` (the last equals the first); empty for radius <= 0.
std::vector<glm::dvec3> ringPoints(const core::MapDocument& doc, glm::dvec2 centre, double centreHeight,
                                   double radius);

// Both rings as one line list: outer white, inner yellow (skipped when <= 0 or >= the outer radius).
ColouredMesh buildBrushRings(const core::MapDocument& doc, glm::dvec3 centre, double outerRadius,
                             double innerRadius, const SceneFrame& frame);

} // namespace mapsmith::editor
