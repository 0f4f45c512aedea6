// The CPU minimap renderer (core/render/minimap_renderer.h): orientation, layer colours, vertex colours,
// shadows, liquids and holes on made tiles, the bundled demo map and the corpus tiles; the DXT1 BLP it
// is written as.

#include "core/convert/tile_factory.h"
#include "core/document/map_source.h"
#include "core/kernels/procedural_textures.h"
#include "core/render/layer_images.h"
#include "core/render/minimap_export.h"
#include "core/render/minimap_renderer.h"
#include "io/adt/adt.h"
#include "io/assets/blp.h"
#include "io/wdt/wdt.h"
#include "support/test_files.h"

#include <QImage>
#include <QTest>

#include <glm/geometric.hpp>

#include <cmath>

using namespace mapsmith;

namespace {

const char* const kGrass = "Tileset\\Mapsmith\\Grass.blp";
const char* const kRock = "Tileset\\Mapsmith\\Rock.blp";

QString demoWdt() {
    return QStringLiteral(MAPSMITH_SOURCE_DIR "/resources/demo/Mapsmith.wdt");
}

io::Adt demoTile(core::TileCoord t) {
    core::FolderMapSource source(demoWdt());
    const auto wdt = source.readWdt();
    auto tile = source.readTile(t, wdt && wdt->bigAlpha());
    if (!tile) {
        qFatal("demo tile: %s", tile.error().describe().c_str());
    }
    return std::move(*tile);
}

io::Adt corpusTile(const std::string& name) {
    io::AdtReadOptions options; // Azeroth.wdt: MPHD flags 0, 4-bit alpha maps
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/" + name)), options);
    if (!read) {
        qFatal("corpus tile: %s", read.error().describe().c_str());
    }
    return std::move(read->adt);
}

io::Adt flatTile() {
    core::TileSpec spec;
    spec.textures = {kGrass};
    io::Adt tile = core::createTile(spec); // flat at 0 yards, normals straight up
    return tile;
}

QImage render(const io::Adt& tile, int size = 256) {
    core::MinimapSettings settings;
    settings.size = size;
    core::LayerImages textures(nullptr, core::minimapTextureSide(settings));
    return core::renderMinimap(tile, textures, settings);
}

// The mean colour (0..255) of an image region.
std::array<double, 3> meanOf(const QImage& image, QRect r) {
    std::array<double, 3> sum{};
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            sum[0] += c.red();
            sum[1] += c.green();
            sum[2] += c.blue();
        }
    }
    const double n = double(r.width()) * r.height();
    return {sum[0] / n, sum[1] / n, sum[2] / n};
}

// The whole texture's mean colour (0..255), as the renderer's texels average it.
std::array<double, 3> textureMean(const char* path) {
    core::LayerImages images(nullptr, 1);
    const auto& t = (*images.texels(path))[0];
    return {t[0] * 255.0, t[1] * 255.0, t[2] * 255.0};
}

// How far `pixel` is from the nearest grey-scaled copy of `colour` (k * colour, k >= 0), per channel.
double offHue(const std::array<double, 3>& pixel, const std::array<double, 3>& colour) {
    const double k = (pixel[0] * colour[0] + pixel[1] * colour[1] + pixel[2] * colour[2]) /
                     (colour[0] * colour[0] + colour[1] * colour[1] + colour[2] * colour[2]);
    double worst = 0.0;
    for (int c = 0; c < 3; ++c) {
        worst = std::max(worst, std::abs(pixel[c] - k * colour[c]));
    }
    return worst;
}

QRect chunkRect(int index, int size = 256) {
    const int s = size / 16;
    return {(index % 16) * s, (index / 16) * s, s, s};
}

} // namespace

class TestMinimapRender : public QObject {
    Q_OBJECT
private slots:
    void orientationNorthWestIsTopLeft();
    void flatGroundIsLitAsTheViewport();
    void demoChunksShowTheirFullLayersTexture();
    void shadowDarkensByTheViewportsStrength();
    void liquidTintsAboveTheGroundOnly();
    void holesAreTransparent();
    void corpusTilesRender();
    void oddTilesDoNotCrash();
    void sizes_data();
    void sizes();
    void writtenAsDxt1Blp();
};

