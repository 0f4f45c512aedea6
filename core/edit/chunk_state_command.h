#pragma once
// The undo step of a stroke: before/after snapshots of every chunk (and tile-level state) it changed.
// undo() and redo() store them through MapDocument::applyChunkEdit / applyTileEdit, the same function
// every edit ends in (see core/edit/stroke_recorder.h).

#include "core/edit/chunk_snapshot.h"
#include "core/edit/command_ids.h"
#include "core/geometry/coords.h"

#include <QString>
#include <QUndoCommand>

#include <cstdint>
#include <map>

namespace mapsmith::core {

class MapDocument;

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
    // alreadyApplied: the model already holds `after` (a finished stroke); the first redo() does nothing.
    ChunkStateCommand(MapDocument& doc, CommandId id, const QString& text,
                      std::map<ChunkCoord, Entry> entries, std::map<TileCoord, TileEntry> tiles,
                      bool alreadyApplied);

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

} // namespace mapsmith::core
