// import-wmb: the corpus level test.wmb into a new map. Its blocks come back as a WMO under the map folder
// that `info` reads, placed once (MODF) at --at; its MDL entities are doodads where the level puts them
// (level x east, y north, z up, 1/36 yard per quant, computed here from the level's own positions); without
// --data they are listed as not imported (exit 1) and the WMO is still placed; an HMP entity sets the
// terrain under it; a truncated level and a position off the map write nothing; export-patch ships the
// level's files at their game paths.

#include "cli_case.h"
#include "folder_files.h"

#include "io/assets/asset_source.h"
#include "io/binary/text.h"
#include "io/gamestudio/wmb.h"

#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <cmath>
#include <cstring>

using namespace mapsmith;
using namespace mapsmith::tests;
using Json = nlohmann::json;

namespace {

constexpr double kHalf = 32.0 * 1600.0 / 3.0; // the map's half size, yards
constexpr double kYardsPerQuant = 1.0 / 36.0;
// The centre of tile 32_32 and the flat map's height.
constexpr double kAtX = -800.0 / 3.0;
constexpr double kAtY = -800.0 / 3.0;
constexpr double kGround = 10.0;
const char* const kWmo = "World/wmo/Gamestudio/test/test.wmo";

QString at() {
    return QString::number(kAtX, 'g', 12) + "," + QString::number(kAtY, 'g', 12);
}

// A new flat map Test (tile 32_32, 10 yards) in dir/map; the corpus MDL under the names the level uses in
// dir/data.
bool makeMapAndData(const QString& dir) {
    if (runCli({"new", dir + "/map", "Test", "--tiles", "32_32", "--terrain", "flat", "--height", "10"})
            .code != cli::Ok) {
        return false;
    }
    QDir(dir).mkpath("data");
    const QByteArray mdl = fileBytes(corpus("mdl/mdl5-earth.mdl"));
    return writeFile(dir + "/data/lasergun.mdl", mdl) && writeFile(dir + "/data/laserammo.mdl", mdl) &&
           writeFile(dir + "/data/player.mdl", mdl);
}

Json dumpTile(const QString& path) {
    const CliRun r = runCli({"dump", path, "--json"});
    return r.code == cli::Ok ? Json::parse(r.out.toStdString()) : Json();
}

// World yards (x north, y west, z up) of a dumped placement position (x east, y up, z south).
std::array<double, 3> worldOf(const Json& position) {
    return {kHalf - position[2].get<double>(), kHalf - position[0].get<double>(), position[1].get<double>()};
}

io::Wmb corpusLevel() {
    return io::readWmb(stdBytes(fileBytes(corpus("wmb/test.wmb")))).value();
}

// test.wmb with its ENTITY file "player.mdl" named `replacement` (padded with NULs).
QByteArray patchedLevel(const char* replacement) {
    QByteArray bytes = fileBytes(corpus("wmb/test.wmb"));
    const QByteArray from("player.mdl");
    const QByteArray to = QByteArray(replacement).leftJustified(from.size(), '\0');
    for (qsizetype i = bytes.indexOf(from); i >= 0; i = bytes.indexOf(from, i + 1)) {
        bytes.replace(i, from.size(), to);
    }
    return bytes;
}

} // namespace

class TestCliImportWmb : public QObject {
    Q_OBJECT
private slots:
    void importsTheLevel();
    void withoutDataTheEntitiesAreListed();
    void hmpEntitySetsTheTerrain();
    void whatWritesNothing_data();
    void whatWritesNothing();
};

