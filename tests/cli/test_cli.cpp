// mapsmith-cli end to end: every command on real files, JSON output, exit codes, error messages. Cases
// that differ only in arguments and expectations are rows of data tables (CliCase, tests/cli/cli_case.h)
// run on the shared read-only fixture; scenarios that chain runs and inspect what they wrote are test
// functions of their own, each in the fresh folder init() makes.

#include "io/adt/adt.h"
#include "io/adt/adt_split.h"
#include "support/alpha_wdt_builder.h"
#include "support/gated_tiles.h"
#include "support/test_bytes.h"
#include "support/test_dds.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"
#include "tests/cli/cli_outputs.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <optional>
#include <string>

namespace {

using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

// "<dir>/Name_tex0.adt" for "<dir>/Name.adt".
QString partner(const QString& root, const char* kind) {
    QString p = root;
    return p.replace(QStringLiteral(".adt"), QStringLiteral("_%1.adt").arg(QLatin1String(kind)));
}

// A map folder "<parent>/Test" holding Test.wdt (Azeroth's, 4-bit alpha maps) and the corpus tile
// Azeroth_38_46.adt as each Test_X_Y.adt of `tiles`.
QString heightmapMap(const QString& parent, const QStringList& tiles) {
    const QString map = parent + QStringLiteral("/Test");
    QDir().mkpath(map);
    writeFile(map + QStringLiteral("/Test.wdt"), fileBytes(corpus("adt/Azeroth.wdt")));
    for (const QString& t : tiles) {
        writeFile(map + QStringLiteral("/Test_%1.adt").arg(t), fileBytes(corpus("adt/Azeroth_38_46.adt")));
    }
    return map;
}

// small.hmp (HMP7) with its two skins replaced by one record of our own: type, width, height, data; the
// header and the 66 x 66 heights as they are.
QByteArray hmp7WithSkin(std::uint32_t type, std::uint32_t width, std::uint32_t height,
                        const QByteArray& data) {
    const Bytes small = fromQt(fileBytes(corpus("hmp/small.hmp")));
    Bytes out(small.begin(), small.begin() + 84);
    putU32(out, 48, 1); // numskins
    appendU32(out, type);
    appendU32(out, width);
    appendU32(out, height);
    return toQt(out) + data + toQt(small).right(36 + 4 * 66 * 66);
}

// An 8 x 8 skin of one colour in HMP 888 order (blue, green, red).
QByteArray rgb888Skin() {
    QByteArray rgb888;
    for (int p = 0; p < 8 * 8; ++p) {
        rgb888 += QByteArray("\x20\x40\x80", 3);
    }
    return rgb888;
}

} // namespace

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    // Data tables (CliCase rows on the fixture).
    void helpEverywhere_data();
    void helpEverywhere();
    void reports_data();
    void reports();
    void commandErrors_data();
    void commandErrors();
    void convertErrors_data();
    void convertErrors();
    void garbageIsRefused_data();
    void garbageIsRefused();
    void mixedSplitSets_data();
    void mixedSplitSets();
    void heightmapErrors_data();
    void heightmapErrors();
    void hmpErrors_data();
    void hmpErrors();

    // Scenarios.
    void disabledSubchunksAreNotesNotProblems();
    void dumpIsStableAcrossRoundtrip();
    void roundtripIdentical_data();
    void roundtripIdentical();
    void roundtripAlphaWithWdtOut();
    void newMap();
    void bundledDemoIsTheGeneratorsOutput();
    void exportPatch();
    void convertSplitAndBack_data();
    void convertSplitAndBack();
    void convertMapFolder();
    void dumpSameForSplit();
    void infoChunksSplit();
    void roundtripSplit();
    void convertKeepsExtraFiles();
    void convertAlphaWdt();
    void convertAlphaWdtBrokenTile();
    void heightmapRoundTrip();
    void heightmapBlockSeam();
    void heightmapSplitMap();
    void heightmapAllowMissing();
    void hmpRoundTrip();
    void hmpImportCorpus();
    void hmpSkins_data();
    void hmpSkins();
    void hmpUndecodableSkin();

private:
    // A file in the current test's own folder (init() makes it empty; "@out" in CliCase rows).
    QString temp(const QString& name) const { return mTemp->filePath(name); }
    QString fixture(const QString& name) const { return mFixture.filePath(name); }

    CliFixture mFixture;
    std::optional<QTemporaryDir> mTemp;
};

// The fixture, read by the tables' rows and by scenarios as input, never written (cleanup() checks).
void TestCli::initTestCase() {
    QVERIFY(mFixture.isValid());
    const QString wdt = corpus("adt/Azeroth.wdt");
    // Test/: a map folder with the tile 38_46; its heightmap; NoWdt/: a tile without a WDT beside it.
    heightmapMap(mFixture.path(), {QStringLiteral("38_46")});
    QCOMPARE(
        runCli({"export-heightmap", fixture("Test"), "--tiles", "38_46", "--out", fixture("block.png")}).code,
        Ok);
    QVERIFY(QDir().mkpath(fixture("NoWdt")));
    QVERIFY(writeFile(fixture("NoWdt/Test_38_46.adt"), fileBytes(corpus("adt/Azeroth_38_46.adt"))));
    QVERIFY(writeFile(fixture("junk.png"), QByteArray("\x89PNG\r\n\x1a\nnot really an image")));
    QVERIFY(writeFile(fixture("A_1_1_tex0.adt"), QByteArray("x")));

    // continent4229 with MCIN's first entry moved.
    QByteArray broken = fileBytes(corpus("adt/continent4229.adt"));
    broken[0x5C] = char(0x99);
    QVERIFY(writeFile(fixture("broken.adt"), broken));

    // Split sets of both corpus tiles (split/, split38/), and NoObj0/: the second without its _obj0.
    QCOMPARE(runCli({"convert", corpus("adt/continent4229.adt"), "--to", "split", "--out", fixture("split"),
                     "--wdt", wdt})
                 .code,
             Ok);
    QCOMPARE(runCli({"convert", corpus("adt/Azeroth_38_46.adt"), "--to", "split", "--out", fixture("split38"),
                     "--wdt", wdt})
                 .code,
             Ok);
    QVERIFY(QDir().mkpath(fixture("NoObj0")) && QDir().mkpath(fixture("DirObj0")));
    for (const char* file : {"Azeroth_38_46.adt", "Azeroth_38_46_tex0.adt"}) {
        const QString name = QLatin1String(file);
        QVERIFY(writeFile(fixture("NoObj0/" + name), fileBytes(fixture("split38/" + name))));
        // DirObj0/: the same with a directory where the _obj0 belongs.
        QVERIFY(writeFile(fixture("DirObj0/" + name), fileBytes(fixture("split38/" + name))));
    }
    QVERIFY(QDir().mkpath(fixture("DirObj0/Azeroth_38_46_obj0.adt")));

    // alpha/: 0.5.3 WDTs: three tiles (Kalidar), WMO only (Dungeon), cut inside MAIN (Cut), the tile
    // (31, 40) with its MCNK offset past the end (Broken).
    namespace alpha = mapsmith::tests::alpha;
    QVERIFY(QDir().mkpath(fixture("alpha")));
    alpha::Layout layout;
    const QByteArray kalidar = toQt(alpha::build(alpha::sampleMap(), &layout));
    QVERIFY(writeFile(fixture("alpha/Kalidar.wdt"), kalidar));
    QVERIFY(writeFile(fixture("alpha/Dungeon.wdt"), toQt(alpha::build(alpha::wmoOnlyMap()))));
    QVERIFY(writeFile(fixture("alpha/Cut.wdt"), kalidar.left(70000)));
    QByteArray damaged = kalidar;
    const auto past = std::uint32_t(damaged.size() + 5);
    std::memcpy(damaged.data() + layout.mcin.at(40 * 64 + 31) + 8 + 16 * 3, &past, 4);
    QVERIFY(writeFile(fixture("alpha/Broken.wdt"), damaged));
    // Damaged headers: MPHD's size (at 0x10) and MAIN's id (at the MAIN header) overwritten.
    QByteArray badMphd = kalidar;
    const std::uint32_t mphdSize = 256;
    std::memcpy(badMphd.data() + layout.mphdData - 4, &mphdSize, 4);
    QVERIFY(writeFile(fixture("alpha/BadMphd.wdt"), badMphd));
    QByteArray badMain = kalidar;
    std::memset(badMain.data() + layout.mainData - 8, 0, 4);
    QVERIFY(writeFile(fixture("alpha/BadMain.wdt"), badMain));

    // mixed/: continent4229 saved as a split set twice (Before, After: a doodad placed and referenced from
    // chunk 5), and Mixed = After's root and _tex0 with Before's _obj0.
    {
        const Bytes corpusTile = fromQt(fileBytes(corpus("adt/continent4229.adt")));
        auto base = mapsmith::io::readAdt(corpusTile);
        QVERIFY(base);
        mapsmith::io::Adt placed = base->adt;
        mapsmith::io::DoodadPlacement d = placed.doodads.front();
        d.uniqueId = 999999;
        placed.doodads.push_back(d);
        placed.chunks[5].doodadRefs.push_back(std::uint32_t(placed.doodads.size() - 1));
        const mapsmith::io::SplitAdtFiles before = mapsmith::io::writeSplitAdt(base->adt);
        const mapsmith::io::SplitAdtFiles after = mapsmith::io::writeSplitAdt(placed);
        QVERIFY(QDir().mkpath(fixture("mixed")));
        QVERIFY(writeFile(fixture("mixed/Mixed_1_1.adt"), toQt(after.root)));
        QVERIFY(writeFile(fixture("mixed/Mixed_1_1_tex0.adt"), toQt(after.tex0)));
        QVERIFY(writeFile(fixture("mixed/Mixed_1_1_obj0.adt"), toQt(before.obj0)));
        QVERIFY(writeFile(fixture("mixed/After_1_1.adt"), toQt(after.root)));
        QVERIFY(writeFile(fixture("mixed/After_1_1_tex0.adt"), toQt(after.tex0)));
        QVERIFY(writeFile(fixture("mixed/After_1_1_obj0.adt"), toQt(after.obj0)));
    }

    // garbage/: 256 KB of zeros as every kind of file (Z_1_1 a split set), and MVER followed by zeros.
    QVERIFY(QDir().mkpath(fixture("garbage")));
    const QByteArray zeros(256 * 1024, '\0');
    for (const char* name : {"zeros.adt", "zeros.wdt", "zeros.wdl", "zeros.wmo", "Z_1_1.adt",
                             "Z_1_1_tex0.adt", "Z_1_1_obj0.adt"}) {
        QVERIFY(writeFile(fixture("garbage/") + QLatin1String(name), zeros));
    }
    const QByteArray mver("REVM\x04\0\0\0\x12\0\0\0", 12);
    QVERIFY(writeFile(fixture("garbage/mver.adt"), mver + zeros));
    QVERIFY(writeFile(fixture("garbage/mver.wdt"), mver + zeros));

    // hmp/: files that do not read as terrains, and HMP7 terrains whose skin is an ATI2 DDS (undecodable)
    // or of type 7 (no skin type).
    QVERIFY(QDir().mkpath(fixture("hmp")));
    QVERIFY(writeFile(fixture("hmp/not-terrain.hmp"), QByteArray("HMP9 not a terrain at all")));
    QVERIFY(writeFile(fixture("hmp/cut.hmp"), fileBytes(corpus("hmp/small.hmp")).left(100000))); // in skin 0
    const QByteArray ati2 = toQt(undecodableDdsCases()[0].dds);
    QVERIFY(writeFile(fixture("hmp/ati2.hmp"), hmp7WithSkin(6, std::uint32_t(ati2.size()), 1, ati2)));
    QVERIFY(writeFile(fixture("hmp/type7.hmp"), hmp7WithSkin(7, 8, 8, rgb888Skin())));
    mFixture.seal();
}

