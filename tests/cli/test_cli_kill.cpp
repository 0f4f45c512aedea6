// The kill -9 harness (issue 17): a child writing a map folder is killed (SIGKILL) at a random moment,
// then the next mapsmith-cli run on the folder recovers it; the folder must then be byte for byte the
// complete old version or the complete new one: no torn file, no split set or block mixing old and new
// files, no temporary or journal left. Four writers: `convert --to split` of a 4-tile map over an
// earlier conversion, `import-heightmap` onto a 2x2 block of a split map, the editor's save
// (core::MapDocument::save through core::FolderMapSource, in save_map_helper) and `minimap` rendering a
// map's minimaps of two tiles again at another size (the images in the minimaps/ tree). 50 rounds each
// (half of them for the minimap);
// MAPSMITH_KILL_ROUNDS sets another number (scripts/kill-harness.sh), MAPSMITH_KILL_SEED the seed.

#include "folder_files.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QThread>

#include <algorithm>
#include <map>
#include <random>

namespace {

using Snapshot = std::map<QString, QByteArray>; // path under the folder -> bytes, hidden files too

const QString kCli = QStringLiteral(MAPSMITH_CLI);
const QString kSaveHelper = QStringLiteral(MAPSMITH_SAVE_HELPER);

bool restore(const QString& dir, const Snapshot& files) {
    if (!QDir(dir).removeRecursively() || !QDir().mkpath(dir)) {
        return false;
    }
    for (const auto& [name, bytes] : files) {
        if (!QDir(dir).mkpath(QFileInfo(name).path())) {
            return false;
        }
        QFile f(QDir(dir).filePath(name));
        if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size()) {
            return false;
        }
    }
    return true;
}

struct Run {
    int code = -1;
    QString err;
};

Run run(const QString& program, const QStringList& args) {
    QProcess p;
    p.start(program, args);
    p.waitForFinished(-1);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromLocal8Bit(p.readAllStandardError())};
}

int rounds() {
    const int n = qEnvironmentVariableIntValue("MAPSMITH_KILL_ROUNDS");
    return n > 0 ? n : 50;
}

// What the rounds found.
struct Tally {
    int killed = 0;    // killed before they finished
    int finished = 0;  // ended on their own before the kill
    int endedOld = 0;  // after recovery: the old version
    int endedNew = 0;  // after recovery: the new version
    int tornFiles = 0; // files equal to neither version
    int mixed = 0;     // rounds with files of both versions (or leftovers)
    QStringList problems;
};

// Kills `program args` (which turns folder `dir` from `before` into `after`) at random moments and checks
// the folder after the recovery run.
Tally hammer(const QString& what, const QString& dir, const QString& wdtName, const Snapshot& before,
             const Snapshot& after, qint64 fullRunNs, const QString& program, const QStringList& args,
             int roundCount = rounds()) {
    Tally t;
    std::mt19937_64 rng(qEnvironmentVariableIsSet("MAPSMITH_KILL_SEED")
                            ? quint64(qEnvironmentVariableIntValue("MAPSMITH_KILL_SEED"))
                            : std::random_device{}());
    // Up to 1.3 full runs: most kills land inside the run, some after it ended.
    std::uniform_int_distribution<qint64> delayUs(0, fullRunNs * 13 / 10 / 1000);
    for (int round = 0; round < roundCount; ++round) {
        if (!restore(dir, before)) {
            t.problems << QStringLiteral("%1: cannot restore %2").arg(what, dir);
            return t;
        }
        QProcess p;
        p.start(program, args);
        p.waitForStarted();
        QThread::usleep(std::uint64_t(delayUs(rng)));
        if (p.state() == QProcess::NotRunning) {
            ++t.finished;
        } else {
            p.kill(); // SIGKILL
            p.waitForFinished(-1);
            ++(p.exitStatus() == QProcess::CrashExit ? t.killed : t.finished);
        }
        // The next CLI run on the folder recovers it.
        const Run recovery = run(kCli, {QStringLiteral("info"), QDir(dir).filePath(wdtName)});
        const Snapshot now = mapsmith::tests::filesUnder(dir);
        if (now == before) {
            ++t.endedOld;
            continue;
        }
        if (now == after) {
            ++t.endedNew;
            continue;
        }
        int olds = 0;
        int news = 0;
        QStringList odd;
        for (const auto& [name, bytes] : now) {
            const auto b = before.find(name);
            const auto a = after.find(name);
            const bool isOld = b != before.end() && b->second == bytes;
            const bool isNew = a != after.end() && a->second == bytes;
            olds += isOld && !isNew ? 1 : 0;
            news += isNew && !isOld ? 1 : 0;
            if (!isOld && !isNew) {
                ++t.tornFiles;
                odd << name;
            }
        }
        ++t.mixed;
        t.problems << QStringLiteral("%1 round %2: %3 old and %4 new files, neither: %5; recovery said: %6")
                          .arg(what)
                          .arg(round)
                          .arg(olds)
                          .arg(news)
                          .arg(odd.join(QStringLiteral(", ")), recovery.err.trimmed());
    }
    return t;
}