void TestCliImportWmb::importsTheLevel() {
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    const QString map = dir.path() + "/map";
    CliRun r = runCli(
        {"import-wmb", corpus("wmb/test.wmb"), map, "--at", at(), "--data", dir.path() + "/data", "--json"});
    QVERIFY2(r.code == cli::Ok, qPrintable(r.err));
    const Json report = Json::parse(r.out.toStdString());
    QCOMPARE(report["wmo"]["model"], "World\\wmo\\Gamestudio\\test\\test.wmo");
    QVERIFY(report["wmo"]["groups"].get<int>() >= 1);
    QVERIFY(report["wmo"]["renderedTriangles"].get<int>() > 0);

    // The WMO's files under the map folder, read back by info.
    QVERIFY(QFileInfo::exists(map + "/" + kWmo));
    QVERIFY(QFileInfo::exists(map + "/World/wmo/Gamestudio/test/test_000.wmo"));
    const CliRun info = runCli({"info", map + "/" + kWmo, "--json"});
    QVERIFY2(info.code == cli::Ok, qPrintable(info.err));

    // MODF: one entry at --at, the level's floor (its lowest block point, z -256 quants in test.wmb) on the
    // ground, rotation (0, 90, 0); MDDF: one doodad per MDL entity, where the level puts it: level x east
    // (world y falls), y north (world x grows), z up, 1/36 yard per quant.
    const Json tile = dumpTile(map + "/Test_32_32.adt");
    QCOMPARE(tile["mapObjects"].size(), std::size_t(1));
    const auto wmo = worldOf(tile["mapObjects"][0]["position"]);
    const double origin = kGround + 256.0 * kYardsPerQuant;
    QVERIFY(std::abs(wmo[0] - kAtX) < 0.01 && std::abs(wmo[1] - kAtY) < 0.01 &&
            std::abs(wmo[2] - origin) < 0.01);
    QCOMPARE(tile["mapObjects"][0]["rotation"], Json::parse("[0.0, 90.0, 0.0]"));
    const io::Wmb level = corpusLevel();
    std::size_t models = 0;
    for (const io::WmbEntity& e : level.entities) {
        if (!io::asciiLower(e.fileName).ends_with(".mdl")) {
            continue;
        }
        ++models;
        const double x = kAtX + e.origin[1] * kYardsPerQuant;
        const double y = kAtY - e.origin[0] * kYardsPerQuant;
        const double z = origin + e.origin[2] * kYardsPerQuant;
        bool found = false;
        for (const Json& d : tile["doodads"]) {
            const auto p = worldOf(d["position"]);
            const std::string model = d["model"];
            if (std::abs(p[0] - x) < 0.01 && std::abs(p[1] - y) < 0.01 && std::abs(p[2] - z) < 0.01 &&
                io::asciiLower(model) == io::asciiLower("World\\wmo\\Gamestudio\\test\\" + e.fileName)) {
                found = true;
            }
        }
        QVERIFY2(found, e.fileName.c_str());
    }
    QVERIFY(models > 0);
    QCOMPARE(tile["doodads"].size(), models);
    QCOMPARE(report["doodads"].size(), models);
    QVERIFY(QFileInfo::exists(map + "/World/wmo/Gamestudio/test/player.mdl"));

    // What the level holds beyond blocks and models is listed.
    QStringList kinds;
    for (const Json& n : report["notImported"]) {
        kinds << QString::fromStdString(n["kind"].get<std::string>());
    }
    for (const char* kind : {"INFO", "LIGHT", "SOUND", "PATH", "POSITION"}) {
        QVERIFY2(kinds.contains(kind), kind);
    }

    // The map folder is an asset source of the map: place finds the level's WMO there without --data.
    r = runCli({"place", map, "World\\wmo\\Gamestudio\\test\\test.wmo", "--at", "-300,-300", "--rotation",
                "270", "--json"});
    QVERIFY2(r.code == cli::Ok, qPrintable(r.err));
    QCOMPARE(Json::parse(r.out.toStdString())["placed"][0]["file"], "World\\wmo\\Gamestudio\\test\\test.wmo");

    // export-patch ships the level's files at their game paths.
    r = runCli({"export-patch", map, "--out", dir.path() + "/patch-4.MPQ"});
    QVERIFY2(r.code == cli::Ok, qPrintable(r.err));
    QVERIFY2(r.out.contains("world files"), qPrintable(r.out));
    auto mpq = io::MpqAssetSource::open({(dir.path() + "/patch-4.MPQ").toStdString()});
    QVERIFY(mpq);
    QVERIFY((*mpq)->exists("World\\wmo\\Gamestudio\\test\\test.wmo"));
    QVERIFY((*mpq)->exists("World\\wmo\\Gamestudio\\test\\test_000.wmo"));
    QVERIFY((*mpq)->exists("World\\Maps\\Test\\Test_32_32.adt"));
}

