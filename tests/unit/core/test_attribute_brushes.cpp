// Chunk-attribute brushes (core/kernels/chunk_brushes.h, core/edit/attribute_strokes.h): hole, shadow and
// colour bit orders against hand-computed masks, radius and falloff behaviour of the kernels, and the strokes
// on generated and corpus tiles: one undo step per stroke across chunk and tile borders, undo back to the
// original bytes, redo to the edited bytes, vertex colours identical on shared border vertices,
// chunkHoleAt agreeing with the holes cut, and the corpus chunk with holes read and kept.

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/attribute_strokes.h"
#include "core/geometry/chunk_height.h"
#include "core/kernels/chunk_brushes.h"
#include "io/adt/adt_layout.h"
#include "support/change_log.h"
#include "support/gated_tiles.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <glm/geometric.hpp>

#include <cmath>
#include <cstring>
#include <map>
#include <random>
#include <set>

using namespace mapsmith;
using core::ChunkCoord;
using core::kChunkSize;
using core::kUnitSize;
using core::TileCoord;

namespace {

const std::vector<TileCoord> kFourTiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
const TileCoord kCorpusTile{42, 29};
const ChunkCoord kCorpusHoleChunk{kCorpusTile, 7, 11}; // chunk 123 of continent4229, holes 0xA000

// The corner shared by the four tiles of kFourTiles.
glm::dvec2 mapCentre() {
    return core::tileOrigin({33, 33});
}

// A chunk-local point (south, east yards from the north-west corner) in world coordinates.
glm::dvec2 local(glm::dvec2 origin, double south, double east) {
    return origin - glm::dvec2(south, east);
}

std::vector<std::byte> bytesOf(const core::MapDocument& doc, TileCoord t) {
    return io::writeAdt(*doc.tile(t));
}

std::map<TileCoord, std::vector<std::byte>> snapshot(const core::MapDocument& doc) {
    std::map<TileCoord, std::vector<std::byte>> out;
    for (const auto t : doc.loadedTiles()) {
        out[t] = bytesOf(doc, t);
    }
    return out;
}

void undoAll(core::MapDocument& doc) {
    while (doc.undoStack()->canUndo()) {
        doc.undoStack()->undo();
    }
}

void redoAll(core::MapDocument& doc) {
    while (doc.undoStack()->canRedo()) {
        doc.undoStack()->redo();
    }
}

std::vector<ChunkCoord> allChunks(const core::MapDocument& doc) {
    std::vector<ChunkCoord> out;
    for (const auto t : doc.loadedTiles()) {
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            out.push_back({t, i / 16, i % 16});
        }
    }
    return out;
}

std::uint32_t colourOf(const io::MapChunk& ch, int vertex) {
    return ch.vertexColors ? (*ch.vertexColors)[std::size_t(vertex)] : core::kNeutralColour;
}

// Outer vertices stored by two or more loaded chunks whose colours differ (no MCCV = neutral).
int colourSeamMismatches(const core::MapDocument& doc) {
    int bad = 0;
    for (const ChunkCoord& c : allChunks(doc)) {
        const auto* ch = doc.chunk(c);
        const auto g = core::toGlobal(c);
        // Compare this chunk's east column and south row with the neighbour storing them.
        const ChunkCoord east = core::fromGlobal({g.gx + 1, g.gy});
        const ChunkCoord south = core::fromGlobal({g.gx, g.gy + 1});
        if (const auto* e = doc.chunk(east)) {
            for (int r = 0; r <= 8; ++r) {
                bad += colourOf(*ch, core::outerIndex(r, 8)) != colourOf(*e, core::outerIndex(r, 0));
            }
        }
        if (const auto* s = doc.chunk(south)) {
            for (int col = 0; col <= 8; ++col) {
                bad += colourOf(*ch, core::outerIndex(8, col)) != colourOf(*s, core::outerIndex(0, col));
            }
        }
    }
    return bad;
}

// The bytes of each MCNK of a v18 file, in file order (found by walking its chunks).
std::vector<std::vector<std::byte>> mcnkBytes(const std::vector<std::byte>& file) {
    io::Diagnostics diag;
    std::vector<std::vector<std::byte>> out;
    for (const io::ChunkEntry& e : io::listAdtChunks(file, diag)) {
        if (e.id == io::chunk::MCNK && e.mcnkIndex < 0) {
            const auto from = file.begin() + std::ptrdiff_t(e.offset);
            out.emplace_back(from, from + std::ptrdiff_t(8 + e.size));
        }
    }
    return out;
}

// A one-tile document of continent4229 as another tool would have written it (tests/support/gated_tiles.h).
std::pair<std::unique_ptr<core::MapDocument>, std::vector<std::byte>> gatedCorpusMap(tests::GatedVariant v) {
    const auto corpus = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto read = io::readAdt(corpus, options);
    if (!read) {
        return {};
    }
    auto bytes = io::writeAdt(tests::gatedVariant(read->adt, v));
    return {tests::corpusMap(bytes, kCorpusTile), bytes};
}

bool strictlyInside(glm::dvec2 p, glm::dvec2 centre, double radius) {
    return glm::length(p - centre) < radius;
}

core::BrushSettings disc(double radius) {
    core::BrushSettings b;
    b.radius = radius;
    return b;
}

} // namespace

class TestAttributeBrushes : public QObject {
    Q_OBJECT
private slots:
    // Kernels.
    void lowResHoleBitsMatchSpec();
    void highResHoleBitsMatchSpec();
    void holeMasksTranslate();
    void holeRadiusIsStrictOnCentres();
    void holeDabCutsAndRemoves();
    void kernelHolesAgreeWithChunkHoleAt();
    void colourBytesAreBgra();
    void colourBlendFollowsWeight();
    void colourBlendReachesTarget();
    void shadowBitsAreLsbFirstRowMajor();
    void shadowDabCoversCentresInsideRadius();
    void chunkPickOverlapAndCentre();
    // Strokes.
    void holeStrokeAcrossTileCorner();
    void holeStrokeHighResOption();
    void corpusHoleChunkReadAndKept();
    void colourStrokeSeamsAcrossChunksAndTiles();
    void colourEraseDropsNeutralMccv();
    void colourPressureScales();
    void shadowStrokeCreatesAndEdits();
    void shadowStrokeOnCorpus();
    void colourStrokeOnDisabledMccv_data();
    void colourStrokeOnDisabledMccv();
    void shadowStrokeOnDisabledMcsh();
    void areaIdStrokePicksChunks();
    void impassableStrokeSetsAndClears();
    void dirtyBitsNameTheAttribute();
    void cancelRestores();
    void mixedStrokesUndoRedoByteIdentical_data();
    void mixedStrokesUndoRedoByteIdentical();
    void corpusStrokesUndoRedoByteIdentical();
};

// ---- Kernels -----------------------------------------------------------------------------------------

void TestAttributeBrushes::lowResHoleBitsMatchSpec() {
    const glm::dvec2 o{1000.0, -2000.0};
    // A tiny dab on a cell's centre (the shared corner of its 2x2 quads) picks that cell alone.
    const auto cellAt = [&](int row, int col) {
        return core::lowResCellsInBrush(o, local(o, (2 * row + 1) * kUnitSize, (2 * col + 1) * kUnitSize),
                                        0.5);
    };
    // The spec's table: 0x1 0x2 0x4 0x8 / 0x10 ... / 0x1000 0x2000 0x4000 0x8000.
    QCOMPARE(cellAt(0, 0), std::uint16_t(0x0001));
    QCOMPARE(cellAt(0, 3), std::uint16_t(0x0008));
    QCOMPARE(cellAt(1, 2), std::uint16_t(0x0040));
    QCOMPARE(cellAt(2, 1), std::uint16_t(0x0200));
    QCOMPARE(cellAt(3, 0), std::uint16_t(0x1000));
    QCOMPARE(cellAt(3, 3), std::uint16_t(0x8000));
    // A radius reaching the four middle cell centres (sqrt(2) units from the chunk centre).
    const glm::dvec2 mid = local(o, kChunkSize / 2.0, kChunkSize / 2.0);
    QCOMPARE(core::lowResCellsInBrush(o, mid, std::sqrt(2.0) * kUnitSize + 0.01), std::uint16_t(0x0660));
    // Far away: nothing.
    QCOMPARE(core::lowResCellsInBrush(o, local(o, 200.0, 0.0), 20.0), std::uint16_t(0));
}

