// Gamestudio HMP terrain <-> HeightGrid: the HMP7 corpus terrains read as grids of their size with row 0
// north (HMP row nv - 1); grids written as HMP5 (full packed range, extent from the cell size) and read back
// within one packed step; known slopes give the expected entries of the 162-normal table in the HMP frame
// (x east, y north); the first skin as a north-up image (a DDS skin at its image's size, none for a skin
// that was not decoded); vertex colours from an image stretched over a
// block of tiles (corners, centre, inner vertices, seams).

#include "core/convert/hmp_terrain.h"
#include "core/convert/tile_factory.h"
#include "core/convert/vertex_colour_image.h"
#include "core/kernels/chunk_brushes.h"
#include "support/test_dds.h"
#include "support/test_files.h"

#include <QtTest>

#include <cmath>
#include <limits>
#include <random>

using namespace mapsmith;
using core::TileCoord;

namespace {

io::Hmp readCorpusHmp(const char* name) {
    const auto bytes = tests::readBytes(tests::corpusPath(std::string("hmp/") + name));
    auto hmp = io::readHmp(bytes);
    if (!hmp) {
        qWarning("%s: %s", name, hmp.error().describe().c_str());
        return {};
    }
    return std::move(*hmp);
}

// grid -> hmp5FromGrid -> writeHmp5 -> readHmp.
io::Hmp throughFile(const core::HeightGrid& grid, double cellSize) {
    const auto bytes = io::writeHmp5(core::hmp5FromGrid(grid, cellSize));
    auto back = io::readHmp(bytes);
    return back ? std::move(*back) : io::Hmp{};
}

// The largest difference between two grids of the same size (infinity when the sizes differ).
double worstDifference(const core::HeightGrid& a, const core::HeightGrid& b) {
    if (a.width != b.width || a.height != b.height || a.values.size() != b.values.size()) {
        return std::numeric_limits<double>::infinity();
    }
    double worst = 0.0;
    for (std::size_t i = 0; i < a.values.size(); ++i) {
        worst = std::max(worst, std::abs(double(a.values[i]) - double(b.values[i])));
    }
    return worst;
}

// One packed step of `hmp` plus the float rounding of heights around `magnitude`.
double packedTolerance(const io::Hmp& hmp, double magnitude) {
    return double(hmp.header.scale[2]) + 4.0 * magnitude * std::numeric_limits<float>::epsilon();
}

core::HeightGrid plane(int w, int h, double perColumn, double perRow, double base = 0.0) {
    core::HeightGrid g{w, h, {}};
    for (int r = 0; r < h; ++r) {
        for (int c = 0; c < w; ++c) {
            g.values.push_back(float(base + perColumn * c + perRow * r));
        }
    }
    return g;
}

io::Adt flatTile(int x, int y) {
    core::TileSpec spec;
    spec.tileX = x;
    spec.tileY = y;
    return core::createTile(spec);
}

std::uint32_t outerColour(const io::Adt& adt, int gx, int gy) {
    const int cx = std::min(gx / 8, 15);
    const int cy = std::min(gy / 8, 15);
    const io::MapChunk& c = adt.chunks[std::size_t(cy * 16 + cx)];
    return c.vertexColors ? (*c.vertexColors)[std::size_t(core::outerIndex(gy - cy * 8, gx - cx * 8))] : 0;
}

} // namespace

class TestHmpTerrain : public QObject {
    Q_OBJECT
private slots:
    void corpusTerrainsAsGrids() {
        for (const char* name : {"small.hmp", "assimp-terrain.hmp"}) {
            const io::Hmp hmp = readCorpusHmp(name);
            QVERIFY2(!hmp.frames.empty(), name);
            const io::HmpGridSize size = io::hmpGridSize(hmp);
            const core::HeightGrid grid = core::gridFromHmp(hmp);
            QCOMPARE(grid.width, int(size.nu));
            QCOMPARE(grid.height, int(size.nv));
            const std::vector<float> heights = io::hmpHeights(hmp);
            QCOMPARE(grid.values.size(), heights.size());
            // Grid row r is HMP row nv - 1 - r (north first), same columns.
            for (int r = 0; r < grid.height; ++r) {
                for (int c = 0; c < grid.width; ++c) {
                    QCOMPARE(grid.at(c, r), heights[std::size_t((grid.height - 1 - r) * grid.width + c)]);
                }
            }
        }
        const core::HeightGrid small = core::gridFromHmp(readCorpusHmp("small.hmp"));
        QCOMPARE(small.width, 66);
        QCOMPARE(small.height, 66);
        QVERIFY(core::gridFromHmp(readCorpusHmp("small.hmp"), 1).values.empty()); // one frame only
        QVERIFY(core::gridFromHmp(io::Hmp{}).values.empty());
    }

