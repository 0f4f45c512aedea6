// Map > Bake Shadows driven through the main window's menu on the demo map: disabled without a map, one
// undo step that sets has_mcsh and a shadow map on every chunk of the loaded tiles, the status bar's
// summary, the viewport darker where the low sun's shadows fell (screenshot), undo back to the tiles'
// bytes and to the same picture, the tile under the camera as a scope, and the dialog's choice.

#include "core/document/asset_folders.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/geometry/object_model.h"
#include "editor/bake_shadows_action.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/adt/adt.h"
#include "support/write_file.h"
#include "widgets/bake_shadows_dialog.h"
#include "widgets/tile_map_widget.h"

#include <QAction>
#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QMenu>
#include <QMenuBar>
#include <QRadioButton>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoStack>
#include <QtTest>

using namespace mapsmith;

namespace {

const QString kDemo = QStringLiteral(":/demo/Mapsmith.wdt");

void saveShot(const QImage& img, const char* name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    img.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/%1.png").arg(QLatin1String(name)));
}

// Mean brightness (0..255) of sampled pixels.
double brightness(const QImage& img) {
    double sum = 0.0;
    int n = 0;
    for (int y = 0; y < img.height(); y += 2) {
        for (int x = 0; x < img.width(); x += 2) {
            sum += qGray(img.pixel(x, y));
            ++n;
        }
    }
    return n ? sum / n : 0.0;
}

// Fraction of sampled pixels that differ between two images of the same size.
double changedFraction(const QImage& a, const QImage& b) {
    int changed = 0;
    int total = 0;
    for (int y = 0; y < a.height(); y += 2) {
        for (int x = 0; x < a.width(); x += 2) {
            ++total;
            changed += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
        }
    }
    return total ? double(changed) / total : 0.0;
}

int shadowedChunks(const core::MapDocument& doc) {
    int n = 0;
    for (const auto t : doc.loadedTiles()) {
        for (const auto& chunk : doc.tile(t)->chunks) {
            if (const auto* s = io::shadowInUse(chunk)) {
                n += std::any_of(s->begin(), s->end(), [](std::uint8_t b) { return b != 0; }) ? 1 : 0;
            }
        }
    }
    return n;
}

} // namespace

class TestBakeShadows : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void bakeFromTheMapMenu();
    void tileUnderTheCamera();
    void dialogKeepsTheChoice();
    void choiceIsRemembered();
    void placedModelsCastWithGameData();
};

void TestBakeShadows::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
}

