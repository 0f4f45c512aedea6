// File > Import > Gamestudio Level on a new map: the corpus level test.wmb, its MDL entities found beside
// the .wmb, imported at the map's centre. The WMO's files land in the map folder and the viewport draws the
// level's blocks where its MODF entry stands (pixels differ there from the frame before the import); the
// import is one undo step (undo takes the MODF and the doodads away, redo brings them back). The screenshot
// goes to MAPSMITH_SCREENSHOT_DIR/import_level.png.

#include "core/convert/new_map.h"
#include "core/convert/wmb_import.h"
#include "core/document/map_document.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "editor/document_manager.h"
#include "editor/import_level_action.h"
#include "editor/main_window.h"
#include "editor/viewport/camera_controller.h"
#include "editor/viewport/model_scene.h"
#include "editor/viewport/terrain_viewport.h"
#include "support/write_file.h"
#include "widgets/import_level_dialog.h"

#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace mapsmith;

namespace {

constexpr core::TileCoord kTile{32, 32};

QByteArray corpus(const char* relative) {
    QFile f(QStringLiteral(MAPSMITH_CORPUS_DIR "/") + QLatin1String(relative));
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

void save(const QImage& image, const char* name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    image.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/") + QLatin1String(name));
}

// Pixels of `area` whose colour differs clearly between the two frames.
int changedPixels(const QImage& a, const QImage& b, const QRect& area) {
    int n = 0;
    const QRect r = area.intersected(a.rect()).intersected(b.rect());
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor p(a.pixel(x, y));
            const QColor q(b.pixel(x, y));
            n += std::abs(p.red() - q.red()) + std::abs(p.green() - q.green()) +
                             std::abs(p.blue() - q.blue()) >
                         30
                     ? 1
                     : 0;
        }
    }
    return n;
}

} // namespace

class TestImportLevel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void importsTheLevelAsOneStepAndDrawsIt();
    void dialogSummarizesTheLevel();

private:
    QTemporaryDir mDir;
};

void TestImportLevel::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    // The level with the models its entities name beside it (one corpus MDL under each name).
    const QString level = mDir.filePath(QStringLiteral("level/"));
    QVERIFY(test::writeFile(level + QStringLiteral("test.wmb"), corpus("wmb/test.wmb")));
    for (const char* name : {"lasergun.mdl", "laserammo.mdl", "player.mdl"}) {
        QVERIFY(test::writeFile(level + QLatin1String(name), corpus("mdl/mdl5-earth.mdl")));
    }
}

