#pragma once
// A selection of objects handled as one: its centre (where the handles sit) and a turn of the whole group
// about a point, as the per-object transforms ObjectDrag::updateEach and ObjectEditor::transformEach take.
// World coordinates (x north, y west, z up; yards), degrees anticlockwise seen from above (north towards
// west), the way headings grow.

#include "core/edit/object_edit.h"

#include <glm/vec3.hpp>

#include <optional>
#include <vector>

namespace mapsmith::core {

// The centre of the box around the selected objects' positions; nullopt when none is found.
std::optional<glm::dvec3> selectionCentre(const MapDocument& doc, const std::vector<ObjectRef>& selection);

// The transform that turns `object` by `degrees` about the vertical axis through `pivot`: its heading
// turns by `degrees` and its position goes round the pivot (its height kept).
ObjectTransform turnedAbout(const ObjectState& object, glm::dvec3 pivot, double degrees);

} // namespace mapsmith::core