    void gridRoundTripThroughHmp5() {
        // Hills plus noise, far from 0, on an odd size.
        std::mt19937 rng(7);
        std::uniform_real_distribution<float> noise(-0.5f, 0.5f);
        core::HeightGrid grid{37, 23, {}};
        for (int r = 0; r < grid.height; ++r) {
            for (int c = 0; c < grid.width; ++c) {
                grid.values.push_back(float(1200.0 + 80.0 * std::sin(c * 0.3) * std::cos(r * 0.2)) +
                                      noise(rng));
            }
        }
        const double cell = core::kUnitSize;
        const io::Hmp hmp = core::hmp5FromGrid(grid, cell);
        QCOMPARE(hmp.header.version, io::HmpVersion::Hmp5);
        QCOMPARE(hmp.header.nu1, 2);
        QVERIFY(hmp.skins.empty());
        QCOMPARE(hmp.frames.size(), std::size_t(1));
        QCOMPARE(hmp.header.numVertsX, 37.0f);
        QCOMPARE(hmp.header.triSizeX, float(cell));
        QCOMPARE(hmp.header.triSizeY, float(cell));
        // The extent is cellSize * (n - 1), centred on the origin.
        const io::HmpExtent e = io::hmpExtent(hmp);
        QVERIFY(std::abs(double(e.xMax - e.xMin) - cell * 36) < 1e-3);
        QVERIFY(std::abs(double(e.yMax - e.yMin) - cell * 22) < 1e-3);
        QCOMPARE(e.xMin, -e.xMax);
        QCOMPARE(e.yMin, -e.yMax);
        const auto position = io::hmpVertexPosition(hmp, 1, 0);
        QVERIFY(position && std::abs(double((*position)[0] - e.xMin) - cell) < 1e-3);
        // The full packed range is used.
        std::uint16_t zMin = 65535;
        std::uint16_t zMax = 0;
        for (const io::HmpVertex& v : hmp.frames[0].vertices) {
            zMin = std::min(zMin, v.z);
            zMax = std::max(zMax, v.z);
        }
        QCOMPARE(int(zMin), 0);
        QCOMPARE(int(zMax), 65535);
        QCOMPARE(hmp.frames[0].bboxMax[4], std::uint8_t(0xFF)); // packed z 65535
        QCOMPARE(hmp.frames[0].bboxMin[4], std::uint8_t(0));

        const io::Hmp back = throughFile(grid, cell);
        QVERIFY(back == hmp);
        const core::HeightGrid again = core::gridFromHmp(back);
        const double worst = worstDifference(grid, again);
        const double tolerance = packedTolerance(back, 1300.0);
        QVERIFY2(worst <= tolerance, qPrintable(QStringLiteral("%1 > %2").arg(worst).arg(tolerance)));

        // The HMP7 corpus terrain the same way (its rows and columns come back where they were).
        const core::HeightGrid small = core::gridFromHmp(readCorpusHmp("small.hmp"));
        const io::Hmp smallBack = throughFile(small, 16.0);
        QCOMPARE(io::hmpGridSize(smallBack).nu, 66u);
        const double smallWorst = worstDifference(small, core::gridFromHmp(smallBack));
        QVERIFY2(smallWorst <= packedTolerance(smallBack, 300.0), qPrintable(QString::number(smallWorst)));
    }

