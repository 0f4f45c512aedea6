// mapsmith-cli info and validate on models and textures: the corpus M2 with its skin, the WMO root with its
// group, MDL and HMP; MDX, BLP and M2s built here; files beside a model found in another letter case; a
// skin or group file missing; files cut short in each format; the kind decided by content, not by the
// extension; MD21 and unknown files refused; roundtrip of a WMO root with its groups and of a group alone
// (written back byte-identical), with a group missing, cut short, or with tile options. Rows are CliCase data
// tables (tests/cli/cli_case.h) on a read-only fixture; bounds are compared within a tolerance by a scenario
// of their own.

#include "io/assets/blp.h"
#include "support/model_builders.h"
#include "support/test_bytes.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"

#include <QDir>
#include <QFileInfo>
#include <QtTest>

#include <nlohmann/json.hpp>

#include <array>
#include <cmath>
#include <optional>
#include <string>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

// An 8 x 8 opaque BLP2 in DXT1 with its mipmaps (4 levels).
Bytes builtBlp() {
    io::BlpImage image;
    image.width = 8;
    image.height = 8;
    std::vector<std::uint8_t> rgba;
    for (int p = 0; p < 8 * 8; ++p) {
        rgba.insert(rgba.end(), {std::uint8_t(p * 4), 0x80, 0x20, 0xFF});
    }
    image.mips.push_back(std::move(rgba));
    return io::writeBlp2(image, io::BlpWriteFormat::Dxt1);
}

// buildM2 with `profiles` skin profiles counted in the header.
Bytes builtM2(std::uint32_t profiles) {
    Bytes m2 = buildM2({});
    putU32(m2, m2_at::SkinProfiles, profiles);
    return m2;
}

// The first `n` bytes.
QByteArray cut(const QByteArray& bytes, qsizetype n) {
    return bytes.left(n);
}

// "min"/"max" of a bounds object against the expected corners, within 1e-3.
void compareBounds(const nlohmann::json& bounds, std::array<double, 3> min, std::array<double, 3> max) {
    for (std::size_t c = 0; c < 3; ++c) {
        QVERIFY2(std::abs(bounds.at("min").at(c).get<double>() - min[c]) < 1e-3, bounds.dump().c_str());
        QVERIFY2(std::abs(bounds.at("max").at(c).get<double>() - max[c]) < 1e-3, bounds.dump().c_str());
    }
}

} // namespace

class TestCliModels : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    // Data tables (CliCase rows on the fixture).
    void help_data();
    void help();
    void wowModels_data();
    void wowModels();
    void companions_data();
    void companions();
    void otherFormats_data();
    void otherFormats();
    void damaged_data();
    void damaged();
    void kinds_data();
    void kinds();
    void wmoRoundtrip_data();
    void wmoRoundtrip();

    // Scenarios.
    void boundsAsStored();
    void wmoRoundtripWritesTheSameBytes();

private:
    QString fixture(const QString& name) const { return mFixture.filePath(name); }
    void put(const QString& name, const QByteArray& bytes) {
        QVERIFY(QDir().mkpath(QFileInfo(fixture(name)).path()));
        QVERIFY2(writeFile(fixture(name), bytes), qPrintable(name));
    }

    CliFixture mFixture;
    std::optional<QTemporaryDir> mTemp;
};

