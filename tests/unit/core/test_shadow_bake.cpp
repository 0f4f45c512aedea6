// Baked shadows (core/kernels/shadow_kernel.h, core/kernels/shadow_field.h, core/edit/bake_shadows.h) on
// tiles made from a height function with a sharp north-south (or east-west) ridge whose shadow edges are
// worked out by hand: the side the shadow falls on, its length for two sun elevations, bit order inside
// the stored bytes, a sun overhead, shadows cast across a tile border by a neighbour that is loaded, not
// loaded or missing, the 63x63 rule, one undo step with has_mcsh set on every chunk, cancel. The kernel's
// surface is checked against chunkHeightAt and its walk against a brute-force march on the corpus tile.

#include "core/convert/tile_factory.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/bake_shadows.h"
#include "core/geometry/chunk_height.h"
#include "core/kernels/chunk_brushes.h"
#include "core/kernels/shadow_field.h"
#include "core/kernels/shadow_kernel.h"
#include "io/adt/adt.h"
#include "io/wdt/wdt.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <functional>
#include <numbers>
#include <optional>
#include <random>

using namespace mapsmith;
using core::ChunkCoord;
using core::kUnitSize;
using core::TileCoord;

namespace {

using HeightFn = std::function<float(double worldX, double worldY)>;

// A tent `height` yards high whose crest runs north-south at lattice column `crestU` (quads from the map's
// west edge, so world y = kMapHalfSize - crestU * kUnitSize), one quad wide on each side; 0 elsewhere.
// The tent is exactly what the client's triangles draw: its crest and feet are on lattice lines.
HeightFn northSouthRidge(double crestU, float height) {
    return [=](double, double worldY) {
        const double u = (core::kMapHalfSize - worldY) / kUnitSize;
        return float(std::max(0.0, double(height) * (1.0 - std::abs(u - crestU))));
    };
}

// The same running east-west at lattice row `crestV`.
HeightFn eastWestRidge(double crestV, float height) {
    return [=](double worldX, double) {
        const double v = (core::kMapHalfSize - worldX) / kUnitSize;
        return float(std::max(0.0, double(height) * (1.0 - std::abs(v - crestV))));
    };
}

// A map of the given tiles built from `height`; `edit` may change each tile before it is stored.
std::unique_ptr<core::MapDocument> functionMap(const std::vector<TileCoord>& tiles, const HeightFn& height,
                                               tests::LoadTiles load = tests::LoadTiles::All,
                                               const std::function<void(io::Adt&)>& edit = {}) {
    io::Wdt wdt;
    wdt.flags = io::mphd_flags::BigAlpha;
    for (const auto t : tiles) {
        wdt.setTile(t.x, t.y, true);
    }
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Ridge"), io::writeWdt(wdt));
    for (const auto t : tiles) {
        core::TileSpec spec;
        spec.tileX = t.x;
        spec.tileY = t.y;
        spec.height = height;
        io::Adt adt = core::createTile(spec);
        adt.bigAlpha = true;
        if (edit) {
            edit(adt);
        }
        source->setTile(t, io::writeAdt(adt));
    }
    auto doc = core::MapDocument::open(std::move(source));
    if (!doc) {
        return nullptr;
    }
    if (load == tests::LoadTiles::All) {
        for (const auto t : tiles) {
            if (!doc.value()->loadTile(t)) {
                return nullptr;
            }
        }
    }
    return std::move(doc.value());
}

core::ShadowMap shadowOf(const core::MapDocument& doc, const ChunkCoord& c) {
    const auto shown = core::shownShadow(*doc.chunk(c));
    return shown ? *shown : core::ShadowMap{};
}

// The 8 bytes of texel row `row` of a chunk's map.
std::array<std::uint8_t, 8> rowBytes(const core::ShadowMap& map, int row) {
    std::array<std::uint8_t, 8> out{};
    std::copy_n(map.begin() + row * 8, 8, out.begin());
    return out;
}

int shadowedCount(const core::ShadowMap& map) {
    int n = 0;
    for (const auto b : map) {
        n += std::popcount(unsigned(b));
    }
    return n;
}

// Shadowed texels west to east along texel row `row` of chunk row `chunkRow` across a whole tile.
std::vector<bool> tileRow(const core::MapDocument& doc, TileCoord t, int chunkRow, int row) {
    std::vector<bool> out;
    for (int col = 0; col < 16; ++col) {
        const auto map = shadowOf(doc, {t, chunkRow, col});
        for (int c = 0; c < 64; ++c) {
            out.push_back(core::shadowAt(map, row, c));
        }
    }
    return out;
}

core::Expected<core::BakeShadowsReport> bake(core::MapDocument& doc, core::SunDirection sun,
                                             std::vector<TileCoord> tiles = {}) {
    core::BakeShadowsSettings settings;
    settings.sun = sun;
    settings.tiles = std::move(tiles);
    return core::bakeShadows(doc, settings);
}

const TileCoord kTile{32, 32}; // world origin at its north-west corner: lattice column u = 32 * 128

} // namespace

