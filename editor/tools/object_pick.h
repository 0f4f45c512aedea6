#pragma once
// Which object a click on the ground means: among the objects of the loaded tiles whose bounds,
// seen from above and grown by `slack` yards, contain the ground point, the one whose footprint is
// smallest (a lamp in front of a house wins over the house), ties to the nearest position. Each
// object counts once, however many tiles hold a copy; the ref names the tile holding it that
// contains its position when that tile is loaded. Exact and testable: no GPU involved.

#include "core/edit/object_edit.h"

#include <glm/vec2.hpp>

#include <optional>

namespace mapsmith::editor {

std::optional<core::ObjectRef> pickObject(const core::MapDocument& doc, glm::dvec2 world,
                                          const core::ObjectBoundsSettings& bounds, double slack = 1.0);

} // namespace mapsmith::editor
