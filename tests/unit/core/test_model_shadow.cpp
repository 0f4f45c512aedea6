// Placed models in the shadow bake (core/kernels/model_shadow.h, core/edit/model_shadows.h): a box on flat
// ground shadows the texels on the side away from the sun and none towards it, an overhead sun only those
// under it, alpha-keyed texels with alpha 0 cast nothing, and the corpus troll tent served through a model
// library casts away from the sun, once for its copies in two tiles.

#include "core/convert/tile_factory.h"
#include "core/edit/model_shadows.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "core/kernels/model_shadow.h"
#include "core/models/model_library.h"
#include "core/render/terrain_samples.h"
#include "io/assets/asset_source.h"
#include "support/memory_asset_source.h"
#include "support/test_files.h"

#include <QTest>

#include <cmath>

using namespace mapsmith;

namespace {

constexpr core::TileCoord kTile{32, 32};
constexpr int kTexels = core::kTileSamples; // 1024 shadow texels per tile side
const double kTexel = core::kTileSize / kTexels;

// Texel (row, col) of the tile, 0..1023 from its north-west corner.
bool shadowed(const std::vector<core::ShadowMap>& maps, int row, int col) {
    return core::shadowAt(maps[std::size_t((row / 64) * 16 + col / 64)], row % 64, col % 64);
}

int shadowCount(const std::vector<core::ShadowMap>& maps) {
    int n = 0;
    for (int r = 0; r < kTexels; ++r) {
        for (int c = 0; c < kTexels; ++c) {
            n += shadowed(maps, r, c);
        }
    }
    return n;
}

// The 12 triangles of an axis-aligned box (world: x north, y west, z up), given its low and high corner.
std::vector<core::CasterTriangle> box(glm::dvec3 lo, glm::dvec3 hi) {
    std::vector<glm::dvec3> c;
    for (int i = 0; i < 8; ++i) {
        c.push_back({(i & 1) ? hi.x : lo.x, (i & 2) ? hi.y : lo.y, (i & 4) ? hi.z : lo.z});
    }
    const int faces[6][4] = {{0, 1, 3, 2}, {4, 5, 7, 6}, {0, 1, 5, 4},
                             {2, 3, 7, 6}, {0, 2, 6, 4}, {1, 3, 7, 5}};
    std::vector<core::CasterTriangle> out;
    for (const auto& f : faces) {
        for (const auto& tri : {std::array{f[0], f[1], f[2]}, std::array{f[0], f[2], f[3]}}) {
            core::CasterTriangle t;
            for (int k = 0; k < 3; ++k) {
                t.v[k] = c[std::size_t(tri[std::size_t(k)])];
            }
            out.push_back(t);
        }
    }
    return out;
}

std::vector<core::ShadowMap> cast(const std::vector<core::CasterTriangle>& triangles,
                                  const core::SunDirection& sun) {
    core::ModelShadowCaster caster(sun, kTile, 0.0, 0.0);
    for (const auto& t : triangles) {
        caster.add(t);
    }
    caster.finish();
    std::vector<core::ShadowMap> maps(256, core::ShadowMap{});
    const std::vector<float> ground(std::size_t(kTexels) * kTexels, 0.0f); // flat at 0 yards
    core::markModelShadows(maps, kTile, ground, caster);
    return maps;
}

// World position of a texel's centre.
glm::dvec2 texelCentre(int row, int col) {
    return core::tileOrigin(kTile) - glm::dvec2((row + 0.5) * kTexel, (col + 0.5) * kTexel);
}

} // namespace

class TestModelShadow : public QObject {
    Q_OBJECT
private slots:
    void boxShadowsTheSideAwayFromTheSun_data();
    void boxShadowsTheSideAwayFromTheSun();
    void overheadSunShadowsOnlyBelow();
    void alphaKeyedTexelsCastNothing();
    void corpusTentCastsAwayFromTheSun();
};

void TestModelShadow::boxShadowsTheSideAwayFromTheSun_data() {
    QTest::addColumn<double>("azimuth");
    QTest::addColumn<glm::dvec2>("away");                        // unit world (x, y) direction of the shadow
    QTest::newRow("sun south") << 180.0 << glm::dvec2(1.0, 0.0); // shadow to the north
    QTest::newRow("sun north") << 0.0 << glm::dvec2(-1.0, 0.0);
    QTest::newRow("sun east") << 90.0 << glm::dvec2(0.0, 1.0); // shadow to the west (+y)
    QTest::newRow("sun west") << 270.0 << glm::dvec2(0.0, -1.0);
}