class TestShadowBake : public QObject {
    Q_OBJECT
private slots:
    void shadowFallsAwayFromTheSun_data();
    void shadowFallsAwayFromTheSun();
    void lowerSunCastsALongerShadow();
    void sunOverheadCastsNothing();
    void northSunShadowsTheSouth();
    void neighbourTileCastsAcrossTheBorder_data();
    void neighbourTileCastsAcrossTheBorder();
    void damagedTilesAreSkippedOrCastNothing();
    void repeatsTheLastRowAndColumnWithoutDoNotFix();
    void repeatRuleOnAHandMadeMap();
    void oneUndoStepAndFlags();
    void cancelChangesNothing();
    void refusesBadRequests();
    void fieldSurfaceIsTheClientsSurface();
    void walkAgreesWithABruteForceMarch_data();
    void walkAgreesWithABruteForceMarch();
    void reachIsBoundedByTheHeights();
};

// Crest at tile column 64 (chunk columns 7 | 8), 20 yd high. Sun at 45 degrees: the shadow is 20 yd long
// = 4.8 quads = 38.4 texels. East sun: the west foot and slope of the tent and the flat ground back to
// u = 59.2 are dark: in chunk column 7 texels 26..63 (centre (c + 0.5) / 8 > 3.2 quads), every row; bytes
// LSB first: 00 00 00 FC FF FF FF FF. West sun: the mirror image in chunk column 8, texels 0..37: FF FF FF
// FF 3F 00 00 00. Nothing anywhere else.
void TestShadowBake::shadowFallsAwayFromTheSun_data() {
    QTest::addColumn<double>("azimuth");
    QTest::addColumn<int>("darkChunkCol");
    QTest::addColumn<QByteArray>("bytes");
    QTest::newRow("sun in the east") << 90.0 << 7 << QByteArray::fromHex("000000FCFFFFFFFF");
    QTest::newRow("sun in the west") << 270.0 << 8 << QByteArray::fromHex("FFFFFFFF3F000000");
}

void TestShadowBake::shadowFallsAwayFromTheSun() {
    QFETCH(double, azimuth);
    QFETCH(int, darkChunkCol);
    QFETCH(QByteArray, bytes);
    auto doc = functionMap({kTile}, northSouthRidge(32 * 128 + 64, 20.0f));
    QVERIFY(doc);
    const auto report = bake(*doc, {azimuth, 45.0});
    QVERIFY2(report, report ? "" : report.error().describe().c_str());
    QCOMPARE(report->tiles, 1);
    QCOMPARE(report->chunks, 256);
    for (int row = 0; row < 16; ++row) {
        for (int col = 0; col < 16; ++col) {
            const auto map = shadowOf(*doc, {kTile, row, col});
            if (col != darkChunkCol) {
                QVERIFY2(shadowedCount(map) == 0,
                         qPrintable(QStringLiteral("chunk %1,%2").arg(row).arg(col)));
                continue;
            }
            for (int r = 0; r < 64; ++r) {
                const auto got = rowBytes(map, r);
                QCOMPARE(QByteArray(reinterpret_cast<const char*>(got.data()), 8).toHex(), bytes.toHex());
            }
        }
    }
}

