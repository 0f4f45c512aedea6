#pragma once
// What the viewport draws over selected objects (overlay pass, no depth test): each object's box in
// white and the selection's handles (editor/tools/object_handles.h: selectionHandles, one set at the
// centre of several): axes north red, west green, up blue, and a yellow heading ring with a tick pointing
// where the model (for several: north) faces. Objects not found are skipped.

#include "core/edit/object_edit.h"
#include "editor/viewport/coloured_mesh.h"
#include "editor/viewport/scene_frame.h"

#include <vector>

namespace mapsmith::editor {

ColouredMesh buildSelectionHandles(const core::MapDocument& doc,
                                   const std::vector<core::ObjectRef>& selection, const SceneFrame& frame,
                                   const core::ObjectBoundsSettings& bounds);

} // namespace mapsmith::editor
