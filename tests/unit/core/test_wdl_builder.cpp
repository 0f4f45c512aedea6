// A tile's WDL entry from its terrain (core/convert/wdl_builder.h): on the real corpus tiles every MARE point
// is the terrain's height at its place (chunk corners every 33.333 yd, chunk centres between them) to within
// the rounding, the MAHO bits are the chunks that are all hole, heights round and clamp as documented.

#include "core/convert/wdl_builder.h"
#include "core/document/map_document.h"
#include "core/geometry/chunk_height.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace mapsmith;
using core::TileCoord;

namespace {

// The world point of WDL point (row, col) of tile t, in 1/16 tile steps from its north-west corner,
// nudged 1e-4 yd into the tile so it falls inside one of the tile's chunks.
glm::dvec2 samplePoint(TileCoord t, double row, double col) {
    const double nudgeRow = row >= 16.0 ? -1e-4 : 1e-4;
    const double nudgeCol = col >= 16.0 ? -1e-4 : 1e-4;
    return core::tileOrigin(t) -
           glm::dvec2(row * core::kChunkSize + nudgeRow, col * core::kChunkSize + nudgeCol);
}

// Every quad of the chunk is a hole, asked through the hole lookup at each quad's centre.
bool everyQuadIsHole(const io::MapChunk& chunk, const core::ChunkCoord& c) {
    for (int qr = 0; qr < 8; ++qr) {
        for (int qc = 0; qc < 8; ++qc) {
            const glm::dvec2 centre =
                core::chunkOrigin(c) - glm::dvec2((qr + 0.5) * core::kUnitSize, (qc + 0.5) * core::kUnitSize);
            if (!core::chunkHoleAt(chunk, centre)) {
                return false;
            }
        }
    }
    return true;
}

} // namespace

class TestWdlBuilder : public QObject {
    Q_OBJECT
private slots:
    void heightRoundsAndClamps_data();
    void heightRoundsAndClamps();
    void corpusTileSamplesTheTerrain_data();
    void corpusTileSamplesTheTerrain();
    void holeBitsAreWholeChunkHoles();
    void mahoKeptWhenThePreviousEntryHadOne();
};

void TestWdlBuilder::heightRoundsAndClamps_data() {
    QTest::addColumn<double>("yards");
    QTest::addColumn<int>("expected");
    QTest::newRow("zero") << 0.0 << 0;
    QTest::newRow("2.49") << 2.49 << 2;
    QTest::newRow("2.5 away from zero") << 2.5 << 3;
    QTest::newRow("-2.5 away from zero") << -2.5 << -3;
    QTest::newRow("-0.4") << -0.4 << 0;
    QTest::newRow("1234.6") << 1234.6 << 1235;
    QTest::newRow("32767.4") << 32767.4 << 32767;
    QTest::newRow("40000 clamps") << 40000.0 << 32767;
    QTest::newRow("-40000 clamps") << -40000.0 << -32768;
    QTest::newRow("1e30 clamps") << 1e30 << 32767;
    QTest::newRow("-inf clamps") << -std::numeric_limits<double>::infinity() << -32768;
    QTest::newRow("NaN is 0") << std::numeric_limits<double>::quiet_NaN() << 0;
}

void TestWdlBuilder::heightRoundsAndClamps() {
    QFETCH(double, yards);
    QFETCH(int, expected);
    QCOMPARE(int(core::wdlHeightFromYards(yards)), expected);
}

void TestWdlBuilder::corpusTileSamplesTheTerrain_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("x");
    QTest::addColumn<int>("y");
    QTest::newRow("continent4229") << "adt/continent4229.adt" << 42 << 29;
    QTest::newRow("Azeroth_38_46") << "adt/Azeroth_38_46.adt" << 38 << 46;
}

