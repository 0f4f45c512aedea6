#pragma once
// Test scenes built through the edit path: the document's mutable state is private to the stroke
// recorder and the undo commands, so a test that needs a map unlike any generated one changes it with a
// StrokeRecorder (snapshot, guarded edit, change broadcast) and then drops the undo history: the scene is
// where the test starts, as if the map had been read that way (not modified, nothing to undo).

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"

#include <QUndoStack>

namespace mapsmith::tests {

// edits(core::StrokeRecorder&): any chunk and tile edits.
template <class F> void setUpScene(core::MapDocument& doc, F&& edits) {
    {
        // The id does not matter: the step is dropped below.
        core::StrokeRecorder recorder(doc, core::CommandId::ObjectEdit, QStringLiteral("Test scene"));
        edits(recorder);
        recorder.finish();
    }
    doc.undoStack()->clear();
}

// change(io::MapChunk&) on a chunk of a loaded tile.
template <class F> void setUpChunk(core::MapDocument& doc, const core::ChunkCoord& c, F&& change) {
    setUpScene(doc, [&](core::StrokeRecorder& recorder) { change(*recorder.edit(c, core::dirty::All)); });
}

// change(io::Adt&) on a loaded tile's tile-level state (name tables, textures, placements).
template <class F> void setUpTile(core::MapDocument& doc, core::TileCoord t, F&& change) {
    setUpScene(doc, [&](core::StrokeRecorder& recorder) { change(*recorder.editTile(t)); });
}

} // namespace mapsmith::tests