void TestCli::init() {
    mTemp.emplace();
    QVERIFY(mTemp->isValid());
}

void TestCli::cleanup() {
    mTemp.reset();
    const QString changed = mFixture.takeChanges();
    QVERIFY2(changed.isEmpty(), qPrintable(changed));
}

// Every command's help; the block commands name their --tiles option, the top help the import-hmp line.
void TestCli::helpEverywhere_data() {
    addCliCaseColumn();
    addCliCase("top", {.args = {"--help"}, .outHas = {"Usage", "import-hmp FILE.hmp MAPDIR"}});
    for (const char* c :
         {"info", "validate", "dump", "roundtrip", "new", "export-patch", "convert", "repair"}) {
        addCliCase(c, {.args = {c, "--help"}, .outHas = {"Usage"}});
    }
    for (const char* c : {"import-heightmap", "export-heightmap", "import-hmp", "export-hmp"}) {
        addCliCase(c, {.args = {c, "--help"}, .outHas = {"Usage", "--tiles"}});
    }
}

void TestCli::helpEverywhere() {
    checkCliCase(mFixture, mTemp->path());
}

// info, validate and dump on the corpus and fixture files, as text and as JSON.
void TestCli::reports_data() {
    addCliCaseColumn();
    const QString v18 = QStringLiteral("@corpus/adt/continent4229.adt");
    const QString wdt = QStringLiteral("@corpus/adt/Azeroth.wdt");
    // 0x54: MCIN's offset in the chunk list; 9 chunks: the liquid.
    addCliCase("info", {.args = {"info", v18, "--wdt", wdt},
                        .outHas = {"ADT v18", "381 doodads", "19 map objects",
                                   "4-bit depth (from Azeroth.wdt)", "0x54", "MCNK x256", "9 chunks"}});
    addCliCase("info --json --chunks", {.args = {"info", v18, "--json", "--chunks"},
                                        .json = {{"/counts/layers", "739"},
                                                 {"/counts/doodads", "381"},
                                                 {"/alpha/depth", "4"},
                                                 {"/alpha/inferred", "true"},
                                                 {"/chunks/2/id", R"("MCIN")"},
                                                 {"/chunks/2/offset", "84"}}}); // 0x54
    addCliCase("info WDT", {.args = {"info", wdt}, .outHas = {"WDT", "687"}});
    addCliCase("info WDT --json", {.args = {"info", wdt, "--json"}, .json = {{"/tileCount", "687"}}});
    addCliCase("info split --json",
               {.args = {"info", "@fixture/split/continent4229.adt", "--wdt", wdt, "--json"},
                .json = {{"/layout", R"("split")"},
                         {"/files/1/path", R"("@fixture/split/continent4229_tex0.adt")"},
                         {"/counts/doodads", "381"},
                         {"/counts/layers", "739"}},
                .jsonSizes = {{"/files", 3}}});
    for (const char* file : {"Azeroth_38_46.adt", "continent4229.adt", "Azeroth.wdt"}) {
        addCliCase(
            (std::string("validate ") + file).c_str(),
            {.args = {"validate", "@corpus/adt/" + QLatin1String(file), "--wdt", wdt}, .outHas = {"valid"}});
    }
    // broken.adt: MCIN's first entry moved.
    addCliCase("validate problems", {.args = {"validate", "@fixture/broken.adt"},
                                     .code = Invalid,
                                     .outHas = {"MCIN at 0x5c", "problem(s)"}});
    addCliCase(
        "validate problems --json",
        {.args = {"validate", "@fixture/broken.adt", "--json"},
         .code = Invalid,
         .json = {{"/valid", "false"}, {"/problems/0/chunk", R"("MCIN")"}, {"/problems/0/offset", "92"}}});
}

void TestCli::reports() {
    checkCliCase(mFixture, mTemp->path());
}

// The commands' usage errors and failures to read, beyond convert and the block commands.
void TestCli::commandErrors_data() {
    addCliCaseColumn();
    addCliCase("no command", {.args = {}, .code = Usage});
    addCliCase("unknown command",
               {.args = {"frobnicate"}, .code = Usage, .errHas = {"unknown command 'frobnicate'"}});
    addCliCase("info without FILE", {.args = {"info"}, .code = Usage});
    addCliCase("info --nope", {.args = {"info", "--nope", "@corpus/adt/Azeroth.wdt"}, .code = Usage});
    addCliCase("roundtrip --alpha 16bit",
               {.args = {"roundtrip", "@corpus/adt/continent4229.adt", "@out/x.adt", "--alpha", "16bit"},
                .code = Usage,
                .errHas = {"--alpha must be"},
                .absent = {"@out/x.adt"}});
    addCliCase(
        "info of a missing file",
        {.args = {"info", "/nonexistent/file.adt"}, .code = Failure, .errHas = {"/nonexistent/file.adt"}});

    addCliCase("new: NAME with a space", {.args = {"new", "@out/maps", "Bad Name", "--tiles", "1_1"},
                                          .code = Usage,
                                          .errHas = {"NAME may hold only letters, digits and '_'"},
                                          .absent = {"@out/maps/Bad Name.wdt"}});
    addCliCase("new: tile 64_1", {.args = {"new", "@out/maps", "Other", "--tiles", "1_1,64_1"},
                                  .code = Usage,
                                  .errHas = {"'64_1' is not a tile X_Y with 0..63"},
                                  .absent = {"@out/maps/Other.wdt"}});
    addCliCase("new: a tile twice", {.args = {"new", "@out/maps", "Other", "--tiles", "1_1,2_2,1_1"},
                                     .code = Usage,
                                     .errHas = {"Tile 1_1 is listed more than once"},
                                     .absent = {"@out/maps/Other.wdt"}});

    // export-patch: no WDT is a read failure naming the folder, nothing written; then usage errors.
    addCliCase("export-patch without WDT",
               {.args = {"export-patch", "@fixture/NoWdt", "--out", "@out/patch-7.MPQ"},
                .code = Failure,
                .errHas = {"The map folder @fixture/NoWdt has no .wdt file"},
                .absent = {"@out/patch-7.MPQ"}});
    addCliCase("export-patch without --out",
               {.args = {"export-patch", "@fixture/Test"}, .code = Usage, .errHas = {"--out is required"}});
    addCliCase("export-patch without MAPDIR",
               {.args = {"export-patch", "--out", "@out/patch-7.MPQ"}, .code = Usage});
    addCliCase(
        "export-patch --frob",
        {.args = {"export-patch", "@fixture/Test", "--out", "@out/patch-7.MPQ", "--frob"}, .code = Usage});
}