void TestImportLevel::importsTheLevelAsOneStepAndDrawsIt() {
    editor::MainWindow window;
    window.resize(1024, 720);
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
        dock->hide(); // the whole window for the view
    }
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    core::NewMapSpec spec;
    spec.directory = mDir.filePath(QStringLiteral("map"));
    spec.name = QStringLiteral("Level");
    spec.tiles = {kTile};
    spec.terrain = core::NewMapSpec::Terrain::Flat;
    spec.baseHeight = 20.0f;
    QVERIFY(window.documents()->create(spec));
    core::MapDocument* doc = window.document();
    QVERIFY(doc);
    QVERIFY(window.importLevel()->action()->isEnabled());

    // The map's centre; the camera looks at it from the south-east, 55 yards off, 35 degrees down: the
    // level's rooms (about 20 yards across, in the middle of its 114-yard ground plate) fill the view.
    const glm::dvec2 centre = core::tileOrigin(kTile) - glm::dvec2(core::kTileSize / 2.0);
    const glm::dvec3 ground(centre, 20.0);
    const auto pose = editor::poseLookingAt(ground, 135.0, -35.0, 55.0);
    editor::TerrainViewport* view = window.viewport();
    view->setCamera(pose.position, pose.yaw, pose.pitch);
    const QImage before = view->grabFrame();
    QVERIFY(!before.isNull());

    widgets::ImportLevelChoice choice;
    choice.path = mDir.filePath(QStringLiteral("level/test.wmb"));
    choice.at = centre;
    choice.z = 20.0 + 256.0 / 36.0; // the level's floor (z -256 quants) on the ground
    window.importLevel()->setChoice(choice);
    const int steps = doc->undoStack()->count();
    window.importLevel()->action()->trigger(); // File > Import > Gamestudio Level (no dialog in tests)
    QVERIFY2(!window.importLevel()->lastReport().isEmpty(), qPrintable(window.lastError()));
    QCOMPARE(doc->undoStack()->count(), steps + 1);

    // The WMO's files in the map folder, at their game paths.
    QVERIFY(QFileInfo::exists(spec.directory + QStringLiteral("/World/wmo/Gamestudio/test/test.wmo")));
    QVERIFY(QFileInfo::exists(spec.directory + QStringLiteral("/World/wmo/Gamestudio/test/test_000.wmo")));
    const io::Adt* adt = doc->tile(kTile);
    QCOMPARE(adt->mapObjects.size(), std::size_t(1));
    const std::size_t doodads = adt->doodads.size();
    QVERIFY(doodads >= 1);

    // The blocks are drawn: the screen box of the level's middle (12 yards around its origin, from the
    // ground to the top of its walls) changed.
    QRectF box;
    for (int i = 0; i < 8; ++i) {
        const glm::dvec3 corner =
            ground + glm::dvec3((i & 1) ? 12.0 : -12.0, (i & 2) ? 12.0 : -12.0, (i & 4) ? 14.0 : 0.0);
        const auto p = view->project(corner);
        QVERIFY(p);
        box = box.isNull() ? QRectF(*p, QSizeF(1, 1)) : box.united(QRectF(*p, QSizeF(1, 1)));
    }
    const QRect area = box.toAlignedRect().intersected(QRect(QPoint(0, 0), before.size()));
    QVERIFY2(area.width() > 40 && area.height() > 40, "the level is too small on screen");
    const QImage after = view->grabFrame();
    save(after, "import_level.png");
    const int changed = changedPixels(before, after, area);
    QVERIFY2(
        changed > area.width() * area.height() / 10,
        qPrintable(QStringLiteral("%1 of %2 pixels changed").arg(changed).arg(area.width() * area.height())));
    QVERIFY(window.viewport()->models().active());

    // One undo step: undo takes the WMO and the doodads away, redo brings them back.
    doc->undoStack()->undo();
    QVERIFY(doc->tile(kTile)->mapObjects.empty());
    QVERIFY(doc->tile(kTile)->doodads.empty());
    const QImage undone = view->grabFrame();
    QVERIFY(changedPixels(before, undone, area) < changed / 4);
    doc->undoStack()->redo();
    QCOMPARE(doc->tile(kTile)->mapObjects.size(), std::size_t(1));
    QCOMPARE(doc->tile(kTile)->doodads.size(), doodads);
}

void TestImportLevel::dialogSummarizesTheLevel() {
    widgets::ImportLevelDialog dialog;
    QCOMPARE(dialog.choice().yardsPerQuant, core::kDefaultYardsPerQuant); // the CLI's default, exactly
    widgets::ImportLevelChoice choice;
    choice.path = mDir.filePath(QStringLiteral("level/test.wmb"));
    choice.at = {-100.0, -200.0};
    dialog.setChoice(choice);
    QVERIFY2(dialog.summary().contains(QStringLiteral("18 blocks, 556 triangles, 7 textures")),
             qPrintable(dialog.summary()));
    QVERIFY(dialog.summary().contains(QStringLiteral("5 entities (5 models, 0 terrains, 0 other)")));
    QCOMPARE(dialog.choice().at, glm::dvec2(-100.0, -200.0));
    QVERIFY(!dialog.choice().z);
    // A cut level names the list and the offset; Import is not offered.
    QVERIFY(test::writeFile(mDir.filePath(QStringLiteral("cut.wmb")), corpus("wmb/test.wmb").left(1000)));
    choice.path = mDir.filePath(QStringLiteral("cut.wmb"));
    dialog.setChoice(choice);
    QVERIFY2(dialog.summary().contains(QStringLiteral("cannot be read")) && dialog.summary().contains("0x"),
             qPrintable(dialog.summary()));
}

QTEST_MAIN(TestImportLevel)
#include "test_import_level.moc"
