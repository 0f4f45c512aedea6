// mapsmith-cli end to end: every command on real files, JSON output, exit codes, error messages.

#include "io/adt/adt.h"
#include "support/alpha_wdt_builder.h"
#include "support/gated_tiles.h"
#include "support/test_dds.h"
#include "support/test_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <vector>

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

// Writes a copy (not QFile::copy: the corpus is read-only and copies would keep that).
bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

// "<dir>/Name_tex0.adt" for "<dir>/Name.adt".
QString partner(const QString& root, const char* kind) {
    QString p = root;
    return p.replace(QStringLiteral(".adt"), QStringLiteral("_%1.adt").arg(QLatin1String(kind)));
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
    void disabledSubchunksAreNotesNotProblems();
    void dumpIsStableAcrossRoundtrip();
    void roundtripIdentical_data();
    void roundtripIdentical();
    void roundtripAlphaWithWdtOut();
    void missingFile();
    void newMap();
    void exportPatch();
    void convertSplitAndBack_data();
    void convertSplitAndBack();
    void convertMapFolder();
    void dumpSameForSplit();
    void infoChunksSplit();
    void roundtripSplit();
    void convertKeepsExtraFiles();
    void convertMissingPartner();
    void convertUsageErrors();
    void convertAlphaWdt();
    void convertAlphaWdtMalformed();
    void heightmapRoundTrip();
    void heightmapBlockSeam();
    void heightmapSplitMap();
    void heightmapErrors();
    void hmpRoundTrip();
    void hmpImportCorpus();
    void hmpErrors();
    void hmpSkinTypes();
};

void TestCli::helpEverywhere_data() {
    QTest::addColumn<QStringList>("args");
    QTest::newRow("top") << QStringList{"--help"};
    for (const char* c : {"info", "validate", "dump", "roundtrip", "new", "export-patch", "convert",
                          "import-heightmap", "export-heightmap", "import-hmp", "export-hmp"}) {
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

// A tile whose MCCV and MCSH are present with their MCNK flags clear (as other tools write them): valid,
// with one note per kind; info counts them; dump says "disabled"; roundtrip keeps the bytes.
void TestCli::disabledSubchunksAreNotesNotProblems() {
    QTemporaryDir dir;
    const auto corpusBytes = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("adt/Azeroth_38_46.adt"));
    mapsmith::io::AdtReadOptions options;
    options.bigAlpha = false;
    auto read = mapsmith::io::readAdt(corpusBytes, options);
    QVERIFY(read);
    const auto bytes = mapsmith::io::writeAdt(
        mapsmith::tests::gatedVariant(read->adt, mapsmith::tests::GatedVariant::AllOff));
    const QString path = dir.filePath(QStringLiteral("Azeroth_38_46.adt"));
    QVERIFY(
        writeFile(path, QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()))));

    Run r = cli({"validate", path});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("note: ")) && r.out.contains(QStringLiteral(": valid")),
             qPrintable(r.out));
    QVERIFY2(
        r.out.contains(QRegularExpression(QStringLiteral("MCCV at 0x[0-9a-f]+: MCCV present but disabled"))),
        qPrintable(r.out));
    QCOMPARE(r.out.count(QStringLiteral("note: ")), 2); // one line per kind, not one per chunk
    r = cli({"validate", path, "--json"});
    QCOMPARE(r.code, 0);
    const auto v = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(v["valid"].get<bool>(), true);
    QCOMPARE(v["notes"].size(), std::size_t(2));

    r = cli({"info", path});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("0 with shadows, 0 with vertex colours")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("disabled:  256 MCSH, 256 MCCV")), qPrintable(r.out));

    r = cli({"dump", path, "--json"});
    QCOMPARE(r.code, 0);
    const auto d = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(d["chunks"][17]["mccv"].get<std::string>(), std::string("disabled"));
    QCOMPARE(d["chunks"][17]["flags"].get<std::uint32_t>() & 0x41u, 0u);

    const QString out = dir.filePath(QStringLiteral("again.adt"));
    r = cli({"roundtrip", path, out});
    QCOMPARE(r.code, 0);
    QVERIFY(fileBytes(out) == fileBytes(path));
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

void TestCli::convertSplitAndBack_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("Azeroth_38_46") << corpus("adt/Azeroth_38_46.adt");
    QTest::newRow("continent4229") << corpus("adt/continent4229.adt");
}

void TestCli::convertSplitAndBack() {
    QFETCH(QString, file);
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString name = QFileInfo(file).fileName();
    const QString splitDir = tmp.filePath(QStringLiteral("split"));
    Run r = cli({"convert", file, "--to", "split", "--out", splitDir, "--wdt", corpus("adt/Azeroth.wdt")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(r.out, QStringLiteral("converted 1 tile to split in %1\n").arg(splitDir));
    QVERIFY2(r.err.contains(QStringLiteral("\rconverted 1/1 tiles\n")), qPrintable(r.err));
    const QString root = splitDir + QLatin1Char('/') + name;
    for (const QString& path : {root, partner(root, "tex0"), partner(root, "obj0")}) {
        QVERIFY2(QFileInfo(path).size() > 0, qPrintable(path));
    }
    QVERIFY(!QFile::exists(partner(root, "lod")));
    QVERIFY(fileBytes(root) != fileBytes(file));

    const QString v18Dir = tmp.filePath(QStringLiteral("v18"));
    r = cli({"convert", root, "--to", "v18", "--out", v18Dir, "--wdt", corpus("adt/Azeroth.wdt")});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(r.out, QStringLiteral("converted 1 tile to v18 in %1\n").arg(v18Dir));
    QVERIFY2(!r.err.contains(QStringLiteral("warning")), qPrintable(r.err)); // nothing lost
    QCOMPARE(fileBytes(v18Dir + QLatin1Char('/') + name), fileBytes(file));
    QCOMPARE(QDir(v18Dir).entryList(QDir::Files), QStringList{name});
}

void TestCli::convertMapFolder() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString map = tmp.filePath(QStringLiteral("Test"));
    QVERIFY(QDir().mkpath(map));
    const QList<std::pair<QString, QString>> tiles{
        {QStringLiteral("Test_30_40.adt"), corpus("adt/continent4229.adt")},
        {QStringLiteral("Test_38_46.adt"), corpus("adt/Azeroth_38_46.adt")},
        {QStringLiteral("Test_38_47.adt"), corpus("adt/Azeroth_38_46.adt")}};
    for (const auto& [name, source] : tiles) {
        QVERIFY(writeFile(map + QLatin1Char('/') + name, fileBytes(source)));
    }
    QVERIFY(writeFile(map + QStringLiteral("/Test.wdt"), fileBytes(corpus("adt/Azeroth.wdt"))));
    QVERIFY(writeFile(map + QStringLiteral("/Test.wdl"), QByteArray("not read, only copied")));
    QVERIFY(writeFile(map + QStringLiteral("/Test_38_46.adt.bak"), QByteArray("not a tile")));

    const QString split = tmp.filePath(QStringLiteral("split"));
    Run r = cli({"convert", map, "--to", "split", "--out", split});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.endsWith(QStringLiteral("converted 3 tiles to split in %1\n").arg(split)),
             qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("copied %1/Test.wdt to %2/Test.wdt\n").arg(map, split)));
    QVERIFY2(r.err.endsWith(QStringLiteral("converted 3/3 tiles\n")), qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("\rconverted 1/3 tiles")));
    QCOMPARE(fileBytes(split + QStringLiteral("/Test.wdt")), fileBytes(corpus("adt/Azeroth.wdt")));
    QCOMPARE(fileBytes(split + QStringLiteral("/Test.wdl")), QByteArray("not read, only copied"));
    QCOMPARE(QDir(split).entryList({QStringLiteral("*.adt")}, QDir::Files).size(), 9);

    // The split map reads like the original (the depth from the copied Test.wdt) and converts back.
    const QString splitTile = split + QStringLiteral("/Test_38_46.adt");
    r = cli({"info", splitTile});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("ADT v18 (split: root, tex0, obj0)")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("4-bit depth (from Test.wdt)")));
    QCOMPARE(cli({"dump", splitTile}).out, cli({"dump", map + QStringLiteral("/Test_38_46.adt")}).out);

    const QString back = tmp.filePath(QStringLiteral("back"));
    r = cli({"convert", split, "--to", "v18", "--out", back});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.endsWith(QStringLiteral("converted 3 tiles to v18 in %1\n").arg(back)));
    for (const auto& [name, source] : tiles) {
        QVERIFY2(fileBytes(back + QLatin1Char('/') + name) == fileBytes(source), qPrintable(name));
    }
    QCOMPARE(QDir(back).entryList(QDir::Files),
             (QStringList{"Test.wdl", "Test.wdt", "Test_30_40.adt", "Test_38_46.adt", "Test_38_47.adt"}));

    // Again into the same folder: the v18 tiles replace the split sets, whose partners go.
    r = cli({"convert", map, "--to", "v18", "--out", split});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("removed %1/Test_38_46_tex0.adt").arg(split)));
    QCOMPARE(QDir(split).entryList({QStringLiteral("*.adt")}, QDir::Files).size(), 3);

    // One broken tile: reported by name, the others converted, exit 3.
    QVERIFY(writeFile(map + QStringLiteral("/Test_38_47.adt"),
                      fileBytes(corpus("adt/Azeroth_38_46.adt")).left(5000)));
    const QString partial = tmp.filePath(QStringLiteral("partial"));
    r = cli({"convert", map, "--to", "split", "--out", partial});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("mapsmith-cli convert: %1/Test_38_47.adt: ").arg(map)),
             qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("1 of 3 tiles failed")));
    QVERIFY(r.out.endsWith(QStringLiteral("converted 2 tiles to split in %1\n").arg(partial)));
    QVERIFY(QFile::exists(partial + QStringLiteral("/Test_38_46_obj0.adt")));
    QVERIFY(!QFile::exists(partial + QStringLiteral("/Test_38_47.adt")));
}

