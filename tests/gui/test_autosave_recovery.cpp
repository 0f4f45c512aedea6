// Autosave and recovery in the editor (editor/autosave.h, editor/recovery_offer.h): the editor process is
// killed in the middle of editing and the next start restores its work; a save, a clean exit and a
// discard remove the recovery data; the offer comes when the map is opened too; the map's own files are
// never touched by autosave.
//
// The killed editor is this test binary run again (QProcess) with the test function childEditsAndWaits
// and MAPSMITH_AUTOSAVE_CHILD set: it opens the map, paints strokes with the mouse on the viewport,
// writes the tiles as they are once the autosave holds them, presses the mouse for one more stroke and
// waits to be killed.

#include "core/document/map_document.h"
#include "core/recovery/recovery_sessions.h"
#include "core/recovery/recovery_store.h"
#include "editor/autosave.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/recovery_offer.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/adt/adt.h"
#include "support/viewport_mouse.h"

#include <QCryptographicHash>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QProcess>
#include <QSaveFile>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <map>

// Q_INIT_RESOURCE outside any namespace: the demo map is copied from the editor's resources.
static void initResources() {
    Q_INIT_RESOURCE(resources);
}

using namespace mapsmith;
using Choice = editor::RecoveryOffer::Choice;

namespace {

const char* kChildEnv = "MAPSMITH_AUTOSAVE_CHILD"; // the folder the child reports into
const char* kMapEnv = "MAPSMITH_AUTOSAVE_MAP";

// The bundled demo map copied into `dir`; returns its .wdt.
QString copyDemo(const QString& dir) {
    for (const QString& name : QDir(QStringLiteral(":/demo")).entryList(QDir::Files)) {
        const QString to = QDir(dir).filePath(name);
        if (!QFile::copy(QStringLiteral(":/demo/") + name, to)) {
            return {};
        }
        QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner);
    }
    return QDir(dir).filePath(QStringLiteral("Mapsmith.wdt"));
}

// Every file of a folder (name -> SHA-1): the map's files as they are.
std::map<QString, QByteArray> filesOf(const QString& dir) {
    std::map<QString, QByteArray> out;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden)) {
        QFile f(QDir(dir).filePath(name));
        if (f.open(QIODevice::ReadOnly)) {
            out[name] = QCryptographicHash::hash(f.readAll(), QCryptographicHash::Sha1);
        }
    }
    return out;
}

QByteArray bytesOf(const io::Adt& adt) {
    const auto bytes = io::writeAdt(adt);
    return QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
}

// Recovery manifests under `root`, found anywhere below it.
QStringList manifestsUnder(const QString& root) {
    QStringList out;
    QDirIterator it(root, {QStringLiteral("manifest.json")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        out.push_back(it.next());
    }
    return out;
}

// A window on `wdt` whose autosave writes after every edit (the timer left to the preferences).
struct EditorOn {
    explicit EditorOn(const QString& wdt) {
        window.show();
        ok = QTest::qWaitForWindowExposed(&window) && window.documents()->open(wdt);
        window.autosave()->setStrokesPerSave(1);
    }
    editor::MainWindow window;
    bool ok = false;
};

} // namespace

class TestAutosaveRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void childEditsAndWaits();
    void killedEditorIsRestored();
    void saveAndCleanExitRemoveTheData();
    void discardedMapLeavesNoData();
    void openingTheMapOffersItsWork();
    void discardAnswerRemovesTheWork();

private:
    QTemporaryDir mRecovery; // this run's recovery root (MAPSMITH_RECOVERY_DIR)
};

void TestAutosaveRecovery::initTestCase() {
    initResources();
    QStandardPaths::setTestModeEnabled(true);
    if (qEnvironmentVariableIsSet(kChildEnv)) {
        return; // the child uses the root its parent gave
    }
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QSettings().clear();
    qputenv("MAPSMITH_RECOVERY_DIR", mRecovery.path().toUtf8());
}

void TestAutosaveRecovery::init() {
    if (!qEnvironmentVariableIsSet(kChildEnv)) {
        QVERIFY(manifestsUnder(mRecovery.path()).isEmpty()); // each test starts without recovery data
    }
}

