// Autosave costs (README, "Autosave and recovery"): one hills tile copied on the UI thread and packed (encode
// + zlib) on the worker; a modified 3x3 block written as one autosave (copy, then encode + zlib + write).

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"
#include "core/recovery/recovery_codec.h"
#include "core/recovery/recovery_store.h"
#include "support/memory_map.h"

#include <QTemporaryDir>
#include <QUndoStack>
#include <benchmark/benchmark.h>

using namespace mapsmith;

namespace {

// Raises every height of the tile by one yard, as one stroke (every chunk modified).
void raiseTile(core::MapDocument& doc, core::TileCoord t) {
    core::StrokeRecorder stroke(doc, core::CommandId::HeightStroke, QStringLiteral("Raise"));
    for (int i = 0; i < 256; ++i) {
        auto e = stroke.edit({t, i / 16, i % 16}, core::dirty::Vertices);
        for (float& h : e->heights) {
            h += 1.0f;
        }
    }
    stroke.finish();
}

void BM_RecoveryCopyTile(benchmark::State& state) {
    auto doc = tests::hillsMap({{30, 30}});
    raiseTile(*doc, {30, 30});
    const io::Adt& adt = *doc->tile({30, 30});
    for (auto _ : state) {
        io::Adt copy = adt; // what the UI thread does
        benchmark::DoNotOptimize(copy);
    }
}
BENCHMARK(BM_RecoveryCopyTile)->Unit(benchmark::kMillisecond);

void BM_RecoveryPackTile(benchmark::State& state) {
    auto doc = tests::hillsMap({{30, 30}});
    raiseTile(*doc, {30, 30});
    const io::Adt& adt = *doc->tile({30, 30});
    for (auto _ : state) {
        auto packed = core::packRecoveredTile(adt, core::TileLayout::V18);
        benchmark::DoNotOptimize(packed);
    }
}
BENCHMARK(BM_RecoveryPackTile)->Unit(benchmark::kMillisecond);

void BM_RecoveryWriteBlock3x3(benchmark::State& state) {
    std::vector<core::TileCoord> block;
    for (int y = 29; y <= 31; ++y) {
        for (int x = 29; x <= 31; ++x) {
            block.push_back({x, y});
        }
    }
    auto doc = tests::hillsMap(block);
    for (const auto t : block) {
        raiseTile(*doc, t);
    }
    QTemporaryDir root;
    int generation = 0;
    for (auto _ : state) {
        core::RecoverySnapshot s;
        s.manifest.mapPath = QStringLiteral("/maps/Test/Test.wdt");
        s.manifest.mapName = doc->mapName();
        s.manifest.savedAt = QDateTime::currentDateTimeUtc();
        s.manifest.bigAlpha = doc->bigAlpha();
        s.manifest.undoIndex = doc->undoStack()->index();
        s.manifest.cleanIndex = doc->undoStack()->cleanIndex();
        s.manifest.generation = ++generation;
        for (const auto t : doc->modifiedTiles()) {
            s.changed.emplace(t, *doc->tile(t));
        }
        auto written = core::writeRecovery(root.filePath(QStringLiteral("m")), std::move(s));
        if (!written) {
            state.SkipWithError("writeRecovery failed");
            break;
        }
    }
}
BENCHMARK(BM_RecoveryWriteBlock3x3)->Unit(benchmark::kMillisecond);

} // namespace
