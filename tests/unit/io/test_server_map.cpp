// Server .map files: for the corpus tiles and for tiles built to reach each rule (flat, u8/u16/f32
// heights, the -500 yd floor, holes, liquids of several types from MH2O and MCLQ, flight bounds), for
// both cores, every field of the file is what tests/support/server_map_reference.h derives from the
// tile by the extractors' rules; the header bytes are checked against fixed bytes; tiles the extractors
// would stop on or misread are refused naming the chunk; file names and the WDT checks follow the
// extractors.

#include "io/adt/adt.h"
#include "io/adt/liquid_types_335.h"
#include "io/server_map/server_map.h"
#include "io/wdt/wdt.h"
#include "support/server_map_reference.h"
#include "support/test_files.h"

#include <QtTest>

#include <cstring>

using namespace mapsmith;
using tests::checkAgainstRules;
using tests::readMapFile;

namespace {

io::Adt corpusTile(const char* name) {
    const auto bytes = tests::readBytes(tests::corpusPath(std::string("adt/") + name));
    io::AdtReadOptions options;
    options.bigAlpha = false; // Azeroth.wdt: MPHD flags 0
    auto read = io::readAdt(bytes, options);
    return read ? std::move(read->adt) : io::Adt{};
}

// Azeroth_38_46 made plain: one area, flat at `z`, no liquid stubs, no holes.
io::Adt plainTile(float z) {
    io::Adt adt = corpusTile("Azeroth_38_46.adt");
    for (auto& c : adt.chunks) {
        c.areaId = 12;
        c.position.z = z;
        c.heights.fill(0.0f);
        c.holesLowRes = 0;
        c.unknownButUsed = 0;
        c.mclq.reset();
        c.flags &= ~(io::mcnk_flags::LiquidRiver | io::mcnk_flags::LiquidOcean | io::mcnk_flags::LiquidMagma |
                     io::mcnk_flags::LiquidSlime);
    }
    adt.liquids.reset();
    adt.flightBounds.reset();
    adt.headerFlags = 0;
    return adt;
}

io::LiquidInstance instance(std::uint16_t type, int x, int y, int w, int h) {
    io::LiquidInstance in;
    in.liquidType = type;
    in.xOffset = std::uint8_t(x);
    in.yOffset = std::uint8_t(y);
    in.width = std::uint8_t(w);
    in.height = std::uint8_t(h);
    return in;
}

// Format 0 (height + depth) with levels base + 0.25 * vertex index.
void withLevels(io::LiquidInstance& in, float base) {
    in.liquidObjectOrLvf = 0;
    in.vertexFormat = io::LiquidVertexFormat::HeightDepth;
    in.heights.resize(in.vertexCount());
    in.depths.assign(in.vertexCount(), 0);
    for (std::size_t i = 0; i < in.heights.size(); ++i) {
        in.heights[i] = base + 0.25f * float(i);
    }
    in.minHeight = in.heights.front();
    in.maxHeight = in.heights.back();
}

// An MCLQ payload (804 bytes: two heights, 9x9 {light, level}, 8x8 flags, 84 bytes of flow data) with
// levels base + 0.5 * (y + x) and every cell flag `flag`.
std::vector<std::byte> mclqPayload(float base, std::uint8_t flag) {
    std::vector<std::byte> q(8 + 81 * 8 + 64 + 84, std::byte{0});
    for (int y = 0; y <= 8; ++y) {
        for (int x = 0; x <= 8; ++x) {
            const float level = base + 0.5f * float(y + x);
            std::memcpy(q.data() + 8 + (y * 9 + x) * 8 + 4, &level, 4);
        }
    }
    for (int i = 0; i < 64; ++i) {
        q[std::size_t(8 + 648 + i)] = std::byte(flag);
    }
    return q;
}

void setMclqFlag(std::vector<std::byte>& q, int y, int x, std::uint8_t flag) {
    q[std::size_t(8 + 648 + y * 8 + x)] = std::byte(flag);
}

QByteArray asQt(const std::vector<std::byte>& b) {
    return QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()));
}

