#pragma once
// Objects and the terrain under them: "snap to ground" puts an object's position on the terrain, "align to
// slope" tilts it so its up axis follows the terrain's normal there while its heading (rotation y) stays.
// As per-object transforms (ObjectEditor::transformEach), one undo step per call of the edits below.
// World coordinates (x north, y west, z up; yards); rotations in degrees as MDDF/MODF store them.

#include "core/edit/object_edit.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <optional>
#include <vector>

namespace mapsmith::core {

// Half the span (yards) over which the terrain's slope is measured around a point: half a quad.
inline constexpr double kSlopeHalfSpan = kUnitSize / 2.0;

// Unit normal (world) of the document's terrain at a point (core::terrainNormal of placement_options.h
// over MapDocument::heightAt, kSlopeHalfSpan yards to each side); nullopt where a height is missing.
std::optional<glm::dvec3> groundNormal(const MapDocument& doc, glm::dvec2 world);

// The rotation whose model up axis (model +z) points along `worldUp` (unit), with rotation y kept: rotation
// x and z solved from the placement matrix (core/geometry/object_model.h). worldUp must point upwards
// (z > 0).
io::Vec3f rotationWithUp(const io::Vec3f& rotation, glm::dvec3 worldUp);

// Per-object transforms; identity when there is no terrain (or no normal) under the object.
ObjectTransform snappedToGround(const MapDocument& doc, const ObjectState& object);
ObjectTransform alignedToSlope(const MapDocument& doc, const ObjectState& object);

// The edits: every selected object, one undo step ("Snap to ground" / "Align to slope"); the selection
// after it (refs follow their objects).
std::vector<ObjectRef> snapToGround(ObjectEditor& editor, const MapDocument& doc,
                                    const std::vector<ObjectRef>& selection);
std::vector<ObjectRef> alignToSlope(ObjectEditor& editor, const MapDocument& doc,
                                    const std::vector<ObjectRef>& selection);

} // namespace mapsmith::core
