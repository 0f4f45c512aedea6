// The repair rules (core/repair): each on a tile built in the convention it answers, what it changes and
// reports, that a second run changes nothing, and that the result written by Mapsmith's writer has no
// error for any consumer and dumps like the input apart from what the report names. Also the map-wide
// uniqueId plan (copies of one object across tiles keep their id, MCRF stays right) and the WDT rules.

#include "core/repair/rewrite_changes.h"
#include "core/repair/tile_rules.h"
#include "core/repair/unique_id_plan.h"
#include "core/repair/wdt_rules.h"
#include "io/adt/adt.h"
#include "io/check/adt_file_checks.h"
#include "io/check/adt_model_checks.h"
#include "io/check/wdt_checks.h"
#include "support/consumer_conventions.h"
#include "support/gated_tiles.h"
#include "support/repair_checks.h"
#include "support/test_files.h"

#include <QtTest>

using namespace mapsmith;
using namespace mapsmith::tests;

namespace {

Bytes corpus(const char* name) {
    return readBytes(corpusPath(std::string("adt/") + name));
}

// A tile read as `repair` reads it (leniently: the problems a rule answers are warnings of the read).
io::Adt read(const Bytes& bytes, bool keepLiquid = false) {
    io::AdtReadOptions options;
    options.lenient = true;
    options.bigAlpha = false;
    options.keepLiquidOutsideChunk = keepLiquid;
    auto r = io::readAdt(bytes, options);
    if (!r) {
        qFatal("%s", r.error().describe().c_str());
    }
    return std::move(r->adt);
}

// Every finding of a written tile (layout and content).
std::vector<io::Finding> findingsOf(const Bytes& bytes) {
    io::FindingList list;
    io::checkAdtFileLayout(bytes, list);
    io::checkAdtModel(read(bytes), list, io::locateAdtPlaces(bytes));
    return list.take();
}

QString rules(const std::vector<io::Finding>& findings) {
    QStringList out;
    for (const auto& f : findings) {
        out << QString::fromStdString(f.rule + " (" + io::severityName(f.severity) + "): " + f.message);
    }
    return out.join(QLatin1Char('\n'));
}

// Repairs `bytes` like `repair` does: read keeping liquid outside its chunk, every tile rule, written.
struct Repaired {
    io::Adt before;
    io::Adt after;
    std::vector<core::RepairChange> changes;
    Bytes written;
};
Repaired repaired(const Bytes& bytes) {
    Repaired r;
    r.before = read(bytes, true);
    r.after = r.before;
    r.changes = core::repairTileContent(r.after, true);
    r.written = io::writeAdt(r.after);
    return r;
}

// A liquid instance over a rectangle of the given place and size, with distinct heights, depths and a
// checkerboard exists bitmap.
io::LiquidInstance instance(std::uint8_t x, std::uint8_t y, std::uint8_t w, std::uint8_t h) {
    io::LiquidInstance in;
    in.liquidType = 1;
    in.xOffset = x;
    in.yOffset = y;
    in.width = w;
    in.height = h;
    in.vertexFormat = io::LiquidVertexFormat::HeightDepth;
    for (std::size_t v = 0; v < in.vertexCount(); ++v) {
        in.heights.push_back(float(v));
        in.depths.push_back(std::uint8_t(v));
    }
    std::vector<std::uint8_t> bits((std::size_t(w) * h + 7) / 8, 0);
    for (std::size_t q = 0; q < std::size_t(w) * h; ++q) {
        if ((q / w + q % w) % 2 == 0) {
            bits[q / 8] |= std::uint8_t(1u << (q % 8));
        }
    }
    in.existsBitmap = bits;
    return in;
}

} // namespace

class TestRepair : public QObject {
    Q_OBJECT
private slots:
    void flagsFollowTheSubchunks();
    void flagsWithoutSubchunkAreCleared();
    void mcnrDeclares435();
    void mcnkIndices();
    void liquidClippedToItsChunk();
    void liquidReadOutsideItsChunkAndClipped();
    void conventionsRepairedAndDumpsEqual_data();
    void conventionsRepairedAndDumpsEqual();
    void rewritingReportsTheLayout();
    void uniqueIdsRenumberedMapWide();
    void uniqueIdsOfCopiesKept();
    void wdtMwmoAndOrder();
};