void TestWdlBuilder::corpusTileSamplesTheTerrain() {
    QFETCH(QString, file);
    QFETCH(int, x);
    QFETCH(int, y);
    const TileCoord t{x, y};
    auto doc = tests::corpusMap(tests::readBytes(tests::corpusPath(file.toStdString())), t);
    QVERIFY(doc);
    const io::Adt& adt = *doc->tile(t);
    const io::WdlTile entry = core::buildWdlTile(adt);

    // The surface height at each point, through the document's own lookup (chunk search, triangles).
    double worst = 0.0;
    int lo = 1 << 20;
    int hi = -(1 << 20);
    for (int row = 0; row <= 16; ++row) {
        for (int col = 0; col <= 16; ++col) {
            const auto h = doc->heightAt(samplePoint(t, row, col));
            QVERIFY2(h, qPrintable(QString("outer %1,%2 not on the tile").arg(row).arg(col)));
            const int v = entry.outer[std::size_t(row * 17 + col)];
            worst = std::max(worst, std::abs(v - *h));
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    for (int row = 0; row < 16; ++row) {
        for (int col = 0; col < 16; ++col) {
            const auto h = doc->heightAt(samplePoint(t, row + 0.5, col + 0.5));
            QVERIFY(h);
            const int v = entry.inner[std::size_t(row * 16 + col)];
            worst = std::max(worst, std::abs(v - *h));
            lo = std::min(lo, v);
            hi = std::max(hi, v);
        }
    }
    QVERIFY2(worst <= 0.5 + 1e-3, qPrintable(QString("a point is %1 yd from the terrain").arg(worst)));
    QCOMPARE(int(entry.minHeight()), lo);
    QCOMPARE(int(entry.maxHeight()), hi);
    QVERIFY(hi > lo); // real terrain, not flat

    // Holes: a bit exactly for the chunks that are hole everywhere (the corpus tiles have partial holes
    // only, so no bit, and no MAHO for an entry without a previous one).
    int chunksWithHoles = 0;
    std::array<std::uint16_t, 16> expected{};
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            const io::MapChunk& chunk = adt.chunks[std::size_t(r * 16 + c)];
            chunksWithHoles += chunk.holesLowRes != 0 ? 1 : 0;
            if (everyQuadIsHole(chunk, {t, r, c})) {
                expected[std::size_t(r)] |= std::uint16_t(1u << c);
            }
        }
    }
    QVERIFY(core::wdlHoleMask(adt) == expected);
    const bool anyHole = expected != std::array<std::uint16_t, 16>{};
    QCOMPARE(entry.holes.has_value(), anyHole);
    if (file.contains("continent4229")) {
        QVERIFY(chunksWithHoles > 0);
    }
}

void TestWdlBuilder::holeBitsAreWholeChunkHoles() {
    auto doc = tests::corpusMap(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), {42, 29});
    QVERIFY(doc);
    io::Adt adt = *doc->tile({42, 29});
    for (io::MapChunk& c : adt.chunks) {
        c.holesLowRes = 0;
        c.flags &= ~io::mcnk_flags::HighResHoles;
    }
    auto at = [&adt](int row, int col) -> io::MapChunk& { return adt.chunks[std::size_t(row * 16 + col)]; };
    at(3, 5).holesLowRes = 0xFFFF; // all 16 cells: a hole chunk
    at(0, 0).holesLowRes = 0x0001; // one cell: ground left
    at(9, 2).holesLowRes = 0x7FFF; // all but one cell
    at(15, 15).flags |= io::mcnk_flags::HighResHoles;
    at(15, 15).holesHighRes = ~std::uint64_t(0); // all 64 quads
    at(15, 0).flags |= io::mcnk_flags::HighResHoles;
    at(15, 0).holesHighRes = ~std::uint64_t(0) >> 1; // all quads but one
    at(15, 0).holesLowRes = 0xFFFF;                  // ignored: the chunk uses high-res holes
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            QCOMPARE(core::chunkIsAllHole(at(r, c)), everyQuadIsHole(at(r, c), {{42, 29}, r, c}));
        }
    }
    std::array<std::uint16_t, 16> expected{};
    expected[3] = 1u << 5;
    expected[15] = 1u << 15;
    QVERIFY(core::wdlHoleMask(adt) == expected);
    const io::WdlTile entry = core::buildWdlTile(adt);
    QVERIFY(entry.holes);
    QVERIFY(*entry.holes == expected);
}

void TestWdlBuilder::mahoKeptWhenThePreviousEntryHadOne() {
    auto doc = tests::hillsMap({{10, 10}});
    QVERIFY(doc);
    const io::Adt& adt = *doc->tile({10, 10});
    const io::WdlTile plain = core::buildWdlTile(adt);
    QVERIFY(!plain.holes); // no hole, no previous entry: no MAHO
    io::WdlTile previous = plain;
    previous.holes = std::array<std::uint16_t, 16>{};
    (*previous.holes)[4] = 0xFFFF; // stale: the tile has no holes now
    const io::WdlTile again = core::buildWdlTile(adt, &previous);
    QVERIFY(again.holes);
    QVERIFY(*again.holes == (std::array<std::uint16_t, 16>{}));
    QVERIFY(again.outer == plain.outer && again.inner == plain.inner);
}

QTEST_GUILESS_MAIN(TestWdlBuilder)
#include "test_wdl_builder.moc"
