// mapsmith-cli server-maps: a map folder with the two corpus tiles written for both cores, every field of
// each file as the extractors' rules make it of the tile (tests/support/server_map_reference.h), under the
// extractors' names; exit codes and messages for usage errors, a WDT TrinityCore's extractor skips, tiles
// left out and a tile the extractors cannot take (the other tiles still written).

#include "io/adt/adt.h"
#include "io/wdt/wdt.h"
#include "support/server_map_reference.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"

#include <QDir>
#include <QFileInfo>
#include <QtTest>

#include <optional>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

std::optional<io::Adt> readTile(const QString& path) {
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto read = io::readAdt(stdBytes(fileBytes(path)), options);
    return read ? std::optional<io::Adt>(std::move(read->adt)) : std::nullopt;
}

// A map folder <parent>/<name> with Azeroth.wdt (or `wdt`) as <name>.wdt and the corpus tiles as
// 38_46 (Azeroth_38_46) and 42_29 (continent4229, with ocean), both listed in Azeroth.wdt's MAIN.
bool makeMap(const QString& parent, const QString& name, const QByteArray& wdt = {}) {
    const QString dir = parent + QLatin1Char('/') + name;
    return QDir().mkpath(dir) &&
           writeFile(dir + QStringLiteral("/%1.wdt").arg(name),
                     wdt.isEmpty() ? fileBytes(corpus("adt/Azeroth.wdt")) : wdt) &&
           writeFile(dir + QStringLiteral("/%1_38_46.adt").arg(name),
                     fileBytes(corpus("adt/Azeroth_38_46.adt"))) &&
           writeFile(dir + QStringLiteral("/%1_42_29.adt").arg(name),
                     fileBytes(corpus("adt/continent4229.adt")));
}

} // namespace

class TestCliServerMaps : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void bothCoresFollowTheRules();
    void rewritingKeepsTheOldFile();
    void cases_data();
    void cases();

private:
    QString fixture(const QString& name) const { return mFixture.filePath(name); }

    CliFixture mFixture;
    std::optional<QTemporaryDir> mTemp;
};

void TestCliServerMaps::initTestCase() {
    QVERIFY(mFixture.isValid());
    QVERIFY(makeMap(mFixture.path(), QStringLiteral("Map")));
    // NoMwmo: Azeroth.wdt without its MWMO (TrinityCore 3.3.5's extractor skips such a map).
    auto wdt = io::readWdt(stdBytes(fileBytes(corpus("adt/Azeroth.wdt"))));
    QVERIFY(wdt);
    wdt->wmoName.reset();
    wdt->mapObjects.reset();
    QVERIFY(makeMap(mFixture.path(), QStringLiteral("NoMwmo"), qtBytes(io::writeWdt(*wdt))));
    // Unlisted: also a tile 0_0, which Azeroth.wdt does not list.
    QVERIFY(makeMap(mFixture.path(), QStringLiteral("Unlisted")));
    QVERIFY(writeFile(fixture("Unlisted/Unlisted_0_0.adt"), fileBytes(corpus("adt/Azeroth_38_46.adt"))));
    // BadLiquid: its 38_46 holds liquid type 16, which 3.3.5's LiquidType table does not have.
    QVERIFY(makeMap(mFixture.path(), QStringLiteral("BadLiquid")));
    auto tile = readTile(corpus("adt/Azeroth_38_46.adt"));
    QVERIFY(tile);
    io::LiquidInstance in;
    in.liquidType = 16;
    tile->liquids.emplace().chunks[20].instances.push_back(in);
    QVERIFY(writeFile(fixture("BadLiquid/BadLiquid_38_46.adt"), qtBytes(io::writeAdt(*tile))));
    mFixture.seal();
}

void TestCliServerMaps::init() {
    mTemp.emplace();
    QVERIFY(mTemp->isValid());
}

void TestCliServerMaps::cleanup() {
    mTemp.reset();
    const QString changed = mFixture.takeChanges();
    QVERIFY2(changed.isEmpty(), qPrintable(changed));
}