// MCCV and MCSH kept with their flags clear (other editors): the flags are set, one change per kind with
// the chunks; a second run changes nothing.
void TestRepair::flagsFollowTheSubchunks() {
    io::Adt adt = gatedVariant(read(corpus("Azeroth_38_46.adt")), GatedVariant::AllOff);
    std::size_t shadows = 0;
    for (const auto& c : adt.chunks) {
        shadows += c.shadow ? 1 : 0;
    }
    QVERIFY(shadows > 0);
    const auto changes = core::repairMcnkFlags(adt);
    QCOMPARE(changes.size(), std::size_t(2));
    QCOMPARE(changes[0].rule, std::string("mcnk-flags"));
    QCOMPARE(changes[0].count, std::uint64_t(256));
    QCOMPARE(changes[0].chunks.size(), std::size_t(256));
    QVERIFY(QString::fromStdString(changes[0].message).contains(QStringLiteral("has_mccv (0x40) set")));
    QCOMPARE(changes[1].count, std::uint64_t(shadows));
    for (const auto& c : adt.chunks) {
        QVERIFY(c.flags & io::mcnk_flags::HasVertexColors);
        QCOMPARE((c.flags & io::mcnk_flags::HasShadow) != 0, c.shadow.has_value());
    }
    QVERIFY(core::repairMcnkFlags(adt).empty());
}

void TestRepair::flagsWithoutSubchunkAreCleared() {
    io::Adt adt = read(corpus("Azeroth_38_46.adt"));
    adt.chunks[4].flags |= io::mcnk_flags::HasVertexColors;
    adt.chunks[4].vertexColors.reset();
    const std::uint32_t others = adt.chunks[4].flags & ~io::mcnk_flags::HasVertexColors;
    const auto changes = core::repairMcnkFlags(adt);
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].chunks, std::vector<std::uint32_t>{4});
    QCOMPARE(adt.chunks[4].flags, others);
}

void TestRepair::mcnrDeclares435() {
    io::Adt adt = read(corpus("Azeroth_38_46.adt"));
    const Bytes canonical = io::writeAdt(adt);
    for (std::size_t i = 0; i < adt.chunks.size(); i += 3) {
        adt.chunks[i].v18McnrDeclares448 = true;
    }
    const auto change = core::repairMcnrSize(adt);
    QVERIFY(change);
    QCOMPARE(change->count, std::uint64_t(86));
    QCOMPARE(change->chunk, io::chunk::MCNR);
    QVERIFY(io::writeAdt(adt) == canonical); // the corpus tile's own bytes again
    QVERIFY(!core::repairMcnrSize(adt));
}

void TestRepair::mcnkIndices() {
    io::Adt adt = read(corpus("Azeroth_38_46.adt"));
    adt.chunks[17].indexX = 0;
    adt.chunks[200].indexY = 3;
    const auto change = core::repairMcnkIndices(adt);
    QVERIFY(change);
    QCOMPARE(change->chunks, (std::vector<std::uint32_t>{17, 200}));
    QCOMPARE(adt.chunks[17].indexX, 1u);
    QCOMPARE(adt.chunks[200].indexY, 12u);
}

