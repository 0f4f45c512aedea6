// mapsmith-cli minimap: the corpus tiles and the demo map rendered into the map folder's minimaps/ tree
// as 256 / 512 px DXT1 BLPs, unhashed without game data, hashed (MD5 of the bytes) with a merged
// md5translate.trs when the game data's lists the map; export-patch then carries them and says so.

#include "io/assets/asset_source.h"
#include "io/assets/blp.h"
#include "io/assets/minimap.h"
#include "support/test_blp.h"
#include "support/test_files.h"
#include "support/test_mpq.h"
#include "support/write_file.h"
#include "tests/cli/cli_case.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <csignal>
#include <cstring>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

// <parent>/Map: Azeroth.wdt as Map.wdt with the corpus tiles as 38_46 and 42_29 (both in its MAIN).
QString makeMap(const QString& parent) {
    const QString dir = parent + QStringLiteral("/Map");
    const bool ok = QDir().mkpath(dir) && writeFile(dir + "/Map.wdt", fileBytes(corpus("adt/Azeroth.wdt"))) &&
                    writeFile(dir + "/Map_38_46.adt", fileBytes(corpus("adt/Azeroth_38_46.adt"))) &&
                    writeFile(dir + "/Map_42_29.adt", fileBytes(corpus("adt/continent4229.adt")));
    return ok ? dir : QString();
}

// The decoded BLP at path, or a failure.
std::optional<io::BlpImage> blpAt(const QString& path) {
    const QByteArray bytes = fileBytes(path);
    if (bytes.isEmpty()) {
        return std::nullopt;
    }
    auto read = io::readBlp(stdBytes(bytes));
    return read ? std::optional<io::BlpImage>(std::move(*read)) : std::nullopt;
}

// The client's md5translate.trs as a game data folder holds it (CRLF, as Blizzard's): another map's block,
// and this map's with an old entry for 38_46 and one for a tile the run does not render.
const char* const kClientTrs = "dir: Azeroth\r\n"
                               "Azeroth\\map29_40.blp\t0123456789abcdef0123456789abcdef.blp\r\n"
                               "Azeroth\\map30_40.blp\tfedcba9876543210fedcba9876543210.blp\r\n"
                               "\r\n"
                               "dir: Map\r\n"
                               "Map\\map38_46.blp\t00000000000000000000000000000000.blp\r\n"
                               "Map\\map1_01.blp\t11111111111111111111111111111111.blp\r\n"
                               "dir: WMO\\Dungeon\r\n"
                               "WMO\\Dungeon\\x.blp\t22222222222222222222222222222222.blp\r\n";

// Level 0 of the BLP at path, decoded.
io::BlpLevel levelAt(const QString& path) {
    auto level = io::readBlpLevel(stdBytes(fileBytes(path)), 0);
    return level ? std::move(*level) : io::BlpLevel{};
}

std::array<int, 3> pixelAt(const io::BlpLevel& l, int x, int y) {
    const std::size_t p = (std::size_t(y) * l.width + std::size_t(x)) * 4;
    return {l.rgba[p], l.rgba[p + 1], l.rgba[p + 2]};
}

} // namespace

class TestCliMinimap : public QObject {
    Q_OBJECT
private slots:
    void unhashedWithoutGameData();
    void sizeTilesAndJson();
    void hashedWithTheClientsTranslateFile();
    void exportPatchCarriesThem();
    void demoMapMinimapsAreFound();
    void usageAndFailures();
    void modelsWithDataAndNoModels();
    void archiveThatCrashesStormLibIsNamed();
};

void TestCliMinimap::unhashedWithoutGameData() {
    QTemporaryDir temp;
    const QString map = makeMap(temp.path());
    QVERIFY(!map.isEmpty());
    const CliRun r = runCli({QStringLiteral("minimap"), map});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("wrote 2 of 2 minimaps (256 px, DXT1, unhashed names)")));
    for (const char* name : {"map38_46.blp", "map42_29.blp"}) {
        const auto blp = blpAt(map + "/minimaps/textures/Minimap/Map/" + name);
        QVERIFY2(blp, name);
        QCOMPARE(blp->width, 256u);
        QCOMPARE(blp->height, 256u);
        QCOMPARE(blp->encoding, io::BlpEncoding::Dxt);
        QCOMPARE(blp->dxt, io::BlpDxt::Dxt1);
    }
    // continent4229 has a chunk with holes: DXT1 with 1-bit alpha; Azeroth_38_46 has none.
    QCOMPARE(blpAt(map + "/minimaps/textures/Minimap/Map/map42_29.blp")->alphaDepth, std::uint8_t(1));
    QCOMPARE(blpAt(map + "/minimaps/textures/Minimap/Map/map38_46.blp")->alphaDepth, std::uint8_t(0));
    QVERIFY(!QFileInfo::exists(map + "/minimaps/textures/Minimap/md5translate.trs"));
    // The same tiles give the same bytes (deterministic).
    const QByteArray first = fileBytes(map + "/minimaps/textures/Minimap/Map/map42_29.blp");
    QCOMPARE(runCli({QStringLiteral("minimap"), map}).code, int(Ok));
    QCOMPARE(fileBytes(map + "/minimaps/textures/Minimap/Map/map42_29.blp"), first);
}