void TestModelShadow::boxShadowsTheSideAwayFromTheSun() {
    QFETCH(double, azimuth);
    QFETCH(glm::dvec2, away);
    // A box 10 yards wide and 10 tall in the middle of the tile; sun 45 degrees up: a 10-yard shadow.
    const glm::dvec2 mid = core::tileOrigin(kTile) - glm::dvec2(core::kTileSize / 2);
    const auto maps = cast(box({mid.x - 5, mid.y - 5, 0.0}, {mid.x + 5, mid.y + 5, 10.0}), {azimuth, 45.0});
    QVERIFY(shadowCount(maps) > 0);
    for (int r = 0; r < kTexels; ++r) {
        for (int c = 0; c < kTexels; ++c) {
            const glm::dvec2 d = texelCentre(r, c) - mid;
            const double along = glm::dot(d, away);                         // yards towards the shadow side
            const double across = std::abs(glm::dot(d, {-away.y, away.x})); // yards sideways
            const bool underBox = std::abs(d.x) < 5.0 - kTexel && std::abs(d.y) < 5.0 - kTexel;
            const bool inShadow = across < 5.0 - kTexel && along > 5.0 + kTexel && along < 15.0 - kTexel;
            const bool clear = along < -5.0 - kTexel || along > 15.0 + kTexel || across > 5.0 + kTexel;
            if (underBox || inShadow) {
                QVERIFY2(shadowed(maps, r, c), qPrintable(QStringLiteral("%1 %2").arg(r).arg(c)));
            } else if (clear) {
                QVERIFY2(!shadowed(maps, r, c), qPrintable(QStringLiteral("%1 %2").arg(r).arg(c)));
            }
        }
    }
}

void TestModelShadow::overheadSunShadowsOnlyBelow() {
    const glm::dvec2 mid = core::tileOrigin(kTile) - glm::dvec2(core::kTileSize / 2);
    // A table top 4 yards up (one horizontal square): it shades what is under it, nothing else.
    std::vector<core::CasterTriangle> top = box({mid.x - 5, mid.y - 5, 4.0}, {mid.x + 5, mid.y + 5, 4.0});
    const auto maps = cast(top, {0.0, 90.0});
    const int side = int(std::lround(10.0 / kTexel));
    QVERIFY(std::abs(shadowCount(maps) - side * side) <= 4 * side);
    QVERIFY(shadowed(maps, kTexels / 2, kTexels / 2));
    QVERIFY(!shadowed(maps, kTexels / 2 + side, kTexels / 2));
}

void TestModelShadow::alphaKeyedTexelsCastNothing() {
    const glm::dvec2 mid = core::tileOrigin(kTile) - glm::dvec2(core::kTileSize / 2);
    auto cutOut = box({mid.x - 5, mid.y - 5, 0.0}, {mid.x + 5, mid.y + 5, 10.0});
    auto mask = std::make_shared<core::AlphaMask>();
    mask->width = mask->height = 2;
    mask->alpha = {0, 0, 0, 0};
    for (auto& t : cutOut) {
        t.mask = mask;
    }
    QCOMPARE(shadowCount(cast(cutOut, {180.0, 45.0})), 0);
    mask->alpha = {255, 255, 255, 255};
    QVERIFY(shadowCount(cast(cutOut, {180.0, 45.0})) > 500); // 200 square yards
}

void TestModelShadow::corpusTentCastsAwayFromTheSun() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\Test\\TrollTent.wmo", tests::readBytes(tests::corpusPath("models/trolltent.wmo")));
    source->add("World\\Test\\TrollTent_000.wmo",
                tests::readBytes(tests::corpusPath("models/trolltent_000.wmo")));
    core::ModelLibrary library(source);
    core::TileSpec spec;
    io::Adt tile = core::createTile(spec); // 32_32, flat at 0
    io::Adt east = [] {
        core::TileSpec s;
        s.tileX = 33;
        return core::createTile(s);
    }();
    const glm::dvec2 mid = core::tileOrigin(kTile) - glm::dvec2(core::kTileSize / 2);
    io::MapObjectPlacement w;
    w.uniqueId = 5;
    w.position = core::toVec3f(core::worldToPlacement({mid.x, mid.y, 0.0}));
    tile.wmoNames = {"World\\Test\\TrollTent.wmo"};
    tile.mapObjects = {w};
    east.wmoNames = tile.wmoNames;
    east.mapObjects = {w}; // the same object again through the neighbour: cast once
    const std::map<core::TileCoord, const io::Adt*> around{{kTile, &tile}, {{33, 32}, &east}};
    std::vector<core::ShadowMap> maps(256, core::ShadowMap{});
    // Sun in the south, 40 degrees up: the tent (11 yards tall) shadows up to 13 yards north of it.
    const int marked = core::bakeModelShadows(maps, kTile, around, library, {}, {180.0, 40.0});
    QCOMPARE(marked, shadowCount(maps));
    QVERIFY(marked > 500);
    glm::dvec2 sum(0.0);
    for (int r = 0; r < kTexels; ++r) {
        for (int c = 0; c < kTexels; ++c) {
            if (shadowed(maps, r, c)) {
                sum += texelCentre(r, c) - mid;
            }
        }
    }
    const glm::dvec2 centroid = sum / double(marked);
    QVERIFY2(centroid.x > 3.0, qPrintable(QString::number(centroid.x))); // to the north, away from the sun
    // Texels well south of the tent (towards the sun, beyond its box of 12.7 yards) are lit.
    for (int c = 0; c < kTexels; ++c) {
        for (int r = kTexels / 2 + int(15.0 / kTexel); r < kTexels; ++r) {
            QVERIFY(!shadowed(maps, r, c));
        }
    }
    // Without models: nothing.
    std::vector<core::ShadowMap> none(256, core::ShadowMap{});
    io::Adt bare = core::createTile(spec);
    QCOMPARE(core::bakeModelShadows(none, kTile, {{kTile, &bare}}, library, {}, {180.0, 40.0}), 0);
}

QTEST_GUILESS_MAIN(TestModelShadow)
#include "test_model_shadow.moc"
