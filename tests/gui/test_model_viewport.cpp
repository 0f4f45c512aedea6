// Models drawn in the viewport: with the corpus troll tent (WMO, three textured materials whose BLPs are
// made here in three distinct colours) and rabbit (M2 with a run-time texture) in a project folder, the
// objects placed on the demo map show as textured meshes where they stand, not as boxes; a model that is
// missing or whose file is cut short keeps a box in the warning colour (and crashes nothing); moving an
// object rewrites only its instance; undo takes the drawn model away; without game data every object is a
// box again. Screenshots go to MAPSMITH_SCREENSHOT_DIR.

#include "core/convert/terrain_presets.h"
#include "core/convert/tile_factory.h"
#include "core/document/asset_folders.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/edit/place_objects.h"
#include "core/geometry/object_model.h"
#include "core/kernels/procedural_textures.h"
#include "core/models/model_library.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/tools/object_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/model_gpu_cache.h"
#include "editor/viewport/model_instances.h"
#include "editor/viewport/model_scene.h"
#include "editor/viewport/object_boxes.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/assets/blp.h"
#include "io/wdt/wdt.h"
#include "support/test_blp.h"
#include "support/write_file.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <functional>

using namespace mapsmith;

namespace {

const char* const kTent = "World\\wmo\\TrollTent.wmo";
const char* const kRabbit = "World\\Critter\\Rabbit.m2";

// The tent's three textures (trolltent.wmo MOTX) and the colour each is made in.
struct TentTexture {
    const char* path;
    QColor colour;
};
const TentTexture kTentTextures[] = {
    {"DUNGEONS/TEXTURES/ROOF/BM_TROLL_KOTOSKIN01.BLP", QColor(230, 30, 30)},
    {"DUNGEONS/TEXTURES/WOOD/BM_TROLL_SUPPORTS01.BLP", QColor(30, 210, 30)},
    {"DUNGEONS/TEXTURES/TRIM/BM_TROLL_TRIM01.BLP", QColor(30, 30, 230)},
};

QByteArray corpus(const char* relative) {
    QFile f(QStringLiteral(MAPSMITH_CORPUS_DIR "/") + QLatin1String(relative));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The hue a colour has whatever the light: each channel over the brightest one.
bool sameHue(QColor pixel, QColor want) {
    const int peak = std::max({pixel.red(), pixel.green(), pixel.blue()});
    const int wantPeak = std::max({want.red(), want.green(), want.blue()});
    if (peak < 40) {
        return false;
    }
    const auto diff = [&](int p, int w) { return std::abs(double(p) / peak - double(w) / wantPeak); };
    return diff(pixel.red(), want.red()) < 0.12 && diff(pixel.green(), want.green()) < 0.12 &&
           diff(pixel.blue(), want.blue()) < 0.12;
}

int countPixels(const QImage& image, const QRect& area, const std::function<bool(QColor)>& test) {
    int n = 0;
    const QRect r = area.intersected(image.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            n += test(QColor(image.pixel(x, y))) ? 1 : 0;
        }
    }
    return n;
}

QColor fromFloats(const std::array<float, 4>& c) {
    return QColor::fromRgbF(c[0], c[1], c[2]);
}

// A point of `tile` on dry, fairly flat ground: at least 3 yards above the highest liquid of the tile and
// heights within 8 yards over 30 yards, searched outwards from the tile's centre.
glm::dvec3 dryGround(const core::MapDocument& doc, core::TileCoord tile) {
    double water = -1e9;
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        if (const io::LiquidChunk* liquid = doc.liquid({tile, i / 16, i % 16})) {
            for (const io::LiquidInstance& l : liquid->instances) {
                water = std::max(water, double(l.maxHeight));
            }
        }
    }
    const glm::dvec2 centre = core::tileOrigin(tile) - glm::dvec2(core::kTileSize / 2.0);
    for (double r = 0.0; r < core::kTileSize / 2.0; r += core::kChunkSize / 2.0) {
        for (int a = 0; a < 16; ++a) {
            const double angle = a * 3.14159265 / 8.0;
            const glm::dvec2 p = centre + r * glm::dvec2(std::cos(angle), std::sin(angle));
            double lo = 1e9;
            double hi = -1e9;
            for (int dx = -1; dx <= 1; ++dx) {
                for (int dy = -1; dy <= 1; ++dy) {
                    const double h = doc.heightAt(p + glm::dvec2(dx, dy) * 15.0).value_or(-1e9);
                    lo = std::min(lo, h);
                    hi = std::max(hi, h);
                }
            }
            if (lo > water + 3.0 && hi - lo < 8.0) {
                return {p, *doc.heightAt(p)};
            }
        }
    }
    return {centre, doc.heightAt(centre).value_or(0.0)};
}

