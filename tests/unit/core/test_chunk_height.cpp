// Terrain height and holes of one MCNK (core/geometry/chunk_height.h): exact at all 145 vertices of every
// corpus chunk, continuous across quad edges and across the borders of neighbouring corpus chunks, the
// four-triangle fan per quad (pyramid and corner fields), planes reproduced exactly, nullopt outside,
// and low-res / high-res hole bits against hand-made masks.

#include "core/geometry/chunk_height.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"
#include "support/test_files.h"

#include <QtTest>

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

using namespace mapsmith;
using core::ChunkCoord;
using core::kChunkSize;
using core::kUnitSize;

Q_DECLARE_METATYPE(glm::dvec2)

namespace {

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

glm::dvec2 cornerOf(const io::MapChunk& c) {
    return {double(c.position.x), double(c.position.y)};
}

// A world point at (south, east) yards from the chunk's north-west corner.
glm::dvec2 at(const io::MapChunk& c, double south, double east) {
    return cornerOf(c) - glm::dvec2(south, east);
}

// A synthetic chunk with an exactly representable corner.
io::MapChunk flatChunk(float x = 1000.0f, float y = -2000.0f, float z = 50.0f) {
    io::MapChunk c;
    c.position = {x, y, z};
    return c;
}

double heightOr(const io::MapChunk& c, glm::dvec2 w) {
    return core::chunkHeightAt(c, w).value_or(std::numeric_limits<double>::quiet_NaN());
}

// Largest height step between neighbouring outer vertices / unit: bounds the surface slope (yd/yd).
double maxSlope(const io::MapChunk& c) {
    double s = 0.0;
    for (int v = 0; v < 145; ++v) {
        for (int w = 0; w < 145; ++w) {
            const double d = glm::length(core::vertexOffset(v) - core::vertexOffset(w));
            if (d > 1e-9 && d < kUnitSize * 0.75) {
                s = std::max(
                    s, std::abs(double(c.heights[std::size_t(v)]) - double(c.heights[std::size_t(w)])) / d);
            }
        }
    }
    return s;
}

const char* const kCorpus[] = {"adt/continent4229.adt", "adt/Azeroth_38_46.adt"};

} // namespace

class TestChunkHeight : public QObject {
    Q_OBJECT

private slots:
    void vertexHeight();
    void headerMatchesChunkOrigin();
    void exactAtCorpusVertices_data();
    void exactAtCorpusVertices();
    void continuousAcrossQuadEdges();
    void continuousAcrossCorpusChunkBorders_data();
    void continuousAcrossCorpusChunkBorders();
    void continuousAcrossSyntheticBorder();
    void pyramidLayout();
    void cornerLayout();
    void planeReproduced_data();
    void planeReproduced();
    void insideAndOutside_data();
    void insideAndOutside();
    void lowResHoles_data();
    void lowResHoles();
    void highResHoles_data();
    void highResHoles();
    void holeFlagSelectsMap();
    void holeBordersAndOutside();
};

void TestChunkHeight::vertexHeight() {
    io::MapChunk c = flatChunk(0.0f, 0.0f, 12.5f);
    for (int v = 0; v < 145; ++v) {
        c.heights[std::size_t(v)] = float(v) * 0.25f - 3.0f;
    }
    for (int v = 0; v < 145; ++v) {
        QCOMPARE(core::chunkVertexHeight(c, v), 12.5 + v * 0.25 - 3.0);
    }
}

void TestChunkHeight::headerMatchesChunkOrigin() {
    // The header position used as the chunk's corner is coords' chunkOrigin (to float precision).
    for (const char* file : kCorpus) {
        const io::Adt adt = readCorpus(file);
        const core::TileCoord tile = core::tileAt(cornerOf(adt.chunks[0]) - glm::dvec2(kChunkSize / 2));
        for (int i = 0; i < 256; ++i) {
            const io::MapChunk& m = adt.chunks[std::size_t(i)];
            const glm::dvec2 o = core::chunkOrigin(ChunkCoord{tile, i / 16, i % 16});
            QVERIFY(std::abs(o.x - m.position.x) < 4e-3 && std::abs(o.y - m.position.y) < 4e-3);
            // A point well inside, located via coords, is inside by the header too.
            QVERIFY(core::chunkHeightAt(m, o - glm::dvec2(0.01, kChunkSize - 0.01)).has_value());
        }
    }
}