void TestCliServerMaps::bothCoresFollowTheRules() {
    const auto azeroth = readTile(fixture("Map/Map_38_46.adt"));
    const auto continent = readTile(fixture("Map/Map_42_29.adt"));
    QVERIFY(azeroth && continent);
    for (const auto& [core, version] : {std::pair{"azerothcore", 9u}, std::pair{"trinitycore", 10u}}) {
        const QString out = mTemp->filePath(QLatin1String(core));
        const CliRun r =
            runCli({"server-maps", fixture("Map"), "--map-id", "0", "--core", core, "--out", out});
        QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains("wrote 0004638.map (from Map_38_46.adt"), qPrintable(r.out));
        QVERIFY2(r.out.contains("wrote 0002942.map (from Map_42_29.adt"), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("map file version %1, map 0").arg(version)),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains("skipped 685 tile(s) Map.wdt lists without a file"), qPrintable(r.out));
        QCOMPARE(QDir(out).entryList(QDir::Files), QStringList({"0002942.map", "0004638.map"}));
        for (const auto& [file, adt] :
             {std::pair{"0004638.map", &*azeroth}, std::pair{"0002942.map", &*continent}}) {
            const auto view = readMapFile(stdBytes(fileBytes(out + QLatin1Char('/') + QLatin1String(file))));
            const auto problems = checkAgainstRules(view, *adt, version);
            QVERIFY2(problems.empty(),
                     qPrintable(QString::fromStdString(std::string(file) + ": " +
                                                       (problems.empty() ? "" : problems.front()))));
        }
    }
    // Another map id, one tile of the block: the name starts with the id.
    const QString out = mTemp->filePath("northrend");
    const CliRun r = runCli({"server-maps", fixture("Map/Map.wdt"), "--map-id", "571", "--core",
                             "azerothcore", "--out", out, "--tiles", "38_46:39_47"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QCOMPARE(QDir(out).entryList(QDir::Files), QStringList({"5714638.map"}));
}

void TestCliServerMaps::rewritingKeepsTheOldFile() {
    const QString out = mTemp->filePath("maps");
    const QStringList args{"server-maps", fixture("Map"), "--map-id", "0",       "--core",
                           "trinitycore", "--out",        out,        "--tiles", "38_46"};
    QCOMPARE(runCli(args).code, Ok);
    const QByteArray first = fileBytes(out + "/0004638.map");
    QVERIFY(writeFile(out + "/0004638.map", QByteArray("an older file")));
    QCOMPARE(runCli(args).code, Ok);
    QCOMPARE(fileBytes(out + "/0004638.map"), first);
    QCOMPARE(fileBytes(out + "/0004638.map.bak"), QByteArray("an older file"));
}

void TestCliServerMaps::cases_data() {
    addCliCaseColumn();
    addCliCase("help",
               {.args = {"server-maps", "--help"}, .outHas = {"map extractor", "--map-id", "--core"}});
    addCliCase("top help", {.args = {"--help"}, .outHas = {"server-maps MAPDIR --map-id N --core"}});
    addCliCase("without --map-id",
               {.args = {"server-maps", "@fixture/Map", "--core", "azerothcore", "--out", "@out/m"},
                .code = Usage,
                .errHas = {"--map-id is required"}});
    addCliCase("without --core", {.args = {"server-maps", "@fixture/Map", "--map-id", "0", "--out", "@out/m"},
                                  .code = Usage,
                                  .errHas = {"--core is required"}});
    addCliCase("without --out",
               {.args = {"server-maps", "@fixture/Map", "--map-id", "0", "--core", "azerothcore"},
                .code = Usage,
                .errHas = {"--out is required"}});
    addCliCase("unknown core", {.args = {"server-maps", "@fixture/Map", "--map-id", "0", "--core", "mangos",
                                         "--out", "@out/m"},
                                .code = Usage,
                                .errHas = {"--core must be azerothcore or trinitycore, not 'mangos'"},
                                .absent = {"@out/m"}});
    addCliCase("map id not a number", {.args = {"server-maps", "@fixture/Map", "--map-id", "-1", "--core",
                                                "azerothcore", "--out", "@out/m"},
                                       .code = Usage,
                                       .errHas = {"--map-id must be a Map.dbc id"}});
    addCliCase("bad block", {.args = {"server-maps", "@fixture/Map", "--map-id", "0", "--core", "azerothcore",
                                      "--out", "@out/m", "--tiles", "64_1"},
                             .code = Usage});
    addCliCase("no map folder", {.args = {"server-maps", "@fixture/Nowhere", "--map-id", "0", "--core",
                                          "azerothcore", "--out", "@out/m"},
                                 .code = Failure,
                                 .errHas = {"cannot find the map folder"}});
    addCliCase(
        "TrinityCore skips a WDT without MWMO",
        {.args = {"server-maps", "@fixture/NoMwmo", "--map-id", "0", "--core", "trinitycore", "--out",
                  "@out/m"},
         .code = Invalid,
         .errHas = {"NoMwmo.wdt: TrinityCore's extractor skips this map: the WDT ends before the MWMO chunk "
                    "that must follow MAIN"},
         .absent = {"@out/m/0004638.map"}});
    addCliCase("AzerothCore reads a WDT without MWMO",
               {.args = {"server-maps", "@fixture/NoMwmo", "--map-id", "0", "--core", "azerothcore", "--out",
                         "@out/m"},
                .outHas = {"wrote 0004638.map", "wrote 0002942.map", "wrote 2 of 2 server map files"}});
    addCliCase("a block without tiles", {.args = {"server-maps", "@fixture/Map", "--map-id", "0", "--core",
                                                  "azerothcore", "--out", "@out/m", "--tiles", "10_10:11_11"},
                                         .code = Invalid,
                                         .errHas = {"no tile of Map to convert in 10_10:11_11"},
                                         .absent = {"@out/m"}});
    addCliCase(
        "a tile the WDT does not list",
        {.args = {"server-maps", "@fixture/Unlisted", "--map-id", "1", "--core", "azerothcore", "--out",
                  "@out/m"},
         .outHas = {"skipped Unlisted_0_0.adt: not listed in Unlisted.wdt (MAIN), so the extractor never "
                    "reads it",
                    "wrote 2 of 2"},
         .absent = {"@out/m/0010000.map"}});
    addCliCase(
        "a liquid type 3.3.5 does not know",
        {.args = {"server-maps", "@fixture/BadLiquid", "--map-id", "0", "--core", "trinitycore", "--out",
                  "@out/m"},
         .code = Invalid,
         .outHas = {"wrote 0002942.map", "wrote 1 of 2 server map files"},
         .errHas = {"BadLiquid_38_46.adt: MH2O of map chunk 20 (row 1, column 4): liquid type 16 is not in "
                    "the 3.3.5 LiquidType table; the extractors stop on it; no server map written for it"},
         .absent = {"@out/m/0004638.map"}});
}

void TestCliServerMaps::cases() {
    checkCliCase(mFixture, mTemp->path());
}

QTEST_MAIN(TestCliServerMaps)
#include "test_cli_server_maps.moc"
