// Truthful errors of failing writes (issue 17 item 3), on a small tmpfs (root only; skipped otherwise):
// a full disk, a read-only file system and an immutable tile (chattr +i) make import-heightmap and convert
// fail with the file and the system's reason, write nothing (no .bak, no temporary) and print no summary
// claiming otherwise.

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

QTEST_GUILESS_MAIN(TestCliDiskErrors)
#include "test_cli_disk_errors.moc"