void save(const QImage& image, const char* name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    image.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/") + QLatin1String(name));
}

} // namespace

class TestModelViewport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void tentAndRabbitAreDrawnTextured();
    void missingAndBrokenModelsAreWarningBoxes();
    void movingUpdatesOnlyTheInstanceAndUndoRemovesTheModel();
    void withoutGameDataEveryObjectIsABox();
    void dataPathsOfOneRunAreNotSaved();
    void loadedTilesGetTheirModelsOffTheUiThread();
    void readmeScreenshot();
    void instancesFollowTheirEntries();

private:
    struct Scene {
        editor::MainWindow window;
        glm::dvec3 centre{0.0};
    };
    void open(Scene& s, bool gameData);
    // The screen rectangle around a placed object's box (its model box transformed), grown by `margin`.
    QRect screenBox(Scene& s, const core::ObjectRef& ref, int margin = 4);
    core::ObjectRef place(Scene& s, core::ObjectKind kind, const std::string& model, glm::dvec3 world,
                          double heading, std::uint16_t scale = core::kScaleOne);

    QTemporaryDir mProject;
};

void TestModelViewport::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
    const QString p = mProject.path() + QLatin1Char('/');
    QVERIFY(test::writeFile(p + QStringLiteral("World/wmo/TrollTent.wmo"), corpus("models/trolltent.wmo")));
    QVERIFY(test::writeFile(p + QStringLiteral("World/wmo/TrollTent_000.wmo"),
                            corpus("models/trolltent_000.wmo")));
    QVERIFY(test::writeFile(p + QStringLiteral("World/Critter/Rabbit.m2"), corpus("models/Rabbit.m2")));
    QVERIFY(
        test::writeFile(p + QStringLiteral("World/Critter/Rabbit00.skin"), corpus("models/Rabbit00.skin")));
    // A model cut short after its header: read, found wanting, never drawn.
    QVERIFY(
        test::writeFile(p + QStringLiteral("World/Critter/Broken.m2"), corpus("models/Rabbit.m2").left(400)));
    for (const TentTexture& t : kTentTextures) {
        QVERIFY(test::writeFile(p + QLatin1String(t.path), test::solidBlp(t.colour)));
    }
}

void TestModelViewport::init() {
    QSettings().clear();
}

void TestModelViewport::open(Scene& s, bool gameData) {
    s.window.resize(1024, 720);
    for (QDockWidget* dock : s.window.findChildren<QDockWidget*>()) {
        dock->hide(); // the whole window for the view
    }
    s.window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&s.window));
    if (gameData) {
        QVERIFY2(s.window.setAssetFolders({{}, {}, mProject.path()}), qPrintable(s.window.lastError()));
    }
    QVERIFY(s.window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    s.centre = dryGround(*s.window.document(), s.window.document()->loadedTiles().front());
    // Looking north-west at the centre from 70 yards, 25 degrees down.
    const auto pose = editor::poseLookingAt(s.centre + glm::dvec3(0.0, 0.0, 4.0), 30.0, -25.0, 70.0);
    s.window.viewport()->setCamera(pose.position, pose.yaw, pose.pitch);
}

core::ObjectRef TestModelViewport::place(Scene& s, core::ObjectKind kind, const std::string& model,
                                         glm::dvec3 world, double heading, std::uint16_t scale) {
    core::ObjectEditSettings settings;
    settings.bounds = s.window.objectBounds();
    core::UniqueIdAllocator ids;
    ids.attach(*s.window.document());
    core::ObjectEditor editor(*s.window.document(), ids, settings);
    const float rotationY = core::rotationYForHeading(heading);
    const auto box = settings.bounds.modelBounds ? settings.bounds.modelBounds(core::ObjectKind::Wmo, model)
                                                 : std::nullopt;
    const auto ref = kind == core::ObjectKind::Wmo
                         ? editor.addWmo(model, world, {0.0f, rotationY, 0.0f}, box)
                         : editor.addDoodad(model, world, {0.0f, rotationY, 0.0f}, scale);
    return ref.value_or(core::ObjectRef{});
}

