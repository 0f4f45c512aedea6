#pragma once
// Object editing on a document: add, move, rotate, scale and delete doodads (MDDF) and WMOs (MODF),
// each user operation one undo step (CommandId::ObjectEdit).
//
// An object is identified by {kind, uniqueId}; ObjectRef::tile names a loaded tile holding an entry
// for it (its owning tile, the one containing its position, whenever that is loaded). Edits keep
// Blizzard's layout (see core/geometry/object_model.h): an object has an entry, with the same uniqueId, in
// every loaded tile its bounds overlap and in its owning tile; each of those tiles references it from
// every one of its chunks the bounds overlap (MCRF, ascending indices). So an object crossing a tile
// border leaves the source tile's MDDF/MODF (that tile's MCRF renumbered) and joins the destination's
// (its name added to MMDX/MWMO when missing), keeping its uniqueId. Only the edited objects' refs are
// recomputed; every other entry keeps its MCRF refs as read.
// Before editing, tiles of the WDT that the object's old or new bounds overlap are loaded (when
// loadOverlappedTiles), so no stale copy is left behind in a tile that was not loaded.
// Name tables: a name stays in MMDX/MWMO when its last user leaves the tile (harmless; no nameIndex
// is ever renumbered); the writer rebuilds MMID/MWID from the tables.
// Scale: MDDF only (1024 = 1.0, clamped to 1..65535); MODF scale is padding in WotLK and is kept.
// Ids: entries are found by {kind, uniqueId}, the first match per tile; objects sharing an id with
// another (findDuplicateIds) should get a fresh id before they are edited. Tile loads done for an edit
// are not undone (loading is not an edit).

#include "core/edit/stroke_recorder.h"
#include "core/geometry/object_model.h"

#include <glm/vec3.hpp>

#include <QString>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::core {

class MapDocument;
class UniqueIdAllocator;

struct ObjectRef {
    TileCoord tile;
    ObjectKind kind = ObjectKind::Doodad;
    std::uint32_t uniqueId = 0;
    bool operator==(const ObjectRef&) const = default;
};

// A change relative to each object's placement at the start of the operation; each object turns and
// scales about its own position.
struct ObjectTransform {
    glm::dvec3 translate{0.0}; // world yards (x north, y west, z up)
    glm::dvec3 rotate{0.0};    // degrees added to rotation x, y (heading), z (placement axes, as stored)
    double scale = 1.0;        // multiplies MDDF scale; ignored for WMOs
    std::optional<std::uint16_t> doodadSet; // WMOs: the MODF doodad set to show; ignored for doodads
};

struct ObjectEditSettings {
    ObjectBoundsSettings bounds;
    bool loadOverlappedTiles = true;
};

// An object as stored: its kind, model name and entry (the copy in ObjectRef::tile).
struct ObjectState {
    ObjectKind kind = ObjectKind::Doodad;
    std::string name;
    io::DoodadPlacement doodad; // kind == Doodad
    io::MapObjectPlacement wmo; // kind == Wmo
    std::uint32_t uniqueId() const { return kind == ObjectKind::Doodad ? doodad.uniqueId : wmo.uniqueId; }
    glm::dvec3 position() const {
        return toDvec(kind == ObjectKind::Doodad ? doodad.position : wmo.position);
    }
};
std::optional<ObjectState> findObject(const MapDocument& doc, const ObjectRef& ref);
// Every loaded tile holding an entry of the object, in tile order.
std::vector<TileCoord> tilesHolding(const MapDocument& doc, ObjectKind kind, std::uint32_t uniqueId);

// One interactive operation (e.g. dragging a selection): update() as often as the mouse moves, each
// time with the transform from the start; finish() pushes one undo step (nothing when nothing
// changed, e.g. dropped where it started); cancel() restores. Unfinished drags finish on destruction.
class ObjectDrag {
public:
    ObjectDrag(MapDocument& doc, const std::vector<ObjectRef>& selection,
               const ObjectEditSettings& settings = {}, UniqueIdAllocator* ids = nullptr,
               QString text = QStringLiteral("Move objects"));
    ~ObjectDrag();
    ObjectDrag(const ObjectDrag&) = delete;
    ObjectDrag& operator=(const ObjectDrag&) = delete;

