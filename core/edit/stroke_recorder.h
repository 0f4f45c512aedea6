#pragma once
// The edit path, from a tool's dab to the views:
//  1. A stroke's dab asks its StrokeRecorder for edit(chunk, dirty bits) or editTile(tile), the only
//     mutable access to the document; the first edit of a chunk or tile in the stroke snapshots it.
//  2. The guard's end calls MapDocument::applyChunkEdit / applyTileEdit: tile modified, change queued.
//  3. finish() pushes one ChunkStateCommand (before/after); its undo() / redo() (and cancel()) store
//     those states through the same applyChunkEdit / applyTileEdit.
//  4. Once per event-loop turn the document sends the queued chunks to every view: chunksChanged().
//
// One brush stroke = one undo step: finish() snapshots the edited chunks once more and pushes a single
// command that already holds its result (its first redo does nothing).

#include "core/edit/chunk_snapshot.h"
#include "core/edit/chunk_state_command.h"
#include "core/edit/command_ids.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"

#include <QString>
#include <QtGlobal>

#include <concepts>
#include <cstdint>
#include <map>
#include <utility>

namespace mapsmith::core {

class MapDocument;
class StrokeRecorder;

// Mutable access to one chunk (io::MapChunk, ChunkCoord) or one tile's tile-level state (io::Adt,
// TileCoord: name tables, textures, placements; its chunks go through chunk guards) while a stroke is
// open. Empty (false) when the tile is not loaded. Its end (destruction, or a move onto it) announces
// the change, with the dirty bits given to StrokeRecorder::edit(), unless unchanged() was called.
// Move-only; every guard ends before its stroke finishes.
template <class Target, class Where> class [[nodiscard]] EditGuard {
public:
    EditGuard() = default;
    EditGuard(EditGuard&& other) noexcept { take(other); }
    EditGuard& operator=(EditGuard&& other) noexcept {
        if (this != &other) {
            end();
            take(other);
        }
        return *this;
    }
    EditGuard(const EditGuard&) = delete;
    EditGuard& operator=(const EditGuard&) = delete;
    ~EditGuard() { end(); }

    explicit operator bool() const { return mTarget != nullptr; }
    Target& operator*() const {
        Q_ASSERT(mTarget);
        return *mTarget;
    }
    Target* operator->() const {
        Q_ASSERT(mTarget);
        return mTarget;
    }
    // Chunk guards: the chunk's MH2O entry (the tile gets an MH2O chunk when it has none).
    io::LiquidChunk& liquid() const requires std::same_as<Where, ChunkCoord>;
    // Nothing visible changed after all (e.g. paint below one alpha step): the end announces nothing.
    void unchanged() { mAnnounce = false; }

private:
    friend class StrokeRecorder;
    EditGuard(StrokeRecorder& recorder, Target* target, Where where, std::uint32_t dirtyBits)
        : mRecorder(target ? &recorder : nullptr), mTarget(target), mWhere(where), mDirtyBits(dirtyBits) {}
    void take(EditGuard& other) {
        mRecorder = std::exchange(other.mRecorder, nullptr);
        mTarget = std::exchange(other.mTarget, nullptr);
        mWhere = other.mWhere;
        mDirtyBits = other.mDirtyBits;
        mAnnounce = other.mAnnounce;
    }
    void end();

    StrokeRecorder* mRecorder = nullptr; // set while the guard is open (non-empty)
    Target* mTarget = nullptr;
    Where mWhere{};
    std::uint32_t mDirtyBits = 0; // chunk guards: core::dirty bits
    bool mAnnounce = true;
};

using ChunkEdit = EditGuard<io::MapChunk, ChunkCoord>;
using TileEdit = EditGuard<io::Adt, TileCoord>;

class StrokeRecorder {
public:
    StrokeRecorder(MapDocument& doc, CommandId id, QString text);
    ~StrokeRecorder(); // an unfinished stroke is finished (the edits stay and can be undone)
    StrokeRecorder(const StrokeRecorder&) = delete;
    StrokeRecorder& operator=(const StrokeRecorder&) = delete;

    // The chunk, mutable until the guard ends; its first edit in the stroke snapshots it. `dirtyBits`
    // (core::dirty) says what may change. Empty when the chunk's tile is not loaded.
    ChunkEdit edit(const ChunkCoord& c, std::uint32_t dirtyBits);
    // The same for tile-level state (textures, name tables, placements).
    TileEdit editTile(TileCoord t);

    const MapDocument& document() const { return mDoc; }
    bool touched(const ChunkCoord& c) const { return mBefore.count(c) != 0; }
    std::size_t touchedCount() const { return mBefore.size(); }

    // Pushes the stroke as one undo step (nothing when no chunk changed). Returns the command pushed,
    // or nullptr. Call once, after every guard has ended (finish() or cancel(), not both).
    const ChunkStateCommand* finish();
    // Restores every touched chunk and pushes nothing.
    void cancel();

private:
    template <class Target, class Where> friend class EditGuard;
    void endEdit(const ChunkCoord& c, std::uint32_t dirtyBits, bool announce);
    void endEdit(TileCoord t, std::uint32_t dirtyBits, bool announce);
    io::LiquidChunk& liquid(const ChunkCoord& c);

    struct Touched {
        ChunkState before; // raw copy: compressing on first touch would slow the first dab down
        std::uint32_t dirtyBits = 0;
    };
    MapDocument& mDoc;
    CommandId mId;
    QString mText;
    std::map<ChunkCoord, Touched> mBefore;
    std::map<TileCoord, TileState> mTileBefore;
    int mOpenEdits = 0; // guards not ended yet
    bool mDone = false;
};

template <class Target, class Where> void EditGuard<Target, Where>::end() {
    if (mRecorder) {
        std::exchange(mRecorder, nullptr)->endEdit(mWhere, mDirtyBits, mAnnounce);
        mTarget = nullptr;
    }
}

template <class Target, class Where>
io::LiquidChunk& EditGuard<Target, Where>::liquid() const requires std::same_as<Where, ChunkCoord> {
    Q_ASSERT(mRecorder);
    return mRecorder->liquid(mWhere);
}

} // namespace mapsmith::core
