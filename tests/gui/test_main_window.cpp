// The main window driven as a user would: open the demo map, pick a tool, drag on the terrain with the
// mouse, undo/redo through the window's actions, save into a folder and open it again; the viewport
// image must show terrain and change where the stroke went.

#include "core/convert/new_map.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/height_stroke.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/map_repair_action.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/adt/adt.h"
#include "support/consumer_files.h"
#include "support/viewport_mouse.h"
#include "widgets/go_to_dialog.h"
#include "widgets/tile_map_widget.h"
#include "widgets/tile_summary_panel.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QFile>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QProgressDialog>
#include <QPushButton>
#include <QSet>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTimer>
#include <QUndoStack>
#include <Qt3DExtras/Qt3DWindow>
#include <QtTest>

#include <map>

using namespace mapsmith;

namespace {

const QString kDemo = QStringLiteral(":/demo/Mapsmith.wdt");

int distinctColours(const QImage& img) {
    QSet<QRgb> colours;
    for (int y = 0; y < img.height(); y += 3) {
        for (int x = 0; x < img.width(); x += 3) {
            colours.insert(img.pixel(x, y) & 0xF8F8F8);
        }
    }
    return int(colours.size());
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

void saveShot(const QImage& img, const char* name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    img.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/%1.png").arg(QLatin1String(name)));
}

std::vector<std::byte> tileBytes(const core::MapDocument& doc, core::TileCoord t) {
    return io::writeAdt(*doc.tile(t));
}

// Whether a tree cell shows its whole text: the text, wrapped when the tree wraps, fits the cell's
// text area (column width less indentation and the delegate's margins) and the row's height.
QString cutTextIn(const QTreeWidget* tree, const QTreeWidgetItem* item, int column) {
    const QString text = item->text(column);
    if (text.isEmpty()) {
        return {};
    }
    int depth = 0;
    for (const QTreeWidgetItem* p = item->parent(); p; p = p->parent()) {
        ++depth;
    }
    const int margin = tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, tree) + 1;
    int available = tree->columnWidth(column) - 2 * margin;
    if (item->isFirstColumnSpanned()) {
        available = tree->viewport()->width() - 2 * margin;
    }
    if (column == 0) {
        available -= tree->indentation() * (depth + (tree->rootIsDecorated() ? 1 : 0));
    }
    const QFontMetrics fm(item->font(column));
    const QRect needed = tree->wordWrap() ? fm.boundingRect(QRect(0, 0, std::max(available, 1), 100000),
                                                            Qt::TextWordWrap, text)
                                          : QRect(0, 0, fm.horizontalAdvance(text), fm.height());
    const int rowHeight = tree->visualItemRect(item).height();
    if (needed.width() <= available && needed.height() <= rowHeight) {
        return {};
    }
    return QStringLiteral("'%1' needs %2x%3 px, has %4x%5")
        .arg(text)
        .arg(needed.width())
        .arg(needed.height())
        .arg(available)
        .arg(rowHeight);
}

// Triggers `action`, which opens a modal dialog, and hands the dialog to `interact` while it runs (as
// a user sees it); `interact` must close it. False when no dialog came up.
bool whileDialogOpen(QAction* action, const std::function<void(QDialog&)>& interact) {
    bool seen = false;
    QTimer poll;
    QObject::connect(&poll, &QTimer::timeout, [&] {
        if (auto* dialog = qobject_cast<QDialog*>(QApplication::activeModalWidget())) {
            poll.stop();
            seen = true;
            interact(*dialog);
        }
    });
    poll.start(10);
    action->trigger(); // returns when the dialog is closed
    poll.stop();
    return seen;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void opensDemoMap();
    void toolShortcutsSelectTools();
    void strokeWithTheMouseUndoRedo();
    void saveAsAndReopen();
    void saveAsSplitFilesAndBack();
    void damagedFileKeepsCurrentMap();
    void goToFliesToTerrainAndRefusesMissingTiles();
    void goToDialogFacesThePastedOrientation();
    void newMapIsCreatedAndOpened();
    void opensAMapFolder();
    void progressDialogCancelsASave();
    void mapRepairFromTheMenu();
    void docksShowWholeTexts();
};

void TestMainWindow::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true); // recent files go to a test settings file
}

