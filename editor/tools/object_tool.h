#pragma once
// Selects and transforms doodads and WMOs with the mouse. A press picks the object under the cursor
// (object_pick.h) and makes it the selection (a press on bare terrain clears it); dragging then
//   - moves it over the ground (its height follows the terrain under it),
//   - with Shift, turns it about its position (the heading follows the cursor around it),
//   - with Ctrl, scales it (distance from its position now / at the press; doodads only),
// as one core::ObjectDrag: one undo step per drag. The viewport's handles (beginHandle) do the same
// along one axis or around the ring. The selection outlives the drag; Delete in the
// main window removes it through core::ObjectEditor.

#include "core/edit/object_edit.h"
#include "core/geometry/placement_options.h"
#include "editor/tools/object_handles.h"
#include "editor/tools/tool.h"

#include <memory>
#include <optional>
#include <vector>

namespace mapsmith::editor {

class ObjectTool final : public Tool {
    Q_OBJECT
public:
    enum class Mode { Move, Rotate, Scale };

    explicit ObjectTool(QObject* parent = nullptr);
    ~ObjectTool() override;

    QString name() const override { return tr("Objects"); }
    QString modifierHint() const override {
        return tr("drag moves, Shift turns, Ctrl scales, Delete removes");
    }
    core::BrushSettings brush() const override; // no ring: radius 0

    void begin(core::MapDocument& doc, glm::dvec3 world, Qt::KeyboardModifiers modifiers) override;
    void drag(glm::dvec3 world, double pressure) override;
    void end() override;
    void cancel() override;
    bool active() const override { return mDrag != nullptr; }

    // Dragging a handle of the selected object (object_handles.h): an axis moves it along that axis,
    // the ring turns it. Ends with end() like a drag; false when nothing is selected or the ray
    // cannot grip the handle (parallel to the axis, missing the ring's plane).
    bool beginHandle(core::MapDocument& doc, HandleKind kind, const Ray& ray);
    void dragHandle(const Ray& ray);

    const std::vector<core::ObjectRef>& selection() const { return mSelection; }
    void setSelection(std::vector<core::ObjectRef> selection);
    const core::ObjectEditSettings& settings() const { return mSettings; }
    // Model bounds for picking, handles and MCRF (the game data's models).
    void setBounds(const core::ObjectBoundsSettings& bounds) { mSettings.bounds = bounds; }
    // The doodad model a click on empty ground places (empty: such a click only clears the selection),
    // and where new uniqueIds come from (the document's allocator; nullptr: nothing is placed).
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

private:
    core::ObjectEditSettings mSettings;
    std::string mPlaceModel;
    core::PlacementOptions mPlacement;
    core::PlacementRandom mRandom;
    core::UniqueIdAllocator* mIds = nullptr;
    std::vector<core::ObjectRef> mSelection;
    std::unique_ptr<core::ObjectDrag> mDrag;
    core::MapDocument* mDoc = nullptr;
    Mode mMode = Mode::Move;
    glm::dvec3 mPress{0.0};
    glm::dvec3 mPivot{0.0};
    std::optional<HandleKind> mHandle; // the handle being dragged
    double mHandleStart = 0.0;         // axis parameter (yards) or ring angle (degrees) at the press
};

} // namespace mapsmith::editor
