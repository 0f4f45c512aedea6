// The document manager, without a window: open + save round trip (and save as), a failed save names
// the system's reason and keeps the edits, a failed open leaves the current document as it was, the
// replace guard is asked once before a modified document goes, cancel stops a save, and a patch export
// is refused while edits are unsaved.

#include "core/check/file_findings.h"
#include "core/convert/new_map.h"
#include "core/document/file_journal.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/height_stroke.h"
#include "editor/document_manager.h"
#include "io/binary/file_io.h"
#include "support/consumer_files.h"

#include <QDir>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cerrno>
#include <cstring>

using namespace mapsmith;

namespace {

constexpr core::TileCoord kWest{30, 30};
constexpr core::TileCoord kEast{31, 30};

glm::dvec2 middleOf(core::TileCoord t) {
    return core::tileOrigin(t) - glm::dvec2(266.0);
}

// A flat two-tile map written into <dir>/<name>/; returns its .wdt ("" when creating failed).
QString flatMap(const QTemporaryDir& dir, const QString& name) {
    core::NewMapSpec spec;
    spec.directory = dir.filePath(name);
    spec.name = name;
    spec.tiles = {kWest, kEast};
    spec.baseHeight = 5.0f;
    const auto created = core::createMap(spec);
    return created ? created->wdtPath : QString();
}

// One raise stroke at the middle of `t`: one undo step.
void raiseAt(core::MapDocument& doc, core::TileCoord t) {
    core::HeightBrushSettings settings;
    settings.brush.radius = 20.0;
    settings.brush.strength = 3.0;
    core::HeightStroke stroke(doc, settings);
    stroke.moveTo(middleOf(t));
    stroke.finish();
}

// Opens `wdt` and raises the ground in each of `tiles`: the document is modified.
bool openEdited(editor::DocumentManager& docs, const QString& wdt,
                const std::vector<core::TileCoord>& tiles) {
    if (!docs.open(wdt)) {
        return false;
    }
    for (const core::TileCoord t : tiles) {
        raiseAt(*docs.document(), t);
    }
    return docs.document()->isModified();
}

std::vector<io::Finding> wdtFindings(const QString& wdtPath) {
    const auto bytes = io::readFileBytes(QFile::encodeName(wdtPath).toStdString());
    return bytes ? core::wdtFileFindings(*bytes) : std::vector<io::Finding>{io::Finding{}};
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

QByteArray readFile(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// Records what `docs` tells into `said`, in order: "succeeded: ...", "noticed: ...", "error: ...".
// `said` outlives `docs`.
void recordReports(editor::DocumentManager& docs, QStringList& said) {
    QObject::connect(&docs, &editor::DocumentManager::succeeded, &docs,
                     [&said](const QString& s) { said << QStringLiteral("succeeded: ") + s; });
    QObject::connect(&docs, &editor::DocumentManager::noticed, &docs,
                     [&said](const QString& s) { said << QStringLiteral("noticed: ") + s; });
    QObject::connect(&docs, &editor::DocumentManager::errorOccurred, &docs,
                     [&said](const QString& s) { said << QStringLiteral("error: ") + s; });
}

QString systemReason(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

} // namespace

class TestDocumentManager : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void openSaveRoundTrip();
    void saveAsContinuesInTheNewFolder();
    void saveErrorGivesTheSystemsReason();
    void failedOpenLeavesTheDocumentUntouched();
    void replaceGuardIsAskedOnceBeforeAModifiedDocumentGoes();
    void cancelStopsTheSave();
    void exportIsRefusedWhileEditsAreUnsaved();
    void saveGuardIsAskedBeforeWritingWhatAConsumerRejects();
    void repairMapIsOneUndoStepAndTheSaveValidates();
    void openingTellsOfAFinishedSave();
    void openingTellsOfARolledBackSave();
};

void TestDocumentManager::initTestCase() {
    QStandardPaths::setTestModeEnabled(true); // recent files and per-map settings in a test file
}

void TestDocumentManager::init() {
    QSettings().clear();
}

void TestDocumentManager::openSaveRoundTrip() {
    QTemporaryDir dir;
    const QString wdt = flatMap(dir, QStringLiteral("Trip"));
    QVERIFY(!wdt.isEmpty());
    editor::DocumentManager docs;
    QSignalSpy aboutToChange(&docs, &editor::DocumentManager::documentAboutToChange);
    QSignalSpy changed(&docs, &editor::DocumentManager::documentChanged);
    QSignalSpy saved(&docs, &editor::DocumentManager::saved);
    QSignalSpy succeeded(&docs, &editor::DocumentManager::succeeded);
    QSignalSpy errors(&docs, &editor::DocumentManager::errorOccurred);

    // A tile's file opens its map, starting at that tile; a small map loads completely.
    QVERIFY(docs.open(QDir(dir.filePath(QStringLiteral("Trip"))).filePath(QStringLiteral("Trip_31_30.adt"))));
    QCOMPARE(aboutToChange.count(), 1);
    QCOMPARE(changed.count(), 1);
    QCOMPARE(changed.last().at(0).value<core::MapDocument*>(), docs.document());
    QCOMPARE(docs.path(), QDir::cleanPath(wdt));
    QCOMPARE(docs.startTile(), std::optional(kEast));
    QCOMPARE(docs.document()->loadedTiles().size(), std::size_t(2));
    QVERIFY(docs.ids());
    QVERIFY(!docs.isBundled());
    QVERIFY(succeeded.last().at(0).toString().startsWith(QStringLiteral("Opened Trip.wdt")));
    QCOMPARE(docs.recentFiles(), QStringList{QDir::cleanPath(wdt)});

    raiseAt(*docs.document(), kEast);
    const double raised = *docs.document()->heightAt(middleOf(kEast));
    QVERIFY(raised > 5.5);
    QVERIFY(docs.document()->isModified());
    QVERIFY(docs.save());
    QCOMPARE(saved.count(), 1);
    QVERIFY(!docs.document()->isModified());
    QCOMPARE(succeeded.last().at(0).toString(), QStringLiteral("Saved 1 tiles"));
    QCOMPARE(errors.count(), 0);

    editor::DocumentManager again;
    QVERIFY(again.open(wdt));
    QCOMPARE(*again.document()->heightAt(middleOf(kEast)), raised);
    QCOMPARE(*again.document()->heightAt(middleOf(kWest)), 5.0);
}

void TestDocumentManager::saveAsContinuesInTheNewFolder() {
    QTemporaryDir dir;
    const QString wdt = flatMap(dir, QStringLiteral("Trip"));
    editor::DocumentManager docs;
    QVERIFY(openEdited(docs, wdt, {kWest}));
    const QString split = dir.filePath(QStringLiteral("Split"));
    QVERIFY(docs.saveAs(split, core::TileLayout::Split));
    QCOMPARE(docs.path(), QDir(split).filePath(QStringLiteral("Trip.wdt")));
    QCOMPARE(docs.document()->source().layout(), core::TileLayout::Split);
    QVERIFY(QFile::exists(QDir(split).filePath(QStringLiteral("Trip_30_30_tex0.adt"))));
    QCOMPARE(docs.recentFiles().front(), docs.path());
    // The first folder kept the map as it was.
    editor::DocumentManager first;
    QVERIFY(first.open(wdt));
    QCOMPARE(*first.document()->heightAt(middleOf(kWest)), 5.0);
    editor::DocumentManager second;
    QVERIFY(second.open(docs.path()));
    QCOMPARE(*second.document()->heightAt(middleOf(kWest)), *docs.document()->heightAt(middleOf(kWest)));
}

void TestDocumentManager::saveErrorGivesTheSystemsReason() {
    QTemporaryDir dir;
    editor::DocumentManager docs;
    QVERIFY(openEdited(docs, flatMap(dir, QStringLiteral("Gone")), {kWest}));
    QVERIFY(QDir(dir.filePath(QStringLiteral("Gone"))).removeRecursively()); // the map's folder went
    QSignalSpy errors(&docs, &editor::DocumentManager::errorOccurred);
    QSignalSpy saved(&docs, &editor::DocumentManager::saved);
    QVERIFY(!docs.save());
    QCOMPARE(errors.count(), 1);
    const QString message = errors.last().at(0).toString();
    QVERIFY2(message.startsWith(QStringLiteral("Saving failed: ")), qPrintable(message));
    QVERIFY2(message.contains(QStringLiteral("Gone_30_30.adt")), qPrintable(message));
    QVERIFY2(message.contains(systemReason(ENOENT)), qPrintable(message));
    QCOMPARE(saved.count(), 0);
    QVERIFY(docs.document()->isModified()); // the edits stay for another try
}

void TestDocumentManager::failedOpenLeavesTheDocumentUntouched() {
    QTemporaryDir dir;
    const QString wdt = flatMap(dir, QStringLiteral("Kept"));
    editor::DocumentManager docs;
    int guardCalls = 0;
    docs.setReplaceGuard([&guardCalls] {
        ++guardCalls;
        return true;
    });
    QVERIFY(openEdited(docs, wdt, {kWest}));
    core::MapDocument* doc = docs.document();
    QSignalSpy aboutToChange(&docs, &editor::DocumentManager::documentAboutToChange);
    QSignalSpy errors(&docs, &editor::DocumentManager::errorOccurred);
    const auto keptAsItWas = [&] {
        // Nothing to replace it with: the guard is not asked either.
        return docs.document() == doc && docs.path() == QDir::cleanPath(wdt) && doc->isModified() &&
               doc->undoStack()->count() == 1 && aboutToChange.count() == 0 && guardCalls == 0;
    };
    const auto lastError = [&errors] { return errors.last().at(0).toString(); };

    // A missing map: its path and the system's reason.
    const QString missing = dir.filePath(QStringLiteral("Nowhere/Nowhere.wdt"));
    QVERIFY(!docs.open(missing));
    QVERIFY(keptAsItWas());
    QVERIFY2(lastError().contains(missing) && lastError().contains(systemReason(ENOENT)),
             qPrintable(lastError()));
    // A tile without a WDT beside it, and a folder without one.
    QVERIFY(!docs.open(dir.filePath(QStringLiteral("Lonely_1_2.adt"))));
    QVERIFY2(lastError().contains(QStringLiteral("no Lonely.wdt beside it")), qPrintable(lastError()));
    QVERIFY(!docs.open(dir.path()));
    QVERIFY2(lastError().contains(QStringLiteral("exactly one .wdt")), qPrintable(lastError()));
    QVERIFY(keptAsItWas());
    // A damaged WDT.
    QFile bad(dir.filePath(QStringLiteral("Broken.wdt")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("MVER\x04\x00\x00\x00garbage", 15);
    bad.close();
    QVERIFY(!docs.open(bad.fileName()));
    QVERIFY(keptAsItWas());
    QVERIFY2(lastError().startsWith(QStringLiteral("Could not open ") + bad.fileName()),
             qPrintable(lastError()));
    QCOMPARE(errors.count(), 4);
}

void TestDocumentManager::replaceGuardIsAskedOnceBeforeAModifiedDocumentGoes() {
    QTemporaryDir dir;
    const QString first = flatMap(dir, QStringLiteral("First"));
    const QString second = flatMap(dir, QStringLiteral("Second"));
    editor::DocumentManager docs;
    int guardCalls = 0;
    bool answer = false;
    docs.setReplaceGuard([&] {
        ++guardCalls;
        return answer;
    });
    QVERIFY(docs.open(first));
    QVERIFY(docs.open(second)); // unmodified: replaced without asking
    QCOMPARE(guardCalls, 0);
    raiseAt(*docs.document(), kEast);
    core::MapDocument* edited = docs.document();

    // Refused: the edited map stays, and a new map is not even written.
    QVERIFY(!docs.open(first));
    QCOMPARE(guardCalls, 1);
    QCOMPARE(docs.document(), edited);
    core::NewMapSpec spec;
    spec.directory = dir.filePath(QStringLiteral("Third"));
    spec.name = QStringLiteral("Third");
    spec.tiles = {kWest};
    QVERIFY(!docs.create(spec));
    QCOMPARE(guardCalls, 2);
    QCOMPARE(docs.document(), edited);
    QVERIFY(!QFile::exists(QDir(spec.directory).filePath(QStringLiteral("Third.wdt"))));

    // Agreed: asked once, though creating opens the new map afterwards.
    answer = true;
    QVERIFY(docs.create(spec));
    QCOMPARE(guardCalls, 3);
    QCOMPARE(docs.document()->mapName(), QStringLiteral("Third"));
}

void TestDocumentManager::openingTellsOfAFinishedSave() {
    // A save killed after its journal was written: both tiles were staged, neither renamed yet.
    QTemporaryDir dir;
    const QString wdt = flatMap(dir, QStringLiteral("Torn"));
    QVERIFY(!wdt.isEmpty());
    const QString folder = QFileInfo(wdt).absolutePath();
    const QString west = QDir(folder).filePath(QStringLiteral("Torn_30_30.adt"));
    const QString east = QDir(folder).filePath(QStringLiteral("Torn_31_30.adt"));
    // The staged versions: the other tile's bytes (the tiles are alike but for their position).
    const auto files = QDir(folder).entryList(QDir::Files | QDir::Hidden);
    const QByteArray westBytes = readFile(west);
    const QByteArray eastBytes = readFile(east);
    QVERIFY(writeFile(west + core::tempSuffix(), eastBytes));
    QVERIFY(writeFile(east + core::tempSuffix(), westBytes));
    std::vector<core::JournalStep> steps{
        {core::JournalStep::Kind::Write, west, west + core::tempSuffix(), false},
        {core::JournalStep::Kind::Write, east, east + core::tempSuffix(), false}};
    QCOMPARE(core::writeJournal(QDir(folder).filePath(core::journalPrefix() + QStringLiteral("1-1")), steps),
             QString());

    QStringList said;
    editor::DocumentManager docs;
    recordReports(docs, said);
    QVERIFY(docs.open(wdt));
    QCOMPARE(readFile(west), eastBytes); // rolled forward
    QCOMPARE(readFile(east), westBytes);
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), files); // no journal, no temporary
    // The status bar's summary, then the notice a dialog shows (the summary alone would go unseen).
    QVERIFY(said.size() >= 2);
    QVERIFY2(said.at(0).startsWith(QStringLiteral("succeeded: Opened Torn.wdt")), qPrintable(said.at(0)));
    QCOMPARE(
        said.at(1),
        QStringLiteral("noticed: A save into %1 was interrupted after it had been written in full; it has "
                       "now been finished, so these files hold what that save wrote: Torn_30_30.adt, "
                       "Torn_31_30.adt.")
            .arg(folder));
}

void TestDocumentManager::openingTellsOfARolledBackSave() {
    // A save killed while staging: a temporary, no journal.
    QTemporaryDir dir;
    const QString wdt = flatMap(dir, QStringLiteral("Half"));
    QVERIFY(!wdt.isEmpty());
    const QString folder = QFileInfo(wdt).absolutePath();
    const auto before = QDir(folder).entryList(QDir::Files | QDir::Hidden);
    QVERIFY(writeFile(QDir(folder).filePath(QStringLiteral("Half_30_30.adt")) + core::tempSuffix(),
                      QByteArray("torn")));

    QStringList said;
    editor::DocumentManager docs;
    recordReports(docs, said);
    QVERIFY(docs.open(wdt));
    QCOMPARE(QDir(folder).entryList(QDir::Files | QDir::Hidden), before);
    QVERIFY(said.size() >= 2);
    QVERIFY2(said.at(0).startsWith(QStringLiteral("succeeded: Opened Half.wdt")), qPrintable(said.at(0)));
    QCOMPARE(said.at(1),
             QStringLiteral("noticed: A save into %1 was interrupted before it was complete; it has "
                            "been rolled back: the files are as they were before it, and its "
                            "temporary file was removed.")
                 .arg(folder));
}

void TestDocumentManager::cancelStopsTheSave() {
    QTemporaryDir dir;
    editor::DocumentManager docs;
    QVERIFY(openEdited(docs, flatMap(dir, QStringLiteral("Stop")), {kWest, kEast}));
    QSignalSpy started(&docs, &editor::DocumentManager::progressStarted);
    QSignalSpy progressed(&docs, &editor::DocumentManager::progressed);
    QSignalSpy finished(&docs, &editor::DocumentManager::progressFinished);
    connect(&docs, &editor::DocumentManager::progressed, &docs, &editor::DocumentManager::cancel);
    QVERIFY(!docs.save());
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.last().at(1).toInt(), 2); // two modified tiles
    QCOMPARE(progressed.count(), 1);           // stopped after the first tile
    QCOMPARE(finished.count(), 1);
    QVERIFY(docs.document()->isModified());
    QCOMPARE(docs.document()->saveTileCount(), 2); // one transaction: nothing was written
    QCOMPARE(QDir(dir.filePath(QStringLiteral("Stop")))
                 .entryList({QStringLiteral("*.mapsmith-tmp"), QStringLiteral(".mapsmith-journal*")},
                            QDir::Files | QDir::Hidden),
             QStringList());

    // The next operation starts afresh.
    disconnect(&docs, &editor::DocumentManager::progressed, &docs, &editor::DocumentManager::cancel);
    QVERIFY(docs.save());
    QVERIFY(!docs.document()->isModified());
    QCOMPARE(finished.count(), 2);
}

void TestDocumentManager::exportIsRefusedWhileEditsAreUnsaved() {
    QTemporaryDir dir;
    editor::DocumentManager docs;
    QVERIFY(openEdited(docs, flatMap(dir, QStringLiteral("Patch")), {kWest}));
    QCOMPARE(docs.defaultPatchPath(QString()),
             QDir(dir.filePath(QStringLiteral("Patch"))).filePath(QStringLiteral("patch-4.MPQ")));
    QSignalSpy errors(&docs, &editor::DocumentManager::errorOccurred);
    const QString mpq = dir.filePath(QStringLiteral("patch-5.MPQ"));
    QVERIFY(!docs.exportPatch(mpq));
    QVERIFY(errors.last().at(0).toString().contains(QStringLiteral("unsaved changes")));
    QVERIFY(!QFile::exists(mpq));
    QVERIFY(docs.save());
    QVERIFY2(docs.exportPatch(mpq),
             qPrintable(errors.isEmpty() ? QString() : errors.last().at(0).toString()));
    QVERIFY(QFileInfo(mpq).size() > 0);
    QCOMPARE(docs.defaultPatchPath(QString()), mpq); // remembered for this map
}

// Save As would write a WDT without MWMO: the guard is asked once with the problem and its consumer; a
// refusal writes nothing, consent writes the map.
void TestDocumentManager::saveGuardIsAskedBeforeWritingWhatAConsumerRejects() {
    QTemporaryDir dir;
    const QString wdt = flatMap(dir, QStringLiteral("Guarded"));
    QVERIFY(tests::dropWdtChunk(wdt, io::chunk::MWMO));
    editor::DocumentManager docs;
    QVERIFY(openEdited(docs, wdt, {kWest}));
    QStringList asked;
    bool consent = false;
    docs.setSaveGuard([&](const QString& problems) {
        asked << problems;
        return consent;
    });
    const QString target = dir.filePath(QStringLiteral("Copy"));
    QVERIFY(!docs.saveAs(target));
    QCOMPARE(asked.size(), 1);
    QVERIFY2(asked[0].contains(QStringLiteral("Guarded.wdt: MWMO")) &&
                 asked[0].contains(QStringLiteral("TrinityCore")),
             qPrintable(asked[0]));
    QVERIFY(!QDir(target).exists() || QDir(target).isEmpty());
    QVERIFY(docs.document()->isModified());

    // A plain save writes only the edited tile, which no consumer rejects: not asked.
    QVERIFY(docs.save());
    QCOMPARE(asked.size(), 1);

    consent = true;
    QVERIFY(docs.saveAs(target));
    QCOMPARE(asked.size(), 2);
    QVERIFY(QFile::exists(QDir(target).filePath(QStringLiteral("Guarded.wdt"))));
}

// Map > Repair on a map whose WDT lacks MWMO: one undo step, the report names the change, the save writes a
// WDT every consumer accepts, and a second repair finds nothing.
void TestDocumentManager::repairMapIsOneUndoStepAndTheSaveValidates() {
    QTemporaryDir dir;
    const QString wdt = flatMap(dir, QStringLiteral("Fixed"));
    QVERIFY(tests::dropWdtChunk(wdt, io::chunk::MWMO));
    QVERIFY(!wdtFindings(wdt).empty());
    editor::DocumentManager docs;
    QVERIFY(!docs.repairMap()); // no document
    QVERIFY(docs.open(wdt));
    QSignalSpy done(&docs, &editor::DocumentManager::succeeded);
    const auto report = docs.repairMap();
    QVERIFY(report);
    QVERIFY(report->pushed);
    QCOMPARE(report->changeCount(), std::size_t(1));
    QCOMPARE(report->errorsLeft(), std::size_t(0));
    QVERIFY2(report->text().contains(QStringLiteral("Fixed.wdt\n  wdt-mwmo MWMO")),
             qPrintable(report->text()));
    QVERIFY(done.last().at(0).toString().contains(QStringLiteral("1 change")));
    QCOMPARE(docs.document()->undoStack()->count(), 1);
    QVERIFY(docs.document()->isModified());

    QVERIFY(docs.save());
    const auto findings = wdtFindings(wdt);
    QVERIFY2(findings.empty(), qPrintable(QString::fromStdString(core::describeFindings(findings))));
    const auto again = docs.repairMap();
    QVERIFY(again && !again->pushed);
    QCOMPARE(docs.document()->undoStack()->count(), 1);
}

QTEST_MAIN(TestDocumentManager)
#include "test_document_manager.moc"