void TestMainWindow::opensDemoMap() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.documents()->open(kDemo), qPrintable(window.lastError()));
    QVERIFY(window.document());
    QCOMPARE(window.document()->loadedTiles().size(), std::size_t(4));
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("Mapsmith")));
    QCOMPARE(window.summaryPanel()->valueOf(QStringLiteral("Textures")), QStringLiteral("4"));
    QVERIFY(window.tileMap()->tilePresent({32, 32}));
    const QImage frame = window.viewport()->grabFrame();
    QVERIFY(!frame.isNull());
    saveShot(frame, "main_window_viewport");
    saveShot(window.grabWithViewport(), "main_window");
    QVERIFY2(distinctColours(frame) > 200, "the viewport shows no textured terrain");
}

void TestMainWindow::toolShortcutsSelectTools() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    using editor::ToolId;
    const std::pair<Qt::Key, ToolId> keys[] = {
        {Qt::Key_1, ToolId::Sculpt},       {Qt::Key_2, ToolId::PaintTexture}, {Qt::Key_3, ToolId::Holes},
        {Qt::Key_4, ToolId::VertexColour}, {Qt::Key_5, ToolId::AreaId},       {Qt::Key_6, ToolId::Impassable},
        {Qt::Key_7, ToolId::Shadows},      {Qt::Key_8, ToolId::Liquid},       {Qt::Key_9, ToolId::Objects}};
    for (const auto& [key, tool] : keys) {
        QCOMPARE(window.toolAction(tool)->shortcut(), QKeySequence(key));
        window.toolAction(tool)->trigger();
        QCOMPARE(window.tools()->currentId(), tool);
    }
}

void TestMainWindow::strokeWithTheMouseUndoRedo() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(kDemo));
    auto* doc = window.document();
    window.tools()->select(editor::ToolId::Sculpt); // raise
    window.tools()->height()->settings().brush.radius = 30.0;
    window.tools()->height()->settings().brush.strength = 4.0;
    const auto centre = window.viewport()->pick(window.viewport()->rect().center());
    QVERIFY2(centre.has_value(), "the camera does not look at the terrain");
    const core::TileCoord tile = core::tileAt({centre->x, centre->y});
    const auto original = tileBytes(*doc, tile);
    const QImage before = window.viewport()->grabFrame();

    tests::dragAcrossCentre(window.viewport(), 20);
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->isModified());
    QVERIFY(*doc->heightAt({centre->x, centre->y}) > centre->z + 1.0);
    const auto edited = tileBytes(*doc, tile);
    QVERIFY(edited != original);
    const QImage after = window.viewport()->grabFrame();
    saveShot(after, "main_window_after_stroke");
    QVERIFY2(changedFraction(before, after) > 0.01, "the stroke did not show in the viewport");

    QVERIFY(window.undoAction()->isEnabled());
    window.undoAction()->trigger();
    QVERIFY(tileBytes(*doc, tile) == original);
    QVERIFY(!doc->isModified());
    window.redoAction()->trigger();
    QVERIFY(tileBytes(*doc, tile) == edited);
}

void TestMainWindow::saveAsAndReopen() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    std::vector<std::byte> edited;
    core::TileCoord tile;
    {
        editor::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.documents()->open(kDemo));
        QVERIFY(!window.documents()->save()); // the bundled demo has no folder: Save As is needed
        const auto centre = window.viewport()->pick(window.viewport()->rect().center());
        QVERIFY(centre.has_value());
        tile = core::tileAt({centre->x, centre->y});
        tests::dragAcrossCentre(window.viewport(), 10);
        edited = tileBytes(*window.document(), tile);
        QVERIFY2(window.documents()->saveAs(dir.path()), qPrintable(window.lastError()));
        QVERIFY(!window.document()->isModified());
        QVERIFY(QFile::exists(dir.filePath(QStringLiteral("Mapsmith.wdt"))));
        for (const char* name :
             {"Mapsmith_32_32.adt", "Mapsmith_33_32.adt", "Mapsmith_32_33.adt", "Mapsmith_33_33.adt"}) {
            QVERIFY(QFile::exists(dir.filePath(QLatin1String(name))));
        }
        // A further edit saves in place, keeping the previous file as .bak.
        tests::dragAcrossCentre(window.viewport(), 5);
        QVERIFY(window.documents()->save());
        QVERIFY(
            QFile::exists(dir.filePath(QStringLiteral("Mapsmith_%1_%2.adt.bak").arg(tile.x).arg(tile.y))));
        edited = tileBytes(*window.document(), tile);
    }
    editor::MainWindow again;
    again.show();
    QVERIFY(
        again.documents()->open(dir.filePath(QStringLiteral("Mapsmith_%1_%2.adt").arg(tile.x).arg(tile.y))));
    QVERIFY(tileBytes(*again.document(), tile) == edited);
    QVERIFY(again.documents()->recentFiles().contains(dir.filePath(QStringLiteral("Mapsmith.wdt"))));
}