QRect TestModelViewport::screenBox(Scene& s, const core::ObjectRef& ref, int margin) {
    const auto state = core::findObject(*s.window.document(), ref);
    if (!state) {
        return {};
    }
    core::Box3 box;
    if (ref.kind == core::ObjectKind::Wmo) {
        box = core::extentsOf(state->wmo);
    } else {
        box = core::doodadBounds(state->doodad, state->name, s.window.objectBounds());
    }
    QRectF out;
    for (int i = 0; i < 8; ++i) {
        const glm::dvec3 corner{(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                                (i & 4) ? box.max.z : box.min.z};
        const auto p = s.window.viewport()->project(core::placementToWorld(corner));
        if (!p) {
            return {};
        }
        out = out.isNull() ? QRectF(*p, QSizeF(1, 1)) : out.united(QRectF(*p, QSizeF(1, 1)));
    }
    return out.toAlignedRect().adjusted(-margin, -margin, margin, margin);
}

void TestModelViewport::tentAndRabbitAreDrawnTextured() {
    Scene s;
    open(s, true);
    editor::TerrainViewport* view = s.window.viewport();
    QVERIFY(view->models().active());
    const QImage before = view->grabFrame();
    QVERIFY(!before.isNull());

    const auto tent = place(s, core::ObjectKind::Wmo, kTent, s.centre, 200.0);
    // The rabbit, 8x its size (about 6 yards long), to the tent's right.
    const auto rabbit = place(s, core::ObjectKind::Doodad, kRabbit, s.centre + glm::dvec3(-6.0, -22.0, 0.0),
                              120.0, core::scaleFromFactor(8.0));
    QVERIFY(tent.uniqueId != 0 && rabbit.uniqueId != 0);
    const QImage frame = view->grabFrame();
    save(frame, "models_tent_rabbit.png");

    // Both are instances of a model on the GPU, neither has a box.
    const editor::ModelScene& models = view->models();
    QCOMPARE(models.gpuModelCount(), std::size_t(2));
    QVERIFY(models.instanceCount() >= 2);
    const auto* adt = s.window.document()->tile(tent.tile);
    QVERIFY(adt);
    QCOMPARE(models.boxStyle(tent.tile, core::ObjectKind::Wmo, adt->mapObjects.size() - 1),
             editor::BoxStyle::Hidden);
    QCOMPARE(models.boxStyle(rabbit.tile, core::ObjectKind::Doodad,
                             s.window.document()->tile(rabbit.tile)->doodads.size() - 1),
             editor::BoxStyle::Hidden);

    // Each of the tent's three textures shows inside its box on screen, and did not before.
    const QRect tentArea = screenBox(s, tent);
    QVERIFY(!tentArea.isEmpty());
    for (const TentTexture& t : kTentTextures) {
        const auto hue = [&](QColor c) { return sameHue(c, t.colour); };
        const int now = countPixels(frame, tentArea, hue);
        QVERIFY2(now > 150, qPrintable(QStringLiteral("%1: %2 pixels").arg(QLatin1String(t.path)).arg(now)));
        QCOMPARE(countPixels(before, tentArea, hue), 0);
    }

    // The rabbit: its run-time texture's neutral stand-in, lit, fills part of its box; no magenta box.
    const QRect rabbitArea = screenBox(s, rabbit);
    QVERIFY(!rabbitArea.isEmpty());
    const auto neutral = [](QColor c) { return sameHue(c, editor::kRunTimeTextureColour); };
    const int rabbitPixels =
        countPixels(frame, rabbitArea, neutral) - countPixels(before, rabbitArea, neutral);
    QVERIFY2(rabbitPixels > 100, qPrintable(QString::number(rabbitPixels)));
    const auto doodadBox = [](QColor c) { return sameHue(c, fromFloats(editor::kDoodadBoxColour)); };
    QCOMPARE(countPixels(frame, rabbitArea, doodadBox), 0);
    // Without game data the same two are boxes (the WMO's in its colour), no model is on the GPU.
    QVERIFY(s.window.setAssetFolders({}));
    const QImage boxes = view->grabFrame();
    save(boxes, "models_tent_rabbit_as_boxes.png");
    QCOMPARE(view->models().gpuModelCount(), std::size_t(0));
    for (const TentTexture& t : kTentTextures) {
        QCOMPARE(countPixels(boxes, tentArea, [&](QColor c) { return sameHue(c, t.colour); }), 0);
    }
    QVERIFY(countPixels(boxes, rabbitArea, doodadBox) > 20);
}

void TestModelViewport::missingAndBrokenModelsAreWarningBoxes() {
    Scene s;
    open(s, true);
    editor::TerrainViewport* view = s.window.viewport();
    const auto missing = place(s, core::ObjectKind::Doodad, "World\\Critter\\Missing.m2", s.centre, 0.0,
                               core::scaleFromFactor(3.0));
    const auto broken = place(s, core::ObjectKind::Doodad, "World\\Critter\\Broken.m2",
                              s.centre + glm::dvec3(0.0, -15.0, 0.0), 0.0, core::scaleFromFactor(3.0));
    QVERIFY(missing.uniqueId != 0 && broken.uniqueId != 0);
    const QImage frame = view->grabFrame();
    save(frame, "models_warning_boxes.png");
    const auto& adt = *s.window.document()->tile(missing.tile);
    const std::size_t last = adt.doodads.size() - 1;
    QCOMPARE(view->models().boxStyle(missing.tile, core::ObjectKind::Doodad, last - 1),
             editor::BoxStyle::Warning);
    QCOMPARE(view->models().boxStyle(missing.tile, core::ObjectKind::Doodad, last),
             editor::BoxStyle::Warning);
    const auto warning = [](QColor c) { return sameHue(c, fromFloats(editor::kMissingModelColour)); };
    for (const auto& ref : {missing, broken}) {
        const int edges = countPixels(frame, screenBox(s, ref), warning);
        QVERIFY2(edges > 20, qPrintable(QString::number(edges)));
    }
    // Named in the status bar (the last one reported shows).
    QTRY_VERIFY(s.window.statusBar()->currentMessage().contains(QStringLiteral("Broken.m2")) ||
                s.window.statusBar()->currentMessage().contains(QStringLiteral("Missing.m2")));
    // Still an object: it can be deleted, and its box goes.
    core::ObjectEditSettings settings;
    settings.bounds = s.window.objectBounds();
    core::UniqueIdAllocator ids;
    QCOMPARE(core::ObjectEditor(*s.window.document(), ids, settings).remove({broken}), 1);
    const QImage after = view->grabFrame();
    QVERIFY(countPixels(after, screenBox(s, missing), warning) > 20);
}

void TestModelViewport::movingUpdatesOnlyTheInstanceAndUndoRemovesTheModel() {
    Scene s;
    open(s, true);
    editor::TerrainViewport* view = s.window.viewport();
    const auto tent = place(s, core::ObjectKind::Wmo, kTent, s.centre, 200.0);
    const QImage placed = view->grabFrame();
    const QRect area = screenBox(s, tent);
    const auto red = [](QColor c) { return sameHue(c, kTentTextures[0].colour); };
    QVERIFY(countPixels(placed, area, red) > 150);

    // A move rewrites the tent's instance, nothing else: no tile rebuilt, no box rebuilt.
    view->models().resetStats();
    view->resetSceneStats();
    {
        core::ObjectEditSettings settings;
        settings.bounds = s.window.objectBounds();
        core::ObjectDrag drag(*s.window.document(), {tent}, settings);
        core::ObjectTransform t;
        t.translate = {0.0, 12.0, 0.0}; // 12 yards west: to the left on screen
        drag.update(t);
        QVERIFY(drag.finish());
    }
    QCOMPARE(view->models().stats().instanceUpdates, 1);
    QCOMPARE(view->models().stats().tileBuilds, 0);
    QCOMPARE(view->sceneStats().objectRebuilds, 0);
    const QImage moved = view->grabFrame();
    save(moved, "models_tent_moved.png");
    const QRect movedArea = screenBox(s, tent);
    QVERIFY(movedArea.center().x() < area.center().x() - 20);
    QVERIFY(countPixels(moved, movedArea, red) > 150);

    // Undo the move, then the placement: the tent is gone from the screen and from the GPU.
    QUndoStack* undo = s.window.document()->undoStack();
    undo->undo();
    undo->undo();
    const QImage undone = view->grabFrame();
    save(undone, "models_tent_undone.png");
    QCOMPARE(countPixels(undone, area, red), 0);
    QCOMPARE(countPixels(undone, movedArea, red), 0);
    QCOMPARE(view->models().gpuModelCount(), std::size_t(0));
    undo->redo();
    QVERIFY(countPixels(view->grabFrame(), area, red) > 150);
}

void TestModelViewport::withoutGameDataEveryObjectIsABox() {
    Scene s;
    open(s, false);
    editor::TerrainViewport* view = s.window.viewport();
    QVERIFY(!view->models().active());
    const auto tent = place(s, core::ObjectKind::Wmo, kTent, s.centre, 200.0);
    const QImage frame = view->grabFrame();
    save(frame, "models_no_game_data.png");
    QCOMPARE(view->models().instanceCount(), std::size_t(0));
    QCOMPARE(view->models().boxStyle(tent.tile, core::ObjectKind::Wmo, 0), editor::BoxStyle::Normal);
    // The stand-in extents in the WMO colour, and no warning colour anywhere (nothing is "missing").
    const auto wmoBox = [](QColor c) { return sameHue(c, fromFloats(editor::kWmoBoxColour)); };
    QVERIFY(countPixels(frame, screenBox(s, tent), wmoBox) > 20);
    const auto warning = [](QColor c) { return sameHue(c, fromFloats(editor::kMissingModelColour)); };
    QCOMPARE(countPixels(frame, frame.rect(), warning), 0);
}

// mapsmith --data DIR: game data for this run on top of the saved folders, never stored.
void TestModelViewport::dataPathsOfOneRunAreNotSaved() {
    Scene s;
    open(s, false);
    editor::TerrainViewport* view = s.window.viewport();
    QVERIFY(!view->models().active());
    const QString gone = mProject.path() + QStringLiteral("/gone");
    QVERIFY(!s.window.setExtraDataPaths({gone, mProject.path()})); // one unusable path, named
    QVERIFY2(s.window.lastError().contains(gone), qPrintable(s.window.lastError()));
    QVERIFY(view->models().active()); // the other is used
    QVERIFY(s.window.setExtraDataPaths({mProject.path()}));
    place(s, core::ObjectKind::Wmo, kTent, s.centre, 200.0);
    QVERIFY(!view->grabFrame().isNull());
    QCOMPARE(view->models().gpuModelCount(), std::size_t(1));
    QVERIFY(core::AssetFolders::load(QSettings()).isEmpty());
    // Saved folders change; the run's paths stay on top of them.
    QVERIFY(s.window.setAssetFolders({}));
    QVERIFY(view->models().active());
    QCOMPARE(s.window.extraDataPaths(), QStringList{mProject.path()});
    QVERIFY(s.window.setExtraDataPaths({}));
    QVERIFY(!view->models().active());
}

// A tile that loads after the document is shown (as the streamer loads them) gets its models from the
// worker: nothing is drawn until the work comes back; unloading takes them away; tiles beyond the view
// distance are not drawn.
void TestModelViewport::loadedTilesGetTheirModelsOffTheUiThread() {
    const core::TileCoord tile{32, 32};
    io::Wdt wdt;
    wdt.setTile(tile.x, tile.y, true);
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Streamed"), io::writeWdt(wdt));
    io::Adt adt = core::createTile(core::presetTileSpec(core::TerrainPreset::Hills, tile.x, tile.y, 40.0f));
    const glm::dvec2 centre = core::tileOrigin(tile) - glm::dvec2(core::kTileSize / 2.0);
    adt.modelNames.push_back(kRabbit);
    for (int i = 0; i < 3; ++i) {
        io::DoodadPlacement d;
        d.uniqueId = std::uint32_t(i + 1);
        d.position = core::toVec3f(core::worldToPlacement({centre + glm::dvec2(i * 5.0, 0.0), 45.0}));
        adt.doodads.push_back(d);
    }
    adt.wmoNames.push_back(kTent);
    io::MapObjectPlacement w;
    w.uniqueId = 10;
    w.position = core::toVec3f(core::worldToPlacement({centre, 45.0}));
    adt.mapObjects.push_back(w);
    source->setTile(tile, io::writeAdt(adt));
    auto doc = core::MapDocument::open(std::move(source));
    QVERIFY(doc);

    auto assets = core::openDataPaths({mProject.path()});
    auto library = std::make_shared<core::ModelLibrary>(assets.source);
    editor::TerrainViewport view;
    view.resize(640, 480);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    view.setModelLibrary(library);
    view.setDocument(doc->get());
    QCOMPARE(view.models().pending(), 0); // no tile loaded yet
    QVERIFY((*doc)->loadTile(tile));
    QCOMPARE(view.models().pending(), 1); // being worked out: nothing drawn yet
    QCOMPARE(view.models().instanceCount(), std::size_t(0));
    QCOMPARE(view.models().boxStyle(tile, core::ObjectKind::Doodad, 0), editor::BoxStyle::Normal);
    QVERIFY(view.models().waitIdle(20000));
    QCOMPARE(view.models().instanceCount(), std::size_t(4)); // three rabbits, one tent
    QCOMPARE(view.models().gpuModelCount(), std::size_t(2));
    QCOMPARE(view.models().boxStyle(tile, core::ObjectKind::Doodad, 0), editor::BoxStyle::Hidden);

    // View distance: a camera 2,000 yards away with a 1,000-yard view draws no model; nearer, it does.
    view.setViewDistance(1000.0);
    view.setCamera({centre + glm::dvec2(2000.0, 0.0), 100.0}, 180.0, -10.0);
    QCOMPARE(view.models().tilesDrawn(), 0);
    QCOMPARE(view.models().drawCount(), 0);
    view.setCamera({centre + glm::dvec2(600.0, 0.0), 100.0}, 180.0, -10.0);
    QCOMPARE(view.models().tilesDrawn(), 1);
    QVERIFY(view.models().drawCount() >= 4); // the rabbit's material and the tent's three

    QVERIFY((*doc)->unloadTile(tile));
    QCOMPARE(view.models().instanceCount(), std::size_t(0));
    QCOMPARE(view.models().gpuModelCount(), std::size_t(0));
    view.setDocument(nullptr);
}

// The README's screenshot (docs/screenshot.png is build/screenshots/readme_screenshot.png): the demo map in
// the whole main window with the troll tent (textures made here from Mapsmith's own terrain textures,
// tinted) and a warren of rabbits given for this run (as mapsmith --data does), the tent selected with
// the object tool.
void TestModelViewport::readmeScreenshot() {
    QTemporaryDir data;
    const QString p = data.path() + QLatin1Char('/');
    for (const char* f : {"World/wmo/TrollTent.wmo", "World/wmo/TrollTent_000.wmo", "World/Critter/Rabbit.m2",
                          "World/Critter/Rabbit00.skin"}) {
        QFile from(mProject.path() + QLatin1Char('/') + QLatin1String(f));
        QVERIFY(from.open(QIODevice::ReadOnly));
        QVERIFY(test::writeFile(p + QLatin1String(f), from.readAll()));
    }
    const auto tinted = [](core::TerrainTexture kind, QColor tint) {
        QImage image = core::makeTerrainTexture(kind, 128).convertToFormat(QImage::Format_RGBA8888);
        io::BlpImage im;
        im.width = 128;
        im.height = 128;
        std::vector<std::uint8_t> px(std::size_t(128 * 128 * 4));
        for (int y = 0; y < 128; ++y) {
            for (int x = 0; x < 128; ++x) {
                const QColor c = image.pixelColor(x, y);
                const int grey = (c.red() + c.green() + c.blue()) / 3;
                const std::size_t i = std::size_t(y * 128 + x) * 4;
                px[i] = std::uint8_t(std::min(255, grey * tint.red() / 128));
                px[i + 1] = std::uint8_t(std::min(255, grey * tint.green() / 128));
                px[i + 2] = std::uint8_t(std::min(255, grey * tint.blue() / 128));
                px[i + 3] = 255;
            }
        }
        im.mips.push_back(std::move(px));
        const auto bytes = io::writeBlp2(im, io::BlpWriteFormat::Uncompressed);
        return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    };
    QVERIFY(test::writeFile(p + QLatin1String(kTentTextures[0].path),
                            tinted(core::TerrainTexture::Dirt, QColor(215, 150, 95))));
    QVERIFY(test::writeFile(p + QLatin1String(kTentTextures[1].path),
                            tinted(core::TerrainTexture::Rock, QColor(105, 70, 45))));
    QVERIFY(test::writeFile(p + QLatin1String(kTentTextures[2].path),
                            tinted(core::TerrainTexture::Sand, QColor(235, 225, 205))));

    editor::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.setExtraDataPaths({data.path()}));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    core::MapDocument& doc = *window.document();
    const glm::dvec3 at = dryGround(doc, doc.loadedTiles().front());
    // One undo step, as a spawn list is placed (core/edit/place_objects.h).
    std::vector<core::PlacementRequest> requests{{kTent, glm::dvec2(at), std::nullopt, 35.0, 1.0, 0}};
    for (int i = 0; i < 24; ++i) {
        const double angle = i * 2.39996; // golden angle: an even scatter
        const glm::dvec2 xy =
            glm::dvec2(at) + (15.0 + 1.2 * i) * glm::dvec2(std::cos(angle), std::sin(angle));
        requests.push_back({kRabbit, xy, std::nullopt, i * 47.0, 3.0, 0});
    }
    core::UniqueIdAllocator ids;
    ids.attach(doc);
    core::ModelLibrary library(core::openDataPaths({data.path()}).source);
    const auto placed = core::placeObjects(doc, library, ids, requests);
    QVERIFY2(placed, placed ? "" : placed.error().describe().c_str());
    const core::ObjectRef tent = placed->front().ref;
    window.tools()->select(editor::ToolId::Objects);
    window.tools()->objects()->setSelection({tent});
    const auto pose = editor::poseLookingAt(at + glm::dvec3(0.0, 0.0, 4.0), 245.0, -32.0, 48.0);
    window.viewport()->setCamera(pose.position, pose.yaw, pose.pitch);
    QVERIFY(!window.viewport()->grabFrame().isNull()); // models worked out and drawn
    QCOMPARE(window.viewport()->models().instanceCount(), std::size_t(25));
    // The demo's own marker and tower models are in no game data: their status message is not the picture.
    window.statusBar()->clearMessage();
    const QImage shot = window.grabWithViewport();
    QVERIFY(!shot.isNull());
    save(shot, "readme_screenshot.png");
}

