// What a new user trips over in the first ten minutes (issue "Editor: what a new user trips over"),
// driven with real mouse and keyboard events on a map made like `mapsmith-cli new`: Open Recent keeps
// absolute paths; the Tile Summary follows object deletes; a selection ends with the object tool; the
// default stroke shows plainly from the start camera; the Info dock follows paints and undo; tool keys,
// flying and both redo keys work wherever the keyboard is, and shortcuts can be rebound; the viewport
// is never black while the renderer starts. Screenshots go to MAPSMITH_SCREENSHOT_DIR.

#include "core/convert/new_map.h"
#include "core/document/map_document.h"
#include "core/edit/object_edit.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/tools/object_tool.h"
#include "editor/tools/stroke_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "support/viewport_mouse.h"
#include "widgets/chunk_layers_panel.h"
#include "widgets/go_to_dialog.h"
#include "widgets/info_panel.h"
#include "widgets/preferences_dialog.h"
#include "widgets/shortcut_settings.h"
#include "widgets/tile_map_widget.h"
#include "widgets/tile_summary_panel.h"

#include <QAction>
#include <QApplication>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QTreeWidget>
#include <QUndoStack>
#include <Qt3DExtras/Qt3DWindow>
#include <QtTest>

#include <glm/geometric.hpp>

using namespace mapsmith;

namespace {

void saveShot(const QImage& img, const QString& name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    img.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/%1.png").arg(name));
}

// A 2-tile map as `mapsmith-cli new DIR Testland --tiles 32_32,33_32` makes it (flat by default).
QString newMap(const QString& dir, core::NewMapSpec::Terrain terrain = core::NewMapSpec::Terrain::Flat) {
    core::NewMapSpec spec;
    spec.directory = dir;
    spec.name = QStringLiteral("Testland");
    spec.tiles = {{32, 32}, {33, 32}};
    spec.terrain = terrain;
    const auto made = core::createMap(spec);
    return made ? made->wdtPath : QString();
}

// Fraction of sampled pixels that differ by more than a few steps between two frames.
double changedFraction(const QImage& a, const QImage& b) {
    int changed = 0;
    int total = 0;
    for (int y = 0; y < a.height(); y += 2) {
        for (int x = 0; x < a.width(); x += 2) {
            const QRgb p = a.pixel(x, y);
            const QRgb q = b.pixel(x, y);
            ++total;
            changed += std::max({std::abs(qRed(p) - qRed(q)), std::abs(qGreen(p) - qGreen(q)),
                                 std::abs(qBlue(p) - qBlue(q))}) > 6;
        }
    }
    return total ? double(changed) / total : 0.0;
}

struct Shown {
    editor::MainWindow window;
    explicit Shown(const QString& map = {}) {
        window.show();
        window.activateWindow();
        if (!map.isEmpty()) {
            window.documents()->open(map);
        }
    }
};

QAction* recentAction(editor::MainWindow& window, const QString& path) {
    for (QMenu* menu : window.menuBar()->findChildren<QMenu*>()) {
        for (QAction* a : menu->actions()) {
            if (a->text() == path) {
                return a;
            }
        }
    }
    return nullptr;
}

// Presses and holds a key on `target` for `ms` milliseconds.
void holdKey(QWidget* target, Qt::Key key, int ms) {
    QTest::keyPress(target, key);
    QTest::qWait(ms);
    QTest::keyRelease(target, key);
}

// The keyboard is in the viewport: its container widget, or the render window inside it.
bool keyboardInViewport(editor::MainWindow& window) {
    return QGuiApplication::focusWindow() == window.viewport()->renderWindow() ||
           QApplication::focusWidget() == window.viewport()->focusProxy();
}

// Keys as the system delivers them, to where the keyboard is in the viewport.
void viewportKeyClick(editor::MainWindow& window, Qt::Key key) {
    if (QGuiApplication::focusWindow() == window.viewport()->renderWindow()) {
        QTest::keyClick(window.viewport()->renderWindow(), key);
    } else {
        QTest::keyClick(window.viewport()->focusProxy(), key);
    }
}
// Holds `key` down on `target` (a widget or window) until the camera has flown more than a yard, then
// lets it go; false when it did not fly within QTRY's timeout. It waits for the flight, not for a
// fixed time: on a busy machine the event loop can be held up for a few hundred milliseconds (the
// render window taking the keyboard), and the fly timer with it.
template <class Target> bool fliesWhileHeld(editor::MainWindow& window, Target* target, Qt::Key key) {
    const glm::dvec3 start = window.viewport()->cameraPosition();
    QTest::keyPress(target, key);
    const bool flown =
        QTest::qWaitFor([&] { return glm::length(window.viewport()->cameraPosition() - start) > 1.0; });
    QTest::keyRelease(target, key);
    return flown;
}

// fliesWhileHeld on where the keyboard is in the viewport.
bool viewportFlies(editor::MainWindow& window, Qt::Key key) {
    if (QGuiApplication::focusWindow() == window.viewport()->renderWindow()) {
        return fliesWhileHeld(window, window.viewport()->renderWindow(), key);
    }
    return fliesWhileHeld(window, window.viewport()->focusProxy(), key);
}

void viewportHoldKey(editor::MainWindow& window, Qt::Key key, int ms) {
    if (QGuiApplication::focusWindow() == window.viewport()->renderWindow()) {
        QWindow* w = window.viewport()->renderWindow();
        QTest::keyPress(w, key);
        QTest::qWait(ms);
        QTest::keyRelease(w, key);
    } else {
        holdKey(window.viewport()->focusProxy(), key, ms);
    }
}

} // namespace

