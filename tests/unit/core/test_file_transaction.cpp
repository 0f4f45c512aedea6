// core::FileTransaction and recoverFolder: a commit replaces every staged file with its .bak; a failure
// at each step leaves the old files and no temporary or .bak; recovery rolls hand-made half-done saves
// forward (committed journal) or back (no journal, a journal being written). Full-disk, read-only and
// immutable targets on a small tmpfs (root only; skipped otherwise) assert the exact messages.

#include "core/document/atomic_file.h"
#include "core/document/file_journal.h"
#include "core/document/file_transaction.h"
#include "core/document/folder_recovery.h"
#include "support/write_file.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <unistd.h>

using namespace mapsmith;

namespace {

std::span<const std::byte> bytesOf(const QByteArray& b) {
    return std::as_bytes(std::span(b.constData(), std::size_t(b.size())));
}

QByteArray contents(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray("<missing>");
}

// Every file of `dir` (hidden ones too) with its bytes.
std::map<QString, QByteArray> snapshot(const QString& dir) {
    std::map<QString, QByteArray> out;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden)) {
        out[name] = contents(QDir(dir).filePath(name));
    }
    return out;
}

bool run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    return p.waitForFinished() && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

// A small tmpfs mounted at a temporary folder while it lives (root only).
class SmallDisk {
public:
    explicit SmallDisk(const QString& size) {
        if (::geteuid() != 0) {
            mWhy = QStringLiteral("mounting a tmpfs needs root");
            return;
        }
        mMounted = run(QStringLiteral("mount"),
                       {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                        QStringLiteral("size=") + size, QStringLiteral("tmpfs"), mDir.path()});
        if (!mMounted) {
            mWhy = QStringLiteral("mount -t tmpfs failed");
        }
    }
    ~SmallDisk() {
        if (mMounted) {
            run(QStringLiteral("umount"), {mDir.path()});
        }
    }
    bool ok() const { return mMounted; }
    const QString& why() const { return mWhy; }
    QString path(const QString& name) const { return mDir.filePath(name); }
    QString dir() const { return mDir.path(); }

private:
    QTemporaryDir mDir;
    bool mMounted = false;
    QString mWhy;
};

} // namespace

class TestFileTransaction : public QObject {
    Q_OBJECT

private slots:
    void commitReplacesAllAndKeepsBackups();
    void stageFailureTouchesNothing();
    void droppedTransactionLeavesNoTemporaries();
    void renameFailureAfterJournalIsFinishedByRecovery();
    void singleFileFailureKeepsPreviousBackup();
    void recoveryRollsForwardCommittedJournal();
    void recoveryRollsBackUncommittedSave();
    void recoveryLeavesDamagedJournal();
    void fullDiskNamesFileAndReason();
    void readOnlyAndImmutableTargets();
    void stageWithTakesAWrittenFile();
    void recoveryCleansTheMinimapTree();
};

void TestFileTransaction::commitReplacesAllAndKeepsBackups() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.adt"));
    const QString b = dir.filePath(QStringLiteral("b.adt"));
    const QString gone = dir.filePath(QStringLiteral("a_obj1.adt"));
    QVERIFY(test::writeFile(a, QByteArray("old a")));
    QVERIFY(test::writeFile(gone, QByteArray("old partner")));
    core::FileTransaction t(dir.path());
    QCOMPARE(t.stage(a, bytesOf("new a"), core::BackupPolicy::KeepBackup), QString());
    QCOMPARE(t.stage(b, bytesOf("new b"), core::BackupPolicy::KeepBackup), QString());
    t.stageRemoval(gone, core::BackupPolicy::NoBackup);
    // Staged: no target touched yet.
    QCOMPARE(contents(a), QByteArray("old a"));
    QVERIFY(!QFile::exists(b));
    QVERIFY(QFile::exists(gone));
    QCOMPARE(t.commit(), QString());
    const auto files = snapshot(dir.path());
    const std::map<QString, QByteArray> expected{{QStringLiteral("a.adt"), "new a"},
                                                 {QStringLiteral("a.adt.bak"), "old a"},
                                                 {QStringLiteral("b.adt"), "new b"}};
    QCOMPARE(files, expected); // no temporary, no journal, no .bak for the new b
    QCOMPARE(t.backups(), QStringList{QDir::cleanPath(a) + QStringLiteral(".bak")});
}