// The fixture, read by every row, never written (cleanup() checks).
void TestCliModels::initTestCase() {
    QVERIFY(mFixture.isValid());
    const QByteArray rabbit = fileBytes(corpus("models/Rabbit.m2"));
    const QByteArray skin = fileBytes(corpus("models/Rabbit00.skin"));
    const QByteArray root = fileBytes(corpus("models/trolltent.wmo"));
    const QByteArray group = fileBytes(corpus("models/trolltent_000.wmo"));
    QVERIFY(!rabbit.isEmpty() && !skin.isEmpty() && !root.isEmpty() && !group.isEmpty());
    // Companions missing, and in another letter case.
    put("noskin/Rabbit.m2", rabbit);
    put("nogroup/trolltent.wmo", root);
    put("case/RABBIT.M2", rabbit);
    put("case/rabbit00.SKIN", skin);
    put("case/TENT.WMO", root);
    put("case/tent_000.WMO", group);
    // Built M2s: profiles 1 and 2 of 3 present (the lowest present is used), and a skin naming vertex 19 of
    // a model of 8.
    put("built/Low.m2", toQt(builtM2(3)));
    put("built/Low01.skin", toQt(buildSkin(8, 5)));
    put("built/Low02.skin", toQt(buildSkin(8, 7)));
    put("built/Bad.m2", toQt(builtM2(1)));
    put("built/Bad00.skin", toQt(buildSkin(20, 10))); // triangle 6 names skin vertex 8
    const QByteArray mdx = toQt(buildMdx({}));
    put("built/Built.mdx", mdx);
    put("built/Built.blp", toQt(builtBlp()));
    // Cut short: inside each reader's header (M2, skin, WMO root, MDX, BLP) or its data (MDL, HMP); a WMO
    // group cut inside MOGP still reads leniently.
    put("cut/Rabbit.m2", cut(rabbit, 300));
    put("cut/Rabbit00.skin", cut(skin, 40));
    put("cut/trolltent.wmo", cut(root, 40));
    put("cut/trolltent_000.wmo", cut(group, 30000));
    put("cut/tent_000.wmo", cut(group, 20));
    put("cut/Built.mdx", cut(mdx, 100));
    put("cut/Acid.mdl", cut(fileBytes(corpus("mdl/PhosphoricAcid_MDl5.mdl")), 2000));
    put("cut/terrain.hmp", cut(fileBytes(corpus("hmp/assimp-terrain.hmp")), 2000));
    put("cut/Built.blp", cut(toQt(builtBlp()), 100));
    put("cut/test.wmb", cut(fileBytes(corpus("wmb/test.wmb")), 2000));
    // Content against the extension.
    put("kinds/tile.m2", fileBytes(corpus("adt/Azeroth_38_46.adt")));
    put("kinds/model.adt", rabbit);
    put("kinds/Legion.m2", QByteArray("MD21\x20\0\0\0MD20", 12));
    put("kinds/notes.txt", QByteArray("nothing Mapsmith reads"));
    put("kinds/garbage.m2", QByteArray("garbage, not a model"));
    mFixture.seal();
}

void TestCliModels::init() {
    mTemp.emplace();
    QVERIFY(mTemp->isValid());
}

void TestCliModels::cleanup() {
    mTemp.reset();
    const QString changed = mFixture.takeChanges();
    QVERIFY2(changed.isEmpty(), qPrintable(changed));
}

// The usage texts name the model formats and what validate requires of their companions.
void TestCliModels::help_data() {
    addCliCaseColumn();
    addCliCase("top", {.args = {"--help"}, .outHas = {".m2", ".wmo", ".blp", "skin profiles / group files"}});
    addCliCase("info", {.args = {"info", "--help"},
                        .outHas = {"Name00.skin", "Name_NNN.wmo", "MD21 (Legion+ M2) is refused", ".blp"}});
    addCliCase("validate", {.args = {"validate", "--help"},
                            .outHas = {".blp", "a missing skin", "profile or group file is a problem"}});
}

void TestCliModels::help() {
    checkCliCase(mFixture, mTemp->path());
}

