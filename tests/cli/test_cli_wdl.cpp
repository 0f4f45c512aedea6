// mapsmith-cli wdl on a map folder of the real corpus tiles (Azeroth_38_46 and continent4229 with
// Azeroth.wdt's header, listing just those two): the written .wdl is checked byte by byte at offsets
// computed here from the layout (MVER, MWMO, MWID, MODF, MAOF of 4096 offsets to MARE headers, MARE 1090
// bytes) and its heights against the tiles read here (MCNK base height + MCVT at each chunk's corner and
// centre, rounded); a second run changes nothing; info, dump and validate read the .wdl; a listed tile
// that is missing stops the command before anything is written.

#include "io/adt/adt.h"
#include "io/wdt/wdt.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <optional>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

std::uint32_t u32At(const QByteArray& b, qsizetype at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.constData() + at, 4);
    return v;
}

std::int16_t i16At(const QByteArray& b, qsizetype at) {
    std::int16_t v = 0;
    std::memcpy(&v, b.constData() + at, 2);
    return v;
}

QJsonObject jsonOf(const QString& text) {
    return QJsonDocument::fromJson(text.toUtf8()).object();
}

// The height the WDL must hold at MCVT outer vertex (vr, vc) of chunk (row, col): base height + MCVT,
// rounded to the nearest yard.
int expectedHeight(const io::Adt& adt, int row, int col, int vr, int vc) {
    const io::MapChunk& c = adt.chunks[std::size_t(row * 16 + col)];
    return int(std::lround(double(c.position.z) + double(c.heights[std::size_t(vr * 17 + vc)])));
}

struct CorpusTile {
    const char* file;
    int x;
    int y;
};
const CorpusTile kTiles[] = {{"adt/Azeroth_38_46.adt", 38, 46}, {"adt/continent4229.adt", 42, 29}};

// <parent>/Map: Map.wdt (Azeroth.wdt listing only the corpus tiles, or all 687 of its tiles when
// `allTiles`) and the two tiles.
bool makeMap(const QString& dir, bool allTiles = false) {
    auto wdt = io::readWdt(stdBytes(fileBytes(corpus("adt/Azeroth.wdt"))));
    if (!wdt) {
        return false;
    }
    if (!allTiles) {
        for (auto& t : wdt->tiles) {
            t = {};
        }
        for (const CorpusTile& t : kTiles) {
            wdt->setTile(t.x, t.y, true);
        }
    }
    bool ok = QDir().mkpath(dir) && writeFile(dir + QStringLiteral("/Map.wdt"), qtBytes(io::writeWdt(*wdt)));
    for (const CorpusTile& t : kTiles) {
        ok = ok &&
             writeFile(dir + QStringLiteral("/Map_%1_%2.adt").arg(t.x).arg(t.y), fileBytes(corpus(t.file)));
    }
    return ok;
}

} // namespace

class TestCliWdl : public QObject {
    Q_OBJECT
private slots:
    void init();
    void writesTheWdlOfTheCorpusTiles();
    void secondRunChangesNothing();
    void infoDumpAndValidateReadIt();
    void missingTileWritesNothing();
    void usage();

private:
    std::optional<QTemporaryDir> mTemp;
};

void TestCliWdl::init() {
    mTemp.emplace();
    QVERIFY(mTemp->isValid());
}

