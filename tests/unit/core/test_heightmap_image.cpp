// Heightmap images: every value on the 65535 scale survives image -> grid exactly, heights outside the
// range clamp, 8-bit and colour images are read through Qt's conversion, the automatic range, and a
// known 3x3 image laid over a tile puts its pixels on the tile's corners and centre.

#include "core/convert/heightmap_image.h"
#include "core/convert/tile_factory.h"

#include <QtTest>

#include <cstdint>

using namespace mapsmith;
using core::TileCoord;

namespace {

std::uint16_t pixel(const QImage& image, int x, int y) {
    return reinterpret_cast<const std::uint16_t*>(image.constScanLine(y))[x];
}

// The height of level k on the scale min..max, computed as gridFromHeightmap() does.
float levelHeight(int k, double min, double max) {
    return float(min + double(k) * (max - min) / core::kHeightmapMaxLevel);
}

float absoluteOuter(const io::Adt& adt, int gx, int gy) {
    const int cx = std::min(gx / 8, 15);
    const int cy = std::min(gy / 8, 15);
    const io::MapChunk& c = adt.chunks[std::size_t(cy * 16 + cx)];
    return c.position.z + c.heights[std::size_t(core::outerIndex(gy - cy * 8, gx - cx * 8))];
}

} // namespace

class TestHeightmapImage : public QObject {
    Q_OBJECT
private slots:
    void exactRoundTripOnTheScale() {
        const double min = -250.5;
        const double max = 1200.25;
        // Every level once (256 x 256 = 65536 samples), in a scrambled order (odd factor mod 2^16).
        const auto level = [](int i) { return int((unsigned(i) * 40503u) & 0xffffu); };
        core::HeightGrid grid{256, 256, {}};
        for (int i = 0; i < 65536; ++i) {
            grid.values.push_back(levelHeight(level(i), min, max));
        }
        const QImage image = core::heightmapImage(grid, min, max);
        QCOMPARE(image.format(), QImage::Format_Grayscale16);
        QCOMPARE(image.size(), QSize(256, 256));
        for (int i = 0; i < 65536; ++i) {
            QCOMPARE(int(pixel(image, i % 256, i / 256)), level(i));
        }
        const core::HeightGrid back = core::gridFromHeightmap(image, min, max);
        QCOMPARE(back.width, 256);
        QCOMPARE(back.height, 256);
        QVERIFY(back.values == grid.values);

        // Through PNG and back (what the CLI does): still exact.
        QByteArray png;
        QBuffer buffer(&png);
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QVERIFY(image.save(&buffer, "PNG"));
        const QImage loaded = QImage::fromData(png, "PNG");
        QCOMPARE(loaded.format(), QImage::Format_Grayscale16);
        QVERIFY(core::gridFromHeightmap(loaded, min, max).values == grid.values);
    }

    void clampingAndRounding() {
        const core::HeightGrid grid{5, 1, {-50.0f, 0.0f, 50.0f, 100.0f, 1000.0f}};
        const QImage image = core::heightmapImage(grid, 0.0, 100.0);
        QCOMPARE(int(pixel(image, 0, 0)), 0);     // below min
        QCOMPARE(int(pixel(image, 1, 0)), 0);     // min
        QCOMPARE(int(pixel(image, 2, 0)), 32768); // 32767.5 rounds up
        QCOMPARE(int(pixel(image, 3, 0)), 65535); // max
        QCOMPARE(int(pixel(image, 4, 0)), 65535); // above max
        // Row 0 is north: a 1x2 grid's second value is the image's second row.
        const QImage column = core::heightmapImage({1, 2, {0.0f, 10.0f}}, 0.0, 10.0);
        QCOMPARE(column.size(), QSize(1, 2));
        QCOMPARE(int(pixel(column, 0, 0)), 0);
        QCOMPARE(int(pixel(column, 0, 1)), 65535);
        // A range that is not one, and an empty grid.
        QCOMPARE(int(pixel(core::heightmapImage(grid, 5.0, 5.0), 4, 0)), 0);
        QVERIFY(core::heightmapImage({}, 0.0, 1.0).isNull());
        QVERIFY(core::gridFromHeightmap(QImage(), 0.0, 1.0).values.empty());
    }