void TestChunkHeight::exactAtCorpusVertices_data() {
    QTest::addColumn<QString>("file");
    for (const char* f : kCorpus) {
        QTest::newRow(f) << QString(f);
    }
}

void TestChunkHeight::exactAtCorpusVertices() {
    QFETCH(QString, file);
    const io::Adt adt = readCorpus(file);
    double worst = 0.0;
    for (const io::MapChunk& m : adt.chunks) {
        for (int v = 0; v < 145; ++v) {
            const glm::dvec2 p = cornerOf(m) + core::vertexOffset(v);
            const auto h = core::chunkHeightAt(m, p);
            QVERIFY2(h.has_value(), qPrintable(QString("vertex %1").arg(v)));
            const double expected = core::chunkVertexHeight(m, v);
            worst = std::max(worst, std::abs(*h - expected));
            QVERIFY2(std::abs(*h - expected) <= 1e-6 * (1.0 + std::abs(expected)),
                     qPrintable(
                         QString("vertex %1: %2 vs %3").arg(v).arg(*h, 0, 'f', 9).arg(expected, 0, 'f', 9)));
        }
    }
    qInfo("%s: largest error at vertices %.3g yd", qPrintable(file), worst);
}

void TestChunkHeight::continuousAcrossQuadEdges() {
    // On every quad edge the surface is the linear blend of the edge's two vertices; evaluated a hair
    // to either side it stays there (up to slope * hair). Triangle edges (the diagonals) likewise: on
    // them the height is the blend of a corner and the centre.
    const io::Adt adt = readCorpus("adt/continent4229.adt");
    const double hair = 1e-7; // yd
    double worst = 0.0;
    for (int i = 0; i < 256; i += 5) {
        const io::MapChunk& m = adt.chunks[std::size_t(i)];
        const double tol = 1e-6 + 4.0 * hair * maxSlope(m);
        for (int r = 0; r <= 8; ++r) {
            for (int c = 0; c <= 8; ++c) {
                for (int s = 0; s <= 16; ++s) {
                    const double t = s / 16.0;
                    // Eastward edge from outer (r, c) to (r, c + 1).
                    if (c < 8) {
                        const double expected = (1 - t) * core::chunkVertexHeight(m, core::outerIndex(r, c)) +
                                                t * core::chunkVertexHeight(m, core::outerIndex(r, c + 1));
                        const double south = r * kUnitSize;
                        const double east = (c + t) * kUnitSize;
                        for (double d : {-hair, 0.0, hair}) {
                            const auto h = core::chunkHeightAt(m, at(m, south + d, east));
                            if (h) {
                                worst = std::max(worst, std::abs(*h - expected));
                                QVERIFY(std::abs(*h - expected) <= tol);
                            } else {
                                QVERIFY(d != 0.0);
                            }
                        }
                    }
                    // Southward edge from outer (r, c) to (r + 1, c).
                    if (r < 8) {
                        const double expected = (1 - t) * core::chunkVertexHeight(m, core::outerIndex(r, c)) +
                                                t * core::chunkVertexHeight(m, core::outerIndex(r + 1, c));
                        const double south = (r + t) * kUnitSize;
                        const double east = c * kUnitSize;
                        for (double d : {-hair, 0.0, hair}) {
                            const auto h = core::chunkHeightAt(m, at(m, south, east + d));
                            if (h) {
                                worst = std::max(worst, std::abs(*h - expected));
                                QVERIFY(std::abs(*h - expected) <= tol);
                            } else {
                                QVERIFY(d != 0.0);
                            }
                        }
                    }
                    // Diagonal from the NW corner of quad (r, c) to its centre.
                    if (r < 8 && c < 8) {
                        const double expected = (1 - t) * core::chunkVertexHeight(m, core::outerIndex(r, c)) +
                                                t * core::chunkVertexHeight(m, core::innerIndex(r, c));
                        const double south = (r + 0.5 * t) * kUnitSize;
                        const double east = (c + 0.5 * t) * kUnitSize;
                        for (double d : {-hair, 0.0, hair}) {
                            const auto h = core::chunkHeightAt(m, at(m, south + d, east - d));
                            QVERIFY(h.has_value() || d != 0.0);
                            if (h) {
                                QVERIFY(std::abs(*h - expected) <= tol);
                            }
                        }
                    }
                }
            }
        }
    }
    qInfo("largest deviation along quad edges %.3g yd", worst);
}

