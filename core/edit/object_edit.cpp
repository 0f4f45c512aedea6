#include "core/edit/object_edit.h"

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"

#include <algorithm>

namespace mapsmith::core {
namespace {

const std::string& nameAt(const std::vector<std::string>& names, std::uint32_t index) {
    static const std::string kNone;
    return index < names.size() ? names[index] : kNone;
}

std::uint32_t findOrAddName(std::vector<std::string>& names, const std::string& name) {
    if (const auto i = findName(names, name)) {
        return *i;
    }
    names.push_back(name);
    return std::uint32_t(names.size() - 1);
}

template <class Chunk> // io::MapChunk, const or not
auto& refsOf(Chunk& c, ObjectKind kind) {
    return kind == ObjectKind::Doodad ? c.doodadRefs : c.mapObjectRefs;
}

Box3 boundsOf(const ObjectState& s, const ObjectBoundsSettings& settings) {
    return s.kind == ObjectKind::Doodad ? doodadBounds(s.doodad, s.name, settings) : wmoBounds(s.wmo);
}

std::optional<Box3> localBoundsOf(const ObjectBoundsSettings& settings, ObjectKind kind,
                                  const std::string& name) {
    return settings.modelBounds ? settings.modelBounds(kind, name) : std::nullopt;
}

// World (x north, y west, z up) displacement -> placement displacement (x east, y up, z south).
glm::dvec3 placementDelta(glm::dvec3 world) {
    return {-world.y, world.z, -world.x};
}

ObjectState transformed(const ObjectState& start, const ObjectTransform& t,
                        const ObjectBoundsSettings& settings) {
    ObjectState s = start;
    const glm::dvec3 delta = placementDelta(t.translate);
    auto turn = [&](io::Vec3f r) {
        return io::Vec3f{addDegrees(r.x, t.rotate.x), addDegrees(r.y, t.rotate.y),
                         addDegrees(r.z, t.rotate.z)};
    };
    if (s.kind == ObjectKind::Doodad) {
        s.doodad.position = toVec3f(toDvec(start.doodad.position) + delta);
        s.doodad.rotation = turn(start.doodad.rotation);
        if (t.scale != 1.0) {
            s.doodad.scale = scaleFromFactor(scaleFactor(start.doodad.scale) * t.scale);
        }
        return s;
    }
    s.wmo.position = toVec3f(toDvec(start.wmo.position) + delta);
    s.wmo.rotation = turn(start.wmo.rotation);
    if (t.doodadSet) {
        s.wmo.doodadSet = *t.doodadSet;
    }
    const Box3 e =
        wmoExtents(start.wmo, s.wmo.position, s.wmo.rotation, localBoundsOf(settings, s.kind, s.name));
    s.wmo.extentsMin = toVec3f(e.min);
    s.wmo.extentsMax = toVec3f(e.max);
    return s;
}

// Loads the WDT's tiles under a box (and the tile of `position`) that are not loaded yet.
void loadTilesFor(MapDocument& doc, const ObjectEditSettings& settings, UniqueIdAllocator* ids,
                  const Box3& box, glm::dvec3 position) {
    if (!settings.loadOverlappedTiles) {
        return;
    }
    std::vector<TileCoord> tiles = tilesOverlapped(box);
    tiles.push_back(placementTile(position));
    for (const TileCoord t : tiles) {
        if (!doc.tile(t) && doc.tileExists(t)) {
            auto loaded = doc.loadTile(t);
            if (loaded && ids) {
                ids->scanTile(*loaded.value());
            }
        }
    }
}

// The loaded tiles an object placed with `box` at `position` belongs in, in tile order.
std::vector<TileCoord> targetTiles(const MapDocument& doc, const Box3& box, glm::dvec3 position) {
    std::vector<TileCoord> tiles = tilesOverlapped(box);
    const TileCoord owner = placementTile(position);
    if (owner.valid() && std::find(tiles.begin(), tiles.end(), owner) == tiles.end()) {
        tiles.push_back(owner);
    }
    std::erase_if(tiles, [&](TileCoord t) { return doc.tile(t) == nullptr; });
    std::sort(tiles.begin(), tiles.end());
    return tiles;
}

TileCoord refTile(const std::vector<TileCoord>& targets, glm::dvec3 position) {
    const TileCoord owner = placementTile(position);
    return std::find(targets.begin(), targets.end(), owner) != targets.end() ? owner : targets.front();
}

// Writes objects into tiles through a recorder, keeping every touched tile's MCRF consistent.
class PlacementWriter {
public:
    explicit PlacementWriter(StrokeRecorder& recorder) : mDoc(recorder.document()), mRecorder(recorder) {}