// Sun in the east at 25 degrees: 20 / tan(25) = 42.9 yd = 10.29 quads, the edge at u = 53.71 (chunk
// column 6, 45.65 texels in): texels 46..63 of column 6 and all of column 7 dark, 82 per row against 38
// at 45 degrees; the ground east of the crest stays lit.
void TestShadowBake::lowerSunCastsALongerShadow() {
    auto doc = functionMap({kTile}, northSouthRidge(32 * 128 + 64, 20.0f));
    QVERIFY(doc);
    QVERIFY(bake(*doc, {90.0, 45.0}));
    const auto high = tileRow(*doc, kTile, 5, 17);
    QVERIFY(bake(*doc, {90.0, 25.0}));
    const auto low = tileRow(*doc, kTile, 5, 17);
    QCOMPARE(int(std::count(high.begin(), high.end(), true)), 38);
    QCOMPARE(int(std::count(low.begin(), low.end(), true)), 82);
    for (int i = 0; i < 1024; ++i) {
        const bool expectLow = i >= 6 * 64 + 46 && i < 8 * 64;
        QVERIFY2(low[std::size_t(i)] == expectLow, qPrintable(QStringLiteral("texel %1").arg(i)));
        QVERIFY(!high[std::size_t(i)] || low[std::size_t(i)]); // the longer shadow covers the shorter
    }
    QCOMPARE(doc->undoStack()->count(), 2);
}

void TestShadowBake::sunOverheadCastsNothing() {
    auto doc = functionMap({kTile}, northSouthRidge(32 * 128 + 64, 20.0f));
    QVERIFY(doc);
    QVERIFY(bake(*doc, {90.0, 45.0}));
    const auto report = bake(*doc, {123.0, 90.0});
    QVERIFY(report);
    QCOMPARE(report->chunksChanged, 16); // the dark chunk column goes back to lit
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        const ChunkCoord c{kTile, i / 16, i % 16};
        QCOMPARE(shadowedCount(shadowOf(*doc, c)), 0);
        QVERIFY(io::shadowInUse(*doc->chunk(c)));
    }
    // And flat ground under a low sun from anywhere: lit.
    auto flat = functionMap({kTile}, [](double, double) { return 12.5f; });
    QVERIFY(flat);
    QVERIFY(bake(*flat, {200.0, 3.0}));
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        QCOMPARE(shadowedCount(shadowOf(*flat, {kTile, i / 16, i % 16})), 0);
    }
}

// East-west crest at tile row 64 (chunk rows 7 | 8), sun in the north at 45 degrees: the shadow falls
// south of it, texel rows 0..37 of chunk row 8 (byte rows all FF), nothing north.
void TestShadowBake::northSunShadowsTheSouth() {
    auto doc = functionMap({kTile}, eastWestRidge(32 * 128 + 64, 20.0f));
    QVERIFY(doc);
    QVERIFY(bake(*doc, {0.0, 45.0}));
    for (int row = 0; row < 16; ++row) {
        const auto map = shadowOf(*doc, {kTile, row, 3});
        if (row != 8) {
            QCOMPARE(shadowedCount(map), 0);
            continue;
        }
        for (int r = 0; r < 64; ++r) {
            const auto bytes = rowBytes(map, r);
            const std::uint8_t expected = r <= 37 ? 0xFF : 0x00;
            for (const auto b : bytes) {
                QCOMPARE(b, expected);
            }
        }
    }
}

