// Map geometry (core/geometry/coords.h) against the ADT v18 spec: sizes, map corners, the spec's block
// formula, tile/chunk lookup on and around borders, global chunk round trips (also off the map), the MCVT
// vertex arrangement, placement <-> world; and against the real corpus: every MCNK header position equals
// chunkOrigin, MCNK indexX/indexY equal col/row, and the MDDF/MODF placements of continent4229 lie in
// (or next to) their tile.

#include "core/geometry/coords.h"
#include "io/adt/adt.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

using namespace mapsmith;
using core::ChunkCoord;
using core::GlobalChunk;
using core::TileCoord;

Q_DECLARE_METATYPE(core::TileCoord)
Q_DECLARE_METATYPE(core::ChunkCoord)
Q_DECLARE_METATYPE(core::GlobalChunk)
Q_DECLARE_METATYPE(glm::dvec2)
Q_DECLARE_METATYPE(glm::dvec3)

namespace mapsmith::core {
// Found by ADL from QCOMPARE.
char* toString(const TileCoord& t) {
    return qstrdup(QByteArray("Tile(" + QByteArray::number(t.x) + ", " + QByteArray::number(t.y) + ")"));
}
char* toString(const ChunkCoord& c) {
    return qstrdup(QByteArray("Chunk(tile " + QByteArray::number(c.tile.x) + ", " +
                              QByteArray::number(c.tile.y) + ", row " + QByteArray::number(c.row) + ", col " +
                              QByteArray::number(c.col) + ")"));
}
char* toString(const GlobalChunk& g) {
    return qstrdup(QByteArray("Global(" + QByteArray::number(g.gx) + ", " + QByteArray::number(g.gy) + ")"));
}
} // namespace mapsmith::core

namespace {

constexpr double kSpecTile = 533.33333;   // yd, as printed in the spec
constexpr double kSpecHalf = 17066.66656; // yd, "+-17066.66656"

bool near2(glm::dvec2 a, glm::dvec2 b, double eps) {
    return std::abs(a.x - b.x) <= eps && std::abs(a.y - b.y) <= eps;
}
bool near3(glm::dvec3 a, glm::dvec3 b, double eps) {
    return std::abs(a.x - b.x) <= eps && std::abs(a.y - b.y) <= eps && std::abs(a.z - b.z) <= eps;
}
QByteArray str(glm::dvec2 v) {
    return "(" + QByteArray::number(v.x, 'f', 6) + ", " + QByteArray::number(v.y, 'f', 6) + ")";
}
QByteArray str(glm::dvec3 v) {
    return "(" + QByteArray::number(v.x, 'f', 6) + ", " + QByteArray::number(v.y, 'f', 6) + ", " +
           QByteArray::number(v.z, 'f', 6) + ")";
}

// The spec's conversion: floor(32 - axis / 533.33333); tile X from world y, tile Y from world x.
TileCoord specTileAt(glm::dvec2 w) {
    return {int(std::floor(32.0 - w.y / kSpecTile)), int(std::floor(32.0 - w.x / kSpecTile))};
}

io::Adt readCorpus(const QString& file) {
    const auto bytes = tests::readBytes(tests::corpusPath(file.toStdString()));
    if (bytes.empty()) {
        qFatal("missing corpus file %s", qPrintable(file));
    }
    auto result = io::readAdt(bytes);
    if (!result) {
        qFatal("read of %s failed: %s", qPrintable(file), result.error().describe().c_str());
    }
    return std::move(result->adt);
}

glm::dvec2 headerXY(const io::MapChunk& c) {
    return {double(c.position.x), double(c.position.y)};
}

// The tile of a file from its first chunk: the chunk's centre, half a chunk south-east of its header
// position, so float rounding of the corner cannot push it over the tile border.
TileCoord tileOfFile(const io::Adt& adt) {
    return core::tileAt(headerXY(adt.chunks.at(0)) - glm::dvec2(core::kChunkSize / 2.0));
}

struct Box2 {
    glm::dvec2 max; // north-west corner (largest x, y)
    glm::dvec2 min; // south-east corner
    bool contains(glm::dvec2 p, double margin = 0.0) const {
        return p.x <= max.x + margin && p.x >= min.x - margin && p.y <= max.y + margin &&
               p.y >= min.y - margin;
    }
};
Box2 tileBox(TileCoord t) {
    const glm::dvec2 o = core::tileOrigin(t);
    return {o, o - glm::dvec2(core::kTileSize)};
}

} // namespace

class TestCoords : public QObject {
    Q_OBJECT

private slots:
    void constants();
    void indexHelpers();

    void tileOrigins_data();
    void tileOrigins();
    void specCorners_data();
    void specCorners();
    void tileAtMatchesSpecFormula();
    void tileAtBorders_data();
    void tileAtBorders();
    void tileAtEveryOrigin();
    void chunkOrigins_data();
    void chunkOrigins();
    void chunkAtBorders_data();
    void chunkAtBorders();
    void chunkAtEveryOrigin();

