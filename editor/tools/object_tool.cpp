#include "editor/tools/object_tool.h"

#include "core/document/map_document.h"
#include "core/edit/object_group.h"
#include "core/models/model_bounds.h"
#include "editor/tools/object_pick.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace mapsmith::editor {
namespace {

bool sameObject(const core::ObjectRef& a, const core::ObjectRef& b) {
    return a.kind == b.kind && a.uniqueId == b.uniqueId;
}

bool holds(const std::vector<core::ObjectRef>& selection, const core::ObjectRef& ref) {
    return std::any_of(selection.begin(), selection.end(),
                       [&](const core::ObjectRef& r) { return sameObject(r, ref); });
}

// Where the pointer's ray meets the horizontal plane at `height` (world yards), if it does ahead.
std::optional<glm::dvec3> onPlane(const Ray& ray, double height) {
    if (std::abs(ray.direction.z) < 1e-9) {
        return std::nullopt;
    }
    const double t = (height - ray.origin.z) / ray.direction.z;
    if (t <= 0.0) {
        return std::nullopt;
    }
    return ray.origin + t * ray.direction;
}

} // namespace

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

void ObjectTool::setBand(std::optional<ScreenBox> band) {
    const bool same = band.has_value() == mBand.has_value() &&
                      (!band || (band->min == mBand->min && band->max == mBand->max));
    if (same) {
        return;
    }
    mBand = band;
    emit bandChanged();
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

// Gestures -----------------------------------------------------------------------------------------

void ObjectTool::press(core::MapDocument& doc, const PointerEvent& pointer) {
    cancel();
    mDoc = &doc;
    mPress = pointer;
    mLast = pointer;
    mMoved = false;
    mNarrowOnClick = false;
    const auto pick = pickObjectHit(doc, pointer, mSettings.bounds);
    if (!pick) {
        mHit.reset();
        mGesture = Gesture::Pending;
        return;
    }
    mHit = pick->ref;
    mGrab = pick->point;
    if (pointer.modifiers & Qt::ControlModifier) {
        mGesture = Gesture::Toggle;
        return;
    }
    if (!holds(mSelection, *mHit)) {
        setSelection({*mHit});
    } else {
        mNarrowOnClick = mSelection.size() > 1;
    }
    if (pointer.modifiers & Qt::ShiftModifier) {
        startDrag(Mode::Rotate, tr("Rotate objects"));
    } else {
        startDrag(Mode::Move, tr("Move objects"));
    }
}

void ObjectTool::startDrag(Mode mode, const QString& text) {
    mMode = mode;
    const auto centre = core::selectionCentre(*mDoc, mSelection);
    mPivot = centre.value_or(mPress.ground.value_or(glm::dvec3(0.0)));
    mDrag = std::make_unique<core::ObjectDrag>(*mDoc, mSelection, mSettings, nullptr, text);
    mGesture = Gesture::Drag;
    const bool wmo = std::any_of(mSelection.begin(), mSelection.end(),
                                 [](const core::ObjectRef& r) { return r.kind == core::ObjectKind::Wmo; });
    if (mode == Mode::Scale && wmo) {
        emit message(tr("WMOs have no scale in this client; drag without Ctrl to move, Shift to turn"));
    }
}

bool ObjectTool::movedFromPress(const PointerEvent& pointer) const {
    if (pointer.screen && mPress.screen) {
        return glm::distance(*pointer.screen, *mPress.screen) >= kClickPixels;
    }
    if (pointer.ground && mPress.ground) {
        return glm::distance(*pointer.ground, *mPress.ground) >= kClickYards;
    }
    return false;
}

void ObjectTool::move(const PointerEvent& pointer) {
    if (mGesture == Gesture::None) {
        return;
    }
    mLast = pointer;
    mMoved = mMoved || movedFromPress(pointer);
    switch (mGesture) {
    case Gesture::None:
        break;
    case Gesture::Pending:
        if (mMoved && pointer.screen && mPress.screen && pointer.project) {
            mGesture = Gesture::Band;
            setBand(ScreenBox{glm::min(*mPress.screen, *pointer.screen),
                              glm::max(*mPress.screen, *pointer.screen)});
        }
        break;
    case Gesture::Band:
        if (pointer.screen) {
            setBand(ScreenBox{glm::min(*mPress.screen, *pointer.screen),
                              glm::max(*mPress.screen, *pointer.screen)});
        }
        break;
    case Gesture::Toggle:
        if (mMoved) {
            if (!holds(mSelection, *mHit)) {
                auto grown = mSelection;
                grown.push_back(*mHit);
                setSelection(std::move(grown));
            }
            startDrag(Mode::Scale, tr("Scale objects"));
            updateDrag(pointer);
        }
        break;
    case Gesture::Drag:
        if (!mHandle && mMoved) { // a click never edits
            updateDrag(pointer);
        }
        break;
    }
}

void ObjectTool::updateDrag(const PointerEvent& pointer) {
    if (!mDrag || !mDoc) {
        return;
    }
    // The point grabbed stays under the pointer on the horizontal plane through it.
    const glm::dvec3 from = mGrab;
    const auto to = onPlane(pointer.ray, mGrab.z);
    if (!to) {
        return; // the pointer's ray misses the plane: the selection stays where it was
    }
    const core::MapDocument* doc = mDoc;
    const auto ground = [doc](glm::dvec2 p) { return doc->heightAt(p); };
    switch (mMode) {
    case Mode::Move:
        // Each object's height follows the ground under it.
        mDrag->updateEach([&](const core::ObjectState& start) {
            return transformFor(Mode::Move, core::placementToWorld(start.position()), from, *to, ground);
        });
        break;
    case Mode::Rotate: {
        const double degrees = transformFor(Mode::Rotate, mPivot, from, *to, ground).rotate.y;
        const glm::dvec3 pivot = mPivot;
        mDrag->updateEach(
            [&](const core::ObjectState& start) { return core::turnedAbout(start, pivot, degrees); });
        break;
    }
    case Mode::Scale:
        mDrag->update(transformFor(Mode::Scale, mPivot, from, *to, ground));
        break;
    }
}

void ObjectTool::release(const PointerEvent& pointer) {
    if (mGesture == Gesture::None) {
        return;
    }
    move(pointer);
    const bool adding = (mPress.modifiers & Qt::ControlModifier) != 0;
    switch (mGesture) {
    case Gesture::None:
        break;
    case Gesture::Pending:
        if (!mMoved) {
            clickOnEmpty(pointer);
        }
        break;
    case Gesture::Band: {
        std::vector<core::ObjectRef> inside = objectsInBand(*mDoc, *mBand, pointer.project);
        if (adding) {
            auto grown = mSelection;
            for (const core::ObjectRef& ref : inside) {
                if (!holds(grown, ref)) {
                    grown.push_back(ref);
                }
            }
            inside = std::move(grown);
        }
        setBand(std::nullopt);
        setSelection(std::move(inside));
        break;
    }
    case Gesture::Toggle: {
        auto toggled = mSelection;
        if (holds(toggled, *mHit)) {
            std::erase_if(toggled, [&](const core::ObjectRef& r) { return sameObject(r, *mHit); });
        } else {
            toggled.push_back(*mHit);
        }
        setSelection(std::move(toggled));
        break;
    }
    case Gesture::Drag: {
        mDrag->finish();
        // Objects may have crossed into other tiles: the refs follow them.
        auto selection = mDrag->selection();
        mDrag.reset();
        if (mNarrowOnClick && !mMoved) {
            std::erase_if(selection, [&](const core::ObjectRef& r) { return !sameObject(r, *mHit); });
        }
        setSelection(std::move(selection));
        break;
    }
    }
    mGesture = Gesture::None;
    mDoc = nullptr;
    mHit.reset();
    mHandle.reset();
}

void ObjectTool::clickOnEmpty(const PointerEvent& pointer) {
    if (!mPlaceModel.empty() && mIds) {
        const QString model = QString::fromStdString(mPlaceModel);
        if (pointer.ground) {
            core::ObjectEditor editor(*mDoc, *mIds, mSettings);
            const core::MapDocument* doc = mDoc;
            const auto height = [doc](glm::dvec2 p) { return doc->heightAt(p); };
            const glm::dvec3 world = *pointer.ground;
            const core::PlacementChoice at =
                core::choosePlacement(mPlacement, world, doc->heightAt(glm::dvec2(world)),
                                      core::terrainNormal(height, glm::dvec2(world)), mRandom);
            const auto placed =
                core::kindOfModelName(mPlaceModel) == core::ObjectKind::Wmo
                    ? editor.addWmo(mPlaceModel, at.world, at.rotation)
                    : editor.addDoodad(mPlaceModel, at.world, at.rotation, core::scaleFromFactor(at.scale));
            if (placed) {
                setSelection({*placed});
                emit message(tr("Placed %1").arg(model));
                return;
            }
        }
        emit message(tr("Cannot place %1 here (no loaded tile)").arg(model));
    }
    if (!(mPress.modifiers & Qt::ControlModifier)) {
        setSelection({});
    }
}

void ObjectTool::begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) {
    press(doc, groundPointer(world, modifiers));
}