void TestMainWindow::saveAsSplitFilesAndBack() {
    QTemporaryDir dir;
    const QString split = dir.filePath(QStringLiteral("split"));
    std::vector<std::byte> edited;
    core::TileCoord tile;
    {
        editor::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY(window.documents()->open(kDemo));
        QCOMPARE(window.document()->source().layout(), core::TileLayout::V18);
        const auto centre = window.viewport()->pick(window.viewport()->rect().center());
        QVERIFY(centre.has_value());
        tile = core::tileAt({centre->x, centre->y});
        tests::dragAcrossCentre(window.viewport(), 10);
        edited = tileBytes(*window.document(), tile);
        QVERIFY2(window.documents()->saveAs(split, core::TileLayout::Split), qPrintable(window.lastError()));
        for (const char* suffix : {"", "_tex0", "_obj0"}) {
            QVERIFY(
                QFile::exists(split + QStringLiteral("/Mapsmith_32_33%1.adt").arg(QLatin1String(suffix))));
        }
        QCOMPARE(window.document()->source().layout(), core::TileLayout::Split);
    }
    editor::MainWindow again;
    again.show();
    QVERIFY(QTest::qWaitForWindowExposed(&again));
    // Any file of a set opens the map; the tile reads back as it was edited.
    QVERIFY2(
        again.documents()->open(split + QStringLiteral("/Mapsmith_%1_%2_tex0.adt").arg(tile.x).arg(tile.y)),
        qPrintable(again.lastError()));
    QCOMPARE(again.document()->source().layout(), core::TileLayout::Split);
    QVERIFY(tileBytes(*again.document(), tile) == edited);
    QVERIFY(distinctColours(again.viewport()->grabFrame()) > 200);
    // And back to v18: the files equal a plain v18 Save As of the same map.
    const QString v18 = dir.filePath(QStringLiteral("v18"));
    QVERIFY(again.documents()->saveAs(v18, core::TileLayout::V18));
    QVERIFY(!QFile::exists(v18 + QStringLiteral("/Mapsmith_32_33_tex0.adt")));
    QVERIFY(tileBytes(*again.document(), tile) == edited);
}

void TestMainWindow::damagedFileKeepsCurrentMap() {
    QTemporaryDir dir;
    QFile bad(dir.filePath(QStringLiteral("Broken.wdt")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("MVER\x04\x00\x00\x00garbage", 15);
    bad.close();
    editor::MainWindow window;
    window.show();
    QVERIFY(window.documents()->open(kDemo));
    auto* doc = window.document();
    QVERIFY(!window.documents()->open(bad.fileName()));
    QVERIFY(!window.lastError().isEmpty());
    QCOMPARE(window.document(), doc);
    QVERIFY(!window.documents()->open(dir.filePath(QStringLiteral("Nothing_1_2.adt"))));
    QCOMPARE(window.document(), doc);
}

void TestMainWindow::goToFliesToTerrainAndRefusesMissingTiles() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(kDemo));
    // The middle of tile 33_33 (world x, y = origin - half a tile), no height: the terrain's.
    const glm::dvec2 target = core::tileOrigin({33, 33}) - glm::dvec2(core::kTileSize / 2.0);
    QVERIFY(window.goToPosition({target, std::nullopt, std::nullopt}));
    const auto centre =
        window.viewport()->pick(QPoint(window.viewport()->width() / 2, window.viewport()->height() / 2));
    QVERIFY(centre);
    QVERIFY2(glm::distance(glm::dvec2(*centre), target) < 2.0, "the camera does not look at the target");
    QVERIFY(window.viewport()->cameraPosition().z > *window.document()->heightAt(target) + 50.0);
    // A tile the WDT does not list.
    QVERIFY(
        !window.goToPosition({core::tileOrigin({10, 10}) - glm::dvec2(10.0), std::nullopt, std::nullopt}));
    QVERIFY(window.lastError().contains(QStringLiteral("10_10")));
}