class TestFirstMinutes : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void openRecentKeepsAbsolutePaths();
    void missingFileErrorHasNoOffset();
    void tileSummaryFollowsObjectDelete();
    void selectionEndsWithTheObjectTool();
    void defaultStrokeShowsFromTheStartCamera();
    void infoDockShowsLayerFlagsAtOnce();
    void cursorReadoutFollowsUndo();
    void toolKeysWorkWithoutClickingTheViewport();
    void flyingWorksFromTheDocks();
    void keysWorkAfterADialogCloses();
    void ctrlYRedoes();
    void shortcutsCanBeRebound();
    void shortcutConflictsBlockOk();
    void viewportIsNeverBlackAtStart();
    void tileMapMarksTheCameraTile();

private:
    QTemporaryDir mDir;
    QString mMap;
};

void TestFirstMinutes::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true); // settings stay out of the user's
    QVERIFY(mDir.isValid());
    mMap = newMap(mDir.filePath(QStringLiteral("map")));
    QVERIFY(!mMap.isEmpty());
}

void TestFirstMinutes::init() {
    QSettings().clear();
}

// 1. Opening "map/Testland.wdt" from one folder records the absolute path; chosen from another folder it
// opens. One entry per map, and entries that cannot be opened any more (relative ones of older versions,
// deleted maps) are not offered.
void TestFirstMinutes::openRecentKeepsAbsolutePaths() {
    const QString startDir = QDir::currentPath();
    QTemporaryDir other;
    QSettings().setValue(
        QStringLiteral("recentFiles"),
        QStringList{QStringLiteral("map/Gone.wdt"), mDir.filePath(QStringLiteral("gone/X.wdt"))});
    {
        QVERIFY(QDir::setCurrent(mDir.path()));
        Shown s;
        QVERIFY2(s.window.documents()->open(QStringLiteral("map/Testland.wdt")),
                 qPrintable(s.window.lastError()));
        const QStringList recent = s.window.documents()->recentFiles();
        QCOMPARE(recent, QStringList{QDir::cleanPath(QFileInfo(mMap).absoluteFilePath())});
        QVERIFY(QFileInfo(recent.front()).isAbsolute());
        // The same map by its absolute path and through a ".." detour: still one entry.
        QVERIFY(s.window.documents()->open(QFileInfo(mMap).absoluteFilePath()));
        QVERIFY(s.window.documents()->open(mDir.filePath(QStringLiteral("map/../map/Testland.wdt"))));
        QCOMPARE(s.window.documents()->recentFiles().size(), 1);
    }
    QVERIFY(QDir::setCurrent(other.path()));
    {
        Shown s;
        QAction* recent = recentAction(s.window, s.window.documents()->recentFiles().value(0));
        QVERIFY(recent);
        recent->trigger();
        QVERIFY2(s.window.lastError().isEmpty(), qPrintable(s.window.lastError()));
        QVERIFY(s.window.document());
        QCOMPARE(s.window.documents()->path(), QDir::cleanPath(QFileInfo(mMap).absoluteFilePath()));
    }
    QVERIFY(QDir::setCurrent(startDir));
}