    void globalKnown_data();
    void globalKnown();
    void globalRoundTrip();

    void vertexOffsets_data();
    void vertexOffsets();
    void innerVerticesAreQuadCentres();
    void vertexPositions();

    void placementKnown_data();
    void placementKnown();
    void placementRoundTrip();

    void corpusChunkOrigins_data();
    void corpusChunkOrigins();
    void corpusPlacements();
};

void TestCoords::constants() {
    QCOMPARE(core::kTilesPerSide, 64);
    QCOMPARE(core::kChunksPerSide, 16);
    QCOMPARE(core::kChunksPerTile, 256);
    QCOMPARE(core::kVerticesPerChunk, 145);
    QVERIFY(std::abs(core::kTileSize - kSpecTile) < 1e-5);             // 533.33333 yd
    QVERIFY(std::abs(core::kTileSize - 1600.0 / 3.0) < 1e-12);         // 1600 ft
    QVERIFY(std::abs(core::kChunkSize - 33.3333) < 1e-4);              // 100 ft
    QVERIFY(std::abs(core::kUnitSize - 33.333333333333 / 8.0) < 1e-9); // 4.1667 yd
    QVERIFY(std::abs(core::kMapHalfSize - kSpecHalf) < 1e-3);          // +-17066.66656 yd
    QVERIFY(std::abs(64.0 * core::kTileSize - 34133.33312) < 1e-3);    // full width
    QVERIFY(std::abs(16.0 * core::kChunkSize - core::kTileSize) < 1e-12);
    QVERIFY(std::abs(8.0 * core::kUnitSize - core::kChunkSize) < 1e-12);
}

void TestCoords::indexHelpers() {
    QCOMPARE(core::outerIndex(0, 0), 0);
    QCOMPARE(core::outerIndex(0, 8), 8);
    QCOMPARE(core::innerIndex(0, 0), 9);
    QCOMPARE(core::innerIndex(0, 7), 16);
    QCOMPARE(core::outerIndex(1, 0), 17);
    QCOMPARE(core::innerIndex(7, 7), 135);
    QCOMPARE(core::outerIndex(8, 0), 136);
    QCOMPARE(core::outerIndex(8, 8), 144);
    int outer = 0;
    for (int v = 0; v < 145; ++v) {
        outer += core::isInner(v) ? 0 : 1;
    }
    QCOMPARE(outer, 81);
    const ChunkCoord c{{38, 46}, 3, 5};
    QCOMPARE(c.index(), 53);
    QVERIFY((TileCoord{0, 0}).valid());
    QVERIFY((TileCoord{63, 63}).valid());
    QVERIFY(!(TileCoord{-1, 0}).valid());
    QVERIFY(!(TileCoord{0, 64}).valid());
}

void TestCoords::tileOrigins_data() {
    QTest::addColumn<TileCoord>("tile");
    QTest::addColumn<glm::dvec2>("origin"); // north-west corner, spec numbers
    const double h = kSpecHalf;
    const double t = kSpecTile;
    QTest::newRow("0,0 map NW corner") << TileCoord{0, 0} << glm::dvec2(h, h);
    QTest::newRow("63,0 NE tile") << TileCoord{63, 0} << glm::dvec2(h, h - 63 * t);
    QTest::newRow("0,63 SW tile") << TileCoord{0, 63} << glm::dvec2(h - 63 * t, h);
    QTest::newRow("63,63 SE tile") << TileCoord{63, 63} << glm::dvec2(h - 63 * t, h - 63 * t);
    QTest::newRow("32,32 map centre") << TileCoord{32, 32} << glm::dvec2(0.0, 0.0);
    QTest::newRow("64,64 SE map corner") << TileCoord{64, 64} << glm::dvec2(-h, -h);
    QTest::newRow("38,46") << TileCoord{38, 46} << glm::dvec2(-14 * t, -6 * t);
    QTest::newRow("31,33") << TileCoord{31, 33} << glm::dvec2(-t, t);
}

void TestCoords::tileOrigins() {
    QFETCH(TileCoord, tile);
    QFETCH(glm::dvec2, origin);
    const glm::dvec2 got = core::tileOrigin(tile);
    QVERIFY2(near2(got, origin, 1e-3), str(got) + " vs " + str(origin));
}