    // Makes the loaded tiles hold `s` in exactly `targets` (entries updated in place or appended) and
    // removes its entries from the other tiles of `holding`.
    void write(const ObjectState& s, const std::vector<TileCoord>& holding,
               const std::vector<TileCoord>& targets, const Box3& box) {
        for (const TileCoord t : targets) {
            setRefs(t, s.kind, place(t, s), referencingChunks(t, box, s.position()));
        }
        for (const TileCoord t : holding) {
            if (std::find(targets.begin(), targets.end(), t) != targets.end()) {
                continue;
            }
            if (const io::Adt* adt = mDoc.tile(t)) {
                if (const auto index = findEntry(*adt, s.kind, s.uniqueId())) {
                    erase(t, s.kind, *index);
                }
            }
        }
    }

    // Removes entry `index` from a tile's MDDF/MODF, renumbering that tile's MCRF.
    void erase(TileCoord t, ObjectKind kind, std::uint32_t index) {
        {
            TileEdit adt = mRecorder.editTile(t);
            Q_ASSERT(adt);
            if (kind == ObjectKind::Doodad) {
                adt->doodads.erase(adt->doodads.begin() + index);
            } else {
                adt->mapObjects.erase(adt->mapObjects.begin() + index);
            }
        }
        const io::Adt& adt = *mDoc.tile(t);
        for (int i = 0; i < kChunksPerTile; ++i) {
            const auto& refs = refsOf(adt.chunks[std::size_t(i)], kind);
            if (std::none_of(refs.begin(), refs.end(), [&](std::uint32_t r) { return r >= index; })) {
                continue;
            }
            ChunkEdit chunk = mRecorder.edit({t, i / kChunksPerSide, i % kChunksPerSide}, dirty::Objects);
            eraseReferenceIndex(refsOf(*chunk, kind), index);
        }
    }

private:
    // Writes `s` into a loaded tile's MDDF/MODF (its entry updated in place, else appended; its model
    // name added to the name table when missing). Returns the entry's index.
    std::uint32_t place(TileCoord t, const ObjectState& s) {
        TileEdit adt = mRecorder.editTile(t);
        Q_ASSERT(adt);
        const auto index = findEntry(*adt, s.kind, s.uniqueId());
        if (s.kind == ObjectKind::Doodad) {
            return placeEntry(adt->doodads, adt->modelNames, index, s.doodad, s.name);
        }
        return placeEntry(adt->mapObjects, adt->wmoNames, index, s.wmo, s.name);
    }

    template <class Entry>
    static std::uint32_t placeEntry(std::vector<Entry>& entries, std::vector<std::string>& names,
                                    std::optional<std::uint32_t> index, Entry entry,
                                    const std::string& name) {
        if (index && sameModelName(nameAt(names, entries[*index].nameIndex), name)) {
            entry.nameIndex = entries[*index].nameIndex;
        } else {
            entry.nameIndex = findOrAddName(names, name);
        }
        if (index) {
            entries[*index] = entry;
            return *index;
        }
        entries.push_back(entry);
        return std::uint32_t(entries.size() - 1);
    }

