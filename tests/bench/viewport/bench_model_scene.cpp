// Model drawing benchmarks (issue 14): the frame time of the corpus tile continent4229 with 2,000 Rabbit.m2
// and 20 trolltent.wmo placed, drawn as models, the same objects as boxes (no game data) and the bare tile,
// in one run; working out one tile's models (400 placements of 40 distinct M2s) as the worker does; and
// the viewport's share of moving one model (one instance rewritten).

#include "bench_model_scene.h"

#include "core/document/map_document.h"
#include "core/edit/object_edit.h"
#include "core/models/model_library.h"
#include "editor/viewport/model_scene.h"
#include "editor/viewport/terrain_viewport.h"
#include "editor/viewport/texture_source.h"
#include "io/adt/adt.h"
#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"
#include "support/memory_asset_source.h"
#include "support/memory_map.h"
#include "support/test_blp.h"
#include "support/test_files.h"

#include <benchmark/benchmark.h>

#include <QApplication>
#include <QElapsedTimer>

#include <memory>

using namespace mapsmith;

namespace {

constexpr core::TileCoord kTile{42, 29};
constexpr int kRabbits = 2000;
constexpr int kTents = 20;

std::shared_ptr<test::MemoryAssetSource> corpusModels() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    const auto model = [](const char* name) {
        return tests::readBytes(tests::corpusPath(std::string("models/") + name));
    };
    source->add("World\\Critter\\Rabbit.m2", model("Rabbit.m2"));
    source->add("World\\Critter\\Rabbit00.skin", model("Rabbit00.skin"));
    source->add("World\\wmo\\TrollTent.wmo", model("trolltent.wmo"));
    source->add("World\\wmo\\TrollTent_000.wmo", model("trolltent_000.wmo"));
    source->add("DUNGEONS\\TEXTURES\\ROOF\\BM_TROLL_KOTOSKIN01.BLP", test::solidBlp(QColor(150, 90, 60)));
    source->add("DUNGEONS\\TEXTURES\\WOOD\\BM_TROLL_SUPPORTS01.BLP", test::solidBlp(QColor(110, 80, 50)));
    source->add("DUNGEONS\\TEXTURES\\TRIM\\BM_TROLL_TRIM01.BLP", test::solidBlp(QColor(230, 220, 200)));
    return source;
}

glm::dvec2 tileCentre() {
    return core::tileOrigin(kTile) - glm::dvec2(core::kTileSize / 2.0);
}

// continent4229 (381 doodads, 19 WMOs of its own, none of them in the game data here) plus 2,000 rabbits
// (twice their size, on a 6-yard grid round the centre, on the ground) and 20 tents (a 5 x 4 grid, 60 yards
// apart).
std::vector<std::byte> tileWithModels(bool add) {
    const auto corpus = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    if (!add) {
        return corpus;
    }
    auto plain = tests::corpusMap(corpus, kTile);
    io::Adt adt = *plain->tile(kTile);
    const glm::dvec2 c = tileCentre();
    const auto ground = [&](glm::dvec2 p) {
        return core::toVec3f(core::worldToPlacement({p, plain->heightAt(p).value_or(0.0)}));
    };
    std::uint32_t id = 1u << 24;
    const auto rabbit = std::uint32_t(adt.modelNames.size());
    adt.modelNames.push_back("World\\Critter\\Rabbit.m2");
    for (int i = 0; i < kRabbits; ++i) {
        io::DoodadPlacement d;
        d.nameIndex = rabbit;
        d.uniqueId = ++id;
        d.position = ground(c + glm::dvec2(i % 45 - 22, i / 45 - 22) * 6.0);
        d.rotation = {0.0f, core::rotationYForHeading(double(i * 37 % 360)), 0.0f};
        d.scale = core::scaleFromFactor(2.0);
        adt.doodads.push_back(d);
    }
    const auto tent = std::uint32_t(adt.wmoNames.size());
    adt.wmoNames.push_back("World\\wmo\\TrollTent.wmo");
    for (int i = 0; i < kTents; ++i) {
        io::MapObjectPlacement w;
        w.nameIndex = tent;
        w.uniqueId = ++id;
        w.position = ground(c + glm::dvec2(i % 5 - 2, i / 5 - 1.5) * 60.0);
        w.rotation = {0.0f, core::rotationYForHeading(double(i * 53 % 360)), 0.0f};
        w.extentsMin = w.position;
        w.extentsMax = w.position;
        adt.mapObjects.push_back(w);
    }
    return io::writeAdt(adt);
}

