// Model bounds through the model library: a warm lookup (what every object edit and MCRF rebuild asks per
// object), a cold one (read and parse the corpus rabbit through the asset source), and a whole MCRF
// rebuild of the corpus tile continent4229 with a real box for each of its 381 doodads.

#include "core/geometry/object_model.h"
#include "core/models/model_library.h"
#include "support/memory_asset_source.h"
#include "support/memory_map.h"
#include "support/model_builders.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

using namespace mapsmith;

namespace {

std::shared_ptr<test::MemoryAssetSource> rabbitSource() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\Critter\\Rabbit.m2", tests::readBytes(tests::corpusPath("models/Rabbit.m2")));
    return source;
}

void BM_ModelBoundsWarm(benchmark::State& state) {
    core::ModelLibrary library(rabbitSource());
    const std::string name = "World\\Critter\\Rabbit.mdx"; // as older tiles name it
    (void)library.bounds(core::ObjectKind::Doodad, name);  // warm: the result is what is measured below
    for (auto _ : state) {
        auto box = library.bounds(core::ObjectKind::Doodad, name);
        benchmark::DoNotOptimize(box);
    }
}
BENCHMARK(BM_ModelBoundsWarm)->Unit(benchmark::kNanosecond);

void BM_ModelBoundsCold(benchmark::State& state) {
    const auto source = rabbitSource();
    for (auto _ : state) {
        core::ModelLibrary library(source);
        auto box = library.bounds(core::ObjectKind::Doodad, "World\\Critter\\Rabbit.m2");
        benchmark::DoNotOptimize(box);
    }
}
BENCHMARK(BM_ModelBoundsCold)->Unit(benchmark::kMicrosecond);

// Every MCRF list of continent4229 from real doodad boxes (one built M2 per model name, warm library).
void BM_RebuildTileReferencesRealBounds(benchmark::State& state) {
    const core::TileCoord tile{42, 29};
    auto doc = tests::corpusMap(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), tile);
    const io::Adt& adt = *doc->tile(tile);
    auto source = std::make_shared<test::MemoryAssetSource>();
    const std::vector<std::byte> m2 = tests::buildM2({});
    for (const std::string& name : adt.modelNames) {
        for (const std::string& file : {name, name.substr(0, name.rfind('.')) + ".m2"}) {
            source->add(file, m2);
        }
    }
    const auto library = std::make_shared<core::ModelLibrary>(source);
    const core::ObjectBoundsSettings settings = core::ModelLibrary::settingsFor(library);
    (void)core::rebuildReferences(tile, adt, settings); // warm
    for (auto _ : state) {
        auto refs = core::rebuildReferences(tile, adt, settings);
        benchmark::DoNotOptimize(refs);
    }
    state.counters["doodads"] = double(adt.doodads.size());
}
BENCHMARK(BM_RebuildTileReferencesRealBounds)->Unit(benchmark::kMicrosecond);

} // namespace
