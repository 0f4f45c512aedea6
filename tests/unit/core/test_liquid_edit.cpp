// Liquid editing: the raster working form (round trips for every vertex format, partial rectangles and
// exists bitmaps, minimal output, format widening), the corpus liquids converting back to themselves
// bit for bit, the pure kernels, and liquid strokes on a four-tile map (a lake across chunk and tile
// borders with continuous heights, removal, type/height/depth, attributes, layers, undo/redo byte
// identity including tiles that had no MH2O, writer/reader agreement).

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/liquid_edit.h"
#include "core/kernels/liquid_raster.h"
#include "support/change_log.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <glm/geometric.hpp>

#include <bit>
#include <cmath>
#include <random>

using namespace mapsmith;
using core::ChunkCoord;
using core::LiquidMode;
using core::QuadMask;
using core::TileCoord;
using io::LiquidVertexFormat;

Q_DECLARE_METATYPE(std::optional<io::LiquidVertexFormat>)

namespace {

const std::vector<TileCoord> kTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};

// The corner shared by the four tiles.
glm::dvec2 mapCentre() {
    return core::tileOrigin({33, 33});
}

std::vector<std::byte> bytesOf(const core::MapDocument& doc, TileCoord t) {
    return io::writeAdt(*doc.tile(t));
}

std::vector<ChunkCoord> allChunks(const core::MapDocument& doc) {
    std::vector<ChunkCoord> out;
    for (const TileCoord t : doc.loadedTiles()) {
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            out.push_back({t, i / 16, i % 16});
        }
    }
    return out;
}

const io::LiquidInstance* layerOf(const core::MapDocument& doc, const ChunkCoord& c, std::size_t layer = 0) {
    const io::LiquidChunk* lc = doc.liquid(c);
    return lc && layer < lc->instances.size() ? &lc->instances[layer] : nullptr;
}

QuadMask coverageOf(const core::MapDocument& doc, const ChunkCoord& c, std::size_t layer = 0) {
    const auto* in = layerOf(doc, c, layer);
    return in ? core::instanceCoverage(*in) : 0;
}

// Quad centre from the chunk origin (independent of the kernels' lattice formula).
glm::dvec2 quadCentre(const ChunkCoord& c, int qx, int qy) {
    return core::chunkOrigin(c) - glm::dvec2((qy + 0.5) * core::kUnitSize, (qx + 0.5) * core::kUnitSize);
}
glm::dvec2 vertexWorld(const ChunkCoord& c, int vx, int vy) {
    return core::chunkOrigin(c) - glm::dvec2(vy * core::kUnitSize, vx * core::kUnitSize);
}

// Every liquid vertex used by layer `layer` in more than one chunk has the same height in each.
// Returns the number of mismatches; `checked` counts the border vertices compared.
int liquidSeamMismatches(const core::MapDocument& doc, int* checked = nullptr, std::size_t layer = 0) {
    int bad = 0;
    int n = 0;
    for (const ChunkCoord& c : allChunks(doc)) {
        const auto* in = layerOf(doc, c, layer);
        if (!in) {
            continue;
        }
        const core::LiquidRaster r = core::toRaster(*in);
        const auto g = core::toGlobal(c);
        // East and south neighbours share column 8 / row 8 (and the south-east corner).
        const int dirs[3][2] = {{1, 0}, {0, 1}, {1, 1}};
        for (const auto& d : dirs) {
            const ChunkCoord nc = core::fromGlobal({g.gx + d[0], g.gy + d[1]});
            const auto* nin = doc.chunk(nc) ? layerOf(doc, nc, layer) : nullptr;
            if (!nin) {
                continue;
            }
            const core::LiquidRaster nr = core::toRaster(*nin);
            for (int vy = 0; vy <= 8; ++vy) {
                for (int vx = 0; vx <= 8; ++vx) {
                    const int ox = vx - 8 * d[0];
                    const int oy = vy - 8 * d[1];
                    if (ox < 0 || oy < 0) {
                        continue;
                    }
                    if (!core::vertexUsed(r.coverage, vx, vy) || !core::vertexUsed(nr.coverage, ox, oy)) {
                        continue;
                    }
                    ++n;
                    if (r.heights[std::size_t(core::liquidVertexIndex(vx, vy))] !=
                        nr.heights[std::size_t(core::liquidVertexIndex(ox, oy))]) {
                        ++bad;
                    }
                }
            }
        }
    }
    if (checked) {
        *checked = n;
    }
    return bad;
}

core::LiquidSettings lake(double radius, double height) {
    core::LiquidSettings s;
    s.brush.radius = radius;
    s.mode = LiquidMode::Add;
    s.liquidType = core::liquid_type::Water;
    s.height = height;
    return s;
}

// A minimal instance of `format` (nullopt: no vertex data) on rectangle (x0, y0, w, h) with quad
// (x, y) of the rectangle existing where exists(x, y); random vertex values.
io::LiquidInstance makeInstance(std::optional<LiquidVertexFormat> format, int x0, int y0, int w, int h,
                                const std::function<bool(int, int)>& exists, unsigned seed) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> height(-20.0f, 80.0f);
    io::LiquidInstance in;
    in.liquidType = 5;
    in.liquidObjectOrLvf = format ? std::uint16_t(*format) : 2;
    in.xOffset = std::uint8_t(x0);
    in.yOffset = std::uint8_t(y0);
    in.width = std::uint8_t(w);
    in.height = std::uint8_t(h);
    bool full = true;
    std::vector<std::uint8_t> bits(std::size_t((w * h + 7) / 8), 0);
    for (int i = 0; i < int(bits.size()) * 8; ++i) {
        const bool set = i >= w * h || exists(i % w, i / w);
        full &= set;
        if (set) {
            bits[std::size_t(i / 8)] |= std::uint8_t(1u << (i % 8));
        }
    }
    if (!full) {
        in.existsBitmap = bits;
    }
    in.vertexFormat = format;
    const std::size_t n = in.vertexCount();
    const bool heights = format && *format != LiquidVertexFormat::DepthOnly;
    const bool depths = format && *format != LiquidVertexFormat::HeightUv;
    const bool uvs =
        format && (*format == LiquidVertexFormat::HeightUv || *format == LiquidVertexFormat::HeightUvDepth);
    for (std::size_t v = 0; v < n; ++v) {
        if (heights) {
            in.heights.push_back(height(rng));
        }
        if (depths) {
            in.depths.push_back(std::uint8_t(rng() % 256));
        }
        if (uvs) {
            in.uvs.push_back({std::uint16_t(rng() % 65536), std::uint16_t(rng() % 65536)});
        }
    }
    // min/max over the vertices of existing quads (what toInstance recomputes).
    if (heights) {
        bool first = true;
        for (int y = 0; y < h; ++y) {
            for (int x = 0; x < w; ++x) {
                if (!exists(x, y)) {
                    continue;
                }
                for (int dy = 0; dy <= 1; ++dy) {
                    for (int dx = 0; dx <= 1; ++dx) {
                        const float v = in.heights[std::size_t((y + dy) * (w + 1) + x + dx)];
                        in.minHeight = first ? v : std::min(in.minHeight, v);
                        in.maxHeight = first ? v : std::max(in.maxHeight, v);
                        first = false;
                    }
                }
            }
        }
    } else {
        in.minHeight = in.maxHeight = 12.5f;
    }
    return in;
}