void TestCliMinimap::sizeTilesAndJson() {
    QTemporaryDir temp;
    const QString map = makeMap(temp.path());
    const CliRun r =
        runCli({QStringLiteral("minimap"), map + "/Map.wdt", QStringLiteral("--size"), QStringLiteral("512"),
                QStringLiteral("--tiles"), QStringLiteral("42_29"), QStringLiteral("--json")});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
    const QJsonObject report = QJsonDocument::fromJson(r.out.toUtf8()).object();
    QCOMPARE(report.value("layout").toString(), QStringLiteral("unhashed"));
    QCOMPARE(report.value("size").toInt(), 512);
    const QJsonArray written = report.value("written").toArray();
    QCOMPARE(written.size(), 1);
    QCOMPARE(written[0].toObject().value("tile").toString(), QStringLiteral("42_29"));
    QCOMPARE(written[0].toObject().value("gamePath").toString(),
             QStringLiteral("textures\\Minimap\\Map\\map42_29.blp"));
    QCOMPARE(blpAt(map + "/minimaps/textures/Minimap/Map/map42_29.blp")->width, 512u);
    QVERIFY(!QFileInfo::exists(map + "/minimaps/textures/Minimap/Map/map38_46.blp"));
}

void TestCliMinimap::hashedWithTheClientsTranslateFile() {
    QTemporaryDir temp;
    const QString map = makeMap(temp.path());
    const QString data = temp.path() + "/Data";
    QVERIFY(QDir().mkpath(data + "/textures/Minimap"));
    QVERIFY(writeFile(data + "/textures/Minimap/md5translate.trs", QByteArray(kClientTrs)));
    const CliRun r = runCli({QStringLiteral("minimap"), map, QStringLiteral("--data"), data});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("hashed names")));
    const QString root = map + "/minimaps/textures/Minimap/";
    const QByteArray trs = fileBytes(root + "md5translate.trs");
    QVERIFY(!trs.isEmpty());
    // Every line of the client's file is kept but the re-rendered tile's; the new entries name files
    // called by the MD5 of their bytes, which decode as 256 px DXT1.
    const auto index = io::parseMd5Translate(std::string_view(trs.constData(), std::size_t(trs.size())));
    QCOMPARE(index.at("azeroth").size(), std::size_t(2));
    QCOMPARE(index.at("map").size(), std::size_t(3)); // 1_01 kept, 38_46 replaced, 42_29 added
    QCOMPARE(index.at("map").at({1, 1}),
             std::string("textures\\minimap\\11111111111111111111111111111111.blp"));
    QVERIFY(
        trs.contains("dir: WMO\\Dungeon\r\nWMO\\Dungeon\\x.blp\t22222222222222222222222222222222.blp\r\n"));
    QVERIFY(
        trs.startsWith("dir: Azeroth\r\nAzeroth\\map29_40.blp\t0123456789abcdef0123456789abcdef.blp\r\n"
                       "Azeroth\\map30_40.blp\tfedcba9876543210fedcba9876543210.blp\r\n\r\ndir: Map\r\n"));
    QVERIFY(!trs.contains("00000000000000000000000000000000"));
    QVERIFY(!trs.contains("\n\n") && !trs.contains(QByteArray("\r\r")));
    for (const std::pair<int, int> tile : {std::pair{38, 46}, std::pair{42, 29}}) {
        const std::string path = index.at("map").at(tile);
        const QString name = QString::fromStdString(path.substr(path.find_last_of('\\') + 1));
        const QByteArray bytes = fileBytes(root + name);
        QVERIFY2(!bytes.isEmpty(), qPrintable(name));
        QCOMPARE(name, QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Md5).toHex()) +
                           ".blp");
        const auto blp = blpAt(root + name);
        QVERIFY(blp && blp->width == 256u && blp->dxt == io::BlpDxt::Dxt1);
        // The line as the client writes it: "<Map>\map<x>_<yy>.blp<TAB><md5>.blp" with CRLF.
        QVERIFY(trs.contains(QStringLiteral("Map\\map%1_%2.blp\t%3\r\n")
                                 .arg(tile.first)
                                 .arg(tile.second)
                                 .arg(name)
                                 .toLatin1()));
    }
    QVERIFY(!QFileInfo::exists(root + "Map")); // no unhashed copies
}

