// mapsmith-cli place: the corpus rabbit (M2 + skin) and troll tent (WMO root + group) placed across a tile
// border of a new map, one by its arguments and one from a CSV list, read back with dump: an entry in both
// tiles with one uniqueId, MCRF in exactly the chunks the printed bounds overlap, MODF extents equal to
// them, the tiles valid and kept as .bak; ids fresh over tiles not touched; a split map stays split; what
// must write nothing (a missing model, a position off the map, bad arguments) writes nothing.

#include "support/alpha_wdt_builder.h"
#include "support/model_builders.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <set>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;
using Json = nlohmann::json;

constexpr double kTile = 1600.0 / 3.0;
constexpr double kChunk = kTile / 16.0;

// A new map Test with tiles 32_32, 33_32 and 34_32 (flat, 10 yd) in dir/map and the corpus models under
// dir/data (World\Critter\Rabbit.m2 with its skin, World\wmo\TrollTent.wmo with its group).
bool makeMapAndData(const QString& dir) {
    if (runCli({"new", dir + "/map", "Test", "--tiles", "32_32,33_32,34_32", "--height", "10"}).code !=
        cli::Ok) {
        return false;
    }
    const QDir root(dir);
    if (!root.mkpath("data/World/Critter") || !root.mkpath("data/World/wmo")) {
        return false;
    }
    const QString models = QString::fromStdString(corpusPath("models/"));
    return writeFile(dir + "/data/World/Critter/Rabbit.m2", fileBytes(models + "Rabbit.m2")) &&
           writeFile(dir + "/data/World/Critter/Rabbit00.skin", fileBytes(models + "Rabbit00.skin")) &&
           writeFile(dir + "/data/World/wmo/TrollTent.wmo", fileBytes(models + "trolltent.wmo")) &&
           writeFile(dir + "/data/World/wmo/TrollTent_000.wmo", fileBytes(models + "trolltent_000.wmo"));
}

Json dumpTile(const QString& path) {
    const CliRun r = runCli({"dump", path, "--json"});
    if (r.code != cli::Ok) {
        return Json();
    }
    return Json::parse(r.out.toStdString());
}

// Row-major chunk indices of tile (tx, ty) whose square a placement box's x/z extent reaches (edges
// included), from the box printed by place --json.
std::set<int> chunksUnder(const Json& bounds, int tx, int ty) {
    std::set<int> out;
    const double x0 = bounds["min"][0], z0 = bounds["min"][2];
    const double x1 = bounds["max"][0], z1 = bounds["max"][2];
    for (int row = 0; row < 16; ++row) {
        for (int col = 0; col < 16; ++col) {
            const double cx = (tx * 16 + col) * kChunk;
            const double cz = (ty * 16 + row) * kChunk;
            if (x1 >= cx && x0 <= cx + kChunk && z1 >= cz && z0 <= cz + kChunk) {
                out.insert(row * 16 + col);
            }
        }
    }
    return out;
}

// The chunks of a dumped tile whose doodadRefs / mapObjectRefs name the object (dump gives each MCRF entry
// as the uniqueId of the entry it references).
std::set<int> referencing(const Json& tile, const char* list, std::uint32_t uniqueId) {
    std::set<int> out;
    for (const Json& c : tile["chunks"]) {
        for (const Json& ref : c[list]) {
            if (ref.get<std::uint32_t>() == uniqueId) {
                out.insert(c["index"].get<int>());
            }
        }
    }
    return out;
}

int entryOf(const Json& entries, std::uint32_t uniqueId) {
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (entries[i]["uniqueId"].get<std::uint32_t>() == uniqueId) {
            return int(i);
        }
    }
    return -1;
}

QMap<QString, QByteArray> snapshot(const QString& dir) {
    QMap<QString, QByteArray> out;
    for (const QFileInfo& f : QDir(dir).entryInfoList(QDir::Files)) {
        out[f.fileName()] = fileBytes(f.filePath());
    }
    return out;
}

} // namespace

class TestCliPlace : public QObject {
    Q_OBJECT
private slots:
    void placesAcrossATileBorder();
    void idsAreFreshOverUntouchedTiles();
    void splitMapsStaySplit();
    void whatWritesNothing_data();
    void whatWritesNothing();
    void alphaImportUsesMdxBounds();
};