    void flatAndDegenerateGrids() {
        const core::HeightGrid flat = plane(4, 3, 0.0, 0.0, -12.5);
        const io::Hmp hmp = core::hmp5FromGrid(flat, 2.0);
        QCOMPARE(hmp.header.scale[2], core::kFlatHmpScale);
        QVERIFY(hmp.header.scale[2] > 0.0f);
        QCOMPARE(hmp.header.offset[2], -12.5f);
        for (const io::HmpVertex& v : hmp.frames.at(0).vertices) {
            QCOMPARE(int(v.z), 0);
            QCOMPARE(v.normal, io::kGamestudioNormalUp);
        }
        QCOMPARE(worstDifference(flat, core::gridFromHmp(throughFile(flat, 2.0))), 0.0);

        // Nothing to write: too small, a bad cell size, a non-finite height.
        QVERIFY(core::hmp5FromGrid(plane(1, 5, 1.0, 1.0), 1.0).frames.empty());
        QVERIFY(core::hmp5FromGrid(plane(5, 1, 1.0, 1.0), 1.0).frames.empty());
        QVERIFY(core::hmp5FromGrid(core::HeightGrid{}, 1.0).frames.empty());
        QVERIFY(core::hmp5FromGrid(plane(3, 3, 1.0, 1.0), 0.0).frames.empty());
        QVERIFY(core::hmp5FromGrid(plane(3, 3, 1.0, 1.0), -1.0).frames.empty());
        QVERIFY(core::hmp5FromGrid(plane(3, 3, 1.0, 1.0), std::nan("")).frames.empty());
        core::HeightGrid bad = plane(3, 3, 1.0, 1.0);
        bad.values[4] = std::numeric_limits<float>::quiet_NaN();
        QVERIFY(core::hmp5FromGrid(bad, 1.0).frames.empty());
        QVERIFY(io::writeHmp5(core::hmp5FromGrid(bad, 1.0)).empty());
    }

    void knownSlopesQuantizeToTheTable() {
        // A rise of tan = 0.618034 per unit: the normal (-0.525731, 0, 0.850651) is table entry 0 when the
        // ground rises to the east, (0, 0.525731, 0.850651) = 9 when it rises to the south (grid rows grow
        // southwards, HMP y northwards), (0, -0.525731, 0.850651) = 137 to the north.
        const double cell = 3.0;
        const double rise = 0.618034 * cell;
        struct Case {
            double perColumn, perRow;
            std::uint8_t index;
        };
        for (const Case k :
             {Case{rise, 0.0, 0}, Case{0.0, rise, 9}, Case{0.0, -rise, 137}, Case{0.0, 0.0, 5}}) {
            const io::Hmp hmp = core::hmp5FromGrid(plane(6, 5, k.perColumn, k.perRow, 40.0), cell);
            QVERIFY(!hmp.frames.empty());
            // Every vertex, edges too (one-sided differences of a plane are the same slope).
            for (const io::HmpVertex& v : hmp.frames[0].vertices) {
                QCOMPARE(v.normal, k.index);
            }
        }
        QCOMPARE(io::gamestudioNormal(9)[1], 0.525731f);
        QCOMPARE(io::gamestudioNormal(137)[1], -0.525731f);

        // Orientation: ground rising to the north has its highest vertices at ymax (HMP row nv - 1) and
        // normals leaning south (y < 0) in the HMP frame.
        const io::Hmp north = core::hmp5FromGrid(plane(4, 4, 0.0, -rise, 0.0), cell);
        const auto top = io::hmpVertexPosition(north, 2, 3);
        const auto bottom = io::hmpVertexPosition(north, 2, 0);
        QVERIFY(top && bottom);
        QVERIFY((*top)[1] > (*bottom)[1]);
        QVERIFY((*top)[2] > (*bottom)[2]);
        QVERIFY((*io::hmpNormal(north, 2, 2))[1] < 0.0f);
    }