    // Entry `index` is referenced by exactly the chunks of `span`.
    void setRefs(TileCoord t, ObjectKind kind, std::uint32_t index, const ChunkSpan& span) {
        const io::Adt& adt = *mDoc.tile(t);
        for (int i = 0; i < kChunksPerTile; ++i) {
            const int row = i / kChunksPerSide;
            const int col = i % kChunksPerSide;
            const auto& refs = refsOf(adt.chunks[std::size_t(i)], kind);
            const bool want = span.contains(row, col);
            if (want == (std::find(refs.begin(), refs.end(), index) != refs.end())) {
                continue;
            }
            ChunkEdit chunk = mRecorder.edit({t, row, col}, dirty::Objects);
            setReference(refsOf(*chunk, kind), index, want);
        }
    }

    const MapDocument& mDoc;
    StrokeRecorder& mRecorder;
};

} // namespace

std::optional<ObjectState> findObject(const MapDocument& doc, const ObjectRef& ref) {
    auto stateIn = [&](const io::Adt& adt) -> std::optional<ObjectState> {
        const auto index = findEntry(adt, ref.kind, ref.uniqueId);
        if (!index) {
            return std::nullopt;
        }
        ObjectState s;
        s.kind = ref.kind;
        if (ref.kind == ObjectKind::Doodad) {
            s.doodad = adt.doodads[*index];
            s.name = nameAt(adt.modelNames, s.doodad.nameIndex);
        } else {
            s.wmo = adt.mapObjects[*index];
            s.name = nameAt(adt.wmoNames, s.wmo.nameIndex);
        }
        return s;
    };
    if (const io::Adt* adt = doc.tile(ref.tile)) {
        if (auto s = stateIn(*adt)) {
            return s;
        }
    }
    for (const TileCoord t : doc.loadedTiles()) {
        if (auto s = stateIn(*doc.tile(t))) {
            return s;
        }
    }
    return std::nullopt;
}

std::vector<TileCoord> tilesHolding(const MapDocument& doc, ObjectKind kind, std::uint32_t uniqueId) {
    std::vector<TileCoord> out;
    for (const TileCoord t : doc.loadedTiles()) {
        if (findEntry(*doc.tile(t), kind, uniqueId)) {
            out.push_back(t);
        }
    }
    return out;
}

// ObjectDrag

ObjectDrag::ObjectDrag(MapDocument& doc, const std::vector<ObjectRef>& selection,
                       const ObjectEditSettings& settings, UniqueIdAllocator* ids, QString text)
    : mDoc(doc), mSettings(settings), mIds(ids), mText(std::move(text)) {
    for (const ObjectRef& ref : selection) {
        const bool seen = std::any_of(mSelection.begin(), mSelection.end(), [&](const ObjectRef& r) {
            return r.kind == ref.kind && r.uniqueId == ref.uniqueId;
        });
        if (seen) {
            continue;
        }
        auto state = findObject(mDoc, ref);
        if (!state) {
            continue;
        }
        loadTilesFor(mDoc, mSettings, mIds, boundsOf(*state, mSettings.bounds), state->position());
        Item item{std::move(*state), tilesHolding(mDoc, ref.kind, ref.uniqueId)};
        ObjectRef start = ref;
        if (std::find(item.startTiles.begin(), item.startTiles.end(), ref.tile) == item.startTiles.end()) {
            start.tile = item.startTiles.front();
        }
        mItems.push_back(std::move(item));
        mSelection.push_back(start);
    }
}

ObjectDrag::~ObjectDrag() {
    if (!mDone) {
        finish();
    }
}

void ObjectDrag::update(const ObjectTransform& t) {
    updateEach([&t](const ObjectState&) { return t; });
}

void ObjectDrag::updateEach(const PerObject& each) {
    if (mDone) {
        return;
    }
    // Every update starts again from the state before the drag, so the result depends only on `t`.
    if (mRecorder) {
        mRecorder->cancel();
    }
    mRecorder.emplace(mDoc, CommandId::ObjectEdit, mText);
    PlacementWriter writer(*mRecorder);
    for (std::size_t i = 0; i < mItems.size(); ++i) {
        const Item& item = mItems[i];
        const ObjectState s = transformed(item.start, each(item.start), mSettings.bounds);
        const Box3 box = boundsOf(s, mSettings.bounds);
        loadTilesFor(mDoc, mSettings, mIds, box, s.position());
        const std::vector<TileCoord> targets = targetTiles(mDoc, box, s.position());
        if (targets.empty()) {
            // Off the loaded map: it stays where it started (restored by the cancel above).
            mSelection[i].tile = refTile(item.startTiles, item.start.position());
            continue;
        }
        writer.write(s, item.startTiles, targets, box);
        mSelection[i].tile = refTile(targets, s.position());
    }
}

const ChunkStateCommand* ObjectDrag::finish() {
    if (mDone) {
        return nullptr;
    }
    mDone = true;
    return mRecorder ? mRecorder->finish() : nullptr;
}

void ObjectDrag::cancel() {
    if (mDone) {
        return;
    }
    mDone = true;
    if (mRecorder) {
        mRecorder->cancel();
    }
    for (std::size_t i = 0; i < mItems.size(); ++i) {
        mSelection[i].tile = refTile(mItems[i].startTiles, mItems[i].start.position());
    }
}

// ObjectEditor

ObjectEditor::ObjectEditor(MapDocument& doc, UniqueIdAllocator& ids, const ObjectEditSettings& settings)
    : mDoc(doc), mIds(ids), mSettings(settings) {}

std::optional<ObjectRef> ObjectEditor::add(ObjectState state) {
    const QString text =
        state.kind == ObjectKind::Doodad ? QStringLiteral("Add doodad") : QStringLiteral("Add WMO");
    std::vector<ObjectState> one;
    one.push_back(std::move(state));
    const std::vector<ObjectRef> added = addObjects(std::move(one), text);
    return added.empty() ? std::nullopt : std::optional(added.front());
}

std::vector<ObjectRef> ObjectEditor::addObjects(std::vector<ObjectState> objects, const QString& text) {
    std::vector<ObjectRef> added;
    std::optional<StrokeRecorder> recorder;
    for (ObjectState& state : objects) {
        const auto id = mIds.allocate();
        if (!id) {
            break;
        }
        (state.kind == ObjectKind::Doodad ? state.doodad.uniqueId : state.wmo.uniqueId) = *id;
        const Box3 box = boundsOf(state, mSettings.bounds);
        loadTilesFor(mDoc, mSettings, &mIds, box, state.position());
        const std::vector<TileCoord> targets = targetTiles(mDoc, box, state.position());
        if (targets.empty()) {
            continue; // the id stays used: ids are never handed out twice
        }
        if (!recorder) {
            recorder.emplace(mDoc, CommandId::ObjectEdit, text);
        }
        PlacementWriter(*recorder).write(state, {}, targets, box);
        added.push_back(ObjectRef{refTile(targets, state.position()), state.kind, *id});
    }
    if (recorder) {
        recorder->finish();
    }
    return added;
}

std::optional<ObjectRef> ObjectEditor::addDoodad(const std::string& model, glm::dvec3 world,
                                                 const io::Vec3f& rotation, std::uint16_t scale,
                                                 std::uint16_t flags) {
    ObjectState s;
    s.kind = ObjectKind::Doodad;
    s.name = model;
    s.doodad.position = toVec3f(worldToPlacement(world));
    s.doodad.rotation = rotation;
    s.doodad.scale = std::max(scale, kScaleMin);
    s.doodad.flags = flags;
    return add(std::move(s));
}

std::optional<ObjectRef> ObjectEditor::addWmo(const std::string& wmo, glm::dvec3 world,
                                              const io::Vec3f& rotation, std::optional<Box3> localBounds,
                                              std::uint16_t doodadSet, std::uint16_t nameSet,
                                              std::uint16_t flags) {
    ObjectState s;
    s.kind = ObjectKind::Wmo;
    s.name = wmo;
    const glm::dvec3 pos = worldToPlacement(world);
    s.wmo.position = toVec3f(pos);
    s.wmo.rotation = rotation;
    s.wmo.doodadSet = doodadSet;
    s.wmo.nameSet = nameSet;
    s.wmo.flags = flags;
    if (!localBounds) {
        localBounds = localBoundsOf(mSettings.bounds, ObjectKind::Wmo, wmo);
    }
    const glm::dvec3 r(mSettings.bounds.wmoRadius);
    const Box3 e =
        localBounds ? transformBox(*localBounds, placementRotation(rotation), pos) : Box3{pos - r, pos + r};
    s.wmo.extentsMin = toVec3f(e.min);
    s.wmo.extentsMax = toVec3f(e.max);
    return add(std::move(s));
}

std::vector<ObjectRef> ObjectEditor::transform(const std::vector<ObjectRef>& selection,
                                               const ObjectTransform& t, const QString& text) {
    ObjectDrag drag(mDoc, selection, mSettings, &mIds, text);
    drag.update(t);
    drag.finish();
    return drag.selection();
}

std::vector<ObjectRef> ObjectEditor::transformEach(const std::vector<ObjectRef>& selection,
                                                   const ObjectDrag::PerObject& each, const QString& text) {
    ObjectDrag drag(mDoc, selection, mSettings, &mIds, text);
    drag.updateEach(each);
    drag.finish();
    return drag.selection();
}

std::vector<ObjectRef> ObjectEditor::move(const std::vector<ObjectRef>& selection, glm::dvec3 worldDelta) {
    ObjectTransform t;
    t.translate = worldDelta;
    return transform(selection, t, QStringLiteral("Move objects"));
}

std::vector<ObjectRef> ObjectEditor::rotate(const std::vector<ObjectRef>& selection, glm::dvec3 degrees) {
    ObjectTransform t;
    t.rotate = degrees;
    return transform(selection, t, QStringLiteral("Rotate objects"));
}

std::vector<ObjectRef> ObjectEditor::scale(const std::vector<ObjectRef>& selection, double factor) {
    ObjectTransform t;
    t.scale = factor;
    return transform(selection, t, QStringLiteral("Scale objects"));
}

int ObjectEditor::remove(const std::vector<ObjectRef>& selection) {
    StrokeRecorder recorder(mDoc, CommandId::ObjectEdit, QStringLiteral("Delete objects"));
    PlacementWriter writer(recorder);
    int removed = 0;
    for (const ObjectRef& ref : selection) {
        const auto state = findObject(mDoc, ref);
        if (!state) {
            continue; // already deleted (e.g. listed twice)
        }
        loadTilesFor(mDoc, mSettings, &mIds, boundsOf(*state, mSettings.bounds), state->position());
        for (const TileCoord t : tilesHolding(mDoc, ref.kind, ref.uniqueId)) {
            writer.erase(t, ref.kind, *findEntry(*mDoc.tile(t), ref.kind, ref.uniqueId));
        }
        ++removed;
    }
    recorder.finish();
    return removed;
}

std::unique_ptr<ObjectDrag> ObjectEditor::beginDrag(const std::vector<ObjectRef>& selection,
                                                    const QString& text) {
    return std::make_unique<ObjectDrag>(mDoc, selection, mSettings, &mIds, text);
}

bool ObjectEditor::rebuildReferences(TileCoord tile) {
    const io::Adt* adt = mDoc.tile(tile);
    if (!adt) {
        return false;
    }
    const TileReferences refs = core::rebuildReferences(tile, *adt, mSettings.bounds);
    StrokeRecorder recorder(mDoc, CommandId::ObjectEdit, QStringLiteral("Rebuild object references"));
    for (int i = 0; i < kChunksPerTile; ++i) {
        const ChunkCoord c{tile, i / kChunksPerSide, i % kChunksPerSide};
        const io::MapChunk& now = *mDoc.chunk(c);
        const auto& d = refs.doodads[std::size_t(i)];
        const auto& w = refs.wmos[std::size_t(i)];
        if (now.doodadRefs == d && now.mapObjectRefs == w) {
            continue;
        }
        ChunkEdit ch = recorder.edit(c, dirty::Objects);
        ch->doodadRefs = d;
        ch->mapObjectRefs = w;
    }
    return recorder.finish() != nullptr;
}

} // namespace mapsmith::core
