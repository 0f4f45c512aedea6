// mapsmith-cli end to end: every command on real files, JSON output, exit codes, error messages.

#include "support/test_files.h"

#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace {

struct Run {
    int code = -1;
    QString out;
    QString err;
};

Run cli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(MAPSMITH_CLI), args);
    if (!p.waitForFinished(120000)) {
        p.kill();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QString corpus(const char* name) {
    return QString::fromStdString(mapsmith::tests::corpusPath(name));
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void helpEverywhere_data();
    void helpEverywhere();
    void usageErrors();
    void infoText();
    void infoJson();
    void infoWdt();
    void validateCorpus_data();
    void validateCorpus();
    void validateReportsProblems();
    void dumpIsStableAcrossRoundtrip();
    void roundtripIdentical_data();
    void roundtripIdentical();
    void roundtripAlphaWithWdtOut();
    void missingFile();
    void newMap();
    void exportPatch();
};

void TestCli::helpEverywhere_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("top") << QStringList{"--help"};
    for (const char* c : {"info", "validate", "dump", "roundtrip", "new", "export-patch"}) {
        QTest::newRow(c) << QStringList{c, "--help"};
    }
}

void TestCli::helpEverywhere() {
    QFETCH(QStringList, args);
    const Run r = cli(args);
    QCOMPARE(r.code, 0);
    QVERIFY(r.out.contains(QStringLiteral("Usage")) || r.out.contains(QStringLiteral("usage")));
}

void TestCli::usageErrors() {
    QCOMPARE(cli({}).code, 2);
    Run r = cli({"frobnicate"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("unknown command 'frobnicate'")));
    QCOMPARE(cli({"info"}).code, 2);
    QCOMPARE(cli({"info", "--nope", corpus("adt/Azeroth.wdt")}).code, 2);
    r = cli({"roundtrip", corpus("adt/continent4229.adt"), "/tmp/x.adt", "--alpha", "16bit"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--alpha must be")));
}

void TestCli::infoText() {
    const Run r = cli({"info", corpus("adt/continent4229.adt"), "--wdt", corpus("adt/Azeroth.wdt")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("ADT v18")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("381 doodads")));
    QVERIFY(r.out.contains(QStringLiteral("19 map objects")));
    QVERIFY(r.out.contains(QStringLiteral("4-bit depth (from Azeroth.wdt)")));
    QVERIFY(r.out.contains(QStringLiteral("0x54"))); // MCIN offset in the chunk list
    QVERIFY(r.out.contains(QStringLiteral("MCNK x256")));
    QVERIFY(r.out.contains(QStringLiteral("9 chunks"))); // liquid
}

void TestCli::infoJson() {
    const Run r = cli({"info", corpus("adt/continent4229.adt"), "--json", "--chunks"});
    QCOMPARE(r.code, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["counts"]["layers"].get<int>(), 739);
    QCOMPARE(j["counts"]["doodads"].get<int>(), 381);
    QCOMPARE(j["alpha"]["depth"].get<int>(), 4);
    QCOMPARE(j["alpha"]["inferred"].get<bool>(), true);
    int mcnk = 0;
    int sub = 0;
    for (const auto& c : j["chunks"]) {
        mcnk += c["id"] == "MCNK" ? 1 : 0;
        sub += c.contains("mcnk") ? 1 : 0;
    }
    QCOMPARE(mcnk, 256);
    QCOMPARE(sub, 256 * 7); // MCVT MCNR MCLY MCRF MCSH MCAL MCSE
    QCOMPARE(j["chunks"][2]["id"].get<std::string>(), std::string("MCIN"));
    QCOMPARE(j["chunks"][2]["offset"].get<int>(), 0x54);
}

void TestCli::infoWdt() {
    Run r = cli({"info", corpus("adt/Azeroth.wdt")});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("WDT")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("687")));
    r = cli({"info", corpus("adt/Azeroth.wdt"), "--json"});
    QCOMPARE(r.code, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["tileCount"].get<int>(), 687);
}

void TestCli::validateCorpus_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("Azeroth_38_46") << corpus("adt/Azeroth_38_46.adt");
    QTest::newRow("continent4229") << corpus("adt/continent4229.adt");
    QTest::newRow("Azeroth.wdt") << corpus("adt/Azeroth.wdt");
}

void TestCli::validateCorpus() {
    QFETCH(QString, file);
    const Run r = cli({"validate", file, "--wdt", corpus("adt/Azeroth.wdt")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("valid")));
}