void TestMinimapRender::orientationNorthWestIsTopLeft() {
    io::Adt tile = flatTile();
    // A red north-west chunk (MCCV 0x7F red, nothing green or blue) and a green north-east one.
    tile.chunks[0].flags |= io::mcnk_flags::HasVertexColors;
    tile.chunks[0].vertexColors.emplace();
    tile.chunks[0].vertexColors->fill(0x007F0000u);
    tile.chunks[15].flags |= io::mcnk_flags::HasVertexColors;
    tile.chunks[15].vertexColors.emplace();
    tile.chunks[15].vertexColors->fill(0x00007F00u);
    const QImage image = render(tile);
    QCOMPARE(image.size(), QSize(256, 256));
    const auto nw = meanOf(image, chunkRect(0));
    QVERIFY(nw[0] > 40.0);
    QCOMPARE(nw[1], 0.0);
    QCOMPARE(nw[2], 0.0);
    const auto ne = meanOf(image, chunkRect(15));
    QCOMPARE(ne[0], 0.0);
    QVERIFY(ne[1] > 40.0);
    // The south-west and south-east corners keep the grass.
    for (const int i : {240, 255}) {
        const auto c = meanOf(image, chunkRect(i));
        QVERIFY(c[0] > 0.0 && c[1] > 0.0 && c[2] > 0.0);
    }
}

void TestMinimapRender::flatGroundIsLitAsTheViewport() {
    // Normal straight up: light = ambient + (1 - ambient) * up component of the normalised sun.
    const core::TerrainLook look;
    const glm::dvec3 sun =
        look.lightDirection / std::sqrt(glm::dot(look.lightDirection, look.lightDirection));
    const double light = look.ambient + (1.0 - look.ambient) * sun.z;
    const auto expected = textureMean(kGrass);
    const auto got = meanOf(render(flatTile()), QRect(0, 0, 256, 256));
    for (int c = 0; c < 3; ++c) {
        QVERIFY2(
            std::abs(got[c] - expected[c] * light) < 1.0,
            qPrintable(QStringLiteral("channel %1: %2 vs %3").arg(c).arg(got[c]).arg(expected[c] * light)));
    }
}

void TestMinimapRender::demoChunksShowTheirFullLayersTexture() {
    // Where one layer's alpha is full across a 2 x 2 pixel block (one texture repeat), the block shows
    // that texture's mean colour, scaled by the light only (the demo has no MCCV or shadows): its hue
    // is that texture's and not another's.
    const io::Adt tile = demoTile({32, 32});
    const QImage image = render(tile);
    const std::vector<std::string>& names = tile.textures;
    std::vector<std::array<double, 3>> means;
    for (const std::string& n : names) {
        means.push_back(textureMean(n.c_str()));
    }
    int checked = 0;
    for (int index = 0; index < 256; ++index) {
        const io::MapChunk& chunk = tile.chunks[std::size_t(index)];
        if (tile.liquids && !tile.liquids->chunks[std::size_t(index)].instances.empty()) {
            continue;
        }
        for (int by = 0; by < 8; ++by) {
            for (int bx = 0; bx < 8; ++bx) {
                // The layer whose weight is 1 over the block's 8 x 8 alpha texels, if any.
                int full = -1;
                for (std::size_t l = 0; l < chunk.layers.size(); ++l) {
                    bool all = true;
                    for (int y = by * 8; y < by * 8 + 8 && all; ++y) {
                        for (int x = bx * 8; x < bx * 8 + 8 && all; ++x) {
                            const std::size_t i = std::size_t(y) * 64 + std::size_t(x);
                            int sumOthers = 0;
                            for (std::size_t o = 1; o < chunk.layers.size(); ++o) {
                                sumOthers +=
                                    o == l ? 0 : (chunk.layers[o].hasAlpha ? chunk.layers[o].alpha[i] : 0);
                            }
                            const int mine =
                                l == 0 ? 255 : (chunk.layers[l].hasAlpha ? chunk.layers[l].alpha[i] : 0);
                            all = mine == 255 && sumOthers == 0;
                        }
                    }
                    if (all) {
                        full = int(l);
                    }
                }
                if (full < 0) {
                    continue;
                }
                const std::size_t texture = chunk.layers[std::size_t(full)].textureIndex;
                const QRect block(chunkRect(index).topLeft() + QPoint(bx * 2, by * 2), QSize(2, 2));
                const auto got = meanOf(image, block);
                const double own = offHue(got, means[texture]);
                // 8-bit rounding and the light's change across the block: within 3 levels.
                QVERIFY2(own < 3.0, qPrintable(QStringLiteral("chunk %1 block %2,%3: %4 off the hue of %5")
                                                   .arg(index)
                                                   .arg(bx)
                                                   .arg(by)
                                                   .arg(own)
                                                   .arg(QString::fromStdString(names[texture]))));
                for (std::size_t other = 0; other < means.size(); ++other) {
                    if (other != texture) {
                        QVERIFY(offHue(got, means[other]) > own);
                    }
                }
                ++checked;
            }
        }
    }
    QVERIFY2(checked > 1000, qPrintable(QString::number(checked))); // most of the tile
}