// A map that does not exist: the error names the file and the system's reason, not "file at 0x0".
void TestFirstMinutes::missingFileErrorHasNoOffset() {
    Shown s;
    const QString missing = mDir.filePath(QStringLiteral("nowhere/Nope.wdt"));
    QVERIFY(!s.window.documents()->open(missing));
    const QString error = s.window.lastError();
    QVERIFY2(!error.contains(QStringLiteral("at 0x0")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("No such file")), qPrintable(error));
    QVERIFY2(error.contains(QStringLiteral("Nope.wdt")), qPrintable(error));
}

// 2. Deleting an object updates the Tile Summary at once.
void TestFirstMinutes::tileSummaryFollowsObjectDelete() {
    QTemporaryDir dir;
    const QString map = newMap(dir.path(), core::NewMapSpec::Terrain::Demo);
    Shown s(map);
    QVERIFY(s.window.document());
    auto* doc = s.window.document();
    // The summary names its tile ("tile 32_32, from Testland.wdt"): delete a doodad of it.
    const QString depth = s.window.summaryPanel()->valueOf(QStringLiteral("Depth from"));
    const auto m = QRegularExpression(QStringLiteral("tile (\\d+)_(\\d+)")).match(depth);
    QVERIFY2(m.hasMatch(), qPrintable(depth));
    const core::TileCoord shown{m.captured(1).toInt(), m.captured(2).toInt()};
    QVERIFY(doc->tile(shown) && !doc->tile(shown)->doodads.empty());
    const int before = s.window.summaryPanel()->valueOf(QStringLiteral("Doodads")).toInt();
    QVERIFY(before > 0);
    s.window.tools()->select(editor::ToolId::Objects);
    s.window.tools()->objects()->setSelection(
        {core::ObjectRef{shown, core::ObjectKind::Doodad, doc->tile(shown)->doodads.front().uniqueId}});
    QCOMPARE(s.window.tools()->deleteSelectedObjects(), 1);
    QTRY_COMPARE(s.window.summaryPanel()->valueOf(QStringLiteral("Doodads")).toInt(), before - 1);
    doc->undoStack()->undo();
    QTRY_COMPARE(s.window.summaryPanel()->valueOf(QStringLiteral("Doodads")).toInt(), before);
}

// 3. Pressing 1 (Sculpt) ends the selection: no highlight, Delete does nothing.
void TestFirstMinutes::selectionEndsWithTheObjectTool() {
    QTemporaryDir dir;
    const QString map = newMap(dir.path(), core::NewMapSpec::Terrain::Demo);
    Shown s(map);
    auto* doc = s.window.document();
    QVERIFY(doc);
    const core::TileCoord t = doc->loadedTiles().front();
    QVERIFY(!doc->tile(t)->doodads.empty());
    const std::size_t doodads = doc->tile(t)->doodads.size();
    QVERIFY(QTest::qWaitForWindowActive(&s.window));
    // The user was typing a brush radius, then picked the object tool on the tool bar.
    s.window.findChild<QAbstractSpinBox*>()->setFocus();
    s.window.toolAction(editor::ToolId::Objects)->trigger();
    s.window.tools()->objects()->setSelection(
        {core::ObjectRef{t, core::ObjectKind::Doodad, doc->tile(t)->doodads.front().uniqueId}});
    QCOMPARE(s.window.viewport()->selectedObjects().size(), std::size_t(1));
    QVERIFY(keyboardInViewport(s.window)); // choosing the tool took it out of the spin box
    viewportKeyClick(s.window, Qt::Key_1);
    QCOMPARE(s.window.tools()->currentId(), editor::ToolId::Sculpt);
    QVERIFY(s.window.tools()->objects()->selection().empty());
    QVERIFY(s.window.viewport()->selectedObjects().empty());
    viewportKeyClick(s.window, Qt::Key_Delete);
    QCOMPARE(doc->tile(t)->doodads.size(), doodads);
    QCOMPARE(doc->undoStack()->count(), 0);
}