void TestCoords::specCorners_data() {
    QTest::addColumn<glm::dvec2>("world");
    QTest::addColumn<TileCoord>("tile");
    // The spec's four corner points (its "17006" are printed that way; they still lie in the corner tiles).
    QTest::newRow("top-left") << glm::dvec2(17066, 17066) << TileCoord{0, 0};
    QTest::newRow("bottom-right") << glm::dvec2(-17066, -17066) << TileCoord{63, 63};
    QTest::newRow("bottom-left") << glm::dvec2(-17006, 17066) << TileCoord{0, 63};
    QTest::newRow("top-right") << glm::dvec2(17006, -17066) << TileCoord{63, 0};
    QTest::newRow("centre") << glm::dvec2(0, 0) << TileCoord{32, 32};
    QTest::newRow("just NW of centre") << glm::dvec2(1e-6, 1e-6) << TileCoord{31, 31};
    QTest::newRow("north is Y-1") << glm::dvec2(600, -1) << TileCoord{32, 30};
    QTest::newRow("west is X-1") << glm::dvec2(-1, 600) << TileCoord{30, 32};
}

void TestCoords::specCorners() {
    QFETCH(glm::dvec2, world);
    QFETCH(TileCoord, tile);
    QCOMPARE(core::tileAt(world), tile);
    QCOMPARE(specTileAt(world), tile);
    QVERIFY(core::tileAt(world).valid());
}

void TestCoords::tileAtMatchesSpecFormula() {
    // Random points away from borders (the spec's rounded tile size moves borders by < 2e-4 yd).
    std::mt19937 rng(4229);
    std::uniform_real_distribution<double> d(-kSpecHalf, kSpecHalf);
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        const glm::dvec2 w(d(rng), d(rng));
        const double fx = std::fmod(w.x + 64 * core::kTileSize, core::kTileSize);
        const double fy = std::fmod(w.y + 64 * core::kTileSize, core::kTileSize);
        if (fx < 1e-2 || fx > core::kTileSize - 1e-2 || fy < 1e-2 || fy > core::kTileSize - 1e-2) {
            continue;
        }
        const TileCoord t = core::tileAt(w);
        QCOMPARE(t, specTileAt(w));
        QVERIFY(t.valid());
        const Box2 b = tileBox(t);
        QVERIFY(b.contains(w));
        ++checked;
    }
    QVERIFY(checked > 19000);
}

void TestCoords::tileAtBorders_data() {
    QTest::addColumn<glm::dvec2>("world");
    QTest::addColumn<TileCoord>("tile");
    const double e = 1e-6; // yd
    const double t = core::kTileSize;
    for (TileCoord tile : {TileCoord{0, 0}, TileCoord{38, 46}, TileCoord{32, 32}, TileCoord{63, 63},
                           TileCoord{5, 60}, TileCoord{31, 31}}) {
        const glm::dvec2 o = core::tileOrigin(tile);
        const QByteArray n = QByteArray::number(tile.x) + "," + QByteArray::number(tile.y);
        QTest::newRow(n + " origin") << o << tile;
        QTest::newRow(n + " inside NW") << o + glm::dvec2(-e, -e) << tile;
        QTest::newRow(n + " inside SE") << o + glm::dvec2(-t + e, -t + e) << tile;
        QTest::newRow(n + " inside SW") << o + glm::dvec2(-t + e, -e) << tile;
        QTest::newRow(n + " inside NE") << o + glm::dvec2(-e, -t + e) << tile;
        QTest::newRow(n + " centre") << o - glm::dvec2(t / 2) << tile;
        QTest::newRow(n + " outside north") << o + glm::dvec2(e, -t / 2) << TileCoord{tile.x, tile.y - 1};
        QTest::newRow(n + " outside west") << o + glm::dvec2(-t / 2, e) << TileCoord{tile.x - 1, tile.y};
        QTest::newRow(n + " outside NW") << o + glm::dvec2(e, e) << TileCoord{tile.x - 1, tile.y - 1};
        QTest::newRow(n + " outside south")
            << o + glm::dvec2(-t - e, -t / 2) << TileCoord{tile.x, tile.y + 1};
        QTest::newRow(n + " outside east") << o + glm::dvec2(-t / 2, -t - e) << TileCoord{tile.x + 1, tile.y};
        QTest::newRow(n + " south border") << core::tileOrigin({tile.x, tile.y + 1}) + glm::dvec2(0, -t / 2)
                                           << TileCoord{tile.x, tile.y + 1};
        QTest::newRow(n + " east border") << core::tileOrigin({tile.x + 1, tile.y}) + glm::dvec2(-t / 2, 0)
                                          << TileCoord{tile.x + 1, tile.y};
    }
    QTest::newRow("off map north") << glm::dvec2(17100, 0) << TileCoord{32, -1};
    QTest::newRow("off map east") << glm::dvec2(0, -17100) << TileCoord{64, 32};
    QTest::newRow("far off map SW") << glm::dvec2(-20000, 20000) << TileCoord{-6, 69};
}

void TestCoords::tileAtBorders() {
    QFETCH(glm::dvec2, world);
    QFETCH(TileCoord, tile);
    const TileCoord got = core::tileAt(world);
    QCOMPARE(got, tile);
    QCOMPARE(got.valid(), tile.x >= 0 && tile.x < 64 && tile.y >= 0 && tile.y < 64);
}