// The crest stands one quad into the eastern tile (33_32); the sun in the east at 45 degrees throws its
// shadow 4.8 quads west, over the border into the western tile (32_32) being baked: chunk column 15,
// texels 34..63 (u > 124.2). Whether the eastern tile is loaded or only read from the map, the result is
// the same and the eastern tile is neither loaded nor modified by the bake; a map without it has no shadow.
void TestShadowBake::neighbourTileCastsAcrossTheBorder_data() {
    QTest::addColumn<bool>("loadEast");
    QTest::addColumn<bool>("eastExists");
    QTest::newRow("east loaded") << true << true;
    QTest::newRow("east read from the map") << false << true;
    QTest::newRow("no east tile") << false << false;
}

void TestShadowBake::neighbourTileCastsAcrossTheBorder() {
    QFETCH(bool, loadEast);
    QFETCH(bool, eastExists);
    const TileCoord west{32, 32};
    const TileCoord east{33, 32};
    std::vector<TileCoord> tiles{west};
    if (eastExists) {
        tiles.push_back(east);
    }
    auto doc = functionMap(tiles, northSouthRidge(33 * 128 + 1, 20.0f), tests::LoadTiles::None);
    QVERIFY(doc);
    QVERIFY(doc->loadTile(west));
    if (loadEast) {
        QVERIFY(doc->loadTile(east));
    }
    const auto report = bake(*doc, {90.0, 45.0}, {west});
    QVERIFY2(report, report ? "" : report.error().describe().c_str());
    QCOMPARE(report->tiles, 1);
    QCOMPARE(doc->tile(east) != nullptr, loadEast);
    QVERIFY(!doc->isTileModified(east));
    QVERIFY(doc->isTileModified(west));
    for (int row = 0; row < 16; ++row) {
        for (int col = 0; col < 16; ++col) {
            const auto map = shadowOf(*doc, {west, row, col});
            if (col != 15 || !eastExists) {
                QCOMPARE(shadowedCount(map), 0);
                continue;
            }
            for (int r = 0; r < 64; ++r) {
                const auto got = rowBytes(map, r);
                QCOMPARE(QByteArray(reinterpret_cast<const char*>(got.data()), 8).toHex(),
                         QByteArray("00000000fcffffff"));
            }
        }
    }
}

// The eastern tile's file is damaged: baking the western one still works, the eastern casts nothing and is
// named in the report; a whole-map bake skips it (named) and bakes the other.
void TestShadowBake::damagedTilesAreSkippedOrCastNothing() {
    const TileCoord west{32, 32};
    const TileCoord east{33, 32};
    io::Wdt wdt;
    wdt.flags = io::mphd_flags::BigAlpha;
    wdt.setTile(west.x, west.y, true);
    wdt.setTile(east.x, east.y, true);
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Damaged"), io::writeWdt(wdt));
    core::TileSpec spec;
    spec.tileX = west.x;
    spec.tileY = west.y;
    spec.height = northSouthRidge(33 * 128 + 1, 20.0f);
    io::Adt adt = core::createTile(spec);
    adt.bigAlpha = true;
    source->setTile(west, io::writeAdt(adt));
    std::vector<std::byte> cut = io::writeAdt(adt);
    cut.resize(cut.size() / 3); // truncated: MCNKs point past the end
    source->setTile(east, cut);
    auto opened = core::MapDocument::open(std::move(source));
    QVERIFY(opened);
    core::MapDocument& doc = **opened;
    QVERIFY(doc.loadTile(west));

    const auto one = bake(doc, {90.0, 45.0}, {west});
    QVERIFY2(one, one ? "" : one.error().describe().c_str());
    QCOMPARE(one->tiles, 1);
    QCOMPARE(int(one->unreadNeighbours.size()), 1);
    QCOMPARE(one->unreadNeighbours.front().tile, std::optional(east));
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        QCOMPARE(shadowedCount(shadowOf(doc, {west, i / 16, i % 16})), 0);
    }

    const auto whole = bake(doc, {270.0, 45.0});
    QVERIFY(whole);
    QCOMPARE(whole->tiles, 1);
    QCOMPARE(int(whole->skipped.size()), 1);
    QCOMPARE(whole->skipped.front().tile, std::optional(east));
    QVERIFY(!whole->skipped.front().describe().empty());
    QCOMPARE(whole->chunksChanged, 0); // flat and already baked: nothing to push

    const auto asked = bake(doc, {270.0, 45.0}, {west, east});
    QVERIFY(!asked);
    QCOMPARE(asked.error().code, core::CoreError::Code::File);
    QCOMPARE(doc.undoStack()->count(), 1);
}

