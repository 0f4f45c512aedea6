// mapsmith-cli bake-shadows on a map folder of the two corpus tiles (Azeroth.wdt lists 687 tiles, two have
// files): every chunk of both tiles gets has_mcsh and 512 bytes of MCSH, the Azeroth tile's chunks (no
// do_not_fix_alpha_map) repeat their 63rd row and column, the previous files are kept as .bak, a second
// bake changes nothing, --tiles bakes only its block; exit codes and messages for usage errors, a block
// without tiles and a missing folder; --models with --data: the corpus troll tent on flat ground casts.

#include "io/adt/adt.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <bit>
#include <optional>
#include <span>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

std::optional<io::Adt> readTile(const QString& path) {
    io::AdtReadOptions options;
    options.bigAlpha = false; // Azeroth.wdt: 4-bit alpha maps
    auto read = io::readAdt(stdBytes(fileBytes(path)), options);
    return read ? std::optional<io::Adt>(std::move(read->adt)) : std::nullopt;
}

// <parent>/<name>: Azeroth.wdt as <name>.wdt with the corpus tiles as 38_46 and 42_29.
bool makeMap(const QString& parent, const QString& name) {
    const QString dir = parent + QLatin1Char('/') + name;
    return QDir().mkpath(dir) &&
           writeFile(dir + QStringLiteral("/%1.wdt").arg(name), fileBytes(corpus("adt/Azeroth.wdt"))) &&
           writeFile(dir + QStringLiteral("/%1_38_46.adt").arg(name),
                     fileBytes(corpus("adt/Azeroth_38_46.adt"))) &&
           writeFile(dir + QStringLiteral("/%1_42_29.adt").arg(name),
                     fileBytes(corpus("adt/continent4229.adt")));
}

// Texel (row, col) of a 64x64 MCSH: byte row * 8 + col / 8, least significant bit first (the spec's order).
bool shadowBit(const std::vector<std::uint8_t>& mcsh, int row, int col) {
    return ((mcsh[std::size_t(row * 8 + col / 8)] >> (col % 8)) & 1u) != 0;
}

QJsonObject jsonOf(const CliRun& r) {
    return QJsonDocument::fromJson(r.out.toUtf8()).object();
}

} // namespace

class TestCliShadows : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();
    void bakesEveryChunkAndKeepsTheOldFiles();
    void aBlockBakesOnlyItsTiles();
    void modelsCastWithData();
    void cases_data();
    void cases();

private:
    CliFixture mFixture;
    std::optional<QTemporaryDir> mTemp;
};

void TestCliShadows::initTestCase() {
    QVERIFY(mFixture.isValid());
    QVERIFY(makeMap(mFixture.path(), QStringLiteral("Map")));
    mFixture.seal();
}

void TestCliShadows::init() {
    mTemp.emplace();
    QVERIFY(mTemp->isValid());
}

void TestCliShadows::cleanup() {
    mTemp.reset();
    const QStringList changed = mFixture.changedFiles();
    if (!changed.isEmpty()) {
        mFixture.seal();
    }
    QVERIFY2(changed.isEmpty(), qPrintable(QStringLiteral("the fixture changed: ") + changed.join(u' ')));
}

