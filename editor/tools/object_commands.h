#pragma once
// The object commands of the Edit menu on the object tool's selection, each one undo step through core
// (core/edit/object_clipboard.h, object_ground.h, ObjectEditor): copy, paste at a point, duplicate beside
// the originals, snap to ground, align to the terrain's slope, the WMOs' doodad set, select none. After an
// edit the selection names the objects it made or moved. Without a document, a selection or ids nothing
// happens (0 is returned).

#include "core/edit/object_clipboard.h"

#include <QObject>

#include <glm/vec3.hpp>

#include <cstdint>

namespace mapsmith::editor {

class ToolManager;

class ObjectCommands final : public QObject {
    Q_OBJECT
public:
    explicit ObjectCommands(ToolManager& tools, QObject* parent = nullptr);

    // Copies the selected objects (nothing selected: the clipboard is kept); how many were copied.
    int copy();
    const core::ObjectClipboard& clipboard() const { return mClipboard; }
    // The copies with the clipboard's anchor at `at` (world; normally the ground under the cursor): they
    // become the selection; how many were placed.
    int paste(glm::dvec3 at);
    // Copies of the selection kDuplicateOffset beside it (the clipboard is not touched).
    int duplicate();
    int snapToGround();
    int alignToSlope();
    // MODF doodad set of the selected WMOs (doodads are left alone); how many WMOs were selected.
    int setDoodadSet(std::uint16_t set);
    void selectNone();

signals:
    void clipboardChanged();

private:
    bool ready() const; // a document and ids to edit with

    ToolManager& mTools;
    core::ObjectClipboard mClipboard;
};

} // namespace mapsmith::editor
