#pragma once
// Which objects a pointer means. A click: the object the ray from the eye picks (core/models/object_pick.h:
// its box, then its triangles), unless the terrain hides it (the ray meets the ground more than
// kTerrainSlack yards before it). A rubber band: every object whose position projects inside the screen
// rectangle. Each object counts once, named by its owning tile. Exact and testable: no GPU involved.

#include "core/edit/object_edit.h"
#include "editor/tools/object_handles.h"
#include "editor/tools/pointer_event.h"

#include <optional>
#include <vector>

namespace mapsmith::editor {

inline constexpr double kTerrainSlack = 0.25; // yards: an object touching the ground is not hidden by it

std::optional<core::ObjectRef> pickObject(const core::MapDocument& doc, const PointerEvent& pointer,
                                          const core::ObjectBoundsSettings& bounds);
// The same with where the ray met it.
struct PointerPick {
    core::ObjectRef ref;
    glm::dvec3 point{0.0}; // world
};
std::optional<PointerPick> pickObjectHit(const core::MapDocument& doc, const PointerEvent& pointer,
                                         const core::ObjectBoundsSettings& bounds);

std::vector<core::ObjectRef> objectsInBand(const core::MapDocument& doc, const ScreenBox& band,
                                           const Projector& project);

} // namespace mapsmith::editor
