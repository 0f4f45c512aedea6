// mapsmith-cli validate and repair for the consumers (issue 15): on files built in each convention other
// editors write and each fault a consumer rejects (tests/support/consumer_conventions.h), validate prints
// every finding once with its consumers, severity and count, --for narrows them, --json lists them, exit 1
// only for an error; repair writes files that validate with no error for any consumer, dump like their
// input apart from what the report names, renumbers uniqueIds across a map folder and refuses what it
// cannot rewrite without losing data.

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/wdt/wdt.h"
#include "io/wdt/wdt_dump.h"
#include "support/consumer_conventions.h"
#include "support/gated_tiles.h"
#include "support/repair_checks.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"

#include <QDir>
#include <QFile>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

Bytes corpusFile(const char* name) {
    return readBytes(corpusPath(std::string("adt/") + name));
}

io::Adt readModel(const Bytes& bytes) {
    io::AdtReadOptions options;
    options.lenient = true;
    options.bigAlpha = false;
    auto r = io::readAdt(bytes, options);
    if (!r) {
        qFatal("%s", r.error().describe().c_str());
    }
    return std::move(r->adt);
}

Bytes written(const char* name, const std::function<void(io::Adt&)>& edit) {
    io::Adt adt = readModel(corpusFile(name));
    edit(adt);
    return io::writeAdt(adt);
}

QByteArray qt(const Bytes& b) {
    return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()));
}

// The report's changes of one file, back as RepairChange.
std::vector<core::RepairChange> changesOf(const nlohmann::json& file) {
    std::vector<core::RepairChange> out;
    for (const auto& c : file["changes"]) {
        core::RepairChange r;
        r.rule = c["rule"].get<std::string>();
        const std::string chunk = c["chunk"].get<std::string>();
        r.chunk = chunk.size() == 4 ? io::FourCC(std::uint32_t(std::uint8_t(chunk[0])) << 24 |
                                                 std::uint32_t(std::uint8_t(chunk[1])) << 16 |
                                                 std::uint32_t(std::uint8_t(chunk[2])) << 8 |
                                                 std::uint32_t(std::uint8_t(chunk[3])))
                                    : io::FourCC{};
        r.count = c["count"].get<std::uint64_t>();
        r.chunks = c["chunks"].get<std::vector<std::uint32_t>>();
        r.entries = c["entries"].get<std::vector<std::uint32_t>>();
        out.push_back(std::move(r));
    }
    return out;
}

} // namespace

class TestCliRepair : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void cleanup();

    void validateFindings_data();
    void validateFindings();
    void repairErrors_data();
    void repairErrors();

    void repairEachConvention_data();
    void repairEachConvention();
    void repairMapFolder();
    void repairInPlaceKeepsBackups();
    void repairLeavesWhatNoRuleAnswers();
    void repairRefusesDamage();

private:
    QString fixture(const QString& name) const { return mFixture.filePath(name); }
    QString temp(const QString& name) const { return mTemp->filePath(name); }

    CliFixture mFixture;
    std::optional<QTemporaryDir> mTemp;
};

void TestCliRepair::initTestCase() {
    QVERIFY(mFixture.isValid());
    const char* az = "Azeroth_38_46.adt";
    const char* c4229 = "continent4229.adt";
    auto put = [&](const char* name, const Bytes& b) { QVERIFY(writeFile(fixture(name), qt(b))); };
    put("mcin.adt", mcinSizesWithoutHeader(corpusFile(az)));
    put("mcnr.adt", written(az, [](io::Adt& a) {
            for (auto& c : a.chunks) {
                c.v18McnrDeclares448 = true;
            }
        }));
    put("gated.adt", io::writeAdt(gatedVariant(readModel(corpusFile(az)), GatedVariant::AllOff)));
    put("mcin-position.adt", chunkBeforeMcin(corpusFile(az)));
    put("mhdr.adt", chunkBeforeMhdr(corpusFile(az)));
    put("mcvt.adt", lastMcnkSubchunkGrown(corpusFile(az), io::chunk::MCVT, 4));
    Bytes zero = corpusFile(az);
    putU32(zero, kMcinData + 16 * 7, 0);
    put("mcin-zero.adt", zero);
    Bytes mclq = corpusFile(az);
    putU32(mclq, mcnkWordAt(mclq, 3, 24), getU32(mclq, mcnkWordAt(mclq, 3, 5)));
    put("mclq.adt", mclq);
    put("liquid-type.adt", written(c4229, [](io::Adt& a) {
            for (auto& c : a.liquids->chunks) {
                for (auto& in : c.instances) {
                    in.liquidType = 16;
                }
            }
        }));
    Bytes wide = corpusFile(c4229);
    const std::size_t at = firstMh2oInstance(wide).value();
    wide[at + 12] = std::byte(std::uint8_t(9 - std::uint8_t(wide[at + 14])));
    put("mh2o.adt", wide);
    put("index.adt", written(az, [](io::Adt& a) { a.chunks[5].indexX = 7; }));
    put("nomwmo.wdt", wdtWithout(corpusFile("Azeroth.wdt"), io::chunk::MWMO));
    put("order.wdt", wdtWithChunkAfter(corpusFile("Azeroth.wdt"), io::chunk::MAIN));
    // A tile cut inside its last MCNK: the read loses data no rule can bring back.
    Bytes cut = corpusFile(az);
    cut.resize(cut.size() - 100);
    put("cut.adt", cut);
    QVERIFY(writeFile(fixture("A_1_1_tex0.adt"), QByteArray("x")));
    mFixture.seal();
}