// Clipping keeps the quads and vertices inside the chunk as they were and drops the rest; an instance
// wholly outside is removed; instances inside are left alone.
void TestRepair::liquidClippedToItsChunk() {
    io::Adt adt = read(corpus("Azeroth_38_46.adt"));
    adt.liquids.emplace();
    const io::LiquidInstance wide = instance(6, 5, 4, 2); // 2 of its 4 columns inside
    const io::LiquidInstance inside = instance(0, 0, 8, 8);
    adt.liquids->chunks[3].instances = {wide, inside};
    adt.liquids->chunks[9].instances = {instance(8, 0, 2, 2)}; // nothing inside
    const auto change = core::clipLiquidsToChunks(adt);
    QVERIFY(change);
    QCOMPARE(change->chunks, (std::vector<std::uint32_t>{3, 9}));
    QCOMPARE(change->count, std::uint64_t(2));
    QVERIFY(QString::fromStdString(change->message).contains(QStringLiteral("1 removed")));
    QVERIFY(adt.liquids->chunks[9].instances.empty());
    QCOMPARE(adt.liquids->chunks[3].instances.size(), std::size_t(2));
    QCOMPARE(adt.liquids->chunks[3].instances[1], inside);
    const io::LiquidInstance& c = adt.liquids->chunks[3].instances[0];
    QCOMPARE(int(c.xOffset), 6);
    QCOMPARE(int(c.width), 2);
    QCOMPARE(int(c.height), 2);
    QCOMPARE(c.vertexCount(), std::size_t(9));
    for (std::size_t y = 0; y <= 2; ++y) {
        for (std::size_t x = 0; x <= 2; ++x) {
            QCOMPARE(c.heights[y * 3 + x], wide.heights[y * 5 + x]);
            QCOMPARE(c.depths[y * 3 + x], wide.depths[y * 5 + x]);
        }
    }
    for (std::size_t y = 0; y < 2; ++y) {
        for (std::size_t x = 0; x < 2; ++x) {
            const std::size_t q = y * 2 + x;
            const std::size_t old = y * 4 + x;
            QCOMPARE((*c.existsBitmap)[q / 8] >> (q % 8) & 1, (*wide.existsBitmap)[old / 8] >> (old % 8) & 1);
        }
    }
    QVERIFY(!core::clipLiquidsToChunks(adt));
}

// A real tile with an instance made wider than its chunk: the reader keeps it (repair's read option), the
// clip brings it back, and the written tile has no finding.
void TestRepair::liquidReadOutsideItsChunkAndClipped() {
    Bytes b = corpus("continent4229.adt");
    const std::size_t at = firstMh2oInstance(b).value();
    const auto width = std::uint8_t(b[at + 14]);
    b[at + 12] = std::byte(std::uint8_t(9 - width));
    const Repaired r = repaired(b);
    QCOMPARE(r.changes.size(), std::size_t(1));
    QCOMPARE(r.changes[0].rule, std::string("mh2o-rectangle"));
    const auto findings = findingsOf(r.written);
    QVERIFY2(findings.empty(), qPrintable(rules(findings)));
    const io::LiquidInstance& clipped = r.after.liquids->chunks[r.changes[0].chunks[0]].instances[0];
    QCOMPARE(int(clipped.xOffset), 9 - width);
    QCOMPARE(int(clipped.width), width - 1);
}

void TestRepair::conventionsRepairedAndDumpsEqual_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("rule");
    QTest::newRow("MCIN sizes without the header") << "mcin"
                                                   << "mcin-sizes";
    QTest::newRow("MCNR declares 448") << "mcnr"
                                       << "mcnr-size";
    QTest::newRow("MCCV and MCSH without their flags") << "gated"
                                                       << "mcnk-flags";
    QTest::newRow("MCIN not at 0x54") << "mcin-position"
                                      << "mcin-position";
    QTest::newRow("an MCLY offset 4 bytes off") << "mcly-offset"
                                                << "mcnk-offsets";
    QTest::newRow("an MCNK index off its place") << "index"
                                                 << "mcnk-index";
    QTest::newRow("an MH2O instance wider than its chunk") << "mh2o"
                                                           << "mh2o-rectangle";
}