void TestCli::dumpSameForSplit() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString wdt = corpus("adt/Azeroth.wdt");
    QCOMPARE(
        cli({"convert", corpus("adt/continent4229.adt"), "--to", "split", "--out", tmp.path(), "--wdt", wdt})
            .code,
        0);
    const QString root = tmp.filePath(QStringLiteral("continent4229.adt"));
    const Run a = cli({"dump", corpus("adt/continent4229.adt"), "--wdt", wdt, "--json"});
    const Run b = cli({"dump", root, "--wdt", wdt, "--json"});
    QCOMPARE(a.code, 0);
    QVERIFY2(b.code == 0, qPrintable(b.err));
    QVERIFY(a.out.size() > 100000);
    QVERIFY(a.out == b.out);

    Run r = cli({"validate", root, "--wdt", wdt});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(r.out, QStringLiteral("%1: valid\n").arg(root));
    r = cli({"info", root, "--wdt", wdt, "--json"});
    QCOMPARE(r.code, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["layout"].get<std::string>(), std::string("split"));
    QCOMPARE(j["files"].size(), std::size_t(3));
    QCOMPARE(j["files"][1]["path"].get<std::string>(), partner(root, "tex0").toStdString());
    QCOMPARE(j["counts"]["doodads"].get<int>(), 381);
    QCOMPARE(j["counts"]["layers"].get<int>(), 739);
}

// `info --chunks` on a split root lists every file of the set with the sub-chunks of its MCNKs: after the
// header in the root, from the first byte in the headerless MCNKs of _tex0 and _obj0.
void TestCli::infoChunksSplit() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString wdt = corpus("adt/Azeroth.wdt");
    QCOMPARE(
        cli({"convert", corpus("adt/continent4229.adt"), "--to", "split", "--out", tmp.path(), "--wdt", wdt})
            .code,
        0);
    const QString root = tmp.filePath(QStringLiteral("continent4229.adt"));

    Run r = cli({"info", root, "--wdt", wdt, "--json", "--chunks"});
    QVERIFY2(r.code == 0, qPrintable(r.err));
    const auto j = nlohmann::json::parse(r.out.toStdString());
    // Sub-chunk counts by file and id; sizes of the MCNKs' first sub-chunks checked against their MCNK.
    std::map<std::string, std::map<std::string, int>> subs;
    std::map<std::string, int> mcnks;
    std::uint64_t refBytes = 0;
    std::string lastFile;
    std::uint64_t lastMcnkOffset = 0;
    bool firstSub = false;
    for (const auto& c : j["chunks"]) {
        const std::string file = c["file"].get<std::string>();
        const std::string id = c["id"].get<std::string>();
        if (!c.contains("mcnk")) {
            if (id == "MCNK") {
                ++mcnks[file];
                lastFile = file;
                lastMcnkOffset = c["offset"].get<std::uint64_t>();
                firstSub = true;
            }
            continue;
        }
        QCOMPARE(file, lastFile);
        QCOMPARE(c["mcnk"].get<int>(), mcnks[file] - 1);
        if (firstSub) {
            // Headerless in tex0/obj0; the 128-byte header in the root.
            const std::uint64_t header = file == "root" ? 128 : 0;
            QCOMPARE(c["offset"].get<std::uint64_t>(), lastMcnkOffset + 8 + header);
            firstSub = false;
        }
        ++subs[file][id];
        if (id == "MCRD" || id == "MCRW") {
            refBytes += c["size"].get<std::uint64_t>();
        }
    }
    for (const char* file : {"root", "tex0", "obj0"}) {
        QCOMPARE(mcnks[file], 256);
    }
    QCOMPARE(subs["root"]["MCVT"], 256);
    QCOMPARE(subs["root"]["MCNR"], 256);
    QCOMPARE(subs["root"]["MCLY"], 0);
    QCOMPARE(subs["tex0"]["MCLY"], 256);
    QCOMPARE(subs["tex0"]["MCAL"], 256);
    QCOMPARE(subs["tex0"]["MCSH"], 256);
    QCOMPARE(subs["tex0"].size(), std::size_t(3));
    QVERIFY(subs["obj0"]["MCRD"] > 0);
    QCOMPARE(subs["obj0"].size(), std::size_t(2)); // MCRD and MCRW only

    // The references are those of the v18 tile's MCRF chunks.
    r = cli({"info", corpus("adt/continent4229.adt"), "--json", "--chunks"});
    QCOMPARE(r.code, 0);
    std::uint64_t mcrfBytes = 0;
    const auto v18 = nlohmann::json::parse(r.out.toStdString());
    for (const auto& c : v18["chunks"]) {
        mcrfBytes += c["id"] == "MCRF" ? c["size"].get<std::uint64_t>() : 0;
    }
    QVERIFY(mcrfBytes > 0);
    QCOMPARE(refBytes, mcrfBytes);

    // Text: each file's table, sub-chunks indented under their MCNK.
    r = cli({"info", root, "--wdt", wdt, "--chunks"});
    QCOMPARE(r.code, 0);
    const qsizetype tex = r.out.indexOf(QStringLiteral("\ntex0: continent4229_tex0.adt\n"));
    const qsizetype obj = r.out.indexOf(QStringLiteral("\nobj0: continent4229_obj0.adt\n"));
    QVERIFY2(tex > 0 && obj > tex, qPrintable(r.out));
    const QString rootTable = r.out.left(tex);
    const QString texTable = r.out.mid(tex, obj - tex);
    const QString objTable = r.out.mid(obj);
    QVERIFY(rootTable.contains(QStringLiteral("    MCVT\n")));
    QVERIFY(!rootTable.contains(QStringLiteral("    MCLY\n")));
    QVERIFY(texTable.contains(QStringLiteral("    MCLY\n")));
    QVERIFY(texTable.contains(QStringLiteral("    MCAL\n")));
    QVERIFY(objTable.contains(QStringLiteral("    MCRD\n")));
    QCOMPARE(texTable.count(QStringLiteral("  MCNK\n")), 256);
}