struct ModelBenchScene {
    std::shared_ptr<test::MemoryAssetSource> source = corpusModels();
    std::shared_ptr<core::ModelLibrary> library = std::make_shared<core::ModelLibrary>(source);
    std::shared_ptr<io::TextureCache> textures = [this] {
        auto cache = std::make_shared<io::TextureCache>();
        cache->setSource(source);
        return cache;
    }();
    std::unique_ptr<core::MapDocument> doc = tests::corpusMap(tileWithModels(true), kTile);
    std::unique_ptr<core::MapDocument> bare = tests::corpusMap(tileWithModels(false), kTile);
    // The viewport's handling of the document's tileStateChanged, timed by a slot connected before the
    // viewport's and one connected after it (slots run in connection order).
    QElapsedTimer clock;
    qint64 handlerStart = 0;
    qint64 handlerNs = 0;
    editor::TerrainViewport view{nullptr, std::make_shared<editor::AssetTextureSource>(textures)};
    editor::CameraPose pose;

    QObject timing; // context of the two timing slots

    ModelBenchScene() {
        clock.start();
        view.resize(1024, 678);
        view.show();
        QApplication::processEvents();
        view.setObjectBounds(core::ModelLibrary::settingsFor(library));
        view.setModelLibrary(library);
        setDocument(doc.get());
        const glm::dvec2 c = tileCentre();
        pose = editor::poseLookingAt({c, *doc->heightAt(c)}, 30.0, -35.0, 300.0);
        view.setCamera(pose.position, pose.yaw, pose.pitch);
        view.grabFrame(60000); // uploads everything
    }

    enum class Mode { Models, Boxes, BareTile };
    // Shows `d` with the timing slots round the viewport's.
    void setDocument(core::MapDocument* d) {
        view.setDocument(nullptr);
        QObject::disconnect(doc.get(), nullptr, &timing, nullptr);
        QObject::connect(doc.get(), &core::MapDocument::tileStateChanged, &timing,
                         [this] { handlerStart = clock.nsecsElapsed(); });
        view.setDocument(d);
        QObject::connect(doc.get(), &core::MapDocument::tileStateChanged, &timing,
                         [this] { handlerNs += clock.nsecsElapsed() - handlerStart; });
    }
    void show(Mode mode) {
        view.setModelLibrary(mode == Mode::Models ? library : nullptr);
        setDocument(mode == Mode::BareTile ? bare.get() : doc.get());
        view.setCamera(pose.position, pose.yaw, pose.pitch);
        view.grabFrame(60000);
        view.grabFrame(60000);
    }
};

std::unique_ptr<ModelBenchScene> gModelScene;

ModelBenchScene& modelScene() {
    if (!gModelScene) {
        gModelScene = std::make_unique<ModelBenchScene>();
    }
    return *gModelScene;
}

// One frame of a slowly turning camera (two frames per capture, as BM_ViewportFrame3x3), in the mode named
// by the argument: 0 models, 1 the same objects as boxes (no game data), 2 the tile without the added ones.
void BM_ModelSceneFrame(benchmark::State& state) {
    ModelBenchScene& s = modelScene();
    const auto mode = ModelBenchScene::Mode(state.range(0));
    s.show(mode);
    int i = 0;
    for (auto _ : state) {
        s.view.setCamera(s.pose.position, s.pose.yaw + 0.5 * (i++ % 20), s.pose.pitch);
        QElapsedTimer clock;
        clock.start();
        const QImage frame = s.view.grabFrame(60000);
        state.SetIterationTime(double(clock.nsecsElapsed()) / 2e9);
        if (frame.isNull()) {
            state.SkipWithError("capture timed out");
            break;
        }
    }
    const editor::ModelScene& models = s.view.models();
    state.counters["instances"] = double(models.instanceCount());
    state.counters["draws"] = models.drawCount();
    state.SetLabel(mode == ModelBenchScene::Mode::Models  ? "models"
                   : mode == ModelBenchScene::Mode::Boxes ? "same objects as boxes"
                                                          : "bare tile");
}
BENCHMARK(BM_ModelSceneFrame)
    ->Arg(0)
    ->Arg(1)
    ->Arg(2)
    ->Arg(0)
    ->UseManualTime()
    ->Unit(benchmark::kMillisecond)
    ->Iterations(10);