void TestCli::commandErrors() {
    checkCliCase(mFixture, mTemp->path());
}

// convert's usage errors and inputs that do not read: tiles, a split set without a partner, alpha WDTs.
void TestCli::convertErrors_data() {
    addCliCaseColumn();
    const QString tile = QStringLiteral("@corpus/adt/continent4229.adt");
    const QString wdt = QStringLiteral("@corpus/adt/Azeroth.wdt");
    const QString out = QStringLiteral("@out/out");
    addCliCase("no --to", {.args = {"convert", tile, "--out", out},
                           .code = Usage,
                           .errHas = {"give --to v18|split, --liquid mh2o or both"},
                           .absent = {out}});
    addCliCase("--to wotlk", {.args = {"convert", tile, "--to", "wotlk", "--out", out},
                              .code = Usage,
                              .errHas = {"--to must be v18 or split, not 'wotlk'"},
                              .absent = {out}});
    addCliCase("no --out",
               {.args = {"convert", tile, "--to", "split"}, .code = Usage, .errHas = {"--out is required"}});
    addCliCase("no input",
               {.args = {"convert", "--to", "split", "--out", out}, .code = Usage, .absent = {out}});
    addCliCase("--alpha 2bit", {.args = {"convert", tile, "--to", "split", "--out", out, "--alpha", "2bit"},
                                .code = Usage,
                                .errHas = {"--alpha must be 4bit, 8bit or rle, not '2bit'"},
                                .absent = {out}});
    // The corpus map has 4-bit alpha maps: 8-bit ones would not read back in it.
    addCliCase("--alpha rle into a 4-bit map",
               {.args = {"convert", tile, "--to", "split", "--out", out, "--alpha", "rle", "--wdt", wdt},
                .code = Usage,
                .errHas = {"needs a map with 8-bit alpha maps"},
                .absent = {out}});
    addCliCase("a v18 WDT",
               {.args = {"convert", wdt, "--to", "split", "--out", out}, .code = Usage, .absent = {out}});
    addCliCase("--out the input's folder",
               {.args = {"convert", tile, "--to", "split", "--out", "@corpus/adt"},
                .code = Usage,
                .errHas = {"is the folder of"}});
    addCliCase("a split partner",
               {.args = {"convert", "@fixture/A_1_1_tex0.adt", "--to", "v18", "--out", out},
                .code = Usage,
                .errHas = {"is a split partner"},
                .absent = {out}});
    addCliCase("a missing tile", {.args = {"convert", "/nonexistent/A_1_1.adt", "--to", "v18", "--out", out},
                                  .code = Failure,
                                  .errHas = {"cannot find /nonexistent/A_1_1.adt"}});

    // A split set without its _obj0: converting and reading it name the missing file.
    const QString root = QStringLiteral("@fixture/NoObj0/Azeroth_38_46.adt");
    const QString obj0 = QStringLiteral("@fixture/NoObj0/Azeroth_38_46_obj0.adt");
    addCliCase("convert without _obj0", {.args = {"convert", root, "--to", "v18", "--out", out, "--wdt", wdt},
                                         .code = Failure,
                                         .outHas = {"converted 0 tiles"},
                                         .errHas = {obj0},
                                         .absent = {out + "/Azeroth_38_46.adt"}});
    for (const char* command : {"info", "dump", "validate"}) {
        addCliCase((std::string(command) + " without _obj0").c_str(),
                   {.args = {command, root, "--wdt", wdt}, .code = Failure, .errHas = {obj0}});
    }

    // A directory in place of the _obj0 is named as a directory, not as missing.
    const QString dirObj0 = QStringLiteral("@fixture/DirObj0/Azeroth_38_46_obj0.adt");
    for (const char* command : {"info", "validate"}) {
        addCliCase((std::string(command) + " with a directory as _obj0").c_str(),
                   {.args = {command, QStringLiteral("@fixture/DirObj0/Azeroth_38_46.adt"), "--wdt", wdt},
                    .code = Failure,
                    .errHas = {QStringLiteral("mapsmith-cli ") + command + ": " + dirObj0 +
                               " is a directory, not a file\n"}});
    }

    // Alpha WDTs: MAIN past the end fails the whole map; the input's own folder is refused (its WDT would be
    // overwritten).
    addCliCase("alpha WDT cut in MAIN",
               {.args = {"convert", "@fixture/alpha/Cut.wdt", "--to", "v18", "--out", out},
                .code = Failure,
                .errHas = {"MAIN at 0x"},
                .absent = {out + "/Cut.wdt"}});
    addCliCase("alpha WDT into its folder",
               {.args = {"convert", "@fixture/alpha/Kalidar.wdt", "--to", "v18", "--out", "@fixture/alpha"},
                .code = Usage,
                .errHas = {"is the folder of"}});
}

void TestCli::convertErrors() {
    checkCliCase(mFixture, mTemp->path());
}

// Files of zeros (or MVER and zeros) are read errors naming the place, for every command; a 0.5.3 WDT with a
// damaged header is a read error with its chunk and offset (exit 3), not a usage error.
void TestCli::garbageIsRefused_data() {
    addCliCaseColumn();
    const QString zerosAt0 = QStringLiteral("MVER at 0x0: the file starts with 00 00 00 00, not MVER");
    for (const char* name : {"zeros.adt", "zeros.wdt", "zeros.wdl", "Z_1_1.adt"}) {
        const QString file = QStringLiteral("@fixture/garbage/") + QLatin1String(name);
        addCliCase((std::string("info ") + name).c_str(),
                   {.args = {"info", file}, .code = Failure, .errHas = {zerosAt0}});
        addCliCase((std::string("validate ") + name).c_str(),
                   {.args = {"validate", file}, .code = Invalid, .outHas = {zerosAt0}});
    }
    addCliCase("dump zeros.adt",
               {.args = {"dump", "@fixture/garbage/zeros.adt"}, .code = Failure, .errHas = {zerosAt0}});
    addCliCase("validate zeros.wmo", {.args = {"validate", "@fixture/garbage/zeros.wmo"},
                                      .code = Invalid,
                                      .outHas = {"at 0x0: bytes 00 00 00 00 are not a chunk id"}});
    for (const char* name : {"mver.adt", "mver.wdt"}) {
        addCliCase((std::string("info ") + name).c_str(),
                   {.args = {"info", QStringLiteral("@fixture/garbage/") + QLatin1String(name)},
                    .code = Failure,
                    .errHas = {"at 0xc: bytes 00 00 00 00 are not a chunk id"}});
    }
    const QString out = QStringLiteral("@out/out");
    addCliCase("convert alpha WDT with a damaged MPHD",
               {.args = {"convert", "@fixture/alpha/BadMphd.wdt", "--to", "v18", "--out", out},
                .code = Failure,
                .errHas = {"BadMphd.wdt: MPHD at 0xc: size 256 is not 128"},
                .absent = {out + "/BadMphd.wdt"}});
    addCliCase("convert alpha WDT with a damaged MAIN",
               {.args = {"convert", "@fixture/alpha/BadMain.wdt", "--to", "v18", "--out", out},
                .code = Failure,
                .errHas = {"BadMain.wdt: MAIN at 0x94"},
                .absent = {out + "/BadMain.wdt"}});
    addCliCase("convert zeros.wdt",
               {.args = {"convert", "@fixture/garbage/zeros.wdt", "--to", "v18", "--out", out},
                .code = Failure,
                .errHas = {"zeros.wdt: MVER at 0x0"}});
}

void TestCli::garbageIsRefused() {
    checkCliCase(mFixture, mTemp->path());
}

// A split set whose _obj0 comes from an earlier save: validate reports it as an error for every consumer
// (exit 1, also with --for), convert and dump refuse it (exit 3); each names the _obj0 file. The set that
// belongs together validates.
void TestCli::mixedSplitSets_data() {
    addCliCaseColumn();
    const QString root = QStringLiteral("@fixture/mixed/Mixed_1_1.adt");
    const QString obj0 = QStringLiteral("@fixture/mixed/Mixed_1_1_obj0.adt");
    const QString why = QStringLiteral("the files come from different saves of the tile");
    addCliCase("validate",
               {.args = {"validate", root}, .code = Invalid, .outHas = {obj0 + ": MCNK at 0x", why}});
    addCliCase("validate --for client",
               {.args = {"validate", root, "--for", "client"}, .code = Invalid, .outHas = {obj0, why}});
    addCliCase("validate --json",
               {.args = {"validate", root, "--json"},
                .code = Invalid,
                .json = {{"/valid", "false"}, {"/findings/0/file", "\"" + obj0.toStdString() + "\""}}});
    addCliCase("convert", {.args = {"convert", root, "--to", "v18", "--out", "@out/out"},
                           .code = Failure,
                           .errHas = {obj0, why},
                           .absent = {"@out/out/Mixed_1_1.adt"}});
    addCliCase("dump", {.args = {"dump", root}, .code = Failure, .errHas = {obj0, why}});
    addCliCase("validate a set that belongs together",
               {.args = {"validate", "@fixture/mixed/After_1_1.adt"}, .code = Ok, .outHas = {"valid"}});
}