void TestCli::validateReportsProblems() {
    QTemporaryDir dir;
    QByteArray bytes = fileBytes(corpus("adt/continent4229.adt"));
    // Move MCIN's first entry and break MCNK 3's MCVT size.
    bytes[0x5C] = char(0x99);
    const QString path = dir.filePath(QStringLiteral("broken.adt"));
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(bytes);
    f.close();
    Run r = cli({"validate", path});
    QCOMPARE(r.code, 1);
    QVERIFY2(r.out.contains(QStringLiteral("MCIN at 0x5c")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("problem(s)")));
    r = cli({"validate", path, "--json"});
    QCOMPARE(r.code, 1);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["valid"].get<bool>(), false);
    QCOMPARE(j["problems"][0]["chunk"].get<std::string>(), std::string("MCIN"));
    QCOMPARE(j["problems"][0]["offset"].get<int>(), 0x5C);
}

void TestCli::dumpIsStableAcrossRoundtrip() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("rle.adt"));
    Run r = cli({"roundtrip", corpus("adt/continent4229.adt"), out, "--alpha", "rle"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("same content")), qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("MPHD flag 0x4")));
    const Run a = cli({"dump", corpus("adt/continent4229.adt"), "--json"});
    const Run b = cli({"dump", out, "--json"});
    QCOMPARE(a.code, 0);
    QCOMPARE(b.code, 0);
    QVERIFY(a.out.size() > 100000);
    QVERIFY(a.out == b.out);
    const auto j = nlohmann::json::parse(a.out.toStdString());
    QCOMPARE(j["chunks"].size(), std::size_t(256));
    QVERIFY(j["chunks"][0]["layers"][1].contains("alphaHash"));
    QCOMPARE(j["chunks"][0]["heights"].size(), std::size_t(145));
}

void TestCli::roundtripIdentical_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("Azeroth_38_46") << corpus("adt/Azeroth_38_46.adt");
    QTest::newRow("continent4229") << corpus("adt/continent4229.adt");
    QTest::newRow("Azeroth.wdt") << corpus("adt/Azeroth.wdt");
}

void TestCli::roundtripIdentical() {
    QFETCH(QString, file);
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("out"));
    const Run r = cli({"roundtrip", file, out, "--json"});
    QCOMPARE(r.code, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["byteIdentical"].get<bool>(), true);
    QCOMPARE(j["semanticallyIdentical"].get<bool>(), true);
    QVERIFY(fileBytes(out) == fileBytes(file));
}

void TestCli::roundtripAlphaWithWdtOut() {
    QTemporaryDir dir;
    const QString out = dir.filePath(QStringLiteral("big.adt"));
    const QString wdtOut = dir.filePath(QStringLiteral("big.wdt"));
    Run r = cli({"roundtrip", corpus("adt/continent4229.adt"), out, "--alpha", "8bit", "--wdt",
                 corpus("adt/Azeroth.wdt"), "--wdt-out", wdtOut});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(QFile::exists(wdtOut));
    r = cli({"info", wdtOut, "--json"});
    QCOMPARE(nlohmann::json::parse(r.out.toStdString())["flags"].get<int>() & 0x4, 0x4);
    // With the new WDT the 8-bit tile validates and dumps like the original.
    r = cli({"validate", out, "--wdt", wdtOut});
    QVERIFY2(r.code == 0, qPrintable(r.out));
    QCOMPARE(cli({"dump", out, "--wdt", wdtOut}).out, cli({"dump", corpus("adt/continent4229.adt")}).out);
    // And back to 4-bit: the original bytes.
    const QString back = dir.filePath(QStringLiteral("back.adt"));
    r = cli({"roundtrip", out, back, "--wdt", wdtOut, "--alpha", "4bit"});
    QCOMPARE(r.code, 0);
    QVERIFY(fileBytes(back) == fileBytes(corpus("adt/continent4229.adt")));
}

void TestCli::missingFile() {
    const Run r = cli({"info", "/nonexistent/file.adt"});
    QCOMPARE(r.code, 3);
    QVERIFY(r.err.contains(QStringLiteral("/nonexistent/file.adt")));
}