void TestChunkHeight::continuousAcrossCorpusChunkBorders_data() {
    QTest::addColumn<QString>("file");
    for (const char* f : kCorpus) {
        QTest::newRow(f) << QString(f);
    }
}

void TestChunkHeight::continuousAcrossCorpusChunkBorders() {
    // Neighbouring chunks of a real tile: the shared edge vertices have equal absolute heights, and
    // sampling along the shared edge gives the same surface from both chunks. The two header corners
    // differ by float rounding (< 4e-3 yd), which moves the samples by at most that much.
    QFETCH(QString, file);
    const io::Adt adt = readCorpus(file);
    double worstVertex = 0.0;
    double worstSample = 0.0;
    int pairs = 0;
    for (int r = 0; r < 16; ++r) {
        for (int c = 0; c < 16; ++c) {
            const io::MapChunk& a = adt.chunks[std::size_t(r * 16 + c)];
            for (int dir = 0; dir < 2; ++dir) { // 0: east neighbour, 1: south neighbour
                if ((dir == 0 && c == 15) || (dir == 1 && r == 15)) {
                    continue;
                }
                const io::MapChunk& b = adt.chunks[std::size_t(dir == 0 ? r * 16 + c + 1 : (r + 1) * 16 + c)];
                ++pairs;
                for (int i = 0; i <= 8; ++i) {
                    const int va = dir == 0 ? core::outerIndex(i, 8) : core::outerIndex(8, i);
                    const int vb = dir == 0 ? core::outerIndex(i, 0) : core::outerIndex(0, i);
                    const double d =
                        std::abs(core::chunkVertexHeight(a, va) - core::chunkVertexHeight(b, vb));
                    worstVertex = std::max(worstVertex, d);
                    QVERIFY2(d <= 1e-3, qPrintable(QString("chunk %1 dir %2 edge vertex %3: %4 yd")
                                                       .arg(r * 16 + c)
                                                       .arg(dir)
                                                       .arg(i)
                                                       .arg(d)));
                }
                const double tol = 1e-3 + 4e-3 * std::max(maxSlope(a), maxSlope(b));
                for (int s = 0; s <= 64; ++s) {
                    const double t = s / 64.0 * kChunkSize;
                    // On b's west / north border (b's corner), t along it.
                    const glm::dvec2 p = dir == 0 ? glm::dvec2(b.position.x - t, b.position.y)
                                                  : glm::dvec2(b.position.x, b.position.y - t);
                    const auto ha = core::chunkHeightAt(a, p);
                    const auto hb = core::chunkHeightAt(b, p);
                    QVERIFY(ha.has_value() && hb.has_value());
                    worstSample = std::max(worstSample, std::abs(*ha - *hb));
                    QVERIFY2(std::abs(*ha - *hb) <= tol, qPrintable(QString("chunk %1 dir %2 t %3: %4 vs %5")
                                                                        .arg(r * 16 + c)
                                                                        .arg(dir)
                                                                        .arg(t)
                                                                        .arg(*ha)
                                                                        .arg(*hb)));
                }
            }
        }
    }
    QCOMPARE(pairs, 480);
    qInfo("%s: edge vertices differ by <= %.3g yd, border samples by <= %.3g yd", qPrintable(file),
          worstVertex, worstSample);
}