void TestFileTransaction::stageFailureTouchesNothing() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.adt"));
    QVERIFY(test::writeFile(a, QByteArray("old a")));
    QVERIFY(test::writeFile(a + QStringLiteral(".bak"), QByteArray("older a")));
    const auto before = snapshot(dir.path());
    {
        core::FileTransaction t(dir.path());
        QCOMPARE(t.stage(a, bytesOf("new a"), core::BackupPolicy::KeepBackup), QString());
        const QString missing = dir.filePath(QStringLiteral("no/such/b.adt"));
        QCOMPARE(t.stage(missing, bytesOf("new b"), core::BackupPolicy::KeepBackup),
                 QStringLiteral("could not write %1: No such file or directory").arg(missing));
        t.rollBack();
    }
    QCOMPARE(snapshot(dir.path()), before);
}

void TestFileTransaction::droppedTransactionLeavesNoTemporaries() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.adt"));
    QVERIFY(test::writeFile(a, QByteArray("old a")));
    const auto before = snapshot(dir.path());
    {
        core::FileTransaction t(dir.path());
        QCOMPARE(t.stage(a, bytesOf("new a"), core::BackupPolicy::KeepBackup), QString());
        QCOMPARE(t.stage(dir.filePath(QStringLiteral("b.adt")), bytesOf("b"), core::BackupPolicy::NoBackup),
                 QString());
        QCOMPARE(snapshot(dir.path()).size(), std::size_t(3)); // a and two temporaries
    }
    QCOMPARE(snapshot(dir.path()), before);
}

void TestFileTransaction::renameFailureAfterJournalIsFinishedByRecovery() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.adt"));
    const QString b = dir.filePath(QStringLiteral("b.adt"));
    QVERIFY(test::writeFile(a, QByteArray("old a")));
    QVERIFY(
        QDir().mkpath(b + QStringLiteral("/blocker"))); // b is a folder that is not empty: no rename over it
    core::FileTransaction t(dir.path());
    QCOMPARE(t.stage(a, bytesOf("new a"), core::BackupPolicy::NoBackup), QString());
    QCOMPARE(t.stage(b, bytesOf("new b"), core::BackupPolicy::NoBackup), QString());
    const QString error = t.commit();
    QCOMPARE(error, QStringLiteral("could not replace %1: Is a directory; the save is finished by the next "
                                   "mapsmith run on %2")
                        .arg(b, dir.path()));
    QCOMPARE(contents(a), QByteArray("new a"));
    QVERIFY(QFile::exists(b + core::tempSuffix()));
    // The cause removed, recovery finishes the save.
    QVERIFY(QDir(b).removeRecursively());
    const auto report = core::recoverFolder(dir.path());
    QCOMPARE(report.error, QString());
    QCOMPARE(report.finished, QStringList{b});
    const std::map<QString, QByteArray> expected{{QStringLiteral("a.adt"), "new a"},
                                                 {QStringLiteral("b.adt"), "new b"}};
    QCOMPARE(snapshot(dir.path()), expected);
    QCOMPARE(report.describe(),
             QStringLiteral("finished an interrupted save in %1 (1 file)").arg(dir.path()));
}

void TestFileTransaction::singleFileFailureKeepsPreviousBackup() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.adt"));
    QVERIFY(QDir().mkpath(a + QStringLiteral("/blocker")));
    QVERIFY(test::writeFile(a + QStringLiteral(".bak"), QByteArray("older a")));
    const auto before = snapshot(dir.path());
    const auto saved = core::saveFileAtomically(a, bytesOf("new a"));
    QVERIFY(!saved.ok);
    // No hard link to a folder (EPERM), and the copy made instead cannot read one.
    QCOMPARE(saved.error,
             QStringLiteral("could not keep a backup of %1 as %1.bak: file to open is a directory").arg(a));
    QCOMPARE(snapshot(dir.path()), before); // the older .bak as it was, no temporary
}

