// The recovery store (core/recovery): a tile and the WDT written as the save path writes them, zlib
// packed, read back through the normal readers; a damaged or cut file is reported (named) and skipped;
// an autosave that does not finish leaves the previous one; sessions tell a live lock from a dead one;
// restoring puts the work back as one undo step.

#include "core/document/chunk_dirty.h"
#include "core/edit/stroke_recorder.h"
#include "core/recovery/recovery_codec.h"
#include "core/recovery/recovery_restore.h"
#include "core/recovery/recovery_sessions.h"
#include "core/recovery/recovery_store.h"
#include "io/adt/adt_split.h"
#include "support/memory_map.h"

#include <QDir>
#include <QFile>
#include <QLockFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

using namespace mapsmith;

namespace {

const core::TileCoord kTile{30, 30};

// Raises every height of the tile's first `chunks` chunks by `by` yards, as one stroke.
void raise(core::MapDocument& doc, core::TileCoord t, int chunks, float by) {
    core::StrokeRecorder stroke(doc, core::CommandId::HeightStroke, QStringLiteral("Raise"));
    for (int i = 0; i < chunks; ++i) {
        auto e = stroke.edit({t, i / 16, i % 16}, core::dirty::Vertices);
        for (float& h : e->heights) {
            h += by;
        }
    }
    stroke.finish();
}

core::RecoverySnapshot snapshotOf(const core::MapDocument& doc, int generation) {
    core::RecoverySnapshot s;
    s.manifest.mapPath = QStringLiteral("/maps/Test/Test.wdt");
    s.manifest.mapName = doc.mapName();
    s.manifest.savedAt = QDateTime::currentDateTimeUtc();
    s.manifest.bigAlpha = doc.bigAlpha();
    s.manifest.undoIndex = doc.undoStack()->index();
    s.manifest.cleanIndex = doc.undoStack()->cleanIndex();
    s.manifest.generation = generation;
    for (const auto t : doc.modifiedTiles()) {
        s.changed.emplace(t, *doc.tile(t));
    }
    return s;
}

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestRecoveryStore : public QObject {
    Q_OBJECT
private slots:
    void tilePacksAndReadsBackAsSaved();
    void splitTileAndWdtPackAndReadBack();
    void writeReadRoundTrip();
    void truncatedFileIsReportedAndSkipped();
    void unfinishedAutosaveLeavesThePreviousOne();
    void sessionsTellLiveFromDead();
    void sessionEndRemovesItsData();
    void restoreIsOneUndoStep();
};

void TestRecoveryStore::tilePacksAndReadsBackAsSaved() {
    auto doc = tests::hillsMap({kTile});
    QVERIFY(doc);
    raise(*doc, kTile, 3, 7.5f);
    const io::Adt& adt = *doc->tile(kTile);
    const auto packed = core::packRecoveredTile(adt, core::TileLayout::V18);
    QVERIFY(packed.size() < io::writeAdt(adt).size()); // compressed
    auto back = core::unpackRecoveredTile(packed, true);
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    QVERIFY(io::writeAdt(back.value()) == io::writeAdt(adt)); // what a save would write
    QCOMPARE(back->chunks[0].heights[0], adt.chunks[0].heights[0]);
}

void TestRecoveryStore::splitTileAndWdtPackAndReadBack() {
    auto doc = tests::hillsMap({kTile});
    QVERIFY(doc);
    const io::Adt& adt = *doc->tile(kTile);
    const auto packed = core::packRecoveredTile(adt, core::TileLayout::Split);
    auto back = core::unpackRecoveredTile(packed, true);
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    const auto expected = io::writeSplitAdt(adt);
    const auto got = io::writeSplitAdt(back.value());
    QVERIFY(got.root == expected.root && got.tex0 == expected.tex0 && got.obj0 == expected.obj0);

    auto wdt = core::unpackRecoveredWdt(core::packRecoveredWdt(doc->wdt()));
    QVERIFY(wdt);
    QVERIFY(io::writeWdt(wdt.value()) == io::writeWdt(doc->wdt()));
    // A tile file is no WDT and the other way round.
    QVERIFY(!core::unpackRecoveredWdt(packed));
    QVERIFY(!core::unpackRecoveredTile(core::packRecoveredWdt(doc->wdt()), true));
}

void TestRecoveryStore::writeReadRoundTrip() {
    QTemporaryDir root;
    auto doc = tests::hillsMap({kTile, {31, 30}});
    QVERIFY(doc);
    raise(*doc, kTile, 16, 3.0f);
    raise(*doc, {31, 30}, 1, -2.0f);
    core::RecoverySnapshot snapshot = snapshotOf(*doc, 1);
    snapshot.wdt = doc->wdt();
    const QString folder = root.filePath(QStringLiteral("m"));
    auto written = core::writeRecovery(folder, snapshot);
    QVERIFY2(written, written ? "" : written.error().describe().c_str());
    QCOMPARE(written->tiles.size(), std::size_t(2));
    QVERIFY(!written->wdtFile.isEmpty());

    auto read = core::readRecovery(folder);
    QVERIFY(read);
    QCOMPARE(read->manifest, written.value());
    QCOMPARE(read->manifest.mapPath, QStringLiteral("/maps/Test/Test.wdt"));
    QCOMPARE(read->manifest.undoIndex, 2);
    QCOMPARE(read->manifest.cleanIndex, 0);
    QVERIFY(read->problems.isEmpty());
    QCOMPARE(read->tiles.size(), std::size_t(2));
    for (const auto& [t, adt] : read->tiles) {
        QVERIFY(io::writeAdt(adt) == io::writeAdt(*doc->tile(t)));
    }
    QVERIFY(read->wdt);

    // The next generation keeps the untouched tile's file and writes the other anew; old files go.
    raise(*doc, kTile, 1, 1.0f);
    core::RecoverySnapshot next = snapshotOf(*doc, 2);
    next.changed.erase({31, 30});
    next.kept[{31, 30}] = written->tiles.at({31, 30});
    auto second = core::writeRecovery(folder, next);
    QVERIFY(second);
    QCOMPARE(second->tiles.at({31, 30}), written->tiles.at({31, 30}));
    QVERIFY(second->tiles.at(kTile) != written->tiles.at(kTile));
    QVERIFY(second->wdtFile.isEmpty());
    QVERIFY(!QFile::exists(QDir(folder).filePath(written->tiles.at(kTile))));
    QVERIFY(!QFile::exists(QDir(folder).filePath(written->wdtFile)));
    read = core::readRecovery(folder);
    QVERIFY(read && read->problems.isEmpty());
    QVERIFY(io::writeAdt(read->tiles.at(kTile)) == io::writeAdt(*doc->tile(kTile)));
}

void TestRecoveryStore::truncatedFileIsReportedAndSkipped() {
    QTemporaryDir root;
    auto doc = tests::hillsMap({kTile, {31, 30}});
    QVERIFY(doc);
    raise(*doc, kTile, 2, 3.0f);
    raise(*doc, {31, 30}, 2, 3.0f);
    const QString folder = root.filePath(QStringLiteral("m"));
    auto written = core::writeRecovery(folder, snapshotOf(*doc, 1));
    QVERIFY(written);
    const QString cut = QDir(folder).filePath(written->tiles.at(kTile));
    const QByteArray bytes = readAll(cut);
    {
        QFile f(cut);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(bytes.left(bytes.size() / 2));
    }
    auto read = core::readRecovery(folder);
    QVERIFY(read);
    QCOMPARE(read->tiles.size(), std::size_t(1)); // the other tile is there
    QVERIFY(read->tiles.count({31, 30}));
    QCOMPARE(read->problems.size(), 1);
    QVERIFY2(read->problems[0].contains(cut) && read->problems[0].contains(QStringLiteral("truncated")),
             qPrintable(read->problems[0]));

    // Cut inside the header, damaged bytes, a missing file: named, skipped, never a crash.
    for (const QByteArray& damaged : {bytes.left(10), QByteArray(bytes).replace(40, 64, QByteArray(64, 'x')),
                                      QByteArray("not a recovery file")}) {
        QFile f(cut);
        QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
        f.write(damaged);
        f.close();
        read = core::readRecovery(folder);
        QVERIFY(read);
        QCOMPARE(read->problems.size(), 1);
        QVERIFY(read->problems[0].startsWith(cut));
    }
    QVERIFY(QFile::remove(cut));
    read = core::readRecovery(folder);
    QVERIFY(read && read->problems.size() == 1 && read->problems[0].contains(cut));

    // A damaged manifest: an error naming it.
    QFile manifest(QDir(folder).filePath(QStringLiteral("manifest.json")));
    QVERIFY(manifest.open(QIODevice::WriteOnly | QIODevice::Truncate));
    manifest.write("{\"format\": 1, \"map\"");
    manifest.close();
    const auto broken = core::readRecovery(folder);
    QVERIFY(!broken);
    QVERIFY(QString::fromStdString(broken.error().describe()).contains(QStringLiteral("manifest.json")));
}

void TestRecoveryStore::unfinishedAutosaveLeavesThePreviousOne() {
    QTemporaryDir root;
    auto doc = tests::hillsMap({kTile});
    QVERIFY(doc);
    raise(*doc, kTile, 2, 3.0f);
    const QString folder = root.filePath(QStringLiteral("m"));
    auto first = core::writeRecovery(folder, snapshotOf(*doc, 1));
    QVERIFY(first);
    const auto firstBytes = io::writeAdt(*doc->tile(kTile));
    // The next autosave dies after writing half a tile file (its temporary name, or even its own
    // generation's name): the manifest still names the complete file of the first.
    raise(*doc, kTile, 2, 3.0f);
    const auto next = core::packRecoveredTile(*doc->tile(kTile), core::TileLayout::V18);
    QFile half(QDir(folder).filePath(QStringLiteral("tile_30_30.g2.msr")));
    QVERIFY(half.open(QIODevice::WriteOnly));
    half.write(reinterpret_cast<const char*>(next.data()), qint64(next.size() / 2));
    half.close();
    auto read = core::readRecovery(folder);
    QVERIFY(read && read->problems.isEmpty());
    QVERIFY(io::writeAdt(read->tiles.at(kTile)) == firstBytes);
    // The next complete autosave removes the leftover.
    QVERIFY(core::writeRecovery(folder, snapshotOf(*doc, 3)));
    QVERIFY(!half.exists());
}

void TestRecoveryStore::sessionsTellLiveFromDead() {
    QTemporaryDir root;
    const QString map = QStringLiteral("/maps/Test/Test.wdt");
    auto doc = tests::hillsMap({kTile});
    QVERIFY(doc);
    raise(*doc, kTile, 1, 1.0f);
    {
        auto live = core::RecoverySession::claim(root.path(), map);
        QVERIFY(live);
        QVERIFY(live->folder().contains(core::recoveryKey(map)));
        QVERIFY(core::writeRecovery(live->folder(), snapshotOf(*doc, 1)));
        // Held by a live session (this process): nothing to offer, and a second session gets another folder.
        QVERIFY(core::findOrphanedRecoveries(root.path()).empty());
        auto second = core::RecoverySession::claim(root.path(), map);
        QVERIFY(second && second->folder() != live->folder());
    }
    // A crashed session: its data stays with a lock whose process is gone.
    const QString folder = QDir(root.path()).filePath(core::recoveryKey(map));
    QVERIFY(core::writeRecovery(folder, snapshotOf(*doc, 1)));
    QFile lock(QDir(folder).filePath(QLatin1String(core::kRecoveryLockName)));
    QVERIFY(lock.open(QIODevice::WriteOnly));
    lock.write("999999\nmapsmith\n" + QSysInfo::machineHostName().toUtf8() + "\n"); // pid, app, host
    lock.close();
    const auto found = core::findOrphanedRecoveries(root.path());
    QCOMPARE(found.size(), std::size_t(1));
    QCOMPARE(found[0].folder, folder);
    QCOMPARE(found[0].manifest.tiles.size(), std::size_t(1));
    QCOMPARE(core::findOrphanedRecoveries(root.path(), map).size(), std::size_t(1));
    QVERIFY(core::findOrphanedRecoveries(root.path(), QStringLiteral("/other/Map.wdt")).empty());
    // A new session of the map does not take the folder that waits for the user.
    auto session = core::RecoverySession::claim(root.path(), map);
    QVERIFY(session && session->folder() != folder);
    QVERIFY(core::removeOrphanedRecovery(folder));
    QVERIFY(!QFileInfo::exists(folder));
}

void TestRecoveryStore::sessionEndRemovesItsData() {
    QTemporaryDir root;
    auto doc = tests::hillsMap({kTile});
    QVERIFY(doc);
    raise(*doc, kTile, 1, 1.0f);
    QString folder;
    {
        auto session = core::RecoverySession::claim(root.path(), QStringLiteral("/maps/Test/Test.wdt"));
        QVERIFY(session);
        folder = session->folder();
        QVERIFY(core::writeRecovery(folder, snapshotOf(*doc, 1)));
        QVERIFY(QFile::exists(QDir(folder).filePath(QStringLiteral("manifest.json"))));
    }
    QVERIFY(!QFileInfo::exists(folder));
    QVERIFY(core::findOrphanedRecoveries(root.path()).empty());
}

void TestRecoveryStore::restoreIsOneUndoStep() {
    QTemporaryDir root;
    auto edited = tests::hillsMap({kTile, {31, 30}});
    QVERIFY(edited);
    raise(*edited, kTile, 20, 9.0f);
    raise(*edited, {31, 30}, 3, -4.0f);
    const QString folder = root.filePath(QStringLiteral("m"));
    QVERIFY(core::writeRecovery(folder, snapshotOf(*edited, 1)));
    auto recovered = core::readRecovery(folder);
    QVERIFY(recovered);

    auto fresh = tests::hillsMap({kTile, {31, 30}}, 40.0f, tests::LoadTiles::None);
    QVERIFY(fresh);
    const auto onDisk = io::writeAdt(*fresh->loadTile(kTile).value());
    const core::RestoreReport report = core::restoreRecovery(*fresh, *recovered);
    QVERIFY(report.problems.isEmpty());
    QCOMPARE(report.tiles, 2);
    QCOMPARE(report.chunks, 23);
    QVERIFY(fresh->isModified());
    QCOMPARE(fresh->undoStack()->count(), 1);
    for (const auto t : {kTile, core::TileCoord{31, 30}}) {
        QVERIFY(fresh->isTileModified(t));
        QVERIFY(io::writeAdt(*fresh->tile(t)) == io::writeAdt(*edited->tile(t)));
    }
    fresh->undoStack()->undo();
    QVERIFY(!fresh->isModified());
    QVERIFY(io::writeAdt(*fresh->tile(kTile)) == onDisk);
}

QTEST_GUILESS_MAIN(TestRecoveryStore)
#include "test_recovery_store.moc"
