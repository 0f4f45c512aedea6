#pragma once
// What the viewport draws over selected objects (overlay pass, no depth test): the object's box in
// white, three axis handles from its position (north red, west green, up blue; as long as the box is
// big, at least 4 yd) and a yellow heading ring on the ground around it with a tick pointing where
// the model faces. Objects not found in the document are skipped.

#include "core/object_edit.h"
#include "editor/viewport/coloured_mesh.h"
#include "editor/viewport/scene_frame.h"

#include <vector>

namespace mapsmith::editor {

inline constexpr int kHandleRingSegments = 48;

ColouredMesh buildSelectionHandles(const core::MapDocument& doc,
                                   const std::vector<core::ObjectRef>& selection, const SceneFrame& frame,
                                   const core::ObjectBoundsSettings& bounds);

} // namespace mapsmith::editor
