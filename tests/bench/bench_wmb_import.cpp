// Importing the corpus level test.wmb into a one-tile hills map (core/convert/wmb_import.h): the plan
// (WMO built and serialized with its 7 BLPs, entity models looked up and read) and its application (MODF,
// 5 doodads, one undo step), the plan alone; and an HMP terrain entity (small.hmp, 66 x 66) laid onto the
// map's heights.

#include "core/convert/hmp_terrain.h"
#include "core/convert/wmb_import.h"
#include "core/convert/wmb_level_frame.h"
#include "core/convert/wmb_terrain.h"
#include "core/document/unique_ids.h"
#include "io/gamestudio/hmp.h"
#include "io/gamestudio/wmb.h"
#include "support/memory_asset_source.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

namespace {

using namespace mapsmith;

constexpr core::TileCoord kTile{32, 32};

glm::dvec2 tileCentre() {
    return core::tileOrigin(kTile) - glm::dvec2(core::kTileSize / 2.0);
}

std::shared_ptr<test::MemoryAssetSource> entityFiles() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    const auto mdl = tests::readBytes(tests::corpusPath("mdl/mdl5-earth.mdl"));
    for (const char* name : {"lasergun.mdl", "laserammo.mdl", "player.mdl"}) {
        source->add(name, mdl);
    }
    return source;
}

void BM_WmbImportCorpus(benchmark::State& state) {
    const auto level = io::readWmb(tests::readBytes(tests::corpusPath("wmb/test.wmb"))).value();
    core::WmbImportRequest request;
    request.levelName = "test";
    request.at = tileCentre();
    request.entityFiles = entityFiles();
    for (auto _ : state) {
        state.PauseTiming();
        auto doc = tests::hillsMap({kTile});
        core::UniqueIdAllocator ids;
        ids.attach(*doc);
        state.ResumeTiming();
        auto report = core::importWmb(*doc, ids, level, request);
        if (!report || report->doodads.size() != 5) {
            state.SkipWithError("import failed");
            break;
        }
        benchmark::DoNotOptimize(report);
        state.PauseTiming();
        doc.reset();
        state.ResumeTiming();
    }
}
BENCHMARK(BM_WmbImportCorpus)->Unit(benchmark::kMillisecond);

// The plan alone (the WMO built and serialized, the models found and read): no change to the map.
void BM_WmbImportPlan(benchmark::State& state) {
    const auto level = io::readWmb(tests::readBytes(tests::corpusPath("wmb/test.wmb"))).value();
    core::WmbImportRequest request;
    request.levelName = "test";
    request.at = tileCentre();
    request.entityFiles = entityFiles();
    auto doc = tests::hillsMap({kTile});
    for (auto _ : state) {
        auto plan = core::planWmbImport(*doc, level, request);
        if (!plan) {
            state.SkipWithError("plan failed");
            break;
        }
        benchmark::DoNotOptimize(plan);
    }
}
BENCHMARK(BM_WmbImportPlan)->Unit(benchmark::kMillisecond);

void BM_LevelTerrainApply(benchmark::State& state) {
    const auto hmp = io::readHmp(tests::readBytes(tests::corpusPath("hmp/small.hmp"))).value();
    const core::LevelFrame frame(glm::dvec3(tileCentre(), 40.0), 1.0 / 36.0);
    // Scaled 10x so the terrain covers 289 yards: about 4700 map vertices.
    const core::LevelTerrain terrain(core::gridFromHmp(hmp), io::hmpExtent(hmp), {0.0, 0.0, 0.0}, 0.0,
                                     {10.0, 10.0, 1.0}, frame);
    auto doc = tests::hillsMap({kTile});
    std::size_t set = 0;
    for (auto _ : state) {
        core::StrokeRecorder recorder(*doc, core::CommandId::ImportLevel, QStringLiteral("terrain"));
        set = core::applyLevelTerrain(recorder, terrain);
        recorder.cancel();
    }
    state.counters["vertices"] = double(set);
}
BENCHMARK(BM_LevelTerrainApply)->Unit(benchmark::kMillisecond);

} // namespace