void TestCliImportWmb::withoutDataTheEntitiesAreListed() {
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    const QString map = dir.path() + "/map";
    // A copy of the level in a folder of its own (nothing beside it).
    QDir(dir.path()).mkpath("level");
    QVERIFY(writeFile(dir.path() + "/level/test.wmb", fileBytes(corpus("wmb/test.wmb"))));
    const CliRun r = runCli({"import-wmb", dir.path() + "/level/test.wmb", map, "--at", at() + ",30"});
    QCOMPARE(r.code, cli::Invalid); // imported with problems
    QVERIFY(r.out.contains("not imported: ENTITY 'player_mdl_004 (player.mdl)'"));
    QVERIFY(r.out.contains("player.mdl not found"));
    QVERIFY(r.err.contains("imported with problems"));
    const Json tile = dumpTile(map + "/Test_32_32.adt");
    QCOMPARE(tile["mapObjects"].size(), std::size_t(1));
    QCOMPARE(tile["mapObjects"][0]["position"][1].get<double>(), 30.0);
    QCOMPARE(tile["doodads"].size(), std::size_t(0));

    // Found beside the .wmb (any case) without --data.
    QVERIFY(writeFile(dir.path() + "/level/PLAYER.MDL", fileBytes(corpus("mdl/mdl5-earth.mdl"))));
    const CliRun beside = runCli({"import-wmb", dir.path() + "/level/test.wmb", map, "--at", at(), "--json"});
    const Json report = Json::parse(beside.out.toStdString());
    QCOMPARE(report["doodads"].size(), std::size_t(1));
    QCOMPARE(report["doodads"][0]["file"], "player.mdl");
}

void TestCliImportWmb::hmpEntitySetsTheTerrain() {
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    const QString map = dir.path() + "/map";
    QVERIFY(writeFile(dir.path() + "/data/small.hmp", fileBytes(corpus("hmp/small.hmp"))));
    QVERIFY(writeFile(dir.path() + "/terrain.wmb", patchedLevel("small.hmp")));
    const CliRun r = runCli({"import-wmb", dir.path() + "/terrain.wmb", map, "--at", at(), "--data",
                             dir.path() + "/data", "--json"});
    QVERIFY2(r.code == cli::Ok, qPrintable(r.err));
    const Json report = Json::parse(r.out.toStdString());
    QCOMPARE(report["terrains"].size(), std::size_t(1));
    QCOMPARE(report["terrains"][0]["file"], "small.hmp");
    QVERIFY(report["terrains"][0]["vertices"].get<int>() > 0);
    QCOMPARE(report["terrainTiles"], Json::parse(R"(["32_32"])"));
    // The flat ground (every chunk at 10 yards, relative heights 0) is not flat any more under the level.
    const Json tile = dumpTile(map + "/Test_32_32.adt");
    int bumpy = 0;
    for (const Json& c : tile["chunks"]) {
        for (const Json& h : c["heights"]) {
            bumpy += std::abs(h.get<double>() + c["position"][2].get<double>() - kGround) > 0.01 ? 1 : 0;
        }
    }
    QVERIFY(bumpy > 0);
    QCOMPARE(report["terrains"][0]["vertices"].get<int>() > 0, true);
}

void TestCliImportWmb::whatWritesNothing_data() {
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QByteArray>("level");
    QTest::addColumn<int>("code");
    QTest::addColumn<QString>("message");
    const QByteArray whole = fileBytes(corpus("wmb/test.wmb"));
    QTest::newRow("truncated level") << QStringList{"--at", at()} << whole.left(whole.size() / 2)
                                     << int(cli::Failure) << "0x";
    QTest::newRow("cut in the header")
        << QStringList{"--at", at()} << whole.left(100) << int(cli::Failure) << "0x";
    QTest::newRow("off the map") << QStringList{"--at", "5000,5000"} << whole << int(cli::Invalid)
                                 << "not on a tile of the map";
    QTest::newRow("bad scale") << QStringList{"--at", at(), "--scale", "0"} << whole << int(cli::Usage)
                               << "--scale must be a number above 0";
    QTest::newRow("bad position") << QStringList{"--at", "1,x"} << whole << int(cli::Usage) << "--at must be";
    QTest::newRow("no position") << QStringList{} << whole << int(cli::Usage) << "--at";
}

void TestCliImportWmb::whatWritesNothing() {
    QFETCH(QStringList, args);
    QFETCH(QByteArray, level);
    QFETCH(int, code);
    QFETCH(QString, message);
    QTemporaryDir dir;
    QVERIFY(makeMapAndData(dir.path()));
    QVERIFY(writeFile(dir.path() + "/level.wmb", level));
    const auto before = filesUnder(dir.path() + "/map");
    const CliRun r = runCli(QStringList{"import-wmb", dir.path() + "/level.wmb", dir.path() + "/map",
                                        "--data", dir.path() + "/data"} +
                            args);
    QCOMPARE(r.code, code);
    QVERIFY2(r.err.contains(message), qPrintable(r.err));
    QVERIFY(filesUnder(dir.path() + "/map") == before);
}

QTEST_GUILESS_MAIN(TestCliImportWmb)
#include "test_cli_import_wmb.moc"