// Each convention: the report names its rule, the written tile has no error for any consumer (and no
// finding of that rule), and its dump equals the input's apart from what the report names.
void TestRepair::conventionsRepairedAndDumpsEqual() {
    QFETCH(QString, name);
    QFETCH(QString, rule);
    Bytes in;
    if (name == "mcin") {
        in = mcinSizesWithoutHeader(corpus("Azeroth_38_46.adt"));
    } else if (name == "mcnr") {
        io::Adt a = read(corpus("Azeroth_38_46.adt"));
        for (auto& c : a.chunks) {
            c.v18McnrDeclares448 = true;
        }
        in = io::writeAdt(a);
    } else if (name == "gated") {
        in = io::writeAdt(gatedVariant(read(corpus("Azeroth_38_46.adt")), GatedVariant::AllOff));
    } else if (name == "mcin-position") {
        in = chunkBeforeMcin(corpus("Azeroth_38_46.adt"));
    } else if (name == "mcly-offset") {
        in = corpus("Azeroth_38_46.adt");
        putU32(in, mcnkWordAt(in, 9, 7), getU32(in, mcnkWordAt(in, 9, 7)) + 4);
    } else if (name == "index") {
        io::Adt a = read(corpus("Azeroth_38_46.adt"));
        a.chunks[5].indexX = 7;
        in = io::writeAdt(a);
    } else {
        in = corpus("continent4229.adt");
        const std::size_t at = firstMh2oInstance(in).value();
        in[at + 12] = std::byte(std::uint8_t(9 - std::uint8_t(in[at + 14])));
    }
    io::FindingList beforeList;
    io::checkAdtFileLayout(in, beforeList);
    Repaired r = repaired(in);
    const auto after = findingsOf(r.written);
    std::vector<core::RepairChange> all = r.changes;
    for (auto c : core::fixedByRewriting(beforeList.findings(), after, r.changes)) {
        all.push_back(std::move(c));
    }
    QVERIFY2(!io::hasErrors(after), qPrintable(rules(after)));
    QVERIFY2(std::any_of(all.begin(), all.end(), [&](const auto& c) { return c.rule == rule.toStdString(); }),
             qPrintable(rule));
    for (const auto& f : after) {
        QVERIFY2(f.rule != rule.toStdString(), qPrintable(rules(after)));
    }
    // The input as every other reader sees it (liquid outside its chunk dropped) against the output.
    io::AdtReadOptions lenient;
    lenient.lenient = true;
    lenient.bigAlpha = false;
    auto plain = io::readAdt(in, lenient);
    QVERIFY(plain);
    QCOMPARE(dumpWithout(plain->adt, all).dump(), dumpWithout(read(r.written), all).dump());
    QVERIFY(sameReferences(plain->adt, r.after));
}

// What only rewriting fixes is reported from the findings before and after: one entry per finding gone,
// with its count; findings a rule reported and readers' problems are left to them.
void TestRepair::rewritingReportsTheLayout() {
    io::FindingList before;
    io::checkAdtFileLayout(mcinSizesWithoutHeader(corpus("Azeroth_38_46.adt")), before);
    const auto changes = core::fixedByRewriting(before.findings(), {}, {});
    QCOMPARE(changes.size(), std::size_t(1));
    QCOMPARE(changes[0].rule, std::string("mcin-sizes"));
    QCOMPARE(changes[0].count, std::uint64_t(256));
    QVERIFY(core::fixedByRewriting(before.findings(), before.findings(), {}).empty());
    QVERIFY(core::fixedByRewriting(before.findings(), {}, {{"mcin-sizes", {}, "x", 1, {}, {}}}).empty());
}

// Two different doodads with one id in two tiles, and a WMO sharing a doodad's id: one keeps it, the
// others get ids above the map's highest; MCRF (indices) is unchanged; a second plan finds nothing.
void TestRepair::uniqueIdsRenumberedMapWide() {
    io::Adt a = read(corpus("continent4229.adt"));
    io::Adt b = a;
    // Tile b: a different map; its ids collide with a's where the objects differ.
    for (auto& d : b.doodads) {
        d.position.z += 1.0f;
    }
    for (auto& m : b.mapObjects) {
        m.position.z += 1.0f;
    }
    std::uint32_t highest = 0;
    for (const auto& d : a.doodads) {
        highest = std::max(highest, d.uniqueId);
    }
    for (const auto& m : a.mapObjects) {
        highest = std::max(highest, m.uniqueId);
    }
    const io::Adt bBefore = b;
    const std::vector<std::pair<core::TileCoord, const io::Adt*>> tiles{{{30, 30}, &a}, {{31, 30}, &b}};
    const auto plan = core::planUniqueIdRenumbering(tiles);
    QCOMPARE(plan.size(), a.doodads.size() + a.mapObjects.size());
    for (const core::IdChange& c : plan) {
        QCOMPARE(c.where.tile, (core::TileCoord{31, 30})); // the first use keeps its id
        QVERIFY(c.to > highest);
    }
    const auto changes = core::applyUniqueIdChanges(b, {31, 30}, plan);
    QCOMPARE(changes.size(), std::size_t(2));
    QCOMPARE(changes[0].chunk, io::chunk::MDDF);
    QCOMPARE(changes[0].count, std::uint64_t(b.doodads.size()));
    QCOMPARE(changes[1].chunk, io::chunk::MODF);
    QVERIFY(core::applyUniqueIdChanges(a, {30, 30}, plan).empty());
    QVERIFY(sameReferences(b, bBefore));
    QVERIFY(core::planUniqueIdRenumbering(tiles).empty());
    QCOMPARE(dumpWithout(b, changes).dump(), dumpWithout(bBefore, changes).dump());
}