void TestCliRepair::init() {
    mTemp.emplace();
    QVERIFY(mTemp->isValid());
}

void TestCliRepair::cleanup() {
    mTemp.reset();
    const QString changed = mFixture.takeChanges();
    QVERIFY2(changed.isEmpty(), qPrintable(changed));
}

void TestCliRepair::validateFindings_data() {
    addCliCaseColumn();
    const QString all = QStringLiteral("[client, azerothcore, trinitycore, noggit]");
    // The measured cases of issue 15: MCIN sizes without the header were 256 problems (exit 1); they are one
    // warning with a count. A WDT without MWMO was valid; it is an error for TrinityCore.
    addCliCase("MCIN sizes: one warning, exit 0",
               {.args = {"validate", "@fixture/mcin.adt"},
                .outHas = {"warning " + all +
                               " @fixture/mcin.adt: MCIN at 0x5c (x256: 0x5c, 0x6c, 0x7c, 0x8c, "
                               "0x9c, ...): MCIN sizes leave out the 8-byte MCNK header",
                           "@fixture/mcin.adt: valid (1 warning(s)"}});
    addCliCase(
        "MCIN sizes --json",
        {.args = {"validate", "@fixture/mcin.adt", "--json"},
         .json = {{"/valid", "true"},
                  {"/findings/0/rule", R"("mcin-sizes")"},
                  {"/findings/0/severity", R"("warning")"},
                  {"/findings/0/count", "256"},
                  {"/findings/0/offset", "92"},
                  {"/notes/0/chunk", R"("MCIN")"}},
         .jsonSizes = {
             {"/problems", 0}, {"/findings", 1}, {"/findings/0/consumers", 4}, {"/findings/0/offsets", 5}}});
    addCliCase(
        "WDT without MWMO: an error for TrinityCore",
        {.args = {"validate", "@fixture/nomwmo.wdt"},
         .code = Invalid,
         .outHas = {"error [trinitycore] @fixture/nomwmo.wdt: MWMO at 0x803c: no MWMO chunk after MAIN",
                    "1 problem(s) for the TrinityCore extractor"}});
    addCliCase("WDT without MWMO --json", {.args = {"validate", "@fixture/nomwmo.wdt", "--json"},
                                           .code = Invalid,
                                           .json = {{"/valid", "false"},
                                                    {"/problems/0/chunk", R"("MWMO")"},
                                                    {"/problems/0/offset", "32828"},
                                                    {"/findings/0/consumers", R"(["trinitycore"])"},
                                                    {"/findings/0/severity", R"("error")"}}});
    addCliCase("WDT without MWMO --for client,azerothcore,noggit",
               {.args = {"validate", "@fixture/nomwmo.wdt", "--for", "client,azerothcore,noggit"},
                .outHas = {"@fixture/nomwmo.wdt: valid"}});
    addCliCase("WDT without MWMO --for trinitycore",
               {.args = {"validate", "@fixture/nomwmo.wdt", "--for", "trinitycore", "--json"},
                .code = Invalid,
                .json = {{"/for", R"(["trinitycore"])"}}});
    addCliCase("WDT chunk between MAIN and MWMO", {.args = {"validate", "@fixture/order.wdt"},
                                                   .code = Invalid,
                                                   .outHas = {"error [trinitycore]", "ZZZZ at 0x803c"}});
    addCliCase(
        "MCNR 448",
        {.args = {"validate", "@fixture/mcnr.adt", "--json"},
         .json = {{"/valid", "true"}, {"/findings/0/rule", R"("mcnr-size")"}, {"/findings/0/count", "256"}}});
    addCliCase("MCCV and MCSH without their flags",
               {.args = {"validate", "@fixture/gated.adt"},
                .outHas = {"has_mccv (0x40) clear", "valid (2 warning(s)"}});
    addCliCase(
        "MCIN not at 0x54: the extractors",
        {.args = {"validate", "@fixture/mcin-position.adt"},
         .code = Invalid,
         .outHas = {"error [azerothcore, trinitycore] @fixture/mcin-position.adt: MCIN at 0x54: MCIN must "
                    "start at 0x54"}});
    addCliCase(
        "MCIN not at 0x54 --for client,noggit",
        {.args = {"validate", "@fixture/mcin-position.adt", "--for", "client,noggit"}, .outHas = {"valid"}});
    addCliCase("MHDR not after MVER", {.args = {"validate", "@fixture/mhdr.adt"},
                                       .code = Invalid,
                                       .outHas = {"error " + all, "MHDR must follow MVER at 0xc"}});
    addCliCase("MCVT of 584 bytes", {.args = {"validate", "@fixture/mcvt.adt", "--json"},
                                     .code = Invalid,
                                     .json = {{"/findings/0/rule", R"("mcvt-size")"},
                                              {"/findings/0/consumers", R"(["azerothcore","trinitycore"])"}},
                                     .jsonSizes = {{"/problems", 1}}});
    addCliCase("an MCIN entry of 0",
               {.args = {"validate", "@fixture/mcin-zero.adt", "--json"},
                .code = Invalid,
                .json = {{"/findings/0/rule", R"("mcin-entries")"}, {"/findings/0/offset", "204"}}});
    addCliCase("MCLQ offset not at MCLQ", {.args = {"validate", "@fixture/mclq.adt"},
                                           .code = Invalid,
                                           .outHas = {"error [azerothcore, trinitycore]", "MCLQ offset"}});
    addCliCase("liquid type unknown to 3.3.5",
               {.args = {"validate", "@fixture/liquid-type.adt", "--json"},
                .code = Invalid,
                .json = {{"/findings/0/rule", R"("liquid-type")"},
                         {"/findings/0/consumers", R"(["client","azerothcore","trinitycore"])"},
                         {"/findings/0/count", "9"}}});
    addCliCase("MH2O instance wider than its chunk",
               {.args = {"validate", "@fixture/mh2o.adt"},
                .code = Invalid,
                .outHas = {"error " + all, "MH2O instance's rectangle leaves its 8x8 chunk"}});
    addCliCase("MCNK index: Noggit", {.args = {"validate", "@fixture/index.adt", "--for", "noggit"},
                                      .code = Invalid,
                                      .outHas = {"error [noggit]"}});
    addCliCase("--for an unknown consumer",
               {.args = {"validate", "@fixture/mcin.adt", "--for", "client,mangos"},
                .code = Usage,
                .errHas = {"not 'mangos'"}});
}