void TestChunkHeight::continuousAcrossSyntheticBorder() {
    // Two exactly adjacent chunks with random heights sharing their edge: equal along the edge and
    // close just across it.
    std::mt19937 rng(7);
    std::uniform_real_distribution<float> hd(-20.0f, 20.0f);
    io::MapChunk west = flatChunk(0.0f, 0.0f, 10.0f);
    io::MapChunk east = flatChunk(0.0f, float(-kChunkSize), 4.0f);
    for (int v = 0; v < 145; ++v) {
        west.heights[std::size_t(v)] = hd(rng);
        east.heights[std::size_t(v)] = hd(rng);
    }
    for (int i = 0; i <= 8; ++i) {
        east.heights[std::size_t(core::outerIndex(i, 0))] =
            west.heights[std::size_t(core::outerIndex(i, 8))] + 6.0f; // same absolute height
    }
    const double border = double(east.position.y);
    for (int s = 0; s <= 256; ++s) {
        const double south = s / 256.0 * kChunkSize;
        const glm::dvec2 p(-south, border);
        const auto hw = core::chunkHeightAt(west, p);
        const auto he = core::chunkHeightAt(east, p);
        QVERIFY(hw && he);
        QVERIFY(std::abs(*hw - *he) < 1e-4);
        const double hair = 1e-6;
        QVERIFY(std::abs(heightOr(west, p + glm::dvec2(0, hair)) - heightOr(east, p - glm::dvec2(0, hair))) <
                1e-3);
    }
}

void TestChunkHeight::pyramidLayout() {
    // Centre vertex 1, corners 0: the four-triangle fan gives a pyramid 2 * (distance to the nearest
    // quad edge / unit); a two-triangle split or bilinear patch would not.
    io::MapChunk m = flatChunk();
    const int r = 3;
    const int c = 5;
    m.heights[std::size_t(core::innerIndex(r, c))] = 1.0f;
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> f(0.0, 1.0);
    for (int i = 0; i < 2000; ++i) {
        const double fu = f(rng);
        const double fv = f(rng);
        const double h = heightOr(m, at(m, (r + fv) * kUnitSize, (c + fu) * kUnitSize)) - 50.0;
        const double expected = 2.0 * std::min({fu, fv, 1.0 - fu, 1.0 - fv});
        QVERIFY2(std::abs(h - expected) < 1e-9,
                 qPrintable(QString("fu %1 fv %2: %3 vs %4").arg(fu).arg(fv).arg(h).arg(expected)));
    }
}

void TestChunkHeight::cornerLayout() {
    // NW corner 1, the rest of the quad 0: 1 - fu - fv in the north and west triangles, 0 in the east
    // and south ones (a fan from the centre, not a diagonal split).
    io::MapChunk m = flatChunk();
    const int r = 6;
    const int c = 1;
    m.heights[std::size_t(core::outerIndex(r, c))] = 1.0f;
    std::mt19937 rng(4);
    std::uniform_real_distribution<double> f(0.0, 1.0);
    for (int i = 0; i < 2000; ++i) {
        const double fu = f(rng);
        const double fv = f(rng);
        const double h = heightOr(m, at(m, (r + fv) * kUnitSize, (c + fu) * kUnitSize)) - 50.0;
        const bool northOrWest = fu + fv <= 1.0;
        const double expected = northOrWest ? 1.0 - fu - fv : 0.0;
        QVERIFY(std::abs(h - expected) < 1e-9);
    }
    // The quad to the north-west (r - 1, c - 1) has the vertex as its SE corner.
    const double h = heightOr(m, at(m, (r - 0.25) * kUnitSize, (c - 0.25) * kUnitSize)) - 50.0;
    QVERIFY(std::abs(h - 0.5) < 1e-9); // east/south triangles: fu + fv - 1 = 0.5
}

void TestChunkHeight::planeReproduced_data() {
    QTest::addColumn<double>("a"); // yd per yd south
    QTest::addColumn<double>("b"); // yd per yd east
    QTest::addColumn<double>("c"); // yd
    QTest::newRow("flat") << 0.0 << 0.0 << 3.0;
    QTest::newRow("south slope") << 0.5 << 0.0 << -7.0;
    QTest::newRow("east slope") << 0.0 << -1.25 << 100.0;
    QTest::newRow("oblique") << 0.3 << 0.7 << 0.0;
    QTest::newRow("steep") << -4.0 << 2.5 << 12.0;
}