// The corpus rabbit and troll tent, as text and JSON.
void TestCliModels::wowModels_data() {
    addCliCaseColumn();
    const QString rabbit = QStringLiteral("@corpus/models/Rabbit.m2");
    const QString tent = QStringLiteral("@corpus/models/trolltent.wmo");
    addCliCase("info M2", {.args = {"info", rabbit},
                           .outHas = {"M2 v264", "vertices:   154", "107 (Rabbit00.skin, profile 0 of 1)",
                                      "0: \"\" (type 11, set at run time)", "collision:", "7 sequences"}});
    addCliCase("info M2 --json", {.args = {"info", rabbit, "--json"},
                                  .json = {{"/file", R"("@corpus/models/Rabbit.m2")"},
                                           {"/size", "62096"},
                                           {"/format", R"("m2")"},
                                           {"/version", "264"},
                                           {"/name", R"("Rabbit")"},
                                           {"/vertices", "154"},
                                           {"/triangles", "107"},
                                           {"/skin", R"("Rabbit00.skin")"},
                                           {"/textures", R"([""])"},
                                           {"/textureTypes", "[11]"},
                                           {"/missing", "[]"},
                                           {"/warnings", "[]"}},
                                  .jsonSizes = {{"/bounds/min", 3}, {"/collisionBounds/max", 3}}});
    addCliCase("info WMO",
               {.args = {"info", tent},
                .outHas = {"WMO v17 root", "1 of 1 loaded (trolltent_000.wmo)", "vertices:   1268",
                           "triangles:  1228", "BM_TROLL_TRIM01.BLP", "1 sets: Set_$DefaultGlobal"}});
    addCliCase("info WMO --json", {.args = {"info", tent, "--json"},
                                   .json = {{"/format", R"("wmo")"},
                                            {"/version", "17"},
                                            {"/groups", "1"},
                                            {"/groupsLoaded", "1"},
                                            {"/vertices", "1268"},
                                            {"/triangles", "1228"},
                                            {"/doodadSets", R"(["Set_$DefaultGlobal"])"},
                                            {"/doodads", "0"},
                                            {"/missing", "[]"},
                                            {"/warnings", "[]"}},
                                   .jsonSizes = {{"/textures", 3}, {"/bounds/max", 3}}});
    addCliCase("info skin",
               {.args = {"info", "@corpus/models/Rabbit00.skin", "--json"},
                .json = {{"/format", R"("skin")"}, {"/vertices", "154"}, {"/triangles", "107"}}});
    addCliCase("info WMO group", {.args = {"info", "@corpus/models/trolltent_000.wmo", "--json"},
                                  .json = {{"/format", R"("wmo-group")"},
                                           {"/vertices", "1268"},
                                           {"/triangles", "1228"},
                                           {"/liquid", "false"}}});
    for (const char* file : {"Rabbit.m2", "Rabbit00.skin", "trolltent.wmo", "trolltent_000.wmo"}) {
        const QString path = QStringLiteral("@corpus/models/") + QLatin1String(file);
        addCliCase((std::string("validate ") + file).c_str(),
                   {.args = {"validate", path}, .outHas = {path + ": valid"}});
    }
    addCliCase(
        "validate M2 --json",
        {.args = {"validate", rabbit, "--json"},
         .json = {{"/file", R"("@corpus/models/Rabbit.m2")"}, {"/valid", "true"}, {"/problems", "[]"}}});
}

void TestCliModels::wowModels() {
    checkCliCase(mFixture, mTemp->path());
}