void TestCoords::tileAtEveryOrigin() {
    // A tile's north-west corner belongs to it (borders go to the south/east tile), for every tile.
    int wrong = 0;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            const TileCoord t{x, y};
            if (core::tileAt(core::tileOrigin(t)) != t) {
                if (++wrong <= 5) {
                    qWarning("tileAt(tileOrigin(%d, %d)) = (%d, %d)", x, y,
                             core::tileAt(core::tileOrigin(t)).x, core::tileAt(core::tileOrigin(t)).y);
                }
            }
        }
    }
    QCOMPARE(wrong, 0);
}

void TestCoords::chunkOrigins_data() {
    QTest::addColumn<ChunkCoord>("chunk");
    QTest::addColumn<glm::dvec2>("origin");
    const double h = kSpecHalf;
    const double t = kSpecTile;
    const double c = t / 16.0;
    QTest::newRow("0,0 r0 c0") << ChunkCoord{{0, 0}, 0, 0} << glm::dvec2(h, h);
    QTest::newRow("0,0 r0 c1 (east)") << ChunkCoord{{0, 0}, 0, 1} << glm::dvec2(h, h - c);
    QTest::newRow("0,0 r1 c0 (south)") << ChunkCoord{{0, 0}, 1, 0} << glm::dvec2(h - c, h);
    QTest::newRow("0,0 r15 c15") << ChunkCoord{{0, 0}, 15, 15} << glm::dvec2(h - 15 * c, h - 15 * c);
    QTest::newRow("38,46 r3 c5") << ChunkCoord{{38, 46}, 3, 5} << glm::dvec2(-14 * t - 3 * c, -6 * t - 5 * c);
    QTest::newRow("32,32 r8 c8") << ChunkCoord{{32, 32}, 8, 8} << glm::dvec2(-t / 2, -t / 2);
    QTest::newRow("63,63 r15 c15") << ChunkCoord{{63, 63}, 15, 15} << glm::dvec2(-h + c, -h + c);
}

void TestCoords::chunkOrigins() {
    QFETCH(ChunkCoord, chunk);
    QFETCH(glm::dvec2, origin);
    const glm::dvec2 got = core::chunkOrigin(chunk);
    QVERIFY2(near2(got, origin, 1e-3), str(got) + " vs " + str(origin));
    // Row 0 / col 0 chunk shares the tile's origin; the chunk is kChunkSize across.
    const glm::dvec2 tileO = core::tileOrigin(chunk.tile);
    QVERIFY(near2(got, tileO - glm::dvec2(chunk.row, chunk.col) * core::kChunkSize, 1e-9));
}

void TestCoords::chunkAtBorders_data() {
    QTest::addColumn<glm::dvec2>("world");
    QTest::addColumn<ChunkCoord>("chunk");
    const double e = 1e-6; // yd
    const double c = core::kChunkSize;
    const ChunkCoord chunks[] = {{{38, 46}, 0, 0}, {{38, 46}, 3, 5},   {{38, 46}, 15, 15},
                                 {{0, 0}, 0, 0},   {{63, 63}, 15, 15}, {{32, 32}, 0, 0}};
    for (const ChunkCoord& k : chunks) {
        const glm::dvec2 o = core::chunkOrigin(k);
        const GlobalChunk g = core::toGlobal(k);
        const QByteArray n = QByteArray::number(k.tile.x) + "," + QByteArray::number(k.tile.y) + " r" +
                             QByteArray::number(k.row) + " c" + QByteArray::number(k.col);
        QTest::newRow(n + " origin") << o << k;
        QTest::newRow(n + " inside NW") << o + glm::dvec2(-e, -e) << k;
        QTest::newRow(n + " inside SE") << o + glm::dvec2(-c + e, -c + e) << k;
        QTest::newRow(n + " centre") << o - glm::dvec2(c / 2) << k;
        QTest::newRow(n + " outside north")
            << o + glm::dvec2(e, -c / 2) << core::fromGlobal({g.gx, g.gy - 1});
        QTest::newRow(n + " outside west") << o + glm::dvec2(-c / 2, e) << core::fromGlobal({g.gx - 1, g.gy});
        QTest::newRow(n + " outside south")
            << o + glm::dvec2(-c - e, -c / 2) << core::fromGlobal({g.gx, g.gy + 1});
        QTest::newRow(n + " outside east")
            << o + glm::dvec2(-c / 2, -c - e) << core::fromGlobal({g.gx + 1, g.gy});
        QTest::newRow(n + " outside SE")
            << o + glm::dvec2(-c - e, -c - e) << core::fromGlobal({g.gx + 1, g.gy + 1});
    }
    QTest::newRow("off map NW") << glm::dvec2(kSpecHalf + 1, kSpecHalf + 1) << ChunkCoord{{-1, -1}, 15, 15};
}

