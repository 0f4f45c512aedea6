// Height grids over tile blocks: bilinear sampling, a grid stretched over one tile puts its samples on
// the right vertices (corners, centre) with scale and offset, the seam between two tiles of a block
// stays closed, and sampling a block then applying the grid to flat tiles gives the same outer heights.

#include "core/convert/tile_factory.h"
#include "core/geometry/height_grid.h"

#include <QtTest>

#include <cmath>
#include <map>

using namespace mapsmith;
using core::TileCoord;

namespace {

io::Adt flatTile(int x, int y) {
    core::TileSpec spec;
    spec.tileX = x;
    spec.tileY = y;
    return core::createTile(spec);
}

float absoluteOuter(const io::Adt& adt, int gx, int gy) {
    const int cx = std::min(gx / 8, 15);
    const int cy = std::min(gy / 8, 15);
    const io::MapChunk& c = adt.chunks[std::size_t(cy * 16 + cx)];
    return c.position.z + c.heights[std::size_t(core::outerIndex(gy - cy * 8, gx - cx * 8))];
}

} // namespace

class TestHeightGrid : public QObject {
    Q_OBJECT
private slots:
    void bilinearSampling() {
        core::HeightGrid g{2, 2, {0.0f, 10.0f, 20.0f, 30.0f}};
        QCOMPARE(g.sample(0, 0), 0.0);
        QCOMPARE(g.sample(1, 0), 10.0);
        QCOMPARE(g.sample(0.5, 0.5), 15.0);
        QCOMPARE(g.sample(-3, 7), 20.0); // clamped
        QCOMPARE(core::HeightGrid{}.sample(0.3, 0.3), 0.0);
    }

    void gridOverOneTile() {
        io::Adt tile = flatTile(30, 20);
        const core::TileBlock block{{30, 20}, 1, 1};
        const core::HeightGrid grid{3, 3, {0, 1, 2, 3, 4, 5, 6, 7, 8}};
        const int changed = core::applyGrid(block, grid, {10.0, 100.0}, [&](TileCoord t) {
            return t == TileCoord{30, 20} ? &tile : nullptr;
        });
        QCOMPARE(changed, 1);
        QCOMPARE(absoluteOuter(tile, 0, 0), 100.0f);   // north-west = grid(0,0)
        QCOMPARE(absoluteOuter(tile, 128, 0), 120.0f); // north-east = grid(2,0)
        QCOMPARE(absoluteOuter(tile, 0, 128), 160.0f); // south-west = grid(0,2)
        QCOMPARE(absoluteOuter(tile, 64, 64), 140.0f); // centre = grid(1,1)
        QCOMPARE(absoluteOuter(tile, 128, 128), 180.0f);
        // Chunks keep their base at their lowest vertex; relative heights are not negative.
        for (const auto& c : tile.chunks) {
            QVERIFY(*std::min_element(c.heights.begin(), c.heights.end()) == 0.0f);
        }
        // A slope east-west and north-south: normals lean away from the rise (not flat).
        QVERIFY(tile.chunks[100].normals[40][2] < 127);
    }

    void sampleThenApplyRoundTrip() {
        std::map<TileCoord, io::Adt> source;
        for (int x = 40; x < 42; ++x) {
            core::TileSpec spec;
            spec.tileX = x;
            spec.tileY = 10;
            spec.height = [](double wx, double wy) { return float(50.0 * std::sin(wx / 97.0) + 0.05 * wy); };
            source[{x, 10}] = core::createTile(spec);
        }
        const core::TileBlock block{{40, 10}, 2, 1};
        int missing = -1;
        const core::HeightGrid grid = core::sampleBlock(
            block, [&](TileCoord t) -> const io::Adt* { return source.count(t) ? &source[t] : nullptr; },
            &missing);
        QCOMPARE(missing, 0);
        QCOMPARE(grid.width, 257);
        QCOMPARE(grid.height, 129);

        std::map<TileCoord, io::Adt> target{{{40, 10}, flatTile(40, 10)}, {{41, 10}, flatTile(41, 10)}};
        QCOMPARE(core::applyGrid(block, grid, {}, [&](TileCoord t) { return &target[t]; }), 2);
        for (int gy = 0; gy <= 128; gy += 7) {
            for (int gx = 0; gx <= 128; gx += 5) {
                for (int x = 40; x < 42; ++x) {
                    QVERIFY(std::abs(absoluteOuter(target[{x, 10}], gx, gy) -
                                     absoluteOuter(source[{x, 10}], gx, gy)) < 1e-3f);
                }
            }
        }
        // The seam: the east edge of 40_10 is the west edge of 41_10, heights and normals.
        for (int gy = 0; gy <= 128; ++gy) {
            QCOMPARE(absoluteOuter(target[{40, 10}], 128, gy), absoluteOuter(target[{41, 10}], 0, gy));
        }
        const auto& east = target[{40, 10}].chunks[15 * 16 + 15].normals[std::size_t(core::outerIndex(4, 8))];
        const auto& west = target[{41, 10}].chunks[15 * 16 + 0].normals[std::size_t(core::outerIndex(4, 0))];
        QVERIFY(east == west);
        // A block with a tile nobody has: counted, sampled as 0.
        core::sampleBlock(
            {{40, 10}, 3, 1},
            [&](TileCoord t) -> const io::Adt* { return source.count(t) ? &source[t] : nullptr; }, &missing);
        QCOMPARE(missing, 1);
    }
};

QTEST_GUILESS_MAIN(TestHeightGrid)
#include "test_height_grid.moc"