void TestAttributeBrushes::highResHoleBitsMatchSpec() {
    const glm::dvec2 o{1000.0, -2000.0};
    const auto quadAt = [&](int row, int col) {
        return core::quadsInBrush(o, local(o, (row + 0.5) * kUnitSize, (col + 0.5) * kUnitSize), 0.5);
    };
    // Byte `row` of the 8-byte map, bit `col`: as a little-endian uint64, bit row * 8 + col.
    QCOMPARE(quadAt(0, 0), std::uint64_t(0x1));
    QCOMPARE(quadAt(0, 7), std::uint64_t(0x80));
    QCOMPARE(quadAt(1, 0), std::uint64_t(0x100));
    QCOMPARE(quadAt(2, 5), std::uint64_t(1) << 21);
    QCOMPARE(quadAt(7, 7), std::uint64_t(0x8000000000000000ull));
    // The byte layout on disk: Holes[row] >> col & 1.
    const std::uint64_t m = quadAt(5, 3);
    std::uint8_t bytes[8];
    std::memcpy(bytes, &m, 8); // little-endian host (x86-64, as the file)
    QCOMPARE(int(bytes[5]), 1 << 3);
}

void TestAttributeBrushes::holeMasksTranslate() {
    QCOMPARE(core::lowToHighResHoles(0x0001), std::uint64_t(0x0303));
    QCOMPARE(core::lowToHighResHoles(0x0008), std::uint64_t(0xC0C0));
    QCOMPARE(core::lowToHighResHoles(0x8000), std::uint64_t(0xC0C0000000000000ull));
    // The corpus chunk's mask 0xA000: cells (3, 1) and (3, 3) = quad rows 6-7, columns 2-3 and 6-7.
    QCOMPARE(core::lowToHighResHoles(0xA000), std::uint64_t(0xCCCC000000000000ull));
    QCOMPARE(core::lowToHighResHoles(0xFFFF), core::kAllHighResHoles);
    // Round trip over every low-res mask.
    for (int m = 0; m <= 0xFFFF; ++m) {
        if (core::highToLowResHoles(core::lowToHighResHoles(std::uint16_t(m))) != m) {
            QFAIL(qPrintable(QStringLiteral("round trip of 0x%1").arg(m, 4, 16, QLatin1Char('0'))));
        }
    }
    // A cell only partly holed is not a low-res hole.
    QCOMPARE(core::highToLowResHoles(0x0103), std::uint16_t(0));
    QCOMPARE(core::highToLowResHoles(0x0303 | 0x0400), std::uint16_t(0x1));
}

void TestAttributeBrushes::holeRadiusIsStrictOnCentres() {
    const glm::dvec2 o{0.0, 0.0};
    const glm::dvec2 mid = local(o, kChunkSize / 2.0, kChunkSize / 2.0);
    const double quadCentre = std::sqrt(2.0) * kUnitSize / 2.0; // to the four middle quad centres
    QCOMPARE(core::quadsInBrush(o, mid, quadCentre - 1e-6), std::uint64_t(0));
    // Quads (3,3), (3,4), (4,3), (4,4).
    const std::uint64_t four = (std::uint64_t(0x18) << 24) | (std::uint64_t(0x18) << 32);
    QCOMPARE(core::quadsInBrush(o, mid, quadCentre + 1e-6), four);
    // A whole chunk: every quad centre is within 3.5 * sqrt(2) units of the middle.
    QCOMPARE(core::quadsInBrush(o, mid, 3.5 * std::sqrt(2.0) * kUnitSize + 1e-6), core::kAllHighResHoles);
    QCOMPARE(core::lowResCellsInBrush(o, mid, 3.0 * std::sqrt(2.0) * kUnitSize + 1e-6),
             core::kAllLowResHoles);
    QCOMPARE(core::lowResCellsInBrush(o, mid, 3.0 * std::sqrt(2.0) * kUnitSize - 1e-6),
             std::uint16_t(0x6FF6));
    // Exhaustively against an independent distance test for a brush off the chunk's corner.
    const glm::dvec2 centre = local(o, -3.0, 11.0);
    const double r = 17.0;
    const std::uint64_t quads = core::quadsInBrush(o, centre, r);
    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 8; ++col) {
            const bool in =
                strictlyInside(local(o, (row + 0.5) * kUnitSize, (col + 0.5) * kUnitSize), centre, r);
            QCOMPARE(((quads >> (row * 8 + col)) & 1u) != 0, in);
        }
    }
    // A centre exactly at the radius is outside: origins chosen so that the first quad / cell / shadow
    // cell centre is exactly (0, 0) and the distance exactly 2.
    const glm::dvec2 quadOrigin{0.5 * kUnitSize, 0.5 * kUnitSize};
    QCOMPARE(core::quadsInBrush(quadOrigin, {2.0, 0.0}, 2.0), std::uint64_t(0));
    QCOMPARE(core::quadsInBrush(quadOrigin, {2.0, 0.0}, 2.0 + 1e-9), std::uint64_t(1));
    const glm::dvec2 cellOrigin{kUnitSize, kUnitSize};
    QCOMPARE(core::lowResCellsInBrush(cellOrigin, {0.0, -2.0}, 2.0), std::uint16_t(0));
    QCOMPARE(core::lowResCellsInBrush(cellOrigin, {0.0, -2.0}, 2.0 + 1e-9), std::uint16_t(1));
    const double cell = kChunkSize / 64.0;
    core::ShadowMap shadow{};
    QVERIFY(!core::applyShadowDab(shadow, true, {0.5 * cell, 0.5 * cell}, {0.0, 2.0}, 2.0));
    QVERIFY(core::applyShadowDab(shadow, true, {0.5 * cell, 0.5 * cell}, {0.0, 2.0}, 2.0 + 1e-9));
    QVERIFY(core::shadowAt(shadow, 0, 0));
    // NaN and non-positive radii pick nothing.
    QCOMPARE(core::quadsInBrush(o, mid, 0.0), std::uint64_t(0));
    QCOMPARE(core::quadsInBrush(o, mid, std::nan("")), std::uint64_t(0));
}

void TestAttributeBrushes::holeDabCutsAndRemoves() {
    const glm::dvec2 o{0.0, 0.0};
    const glm::dvec2 cell00 = local(o, kUnitSize, kUnitSize);
    QCOMPARE(core::applyLowResHoleDab(0x8000, core::HoleMode::Cut, o, cell00, 1.0), std::uint16_t(0x8001));
    QCOMPARE(core::applyLowResHoleDab(0x8001, core::HoleMode::Remove, o, cell00, 1.0), std::uint16_t(0x8000));
    QCOMPARE(core::applyLowResHoleDab(0x8001, core::HoleMode::Remove, o, cell00, 1.0 / 1024),
             std::uint16_t(0x8000));
    // High-res at cell resolution: the four quads of the cell; at quad resolution: the quad alone.
    const glm::dvec2 quad11 = local(o, 1.5 * kUnitSize, 1.5 * kUnitSize);
    QCOMPARE(core::applyHighResHoleDab(0, core::HoleMode::Cut, false, o, quad11, 1.0), std::uint64_t(0));
    QCOMPARE(core::applyHighResHoleDab(0, core::HoleMode::Cut, false, o, cell00, 1.0), std::uint64_t(0x0303));
    QCOMPARE(core::applyHighResHoleDab(0, core::HoleMode::Cut, true, o, quad11, 1.0), std::uint64_t(0x0200));
    QCOMPARE(core::applyHighResHoleDab(core::kAllHighResHoles, core::HoleMode::Remove, true, o, quad11, 1.0),
             ~std::uint64_t(0x0200));
}