void TestCli::roundtripSplit() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString wdt = corpus("adt/Azeroth.wdt");
    const QString in = tmp.filePath(QStringLiteral("in"));
    QCOMPARE(
        cli({"convert", corpus("adt/continent4229.adt"), "--to", "split", "--out", in, "--wdt", wdt}).code,
        0);
    const QString root = in + QStringLiteral("/continent4229.adt");
    const QString out = tmp.filePath(QStringLiteral("Out_1_2.adt"));
    Run r = cli({"roundtrip", root, out, "--wdt", wdt, "--json"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["layout"].get<std::string>(), std::string("split"));
    QCOMPARE(j["byteIdentical"].get<bool>(), true);
    QCOMPARE(j["semanticallyIdentical"].get<bool>(), true);
    QCOMPARE(j["files"].size(), std::size_t(3));
    for (const char* kind : {"tex0", "obj0"}) {
        QVERIFY2(fileBytes(partner(out, kind)) == fileBytes(partner(root, kind)), kind);
    }
    QVERIFY(fileBytes(out) == fileBytes(root));

    // Text mode names the files written; a re-encoded set differs in bytes, in the tex0 file only.
    r = cli({"roundtrip", root, out, "--wdt", wdt});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.startsWith(QStringLiteral("wrote %1 with tex0, obj0 (").arg(out)), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("byte-identical to %1, same content").arg(root)));
    const QString rle = tmp.filePath(QStringLiteral("Rle_1_2.adt"));
    r = cli({"roundtrip", root, rle, "--wdt", wdt, "--alpha", "rle"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("differs in bytes from %1 (tex0 from 0x").arg(root)),
             qPrintable(r.out));
    QVERIFY(!r.out.contains(QStringLiteral("obj0 from")));
    QVERIFY(r.out.contains(QStringLiteral("same content")));
}

void TestCli::convertKeepsExtraFiles() {
    // A _lod file (not interpreted) stays with the split set and is reported when going to v18.
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString wdt = corpus("adt/Azeroth.wdt");
    const QString in = tmp.filePath(QStringLiteral("in"));
    QCOMPARE(
        cli({"convert", corpus("adt/Azeroth_38_46.adt"), "--to", "split", "--out", in, "--wdt", wdt}).code,
        0);
    const QString root = in + QStringLiteral("/Azeroth_38_46.adt");
    QByteArray lod("MVER", 4);
    lod += QByteArray("\x04\0\0\0\x12\0\0\0", 8);
    QVERIFY(writeFile(partner(root, "lod"), lod));

    const QString split = tmp.filePath(QStringLiteral("split"));
    Run r = cli({"convert", root, "--to", "split", "--out", split, "--wdt", wdt});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QCOMPARE(fileBytes(partner(split + QStringLiteral("/Azeroth_38_46.adt"), "lod")), lod);

    const QString v18 = tmp.filePath(QStringLiteral("v18"));
    r = cli({"convert", root, "--to", "v18", "--out", v18, "--wdt", wdt});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("warning: ")) && r.err.contains(QStringLiteral("lod")),
             qPrintable(r.err));
    QCOMPARE(fileBytes(v18 + QStringLiteral("/Azeroth_38_46.adt")),
             fileBytes(corpus("adt/Azeroth_38_46.adt")));
}

void TestCli::convertMissingPartner() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString wdt = corpus("adt/Azeroth.wdt");
    QCOMPARE(
        cli({"convert", corpus("adt/Azeroth_38_46.adt"), "--to", "split", "--out", tmp.path(), "--wdt", wdt})
            .code,
        0);
    const QString root = tmp.filePath(QStringLiteral("Azeroth_38_46.adt"));
    QVERIFY(QFile::remove(partner(root, "obj0")));
    const QString out = tmp.filePath(QStringLiteral("out"));
    Run r = cli({"convert", root, "--to", "v18", "--out", out, "--wdt", wdt});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(partner(root, "obj0")), qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("converted 0 tiles")));
    QVERIFY(!QFile::exists(out + QStringLiteral("/Azeroth_38_46.adt")));
    for (const char* command : {"info", "dump", "validate"}) {
        r = cli({command, root, "--wdt", wdt});
        QCOMPARE(r.code, 3);
        QVERIFY2(r.err.contains(partner(root, "obj0")), qPrintable(r.err));
    }
}

void TestCli::convertUsageErrors() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString tile = corpus("adt/continent4229.adt");
    const QString out = tmp.filePath(QStringLiteral("out"));
    Run r = cli({"convert", tile, "--out", out});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--to is required")), qPrintable(r.err));
    r = cli({"convert", tile, "--to", "wotlk", "--out", out});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--to must be v18 or split, not 'wotlk'")));
    r = cli({"convert", tile, "--to", "split"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--out is required")));
    QCOMPARE(cli({"convert", "--to", "split", "--out", out}).code, 2);
    r = cli({"convert", tile, "--to", "split", "--out", out, "--alpha", "2bit"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--alpha must be 4bit, 8bit or rle, not '2bit'")));
    // The corpus map has 4-bit alpha maps: 8-bit ones would not read back in it.
    r = cli({"convert", tile, "--to", "split", "--out", out, "--alpha", "rle", "--wdt",
             corpus("adt/Azeroth.wdt")});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("needs a map with 8-bit alpha maps")), qPrintable(r.err));
    r = cli({"convert", corpus("adt/Azeroth.wdt"), "--to", "split", "--out", out});
    QCOMPARE(r.code, 2);
    r = cli({"convert", tile, "--to", "split", "--out", corpus("adt")});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("is the folder of")));
    QVERIFY(!QFile::exists(out));

    QVERIFY(writeFile(tmp.filePath(QStringLiteral("A_1_1_tex0.adt")), QByteArray("x")));
    r = cli({"convert", tmp.filePath(QStringLiteral("A_1_1_tex0.adt")), "--to", "v18", "--out", out});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("is a split partner")));
    r = cli({"convert", "/nonexistent/A_1_1.adt", "--to", "v18", "--out", out});
    QCOMPARE(r.code, 3);
    QVERIFY(r.err.contains(QStringLiteral("cannot find /nonexistent/A_1_1.adt")));
}