void TestCliWdl::writesTheWdlOfTheCorpusTiles() {
    const QString dir = mTemp->filePath(QStringLiteral("Map"));
    QVERIFY(makeMap(dir));
    const CliRun r = runCli({QStringLiteral("wdl"), dir, QStringLiteral("--json")});
    QCOMPARE(r.code, int(Ok));
    const QJsonObject j = jsonOf(r.out);
    QCOMPARE(j.value("created").toBool(), true);
    QCOMPARE(j.value("tiles").toInt(), 2);
    QCOMPARE(j.value("entries").toInt(), 2);
    QCOMPARE(j.value("written").toBool(), true);
    QCOMPARE(j.value("changed").toArray(), (QJsonArray{"42_29", "38_46"})); // by y, then x

    const QByteArray wdl = fileBytes(dir + QStringLiteral("/Map.wdl"));
    // MVER (12 bytes), empty MWMO, MWID and MODF (8 each), MAOF header at 36, its 4096 offsets at 44.
    QCOMPARE(wdl.mid(0, 4), QByteArray("REVM"));
    QCOMPARE(u32At(wdl, 4), 4u);
    QCOMPARE(u32At(wdl, 8), 18u);
    QCOMPARE(wdl.mid(12, 4), QByteArray("OMWM"));
    QCOMPARE(u32At(wdl, 16), 0u);
    QCOMPARE(wdl.mid(20, 4), QByteArray("DIWM"));
    QCOMPARE(u32At(wdl, 24), 0u);
    QCOMPARE(wdl.mid(28, 4), QByteArray("FDOM"));
    QCOMPARE(u32At(wdl, 32), 0u);
    QCOMPARE(wdl.mid(36, 4), QByteArray("FOAM"));
    QCOMPARE(u32At(wdl, 40), 16384u);
    const qsizetype maof = 44;
    const qsizetype mareSize = 8 + 1090;
    // Entries in MAOF order: 42_29 (index 1898) first, then 38_46 (index 2982); no holes, so no MAHO.
    const qsizetype first = maof + 16384;
    const std::map<int, qsizetype> mareAt{{29 * 64 + 42, first}, {46 * 64 + 38, first + mareSize}};
    for (int i = 0; i < 4096; ++i) {
        const auto it = mareAt.find(i);
        QCOMPARE(u32At(wdl, maof + i * 4), it == mareAt.end() ? 0u : std::uint32_t(it->second));
    }
    QCOMPARE(wdl.size(), first + 2 * mareSize);
    for (const CorpusTile& t : kTiles) {
        const qsizetype at = mareAt.at(t.y * 64 + t.x);
        QCOMPARE(wdl.mid(at, 4), QByteArray("ERAM"));
        QCOMPARE(u32At(wdl, at + 4), 1090u);
        io::AdtReadOptions options;
        options.bigAlpha = false;
        auto read = io::readAdt(stdBytes(fileBytes(corpus(t.file))), options);
        QVERIFY(read);
        const io::Adt& adt = read->adt;
        for (int row = 0; row <= 16; ++row) {
            for (int col = 0; col <= 16; ++col) {
                const int expected = expectedHeight(adt, std::min(row, 15), std::min(col, 15),
                                                    row == 16 ? 8 : 0, col == 16 ? 8 : 0);
                QCOMPARE(int(i16At(wdl, at + 8 + (row * 17 + col) * 2)), expected);
            }
        }
        for (int row = 0; row < 16; ++row) {
            for (int col = 0; col < 16; ++col) {
                QCOMPARE(int(i16At(wdl, at + 8 + 578 + (row * 16 + col) * 2)),
                         expectedHeight(adt, row, col, 4, 4));
            }
        }
    }
}

void TestCliWdl::secondRunChangesNothing() {
    const QString dir = mTemp->filePath(QStringLiteral("Map"));
    QVERIFY(makeMap(dir));
    QCOMPARE(runCli({QStringLiteral("wdl"), dir}).code, int(Ok));
    const QByteArray before = fileBytes(dir + QStringLiteral("/Map.wdl"));
    const CliRun again = runCli({QStringLiteral("wdl"), dir + QStringLiteral("/Map.wdt")});
    QCOMPARE(again.code, int(Ok));
    QVERIFY2(again.out.contains(QStringLiteral("entries changed: 0")), qPrintable(again.out));
    QVERIFY2(again.out.contains(QStringLiteral("not rewritten")), qPrintable(again.out));
    QCOMPARE(fileBytes(dir + QStringLiteral("/Map.wdl")), before);
    QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/Map.wdl.bak")));
    // A stale entry is rewritten, the previous file kept as .bak.
    QByteArray stale = before;
    stale[44 + 16384 + 8] = char(0x7F);
    QVERIFY(writeFile(dir + QStringLiteral("/Map.wdl"), stale));
    const CliRun fix = runCli({QStringLiteral("wdl"), dir, QStringLiteral("--json")});
    QCOMPARE(fix.code, int(Ok));
    QCOMPARE(jsonOf(fix.out).value("changed").toArray(), (QJsonArray{"42_29"}));
    QCOMPARE(jsonOf(fix.out).value("created").toBool(), false);
    QCOMPARE(fileBytes(dir + QStringLiteral("/Map.wdl")), before);
    QCOMPARE(fileBytes(dir + QStringLiteral("/Map.wdl.bak")), stale);
}