void TestAttributeBrushes::kernelHolesAgreeWithChunkHoleAt() {
    io::MapChunk ch;
    ch.position = {1000.0f, -2000.0f, 0.0f};
    const glm::dvec2 o{1000.0, -2000.0};
    std::mt19937 rng{7};
    std::uniform_real_distribution<double> pos(-10.0, kChunkSize + 10.0);
    for (int i = 0; i < 40; ++i) {
        const glm::dvec2 centre = local(o, pos(rng), pos(rng));
        const double r = 2.0 + (rng() % 150) * 0.1;
        const bool high = i % 2 == 1;
        ch.flags = high ? io::mcnk_flags::HighResHoles : 0;
        ch.holesLowRes = core::lowResCellsInBrush(o, centre, r);
        ch.holesHighRes = core::quadsInBrush(o, centre, r);
        for (int row = 0; row < 8; ++row) {
            for (int col = 0; col < 8; ++col) {
                // Inside the quad (away from its borders): hole iff its centre / its cell's centre is inside.
                const glm::dvec2 p = local(o, (row + 0.3) * kUnitSize, (col + 0.6) * kUnitSize);
                const glm::dvec2 test =
                    high ? local(o, (row + 0.5) * kUnitSize, (col + 0.5) * kUnitSize)
                         : local(o, (row / 2 * 2 + 1) * kUnitSize, (col / 2 * 2 + 1) * kUnitSize);
                QCOMPARE(core::chunkHoleAt(ch, p), strictlyInside(test, centre, r));
            }
        }
    }
}

void TestAttributeBrushes::colourBytesAreBgra() {
    QCOMPARE(core::kNeutralColour, core::packBgra(0x7F, 0x7F, 0x7F, 0x7F));
    const std::uint32_t c = core::packBgra(0x11, 0x22, 0x33, 0x44);
    std::uint8_t bytes[4];
    std::memcpy(bytes, &c, 4);     // as written to MCCV (little-endian)
    QCOMPARE(int(bytes[0]), 0x33); // blue
    QCOMPARE(int(bytes[1]), 0x22); // green
    QCOMPARE(int(bytes[2]), 0x11); // red
    QCOMPARE(int(bytes[3]), 0x44); // alpha
    QCOMPARE(int(core::colourRed(c)), 0x11);
    QCOMPARE(int(core::colourGreen(c)), 0x22);
    QCOMPARE(int(core::colourBlue(c)), 0x33);
    QCOMPARE(int(core::colourAlpha(c)), 0x44);
    QCOMPARE(core::packBgra(1, 2, 3), std::uint32_t(0x7F010203));
}

void TestAttributeBrushes::colourBlendFollowsWeight() {
    core::VertexColourBrushSettings s;
    s.brush.radius = 10.0;
    s.brush.hardness = 0.2;
    s.brush.falloff = core::Falloff::Linear;
    s.brush.strength = 1.0;
    s.colour = core::packBgra(0xFF, 0x00, 0x7F, 0x7F);
    // Vertices along a line from the centre outwards.
    std::vector<glm::dvec2> positions;
    for (int i = 0; i <= 12; ++i) {
        positions.push_back({double(i), 0.0});
    }
    std::vector<std::uint32_t> colours(positions.size(), core::kNeutralColour);
    core::applyColourDab(s, {0.0, 0.0}, positions, colours);
    // Inside the inner radius (2 yd), weight 1: exactly the target.
    QCOMPARE(colours[0], s.colour);
    QCOMPARE(colours[2], s.colour);
    // At and beyond the rim: untouched.
    QCOMPARE(colours[10], core::kNeutralColour);
    QCOMPARE(colours[12], core::kNeutralColour);
    // In the band: red rises and green falls monotonically with weight; k = 1 - (d - 2) / 8.
    for (int i = 3; i < 10; ++i) {
        QVERIFY(core::colourRed(colours[i]) <= core::colourRed(colours[i - 1]));
        QVERIFY(core::colourGreen(colours[i]) >= core::colourGreen(colours[i - 1]));
        const double k = 1.0 - (i - 2) / 8.0;
        QCOMPARE(int(core::colourRed(colours[i])), 0x7F + int(std::ceil(k * (0xFF - 0x7F) - 1e-9)));
        QCOMPARE(int(core::colourGreen(colours[i])), 0x7F - int(std::ceil(k * 0x7F - 1e-9)));
        QCOMPARE(int(core::colourBlue(colours[i])), 0x7F); // already at the target
        QCOMPARE(int(core::colourAlpha(colours[i])), 0x7F);
    }
    // Strength 0.5 halves the step (ceil), pressure multiplies strength.
    s.brush.strength = 0.5;
    std::vector<std::uint32_t> half(positions.size(), core::kNeutralColour);
    core::applyColourDab(s, {0.0, 0.0}, positions, half);
    QCOMPARE(int(core::colourRed(half[0])), 0x7F + 64);
    s.brush.strength = 1.0;
    s.brush.pressure = 0.5;
    std::vector<std::uint32_t> pressed(positions.size(), core::kNeutralColour);
    core::applyColourDab(s, {0.0, 0.0}, positions, pressed);
    QVERIFY(pressed == half);
    // Zero strength or pressure: nothing.
    s.brush.pressure = 0.0;
    std::vector<std::uint32_t> none(positions.size(), core::kNeutralColour);
    core::applyColourDab(s, {0.0, 0.0}, positions, none);
    QVERIFY(std::all_of(none.begin(), none.end(), [](std::uint32_t v) { return v == core::kNeutralColour; }));
}

void TestAttributeBrushes::colourBlendReachesTarget() {
    core::VertexColourBrushSettings s;
    s.brush = disc(10.0);
    s.brush.strength = 0.05;
    s.colour = core::packBgra(0x80, 0x10, 0xF0, 0x7F);
    const std::vector<glm::dvec2> positions{{0.0, 0.0}, {9.0, 0.0}};
    std::vector<std::uint32_t> colours{core::kNeutralColour, core::kNeutralColour};
    // A small k still moves one step per dab, never past the target: repeated dabs end exactly on it.
    core::applyColourDab(s, {0.0, 0.0}, positions, colours);
    QCOMPARE(int(core::colourRed(colours[0])), 0x80);       // 0.05 * 1 rounds up to one step
    QCOMPARE(int(core::colourGreen(colours[0])), 0x7F - 6); // ceil(0.05 * 111)
    for (int i = 0; i < 400; ++i) {
        core::applyColourDab(s, {0.0, 0.0}, positions, colours);
    }
    QCOMPARE(colours[0], s.colour);
    QCOMPARE(colours[1], s.colour); // near the rim too (weight > 0)
    // Erase goes back to neutral whatever the paint colour.
    s.mode = core::ColourMode::Erase;
    s.brush.strength = 1.0;
    core::applyColourDab(s, {0.0, 0.0}, positions, colours);
    QCOMPARE(colours[0], core::kNeutralColour);
    QVERIFY(colours[1] != core::kNeutralColour); // rim: weight < 1
}

void TestAttributeBrushes::shadowBitsAreLsbFirstRowMajor() {
    const auto only = [](int row, int col) {
        core::ShadowMap m{};
        core::setShadow(m, row, col, true);
        return m;
    };
    auto expect = [](std::size_t byte, int value) {
        core::ShadowMap m{};
        m[byte] = std::uint8_t(value);
        return m;
    };
    QVERIFY(only(0, 0) == expect(0, 0x01));
    QVERIFY(only(0, 7) == expect(0, 0x80));
    QVERIFY(only(0, 8) == expect(1, 0x01));
    QVERIFY(only(0, 63) == expect(7, 0x80));
    QVERIFY(only(1, 0) == expect(8, 0x01));
    QVERIFY(only(63, 63) == expect(511, 0x80));
    QVERIFY(only(10, 21) == expect(10 * 8 + 2, 1 << 5));
    core::ShadowMap m = only(10, 21);
    QVERIFY(core::shadowAt(m, 10, 21));
    QVERIFY(!core::shadowAt(m, 10, 20));
    core::setShadow(m, 10, 21, false);
    QVERIFY(m == core::ShadowMap{});
    // A tiny dab on a cell's centre sets that bit alone.
    const glm::dvec2 o{500.0, 500.0};
    const double cell = kChunkSize / 64.0;
    core::ShadowMap dab{};
    QVERIFY(core::applyShadowDab(dab, true, o, local(o, 33.5 * cell, 2.5 * cell), 0.1));
    QVERIFY(dab == only(33, 2));
    QVERIFY(!core::applyShadowDab(dab, true, o, local(o, 33.5 * cell, 2.5 * cell), 0.1)); // no change
}