void TestChunkHeight::planeReproduced() {
    QFETCH(double, a);
    QFETCH(double, b);
    QFETCH(double, c);
    io::MapChunk m = flatChunk(-1600.0f, 2400.0f, 25.0f);
    const auto plane = [&](double south, double east) { return a * south + b * east + c; };
    for (int v = 0; v < 145; ++v) {
        const glm::dvec2 off = core::vertexOffset(v);
        m.heights[std::size_t(v)] = float(plane(-off.x, -off.y));
    }
    std::mt19937 rng(5);
    std::uniform_real_distribution<double> d(0.0, kChunkSize);
    for (int i = 0; i < 5000; ++i) {
        const double south = d(rng);
        const double east = d(rng);
        const double h = heightOr(m, at(m, south, east));
        // Float vertex heights: exact up to their rounding.
        QVERIFY2(std::abs(h - (25.0 + plane(south, east))) < 1e-4,
                 qPrintable(QString("(%1, %2): %3").arg(south).arg(east).arg(h - 25.0 - plane(south, east))));
    }
}

void TestChunkHeight::insideAndOutside_data() {
    QTest::addColumn<double>("south"); // yd from the chunk's corner
    QTest::addColumn<double>("east");
    QTest::addColumn<bool>("inside");
    const double s = kChunkSize;
    QTest::newRow("NW corner") << 0.0 << 0.0 << true;
    QTest::newRow("NE corner") << 0.0 << s << true;
    QTest::newRow("SW corner") << s << 0.0 << true;
    QTest::newRow("SE corner") << s << s << true;
    QTest::newRow("centre") << s / 2 << s / 2 << true;
    QTest::newRow("north border") << 0.0 << 10.0 << true;
    QTest::newRow("just north") << -0.01 << 10.0 << false;
    QTest::newRow("just west") << 10.0 << -0.01 << false;
    QTest::newRow("just south") << s + 0.01 << 10.0 << false;
    QTest::newRow("just east") << 10.0 << s + 0.01 << false;
    QTest::newRow("next chunk east") << 10.0 << s + 5.0 << false;
    QTest::newRow("far away") << -5000.0 << 7000.0 << false;
    QTest::newRow("NaN") << std::numeric_limits<double>::quiet_NaN() << 1.0 << false;
    QTest::newRow("inf") << std::numeric_limits<double>::infinity() << 1.0 << false;
}

void TestChunkHeight::insideAndOutside() {
    QFETCH(double, south);
    QFETCH(double, east);
    QFETCH(bool, inside);
    io::MapChunk m = flatChunk();
    m.heights.fill(1.5f);
    const auto h = core::chunkHeightAt(m, at(m, south, east));
    QCOMPARE(h.has_value(), inside);
    if (h) {
        QCOMPARE(*h, 51.5);
    }
    m.holesLowRes = 0xFFFF;
    QCOMPARE(core::chunkHoleAt(m, at(m, south, east)), inside);
}

void TestChunkHeight::lowResHoles_data() {
    QTest::addColumn<int>("mask");
    for (int bit = 0; bit < 16; ++bit) {
        QTest::addRow("bit %d", bit) << (1 << bit);
    }
    QTest::newRow("none") << 0;
    QTest::newRow("all") << 0xFFFF;
    QTest::newRow("NW and SE") << 0x8001;
    QTest::newRow("first row") << 0x000F;
    QTest::newRow("first column") << 0x1111;
    QTest::newRow("checker") << 0xA5A5;
}

void TestChunkHeight::lowResHoles() {
    // Spec picture: 0x1 0x2 0x4 0x8 on the north row (west to east), ..., 0x8000 at the south-east;
    // each bit covers 2x2 quads.
    QFETCH(int, mask);
    io::MapChunk m = flatChunk();
    m.holesLowRes = std::uint16_t(mask);
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            const bool expected = (mask >> ((r / 2) * 4 + (c / 2))) & 1;
            for (double fu : {0.05, 0.5, 0.95}) {
                for (double fv : {0.05, 0.5, 0.95}) {
                    const glm::dvec2 p = at(m, (r + fv) * kUnitSize, (c + fu) * kUnitSize);
                    QVERIFY2(core::chunkHoleAt(m, p) == expected,
                             qPrintable(QString("quad %1,%2").arg(r).arg(c)));
                }
            }
        }
    }
    // Heights ignore holes.
    QVERIFY(core::chunkHeightAt(m, at(m, 1.0, 1.0)).has_value());
}