void TestCliRepair::validateFindings() {
    checkCliCase(mFixture, mTemp->path());
}

void TestCliRepair::repairErrors_data() {
    addCliCaseColumn();
    addCliCase("help", {.args = {"repair", "--help"}, .outHas = {"Usage", "--out", "uniqueIds"}});
    addCliCase("without --out",
               {.args = {"repair", "@fixture/mcin.adt"}, .code = Usage, .errHas = {"--out"}});
    addCliCase("a split partner", {.args = {"repair", "@fixture/A_1_1_tex0.adt", "--out", "@out/x"},
                                   .code = Usage,
                                   .errHas = {"split partner"}});
    addCliCase("a missing file", {.args = {"repair", "@fixture/missing.adt", "--out", "@out/x"},
                                  .code = Failure,
                                  .errHas = {"cannot find"}});
    addCliCase("two inputs with one name",
               {.args = {"repair", "@fixture/mcin.adt", "@fixture/mcin.adt", "--out", "@out/x"},
                .code = Usage,
                .errHas = {"two inputs would be written as mcin.adt"},
                .absent = {"@out/x/mcin.adt"}});
}

void TestCliRepair::repairErrors() {
    checkCliCase(mFixture, mTemp->path());
}

void TestCliRepair::repairEachConvention_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<QString>("rule");
    QTest::newRow("MCIN sizes") << "mcin.adt"
                                << "mcin-sizes";
    QTest::newRow("MCNR 448") << "mcnr.adt"
                              << "mcnr-size";
    QTest::newRow("flags") << "gated.adt"
                           << "mcnk-flags";
    QTest::newRow("MCIN at 0x60") << "mcin-position.adt"
                                  << "mcin-position";
    QTest::newRow("MCVT 584") << "mcvt.adt"
                              << "mcvt-size";
    QTest::newRow("MCIN entry 0") << "mcin-zero.adt"
                                  << "mcin-entries";
    QTest::newRow("MCLQ offset") << "mclq.adt"
                                 << "mclq-offset";
    QTest::newRow("MH2O rectangle") << "mh2o.adt"
                                    << "mh2o-rectangle";
    QTest::newRow("MCNK index") << "index.adt"
                                << "mcnk-index";
    QTest::newRow("WDT MWMO") << "nomwmo.wdt"
                              << "wdt-mwmo";
    QTest::newRow("WDT order") << "order.wdt"
                               << "wdt-order";
}

