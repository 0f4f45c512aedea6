// The consumer checks (io/check) on the corpus and on files built in each convention other editors write
// (tests/support/consumer_conventions.h): for every rule, the finding's consumers, severity and count, and
// that it is the only error. Also the finding list (merging, covers, --for narrowing, parsing consumer
// names), the 3.3.5 LiquidType table and checkAdtLayout as the layout errors.

#include "io/adt/adt.h"
#include "io/adt/adt_layout.h"
#include "io/adt/liquid_types_335.h"
#include "io/check/adt_file_checks.h"
#include "io/check/adt_model_checks.h"
#include "io/check/finding.h"
#include "io/check/wdt_checks.h"
#include "io/wdt/wdt.h"
#include "support/consumer_conventions.h"
#include "support/test_files.h"

#include <QtTest>

#include <functional>
#include <string>

using namespace mapsmith;
using namespace mapsmith::tests;

Q_DECLARE_METATYPE(std::function<mapsmith::tests::Bytes()>)

namespace {

constexpr io::ConsumerSet kC = io::bit(io::Consumer::Client);
constexpr io::ConsumerSet kA = io::bit(io::Consumer::AzerothCore);
constexpr io::ConsumerSet kT = io::bit(io::Consumer::TrinityCore);
constexpr io::ConsumerSet kN = io::bit(io::Consumer::Noggit);

Bytes corpus(const char* name) {
    return readBytes(corpusPath(std::string("adt/") + name));
}

io::Adt readModel(const Bytes& bytes) {
    io::AdtReadOptions options;
    options.bigAlpha = false; // Azeroth.wdt: MPHD flags 0
    auto read = io::readAdt(bytes, options);
    if (!read) {
        qFatal("%s", read.error().describe().c_str());
    }
    return std::move(read->adt);
}

// A corpus tile changed in its model and written by Mapsmith's writer.
Bytes edited(const char* name, const std::function<void(io::Adt&)>& edit) {
    io::Adt adt = readModel(corpus(name));
    edit(adt);
    return io::writeAdt(adt);
}

// The first liquid instance of a tile.
io::LiquidInstance& firstLiquid(io::Adt& adt) {
    for (auto& c : adt.liquids->chunks) {
        if (!c.instances.empty()) {
            return c.instances.front();
        }
    }
    qFatal("the tile has no liquid");
}

bool isWdt(const Bytes& b) {
    return b.size() >= 16 && getU32(b, 12) == io::chunk::MPHD.value;
}

// What `validate` finds: the layout, the content of a lenient read and that read's own problems.
std::vector<io::Finding> findingsOf(const Bytes& bytes) {
    io::FindingList list;
    if (isWdt(bytes)) {
        io::Diagnostics diag;
        diag.lenient = true;
        auto wdt = io::readWdt(bytes, diag);
        if (wdt) {
            io::checkWdtModel(*wdt, list, bytes);
        }
        io::addReadProblems(wdt ? diag.warnings : std::vector<io::Error>{wdt.error()}, list);
        return list.take();
    }
    io::checkAdtFileLayout(bytes, list);
    io::AdtReadOptions options;
    options.lenient = true;
    options.bigAlpha = false;
    auto read = io::readAdt(bytes, options);
    if (read) {
        io::checkAdtModel(read->adt, list, io::locateAdtPlaces(bytes));
        io::addReadProblems(read->warnings, list);
    } else {
        io::addReadProblems({read.error()}, list);
    }
    return list.take();
}

QString describe(const std::vector<io::Finding>& findings) {
    QStringList lines;
    for (const io::Finding& f : findings) {
        lines << QStringLiteral("%1 %2 %3 x%4 [%5]: %6")
                     .arg(QString::fromStdString(f.rule), QLatin1String(io::severityName(f.severity)))
                     .arg(QString::fromStdString(f.chunk.str()))
                     .arg(f.count)
                     .arg(QString::fromStdString(io::describeConsumers(f.consumers)),
                          QString::fromStdString(f.message));
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace

class TestConsumerChecks : public QObject {
    Q_OBJECT
private slots:
    void corpusHasNoFinding_data();
    void corpusHasNoFinding();
    void conventions_data();
    void conventions();
    void mcinSizesAreOneWarningNotManyErrors();
    void findingPlacesAreTheFirstOnes();
    void narrowingToConsumers();
    void parsingConsumers();
    void liquidTypeTable();
    void layoutErrorsOnly();
    void modelChecksWithoutAFile();
};

void TestConsumerChecks::corpusHasNoFinding_data() {
    QTest::addColumn<QString>("file");
    for (const char* f : {"Azeroth_38_46.adt", "continent4229.adt", "Azeroth.wdt"}) {
        QTest::newRow(f) << QString::fromLatin1(f);
    }
}

// The corpus files, written by Blizzard, meet every consumer's rules and every convention: no finding at
// all, not even a warning.
void TestConsumerChecks::corpusHasNoFinding() {
    QFETCH(QString, file);
    const auto findings = findingsOf(corpus(file.toLatin1().constData()));
    QVERIFY2(findings.empty(), qPrintable(describe(findings)));
}

void TestConsumerChecks::conventions_data() {
    QTest::addColumn<std::function<Bytes()>>("build");
    QTest::addColumn<QString>("rule");
    QTest::addColumn<bool>("error");
    QTest::addColumn<int>("consumers");
    QTest::addColumn<int>("count");
    const char* az = "Azeroth_38_46.adt";
    const char* c4229 = "continent4229.adt";

    // Conventions every consumer tolerates: warnings only.
    QTest::newRow("MCIN sizes without the header")
        << std::function<Bytes()>([=] { return mcinSizesWithoutHeader(corpus(az)); }) << "mcin-sizes" << false
        << int(io::kAllConsumers) << 256;
    QTest::newRow("MCNR declares 448") << std::function<Bytes()>([=] {
        return edited(az, [](io::Adt& a) {
            for (auto& c : a.chunks) {
                c.v18McnrDeclares448 = true;
            }
        });
    }) << "mcnr-size" << false << int(io::kAllConsumers)
                                       << 256;
    QTest::newRow("MCCV without has_mccv") << std::function<Bytes()>([=] {
        return edited(az, [](io::Adt& a) {
            for (auto& c : a.chunks) {
                c.vertexColors.emplace();
                c.vertexColors->fill(0x7F7F7F7Fu);
                c.flags &= ~io::mcnk_flags::HasVertexColors;
            }
        });
    }) << "mcnk-flags" << false << int(io::kAllConsumers)
                                           << 256;
    QTest::newRow("MFBO without mhdr_MFBO") << std::function<Bytes()>([=] {
        return edited(az, [](io::Adt& a) {
            a.flightBounds.emplace();
            a.headerFlags &= ~io::mhdr_flags::HasFlightBounds;
        });
    }) << "mfbo-flag" << false << int(io::kAllConsumers)
                                            << 1;

    // What makes a consumer reject or misread the file: errors for exactly those consumers.
    QTest::newRow("MCIN not at 0x54") << std::function<Bytes()>([=] { return chunkBeforeMcin(corpus(az)); })
                                      << "mcin-position" << true << int(kA | kT) << 1;
    QTest::newRow("MHDR not right after MVER")
        << std::function<Bytes()>([=] { return chunkBeforeMhdr(corpus(az)); }) << "mhdr-position" << true
        << int(io::kAllConsumers) << 1;
    QTest::newRow("MCVT of 584 bytes")
        << std::function<Bytes()>([=] { return lastMcnkSubchunkGrown(corpus(az), io::chunk::MCVT, 4); })
        << "mcvt-size" << true << int(kA | kT) << 1;
    QTest::newRow("an MCIN entry of 0") << std::function<Bytes()>([=] {
        Bytes b = corpus(az);
        putU32(b, kMcinData + 16 * 7, 0);
        return b;
    }) << "mcin-entries" << true << int(io::kAllConsumers)
                                        << 1;
    QTest::newRow("MCLQ offset pointing at MCVT") << std::function<Bytes()>([=] {
        Bytes b = corpus(az);
        putU32(b, mcnkWordAt(b, 3, 24), getU32(b, mcnkWordAt(b, 3, 5)));
        return b;
    }) << "mclq-offset" << true << int(kA | kT) << 1;
    QTest::newRow("a liquid type unknown to 3.3.5") << std::function<Bytes()>([=] {
        return edited(c4229, [](io::Adt& a) { firstLiquid(a).liquidType = 16; });
    }) << "liquid-type" << true << int(kC | kA | kT) << 1;
    QTest::newRow("an MH2O instance wider than its chunk") << std::function<Bytes()>([=] {
        Bytes b = corpus(c4229);
        const std::size_t at = firstMh2oInstance(b).value();
        const auto width = std::uint8_t(b[at + 14]);
        b[at + 12] = std::byte(std::uint8_t(9 - width)); // xOffset + width = 9
        return b;
    }) << "mh2o-rectangle" << true << int(io::kAllConsumers)
                                                           << 1;
    QTest::newRow("the MTEX offset 4 bytes off") << std::function<Bytes()>([=] {
        Bytes b = corpus(az);
        putU32(b, kMhdrData + 8, getU32(b, kMhdrData + 8) + 4);
        return b;
    }) << "mhdr-offsets" << true << int(kC | kN) << 1;
    QTest::newRow("an MCLY offset 4 bytes off") << std::function<Bytes()>([=] {
        Bytes b = corpus(az);
        putU32(b, mcnkWordAt(b, 9, 7), getU32(b, mcnkWordAt(b, 9, 7)) + 4);
        return b;
    }) << "mcnk-offsets" << true << int(kN) << 1;
    QTest::newRow("nDoodadRefs one too many") << std::function<Bytes()>([=] {
        Bytes b = corpus(az);
        putU32(b, mcnkWordAt(b, 9, 4), getU32(b, mcnkWordAt(b, 9, 4)) + 1);
        return b;
    }) << "mcnk-counts" << true << int(kC | kN)
                                              << 1;
    QTest::newRow("an MCNK index off its place")
        << std::function<Bytes()>([=] { return edited(az, [](io::Adt& a) { a.chunks[5].indexX = 7; }); })
        << "mcnk-index" << true << int(kN) << 1;
    QTest::newRow("two doodads sharing a uniqueId") << std::function<Bytes()>([=] {
        return edited(c4229, [](io::Adt& a) { a.doodads.at(1).uniqueId = a.doodads.at(0).uniqueId; });
    }) << "unique-ids" << true << int(kC | kN) << 1;
    QTest::newRow("five texture layers") << std::function<Bytes()>([=] {
        return edited(az, [](io::Adt& a) {
            auto& layers = a.chunks[0].layers;
            while (layers.size() < 5) {
                layers.push_back(layers.back());
            }
        });
    }) << "mcly-layers" << true << int(kC | kN)
                                         << 1;
    QTest::newRow("has_mccv without MCCV") << std::function<Bytes()>([=] {
        return edited(az, [](io::Adt& a) {
            a.chunks[2].vertexColors.reset();
            a.chunks[2].flags |= io::mcnk_flags::HasVertexColors;
        });
    }) << "mcnk-flags" << true << int(kC) << 1;
    QTest::newRow("WDT without MWMO")
        << std::function<Bytes()>([] { return wdtWithout(corpus("Azeroth.wdt"), io::chunk::MWMO); })
        << "wdt-mwmo" << true << int(kT) << 1;
    QTest::newRow("WDT with a chunk between MAIN and MWMO")
        << std::function<Bytes()>([] { return wdtWithChunkAfter(corpus("Azeroth.wdt"), io::chunk::MAIN); })
        << "wdt-order" << true << int(kT) << 1;
    QTest::newRow("WDT with a chunk between MPHD and MAIN")
        << std::function<Bytes()>([] { return wdtWithChunkAfter(corpus("Azeroth.wdt"), io::chunk::MPHD); })
        << "wdt-order" << true << int(kA | kT) << 1;
}

// One convention or fault: its finding has the rule's consumers, severity and count, and no other
// finding is an error.
void TestConsumerChecks::conventions() {
    QFETCH(std::function<Bytes()>, build);
    QFETCH(QString, rule);
    QFETCH(bool, error);
    QFETCH(int, consumers);
    QFETCH(int, count);
    const auto findings = findingsOf(build());
    const io::Finding* found = nullptr;
    for (const io::Finding& f : findings) {
        if (f.rule == rule.toStdString()) {
            QVERIFY2(!found, qPrintable(describe(findings))); // one finding, its places counted
            found = &f;
        } else {
            QVERIFY2(f.severity == io::Severity::Warning, qPrintable(describe(findings)));
        }
    }
    QVERIFY2(found, qPrintable(describe(findings)));
    QCOMPARE(found->severity == io::Severity::Error, error);
    QCOMPARE(int(found->consumers), consumers);
    QCOMPARE(int(found->count), count);
    QCOMPARE(found->offsets.size(), std::min<std::size_t>(std::size_t(count), io::kFindingOffsetsKept));
    QVERIFY(!found->message.empty());
    QCOMPARE(io::hasErrors(findings), error);
}

// The measured case of issue 15: a tile from another editor whose MCIN sizes leave out the 8-byte header
// was 256 errors; it is one warning with a count, and the layout has no error.
void TestConsumerChecks::mcinSizesAreOneWarningNotManyErrors() {
    const Bytes b = mcinSizesWithoutHeader(corpus("Azeroth_38_46.adt"));
    QVERIFY(io::checkAdtLayout(b).empty());
    io::FindingList list;
    io::checkAdtFileLayout(b, list);
    QCOMPARE(list.findings().size(), std::size_t(1));
    QCOMPARE(list.findings()[0].count, std::uint64_t(256));
    QCOMPARE(list.findings()[0].offsets.front(), std::uint64_t(kMcinData));
    QCOMPARE(list.findings()[0].offsets[1], std::uint64_t(kMcinData + 16));
}

// Places merge by rule, severity, consumers, chunk, message and file; covers() knows every place, also
// past the offsets kept; a reader's problem at a covered place is not added again.
void TestConsumerChecks::findingPlacesAreTheFirstOnes() {
    io::FindingList list;
    for (std::uint64_t i = 0; i < 9; ++i) {
        list.add("r", io::Severity::Error, kC, io::chunk::MCNK, 100 + i, "m");
    }
    list.add("r", io::Severity::Error, kN, io::chunk::MCNK, 200, "m"); // other consumers: another finding
    QCOMPARE(list.findings().size(), std::size_t(2));
    QCOMPARE(list.findings()[0].count, std::uint64_t(9));
    QCOMPARE(list.findings()[0].offsets, (std::vector<std::uint64_t>{100, 101, 102, 103, 104}));
    QVERIFY(list.covers(io::chunk::MCNK, 108));
    QVERIFY(!list.covers(io::chunk::MCVT, 108));
    io::addReadProblems({io::Error{io::ErrorCode::Truncated, io::chunk::MCNK, 107, "cut"},
                         io::Error{io::ErrorCode::Truncated, io::chunk::MCAL, 5, "cut"}},
                        list);
    QCOMPARE(list.findings().size(), std::size_t(3));
    QCOMPARE(list.findings()[2].rule, std::string("read"));
    QCOMPARE(list.findings()[2].consumers, io::kAllConsumers);
    QCOMPARE(io::toError(list.findings()[2]).code, io::ErrorCode::Truncated);
}

// --for: the findings of the consumers asked for, each narrowed to them; a WDT without MWMO is no error
// for the client or AzerothCore.
void TestConsumerChecks::narrowingToConsumers() {
    const auto findings = findingsOf(wdtWithout(corpus("Azeroth.wdt"), io::chunk::MWMO));
    QVERIFY(io::hasErrors(findings));
    QVERIFY(io::forConsumers(findings, kC | kA | kN).empty());
    const auto tc = io::forConsumers(findings, kT | kC);
    QCOMPARE(tc.size(), std::size_t(1));
    QCOMPARE(tc[0].consumers, kT);
    const auto offsets = findingsOf(chunkBeforeMcin(corpus("Azeroth_38_46.adt")));
    const auto forAc = io::forConsumers(offsets, kA);
    QCOMPARE(forAc.size(), std::size_t(1));
    QCOMPARE(forAc[0].consumers, kA);
}

void TestConsumerChecks::parsingConsumers() {
    QCOMPARE(io::parseConsumers("client,trinitycore"), std::optional<io::ConsumerSet>(kC | kT));
    QCOMPARE(io::parseConsumers(" noggit , azerothcore "), std::optional<io::ConsumerSet>(kN | kA));
    QCOMPARE(io::parseConsumers("all"), std::optional<io::ConsumerSet>(io::kAllConsumers));
    std::string bad;
    QVERIFY(!io::parseConsumers("client,mangos", &bad));
    QCOMPARE(bad, std::string("mangos"));
    QVERIFY(!io::parseConsumers(",", &bad));
    QCOMPARE(io::consumerIds(kA | kN), (std::vector<std::string>{"azerothcore", "noggit"}));
    QCOMPARE(io::describeConsumers(kC | kT), std::string("the 3.3.5 client, the TrinityCore extractor"));
}

// The 26 rows of 3.3.5a's LiquidType.dbc: the basic four, the WMO and raid liquids, nothing between.
void TestConsumerChecks::liquidTypeTable() {
    QCOMPARE(io::liquidTypes335().size(), std::size_t(26));
    QCOMPARE(io::findLiquidType335(2)->name, std::string_view("Ocean"));
    QCOMPARE(io::findLiquidType335(181)->name, std::string_view("Orange Slime"));
    for (const std::uint16_t missing : {0, 16, 18, 22, 40, 182, 999}) {
        QVERIFY2(!io::findLiquidType335(missing), qPrintable(QString::number(missing)));
    }
    // Every liquid of the corpus tile is a 3.3.5 type.
    const io::Adt adt = readModel(corpus("continent4229.adt"));
    int instances = 0;
    for (const auto& c : adt.liquids->chunks) {
        for (const auto& in : c.instances) {
            QVERIFY(io::findLiquidType335(in.liquidType));
            ++instances;
        }
    }
    QVERIFY(instances > 0);
}

// checkAdtLayout is the layout's errors: the warnings of a convention are not in it, a fault is.
void TestConsumerChecks::layoutErrorsOnly() {
    const Bytes az = corpus("Azeroth_38_46.adt");
    QVERIFY(io::checkAdtLayout(mcinSizesWithoutHeader(az)).empty());
    const auto problems = io::checkAdtLayout(chunkBeforeMcin(az));
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(problems[0].chunk, io::chunk::MCIN);
    QCOMPARE(problems[0].offset, std::uint64_t(0x54));
}

// The content rules on a tile that was never a file (what saves check): findings without places.
void TestConsumerChecks::modelChecksWithoutAFile() {
    io::Adt adt = readModel(corpus("continent4229.adt"));
    io::FindingList list;
    io::checkAdtModel(adt, list);
    QVERIFY(list.findings().empty());
    firstLiquid(adt).liquidType = 999;
    adt.chunks[30].indexY = 0;
    io::checkAdtModel(adt, list);
    QCOMPARE(list.findings().size(), std::size_t(2));
    for (const io::Finding& f : list.findings()) {
        QCOMPARE(f.offsets, std::vector<std::uint64_t>{0});
        QCOMPARE(f.severity, io::Severity::Error);
    }
}

QTEST_GUILESS_MAIN(TestConsumerChecks)
#include "test_consumer_checks.moc"