void TestBakeShadows::bakeFromTheMapMenu() {
    editor::MainWindow window;
    window.resize(1100, 750);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QAction* bake = window.findChild<QAction*>(QStringLiteral("bakeShadowsAction"));
    QVERIFY(bake);
    QVERIFY(!bake->isEnabled());
    QMenu* mapMenu = nullptr;
    for (QAction* a : window.menuBar()->actions()) {
        if (a->menu() && a->menu()->actions().contains(bake)) {
            mapMenu = a->menu();
        }
    }
    QVERIFY(mapMenu);
    QCOMPARE(mapMenu->title(), QStringLiteral("&Map"));
    QCOMPARE(bake->text(), QStringLiteral("Bake &Shadows..."));

    QVERIFY2(window.documents()->open(kDemo), qPrintable(window.lastError()));
    QVERIFY(bake->isEnabled());
    core::MapDocument* doc = window.document();
    QCOMPARE(doc->loadedTiles().size(), std::size_t(4));
    std::map<core::TileCoord, std::vector<std::byte>> before;
    for (const auto t : doc->loadedTiles()) {
        before[t] = io::writeAdt(*doc->tile(t));
    }
    // A camera looking east over the hills from above; the sun low in the east-north-east.
    window.viewport()->setCamera(
        {core::tileOrigin({33, 33}).x + 120.0, core::tileOrigin({33, 33}).y + 120.0, 190.0}, -45.0, -35.0);
    const QImage lit = window.viewport()->grabFrame();
    QVERIFY(!lit.isNull());

    window.bakeShadows()->setChoice({{70.0, 12.0}, widgets::BakeScope::LoadedTiles});
    bake->trigger();
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->undoStack()->text(0), QStringLiteral("Bake shadows"));
    for (const auto t : doc->loadedTiles()) {
        for (const auto& chunk : doc->tile(t)->chunks) {
            QVERIFY(chunk.flags & io::mcnk_flags::HasShadow);
            QVERIFY(chunk.shadow && chunk.shadow->size() == 512);
        }
    }
    const int dark = shadowedChunks(*doc);
    QVERIFY2(dark > 20, qPrintable(QString::number(dark)));
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("Baked the shadows of 4 tile(s)")),
             qPrintable(window.statusBar()->currentMessage()));

    QTest::qWait(100); // the document's change notice goes out at the end of this event-loop turn
    const QImage shaded = window.viewport()->grabFrame();
    saveShot(lit, "bake_shadows_before");
    saveShot(shaded, "bake_shadows_after");
    QVERIFY2(changedFraction(lit, shaded) > 0.05, qPrintable(QString::number(changedFraction(lit, shaded))));
    QVERIFY2(brightness(shaded) < brightness(lit) - 1.0,
             qPrintable(QStringLiteral("%1 vs %2").arg(brightness(shaded)).arg(brightness(lit))));

    doc->undoStack()->undo();
    for (const auto t : doc->loadedTiles()) {
        QVERIFY(io::writeAdt(*doc->tile(t)) == before[t]);
    }
    QTest::qWait(100);
    const QImage undone = window.viewport()->grabFrame();
    QVERIFY2(changedFraction(lit, undone) < 0.01, qPrintable(QString::number(changedFraction(lit, undone))));
    doc->undoStack()->redo();
    QCOMPARE(shadowedChunks(*doc), dark);
}

void TestBakeShadows::tileUnderTheCamera() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.documents()->open(kDemo), qPrintable(window.lastError()));
    const core::TileCoord t{33, 32};
    window.viewport()->lookAtTile(t);
    QTRY_COMPARE(window.tileMap()->cameraTile(), std::optional(t));
    const auto tiles = window.bakeShadows()->tilesFor(widgets::BakeScope::CameraTile);
    QVERIFY(tiles);
    QCOMPARE(*tiles, std::vector<core::TileCoord>{t});
    const auto report = window.bakeShadows()->bake({{250.0, 10.0}, widgets::BakeScope::CameraTile});
    QVERIFY(report);
    QCOMPARE(report->tiles, 1);
    QCOMPARE(report->changedPerTile.count(t), std::size_t(1));
    QVERIFY(window.document()->isTileModified(t));
    QVERIFY(!window.document()->isTileModified({32, 32}));
}

void TestBakeShadows::dialogKeepsTheChoice() {
    widgets::BakeShadowsDialog dialog;
    dialog.setScopes(12, 4, std::nullopt);
    auto* camera = dialog.findChild<QRadioButton*>(QStringLiteral("cameraTileRadio"));
    auto* whole = dialog.findChild<QRadioButton*>(QStringLiteral("wholeMapRadio"));
    QVERIFY(camera && whole);
    QVERIFY(!camera->isEnabled());
    QCOMPARE(whole->text(), QStringLiteral("Whole map (12 tile(s))"));
    dialog.setChoice({{-90.0, 25.0}, widgets::BakeScope::CameraTile}); // no camera tile: the whole map
    auto c = dialog.choice();
    QCOMPARE(c.sun.azimuth, 270.0);
    QCOMPARE(c.sun.elevation, 25.0);
    QCOMPARE(c.scope, widgets::BakeScope::WholeMap);
    dialog.setScopes(12, 4, core::TileCoord{5, 6});
    QVERIFY(camera->isEnabled());
    QCOMPARE(camera->text(), QStringLiteral("Tile under the camera (5_6)"));
    camera->setChecked(true);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("elevationSpin"))->setValue(60.0);
    c = dialog.choice();
    QCOMPARE(c.scope, widgets::BakeScope::CameraTile);
    QCOMPARE(c.sun.elevation, 60.0);
    // Models cast by default where there is game data; without it the box is off and says why.
    auto* models = dialog.findChild<QCheckBox*>(QStringLiteral("modelShadowsCheck"));
    QVERIFY(models);
    QVERIFY(c.models);
    dialog.setModelsAvailable(false);
    QVERIFY(!models->isEnabled());
    QVERIFY(models->text().contains(QStringLiteral("needs game data")));
    QVERIFY(!dialog.choice().models);
    dialog.setModelsAvailable(true);
    models->setChecked(false);
    QVERIFY(!dialog.choice().models);
}

