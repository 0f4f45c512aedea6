// Ray picking of placed objects (core/models/object_pick.h) on the corpus tile continent4229 with its own
// objects replaced by 400 doodads of 40 built M2 models (200..980 vertices, 400..1,180 triangles each, read
// through a ModelLibrary and warm), on a 20 x 20 grid with random headings and scales. Each pick casts one
// of 256 rays aimed from 150 yards away at a random object (from the side and above, as a camera sees
// them): its box first, then its triangles. The same with no meshes (every object picked by its box) for
// comparison, and a whole-tile walk of every object (the rubber band's work before projecting).

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/models/model_library.h"
#include "core/models/object_pick.h"
#include "support/memory_asset_source.h"
#include "support/memory_map.h"
#include "support/model_builders.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <glm/geometric.hpp>

#include <cmath>
#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace mapsmith;

constexpr core::TileCoord kTile{42, 29};
constexpr int kModels = 40;
constexpr int kGrid = 20; // kGrid x kGrid placements

std::string modelName(int k) {
    char name[64];
    std::snprintf(name, sizeof name, "World\\Bench\\Model%02d", k);
    return name;
}

struct Ray {
    glm::dvec3 origin;
    glm::dvec3 direction;
};

struct PickScene {
    std::unique_ptr<core::MapDocument> doc;
    std::shared_ptr<core::ModelLibrary> library;
    core::ObjectBoundsSettings bounds;
    std::vector<Ray> rays;
    std::size_t triangles = 0; // of all placed meshes together

    PickScene() {
        auto source = std::make_shared<test::MemoryAssetSource>();
        for (int k = 0; k < kModels; ++k) {
            tests::M2Spec spec;
            spec.vertexCount = std::uint32_t(200 + 20 * k);
            source->add(modelName(k) + ".m2", tests::buildM2(spec));
            source->add(modelName(k) + "00.skin",
                        tests::buildSkin(spec.vertexCount, std::uint32_t(400 + 20 * k)));
        }
        library = std::make_shared<core::ModelLibrary>(source);
        bounds = core::ModelLibrary::settingsFor(library);
        doc = tests::corpusMap(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), kTile);
        core::UniqueIdAllocator ids;
        ids.attach(*doc);
        core::ObjectEditSettings settings;
        settings.bounds = bounds;
        settings.loadOverlappedTiles = false;
        core::ObjectEditor editor(*doc, ids, settings);
        std::vector<core::ObjectRef> corpusObjects;
        core::forEachObject(*doc, [&](const core::ObjectRef& ref, const core::ObjectState&) {
            corpusObjects.push_back(ref);
        });
        editor.remove(corpusObjects);

        std::mt19937 random(42);
        std::uniform_real_distribution<double> unit(0.0, 1.0);
        std::vector<core::ObjectState> objects;
        std::vector<glm::dvec3> positions;
        const glm::dvec2 corner = core::tileOrigin(kTile);
        const double spacing = core::kTileSize / kGrid;
        for (int i = 0; i < kGrid * kGrid; ++i) {
            const glm::dvec2 p =
                corner - glm::dvec2((i / kGrid + 0.5) * spacing, (i % kGrid + 0.5) * spacing);
            const glm::dvec3 world(p, doc->heightAt(p).value_or(0.0));
            core::ObjectState s;
            s.kind = core::ObjectKind::Doodad;
            s.name = modelName(i % kModels) + ".m2";
            s.doodad.position = core::toVec3f(core::worldToPlacement(world));
            s.doodad.rotation = io::Vec3f{0.0f, float(360.0 * unit(random)), 0.0f};
            s.doodad.scale = core::scaleFromFactor(0.7 + 0.8 * unit(random));
            objects.push_back(s);
            positions.push_back(world);
            triangles += library->geometry(s.kind, s.name).mesh->triangleCount();
        }
        editor.addObjects(std::move(objects));
        for (int r = 0; r < 256; ++r) {
            const glm::dvec3 target =
                positions[std::size_t(unit(random) * double(positions.size())) % positions.size()] +
                glm::dvec3(4.0 * unit(random) - 2.0, 4.0 * unit(random) - 2.0, 3.0 * unit(random));
            const double heading = 6.283185307179586 * unit(random);
            const glm::dvec3 back = glm::normalize(glm::dvec3(std::cos(heading), std::sin(heading), 0.6));
            rays.push_back({target + 150.0 * back, -back});
        }
    }
};

PickScene& scene() {
    static PickScene s;
    return s;
}

void pickLoop(benchmark::State& state, const core::ObjectBoundsSettings& bounds) {
    PickScene& s = scene();
    std::size_t i = 0;
    std::int64_t hits = 0;
    for (auto _ : state) {
        const Ray& ray = s.rays[i++ % s.rays.size()];
        const auto pick = core::pickObjectAlongRay(*s.doc, ray.origin, ray.direction, bounds);
        hits += pick ? 1 : 0;
        benchmark::DoNotOptimize(pick);
    }
    state.counters["hit_share"] = double(hits) / double(std::max<std::int64_t>(1, state.iterations()));
    state.counters["triangles"] = double(s.triangles);
}

void BM_RayPick400Placements40Models(benchmark::State& state) {
    pickLoop(state, scene().bounds);
}
BENCHMARK(BM_RayPick400Placements40Models)->Unit(benchmark::kMicrosecond);

void BM_RayPick400PlacementsBoxesOnly(benchmark::State& state) {
    core::ObjectBoundsSettings boxes = scene().bounds;
    boxes.modelMesh = nullptr;
    pickLoop(state, boxes);
}
BENCHMARK(BM_RayPick400PlacementsBoxesOnly)->Unit(benchmark::kMicrosecond);

void BM_VisitEvery400Placements(benchmark::State& state) {
    PickScene& s = scene();
    for (auto _ : state) {
        std::size_t n = 0;
        core::forEachObject(*s.doc, [&n](const core::ObjectRef&, const core::ObjectState&) { ++n; });
        benchmark::DoNotOptimize(n);
    }
}
BENCHMARK(BM_VisitEvery400Placements)->Unit(benchmark::kMicrosecond);

} // namespace