namespace {

// A map folder "<tmp>/Test" holding Test.wdt (Azeroth's, 4-bit alpha maps) and the corpus tile
// Azeroth_38_46.adt as each Test_X_Y.adt of `tiles`.
QString heightmapMap(const QTemporaryDir& tmp, const QStringList& tiles) {
    const QString map = tmp.filePath(QStringLiteral("Test"));
    QDir().mkpath(map);
    writeFile(map + QStringLiteral("/Test.wdt"), fileBytes(corpus("adt/Azeroth.wdt")));
    for (const QString& t : tiles) {
        writeFile(map + QStringLiteral("/Test_%1.adt").arg(t), fileBytes(corpus("adt/Azeroth_38_46.adt")));
    }
    return map;
}

// A tile's outer lattice from `dump --json`: 129 x 129 absolute heights (yards), row 0 north, and the
// normals of the same vertices.
struct Lattice {
    std::vector<double> heights;
    std::vector<std::array<int, 3>> normals;
    double at(int gx, int gy) const { return heights[std::size_t(gy * 129 + gx)]; }
    std::array<int, 3> normal(int gx, int gy) const { return normals[std::size_t(gy * 129 + gx)]; }
};

Lattice outerLattice(const QString& tile) {
    const Run r = cli({"dump", tile, "--json"});
    Lattice l;
    if (r.code != 0) {
        return l;
    }
    const auto j = nlohmann::json::parse(r.out.toStdString());
    l.heights.resize(129 * 129);
    l.normals.resize(129 * 129);
    for (const auto& c : j["chunks"]) {
        const int index = c["index"].get<int>();
        const double z = c["position"][2].get<double>();
        for (int row = 0; row <= 8; ++row) {
            for (int col = 0; col <= 8; ++col) {
                const auto g = std::size_t(((index / 16) * 8 + row) * 129 + (index % 16) * 8 + col);
                l.heights[g] = z + c["heights"][std::size_t(row * 17 + col)].get<double>();
                l.normals[g] = c["normals"][std::size_t(row * 17 + col)].get<std::array<int, 3>>();
            }
        }
    }
    return l;
}

struct PngHeader {
    quint32 width = 0;
    quint32 height = 0;
    int bitDepth = 0;
    int colourType = -1; // 0: grayscale
};

// The IHDR of a PNG file (the first chunk, right after the 8-byte signature).
PngHeader pngHeader(const QString& path) {
    const QByteArray b = fileBytes(path);
    PngHeader h;
    if (b.size() < 33 || !b.startsWith("\x89PNG\r\n\x1a\n") || b.mid(12, 4) != "IHDR") {
        return h;
    }
    const auto u32 = [&](int at) {
        return quint32(quint8(b[at])) << 24 | quint32(quint8(b[at + 1])) << 16 |
               quint32(quint8(b[at + 2])) << 8 | quint32(quint8(b[at + 3]));
    };
    h.width = u32(16);
    h.height = u32(20);
    h.bitDepth = quint8(b[24]);
    h.colourType = quint8(b[25]);
    return h;
}

// "--min A --max B" as export-heightmap prints it for the import.
QStringList printedRange(const QString& out) {
    static const QRegularExpression re(QStringLiteral("import with (--min \\S+ --max \\S+)\\)"));
    const auto m = re.match(out);
    return m.hasMatch() ? m.captured(1).split(QLatin1Char(' ')) : QStringList();
}

} // namespace

void TestCli::heightmapRoundTrip() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString map = heightmapMap(tmp, {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QString png = tmp.filePath(QStringLiteral("block.png"));
    for (const char* c : {"export-heightmap", "import-heightmap"}) {
        const Run help = cli({c, "--help"});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(QStringLiteral("--tiles")));
    }

    Run r = cli({"export-heightmap", map, "--tiles", "38_46", "--out", png});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.startsWith(QStringLiteral("wrote %1: 129 x 129 pixels, 16-bit grayscale").arg(png)),
             qPrintable(r.out));
    QVERIFY(r.err.contains(QStringLiteral("read 1/1 tiles: %1").arg(tile)));
    const PngHeader h = pngHeader(png);
    QCOMPARE(h.width, 129u);
    QCOMPARE(h.height, 129u);
    QCOMPARE(h.bitDepth, 16);
    QCOMPARE(h.colourType, 0);
    const QStringList range = printedRange(r.out);
    QCOMPARE(range.size(), 4);
    const double min = range[1].toDouble();
    const double max = range[3].toDouble();
    QVERIFY(min < max);

    const Lattice before = outerLattice(tile);
    QCOMPARE(before.heights.size(), std::size_t(129 * 129));
    // The automatic range is the tile's own.
    const auto [lo, hi] = std::minmax_element(before.heights.begin(), before.heights.end());
    QVERIFY(std::abs(*lo - min) < 1e-3 && std::abs(*hi - max) < 1e-3);

    const QByteArray original = fileBytes(tile);
    r = cli(QStringList{"import-heightmap", png, map, "--tiles", "38_46"} + range);
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("imported 1/1 tiles: %1").arg(tile)), qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("onto 1 tile of Test (38_46)")));
    QCOMPARE(fileBytes(tile + QStringLiteral(".bak")), original);
    QCOMPARE(cli({"validate", tile}).code, 0);
    // Every outer vertex within half a step of the 16-bit scale (plus float rounding).
    const Lattice after = outerLattice(tile);
    QCOMPARE(after.heights.size(), std::size_t(129 * 129));
    const double tolerance = (max - min) / 65535.0 / 2.0 + 1e-3;
    double worst = 0.0;
    for (std::size_t i = 0; i < before.heights.size(); ++i) {
        worst = std::max(worst, std::abs(before.heights[i] - after.heights[i]));
    }
    QVERIFY2(worst <= tolerance, qPrintable(QStringLiteral("%1 > %2").arg(worst).arg(tolerance)));

    // A given range is the one printed; heights outside it are clamped (and counted).
    r = cli({"export-heightmap", map, "--tiles", "38_46", "--out", png, "--min", "-20.5", "--max", "300"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(
        QStringLiteral("height range: -20.5 .. 300 yards (import with --min -20.5 --max 300)")));
    QVERIFY2(r.err.contains(QStringLiteral("were clamped")), qPrintable(r.err));
}

void TestCli::heightmapBlockSeam() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    // The corpus tile twice side by side: its east and west edges differ, the seam is open. Exported as
    // one 257 x 129 image and imported back, both tiles take the shared column: the seam closes.
    const QString map = heightmapMap(tmp, {QStringLiteral("38_46"), QStringLiteral("39_46")});
    const QString west = map + QStringLiteral("/Test_38_46.adt");
    const QString east = map + QStringLiteral("/Test_39_46.adt");
    QVERIFY(outerLattice(west).at(128, 64) != outerLattice(east).at(0, 64));
    const QString png = tmp.filePath(QStringLiteral("block.png"));
    Run r = cli({"export-heightmap", map, "--tiles", "39_46:38_46", "--out", png});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("257 x 129 pixels, 16-bit grayscale, tiles 38_46:39_46 of Test")));
    QCOMPARE(pngHeader(png).width, 257u);
    QCOMPARE(pngHeader(png).height, 129u);
    r = cli(QStringList{"import-heightmap", png, map, "--tiles", "38_46:39_46"} + printedRange(r.out));
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("imported 2/2 tiles: %1").arg(east)));
    Lattice w = outerLattice(west);
    Lattice e = outerLattice(east);
    for (int gy = 0; gy <= 128; ++gy) {
        QVERIFY2(std::abs(w.at(128, gy) - e.at(0, gy)) < 1e-3, qPrintable(QString::number(gy)));
    }

    // A map whose tiles sit where their names say (the copies above keep 38_46's chunk positions):
    // raised by an import over a stretched range, heights and normals still meet at the seam.
    const QString hills = tmp.filePath(QStringLiteral("hills"));
    QCOMPARE(cli({"new", hills, "Hills", "--tiles", "38_46,39_46", "--terrain", "hills"}).code, 0);
    r = cli({"export-heightmap", hills, "--tiles", "38_46:39_46", "--out", png});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const QStringList range = printedRange(r.out);
    QCOMPARE(range.size(), 4);
    const double min = range[1].toDouble();
    const double max = range[3].toDouble();
    r = cli({"import-heightmap", png, hills, "--tiles", "38_46:39_46", "--min", QString::number(min + 50.0),
             "--max", QString::number(max + 2.0 * (max - min))});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    w = outerLattice(hills + QStringLiteral("/Hills_38_46.adt"));
    e = outerLattice(hills + QStringLiteral("/Hills_39_46.adt"));
    QCOMPARE(w.heights.size(), std::size_t(129 * 129));
    QVERIFY(*std::min_element(w.heights.begin(), w.heights.end()) >= min + 50.0 - 1e-3);
    for (int gy = 0; gy <= 128; ++gy) {
        QVERIFY2(std::abs(w.at(128, gy) - e.at(0, gy)) < 1e-3, qPrintable(QString::number(gy)));
        // Both tiles compute the seam's normals from the same surface; the int8 components may round
        // apart by one (the heights are floats relative to each chunk's own base).
        for (std::size_t k = 0; k < 3; ++k) {
            QVERIFY2(std::abs(w.normal(128, gy)[k] - e.normal(0, gy)[k]) <= 1,
                     qPrintable(QString::number(gy)));
        }
    }
}