void TestCliMinimap::exportPatchCarriesThem() {
    QTemporaryDir temp;
    const QString map = makeMap(temp.path());
    const QString data = temp.path() + "/Data";
    QVERIFY(QDir().mkpath(data + "/textures/Minimap"));
    QVERIFY(writeFile(data + "/textures/Minimap/md5translate.trs", QByteArray(kClientTrs)));
    QCOMPARE(runCli({QStringLiteral("minimap"), map, QStringLiteral("--data"), data}).code, int(Ok));
    QVERIFY(writeFile(map + "/Map.wdl", QByteArray("MVER")));
    const QString mpq = temp.path() + "/patch-4.MPQ";
    const CliRun r = runCli({QStringLiteral("export-patch"), map, QStringLiteral("--out"), mpq});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
    QVERIFY2(
        r.out.contains(QStringLiteral("contents: 1 WDT, 1 WDL, 2 tiles, 2 minimaps, md5translate.trs\n")),
        qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("wrote 7 files")));
    auto archive = io::MpqAssetSource::open({mpq.toStdString()});
    QVERIFY(archive);
    const QByteArray trs = fileBytes(map + "/minimaps/textures/Minimap/md5translate.trs");
    const auto inPatch = (*archive)->read("textures\\Minimap\\md5translate.trs");
    QVERIFY(inPatch);
    QCOMPARE(QByteArray(reinterpret_cast<const char*>(inPatch->data()), qsizetype(inPatch->size())), trs);
    const auto index = io::parseMd5Translate(std::string_view(trs.constData(), std::size_t(trs.size())));
    for (const auto& [tile, path] : index.at("map")) {
        if (tile != std::pair{1, 1}) {
            QVERIFY2((*archive)->exists(path), path.c_str());
        }
    }
    QVERIFY((*archive)->exists("World\\Maps\\Map\\Map_42_29.adt"));

    // Unhashed: the images at their folder paths, no translate file.
    QVERIFY(QDir(map + "/minimaps").removeRecursively());
    QCOMPARE(runCli({QStringLiteral("minimap"), map}).code, int(Ok));
    const CliRun again = runCli({QStringLiteral("export-patch"), map, QStringLiteral("--out"), mpq});
    QVERIFY2(again.out.contains(QStringLiteral("contents: 1 WDT, 1 WDL, 2 tiles, 2 minimaps\n")),
             qPrintable(again.out));
    archive = io::MpqAssetSource::open({mpq.toStdString()});
    QVERIFY(archive);
    QVERIFY((*archive)->exists("textures\\Minimap\\Map\\map38_46.blp"));
    QVERIFY(!(*archive)->exists("textures\\Minimap\\md5translate.trs"));
}

void TestCliMinimap::demoMapMinimapsAreFound() {
    // The bundled demo map: the images sit where io::minimapPath finds them in the folder as game data.
    QTemporaryDir temp;
    const QString map = temp.path() + "/Mapsmith";
    QVERIFY(QDir().mkpath(map));
    for (const QString& f :
         QDir(QStringLiteral(MAPSMITH_SOURCE_DIR "/resources/demo")).entryList(QDir::Files)) {
        QVERIFY(
            writeFile(map + "/" + f, fileBytes(QStringLiteral(MAPSMITH_SOURCE_DIR "/resources/demo/") + f)));
    }
    QCOMPARE(runCli({QStringLiteral("minimap"), map}).code, int(Ok));
    auto folder = io::FolderAssetSource::open((map + "/minimaps").toStdString());
    QVERIFY(folder);
    for (const auto& [x, y] : {std::pair{32, 32}, std::pair{33, 32}, std::pair{32, 33}, std::pair{33, 33}}) {
        QCOMPARE(QString::fromStdString(io::minimapPath(**folder, {}, "Mapsmith", x, y)).toLower(),
                 QStringLiteral("textures\\minimap\\mapsmith\\map%1_%2.blp").arg(x).arg(y));
    }
}