// One file per convention: repaired with its rule in the report, the output validates with no error (exit
// 0), a second repair changes nothing, and the output dumps like the input apart from what the report
// names.
void TestCliRepair::repairEachConvention() {
    QFETCH(QString, file);
    QFETCH(QString, rule);
    const QString out = temp(QStringLiteral("out"));
    CliRun r = runCli({"repair", fixture(file), "--out", out, "--json"});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    const auto report = nlohmann::json::parse(r.out.toStdString());
    const auto& entry = report["files"][0];
    QCOMPARE(entry["written"].get<bool>(), true);
    QCOMPARE(entry["remaining"].size(), std::size_t(0));
    bool named = false;
    for (const auto& c : entry["changes"]) {
        named = named || c["rule"].get<std::string>() == rule.toStdString();
    }
    QVERIFY2(named, qPrintable(QString::fromStdString(entry.dump())));
    const QString repaired = out + QLatin1Char('/') + file;
    r = runCli({"validate", repaired, "--json"});
    QCOMPARE(r.code, Ok);
    QCOMPARE(nlohmann::json::parse(r.out.toStdString())["problems"].size(), std::size_t(0));
    r = runCli({"repair", repaired, "--out", temp(QStringLiteral("again")), "--json"});
    QCOMPARE(r.code, Ok);
    QCOMPARE(nlohmann::json::parse(r.out.toStdString())["changes"].get<int>(), 0);
    if (file.endsWith(QLatin1String(".wdt"))) {
        io::Diagnostics a;
        io::Diagnostics b;
        auto in = io::readWdt(fromQt(fileBytes(fixture(file))), a);
        auto back = io::readWdt(fromQt(fileBytes(repaired)), b);
        QVERIFY(in && back);
        back->wmoName = in->wmoName ? back->wmoName : std::nullopt; // the MWMO added is the change named
        for (auto& u : back->unknown) {
            u.after = io::chunk::MAIN; // the chunk moved is the change named
        }
        QCOMPARE(io::dumpWdt(*back), io::dumpWdt(*in));
        return;
    }
    const auto changes = changesOf(entry);
    QCOMPARE(dumpWithout(readModel(fromQt(fileBytes(fixture(file)))), changes).dump(),
             dumpWithout(readModel(fromQt(fileBytes(repaired))), changes).dump());
}