io::Adt readCorpus() {
    io::AdtReadOptions o;
    o.bigAlpha = false;
    auto r = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), o);
    return r ? r->adt : io::Adt{};
}

} // namespace

class TestLiquidEdit : public QObject {
    Q_OBJECT
private slots:
    void rasterRoundTrip_data();
    void rasterRoundTrip();
    void existsBitmapIsLsbFirstRowMajor();
    void corpusLiquidsRoundTripExactly();
    void outputIsMinimal();
    void formatsWidenOnlyWhenNeeded();
    void depthUnitsMatchCorpus();
    void kernels();
    void planeHeights();
    void lakeAcrossChunkAndTileBorders();
    void addJoinsExistingWater();
    void removePartOfLake();
    void setTypeHeightDepth();
    void attributesFollowCoverage();
    void layers();
    void undoRedoByteIdentical();
    void removingEverythingDropsCreatedMh2o();
    void corpusOceanExtendsAndUndoes();
    void cancelRestores();
};

void TestLiquidEdit::rasterRoundTrip_data() {
    QTest::addColumn<std::optional<LiquidVertexFormat>>("format");
    QTest::addColumn<int>("x0");
    QTest::addColumn<int>("y0");
    QTest::addColumn<int>("w");
    QTest::addColumn<int>("h");
    QTest::addColumn<bool>("holes");
    const std::optional<LiquidVertexFormat> formats[] = {
        LiquidVertexFormat::HeightDepth, LiquidVertexFormat::HeightUv, LiquidVertexFormat::DepthOnly,
        LiquidVertexFormat::HeightUvDepth, std::nullopt};
    for (const auto& f : formats) {
        const QByteArray name = f ? "lvf" + QByteArray::number(int(*f)) : QByteArray("novertexdata");
        QTest::newRow(name + " full chunk") << f << 0 << 0 << 8 << 8 << false;
        QTest::newRow(name + " partial") << f << 2 << 3 << 5 << 4 << false;
        QTest::newRow(name + " partial holes") << f << 1 << 2 << 7 << 3 << true;
        QTest::newRow(name + " 3x1 holes") << f << 5 << 7 << 3 << 1 << true;
        QTest::newRow(name + " one quad") << f << 7 << 0 << 1 << 1 << false;
    }
}

void TestLiquidEdit::rasterRoundTrip() {
    QFETCH(std::optional<LiquidVertexFormat>, format);
    QFETCH(int, x0);
    QFETCH(int, y0);
    QFETCH(int, w);
    QFETCH(int, h);
    QFETCH(bool, holes);
    // Holes everywhere except the first and last row/column of the rectangle (keeps it the bounding box).
    // Also a hole on the first row (x = 1), away from the corners that keep the box.
    const std::function<bool(int, int)> exists = [&](int x, int y) {
        if (!holes) {
            return true;
        }
        if (y == 0 && x == 1 && w > 2) {
            return false;
        }
        if (x == 0 || y == 0 || x == w - 1 || y == h - 1) {
            return true;
        }
        return (x + y) % 2 == 0;
    };
    const io::LiquidInstance in = makeInstance(format, x0, y0, w, h, exists, unsigned(x0 * 31 + w));
    QCOMPARE(in.existsBitmap.has_value(), holes && (w > 2 || h > 2));
    const core::LiquidRaster r = core::toRaster(in);
    // Coverage is exactly the existing quads of the rectangle.
    for (int qy = 0; qy < 8; ++qy) {
        for (int qx = 0; qx < 8; ++qx) {
            const bool inside = qx >= x0 && qx < x0 + w && qy >= y0 && qy < y0 + h;
            const bool expected = inside && exists(qx - x0, qy - y0);
            QCOMPARE((r.coverage & core::quadBit(qx, qy)) != 0, expected);
        }
    }
    // Vertex values land on the right lattice vertices.
    const bool heights = format && *format != LiquidVertexFormat::DepthOnly;
    for (int y = 0; y <= h; ++y) {
        for (int x = 0; x <= w; ++x) {
            const auto src = std::size_t(y * (w + 1) + x);
            const auto dst = std::size_t(core::liquidVertexIndex(x0 + x, y0 + y));
            QCOMPARE(r.heights[dst], heights ? in.heights[src] : in.minHeight);
            if (!in.depths.empty()) {
                QCOMPARE(r.depths[dst], in.depths[src]);
            } else {
                QCOMPARE(r.depths[dst], core::kImplicitDepth);
            }
            if (!in.uvs.empty()) {
                QVERIFY(r.uvs[dst] == in.uvs[src]);
            }
        }
    }
    const auto back = core::toInstance(r);
    QVERIFY(back);
    QVERIFY(*back == in);
    // And through the file format.
    io::Mh2o m;
    m.chunks[17].instances.push_back(in);
    io::ByteWriter wr;
    io::writeMh2o(m, wr);
    io::Diagnostics diag;
    const auto bytes = wr.buffer();
    auto read = io::readMh2o(io::ByteReader(std::span<const std::byte>(bytes.data(), bytes.size())), diag);
    QVERIFY(read);
    QVERIFY(read->chunks[17].instances.front() == in);
}

void TestLiquidEdit::existsBitmapIsLsbFirstRowMajor() {
    // The spec's river: rectangle (0, 2) 8x2, bytes 0x3F 0xFC: row 2 has quads 0..5, row 3 quads 2..7.
    io::LiquidInstance in;
    in.xOffset = 0;
    in.yOffset = 2;
    in.width = 8;
    in.height = 2;
    in.existsBitmap = std::vector<std::uint8_t>{0x3F, 0xFC};
    const QuadMask c = core::instanceCoverage(in);
    for (int qx = 0; qx < 8; ++qx) {
        QCOMPARE((c & core::quadBit(qx, 2)) != 0, qx <= 5);
        QCOMPARE((c & core::quadBit(qx, 3)) != 0, qx >= 2);
    }
    QCOMPARE(std::popcount(c), 12);
    // Absent bitmap: the whole rectangle.
    in.existsBitmap.reset();
    QCOMPARE(core::instanceCoverage(in), QuadMask(0xFFFF) << 16);
}