void TestCliMinimap::usageAndFailures() {
    QTemporaryDir temp;
    const QString map = makeMap(temp.path());
    const CliRun size =
        runCli({QStringLiteral("minimap"), map, QStringLiteral("--size"), QStringLiteral("300")});
    QCOMPARE(size.code, int(Usage));
    QVERIFY(size.err.contains(QStringLiteral("--size must be 256 or 512")));
    QCOMPARE(runCli({QStringLiteral("minimap")}).code, int(Usage));
    const CliRun none =
        runCli({QStringLiteral("minimap"), map, QStringLiteral("--tiles"), QStringLiteral("0_0")});
    QCOMPARE(none.code, int(Invalid));
    QVERIFY(none.err.contains(QStringLiteral("no tile of Map to render in 0_0")));
    QCOMPARE(runCli({QStringLiteral("minimap"), temp.path() + "/missing"}).code, int(Failure));
    QVERIFY(!QFileInfo::exists(map + "/minimaps"));
    // A tile that cannot be read is named; the others are written.
    QVERIFY(writeFile(map + "/Map_38_46.adt", QByteArray("MVER")));
    const CliRun broken = runCli({QStringLiteral("minimap"), map});
    QCOMPARE(broken.code, int(Failure));
    QVERIFY2(broken.err.contains(QStringLiteral("Map_38_46.adt")), qPrintable(broken.err));
    QVERIFY(QFileInfo::exists(map + "/minimaps/textures/Minimap/Map/map42_29.blp"));
}