void TestAutosaveRecovery::childEditsAndWaits() {
    if (!qEnvironmentVariableIsSet(kChildEnv)) {
        QSKIP("run by killedEditorIsRestored in a process of its own");
    }
    const QString report = qEnvironmentVariable(kChildEnv);
    EditorOn editor(qEnvironmentVariable(kMapEnv));
    QVERIFY(editor.ok);
    editor::MainWindow& window = editor.window;
    editor::Autosave* autosave = window.autosave();
    autosave->setInterval(std::chrono::milliseconds(300)); // and after every stroke
    window.tools()->select(editor::ToolId::Sculpt);
    window.tools()->height()->settings().brush.radius = 30.0;
    window.tools()->height()->settings().brush.strength = 4.0;
    for (int stroke = 0; stroke < 3; ++stroke) {
        tests::dragAcrossCentre(window.viewport(), 8 + 4 * stroke);
    }
    core::MapDocument* doc = window.document();
    QCOMPARE(doc->undoStack()->count(), 3);
    // Until the autosave holds the third stroke.
    QTRY_VERIFY_WITH_TIMEOUT(!autosave->busy() && !autosave->folder().isEmpty() &&
                                 core::readRecoveryManifest(autosave->folder()) &&
                                 core::readRecoveryManifest(autosave->folder())->undoIndex == 3,
                             120000);
    // The tiles as the autosave holds them, for the parent to compare with what it restores.
    for (const core::TileCoord t : doc->modifiedTiles()) {
        QSaveFile out(QDir(report).filePath(QStringLiteral("%1_%2.adt").arg(t.x).arg(t.y)));
        QVERIFY(out.open(QIODevice::WriteOnly));
        out.write(bytesOf(*doc->tile(t)));
        QVERIFY(out.commit());
    }
    QSaveFile done(QDir(report).filePath(QStringLiteral("done")));
    QVERIFY(done.open(QIODevice::WriteOnly));
    done.write(autosave->folder().toUtf8());
    QVERIFY(done.commit());
    // In the middle of the next stroke: pressed, dragging, never released.
    QWindow* w = window.viewport()->renderWindow();
    const QPoint c(w->width() / 2, w->height() / 2 + 40);
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, c);
    for (int i = 1;; ++i) {
        QTest::mouseMove(w, c + QPoint((i % 40) * 3, 0));
        QTest::qWait(20);
        QVERIFY2(i < 30000, "the parent did not kill this editor");
    }
}

void TestAutosaveRecovery::killedEditorIsRestored() {
    QTemporaryDir mapDir;
    QTemporaryDir report;
    const QString wdt = copyDemo(mapDir.path());
    QVERIFY(!wdt.isEmpty());
    const auto original = filesOf(mapDir.path());

    QProcess child;
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert(QString::fromLatin1(kChildEnv), report.path());
    env.insert(QString::fromLatin1(kMapEnv), wdt);
    child.setProcessEnvironment(env);
    child.setProcessChannelMode(QProcess::ForwardedChannels);
    child.start(QCoreApplication::applicationFilePath(), {QStringLiteral("childEditsAndWaits")});
    QVERIFY(child.waitForStarted());
    const QString done = QDir(report.path()).filePath(QStringLiteral("done"));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(done) || child.state() == QProcess::NotRunning, 240000);
    QVERIFY2(QFile::exists(done), "the editing child ended before its work was autosaved");
    QTest::qWait(300); // a few more mouse moves of the unfinished stroke
    QCOMPARE(child.state(), QProcess::Running);
    child.kill(); // SIGKILL: no destructor, no clean exit
    QVERIFY(child.waitForFinished());
    QCOMPARE(child.exitStatus(), QProcess::CrashExit);

    QFile doneFile(done);
    QVERIFY(doneFile.open(QIODevice::ReadOnly));
    const QString childFolder = QString::fromUtf8(doneFile.readAll());
    QVERIFY(QFile::exists(QDir(childFolder).filePath(QStringLiteral("manifest.json"))));
    QVERIFY(childFolder.startsWith(mRecovery.path()));
    // Autosave never wrote beside the map.
    QVERIFY(filesOf(mapDir.path()) == original);

    std::map<core::TileCoord, QByteArray> edited;
    for (const QString& name : QDir(report.path()).entryList({QStringLiteral("*.adt")}, QDir::Files)) {
        const QStringList xy = QFileInfo(name).baseName().split(u'_');
        QFile f(QDir(report.path()).filePath(name));
        QVERIFY(f.open(QIODevice::ReadOnly));
        edited[{xy[0].toInt(), xy[1].toInt()}] = f.readAll();
    }
    QVERIFY(!edited.empty());

    // The next start: the offer names the map, the time and the tiles; the answer is Restore.
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    std::optional<core::OrphanedRecovery> offered;
    window.recovery()->setAsker([&offered](const core::OrphanedRecovery& found) {
        offered = found;
        return Choice::Restore;
    });
    QVERIFY(window.recovery()->offerAtStart());
    // Until this session's autosave of the restored work is on disk, the left data stays: a crash in
    // between must not lose it.
    QVERIFY(QFile::exists(QDir(childFolder).filePath(QStringLiteral("manifest.json"))));
    QVERIFY(offered);
    QCOMPARE(offered->manifest.mapPath, wdt);
    QCOMPARE(offered->manifest.mapName, QStringLiteral("Mapsmith"));
    QCOMPARE(offered->manifest.tiles.size(), edited.size());
    QVERIFY(offered->manifest.savedAt.secsTo(QDateTime::currentDateTimeUtc()) < 3600);
    QVERIFY2(window.lastError().isEmpty(), qPrintable(window.lastError()));
    QCOMPARE(window.documents()->path(), wdt);
    core::MapDocument* doc = window.document();
    QVERIFY(doc->isModified());
    QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Restored")));
    QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Mapsmith")));
    for (const auto& [t, bytes] : edited) {
        QVERIFY(doc->isTileModified(t));
        QVERIFY2(bytesOf(*doc->tile(t)) == bytes, "the restored tile is not the edited one");
    }
    // The left data is gone; the restored work is autosaved by this session at once.
    window.autosave()->waitIdle();
    QCOMPARE(manifestsUnder(mRecovery.path()).size(), 1);
    const auto mine = core::readRecoveryManifest(window.autosave()->folder());
    QVERIFY(mine);
    QCOMPARE(mine->pid, QCoreApplication::applicationPid());
    QCOMPARE(mine->tiles.size(), edited.size());
    // One undo step back to the files on disk, which were never written.
    QCOMPARE(doc->undoStack()->count(), 1);
    doc->undoStack()->undo();
    QVERIFY(!doc->isModified());
    for (const auto& [t, bytes] : edited) {
        QVERIFY(bytesOf(*doc->tile(t)) != bytes);
    }
    QVERIFY(manifestsUnder(mRecovery.path()).isEmpty()); // back at the files: nothing to recover
    doc->undoStack()->redo();
    QVERIFY(filesOf(mapDir.path()) == original);
    // Saved as usual: the files hold the work, the recovery data goes.
    QVERIFY2(window.documents()->save(), qPrintable(window.lastError()));
    for (const auto& [t, bytes] : edited) {
        QFile f(QDir(mapDir.path()).filePath(QStringLiteral("Mapsmith_%1_%2.adt").arg(t.x).arg(t.y)));
        QVERIFY(f.open(QIODevice::ReadOnly));
        QVERIFY(f.readAll() == bytes);
    }
    QVERIFY(manifestsUnder(mRecovery.path()).isEmpty());
}