// Skin profiles and group files: missing (a warning for info, a problem for validate), in another letter
// case, the lowest-numbered profile present, a skin naming a vertex the model lacks.
void TestCliModels::companions_data() {
    addCliCaseColumn();
    const QString noSkin = QStringLiteral("@fixture/noskin/Rabbit.m2");
    const QString noGroup = QStringLiteral("@fixture/nogroup/trolltent.wmo");
    addCliCase("info M2 without skin", {.args = {"info", noSkin, "--json"},
                                        .json = {{"/vertices", "154"},
                                                 {"/triangles", "0"},
                                                 {"/skin", "null"},
                                                 {"/missing", R"(["Rabbit00.skin"])"},
                                                 {"/warnings/0/code", R"("file-io")"},
                                                 {"/warnings/0/file", R"("@fixture/noskin/Rabbit.m2")"}},
                                        .jsonSizes = {{"/warnings", 1}}});
    addCliCase("info M2 without skin, text",
               {.args = {"info", noSkin},
                .outHas = {"missing:    Rabbit00.skin", "warning:    " + noSkin +
                                                            ": skin profile Rabbit00.skin "
                                                            "is missing"}});
    addCliCase("validate M2 without skin",
               {.args = {"validate", noSkin},
                .code = Invalid,
                .outHas = {noSkin + ": skin profile Rabbit00.skin is missing", "1 problem(s)"}});
    addCliCase(
        "info WMO without group",
        {.args = {"info", noGroup, "--json"},
         .json = {{"/groups", "1"},
                  {"/groupsLoaded", "0"},
                  {"/vertices", "0"},
                  {"/triangles", "0"},
                  {"/missing", R"(["trolltent_000.wmo"])"},
                  {"/warnings/0/message", R"("group file @fixture/nogroup/trolltent_000.wmo is missing")"}},
         .jsonSizes = {{"/warnings", 1}, {"/textures", 3}}});
    addCliCase("info WMO without group, text",
               {.args = {"info", noGroup}, .outHas = {"0 of 1 loaded", "missing:    trolltent_000.wmo"}});
    addCliCase(
        "validate WMO without group",
        {.args = {"validate", noGroup, "--json"},
         .code = Invalid,
         .json = {{"/valid", "false"},
                  {"/problems/0/code", R"("file-io")"},
                  {"/problems/0/message", R"("group file @fixture/nogroup/trolltent_000.wmo is missing")"},
                  {"/notes", "[]"}},
         .jsonSizes = {{"/problems", 1}}});
    addCliCase("info M2, skin in another case",
               {.args = {"info", "@fixture/case/RABBIT.M2", "--json"},
                .json = {{"/skin", R"("rabbit00.SKIN")"}, {"/triangles", "107"}, {"/missing", "[]"}}});
    addCliCase("validate M2, skin in another case", {.args = {"validate", "@fixture/case/RABBIT.M2"}});
    addCliCase("info WMO, group in another case",
               {.args = {"info", "@fixture/case/TENT.WMO", "--json"},
                .json = {{"/groupsLoaded", "1"}, {"/triangles", "1228"}, {"/missing", "[]"}}});
    addCliCase("validate WMO, group in another case", {.args = {"validate", "@fixture/case/TENT.WMO"}});
    addCliCase("info M2, lowest profile present", {.args = {"info", "@fixture/built/Low.m2", "--json"},
                                                   .json = {{"/skin", R"("Low01.skin")"},
                                                            {"/triangles", "5"},
                                                            {"/skinProfiles", "3"},
                                                            {"/missing", R"(["Low00.skin"])"},
                                                            {"/textures", R"(["WORLD\\BUILT.BLP",""])"},
                                                            {"/textureTypes", "[0,11]"}}});
    addCliCase("validate M2, profile 0 missing",
               {.args = {"validate", "@fixture/built/Low.m2"},
                .code = Invalid,
                .outHas = {"skin profile Low00.skin is missing (the model has 3)", "1 problem(s)"}});
    addCliCase("info M2, skin past the model's vertices",
               {.args = {"info", "@fixture/built/Bad.m2", "--json"},
                .json = {{"/skin", R"("Bad00.skin")"},
                         {"/triangles", "10"},
                         {"/warnings/0/file", R"("@fixture/built/Bad00.skin")"},
                         {"/warnings/0/chunk", R"("SKIN")"}},
                .jsonSizes = {{"/warnings", 1}}});
    addCliCase("validate M2, skin past the model's vertices",
               {.args = {"validate", "@fixture/built/Bad.m2"},
                .code = Invalid,
                .outHas = {"@fixture/built/Bad00.skin: SKIN at 0x",
                           "skin vertex 8 names model vertex 8, the model has 8"}});
}

void TestCliModels::companions() {
    checkCliCase(mFixture, mTemp->path());
}