// 4. The first stroke with the default sculpt brush from the start camera changes a good part of the
// picture (before: +6.75 yd on a flat map seen from 690 yd, visible only in a pixel diff).
void TestFirstMinutes::defaultStrokeShowsFromTheStartCamera() {
    Shown s(mMap);
    QVERIFY(s.window.document());
    QVERIFY(QTest::qWaitForWindowExposed(&s.window));
    const QImage before = s.window.viewport()->grabFrame();
    saveShot(before, QStringLiteral("first_stroke_before"));
    tests::dragAcrossCentre(s.window.viewport(), 25); // 100 px, a short first drag
    QCOMPARE(s.window.document()->undoStack()->count(), 1);
    const QImage after = s.window.viewport()->grabFrame();
    saveShot(after, QStringLiteral("first_stroke_after"));
    saveShot(s.window.grabWithViewport(), QStringLiteral("first_stroke_window"));
    const double changed = changedFraction(before, after);
    QVERIFY2(changed > 0.015, qPrintable(QStringLiteral("%1 of the viewport changed").arg(changed)));
}

// 6a. A layer painted into a chunk shows "alpha" in the Info dock at once (not "none" until reopened).
void TestFirstMinutes::infoDockShowsLayerFlagsAtOnce() {
    Shown s(mMap);
    QVERIFY(s.window.document());
    s.window.tools()->select(editor::ToolId::PaintTexture); // a texture the flat map lacks
    tests::dragAcrossCentre(s.window.viewport(), 10);
    QCOMPARE(s.window.document()->undoStack()->count(), 1);
    // The cursor still rests at the stroke's end: the dock shows that chunk's layers.
    auto* layers = s.window.infoPanel()->layers();
    QTRY_VERIFY(layers->topLevelItemCount() >= 2);
    const QTreeWidgetItem* painted = layers->topLevelItem(layers->topLevelItemCount() - 1);
    QVERIFY2(painted->text(widgets::ChunkLayersPanel::FlagsColumn).contains(QStringLiteral("alpha")),
             qPrintable(painted->text(widgets::ChunkLayersPanel::FlagsColumn)));
}

// 6b. After Ctrl+Z the cursor readout shows the height under the cursor now, without a mouse move.
void TestFirstMinutes::cursorReadoutFollowsUndo() {
    Shown s(mMap);
    auto* doc = s.window.document();
    QVERIFY(doc);
    tests::dragAcrossCentre(s.window.viewport(), 10);
    QCOMPARE(doc->undoStack()->count(), 1);
    auto* height = s.window.infoPanel()->findChild<QLabel*>(QStringLiteral("heightValue"));
    QVERIFY(height);
    QTRY_VERIFY(!height->text().startsWith(QStringLiteral("0.00")));
    const QString raised = height->text();
    QTest::keyClick(s.window.viewport()->renderWindow(), Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->undoStack()->index(), 0);
    QTRY_VERIFY2(height->text() != raised, qPrintable(height->text()));
    QCOMPARE(height->text(), widgets::yardsText(0.0)); // the flat map's ground again
}

// 9a. Tool keys work as soon as the window is shown, without a click in the viewport.
void TestFirstMinutes::toolKeysWorkWithoutClickingTheViewport() {
    Shown s(mMap);
    QVERIFY(QTest::qWaitForWindowActive(&s.window));
    QVERIFY(keyboardInViewport(s.window)); // not in a field of the docks
    viewportKeyClick(s.window, Qt::Key_3);
    QCOMPARE(s.window.tools()->currentId(), editor::ToolId::Holes);
    viewportKeyClick(s.window, Qt::Key_5);
    QCOMPARE(s.window.tools()->currentId(), editor::ToolId::AreaId);
}

// 9b. W flies forward while the keyboard is in a dock (not in a text field); typing in a field stays
// typing.
void TestFirstMinutes::flyingWorksFromTheDocks() {
    Shown s(mMap);
    QVERIFY(QTest::qWaitForWindowActive(&s.window));
    auto* summary = s.window.summaryPanel();
    summary->setFocus();
    QCOMPARE(QApplication::focusWidget(), summary);
    QVERIFY2(fliesWhileHeld(s.window, summary, Qt::Key_W), "W did not fly from the Tile Summary dock");
    const glm::dvec3 flown = s.window.viewport()->cameraPosition();
    // In a spin box, W is text: the camera stays.
    auto* spin = s.window.findChild<QAbstractSpinBox*>();
    QVERIFY(spin);
    spin->setFocus();
    holdKey(spin, Qt::Key_W, 150);
    QCOMPARE(s.window.viewport()->cameraPosition(), flown);
}