void TestCli::heightmapSplitMap() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString v18 = heightmapMap(tmp, {QStringLiteral("38_46")});
    const QString map = tmp.filePath(QStringLiteral("split"));
    QCOMPARE(cli({"convert", v18, "--to", "split", "--out", map}).code, 0);
    const QString root = map + QStringLiteral("/Test_38_46.adt");
    const QByteArray tex0 = fileBytes(partner(root, "tex0"));
    const QString png = tmp.filePath(QStringLiteral("tile.png"));
    Run r = cli({"export-heightmap", map + QStringLiteral("/Test.wdt"), "--tiles", "38_46", "--out", png,
                 "--min", "0", "--max", "1000"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    r = cli({"import-heightmap", png, map, "--tiles", "38_46", "--min", "100", "--max", "1100"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    // Written back as a split set: only the root (the heights) changed, the partners were left alone.
    QVERIFY(QFile::exists(root + QStringLiteral(".bak")));
    QVERIFY(!QFile::exists(partner(root, "tex0") + QStringLiteral(".bak")));
    QCOMPARE(fileBytes(partner(root, "tex0")), tex0);
    r = cli({"info", root});
    QVERIFY2(r.out.contains(QStringLiteral("split: root, tex0, obj0")), qPrintable(r.out));
    const Lattice before = outerLattice(v18 + QStringLiteral("/Test_38_46.adt"));
    const Lattice after = outerLattice(root);
    QCOMPARE(after.heights.size(), std::size_t(129 * 129));
    for (std::size_t i = 0; i < before.heights.size(); i += 97) {
        QVERIFY(std::abs(after.heights[i] - (before.heights[i] + 100.0)) < 1000.0 / 65535.0);
    }
}

void TestCli::heightmapErrors() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString map = heightmapMap(tmp, {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QString png = tmp.filePath(QStringLiteral("h.png"));
    const QByteArray original = fileBytes(tile);

    for (const char* bad : {"38", "38_64", "38_46:", "a_b", "38_46-39_46"}) {
        const Run r = cli({"export-heightmap", map, "--tiles", bad, "--out", png});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(QStringLiteral("--tiles must be X_Y or X_Y:X2_Y2")), qPrintable(r.err));
    }
    Run r = cli({"import-heightmap", png, map, "--tiles", "99_1", "--min", "0", "--max", "1"});
    QCOMPARE(r.code, 2);
    r = cli({"export-heightmap", map, "--tiles", "38_46"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--out is required")));
    r = cli({"export-heightmap", map, "--tiles", "38_46", "--out", tmp.filePath(QStringLiteral("h.tif"))});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--out must name a .png file")));
    r = cli({"export-heightmap", map, "--tiles", "38_46", "--out", png, "--min", "low"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--min must be a height in yards, not 'low'")));

    // min >= max, given or against the automatic other end.
    r = cli({"export-heightmap", map, "--tiles", "38_46", "--out", png, "--min", "10", "--max", "10"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--min 10 must be below --max 10")), qPrintable(r.err));
    r = cli({"export-heightmap", map, "--tiles", "38_46", "--out", png, "--min", "5000"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("must be below --max")));
    QVERIFY(!QFile::exists(png));

    // A missing tile: named; --allow-missing exports it as 0 yards.
    r = cli({"export-heightmap", map, "--tiles", "38_46:39_46", "--out", png});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("has no Test_39_46.adt")), qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("--allow-missing")));
    r = cli({"export-heightmap", map, "--tiles", "38_47", "--out", png, "--allow-missing"});
    QCOMPARE(r.code, 3);
    QVERIFY(r.err.contains(QStringLiteral("has none of the tiles of 38_47")));
    r = cli({"export-heightmap", map, "--tiles", "38_46:39_46", "--out", png, "--allow-missing"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("warning: exporting Test_39_46.adt")));
    QCOMPARE(pngHeader(png).width, 257u);

    // Import: required range, min < max, a missing tile stops it before anything is written.
    r = cli({"import-heightmap", png, map, "--tiles", "38_46", "--max", "1"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--min is required")));
    r = cli({"import-heightmap", png, map, "--tiles", "38_46", "--min", "3", "--max", "-3"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--min 3 must be below --max -3")));
    r = cli({"import-heightmap", png, map, "--tiles", "38_46:39_46", "--min", "0", "--max", "100"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("has no Test_39_46.adt; nothing written")), qPrintable(r.err));
    QCOMPARE(fileBytes(tile), original);
    QVERIFY(!QFile::exists(tile + QStringLiteral(".bak")));

    // Images that do not read.
    const QString junk = tmp.filePath(QStringLiteral("junk.png"));
    QVERIFY(writeFile(junk, QByteArray("\x89PNG\r\n\x1a\nnot really an image")));
    r = cli({"import-heightmap", junk, map, "--tiles", "38_46", "--min", "0", "--max", "100"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("cannot read the image %1").arg(junk)), qPrintable(r.err));
    r = cli({"import-heightmap", tmp.filePath(QStringLiteral("none.png")), map, "--tiles", "38_46", "--min",
             "0", "--max", "100"});
    QCOMPARE(r.code, 3);
    QVERIFY(r.err.contains(QStringLiteral("cannot read the image")));
    QCOMPARE(fileBytes(tile), original);

    // Not a map folder.
    r = cli({"export-heightmap", tmp.filePath(QStringLiteral("nowhere")), "--tiles", "38_46", "--out", png});
    QCOMPARE(r.code, 3);
    QVERIFY(r.err.contains(QStringLiteral("cannot find the map folder")));
    QVERIFY(QFile::remove(map + QStringLiteral("/Test.wdt")));
    r = cli({"import-heightmap", png, map, "--tiles", "38_46", "--min", "0", "--max", "100"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("the map folder %1 has no .wdt file").arg(map)),
             qPrintable(r.err));
}

// A 0.5.3 alpha WDT (three tiles) and a WMO-only one into v18 tiles and WDTs that validate; split too.
void TestCli::convertAlphaWdt() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    namespace alpha = mapsmith::tests::alpha;
    const auto bytes = alpha::build(alpha::sampleMap());
    const QString kalidar = tmp.filePath(QStringLiteral("Kalidar.wdt"));
    QVERIFY(
        writeFile(kalidar, QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()))));
    const auto wmoBytes = alpha::build(alpha::wmoOnlyMap());
    const QString dungeon = tmp.filePath(QStringLiteral("Dungeon.wdt"));
    QVERIFY(writeFile(
        dungeon, QByteArray(reinterpret_cast<const char*>(wmoBytes.data()), qsizetype(wmoBytes.size()))));

    const QString out = tmp.filePath(QStringLiteral("out"));
    Run r = cli({"convert", kalidar, dungeon, "--to", "v18", "--out", out});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains(QStringLiteral("converted 3 tiles of alpha map")), qPrintable(r.out));
    QVERIFY2(r.err.contains(QStringLiteral("converted 3/3 tiles of Kalidar.wdt")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("sound emitters")), qPrintable(r.err)); // the MCSE warning
    const QStringList written{"Kalidar.wdt", "Kalidar_30_40.adt", "Kalidar_31_40.adt", "Kalidar_29_41.adt",
                              "Dungeon.wdt"};
    for (const QString& name : written) {
        const QString path = QDir(out).filePath(name);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        r = cli({"validate", path});
        QVERIFY2(r.code == 0, qPrintable(path + QStringLiteral(": ") + r.out + r.err));
    }
    QCOMPARE(QDir(out).entryList(QDir::Files).size(), written.size());
    r = cli({"info", QDir(out).filePath(QStringLiteral("Kalidar_30_40.adt")), "--json"});
    QCOMPARE(r.code, 0);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["counts"]["doodads"].get<int>(), 3);
    QCOMPARE(j["alpha"]["depth"].get<int>(), 4);
    r = cli({"info", QDir(out).filePath(QStringLiteral("Dungeon.wdt")), "--json"});
    QCOMPARE(r.code, 0);
    const auto wmo = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(wmo["wmoOnly"].get<bool>(), true);
    QCOMPARE(wmo["wmo"].get<std::string>(), std::string("World\\wmo\\Dungeon\\KL_Orgrimmar.wmo"));

    // Split sets, alpha maps re-encoded to RLE (the WDT then says 8-bit).
    const QString split = tmp.filePath(QStringLiteral("split"));
    r = cli({"convert", kalidar, "--to", "split", "--out", split, "--alpha", "rle"});
    QCOMPARE(r.code, 0);
    QVERIFY(QFile::exists(QDir(split).filePath(QStringLiteral("Kalidar_30_40_tex0.adt"))));
    QVERIFY(QFile::exists(QDir(split).filePath(QStringLiteral("Kalidar_30_40_obj0.adt"))));
    r = cli({"validate", QDir(split).filePath(QStringLiteral("Kalidar_30_40.adt"))});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    // The input's own folder is refused (its WDT would be overwritten).
    r = cli({"convert", kalidar, "--to", "v18", "--out", tmp.path()});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("is the folder of")));
}

// A damaged alpha WDT: MAIN past the end (the whole map fails) or one broken tile (the others convert).
void TestCli::convertAlphaWdtMalformed() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    namespace alpha = mapsmith::tests::alpha;
    alpha::Layout layout;
    const auto bytes = alpha::build(alpha::sampleMap(), &layout);
    const QByteArray whole(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    const QString truncated = tmp.filePath(QStringLiteral("Cut.wdt"));
    QVERIFY(writeFile(truncated, whole.left(70000)));
    const QString out = tmp.filePath(QStringLiteral("out"));
    Run r = cli({"convert", truncated, "--to", "v18", "--out", out});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("MAIN at 0x")), qPrintable(r.err));
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("Cut.wdt"))));

    QByteArray damaged = whole;
    const auto past = std::uint32_t(damaged.size() + 5);
    std::memcpy(damaged.data() + layout.mcin.at(40 * 64 + 31) + 8 + 16 * 3, &past, 4);
    const QString broken = tmp.filePath(QStringLiteral("Broken.wdt"));
    QVERIFY(writeFile(broken, damaged));
    r = cli({"convert", broken, "--to", "v18", "--out", out});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("tile (31, 40)")), qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("converted 2 tiles")));
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("Broken_30_40.adt"))));
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("Broken_31_40.adt"))));
    r = cli({"validate", QDir(out).filePath(QStringLiteral("Broken.wdt"))});
    QCOMPARE(r.code, 0);
}