std::vector<std::byte> serverMap(const io::Adt& adt, io::ServerCore core) {
    auto written = io::writeServerMap(adt, {core});
    if (!written) {
        qWarning("refused: %s", written.error().describe().c_str());
        return {};
    }
    return std::move(*written);
}

// The file of each core against the rules; returns the AzerothCore file's view.
tests::MapFileView checkBothCores(const io::Adt& adt) {
    tests::MapFileView ac;
    for (const auto core : {io::ServerCore::AzerothCore, io::ServerCore::TrinityCore}) {
        const auto bytes = serverMap(adt, core);
        const auto view = readMapFile(bytes);
        const auto problems = checkAgainstRules(view, adt, core == io::ServerCore::TrinityCore ? 10u : 9u);
        if (!problems.empty()) {
            QTest::qFail(("differs from the rules (" + std::string(io::serverCoreName(core)) +
                          "): " + problems.front() + (problems.size() > 1 ? " (and more)" : ""))
                             .c_str(),
                         __FILE__, __LINE__);
        }
        if (core == io::ServerCore::AzerothCore) {
            ac = view;
        }
    }
    return ac;
}

std::vector<std::byte> wdtBytes(const io::Wdt& wdt) {
    return io::writeWdt(wdt);
}

} // namespace

class TestServerMap : public QObject {
    Q_OBJECT
private slots:
    void fileNamesPutYBeforeX();
    void liquidTypeTableIs335();
    void headerBytesAreTheExtractors();
    void flatTileIsOneHeightAndOneArea();
    void smallRangeIsStoredAsUint8();
    void corpusTileAzeroth();
    void corpusTileContinentWithOcean();
    void steepTileIsStoredAsFloats();
    void heightsBelowTheFloorAreRaised();
    void holesAreTheLowResolutionMasks();
    void liquidsOfSeveralTypes();
    void oneLiquidEverywhereIsOneType();
    void mclqLiquids();
    void flightBoundsNeedTheHeaderFlag();
    void refusesWhatTheExtractorsCannotTake();
    void wdtChecksFollowEachCore();
    void tilesAreTheNonZeroMainEntries();
};

void TestServerMap::fileNamesPutYBeforeX() {
    QCOMPARE(io::serverMapFileName(0, 38, 46), std::string("0004638.map"));
    QCOMPARE(io::serverMapFileName(571, 5, 7), std::string("5710705.map"));
    QCOMPARE(io::serverMapFileName(1234, 63, 0), std::string("12340063.map"));
    QVERIFY(io::parseServerCore("trinitycore") == io::ServerCore::TrinityCore);
    QVERIFY(io::parseServerCore("azerothcore") == io::ServerCore::AzerothCore);
    QVERIFY(!io::parseServerCore("mangos"));
}

void TestServerMap::liquidTypeTableIs335() {
    QCOMPARE(io::liquidTypes335().size(), std::size_t(26));
    // Every id the tests' own table knows has the same kind in the shipped table.
    for (std::uint16_t id = 0; id < 200; ++id) {
        const auto* record = io::findLiquidType335(id);
        const auto kind = tests::testLiquidKind(id);
        if (kind) {
            QVERIFY2(record, qPrintable(QString::number(id)));
            QCOMPARE(int(record->kind), *kind);
        }
    }
    QCOMPARE(std::string(io::findLiquidType335(81)->name), std::string("Lake Wintergrasp - Water"));
    QVERIFY(!io::findLiquidType335(16)); // no such record in 3.3.5
    QVERIFY(!io::findLiquidType335(0));
    QVERIFY(!io::findLiquidType335(182));
}