void TestLiquidEdit::corpusLiquidsRoundTripExactly() {
    const io::Adt adt = readCorpus();
    QVERIFY(adt.liquids);
    int instances = 0;
    int chunks = 0;
    for (const auto& lc : adt.liquids->chunks) {
        chunks += lc.instances.empty() ? 0 : 1;
        for (const auto& in : lc.instances) {
            const auto back = core::toInstance(core::toRaster(in));
            QVERIFY(back);
            QVERIFY(*back == in);
            ++instances;
        }
    }
    QCOMPARE(chunks, 9);
    QCOMPARE(instances, 9);
    // The whole MH2O rebuilt from rasters writes the same bytes.
    io::Mh2o rebuilt = *adt.liquids;
    for (auto& lc : rebuilt.chunks) {
        for (auto& in : lc.instances) {
            in = *core::toInstance(core::toRaster(in));
        }
    }
    io::ByteWriter a;
    io::ByteWriter b;
    io::writeMh2o(*adt.liquids, a);
    io::writeMh2o(rebuilt, b);
    QVERIFY(a.buffer() == b.buffer());
}

void TestLiquidEdit::outputIsMinimal() {
    // A full-chunk instance whose existing quads form a 3x2 block (1..3, 4..5) with one hole.
    io::LiquidInstance in = makeInstance(
        LiquidVertexFormat::HeightDepth, 0, 0, 8, 8,
        [](int x, int y) { return x >= 1 && x <= 3 && y >= 4 && y <= 5 && !(x == 2 && y == 4); }, 3);
    core::LiquidRaster r = core::toRaster(in);
    auto out = core::toInstance(r);
    QVERIFY(out);
    QCOMPARE(int(out->xOffset), 1);
    QCOMPARE(int(out->yOffset), 4);
    QCOMPARE(int(out->width), 3);
    QCOMPARE(int(out->height), 2);
    QVERIFY(out->existsBitmap);
    QCOMPARE(out->existsBitmap->size(), std::size_t(1)); // (3*2+7)/8
    QCOMPARE(int((*out->existsBitmap)[0]), 0b11111101);  // quad (1, 0) missing, padding set
    QCOMPARE(out->heights.size(), std::size_t(4 * 3));
    QCOMPARE(out->depths.size(), std::size_t(4 * 3));
    // min/max from the used vertices only (the source's were the same by construction).
    QCOMPARE(out->minHeight, in.minHeight);
    QCOMPARE(out->maxHeight, in.maxHeight);
    // Once the hole is filled, the bitmap goes.
    core::addQuads(r, core::quadBit(2, 4), [](int, int) { return core::LiquidVertexValue{}; });
    out = core::toInstance(r);
    QVERIFY(out && !out->existsBitmap);
    // A present-but-full bitmap is not minimal: dropped.
    io::LiquidInstance full = makeInstance(
        LiquidVertexFormat::HeightDepth, 2, 2, 3, 3, [](int, int) { return true; }, 4);
    full.existsBitmap = std::vector<std::uint8_t>{0xFF, 0xFF};
    out = core::toInstance(core::toRaster(full));
    QVERIFY(out && !out->existsBitmap);
    // Nothing covered: no instance.
    core::removeQuads(r, ~QuadMask(0));
    QVERIFY(!core::toInstance(r));
    QVERIFY(!core::toInstance(core::newLiquidRaster(core::liquid_type::Water)));
}

void TestLiquidEdit::formatsWidenOnlyWhenNeeded() {
    const auto all = [](int, int) { return true; };
    // Depth-only at base 12.5: flat at the base stays depth-only; another height widens to LVF 0.
    io::LiquidInstance depthOnly = makeInstance(LiquidVertexFormat::DepthOnly, 0, 0, 4, 4, all, 5);
    core::LiquidRaster r = core::toRaster(depthOnly);
    const core::VertexMask everything = core::VertexMask().set();
    QCOMPARE(core::setHeights(r, {0, 0}, everything, core::LiquidPlane{12.5}), 0);
    QVERIFY(*core::toInstance(r) == depthOnly);
    QVERIFY(core::setHeights(r, {0, 0}, everything, core::LiquidPlane{3.0}) > 0);
    auto out = core::toInstance(r);
    QCOMPARE(out->vertexFormat, std::optional(LiquidVertexFormat::HeightDepth));
    QCOMPARE(int(out->liquidObjectOrLvf), 0);
    QCOMPARE(out->heights.size(), out->vertexCount());
    QVERIFY(out->depths == depthOnly.depths); // depths kept
    QCOMPARE(out->minHeight, 3.0f);
    QCOMPARE(out->maxHeight, 3.0f);

    // No vertex data: stays so until a value differs, then LVF 0.
    io::LiquidInstance none = makeInstance(std::nullopt, 0, 0, 8, 8, all, 6);
    r = core::toRaster(none);
    QVERIFY(*core::toInstance(r) == none);
    const std::array<double, core::kLiquidVertexCount> terrain{};
    QVERIFY(core::setDepths(r, everything, std::uint8_t(40), terrain) > 0);
    out = core::toInstance(r);
    QCOMPARE(out->vertexFormat, std::optional(LiquidVertexFormat::HeightDepth));
    QCOMPARE(int(out->liquidObjectOrLvf), 0);
    QCOMPARE(out->depths, std::vector<std::uint8_t>(81, 40));
    QCOMPARE(out->heights, std::vector<float>(81, 12.5f));

    // Height + uv: a depth edit widens to LVF 3, uvs kept.
    io::LiquidInstance uv = makeInstance(LiquidVertexFormat::HeightUv, 1, 1, 3, 3, all, 7);
    r = core::toRaster(uv);
    QCOMPARE(core::setDepths(r, everything, core::kImplicitDepth, terrain), 0);
    QVERIFY(*core::toInstance(r) == uv);
    QVERIFY(core::setDepths(r, everything, std::uint8_t(9), terrain) > 0);
    out = core::toInstance(r);
    QCOMPARE(out->vertexFormat, std::optional(LiquidVertexFormat::HeightUvDepth));
    QCOMPARE(int(out->liquidObjectOrLvf), 3);
    QVERIFY(out->uvs == uv.uvs);
    QVERIFY(out->heights == uv.heights);

    // New liquid: water HeightDepth (LVF 0); ocean depth-only (LVF 2) at height 0, LVF 0 elsewhere.
    core::LiquidRaster water = core::newLiquidRaster(core::liquid_type::Water);
    core::addQuads(water, 1, [](int, int) { return core::LiquidVertexValue{7.0f, 3}; });
    out = core::toInstance(water);
    QCOMPARE(out->vertexFormat, std::optional(LiquidVertexFormat::HeightDepth));
    QCOMPARE(int(out->liquidObjectOrLvf), 0);
    core::LiquidRaster ocean = core::newLiquidRaster(core::liquid_type::Ocean);
    core::addQuads(ocean, 1, [](int, int) { return core::LiquidVertexValue{0.0f, 3}; });
    out = core::toInstance(ocean);
    QCOMPARE(out->vertexFormat, std::optional(LiquidVertexFormat::DepthOnly));
    QCOMPARE(int(out->liquidObjectOrLvf), 2);
    QCOMPARE(out->depths, std::vector<std::uint8_t>(4, 3));
    core::LiquidRaster highOcean = core::newLiquidRaster(core::liquid_type::Ocean);
    core::addQuads(highOcean, 1, [](int, int) { return core::LiquidVertexValue{5.0f, 3}; });
    QCOMPARE(core::toInstance(highOcean)->vertexFormat, std::optional(LiquidVertexFormat::HeightDepth));
}