// MDX and BLP built here, MDL and HMP from the corpus.
void TestCliModels::otherFormats_data() {
    addCliCaseColumn();
    const QString mdx = QStringLiteral("@fixture/built/Built.mdx");
    const QString blp = QStringLiteral("@fixture/built/Built.blp");
    addCliCase("info MDX --json",
               {.args = {"info", mdx, "--json"},
                .json = {{"/format", R"("mdx")"},
                         {"/version", "1300"},
                         {"/name", R"("Built")"},
                         {"/bounds", R"({"max":[4.0,5.0,6.0],"min":[-1.0,-2.0,-3.0]})"}, // keys sorted
                         {"/boundingRadius", "9.5"},
                         {"/vertices", "6"},
                         {"/triangles", "4"},
                         {"/geosets", "1"},
                         {"/textures", R"(["Creature\\Built\\Built.blp",""])"},
                         {"/sequenceNames", R"(["Stand","Walk"])"},
                         {"/skippedChunks", R"(["BONE"])"},
                         {"/missing", "[]"},
                         {"/warnings", "[]"}}});
    addCliCase("info MDX", {.args = {"info", mdx},
                            .outHas = {"MDX v1300 (0.5.3), name \"Built\"", "6 in 1 geosets",
                                       "(-1.000, -2.000, -3.000) .. (4.000, 5.000, 6.000), radius 9.500",
                                       "2: Stand, Walk", "replaceable id 1"}});
    addCliCase("validate MDX", {.args = {"validate", mdx}, .outHas = {"valid"}});
    addCliCase("info BLP --json", {.args = {"info", blp, "--json"},
                                   .json = {{"/format", R"("blp")"},
                                            {"/version", R"("BLP2")"},
                                            {"/encoding", R"("dxt")"},
                                            {"/compression", R"("DXT1")"},
                                            {"/alphaDepth", "0"},
                                            {"/width", "8"},
                                            {"/height", "8"},
                                            {"/mips", "4"}}});
    addCliCase("info BLP",
               {.args = {"info", blp}, .outHas = {"BLP2, DXT1, alpha depth 0", "8 x 8", "4 level(s)"}});
    addCliCase("validate BLP", {.args = {"validate", blp}, .outHas = {"valid"}});
    addCliCase("info MDL --json", {.args = {"info", "@corpus/mdl/PhosphoricAcid_MDl5.mdl", "--json"},
                                   .json = {{"/format", R"("mdl")"},
                                            {"/version", R"("MDL5")"},
                                            {"/vertices", "496"},
                                            {"/triangles", "960"},
                                            {"/frames", "1"},
                                            {"/skins", "[]"}},
                                   .jsonSizes = {{"/bounds/min", 3}}});
    addCliCase("info MDL with skins", {.args = {"info", "@corpus/mdl/mdl5-earth.mdl"},
                                       .outHas = {"MDL5", "2307 per frame", "4512",
                                                  "0: type 4 (888 RGB), 512 x 256", "1: type 4 (888 RGB)"}});
    addCliCase("info HMP --json", {.args = {"info", "@corpus/hmp/small.hmp", "--json"},
                                   .json = {{"/format", R"("hmp")"},
                                            {"/version", R"("HMP7")"},
                                            {"/grid", "[66,66]"},
                                            {"/vertices", "4356"},
                                            {"/frames", "1"},
                                            {"/skins/1/type", "12"},
                                            {"/skins/1/width", "128"}},
                                   .jsonSizes = {{"/skins", 2}}});
    addCliCase("info HMP", {.args = {"info", "@corpus/hmp/assimp-terrain.hmp"},
                            .outHas = {"HMP7 (Gamestudio terrain)", "33 x 33 vertices", "1089 per frame",
                                       "skins:     none"}});
    // The WMB7 level: counts, the entities' file names and positions, the blocks' bounds; the object of
    // type 8 and the PATH's edge count are notes.
    addCliCase("info WMB --json", {.args = {"info", "@corpus/wmb/test.wmb", "--json"},
                                   .json = {{"/format", R"("wmb")"},
                                            {"/version", R"("WMB7")"},
                                            {"/blocks", "18"},
                                            {"/vertices", "1108"},
                                            {"/triangles", "556"},
                                            {"/materials", "42"},
                                            {"/lightmaps", "2"},
                                            {"/textures/4/name", R"("*water3")"},
                                            {"/textures/4/type", "10"},
                                            {"/objects/3/kind", R"("OLD_ENTITY")"},
                                            {"/objects/3/file", R"("lasergun.mdl")"},
                                            {"/objects/3/position", "[176.0,0.0,-112.0]"},
                                            {"/objects/8/type", "8"},
                                            {"/objects/10/name", R"("player_mdl_004")"},
                                            {"/objects/10/file", R"("player.mdl")"},
                                            {"/objects/10/position", "[-192.0,0.0,-96.0]"},
                                            {"/bounds/min", "[-2048.0,-2048.0,-256.0]"},
                                            {"/bounds/max", "[2048.0,2048.0,264.0]"},
                                            {"/notes/1/offset", "1468"}},
                                   .jsonSizes = {{"/textures", 7}, {"/objects", 11}, {"/notes", 2}}});
    addCliCase("info WMB",
               {.args = {"info", "@corpus/wmb/test.wmb"},
                .outHas = {"WMB7 (Gamestudio level)", "18, 1108 vertices, 556 triangles",
                           "(-2048.000, -2048.000, -256.000) .. (2048.000, 2048.000, 264.000)",
                           "10: ENTITY (7) \"player_mdl_004\" \"player.mdl\" at (-192.000, 0.000, "
                           "-96.000)",
                           "OBJS at 0x5bc: objects list: object 8 has type 8"}});
    for (const char* file : {"mdl/PhosphoricAcid_MDl5.mdl", "mdl/mdl5-earth.mdl", "hmp/small.hmp"}) {
        addCliCase((std::string("validate ") + file).c_str(),
                   {.args = {"validate", "@corpus/" + QLatin1String(file), "--json"},
                    .json = {{"/valid", "true"}, {"/notes", "[]"}}});
    }
}

