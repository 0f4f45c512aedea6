// File > Export Server Maps in the editor (MAPSMITH_NO_DIALOGS=1): refused for the bundled map and while
// edits are unsaved; the saved demo map's four tiles written as .map files that follow the extractors'
// rules (tests/support/server_map_reference.h) under the extractors' names, with progress per tile;
// Cancel stops after the tile being written; the choice is remembered per map and the menu action uses it
// when no dialog may be shown. The dialog gives back what it was given and says which files it writes.

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "io/adt/adt.h"
#include "support/server_map_reference.h"
#include "widgets/server_maps_dialog.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapsmith;

namespace {

std::vector<std::byte> bytesOf(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    const QByteArray b = f.readAll();
    const auto* p = reinterpret_cast<const std::byte*>(b.constData());
    return std::vector<std::byte>(p, p + b.size());
}

// One undo step that marks the tile modified (one chunk's area id), as any brush stroke does.
void editTile(core::MapDocument& doc, core::TileCoord tile) {
    core::StrokeRecorder recorder(doc, core::CommandId::AreaIdStroke, QStringLiteral("Set area id"));
    recorder.edit({tile, 0, 0}, core::dirty::Flags)->areaId += 7;
    recorder.finish();
}

QAction* actionNamed(QWidget& window, const QString& text) {
    for (QAction* a : window.findChildren<QAction*>()) {
        if (a->text() == text) {
            return a;
        }
    }
    return nullptr;
}

} // namespace

class TestServerMapsExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void exportFromTheEditor();
    void cancelStopsAfterATile();
    void dialogGivesBackItsChoice();
};

void TestServerMapsExport::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true); // per-map settings in a test file
}

void TestServerMapsExport::init() {
    QSettings().clear();
}

void TestServerMapsExport::exportFromTheEditor() {
    QTemporaryDir dir;
    editor::MainWindow window;
    QAction* action = actionNamed(window, QStringLiteral("Export &Server Maps..."));
    QVERIFY(action);
    editor::DocumentManager* docs = window.documents();
    QVERIFY(docs->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    core::ServerMapsRequest request;
    request.mapId = 725;
    request.core = io::ServerCore::TrinityCore;
    request.outDir = dir.filePath(QStringLiteral("server/maps"));
    QVERIFY(!docs->exportServerMaps(request)); // the bundled map has no files yet
    QVERIFY(window.lastError().contains(QStringLiteral("save the map to a folder first")));
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    QVERIFY(docs->saveAs(folder));

    // Nothing chosen yet and no dialog may ask: the menu says what is missing.
    action->trigger();
    QVERIFY2(window.lastError().contains(QStringLiteral("needs the map's id, the server core and a folder")),
             qPrintable(window.lastError()));

    // Unsaved changes are refused.
    editTile(*window.document(), {33, 32});
    QVERIFY(!docs->exportServerMaps(request));
    QVERIFY(window.lastError().contains(QStringLiteral("unsaved changes")));
    QVERIFY(!QFileInfo::exists(request.outDir));
    QVERIFY(docs->save());

    QSignalSpy started(docs, &editor::DocumentManager::progressStarted);
    QSignalSpy progressed(docs, &editor::DocumentManager::progressed);
    QSignalSpy succeeded(docs, &editor::DocumentManager::succeeded);
    QVERIFY2(docs->exportServerMaps(request), qPrintable(window.lastError()));
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.last().at(1).toInt(), 4); // the demo's four tiles
    QCOMPARE(progressed.count(), 4);
    QVERIFY2(succeeded.last().at(0).toString().contains(QStringLiteral(
                 "Wrote 4 of 4 server map file(s) for TrinityCore (map 725, map file version 10)")),
             qPrintable(succeeded.last().at(0).toString()));
    // Map 725, then Y and X of each tile; every field as the extractors' rules make it of the saved tile.
    QCOMPARE(QDir(request.outDir).entryList(QDir::Files),
             QStringList({"7253232.map", "7253233.map", "7253332.map", "7253333.map"}));
    for (const core::TileCoord t : {core::TileCoord{32, 32}, {33, 32}, {32, 33}, {33, 33}}) {
        const QString tile = QStringLiteral("%1/Mapsmith_%2_%3.adt").arg(folder).arg(t.x).arg(t.y);
        auto adt = io::readAdt(bytesOf(tile));
        QVERIFY2(adt, qPrintable(tile));
        const QString map = QStringLiteral("%1/725%2%3.map").arg(request.outDir).arg(t.y).arg(t.x);
        const auto problems = tests::checkAgainstRules(tests::readMapFile(bytesOf(map)), adt->adt, 10);
        QVERIFY2(problems.empty(),
                 qPrintable(map + QStringLiteral(": ") +
                            QString::fromStdString(problems.empty() ? "" : problems.front())));
    }
    // The edit of 33_32 is in its file: chunk 0's area differs from the others, so the areas are stored.
    const auto edited = tests::readMapFile(bytesOf(request.outDir + QStringLiteral("/7253233.map")));
    QCOMPARE(edited.areaFlags, std::uint16_t(0));

    // Remembered for this map; the menu action uses it without asking.
    const auto remembered = docs->serverMapsSettings();
    QVERIFY(remembered);
    QCOMPARE(remembered->mapId, 725u);
    QVERIFY(remembered->core == io::ServerCore::TrinityCore);
    QCOMPARE(remembered->outDir, request.outDir);
    QVERIFY(QFile::remove(request.outDir + QStringLiteral("/7253232.map")));
    action->trigger();
    QCOMPARE(succeeded.count(), 2);
    QVERIFY(QFileInfo::exists(request.outDir + QStringLiteral("/7253232.map")));
    QVERIFY(QFileInfo::exists(request.outDir + QStringLiteral("/7253333.map.bak"))); // the previous export
}