    void eightBitAndColourInput() {
        QImage gray8(3, 1, QImage::Format_Grayscale8);
        gray8.setPixel(0, 0, qRgb(0, 0, 0));
        gray8.setPixel(1, 0, qRgb(128, 128, 128));
        gray8.setPixel(2, 0, qRgb(255, 255, 255));
        QCOMPARE(gray8.format(), QImage::Format_Grayscale8);
        const core::HeightGrid g = core::gridFromHeightmap(gray8, 100.0, 355.0);
        QCOMPARE(g.width, 3);
        QCOMPARE(g.height, 1);
        QCOMPARE(g.values[0], 100.0f);
        QCOMPARE(g.values[1], 228.0f); // 128 of 255 over 255 yards
        QCOMPARE(g.values[2], 355.0f);

        QImage rgb(2, 1, QImage::Format_RGB32);
        rgb.setPixel(0, 0, qRgb(0, 0, 0));
        rgb.setPixel(1, 0, qRgb(255, 255, 255));
        const core::HeightGrid c = core::gridFromHeightmap(rgb, -10.0, 10.0);
        QCOMPARE(c.values[0], -10.0f);
        QCOMPARE(c.values[1], 10.0f);
    }

    void automaticRange() {
        const core::HeightRange r = core::heightRangeOf({3, 1, {12.5f, -3.25f, 7.0f}});
        QCOMPARE(r.min, -3.25);
        QCOMPARE(r.max, 12.5);
        const core::HeightRange flat = core::heightRangeOf({2, 1, {42.0f, 42.0f}});
        QCOMPARE(flat.min, 42.0);
        QCOMPARE(flat.max, 43.0);
        const core::HeightRange empty = core::heightRangeOf({});
        QVERIFY(empty.min < empty.max);
        // A flat grid exported with its automatic range reads back exactly.
        const core::HeightGrid g{2, 1, {42.0f, 42.0f}};
        QVERIFY(
            core::gridFromHeightmap(core::heightmapImage(g, flat.min, flat.max), flat.min, flat.max).values ==
            g.values);
    }

    void knownImageOnATile() {
        // 3x3 levels 0, 1000, ..., 8000 over 0..65535 yards: one yard per level.
        const double min = 0.0;
        const double max = core::kHeightmapMaxLevel;
        QImage image(3, 3, QImage::Format_Grayscale16);
        for (int i = 0; i < 9; ++i) {
            reinterpret_cast<std::uint16_t*>(image.scanLine(i / 3))[i % 3] = std::uint16_t(i * 1000);
        }
        const core::HeightGrid grid = core::gridFromHeightmap(image, min, max);
        QCOMPARE(grid.width, 3);
        QCOMPARE(grid.height, 3);
        QCOMPARE(grid.at(2, 1), 5000.0f);

        core::TileSpec spec;
        spec.tileX = 12;
        spec.tileY = 34;
        io::Adt tile = core::createTile(spec);
        const core::TileBlock block{{12, 34}, 1, 1};
        QCOMPARE(core::applyGrid(block, grid, {},
                                 [&](TileCoord t) {
                                     return t == TileCoord{12, 34} ? &tile : nullptr;
                                 }),
                 1);
        QCOMPARE(absoluteOuter(tile, 0, 0), 0.0f);      // north-west = pixel (0, 0)
        QCOMPARE(absoluteOuter(tile, 128, 0), 2000.0f); // north-east = pixel (2, 0)
        QCOMPARE(absoluteOuter(tile, 0, 128), 6000.0f); // south-west = pixel (0, 2)
        QCOMPARE(absoluteOuter(tile, 64, 64), 4000.0f); // centre = pixel (1, 1)
        QCOMPARE(absoluteOuter(tile, 128, 128), 8000.0f);
        QCOMPARE(absoluteOuter(tile, 32, 0), 500.0f); // bilinear between pixels
        // Sampled back and exported over the same range: the image stretched to 129 x 129.
        const core::HeightGrid sampled = core::sampleBlock(block, [&](TileCoord t) -> const io::Adt* {
            return t == TileCoord{12, 34} ? &tile : nullptr;
        });
        const QImage out = core::heightmapImage(sampled, min, max);
        QCOMPARE(out.size(), QSize(129, 129));
        QCOMPARE(int(pixel(out, 0, 0)), 0);
        QCOMPARE(int(pixel(out, 128, 0)), 2000);
        QCOMPARE(int(pixel(out, 64, 64)), 4000);
        QCOMPARE(int(pixel(out, 128, 64)), 5000);
        QCOMPARE(int(pixel(out, 128, 128)), 8000);
    }
};

QTEST_GUILESS_MAIN(TestHeightmapImage)
#include "test_heightmap_image.moc"