void TestLiquidEdit::depthUnitsMatchCorpus() {
    // Blizzard's ocean depth maps are depthBelow(liquid height, terrain height) at every vertex.
    const io::Adt adt = readCorpus();
    int checked = 0;
    for (int c = 0; c < 256; ++c) {
        for (const auto& in : adt.liquids->chunks[std::size_t(c)].instances) {
            if (in.depths.empty()) {
                continue;
            }
            const auto& ch = adt.chunks[std::size_t(c)];
            const core::LiquidRaster r = core::toRaster(in);
            for (int y = 0; y <= in.height; ++y) {
                for (int x = 0; x <= in.width; ++x) {
                    const int vx = in.xOffset + x;
                    const int vy = in.yOffset + y;
                    const double terrain =
                        double(ch.position.z) + ch.heights[std::size_t(core::outerIndex(vy, vx))];
                    QCOMPARE(int(core::depthBelow(r.heights[std::size_t(core::liquidVertexIndex(vx, vy))],
                                                  terrain)),
                             int(in.depths[std::size_t(y * (in.width + 1) + x)]));
                    ++checked;
                }
            }
        }
    }
    QCOMPARE(checked, 417);
    QCOMPARE(int(core::depthBelow(10.0, 10.0)), 0);
    QCOMPARE(int(core::depthBelow(10.0, 20.0)), 0);
    QCOMPARE(int(core::depthBelow(7.0, 0.0)), 12);
    QCOMPARE(int(core::depthBelow(500.0, 0.0)), 255);
    QCOMPARE(int(core::depthBelow(std::nan(""), 0.0)), 0);
}

void TestLiquidEdit::kernels() {
    // quadsInDisc: a quad is in when its centre is strictly inside.
    const core::GlobalChunk g{512, 512};
    const ChunkCoord c = core::fromGlobal(g);
    const glm::dvec2 centre = quadCentre(c, 3, 4);
    QCOMPARE(core::quadsInDisc(g, centre, 0.01), core::quadBit(3, 4));
    const QuadMask five = core::quadsInDisc(g, centre, core::kUnitSize * 1.01);
    QCOMPARE(five, core::quadBit(3, 4) | core::quadBit(2, 4) | core::quadBit(4, 4) | core::quadBit(3, 3) |
                       core::quadBit(3, 5));
    QCOMPARE(core::quadsInDisc(g, centre, core::kUnitSize * 0.999), core::quadBit(3, 4));
    const core::VertexMask v = core::verticesInDisc(g, vertexWorld(c, 2, 2), 0.5);
    QCOMPARE(v.count(), std::size_t(1));
    QVERIFY(v.test(std::size_t(core::liquidVertexIndex(2, 2))));
    for (int vy = 0; vy <= 8; ++vy) {
        for (int vx = 0; vx <= 8; ++vx) {
            const glm::dvec2 d =
                core::liquidVertexWorld(g.gx * 8 + vx, g.gy * 8 + vy) - vertexWorld(c, vx, vy);
            QVERIFY(glm::length(d) < 1e-9);
        }
    }

    // addQuads: fresh values only for vertices that become used.
    core::LiquidRaster r = core::newLiquidRaster(core::liquid_type::Water);
    int calls = 0;
    QCOMPARE(core::addQuads(r, core::quadBit(0, 0),
                            [&](int vx, int vy) {
                                ++calls;
                                return core::LiquidVertexValue{float(vx * 10 + vy), std::uint8_t(vx + vy)};
                            }),
             core::quadBit(0, 0));
    QCOMPARE(calls, 4);
    calls = 0;
    QCOMPARE(core::addQuads(r, core::quadBit(0, 0) | core::quadBit(1, 0),
                            [&](int, int) {
                                ++calls;
                                return core::LiquidVertexValue{-1.0f, 99};
                            }),
             core::quadBit(1, 0));
    QCOMPARE(calls, 2); // (2, 0) and (2, 1); (1, 0) and (1, 1) were used
    QCOMPARE(r.heights[std::size_t(core::liquidVertexIndex(1, 1))], 11.0f);
    QCOMPARE(r.heights[std::size_t(core::liquidVertexIndex(2, 1))], -1.0f);
    QCOMPARE(int(r.depths[std::size_t(core::liquidVertexIndex(2, 1))]), 99);
    // removeQuads returns what was covered.
    QCOMPARE(core::removeQuads(r, core::quadBit(1, 0) | core::quadBit(5, 5)), core::quadBit(1, 0));
    QCOMPARE(r.coverage, core::quadBit(0, 0));
    QVERIFY(core::vertexUsed(r.coverage, 1, 1));
    QVERIFY(!core::vertexUsed(r.coverage, 2, 1));
    QCOMPARE(core::usedVertices(r.coverage).count(), std::size_t(4));
    // setHeights / setDepths touch used vertices only.
    const core::VertexMask all = core::VertexMask().set();
    QCOMPARE(core::setHeights(r, g, all, core::LiquidPlane{4.0}), 4);
    QCOMPARE(r.heights[std::size_t(core::liquidVertexIndex(2, 1))], -1.0f);
    std::array<double, core::kLiquidVertexCount> terrain;
    terrain.fill(std::nan(""));
    terrain[0] = 4.0 - 7.0; // 7 yd below the surface: 12 units
    QCOMPARE(core::setDepths(r, all, std::nullopt, terrain), 1);
    QCOMPARE(int(r.depths[0]), 12);
    QCOMPARE(int(r.depths[1]), 1); // no terrain: untouched
    QCOMPARE(core::setDepths(r, all, std::uint8_t(50), terrain), 4);
    QCOMPARE(int(r.depths[std::size_t(core::liquidVertexIndex(2, 1))]), 99);
    QVERIFY(core::setLiquidType(r, core::liquid_type::Magma));
    QVERIFY(!core::setLiquidType(r, core::liquid_type::Magma));
    QCOMPARE(int(core::toInstance(r)->liquidType), int(core::liquid_type::Magma));
}

void TestLiquidEdit::planeHeights() {
    core::LiquidPlane p{10.0, 45.0, 0.0, {100.0, 200.0}};
    QCOMPARE(p.heightAt({100.0, 200.0}), 10.0);
    QVERIFY(std::abs(p.heightAt({105.0, 200.0}) - 15.0) < 1e-9); // rises northwards (+x)
    QVERIFY(std::abs(p.heightAt({100.0, 230.0}) - 10.0) < 1e-9); // level westwards
    p.orientation = 90.0;
    QVERIFY(std::abs(p.heightAt({100.0, 204.0}) - 14.0) < 1e-9); // now rises westwards (+y)
    p.angle = 1000.0;                                            // clamped to 89 degrees: finite
    QVERIFY(std::isfinite(p.heightAt({100.0, 204.0})));
    const core::LiquidPlane flat{7.25};
    QCOMPARE(flat.heightAt({1e6, -1e6}), 7.25);
}

