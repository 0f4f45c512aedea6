#include "core/edit/chunk_state_command.h"

#include "core/document/map_document.h"

namespace mapsmith::core {

ChunkStateCommand::ChunkStateCommand(MapDocument& doc, CommandId id, const QString& text,
                                     std::map<ChunkCoord, Entry> entries,
                                     std::map<TileCoord, TileEntry> tiles, bool alreadyApplied)
    : mDoc(doc), mId(id), mEntries(std::move(entries)), mTiles(std::move(tiles)), mSkipRedo(alreadyApplied) {
    setText(text);
    mDoc.commandCreated(this);
}

ChunkStateCommand::~ChunkStateCommand() {
    mDoc.commandDestroyed(this);
}

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

void ChunkStateCommand::undo() {
    apply(false);
}

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
        mDoc.applyTileEdit(t, after ? &entry.after : &entry.before);
    }
    ChunkState state;
    for (const auto& [coord, entry] : mEntries) {
        if ((after ? entry.after : entry.before).restore(state)) {
            mDoc.applyChunkEdit(coord, entry.dirtyBits, &state);
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

} // namespace mapsmith::core