void TestAttributeBrushes::shadowDabCoversCentresInsideRadius() {
    const glm::dvec2 o{500.0, 500.0};
    const double cell = kChunkSize / 64.0;
    for (const glm::dvec2 c : {local(o, 10.0, 12.0), local(o, -4.0, 30.0), local(o, 33.0, 33.0)}) {
        for (const double r : {0.3, 3.0, 9.7, 60.0}) {
            core::ShadowMap m{};
            core::applyShadowDab(m, true, o, c, r);
            for (int row = 0; row < 64; ++row) {
                for (int col = 0; col < 64; ++col) {
                    const bool in = strictlyInside(local(o, (row + 0.5) * cell, (col + 0.5) * cell), c, r);
                    if (core::shadowAt(m, row, col) != in) {
                        QFAIL(qPrintable(QStringLiteral("cell %1,%2 radius %3").arg(row).arg(col).arg(r)));
                    }
                }
            }
            // Clearing with the same dab gives the empty map back.
            core::applyShadowDab(m, false, o, c, r);
            QVERIFY(m == core::ShadowMap{});
        }
    }
    // Clearing only inside: a full map keeps everything outside.
    core::ShadowMap full;
    full.fill(0xFF);
    QVERIFY(core::applyShadowDab(full, false, o, local(o, 0.0, 0.0), 5.0));
    QVERIFY(!core::shadowAt(full, 0, 0));
    QVERIFY(core::shadowAt(full, 63, 63));
    QVERIFY(core::shadowAt(full, 0, 63));
}

void TestAttributeBrushes::chunkPickOverlapAndCentre() {
    const glm::dvec2 o{0.0, 0.0};
    const glm::dvec2 mid = local(o, kChunkSize / 2.0, kChunkSize / 2.0);
    // 1 yd north of the chunk: overlaps with radius 2, not with radius 1 (strict); centre never.
    const glm::dvec2 north = local(o, -1.0, 10.0);
    QVERIFY(core::chunkInBrush(o, north, 2.0, core::ChunkPick::Overlap));
    QVERIFY(!core::chunkInBrush(o, north, 1.0, core::ChunkPick::Overlap));
    QVERIFY(!core::chunkInBrush(o, north, 2.0, core::ChunkPick::Centre));
    // Inside the chunk: always overlaps; the centre pick needs the radius to reach the middle.
    const glm::dvec2 inCorner = local(o, 2.0, 2.0);
    QVERIFY(core::chunkInBrush(o, inCorner, 0.5, core::ChunkPick::Overlap));
    QVERIFY(!core::chunkInBrush(o, inCorner, 20.0, core::ChunkPick::Centre));
    QVERIFY(core::chunkInBrush(o, inCorner, 21.0, core::ChunkPick::Centre));
    QVERIFY(core::chunkInBrush(o, mid, 0.01, core::ChunkPick::Centre));
    // Diagonal off the south-east corner: distance sqrt(2) * 3.
    const glm::dvec2 se = local(o, kChunkSize + 3.0, kChunkSize + 3.0);
    QVERIFY(!core::chunkInBrush(o, se, 4.2, core::ChunkPick::Overlap));
    QVERIFY(core::chunkInBrush(o, se, 4.3, core::ChunkPick::Overlap));
}

// ---- Strokes -----------------------------------------------------------------------------------------

void TestAttributeBrushes::holeStrokeAcrossTileCorner() {
    auto doc = tests::hillsMap(kFourTiles);
    QVERIFY(doc);
    const auto original = snapshot(*doc);
    const glm::dvec2 centre = mapCentre();
    const double r = 25.0;
    core::HoleStroke stroke(*doc, {disc(r), core::HoleMode::Cut, false});
    stroke.dab(centre);
    QVERIFY(stroke.finish());
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->modifiedTiles().size(), std::size_t(4));
    const auto edited = snapshot(*doc);
    // Every quad of every chunk: a hole exactly when its cell's centre is strictly inside the brush, as
    // chunkHoleAt sees it at the quad's centre (its inner vertex).
    int holes = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* ch = doc->chunk(c);
        QVERIFY(!(ch->flags & io::mcnk_flags::HighResHoles));
        for (int row = 0; row < 8; ++row) {
            for (int col = 0; col < 8; ++col) {
                const glm::dvec2 cellCentre =
                    core::vertexPosition(c, core::outerIndex(row / 2 * 2 + 1, col / 2 * 2 + 1));
                const bool expected = strictlyInside(cellCentre, centre, r);
                const bool got = core::chunkHoleAt(*ch, core::vertexPosition(c, core::innerIndex(row, col)));
                if (got != expected) {
                    QFAIL(qPrintable(QStringLiteral("tile %1_%2 chunk %3,%4 quad %5,%6")
                                         .arg(c.tile.x)
                                         .arg(c.tile.y)
                                         .arg(c.row)
                                         .arg(c.col)
                                         .arg(row)
                                         .arg(col)));
                }
                holes += got;
            }
        }
    }
    QVERIFY(holes > 64); // about pi * 25^2 / 4.17^2 = 113 quads
    // Filling with the same brush restores the original bytes (a second undo step).
    core::HoleStroke fill(*doc, {disc(r), core::HoleMode::Remove, false});
    fill.moveTo(centre);
    QVERIFY(fill.finish());
    QVERIFY(snapshot(*doc) == original);
    undoAll(*doc);
    QVERIFY(snapshot(*doc) == original);
    QVERIFY(!doc->isModified());
    doc->undoStack()->redo();
    QVERIFY(snapshot(*doc) == edited);
}

void TestAttributeBrushes::holeStrokeHighResOption() {
    auto doc = tests::hillsMap({{32, 32}});
    const auto original = snapshot(*doc);
    const ChunkCoord c{{32, 32}, 4, 4};
    const glm::dvec2 o = core::chunkOrigin(c);
    const io::MapChunk* ch = doc->chunk(c);
    // A low-res cell first (the default, WotLK format).
    {
        core::HoleStroke s(*doc, {disc(1.0), core::HoleMode::Cut, false});
        s.dab(local(o, 3.0 * kUnitSize, 3.0 * kUnitSize)); // centre of cell (1, 1)
        QVERIFY(s.finish());
    }
    QCOMPARE(ch->holesLowRes, std::uint16_t(0x0020));
    QVERIFY(!(ch->flags & io::mcnk_flags::HighResHoles));
    // A high-res dab away from every quad centre changes nothing and does not convert.
    {
        core::HoleStroke s(*doc, {disc(1.0), core::HoleMode::Cut, true});
        s.dab(local(o, 2.0 * kUnitSize, 2.0 * kUnitSize)); // a quad corner, 2.9 yd from the centres
        QVERIFY(s.finish() == nullptr);
    }
    QVERIFY(!(ch->flags & io::mcnk_flags::HighResHoles));
    // A high-res dab on quad (0, 7) converts: the cell's quads translated, plus the new quad.
    {
        core::HoleStroke s(*doc, {disc(1.0), core::HoleMode::Cut, true});
        s.dab(local(o, 0.5 * kUnitSize, 7.5 * kUnitSize));
        QVERIFY(s.finish());
    }
    QVERIFY(ch->flags & io::mcnk_flags::HighResHoles);
    QCOMPARE(ch->holesHighRes, core::lowToHighResHoles(0x0020) | (std::uint64_t(1) << 7));
    QCOMPARE(ch->holesLowRes, std::uint16_t(0x0020)); // the fully holed cell
    QVERIFY(core::chunkHoleAt(*ch, local(o, 0.5 * kUnitSize, 7.5 * kUnitSize)));
    QVERIFY(!core::chunkHoleAt(*ch, local(o, 0.5 * kUnitSize, 6.5 * kUnitSize)));
    QVERIFY(core::chunkHoleAt(*ch, local(o, 2.5 * kUnitSize, 3.5 * kUnitSize)));
    // The high-res map goes to disk and reads back (over ofsHeight/ofsNormal).
    {
        auto back = io::readAdt(bytesOf(*doc, {32, 32}));
        QVERIFY(back);
        const auto& rc = back->adt.chunks[std::size_t(c.index())];
        QCOMPARE(rc.holesHighRes, ch->holesHighRes);
        QVERIFY(rc.flags & io::mcnk_flags::HighResHoles);
    }
    // A low-res-mode dab on a high-res chunk works on whole cells and keeps it high-res.
    {
        core::HoleStroke s(*doc, {disc(1.0), core::HoleMode::Remove, false});
        s.dab(local(o, 3.0 * kUnitSize, 3.0 * kUnitSize));
        QVERIFY(s.finish());
    }
    QVERIFY(ch->flags & io::mcnk_flags::HighResHoles);
    QCOMPARE(ch->holesHighRes, std::uint64_t(1) << 7);
    QCOMPARE(ch->holesLowRes, std::uint16_t(0));
    QCOMPARE(doc->undoStack()->count(), 3);
    undoAll(*doc);
    QVERIFY(snapshot(*doc) == original);
}