// Crest at u = 72, sun in the east at 30.5 degrees: the edge at u = 63.85, chunk column 7 texel 62.81, so
// the kernel darkens texel column 63 and not 62. Chunks whose do_not_fix_alpha_map flag is clear show
// 63x63 texels: column 63 is stored as a copy of column 62 (lit); chunks with the flag keep it dark.
void TestShadowBake::repeatsTheLastRowAndColumnWithoutDoNotFix() {
    const auto clearFlagInEvenRows = [](io::Adt& adt) {
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            if ((i / 16) % 2 == 0) {
                adt.chunks[std::size_t(i)].flags &= ~io::mcnk_flags::DoNotFixAlphaMap;
            }
        }
    };
    auto doc = functionMap({kTile}, northSouthRidge(32 * 128 + 72, 20.0f), tests::LoadTiles::All,
                           clearFlagInEvenRows);
    QVERIFY(doc);
    QVERIFY(bake(*doc, {90.0, 30.5}));
    for (int row = 0; row < 16; ++row) {
        const ChunkCoord c{kTile, row, 7};
        const bool fixed = (doc->chunk(c)->flags & io::mcnk_flags::DoNotFixAlphaMap) == 0;
        QCOMPARE(fixed, row % 2 == 0);
        const auto map = shadowOf(*doc, c);
        for (int r = 0; r < 64; ++r) {
            QVERIFY(!core::shadowAt(map, r, 62));
            QCOMPARE(core::shadowAt(map, r, 63), !fixed);
        }
        QVERIFY(core::shadowAt(shadowOf(*doc, {kTile, row, 8}), 5, 2)); // the west slope of the tent
    }
}

void TestShadowBake::repeatRuleOnAHandMadeMap() {
    core::ShadowMap map{};
    core::setShadow(map, 62, 10, true); // copied down to row 63
    core::setShadow(map, 63, 20, true); // replaced by row 62's lit texel
    core::setShadow(map, 5, 62, true);  // copied right to column 63
    core::setShadow(map, 6, 63, true);  // replaced
    core::setShadow(map, 62, 62, true); // the corner follows (62, 62)
    const auto fixed = core::finishChunkShadow(map, 0);
    QVERIFY(core::shadowAt(fixed, 63, 10));
    QVERIFY(!core::shadowAt(fixed, 63, 20));
    QVERIFY(core::shadowAt(fixed, 5, 63));
    QVERIFY(!core::shadowAt(fixed, 6, 63));
    QVERIFY(core::shadowAt(fixed, 63, 63));
    QCOMPARE(fixed[std::size_t(63 * 8 + 1)], std::uint8_t(0x04)); // row 63, column 10: byte 1, bit 2
    QCOMPARE(core::finishChunkShadow(map, io::mcnk_flags::DoNotFixAlphaMap), map);
}