// A map folder: a WDT without MWMO, a .wdl, and two tiles whose objects share ids without being copies of
// one another (the second tile is the first moved up by a yard). The WDT gets MWMO, the .wdl is copied,
// the second tile's objects get ids above the map's highest, MCRF is unchanged, everything validates.
void TestCliRepair::repairMapFolder() {
    const QString map = temp(QStringLiteral("Map"));
    QVERIFY(QDir().mkpath(map));
    QVERIFY(writeFile(map + QStringLiteral("/Map.wdt"),
                      qt(wdtWithout(corpusFile("Azeroth.wdt"), io::chunk::MWMO))));
    QVERIFY(writeFile(map + QStringLiteral("/Map.wdl"), QByteArray("wdl bytes")));
    const io::Adt first = readModel(corpusFile("continent4229.adt"));
    io::Adt second = first;
    for (auto& d : second.doodads) {
        d.position.z += 1.0f;
    }
    for (auto& m : second.mapObjects) {
        m.position.z += 1.0f;
    }
    QVERIFY(writeFile(map + QStringLiteral("/Map_38_46.adt"), qt(io::writeAdt(first))));
    QVERIFY(writeFile(map + QStringLiteral("/Map_39_46.adt"), qt(io::writeAdt(second))));
    const QString out = temp(QStringLiteral("out"));
    CliRun r = runCli({"repair", map, "--out", out});
    QVERIFY2(r.code == Ok, qPrintable(r.out + r.err));
    QVERIFY2(r.out.contains(QStringLiteral("wdt-mwmo MWMO x1")) &&
                 r.out.contains(QStringLiteral("copied ")) &&
                 r.out.contains(QStringLiteral("unique-ids MDDF x%1").arg(second.doodads.size())),
             qPrintable(r.out));
    QCOMPARE(fileBytes(out + QStringLiteral("/Map.wdl")), QByteArray("wdl bytes"));
    const io::Adt a = readModel(fromQt(fileBytes(out + QStringLiteral("/Map_38_46.adt"))));
    const io::Adt b = readModel(fromQt(fileBytes(out + QStringLiteral("/Map_39_46.adt"))));
    QCOMPARE(a.doodads, first.doodads); // the first use keeps its id
    std::uint32_t highest = 0;
    for (const auto& d : first.doodads) {
        highest = std::max(highest, d.uniqueId);
    }
    for (const auto& m : first.mapObjects) {
        highest = std::max(highest, m.uniqueId);
    }
    for (const auto& d : b.doodads) {
        QVERIFY(d.uniqueId > highest);
    }
    QVERIFY(sameReferences(b, second));
    for (const char* f : {"Map.wdt", "Map_38_46.adt", "Map_39_46.adt"}) {
        QCOMPARE(runCli({"validate", out + QLatin1Char('/') + QLatin1String(f)}).code, Ok);
    }
}

// --out naming the input's folder replaces the files there, each previous one kept as .bak.
void TestCliRepair::repairInPlaceKeepsBackups() {
    const QString dir = temp(QStringLiteral("here"));
    QVERIFY(QDir().mkpath(dir));
    const QByteArray before = fileBytes(fixture("mcin.adt"));
    QVERIFY(writeFile(dir + QStringLiteral("/mcin.adt"), before));
    const CliRun r = runCli({"repair", dir + QStringLiteral("/mcin.adt"), "--out", dir});
    QCOMPARE(r.code, Ok);
    QCOMPARE(fileBytes(dir + QStringLiteral("/mcin.adt.bak")), before);
    QVERIFY(fileBytes(dir + QStringLiteral("/mcin.adt")) != before);
}

// What no rule answers (a liquid type 3.3.5 lacks) stays: the file is written with the other repairs and
// the finding is listed as left; exit 1.
void TestCliRepair::repairLeavesWhatNoRuleAnswers() {
    const CliRun r = runCli({"repair", fixture("liquid-type.adt"), "--out", temp(QStringLiteral("out"))});
    QCOMPARE(r.code, Invalid);
    QVERIFY2(r.out.contains(QStringLiteral("left: error [client, azerothcore, trinitycore]")) &&
                 r.out.contains(QStringLiteral("1 error(s) left")),
             qPrintable(r.out));
    QVERIFY(QFile::exists(temp(QStringLiteral("out/liquid-type.adt"))));
}

// A tile cut short reads with a problem no rule answers: refused, nothing written, exit 1.
void TestCliRepair::repairRefusesDamage() {
    const CliRun r = runCli({"repair", fixture("cut.adt"), "--out", temp(QStringLiteral("out"))});
    QCOMPARE(r.code, Invalid);
    QVERIFY2(r.err.contains(QStringLiteral("cannot repair")), qPrintable(r.err));
    QVERIFY(!QFile::exists(temp(QStringLiteral("out/cut.adt"))));
}

QTEST_GUILESS_MAIN(TestCliRepair)
#include "test_cli_repair.moc"
