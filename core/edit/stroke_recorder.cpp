#include "core/edit/stroke_recorder.h"

#include "core/document/map_document.h"

#include <QUndoStack>

namespace mapsmith::core {

StrokeRecorder::StrokeRecorder(MapDocument& doc, CommandId id, QString text)
    : mDoc(doc), mId(id), mText(std::move(text)) {}

StrokeRecorder::~StrokeRecorder() {
    if (!mDone) {
        finish();
    }
}

ChunkEdit StrokeRecorder::edit(const ChunkCoord& c, std::uint32_t dirtyBits) {
    Q_ASSERT_X(!mDone, "StrokeRecorder::edit", "the stroke is already finished or cancelled");
    Q_ASSERT_X(c.tile.valid() && c.row >= 0 && c.row < kChunksPerSide && c.col >= 0 && c.col < kChunksPerSide,
               "StrokeRecorder::edit", "chunk off the map");
    io::MapChunk* chunk = mDoc.editableChunk(c);
    if (!chunk) {
        return {};
    }
    auto it = mBefore.find(c);
    if (it == mBefore.end()) {
        it = mBefore.emplace(c, Touched{mDoc.chunkState(c), 0}).first;
    }
    it->second.dirtyBits |= dirtyBits;
    ++mOpenEdits;
    return ChunkEdit(*this, chunk, c, dirtyBits);
}

TileEdit StrokeRecorder::editTile(TileCoord t) {
    Q_ASSERT_X(!mDone, "StrokeRecorder::editTile", "the stroke is already finished or cancelled");
    Q_ASSERT_X(t.valid(), "StrokeRecorder::editTile", "tile off the map");
    io::Adt* adt = mDoc.editableTile(t);
    if (!adt) {
        return {};
    }
    if (!mTileBefore.count(t)) {
        mTileBefore.emplace(t, TileState::of(*adt));
    }
    ++mOpenEdits;
    return TileEdit(*this, adt, t, 0);
}

void StrokeRecorder::endEdit(const ChunkCoord& c, std::uint32_t dirtyBits, bool announce) {
    --mOpenEdits;
    if (announce) {
        mDoc.applyChunkEdit(c, dirtyBits);
    }
}

void StrokeRecorder::endEdit(TileCoord t, std::uint32_t, bool announce) {
    --mOpenEdits;
    if (announce) {
        mDoc.applyTileEdit(t);
    }
}

io::LiquidChunk& StrokeRecorder::liquid(const ChunkCoord& c) {
    return mDoc.editableLiquid(c);
}

const ChunkStateCommand* StrokeRecorder::finish() {
    Q_ASSERT_X(!mDone, "StrokeRecorder::finish", "finish() or cancel() was already called");
    Q_ASSERT_X(mOpenEdits == 0, "StrokeRecorder::finish", "an edit guard outlives its stroke");
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
    Q_ASSERT_X(!mDone, "StrokeRecorder::cancel", "finish() or cancel() was already called");
    Q_ASSERT_X(mOpenEdits == 0, "StrokeRecorder::cancel", "an edit guard outlives its stroke");
    if (mDone) {
        return;
    }
    mDone = true;
    for (const auto& [t, before] : mTileBefore) {
        mDoc.applyTileEdit(t, &before);
    }
    mTileBefore.clear();
    for (const auto& [coord, t] : mBefore) {
        mDoc.applyChunkEdit(coord, t.dirtyBits, &t.before);
    }
    mBefore.clear();
}

} // namespace mapsmith::core