void TestLiquidEdit::lakeAcrossChunkAndTileBorders() {
    auto doc = tests::hillsMap(kTiles);
    QVERIFY(doc);
    const glm::dvec2 centre = mapCentre() + glm::dvec2(3.0, -5.0);
    const double radius = 47.3;
    const double height = 31.5;
    core::LiquidStroke stroke(*doc, lake(radius, height));
    stroke.dab(centre);
    QVERIFY(stroke.finish());
    QCOMPARE(doc->undoStack()->count(), 1);

    int covered = 0;
    std::set<TileCoord> tiles;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const QuadMask cov = coverageOf(*doc, c);
        QCOMPARE(doc->liquid(c) ? doc->liquid(c)->instances.size() : std::size_t(0),
                 std::size_t(cov ? 1 : 0));
        for (int qy = 0; qy < 8; ++qy) {
            for (int qx = 0; qx < 8; ++qx) {
                const bool inside = glm::length(quadCentre(c, qx, qy) - centre) < radius;
                QCOMPARE((cov & core::quadBit(qx, qy)) != 0, inside);
                covered += inside ? 1 : 0;
            }
        }
        if (!cov) {
            QVERIFY(!doc->liquid(c) || !doc->liquid(c)->attributes);
            continue;
        }
        tiles.insert(c.tile);
        const io::LiquidInstance& in = *layerOf(*doc, c);
        QCOMPARE(int(in.liquidType), int(core::liquid_type::Water));
        QCOMPARE(in.vertexFormat, std::optional(LiquidVertexFormat::HeightDepth));
        QCOMPARE(int(in.liquidObjectOrLvf), 0);
        QCOMPARE(in.minHeight, float(height));
        QCOMPARE(in.maxHeight, float(height));
        // Fishable exactly on the liquid, nothing deep.
        QVERIFY(doc->liquid(c)->attributes);
        QCOMPARE(doc->liquid(c)->attributes->fishable, cov);
        QCOMPARE(doc->liquid(c)->attributes->deep, QuadMask(0));
        // Every used vertex at the lake height with the depth of the terrain below it.
        const core::LiquidRaster r = core::toRaster(in);
        const auto g = core::toGlobal(c);
        for (int vy = 0; vy <= 8; ++vy) {
            for (int vx = 0; vx <= 8; ++vx) {
                if (!core::vertexUsed(cov, vx, vy)) {
                    continue;
                }
                const auto i = std::size_t(core::liquidVertexIndex(vx, vy));
                QCOMPARE(r.heights[i], float(height));
                const double terrain = *doc->latticeHeight(g.gx * 8 + vx, g.gy * 8 + vy);
                QCOMPARE(int(r.depths[i]), int(core::depthBelow(height, terrain)));
            }
        }
    }
    QCOMPARE(tiles.size(), std::size_t(4));
    QVERIFY(covered > 400); // ~ pi * 47.3^2 / 4.17^2 = 404
    int checked = 0;
    QCOMPARE(liquidSeamMismatches(*doc, &checked), 0);
    QVERIFY(checked > 40);
    // MCNK liquid flags untouched.
    for (const ChunkCoord& c : allChunks(*doc)) {
        QCOMPARE(doc->chunk(c)->flags & 0x3Cu, 0u);
    }
}

void TestLiquidEdit::addJoinsExistingWater() {
    // A pond at 30 yd just west of a tile border, then water at 35 yd just east of it, touching and
    // overlapping: vertices the old water uses keep 30 in every chunk (no step at the border), the
    // others get 35.
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 first = mapCentre() + glm::dvec2(-15.0, 10.0);  // tile (32, 33)
    const glm::dvec2 second = mapCentre() + glm::dvec2(-15.0, -9.0); // tile (33, 33)
    {
        core::LiquidStroke s(*doc, lake(10.0, 30.0));
        s.dab(first);
        s.finish();
    }
    std::map<ChunkCoord, core::LiquidRaster> before;
    for (const ChunkCoord& c : allChunks(*doc)) {
        if (const auto* in = layerOf(*doc, c)) {
            before[c] = core::toRaster(*in);
        }
    }
    {
        core::LiquidStroke s(*doc, lake(10.0, 35.0));
        s.dab(second);
        QVERIFY(s.finish());
    }
    // Lattice vertices used by the first lake, in any chunk.
    std::set<std::pair<int, int>> old;
    for (const auto& [c, r] : before) {
        const auto g = core::toGlobal(c);
        for (int v = 0; v < 81; ++v) {
            if (core::vertexUsed(r.coverage, v % 9, v / 9)) {
                old.insert({g.gx * 8 + v % 9, g.gy * 8 + v / 9});
            }
        }
    }
    int at30 = 0;
    int at35 = 0;
    int joined = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* in = layerOf(*doc, c);
        if (!in) {
            continue;
        }
        const core::LiquidRaster r = core::toRaster(*in);
        const auto g = core::toGlobal(c);
        const auto it = before.find(c);
        for (int v = 0; v < 81; ++v) {
            if (!core::vertexUsed(r.coverage, v % 9, v / 9)) {
                continue;
            }
            const bool wasOld = old.count({g.gx * 8 + v % 9, g.gy * 8 + v / 9}) != 0;
            const float h = r.heights[std::size_t(v)];
            QCOMPARE(h, wasOld ? 30.0f : 35.0f);
            (wasOld ? at30 : at35) += 1;
            // Joined in this chunk although another chunk held the old value.
            joined += wasOld && (it == before.end() || !core::vertexUsed(it->second.coverage, v % 9, v / 9))
                          ? 1
                          : 0;
        }
    }
    QVERIFY(at30 > 20);
    QVERIFY(at35 > 20);
    QVERIFY(joined >= 3); // the border vertices of the pond's east column
    QCOMPARE(liquidSeamMismatches(*doc), 0);
}