void TestShadowBake::oneUndoStepAndFlags() {
    auto doc = functionMap({{32, 32}, {33, 32}}, northSouthRidge(33 * 128 + 1, 20.0f));
    QVERIFY(doc);
    const auto before0 = io::writeAdt(*doc->tile({32, 32}));
    const auto before1 = io::writeAdt(*doc->tile({33, 32}));
    for (const auto t : doc->loadedTiles()) {
        for (const auto& chunk : doc->tile(t)->chunks) {
            QVERIFY(!io::shadowInUse(chunk)); // new tiles have none
        }
    }
    const auto report = bake(*doc, {90.0, 45.0});
    QVERIFY(report);
    QCOMPARE(report->tiles, 2);
    QCOMPARE(report->chunks, 512);
    QCOMPARE(report->chunksChanged, 512);
    QVERIFY(report->pushed);
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->undoStack()->text(0), QStringLiteral("Bake shadows"));
    for (const auto t : doc->loadedTiles()) {
        for (const auto& chunk : doc->tile(t)->chunks) {
            QVERIFY(chunk.flags & io::mcnk_flags::HasShadow);
            QVERIFY(chunk.shadow && chunk.shadow->size() == core::kShadowBytes);
        }
    }
    const auto after0 = io::writeAdt(*doc->tile({32, 32}));
    doc->undoStack()->undo();
    QVERIFY(io::writeAdt(*doc->tile({32, 32})) == before0);
    QVERIFY(io::writeAdt(*doc->tile({33, 32})) == before1);
    QVERIFY(!doc->isModified());
    doc->undoStack()->redo();
    QVERIFY(io::writeAdt(*doc->tile({32, 32})) == after0);

    // The same bake again changes nothing and pushes nothing.
    const auto again = bake(*doc, {90.0, 45.0});
    QVERIFY(again);
    QCOMPARE(again->chunksChanged, 0);
    QVERIFY(!again->pushed);
    QCOMPARE(doc->undoStack()->count(), 1);
}

void TestShadowBake::cancelChangesNothing() {
    auto doc = functionMap({{32, 32}, {33, 32}}, northSouthRidge(33 * 128 + 1, 20.0f));
    QVERIFY(doc);
    const auto before = io::writeAdt(*doc->tile({32, 32}));
    core::BakeShadowsSettings settings;
    settings.sun = {90.0, 45.0};
    int calls = 0;
    const auto report = core::bakeShadows(*doc, settings, [&](int done, int total) {
        ++calls;
        return !(done == 1 && total == 2);
    });
    QVERIFY(!report);
    QCOMPARE(report.error().code, core::CoreError::Code::Cancelled);
    QCOMPARE(calls, 1);
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(io::writeAdt(*doc->tile({32, 32})) == before);
    QVERIFY(!doc->isModified());
}

void TestShadowBake::refusesBadRequests() {
    auto doc = functionMap({kTile}, [](double, double) { return 0.0f; });
    QVERIFY(doc);
    for (const double elevation : {0.0, -5.0, 90.5, std::nan("")}) {
        const auto report = bake(*doc, {90.0, elevation});
        QVERIFY(!report);
        QCOMPARE(report.error().code, core::CoreError::Code::Refused);
    }
    const auto missing = bake(*doc, {90.0, 45.0}, {{10, 10}});
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, core::CoreError::Code::NotInMap);
    QCOMPARE(doc->undoStack()->count(), 0);
}