void TestAttributeBrushes::corpusHoleChunkReadAndKept() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto doc = tests::corpusMap(bytes, kCorpusTile);
    QVERIFY(doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    // Exactly one chunk has holes: chunk 123 (row 7, col 11), low-res 0xA000 = cells (3, 1) and (3, 3).
    int withHoles = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        withHoles += doc->chunk(c)->holesLowRes != 0;
    }
    QCOMPARE(withHoles, 1);
    const io::MapChunk* ch = doc->chunk(kCorpusHoleChunk);
    QCOMPARE(ch->holesLowRes, std::uint16_t(0xA000));
    QVERIFY(!(ch->flags & io::mcnk_flags::HighResHoles));
    const glm::dvec2 o = core::chunkOrigin(kCorpusHoleChunk);
    const auto cellHole = [&](int row, int col) {
        return core::chunkHoleAt(*ch, local(o, (2 * row + 1) * kUnitSize, (2 * col + 1) * kUnitSize));
    };
    for (int row = 0; row < 4; ++row) {
        for (int col = 0; col < 4; ++col) {
            QCOMPARE(cellHole(row, col), row == 3 && (col == 1 || col == 3));
        }
    }
    // Strokes of every kind next to it (not reaching its cells) keep its holes.
    const glm::dvec2 beside = local(o, 4.0, -20.0); // 20 yd west of the chunk, the chunk west of it
    {
        core::HoleStroke s(*doc, {disc(15.0), core::HoleMode::Remove, true});
        s.dab(beside);
        QVERIFY(s.finish() == nullptr); // nothing to remove there
    }
    {
        core::AreaIdStroke s(*doc, {disc(25.0), 1234, core::ChunkPick::Overlap});
        s.dab(beside);
        QVERIFY(s.finish());
    }
    QCOMPARE(ch->areaId, 1234u); // the brush overlaps it
    QCOMPARE(ch->holesLowRes, std::uint16_t(0xA000));
    // Cut cell (0, 0) and fill cell (3, 1).
    {
        core::HoleStroke s(*doc, {disc(2.0), core::HoleMode::Cut, false});
        s.dab(local(o, kUnitSize, kUnitSize));
        QVERIFY(s.finish());
    }
    QCOMPARE(ch->holesLowRes, std::uint16_t(0xA001));
    {
        core::HoleStroke s(*doc, {disc(2.0), core::HoleMode::Remove, false});
        s.dab(local(o, 7.0 * kUnitSize, 3.0 * kUnitSize));
        QVERIFY(s.finish());
    }
    QCOMPARE(ch->holesLowRes, std::uint16_t(0x8001));
    QVERIFY(cellHole(0, 0));
    QVERIFY(!cellHole(3, 1));
    QVERIFY(cellHole(3, 3));
    // The converted form of the corpus mask.
    {
        core::HoleStroke s(*doc, {disc(1.0), core::HoleMode::Cut, true});
        s.dab(local(o, 0.5 * kUnitSize, 7.5 * kUnitSize));
        QVERIFY(s.finish());
    }
    QCOMPARE(ch->holesHighRes, core::lowToHighResHoles(0x8001) | (std::uint64_t(1) << 7));
    const auto edited = bytesOf(*doc, kCorpusTile);
    undoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    redoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == edited);
}

void TestAttributeBrushes::colourStrokeSeamsAcrossChunksAndTiles() {
    auto doc = tests::hillsMap(kFourTiles);
    const auto original = snapshot(*doc);
    core::VertexColourBrushSettings s;
    s.brush = disc(22.0);
    s.brush.strength = 0.6;
    s.colour = core::packBgra(0xE0, 0x30, 0x50);
    core::VertexColourStroke stroke(*doc, s);
    // Along both tile borders and across chunk borders.
    for (int i = -30; i <= 30; ++i) {
        stroke.moveTo(mapCentre() + glm::dvec2(i * 4.0, 0.0));
    }
    for (int i = -30; i <= 30; ++i) {
        stroke.moveTo(mapCentre() + glm::dvec2(std::sin(i * 0.1) * 20.0, i * 4.0));
    }
    QVERIFY(stroke.finish());
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(colourSeamMismatches(*doc), 0);
    // MCCV exists exactly in the chunks a dab reached (within radius of the path), all four tiles.
    std::set<TileCoord> tiles;
    int withMccv = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* ch = doc->chunk(c);
        if (!ch->vertexColors) {
            continue;
        }
        ++withMccv;
        tiles.insert(c.tile);
        QVERIFY(ch->flags & io::mcnk_flags::HasVertexColors);
        QVERIFY(glm::length(core::chunkOrigin(c) - glm::dvec2(kChunkSize / 2.0) - mapCentre()) < 200.0);
    }
    QCOMPARE(tiles.size(), std::size_t(4));
    QVERIFY(withMccv >= 16);
    // The centre vertex (shared by four chunks of four tiles) is painted, in all four.
    const auto g = core::toGlobal({{33, 33}, 0, 0});
    const ChunkCoord holders[] = {core::fromGlobal({g.gx, g.gy}), core::fromGlobal({g.gx - 1, g.gy}),
                                  core::fromGlobal({g.gx, g.gy - 1}), core::fromGlobal({g.gx - 1, g.gy - 1})};
    const int vertices[] = {core::outerIndex(0, 0), core::outerIndex(0, 8), core::outerIndex(8, 0),
                            core::outerIndex(8, 8)};
    const std::uint32_t painted = colourOf(*doc->chunk(holders[0]), vertices[0]);
    QVERIFY(painted != core::kNeutralColour);
    QCOMPARE(int(core::colourRed(painted)), 0xE0); // many dabs at full weight
    for (int i = 0; i < 4; ++i) {
        QCOMPARE(colourOf(*doc->chunk(holders[i]), vertices[i]), painted);
    }
    // The written tiles carry it and read back the same.
    for (const auto t : kFourTiles) {
        auto back = io::readAdt(bytesOf(*doc, t));
        QVERIFY(back);
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            QVERIFY(back->adt.chunks[std::size_t(i)].vertexColors ==
                    doc->chunk({t, i / 16, i % 16})->vertexColors);
        }
    }
    const auto edited = snapshot(*doc);
    undoAll(*doc);
    QVERIFY(snapshot(*doc) == original);
    redoAll(*doc);
    QVERIFY(snapshot(*doc) == edited);
}

void TestAttributeBrushes::colourEraseDropsNeutralMccv() {
    auto doc = tests::hillsMap(kFourTiles);
    const auto original = snapshot(*doc);
    core::VertexColourBrushSettings s;
    s.brush = disc(20.0);
    s.brush.strength = 0.3;
    s.colour = core::packBgra(0x20, 0xF0, 0x40);
    {
        core::VertexColourStroke paint(*doc, s);
        for (int i = 0; i < 20; ++i) {
            paint.moveTo(mapCentre() + glm::dvec2(i * 2.0, -i * 2.0));
        }
        QVERIFY(paint.finish());
    }
    const auto painted = snapshot(*doc);
    QVERIFY(painted != original);
    // Erasing with a bigger brush at full strength brings every vertex back to neutral: the MCCV of
    // every chunk goes and the tiles are byte-identical to before painting.
    core::VertexColourBrushSettings e = s;
    e.mode = core::ColourMode::Erase;
    e.brush = disc(40.0);
    e.brush.falloff = core::Falloff::Flat;
    {
        core::VertexColourStroke erase(*doc, e);
        for (int i = 0; i < 20; ++i) {
            erase.moveTo(mapCentre() + glm::dvec2(i * 2.0, -i * 2.0));
        }
        // No finish(): destroying the stroke finishes it, dropping neutral MCCV too.
    }
    QCOMPARE(doc->undoStack()->count(), 2);
    QVERIFY(snapshot(*doc) == original);
    // Without dropNeutral the erased chunks keep an all-neutral MCCV.
    doc->undoStack()->undo();
    QVERIFY(snapshot(*doc) == painted);
    e.dropNeutral = false;
    {
        core::VertexColourStroke erase(*doc, e);
        for (int i = 0; i < 20; ++i) {
            erase.moveTo(mapCentre() + glm::dvec2(i * 2.0, -i * 2.0));
        }
        QVERIFY(erase.finish());
    }
    int neutralMccv = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto& vc = doc->chunk(c)->vertexColors;
        if (vc) {
            QVERIFY(std::all_of(vc->begin(), vc->end(),
                                [](std::uint32_t v) { return v == core::kNeutralColour; }));
            ++neutralMccv;
        }
    }
    QVERIFY(neutralMccv > 0);
    // An erase stroke over chunks without MCCV changes nothing and pushes nothing.
    undoAll(*doc);
    core::VertexColourStroke nothing(*doc, e);
    nothing.dab(mapCentre());
    QVERIFY(nothing.finish() == nullptr);
}