namespace {

// Little-endian fields of a file's bytes.
std::uint32_t u32At(const QByteArray& b, qsizetype at) {
    std::uint32_t v = 0;
    for (int k = 3; k >= 0; --k) {
        v = v << 8 | quint8(b[at + k]);
    }
    return v;
}
float f32At(const QByteArray& b, qsizetype at) {
    const std::uint32_t u = u32At(b, at);
    float v = 0.0f;
    std::memcpy(&v, &u, 4);
    return v;
}

// World height of vertex (i, j) of a one-frame HMP whose vertices end the file (no trailing bytes), as
// io/gamestudio/hmp.h computes it: scale[2] * z + offset[2] in floats.
double hmpHeightAt(const QByteArray& hmp, int i, int j) {
    const auto nu = qsizetype(f32At(hmp, 0x2C));
    const auto numVerts = qsizetype(u32At(hmp, 0x3C));
    const qsizetype at = hmp.size() - 4 * numVerts + 4 * (qsizetype(j) * nu + i);
    const float z = float(quint8(hmp[at]) | quint8(hmp[at + 1]) << 8);
    return double(f32At(hmp, 0x10) * z + f32At(hmp, 0x1C));
}

// The largest distance of a tile's inner vertices from the mean of the four outer vertices around them
// (zero when the heights are a grid laid over the outer vertices with bilinear sampling).
double innerOffBilinear(const QString& tile) {
    const Run r = cli({"dump", tile, "--json"});
    if (r.code != 0) {
        return std::numeric_limits<double>::infinity();
    }
    const auto j = nlohmann::json::parse(r.out.toStdString());
    double worst = 0.0;
    for (const auto& c : j["chunks"]) {
        const auto& h = c["heights"];
        const auto at = [&](int index) { return h[std::size_t(index)].get<double>(); };
        for (int row = 0; row < 8; ++row) {
            for (int col = 0; col < 8; ++col) {
                const double mean = (at(row * 17 + col) + at(row * 17 + col + 1) + at((row + 1) * 17 + col) +
                                     at((row + 1) * 17 + col + 1)) /
                                    4.0;
                worst = std::max(worst, std::abs(at(row * 17 + 9 + col) - mean));
            }
        }
    }
    return worst;
}

// Chunks of a tile with vertex colours (MCCV), from `dump --json`.
int chunksWithColours(const QString& tile) {
    const Run r = cli({"dump", tile, "--json"});
    if (r.code != 0) {
        return -1;
    }
    const auto j = nlohmann::json::parse(r.out.toStdString());
    int n = 0;
    for (const auto& c : j["chunks"]) {
        n += c["vertexColors"].is_array() && c["vertexColors"].size() == 145 ? 1 : 0;
    }
    return n;
}

} // namespace

