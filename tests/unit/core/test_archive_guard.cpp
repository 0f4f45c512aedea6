// The archive guard: every MPQ archive is opened by mapsmith-mpq-probe in a process of its own first. An
// archive that crashes StormLib (a real one: test::makeCrashingMpq) is skipped and named with the
// signal while a good one beside it still serves files; a probe that hangs is killed after the timeout;
// a refused archive carries StormLib's reason; verdicts are cached by path, size and time; without the
// probe, archives open in-process and the screening says so once.

#include "core/assets/archive_guard.h"
#include "core/document/asset_folders.h"

#include "support/test_mpq.h"
#include "support/write_file.h"

#include <QElapsedTimer>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <csignal>

using namespace mapsmith;

namespace {

std::filesystem::path pathOf(const QString& path) {
    return path.toStdString();
}

std::string readText(const io::AssetSource& source, const char* path) {
    auto bytes = source.read(path);
    return bytes ? std::string(reinterpret_cast<const char*>(bytes->data()), bytes->size())
                 : std::string("<missing>");
}

// A client Data folder: common.MPQ good (Tileset\Good.blp), patch.MPQ crashing StormLib.
bool makeDataFolder(const QString& data) {
    return QDir().mkpath(data) &&
           test::makeTestMpq(
               pathOf(data + QStringLiteral("/common.MPQ")),
               std::vector<std::pair<std::string, std::string>>{{"Tileset\\Good.blp", "good"}}) &&
           test::makeCrashingMpq(pathOf(data + QStringLiteral("/patch.MPQ")));
}

QString crashText(const QString& archive) {
    return QStringLiteral("%1: crashed the archive reader (signal %2, %3)")
        .arg(archive)
        .arg(SIGFPE)
        .arg(QString::fromLocal8Bit(strsignal(SIGFPE)));
}

} // namespace