void TestCli::mixedSplitSets() {
    checkCliCase(mFixture, mTemp->path());
}

// export-heightmap and import-heightmap on the fixture map Test (the tile 38_46 only).
void TestCli::heightmapErrors_data() {
    addCliCaseColumn();
    const QString map = QStringLiteral("@fixture/Test");
    const QString png = QStringLiteral("@out/h.png");
    const QStringList exportTile{"export-heightmap", map, "--tiles", "38_46"};
    for (const char* bad : {"38", "38_64", "38_46:", "a_b", "38_46-39_46"}) {
        addCliCase((std::string("export --tiles ") + bad).c_str(),
                   {.args = {"export-heightmap", map, "--tiles", bad, "--out", png},
                    .code = Usage,
                    .errHas = {"--tiles must be X_Y or X_Y:X2_Y2"},
                    .absent = {png}});
    }
    addCliCase("import --tiles 99_1",
               {.args = {"import-heightmap", png, map, "--tiles", "99_1", "--min", "0", "--max", "1"},
                .code = Usage});
    addCliCase("export without --out", {.args = exportTile, .code = Usage, .errHas = {"--out is required"}});
    addCliCase("export to .tif", {.args = exportTile + QStringList{"--out", "@out/h.tif"},
                                  .code = Usage,
                                  .errHas = {"--out must name a .png file"},
                                  .absent = {"@out/h.tif"}});
    addCliCase("export --min low", {.args = exportTile + QStringList{"--out", png, "--min", "low"},
                                    .code = Usage,
                                    .errHas = {"--min must be a height in yards, not 'low'"},
                                    .absent = {png}});
    // min >= max, given or against the automatic other end.
    addCliCase("export --min 10 --max 10",
               {.args = exportTile + QStringList{"--out", png, "--min", "10", "--max", "10"},
                .code = Usage,
                .errHas = {"--min 10 must be below --max 10"},
                .absent = {png}});
    addCliCase("export --min 5000", {.args = exportTile + QStringList{"--out", png, "--min", "5000"},
                                     .code = Usage,
                                     .errHas = {"must be below --max"},
                                     .absent = {png}});
    // A missing tile is named (heightmapAllowMissing exports one as 0 yards).
    addCliCase("export a missing tile",
               {.args = {"export-heightmap", map, "--tiles", "38_46:39_46", "--out", png},
                .code = Failure,
                .errHas = {"has no Test_39_46.adt", "--allow-missing"},
                .absent = {png}});
    addCliCase("export --allow-missing, no tile",
               {.args = {"export-heightmap", map, "--tiles", "38_47", "--out", png, "--allow-missing"},
                .code = Failure,
                .errHas = {"has none of the tiles of 38_47"},
                .absent = {png}});

    // Import: required range, min < max; a missing tile or image stops it before anything is written (the
    // fixture stays as it was, cleanup() checks).
    const QString image = QStringLiteral("@fixture/block.png");
    addCliCase("import without --min",
               {.args = {"import-heightmap", image, map, "--tiles", "38_46", "--max", "1"},
                .code = Usage,
                .errHas = {"--min is required"}});
    addCliCase("import --min 3 --max -3",
               {.args = {"import-heightmap", image, map, "--tiles", "38_46", "--min", "3", "--max", "-3"},
                .code = Usage,
                .errHas = {"--min 3 must be below --max -3"}});
    const QStringList range{"--min", "0", "--max", "100"};
    addCliCase("import a directory as the image",
               {.args = QStringList{"import-heightmap", "@fixture/DirObj0", map, "--tiles", "38_46"} + range,
                .code = Failure,
                .errHas = {"mapsmith-cli import-heightmap: @fixture/DirObj0 is a directory, not a file\n"}});
    addCliCase("import a missing tile",
               {.args = QStringList{"import-heightmap", image, map, "--tiles", "38_46:39_46"} + range,
                .code = Failure,
                .errHas = {"has no Test_39_46.adt; nothing written"}});
    addCliCase("import junk.png",
               {.args = QStringList{"import-heightmap", "@fixture/junk.png", map, "--tiles", "38_46"} + range,
                .code = Failure,
                .errHas = {"cannot read the image @fixture/junk.png"}});
    addCliCase(
        "import a missing image",
        {.args = QStringList{"import-heightmap", "@out/none.png", map, "--tiles", "38_46"} + range,
         .code = Failure,
         .errHas = {
             "mapsmith-cli import-heightmap: cannot open @out/none.png: No such file or directory\n"}});

    // Not a map folder.
    addCliCase("export from no folder",
               {.args = {"export-heightmap", "@out/nowhere", "--tiles", "38_46", "--out", png},
                .code = Failure,
                .errHas = {"cannot find the map folder"},
                .absent = {png}});
    addCliCase("import into a folder without WDT",
               {.args = QStringList{"import-heightmap", image, "@fixture/NoWdt", "--tiles", "38_46"} + range,
                .code = Failure,
                .errHas = {"the map folder @fixture/NoWdt has no .wdt file"}});
}

void TestCli::heightmapErrors() {
    checkCliCase(mFixture, mTemp->path());
}

// export-hmp and import-hmp on the fixture map Test (the tile 38_46 only): usage errors first, then missing
// tiles and files that do not read; nothing is written (cleanup() checks the fixture).
void TestCli::hmpErrors_data() {
    addCliCaseColumn();
    const QString map = QStringLiteral("@fixture/Test");
    const QString hmp = QStringLiteral("@out/t.hmp");
    addCliCase("export --tiles 38_46:", {.args = {"export-hmp", map, "--tiles", "38_46:", "--out", hmp},
                                         .code = Usage,
                                         .errHas = {"--tiles must be X_Y or X_Y:X2_Y2"},
                                         .absent = {hmp}});
    addCliCase(
        "export without --out",
        {.args = {"export-hmp", map, "--tiles", "38_46"}, .code = Usage, .errHas = {"--out is required"}});
    addCliCase("export to .png", {.args = {"export-hmp", map, "--tiles", "38_46", "--out", "@out/t.png"},
                                  .code = Usage,
                                  .errHas = {"--out must name a .hmp file"},
                                  .absent = {"@out/t.png"}});
    addCliCase("export a missing tile", {.args = {"export-hmp", map, "--tiles", "38_46:39_46", "--out", hmp},
                                         .code = Failure,
                                         .errHas = {"has no Test_39_46.adt"},
                                         .absent = {hmp}});
    addCliCase("export from no folder",
               {.args = {"export-hmp", "@out/nowhere", "--tiles", "38_46", "--out", hmp},
                .code = Failure,
                .errHas = {"cannot find the map folder"},
                .absent = {hmp}});

    const QString small = QStringLiteral("@corpus/hmp/small.hmp");
    const QStringList importTile{"import-hmp", small, map, "--tiles", "38_46"};
    addCliCase("import without --tiles",
               {.args = {"import-hmp", small, map}, .code = Usage, .errHas = {"--tiles is required"}});
    addCliCase("import --height-scale tall", {.args = importTile + QStringList{"--height-scale", "tall"},
                                              .code = Usage,
                                              .errHas = {"--height-scale must be a number, not 'tall'"}});
    addCliCase("import --height-offset inf",
               {.args = importTile + QStringList{"--height-offset", "inf"}, .code = Usage});
    addCliCase("import --skin-tint without skin", {.args = {"import-hmp", "@corpus/hmp/assimp-terrain.hmp",
                                                            map, "--tiles", "38_46", "--skin-tint"},
                                                   .code = Usage,
                                                   .errHas = {"--skin-tint needs a skin"}});
    addCliCase("import a missing tile", {.args = {"import-hmp", small, map, "--tiles", "38_46:39_46"},
                                         .code = Failure,
                                         .errHas = {"has no Test_39_46.adt; nothing written"}});
    addCliCase("import a missing file", {.args = {"import-hmp", "@out/none.hmp", map, "--tiles", "38_46"},
                                         .code = Failure,
                                         .errHas = {"cannot open"}});
    addCliCase("import HMP9",
               {.args = {"import-hmp", "@fixture/hmp/not-terrain.hmp", map, "--tiles", "38_46"},
                .code = Failure,
                .errHas = {"@fixture/hmp/not-terrain.hmp", "nothing written"}});
    addCliCase("import cut in a skin",
               {.args = {"import-hmp", "@fixture/hmp/cut.hmp", map, "--tiles", "38_46"},
                .code = Failure,
                .errHas = {"SKIN at 0x"}});
    // Heights that are no yards: scaled past any float.
    addCliCase("import --height-scale 1e300", {.args = importTile + QStringList{"--height-scale", "1e300"},
                                               .code = Failure,
                                               .errHas = {"are not usable heights in yards"}});
    // An undecodable skin fails --skin-tint alone (hmpUndecodableSkin imports its heights): a clear message.
    addCliCase(
        "import --skin-tint, ATI2 skin",
        {.args = {"import-hmp", "@fixture/hmp/ati2.hmp", map, "--tiles", "38_46", "--skin-tint"},
         .code = Failure,
         .errHas = {"--skin-tint needs the first skin's colours, and the first skin of @fixture/hmp/ati2.hmp "
                    "(type 6) cannot be decoded",
                    "nothing written"}});
    // Type 7 is no skin type: its size is unknown, so the heights after it cannot be found.
    addCliCase("import skin type 7",
               {.args = {"import-hmp", "@fixture/hmp/type7.hmp", map, "--tiles", "38_46"},
                .code = Failure,
                .errHas = {"SKIN at 0x54: HMP7 skin 0 type 7 is not a skin type the spec lists",
                           "cannot be located; nothing written"}});
}