void TestCliPlace::placesAcrossATileBorder() {
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    const QString map = dir.path() + "/map";
    const QString data = dir.path() + "/data";
    // The rabbit, scaled 6x and turned, on the 32|33 border (world y -533.33); the tent from a CSV line.
    CliRun r = runCli({"place", map, "World\\Critter\\Rabbit.m2", "--at", "-266,-533", "--rotation", "30",
                       "--scale", "6", "--data", data, "--json"});
    QCOMPARE(r.code, cli::Ok);
    const Json rabbit = Json::parse(r.out.toStdString())["placed"][0];
    QCOMPARE(rabbit["kind"], "doodad");
    QCOMPARE(rabbit["file"], "World\\Critter\\Rabbit.m2");
    QCOMPARE(rabbit["position"][2].get<double>(), 10.0); // on the ground
    QCOMPARE(rabbit["tiles"], Json::parse(R"(["32_32", "33_32"])"));
    QVERIFY(writeFile(dir.path() + "/objects.csv", "model,x,y,z,heading,scale\n"
                                                   "# the tent, on the ground\n"
                                                   "World\\wmo\\TrollTent.wmo, -150, -540, , 0\n"));
    r = runCli({"place", map, "--csv", dir.path() + "/objects.csv", "--data", data, "--json"});
    QCOMPARE(r.code, cli::Ok);
    const Json placed = Json::parse(r.out.toStdString());
    const Json tent = placed["placed"][0];
    QCOMPARE(tent["kind"], "wmo");
    QCOMPARE(tent["tiles"], Json::parse(R"(["32_32", "33_32"])"));
    QCOMPARE(placed["saved"].size(), std::size_t(2));
    // The tent's box is its MOHD box (about 20 x 34 x 12 yd), not a 20 yd stand-in cube.
    const double width = tent["bounds"]["max"][0].get<double>() - tent["bounds"]["min"][0].get<double>();
    const double height = tent["bounds"]["max"][1].get<double>() - tent["bounds"]["min"][1].get<double>();
    QVERIFY2(std::abs(width - 34.01) < 0.01,
             qPrintable(QString::number(width))); // MOHD y extent, facing north
    QVERIFY2(std::abs(height - 11.81) < 0.01, qPrintable(QString::number(height)));

    const std::uint32_t rabbitId = rabbit["uniqueId"];
    const std::uint32_t tentId = tent["uniqueId"];
    QVERIFY(rabbitId != tentId);
    for (const int tx : {32, 33}) {
        const QString file = map + QStringLiteral("/Test_%1_32.adt").arg(tx);
        const Json tile = dumpTile(file);
        QVERIFY(!tile.is_null());
        const int d = entryOf(tile["doodads"], rabbitId);
        QVERIFY2(d >= 0, qPrintable(file));
        QCOMPARE(tile["doodads"][std::size_t(d)]["model"], "World\\Critter\\Rabbit.m2");
        QCOMPARE(tile["doodads"][std::size_t(d)]["scale"].get<int>(), 6 * 1024);
        QCOMPARE(tile["doodads"][std::size_t(d)]["rotation"][1].get<double>(), 210.0);
        QCOMPARE(referencing(tile, "doodadRefs", rabbitId), chunksUnder(rabbit["bounds"], tx, 32));
        QVERIFY(!chunksUnder(rabbit["bounds"], tx, 32).empty());
        const int w = entryOf(tile["mapObjects"], tentId);
        QVERIFY2(w >= 0, qPrintable(file));
        const Json& modf = tile["mapObjects"][std::size_t(w)];
        QCOMPARE(modf["model"], "World\\wmo\\TrollTent.wmo");
        QCOMPARE(modf["extents"][0], tent["bounds"]["min"]);
        QCOMPARE(modf["extents"][1], tent["bounds"]["max"]);
        QCOMPARE(referencing(tile, "mapObjectRefs", tentId), chunksUnder(tent["bounds"], tx, 32));
        const CliRun v = runCli({"validate", file});
        QCOMPARE(v.code, cli::Ok);
        QVERIFY(QFileInfo::exists(file + ".bak"));
    }
    // The third tile was not touched.
    QVERIFY(!QFileInfo::exists(map + "/Test_34_32.adt.bak"));
    QCOMPARE(dumpTile(map + "/Test_34_32.adt")["doodads"].size(), std::size_t(0));
}