void TestCoords::chunkAtBorders() {
    QFETCH(glm::dvec2, world);
    QFETCH(ChunkCoord, chunk);
    const ChunkCoord got = core::chunkAt(world);
    QCOMPARE(got, chunk);
    // The chunk lies in the tile tileAt gives (away from the tile border by construction of the rows
    // above, or exactly on it where both give the south/east one).
    QCOMPARE(got.tile, core::tileAt(world));
}

void TestCoords::chunkAtEveryOrigin() {
    // Every chunk of the map: its origin and its centre map back to it.
    int wrong = 0;
    for (int gy = 0; gy < 1024; ++gy) {
        for (int gx = 0; gx < 1024; ++gx) {
            const ChunkCoord c = core::fromGlobal({gx, gy});
            const glm::dvec2 o = core::chunkOrigin(c);
            const bool ok = core::chunkAt(o) == c && core::chunkAt(o - glm::dvec2(core::kChunkSize / 2)) == c;
            if (!ok && ++wrong <= 5) {
                const ChunkCoord got = core::chunkAt(o);
                qWarning("chunkAt(chunkOrigin(gx %d, gy %d)) = tile (%d, %d) r%d c%d", gx, gy, got.tile.x,
                         got.tile.y, got.row, got.col);
            }
        }
    }
    QCOMPARE(wrong, 0);
}

void TestCoords::globalKnown_data() {
    QTest::addColumn<GlobalChunk>("global");
    QTest::addColumn<ChunkCoord>("chunk");
    QTest::newRow("origin") << GlobalChunk{0, 0} << ChunkCoord{{0, 0}, 0, 0};
    QTest::newRow("38,46 r3 c5") << GlobalChunk{38 * 16 + 5, 46 * 16 + 3} << ChunkCoord{{38, 46}, 3, 5};
    QTest::newRow("last") << GlobalChunk{1023, 1023} << ChunkCoord{{63, 63}, 15, 15};
    QTest::newRow("gx 15") << GlobalChunk{15, 16} << ChunkCoord{{0, 1}, 0, 15};
    QTest::newRow("gx -1") << GlobalChunk{-1, 0} << ChunkCoord{{-1, 0}, 0, 15};
    QTest::newRow("gy -1") << GlobalChunk{0, -1} << ChunkCoord{{0, -1}, 15, 0};
    QTest::newRow("gx -16") << GlobalChunk{-16, 5} << ChunkCoord{{-1, 0}, 5, 0};
    QTest::newRow("gx -17") << GlobalChunk{-17, 5} << ChunkCoord{{-2, 0}, 5, 15};
    QTest::newRow("1024") << GlobalChunk{1024, 1024} << ChunkCoord{{64, 64}, 0, 0};
    QTest::newRow("far negative") << GlobalChunk{-1000, -33} << ChunkCoord{{-63, -3}, 15, 8};
}

void TestCoords::globalKnown() {
    QFETCH(GlobalChunk, global);
    QFETCH(ChunkCoord, chunk);
    QCOMPARE(core::fromGlobal(global), chunk);
    QCOMPARE(core::toGlobal(chunk), global);
    QCOMPARE(core::fromGlobal(global).tile.valid(),
             global.gx >= 0 && global.gx < 1024 && global.gy >= 0 && global.gy < 1024);
}

void TestCoords::globalRoundTrip() {
    for (int gy = -40; gy <= 1064; gy += 3) {
        for (int gx = -40; gx <= 1064; ++gx) {
            const GlobalChunk g{gx, gy};
            const ChunkCoord c = core::fromGlobal(g);
            QVERIFY(c.row >= 0 && c.row < 16 && c.col >= 0 && c.col < 16);
            if (!(core::toGlobal(c) == g)) {
                QFAIL(qPrintable(QString("round trip of (%1, %2)").arg(gx).arg(gy)));
            }
            // Neighbouring global chunks are neighbouring chunks on the map.
            const glm::dvec2 o = core::chunkOrigin(c);
            const glm::dvec2 expected(core::kMapHalfSize - gy * core::kChunkSize,
                                      core::kMapHalfSize - gx * core::kChunkSize);
            if (!near2(o, expected, 1e-8)) {
                QFAIL(qPrintable(QString("chunkOrigin of (%1, %2)").arg(gx).arg(gy)));
            }
        }
    }
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            for (int i = 0; i < 256; i += 17) {
                const ChunkCoord c{{x, y}, i / 16, i % 16};
                QCOMPARE(core::fromGlobal(core::toGlobal(c)), c);
            }
        }
    }
}

