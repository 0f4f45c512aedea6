#pragma once
// Copying objects and placing the copies elsewhere: a clipboard holds each copied object as stored (kind,
// model, rotation, scale, flags, WMO doodad and name sets) with its position relative to the group's
// anchor (the centre of the box around the positions) and its height above the terrain when copied.
// Pasting puts the anchor at a given point: each copy at that point plus its offset, standing as high
// above the terrain under it as the original stood above its own (where either has no terrain under it:
// the point's height plus the offset). Copies get fresh uniqueIds; a paste is one undo step. World
// coordinates (x north, y west, z up; yards).

#include "core/edit/object_edit.h"

#include <glm/vec3.hpp>

#include <optional>
#include <vector>

namespace mapsmith::core {

struct ClipboardObject {
    ObjectState state;                 // as copied; the uniqueId is replaced when pasted
    glm::dvec3 offset{0.0};            // from the anchor
    std::optional<double> aboveGround; // yards above the terrain when copied; nullopt: no terrain there
};

struct ObjectClipboard {
    std::vector<ClipboardObject> objects;
    glm::dvec3 anchor{0.0};
    bool empty() const { return objects.empty(); }
};

// Where Duplicate puts the copies: this far from the originals (2 yd north, 2 yd west).
inline constexpr glm::dvec3 kDuplicateOffset{2.0, 2.0, 0.0};

// The selected objects found in the document (each once), in selection order.
ObjectClipboard copyObjects(const MapDocument& doc, const std::vector<ObjectRef>& selection);

// The copies placed with the anchor at `at`, as new objects for ObjectEditor::addObjects (uniqueIds still
// the originals'). A WMO's extents are its model's box placed (bounds.modelBounds), else its copied
// extents carried along.
std::vector<ObjectState> placedCopies(const MapDocument& doc, const ObjectClipboard& clipboard, glm::dvec3 at,
                                      const ObjectBoundsSettings& bounds);

// Adds the copies placed at `at`: one undo step; the new objects' refs (those on a loaded tile).
std::vector<ObjectRef> pasteObjects(ObjectEditor& editor, const MapDocument& doc,
                                    const ObjectClipboard& clipboard, glm::dvec3 at,
                                    const QString& text = QStringLiteral("Paste objects"));

} // namespace mapsmith::core
