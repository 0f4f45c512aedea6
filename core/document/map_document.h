#pragma once
// A map being edited: its WDT, the tiles loaded so far, and the undo stack every edit goes through.
// Views read the model (const accessors only) and listen to chunksChanged(); edits come only from the
// stroke recorder's edit guards and the undo commands (core/edit/stroke_recorder.h), the only friends
// that reach the mutable accessors, and all of them end in applyChunkEdit() / applyTileEdit(). Every
// listener gets every change: the chunks edited during one event-loop turn are sent once, as a set, to
// all of them (a view keeps its own pending set; nobody takes the changes away from the others).

#include "core/document/core_error.h"
#include "core/document/map_source.h"
#include "core/document/wdl_update.h"
#include "core/edit/chunk_snapshot.h"
#include "core/edit/snapshot_spill.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"
#include "io/wdt/wdt.h"

#include <QHash>
#include <QObject>
#include <QString>

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <vector>

class QUndoStack;

namespace mapsmith::core {

class ChunkStateCommand;
class StrokeRecorder;

// Chunks changed: MapDocument::chunkKey -> union of core::dirty bits (chunk_dirty.h).
using DirtyChunks = QHash<std::uint64_t, std::uint32_t>;

class MapDocument : public QObject {
    Q_OBJECT
public:
    // Reads the WDT; tiles load on demand.
    static Expected<std::unique_ptr<MapDocument>> open(std::unique_ptr<MapSource> source,
                                                       QObject* parent = nullptr);
    ~MapDocument() override;

    QString mapName() const { return mSource->mapName(); }
    MapSource& source() { return *mSource; }
    const MapSource& source() const { return *mSource; }
    const io::Wdt& wdt() const { return mWdt; }
    bool bigAlpha() const { return mWdt.bigAlpha(); }
    QUndoStack* undoStack() const { return mUndoStack; }

    // Tiles. tileExists: the WDT says the tile is part of the map.
    bool tileExists(TileCoord t) const;
    Expected<const io::Adt*> loadTile(TileCoord t);
    // Takes a tile read elsewhere (MapSource::backgroundReader on a worker thread). When the tile is
    // already loaded, the loaded one stays and is returned; `adt` is dropped.
    Expected<const io::Adt*> adoptTile(TileCoord t, io::Adt adt);
    // A tile may be unloaded while no edit has ever touched it in this document (undo and redo
    // need edited tiles in memory, and unsaved work lives there). Unloading frees it and announces
    // tileUnloaded; false when the tile is not loaded or is pinned by edits.
    bool canUnloadTile(TileCoord t) const;
    bool unloadTile(TileCoord t);
    const io::Adt* tile(TileCoord t) const {
        const auto it = mTiles.find(t);
        return it == mTiles.end() ? nullptr : it->second.get();
    }
    std::vector<TileCoord> loadedTiles() const;

    // Chunks of loaded tiles (nullptr when the tile is not loaded).
    const io::MapChunk* chunk(const ChunkCoord& c) const {
        const io::Adt* adt = tile(c.tile);
        return adt ? &adt->chunks[std::size_t(c.index())] : nullptr;
    }
    const io::LiquidChunk* liquid(const ChunkCoord& c) const;
    ChunkState chunkState(const ChunkCoord& c) const;

    // Terrain height (yards) at a world point on a loaded tile, as the game triangulates it.
    std::optional<double> heightAt(glm::dvec2 world) const;
    // Absolute height of outer lattice vertex (gx, gy): gx = tileX * 128 + col * 8 + c (west to east),
    // gy = tileY * 128 + row * 8 + r (north to south). nullopt when its tile is not loaded.
    std::optional<double> latticeHeight(int gx, int gy) const;

    // Tile-level state (name tables, placements).
    TileState tileState(TileCoord t) const;

    // Saving: tiles (and the WDT) changed since the last save (undoing back to it counts as unchanged).
    bool isModified() const;
    bool isTileModified(TileCoord t) const;
    std::vector<TileCoord> modifiedTiles() const;
    struct SaveReport {
        bool ok = true;
        bool cancelled = false; // the progress callback said stop (ok is false then)
        std::vector<TileCoord> saved;
        QString error; // the failure; a failed or cancelled save wrote nothing
    };
    // Called after each tile written with (tiles done, tiles in all); returning false stops the save
    // there (a cancelled save is a failed one: nothing is written, the document stays modified).
    using SaveProgress = std::function<bool(int done, int total)>;
    // Writes the modified tiles, the map's .wdl with their entries regenerated (core/document/wdl_update.h;
    // a map without one gets one with every tile the WDT lists), then the WDT when it changed, all in one
    // transaction of the source (MapSource::beginWrites): every file is written or none. The .wdl is
    // prepared before any file is written (a tile it cannot read stops the save there). `files` (the
    // files of an import, MapSource::writeMapFile) are written in the same transaction, first.
    SaveReport save(const io::AdtWriteOptions& options = {}, const SaveProgress& progress = {},
                    const std::vector<MapFile>& files = {});
    // Writes the whole map (WDT, .wdl and every tile the WDT lists, loaded or not) to `target` and makes it
    // the document's source: later saves go there. All of it in one transaction of `target`. On failure or
    // cancel nothing is written and the old source stays.
    SaveReport saveAs(std::unique_ptr<MapSource> target, const io::AdtWriteOptions& options = {},
                      const SaveProgress& progress = {});
    // Tiles save() would write / saveAs() would write.
    int saveTileCount() const { return int(modifiedTiles().size()); }
    int saveAsTileCount() const { return mWdt.tileCount(); }