// export-hmp of one tile: an HMP5 of its 129 x 129 outer vertices, row 0 south, the full packed range;
// import-hmp of it lands vertex on vertex (within one packed step), inner vertices bilinear between them.
void TestCli::hmpRoundTrip() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString map = heightmapMap(tmp, {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QString hmp = tmp.filePath(QStringLiteral("block.hmp"));
    for (const char* c : {"export-hmp", "import-hmp"}) {
        const Run help = cli({c, "--help"});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(QStringLiteral("--tiles")));
    }
    QVERIFY(cli({"--help"}).out.contains(QStringLiteral("import-hmp FILE.hmp MAPDIR")));

    Run r = cli({"export-hmp", map, "--tiles", "38_46", "--out", hmp});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(
        r.out.startsWith(QStringLiteral("wrote %1: HMP5, 129 x 129 vertices 4.1666665 yards apart").arg(hmp)),
        qPrintable(r.out));
    QVERIFY(r.err.contains(QStringLiteral("read 1/1 tiles: %1").arg(tile)));
    const QByteArray bytes = fileBytes(hmp);
    QVERIFY(bytes.startsWith("HMP5"));
    QCOMPARE(bytes.size(), 84 + 36 + 4 * 129 * 129); // header, no skin, one frame
    QCOMPARE(u32At(bytes, 0x3C), 129u * 129u);
    QCOMPARE(f32At(bytes, 0x2C), 129.0f);
    QCOMPARE(f32At(bytes, 0x24), 4.1666665f); // ftrisize_x
    const double step = f32At(bytes, 0x10);   // scale[2]: yards per packed step
    QVERIFY(step > 0.0);

    // The printed range is the tile's own and spans the packed scale.
    const Lattice before = outerLattice(tile);
    QCOMPARE(before.heights.size(), std::size_t(129 * 129));
    const auto [lo, hi] = std::minmax_element(before.heights.begin(), before.heights.end());
    static const QRegularExpression rangeRe(QStringLiteral("height range: (\\S+) \\.\\. (\\S+) yards"));
    const auto m = rangeRe.match(r.out);
    QVERIFY2(m.hasMatch(), qPrintable(r.out));
    QVERIFY(std::abs(m.captured(1).toDouble() - *lo) < 1e-3 &&
            std::abs(m.captured(2).toDouble() - *hi) < 1e-3);
    QVERIFY(std::abs(step * 65535.0 - (*hi - *lo)) < 1e-3);
    // HMP row 0 is the south edge (y grows north), columns run west to east.
    QVERIFY(std::abs(hmpHeightAt(bytes, 0, 0) - before.at(0, 128)) <= step);
    QVERIFY(std::abs(hmpHeightAt(bytes, 0, 128) - before.at(0, 0)) <= step);
    QVERIFY(std::abs(hmpHeightAt(bytes, 128, 0) - before.at(128, 128)) <= step);
    QVERIFY(std::abs(hmpHeightAt(bytes, 100, 30) - before.at(100, 98)) <= step);

    const QByteArray original = fileBytes(tile);
    r = cli({"import-hmp", hmp, map, "--tiles", "38_46"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("imported 1/1 tiles: %1").arg(tile)), qPrintable(r.err));
    QVERIFY(!r.err.contains(QStringLiteral("note:"))); // same size: nothing stretched
    QVERIFY2(r.out.contains(QStringLiteral("(HMP5, 129 x 129 vertices")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("onto 1 tile of Test (38_46)")));
    QCOMPARE(fileBytes(tile + QStringLiteral(".bak")), original);
    QCOMPARE(cli({"validate", tile}).code, 0);
    const Lattice after = outerLattice(tile);
    QCOMPARE(after.heights.size(), std::size_t(129 * 129));
    const double tolerance = step + 1e-3; // one packed step plus float rounding
    double worst = 0.0;
    for (std::size_t i = 0; i < before.heights.size(); ++i) {
        worst = std::max(worst, std::abs(before.heights[i] - after.heights[i]));
    }
    QVERIFY2(worst <= tolerance, qPrintable(QStringLiteral("%1 > %2").arg(worst).arg(tolerance)));
    const double inner = innerOffBilinear(tile);
    QVERIFY2(inner < 1e-3, qPrintable(QString::number(inner)));

    // yards = height * scale + offset.
    r = cli({"import-hmp", hmp, map, "--tiles", "38_46", "--height-scale", "2", "--height-offset", "-10.5"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    const Lattice scaled = outerLattice(tile);
    QCOMPARE(scaled.heights.size(), std::size_t(129 * 129));
    for (std::size_t i = 0; i < before.heights.size(); i += 61) {
        QVERIFY2(std::abs(scaled.heights[i] - (2.0 * before.heights[i] - 10.5)) <= 2.0 * tolerance,
                 qPrintable(QString::number(i)));
    }
}

// The HMP7 corpus terrain (66 x 66 vertices) over a 2 x 2 block: stretched, north edge (HMP row 65) on the
// block's north edge, seams closed, its first skin as vertex colours on request.
void TestCli::hmpImportCorpus() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString map = heightmapMap(tmp, {QStringLiteral("38_46"), QStringLiteral("39_46"),
                                           QStringLiteral("38_47"), QStringLiteral("39_47")});
    const QString small = corpus("hmp/small.hmp");
    const QByteArray hmp = fileBytes(small);
    QVERIFY(hmp.startsWith("HMP7"));
    Run r = cli({"import-hmp", small, map, "--tiles", "39_47:38_46"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("imported 4/4 tiles: %1/Test_39_47.adt").arg(map)),
             qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("note: the terrain is 66 x 66 vertices")), qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("--height-scale 1.02")));
    QVERIFY2(r.out.contains(QStringLiteral("(HMP7, 66 x 66 vertices")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("onto 4 tiles of Test (38_46:39_47)")));

    const Lattice nw = outerLattice(map + QStringLiteral("/Test_38_46.adt"));
    const Lattice ne = outerLattice(map + QStringLiteral("/Test_39_46.adt"));
    const Lattice sw = outerLattice(map + QStringLiteral("/Test_38_47.adt"));
    const Lattice se = outerLattice(map + QStringLiteral("/Test_39_47.adt"));
    for (const Lattice* l : {&nw, &ne, &sw, &se}) {
        QCOMPARE(l->heights.size(), std::size_t(129 * 129));
    }
    for (int k = 0; k <= 128; ++k) {
        QVERIFY2(std::abs(nw.at(128, k) - ne.at(0, k)) < 1e-3, qPrintable(QString::number(k)));
        QVERIFY2(std::abs(sw.at(128, k) - se.at(0, k)) < 1e-3, qPrintable(QString::number(k)));
        QVERIFY2(std::abs(nw.at(k, 128) - sw.at(k, 0)) < 1e-3, qPrintable(QString::number(k)));
        QVERIFY2(std::abs(ne.at(k, 128) - se.at(k, 0)) < 1e-3, qPrintable(QString::number(k)));
    }
    // The block's corners are the terrain's: north-west = HMP vertex (0, 65), south-east = (65, 0).
    QVERIFY(std::abs(nw.at(0, 0) - hmpHeightAt(hmp, 0, 65)) < 1e-3);
    QVERIFY(std::abs(ne.at(128, 0) - hmpHeightAt(hmp, 65, 65)) < 1e-3);
    QVERIFY(std::abs(sw.at(0, 128) - hmpHeightAt(hmp, 0, 0)) < 1e-3);
    QVERIFY(std::abs(se.at(128, 128) - hmpHeightAt(hmp, 65, 0)) < 1e-3);
    for (const Lattice* l : {&nw, &ne, &sw, &se}) {
        const auto [lo, hi] = std::minmax_element(l->heights.begin(), l->heights.end());
        QVERIFY(*lo >= -20.08 && *hi <= 254.69);
    }
    QCOMPARE(cli({"validate", map + QStringLiteral("/Test_39_47.adt")}).code, 0);

    // Scaled, offset and tinted by the skin.
    r = cli({"import-hmp", small, map, "--tiles", "38_46:39_47", "--height-scale", "0.5", "--height-offset",
             "100", "--skin-tint"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("vertex colours from its 512 x 512 skin")), qPrintable(r.out));
    QVERIFY(std::abs(outerLattice(map + QStringLiteral("/Test_38_46.adt")).at(0, 0) -
                     (0.5 * hmpHeightAt(hmp, 0, 65) + 100.0)) < 1e-3);
    for (const char* t : {"38_46", "39_47"}) {
        QCOMPARE(chunksWithColours(map + QStringLiteral("/Test_%1.adt").arg(QLatin1String(t))), 256);
    }
}