void TestCoords::vertexOffsets_data() {
    QTest::addColumn<int>("vertex");
    QTest::addColumn<glm::dvec2>("offset"); // (-south, -east) yd
    QTest::addColumn<bool>("inner");
    // Walk the spec's MCVT picture line by line: 9 outer on even lines, 8 inner (shifted half a unit)
    // on odd lines, numbered consecutively.
    const double u = 100.0 / 3.0 / 8.0; // yd
    int vertex = 0;
    for (int line = 0; line < 17; ++line) {
        const bool inner = line % 2 == 1;
        const int count = inner ? 8 : 9;
        for (int i = 0; i < count; ++i) {
            const double south = inner ? (line / 2 + 0.5) * u : (line / 2) * u;
            const double east = inner ? (i + 0.5) * u : i * u;
            QTest::addRow("v%d", vertex) << vertex << glm::dvec2(-south, -east) << inner;
            ++vertex;
        }
    }
    QCOMPARE(vertex, 145);
}

void TestCoords::vertexOffsets() {
    QFETCH(int, vertex);
    QFETCH(glm::dvec2, offset);
    QFETCH(bool, inner);
    const glm::dvec2 got = core::vertexOffset(vertex);
    QVERIFY2(near2(got, offset, 1e-9), str(got) + " vs " + str(offset));
    QCOMPARE(core::isInner(vertex), inner);
    // outerIndex / innerIndex invert the lattice position.
    const double u = core::kUnitSize;
    if (inner) {
        const int row = int(std::lround(-offset.x / u - 0.5));
        const int col = int(std::lround(-offset.y / u - 0.5));
        QCOMPARE(core::innerIndex(row, col), vertex);
    } else {
        const int row = int(std::lround(-offset.x / u));
        const int col = int(std::lround(-offset.y / u));
        QCOMPARE(core::outerIndex(row, col), vertex);
    }
    // Inside the chunk's square.
    QVERIFY(got.x <= 0.0 && got.x >= -core::kChunkSize - 1e-9);
    QVERIFY(got.y <= 0.0 && got.y >= -core::kChunkSize - 1e-9);
}

void TestCoords::innerVerticesAreQuadCentres() {
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            const glm::dvec2 centre =
                (core::vertexOffset(core::outerIndex(r, c)) + core::vertexOffset(core::outerIndex(r, c + 1)) +
                 core::vertexOffset(core::outerIndex(r + 1, c)) +
                 core::vertexOffset(core::outerIndex(r + 1, c + 1))) /
                4.0;
            QVERIFY(near2(core::vertexOffset(core::innerIndex(r, c)), centre, 1e-9));
        }
    }
    // The outer corners span exactly one chunk.
    QVERIFY(near2(core::vertexOffset(0), glm::dvec2(0.0), 1e-12));
    QVERIFY(near2(core::vertexOffset(144), glm::dvec2(-core::kChunkSize), 1e-9));
    QVERIFY(near2(core::vertexOffset(8), glm::dvec2(0.0, -core::kChunkSize), 1e-9));
    QVERIFY(near2(core::vertexOffset(136), glm::dvec2(-core::kChunkSize, 0.0), 1e-9));
}

void TestCoords::vertexPositions() {
    // vertexPosition = chunkOrigin + vertexOffset; the east/south edge vertices coincide with the
    // west/north edge vertices of the neighbouring chunks.
    const ChunkCoord c{{38, 46}, 15, 15};
    for (int v = 0; v < 145; ++v) {
        QVERIFY(near2(core::vertexPosition(c, v), core::chunkOrigin(c) + core::vertexOffset(v), 1e-9));
    }
    const ChunkCoord east = core::fromGlobal({core::toGlobal(c).gx + 1, core::toGlobal(c).gy});
    const ChunkCoord south = core::fromGlobal({core::toGlobal(c).gx, core::toGlobal(c).gy + 1});
    QCOMPARE(east.tile, (TileCoord{39, 46}));
    QCOMPARE(south.tile, (TileCoord{38, 47}));
    for (int i = 0; i <= 8; ++i) {
        QVERIFY(near2(core::vertexPosition(c, core::outerIndex(i, 8)),
                      core::vertexPosition(east, core::outerIndex(i, 0)), 1e-8));
        QVERIFY(near2(core::vertexPosition(c, core::outerIndex(8, i)),
                      core::vertexPosition(south, core::outerIndex(0, i)), 1e-8));
    }
    // Every vertex of a chunk lies in that chunk (chunkAt), away from the south/east edge.
    for (int v = 0; v < 145; ++v) {
        const glm::dvec2 off = core::vertexOffset(v);
        if (off.x > -core::kChunkSize + 1e-6 && off.y > -core::kChunkSize + 1e-6) {
            QCOMPARE(core::chunkAt(core::vertexPosition(c, v)), c);
        }
    }
}