void TestServerMap::headerBytesAreTheExtractors() {
    const io::Adt adt = plainTile(12.5f);
    // "MAPS", version, build 12340, area at 44 (8 bytes, one area), heights at 52 (16 bytes, flat), no
    // liquid, no holes.
    const QByteArray tail = QByteArray::fromHex("34300000"
                                                "2c000000"
                                                "08000000"
                                                "34000000"
                                                "10000000"
                                                "00000000"
                                                "00000000"
                                                "00000000"
                                                "00000000");
    const QByteArray ac = asQt(serverMap(adt, io::ServerCore::AzerothCore));
    const QByteArray tc = asQt(serverMap(adt, io::ServerCore::TrinityCore));
    QCOMPARE(ac.left(44), QByteArray("MAPS") + QByteArray::fromHex("09000000") + tail);
    QCOMPARE(tc.left(44), QByteArray("MAPS") + QByteArray::fromHex("0a000000") + tail);
    // The rest: "AREA", flags 1, area 12; "MHGT", flags 1 (flat), min = max = 12.5.
    QCOMPARE(ac.mid(44), QByteArray("AREA") + QByteArray::fromHex("01000c00") + QByteArray("MHGT") +
                             QByteArray::fromHex("01000000"
                                                 "00004841"
                                                 "00004841"));
    QCOMPARE(ac.mid(8), tc.mid(8)); // the cores differ only in the version
}

void TestServerMap::flatTileIsOneHeightAndOneArea() {
    io::Adt adt = plainTile(-20.0f);
    adt.chunks[77].heights[40] = 0.004f; // under the 0.005 yd the extractors call flat
    const auto view = checkBothCores(adt);
    QCOMPARE(view.heightFlags, 1u);
    QCOMPARE(view.minHeight, -20.0f);
    QCOMPARE(view.maxHeight, -20.0f + 0.004f);
    QCOMPARE(view.fileSize, std::size_t(44 + 8 + 16));
}

void TestServerMap::smallRangeIsStoredAsUint8() {
    io::Adt adt = plainTile(100.0f);
    for (int i = 0; i < 256; ++i) {
        auto& c = adt.chunks[std::size_t(i)];
        c.areaId = 40 + std::uint32_t(i % 3);
        for (int v = 0; v < io::kVerticesPerChunk; ++v) {
            c.heights[std::size_t(v)] = float((v * 7 + i) % 19) * 0.1f; // 0 .. 1.8 yd
        }
    }
    const auto view = checkBothCores(adt);
    QCOMPARE(view.heightFlags, 4u);
    QCOMPARE(view.areaFlags, std::uint16_t(0));
    QCOMPARE(view.areaIds[2], std::uint16_t(42));
    QCOMPARE(view.v9i.size(), std::size_t(129 * 129));
    // The lowest point is 0 steps, the highest 255.
    QCOMPARE(*std::min_element(view.v8i.begin(), view.v8i.end()), 0u);
    QCOMPARE(*std::max_element(view.v9i.begin(), view.v9i.end()), 255u);
}

void TestServerMap::corpusTileAzeroth() {
    const io::Adt adt = corpusTile("Azeroth_38_46.adt");
    QCOMPARE(adt.chunks.size(), std::size_t(256));
    const auto view = checkBothCores(adt);
    QCOMPARE(view.heightFlags, 2u); // u16: a range of some hundred yards
    QVERIFY(!view.hasLiquid);       // its MCLQ are empty stubs
}

void TestServerMap::corpusTileContinentWithOcean() {
    const io::Adt adt = corpusTile("continent4229.adt");
    QCOMPARE(adt.chunks.size(), std::size_t(256));
    const auto view = checkBothCores(adt);
    QCOMPARE(view.heightFlags, 2u);
    QCOMPARE(view.minHeight, -500.0f); // its lowest point, -515 yd, is raised to the floor
    QVERIFY(view.hasLiquid);
    QCOMPARE(view.liquidHeaderFlags, std::uint8_t(0)); // types per chunk, levels stored
    QCOMPARE(view.liquidEntries[255], std::uint16_t(2));
    QCOMPARE(view.liquidCellFlags[255], std::uint8_t(0x02 | 0x10)); // ocean without attributes: dark
    QCOMPARE(view.liquidCellFlags[237], std::uint8_t(0x02));        // ocean, no deep bit
    QCOMPARE(view.liquidLevel, -500.0f);
    QCOMPARE(view.holes[123], std::uint16_t(40960));
}