void TestAttributeBrushes::colourPressureScales() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord c{{32, 32}, 6, 6};
    const glm::dvec2 p = core::vertexPosition(c, core::innerIndex(3, 3));
    core::VertexColourBrushSettings s;
    s.brush = disc(10.0);
    s.brush.strength = 1.0;
    s.colour = core::packBgra(0xFF, 0x7F, 0x7F);
    {
        core::VertexColourStroke zero(*doc, s);
        zero.dab(p, 0.0);
        QVERIFY(zero.finish() == nullptr);
    }
    {
        core::VertexColourStroke half(*doc, s);
        half.dab(p, 0.5);
        QVERIFY(half.finish());
    }
    // Weight 1 at the dab centre (inside the inner radius): half the way, rounded up.
    QCOMPARE(int(core::colourRed(colourOf(*doc->chunk(c), core::innerIndex(3, 3)))), 0x7F + 64);
}

void TestAttributeBrushes::shadowStrokeCreatesAndEdits() {
    auto doc = tests::hillsMap(kFourTiles);
    const auto original = snapshot(*doc);
    // Clearing where there is no MCSH creates nothing.
    {
        core::ShadowStroke s(*doc, {disc(25.0), false});
        s.dab(mapCentre());
        QVERIFY(s.finish() == nullptr);
    }
    const double r = 25.0;
    {
        core::ShadowStroke s(*doc, {disc(r), true});
        s.dab(mapCentre());
        QVERIFY(s.finish());
    }
    const double cell = kChunkSize / 64.0;
    std::set<TileCoord> tiles;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* ch = doc->chunk(c);
        const bool reached =
            core::chunkInBrush(core::chunkOrigin(c), mapCentre(), r, core::ChunkPick::Overlap);
        if (!ch->shadow) {
            QVERIFY(!reached || !core::chunkInBrush(core::chunkOrigin(c), mapCentre(), r - cell,
                                                    core::ChunkPick::Overlap));
            continue;
        }
        tiles.insert(c.tile);
        QCOMPARE(ch->shadow->size(), core::kShadowBytes);
        QVERIFY(ch->flags & io::mcnk_flags::HasShadow);
        core::ShadowMap m;
        std::copy(ch->shadow->begin(), ch->shadow->end(), m.begin());
        const glm::dvec2 o = core::chunkOrigin(c);
        for (int row = 0; row < 64; ++row) {
            for (int col = 0; col < 64; ++col) {
                const bool in =
                    strictlyInside(local(o, (row + 0.5) * cell, (col + 0.5) * cell), mapCentre(), r);
                if (core::shadowAt(m, row, col) != in) {
                    QFAIL("shadow bit differs from the brush disc");
                }
            }
        }
    }
    QCOMPARE(tiles.size(), std::size_t(4));
    const auto edited = snapshot(*doc);
    // Clearing the same disc keeps MCSH (all zero).
    {
        core::ShadowStroke s(*doc, {disc(r), false});
        s.dab(mapCentre());
        QVERIFY(s.finish());
    }
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto& sh = doc->chunk(c)->shadow;
        if (sh) {
            QVERIFY(std::all_of(sh->begin(), sh->end(), [](std::uint8_t b) { return b == 0; }));
        }
    }
    undoAll(*doc);
    QVERIFY(snapshot(*doc) == original);
    doc->undoStack()->redo();
    QVERIFY(snapshot(*doc) == edited);
}

void TestAttributeBrushes::shadowStrokeOnCorpus() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto doc = tests::corpusMap(bytes, kCorpusTile);
    QVERIFY(doc);
    const ChunkCoord c{kCorpusTile, 3, 4};
    const io::MapChunk* ch = doc->chunk(c);
    QVERIFY(ch->shadow && ch->shadow->size() == core::kShadowBytes);
    const glm::dvec2 o = core::chunkOrigin(c);
    const glm::dvec2 mid = local(o, kChunkSize / 2.0, kChunkSize / 2.0);
    const auto before = *ch->shadow;
    {
        core::ShadowStroke s(*doc, {disc(6.0), true});
        s.moveTo(mid);
        QVERIFY(s.finish());
    }
    core::ShadowMap m;
    std::copy(ch->shadow->begin(), ch->shadow->end(), m.begin());
    QVERIFY(core::shadowAt(m, 32, 32));
    QVERIFY(core::shadowAt(m, 32, 22)); // 5 yd west of the middle
    // Outside the disc the corpus bits are kept.
    for (int row = 0; row < 64; ++row) {
        for (int col = 0; col < 64; ++col) {
            const double cell = kChunkSize / 64.0;
            if (!strictlyInside(local(o, (row + 0.5) * cell, (col + 0.5) * cell), mid, 6.0)) {
                core::ShadowMap b;
                std::copy(before.begin(), before.end(), b.begin());
                QCOMPARE(core::shadowAt(m, row, col), core::shadowAt(b, row, col));
            }
        }
    }
    {
        core::ShadowStroke s(*doc, {disc(40.0), false});
        s.dab(mid);
        QVERIFY(s.finish());
    }
    QVERIFY(std::all_of(ch->shadow->begin(), ch->shadow->end(), [](std::uint8_t b) { return b == 0; }));
    const auto edited = bytesOf(*doc, kCorpusTile);
    undoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    redoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == edited);
}

void TestAttributeBrushes::colourStrokeOnDisabledMccv_data() {
    QTest::addColumn<int>("variant");
    QTest::newRow("MCCV zeros, has_mccv clear") << int(tests::GatedVariant::MccvZeros);
    QTest::newRow("MCCV pattern, has_mccv clear") << int(tests::GatedVariant::MccvPattern);
}

// Painting a chunk whose MCCV the client ignores: the chunk first becomes neutral (it looks as before),
// then the stroke paints and has_mccv is set; every other chunk keeps its bytes; one undo step restores.
void TestAttributeBrushes::colourStrokeOnDisabledMccv() {
    QFETCH(int, variant);
    auto [doc, bytes] = gatedCorpusMap(tests::GatedVariant(variant));
    QVERIFY(doc);
    const ChunkCoord c{kCorpusTile, 6, 9};
    const int painted = c.row * 16 + c.col;
    const io::MapChunk before = *doc->chunk(c);
    QVERIFY(before.vertexColors && !(before.flags & io::mcnk_flags::HasVertexColors));

    core::VertexColourBrushSettings s;
    s.brush = disc(5.0);
    s.brush.falloff = core::Falloff::Flat;
    s.colour = core::packBgra(0xE0, 0x30, 0x30);
    const glm::dvec2 o = core::chunkOrigin(c);
    const glm::dvec2 mid = local(o, kChunkSize / 2.0, kChunkSize / 2.0);
    {
        core::VertexColourStroke stroke(*doc, s);
        stroke.dab(mid);
        QVERIFY(stroke.finish());
    }
    QCOMPARE(doc->undoStack()->count(), 1);
    const io::MapChunk& after = *doc->chunk(c);
    QVERIFY(after.flags & io::mcnk_flags::HasVertexColors);
    QCOMPARE(after.flags & ~io::mcnk_flags::HasVertexColors, before.flags);
    int inside = 0;
    for (int v = 0; v < io::kVerticesPerChunk; ++v) {
        const glm::dvec2 p = o + core::vertexOffset(v);
        const std::uint32_t colour = (*after.vertexColors)[std::size_t(v)];
        if (strictlyInside(p, mid, 5.0)) {
            QCOMPARE(colour, s.colour);
            ++inside;
        } else {
            QCOMPARE(colour, core::kNeutralColour); // not the disabled bytes: what the client showed
        }
    }
    QVERIFY(inside > 4);

    // Every other MCNK is byte for byte the same (its MCCV still disabled).
    const auto edited = bytesOf(*doc, kCorpusTile);
    const auto was = mcnkBytes(bytes);
    const auto now = mcnkBytes(edited);
    QCOMPARE(now.size(), std::size_t(256));
    for (int i = 0; i < 256; ++i) {
        if (i != painted) {
            QVERIFY2(now[std::size_t(i)] == was[std::size_t(i)], qPrintable(QString::number(i)));
        }
    }
    doc->undoStack()->undo();
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    doc->undoStack()->redo();
    QVERIFY(bytesOf(*doc, kCorpusTile) == edited);
}