class TestArchiveGuard : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true); // the verdict cache file goes to the test location
        core::setMpqProbeProgram(QStringLiteral(MAPSMITH_MPQ_PROBE));
    }

    void cleanup() {
        core::setMpqProbeProgram(QStringLiteral(MAPSMITH_MPQ_PROBE));
        core::setMpqProbeTimeoutSeconds(30);
    }

    void crashingArchiveIsSkippedAndTheOthersServe() {
        QTemporaryDir dir;
        const QString data = dir.filePath(QStringLiteral("Data"));
        QVERIFY(makeDataFolder(data));
        const QString patch = data + QStringLiteral("/patch.MPQ");

        const auto opened = core::openAssetFolders({data, {}, {}});
        QCOMPARE(opened.problems, QStringList{QStringLiteral("Client folder: ") + crashText(patch)});
        QVERIFY2(opened.notes.isEmpty(), qPrintable(opened.notes.join('\n')));
        QCOMPARE(opened.source->size(), std::size_t(1));
        QCOMPARE(readText(*opened.source, "Tileset\\Good.blp"), std::string("good"));
        QVERIFY(!opened.source->exists("Tileset\\Crash.blp"));

        // Named on a command line, a single archive is skipped alike.
        const auto named = core::openDataPaths({patch});
        QCOMPARE(named.problems, QStringList{patch + QStringLiteral(": ") + crashText(patch)});
        QCOMPARE(named.source->size(), std::size_t(0));
    }

    void verdictsAreCachedAndProbesTimed() {
        QTemporaryDir dir;
        const QString data = dir.filePath(QStringLiteral("Data"));
        QVERIFY(makeDataFolder(data));
        const std::vector<std::filesystem::path> archives{pathOf(data + QStringLiteral("/patch.MPQ")),
                                                          pathOf(data + QStringLiteral("/common.MPQ"))};
        const core::ArchiveScreening first = core::screenArchives(archives);
        QCOMPARE(first.verdicts.size(), std::size_t(2));
        for (const core::ArchiveVerdict& verdict : first.verdicts) {
            QVERIFY(!verdict.cached && !verdict.unchecked);
            QVERIFY(verdict.probeMs >= 0);
            qInfo("probe of %s: %lld ms", verdict.archive.filename().string().c_str(), verdict.probeMs);
        }
        QCOMPARE(first.problems(), QStringList{crashText(data + QStringLiteral("/patch.MPQ"))});
        QCOMPARE(first.usable(), std::vector<std::filesystem::path>{archives[1]});

        const core::ArchiveScreening again = core::screenArchives(archives);
        QVERIFY(again.verdicts[0].cached && again.verdicts[1].cached);
        QCOMPARE(again.verdicts[0].probeMs, qint64(-1));
        QCOMPARE(again.problems(), first.problems());

        // A changed file is judged again: the crashing archive rewritten as a good one.
        QVERIFY(QFile::remove(data + QStringLiteral("/patch.MPQ")));
        QVERIFY(test::makeTestMpq(archives[0], std::vector<std::pair<std::string, std::string>>{
                                                   {"Tileset\\Patched.blp", "patched, a longer file"}}));
        const core::ArchiveScreening changed = core::screenArchives(archives);
        QVERIFY(!changed.verdicts[0].cached);
        QVERIFY(changed.problems().isEmpty());
    }

    void refusedArchiveCarriesStormLibsReason() {
        QTemporaryDir dir;
        const QString garbage = dir.filePath(QStringLiteral("garbage.mpq"));
        QVERIFY(test::writeFile(garbage, QByteArray(4096, 'z')));
        const core::ArchiveScreening screening = core::screenArchives({pathOf(garbage)});
        QCOMPARE(
            screening.problems(),
            QStringList{garbage + QStringLiteral(": cannot open MPQ archive, StormLib error 1000 (not an "
                                                 "MPQ archive)")});
    }

    void hungProbeIsKilledAfterTheTimeout() {
        QTemporaryDir dir;
        // A probe that never answers, standing in for StormLib stuck on an archive (none was found).
        const QString hang = dir.filePath(QStringLiteral("hang-probe"));
        QVERIFY(test::writeFile(hang, "#!/bin/sh\nexec sleep 600\n"));
        QVERIFY(QFile::setPermissions(hang, QFile::ReadOwner | QFile::ExeOwner));
        const QString archive = dir.filePath(QStringLiteral("common.MPQ"));
        QVERIFY(
            test::makeTestMpq(pathOf(archive), std::vector<std::pair<std::string, std::string>>{{"a", "a"}}));
        core::setMpqProbeProgram(hang);
        core::setMpqProbeTimeoutSeconds(1);
        const core::ArchiveScreening screening = core::screenArchives({pathOf(archive)});
        QCOMPARE(screening.problems(),
                 QStringList{archive + QStringLiteral(": timed out after 1 s in the archive reader")});
        // Not cached: the next screening probes again.
        QVERIFY(!core::screenArchives({pathOf(archive)}).verdicts[0].cached);
    }

    void missingProbeIsSaidOnceAndArchivesOpenInProcess() {
        QTemporaryDir dir;
        const QString a = dir.filePath(QStringLiteral("a.mpq"));
        const QString b = dir.filePath(QStringLiteral("b.mpq"));
        QVERIFY(
            test::makeTestMpq(pathOf(a), std::vector<std::pair<std::string, std::string>>{{"A.blp", "a"}}));
        QVERIFY(
            test::makeTestMpq(pathOf(b), std::vector<std::pair<std::string, std::string>>{{"B.blp", "b"}}));
        const QString missing = dir.filePath(QStringLiteral("no-such-probe"));
        core::setMpqProbeProgram(missing);
        const auto opened = core::openDataPaths({a, b});
        QCOMPARE(opened.notes,
                 QStringList{QStringLiteral("The archive checker %1 is missing: MPQ archives are "
                                            "opened without being checked first")
                                 .arg(missing)});
        QVERIFY2(opened.problems.isEmpty(), qPrintable(opened.problems.join('\n')));
        QCOMPARE(readText(*opened.source, "A.blp"), std::string("a"));
        QCOMPARE(readText(*opened.source, "B.blp"), std::string("b"));
    }
};

QTEST_GUILESS_MAIN(TestArchiveGuard)
#include "test_archive_guard.moc"