void TestCli::hmpErrors() {
    checkCliCase(mFixture, mTemp->path());
}

// A tile whose MCCV and MCSH are present with their MCNK flags clear (as other tools write them): valid,
// with one warning per kind for every consumer (issue 15: they were "note:" lines before), counted over
// the 256 chunks; info counts them; dump says "disabled"; roundtrip keeps the bytes.
void TestCli::disabledSubchunksAreNotesNotProblems() {
    const auto corpusBytes = readBytes(corpusPath("adt/Azeroth_38_46.adt"));
    mapsmith::io::AdtReadOptions options;
    options.bigAlpha = false;
    auto read = mapsmith::io::readAdt(corpusBytes, options);
    QVERIFY(read);
    const auto bytes = mapsmith::io::writeAdt(gatedVariant(read->adt, GatedVariant::AllOff));
    const QString path = temp(QStringLiteral("Azeroth_38_46.adt"));
    QVERIFY(writeFile(path, toQt(bytes)));

    CliRun r = runCli({"validate", path});
    QCOMPARE(r.code, Ok);
    QVERIFY2(r.out.contains(QStringLiteral(": valid (2 warning(s)")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QRegularExpression(QStringLiteral(
                 "warning \\[client, azerothcore, trinitycore, noggit\\] [^ ]+: MCCV at "
                 "0x[0-9a-f]+ \\(x256: [^)]*\\): MCCV present but has_mccv \\(0x40\\) clear"))),
             qPrintable(r.out));
    QCOMPARE(r.out.count(QStringLiteral("warning [")), 2); // one line per kind, not one per chunk
    r = runCli({"validate", path, "--json"});
    QCOMPARE(r.code, Ok);
    const auto v = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(v["valid"].get<bool>(), true);
    QCOMPARE(v["notes"].size(), std::size_t(2));
    QCOMPARE(v["findings"].size(), std::size_t(2));
    QCOMPARE(v["findings"][0]["count"].get<int>(), 256);
    QCOMPARE(v["findings"][0]["severity"].get<std::string>(), std::string("warning"));

    r = runCli({"info", path});
    QCOMPARE(r.code, Ok);
    QVERIFY2(r.out.contains(QStringLiteral("0 with shadows, 0 with vertex colours")), qPrintable(r.out));
    QVERIFY2(r.out.contains(QStringLiteral("disabled:  256 MCSH, 256 MCCV")), qPrintable(r.out));

    r = runCli({"dump", path, "--json"});
    QCOMPARE(r.code, Ok);
    const auto d = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(d["chunks"][17]["mccv"].get<std::string>(), std::string("disabled"));
    QCOMPARE(d["chunks"][17]["flags"].get<std::uint32_t>() & 0x41u, 0u);

    const QString out = temp(QStringLiteral("again.adt"));
    r = runCli({"roundtrip", path, out});
    QCOMPARE(r.code, Ok);
    QVERIFY(fileBytes(out) == fileBytes(path));
}

void TestCli::dumpIsStableAcrossRoundtrip() {
    const QString out = temp(QStringLiteral("rle.adt"));
    CliRun r = runCli({"roundtrip", corpus("adt/continent4229.adt"), out, "--alpha", "rle"});
    QCOMPARE(r.code, Ok);
    QVERIFY2(r.out.contains(QStringLiteral("same content")), qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("MPHD flag 0x4")));
    const CliRun a = runCli({"dump", corpus("adt/continent4229.adt"), "--json"});
    const CliRun b = runCli({"dump", out, "--json"});
    QCOMPARE(a.code, Ok);
    QCOMPARE(b.code, Ok);
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
    const QString out = temp(QStringLiteral("out"));
    const CliRun r = runCli({"roundtrip", file, out, "--json"});
    QCOMPARE(r.code, Ok);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["byteIdentical"].get<bool>(), true);
    QCOMPARE(j["semanticallyIdentical"].get<bool>(), true);
    QVERIFY(fileBytes(out) == fileBytes(file));
}

void TestCli::roundtripAlphaWithWdtOut() {
    const QString out = temp(QStringLiteral("big.adt"));
    const QString wdtOut = temp(QStringLiteral("big.wdt"));
    CliRun r = runCli({"roundtrip", corpus("adt/continent4229.adt"), out, "--alpha", "8bit", "--wdt",
                       corpus("adt/Azeroth.wdt"), "--wdt-out", wdtOut});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY(QFile::exists(wdtOut));
    r = runCli({"info", wdtOut, "--json"});
    QCOMPARE(nlohmann::json::parse(r.out.toStdString())["flags"].get<int>() & 0x4, 0x4);
    // With the new WDT the 8-bit tile validates and dumps like the original.
    r = runCli({"validate", out, "--wdt", wdtOut});
    QVERIFY2(r.code == Ok, qPrintable(r.out));
    QCOMPARE(runCli({"dump", out, "--wdt", wdtOut}).out,
             runCli({"dump", corpus("adt/continent4229.adt")}).out);
    // And back to 4-bit: the original bytes.
    const QString back = temp(QStringLiteral("back.adt"));
    r = runCli({"roundtrip", out, back, "--wdt", wdtOut, "--alpha", "4bit"});
    QCOMPARE(r.code, Ok);
    QVERIFY(fileBytes(back) == fileBytes(corpus("adt/continent4229.adt")));
}

// A new map and a second one over it (its usage errors: commandErrors).
void TestCli::newMap() {
    const QString dir = temp(QStringLiteral("maps"));
    CliRun r = runCli({"new", dir, "Isle", "--tiles", "2_3,3_3", "--terrain", "demo", "--height", "50"});
    QCOMPARE(r.code, Ok);
    QCOMPARE(r.out,
             QStringLiteral("placed 18 objects and 2 lakes\nwrote %1/Isle_2_3.adt\nwrote %1/Isle_3_3.adt\n"
                            "wrote %1/Isle.wdl\nwrote %1/Isle.wdt\n")
                 .arg(dir));
    for (const char* tile : {"Isle_2_3.adt", "Isle_3_3.adt"}) {
        const CliRun v = runCli({"validate", dir + QLatin1Char('/') + QLatin1String(tile)});
        QVERIFY2(v.code == Ok, qPrintable(v.out + v.err));
    }

    // Again over the same map: replaced, the previous files kept as .bak.
    r = runCli({"new", dir, "Isle", "--tiles", "2_3", "--height", "-4"});
    QCOMPARE(r.code, Ok);
    QCOMPARE(r.out, QStringLiteral("wrote %1/Isle_2_3.adt\nwrote %1/Isle.wdl\nwrote %1/Isle.wdt\n").arg(dir));
    QVERIFY(QFile::exists(dir + QStringLiteral("/Isle.wdt.bak")));
    QVERIFY(QFile::exists(dir + QStringLiteral("/Isle_2_3.adt.bak")));
}