void TestCliWdl::infoDumpAndValidateReadIt() {
    const QString dir = mTemp->filePath(QStringLiteral("Map"));
    QVERIFY(makeMap(dir));
    QCOMPARE(runCli({QStringLiteral("wdl"), dir}).code, int(Ok));
    const QString wdl = dir + QStringLiteral("/Map.wdl");

    const CliRun info = runCli({QStringLiteral("info"), wdl});
    QCOMPARE(info.code, int(Ok));
    QVERIFY2(info.out.contains(QStringLiteral("type:     WDL v18")), qPrintable(info.out));
    QVERIFY2(info.out.contains(QStringLiteral("entries:  2 of 4096")), qPrintable(info.out));
    const QJsonObject infoJson = jsonOf(runCli({QStringLiteral("info"), wdl, QStringLiteral("--json")}).out);
    QCOMPARE(infoJson.value("type").toString(), QStringLiteral("WDL"));
    QCOMPARE(infoJson.value("entries").toInt(), 2);
    QCOMPARE(infoJson.value("chunks").toArray().size(), 5); // MVER MWMO MWID MODF MAOF

    const CliRun dump = runCli({QStringLiteral("dump"), wdl});
    QCOMPARE(dump.code, int(Ok));
    const QJsonArray tiles = jsonOf(dump.out).value("tiles").toArray();
    QCOMPARE(tiles.size(), 2);
    QCOMPARE(tiles[0].toObject().value("x").toInt(), 42);
    QCOMPARE(tiles[0].toObject().value("y").toInt(), 29);
    QVERIFY(tiles[0].toObject().value("minHeight").toInt() < tiles[0].toObject().value("maxHeight").toInt());
    QVERIFY(tiles[0].toObject().value("holes").isNull());

    QCOMPARE(runCli({QStringLiteral("validate"), wdl}).code, int(Ok));
    // A MAOF offset that does not lead to a MARE: invalid, named with its chunk and offset.
    QByteArray broken = fileBytes(wdl);
    const qsizetype entry = 44 + (29 * 64 + 42) * 4;
    broken[entry] = char(broken[entry] + 2);
    const QString bad = mTemp->filePath(QStringLiteral("bad.wdl"));
    QVERIFY(writeFile(bad, broken));
    const CliRun invalid = runCli({QStringLiteral("validate"), bad});
    QCOMPARE(invalid.code, int(Invalid));
    QVERIFY2((invalid.out + invalid.err).contains(QStringLiteral("MAOF")),
             qPrintable(invalid.out + invalid.err));
    QVERIFY((invalid.out + invalid.err).contains(QStringLiteral("0x%1").arg(entry, 0, 16)));
    QCOMPARE(runCli({QStringLiteral("info"), bad}).code, int(Failure));
}

void TestCliWdl::missingTileWritesNothing() {
    const QString dir = mTemp->filePath(QStringLiteral("Map"));
    QVERIFY(makeMap(dir, true)); // Azeroth.wdt lists 687 tiles; two files are there
    const CliRun r = runCli({QStringLiteral("wdl"), dir});
    QCOMPARE(r.code, int(Failure));
    QVERIFY2(r.err.contains(QStringLiteral("tile ")), qPrintable(r.err));
    QVERIFY(!QFileInfo::exists(dir + QStringLiteral("/Map.wdl")));
}

void TestCliWdl::usage() {
    QCOMPARE(runCli({QStringLiteral("wdl")}).code, int(Usage));
    QCOMPARE(runCli({QStringLiteral("wdl"), QStringLiteral("a"), QStringLiteral("b")}).code, int(Usage));
    QCOMPARE(runCli({QStringLiteral("wdl"), mTemp->filePath(QStringLiteral("nowhere"))}).code, int(Failure));
    const CliRun help = runCli({QStringLiteral("wdl"), QStringLiteral("--help")});
    QCOMPARE(help.code, int(Ok));
    QVERIFY(help.out.contains(QStringLiteral("MAHO")));
}

QTEST_GUILESS_MAIN(TestCliWdl)
#include "test_cli_wdl.moc"