void TestLiquidEdit::removePartOfLake() {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 centre = mapCentre();
    {
        core::LiquidStroke add(*doc, lake(45.0, 30.0));
        add.dab(centre);
        add.finish();
    }
    // A removal stroke along the tile border north-south, through the lake's middle.
    core::LiquidSettings rm = lake(9.0, 0.0);
    rm.mode = LiquidMode::Remove;
    core::LiquidStroke remove(*doc, rm);
    for (int i = -8; i <= 8; ++i) {
        remove.moveTo(centre + glm::dvec2(i * 8.0, 2.0));
    }
    QVERIFY(remove.finish());
    int kept = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const QuadMask cov = coverageOf(*doc, c);
        for (int qy = 0; qy < 8; ++qy) {
            for (int qx = 0; qx < 8; ++qx) {
                const glm::dvec2 q = quadCentre(c, qx, qy);
                const bool inLake = glm::length(q - centre) < 45.0;
                // Removed: within 9 yd of the segment x in [-64, 64], y = +2 around the centre.
                const glm::dvec2 rel = q - centre;
                const double along = std::clamp(rel.x, -64.0, 64.0);
                const bool removed = glm::length(rel - glm::dvec2(along, 2.0)) < 9.0 - 1e-6;
                if (std::abs(glm::length(rel - glm::dvec2(along, 2.0)) - 9.0) < 1e-6) {
                    continue; // on the rim of a dab (spacing): either way
                }
                QCOMPARE((cov & core::quadBit(qx, qy)) != 0, inLake && !removed);
                kept += inLake && !removed ? 1 : 0;
            }
        }
        if (const auto* in = layerOf(*doc, c)) {
            // Minimal after removal: the rectangle is the bounding box, the attributes follow.
            const auto back = core::toInstance(core::toRaster(*in));
            QVERIFY(*back == *in);
            QCOMPARE(doc->liquid(c)->attributes->fishable, cov);
        } else if (doc->liquid(c)) {
            QVERIFY(!doc->liquid(c)->attributes); // emptied chunks drop their all-zero attributes
        }
    }
    QVERIFY(kept > 200);
    QCOMPARE(liquidSeamMismatches(*doc), 0);
}

void TestLiquidEdit::setTypeHeightDepth() {
    auto doc = tests::hillsMap(kTiles);
    const glm::dvec2 centre = mapCentre();
    {
        core::LiquidStroke add(*doc, lake(40.0, 30.0));
        add.dab(centre);
        add.finish();
    }
    // Angled plane over the whole lake: every used vertex on the plane, borders closed.
    core::LiquidSettings plane = lake(60.0, 30.0);
    plane.mode = LiquidMode::SetHeight;
    plane.heightMode = core::LiquidHeightMode::Plane;
    plane.angle = 8.0;
    plane.orientation = 30.0;
    plane.planeOrigin = centre;
    {
        core::LiquidStroke s(*doc, plane);
        s.dab(centre);
        QVERIFY(s.finish());
    }
    const core::LiquidPlane expected{30.0, 8.0, 30.0, centre};
    double lo = 1e9;
    double hi = -1e9;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* in = layerOf(*doc, c);
        if (!in) {
            continue;
        }
        const core::LiquidRaster r = core::toRaster(*in);
        float mn = 1e9f;
        float mx = -1e9f;
        for (int vy = 0; vy <= 8; ++vy) {
            for (int vx = 0; vx <= 8; ++vx) {
                if (!core::vertexUsed(r.coverage, vx, vy)) {
                    continue;
                }
                const float h = r.heights[std::size_t(core::liquidVertexIndex(vx, vy))];
                QVERIFY(std::abs(h - expected.heightAt(vertexWorld(c, vx, vy))) < 1e-3);
                mn = std::min(mn, h);
                mx = std::max(mx, h);
            }
        }
        QCOMPARE(in->minHeight, mn);
        QCOMPARE(in->maxHeight, mx);
        lo = std::min(lo, double(mn));
        hi = std::max(hi, double(mx));
    }
    QVERIFY(hi - lo > 2.0 * 40.0 * std::tan(8.0 * 3.14159265 / 180.0) * 0.9); // the lake is tilted
    QCOMPARE(liquidSeamMismatches(*doc), 0);

    // Flat again, only inside a smaller disc: vertices there at 25, the rest still on the plane.
    core::LiquidSettings flat = lake(15.0, 25.0);
    flat.mode = LiquidMode::SetHeight;
    {
        core::LiquidStroke s(*doc, flat);
        s.dab(centre);
        s.finish();
    }
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* in = layerOf(*doc, c);
        if (!in) {
            continue;
        }
        const core::LiquidRaster r = core::toRaster(*in);
        for (int vy = 0; vy <= 8; ++vy) {
            for (int vx = 0; vx <= 8; ++vx) {
                if (!core::vertexUsed(r.coverage, vx, vy)) {
                    continue;
                }
                const glm::dvec2 p = vertexWorld(c, vx, vy);
                const float h = r.heights[std::size_t(core::liquidVertexIndex(vx, vy))];
                const double d = glm::length(p - centre);
                if (d < 15.0 - 1e-6) {
                    QCOMPARE(h, 25.0f);
                } else if (d > 15.0 + 1e-6) {
                    QVERIFY(std::abs(h - expected.heightAt(p)) < 1e-3);
                }
            }
        }
    }
    QCOMPARE(liquidSeamMismatches(*doc), 0);

    // Depth: constant in a disc, from the terrain elsewhere (recomputed for the new heights).
    core::LiquidSettings depth = lake(20.0, 0.0);
    depth.mode = LiquidMode::SetDepth;
    depth.depthMode = core::LiquidDepthMode::Constant;
    depth.depth = 77;
    {
        core::LiquidStroke s(*doc, depth);
        s.dab(centre);
        s.finish();
    }
    depth.depthMode = core::LiquidDepthMode::FromTerrain;
    depth.brush.radius = 100.0;
    const glm::dvec2 east = centre - glm::dvec2(0.0, 120.0); // the disc misses the constant one
    {
        core::LiquidStroke s(*doc, depth);
        s.dab(east);
        s.finish();
    }
    int constant = 0;
    int fromTerrain = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* in = layerOf(*doc, c);
        if (!in) {
            continue;
        }
        const core::LiquidRaster r = core::toRaster(*in);
        const auto g = core::toGlobal(c);
        for (int vy = 0; vy <= 8; ++vy) {
            for (int vx = 0; vx <= 8; ++vx) {
                if (!core::vertexUsed(r.coverage, vx, vy)) {
                    continue;
                }
                const glm::dvec2 p = vertexWorld(c, vx, vy);
                const auto i = std::size_t(core::liquidVertexIndex(vx, vy));
                if (glm::length(p - centre) < 20.0 - 1e-6) {
                    QCOMPARE(int(r.depths[i]), 77);
                    ++constant;
                } else if (glm::length(p - east) < 100.0 - 1e-6) {
                    const double terrain = *doc->latticeHeight(g.gx * 8 + vx, g.gy * 8 + vy);
                    QCOMPARE(int(r.depths[i]), int(core::depthBelow(r.heights[i], terrain)));
                    ++fromTerrain;
                }
            }
        }
    }
    QVERIFY(constant > 50);
    QVERIFY(fromTerrain > 50);

    // Type: magma in the chunks whose covered quads the brush reaches; others stay water.
    core::LiquidSettings type = lake(6.0, 0.0);
    type.mode = LiquidMode::SetType;
    type.liquidType = core::liquid_type::Magma;
    const glm::dvec2 spot = centre + glm::dvec2(10.0, 10.0); // inside tile (32, 32)'s south-east chunk
    {
        core::LiquidStroke s(*doc, type);
        s.dab(spot);
        QVERIFY(s.finish());
    }
    int magma = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* in = layerOf(*doc, c);
        if (!in) {
            continue;
        }
        bool reached = false;
        const QuadMask cov = core::instanceCoverage(*in);
        for (int q = 0; q < 64; ++q) {
            reached |= (cov >> q & 1) && glm::length(quadCentre(c, q % 8, q / 8) - spot) < 6.0;
        }
        QCOMPARE(int(in->liquidType), int(reached ? core::liquid_type::Magma : core::liquid_type::Water));
        magma += reached ? 1 : 0;
    }
    QCOMPARE(magma, 1);
}