    // Undo memory: history is unlimited; past `bytes` of compressed snapshots held in memory the
    // oldest steps move to a temporary file (0 = keep everything in memory). Default 256 MiB.
    void setUndoMemoryBudget(std::size_t bytes);
    std::size_t undoMemoryBudget() const { return mUndoBudget; }
    std::size_t undoMemoryResident() const;
    std::uint64_t undoBytesOnDisk() const { return mSpill.bytesOnDisk(); }

    // Sends the changes collected since the last chunksChanged() now instead of at the end of this
    // event-loop turn (tests, benchmarks, a view that must be current at once). No-op when none.
    void flushChunkChanges();
    static std::uint64_t chunkKey(const ChunkCoord& c);
    static ChunkCoord chunkFromKey(std::uint64_t key);

signals:
    void chunksChanged(const mapsmith::core::DirtyChunks& chunks); // once per turn, to every listener
    void tileStateChanged(mapsmith::core::TileCoord tile);         // name tables or placements changed
    void tileLoaded(mapsmith::core::TileCoord tile);
    void tileUnloaded(mapsmith::core::TileCoord tile);
    void modifiedChanged(bool modified);

private:
    // The edit path: only these reach the mutable state below.
    friend class StrokeRecorder;    // edit guards during a stroke; cancel()
    friend class ChunkStateCommand; // undo and redo
    friend class WdtStateCommand;   // undo and redo of WDT changes

    io::Adt* editableTile(TileCoord t);
    io::MapChunk* editableChunk(const ChunkCoord& c);
    io::LiquidChunk& editableLiquid(const ChunkCoord& c); // creates the tile's MH2O when absent
    // Where every edit ends: stores `state` in the chunk (undo, redo, cancel) or, when null, notes that
    // the chunk was edited in place (an edit guard's end); then marks its tile modified and queues the
    // change for this turn's chunksChanged(). The tile must be loaded (edited tiles never unload).
    void applyChunkEdit(const ChunkCoord& c, std::uint32_t dirtyBits, const ChunkState* state = nullptr);
    // The same for tile-level state; tileStateChanged() goes out at once.
    void applyTileEdit(TileCoord t, const TileState* state = nullptr);
    // Stores the WDT and marks it for the next save().
    void applyWdtEdit(const io::Wdt& wdt);
    // Undo memory bookkeeping: ChunkStateCommand's constructor and destructor, the recorder's finish().
    void commandCreated(ChunkStateCommand* cmd);
    void commandDestroyed(ChunkStateCommand* cmd);
    void enforceUndoBudget();

    MapDocument(std::unique_ptr<MapSource> source, io::Wdt wdt, QObject* parent);
    // The .wdl a save starts from, filled with every listed tile when the source has none.
    Expected<WdlUpdate> prepareWdl();
    void markTileTouched(TileCoord t);
    void storeChunkState(io::Adt& adt, const ChunkCoord& c, const ChunkState& state);
    void dropEmptyLiquids(TileCoord t);

    std::unique_ptr<MapSource> mSource;
    io::Wdt mWdt;
    std::map<TileCoord, std::unique_ptr<io::Adt>> mTiles;
    QUndoStack* mUndoStack = nullptr;
    std::set<TileCoord> mTilesWithoutMh2o;     // read without an MH2O chunk
    std::set<TileCoord> mTouchedSinceSave;     // tiles edited, undone or redone since the last save
    bool mWdtTouchedSinceSave = false;         // the WDT changed, or a change was undone, since the save
    std::set<TileCoord> mEditedTiles;          // tiles any edit touched since the document opened
    DirtyChunks mPendingChanges;               // edited this turn, not sent yet
    std::vector<ChunkStateCommand*> mCommands; // creation order, oldest first
    std::size_t mUndoBudget = std::size_t(256) * 1024 * 1024;
    SnapshotSpill mSpill;
};

} // namespace mapsmith::core
