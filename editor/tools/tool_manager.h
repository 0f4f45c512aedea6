#pragma once
// Every editing tool of the main window and which one is current. Tools are addressed by ToolId; the
// viewport's terrain and handle input goes to the current tool only (attach), edits go to the document
// set with setDocument. Choosing another tool ends the current one's stroke and drops the object
// selection (it belongs to the Objects tool).

#include "editor/tools/object_tool.h"
#include "editor/tools/stroke_tool.h"

#include <QObject>

#include <array>
#include <cstddef>

#include <glm/vec3.hpp>

namespace mapsmith::core {
class UniqueIdAllocator;
}

namespace mapsmith::editor {

class TerrainViewport;

// The tools, in tool-bar order (the order of ToolManager::kOrder).
enum class ToolId { Sculpt, PaintTexture, Holes, VertexColour, AreaId, Impassable, Shadows, Liquid, Objects };

class ToolManager final : public QObject {
    Q_OBJECT
public:
    // Tool-bar order: a tool's digit key is its place here + 1.
    static constexpr std::array<ToolId, 9> kOrder{
        ToolId::Sculpt,     ToolId::PaintTexture, ToolId::Holes,  ToolId::VertexColour, ToolId::AreaId,
        ToolId::Impassable, ToolId::Shadows,      ToolId::Liquid, ToolId::Objects};

    explicit ToolManager(QObject* parent = nullptr);

    Tool* tool(ToolId id) const { return mTools[slot(id)]; }
    HeightTool* height() const { return mHeight; }
    TextureTool* texture() const { return mTexture; }
    HoleTool* holes() const { return mHoles; }
    VertexColourTool* colour() const { return mColour; }
    AreaIdTool* areaId() const { return mArea; }
    ImpassableTool* impassable() const { return mImpassable; }
    ShadowTool* shadow() const { return mShadow; }
    LiquidTool* liquid() const { return mLiquid; }
    ObjectTool* objects() const { return mObjects; }

    ToolId currentId() const { return mCurrent; }
    Tool* current() const { return tool(mCurrent); }
    // Makes `id` current: the current tool's stroke ends first, and the object selection is dropped
    // unless `id` is Objects. Emits currentToolChanged, also when `id` already was current (the views
    // show it afresh).
    void select(ToolId id);

    // Where edits go (nullptr: presses are ignored) and where new objects take their uniqueIds from.
    // Another document cancels the current stroke and drops the selection.
    void setDocument(core::MapDocument* doc, core::UniqueIdAllocator* ids);
    core::MapDocument* document() const { return mDoc; }
    core::UniqueIdAllocator* ids() const { return mIds; }
    // Takes the viewport's terrain presses, drags and releases and its handle drags from now on.
    void attach(TerrainViewport* viewport);

    // Input, as the viewport reports it (attach connects these). A left press on the terrain starts a
    // stroke of the current tool, except the Objects tool, which takes the pointer events (the ray through
    // the cursor, on terrain or not) instead; handle drags reach the Objects tool while it is current.
    void press(glm::dvec3 world, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);
    void drag(glm::dvec3 world, double pressure);
    void release();
    void pressPointer(const PointerEvent& pointer);
    void movePointer(const PointerEvent& pointer);
    void releasePointer(const PointerEvent& pointer);
    void pressHandle(HandleKind kind, const Ray& ray);
    void dragHandle(const Ray& ray);
    void releaseHandle();

    // Edits of the object selection outside a drag (Delete, the properties panel): one undo step each
    // through core::ObjectEditor; the selection follows the objects. Nothing happens without a
    // document or a selection. deleteSelectedObjects returns how many objects went.
    int deleteSelectedObjects();
    void moveSelectedObjects(const glm::dvec3& delta);
    void rotateSelectedObjects(const glm::dvec3& degrees);
    void scaleSelectedObjects(double factor);

signals:
    void currentToolChanged(mapsmith::editor::ToolId id);
    // A tool's note for the status bar (Tool::message of any tool).
    void message(const QString& text);

private:
    static constexpr std::size_t slot(ToolId id) { return std::size_t(id); }
    template <class Apply> void editSelection(const Apply& apply);

    HeightTool* mHeight;
    TextureTool* mTexture;
    HoleTool* mHoles;
    VertexColourTool* mColour;
    AreaIdTool* mArea;
    ImpassableTool* mImpassable;
    ShadowTool* mShadow;
    LiquidTool* mLiquid;
    ObjectTool* mObjects;
    std::array<Tool*, kOrder.size()> mTools{}; // by slot(id)
    ToolId mCurrent = ToolId::Sculpt;
    core::MapDocument* mDoc = nullptr;
    core::UniqueIdAllocator* mIds = nullptr;
};

} // namespace mapsmith::editor
