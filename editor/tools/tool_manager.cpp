#include "editor/tools/tool_manager.h"

#include "core/document/unique_ids.h"
#include "editor/viewport/terrain_viewport.h"

namespace mapsmith::editor {
namespace {

constexpr bool slotsFollowTheToolBar() {
    for (std::size_t i = 0; i < ToolManager::kOrder.size(); ++i) {
        if (std::size_t(ToolManager::kOrder[i]) != i) {
            return false;
        }
    }
    return true;
}
static_assert(slotsFollowTheToolBar(), "ToolId values are the tool-bar order");

} // namespace

ToolManager::ToolManager(QObject* parent)
    : QObject(parent), mHeight(new HeightTool(this)), mTexture(new TextureTool(this)),
      mHoles(new HoleTool(this)), mColour(new VertexColourTool(this)), mArea(new AreaIdTool(this)),
      mImpassable(new ImpassableTool(this)), mShadow(new ShadowTool(this)), mLiquid(new LiquidTool(this)),
      mObjects(new ObjectTool(this)) {
    mTools = {mHeight, mTexture, mHoles, mColour, mArea, mImpassable, mShadow, mLiquid, mObjects};
    for (Tool* t : mTools) {
        connect(t, &Tool::message, this, &ToolManager::message);
    }
}

void ToolManager::select(ToolId id) {
    current()->end();
    mCurrent = id;
    if (id != ToolId::Objects) {
        // A selection belongs to the object tool: no highlight, and Delete does nothing, elsewhere.
        mObjects->setSelection({});
    }
    emit currentToolChanged(id);
}

void ToolManager::setDocument(core::MapDocument* doc, core::UniqueIdAllocator* ids) {
    if (doc != mDoc) {
        current()->cancel();
        mObjects->setSelection({});
    }
    mDoc = doc;
    mIds = ids;
    mObjects->setIds(ids);
}

void ToolManager::attach(TerrainViewport* viewport) {
    connect(viewport, &TerrainViewport::terrainPressed, this, &ToolManager::press);
    connect(viewport, &TerrainViewport::terrainDragged, this, &ToolManager::drag);
    connect(viewport, &TerrainViewport::terrainReleased, this, &ToolManager::release);
    connect(viewport, &TerrainViewport::handlePressed, this, &ToolManager::pressHandle);
    connect(viewport, &TerrainViewport::handleDragged, this, &ToolManager::dragHandle);
    connect(viewport, &TerrainViewport::handleReleased, this, &ToolManager::releaseHandle);
    connect(viewport, &TerrainViewport::pointerPressed, this, &ToolManager::pressPointer);
    connect(viewport, &TerrainViewport::pointerMoved, this, &ToolManager::movePointer);
    connect(viewport, &TerrainViewport::pointerReleased, this, &ToolManager::releasePointer);
    connect(mObjects, &ObjectTool::bandChanged, viewport,
            [this, viewport] { viewport->setRubberBand(mObjects->band()); });
}

void ToolManager::press(glm::dvec3 world, Qt::MouseButton button, Qt::KeyboardModifiers modifiers) {
    if (mDoc && button == Qt::LeftButton && mCurrent != ToolId::Objects) {
        current()->begin(*mDoc, world, modifiers);
    }
}

void ToolManager::drag(glm::dvec3 world, double pressure) {
    if (mCurrent != ToolId::Objects) {
        current()->drag(world, pressure);
    }
}

void ToolManager::release() {
    if (mCurrent != ToolId::Objects) {
        current()->end();
    }
}

void ToolManager::pressPointer(const PointerEvent& pointer) {
    if (mDoc && mCurrent == ToolId::Objects) {
        mObjects->press(*mDoc, pointer);
    }
}

void ToolManager::movePointer(const PointerEvent& pointer) {
    if (mCurrent == ToolId::Objects) {
        mObjects->move(pointer);
    }
}

void ToolManager::releasePointer(const PointerEvent& pointer) {
    if (mCurrent == ToolId::Objects) {
        mObjects->release(pointer);
    }
}

void ToolManager::pressHandle(HandleKind kind, const Ray& ray) {
    if (mDoc && mCurrent == ToolId::Objects) {
        mObjects->beginHandle(*mDoc, kind, ray);
    }
}

void ToolManager::dragHandle(const Ray& ray) {
    if (mCurrent == ToolId::Objects) {
        mObjects->dragHandle(ray);
    }
}

void ToolManager::releaseHandle() {
    if (mCurrent == ToolId::Objects) {
        mObjects->end();
    }
}

template <class Apply> void ToolManager::editSelection(const Apply& apply) {
    if (!mDoc || !mIds || mObjects->selection().empty()) {
        return;
    }
    core::ObjectEditor editor(*mDoc, *mIds, mObjects->settings());
    mObjects->setSelection(apply(editor, mObjects->selection()));
}

int ToolManager::deleteSelectedObjects() {
    int removed = 0;
    editSelection([&removed](core::ObjectEditor& e, const std::vector<core::ObjectRef>& selection) {
        removed = e.remove(selection);
        return std::vector<core::ObjectRef>{};
    });
    return removed;
}

void ToolManager::moveSelectedObjects(const glm::dvec3& delta) {
    editSelection([&](core::ObjectEditor& e, const auto& selection) { return e.move(selection, delta); });
}

void ToolManager::rotateSelectedObjects(const glm::dvec3& degrees) {
    editSelection([&](core::ObjectEditor& e, const auto& selection) { return e.rotate(selection, degrees); });
}

void ToolManager::scaleSelectedObjects(double factor) {
    editSelection([&](core::ObjectEditor& e, const auto& selection) { return e.scale(selection, factor); });
}

} // namespace mapsmith::editor