void TestServerMap::steepTileIsStoredAsFloats() {
    io::Adt adt = plainTile(0.0f);
    adt.chunks[0].position.z = -300.0f;
    adt.chunks[255].heights[144] = 2000.0f; // the tile's south-east corner: range 2300 yd
    adt.chunks[100].heights[3] = 17.25f;
    const auto view = checkBothCores(adt);
    QCOMPARE(view.heightFlags, 0u);
    QCOMPARE(view.v9f[128 * 129 + 128], 2000.0f);
    QCOMPARE(view.v9f[48 * 129 + 35], 17.25f); // chunk 100 is row 6, column 4; its outer point (0, 3)
    QCOMPARE(view.v9f[0], -300.0f);
}

void TestServerMap::heightsBelowTheFloorAreRaised() {
    io::Adt adt = plainTile(10.0f);
    adt.chunks[5].position.z = -800.0f;
    adt.chunks[6].heights[10] = 90.0f;
    const auto view = checkBothCores(adt);
    QCOMPARE(view.heightFlags, 2u);
    QCOMPARE(view.minHeight, -500.0f);
    QCOMPARE(view.maxHeight, 100.0f);
}

void TestServerMap::holesAreTheLowResolutionMasks() {
    io::Adt adt = plainTile(5.0f);
    adt.chunks[3].holesLowRes = 0x8421;
    adt.chunks[200].holesLowRes = 0xFFFF;
    auto view = checkBothCores(adt);
    QCOMPARE(view.holesSize, 512u);
    QCOMPARE(view.holes[3], std::uint16_t(0x8421));

    // The extractors test the whole 32-bit word: bits above the mask alone make a hole section of zeros.
    io::Adt high = plainTile(5.0f);
    high.chunks[9].unknownButUsed = 1;
    view = checkBothCores(high);
    QCOMPARE(view.holesSize, 512u);
    QVERIFY(std::all_of(view.holes.begin(), view.holes.end(), [](std::uint16_t h) { return h == 0; }));
}

