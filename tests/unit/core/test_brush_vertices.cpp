// The vertices under a brush (core/geometry/brush_vertices.h): the clamped lattice box of a brush (or a
// region) for ordinary, huge and infinite radii and for centres on, off and far off the map (negative
// coordinates included), the outer and inner vertices visited and their order, and the chunks storing
// each vertex.

#include "core/geometry/brush_vertices.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <vector>

using namespace mapsmith;
using core::BrushVertex;
using core::ChunkCoord;
using core::kLatticeMax;
using core::kUnitSize;
using core::LatticeBox;

namespace {

struct Visited {
    std::vector<BrushVertex> outer;
    std::vector<BrushVertex> inner;
};

Visited visit(const LatticeBox& box) {
    Visited v;
    core::forEachBrushVertex(
        box, [&](const BrushVertex& b) { v.outer.push_back(b); },
        [&](const BrushVertex& b) { v.inner.push_back(b); });
    return v;
}

bool sameBox(const LatticeBox& a, const LatticeBox& b) {
    return a.gx0 == b.gx0 && a.gy0 == b.gy0 && a.gx1 == b.gx1 && a.gy1 == b.gy1;
}

const LatticeBox kWholeMap{0, 0, kLatticeMax, kLatticeMax};

} // namespace

class TestBrushVertices : public QObject {
    Q_OBJECT
private slots:
    void ordinaryBrush();
    void brushBetweenLatticeLines();
    void mapCorners();
    void negativeCoordinates();
    void hugeRadii();
    void farOffTheMap();
    void invalidRadiusOrCentre();
    void copiesOfAVertex();
};

// A brush of 2.5 units around lattice vertex (100, 200): outer vertices 98..102 each way, row by row,
// then the centres of quads 97..102, each in its chunk at the quad's centre.
void TestBrushVertices::ordinaryBrush() {
    const glm::dvec2 centre = core::latticeWorld(100, 200);
    const LatticeBox box = core::latticeBoxAround(centre, 2.5 * kUnitSize);
    QVERIFY(sameBox(box, LatticeBox{98, 198, 102, 202}));
    // A region of any shape: world x runs north (gy falls), y west (gx falls).
    const glm::dvec2 lo = centre - glm::dvec2(1.5 * kUnitSize, 3.5 * kUnitSize);
    QVERIFY(sameBox(core::latticeBoxIn(lo, centre + glm::dvec2(0.5 * kUnitSize)),
                    LatticeBox{100, 200, 103, 201}));
    const Visited v = visit(box);
    QCOMPARE(v.outer.size(), std::size_t(25));
    QCOMPARE(v.inner.size(), std::size_t(36));
    int i = 0;
    for (int gy = 198; gy <= 202; ++gy) {
        for (int gx = 98; gx <= 102; ++gx, ++i) {
            const BrushVertex& b = v.outer[std::size_t(i)];
            QVERIFY(!b.inner);
            QCOMPARE(b.gx, gx);
            QCOMPARE(b.gy, gy);
        }
    }
    i = 0;
    for (int qy = 197; qy <= 202; ++qy) {
        for (int qx = 97; qx <= 102; ++qx, ++i) {
            const BrushVertex& b = v.inner[std::size_t(i)];
            QVERIFY(b.inner);
            QCOMPARE(b.gx, qx);
            QCOMPARE(b.gy, qy);
            QVERIFY(core::isInner(b.vertex));
            const glm::dvec2 centre = core::latticeWorld(qx, qy) - glm::dvec2(kUnitSize / 2.0);
            const glm::dvec2 p = core::vertexPosition(b.chunk, b.vertex);
            QVERIFY(std::abs(p.x - centre.x) < 1e-9 && std::abs(p.y - centre.y) < 1e-9);
        }
    }
}

// A brush narrower than a unit between lattice lines holds no outer vertex but lies in one quad.
void TestBrushVertices::brushBetweenLatticeLines() {
    const glm::dvec2 centre = core::latticeWorld(300, 400) - glm::dvec2(kUnitSize / 2.0);
    const LatticeBox box = core::latticeBoxAround(centre, 0.1 * kUnitSize);
    QVERIFY(box.empty());
    const Visited v = visit(box);
    QVERIFY(v.outer.empty());
    QCOMPARE(v.inner.size(), std::size_t(1));
    QCOMPARE(v.inner[0].gx, 300); // the quad's north-west corner is lattice (300, 400)
    QCOMPARE(v.inner[0].gy, 400);
    QCOMPARE(v.inner[0].chunk, core::fromGlobal({300 / 8, 400 / 8}));
}

// At the map's corners the box stops at the lattice's ends; quads stop one earlier.
void TestBrushVertices::mapCorners() {
    const double r = 2.5 * kUnitSize;
    const LatticeBox nw = core::latticeBoxAround({core::kMapHalfSize, core::kMapHalfSize}, r);
    QVERIFY(sameBox(nw, LatticeBox{0, 0, 2, 2}));
    const Visited a = visit(nw);
    QCOMPARE(a.outer.size(), std::size_t(9));
    QCOMPARE(a.inner.size(), std::size_t(9)); // quads 0..2: quad -1 is off the map
    const LatticeBox se = core::latticeBoxAround({-core::kMapHalfSize, -core::kMapHalfSize}, r);
    QVERIFY(sameBox(se, LatticeBox{kLatticeMax - 2, kLatticeMax - 2, kLatticeMax, kLatticeMax}));
    const Visited b = visit(se);
    QCOMPARE(b.outer.size(), std::size_t(9));
    QCOMPARE(b.inner.size(), std::size_t(9)); // quads 8189..8191: quad 8192 is off the map
    QCOMPARE(b.inner.back().gx, kLatticeMax - 1);
    QCOMPARE(b.inner.back().chunk,
             core::fromGlobal({core::kChunksPerMapSide - 1, core::kChunksPerMapSide - 1}));
}