// Shadows the same way: a disabled MCSH counts as no shadow; painting starts from a clear map and sets
// has_mcsh, clearing where nothing shows changes nothing.
void TestAttributeBrushes::shadowStrokeOnDisabledMcsh() {
    auto [doc, bytes] = gatedCorpusMap(tests::GatedVariant::McshOff);
    QVERIFY(doc);
    const ChunkCoord c{kCorpusTile, 3, 4};
    const int painted = c.row * 16 + c.col;
    const io::MapChunk* ch = doc->chunk(c);
    QVERIFY(ch->shadow && !(ch->flags & io::mcnk_flags::HasShadow));
    QVERIFY(std::any_of(ch->shadow->begin(), ch->shadow->end(), [](std::uint8_t b) { return b != 0; }));
    const glm::dvec2 o = core::chunkOrigin(c);
    const glm::dvec2 mid = local(o, kChunkSize / 2.0, kChunkSize / 2.0);
    {
        core::ShadowStroke clear(*doc, {disc(40.0), false});
        clear.dab(mid);
        QVERIFY(!clear.finish()); // nothing shows, nothing to clear
    }
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    {
        core::ShadowStroke paint(*doc, {disc(6.0), true});
        paint.dab(mid);
        QVERIFY(paint.finish());
    }
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(ch->flags & io::mcnk_flags::HasShadow);
    QCOMPARE(ch->shadow->size(), core::kShadowBytes);
    core::ShadowMap m;
    std::copy(ch->shadow->begin(), ch->shadow->end(), m.begin());
    const double cell = kChunkSize / 64.0;
    for (int row = 0; row < 64; ++row) {
        for (int col = 0; col < 64; ++col) {
            QCOMPARE(core::shadowAt(m, row, col),
                     strictlyInside(local(o, (row + 0.5) * cell, (col + 0.5) * cell), mid, 6.0));
        }
    }
    const auto edited = bytesOf(*doc, kCorpusTile);
    const auto was = mcnkBytes(bytes);
    const auto now = mcnkBytes(edited);
    for (int i = 0; i < 256; ++i) {
        if (i != painted) {
            QVERIFY2(now[std::size_t(i)] == was[std::size_t(i)], qPrintable(QString::number(i)));
        }
    }
    doc->undoStack()->undo();
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
}

void TestAttributeBrushes::areaIdStrokePicksChunks() {
    auto doc = tests::hillsMap(kFourTiles);
    const auto original = snapshot(*doc);
    const std::uint32_t baseArea = doc->chunk({{32, 32}, 0, 0})->areaId;
    // Overlap at the four-tile corner with a small radius: the four chunks around the corner.
    {
        core::AreaIdStroke s(*doc, {disc(5.0), 4242, core::ChunkPick::Overlap});
        s.dab(mapCentre());
        QVERIFY(s.finish());
    }
    std::vector<ChunkCoord> changed;
    for (const ChunkCoord& c : allChunks(*doc)) {
        if (doc->chunk(c)->areaId == 4242) {
            changed.push_back(c);
        } else {
            QCOMPARE(doc->chunk(c)->areaId, baseArea);
        }
    }
    QCOMPARE(changed.size(), std::size_t(4));
    std::set<TileCoord> tiles;
    for (const auto& c : changed) {
        tiles.insert(c.tile);
    }
    QCOMPARE(tiles.size(), std::size_t(4));
    // Centre pick with the same small radius at the corner: no chunk centre is within 5 yd.
    {
        core::AreaIdStroke s(*doc, {disc(5.0), 7, core::ChunkPick::Centre});
        s.dab(mapCentre());
        QVERIFY(s.finish() == nullptr);
    }
    // Centre pick with 30 yd: the same four chunks (centres 23.6 yd away), the next ones (52.7 yd) not.
    {
        core::AreaIdStroke s(*doc, {disc(30.0), 7, core::ChunkPick::Centre});
        s.dab(mapCentre());
        QVERIFY(s.finish());
    }
    int sevens = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        sevens += doc->chunk(c)->areaId == 7;
    }
    QCOMPARE(sevens, 4);
    // A stroke: every chunk along the path, one undo step.
    {
        core::AreaIdStroke s(*doc, {disc(10.0), 99, core::ChunkPick::Overlap});
        for (int i = 0; i <= 40; ++i) {
            s.moveTo(mapCentre() + glm::dvec2(-200.0 + i * 10.0, 100.0));
        }
        QVERIFY(s.finish());
    }
    QCOMPARE(doc->undoStack()->count(), 3);
    for (int i = 0; i <= 40; ++i) {
        const glm::dvec2 p = mapCentre() + glm::dvec2(-200.0 + i * 10.0, 100.0);
        QCOMPARE(doc->chunk(core::chunkAt(p))->areaId, 99u);
    }
    undoAll(*doc);
    QVERIFY(snapshot(*doc) == original);
}

void TestAttributeBrushes::impassableStrokeSetsAndClears() {
    auto doc = tests::hillsMap(kFourTiles);
    const auto original = snapshot(*doc);
    {
        core::ImpassableStroke s(*doc, {disc(40.0), true, core::ChunkPick::Overlap});
        s.dab(mapCentre());
        QVERIFY(s.finish());
    }
    int marked = 0;
    for (const ChunkCoord& c : allChunks(*doc)) {
        const auto* ch = doc->chunk(c);
        const bool expected =
            core::chunkInBrush(core::chunkOrigin(c), mapCentre(), 40.0, core::ChunkPick::Overlap);
        QCOMPARE((ch->flags & io::mcnk_flags::Impassable) != 0, expected);
        // Only that bit changed.
        QCOMPARE(ch->flags & ~io::mcnk_flags::Impassable, io::mcnk_flags::DoNotFixAlphaMap);
        marked += expected;
    }
    QCOMPARE(marked, 12); // two chunks each way of the corner (4 x 4) but the diagonal 4, 47 yd off
    const auto edited = snapshot(*doc);
    {
        core::ImpassableStroke s(*doc, {disc(10.0), false, core::ChunkPick::Overlap});
        s.dab(mapCentre());
        QVERIFY(s.finish());
    }
    for (const ChunkCoord& c : allChunks(*doc)) {
        const bool near =
            core::chunkInBrush(core::chunkOrigin(c), mapCentre(), 10.0, core::ChunkPick::Overlap);
        if (near) {
            QVERIFY(!(doc->chunk(c)->flags & io::mcnk_flags::Impassable));
        }
    }
    // The flag reaches the file.
    auto back = io::readAdt(bytesOf(*doc, {32, 32}));
    QVERIFY(back);
    QVERIFY(back->adt.chunks[std::size_t(ChunkCoord{{32, 32}, 15, 14}.index())].flags &
            io::mcnk_flags::Impassable);
    undoAll(*doc);
    QVERIFY(snapshot(*doc) == original);
    doc->undoStack()->redo();
    QVERIFY(snapshot(*doc) == edited);
}