void TestServerMap::liquidsOfSeveralTypes() {
    io::Adt adt = plainTile(0.0f);
    for (int i = 0; i < 256; ++i) {
        adt.chunks[std::size_t(i)].heights[std::size_t(i % 145)] = float(i % 11);
    }
    auto& mh2o = adt.liquids.emplace();
    // Water with levels, over a whole chunk.
    auto water = instance(1, 0, 0, 8, 8);
    withLevels(water, 2.0f);
    mh2o.chunks[17].instances.push_back(water);
    // A second instance in the same chunk: the extractors read only the first.
    auto ignored = instance(3, 0, 0, 8, 8);
    withLevels(ignored, 40.0f);
    mh2o.chunks[17].instances.push_back(ignored);
    // Magma with levels in part of its neighbour, sharing lattice points with the water.
    auto magma = instance(3, 0, 2, 3, 4);
    withLevels(magma, 7.0f);
    mh2o.chunks[18].instances.push_back(magma);
    // Slime with an exists bitmap: only some cells are shown.
    auto slime = instance(21, 1, 1, 5, 3);
    withLevels(slime, -3.0f);
    slime.existsBitmap = std::vector<std::uint8_t>{0b10110101, 0b01011};
    mh2o.chunks[40].instances.push_back(slime);
    // Ocean in depth-only format, no attributes: levels 0, dark water.
    auto ocean = instance(2, 0, 0, 8, 8);
    ocean.liquidObjectOrLvf = 2;
    ocean.vertexFormat = io::LiquidVertexFormat::DepthOnly;
    ocean.depths.assign(ocean.vertexCount(), 9);
    mh2o.chunks[255].instances.push_back(ocean); // reaches the south and east lattice edges
    // WMO Ocean with attributes and no deep bit: ocean, not dark; no vertex data.
    auto wmoOcean = instance(14, 2, 2, 6, 6);
    mh2o.chunks[240].instances.push_back(wmoOcean);
    mh2o.chunks[240].attributes = io::LiquidAttributes{0xFF, 0};
    // Basic Procedural Water is an ocean kind; a deep bit makes it dark.
    auto procedural = instance(100, 0, 0, 4, 4);
    withLevels(procedural, 1.0f);
    mh2o.chunks[15].instances.push_back(procedural);
    mh2o.chunks[15].attributes = io::LiquidAttributes{0, 1};
    // Orange Slime is a water kind; format 1 (height + uv) carries levels too.
    auto orange = instance(181, 4, 0, 4, 8);
    withLevels(orange, 11.0f);
    orange.liquidObjectOrLvf = 1;
    orange.vertexFormat = io::LiquidVertexFormat::HeightUv;
    orange.depths.clear();
    orange.uvs.assign(orange.vertexCount(), {});
    mh2o.chunks[128].instances.push_back(orange);
    // Format 3 (height + uv + depth): the extractors read no levels from it.
    auto format3 = instance(5, 0, 0, 2, 2);
    withLevels(format3, 30.0f);
    format3.liquidObjectOrLvf = 3;
    format3.vertexFormat = io::LiquidVertexFormat::HeightUvDepth;
    format3.uvs.assign(format3.vertexCount(), {});
    mh2o.chunks[60].instances.push_back(format3);

    const auto view = checkBothCores(adt);
    QVERIFY(view.hasLiquid);
    QCOMPARE(view.liquidEntries[17], std::uint16_t(1));
    QCOMPARE(view.liquidCellFlags[17], std::uint8_t(0x01));
    QCOMPARE(view.liquidCellFlags[18], std::uint8_t(0x04));
    QCOMPARE(view.liquidCellFlags[40], std::uint8_t(0x08));
    QCOMPARE(view.liquidCellFlags[255], std::uint8_t(0x12));
    QCOMPARE(view.liquidCellFlags[240], std::uint8_t(0x02));
    QCOMPARE(view.liquidCellFlags[15], std::uint8_t(0x12));
    QCOMPARE(view.liquidCellFlags[128], std::uint8_t(0x01));
    QCOMPARE(view.liquidEntries[60], std::uint16_t(5));
    QCOMPARE(view.offX, std::uint8_t(2)); // the WMO Ocean of chunk 240 starts at column 2
    QCOMPARE(view.offY, std::uint8_t(0));
    QCOMPARE(view.width, std::uint8_t(127)); // to the east edge, plus the lattice column
    QCOMPARE(view.height, std::uint8_t(129));
}

void TestServerMap::oneLiquidEverywhereIsOneType() {
    io::Adt adt = plainTile(0.0f);
    auto& mh2o = adt.liquids.emplace();
    for (auto& lc : mh2o.chunks) {
        auto in = instance(2, 0, 0, 8, 8);
        in.liquidObjectOrLvf = 0;
        in.vertexFormat = io::LiquidVertexFormat::HeightDepth;
        in.heights.assign(in.vertexCount(), 4.5f);
        in.depths.assign(in.vertexCount(), 1);
        lc.instances.push_back(in);
        lc.attributes = io::LiquidAttributes{~0ull, 0};
    }
    const auto view = checkBothCores(adt);
    // Every chunk the same: type and flags in the header; every cell shown at one level: flat.
    QCOMPARE(view.liquidHeaderFlags, std::uint8_t(0x1 | 0x2));
    QCOMPARE(view.liquidType, std::uint16_t(2));
    QCOMPARE(view.liquidFlags, std::uint8_t(0x02));
    QCOMPARE(view.liquidLevel, 4.5f);
    QCOMPARE(view.liquidSize, 16u);
}