void TestCoords::placementKnown_data() {
    QTest::addColumn<glm::dvec3>("placement");
    QTest::addColumn<glm::dvec3>("world");
    const double h = kSpecHalf;
    const double t = kSpecTile;
    // world.y = 32 * TILESIZE - p[0], world.x = 32 * TILESIZE - p[2], world.z = p[1].
    QTest::newRow("map centre") << glm::dvec3(h, 12.5, h) << glm::dvec3(0.0, 0.0, 12.5);
    QTest::newRow("map NW corner") << glm::dvec3(0.0, 0.0, 0.0) << glm::dvec3(h, h, 0.0);
    QTest::newRow("map SE corner") << glm::dvec3(2 * h, -5.0, 2 * h) << glm::dvec3(-h, -h, -5.0);
    QTest::newRow("p0 is east") << glm::dvec3(h + 100.0, 0.0, h) << glm::dvec3(0.0, -100.0, 0.0);
    QTest::newRow("p2 is south") << glm::dvec3(h, 0.0, h + 100.0) << glm::dvec3(-100.0, 0.0, 0.0);
    QTest::newRow("p1 is up") << glm::dvec3(h, 77.0, h) << glm::dvec3(0.0, 0.0, 77.0);
    QTest::newRow("tile 38,46 NW corner")
        << glm::dvec3(38 * t, 1.0, 46 * t) << glm::dvec3(-14 * t, -6 * t, 1.0);
}

void TestCoords::placementKnown() {
    QFETCH(glm::dvec3, placement);
    QFETCH(glm::dvec3, world);
    const glm::dvec3 w = core::placementToWorld(placement);
    QVERIFY2(near3(w, world, 1e-3), str(w) + " vs " + str(world));
    const glm::dvec3 p = core::worldToPlacement(world);
    QVERIFY2(near3(p, placement, 1e-3), str(p) + " vs " + str(placement));
}

void TestCoords::placementRoundTrip() {
    std::mt19937 rng(18);
    std::uniform_real_distribution<double> horiz(-20000.0, 40000.0);
    std::uniform_real_distribution<double> vert(-2000.0, 2000.0);
    for (int i = 0; i < 10000; ++i) {
        const glm::dvec3 p(horiz(rng), vert(rng), horiz(rng));
        QVERIFY(near3(core::worldToPlacement(core::placementToWorld(p)), p, 1e-9));
        const glm::dvec3 w(horiz(rng) - 20000.0, vert(rng), horiz(rng) - 20000.0);
        QVERIFY(near3(core::placementToWorld(core::worldToPlacement(w)), w, 1e-9));
        // In placement coordinates the tile is floor(p / TILESIZE): X from p[0], Y from p[2].
        const glm::dvec3 onMap(std::fmod(std::abs(p.x), 2 * kSpecHalf), p.y,
                               std::fmod(std::abs(p.z), 2 * kSpecHalf));
        const TileCoord t = core::tileAt(glm::dvec2(core::placementToWorld(onMap)));
        const double fx = std::fmod(onMap.x, core::kTileSize);
        const double fz = std::fmod(onMap.z, core::kTileSize);
        if (fx > 1e-6 && fx < core::kTileSize - 1e-6 && fz > 1e-6 && fz < core::kTileSize - 1e-6) {
            QCOMPARE(t, (TileCoord{int(onMap.x / core::kTileSize), int(onMap.z / core::kTileSize)}));
        }
    }
}

void TestCoords::corpusChunkOrigins_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("tileX"); // from the file name; -1 = unknown
    QTest::addColumn<int>("tileY");
    QTest::newRow("continent4229") << "adt/continent4229.adt" << -1 << -1;
    QTest::newRow("Azeroth_38_46") << "adt/Azeroth_38_46.adt" << 38 << 46;
}

void TestCoords::corpusChunkOrigins() {
    QFETCH(QString, file);
    QFETCH(int, tileX);
    QFETCH(int, tileY);
    const io::Adt adt = readCorpus(file);
    QCOMPARE(int(adt.chunks.size()), 256);

    const TileCoord tile = tileOfFile(adt);
    QVERIFY(tile.valid());
    qInfo("%s: tile (%d, %d), chunk 0 at (%.4f, %.4f)", qPrintable(file), tile.x, tile.y,
          double(adt.chunks[0].position.x), double(adt.chunks[0].position.y));
    // The float header corner can lie a hair north/west of the exact one (Azeroth_38_46: x = -7466.666,
    // 0.0007 yd north of the border, which tileAt gives to tile Y 45); 0.01 yd south-east it is inside.
    QCOMPARE(core::tileAt(headerXY(adt.chunks[0]) - glm::dvec2(0.01)), tile);
    if (tileX >= 0) {
        QCOMPARE(tile, (TileCoord{tileX, tileY}));
    }
    // The spec's formula on the same point agrees.
    QCOMPARE(specTileAt(headerXY(adt.chunks[0]) - glm::dvec2(core::kChunkSize / 2.0)), tile);

    double worst = 0.0;
    for (int i = 0; i < 256; ++i) {
        const io::MapChunk& m = adt.chunks[std::size_t(i)];
        const ChunkCoord c{tile, i / 16, i % 16};
        QCOMPARE(int(m.indexX), c.col);
        QCOMPARE(int(m.indexY), c.row);
        const glm::dvec2 o = core::chunkOrigin(c);
        const glm::dvec2 h = headerXY(m);
        worst = std::max({worst, std::abs(o.x - h.x), std::abs(o.y - h.y)});
        // Float header positions: < 1 ulp at 17000 yd is 0.002 yd.
        QVERIFY2(near2(o, h, 4e-3),
                 "chunk " + QByteArray::number(i) + ": " + str(o) + " vs header " + str(h));
        QCOMPARE(core::chunkAt(h - glm::dvec2(core::kChunkSize / 2.0)), c);
        QCOMPARE(core::chunkAt(h - glm::dvec2(1e-3)), c);
    }
    qInfo("%s: largest |chunkOrigin - header position| %.6f yd", qPrintable(file), worst);
}

