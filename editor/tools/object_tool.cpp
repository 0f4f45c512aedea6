#include "editor/tools/object_tool.h"

#include "core/document/map_document.h"
#include "core/models/model_bounds.h"
#include "editor/tools/object_pick.h"

#include <glm/geometric.hpp>

#include <cmath>
#include <numbers>
#include <random>

namespace mapsmith::editor {

ObjectTool::ObjectTool(QObject* parent) : Tool(parent), mRandom(std::random_device{}()) {}

ObjectTool::~ObjectTool() = default;

core::BrushSettings ObjectTool::brush() const {
    core::BrushSettings none;
    none.radius = 0.0;
    return none;
}

void ObjectTool::setSelection(std::vector<core::ObjectRef> selection) {
    if (selection == mSelection) {
        return;
    }
    mSelection = std::move(selection);
    emit selectionChanged();
}

core::ObjectTransform
ObjectTool::transformFor(Mode mode, glm::dvec3 pivot, glm::dvec3 press, glm::dvec3 now,
                         const std::function<std::optional<double>(glm::dvec2)>& ground) {
    core::ObjectTransform t;
    const glm::dvec2 from = glm::dvec2(press) - glm::dvec2(pivot);
    const glm::dvec2 to = glm::dvec2(now) - glm::dvec2(pivot);
    switch (mode) {
    case Mode::Move: {
        const glm::dvec2 delta = glm::dvec2(now) - glm::dvec2(press);
        t.translate = glm::dvec3(delta, 0.0);
        // Keep the object's height above the ground: the terrain's rise under it.
        const auto before = ground(glm::dvec2(pivot));
        const auto after = ground(glm::dvec2(pivot) + delta);
        if (before && after) {
            t.translate.z = *after - *before;
        }
        break;
    }
    case Mode::Rotate: {
        if (glm::length(from) < 0.5 || glm::length(to) < 0.5) {
            break; // too close to the pivot to have a direction
        }
        // World angles grow from north (x) towards west (y), anticlockwise seen from above; the
        // heading (rotation y) grows the same way.
        const double degrees =
            (std::atan2(to.y, to.x) - std::atan2(from.y, from.x)) * 180.0 / std::numbers::pi;
        t.rotate.y = std::remainder(degrees, 360.0);
        break;
    }
    case Mode::Scale: {
        const double start = std::max(glm::length(from), 1.0);
        t.scale = std::max(glm::length(to), 0.05) / start;
        break;
    }
    }
    return t;
}

void ObjectTool::begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) {
    cancel();
    const auto hit = pickObject(doc, glm::dvec2(world), mSettings.bounds);
    if (!hit) {
        if (!mPlaceModel.empty() && mIds) {
            core::ObjectEditor editor(doc, *mIds, mSettings);
            const auto height = [&doc](glm::dvec2 p) { return doc.heightAt(p); };
            const core::PlacementChoice at =
                core::choosePlacement(mPlacement, world, doc.heightAt(glm::dvec2(world)),
                                      core::terrainNormal(height, glm::dvec2(world)), mRandom);
            const auto placed =
                core::kindOfModelName(mPlaceModel) == core::ObjectKind::Wmo
                    ? editor.addWmo(mPlaceModel, at.world, at.rotation)
                    : editor.addDoodad(mPlaceModel, at.world, at.rotation, core::scaleFromFactor(at.scale));
            if (placed) {
                setSelection({*placed});
                emit message(tr("Placed %1").arg(QString::fromStdString(mPlaceModel)));
                return;
            }
            emit message(
                tr("Cannot place %1 here (no loaded tile)").arg(QString::fromStdString(mPlaceModel)));
        }
        setSelection({});
        return;
    }
    setSelection({*hit});
    const auto state = core::findObject(doc, *hit);
    if (!state) {
        return;
    }
    mDoc = &doc;
    mPivot = core::placementToWorld(state->position());
    mPress = world;
    mMode = (modifiers & Qt::ShiftModifier)     ? Mode::Rotate
            : (modifiers & Qt::ControlModifier) ? Mode::Scale
                                                : Mode::Move;
    const QString text = mMode == Mode::Move     ? tr("Move object")
                         : mMode == Mode::Rotate ? tr("Rotate object")
                                                 : tr("Scale object");
    mDrag = std::make_unique<core::ObjectDrag>(doc, mSelection, mSettings, nullptr, text);
    if (mMode == Mode::Scale && hit->kind == core::ObjectKind::Wmo) {
        emit message(tr("WMOs have no scale in this client; drag without Ctrl to move, Shift to turn"));
    }
}

bool ObjectTool::beginHandle(core::MapDocument& doc, HandleKind kind, const Ray& ray) {
    cancel();
    if (mSelection.empty()) {
        return false;
    }
    const auto handles = objectHandles(doc, mSelection.front(), mSettings.bounds);
    if (!handles) {
        return false;
    }
    const auto start = kind == HandleKind::Ring ? ringAngle(ray, handles->position)
                                                : axisParameter(ray, handles->position, handles->axis(kind));
    if (!start) {
        return false;
    }
    mDoc = &doc;
    mPivot = handles->position;
    mHandle = kind;
    mHandleStart = *start;
    mDrag = std::make_unique<core::ObjectDrag>(doc, mSelection, mSettings, nullptr,
                                               kind == HandleKind::Ring ? tr("Rotate object")
                                                                        : tr("Move object"));
    return true;
}

void ObjectTool::dragHandle(const Ray& ray) {
    if (!mDrag || !mHandle) {
        return;
    }
    core::ObjectTransform t;
    if (*mHandle == HandleKind::Ring) {
        const auto angle = ringAngle(ray, mPivot);
        if (!angle) {
            return;
        }
        t.rotate.y = std::remainder(*angle - mHandleStart, 360.0);
    } else {
        const glm::dvec3 axis = ObjectHandles{}.axis(*mHandle);
        const auto along = axisParameter(ray, mPivot, axis);
        if (!along) {
            return;
        }
        t.translate = axis * (*along - mHandleStart);
    }
    mDrag->update(t);
}

void ObjectTool::drag(glm::dvec3 world, double) {
    if (!mDrag || !mDoc) {
        return;
    }
    const core::MapDocument* doc = mDoc;
    mDrag->update(
        transformFor(mMode, mPivot, mPress, world, [doc](glm::dvec2 p) { return doc->heightAt(p); }));
}

void ObjectTool::end() {
    if (!mDrag) {
        return;
    }
    mDrag->finish();
    // The object may have crossed into another tile: the refs follow it.
    auto selection = mDrag->selection();
    mDrag.reset();
    mDoc = nullptr;
    mHandle.reset();
    setSelection(std::move(selection));
}

void ObjectTool::cancel() {
    if (mDrag) {
        mDrag->cancel();
        mDrag.reset();
    }
    mDoc = nullptr;
    mHandle.reset();
}

} // namespace mapsmith::editor