void TestLiquidEdit::attributesFollowCoverage() {
    // Corpus chunk 254 (row 15, col 14): full ocean with fishable everywhere and deep bits.
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    const TileCoord t{42, 29};
    auto doc = tests::corpusMap(bytes, t);
    QVERIFY(doc);
    const ChunkCoord c{t, 15, 14};
    const io::LiquidChunk before = *doc->liquid(c);
    QVERIFY(before.attributes && before.attributes->deep != 0);
    core::LiquidSettings rm = lake(6.0, 0.0);
    rm.mode = LiquidMode::Remove;
    const glm::dvec2 spot = quadCentre(c, 6, 6); // a deep quad
    QVERIFY(before.attributes->deep & core::quadBit(6, 6));
    core::LiquidStroke s(*doc, rm);
    s.dab(spot);
    QVERIFY(s.finish());
    const io::LiquidChunk& after = *doc->liquid(c);
    const QuadMask cov = core::instanceCoverage(after.instances.front());
    const QuadMask removed = core::instanceCoverage(before.instances.front()) & ~cov;
    QCOMPARE(removed, core::quadsInDisc(core::toGlobal(c), spot, 6.0));
    QCOMPARE(after.attributes->fishable, before.attributes->fishable & ~removed);
    QCOMPARE(after.attributes->deep, before.attributes->deep & ~removed);
    // Untouched: the remaining depth-only ocean keeps its format, heights and the other depths.
    QCOMPARE(after.instances.front().vertexFormat, std::optional(LiquidVertexFormat::DepthOnly));
    QCOMPARE(int(after.instances.front().liquidObjectOrLvf), 2);
    QVERIFY(after.instances.front().existsBitmap);
    QVERIFY(after.instances.front().depths == before.instances.front().depths);
    // Adding back sets fishable again (deep stays off: nothing invents fatigue).
    core::LiquidSettings add = lake(6.0, 0.0);
    add.liquidType = core::liquid_type::Ocean;
    core::LiquidStroke s2(*doc, add);
    s2.dab(spot);
    s2.finish();
    QCOMPARE(doc->liquid(c)->attributes->fishable, before.attributes->fishable);
    QCOMPARE(doc->liquid(c)->attributes->deep, before.attributes->deep & ~removed);
    QCOMPARE(core::instanceCoverage(doc->liquid(c)->instances.front()),
             core::instanceCoverage(before.instances.front()));
    // The refilled vertices all touched existing water, so they took its values: the instance is back.
    QVERIFY(doc->liquid(c)->instances.front() == before.instances.front());
}

void TestLiquidEdit::layers() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord c{{32, 32}, 7, 7};
    const glm::dvec2 spot = core::chunkOrigin(c) - glm::dvec2(core::kChunkSize / 2.0);
    {
        core::LiquidStroke s(*doc, lake(10.0, 30.0));
        s.dab(spot);
        s.finish();
    }
    // Layer 1: a second instance (magma) over part of the same quads.
    core::LiquidSettings second = lake(5.0, 33.0);
    second.layer = 1;
    second.liquidType = core::liquid_type::Magma;
    {
        core::LiquidStroke s(*doc, second);
        s.dab(spot);
        s.finish();
    }
    QCOMPARE(doc->liquid(c)->instances.size(), std::size_t(2));
    QCOMPARE(int(doc->liquid(c)->instances[1].liquidType), int(core::liquid_type::Magma));
    QCOMPARE(doc->liquid(c)->instances[1].minHeight, 33.0f);
    const QuadMask lower = coverageOf(*doc, c, 0);
    const QuadMask upper = coverageOf(*doc, c, 1);
    QVERIFY(upper != 0 && (upper & ~lower) == 0);
    // Removing layer 0 under the magma: layer 1 keeps the quads fishable.
    core::LiquidSettings rm = lake(5.0, 0.0);
    rm.mode = LiquidMode::Remove;
    {
        core::LiquidStroke s(*doc, rm);
        s.dab(spot);
        s.finish();
    }
    QCOMPARE(coverageOf(*doc, c, 0), lower & ~upper);
    QCOMPARE(coverageOf(*doc, c, 1), upper);
    QCOMPARE(doc->liquid(c)->attributes->fishable, lower);
    // Layer 5 of a chunk with none: created at the next free index; removing a missing layer: nothing.
    const ChunkCoord other{{32, 32}, 2, 2};
    core::LiquidSettings far = lake(8.0, 20.0);
    far.layer = 5;
    {
        core::LiquidStroke s(*doc, far);
        s.dab(core::chunkOrigin(other) - glm::dvec2(core::kChunkSize / 2.0));
        s.finish();
    }
    QCOMPARE(doc->liquid(other)->instances.size(), std::size_t(1));
    far.mode = LiquidMode::Remove;
    core::LiquidStroke s(*doc, far);
    s.dab(core::chunkOrigin(other) - glm::dvec2(core::kChunkSize / 2.0));
    QVERIFY(!s.finish());
}