void TestServerMap::mclqLiquids() {
    io::Adt adt = plainTile(1.0f);
    // River with some cells hidden (0x0F).
    auto river = mclqPayload(3.0f, 0x04);
    setMclqFlag(river, 0, 0, 0x0F);
    setMclqFlag(river, 7, 7, 0x0F);
    adt.chunks[34].mclq = river;
    adt.chunks[34].flags |= io::mcnk_flags::LiquidRiver;
    // Ocean with a dark cell (0x80).
    auto ocean = mclqPayload(-1.0f, 0x01);
    setMclqFlag(ocean, 3, 4, 0x81);
    adt.chunks[35].mclq = ocean;
    adt.chunks[35].flags |= io::mcnk_flags::LiquidOcean;
    // River and magma bits both set: magma is the type, both flags kept.
    adt.chunks[50].mclq = mclqPayload(20.0f, 0x06);
    adt.chunks[50].flags |= io::mcnk_flags::LiquidRiver | io::mcnk_flags::LiquidMagma;
    // Slime: the extractors do not look at the slime bit, so no type and no flags, but shown cells.
    adt.chunks[99].mclq = mclqPayload(6.0f, 0x03);
    adt.chunks[99].flags |= io::mcnk_flags::LiquidSlime;
    // MCLQ and MH2O in one chunk: MH2O's type and levels, both kinds of flags.
    adt.chunks[36].mclq = mclqPayload(8.0f, 0x04);
    adt.chunks[36].flags |= io::mcnk_flags::LiquidRiver;
    auto& mh2o = adt.liquids.emplace();
    auto magma = instance(3, 2, 2, 3, 3);
    withLevels(magma, 15.0f);
    mh2o.chunks[36].instances.push_back(magma);
    // An empty MCLQ (sizeLiquid 8) is skipped.
    adt.chunks[37].mclq = std::vector<std::byte>{};
    adt.chunks[37].flags |= io::mcnk_flags::LiquidOcean;

    const auto view = checkBothCores(adt);
    QCOMPARE(view.liquidEntries[34], std::uint16_t(1));
    QCOMPARE(view.liquidCellFlags[34], std::uint8_t(0x01));
    QCOMPARE(view.liquidEntries[35], std::uint16_t(2));
    QCOMPARE(view.liquidCellFlags[35], std::uint8_t(0x12));
    QCOMPARE(view.liquidEntries[50], std::uint16_t(3));
    QCOMPARE(view.liquidCellFlags[50], std::uint8_t(0x05));
    QCOMPARE(view.liquidEntries[99], std::uint16_t(0));
    QCOMPARE(view.liquidCellFlags[99], std::uint8_t(0));
    QCOMPARE(view.liquidEntries[36], std::uint16_t(3));
    QCOMPARE(view.liquidCellFlags[36], std::uint8_t(0x05));
    QCOMPARE(view.liquidEntries[37], std::uint16_t(0));
    QCOMPARE(view.liquidCellFlags[37], std::uint8_t(0));
}

void TestServerMap::flightBoundsNeedTheHeaderFlag() {
    io::Adt adt = plainTile(30.0f);
    adt.chunks[0].heights[0] = 100.0f;
    std::array<std::int16_t, 18> bounds{};
    for (int i = 0; i < 18; ++i) {
        bounds[std::size_t(i)] = std::int16_t(i < 9 ? 400 + i : -100 - i);
    }
    adt.flightBounds = bounds;
    auto view = checkBothCores(adt); // MFBO without mhdr flag 0x1: not read
    QVERIFY(!view.flight);
    adt.headerFlags |= io::mhdr_flags::HasFlightBounds;
    view = checkBothCores(adt);
    QCOMPARE(view.heightFlags, 2u | 8u);
    QVERIFY(view.flight);
    QCOMPARE((*view.flight)[0], std::int16_t(400));
    QCOMPARE((*view.flight)[17], std::int16_t(-117));

    // With flat heights the bounds still follow the (empty) lattices.
    io::Adt flat = plainTile(30.0f);
    flat.flightBounds = bounds;
    flat.headerFlags = io::mhdr_flags::HasFlightBounds;
    view = checkBothCores(flat);
    QCOMPARE(view.heightFlags, 1u | 8u);
    QCOMPARE(view.heightSize, 16u + 36u);
}