void TestCliMinimap::modelsWithDataAndNoModels() {
    QTemporaryDir temp;
    const QString data = temp.path() + "/Data";
    const QString map = temp.path() + "/Camp";
    // The corpus tent with red, green and blue textures at the paths its materials name, and the rabbit.
    for (const char* folder :
         {"/World/Camp", "/DUNGEONS/TEXTURES/ROOF", "/DUNGEONS/TEXTURES/WOOD", "/DUNGEONS/TEXTURES/TRIM"}) {
        QVERIFY(QDir().mkpath(data + QLatin1String(folder)));
    }
    QVERIFY(writeFile(data + "/World/Camp/TrollTent.wmo", fileBytes(corpus("models/trolltent.wmo"))));
    QVERIFY(writeFile(data + "/World/Camp/TrollTent_000.wmo", fileBytes(corpus("models/trolltent_000.wmo"))));
    QVERIFY(writeFile(data + "/World/Camp/Rabbit.m2", fileBytes(corpus("models/Rabbit.m2"))));
    QVERIFY(writeFile(data + "/World/Camp/Rabbit00.skin", fileBytes(corpus("models/Rabbit00.skin"))));
    QVERIFY(test::writeFile(data + "/DUNGEONS/TEXTURES/ROOF/BM_TROLL_KOTOSKIN01.BLP",
                            test::solidBlp(QColor(255, 0, 0), io::BlpWriteFormat::Uncompressed, 16)));
    QVERIFY(test::writeFile(data + "/DUNGEONS/TEXTURES/WOOD/BM_TROLL_SUPPORTS01.BLP",
                            test::solidBlp(QColor(0, 255, 0), io::BlpWriteFormat::Uncompressed, 16)));
    QVERIFY(test::writeFile(data + "/DUNGEONS/TEXTURES/TRIM/BM_TROLL_TRIM01.BLP",
                            test::solidBlp(QColor(0, 0, 255), io::BlpWriteFormat::Uncompressed, 16)));
    QCOMPARE(runCli({QStringLiteral("new"), map, QStringLiteral("Camp"), QStringLiteral("--tiles"),
                     QStringLiteral("32_32"), QStringLiteral("--terrain"), QStringLiteral("flat")})
                 .code,
             int(Ok));
    // The tile's centre is world (-266.67, -266.67); the rabbit 100 yd north of the tent.
    for (const auto& [model, at] : {std::pair{"World\\Camp\\TrollTent.wmo", "-266.67,-266.67"},
                                    std::pair{"World\\Camp\\Rabbit.m2", "-166.67,-266.67"}}) {
        const CliRun placed =
            runCli({QStringLiteral("place"), map, QString::fromLatin1(model), QStringLiteral("--at"),
                    QString::fromLatin1(at), QStringLiteral("--data"), data});
        QVERIFY2(placed.code == Ok, qPrintable(placed.err));
    }
    QVERIFY(QFile::remove(data + "/World/Camp/Rabbit.m2")); // now missing
    const QString image = map + "/minimaps/textures/Minimap/Camp/map32_32.blp";

    const CliRun with = runCli({QStringLiteral("minimap"), map, QStringLiteral("--data"), data});
    QVERIFY2(with.code == Ok, qPrintable(with.err));
    QVERIFY2(with.out.contains(QStringLiteral("drew 1 placed model(s); 1 model(s) missing")),
             qPrintable(with.out));
    QVERIFY2(with.err.contains(QStringLiteral("warning: model World\\Camp\\Rabbit.m2 not drawn: not found")),
             qPrintable(with.err));
    QCOMPARE(with.err.count(QStringLiteral("warning:")), 1);
    const io::BlpLevel drawn = levelAt(image);
    QCOMPARE(drawn.width, 256u);

    const CliRun json =
        runCli({QStringLiteral("minimap"), map, QStringLiteral("--data"), data, QStringLiteral("--json")});
    QVERIFY2(json.code == Ok, qPrintable(json.err));
    const QJsonObject report = QJsonDocument::fromJson(json.out.toUtf8()).object();
    QCOMPARE(report.value("models").toBool(), true);
    QCOMPARE(report.value("modelsDrawn").toInt(), 1);
    const QJsonArray missing = report.value("missingModels").toArray();
    QCOMPARE(missing.size(), 1);
    QCOMPARE(missing[0].toObject().value("model").toString(), QStringLiteral("World\\Camp\\Rabbit.m2"));
    QVERIFY(missing[0].toObject().value("problem").toString().contains(QStringLiteral("not found")));

    const CliRun without = runCli(
        {QStringLiteral("minimap"), map, QStringLiteral("--data"), data, QStringLiteral("--no-models")});
    QVERIFY2(without.code == Ok, qPrintable(without.err));
    QVERIFY(!without.out.contains(QStringLiteral("drew")));
    QVERIFY(!without.err.contains(QStringLiteral("warning")));
    const io::BlpLevel plain = levelAt(image);
    QCOMPARE(plain.width, 256u);
    // The tent's roof (red, lit) at the tile's centre; the ground elsewhere the same in both.
    const auto roof = pixelAt(drawn, 128, 128);
    QVERIFY2(roof[0] > 120 && roof[1] < 40 && roof[2] < 40,
             qPrintable(QStringLiteral("%1 %2 %3").arg(roof[0]).arg(roof[1]).arg(roof[2])));
    QVERIFY(pixelAt(plain, 128, 128) != roof);
    for (const auto& [x, y] : {std::pair{20, 20}, std::pair{200, 60}, std::pair{60, 220}}) {
        QCOMPARE(pixelAt(drawn, x, y), pixelAt(plain, x, y));
    }
}

// An archive that crashes StormLib (test::makeCrashingMpq) in the --data folder: mapsmith-cli's probe
// (mapsmith-mpq-probe beside it) dies instead of mapsmith-cli, which names the archive and the signal.
void TestCliMinimap::archiveThatCrashesStormLibIsNamed() {
    QTemporaryDir temp;
    const QString map = makeMap(temp.path());
    const QString data = temp.path() + "/Data";
    QVERIFY(QDir().mkpath(data));
    QVERIFY(test::makeTestMpq((data + "/common.MPQ").toStdString(),
                              std::vector<std::pair<std::string, std::string>>{{"Tileset\\A.blp", "a"}}));
    QVERIFY(test::makeCrashingMpq((data + "/patch.MPQ").toStdString()));
    const CliRun r = runCli({QStringLiteral("minimap"), map, QStringLiteral("--data"), data});
    QCOMPARE(r.code, int(Failure));
    const QString line =
        QStringLiteral(
            "mapsmith-cli minimap: --data %1: %1/patch.MPQ: crashed the archive reader (signal %2, %3)\n")
            .arg(data)
            .arg(SIGFPE)
            .arg(QString::fromLocal8Bit(strsignal(SIGFPE)));
    QCOMPARE(r.err, line);
    QVERIFY(!QFileInfo::exists(map + "/minimaps"));
}

QTEST_GUILESS_MAIN(TestCliMinimap)
#include "test_cli_minimap.moc"