    // Places every selected object at its start placement changed by `t`. An object whose new
    // position is on no loaded tile and whose bounds touch none stays where it started.
    void update(const ObjectTransform& t);
    // The same with a transform per object, asked of `each` with the object's start state (a group
    // turning about its centre, objects snapped to the ground under each).
    using PerObject = std::function<ObjectTransform(const ObjectState& start)>;
    void updateEach(const PerObject& each);
    // The selection now: refs follow their objects across tiles. Objects not found are dropped.
    const std::vector<ObjectRef>& selection() const { return mSelection; }

    const ChunkStateCommand* finish();
    void cancel();

private:
    struct Item {
        ObjectState start;
        std::vector<TileCoord> startTiles; // tiles holding it at the start
    };
    MapDocument& mDoc;
    ObjectEditSettings mSettings;
    UniqueIdAllocator* mIds;
    QString mText;
    std::vector<Item> mItems;
    std::vector<ObjectRef> mSelection;
    std::optional<StrokeRecorder> mRecorder;
    bool mDone = false;
};

// One-shot operations, one undo step each.
class ObjectEditor {
public:
    ObjectEditor(MapDocument& doc, UniqueIdAllocator& ids, const ObjectEditSettings& settings = {});

    // New objects at `world` (yards) with a fresh uniqueId; nullopt when the position is on no
    // loaded tile or ids ran out. localBounds: the WMO's model bounding box (else modelBounds, else a
    // cube of wmoRadius).
    std::optional<ObjectRef> addDoodad(const std::string& model, glm::dvec3 world,
                                       const io::Vec3f& rotation = {}, std::uint16_t scale = kScaleOne,
                                       std::uint16_t flags = 0);
    std::optional<ObjectRef> addWmo(const std::string& wmo, glm::dvec3 world, const io::Vec3f& rotation = {},
                                    std::optional<Box3> localBounds = std::nullopt,
                                    std::uint16_t doodadSet = 0, std::uint16_t nameSet = 0,
                                    std::uint16_t flags = 0);

    // New objects as given (kind, model name, entry: position, rotation, scale, flags, WMO sets and
    // extents), each with a fresh uniqueId, as one undo step `text`. Objects on no loaded tile are
    // skipped; the refs of those added, in the order given (empty: nothing was added, no step).
    std::vector<ObjectRef> addObjects(std::vector<ObjectState> objects,
                                      const QString& text = QStringLiteral("Add objects"));

    std::vector<ObjectRef> transform(const std::vector<ObjectRef>& selection, const ObjectTransform& t,
                                     const QString& text = QStringLiteral("Transform objects"));
    std::vector<ObjectRef> transformEach(const std::vector<ObjectRef>& selection,
                                         const ObjectDrag::PerObject& each, const QString& text);
    std::vector<ObjectRef> move(const std::vector<ObjectRef>& selection, glm::dvec3 worldDelta);
    std::vector<ObjectRef> rotate(const std::vector<ObjectRef>& selection, glm::dvec3 degrees);
    std::vector<ObjectRef> scale(const std::vector<ObjectRef>& selection, double factor);
    // Deletes every copy of each object; returns how many objects were deleted.
    int remove(const std::vector<ObjectRef>& selection);

    std::unique_ptr<ObjectDrag> beginDrag(const std::vector<ObjectRef>& selection,
                                          const QString& text = QStringLiteral("Move objects"));

    // Rebuilds a tile's whole MCRF from object bounds (rebuildReferences()). Returns whether anything
    // changed.
    bool rebuildReferences(TileCoord tile);

    const ObjectEditSettings& settings() const { return mSettings; }

private:
    std::optional<ObjectRef> add(ObjectState state);

    MapDocument& mDoc;
    UniqueIdAllocator& mIds;
    ObjectEditSettings mSettings;
};

} // namespace mapsmith::core