void report(const QString& what, const Tally& t, int roundCount = rounds()) {
    qInfo().noquote() << QStringLiteral("%1: %2 rounds, %3 killed, %4 finished first; after recovery %5 old, "
                                        "%6 new; %7 torn files, %8 mixed")
                             .arg(what)
                             .arg(roundCount)
                             .arg(t.killed)
                             .arg(t.finished)
                             .arg(t.endedOld)
                             .arg(t.endedNew)
                             .arg(t.tornFiles)
                             .arg(t.mixed);
    for (const QString& p : t.problems) {
        qWarning().noquote() << p;
    }
}

} // namespace

class TestCliKill : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void convertToSplit();
    void importHeightmap();
    void editorSave();
    void minimapExport();

private:
    // `make` turns dir (restored to `before`) into the new version; returns the new snapshot and the time.
    void measure(const QString& dir, const Snapshot& before, const QString& program, const QStringList& args,
                 Snapshot& after, qint64& ns);

    QTemporaryDir mWork;
    QString mFlat;  // v18, flat terrain
    QString mHills; // v18, hills
    QString mSplit; // the flat map converted to split
    const QString kTiles = QStringLiteral("30_30,31_30,30_31,31_31");
};

void TestCliKill::initTestCase() {
    QVERIFY(mWork.isValid());
    mFlat = mWork.filePath(QStringLiteral("flat"));
    mHills = mWork.filePath(QStringLiteral("hills"));
    mSplit = mWork.filePath(QStringLiteral("split"));
    for (const auto& [dir, terrain] :
         {std::pair{mFlat, QStringLiteral("flat")}, std::pair{mHills, QStringLiteral("hills")}}) {
        const Run made = run(kCli, {QStringLiteral("new"), dir, QStringLiteral("Kill"),
                                    QStringLiteral("--tiles"), kTiles, QStringLiteral("--terrain"), terrain});
        QVERIFY2(made.code == 0, qPrintable(made.err));
    }
    const Run split = run(kCli, {QStringLiteral("convert"), mFlat, QStringLiteral("--to"),
                                 QStringLiteral("split"), QStringLiteral("--out"), mSplit});
    QVERIFY2(split.code == 0, qPrintable(split.err));
}

void TestCliKill::measure(const QString& dir, const Snapshot& before, const QString& program,
                          const QStringList& args, Snapshot& after, qint64& ns) {
    QVERIFY(restore(dir, before));
    QElapsedTimer timer;
    timer.start();
    const Run done = run(program, args);
    ns = timer.nsecsElapsed();
    QVERIFY2(done.code == 0, qPrintable(done.err));
    after = mapsmith::tests::filesUnder(dir);
    QVERIFY(after != before);
}

