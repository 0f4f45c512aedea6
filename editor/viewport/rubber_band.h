#pragma once
// The object tool's rubber band drawn in the viewport: the screen rectangle's outline on a plane
// kRubberBandDepth yards in front of the eye (beyond the near plane), in the overlay pass, so it lies
// over everything exactly where the cursor drew it.

#include "editor/tools/object_handles.h"
#include "editor/viewport/camera_controller.h"
#include "editor/viewport/coloured_mesh.h"
#include "editor/viewport/scene_frame.h"

#include <glm/vec2.hpp>

namespace mapsmith::editor {

inline constexpr double kRubberBandDepth = 2.0 * CameraController::kNearPlane;

// Four white line segments (8 indices) round `band` (viewport pixels) in a viewport of `size` pixels.
ColouredMesh buildRubberBand(const CameraController& camera, glm::dvec2 size, const ScreenBox& band,
                             const SceneFrame& frame);

} // namespace mapsmith::editor
