// Truthful errors of failing writes (issue 17 item 3), on a small tmpfs (root only; skipped otherwise):
// a full disk, a read-only file system and an immutable tile (chattr +i) make import-heightmap, convert,
// minimap, export-patch and repair fail with the file and the system's reason, write nothing (no .bak, no
// temporary, no folder) and print no summary claiming otherwise.

#include "folder_files.h"

#include <QDir>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

#include <map>
#include <sys/statvfs.h>
#include <unistd.h>

namespace {

const QString kCli = QStringLiteral(MAPSMITH_CLI);

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(-1);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromLocal8Bit(p.readAllStandardOutput()),
            QString::fromLocal8Bit(p.readAllStandardError())};
}

std::map<QString, QByteArray> snapshot(const QString& dir) {
    std::map<QString, QByteArray> out;
    for (const QString& name : QDir(dir).entryList(QDir::Files | QDir::Hidden)) {
        QFile f(QDir(dir).filePath(name));
        if (f.open(QIODevice::ReadOnly)) {
            out[name] = f.readAll();
        }
    }
    return out;
}

} // namespace

class TestCliDiskErrors : public QObject {
    Q_OBJECT

private slots:
    void init();
    void cleanup();
    void importOntoFullDisk();
    void convertOntoFullDisk();
    void importOntoReadOnlyDisk();
    void importOntoImmutableTile();
    void minimapOntoFullDisk();
    void exportPatchOntoFullDisk();
    void repairOntoFullDisk();

private:
    // Fills the tmpfs but for `leave` bytes.
    bool fill(qint64 leave);

    QTemporaryDir mMount;
    bool mMounted = false;
    QString mMap; // a 2x2 v18 map on the tmpfs
    QString mImage;
};

void TestCliDiskErrors::init() {
    if (::geteuid() != 0) {
        QSKIP("the disk cases mount a tmpfs, which needs root");
    }
    mMounted =
        run(QStringLiteral("mount"), {QStringLiteral("-t"), QStringLiteral("tmpfs"), QStringLiteral("-o"),
                                      QStringLiteral("size=4m"), QStringLiteral("tmpfs"), mMount.path()})
            .code == 0;
    if (!mMounted) {
        QSKIP("mount -t tmpfs failed");
    }
    mMap = QDir(mMount.path()).filePath(QStringLiteral("map"));
    const Run made = run(kCli, {QStringLiteral("new"), mMap, QStringLiteral("Disk"),
                                QStringLiteral("--tiles"), QStringLiteral("30_30,31_30,30_31,31_31"),
                                QStringLiteral("--terrain"), QStringLiteral("flat")});
    QVERIFY2(made.code == 0, qPrintable(made.err));
    QImage image(257, 257, QImage::Format_Grayscale16);
    image.fill(QColor(90, 90, 90));
    mImage = QDir(mMount.path()).filePath(QStringLiteral("ramp.png"));
    QVERIFY(image.save(mImage));
}

void TestCliDiskErrors::cleanup() {
    if (mMounted) {
        run(QStringLiteral("chattr"),
            {QStringLiteral("-i"), QDir(mMap).filePath(QStringLiteral("Disk_30_30.adt"))});
        QVERIFY(run(QStringLiteral("umount"), {mMount.path()}).code == 0);
        mMounted = false;
    }
}

bool TestCliDiskErrors::fill(qint64 leave) {
    struct statvfs fs {};
    if (::statvfs(QFile::encodeName(mMount.path()).constData(), &fs) != 0) {
        return false;
    }
    const qint64 free = qint64(fs.f_bavail) * qint64(fs.f_frsize);
    QFile filler(QDir(mMount.path()).filePath(QStringLiteral("filler")));
    return filler.open(QIODevice::WriteOnly) && filler.write(QByteArray(free - leave, 'f')) == free - leave;
}