// The CPU side (model_instances.h): every entry's slot holds its own model -> scene matrix after the
// instances are ordered for culling; copies owned by another tile of the map are left to it; a WMO shows
// its default doodad set and its own, placed through the WMO; entries without a mesh get no instance.
void TestModelViewport::instancesFollowTheirEntries() {
    const core::TileCoord tile{32, 32};
    auto small = std::make_shared<core::ModelMesh>();
    small->positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}};
    small->normals.assign(3, glm::vec3(0, 0, 1));
    small->uvs.assign(3, glm::vec2(0));
    small->indices = {0, 1, 2};
    small->bounds = {glm::dvec3(0.0), glm::dvec3(1.0, 1.0, 0.0)};
    auto house = std::make_shared<core::ModelMesh>(*small);
    house->doodads = {{"small.m2", {1, 2, 3}, glm::dquat(1, 0, 0, 0), 1.0, 0xFFFFFFFF},
                      {"small.m2", {4, 5, 6}, glm::angleAxis(0.5, glm::dvec3(0, 0, 1)), 2.0, 0xFFFFFFFF},
                      {"small.m2", {7, 8, 9}, glm::dquat(1, 0, 0, 0), 1.0, 0xFFFFFFFF}};
    house->doodadSets = {{"Set_$DefaultGlobal", 0, 1}, {"Two", 1, 1}, {"Three", 2, 1}};
    const editor::ModelGeometryFn geometry = [&](core::ObjectKind kind, const std::string& name) {
        core::ModelGeometry g;
        if (name == "small.m2" && kind == core::ObjectKind::Doodad) {
            g.mesh = small;
        } else if (name == "house.wmo" && kind == core::ObjectKind::Wmo) {
            g.mesh = house;
        }
        return g;
    };
    editor::TilePlacements p;
    p.tile = tile;
    p.modelNames = {"small.m2", "missing.m2"};
    p.wmoNames = {"house.wmo"};
    const glm::dvec2 origin = core::tileOrigin(tile);
    for (int i = 0; i < 300; ++i) {
        io::DoodadPlacement d;
        d.nameIndex = i % 10 == 9 ? 1 : 0;
        d.uniqueId = std::uint32_t(i + 1);
        // Scattered over the tile (a multiplicative hash), headings and scales varied.
        const double u = double((i * 2654435761u) % 1000) / 1000.0;
        const double v = double((i * 40503u) % 1000) / 1000.0;
        d.position =
            core::toVec3f(core::worldToPlacement({origin - glm::dvec2(u, v) * core::kTileSize, 10.0 + i}));
        d.rotation = {float(i % 7), float(i * 13 % 360), 0.0f};
        d.scale = std::uint16_t(512 + i);
        p.doodads.push_back(d);
    }
    // A copy of an object owned by the tile to the east (part of the map), and one whose owner is not.
    io::DoodadPlacement east = p.doodads[0];
    east.position =
        core::toVec3f(core::worldToPlacement({origin + glm::dvec2(-10.0, -core::kTileSize - 5.0), 0.0}));
    p.doodads.push_back(east);
    io::DoodadPlacement south = p.doodads[0];
    south.position =
        core::toVec3f(core::worldToPlacement({origin + glm::dvec2(-core::kTileSize - 5.0, -10.0), 0.0}));
    p.doodads.push_back(south);
    io::MapObjectPlacement w;
    w.position = core::toVec3f(core::worldToPlacement({origin - glm::dvec2(100.0), 20.0}));
    w.rotation = {0.0f, 75.0f, 0.0f};
    w.doodadSet = 2;
    p.mapObjects.push_back(w);

    editor::MapTiles tiles;
    tiles.set(std::size_t(tile.x + 64 * tile.y));
    tiles.set(std::size_t(tile.x + 1 + 64 * tile.y)); // east
    editor::SceneFrame frame;
    frame.origin = glm::dvec3(origin, 0.0);
    const editor::TileModels m = editor::buildTileModels(p, frame, tiles, geometry);
    const glm::dmat4 toScene = editor::placementToScene(frame);
    QCOMPARE(m.groups.size(), std::size_t(2)); // small, house
    const auto at = [&](const editor::InstanceSlot& s) { return m.groups[s.group].instances[s.index]; };
    for (std::size_t i = 0; i < 300; ++i) {
        const bool missing = i % 10 == 9;
        QCOMPARE(m.doodadHasMesh[i], !missing);
        QCOMPARE(m.doodadSlots[i].has_value(), !missing);
        if (!missing) {
            QCOMPARE(at(*m.doodadSlots[i]), editor::toInstance(editor::doodadToScene(p.doodads[i], toScene)));
        }
    }
    QVERIFY(!m.doodadSlots[300]); // drawn by the tile to the east
    QVERIFY(m.doodadHasMesh[300]);
    QVERIFY(m.doodadSlots[301]); // its owner is not part of the map: drawn here
    // The WMO, the default set's doodad and set 2's (not set 1's), through the WMO's placement.
    QVERIFY(m.wmoSlots[0]);
    const glm::dmat4 wmoScene = editor::wmoToScene(w, toScene);
    QCOMPARE(at(*m.wmoSlots[0]), editor::toInstance(wmoScene));
    QCOMPARE(m.wmoDoodadSlots[0].size(), std::size_t(2));
    QCOMPARE(m.wmoDoodadSlots[0][0].doodad, 0u);
    QCOMPARE(m.wmoDoodadSlots[0][1].doodad, 2u);
    for (const editor::WmoDoodadSlot& d : m.wmoDoodadSlots[0]) {
        QCOMPARE(at(d.slot),
                 editor::toInstance(editor::wmoDoodadToScene(house->doodads[d.doodad], wmoScene)));
    }
    QCOMPARE(m.instanceCount(), std::size_t(270 + 1 + 1 + 2));
    // A doodad the WMO places sits at its MODD position in the WMO's frame: (1, 2, 3) in model space.
    const glm::dvec4 expected = wmoScene * glm::dvec4(1.0, 2.0, 3.0, 1.0);
    const editor::InstanceMatrix first = at(m.wmoDoodadSlots[0][0].slot);
    QVERIFY(std::abs(first.m[12] - expected.x) < 1e-3 && std::abs(first.m[13] - expected.y) < 1e-3 &&
            std::abs(first.m[14] - expected.z) < 1e-3);
}

QTEST_MAIN(TestModelViewport)
#include "test_model_viewport.moc"