void TestChunkHeight::highResHoles_data() {
    QTest::addColumn<int>("row"); // quad row, north to south; -1 = several bits, see below
    QTest::addColumn<int>("col"); // quad column, west to east
    QTest::newRow("NW") << 0 << 0;
    QTest::newRow("NE") << 0 << 7;
    QTest::newRow("SW") << 7 << 0;
    QTest::newRow("SE") << 7 << 7;
    QTest::newRow("r1 c0") << 1 << 0;
    QTest::newRow("r3 c5") << 3 << 5;
    QTest::newRow("r6 c2") << 6 << 2;
}

void TestChunkHeight::highResHoles() {
    // Byte `row` of the 8 stored bytes, bit `col`: little-endian uint64 bit row * 8 + col.
    QFETCH(int, row);
    QFETCH(int, col);
    io::MapChunk m = flatChunk();
    m.flags = io::mcnk_flags::HighResHoles;
    std::array<std::uint8_t, 8> bytes{};
    bytes[std::size_t(row)] = std::uint8_t(1u << col);
    std::uint64_t mask = 0;
    for (int i = 0; i < 8; ++i) {
        mask |= std::uint64_t(bytes[std::size_t(i)]) << (8 * i);
    }
    QCOMPARE(mask, std::uint64_t(1) << (row * 8 + col));
    m.holesHighRes = mask;
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            const bool expected = r == row && c == col;
            for (double fu : {0.02, 0.5, 0.98}) {
                for (double fv : {0.02, 0.5, 0.98}) {
                    QCOMPARE(core::chunkHoleAt(m, at(m, (r + fv) * kUnitSize, (c + fu) * kUnitSize)),
                             expected);
                }
            }
        }
    }
}

void TestChunkHeight::holeFlagSelectsMap() {
    io::MapChunk m = flatChunk();
    m.holesLowRes = 0x0001;                  // NW 2x2 quads
    m.holesHighRes = std::uint64_t(1) << 63; // SE quad
    const glm::dvec2 nw = at(m, 1.0, 1.0);
    const glm::dvec2 se = at(m, kChunkSize - 1.0, kChunkSize - 1.0);
    QVERIFY(core::chunkHoleAt(m, nw));
    QVERIFY(!core::chunkHoleAt(m, se));
    m.flags = io::mcnk_flags::HighResHoles | io::mcnk_flags::HasShadow;
    QVERIFY(!core::chunkHoleAt(m, nw));
    QVERIFY(core::chunkHoleAt(m, se));
    // A mixed high-res pattern: diagonal quads.
    m.holesHighRes = 0;
    for (int i = 0; i < 8; ++i) {
        m.holesHighRes |= std::uint64_t(1) << (i * 8 + i);
    }
    for (int r = 0; r < 8; ++r) {
        for (int c = 0; c < 8; ++c) {
            QCOMPARE(core::chunkHoleAt(m, at(m, (r + 0.5) * kUnitSize, (c + 0.5) * kUnitSize)), r == c);
        }
    }
}

void TestChunkHeight::holeBordersAndOutside() {
    io::MapChunk m = flatChunk();
    m.flags = io::mcnk_flags::HighResHoles;
    m.holesHighRes = std::uint64_t(1) << (0 * 8 + 1); // quad row 0, col 1
    // The border between quads (0, 0) and (0, 1) belongs to the east one; the one between (0, 1) and
    // (0, 2) to (0, 2).
    QVERIFY(core::chunkHoleAt(m, at(m, 2.0, kUnitSize)));
    QVERIFY(!core::chunkHoleAt(m, at(m, 2.0, 2.0 * kUnitSize)));
    QVERIFY(!core::chunkHoleAt(m, at(m, 2.0, kUnitSize - 1e-3)));
    // Last quad row/column own the chunk's south/east border.
    m.holesHighRes = std::uint64_t(1) << 63;
    QVERIFY(core::chunkHoleAt(m, at(m, kChunkSize, kChunkSize)));
    QVERIFY(!core::chunkHoleAt(m, at(m, kChunkSize + 0.01, kChunkSize - 1.0)));
    m.holesHighRes = ~std::uint64_t(0);
    QVERIFY(!core::chunkHoleAt(m, at(m, -1.0, 5.0)));
    QVERIFY(!core::chunkHoleAt(m, at(m, 5.0, kChunkSize + 1.0)));
}

QTEST_APPLESS_MAIN(TestChunkHeight)
#include "test_chunk_height.moc"
