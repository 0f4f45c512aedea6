// Map > Convert Old Liquids in the real main window: a map whose tile 38_46 is the real Azeroth_38_46 with
// MCLQ water built by the spec's rules over its terrain (no real MCLQ tile is in the corpus) and whose
// 39_46 has some too. The entries sit in the Map menu; the tile entry converts the tile under the camera,
// the map entry both, each as one undo step that the viewport draws (MH2O) and Edit > Undo takes back; the
// first liquid stroke on a tile with MCLQ converts the map first (MAPSMITH_NO_DIALOGS: the answer is yes),
// once per document.

#include "core/document/map_document.h"
#include "core/edit/mclq_conversion.h"
#include "core/geometry/coords.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/old_liquids_action.h"
#include "editor/tools/stroke_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/adt/liquid_cells.h"
#include "io/wdt/wdt.h"
#include "support/mclq_tiles.h"
#include "support/test_files.h"
#include "support/write_file.h"
#include "widgets/go_to_dialog.h"

#include <QAction>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <algorithm>

using namespace mapsmith;

namespace {

void saveShot(const QImage& img, const char* name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    img.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/%1.png").arg(QLatin1String(name)));
}

// Water 2 yd above the highest vertex of each chunk in rows 4..11, columns 4..11 (shapes and kinds as
// tests::fillWithMclq cycles them, no slime); `kindOffset` varies the kinds between tiles.
io::Adt oldWaterTile(int kindOffset) {
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")));
    io::Adt adt = std::move(read->adt);
    for (int row = 4; row < 12; ++row) {
        for (int col = 4; col < 12; ++col) {
            const int i = row * 16 + col;
            io::MapChunk& c = adt.chunks[std::size_t(i)];
            const float top = c.position.z + *std::max_element(c.heights.begin(), c.heights.end());
            io::MclqChunk chunk;
            chunk.layers.push_back(tests::mclqLayer(io::MclqKind((i + kindOffset) % 3), top + 2.0f, i,
                                                    tests::MclqCells(i % 3), false));
            tests::setMclq(c, chunk);
        }
    }
    return adt;
}

nlohmann::ordered_json cellsOf(const io::Adt& adt) {
    return io::dumpLiquidCells(*io::liquidCells(adt));
}

bool makeOldMap(const QString& dir) {
    io::Wdt wdt;
    wdt.setTile(38, 46, true);
    wdt.setTile(39, 46, true);
    return test::writeFile(dir + QStringLiteral("/Old/Old.wdt"), io::writeWdt(wdt)) &&
           test::writeFile(dir + QStringLiteral("/Old/Old_38_46.adt"), io::writeAdt(oldWaterTile(0))) &&
           test::writeFile(dir + QStringLiteral("/Old/Old_39_46.adt"), io::writeAdt(oldWaterTile(1)));
}

int differingPixels(const QImage& a, const QImage& b) {
    if (a.size() != b.size()) {
        return a.width() * a.height();
    }
    int n = 0;
    for (int y = 0; y < a.height(); ++y) {
        for (int x = 0; x < a.width(); ++x) {
            n += a.pixel(x, y) != b.pixel(x, y) ? 1 : 0;
        }
    }
    return n;
}

} // namespace