// 9c. After a dialog closes, the keyboard is back with the tools.
void TestFirstMinutes::keysWorkAfterADialogCloses() {
    Shown s(mMap);
    QVERIFY(QTest::qWaitForWindowActive(&s.window));
    QTimer::singleShot(0, [] {
        if (QWidget* dialog = QApplication::activeModalWidget()) {
            (void)QTest::qWaitForWindowExposed(dialog); // the user sees it, then closes it
            static_cast<QDialog*>(dialog)->reject();
        }
    });
    s.window.showPreferences();
    QTRY_VERIFY(QApplication::activeModalWidget() == nullptr);
    QTRY_VERIFY(keyboardInViewport(s.window)); // back in the viewport
    viewportKeyClick(s.window, Qt::Key_2);
    QCOMPARE(s.window.tools()->currentId(), editor::ToolId::PaintTexture);
    QVERIFY(viewportFlies(s.window, Qt::Key_W));
}

// 9d. Both redo keys redo.
void TestFirstMinutes::ctrlYRedoes() {
    Shown s(mMap);
    auto* doc = s.window.document();
    QVERIFY(doc);
    tests::dragAcrossCentre(s.window.viewport(), 8);
    QCOMPARE(doc->undoStack()->index(), 1);
    QWidget* keys = &s.window;
    QTest::keyClick(keys, Qt::Key_Z, Qt::ControlModifier);
    QCOMPARE(doc->undoStack()->index(), 0);
    QTest::keyClick(keys, Qt::Key_Y, Qt::ControlModifier);
    QCOMPARE(doc->undoStack()->index(), 1);
    QTest::keyClick(keys, Qt::Key_Z, Qt::ControlModifier);
    QTest::keyClick(keys, Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    QCOMPARE(doc->undoStack()->index(), 1);
}

// 9e. Edit > Preferences > Shortcuts: a tool key and a fly key rebound by typing them; stored in the
// settings and used by the next window too.
void TestFirstMinutes::shortcutsCanBeRebound() {
    {
        Shown s(mMap);
        QVERIFY(QTest::qWaitForWindowActive(&s.window));
        bool edited = false;
        QTimer::singleShot(0, [&edited] {
            auto* dialog = qobject_cast<widgets::PreferencesDialog*>(QApplication::activeModalWidget());
            if (!dialog || !dialog->shortcutsEditor()) {
                return;
            }
            widgets::ShortcutsEditor* editor = dialog->shortcutsEditor();
            const widgets::ShortcutList entries = editor->entries();
            for (int row = 0; row < int(entries.size()); ++row) {
                const QString& id = entries[std::size_t(row)].id;
                if (id == QStringLiteral("tool3") || id == QStringLiteral("fly/forward")) {
                    QKeySequenceEdit* edit = editor->editor(row, 0);
                    edit->setFocus();
                    QTest::keyClick(edit, id == QStringLiteral("tool3") ? Qt::Key_F3 : Qt::Key_I);
                    QTest::qWait(1100); // QKeySequenceEdit ends recording after a second
                    edited = true;
                }
            }
            dialog->accept();
        });
        s.window.showPreferences(true);
        QVERIFY(edited);
        QTRY_VERIFY(keyboardInViewport(s.window));
        viewportKeyClick(s.window, Qt::Key_F3);
        QCOMPARE(s.window.tools()->currentId(), editor::ToolId::Holes);
        const glm::dvec3 start = s.window.viewport()->cameraPosition();
        viewportHoldKey(s.window, Qt::Key_W, 200);
        QCOMPARE(s.window.viewport()->cameraPosition(), start); // W flies no more
        QVERIFY(viewportFlies(s.window, Qt::Key_I));
    }
    QCOMPARE(QSettings().value(QStringLiteral("shortcuts/tool3")).toStringList(),
             QStringList{QStringLiteral("F3")});
    Shown again(mMap);
    QCOMPARE(again.window.toolAction(editor::ToolId::Holes)->shortcut(), QKeySequence(Qt::Key_F3));
    QVERIFY(again.window.toolAction(editor::ToolId::Holes)->toolTip().contains(QStringLiteral("F3")));
}

// 9f. Two actions on one key: the conflict is named and OK stays disabled until it is resolved.
void TestFirstMinutes::shortcutConflictsBlockOk() {
    widgets::ShortcutList entries{
        {QStringLiteral("tool1"),
         QStringLiteral("Tool: Sculpt"),
         {QKeySequence(Qt::Key_1)},
         {QKeySequence(Qt::Key_1)},
         false},
        {QStringLiteral("tool2"),
         QStringLiteral("Tool: Paint"),
         {QKeySequence(Qt::Key_2)},
         {QKeySequence(Qt::Key_2)},
         false},
    };
    widgets::PreferencesDialog dialog(widgets::EditorPreferences{}, nullptr, entries);
    dialog.showShortcuts();
    dialog.show();
    auto* ok = dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
    QVERIFY(ok->isEnabled());
    QKeySequenceEdit* second = dialog.shortcutsEditor()->editor(1, 0);
    second->setKeySequence(QKeySequence(Qt::Key_1));
    QVERIFY(!ok->isEnabled());
    auto* conflicts = dialog.findChild<QLabel*>(QStringLiteral("shortcutConflicts"));
    QVERIFY2(conflicts->text().contains(QStringLiteral("Tool: Sculpt")) &&
                 conflicts->text().contains(QStringLiteral("Tool: Paint")),
             qPrintable(conflicts->text()));
    dialog.shortcutsEditor()->resetAll();
    QVERIFY(ok->isEnabled());
    QVERIFY(conflicts->text().isEmpty());
}

// 10. From the moment the window shows until the first frame, the viewport is sky with a line of text,
// never black; then the terrain.
void TestFirstMinutes::viewportIsNeverBlackAtStart() {
    editor::MainWindow window;
    window.resize(1280, 800);
    QSignalSpy firstFrame(window.viewport(), &editor::TerrainViewport::firstFrameShown);
    window.show();
    window.documents()->open(mMap);
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const auto blackShare = [&window] {
        const QRect r(window.viewport()->mapToGlobal(QPoint(0, 0)), window.viewport()->size());
        const QImage screen = window.screen()->grabWindow(0, r.x(), r.y(), r.width(), r.height()).toImage();
        int black = 0;
        int total = 0;
        for (int y = 0; y < screen.height(); y += 8) {
            for (int x = 0; x < screen.width(); x += 8) {
                const QRgb p = screen.pixel(x, y);
                black += qRed(p) < 16 && qGreen(p) < 16 && qBlue(p) < 16;
                ++total;
            }
        }
        return std::pair{total ? double(black) / total : 1.0, screen};
    };
    const auto [early, earlyShot] = blackShare();
    saveShot(earlyShot, QStringLiteral("startup_early"));
    QVERIFY2(early < 0.05, qPrintable(QStringLiteral("%1 of the viewport black at first").arg(early)));
    QVERIFY(firstFrame.wait(editor::TerrainViewport::kStartupTimeoutMs + 1000) || firstFrame.count() == 1);
    QVERIFY(!window.viewport()->showingStartupCover());
    QTest::qWait(200);
    const auto [later, laterShot] = blackShare();
    saveShot(laterShot, QStringLiteral("startup_first_frame"));
    QVERIFY2(later < 0.05, qPrintable(QStringLiteral("%1 of the viewport black after").arg(later)));
}

// The Tile Map's camera marker follows the camera (Go To, flying), not the mouse.
void TestFirstMinutes::tileMapMarksTheCameraTile() {
    Shown s(mMap);
    QVERIFY(s.window.document());
    widgets::GoToTarget target;
    target.position = core::tileOrigin({33, 32}) - glm::dvec2(core::kTileSize / 2.0);
    QVERIFY(s.window.goToPosition(target));
    const glm::dvec3 camera = s.window.viewport()->cameraPosition();
    QCOMPARE(s.window.tileMap()->cameraTile(), std::optional(core::tileAt({camera.x, camera.y})));
    QCOMPARE(s.window.tileMap()->cameraTile(), std::optional(core::TileCoord{33, 32}));
}

QTEST_MAIN(TestFirstMinutes)
#include "test_first_minutes.moc"
