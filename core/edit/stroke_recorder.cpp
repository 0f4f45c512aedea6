#include "core/edit/stroke_recorder.h"

#include "core/document/map_document.h"

#include <QUndoStack>

namespace mapsmith::core {

ChunkStateCommand::ChunkStateCommand(MapDocument& doc, CommandId id, const QString& text,
                                     std::map<ChunkCoord, Entry> entries, std::map<TileCoord, TileEntry> tiles,
                                     bool alreadyApplied)
    : mDoc(doc), mId(id), mEntries(std::move(entries)), mTiles(std::move(tiles)), mSkipRedo(alreadyApplied) {
    setText(text);
    mDoc.commandCreated(this);
}

ChunkStateCommand::~ChunkStateCommand() { mDoc.commandDestroyed(this); }

std::size_t ChunkStateCommand::residentBytes() const {
    std::size_t n = 0;
    for (const auto& [coord, entry] : mEntries) {
        n += entry.before.residentSize() + entry.after.residentSize();
    }
    return n;
}

void ChunkStateCommand::spillTo(SnapshotSpill& spill) {
    for (auto& [coord, entry] : mEntries) {
        entry.before.spillTo(spill);
        entry.after.spillTo(spill);
    }
}

void ChunkStateCommand::undo() { apply(false); }

void ChunkStateCommand::redo() {
    if (mSkipRedo) {
        mSkipRedo = false; // QUndoStack::push() calls redo(); the stroke is already in the model
        return;
    }
    apply(true);
}

void ChunkStateCommand::apply(bool after) {
    // Tile state first: chunk layers refer to texture indices, chunk refs to placements.
    for (const auto& [t, entry] : mTiles) {
        mDoc.setTileState(t, after ? entry.after : entry.before);
    }
    ChunkState state;
    for (const auto& [coord, entry] : mEntries) {
        if ((after ? entry.after : entry.before).restore(state)) {
            mDoc.setChunkState(coord, state, entry.dirtyBits);
        }
    }
}

std::size_t ChunkStateCommand::memoryBytes() const {
    std::size_t n = 0;
    for (const auto& [coord, entry] : mEntries) {
        n += entry.before.compressedSize() + entry.after.compressedSize();
    }
    return n;
}

StrokeRecorder::StrokeRecorder(MapDocument& doc, CommandId id, QString text)
    : mDoc(doc), mId(id), mText(std::move(text)) {}

StrokeRecorder::~StrokeRecorder() {
    if (!mDone) {
        finish();
    }
}

bool StrokeRecorder::touch(const ChunkCoord& c, std::uint32_t dirtyBits) {
    if (!mDoc.chunk(c)) {
        return false;
    }
    auto it = mBefore.find(c);
    if (it == mBefore.end()) {
        it = mBefore.emplace(c, Touched{mDoc.chunkState(c), 0}).first;
    }
    it->second.dirtyBits |= dirtyBits;
    return true;
}

void StrokeRecorder::changed(const ChunkCoord& c, std::uint32_t dirtyBits) { mDoc.chunkEdited(c, dirtyBits); }

bool StrokeRecorder::touchTile(TileCoord t) {
    if (!mDoc.tile(t)) {
        return false;
    }
    if (!mTileBefore.count(t)) {
        mTileBefore.emplace(t, mDoc.tileState(t));
    }
    return true;
}

void StrokeRecorder::tileChanged(TileCoord t) { mDoc.tileEdited(t); }

const ChunkStateCommand* StrokeRecorder::finish() {
    if (mDone) {
        return nullptr;
    }
    mDone = true;
    std::map<ChunkCoord, ChunkStateCommand::Entry> entries;
    for (auto& [coord, t] : mBefore) {
        const ChunkState now = mDoc.chunkState(coord);
        if (now == t.before) {
            continue; // touched but unchanged (e.g. a dab that moved nothing)
        }
        ChunkStateCommand::Entry e;
        e.before = ChunkSnapshot::capture(t.before.chunk, t.before.liquid);
        e.after = ChunkSnapshot::capture(now.chunk, now.liquid);
        e.dirtyBits = t.dirtyBits;
        entries.emplace(coord, std::move(e));
    }
    mBefore.clear();
    std::map<TileCoord, ChunkStateCommand::TileEntry> tiles;
    for (auto& [t, before] : mTileBefore) {
        TileState now = mDoc.tileState(t);
        if (now != before) {
            tiles.emplace(t, ChunkStateCommand::TileEntry{std::move(before), std::move(now)});
        }
    }
    mTileBefore.clear();
    if (entries.empty() && tiles.empty()) {
        return nullptr;
    }
    auto* cmd = new ChunkStateCommand(mDoc, mId, mText, std::move(entries), std::move(tiles), true);
    mDoc.undoStack()->push(cmd);
    mDoc.enforceUndoBudget();
    return cmd;
}

void StrokeRecorder::cancel() {
    if (mDone) {
        return;
    }
    mDone = true;
    for (const auto& [t, before] : mTileBefore) {
        mDoc.setTileState(t, before);
    }
    mTileBefore.clear();
    for (const auto& [coord, t] : mBefore) {
        mDoc.setChunkState(coord, t.before, t.dirtyBits);
    }
    mBefore.clear();
}

} // namespace mapsmith::core