void TestCliModels::otherFormats() {
    checkCliCase(mFixture, mTemp->path());
}

// Files cut short: info fails (3) with the place of the error, validate lists it (1); a WMO group cut
// inside MOGP is read as far as it goes.
void TestCliModels::damaged_data() {
    addCliCaseColumn();
    struct Cut {
        const char* file;
        const char* place; // what the error names: chunk and offset
    };
    const Cut cuts[] = {{"Rabbit.m2", "MD20 at 0x4: the header needs 304 bytes, the file has 300"},
                        {"Rabbit00.skin", "SKIN at 0x4: the header needs 48 bytes, the file has 40"},
                        {"trolltent.wmo", "MOHD at 0x28"},
                        {"Built.mdx", "MODL at 0x"},
                        {"Acid.mdl", "TRIS at 0x58: triangles (numtris) needs 11520 bytes, 1912 left"},
                        {"terrain.hmp", "FRAM at 0x"},
                        {"Built.blp", "BLP2 at 0x"},
                        {"test.wmb", "WMB7 at 0x4: palettes list (offset 447848, length 784) does not lie in "
                                     "the file of 2000 bytes"}};
    for (const Cut& c : cuts) {
        const QString path = QStringLiteral("@fixture/cut/") + QLatin1String(c.file);
        addCliCase((std::string("info ") + c.file).c_str(),
                   {.args = {"info", path, "--json"},
                    .code = Failure,
                    .errHas = {"mapsmith-cli info: " + path + ": " + QLatin1String(c.place)}});
        addCliCase((std::string("validate ") + c.file).c_str(),
                   {.args = {"validate", path},
                    .code = Invalid,
                    .outHas = {path + ": " + QLatin1String(c.place), "problem(s)"}});
    }
    addCliCase("validate cut M2 --json", {.args = {"validate", "@fixture/cut/Rabbit.m2", "--json"},
                                          .code = Invalid,
                                          .json = {{"/valid", "false"},
                                                   {"/problems/0/chunk", R"("MD20")"},
                                                   {"/problems/0/offset", "4"},
                                                   {"/problems/0/code", R"("truncated")"}},
                                          .jsonSizes = {{"/problems", 1}}});
    // The group is read leniently by info; every problem is listed by validate.
    addCliCase("info cut WMO group",
               {.args = {"info", "@fixture/cut/trolltent_000.wmo", "--json"},
                .json = {{"/format", R"("wmo-group")"}, {"/warnings/0/chunk", R"("MOGP")"}}});
    addCliCase("info WMO group cut in MOGP's header",
               {.args = {"info", "@fixture/cut/tent_000.wmo"},
                .outHas = {"warning:", "MOGP at 0x14: MOGP has 0 bytes, its header needs 68"}});
    addCliCase(
        "validate cut WMO group",
        {.args = {"validate", "@fixture/cut/trolltent_000.wmo"},
         .code = Invalid,
         .outHas = {"@fixture/cut/trolltent_000.wmo: MOGP at 0xc: chunk of 62938 bytes, only 29980 left"}});
}

void TestCliModels::damaged() {
    checkCliCase(mFixture, mTemp->path());
}