// The viewport's share of one move of one rabbit (ObjectDrag::update, as a mouse drag does): the model
// scene rewrites that instance (64 bytes) and nothing else. Manual time: the viewport's slot only; the
// counter "edit_us" is the whole update including the core's edit.
void BM_MoveOneModel(benchmark::State& state) {
    ModelBenchScene& s = modelScene();
    s.show(ModelBenchScene::Mode::Models);
    const io::Adt* adt = s.doc->tile(kTile);
    const core::ObjectRef rabbit{kTile, core::ObjectKind::Doodad,
                                 adt->doodads[adt->doodads.size() / 2 + 22].uniqueId};
    core::ObjectEditSettings settings;
    settings.bounds = core::ModelLibrary::settingsFor(s.library);
    core::ObjectDrag drag(*s.doc, {rabbit}, settings);
    s.view.models().resetStats();
    s.view.resetSceneStats();
    double editNs = 0.0;
    int i = 0;
    for (auto _ : state) {
        core::ObjectTransform t;
        t.translate = {0.25 * (i % 8), 0.0, 0.0};
        ++i;
        s.handlerNs = 0;
        const qint64 start = s.clock.nsecsElapsed();
        drag.update(t);
        editNs += double(s.clock.nsecsElapsed() - start);
        state.SetIterationTime(double(s.handlerNs) / 1e9);
    }
    drag.cancel();
    state.counters["edit_us"] = editNs / 1e3 / double(std::max(i, 1));
    state.counters["instance_updates"] = s.view.models().stats().instanceUpdates;
    state.counters["tile_rebuilds"] = s.view.models().stats().tileBuilds;
    state.counters["box_rebuilds"] = s.view.sceneStats().objectRebuilds;
}
BENCHMARK(BM_MoveOneModel)->UseManualTime()->Unit(benchmark::kMicrosecond)->Iterations(500);

// From setting the game data to the tile's 2,020 instances attached (the models already read by the
// library): the worker's part and the UI thread's (GPU models, instance buffers, entities) together.
void BM_TileModelsShown(benchmark::State& state) {
    ModelBenchScene& s = modelScene();
    s.show(ModelBenchScene::Mode::Models);
    for (auto _ : state) {
        state.PauseTiming();
        s.view.setModelLibrary(nullptr);
        state.ResumeTiming();
        s.view.setModelLibrary(s.library);
        if (!s.view.models().waitIdle(60000)) {
            state.SkipWithError("models not shown");
            break;
        }
    }
    state.counters["instances"] = double(s.view.models().instanceCount());
}
BENCHMARK(BM_TileModelsShown)->Unit(benchmark::kMillisecond)->Iterations(5);

// What the worker does for a tile that streams in: 400 placements of 40 distinct M2s (the corpus rabbit
// under 40 names, each with its skin) -> instances, GPU buffers of the 40 meshes. Arg 0: a fresh library
// (every model read and parsed, as for a tile of models not seen before); arg 1: the models already read.
void BM_TileModelBuild400x40(benchmark::State& state) {
    auto source = std::make_shared<test::MemoryAssetSource>();
    const auto m2 = tests::readBytes(tests::corpusPath("models/Rabbit.m2"));
    const auto skin = tests::readBytes(tests::corpusPath("models/Rabbit00.skin"));
    editor::TilePlacements p;
    p.tile = kTile;
    for (int m = 0; m < 40; ++m) {
        const std::string name = "World\\Bench\\Model" + std::to_string(m);
        source->add(name + ".m2", m2);
        source->add(name + "00.skin", skin);
        p.modelNames.push_back(name + ".m2");
    }
    const glm::dvec2 c = tileCentre();
    for (int i = 0; i < 400; ++i) {
        io::DoodadPlacement d;
        d.nameIndex = std::uint32_t(i % 40);
        d.uniqueId = std::uint32_t(i + 1);
        d.position =
            core::toVec3f(core::worldToPlacement({c + glm::dvec2(i % 20 - 10, i / 20 - 10) * 20.0, 50.0}));
        d.rotation = {0.0f, float(i * 17 % 360), 0.0f};
        p.doodads.push_back(d);
    }
    editor::MapTiles tiles;
    tiles.set(std::size_t(kTile.x + 64 * kTile.y));
    editor::SceneFrame frame;
    frame.origin = glm::dvec3(core::tileOrigin(kTile), 0.0);
    const bool warm = state.range(0) == 1;
    auto library = std::make_shared<core::ModelLibrary>(source);
    std::size_t instances = 0;
    std::size_t uploads = 0;
    for (auto _ : state) {
        if (!warm) {
            state.PauseTiming();
            library = std::make_shared<core::ModelLibrary>(source);
            state.ResumeTiming();
        }
        const editor::PreparedTile t = editor::prepareTileModels(
            p, frame, tiles,
            [&](core::ObjectKind k, const std::string& n) { return library->geometry(k, n); }, {}, nullptr);
        instances = t.models.instanceCount();
        uploads = t.uploads.size();
        benchmark::DoNotOptimize(t.uploads.data());
    }
    state.counters["instances"] = double(instances);
    state.counters["meshes"] = double(uploads);
    state.SetLabel(warm ? "models read before" : "every model read");
}
BENCHMARK(BM_TileModelBuild400x40)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);

} // namespace

void destroyModelBenchScene() {
    gModelScene.reset();
}