// The bundled demo map (resources/demo) is what the README's command makes, file for file and byte for
// byte: the generator and the shipped files cannot drift apart (the .wdl included).
void TestCli::bundledDemoIsTheGeneratorsOutput() {
    const QString dir = temp(QStringLiteral("demo"));
    const CliRun r = runCli({"new", dir, "Mapsmith", "--tiles", "32_32,33_32,32_33,33_33", "--terrain",
                             "demo", "--height", "50"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    const QDir bundled(QStringLiteral(MAPSMITH_SOURCE_DIR "/resources/demo"));
    const QStringList made = QDir(dir).entryList(QDir::Files, QDir::Name);
    QCOMPARE(bundled.entryList(QDir::Files, QDir::Name), made);
    QVERIFY(made.contains(QStringLiteral("Mapsmith.wdl")));
    for (const QString& name : made) {
        QVERIFY2(fileBytes(bundled.filePath(name)) == fileBytes(dir + QLatin1Char('/') + name),
                 qPrintable(name));
    }
}

// A new map into a patch MPQ (its errors: commandErrors).
void TestCli::exportPatch() {
    const QString dir = temp(QStringLiteral("Isle"));
    QCOMPARE(runCli({"new", dir, "Isle", "--tiles", "2_3,3_3"}).code, Ok);
    // Backups and split files are listed as skipped, not exported.
    QVERIFY(QFile::copy(dir + QStringLiteral("/Isle_2_3.adt"), dir + QStringLiteral("/Isle_2_3.adt.bak")));
    QVERIFY(QFile::copy(dir + QStringLiteral("/Isle_2_3.adt"), dir + QStringLiteral("/Isle_2_3_tex0.adt")));
    const QString out = temp(QStringLiteral("patch-4.MPQ"));
    CliRun r = runCli({"export-patch", dir, "--out", out});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(
        r.out.contains(QStringLiteral("added World\\Maps\\Isle\\Isle.wdt (from %1/Isle.wdt)\n").arg(dir)),
        qPrintable(r.out));
    QVERIFY(
        r.out.contains(QStringLiteral("added World\\Maps\\Isle\\Isle.wdl (from %1/Isle.wdl)\n").arg(dir)));
    QVERIFY(r.out.contains(QStringLiteral("added World\\Maps\\Isle\\Isle_2_3.adt")));
    QVERIFY(r.out.contains(QStringLiteral("added World\\Maps\\Isle\\Isle_3_3.adt")));
    QVERIFY(r.out.contains(QStringLiteral("skipped Isle_2_3.adt.bak: a backup, not exported\n")));
    QVERIFY(r.out.contains(QStringLiteral("skipped Isle_2_3_tex0.adt: a split file")));
    const qint64 bytes = QFileInfo(dir + QStringLiteral("/Isle.wdt")).size() +
                         QFileInfo(dir + QStringLiteral("/Isle.wdl")).size() +
                         QFileInfo(dir + QStringLiteral("/Isle_2_3.adt")).size() +
                         QFileInfo(dir + QStringLiteral("/Isle_3_3.adt")).size();
    QVERIFY2(r.out.contains(QStringLiteral("wrote 4 files, %1 bytes to %2 (archive %3 bytes)\n")
                                .arg(bytes)
                                .arg(out)
                                .arg(QFileInfo(out).size())),
             qPrintable(r.out));
    QVERIFY(fileBytes(out).startsWith(QByteArray("MPQ\x1a", 4)));

    // --out naming a folder: the patch name after the highest one in it.
    QVERIFY(QFile::copy(out, temp(QStringLiteral("PATCH-5.mpq"))));
    r = runCli({"export-patch", dir, "--out", mTemp->path(), "--name", "isle"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral(" to %1/patch-6.MPQ ").arg(mTemp->path())), qPrintable(r.out));
    QVERIFY(QFile::exists(temp(QStringLiteral("patch-6.MPQ"))));
}

void TestCli::convertSplitAndBack_data() {
    QTest::addColumn<QString>("file");
    QTest::newRow("Azeroth_38_46") << corpus("adt/Azeroth_38_46.adt");
    QTest::newRow("continent4229") << corpus("adt/continent4229.adt");
}

void TestCli::convertSplitAndBack() {
    QFETCH(QString, file);
    const QString name = QFileInfo(file).fileName();
    const QString splitDir = temp(QStringLiteral("split"));
    CliRun r =
        runCli({"convert", file, "--to", "split", "--out", splitDir, "--wdt", corpus("adt/Azeroth.wdt")});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QCOMPARE(r.out, QStringLiteral("converted 1 tile to split in %1\n").arg(splitDir));
    QVERIFY2(r.err.contains(QStringLiteral("\rconverted 1/1 tiles\n")), qPrintable(r.err));
    const QString root = splitDir + QLatin1Char('/') + name;
    for (const QString& path : {root, partner(root, "tex0"), partner(root, "obj0")}) {
        QVERIFY2(QFileInfo(path).size() > 0, qPrintable(path));
    }
    QVERIFY(!QFile::exists(partner(root, "lod")));
    QVERIFY(fileBytes(root) != fileBytes(file));

    const QString v18Dir = temp(QStringLiteral("v18"));
    r = runCli({"convert", root, "--to", "v18", "--out", v18Dir, "--wdt", corpus("adt/Azeroth.wdt")});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QCOMPARE(r.out, QStringLiteral("converted 1 tile to v18 in %1\n").arg(v18Dir));
    QVERIFY2(!r.err.contains(QStringLiteral("warning")), qPrintable(r.err)); // nothing lost
    QCOMPARE(fileBytes(v18Dir + QLatin1Char('/') + name), fileBytes(file));
    QCOMPARE(QDir(v18Dir).entryList(QDir::Files), QStringList{name});
}

void TestCli::convertMapFolder() {
    const QString map = temp(QStringLiteral("Test"));
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

    const QString split = temp(QStringLiteral("split"));
    CliRun r = runCli({"convert", map, "--to", "split", "--out", split});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
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
    r = runCli({"info", splitTile});
    QCOMPARE(r.code, Ok);
    QVERIFY2(r.out.contains(QStringLiteral("ADT v18 (split: root, tex0, obj0)")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("4-bit depth (from Test.wdt)")));
    QCOMPARE(runCli({"dump", splitTile}).out, runCli({"dump", map + QStringLiteral("/Test_38_46.adt")}).out);

    const QString back = temp(QStringLiteral("back"));
    r = runCli({"convert", split, "--to", "v18", "--out", back});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY(r.out.endsWith(QStringLiteral("converted 3 tiles to v18 in %1\n").arg(back)));
    for (const auto& [name, source] : tiles) {
        QVERIFY2(fileBytes(back + QLatin1Char('/') + name) == fileBytes(source), qPrintable(name));
    }
    QCOMPARE(QDir(back).entryList(QDir::Files),
             (QStringList{"Test.wdl", "Test.wdt", "Test_30_40.adt", "Test_38_46.adt", "Test_38_47.adt"}));

    // Again into the same folder: the v18 tiles replace the split sets, whose partners go.
    r = runCli({"convert", map, "--to", "v18", "--out", split});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("removed %1/Test_38_46_tex0.adt").arg(split)));
    QCOMPARE(QDir(split).entryList({QStringLiteral("*.adt")}, QDir::Files).size(), 3);

    // One broken tile: reported by name, the others converted, exit Failure.
    QVERIFY(writeFile(map + QStringLiteral("/Test_38_47.adt"),
                      fileBytes(corpus("adt/Azeroth_38_46.adt")).left(5000)));
    const QString partial = temp(QStringLiteral("partial"));
    r = runCli({"convert", map, "--to", "split", "--out", partial});
    QCOMPARE(r.code, Failure);
    QVERIFY2(r.err.contains(QStringLiteral("mapsmith-cli convert: %1/Test_38_47.adt: ").arg(map)),
             qPrintable(r.err));
    QVERIFY(r.err.contains(QStringLiteral("1 of 3 tiles failed")));
    QVERIFY(r.out.endsWith(QStringLiteral("converted 2 tiles to split in %1\n").arg(partial)));
    QVERIFY(QFile::exists(partial + QStringLiteral("/Test_38_46_obj0.adt")));
    QVERIFY(!QFile::exists(partial + QStringLiteral("/Test_38_47.adt")));
}

// The fixture's split continent4229 dumps like the v18 tile and validates (its info: reports).
void TestCli::dumpSameForSplit() {
    const QString wdt = corpus("adt/Azeroth.wdt");
    const QString root = fixture(QStringLiteral("split/continent4229.adt"));
    const CliRun a = runCli({"dump", corpus("adt/continent4229.adt"), "--wdt", wdt, "--json"});
    const CliRun b = runCli({"dump", root, "--wdt", wdt, "--json"});
    QCOMPARE(a.code, Ok);
    QVERIFY2(b.code == Ok, qPrintable(b.err));
    QVERIFY(a.out.size() > 100000);
    QVERIFY(a.out == b.out);

    const CliRun r = runCli({"validate", root, "--wdt", wdt});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QCOMPARE(r.out, QStringLiteral("%1: valid\n").arg(root));
}