void TestMinimapRender::shadowDarkensByTheViewportsStrength() {
    io::Adt tile = demoTile({32, 32});
    const QImage before = render(tile);
    int index = 0;
    while (tile.liquids && !tile.liquids->chunks[std::size_t(index)].instances.empty()) {
        ++index;
    }
    io::MapChunk& chunk = tile.chunks[std::size_t(index)];
    chunk.flags |= io::mcnk_flags::HasShadow;
    chunk.shadow = std::vector<std::uint8_t>(512, 0xFF);
    const QImage after = render(tile);
    const float keep = 1.0f - core::TerrainLook{}.shadowStrength;
    const QRect r = chunkRect(index);
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor b = before.pixelColor(x, y);
            const QColor a = after.pixelColor(x, y);
            QVERIFY(std::abs(a.red() - b.red() * keep) <= 1.0f);
            QVERIFY(std::abs(a.green() - b.green() * keep) <= 1.0f);
            QVERIFY(std::abs(a.blue() - b.blue() * keep) <= 1.0f);
        }
    }
    // A shadow map with the flag clear is ignored, as the client and the viewport ignore it.
    chunk.flags &= ~io::mcnk_flags::HasShadow;
    QCOMPARE(render(tile), before);
}

void TestMinimapRender::liquidTintsAboveTheGroundOnly() {
    io::Adt tile = flatTile();
    const QImage dry = render(tile);
    tile.liquids.emplace();
    io::LiquidInstance water; // the whole chunk, no vertex data: every vertex at minHeight
    water.liquidType = 1;
    water.minHeight = water.maxHeight = 5.0f;
    tile.liquids->chunks[17].instances.push_back(water);
    io::LiquidInstance magma = water; // under the ground: hidden
    magma.liquidType = 3;
    magma.minHeight = magma.maxHeight = -5.0f;
    tile.liquids->chunks[18].instances.push_back(magma);
    const QImage wet = render(tile);
    const auto lc = core::liquidColour(core::LiquidKind::Water);
    const QRect r = chunkRect(17);
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor d = dry.pixelColor(x, y);
            const QColor w = wet.pixelColor(x, y);
            QVERIFY(std::abs(w.redF() - (d.redF() * (1 - lc[3]) + lc[0] * lc[3])) < 1.5 / 255);
            QVERIFY(std::abs(w.greenF() - (d.greenF() * (1 - lc[3]) + lc[1] * lc[3])) < 1.5 / 255);
            QVERIFY(std::abs(w.blueF() - (d.blueF() * (1 - lc[3]) + lc[2] * lc[3])) < 1.5 / 255);
        }
    }
    QCOMPARE(wet.copy(chunkRect(18)), dry.copy(chunkRect(18)));
    QCOMPARE(wet.copy(chunkRect(16)), dry.copy(chunkRect(16)));
}

void TestMinimapRender::holesAreTransparent() {
    io::Adt tile = flatTile();
    tile.chunks[34].holesLowRes = 0x0001; // the chunk's north-west 2 x 2 quads
    const QImage image = render(tile);
    const QRect r = chunkRect(34);
    QCOMPARE(image.pixelColor(r.left(), r.top()).alpha(), 0);
    QCOMPARE(image.pixelColor(r.left() + 3, r.top() + 3).alpha(), 0);
    QCOMPARE(image.pixelColor(r.left() + 4, r.top()).alpha(), 255); // quad column 2
    QCOMPARE(image.pixelColor(r.left(), r.top() + 4).alpha(), 255);
}