// Ids come after every id of the map: an object in tile 34_32 (not read for the next placement's tiles)
// keeps its id from being handed out again.
void TestCliPlace::idsAreFreshOverUntouchedTiles() {
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    const QString map = dir.path() + "/map";
    const QString data = dir.path() + "/data";
    QVERIFY(writeFile(dir.path() + "/far.csv", "World\\Critter\\Rabbit.m2,-100,-1300\n"
                                               "World\\Critter\\Rabbit.m2,-110,-1300\n"));
    CliRun r = runCli({"place", map, "--csv", dir.path() + "/far.csv", "--data", data});
    QCOMPARE(r.code, cli::Ok);
    QVERIFY(r.out.contains("uniqueId 1)") && r.out.contains("uniqueId 2)"));
    r = runCli({"place", map, "World\\Critter\\Rabbit.m2", "--at", "-100,-100", "--data", data, "--json"});
    QCOMPARE(r.code, cli::Ok);
    QCOMPARE(Json::parse(r.out.toStdString())["placed"][0]["uniqueId"].get<int>(), 3);
}

void TestCliPlace::splitMapsStaySplit() {
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    const QString split = dir.path() + "/split";
    QCOMPARE(runCli({"convert", dir.path() + "/map", "--to", "split", "--out", split}).code, cli::Ok);
    QVERIFY(QFileInfo::exists(split + "/Test_33_32_obj0.adt"));
    const CliRun r = runCli({"place", split, "World\\wmo\\TrollTent.wmo", "--at", "-200,-800", "--rotation",
                             "45", "--data", dir.path() + "/data"});
    QCOMPARE(r.code, cli::Ok);
    QVERIFY(QFileInfo::exists(split + "/Test_33_32_obj0.adt.bak")); // the object file was rewritten
    const Json tile = dumpTile(split + "/Test_33_32.adt");
    QCOMPARE(tile["mapObjects"].size(), std::size_t(1));
    QCOMPARE(tile["mapObjects"][0]["rotation"][1].get<double>(), 225.0);
    QCOMPARE(runCli({"validate", split + "/Test_33_32.adt"}).code, cli::Ok);
}

void TestCliPlace::whatWritesNothing_data() {
    QTest::addColumn<QStringList>("args"); // after "place @map"; @data and @dir stand for those folders
    QTest::addColumn<QString>("csv");      // written to @dir/list.csv when not empty
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    QTest::newRow("missing model")
        << QStringList{"World\\Lost\\Tree.mdx", "--at", "-100,-100", "--data", "@data"} << QString()
        << int(Failure)
        << "not found in the game data: World\\Lost\\Tree.mdx (nor World\\Lost\\Tree.m2); "
           "nothing written";
    QTest::newRow("missing model without --data")
        << QStringList{"World\\Critter\\Rabbit.m2", "--at", "-100,-100"} << QString() << int(Failure)
        << "(no --data given); nothing written";
    QTest::newRow("missing model in a list")
        << QStringList{"--csv", "@dir/list.csv", "--data", "@data"}
        << "World\\Critter\\Rabbit.m2,-100,-100\nWorld\\wmo\\Lost.wmo,-100,-120\n"
        << int(Failure) << "line 2: not found in the game data: World\\wmo\\Lost.wmo; nothing written";
    QTest::newRow("unreadable model")
        << QStringList{"World\\Critter\\Rabbit00.skin", "--at", "-100,-100", "--data", "@data"} << QString()
        << int(Failure) << "not a model file Mapsmith reads";
    QTest::newRow("off the map") << QStringList{"World\\Critter\\Rabbit.m2", "--at", "-100,100", "--data",
                                                "@data"}
                                 << QString() << int(Invalid)
                                 << "-100, 100 is not on a tile of the map (tile 31_32 does not exist)";
    QTest::newRow("scaled WMO")
        << QStringList{"World\\wmo\\TrollTent.wmo", "--at", "-100,-100", "--scale", "2", "--data", "@data"}
        << QString() << int(Usage) << "WotLK cannot scale WMOs";
    QTest::newRow("no --at") << QStringList{"World\\Critter\\Rabbit.m2"} << QString() << int(Usage)
                             << "--at X,Y[,Z] is required";
    QTest::newRow("bad --at") << QStringList{"World\\Critter\\Rabbit.m2", "--at", "1;2"} << QString()
                              << int(Usage) << "--at must be X,Y or X,Y,Z";
    QTest::newRow("MODEL and --csv") << QStringList{"World\\Critter\\Rabbit.m2", "--csv", "@dir/list.csv"}
                                     << QString() << int(Usage)
                                     << "give either MODEL with --at, or --csv FILE";
    QTest::newRow("bad CSV line")
        << QStringList{"--csv", "@dir/list.csv", "--data", "@data"}
        << "World\\Critter\\Rabbit.m2,-100,-100\nWorld\\Critter\\Rabbit.m2,-100,west\n"
        << int(Usage) << "line 2: y \"west\" is not a number; nothing written";
    QTest::newRow("empty CSV") << QStringList{"--csv", "@dir/list.csv"} << "# nothing\n"
                               << int(Usage) << "lists no objects";
    QTest::newRow("missing CSV") << QStringList{"--csv", "@dir/none.csv"} << QString() << int(Failure)
                                 << "none.csv";
    QTest::newRow("bad --data") << QStringList{"World\\Critter\\Rabbit.m2", "--at", "-100,-100", "--data",
                                               "@dir/nowhere"}
                                << QString() << int(Failure) << "nowhere does not exist";
}