void TestCli::newMap() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("maps"));
    Run r = cli({"new", dir, "Isle", "--tiles", "2_3,3_3", "--terrain", "demo", "--height", "50"});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out,
             QStringLiteral("placed 18 objects and 2 lakes\nwrote %1/Isle_2_3.adt\nwrote %1/Isle_3_3.adt\n"
                            "wrote %1/Isle.wdt\n")
                 .arg(dir));
    for (const char* tile : {"Isle_2_3.adt", "Isle_3_3.adt"}) {
        const Run v = cli({"validate", dir + QLatin1Char('/') + QLatin1String(tile)});
        QVERIFY2(v.code == 0, qPrintable(v.out + v.err));
    }

    // Again over the same map: replaced, the previous files kept as .bak.
    r = cli({"new", dir, "Isle", "--tiles", "2_3", "--height", "-4"});
    QCOMPARE(r.code, 0);
    QCOMPARE(r.out, QStringLiteral("wrote %1/Isle_2_3.adt\nwrote %1/Isle.wdt\n").arg(dir));
    QVERIFY(QFile::exists(dir + QStringLiteral("/Isle.wdt.bak")));
    QVERIFY(QFile::exists(dir + QStringLiteral("/Isle_2_3.adt.bak")));

    r = cli({"new", dir, "Bad Name", "--tiles", "1_1"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("NAME may hold only letters, digits and '_'")));
    r = cli({"new", dir, "Other", "--tiles", "1_1,64_1"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("'64_1' is not a tile X_Y with 0..63")));
    r = cli({"new", dir, "Other", "--tiles", "1_1,2_2,1_1"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("Tile 1_1 is listed more than once")));
    QVERIFY(!QFile::exists(dir + QStringLiteral("/Other.wdt")));
}

void TestCli::exportPatch() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString dir = tmp.filePath(QStringLiteral("Isle"));
    QCOMPARE(cli({"new", dir, "Isle", "--tiles", "2_3,3_3"}).code, 0);
    // Backups and split files are listed as skipped, not exported.
    QVERIFY(QFile::copy(dir + QStringLiteral("/Isle_2_3.adt"), dir + QStringLiteral("/Isle_2_3.adt.bak")));
    QVERIFY(QFile::copy(dir + QStringLiteral("/Isle_2_3.adt"), dir + QStringLiteral("/Isle_2_3_tex0.adt")));
    const QString out = tmp.filePath(QStringLiteral("patch-4.MPQ"));
    Run r = cli({"export-patch", dir, "--out", out});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(
        r.out.contains(QStringLiteral("added World\\Maps\\Isle\\Isle.wdt (from %1/Isle.wdt)\n").arg(dir)),
        qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("added World\\Maps\\Isle\\Isle_2_3.adt")));
    QVERIFY(r.out.contains(QStringLiteral("added World\\Maps\\Isle\\Isle_3_3.adt")));
    QVERIFY(r.out.contains(QStringLiteral("skipped Isle_2_3.adt.bak: a backup, not exported\n")));
    QVERIFY(r.out.contains(QStringLiteral("skipped Isle_2_3_tex0.adt: a split file")));
    const qint64 bytes = QFileInfo(dir + QStringLiteral("/Isle.wdt")).size() +
                         QFileInfo(dir + QStringLiteral("/Isle_2_3.adt")).size() +
                         QFileInfo(dir + QStringLiteral("/Isle_3_3.adt")).size();
    QVERIFY2(r.out.contains(QStringLiteral("wrote 3 files, %1 bytes to %2 (archive %3 bytes)\n")
                                .arg(bytes)
                                .arg(out)
                                .arg(QFileInfo(out).size())),
             qPrintable(r.out));
    QVERIFY(fileBytes(out).startsWith(QByteArray("MPQ\x1a", 4)));

    // --out naming a folder: the patch name after the highest one in it.
    QVERIFY(QFile::copy(out, tmp.filePath(QStringLiteral("PATCH-5.mpq"))));
    r = cli({"export-patch", dir, "--out", tmp.path(), "--name", "isle"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral(" to %1/patch-6.MPQ ").arg(tmp.path())), qPrintable(r.out));
    QVERIFY(QFile::exists(tmp.filePath(QStringLiteral("patch-6.MPQ"))));

    // No WDT: a read failure naming the folder, nothing written.
    QVERIFY(QFile::remove(dir + QStringLiteral("/Isle.wdt")));
    const QString out2 = tmp.filePath(QStringLiteral("patch-7.MPQ"));
    r = cli({"export-patch", dir, "--out", out2});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("The map folder %1 has no .wdt file").arg(dir)),
             qPrintable(r.err));
    QVERIFY(!QFile::exists(out2));

    // Usage errors: no --out, no MAPDIR, an unknown option.
    r = cli({"export-patch", dir});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--out is required")), qPrintable(r.err));
    QCOMPARE(cli({"export-patch", "--out", out2}).code, 2);
    QCOMPARE(cli({"export-patch", dir, "--out", out2, "--frob"}).code, 2);
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