// The map's south-east half has negative world coordinates: the box holds exactly the vertices inside.
void TestBrushVertices::negativeCoordinates() {
    const glm::dvec2 centre{-1000.3, -2000.7};
    const double r = 30.0;
    const LatticeBox box = core::latticeBoxAround(centre, r);
    QVERIFY(!box.empty());
    const auto inside = [&](int gx, int gy) {
        const glm::dvec2 p = core::latticeWorld(gx, gy);
        return std::abs(p.x - centre.x) <= r && std::abs(p.y - centre.y) <= r;
    };
    for (const BrushVertex& b : visit(box).outer) {
        QVERIFY(inside(b.gx, b.gy));
    }
    QVERIFY(!inside(box.gx0 - 1, box.gy0));
    QVERIFY(!inside(box.gx1 + 1, box.gy0));
    QVERIFY(!inside(box.gx0, box.gy0 - 1));
    QVERIFY(!inside(box.gx0, box.gy1 + 1));
    QCOMPARE(box.gx1 - box.gx0 + 1, 15); // 60 yd / 4.17 yd, either way
    QCOMPARE(box.gy1 - box.gy0 + 1, 15);
}

// Radii far beyond the map (and infinite) cover the whole lattice, wherever the centre is.
void TestBrushVertices::hugeRadii() {
    const double inf = std::numeric_limits<double>::infinity();
    QVERIFY(sameBox(core::latticeBoxAround({0.0, 0.0}, 1e6), kWholeMap));
    for (const double r : {1e18, 1e300, std::numeric_limits<double>::max(), inf}) {
        QVERIFY(sameBox(core::latticeBoxAround({0.0, 0.0}, r), kWholeMap));
        QVERIFY(sameBox(core::latticeBoxAround({-1e12, 3e12}, r), kWholeMap));
        QVERIFY(sameBox(core::latticeBoxAround({-core::kMapHalfSize, -core::kMapHalfSize}, r), kWholeMap));
    }
}

// Brushes off the map, near or far and in every direction, reach no vertex and no quad.
void TestBrushVertices::farOffTheMap() {
    const double edge = core::kMapHalfSize + 10.0;
    const std::vector<glm::dvec2> centres{{edge, 0.0},  {-edge, 0.0},   {0.0, edge},   {0.0, -edge},
                                          {1e15, 1e15}, {-1e15, -1e15}, {1e15, -1e15}, {-1e300, 5.0},
                                          {5.0, 1e300}, {-3e9, -7e9}};
    for (const glm::dvec2 c : centres) {
        const LatticeBox box = core::latticeBoxAround(c, 5.0);
        QVERIFY(box.empty());
        QVERIFY(box.gx0 >= 0 && box.gy0 >= 0 && box.gx1 <= kLatticeMax && box.gy1 <= kLatticeMax);
        const Visited v = visit(box);
        QVERIFY(v.outer.empty());
        QVERIFY(v.inner.empty());
    }
}

void TestBrushVertices::invalidRadiusOrCentre() {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    for (const double r : {-1.0, -1e300, nan}) {
        const Visited v = visit(core::latticeBoxAround({100.0, 200.0}, r));
        QVERIFY(v.outer.empty() && v.inner.empty());
    }
    const Visited v = visit(core::latticeBoxAround({nan, 200.0}, 10.0));
    QVERIFY(v.outer.empty() && v.inner.empty());
    const double inf = std::numeric_limits<double>::infinity();
    const Visited w = visit(core::latticeBoxAround({inf, 0.0}, inf)); // inf - inf
    QVERIFY(w.outer.empty() && w.inner.empty());
}

// An outer vertex is stored by every chunk touching it (4 at a tile corner, 1 at the map's corner);
// an inner one by its chunk only.
void TestBrushVertices::copiesOfAVertex() {
    const auto copies = [](const BrushVertex& b) {
        std::vector<std::pair<ChunkCoord, int>> out;
        core::forEachCopy(b, [&](const ChunkCoord& c, int v) { out.emplace_back(c, v); });
        return out;
    };
    const auto corner = copies({128, 128, {}, 0, false});
    QCOMPARE(corner.size(), std::size_t(4));
    QCOMPARE(corner[0], std::make_pair(ChunkCoord{{1, 1}, 0, 0}, core::outerIndex(0, 0)));
    QCOMPARE(corner[3], std::make_pair(ChunkCoord{{0, 0}, 15, 15}, core::outerIndex(8, 8)));
    QCOMPARE(copies({0, 0, {}, 0, false}).size(), std::size_t(1));
    QCOMPARE(copies({kLatticeMax, kLatticeMax, {}, 0, false}).size(), std::size_t(1));
    QCOMPARE(copies({12, 0, {}, 0, false}).size(), std::size_t(1)); // the map's north edge, inside a chunk
    const BrushVertex inner{5, 6, ChunkCoord{{0, 0}, 0, 0}, core::innerIndex(6, 5), true};
    const auto one = copies(inner);
    QCOMPARE(one.size(), std::size_t(1));
    QCOMPARE(one[0], std::make_pair(inner.chunk, inner.vertex));
}

QTEST_APPLESS_MAIN(TestBrushVertices)
#include "test_brush_vertices.moc"