void TestCliPlace::whatWritesNothing() {
    QFETCH(QStringList, args);
    QFETCH(QString, csv);
    QFETCH(int, code);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    if (!csv.isEmpty()) {
        QVERIFY(writeFile(dir.path() + "/list.csv", csv.toUtf8()));
    }
    const QString map = dir.path() + "/map";
    const auto before = snapshot(map);
    QStringList full{"place", map};
    for (QString a : args) {
        full.push_back(a.replace("@data", dir.path() + "/data").replace("@dir", dir.path()));
    }
    const CliRun r = runCli(full);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QCOMPARE(snapshot(map), before); // no file written, no .bak made
}

// convert --data: a 0.5.3 map's doodad whose MDX is in the game data is referenced from the chunks its
// box overlaps; the others as the alpha file names them.
void TestCliPlace::alphaImportUsesMdxBounds() {
    QTemporaryDir dir;
    alpha::Map map = alpha::sampleMap();
    // Bush (its MDX box 4 x 4 yd) 1 yd into chunk row 4, column 2 of tile (30, 40): rows 4-5, columns 1-2.
    map.tiles.at(0).doodads[0].position = {float(30 * kTile + 2 * kChunk + 1.0), 12.5f,
                                           float(40 * kTile + 5 * kChunk - 1.0)};
    const std::vector<std::byte> bytes = alpha::build(map);
    QVERIFY(writeFile(dir.path() + "/Kalidar.wdt",
                      QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()))));
    QVERIFY(QDir(dir.path()).mkpath("data/World/Generic"));
    MdxSpec bush;
    bush.bounds = {3.0f, -2, -2, 0, 2, 2, 3}; // radius, min, max
    const std::vector<std::byte> mdx = buildMdx(bush);
    QVERIFY(writeFile(dir.path() + "/data/World/Generic/Bush03.mdx",
                      QByteArray(reinterpret_cast<const char*>(mdx.data()), qsizetype(mdx.size()))));
    const CliRun r = runCli({"convert", dir.path() + "/Kalidar.wdt", "--to", "v18", "--out",
                             dir.path() + "/out", "--data", dir.path() + "/data"});
    QCOMPARE(r.code, cli::Ok);
    QVERIFY2(r.out.contains("doodad references: 2 from their model's bounds, 2 as the alpha file names them"),
             qPrintable(r.out));
    QVERIFY2(r.err.contains("World\\Azeroth\\Tree01.mdx, World\\Generic\\Rock02.mdx"), qPrintable(r.err));
    const Json tile = dumpTile(dir.path() + "/out/Kalidar_30_40.adt");
    QCOMPARE(referencing(tile, "doodadRefs", 100), (std::set<int>{65, 66, 81, 82}));
    // Without --data every doodad keeps the alpha file's references (chunk 0 named the bush).
    QCOMPARE(
        runCli({"convert", dir.path() + "/Kalidar.wdt", "--to", "v18", "--out", dir.path() + "/plain"}).code,
        cli::Ok);
    QCOMPARE(referencing(dumpTile(dir.path() + "/plain/Kalidar_30_40.adt"), "doodadRefs", 100),
             (std::set<int>{0}));
}

QTEST_GUILESS_MAIN(TestCliPlace)
#include "test_cli_place.moc"