    void skinAsNorthUpImage() {
        // A 2 x 2 8888 skin: stored row 0 (south) red, green; row 1 (north) blue, white.
        const std::vector<std::uint8_t> rgba = {255, 0, 0,   255, 0,   255, 0,   255,
                                                0,   0, 255, 255, 255, 255, 255, 255};
        auto skin = io::encodeGamestudioSkin(io::gamestudio_skin_type::Argb8888, 2, 2, rgba);
        QVERIFY(skin);
        io::Hmp hmp = core::hmp5FromGrid(plane(3, 3, 1.0, 0.0), 1.0);
        QVERIFY(!core::hmpSkinImage(hmp));
        hmp.skins.push_back(*skin);
        const auto image = core::hmpSkinImage(hmp);
        QVERIFY(image);
        QCOMPARE(image->size(), QSize(2, 2));
        QCOMPARE(image->format(), QImage::Format_RGBA8888);
        QCOMPARE(image->pixelColor(0, 0), QColor(0, 0, 255));
        QCOMPARE(image->pixelColor(1, 0), QColor(255, 255, 255));
        QCOMPARE(image->pixelColor(0, 1), QColor(255, 0, 0));
        QCOMPARE(image->pixelColor(1, 1), QColor(0, 255, 0));

        const auto small = core::hmpSkinImage(readCorpusHmp("small.hmp"));
        QVERIFY(small);
        QCOMPARE(small->size(), QSize(512, 512));
        QVERIFY(!core::hmpSkinImage(readCorpusHmp("assimp-terrain.hmp"))); // no skins

        // A DDS skin: the image's 8 x 8, not the record's byte count; quadrants red, green (top rows of the
        // image, skin row 0 south) over blue, grey.
        io::GamestudioSkin dds;
        dds.type = io::gamestudio_skin_type::Dds;
        dds.stored = tests::ddsDxt1Quadrants().dds;
        dds.width = std::uint32_t(dds.stored.size());
        dds.height = 1;
        QVERIFY(io::decodeGamestudioSkin(dds));
        hmp.skins = {dds};
        const auto ddsImage = core::hmpSkinImage(hmp);
        QVERIFY(ddsImage);
        QCOMPARE(ddsImage->size(), QSize(8, 8));
        QCOMPARE(ddsImage->pixelColor(0, 7), QColor(255, 0, 0)); // south-west: skin row 0, left
        QCOMPARE(ddsImage->pixelColor(7, 7), QColor(0, 255, 0));
        QCOMPARE(ddsImage->pixelColor(0, 0), QColor(0, 0, 255));
        QCOMPARE(ddsImage->pixelColor(7, 0), QColor(132, 130, 132));
        // Not decoded (an unsupported DDS kind): no image.
        dds.stored[84] = std::byte{'Q'}; // FourCC QXT1
        QVERIFY(!io::decodeGamestudioSkin(dds));
        hmp.skins = {dds};
        QVERIFY(!core::hmpSkinImage(hmp));
    }

    void tintFromImage() {
        // Red north-west, green north-east, blue south-west, white south-east, over two tiles side by side.
        QImage image(2, 2, QImage::Format_RGBA8888);
        image.setPixelColor(0, 0, QColor(255, 0, 0));
        image.setPixelColor(1, 0, QColor(0, 255, 0));
        image.setPixelColor(0, 1, QColor(0, 0, 255));
        image.setPixelColor(1, 1, QColor(255, 255, 255));
        io::Adt west = flatTile(30, 20);
        io::Adt east = flatTile(31, 20);
        const core::TileBlock block{{30, 20}, 2, 1};
        const auto tileAt = [&](TileCoord t) -> io::Adt* {
            return t == TileCoord{30, 20} ? &west : t == TileCoord{31, 20} ? &east : nullptr;
        };
        QCOMPARE(core::applyColourImage(block, image, tileAt), 2);
        QCOMPARE(outerColour(west, 0, 0), core::packBgra(255, 0, 0)); // clamped to pixel (0, 0)
        QCOMPARE(outerColour(east, 128, 128), core::packBgra(255, 255, 255));
        QCOMPARE(outerColour(west, 0, 128), core::packBgra(0, 0, 255));
        QCOMPARE(outerColour(east, 128, 0), core::packBgra(0, 255, 0));
        // The block's centre (the seam's middle) lies between all four pixel centres: their mean.
        QCOMPARE(outerColour(west, 128, 64), core::packBgra(128, 128, 128));
        QCOMPARE(outerColour(east, 0, 64), outerColour(west, 128, 64));
        // On the west pixels' centre line (a quarter across), halfway north to south: red and blue mixed.
        const std::uint32_t quarter = outerColour(west, 64, 64);
        QCOMPARE(quarter, core::packBgra(128, 0, 128));
        QCOMPARE(int(core::colourAlpha(quarter)), int(core::kNeutralChannel));
        // Every chunk has MCCV; an inner vertex is sampled at its own position.
        for (const io::MapChunk& c : west.chunks) {
            QVERIFY(c.vertexColors.has_value());
        }
        const io::MapChunk& nw = west.chunks[0];
        const std::uint32_t inner = (*nw.vertexColors)[std::size_t(core::innerIndex(0, 0))];
        QCOMPARE(inner, core::packBgra(255, 0, 0)); // still clamped inside pixel (0, 0)'s quarter

        // A null image or a block without tiles changes nothing.
        io::Adt plain = flatTile(5, 5);
        QCOMPARE(core::applyColourImage({{5, 5}, 1, 1}, QImage(), [&](TileCoord) { return &plain; }), 0);
        QVERIFY(!plain.chunks[0].vertexColors.has_value());
        QCOMPARE(core::applyColourImage(block, image, [](TileCoord) { return nullptr; }), 0);
    }
};

QTEST_GUILESS_MAIN(TestHmpTerrain)
#include "test_hmp_terrain.moc"