void TestMinimapRender::corpusTilesRender() {
    // Real tiles: every pixel drawn except the holes, and the MH2O chunks tinted.
    for (const std::string name : {"Azeroth_38_46.adt", "continent4229.adt"}) {
        io::Adt tile = corpusTile(name);
        const QImage image = render(tile);
        QCOMPARE(image.size(), QSize(256, 256));
        int holes = 0;
        for (int index = 0; index < 256; ++index) {
            const io::MapChunk& chunk = tile.chunks[std::size_t(index)];
            const bool chunkHasHoles =
                chunk.holesLowRes != 0 ||
                ((chunk.flags & io::mcnk_flags::HighResHoles) && chunk.holesHighRes != 0);
            const QRect r = chunkRect(index);
            int transparent = 0;
            for (int y = r.top(); y <= r.bottom(); ++y) {
                for (int x = r.left(); x <= r.right(); ++x) {
                    transparent += image.pixelColor(x, y).alpha() == 0 ? 1 : 0;
                }
            }
            QCOMPARE(transparent > 0, chunkHasHoles);
            holes += transparent;
        }
        if (tile.liquids) {
            io::Adt dry = tile;
            dry.liquids.reset();
            const QImage dryImage = render(dry);
            int tinted = 0;
            for (int index = 0; index < 256; ++index) {
                const bool wet = !tile.liquids->chunks[std::size_t(index)].instances.empty();
                const bool same = image.copy(chunkRect(index)) == dryImage.copy(chunkRect(index));
                QVERIFY(!wet ? same : true);
                tinted += wet && !same ? 1 : 0;
            }
            QVERIFY(tinted > 0);
        }
        if (name == "continent4229.adt") {
            QVERIFY(holes > 0); // its one chunk with holes
        }
    }
}

void TestMinimapRender::oddTilesDoNotCrash() {
    // Models a reader may hand over from damaged files: too few chunks, texture indices past MTEX, more
    // than four layers, layers without alpha, no textures at all, a short shadow map.
    io::Adt few = flatTile();
    few.chunks.resize(10);
    const QImage none = render(few);
    QCOMPARE(none.size(), QSize(256, 256));
    QCOMPARE(none.pixelColor(0, 0).alpha(), 0);
    io::Adt odd = flatTile();
    odd.chunks[0].layers.resize(6);
    odd.chunks[0].layers[1].textureIndex = 99;
    odd.chunks[1].flags |= io::mcnk_flags::HasShadow;
    odd.chunks[1].shadow = std::vector<std::uint8_t>(3, 0xFF);
    odd.chunks[2].layers.clear();
    const QImage image = render(odd);
    QCOMPARE(image.pixelColor(1, 1).alpha(), 255);
    QCOMPARE(image.pixelColor(17, 1).alpha(), 255);
    odd.textures.clear();
    const QImage grey = render(odd);
    const QColor c = grey.pixelColor(40, 40); // neutral grey, lit
    QCOMPARE(c.red(), c.green());
    QCOMPARE(c.green(), c.blue());
}

void TestMinimapRender::sizes_data() {
    QTest::addColumn<int>("size");
    QTest::addColumn<bool>("supported");
    QTest::newRow("256") << 256 << true;
    QTest::newRow("512") << 512 << true;
    QTest::newRow("128") << 128 << true;
    QTest::newRow("300") << 300 << false;
    QTest::newRow("2048") << 2048 << false;
}

void TestMinimapRender::sizes() {
    QFETCH(int, size);
    QFETCH(bool, supported);
    QCOMPARE(core::minimapSizeSupported(size), supported);
    const QImage image = render(flatTile(), size);
    QCOMPARE(image.isNull(), !supported);
    if (supported) {
        QCOMPARE(image.size(), QSize(size, size));
    }
}

void TestMinimapRender::writtenAsDxt1Blp() {
    const QImage image = render(demoTile({33, 33}));
    const std::vector<std::byte> blp = core::encodeMinimapBlp(image);
    const auto read = io::readBlp(blp);
    QVERIFY2(read, read ? "" : read.error().describe().c_str());
    QCOMPARE(read->width, 256u);
    QCOMPARE(read->height, 256u);
    QCOMPARE(read->encoding, io::BlpEncoding::Dxt);
    QCOMPARE(read->dxt, io::BlpDxt::Dxt1);
    QCOMPARE(read->mips.size(), std::size_t(9)); // 256 down to 1
    // DXT1 keeps the picture: the mean error per channel stays small.
    double error = 0.0;
    const std::vector<std::uint8_t>& px = read->mips[0];
    for (int y = 0; y < 256; ++y) {
        for (int x = 0; x < 256; ++x) {
            const QColor c = image.pixelColor(x, y);
            const std::size_t i = (std::size_t(y) * 256 + std::size_t(x)) * 4;
            error +=
                std::abs(px[i] - c.red()) + std::abs(px[i + 1] - c.green()) + std::abs(px[i + 2] - c.blue());
        }
    }
    QVERIFY2(error / (256.0 * 256.0 * 3.0) < 4.0, qPrintable(QString::number(error / (256.0 * 256.0 * 3.0))));
}

QTEST_GUILESS_MAIN(TestMinimapRender)
#include "test_minimap_render.moc"