void TestMainWindow::goToDialogFacesThePastedOrientation() {
    // Issue 19 item 8: View > Go To starts from the camera's position, then from the last target; a
    // pasted .gps block turns the camera to its orientation (radians, 0 = north, counter-clockwise:
    // pi/2 faces west), and the camera ends up looking at the point, as the dialog says it will.
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(kDemo));
    editor::TerrainViewport* view = window.viewport();
    QAction* goTo = nullptr;
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->text() == QStringLiteral("&Go To...")) {
            goTo = a;
        }
    }
    QVERIFY(goTo);
    const glm::dvec3 camera = view->cameraPosition();
    const glm::dvec2 target = core::tileOrigin({33, 33}) - glm::dvec2(200.0, 300.0);
    const double ground = *window.document()->heightAt(target);
    const QString gps = QStringLiteral("Map: 1 (Mapsmith) Zone: 0 (<unknown>) Area: 0 (<unknown>) Phase: 1\n"
                                       "X: %1 Y: %2 Z: %3 Orientation: 1.570796\n"
                                       "grid[33,33]cell[2,4] InstanceID: 0\n"
                                       " ZoneX: 0.512345 ZoneY: 0.487654\n"
                                       "GroundZ: %3 FloorZ: %3\n")
                            .arg(target.x, 0, 'f', 6)
                            .arg(target.y, 0, 'f', 6)
                            .arg(ground, 0, 'f', 6);
    const auto spin = [](QDialog& d, const char* name) {
        return d.findChild<QDoubleSpinBox*>(QString::fromLatin1(name))->value();
    };
    const auto check = [](QDialog& d, const char* name) {
        return d.findChild<QCheckBox*>(QString::fromLatin1(name))->isChecked();
    };
    QStringList failures; // checked inside the dialog, reported after it closed
    const auto expect = [&failures](bool ok, const QString& what) {
        if (!ok) {
            failures << what;
        }
    };
    QVERIFY(whileDialogOpen(goTo, [&](QDialog& d) {
        expect(std::abs(spin(d, "x") - camera.x) < 0.01 && std::abs(spin(d, "y") - camera.y) < 0.01,
               QStringLiteral("starts at %1, %2, not the camera's %3, %4")
                   .arg(spin(d, "x"))
                   .arg(spin(d, "y"))
                   .arg(camera.x)
                   .arg(camera.y));
        auto* paste = d.findChild<QLineEdit*>(QStringLiteral("paste"));
        paste->setFocus();
        QGuiApplication::clipboard()->setText(gps);
        QTest::keyClick(paste, Qt::Key_V, Qt::ControlModifier); // paste as a user does
        expect(std::abs(spin(d, "x") - target.x) < 0.01 && std::abs(spin(d, "y") - target.y) < 0.01,
               QStringLiteral("the pasted position is not in the fields"));
        expect(check(d, "useZ") && std::abs(spin(d, "z") - ground) < 0.01, QStringLiteral("no height"));
        auto* summary = d.findChild<QLabel*>(QStringLiteral("summary"));
        expect(summary && summary->text().contains(QStringLiteral("middle of the view")) &&
                   summary->text().contains(QStringLiteral("west (90°)")),
               QStringLiteral("the dialog does not say what will happen: ") +
                   (summary ? summary->text() : QString()));
        QTest::mouseClick(d.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok), Qt::LeftButton);
    }));
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("; "))));
    // Facing west (orientation pi/2), the target in the middle of the view.
    const editor::CameraPose& pose = view->cameraPose();
    QVERIFY2(std::abs(pose.yaw - 90.0) < 0.01, qPrintable(QString::number(pose.yaw)));
    const auto centre = view->pick(QPoint(view->width() / 2, view->height() / 2));
    QVERIFY(centre);
    QVERIFY2(glm::distance(glm::dvec2(*centre), target) < 2.0, "the camera does not look at the target");
    QVERIFY(std::abs(glm::distance(pose.position, glm::dvec3(target, ground)) -
                     editor::TerrainViewport::kFlyToDistance) < 0.01);
    QVERIFY(pose.position.y < target.y); // east of it, looking west
    saveShot(window.grabWithViewport(), "main_window_go_to");

    // The next Go To starts from that target, its height and its facing.
    QVERIFY(whileDialogOpen(goTo, [&](QDialog& d) {
        expect(std::abs(spin(d, "x") - target.x) < 0.01 && std::abs(spin(d, "y") - target.y) < 0.01 &&
                   check(d, "useZ") && std::abs(spin(d, "z") - ground) < 0.01,
               QStringLiteral("does not start from the last target"));
        expect(check(d, "useFacing") && std::abs(spin(d, "facing") - 90.0) < 0.01,
               QStringLiteral("does not start from the last facing"));
        d.reject();
    }));
    QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("; "))));
}

