// Object editing costs on the corpus tile continent4229 (381 doodads, 19 WMOs): one drag update of a
// doodad (restore + re-place + MCRF refs of the moved entry), a whole one-shot move (one undo step,
// snapshots included), a full MCRF rebuild of the tile from bounds, and the map-wide duplicate scan.

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/geometry/object_model.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <benchmark/benchmark.h>

using namespace mapsmith;

namespace {

const core::TileCoord kTile{42, 29};

std::unique_ptr<core::MapDocument> corpusDoc() {
    return tests::corpusMap(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), kTile);
}

core::ObjectRef doodadRef(const core::MapDocument& doc, std::size_t index) {
    return {kTile, core::ObjectKind::Doodad, doc.tile(kTile)->doodads[index].uniqueId};
}

// One mouse move of a drag: the doodad jumps one chunk north and back on alternate updates, so every
// update restores the previous one and re-references it from another chunk.
void BM_DragUpdateOneDoodad(benchmark::State& state) {
    auto doc = corpusDoc();
    core::ObjectDrag drag(*doc, {doodadRef(*doc, 100)});
    int i = 0;
    for (auto _ : state) {
        core::ObjectTransform t;
        t.translate = {(i % 2) * core::kChunkSize, 0.0, 0.0};
        drag.update(t);
        ++i;
    }
    drag.cancel();
}
BENCHMARK(BM_DragUpdateOneDoodad)->Unit(benchmark::kMicrosecond);

// A one-shot move by one chunk north/south (recorder, MCRF of two chunks, finish compressing their
// snapshots and pushing one undo command).
void BM_MoveOneDoodadCommand(benchmark::State& state) {
    auto doc = corpusDoc();
    doc->undoStack()->setUndoLimit(20);
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    core::ObjectEditor editor(*doc, ids);
    std::vector<core::ObjectRef> sel{doodadRef(*doc, 100)};
    double step = core::kChunkSize;
    for (auto _ : state) {
        sel = editor.move(sel, {step, 0.0, 0.0});
        step = -step;
    }
}
BENCHMARK(BM_MoveOneDoodadCommand)->Unit(benchmark::kMicrosecond);

// Every MCRF list of the tile from the stand-in doodad boxes and MODF extents (pure function).
void BM_RebuildTileReferences(benchmark::State& state) {
    auto doc = corpusDoc();
    const io::Adt& adt = *doc->tile(kTile);
    for (auto _ : state) {
        auto refs = core::rebuildReferences(kTile, adt, {});
        benchmark::DoNotOptimize(refs);
    }
}
BENCHMARK(BM_RebuildTileReferences)->Unit(benchmark::kMicrosecond);

void BM_FindDuplicateIds(benchmark::State& state) {
    auto doc = corpusDoc();
    for (auto _ : state) {
        auto dups = core::findDuplicateIds(*doc);
        benchmark::DoNotOptimize(dups);
    }
}
BENCHMARK(BM_FindDuplicateIds)->Unit(benchmark::kMicrosecond);

} // namespace