// The content decides, the extension only when the content says nothing; MD21 and unknown files refused.
void TestCliModels::kinds_data() {
    addCliCaseColumn();
    addCliCase("a tile named .m2", {.args = {"info", "@fixture/kinds/tile.m2"}, .outHas = {"ADT v18"}});
    addCliCase("a tile named .m2 --json",
               {.args = {"info", "@fixture/kinds/tile.m2", "--json"},
                .json = {{"/type", R"("ADT")"}, {"/format", R"("adt")"}, {"/version", "18"}}});
    addCliCase("validate a tile named .m2",
               {.args = {"validate", "@fixture/kinds/tile.m2"}, .outHas = {"valid"}});
    addCliCase("a model named .adt", {.args = {"info", "@fixture/kinds/model.adt", "--json"},
                                      .json = {{"/format", R"("m2")"}, {"/vertices", "154"}}});
    addCliCase("WDT info names its format",
               {.args = {"info", "@corpus/adt/Azeroth.wdt", "--json"}, .json = {{"/format", R"("wdt")"}}});
    const QString md21 = QStringLiteral("MD21 at 0x0: a chunked M2 (MD21, Legion and later); Mapsmith reads "
                                        "WotLK M2 files (MD20, version 264)");
    addCliCase("info MD21", {.args = {"info", "@fixture/kinds/Legion.m2", "--json"},
                             .code = Failure,
                             .errHas = {"mapsmith-cli info: @fixture/kinds/Legion.m2: " + md21}});
    addCliCase("validate MD21", {.args = {"validate", "@fixture/kinds/Legion.m2"},
                                 .code = Failure,
                                 .errHas = {"mapsmith-cli validate: @fixture/kinds/Legion.m2: " + md21}});
    addCliCase("info unknown",
               {.args = {"info", "@fixture/kinds/notes.txt"},
                .code = Failure,
                .errHas = {"@fixture/kinds/notes.txt: file at 0x0: neither the first bytes nor "
                           "the extension name a format Mapsmith reads"}});
    addCliCase("validate unknown", {.args = {"validate", "@fixture/kinds/notes.txt", "--json"},
                                    .code = Invalid,
                                    .json = {{"/valid", "false"}, {"/problems/0/code", R"("bad-magic")"}}});
    // Garbage named .m2: the extension picks the M2 reader, which names what it found.
    addCliCase("info garbage .m2",
               {.args = {"info", "@fixture/kinds/garbage.m2"},
                .code = Failure,
                .errHas = {"@fixture/kinds/garbage.m2: file at 0x0: magic \"garb\", expected MD20"}});
    addCliCase("validate garbage .m2", {.args = {"validate", "@fixture/kinds/garbage.m2"},
                                        .code = Invalid,
                                        .outHas = {"magic \"garb\", expected MD20"}});
    for (const char* command : {"dump", "roundtrip"}) {
        QStringList args{command, "@corpus/models/Rabbit.m2"};
        if (std::string(command) == "roundtrip") {
            args << "@out/Rabbit.m2";
        }
        addCliCase((std::string(command) + " refuses a model").c_str(),
                   {.args = args,
                    .code = Failure,
                    .errHas = {"@corpus/models/Rabbit.m2 is M2 data; " + QLatin1String(command) +
                               " reads .adt tiles and .wdt files"},
                    .absent = {"@out/Rabbit.m2"}});
    }
}

void TestCliModels::kinds() {
    checkCliCase(mFixture, mTemp->path());
}

// Bounds are the file's own (M2 header box, not the vertices'; WMO MOHD box), within a tolerance.
void TestCliModels::boundsAsStored() {
    CliRun r = runCli({"info", corpus("models/Rabbit.m2"), "--json"});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
    auto j = nlohmann::json::parse(r.out.toStdString());
    compareBounds(j.at("bounds"), {-0.634, -0.311, -0.157}, {0.477, 0.470, 0.800});
    compareBounds(j.at("collisionBounds"), {-0.306, -0.306, 0.0}, {0.306, 0.306, 2.031});
    r = runCli({"info", corpus("models/trolltent.wmo"), "--json"});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
    j = nlohmann::json::parse(r.out.toStdString());
    compareBounds(j.at("bounds"), {-10.637, -12.675, -0.832}, {9.409, 21.339, 10.978});
    QVERIFY(!j.contains("collisionBounds")); // M2 only
}