void TestMainWindow::newMapIsCreatedAndOpened() {
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    core::NewMapSpec spec;
    spec.directory = dir.filePath(QStringLiteral("Fresh"));
    spec.name = QStringLiteral("Fresh");
    spec.tiles = {{20, 40}, {21, 40}};
    spec.terrain = core::NewMapSpec::Terrain::Flat;
    spec.baseHeight = 12.0f;
    QVERIFY2(window.documents()->create(spec), qPrintable(window.lastError()));
    QVERIFY(window.document());
    QCOMPARE(window.document()->mapName(), QStringLiteral("Fresh"));
    QCOMPARE(window.document()->loadedTiles().size(), std::size_t(2));
    const glm::dvec2 middle = core::tileOrigin({21, 40}) - glm::dvec2(100.0);
    QCOMPARE(*window.document()->heightAt(middle), 12.0);
    QVERIFY(QFile::exists(dir.filePath(QStringLiteral("Fresh/Fresh.wdt"))));
    QVERIFY(!window.document()->isModified());
    // An invalid spec writes nothing and keeps the open map.
    spec.name = QStringLiteral("bad name");
    QVERIFY(!window.documents()->create(spec));
    QCOMPARE(window.document()->mapName(), QStringLiteral("Fresh"));
    QVERIFY(!window.lastError().isEmpty());
}

void TestMainWindow::opensAMapFolder() {
    QTemporaryDir dir;
    core::NewMapSpec spec;
    spec.directory = dir.filePath(QStringLiteral("World/Maps/Folder"));
    spec.name = QStringLiteral("Folder");
    spec.tiles = {{30, 30}};
    QVERIFY(core::createMap(spec));
    editor::MainWindow window;
    QVERIFY2(window.documents()->open(spec.directory), qPrintable(window.lastError()));
    QCOMPARE(window.document()->mapName(), QStringLiteral("Folder"));
    // A folder with no (or two) WDTs says so.
    QVERIFY(!window.documents()->open(dir.path()));
    QVERIFY(window.lastError().contains(QStringLiteral("exactly one .wdt")));
    QCOMPARE(window.document()->mapName(), QStringLiteral("Folder"));
}

// A long save shows a progress dialog; its Cancel stops the save after the tile being written, the
// map stays modified, and the dialog goes with the save.
void TestMainWindow::progressDialogCancelsASave() {
    QTemporaryDir dir;
    core::NewMapSpec spec;
    spec.directory = dir.filePath(QStringLiteral("Slow"));
    spec.name = QStringLiteral("Slow");
    spec.tiles = {{30, 30}, {31, 30}, {32, 30}};
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.documents()->create(spec), qPrintable(window.lastError()));
    core::MapDocument* doc = window.document();
    for (const core::TileCoord t : spec.tiles) {
        core::HeightBrushSettings raise;
        raise.brush.radius = 20.0;
        core::HeightStroke stroke(*doc, raise);
        stroke.moveTo(core::tileOrigin(t) - glm::dvec2(266.0));
        stroke.finish();
    }
    QCOMPARE(doc->saveTileCount(), 3);
    const auto filesNow = [&spec] {
        std::map<QString, QByteArray> files;
        const QDir folder(spec.directory);
        for (const QString& name : folder.entryList(QDir::Files | QDir::Hidden)) {
            QFile f(folder.filePath(name));
            files[name] = f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("unreadable");
        }
        return files;
    };
    const auto before = filesNow();
    int dialogs = 0;
    // The user presses Cancel as soon as the dialog is there.
    connect(window.documents(), &editor::DocumentManager::progressStarted, &window, [&] {
        const auto found = window.findChildren<QProgressDialog*>();
        dialogs = int(found.size());
        if (!found.isEmpty()) {
            found.front()->cancel();
        }
    });
    QVERIFY(!window.documents()->save());
    QCOMPARE(dialogs, 1);
    QVERIFY(window.findChildren<QProgressDialog*>().isEmpty());
    QVERIFY(doc->isModified());
    // A save is one transaction: cancelled after the first tile, it writes nothing and leaves no temporary.
    QCOMPARE(doc->saveTileCount(), 3);
    QVERIFY(filesNow() == before);
    QVERIFY2(window.lastError().startsWith(QStringLiteral("Saving failed")), qPrintable(window.lastError()));
}