void TestAutosaveRecovery::saveAndCleanExitRemoveTheData() {
    QTemporaryDir mapDir;
    const QString wdt = copyDemo(mapDir.path());
    auto editor = std::make_unique<EditorOn>(wdt);
    QVERIFY(editor->ok);
    editor::MainWindow& window = editor->window;
    QVERIFY(window.autosave()->folder().isEmpty()); // nothing written before an edit
    tests::dragAcrossCentre(window.viewport(), 10);
    QTRY_VERIFY(!window.autosave()->folder().isEmpty());
    window.autosave()->waitIdle();
    const QString folder = window.autosave()->folder();
    QVERIFY(folder.startsWith(mRecovery.path()));
    QCOMPARE(manifestsUnder(mRecovery.path()).size(), 1);
    const auto stats = window.autosave()->lastStats();
    qInfo("autosave of %d tile(s): %lld ms on the UI thread, %lld ms until on disk", stats.written,
          stats.copyMs, stats.totalMs);
    QCOMPARE(stats.tiles, int(window.document()->modifiedTiles().size()));
    // A live session's data is not offered (to this window or any other).
    QVERIFY(core::findOrphanedRecoveries(mRecovery.path()).empty());

    QVERIFY(window.documents()->save());
    QVERIFY(!QFileInfo::exists(folder));
    QVERIFY(manifestsUnder(mRecovery.path()).isEmpty());

    tests::dragAcrossCentre(window.viewport(), 6);
    QTRY_VERIFY(!window.autosave()->folder().isEmpty());
    window.autosave()->waitIdle();
    QCOMPARE(manifestsUnder(mRecovery.path()).size(), 1);
    editor.reset(); // a clean exit
    QVERIFY(manifestsUnder(mRecovery.path()).isEmpty());
    QVERIFY(QDir(mRecovery.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot).isEmpty());
}

