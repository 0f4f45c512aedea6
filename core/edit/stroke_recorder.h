#pragma once
// One brush stroke = one undo step. Tools edit chunks in place between begin and finish(); the
// first touch of a chunk snapshots its state, finish() snapshots the touched chunks once more and
// pushes a single command that already holds its result (its first redo does nothing).

#include "core/edit/chunk_snapshot.h"
#include "core/edit/command_ids.h"
#include "core/geometry/coords.h"

#include <QString>
#include <QUndoCommand>

#include <cstdint>
#include <map>

namespace mapsmith::core {

class MapDocument;

// The pushed command: before/after snapshots per chunk, restored through the document.
class ChunkStateCommand : public QUndoCommand {
public:
    struct Entry {
        ChunkSnapshot before;
        ChunkSnapshot after;
        std::uint32_t dirtyBits = 0;
    };
    struct TileEntry {
        TileState before;
        TileState after;
    };
    ChunkStateCommand(MapDocument& doc, CommandId id, const QString& text, std::map<ChunkCoord, Entry> entries,
                      std::map<TileCoord, TileEntry> tiles, bool alreadyApplied);

    ~ChunkStateCommand() override;
    int id() const override { return int(mId); }
    void undo() override;
    void redo() override;

    std::size_t chunkCount() const { return mEntries.size(); }
    std::size_t memoryBytes() const;   // compressed snapshots, in memory or spilled
    std::size_t residentBytes() const; // compressed snapshots held in memory
    void spillTo(SnapshotSpill& spill);

private:
    void apply(bool after);

    MapDocument& mDoc;
    CommandId mId;
    std::map<ChunkCoord, Entry> mEntries;
    std::map<TileCoord, TileEntry> mTiles;
    bool mSkipRedo;
};

class StrokeRecorder {
public:
    StrokeRecorder(MapDocument& doc, CommandId id, QString text);
    ~StrokeRecorder(); // an unfinished stroke is finished (the edits stay and can be undone)
    StrokeRecorder(const StrokeRecorder&) = delete;
    StrokeRecorder& operator=(const StrokeRecorder&) = delete;

    // Call before changing a chunk: snapshots it on the first touch and records what will change.
    // Returns false when the chunk's tile is not loaded (nothing to edit).
    bool touch(const ChunkCoord& c, std::uint32_t dirtyBits);
    // Call after changing it: announces the change to views.
    void changed(const ChunkCoord& c, std::uint32_t dirtyBits);
    // The same for tile-level state (textures, name tables, placements): call touchTile() before
    // changing them and tileChanged() after.
    bool touchTile(TileCoord t);
    void tileChanged(TileCoord t);

    bool touched(const ChunkCoord& c) const { return mBefore.count(c) != 0; }
    std::size_t touchedCount() const { return mBefore.size(); }

    // Pushes the stroke as one undo step (nothing when no chunk was touched). Returns the command
    // pushed, or nullptr.
    const ChunkStateCommand* finish();
    // Restores every touched chunk and pushes nothing.
    void cancel();

private:
    struct Touched {
        ChunkState before; // raw copy: compressing on first touch would slow the first dab down
        std::uint32_t dirtyBits = 0;
    };
    MapDocument& mDoc;
    CommandId mId;
    QString mText;
    std::map<ChunkCoord, Touched> mBefore;
    std::map<TileCoord, TileState> mTileBefore;
    bool mDone = false;
};

} // namespace mapsmith::core