void TestAttributeBrushes::dirtyBitsNameTheAttribute() {
    auto doc = tests::hillsMap({{32, 32}});
    const ChunkCoord c{{32, 32}, 5, 5};
    const glm::dvec2 o = core::chunkOrigin(c);
    const glm::dvec2 mid = o - glm::dvec2(kChunkSize / 2.0);
    const auto key = core::MapDocument::chunkKey(c);
    tests::ChangeLog log(*doc);
    const auto only = [&](std::uint32_t bits) {
        const auto dirty = log.take();
        return dirty.size() == 1 && dirty.value(key) == bits;
    };
    core::HoleStroke(*doc, {disc(6.0), core::HoleMode::Cut, false}).dab(mid);
    QVERIFY(only(core::dirty::Holes));
    // On quad (0, 0), outside the cells just cut.
    core::HoleStroke(*doc, {disc(1.0), core::HoleMode::Cut, true})
        .dab(local(o, 0.5 * kUnitSize, 0.5 * kUnitSize));
    QVERIFY(only(core::dirty::Holes | core::dirty::Flags)); // converted to high-res
    core::VertexColourStroke(*doc, {disc(3.0)}).dab(mid);
    QVERIFY(only(core::dirty::Colour));
    core::ShadowStroke(*doc, {disc(3.0), true}).dab(mid);
    QVERIFY(only(core::dirty::Shadow));
    core::AreaIdStroke(*doc, {disc(3.0), 5, core::ChunkPick::Overlap}).dab(mid);
    QVERIFY(only(core::dirty::Flags));
    core::ImpassableStroke(*doc, {disc(3.0), true, core::ChunkPick::Overlap}).dab(mid);
    QVERIFY(only(core::dirty::Flags));
    // Each temporary stroke finished in its destructor: six undo steps with their command ids.
    QCOMPARE(doc->undoStack()->count(), 6);
    const int ids[] = {int(core::CommandId::HoleStroke),         int(core::CommandId::HoleStroke),
                       int(core::CommandId::VertexColourStroke), int(core::CommandId::ShadowStroke),
                       int(core::CommandId::AreaIdStroke),       int(core::CommandId::ImpassableStroke)};
    for (int i = 0; i < 6; ++i) {
        QCOMPARE(doc->undoStack()->command(i)->id(), ids[i]);
    }
}

void TestAttributeBrushes::cancelRestores() {
    auto doc = tests::hillsMap(kFourTiles);
    const auto original = snapshot(*doc);
    {
        core::HoleStroke s(*doc, {disc(30.0), core::HoleMode::Cut, true});
        s.dab(mapCentre());
        s.cancel();
        s.dab(mapCentre()); // ignored after cancel
        QVERIFY(s.finish() == nullptr);
    }
    {
        core::VertexColourStroke s(*doc, {disc(30.0)});
        s.moveTo(mapCentre());
        QVERIFY(snapshot(*doc) != original);
        s.cancel();
    }
    {
        core::ShadowStroke s(*doc, {disc(30.0), true});
        s.dab(mapCentre());
        s.cancel();
    }
    QVERIFY(snapshot(*doc) == original);
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(!doc->isModified());
}

void TestAttributeBrushes::mixedStrokesUndoRedoByteIdentical_data() {
    QTest::addColumn<int>("seed");
    for (int seed : {1, 2, 3}) {
        QTest::newRow(QByteArray::number(seed)) << seed;
    }
}

void TestAttributeBrushes::mixedStrokesUndoRedoByteIdentical() {
    QFETCH(int, seed);
    auto doc = tests::hillsMap(kFourTiles);
    const auto original = snapshot(*doc);
    std::mt19937 rng{std::uint32_t(seed)};
    std::uniform_real_distribution<double> offset(-250.0, 250.0);
    for (int s = 0; s < 15; ++s) {
        const core::BrushSettings brush = disc(8.0 + rng() % 30);
        std::unique_ptr<core::AttributeStroke> stroke;
        switch (rng() % 5) {
        case 0:
            stroke = std::make_unique<core::HoleStroke>(
                *doc,
                core::HoleBrushSettings{brush, rng() % 3 == 0 ? core::HoleMode::Remove : core::HoleMode::Cut,
                                        rng() % 2 == 0});
            break;
        case 1: {
            core::VertexColourBrushSettings v{brush};
            v.brush.strength = 0.2 + (rng() % 8) * 0.1;
            v.mode = rng() % 3 == 0 ? core::ColourMode::Erase : core::ColourMode::Paint;
            v.colour = core::packBgra(std::uint8_t(rng()), std::uint8_t(rng()), std::uint8_t(rng()));
            stroke = std::make_unique<core::VertexColourStroke>(*doc, v);
            break;
        }
        case 2:
            stroke =
                std::make_unique<core::ShadowStroke>(*doc, core::ShadowBrushSettings{brush, rng() % 3 != 0});
            break;
        case 3:
            stroke = std::make_unique<core::AreaIdStroke>(
                *doc,
                core::AreaIdBrushSettings{brush, std::uint32_t(rng() % 5000),
                                          rng() % 2 ? core::ChunkPick::Centre : core::ChunkPick::Overlap});
            break;
        default:
            stroke = std::make_unique<core::ImpassableStroke>(
                *doc, core::ImpassableBrushSettings{brush, rng() % 3 != 0, core::ChunkPick::Overlap});
            break;
        }
        glm::dvec2 p = mapCentre() + glm::dvec2(offset(rng), offset(rng));
        for (int i = 0; i < 15; ++i) {
            p += glm::dvec2(offset(rng) * 0.06, offset(rng) * 0.06);
            stroke->moveTo(p, 0.3 + (rng() % 8) * 0.1);
        }
        stroke->finish();
    }
    QVERIFY(doc->undoStack()->count() >= 10);
    QCOMPARE(colourSeamMismatches(*doc), 0);
    const auto edited = snapshot(*doc);
    QVERIFY(edited != original);
    undoAll(*doc);
    for (const auto t : kFourTiles) {
        QVERIFY2(bytesOf(*doc, t) == original.at(t),
                 qPrintable(QStringLiteral("tile %1_%2 after undo").arg(t.x).arg(t.y)));
    }
    QVERIFY(!doc->isModified());
    redoAll(*doc);
    for (const auto t : kFourTiles) {
        QVERIFY2(bytesOf(*doc, t) == edited.at(t),
                 qPrintable(QStringLiteral("tile %1_%2 after redo").arg(t.x).arg(t.y)));
    }
}

void TestAttributeBrushes::corpusStrokesUndoRedoByteIdentical() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    auto doc = tests::corpusMap(bytes, kCorpusTile);
    QVERIFY(doc);
    const glm::dvec2 o = core::chunkOrigin(kCorpusHoleChunk);
    const glm::dvec2 start = o + glm::dvec2(40.0, 40.0); // from the north-west, across the hole chunk
    const auto path = [&](core::AttributeStroke& s) {
        for (int i = 0; i < 30; ++i) {
            s.moveTo(start - glm::dvec2(i * 3.0, i * 2.5));
        }
        return s.finish() != nullptr;
    };
    core::VertexColourBrushSettings colour{disc(20.0)};
    colour.colour = core::packBgra(0x30, 0x90, 0xC0);
    core::VertexColourStroke s1(*doc, colour);
    QVERIFY(path(s1));
    core::HoleStroke s2(*doc, {disc(12.0), core::HoleMode::Cut, false});
    QVERIFY(path(s2));
    core::ShadowStroke s3(*doc, {disc(15.0), false});
    QVERIFY(path(s3));
    core::AreaIdStroke s4(*doc, {disc(15.0), 17, core::ChunkPick::Centre});
    QVERIFY(path(s4));
    core::ImpassableStroke s5(*doc, {disc(15.0), true, core::ChunkPick::Overlap});
    QVERIFY(path(s5));
    QCOMPARE(colourSeamMismatches(*doc), 0);
    // The hole chunk kept its corpus holes under the new ones.
    QCOMPARE(doc->chunk(kCorpusHoleChunk)->holesLowRes & 0xA000, 0xA000);
    const auto edited = bytesOf(*doc, kCorpusTile);
    QVERIFY(edited != bytes);
    undoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == bytes);
    redoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == edited);
}

QTEST_GUILESS_MAIN(TestAttributeBrushes)
#include "test_attribute_brushes.moc"