void TestCli::hmpErrors() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString map = heightmapMap(tmp, {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QString hmp = tmp.filePath(QStringLiteral("t.hmp"));
    const QByteArray original = fileBytes(tile);

    // Export: usage errors, missing tiles, no map folder.
    Run r = cli({"export-hmp", map, "--tiles", "38_46:", "--out", hmp});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--tiles must be X_Y or X_Y:X2_Y2")));
    r = cli({"export-hmp", map, "--tiles", "38_46"});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--out is required")));
    r = cli({"export-hmp", map, "--tiles", "38_46", "--out", tmp.filePath(QStringLiteral("t.png"))});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--out must name a .hmp file")));
    r = cli({"export-hmp", map, "--tiles", "38_46:39_46", "--out", hmp});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("has no Test_39_46.adt")), qPrintable(r.err));
    r = cli({"export-hmp", tmp.filePath(QStringLiteral("nowhere")), "--tiles", "38_46", "--out", hmp});
    QCOMPARE(r.code, 3);
    QVERIFY(r.err.contains(QStringLiteral("cannot find the map folder")));
    QVERIFY(!QFile::exists(hmp));

    // Import: usage errors first, then files that do not read; nothing is written.
    const QString small = corpus("hmp/small.hmp");
    r = cli({"import-hmp", small, map});
    QCOMPARE(r.code, 2);
    QVERIFY(r.err.contains(QStringLiteral("--tiles is required")));
    r = cli({"import-hmp", small, map, "--tiles", "38_46", "--height-scale", "tall"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--height-scale must be a number, not 'tall'")),
             qPrintable(r.err));
    r = cli({"import-hmp", small, map, "--tiles", "38_46", "--height-offset", "inf"});
    QCOMPARE(r.code, 2);
    r = cli({"import-hmp", corpus("hmp/assimp-terrain.hmp"), map, "--tiles", "38_46", "--skin-tint"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.err.contains(QStringLiteral("--skin-tint needs a skin")), qPrintable(r.err));
    r = cli({"import-hmp", small, map, "--tiles", "38_46:39_46"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("has no Test_39_46.adt; nothing written")), qPrintable(r.err));
    r = cli({"import-hmp", tmp.filePath(QStringLiteral("none.hmp")), map, "--tiles", "38_46"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("cannot open")), qPrintable(r.err));
    QVERIFY(writeFile(hmp, QByteArray("HMP9 not a terrain at all")));
    r = cli({"import-hmp", hmp, map, "--tiles", "38_46"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(hmp) && r.err.contains(QStringLiteral("nothing written")), qPrintable(r.err));
    QVERIFY(writeFile(hmp, fileBytes(small).left(100000))); // cut inside the first skin
    r = cli({"import-hmp", hmp, map, "--tiles", "38_46"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("SKIN at 0x")), qPrintable(r.err));
    QCOMPARE(fileBytes(tile), original);
    QVERIFY(!QFile::exists(tile + QStringLiteral(".bak")));
    // Heights that are no yards: scaled past any float.
    r = cli({"import-hmp", small, map, "--tiles", "38_46", "--height-scale", "1e300"});
    QCOMPARE(r.code, 3);
    QVERIFY2(r.err.contains(QStringLiteral("are not usable heights in yards")), qPrintable(r.err));
    QCOMPARE(fileBytes(tile), original);
}

// small.hmp (HMP7) with its two skins replaced by one record of our own: type, width, height, data; the
// header and the 66 x 66 heights as they are.
QByteArray hmp7WithSkin(std::uint32_t type, std::uint32_t width, std::uint32_t height,
                        const QByteArray& data) {
    using namespace mapsmith::tests;
    const Bytes small = fromQt(fileBytes(corpus("hmp/small.hmp")));
    Bytes out(small.begin(), small.begin() + 84);
    putU32(out, 48, 1); // numskins
    appendU32(out, type);
    appendU32(out, width);
    appendU32(out, height);
    return toQt(out) + data + toQt(small).right(36 + 4 * 66 * 66);
}

// import-hmp of HMP7 terrains whose first skin is 888 (type 4) or DDS (type 6), which read and tint; one
// whose DDS skin cannot be decoded imports its heights with a warning, and only --skin-tint fails; a skin
// type outside the spec leaves the heights unlocatable.
void TestCli::hmpSkinTypes() {
    using namespace mapsmith::tests;
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const QString map = heightmapMap(tmp, {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QByteArray heights = fileBytes(corpus("hmp/small.hmp")); // the same frame at the end
    const auto importedCorner = [&] { return outerLattice(tile).at(0, 0); };

    QByteArray rgb888;
    for (int p = 0; p < 8 * 8; ++p) {
        rgb888 += QByteArray("\x20\x40\x80", 3); // blue, green, red
    }
    const QByteArray dxt1 = toQt(ddsDxt1Quadrants().dds);
    const QByteArray ati2 = toQt(undecodableDdsCases()[0].dds);
    struct Case {
        const char* name;
        QByteArray file;
    };
    const Case readable[] = {
        {"888.hmp", hmp7WithSkin(4, 8, 8, rgb888)},
        {"dds.hmp", hmp7WithSkin(6, std::uint32_t(dxt1.size()), 1, dxt1)},
        {"dds-mipmapped-type.hmp", hmp7WithSkin(14, std::uint32_t(dxt1.size()), 1, dxt1)},
    };
    for (const Case& c : readable) {
        const QString path = tmp.filePath(QLatin1String(c.name));
        QVERIFY(writeFile(path, c.file));
        Run r = cli({"import-hmp", path, map, "--tiles", "38_46"});
        QVERIFY2(r.code == 0, qPrintable(QString(c.name) + r.out + r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("warning")), qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("(HMP7, 66 x 66 vertices")), qPrintable(r.out));
        QVERIFY(std::abs(importedCorner() - hmpHeightAt(heights, 0, 65)) < 1e-3);
        r = cli({"import-hmp", path, map, "--tiles", "38_46", "--skin-tint"});
        QVERIFY2(r.code == 0, qPrintable(QString(c.name) + r.out + r.err));
        QVERIFY2(r.out.contains(QStringLiteral("vertex colours from its 8 x 8 skin")), qPrintable(r.out));
        QCOMPARE(chunksWithColours(tile), 256);
    }

    // An ATI2 DDS skin: the heights import with a warning naming the skin and where its FourCC is.
    const QString bad = tmp.filePath(QStringLiteral("ati2.hmp"));
    QVERIFY(writeFile(bad, hmp7WithSkin(6, std::uint32_t(ati2.size()), 1, ati2)));
    Run r = cli({"import-hmp", bad, map, "--tiles", "38_46", "--height-scale", "2"});
    QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
    QVERIFY2(
        r.err.contains(QStringLiteral("warning: %1: SKIN at 0x%2: HMP7 skin 0 (type 6, %3 bytes) is kept "
                                      "undecoded: DDS FourCC \"ATI2\" is not read")
                           .arg(bad)
                           .arg(84 + 12 + 84, 0, 16)
                           .arg(ati2.size())),
        qPrintable(r.err));
    QVERIFY(std::abs(importedCorner() - 2.0 * hmpHeightAt(heights, 0, 65)) < 1e-3);
    // --skin-tint fails alone: a clear message, nothing written.
    const QByteArray before = fileBytes(tile);
    r = cli({"import-hmp", bad, map, "--tiles", "38_46", "--skin-tint"});
    QCOMPARE(r.code, 3);
    QVERIFY2(
        r.err.contains(QStringLiteral("--skin-tint needs the first skin's colours, and the first skin of "
                                      "%1 (type 6) cannot be decoded")
                           .arg(bad)),
        qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("nothing written")), qPrintable(r.err));
    QCOMPARE(fileBytes(tile), before);

    // Type 7 is no skin type: its size is unknown, so the heights after it cannot be found.
    const QString unknown = tmp.filePath(QStringLiteral("type7.hmp"));
    QVERIFY(writeFile(unknown, hmp7WithSkin(7, 8, 8, rgb888)));
    r = cli({"import-hmp", unknown, map, "--tiles", "38_46"});
    QCOMPARE(r.code, 3);
    QVERIFY2(
        r.err.contains(QStringLiteral("SKIN at 0x54: HMP7 skin 0 type 7 is not a skin type the spec lists")),
        qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("cannot be located; nothing written")), qPrintable(r.err));
    QCOMPARE(fileBytes(tile), before);
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