void TestFileTransaction::recoveryRollsForwardCommittedJournal() {
    // Killed in the middle of the renames: a replaced, b's temporary still there, c to be removed.
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.adt"));
    const QString b = dir.filePath(QStringLiteral("b.adt"));
    const QString c = dir.filePath(QStringLiteral("c.adt"));
    QVERIFY(test::writeFile(a, QByteArray("new a")));
    QVERIFY(test::writeFile(a + QStringLiteral(".bak"), QByteArray("old a")));
    QVERIFY(test::writeFile(b, QByteArray("old b")));
    QVERIFY(test::writeFile(b + core::tempSuffix(), QByteArray("new b")));
    QVERIFY(test::writeFile(c, QByteArray("old c")));
    const QString journal = dir.filePath(core::journalPrefix() + QStringLiteral("1-1"));
    const std::vector<core::JournalStep> steps{
        {core::JournalStep::Kind::Write, a, a + core::tempSuffix(), true},
        {core::JournalStep::Kind::Write, b, b + core::tempSuffix(), true},
        {core::JournalStep::Kind::Remove, c, {}, false}};
    QCOMPARE(core::writeJournal(journal, steps), QString());
    const auto report = core::recoverFolder(dir.path());
    QCOMPARE(report.error, QString());
    QCOMPARE(report.finished, (QStringList{b, c}));
    QVERIFY(report.discarded.isEmpty());
    const std::map<QString, QByteArray> expected{{QStringLiteral("a.adt"), "new a"},
                                                 {QStringLiteral("a.adt.bak"), "old a"},
                                                 {QStringLiteral("b.adt"), "new b"},
                                                 {QStringLiteral("b.adt.bak"), "old b"}};
    QCOMPARE(snapshot(dir.path()), expected);
    // Done: a second run finds nothing.
    QVERIFY(!core::recoverFolder(dir.path()).changed());
}

void TestFileTransaction::recoveryRollsBackUncommittedSave() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("a.adt"));
    QVERIFY(test::writeFile(a, QByteArray("old a")));
    const auto before = snapshot(dir.path());
    QVERIFY(test::writeFile(a + core::tempSuffix(), QByteArray("new a, cut sh")));
    QVERIFY(test::writeFile(dir.filePath(QStringLiteral("b.adt")) + core::tempSuffix(), QByteArray("new b")));
    QVERIFY(test::writeFile(dir.filePath(core::journalPrefix() + QStringLiteral("7-1.tmp")),
                            QByteArray("mapsmith-jou")));
    const auto report = core::recoverFolder(dir.path());
    QCOMPARE(report.error, QString());
    QVERIFY(report.finished.isEmpty());
    QCOMPARE(report.discarded.size(), 3);
    QCOMPARE(snapshot(dir.path()), before);
    QCOMPARE(report.describe(),
             QStringLiteral("removed 3 temporary files of an unfinished save in %1").arg(dir.path()));
}

void TestFileTransaction::recoveryLeavesDamagedJournal() {
    QTemporaryDir dir;
    const QString journal = dir.filePath(core::journalPrefix() + QStringLiteral("7-2"));
    QVERIFY(test::writeFile(journal, QByteArray("mapsmith-journal 1\nwrite\ta.tmp\ta\tbak\n")));
    const auto report = core::recoverFolder(dir.path());
    QCOMPARE(report.error,
             QStringLiteral("the journal %1 is damaged (no end line); it is left in place").arg(journal));
    QVERIFY(QFile::exists(journal));
}

void TestFileTransaction::fullDiskNamesFileAndReason() {
    SmallDisk disk(QStringLiteral("64k"));
    if (!disk.ok()) {
        QSKIP(qPrintable(QStringLiteral("no small disk for the full-disk case: %1").arg(disk.why())));
    }
    const QString a = disk.path(QStringLiteral("a.adt"));
    const QString b = disk.path(QStringLiteral("b.adt"));
    QVERIFY(test::writeFile(a, QByteArray(8 * 1024, 'a')));
    QVERIFY(test::writeFile(b, QByteArray(8 * 1024, 'b')));
    const auto before = snapshot(disk.dir());
    {
        core::FileTransaction t(disk.dir());
        QCOMPARE(t.stage(a, bytesOf(QByteArray(8 * 1024, 'A')), core::BackupPolicy::KeepBackup), QString());
        QCOMPARE(t.stage(b, bytesOf(QByteArray(256 * 1024, 'B')), core::BackupPolicy::KeepBackup),
                 QStringLiteral("could not write %1: No space left on device").arg(b));
    }
    QCOMPARE(snapshot(disk.dir()), before); // old files whole, no temporary, no .bak
    const auto saved = core::saveFileAtomically(a, bytesOf(QByteArray(256 * 1024, 'A')));
    QCOMPARE(saved.error, QStringLiteral("could not write %1: No space left on device").arg(a));
    QCOMPARE(snapshot(disk.dir()), before);
}