void TestAutosaveRecovery::discardedMapLeavesNoData() {
    QTemporaryDir mapDir;
    const QString wdt = copyDemo(mapDir.path());
    EditorOn editor(wdt);
    QVERIFY(editor.ok);
    tests::dragAcrossCentre(editor.window.viewport(), 10);
    QTRY_VERIFY(!editor.window.autosave()->folder().isEmpty());
    editor.window.autosave()->waitIdle();
    QCOMPARE(manifestsUnder(mRecovery.path()).size(), 1);
    // Another map replaces the modified one (its changes discarded: no dialogs here).
    QVERIFY(editor.window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    QVERIFY(manifestsUnder(mRecovery.path()).isEmpty());
    QVERIFY(editor.window.autosave()->folder().isEmpty());
}

void TestAutosaveRecovery::openingTheMapOffersItsWork() {
    QTemporaryDir mapDir;
    const QString wdt = copyDemo(mapDir.path());
    // Work a session left: the edited tile written by the store as autosave writes it, no live lock.
    core::RecoverySnapshot left;
    QByteArray editedBytes;
    core::TileCoord tile{32, 32};
    {
        EditorOn editor(wdt);
        QVERIFY(editor.ok);
        editor.window.autosave()->setStrokesPerSave(0);
        tests::dragAcrossCentre(editor.window.viewport(), 10);
        core::MapDocument* doc = editor.window.document();
        QVERIFY(!doc->modifiedTiles().empty());
        tile = doc->modifiedTiles().front();
        editedBytes = bytesOf(*doc->tile(tile));
        left.manifest.mapPath = wdt;
        left.manifest.mapName = doc->mapName();
        left.manifest.savedAt = QDateTime::currentDateTimeUtc();
        left.manifest.bigAlpha = doc->bigAlpha();
        left.manifest.generation = 1;
        left.changed.emplace(tile, *doc->tile(tile));
        QVERIFY(editor.window.autosave()->folder().isEmpty());
    }
    const QString folder = QDir(mRecovery.path()).filePath(core::recoveryKey(wdt));
    QVERIFY(core::writeRecovery(folder, left));

    // Later: kept, and not asked again in this session when the map is opened.
    int asked = 0;
    {
        editor::MainWindow window;
        window.recovery()->setAsker([&asked](const core::OrphanedRecovery&) {
            ++asked;
            return Choice::Later;
        });
        QVERIFY(!window.recovery()->offerAtStart());
        QCOMPARE(asked, 1);
        QVERIFY(window.documents()->open(wdt));
        QTest::qWait(50);
        QCOMPARE(asked, 1);
        QVERIFY(QFileInfo::exists(folder));
    }
    QVERIFY(QFileInfo::exists(QDir(folder).filePath(QStringLiteral("manifest.json"))));

    // The next session opens the map (no offer at start): offered once the open is done; Restore.
    editor::MainWindow window;
    window.show();
    window.recovery()->setAsker([&asked](const core::OrphanedRecovery& found) {
        ++asked;
        return found.manifest.tiles.size() == 1 ? Choice::Restore : Choice::Later;
    });
    QVERIFY(window.documents()->open(wdt));
    QTRY_COMPARE(asked, 2);
    QVERIFY(window.document()->isModified());
    QVERIFY(bytesOf(*window.document()->tile(tile)) == editedBytes);
    // The left data is gone: what the recovery root holds now is this session's own autosave.
    window.autosave()->waitIdle();
    QVERIFY(core::findOrphanedRecoveries(mRecovery.path()).empty());
    const auto mine = core::readRecoveryManifest(window.autosave()->folder());
    QVERIFY(mine && mine->pid == QCoreApplication::applicationPid());
    QCOMPARE(manifestsUnder(mRecovery.path()).size(), 1);
}

void TestAutosaveRecovery::discardAnswerRemovesTheWork() {
    QTemporaryDir mapDir;
    const QString wdt = copyDemo(mapDir.path());
    const auto original = filesOf(mapDir.path());
    core::RecoverySnapshot left;
    {
        editor::MainWindow window;
        QVERIFY(window.documents()->open(wdt));
        core::MapDocument* doc = window.document();
        left.manifest.mapPath = wdt;
        left.manifest.mapName = doc->mapName();
        left.manifest.savedAt = QDateTime::currentDateTimeUtc();
        left.manifest.bigAlpha = doc->bigAlpha();
        left.changed.emplace(core::TileCoord{32, 32}, *doc->tile({32, 32}));
    }
    const QString folder = QDir(mRecovery.path()).filePath(core::recoveryKey(wdt));
    QVERIFY(core::writeRecovery(folder, left));
    editor::MainWindow window;
    window.recovery()->setAsker([](const core::OrphanedRecovery&) { return Choice::Discard; });
    QVERIFY(!window.recovery()->offerAtStart());
    QVERIFY(!QFileInfo::exists(folder));
    QVERIFY(window.document() == nullptr);
    QVERIFY(filesOf(mapDir.path()) == original);
}

QTEST_MAIN(TestAutosaveRecovery)
#include "test_autosave_recovery.moc"
