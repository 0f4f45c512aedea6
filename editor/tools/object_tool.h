#pragma once
// Selects and transforms doodads and WMOs with the mouse. The viewport's pointer events (pointer_event.h)
// carry the ray through the cursor: a press picks the object that ray meets first (object_pick.h). Then
//   - a click (press and release within kClickPixels) on an object selects it alone; with Ctrl it is
//     added to the selection or taken out of it;
//   - a drag from a selected object moves the whole selection over the ground (the point grabbed stays
//     under the pointer on the horizontal plane through it; each object's height follows the terrain
//     under it), with Shift turns it about the selection's centre, with Ctrl scales
//     each object about its own position (doodads only); a drag from an object outside the selection
//     selects it first (with Ctrl: adds it). Each drag is one core::ObjectDrag: one undo step;
//   - a click on empty ground places the model set with setPlaceModel (at the release, as the placement
//     options say: core::choosePlacement), else clears the selection (with Ctrl it keeps it);
//   - a drag from empty ground draws a rubber band (band()); on release every object whose position
//     projects inside it becomes the selection (with Ctrl: is added to it).
// The viewport's handles (beginHandle) move the selection along one axis or turn it about its centre
// (object_handles.h: selectionHandles). Input given as ground points only (Tool::begin / drag / end)
// looks straight down onto them and has no rubber band. The selection outlives the gestures; edits of
// it outside a gesture (delete, copy, snap...) go through the tool manager and object_commands.h.

#include "core/edit/object_edit.h"
#include "core/geometry/placement_options.h"
#include "editor/tools/object_handles.h"
#include "editor/tools/pointer_event.h"
#include "editor/tools/tool.h"

#include <functional>
#include <memory>
#include <optional>
#include <vector>

namespace mapsmith::editor {

class ObjectTool final : public Tool {
    Q_OBJECT
public:
    enum class Mode { Move, Rotate, Scale };
    static constexpr double kClickPixels = 4.0; // a press and release closer than this is a click
    static constexpr double kClickYards = 0.05; // the same for ground-only input

    explicit ObjectTool(QObject* parent = nullptr);
    ~ObjectTool() override;

    QString name() const override { return tr("Objects"); }
    QString modifierHint() const override {
        return tr("click selects (Ctrl adds or removes), drag moves, Shift turns, Ctrl scales, drag on empty "
                  "ground selects a box, Delete removes");
    }
    core::BrushSettings brush() const override; // no ring: radius 0

    // The viewport's left-button pointer events.
    void press(core::MapDocument& doc, const PointerEvent& pointer);
    void move(const PointerEvent& pointer);
    void release(const PointerEvent& pointer);

    // Ground points only (groundPointer()).
    void begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) override;
    void drag(glm::dvec3 world, double pressure) override;
    // Ends the gesture as if released where the pointer was last.
    void end() override;
    void cancel() override;
    bool active() const override { return mGesture != Gesture::None; }

    // Dragging a handle of the selection (object_handles.h): an axis moves it along that axis, the ring
    // turns it about its centre. Ends with end() like a drag; false when nothing is selected or the ray
    // cannot grip the handle (parallel to the axis, missing the ring's plane).
    bool beginHandle(core::MapDocument& doc, HandleKind kind, const Ray& ray);
    void dragHandle(const Ray& ray);

    const std::vector<core::ObjectRef>& selection() const { return mSelection; }
    void setSelection(std::vector<core::ObjectRef> selection);
    // The rubber band being drawn (viewport pixels); nullopt when none.
    std::optional<ScreenBox> band() const { return mBand; }
    const core::ObjectEditSettings& settings() const { return mSettings; }
    // Model bounds and meshes for picking, handles and MCRF (the game data's models).
    void setBounds(const core::ObjectBoundsSettings& bounds) { mSettings.bounds = bounds; }
    // The model a click on empty ground places (empty: such a click only clears the selection), and
    // where new uniqueIds come from (the document's allocator; nullptr: nothing is placed).
    void setPlaceModel(std::string model) { mPlaceModel = std::move(model); }
    const std::string& placeModel() const { return mPlaceModel; }
    void setIds(core::UniqueIdAllocator* ids) { mIds = ids; }
    // How such a click places the model (heading, scale, tilt, slope, ground: core::choosePlacement); the
    // random draws come from a generator seeded from the system at construction, or by seedPlacement.
    void setPlacementOptions(const core::PlacementOptions& options) { mPlacement = options; }
    const core::PlacementOptions& placementOptions() const { return mPlacement; }
    void seedPlacement(std::uint64_t seed) { mRandom.seed(seed); }

    // The transform a drag from `press` to `now` (world points on the ground) asks of an object at
    // `pivot` (world). Pure, for tests; terrain heights are looked up by the caller's function.
    static core::ObjectTransform transformFor(Mode mode, glm::dvec3 pivot, glm::dvec3 press, glm::dvec3 now,
                                              const std::function<std::optional<double>(glm::dvec2)>& ground);

signals:
    void selectionChanged();
    void bandChanged();

private:
    enum class Gesture {
        None,
        Pending, // pressed on no object: a click, or a rubber band once it moves
        Band,
        Toggle, // Ctrl pressed on an object: a click adds or removes it, a drag scales
        Drag,   // mDrag runs (body or handle)
    };
    void startDrag(Mode mode, const QString& text);
    void updateDrag(const PointerEvent& pointer);
    bool movedFromPress(const PointerEvent& pointer) const;
    void clickOnEmpty(const PointerEvent& pointer);
    void setBand(std::optional<ScreenBox> band);

    core::ObjectEditSettings mSettings;
    std::string mPlaceModel;
    core::PlacementOptions mPlacement;
    core::PlacementRandom mRandom;
    core::UniqueIdAllocator* mIds = nullptr;
    std::vector<core::ObjectRef> mSelection;
    std::unique_ptr<core::ObjectDrag> mDrag;
    core::MapDocument* mDoc = nullptr;
    Gesture mGesture = Gesture::None;
    Mode mMode = Mode::Move;
    PointerEvent mPress;
    PointerEvent mLast;
    bool mMoved = false;                 // the pointer left the click distance since the press
    std::optional<core::ObjectRef> mHit; // the object pressed on
    bool mNarrowOnClick = false;         // a click on a member of a larger selection selects it alone
    glm::dvec3 mPivot{0.0};              // world: the selection's centre at the press
    glm::dvec3 mGrab{0.0};               // world: where the press met the object
    std::optional<ScreenBox> mBand;
    std::optional<HandleKind> mHandle; // the handle being dragged
    double mHandleStart = 0.0;         // axis parameter (yards) or ring angle (degrees) at the press
};

} // namespace mapsmith::editor