// `info --chunks` lists the sub-chunks of every MCNK: seven in the v18 tile; on a split root every file of
// the set, after the header in the root, from the first byte in the headerless MCNKs of _tex0 and _obj0.
void TestCli::infoChunksSplit() {
    const QString wdt = corpus("adt/Azeroth.wdt");
    const QString root = fixture(QStringLiteral("split/continent4229.adt"));

    CliRun r = runCli({"info", root, "--wdt", wdt, "--json", "--chunks"});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
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

    // The v18 tile: 256 MCNKs of seven sub-chunks each; the references are those of its MCRF chunks.
    r = runCli({"info", corpus("adt/continent4229.adt"), "--json", "--chunks"});
    QCOMPARE(r.code, Ok);
    int v18Mcnks = 0;
    int v18Subs = 0;
    std::uint64_t mcrfBytes = 0;
    const auto v18 = nlohmann::json::parse(r.out.toStdString());
    for (const auto& c : v18["chunks"]) {
        v18Mcnks += c["id"] == "MCNK" ? 1 : 0;
        v18Subs += c.contains("mcnk") ? 1 : 0;
        mcrfBytes += c["id"] == "MCRF" ? c["size"].get<std::uint64_t>() : 0;
    }
    QCOMPARE(v18Mcnks, 256);
    QCOMPARE(v18Subs, 256 * 7); // MCVT MCNR MCLY MCRF MCSH MCAL MCSE
    QVERIFY(mcrfBytes > 0);
    QCOMPARE(refBytes, mcrfBytes);

    // Text: each file's table, sub-chunks indented under their MCNK.
    r = runCli({"info", root, "--wdt", wdt, "--chunks"});
    QCOMPARE(r.code, Ok);
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
    const QString wdt = corpus("adt/Azeroth.wdt");
    const QString root = fixture(QStringLiteral("split/continent4229.adt"));
    const QString out = temp(QStringLiteral("Out_1_2.adt"));
    CliRun r = runCli({"roundtrip", root, out, "--wdt", wdt, "--json"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
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
    r = runCli({"roundtrip", root, out, "--wdt", wdt});
    QCOMPARE(r.code, Ok);
    QVERIFY2(r.out.startsWith(QStringLiteral("wrote %1 with tex0, obj0 (").arg(out)), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("byte-identical to %1, same content").arg(root)));
    const QString rle = temp(QStringLiteral("Rle_1_2.adt"));
    r = runCli({"roundtrip", root, rle, "--wdt", wdt, "--alpha", "rle"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("differs in bytes from %1 (tex0 from 0x").arg(root)),
             qPrintable(r.out));
    QVERIFY(!r.out.contains(QStringLiteral("obj0 from")));
    QVERIFY(r.out.contains(QStringLiteral("same content")));
}

void TestCli::convertKeepsExtraFiles() {
    // A _lod file (not interpreted) stays with the split set and is reported when going to v18.
    const QString wdt = corpus("adt/Azeroth.wdt");
    const QString in = temp(QStringLiteral("in"));
    QVERIFY(QDir().mkpath(in));
    for (const QString& name : QDir(fixture(QStringLiteral("split38"))).entryList(QDir::Files)) {
        QVERIFY(
            writeFile(in + QLatin1Char('/') + name, fileBytes(fixture(QStringLiteral("split38/") + name))));
    }
    const QString root = in + QStringLiteral("/Azeroth_38_46.adt");
    QByteArray lod("MVER", 4);
    lod += QByteArray("\x04\0\0\0\x12\0\0\0", 8);
    QVERIFY(writeFile(partner(root, "lod"), lod));

    const QString split = temp(QStringLiteral("split"));
    CliRun r = runCli({"convert", root, "--to", "split", "--out", split, "--wdt", wdt});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QCOMPARE(fileBytes(partner(split + QStringLiteral("/Azeroth_38_46.adt"), "lod")), lod);

    const QString v18 = temp(QStringLiteral("v18"));
    r = runCli({"convert", root, "--to", "v18", "--out", v18, "--wdt", wdt});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("warning: ")) && r.err.contains(QStringLiteral("lod")),
             qPrintable(r.err));
    QCOMPARE(fileBytes(v18 + QStringLiteral("/Azeroth_38_46.adt")),
             fileBytes(corpus("adt/Azeroth_38_46.adt")));
}

// The fixture's 0.5.3 alpha WDTs (three tiles; WMO only) into v18 tiles and WDTs that validate; split too.
void TestCli::convertAlphaWdt() {
    const QString kalidar = fixture(QStringLiteral("alpha/Kalidar.wdt"));
    const QString dungeon = fixture(QStringLiteral("alpha/Dungeon.wdt"));
    const QString out = temp(QStringLiteral("out"));
    CliRun r = runCli({"convert", kalidar, dungeon, "--to", "v18", "--out", out});
    QCOMPARE(r.code, Ok);
    QVERIFY2(r.out.contains(QStringLiteral("converted 3 tiles of alpha map")), qPrintable(r.out));
    QVERIFY2(r.err.contains(QStringLiteral("converted 3/3 tiles of Kalidar.wdt")), qPrintable(r.err));
    QVERIFY2(r.err.contains(QStringLiteral("sound emitters")), qPrintable(r.err)); // the MCSE warning
    const QStringList written{"Kalidar.wdt", "Kalidar_30_40.adt", "Kalidar_31_40.adt", "Kalidar_29_41.adt",
                              "Dungeon.wdt"};
    for (const QString& name : written) {
        const QString path = QDir(out).filePath(name);
        QVERIFY2(QFile::exists(path), qPrintable(path));
        r = runCli({"validate", path});
        QVERIFY2(r.code == Ok, qPrintable(path + QStringLiteral(": ") + r.out + r.err));
    }
    QCOMPARE(QDir(out).entryList(QDir::Files).size(), written.size());
    r = runCli({"info", QDir(out).filePath(QStringLiteral("Kalidar_30_40.adt")), "--json"});
    QCOMPARE(r.code, Ok);
    const auto j = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(j["counts"]["doodads"].get<int>(), 3);
    QCOMPARE(j["alpha"]["depth"].get<int>(), 4);
    r = runCli({"info", QDir(out).filePath(QStringLiteral("Dungeon.wdt")), "--json"});
    QCOMPARE(r.code, Ok);
    const auto wmo = nlohmann::json::parse(r.out.toStdString());
    QCOMPARE(wmo["wmoOnly"].get<bool>(), true);
    QCOMPARE(wmo["wmo"].get<std::string>(), std::string("World\\wmo\\Dungeon\\KL_Orgrimmar.wmo"));

    // Split sets, alpha maps re-encoded to RLE (the WDT then says 8-bit).
    const QString split = temp(QStringLiteral("split"));
    r = runCli({"convert", kalidar, "--to", "split", "--out", split, "--alpha", "rle"});
    QCOMPARE(r.code, Ok);
    QVERIFY(QFile::exists(QDir(split).filePath(QStringLiteral("Kalidar_30_40_tex0.adt"))));
    QVERIFY(QFile::exists(QDir(split).filePath(QStringLiteral("Kalidar_30_40_obj0.adt"))));
    r = runCli({"validate", QDir(split).filePath(QStringLiteral("Kalidar_30_40.adt"))});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
}

// An alpha WDT with one broken tile: the others convert, the WDT is written and validates, exit Failure (a
// WDT cut inside MAIN: convertErrors).
void TestCli::convertAlphaWdtBrokenTile() {
    const QString out = temp(QStringLiteral("out"));
    CliRun r = runCli({"convert", fixture(QStringLiteral("alpha/Broken.wdt")), "--to", "v18", "--out", out});
    QCOMPARE(r.code, Failure);
    QVERIFY2(r.err.contains(QStringLiteral("tile (31, 40)")), qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("converted 2 tiles")));
    QVERIFY(QFile::exists(QDir(out).filePath(QStringLiteral("Broken_30_40.adt"))));
    QVERIFY(!QFile::exists(QDir(out).filePath(QStringLiteral("Broken_31_40.adt"))));
    r = runCli({"validate", QDir(out).filePath(QStringLiteral("Broken.wdt"))});
    QCOMPARE(r.code, Ok);
}