void TestFileTransaction::readOnlyAndImmutableTargets() {
    SmallDisk disk(QStringLiteral("1m"));
    if (!disk.ok()) {
        QSKIP(qPrintable(QStringLiteral("no tmpfs for the read-only cases: %1").arg(disk.why())));
    }
    const QString a = disk.path(QStringLiteral("a.adt"));
    QVERIFY(test::writeFile(a, QByteArray("old a")));
    // Immutable (chattr +i, which tmpfs supports on current kernels): no .bak, no temporary left.
    if (!run(QStringLiteral("chattr"), {QStringLiteral("+i"), a})) {
        QSKIP("chattr +i does not work on this tmpfs");
    }
    auto before = snapshot(disk.dir());
    auto saved = core::saveFileAtomically(a, bytesOf("new a"));
    QCOMPARE(saved.error, QStringLiteral("could not replace %1: Operation not permitted").arg(a));
    QCOMPARE(snapshot(disk.dir()), before);
    QVERIFY(run(QStringLiteral("chattr"), {QStringLiteral("-i"), a}));
    // A read-only file system (remounted ro): the temporary cannot even be created.
    QVERIFY(run(QStringLiteral("mount"), {QStringLiteral("-o"), QStringLiteral("remount,ro"), disk.dir()}));
    saved = core::saveFileAtomically(a, bytesOf("new a"));
    QCOMPARE(saved.error, QStringLiteral("could not write %1: Read-only file system").arg(a));
    QCOMPARE(contents(a), QByteArray("old a"));
    QVERIFY(run(QStringLiteral("mount"), {QStringLiteral("-o"), QStringLiteral("remount,rw"), disk.dir()}));
    QCOMPARE(snapshot(disk.dir()), before);
}

void TestFileTransaction::stageWithTakesAWrittenFile() {
    QTemporaryDir dir;
    const QString a = dir.filePath(QStringLiteral("patch-4.MPQ"));
    QVERIFY(test::writeFile(a, QByteArray("old archive")));
    const auto before = snapshot(dir.path());
    {
        // A writer that fails: its error comes back and what it left is removed.
        core::FileTransaction t(dir.path());
        QString seen;
        const QString e = t.stageWith(
            a,
            [&](const QString& temp) {
                seen = temp;
                return test::writeFile(temp, QByteArray("half")) ? QStringLiteral("the writer gave up")
                                                                 : QStringLiteral("could not write");
            },
            core::BackupPolicy::NoBackup);
        QCOMPARE(e, QStringLiteral("the writer gave up"));
        QCOMPARE(seen, a + QStringLiteral(".mapsmith-tmp"));
        QVERIFY(t.empty());
    }
    QCOMPARE(snapshot(dir.path()), before);
    // One that writes the file: committed like a staged one.
    core::FileTransaction t(dir.path());
    QCOMPARE(t.stageWith(
                 a,
                 [](const QString& temp) {
                     return test::writeFile(temp, QByteArray("new archive")) ? QString() : temp;
                 },
                 core::BackupPolicy::NoBackup),
             QString());
    QCOMPARE(t.commit(), QString());
    QCOMPARE(contents(a), QByteArray("new archive"));
    QCOMPARE(snapshot(dir.path()).size(), std::size_t(1));
}

void TestFileTransaction::recoveryCleansTheMinimapTree() {
    // A minimap export stages its images beside them, under <map>/minimaps/.
    QTemporaryDir dir;
    const QString images = dir.filePath(QStringLiteral("minimaps/textures/Minimap/Test"));
    QVERIFY(QDir().mkpath(images));
    const QString image = QDir(images).filePath(QStringLiteral("map30_30.blp"));
    QVERIFY(test::writeFile(image, QByteArray("old image")));
    QVERIFY(test::writeFile(image + QStringLiteral(".mapsmith-tmp"), QByteArray("half an image")));
    const QString other =
        dir.filePath(QStringLiteral("elsewhere/x.adt.mapsmith-tmp")); // not a map's subfolder
    QVERIFY(QDir().mkpath(QFileInfo(other).path()));
    QVERIFY(test::writeFile(other, QByteArray("x")));
    const core::RecoveryReport report = core::recoverFolder(dir.path());
    QCOMPARE(report.error, QString());
    QCOMPARE(report.discarded, QStringList{image + QStringLiteral(".mapsmith-tmp")});
    QCOMPARE(contents(image), QByteArray("old image"));
    QVERIFY(QFileInfo::exists(other));
}

QTEST_GUILESS_MAIN(TestFileTransaction)
#include "test_file_transaction.moc"