class TestOldLiquids : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
        QStandardPaths::setTestModeEnabled(true);
        QVERIFY(mTemp.isValid());
        QVERIFY(makeOldMap(mTemp.path()));
        mWdt = mTemp.path() + QStringLiteral("/Old/Old.wdt");
    }

    void menuEntriesConvertAsOneUndoStep() {
        editor::MainWindow window;
        window.resize(1200, 760);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction* tileAction = window.findChild<QAction*>(QStringLiteral("convertOldLiquidsTileAction"));
        QAction* mapAction = window.findChild<QAction*>(QStringLiteral("convertOldLiquidsMapAction"));
        QVERIFY(tileAction && mapAction);
        QVERIFY(!tileAction->isEnabled() && !mapAction->isEnabled());
        QAction* repair = window.findChild<QAction*>(QStringLiteral("repairMapAction"));
        QMenu* mapMenu = nullptr;
        for (QAction* a : window.menuBar()->actions()) {
            if (a->menu() && a->menu()->actions().contains(repair)) {
                mapMenu = a->menu();
            }
        }
        QVERIFY(mapMenu);
        QMenu* sub = mapMenu->findChild<QMenu*>(QStringLiteral("oldLiquidsMenu"));
        QVERIFY(sub && mapMenu->actions().contains(sub->menuAction()));

        QVERIFY2(window.documents()->open(mWdt), qPrintable(window.lastError()));
        core::MapDocument* doc = window.document();
        QVERIFY(doc->tile({38, 46}));
        QVERIFY(tileAction->isEnabled() && mapAction->isEnabled());
        const auto cells38 = cellsOf(*doc->tile({38, 46}));
        const auto cells39 = cellsOf(oldWaterTile(1));

        // Look at the old water: the viewport draws MH2O only, so nothing of it shows yet.
        const glm::dvec2 centre = core::tileOrigin({38, 46}) - glm::dvec2(core::kTileSize / 2.0);
        QVERIFY(window.goToPosition(widgets::GoToTarget{centre, std::nullopt, 0.0}));
        QCOMPARE(core::tileAt(glm::dvec2(window.viewport()->cameraPose().position)),
                 (core::TileCoord{38, 46}));
        const QImage before = window.viewport()->grabFrame();

        tileAction->trigger();
        QCOMPARE(doc->undoStack()->count(), 1);
        QVERIFY(!core::loadedTileHasMclq(*doc, {38, 46}));
        QCOMPARE(cellsOf(*doc->tile({38, 46})), cells38);
        QVERIFY(!doc->tile({39, 46}) || core::loadedTileHasMclq(*doc, {39, 46}));
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("now MH2O")),
                 qPrintable(window.statusBar()->currentMessage()));
        const QImage after = window.viewport()->grabFrame();
        saveShot(before, "old_liquids_before");
        saveShot(after, "old_liquids_converted");
        QVERIFY2(differingPixels(before, after) > before.width() * before.height() / 50,
                 "the converted water is not drawn");

        mapAction->trigger();
        QCOMPARE(doc->undoStack()->count(), 2);
        QVERIFY(doc->tile({39, 46}));
        QVERIFY(!core::loadedTileHasMclq(*doc, {39, 46}));
        QCOMPARE(cellsOf(*doc->tile({39, 46})), cells39);

        doc->undoStack()->undo();
        doc->undoStack()->undo();
        QVERIFY(core::loadedTileHasMclq(*doc, {38, 46}));
        QVERIFY(core::loadedTileHasMclq(*doc, {39, 46}));
        QVERIFY(!doc->isModified());
        const QImage undone = window.viewport()->grabFrame();
        QVERIFY(differingPixels(undone, after) > 0);
    }

    // The first liquid stroke over old liquids converts the map first (one step), then strokes; the
    // question is not asked again for this document.
    void firstLiquidEditConvertsTheMap() {
        editor::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(window.documents()->open(mWdt), qPrintable(window.lastError()));
        core::MapDocument* doc = window.document();
        QCOMPARE(window.oldLiquids()->answer(), editor::OldLiquidsAction::Answer::NotAsked);
        editor::LiquidTool* tool = window.tools()->liquid();
        window.tools()->select(editor::ToolId::Liquid);
        const glm::dvec2 at = core::chunkOrigin({{38, 46}, 6, 6}) - glm::dvec2(5.0);
        const double z = *doc->heightAt(at);
        tool->begin(*doc, glm::dvec3(at, z), {});
        tool->drag(glm::dvec3(at + glm::dvec2(1.0), z), 1.0);
        tool->end();
        QCOMPARE(window.oldLiquids()->answer(), editor::OldLiquidsAction::Answer::Convert);
        QCOMPARE(doc->undoStack()->count(), 2); // the conversion, then the stroke
        QCOMPARE(doc->undoStack()->command(0)->text(), QStringLiteral("Convert old liquids to MH2O"));
        QVERIFY(!core::loadedTileHasMclq(*doc, {38, 46}));
        QVERIFY(!core::loadedTileHasMclq(*doc, {39, 46}));

        tool->begin(*doc, glm::dvec3(at + glm::dvec2(10.0), z), {});
        tool->end();
        QCOMPARE(doc->undoStack()->count(), 3); // a stroke only

        // Another document asks again.
        QVERIFY2(window.documents()->open(mWdt), qPrintable(window.lastError()));
        QCOMPARE(window.oldLiquids()->answer(), editor::OldLiquidsAction::Answer::NotAsked);
    }

private:
    QTemporaryDir mTemp;
    QString mWdt;
};

QTEST_MAIN(TestOldLiquids)
#include "test_old_liquids.moc"