void TestCliDiskErrors::importOntoFullDisk() {
    const auto before = snapshot(mMap);
    QVERIFY(fill(4096));
    const Run r = run(kCli, {QStringLiteral("import-heightmap"), mImage, mMap, QStringLiteral("--tiles"),
                             QStringLiteral("30_30:31_31"), QStringLiteral("--min"), QStringLiteral("0"),
                             QStringLiteral("--max"), QStringLiteral("100")});
    QCOMPARE(r.code, 3);
    const QString expected =
        QStringLiteral("mapsmith-cli import-heightmap: could not write %1: No space left on "
                       "device; nothing written\n")
            .arg(QDir(mMap).filePath(QStringLiteral("Disk_30_30.adt")));
    QVERIFY2(r.err.endsWith(expected), qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("imported")), qPrintable(r.out));
    QCOMPARE(snapshot(mMap), before); // no tile touched, no .bak, no temporary
}

void TestCliDiskErrors::convertOntoFullDisk() {
    const QString out = QDir(mMount.path()).filePath(QStringLiteral("out"));
    QVERIFY(QDir().mkpath(out));
    QVERIFY(fill(4096));
    const Run r = run(kCli, {QStringLiteral("convert"), mMap, QStringLiteral("--to"), QStringLiteral("split"),
                             QStringLiteral("--out"), out});
    QCOMPARE(r.code, 3);
    // The workers stage in parallel: which file meets the full disk first varies.
    const QRegularExpression full(
        QStringLiteral("^mapsmith-cli convert: could not write %1/Disk\\S*\\.(adt|wdt|wdl): "
                       "No space left on device$")
            .arg(QRegularExpression::escape(out)),
        QRegularExpression::MultilineOption);
    QVERIFY2(full.match(r.err).hasMatch(), qPrintable(r.err));
    QVERIFY2(r.err.endsWith(QStringLiteral("mapsmith-cli convert: nothing written to %1\n").arg(out)),
             qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("converted")), qPrintable(r.out));
    QCOMPARE(QDir(out).entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestCliDiskErrors::importOntoReadOnlyDisk() {
    const auto before = snapshot(mMap);
    QVERIFY(run(QStringLiteral("mount"), {QStringLiteral("-o"), QStringLiteral("remount,ro"), mMount.path()})
                .code == 0);
    const Run r = run(kCli, {QStringLiteral("import-heightmap"), mImage, mMap, QStringLiteral("--tiles"),
                             QStringLiteral("30_30"), QStringLiteral("--min"), QStringLiteral("0"),
                             QStringLiteral("--max"), QStringLiteral("100")});
    QVERIFY(run(QStringLiteral("mount"), {QStringLiteral("-o"), QStringLiteral("remount,rw"), mMount.path()})
                .code == 0);
    QCOMPARE(r.code, 3);
    QVERIFY2(
        r.err.endsWith(QStringLiteral("mapsmith-cli import-heightmap: could not write %1: Read-only file "
                                      "system; nothing written\n")
                           .arg(QDir(mMap).filePath(QStringLiteral("Disk_30_30.adt")))),
        qPrintable(r.err));
    QCOMPARE(snapshot(mMap), before);
}

void TestCliDiskErrors::importOntoImmutableTile() {
    const QString tile = QDir(mMap).filePath(QStringLiteral("Disk_30_30.adt"));
    if (run(QStringLiteral("chattr"), {QStringLiteral("+i"), tile}).code != 0) {
        QSKIP("chattr +i does not work on this tmpfs");
    }
    const auto before = snapshot(mMap);
    const Run r = run(kCli, {QStringLiteral("import-heightmap"), mImage, mMap, QStringLiteral("--tiles"),
                             QStringLiteral("30_30:31_31"), QStringLiteral("--min"), QStringLiteral("0"),
                             QStringLiteral("--max"), QStringLiteral("100")});
    QCOMPARE(r.code, 3);
    QVERIFY2(
        r.err.endsWith(QStringLiteral("mapsmith-cli import-heightmap: could not replace %1: Operation not "
                                      "permitted; nothing written\n")
                           .arg(tile)),
        qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("imported")), qPrintable(r.out));
    QCOMPARE(snapshot(mMap), before); // no stray .bak (the old behaviour made one), no temporary
}