// roundtrip of WMOs: the root with its group (found in any letter case) or a group alone, written with the
// WMO writer beside OUT; a missing group is a warning and is not written; a damaged root writes nothing.
void TestCliModels::wmoRoundtrip_data() {
    addCliCaseColumn();
    const QString tent = QStringLiteral("@corpus/models/trolltent.wmo");
    addCliCase("root and group",
               {.args = {"roundtrip", tent, "@out/tent.wmo"},
                .outHas = {"wrote @out/tent.wmo with tent_000.wmo (63630 bytes in 2 files): "
                           "byte-identical to " +
                           tent + ", same content"}});
    addCliCase("root and group as JSON", {.args = {"roundtrip", tent, "@out/tent.wmo", "--json"},
                                          .json = {{"/format", R"("wmo")"},
                                                   {"/byteIdentical", "true"},
                                                   {"/semanticallyIdentical", "true"},
                                                   {"/bytesOut", "63630"},
                                                   {"/files/0/part", R"("root")"},
                                                   {"/files/1/part", R"("group 0")"},
                                                   {"/files/1/in", R"("@corpus/models/trolltent_000.wmo")"},
                                                   {"/files/1/out", R"("@out/tent_000.wmo")"},
                                                   {"/files/1/byteIdentical", "true"}},
                                          .jsonSizes = {{"/files", 2}, {"/missing", 0}, {"/warnings", 0}}});
    addCliCase("group in another letter case",
               {.args = {"roundtrip", "@fixture/case/TENT.WMO", "@out/T.wmo", "--json"},
                .json = {{"/byteIdentical", "true"}, {"/files/1/out", R"("@out/T_000.wmo")"}}});
    addCliCase("group alone", {.args = {"roundtrip", "@corpus/models/trolltent_000.wmo", "@out/g_000.wmo"},
                               .outHas = {"wrote @out/g_000.wmo (62958 bytes): byte-identical to "
                                          "@corpus/models/trolltent_000.wmo, same content"}});
    addCliCase("group missing",
               {.args = {"roundtrip", "@fixture/nogroup/trolltent.wmo", "@out/tent.wmo"},
                .outHas = {"wrote @out/tent.wmo (672 bytes): byte-identical",
                           "not written: trolltent_000.wmo (the group file is missing or does not read)"},
                .errHas = {"warning: ", "group file @fixture/nogroup/trolltent_000.wmo is missing"},
                .absent = {"@out/tent_000.wmo"}});
    addCliCase("root cut short",
               {.args = {"roundtrip", "@fixture/cut/trolltent.wmo", "@out/tent.wmo"},
                .code = Failure,
                .errHas = {"mapsmith-cli roundtrip: @fixture/cut/trolltent.wmo: MOHD at 0xc"},
                .absent = {"@out/tent.wmo", "@out/tent_000.wmo"}});
    addCliCase(
        "group cut short, lenient",
        {.args = {"roundtrip", "@fixture/cut/trolltent_000.wmo", "@out/g_000.wmo", "--lenient", "--json"},
         .json = {{"/byteIdentical", "false"}, {"/semanticallyIdentical", "true"}},
         .jsonSizes = {{"/files", 1}}});
    addCliCase("tile options", {.args = {"roundtrip", tent, "@out/tent.wmo", "--alpha", "8bit"},
                                .code = Usage,
                                .errHas = {"--wdt, --wdt-out and --alpha apply to .adt tiles"},
                                .absent = {"@out/tent.wmo"}});
}

void TestCliModels::wmoRoundtrip() {
    checkCliCase(mFixture, mTemp->path());
}

// The written root and group are the corpus files byte for byte (what the interop test also checks with cmp).
void TestCliModels::wmoRoundtripWritesTheSameBytes() {
    const QString out = mTemp->filePath(QStringLiteral("trolltent.wmo"));
    const CliRun r = runCli({"roundtrip", corpus("models/trolltent.wmo"), out});
    QVERIFY2(r.code == Ok, qPrintable(r.err));
    QCOMPARE(fileBytes(out), fileBytes(corpus("models/trolltent.wmo")));
    QCOMPARE(fileBytes(mTemp->filePath(QStringLiteral("trolltent_000.wmo"))),
             fileBytes(corpus("models/trolltent_000.wmo")));
}

QTEST_GUILESS_MAIN(TestCliModels)
#include "test_cli_models.moc"