void TestMainWindow::docksShowWholeTexts() {
    // Issue 19 item 7: at the docks' default width the tile map's legend and the tile summary's
    // labels and values are shown whole, and the tile map shows the map's tiles, not a 3 px speck.
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(kDemo));
    auto* summaryDock = window.findChild<QDockWidget*>(QStringLiteral("summaryDock"));
    QVERIFY(summaryDock);
    summaryDock->raise();
    QTest::qWait(50); // the raised tab lays out

    widgets::TileMapWidget* map = window.tileMap();
    QVERIFY(map->width() < 320); // the dock's default width is what is checked
    const auto legend = map->legendLayout();
    QCOMPARE(legend.size(), 4);
    for (const auto& item : legend) {
        QVERIFY2(map->rect().contains(item.swatch) && map->rect().contains(item.text),
                 qPrintable(item.label + QStringLiteral(" is cut off")));
        QVERIFY2(item.text.width() >= map->fontMetrics().horizontalAdvance(item.label),
                 qPrintable(item.label));
    }
    // The demo's 2x2 tiles fill the map's view.
    const QRectF tiles = map->tileRect({32, 32}).united(map->tileRect({33, 33}));
    QVERIFY2(map->viewRect().contains(tiles) && tiles.width() > 0.85 * map->viewRect().width(),
             qPrintable(QString::number(tiles.width())));

    widgets::TileSummaryPanel* summary = window.summaryPanel();
    QVERIFY(summary->isVisible());
    QVERIFY(summary->topLevelItemCount() > 0);
    QStringList cut;
    for (QTreeWidgetItemIterator it(summary); *it; ++it) {
        for (int column = 0; column < 2; ++column) {
            const QString problem = cutTextIn(summary, *it, column);
            if (!problem.isEmpty()) {
                cut << problem;
            }
        }
    }
    saveShot(window.grabWithViewport(), "main_window_docks");
    QVERIFY2(cut.isEmpty(), qPrintable(cut.join(QStringLiteral("; "))));
}

// Map > Repair is found in the menu bar, disabled without a map; on a map whose WDT lacks MWMO it makes one
// undo step, says so in the status bar, and Edit > Undo takes it back.
void TestMainWindow::mapRepairFromTheMenu() {
    QTemporaryDir dir;
    core::NewMapSpec spec;
    spec.directory = dir.filePath(QStringLiteral("Other"));
    spec.name = QStringLiteral("Other");
    spec.tiles = {{30, 30}};
    const auto created = core::createMap(spec);
    QVERIFY(created);
    QVERIFY(tests::dropWdtChunk(created->wdtPath, io::chunk::MWMO));
    editor::MainWindow window;
    QAction* repair = window.findChild<QAction*>(QStringLiteral("repairMapAction"));
    QVERIFY(repair);
    QVERIFY(!repair->isEnabled());
    QMenu* mapMenu = nullptr;
    for (QAction* a : window.menuBar()->actions()) {
        if (a->menu() && a->menu()->actions().contains(repair)) {
            mapMenu = a->menu();
        }
    }
    QVERIFY(mapMenu);
    QCOMPARE(mapMenu->title(), QStringLiteral("&Map"));

    QVERIFY2(window.documents()->open(created->wdtPath), qPrintable(window.lastError()));
    QVERIFY(repair->isEnabled());
    repair->trigger();
    QCOMPARE(window.document()->undoStack()->count(), 1);
    QVERIFY(window.document()->wdt().wmoName.has_value());
    QVERIFY2(window.mapRepair()->lastReport().contains(QStringLiteral("wdt-mwmo")),
             qPrintable(window.mapRepair()->lastReport()));
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("1 change")),
             qPrintable(window.statusBar()->currentMessage()));
    window.document()->undoStack()->undo();
    QVERIFY(!window.document()->wdt().wmoName.has_value());
    QVERIFY(!window.document()->isModified());

    // Nothing left to repair once it is redone and saved.
    window.document()->undoStack()->redo();
    QVERIFY(window.documents()->save());
    repair->trigger();
    QCOMPARE(window.document()->undoStack()->count(), 1);
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Nothing to repair")));
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