void TestServerMap::refusesWhatTheExtractorsCannotTake() {
    const auto refusal = [](const io::Adt& adt) {
        auto written = io::writeServerMap(adt, {io::ServerCore::AzerothCore});
        return written ? std::string() : written.error().describe();
    };
    io::Adt unknownType = plainTile(0.0f);
    unknownType.liquids.emplace().chunks[70].instances.push_back(instance(16, 0, 0, 8, 8));
    QCOMPARE(refusal(unknownType),
             std::string("MH2O of map chunk 70 (row 4, column 6): liquid type 16 is not in the "
                         "3.3.5 LiquidType table; the extractors stop on it"));

    io::Adt highRes = plainTile(0.0f);
    highRes.chunks[5].flags |= io::mcnk_flags::HighResHoles;
    highRes.chunks[5].holesHighRes = 0xFF;
    QVERIFY(refusal(highRes).starts_with("MCNK of map chunk 5 (row 0, column 5): high-resolution holes"));

    io::Adt shortMclq = plainTile(0.0f);
    shortMclq.chunks[255].mclq = std::vector<std::byte>(100);
    QVERIFY(
        refusal(shortMclq).starts_with("MCLQ of map chunk 255 (row 15, column 15): MCLQ holds 100 bytes"));

    io::Adt wide = plainTile(0.0f);
    wide.liquids.emplace().chunks[1].instances.push_back(instance(1, 4, 0, 6, 8));
    QVERIFY(refusal(wide).starts_with("MH2O of map chunk 1 (row 0, column 1): the first liquid instance"));

    io::Adt cut = plainTile(0.0f);
    cut.chunks.pop_back();
    QCOMPARE(refusal(cut), std::string("MCNK: the tile has 255 map chunks, not 256"));
}

void TestServerMap::wdtChecksFollowEachCore() {
    const auto azeroth = tests::readBytes(tests::corpusPath("adt/Azeroth.wdt"));
    QVERIFY(!io::serverExtractorSkipsWdt(azeroth, io::ServerCore::AzerothCore));
    QVERIFY(!io::serverExtractorSkipsWdt(azeroth, io::ServerCore::TrinityCore));

    auto wdt = io::readWdt(azeroth);
    QVERIFY(wdt);
    io::Wdt noMwmo = *wdt;
    noMwmo.wmoName.reset();
    noMwmo.mapObjects.reset();
    const auto bytes = wdtBytes(noMwmo);
    QVERIFY(!io::serverExtractorSkipsWdt(bytes, io::ServerCore::AzerothCore));
    const auto tc = io::serverExtractorSkipsWdt(bytes, io::ServerCore::TrinityCore);
    QVERIFY(tc);
    QVERIFY2(tc->find("ends before the MWMO chunk that must follow MAIN") != std::string::npos, tc->c_str());

    // A chunk between MPHD and MAIN: both extractors look for MAIN right after MPHD.
    io::Wdt extra = *wdt;
    extra.unknown.push_back({io::FourCC("MXYZ"), io::chunk::MPHD, std::vector<std::byte>(4)});
    const auto shifted = wdtBytes(extra);
    for (const auto core : {io::ServerCore::AzerothCore, io::ServerCore::TrinityCore}) {
        const auto why = io::serverExtractorSkipsWdt(shifted, core);
        QVERIFY(why);
        QVERIFY2(why->find("is MXYZ, not MAIN") != std::string::npos, why->c_str());
    }

    auto oldVersion = azeroth;
    oldVersion[8] = std::byte{17};
    QVERIFY(io::serverExtractorSkipsWdt(oldVersion, io::ServerCore::AzerothCore)->find("MVER is 17") !=
            std::string::npos);
    QVERIFY(io::serverExtractorSkipsWdt(std::span(azeroth).first(100), io::ServerCore::AzerothCore)
                ->find("MAIN") != std::string::npos);
}

void TestServerMap::tilesAreTheNonZeroMainEntries() {
    io::Wdt wdt;
    wdt.tile(3, 4).flags = io::main_flags::HasAdt;
    wdt.tile(5, 6).flags = io::main_flags::AllWater; // not 0: the extractors try it too
    QVERIFY(io::serverExtractorConvertsTile(wdt, 3, 4));
    QVERIFY(io::serverExtractorConvertsTile(wdt, 5, 6));
    QVERIFY(!io::serverExtractorConvertsTile(wdt, 4, 3));
    QVERIFY(!io::serverExtractorConvertsTile(wdt, 64, 0));
}

QTEST_MAIN(TestServerMap)
#include "test_server_map.moc"