// The field's triangles are the client's: quadHeight over the corpus tile equals chunkHeightAt at
// random points (within 2e-3 yd: the field blends the float heights in floats).
void TestShadowBake::fieldSurfaceIsTheClientsSurface() {
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
    QVERIFY(read);
    const io::Adt adt = std::move(read->adt);
    const TileCoord t{42, 29};
    const auto field = core::shadowFieldAround(t, 0, [&](TileCoord c) { return c == t ? &adt : nullptr; });
    QCOMPARE(field.quadsX(), 128);
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> pos(0.0, 128.0);
    for (int i = 0; i < 5000; ++i) {
        const double u = pos(rng);
        const double v = pos(rng);
        const int qx = std::min(int(u), 127);
        const int qy = std::min(int(v), 127);
        const double mine = core::quadHeight(field.quad(qx, qy), float(u - qx), float(v - qy));
        const ChunkCoord c{t, qy / 8, qx / 8};
        const io::MapChunk& chunk = adt.chunks[std::size_t(c.index())];
        // The same point of the chunk, placed from its header position.
        const glm::dvec2 world = glm::dvec2(chunk.position.x, chunk.position.y) -
                                 glm::dvec2((v - c.row * 8) * kUnitSize, (u - c.col * 8) * kUnitSize);
        const auto theirs = core::chunkHeightAt(chunk, world);
        QVERIFY(theirs);
        QVERIFY2(std::abs(mine - *theirs) < 2e-3,
                 qPrintable(QStringLiteral("%1 vs %2").arg(mine).arg(*theirs)));
    }
    // Holes cast nothing: the corpus chunk 123 has holes 0xA000.
    const io::MapChunk& holed = adt.chunks[123];
    QVERIFY(core::quadIsHole(holed, 7, 7));
    QVERIFY(!field.quad(11 * 8 + 7, 7 * 8 + 7).present);
    QVERIFY(field.quad(11 * 8, 7 * 8).present);
}

// The accelerated walk (bounds, pyramid) against a plain march in steps of 1/64 quad, over the corpus
// tile (no neighbours) and the middle of 3x3 generated hills tiles (24 quads of them around it), for
// high, low and grazing suns along an axis, on a diagonal and in between: wherever the march sees the
// terrain clearly above the ray (0.05 yd) the kernel says shadowed, and wherever it says shadowed a march
// in steps of 1/512 quad finds terrain at most 0.02 yd below the ray (the march can step past the exact
// peak the walk finds). Rays start at random points (shadowedAt) and at the texel centres bakeChunk bakes.
void TestShadowBake::walkAgreesWithABruteForceMarch_data() {
    QTest::addColumn<bool>("hills");
    QTest::addColumn<double>("azimuth");
    QTest::addColumn<double>("elevation");
    const std::pair<double, double> corpusSuns[] = {
        {135.0, 30.0}, {290.0, 12.0}, {135.0, 45.0}, {135.0, 10.0}, {0.0, 10.0},
        {90.0, 10.0},  {200.0, 10.0}, {180.0, 4.0},  {270.0, 20.0}, {45.0, 60.0}};
    for (const auto& [azimuth, elevation] : corpusSuns) {
        QTest::addRow("corpus %g/%g", azimuth, elevation) << false << azimuth << elevation;
    }
    const std::pair<double, double> hillsSuns[] = {{135.0, 45.0}, {135.0, 10.0}, {0.0, 10.0},
                                                   {90.0, 10.0},  {200.0, 10.0}, {315.0, 3.0}};
    for (const auto& [azimuth, elevation] : hillsSuns) {
        QTest::addRow("hills %g/%g", azimuth, elevation) << true << azimuth << elevation;
    }
}