void TestCli::heightmapRoundTrip() {
    const QString map = heightmapMap(mTemp->path(), {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QString png = temp(QStringLiteral("block.png"));
    CliRun r = runCli({"export-heightmap", map, "--tiles", "38_46", "--out", png});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
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
    r = runCli(QStringList{"import-heightmap", png, map, "--tiles", "38_46"} + range);
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("imported 1/1 tiles: %1").arg(tile)), qPrintable(r.err));
    QVERIFY(r.out.contains(QStringLiteral("onto 1 tile of Test (38_46)")));
    QCOMPARE(fileBytes(tile + QStringLiteral(".bak")), original);
    QCOMPARE(runCli({"validate", tile}).code, Ok);
    // Every outer vertex within half a step of the 16-bit scale (plus float rounding).
    const Lattice after = outerLattice(tile);
    QCOMPARE(after.heights.size(), std::size_t(129 * 129));
    const double tolerance = (max - min) / 65535.0 / 2.0 + 1e-3;
    const double worst = largestDifference(before, after);
    QVERIFY2(worst <= tolerance, qPrintable(QStringLiteral("%1 > %2").arg(worst).arg(tolerance)));

    // A given range is the one printed; heights outside it are clamped (and counted).
    r = runCli({"export-heightmap", map, "--tiles", "38_46", "--out", png, "--min", "-20.5", "--max", "300"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(
        QStringLiteral("height range: -20.5 .. 300 yards (import with --min -20.5 --max 300)")));
    QVERIFY2(r.err.contains(QStringLiteral("were clamped")), qPrintable(r.err));
}

void TestCli::heightmapBlockSeam() {
    // The corpus tile twice side by side: its east and west edges differ, the seam is open. Exported as
    // one 257 x 129 image and imported back, both tiles take the shared column: the seam closes.
    const QString map = heightmapMap(mTemp->path(), {QStringLiteral("38_46"), QStringLiteral("39_46")});
    const QString west = map + QStringLiteral("/Test_38_46.adt");
    const QString east = map + QStringLiteral("/Test_39_46.adt");
    QVERIFY(outerLattice(west).at(128, 64) != outerLattice(east).at(0, 64));
    const QString png = temp(QStringLiteral("block.png"));
    CliRun r = runCli({"export-heightmap", map, "--tiles", "39_46:38_46", "--out", png});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY(r.out.contains(QStringLiteral("257 x 129 pixels, 16-bit grayscale, tiles 38_46:39_46 of Test")));
    QCOMPARE(pngHeader(png).width, 257u);
    QCOMPARE(pngHeader(png).height, 129u);
    r = runCli(QStringList{"import-heightmap", png, map, "--tiles", "38_46:39_46"} + printedRange(r.out));
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("imported 2/2 tiles: %1").arg(east)));
    Lattice w = outerLattice(west);
    Lattice e = outerLattice(east);
    for (int gy = 0; gy <= 128; ++gy) {
        QVERIFY2(std::abs(w.at(128, gy) - e.at(0, gy)) < 1e-3, qPrintable(QString::number(gy)));
    }

    // A map whose tiles sit where their names say (the copies above keep 38_46's chunk positions):
    // raised by an import over a stretched range, heights and normals still meet at the seam.
    const QString hills = temp(QStringLiteral("hills"));
    QCOMPARE(runCli({"new", hills, "Hills", "--tiles", "38_46,39_46", "--terrain", "hills"}).code, Ok);
    r = runCli({"export-heightmap", hills, "--tiles", "38_46:39_46", "--out", png});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    const QStringList range = printedRange(r.out);
    QCOMPARE(range.size(), 4);
    const double min = range[1].toDouble();
    const double max = range[3].toDouble();
    r = runCli({"import-heightmap", png, hills, "--tiles", "38_46:39_46", "--min",
                QString::number(min + 50.0), "--max", QString::number(max + 2.0 * (max - min))});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
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
    const QString v18 = heightmapMap(mTemp->path(), {QStringLiteral("38_46")});
    const QString map = temp(QStringLiteral("split"));
    QCOMPARE(runCli({"convert", v18, "--to", "split", "--out", map}).code, Ok);
    const QString root = map + QStringLiteral("/Test_38_46.adt");
    const QByteArray tex0 = fileBytes(partner(root, "tex0"));
    const QString png = temp(QStringLiteral("tile.png"));
    CliRun r = runCli({"export-heightmap", map + QStringLiteral("/Test.wdt"), "--tiles", "38_46", "--out",
                       png, "--min", "0", "--max", "1000"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    r = runCli({"import-heightmap", png, map, "--tiles", "38_46", "--min", "100", "--max", "1100"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    // Written back as a split set: only the root (the heights) changed, the partners were left alone.
    QVERIFY(QFile::exists(root + QStringLiteral(".bak")));
    QVERIFY(!QFile::exists(partner(root, "tex0") + QStringLiteral(".bak")));
    QCOMPARE(fileBytes(partner(root, "tex0")), tex0);
    r = runCli({"info", root});
    QVERIFY2(r.out.contains(QStringLiteral("split: root, tex0, obj0")), qPrintable(r.out));
    const Lattice before = outerLattice(v18 + QStringLiteral("/Test_38_46.adt"));
    const Lattice after = outerLattice(root);
    QCOMPARE(after.heights.size(), std::size_t(129 * 129));
    for (std::size_t i = 0; i < before.heights.size(); i += 97) {
        QVERIFY(std::abs(after.heights[i] - (before.heights[i] + 100.0)) < 1000.0 / 65535.0);
    }
}

// --allow-missing exports a missing tile of the block as 0 yards, with a warning (the errors:
// heightmapErrors).
void TestCli::heightmapAllowMissing() {
    const QString png = temp(QStringLiteral("h.png"));
    const CliRun r = runCli({"export-heightmap", fixture(QStringLiteral("Test")), "--tiles", "38_46:39_46",
                             "--out", png, "--allow-missing"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY(r.err.contains(QStringLiteral("warning: exporting Test_39_46.adt")));
    QCOMPARE(pngHeader(png).width, 257u);
}

// export-hmp of one tile: an HMP5 of its 129 x 129 outer vertices, row 0 south, the full packed range;
// import-hmp of it lands vertex on vertex (within one packed step), inner vertices bilinear between them.
void TestCli::hmpRoundTrip() {
    const QString map = heightmapMap(mTemp->path(), {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QString hmp = temp(QStringLiteral("block.hmp"));
    CliRun r = runCli({"export-hmp", map, "--tiles", "38_46", "--out", hmp});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
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
    r = runCli({"import-hmp", hmp, map, "--tiles", "38_46"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.err.contains(QStringLiteral("imported 1/1 tiles: %1").arg(tile)), qPrintable(r.err));
    QVERIFY(!r.err.contains(QStringLiteral("note:"))); // same size: nothing stretched
    QVERIFY2(r.out.contains(QStringLiteral("(HMP5, 129 x 129 vertices")), qPrintable(r.out));
    QVERIFY(r.out.contains(QStringLiteral("onto 1 tile of Test (38_46)")));
    QCOMPARE(fileBytes(tile + QStringLiteral(".bak")), original);
    QCOMPARE(runCli({"validate", tile}).code, Ok);
    const Lattice after = outerLattice(tile);
    QCOMPARE(after.heights.size(), std::size_t(129 * 129));
    const double tolerance = step + 1e-3; // one packed step plus float rounding
    const double worst = largestDifference(before, after);
    QVERIFY2(worst <= tolerance, qPrintable(QStringLiteral("%1 > %2").arg(worst).arg(tolerance)));
    const double inner = innerOffBilinear(tile);
    QVERIFY2(inner < 1e-3, qPrintable(QString::number(inner)));

    // yards = height * scale + offset.
    r = runCli(
        {"import-hmp", hmp, map, "--tiles", "38_46", "--height-scale", "2", "--height-offset", "-10.5"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
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
    const QString map = heightmapMap(mTemp->path(), {QStringLiteral("38_46"), QStringLiteral("39_46"),
                                                     QStringLiteral("38_47"), QStringLiteral("39_47")});
    const QString small = corpus("hmp/small.hmp");
    const QByteArray hmp = fileBytes(small);
    QVERIFY(hmp.startsWith("HMP7"));
    CliRun r = runCli({"import-hmp", small, map, "--tiles", "39_47:38_46"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
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
    QCOMPARE(runCli({"validate", map + QStringLiteral("/Test_39_47.adt")}).code, Ok);

    // Scaled, offset and tinted by the skin.
    r = runCli({"import-hmp", small, map, "--tiles", "38_46:39_47", "--height-scale", "0.5",
                "--height-offset", "100", "--skin-tint"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("vertex colours from its 512 x 512 skin")), qPrintable(r.out));
    QVERIFY(std::abs(outerLattice(map + QStringLiteral("/Test_38_46.adt")).at(0, 0) -
                     (0.5 * hmpHeightAt(hmp, 0, 65) + 100.0)) < 1e-3);
    for (const char* t : {"38_46", "39_47"}) {
        QCOMPARE(chunksWithColours(map + QStringLiteral("/Test_%1.adt").arg(QLatin1String(t))), 256);
    }
}

// HMP7 terrains whose first skin is 888 (type 4) or DDS (types 6 and 14): the heights import, and with
// --skin-tint the skin's colours too.
void TestCli::hmpSkins_data() {
    QTest::addColumn<QByteArray>("file");
    const QByteArray dxt1 = toQt(ddsDxt1Quadrants().dds);
    QTest::newRow("888") << hmp7WithSkin(4, 8, 8, rgb888Skin());
    QTest::newRow("dds") << hmp7WithSkin(6, std::uint32_t(dxt1.size()), 1, dxt1);
    QTest::newRow("dds-mipmapped-type") << hmp7WithSkin(14, std::uint32_t(dxt1.size()), 1, dxt1);
}

void TestCli::hmpSkins() {
    QFETCH(QByteArray, file);
    const QString map = heightmapMap(mTemp->path(), {QStringLiteral("38_46")});
    const QString tile = map + QStringLiteral("/Test_38_46.adt");
    const QByteArray heights = fileBytes(corpus("hmp/small.hmp")); // the same frame at the end
    const QString path = temp(QStringLiteral("skin.hmp"));
    QVERIFY(writeFile(path, file));
    CliRun r = runCli({"import-hmp", path, map, "--tiles", "38_46"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(!r.err.contains(QStringLiteral("warning")), qPrintable(r.err));
    QVERIFY2(r.out.contains(QStringLiteral("(HMP7, 66 x 66 vertices")), qPrintable(r.out));
    QVERIFY(std::abs(outerLattice(tile).at(0, 0) - hmpHeightAt(heights, 0, 65)) < 1e-3);
    r = runCli({"import-hmp", path, map, "--tiles", "38_46", "--skin-tint"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("vertex colours from its 8 x 8 skin")), qPrintable(r.out));
    QCOMPARE(chunksWithColours(tile), 256);
}

// An HMP7 terrain whose first skin is an ATI2 DDS: the heights import with a warning naming the skin and
// where its FourCC is (--skin-tint fails: hmpErrors).
void TestCli::hmpUndecodableSkin() {
    const QString map = heightmapMap(mTemp->path(), {QStringLiteral("38_46")});
    const QString bad = fixture(QStringLiteral("hmp/ati2.hmp"));
    const QByteArray ati2 = toQt(undecodableDdsCases()[0].dds);
    const CliRun r = runCli({"import-hmp", bad, map, "--tiles", "38_46", "--height-scale", "2"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(
        r.err.contains(QStringLiteral("warning: %1: SKIN at 0x%2: HMP7 skin 0 (type 6, %3 bytes) is kept "
                                      "undecoded: DDS FourCC \"ATI2\" is not read")
                           .arg(bad)
                           .arg(84 + 12 + 84, 0, 16)
                           .arg(ati2.size())),
        qPrintable(r.err));
    const QByteArray heights = fileBytes(corpus("hmp/small.hmp")); // the same frame at the end
    QVERIFY(std::abs(outerLattice(map + QStringLiteral("/Test_38_46.adt")).at(0, 0) -
                     2.0 * hmpHeightAt(heights, 0, 65)) < 1e-3);
}

QTEST_GUILESS_MAIN(TestCli)
#include "test_cli.moc"