void ObjectTool::drag(glm::dvec3 world, double) {
    move(groundPointer(world, mPress.modifiers));
}

void ObjectTool::end() {
    release(mLast);
}

void ObjectTool::cancel() {
    if (mDrag) {
        mDrag->cancel();
        mDrag.reset();
    }
    setBand(std::nullopt);
    mGesture = Gesture::None;
    mDoc = nullptr;
    mHit.reset();
    mHandle.reset();
}

// Handles ------------------------------------------------------------------------------------------

bool ObjectTool::beginHandle(core::MapDocument& doc, HandleKind kind, const Ray& ray) {
    cancel();
    if (mSelection.empty()) {
        return false;
    }
    const auto handles = selectionHandles(doc, mSelection, mSettings.bounds);
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
    mMoved = true; // a handle drag never narrows the selection
    mNarrowOnClick = false;
    mPress = mLast = PointerEvent{ray, std::nullopt, std::nullopt, Qt::NoModifier, {}};
    mDrag = std::make_unique<core::ObjectDrag>(doc, mSelection, mSettings, nullptr,
                                               kind == HandleKind::Ring ? tr("Rotate objects")
                                                                        : tr("Move objects"));
    mGesture = Gesture::Drag;
    return true;
}

void ObjectTool::dragHandle(const Ray& ray) {
    if (!mDrag || !mHandle) {
        return;
    }
    if (*mHandle == HandleKind::Ring) {
        const auto angle = ringAngle(ray, mPivot);
        if (!angle) {
            return;
        }
        const double degrees = std::remainder(*angle - mHandleStart, 360.0);
        const glm::dvec3 pivot = mPivot;
        mDrag->updateEach(
            [&](const core::ObjectState& start) { return core::turnedAbout(start, pivot, degrees); });
        return;
    }
    const glm::dvec3 axis = ObjectHandles{}.axis(*mHandle);
    const auto along = axisParameter(ray, mPivot, axis);
    if (!along) {
        return;
    }
    core::ObjectTransform t;
    t.translate = axis * (*along - mHandleStart);
    mDrag->update(t);
}

} // namespace mapsmith::editor