// An object whose bounds reach two tiles has its entry (one id) in both: not a duplicate. A different
// object with that id in a third tile is renumbered; both copies of it share the new id.
void TestRepair::uniqueIdsOfCopiesKept() {
    io::Adt t1;
    t1.modelNames = {"World\\tree.m2"};
    io::DoodadPlacement tree;
    tree.uniqueId = 7;
    tree.position = {10, 20, 30};
    t1.doodads = {tree};
    io::Adt t2 = t1; // the same tree's entry in the neighbouring tile
    io::Adt t3 = t1;
    t3.doodads[0].position.x = 500; // another tree with the same id
    io::Adt t4 = t3;                // ... reaching into a fourth tile
    const std::vector<std::pair<core::TileCoord, const io::Adt*>> tiles{
        {{1, 1}, &t1}, {{2, 1}, &t2}, {{5, 5}, &t3}, {{6, 5}, &t4}};
    const auto plan = core::planUniqueIdRenumbering(tiles);
    QCOMPARE(plan.size(), std::size_t(2));
    QCOMPARE(plan[0].to, 8u);
    QCOMPARE(plan[1].to, 8u);
    QCOMPARE(plan[0].where.tile, (core::TileCoord{5, 5}));
    QCOMPARE(plan[1].where.tile, (core::TileCoord{6, 5}));
}

// A WDT without MWMO gets an empty one; a chunk between MAIN and MWMO moves after it; the result has no
// finding and keeps every chunk's bytes.
void TestRepair::wdtMwmoAndOrder() {
    const Bytes wdtBytes =
        wdtWithChunkAfter(wdtWithout(corpus("Azeroth.wdt"), io::chunk::MWMO), io::chunk::MAIN);
    io::Diagnostics diag;
    auto wdt = io::readWdt(wdtBytes, diag);
    QVERIFY(wdt);
    QCOMPARE(wdt->unknown.size(), std::size_t(1));
    const auto changes = core::repairWdt(*wdt);
    QCOMPARE(changes.size(), std::size_t(2));
    QCOMPARE(changes[0].rule, std::string("wdt-mwmo"));
    QCOMPARE(changes[1].rule, std::string("wdt-order"));
    const Bytes written = io::writeWdt(*wdt);
    io::Diagnostics again;
    auto back = io::readWdt(written, again);
    QVERIFY(back);
    io::FindingList findings;
    io::checkWdtModel(*back, findings, written);
    QVERIFY(findings.findings().empty());
    const auto chunks = topChunks(written);
    QCOMPARE(chunks[3].id, io::chunk::MWMO);
    QCOMPARE(chunks[4].id, io::FourCC("ZZZZ"));
    QCOMPARE(back->unknown[0].data, wdt->unknown[0].data);
    QVERIFY(core::repairWdt(*back).empty());
    // The corpus WDT needs nothing.
    auto corpusWdt = io::readWdt(corpus("Azeroth.wdt"), again);
    QVERIFY(corpusWdt);
    QVERIFY(core::repairWdt(*corpusWdt).empty());
}

QTEST_GUILESS_MAIN(TestRepair)
#include "test_repair.moc"