// The last bake's sun and scope come back in the next window (the user's settings).
void TestBakeShadows::choiceIsRemembered() {
    {
        editor::MainWindow window;
        QVERIFY2(window.documents()->open(kDemo), qPrintable(window.lastError()));
        QVERIFY(window.bakeShadows()->bake({{123.0, 41.5}, widgets::BakeScope::WholeMap, false}));
    }
    editor::MainWindow window;
    const auto& c = window.bakeShadows()->choice();
    QVERIFY(!c.models);
    QCOMPARE(c.sun.azimuth, 123.0);
    QCOMPARE(c.sun.elevation, 41.5);
    QCOMPARE(c.scope, widgets::BakeScope::WholeMap);
}

// With game data, a placed troll tent casts into the bake (a checked box); unchecked, or without game data,
// models cast nothing.
void TestBakeShadows::placedModelsCastWithGameData() {
    QTemporaryDir project;
    const auto corpusFile = [](const char* name) {
        QFile f(QStringLiteral(MAPSMITH_CORPUS_DIR "/models/") + QLatin1String(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    QVERIFY(test::writeFile(project.filePath(QStringLiteral("World/wmo/TrollTent.wmo")),
                            corpusFile("trolltent.wmo")));
    QVERIFY(test::writeFile(project.filePath(QStringLiteral("World/wmo/TrollTent_000.wmo")),
                            corpusFile("trolltent_000.wmo")));
    editor::MainWindow window;
    QVERIFY2(window.documents()->open(kDemo), qPrintable(window.lastError()));
    const core::TileCoord t{33, 32};
    const auto bakeTile = [&](bool models) {
        return window.bakeShadows()->bake({{180.0, 30.0}, widgets::BakeScope::WholeMap, models});
    };
    // Without game data: nothing to read the models from.
    const auto none = bakeTile(true);
    QVERIFY(none);
    QCOMPARE(none->modelTexels, 0);
    window.document()->undoStack()->undo();

    QVERIFY2(window.setAssetFolders({{}, {}, project.path()}), qPrintable(window.lastError()));
    const glm::dvec2 centre = core::tileOrigin(t) - glm::dvec2(core::kTileSize / 2.0);
    {
        core::ObjectEditSettings settings;
        settings.bounds = window.objectBounds();
        core::UniqueIdAllocator ids;
        ids.attach(*window.document());
        core::ObjectEditor editor(*window.document(), ids, settings);
        const std::string tent = "World\\wmo\\TrollTent.wmo";
        const double ground = window.document()->heightAt(centre).value_or(0.0);
        QVERIFY(editor.addWmo(tent, {centre, ground}, {},
                              settings.bounds.modelBounds(core::ObjectKind::Wmo, tent)));
    }
    const auto without = bakeTile(false);
    QVERIFY(without);
    QCOMPARE(without->modelTexels, 0);
    window.document()->undoStack()->undo();
    const auto with = bakeTile(true);
    QVERIFY(with);
    QVERIFY2(with->modelTexels > 300, qPrintable(QString::number(with->modelTexels)));
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("placed models shadowed")),
             qPrintable(window.statusBar()->currentMessage()));
}

QTEST_MAIN(TestBakeShadows)
#include "test_bake_shadows.moc"