void TestShadowBake::walkAgreesWithABruteForceMarch() {
    QFETCH(bool, hills);
    QFETCH(double, azimuth);
    QFETCH(double, elevation);
    const core::SunDirection sun{azimuth, elevation};
    std::unique_ptr<core::MapDocument> doc;
    std::optional<io::Adt> adt;
    TileCoord t{42, 29};
    int margin = 0;
    std::function<const io::Adt*(TileCoord)> tileAt;
    if (hills) {
        t = {32, 32};
        margin = 24;
        doc = tests::hillsMap(
            {{31, 31}, {32, 31}, {33, 31}, {31, 32}, {32, 32}, {33, 32}, {31, 33}, {32, 33}, {33, 33}});
        QVERIFY(doc);
        tileAt = [&](TileCoord c) { return doc->tile(c); };
    } else {
        auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
        QVERIFY(read);
        adt = std::move(read->adt);
        tileAt = [&](TileCoord c) { return c == t ? &*adt : nullptr; };
    }
    const auto field = core::shadowFieldAround(t, margin, tileAt);
    const int side = field.quadsX();
    const core::ShadowBaker baker(field, sun);
    const double du = std::sin(sun.azimuth * std::numbers::pi / 180.0);
    const double dv = -std::cos(sun.azimuth * std::numbers::pi / 180.0);
    const double rise = std::tan(sun.elevation * std::numbers::pi / 180.0) * kUnitSize;
    const auto heightAt = [&](double u, double v) {
        const int qx = std::min(int(u), side - 1);
        const int qy = std::min(int(v), side - 1);
        const core::ShadowQuad& q = field.quad(qx, qy);
        return q.present ? double(core::quadHeight(q, float(u - qx), float(v - qy))) : -1e9;
    };
    // Highest (terrain - ray) along the ray, stepping `step` quads, until it exceeds `enough`.
    const auto march = [&](double u0, double v0, double step, double enough) {
        const double h0 = heightAt(u0, v0);
        double worst = -1e9;
        for (double s = step; worst <= enough; s += step) {
            const double u = u0 + s * du;
            const double v = v0 + s * dv;
            if (u < 0.0 || v < 0.0 || u >= side || v >= side || h0 + s * rise > 5000.0) {
                break;
            }
            worst = std::max(worst, heightAt(u, v) - (h0 + s * rise));
        }
        return worst;
    };
    int shadowed = 0;
    int lit = 0;
    const auto check = [&](double u, double v, bool kernel) {
        (kernel ? shadowed : lit) += 1;
        if (march(u, v, 1.0 / 64, 0.05) > 0.05) {
            QVERIFY2(kernel, qPrintable(QStringLiteral("(%1, %2) should be shadowed").arg(u).arg(v)));
        }
        if (kernel) {
            QVERIFY2(march(u, v, 1.0 / 512, -0.02) > -0.02,
                     qPrintable(QStringLiteral("(%1, %2) should be lit").arg(u).arg(v)));
        }
    };
    std::mt19937 rng(11);
    std::uniform_real_distribution<double> pos(margin + 0.5, margin + 127.5);
    for (int i = 0; i < 600; ++i) {
        const double u = pos(rng);
        const double v = pos(rng);
        check(u, v, baker.shadowedAt(u, v));
    }
    // Texel centres of 8 chunks, 64 texels each.
    std::uniform_int_distribution<int> chunkOf(0, 255);
    std::uniform_int_distribution<int> texelOf(0, 63);
    for (int k = 0; k < 8; ++k) {
        const int chunk = chunkOf(rng);
        const int quadX = margin + (chunk % 16) * 8;
        const int quadY = margin + (chunk / 16) * 8;
        const core::ShadowMap map = baker.bakeChunk(quadX, quadY);
        for (int i = 0; i < 64; ++i) {
            const int r = texelOf(rng);
            const int c = texelOf(rng);
            check(quadX + (c + 0.5) / 8.0, quadY + (r + 0.5) / 8.0, core::shadowAt(map, r, c));
        }
    }
    // Both outcomes are exercised (the corpus tile is hilly, the hills are hills).
    QVERIFY2(shadowed > 20 && lit > 20,
             qPrintable(QStringLiteral("%1 shadowed, %2 lit").arg(shadowed).arg(lit)));
}

void TestShadowBake::reachIsBoundedByTheHeights() {
    // 110 yd of height at 45 degrees: 110 yd of path = 26.4 quads, so 27, plus one.
    QCOMPARE(core::shadowReach(0.0, 110.0, {0.0, 45.0}), 28);
    QCOMPARE(core::shadowReach(0.0, 100.0, {0.0, 90.0}), 0);
    QCOMPARE(core::shadowReach(50.0, 50.0, {0.0, 30.0}), 0);
    QCOMPARE(core::shadowReach(0.0, 1000.0, {0.0, 5.0}), 128); // capped at the neighbouring tiles
}

QTEST_GUILESS_MAIN(TestShadowBake)
#include "test_shadow_bake.moc"