void TestCliKill::convertToSplit() {
    // Over an earlier conversion of the flat map: every tile's set is replaced by the hills' one.
    const QString out = mWork.filePath(QStringLiteral("convert-out"));
    const Snapshot before = mapsmith::tests::filesUnder(mSplit);
    const QStringList args{QStringLiteral("convert"), mHills, QStringLiteral("--to"), QStringLiteral("split"),
                           QStringLiteral("--out"),   out};
    Snapshot after;
    qint64 ns = 0;
    measure(out, before, kCli, args, after, ns);
    const Tally t = hammer(QStringLiteral("convert --to split"), out, QStringLiteral("Kill.wdt"), before,
                           after, ns, kCli, args);
    report(QStringLiteral("convert --to split"), t);
    QVERIFY(t.problems.isEmpty());
    QVERIFY(t.killed > 0); // the harness did interrupt writes
}

void TestCliKill::importHeightmap() {
    const QString map = mWork.filePath(QStringLiteral("import-map"));
    QImage image(257, 257, QImage::Format_Grayscale16);
    for (int y = 0; y < image.height(); ++y) {
        auto* line = reinterpret_cast<quint16*>(image.scanLine(y));
        for (int x = 0; x < image.width(); ++x) {
            line[x] = quint16((x * 97 + y * 131) % 65536);
        }
    }
    const QString png = mWork.filePath(QStringLiteral("ramp.png"));
    QVERIFY(image.save(png));
    const Snapshot before = mapsmith::tests::filesUnder(mSplit);
    const QStringList args{QStringLiteral("import-heightmap"),
                           png,
                           map,
                           QStringLiteral("--tiles"),
                           QStringLiteral("30_30:31_31"),
                           QStringLiteral("--min"),
                           QStringLiteral("0"),
                           QStringLiteral("--max"),
                           QStringLiteral("300")};
    Snapshot after;
    qint64 ns = 0;
    measure(map, before, kCli, args, after, ns);
    const Tally t = hammer(QStringLiteral("import-heightmap"), map, QStringLiteral("Kill.wdt"), before, after,
                           ns, kCli, args);
    report(QStringLiteral("import-heightmap"), t);
    QVERIFY(t.problems.isEmpty());
    QVERIFY(t.killed > 0);
}

void TestCliKill::editorSave() {
    const QString map = mWork.filePath(QStringLiteral("save-map"));
    const Snapshot before = mapsmith::tests::filesUnder(mSplit);
    const QStringList args{QDir(map).filePath(QStringLiteral("Kill.wdt"))};
    Snapshot after;
    qint64 ns = 0;
    measure(map, before, kSaveHelper, args, after, ns);
    const Tally t = hammer(QStringLiteral("editor save"), map, QStringLiteral("Kill.wdt"), before, after, ns,
                           kSaveHelper, args);
    report(QStringLiteral("editor save"), t);
    QVERIFY(t.problems.isEmpty());
    QVERIFY(t.killed > 0);
}

void TestCliKill::minimapExport() {
    // Over minimaps rendered at 512 px: the run renders two tiles again at 256 (two, to keep the rounds
    // short; the transaction is the same for any number).
    const QString map = mWork.filePath(QStringLiteral("minimap-map"));
    QVERIFY(restore(map, mapsmith::tests::filesUnder(mHills)));
    const QString tiles = QStringLiteral("30_30:31_30");
    const Run first = run(kCli, {QStringLiteral("minimap"), map, QStringLiteral("--tiles"), tiles,
                                 QStringLiteral("--size"), QStringLiteral("512")});
    QVERIFY2(first.code == 0, qPrintable(first.err));
    const Snapshot before = mapsmith::tests::filesUnder(map);
    const QStringList args{QStringLiteral("minimap"), map, QStringLiteral("--tiles"), tiles};
    Snapshot after;
    qint64 ns = 0;
    measure(map, before, kCli, args, after, ns);
    // Half the rounds: a render costs a few times a tile save (25 rounds, ~15 s, in CI).
    const int roundCount = std::max(1, rounds() / 2);
    const Tally t = hammer(QStringLiteral("minimap"), map, QStringLiteral("Kill.wdt"), before, after, ns,
                           kCli, args, roundCount);
    report(QStringLiteral("minimap"), t, roundCount);
    QVERIFY(t.problems.isEmpty());
    QVERIFY(t.killed > 0);
}

QTEST_GUILESS_MAIN(TestCliKill)
#include "test_cli_kill.moc"