void TestCliShadows::bakesEveryChunkAndKeepsTheOldFiles() {
    QVERIFY(makeMap(mTemp->path(), QStringLiteral("Map")));
    const QString dir = mTemp->filePath(QStringLiteral("Map"));
    const CliRun r = runCli({"bake-shadows", dir, "--sun", "200,30", "--json"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    const QJsonObject report = jsonOf(r);
    QCOMPARE(report.value("chunks").toInt(), 512);
    QVERIFY(report.value("chunksChanged").toInt() > 0);
    QCOMPARE(report.value("skippedWithoutFile").toInt(), 685);
    QCOMPARE(report.value("tiles").toArray().size(), 2);
    QCOMPARE(report.value("saved").toArray().size(), 2);
    QCOMPARE(report.value("sun").toObject().value("azimuth").toDouble(), 200.0);
    QCOMPARE(fileBytes(dir + "/Map_38_46.adt.bak"), fileBytes(corpus("adt/Azeroth_38_46.adt")));
    QCOMPARE(fileBytes(dir + "/Map_42_29.adt.bak"), fileBytes(corpus("adt/continent4229.adt")));

    int dark = 0;
    for (const char* name : {"/Map_38_46.adt", "/Map_42_29.adt"}) {
        const auto adt = readTile(dir + QLatin1String(name));
        QVERIFY(adt);
        for (const io::MapChunk& chunk : adt->chunks) {
            const auto* shadow = io::shadowInUse(chunk);
            QVERIFY(shadow && shadow->size() == 512);
            if ((chunk.flags & io::mcnk_flags::DoNotFixAlphaMap) == 0) {
                for (int i = 0; i < 64; ++i) {
                    QCOMPARE(shadowBit(*shadow, 63, i), shadowBit(*shadow, 62, i));
                    QCOMPARE(shadowBit(*shadow, i, 63), shadowBit(*shadow, i, 62));
                }
            }
            for (const auto b : *shadow) {
                dark += std::popcount(unsigned(b));
            }
        }
    }
    QVERIFY(dark > 0);
    // The Azeroth tile's chunks lack do_not_fix_alpha_map: the rule above was really exercised.
    QVERIFY((readTile(dir + "/Map_38_46.adt")->chunks[0].flags & io::mcnk_flags::DoNotFixAlphaMap) == 0);

    const QByteArray baked = fileBytes(dir + "/Map_38_46.adt");
    const CliRun again = runCli({"bake-shadows", dir + "/Map.wdt", "--sun", "200,30"});
    QVERIFY2(again.code == Ok, qPrintable(again.out + again.err));
    QVERIFY2(again.out.contains("baked 2 tile(s), 0 of 512 chunk(s) changed"), qPrintable(again.out));
    QVERIFY2(again.out.contains("skipped 685 tile(s) Map.wdt lists without a file"), qPrintable(again.out));
    QVERIFY(!again.out.contains("saved "));
    QCOMPARE(fileBytes(dir + "/Map_38_46.adt"), baked);
}

void TestCliShadows::aBlockBakesOnlyItsTiles() {
    QVERIFY(makeMap(mTemp->path(), QStringLiteral("Map")));
    const QString dir = mTemp->filePath(QStringLiteral("Map"));
    const CliRun r = runCli({"bake-shadows", dir, "--sun", "90,45", "--tiles", "38_46:40_47"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains("baked Map_38_46.adt: "), qPrintable(r.out));
    QVERIFY2(r.out.contains("baked 1 tile(s)"), qPrintable(r.out));
    QVERIFY2(r.out.contains("saved " + dir + "/Map_38_46.adt"), qPrintable(r.out));
    QCOMPARE(fileBytes(dir + "/Map_42_29.adt"), fileBytes(corpus("adt/continent4229.adt")));
    QVERIFY(!QFileInfo::exists(dir + "/Map_42_29.adt.bak"));
}

void TestCliShadows::modelsCastWithData() {
    QTemporaryDir temp;
    const QString data = temp.path() + "/Data";
    const QString map = temp.path() + "/Flat";
    QVERIFY(QDir().mkpath(data + "/World/Camp"));
    QVERIFY(writeFile(data + "/World/Camp/TrollTent.wmo", fileBytes(corpus("models/trolltent.wmo"))));
    QVERIFY(writeFile(data + "/World/Camp/TrollTent_000.wmo", fileBytes(corpus("models/trolltent_000.wmo"))));
    QCOMPARE(runCli({"new", map, "Flat", "--tiles", "32_32", "--terrain", "flat"}).code, int(Ok));
    // The tent at the tile's centre (world -266.67, -266.67) on the ground.
    const CliRun placed =
        runCli({"place", map, "World\\Camp\\TrollTent.wmo", "--at", "-266.67,-266.67", "--data", data});
    QVERIFY2(placed.code == Ok, qPrintable(placed.err));
    const QString tile = map + "/Flat_32_32.adt";
    const auto shadowBits = [&] {
        const QByteArray bytes = fileBytes(tile);
        const auto* p = reinterpret_cast<const std::byte*>(bytes.constData());
        auto read = io::readAdt(std::span(p, std::size_t(bytes.size())));
        int bits = 0;
        for (const io::MapChunk& c : read->adt.chunks) {
            if (const auto* mcsh = io::shadowInUse(c)) {
                for (const std::uint8_t b : *mcsh) {
                    bits += std::popcount(b);
                }
            }
        }
        return bits;
    };
    // Flat ground: the terrain casts nothing, nor do models without --models.
    const CliRun bare = runCli({"bake-shadows", map, "--sun", "180,40", "--json"});
    QVERIFY2(bare.code == Ok, qPrintable(bare.err));
    QCOMPARE(QJsonDocument::fromJson(bare.out.toUtf8()).object().value("models").toBool(), false);
    QCOMPARE(shadowBits(), 0);
    // With them: the tent's shadow to the north of it.
    const CliRun cast =
        runCli({"bake-shadows", map, "--sun", "180,40", "--models", "--data", data, "--json"});
    QVERIFY2(cast.code == Ok, qPrintable(cast.err));
    const QJsonObject report = QJsonDocument::fromJson(cast.out.toUtf8()).object();
    QCOMPARE(report.value("models").toBool(), true);
    const int texels = report.value("modelTexels").toInt();
    QVERIFY2(texels > 500, qPrintable(cast.out));
    QVERIFY(report.value("chunksChanged").toInt() >= 1);
    QVERIFY(report.value("missingModels").toArray().isEmpty());
    QVERIFY(shadowBits() >= texels); // the 63x63 rule may copy a few into the 64th row or column
    const CliRun text = runCli({"bake-shadows", map, "--sun", "180,40", "--models", "--data", data});
    QVERIFY2(text.out.contains(QStringLiteral("models shadowed %1 texel(s)").arg(texels)),
             qPrintable(text.out));
}

void TestCliShadows::cases_data() {
    addCliCaseColumn();
    addCliCase("help",
               {.args = {"bake-shadows", "--help"}, .outHas = {"AZIMUTH,ELEVATION", "clockwise from north"}});
    addCliCase("top help", {.args = {"--help"}, .outHas = {"bake-shadows MAPDIR --sun AZIMUTH,ELEVATION"}});
    addCliCase("without --sun",
               {.args = {"bake-shadows", "@fixture/Map"}, .code = Usage, .errHas = {"--sun is required"}});
    for (const char* sun : {"135", "135,0", "135,90.5", "east,30", "135,30,1"}) {
        addCliCase(sun, {.args = {"bake-shadows", "@fixture/Map", "--sun", sun},
                         .code = Usage,
                         .errHas = {"--sun must be AZIMUTH,ELEVATION in degrees with 0 < ELEVATION <= 90"}});
    }
    addCliCase("bad block", {.args = {"bake-shadows", "@fixture/Map", "--sun", "90,30", "--tiles", "64_1"},
                             .code = Usage,
                             .errHas = {"--tiles must be X_Y or X_Y:X2_Y2"}});
    addCliCase("a block without tiles",
               {.args = {"bake-shadows", "@fixture/Map", "--sun", "90,30", "--tiles", "10_10:11_11"},
                .code = Invalid,
                .errHas = {"the map has no tile in 10_10:11_11; nothing written"}});
    addCliCase("--models without --data",
               {.args = {"bake-shadows", "@fixture/Map", "--sun", "90,30", "--models"},
                .code = Usage,
                .errHas = {"--models needs the game data the models come from (--data DIR)"}});
    addCliCase("no map folder", {.args = {"bake-shadows", "@fixture/Nowhere", "--sun", "90,30"},
                                 .code = Failure,
                                 .errHas = {"cannot find the map folder"}});
}

void TestCliShadows::cases() {
    checkCliCase(mFixture, mTemp->path());
}

QTEST_MAIN(TestCliShadows)
#include "test_cli_shadows.moc"