void TestLiquidEdit::undoRedoByteIdentical() {
    auto doc = tests::hillsMap(kTiles);
    std::map<TileCoord, std::vector<std::byte>> original;
    for (const TileCoord t : kTiles) {
        QVERIFY(!doc->tile(t)->liquids); // generated tiles have no MH2O
        original[t] = bytesOf(*doc, t);
    }
    const glm::dvec2 centre = mapCentre();
    // A lake dragged across the corner, part removed, retyped, tilted and deepened.
    {
        core::LiquidStroke s(*doc, lake(30.0, 28.0));
        for (int i = 0; i < 20; ++i) {
            s.moveTo(centre + glm::dvec2(i * 4.0 - 40.0, i * 2.0 - 20.0));
        }
        QVERIFY(s.finish());
    }
    core::LiquidSettings rm = lake(12.0, 0.0);
    rm.mode = LiquidMode::Remove;
    {
        core::LiquidStroke s(*doc, rm);
        s.moveTo(centre + glm::dvec2(-30.0, -10.0));
        s.moveTo(centre + glm::dvec2(-30.0, 30.0));
        QVERIFY(s.finish());
    }
    core::LiquidSettings type = lake(20.0, 0.0);
    type.mode = LiquidMode::SetType;
    type.liquidType = core::liquid_type::Slime;
    {
        core::LiquidStroke s(*doc, type);
        s.dab(centre + glm::dvec2(20.0, 10.0));
        QVERIFY(s.finish());
    }
    core::LiquidSettings tilt = lake(50.0, 29.0);
    tilt.mode = LiquidMode::SetHeight;
    tilt.heightMode = core::LiquidHeightMode::Plane;
    tilt.angle = -5.0;
    tilt.orientation = 135.0;
    {
        core::LiquidStroke s(*doc, tilt);
        s.dab(centre);
        QVERIFY(s.finish());
    }
    core::LiquidSettings depth = lake(25.0, 0.0);
    depth.mode = LiquidMode::SetDepth;
    {
        core::LiquidStroke s(*doc, depth);
        s.dab(centre + glm::dvec2(5.0, 5.0));
        s.finish(); // may or may not change depths already matching the terrain
    }
    QCOMPARE(liquidSeamMismatches(*doc), 0);
    std::map<TileCoord, std::vector<std::byte>> edited;
    for (const TileCoord t : kTiles) {
        QVERIFY(doc->tile(t)->liquids);
        edited[t] = bytesOf(*doc, t);
        QVERIFY(edited[t] != original[t]);
        // Writer and reader agree on the edited liquids.
        io::AdtReadOptions o;
        o.bigAlpha = true;
        auto back = io::readAdt(edited[t], o);
        QVERIFY(back);
        QVERIFY(back->warnings.empty());
        QVERIFY(back->adt.liquids == doc->tile(t)->liquids);
    }
    while (doc->undoStack()->canUndo()) {
        doc->undoStack()->undo();
    }
    for (const TileCoord t : kTiles) {
        QVERIFY(!doc->tile(t)->liquids); // no MH2O again
        QVERIFY2(bytesOf(*doc, t) == original[t],
                 qPrintable(QStringLiteral("tile %1_%2 after undo").arg(t.x).arg(t.y)));
    }
    QVERIFY(!doc->isModified());
    while (doc->undoStack()->canRedo()) {
        doc->undoStack()->redo();
    }
    for (const TileCoord t : kTiles) {
        QVERIFY2(bytesOf(*doc, t) == edited[t],
                 qPrintable(QStringLiteral("tile %1_%2 after redo").arg(t.x).arg(t.y)));
    }
}

void TestLiquidEdit::removingEverythingDropsCreatedMh2o() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    const TileCoord t{32, 32};
    const auto original = bytesOf(*doc, t);
    const glm::dvec2 spot = core::tileOrigin(t) - glm::dvec2(100.0, 100.0);
    {
        core::LiquidStroke s(*doc, lake(20.0, 30.0));
        s.dab(spot);
        s.finish();
    }
    QVERIFY(doc->tile(t)->liquids);
    core::LiquidSettings rm = lake(40.0, 0.0);
    rm.mode = LiquidMode::Remove;
    {
        core::LiquidStroke s(*doc, rm);
        s.dab(spot);
        QVERIFY(s.finish());
    }
    // The tile had no MH2O: it has none once its liquid is gone, and writes its original bytes.
    QVERIFY(!doc->tile(t)->liquids);
    QVERIFY(bytesOf(*doc, t) == original);
    doc->undoStack()->undo();
    QVERIFY(doc->tile(t)->liquids);
    doc->undoStack()->redo();
    QVERIFY(!doc->tile(t)->liquids);
    QVERIFY(bytesOf(*doc, t) == original);
}

void TestLiquidEdit::corpusOceanExtendsAndUndoes() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    const TileCoord t{42, 29};
    auto doc = tests::corpusMap(bytes, t);
    QVERIFY(doc);
    QVERIFY(bytesOf(*doc, t) == bytes);
    // Ocean at height 0 painted along the coast of chunks 237/238 (row 14, cols 13..14).
    const ChunkCoord coast{t, 14, 13};
    core::LiquidSettings ocean = lake(12.0, 0.0);
    ocean.liquidType = core::liquid_type::Ocean;
    core::LiquidStroke s(*doc, ocean);
    for (int i = 0; i < 10; ++i) {
        s.moveTo(core::chunkOrigin(coast) - glm::dvec2(20.0, i * 5.0));
    }
    QVERIFY(s.finish());
    const auto edited = bytesOf(*doc, t);
    QVERIFY(edited != bytes);
    QCOMPARE(liquidSeamMismatches(*doc), 0);
    // Ocean at 0 stays depth-only, with Blizzard's depths for the new vertices.
    for (int i = 0; i < 256; ++i) {
        const ChunkCoord c{t, i / 16, i % 16};
        const auto* in = layerOf(*doc, c);
        if (!in) {
            continue;
        }
        QCOMPARE(int(in->liquidType), int(core::liquid_type::Ocean));
        if (!in->vertexFormat) {
            continue; // chunk 255, untouched
        }
        QCOMPARE(in->vertexFormat, std::optional(LiquidVertexFormat::DepthOnly));
        const core::LiquidRaster r = core::toRaster(*in);
        const auto* ch = doc->chunk(c);
        for (int v = 0; v < 81; ++v) {
            if (!core::vertexUsed(r.coverage, v % 9, v / 9)) {
                continue;
            }
            const double terrain =
                double(ch->position.z) + ch->heights[std::size_t(core::outerIndex(v / 9, v % 9))];
            QCOMPARE(int(r.depths[std::size_t(v)]), int(core::depthBelow(0.0, terrain)));
        }
    }
    io::AdtReadOptions o;
    o.bigAlpha = false;
    auto back = io::readAdt(edited, o);
    QVERIFY(back);
    QVERIFY(back->adt.liquids == doc->tile(t)->liquids);
    doc->undoStack()->undo();
    QVERIFY(bytesOf(*doc, t) == bytes);
    doc->undoStack()->redo();
    QVERIFY(bytesOf(*doc, t) == edited);
}

void TestLiquidEdit::cancelRestores() {
    auto doc = tests::hillsMap({{32, 32}});
    const auto before = bytesOf(*doc, {32, 32});
    tests::ChangeLog log(*doc);
    core::LiquidStroke s(*doc, lake(30.0, 40.0));
    s.dab(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    QVERIFY(s.touchedChunks() > 0);
    QVERIFY(doc->tile({32, 32})->liquids);
    const auto dirty = log.take();
    QVERIFY(!dirty.isEmpty());
    for (const auto bits : dirty) {
        QCOMPARE(bits, core::dirty::Liquid);
    }
    s.cancel();
    QVERIFY(!doc->tile({32, 32})->liquids);
    QVERIFY(bytesOf(*doc, {32, 32}) == before);
    QCOMPARE(doc->undoStack()->count(), 0);
}

QTEST_GUILESS_MAIN(TestLiquidEdit)
#include "test_liquid_edit.moc"