void TestCliDiskErrors::minimapOntoFullDisk() {
    const QString first = QDir(mMap).filePath(QStringLiteral("minimaps/textures/Minimap/Disk/map30_30.blp"));
    const QString expected =
        QStringLiteral("mapsmith-cli minimap: could not write %1: No space left on device; no minimap of "
                       "map Disk was changed.\n")
            .arg(first);
    // The first render: the folders it made go again with the images.
    const auto before = mapsmith::tests::filesUnder(mMap);
    QVERIFY(fill(4096));
    Run r = run(kCli, {QStringLiteral("minimap"), mMap});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.endsWith(expected), qPrintable(r.err));
    QCOMPARE(mapsmith::tests::filesUnder(mMap), before);
    QVERIFY(!QFileInfo::exists(QDir(mMap).filePath(QStringLiteral("minimaps"))));
    // Over earlier minimaps (512 px): they stay, every one, and no temporary is left beside them.
    QVERIFY(QFile::remove(QDir(mMount.path()).filePath(QStringLiteral("filler"))));
    r = run(kCli, {QStringLiteral("minimap"), mMap, QStringLiteral("--size"), QStringLiteral("512")});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const auto rendered = mapsmith::tests::filesUnder(mMap);
    QVERIFY(rendered.contains(QStringLiteral("minimaps/textures/Minimap/Disk/map31_31.blp")));
    QVERIFY(fill(4096));
    r = run(kCli, {QStringLiteral("minimap"), mMap});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.endsWith(expected), qPrintable(r.err));
    QCOMPARE(mapsmith::tests::filesUnder(mMap), rendered);
}

void TestCliDiskErrors::exportPatchOntoFullDisk() {
    const QString data = QDir(mMount.path()).filePath(QStringLiteral("Data"));
    QVERIFY(QDir().mkpath(data));
    const QString mpq = QDir(data).filePath(QStringLiteral("patch-4.MPQ"));
    Run r = run(kCli, {QStringLiteral("export-patch"), mMap, QStringLiteral("--out"), mpq});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const auto before = mapsmith::tests::filesUnder(data);
    QVERIFY(fill(4096));
    r = run(kCli, {QStringLiteral("export-patch"), mMap, QStringLiteral("--out"), mpq});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(
                 QStringLiteral("mapsmith-cli export-patch: Cannot write the MPQ archive %1: ").arg(mpq)),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(
                 QStringLiteral(" failed, StormLib error 28 (No space left on device, or the archive is "
                                "full) (from %1/")
                     .arg(mMap)),
             qPrintable(r.err));
    QVERIFY2(!r.out.contains(QStringLiteral("wrote")), qPrintable(r.out));
    QCOMPARE(mapsmith::tests::filesUnder(data), before); // the old archive, and no temporary beside it
}

void TestCliDiskErrors::repairOntoFullDisk() {
    const auto before = mapsmith::tests::filesUnder(mMap);
    QVERIFY(fill(4096));
    const Run r = run(kCli, {QStringLiteral("repair"), mMap, QStringLiteral("--out"), mMap});
    QCOMPARE(r.code, 3);
    // One transaction for the run: the first file staged (the WDT; the .wdl is in place already) meets the
    // full disk, the run stops and nothing is changed.
    QCOMPARE(r.err, QStringLiteral("mapsmith-cli repair: could not write %1: No space left on device\n"
                                   "mapsmith-cli repair: no file in %2 was changed\n")
                        .arg(QDir(mMap).filePath(QStringLiteral("Disk.wdt")), mMap));
    QVERIFY2(!r.out.contains(QStringLiteral("repaired")), qPrintable(r.out));
    QCOMPARE(mapsmith::tests::filesUnder(mMap), before);
}

QTEST_GUILESS_MAIN(TestCliDiskErrors)
#include "test_cli_disk_errors.moc"