void TestCoords::corpusPlacements() {
    const io::Adt adt = readCorpus("adt/continent4229.adt");
    const TileCoord tile = tileOfFile(adt);
    const Box2 box = tileBox(tile);
    QVERIFY(!adt.doodads.empty());

    // Doodads: the origin of most lies in the tile; the rest stay close (a doodad belongs to the tile
    // its bounds mostly overlap). Margin: one chunk (33.3 yd, a large tree) times the doodad's scale
    // when above 1 (a bird at scale 4.8 circles 69 yd north of continent4229).
    int inside = 0;
    int withinMargin = 0;
    int inReferencingChunk = 0;
    for (std::size_t i = 0; i < adt.doodads.size(); ++i) {
        const io::Vec3f& p = adt.doodads[i].position;
        const glm::dvec3 w = core::placementToWorld({p.x, p.y, p.z});
        inside += box.contains(glm::dvec2(w)) ? 1 : 0;
        const double margin = core::kChunkSize * std::max(1.0, adt.doodads[i].scale / 1024.0);
        withinMargin += box.contains(glm::dvec2(w), margin) ? 1 : 0;
        if (!box.contains(glm::dvec2(w))) {
            qInfo("outside: %s at %s, scale %.2f", adt.modelNames.at(adt.doodads[i].nameIndex).c_str(),
                  str(w).constData(), adt.doodads[i].scale / 1024.0);
        }
        // The chunk holding the doodad's origin references it in MCRF.
        const ChunkCoord c = core::chunkAt(glm::dvec2(w));
        if (c.tile == tile) {
            const auto& refs = adt.chunks[std::size_t(c.index())].doodadRefs;
            inReferencingChunk += std::find(refs.begin(), refs.end(), std::uint32_t(i)) != refs.end() ? 1 : 0;
        }
    }
    const int n = int(adt.doodads.size());
    qInfo("MDDF: %d doodads, %d (%.1f%%) inside tile (%d, %d), %d within the margin, %d in a chunk "
          "referencing them",
          n, inside, 100.0 * inside / n, tile.x, tile.y, withinMargin, inReferencingChunk);
    QVERIFY(inside >= n * 9 / 10);
    QCOMPARE(withinMargin, n);
    QCOMPARE(inReferencingChunk, inside);

    // WMOs: the position lies within the stored extents (also in placement coordinates), and the
    // extents overlap the tile.
    int wmoInside = 0;
    int wmoOverlapping = 0;
    for (const io::MapObjectPlacement& m : adt.mapObjects) {
        const glm::dvec3 pos(m.position.x, m.position.y, m.position.z);
        const glm::dvec3 lo(m.extentsMin.x, m.extentsMin.y, m.extentsMin.z);
        const glm::dvec3 hi(m.extentsMax.x, m.extentsMax.y, m.extentsMax.z);
        QVERIFY(lo.x <= pos.x + 1e-3 && pos.x <= hi.x + 1e-3);
        QVERIFY(lo.y <= pos.y + 1e-3 && pos.y <= hi.y + 1e-3);
        QVERIFY(lo.z <= pos.z + 1e-3 && pos.z <= hi.z + 1e-3);
        const glm::dvec2 w(core::placementToWorld(pos));
        wmoInside += box.contains(w) ? 1 : 0;
        // World box of the extents: placement max -> world min.
        const glm::dvec2 wMax(core::placementToWorld(lo));
        const glm::dvec2 wMin(core::placementToWorld(hi));
        const bool overlaps =
            wMin.x <= box.max.x && wMax.x >= box.min.x && wMin.y <= box.max.y && wMax.y >= box.min.y;
        wmoOverlapping += overlaps ? 1 : 0;
    }
    const int nw = int(adt.mapObjects.size());
    qInfo("MODF: %d WMOs, %d inside the tile, %d with extents overlapping it", nw, wmoInside, wmoOverlapping);
    QCOMPARE(wmoOverlapping, nw);
}

QTEST_APPLESS_MAIN(TestCoords)
#include "test_coords.moc"