void TestServerMapsExport::cancelStopsAfterATile() {
    QTemporaryDir dir;
    editor::DocumentManager docs;
    QVERIFY(docs.open(QStringLiteral(":/demo/Mapsmith.wdt")));
    QVERIFY(docs.saveAs(dir.filePath(QStringLiteral("Mapsmith"))));
    core::ServerMapsRequest request;
    request.outDir = dir.filePath(QStringLiteral("maps"));
    QSignalSpy errors(&docs, &editor::DocumentManager::errorOccurred);
    QSignalSpy finished(&docs, &editor::DocumentManager::progressFinished);
    connect(&docs, &editor::DocumentManager::progressed, &docs, &editor::DocumentManager::cancel);
    QVERIFY(!docs.exportServerMaps(request));
    QCOMPARE(finished.count(), 1);
    QVERIFY(errors.last().at(0).toString().contains(QStringLiteral("cancelled after 1 of 4 tiles")));
    QCOMPARE(QDir(request.outDir).entryList(QDir::Files | QDir::Hidden), QStringList()); // one transaction
    QVERIFY(!docs.serverMapsSettings()); // a cancelled export is not remembered
}

void TestServerMapsExport::dialogGivesBackItsChoice() {
    widgets::ServerMapsDialog dialog;
    core::ServerMapsRequest request;
    request.mapId = 1;
    request.core = io::ServerCore::AzerothCore;
    request.outDir = QStringLiteral("/srv/acore/data/maps");
    dialog.setRequest(request);
    const core::ServerMapsRequest back = dialog.request();
    QCOMPARE(back.mapId, 1u);
    QVERIFY(back.core == io::ServerCore::AzerothCore);
    QCOMPARE(back.outDir, request.outDir);
    QVERIFY2(dialog.summary().contains(QStringLiteral("001YYXX.map")), qPrintable(dialog.summary()));
    QVERIFY(dialog.summary().contains(QStringLiteral("AzerothCore's map extractor")));
    QVERIFY(dialog.summary().contains(QStringLiteral("version 9")));
    request.mapId = 571;
    request.core = io::ServerCore::TrinityCore;
    dialog.setRequest(request);
    QVERIFY(dialog.request().core == io::ServerCore::TrinityCore);
    QVERIFY(dialog.summary().contains(QStringLiteral("571YYXX.map")));
    QVERIFY(dialog.summary().contains(QStringLiteral("version 10")));
    // For a look at it: build/screenshots/server_maps_dialog.png.
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    QVERIFY(dialog.grab().save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/server_maps_dialog.png")));
}

QTEST_MAIN(TestServerMapsExport)
#include "test_server_maps_export.moc"
