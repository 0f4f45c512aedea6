// Alpha (0.5.3) maps into the v18 model: every vertex keeps its absolute height, normals and alpha maps
// move to v18's order, names move into the tile's MMDX/MWMO with MCRF pointing at the tile's placements,
// liquids stay MCLQ; converted tiles pass readAdt and checkAdtLayout and write back byte-identical (v18
// and split); the WDT lists the tiles (or the global WMO of a WMO-only map); importAlphaMap writes a
// folder with progress and cancel; damaged files fail per tile or as a whole, never crash.

#include "core/convert/alpha_import.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"
#include "io/adt/adt_layout.h"
#include "io/adt/adt_split.h"
#include "io/binary/file_io.h"
#include "io/wdt/wdt.h"
#include "support/alpha_wdt_builder.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace mapsmith;
namespace alpha = mapsmith::tests::alpha;

namespace {

// v18 interleaved index of alpha vertex i (81 outer, then 64 inner), computed independently.
int v18Index(int i) {
    if (i < 81) {
        return (i / 9) * 17 + i % 9;
    }
    const int k = i - 81;
    return (k / 8) * 17 + 9 + k % 8;
}

// Pixel (x, y) of a 4-bit alpha map as stored (low nibble = even x), scaled to 0..255.
std::uint8_t alphaPixel(const std::array<std::uint8_t, 2048>& map, int x, int y) {
    const std::uint8_t b = map[std::size_t(y * 32 + x / 2)];
    return std::uint8_t(((x % 2 == 0) ? (b & 0x0F) : (b >> 4)) * 17);
}

struct Converted {
    io::AlphaWdt wdt;
    std::map<int, core::AlphaTileImport> tiles;
};

Converted convertAll(std::span<const std::byte> bytes) {
    Converted out;
    auto wdt = io::readAlphaWdt(bytes);
    if (!wdt) {
        qFatal("read failed: %s", wdt.error().describe().c_str());
    }
    out.wdt = *wdt;
    for (int index : wdt->tileIndices()) {
        auto tile = io::readAlphaTile(*wdt, bytes, index);
        if (!tile) {
            qFatal("tile failed: %s", tile.error().describe().c_str());
        }
        out.tiles[index] = core::importAlphaTile(*wdt, *tile);
    }
    return out;
}

bool hasWarning(const std::vector<io::Warning>& warnings, io::FourCC chunk) {
    return std::any_of(warnings.begin(), warnings.end(),
                       [&](const io::Warning& w) { return w.chunk == chunk; });
}

} // namespace

class TestAlphaImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void heightsKeepAbsoluteValues();
    void normalsAndHeader();
    void layersAndAlphaMaps();
    void objectsAndReferences();
    void liquidsShadowsEmitters();
    void unknownFlagsCleared();
    void v18RoundTrip();
    void splitRoundTrip();
    void wdtForTerrainMap();
    void wdtForWmoOnlyMap();
    void wdtForHybridMap();
    void importMapFolder();
    void doodadsReferencedByModelBounds();
    void importMapSplitAnd8Bit();
    void importCancels();
    void importReportsBrokenTiles();
    void importRefusesBrokenMaps();
    void truncatedConversions();

private:
    alpha::Map mMap;
    alpha::Layout mLayout;
    std::vector<std::byte> mBytes;
    Converted mConverted;
};

void TestAlphaImport::initTestCase() {
    mMap = alpha::sampleMap();
    mBytes = alpha::build(mMap, &mLayout);
    mConverted = convertAll(mBytes);
    QCOMPARE(mConverted.tiles.size(), std::size_t(3));
}

void TestAlphaImport::heightsKeepAbsoluteValues() {
    // Plus a chunk of awkward values: tiny, huge, mixed signs (the base must still give them back).
    alpha::Map map = mMap;
    auto& c = map.tiles[2].chunks[100];
    for (int v = 0; v < 145; ++v) {
        c.heights[std::size_t(v)] =
            (v % 3 == 0 ? -1.0f : 1.0f) * (v % 2 == 0 ? 1e-7f * float(v) : 1234.567f + float(v) / 3.0f);
    }
    map.tiles[2].chunks[101].heights.fill(250.0f); // flat
    const Converted conv = convertAll(alpha::build(map));
    int lowest = 0;
    for (const alpha::Tile& t : map.tiles) {
        const int index = t.y * 64 + t.x;
        const io::Adt& adt = conv.tiles.at(index).adt;
        QCOMPARE(adt.chunks.size(), std::size_t(256));
        for (int i = 0; i < 256; ++i) {
            const io::MapChunk& mc = adt.chunks[std::size_t(i)];
            const alpha::Chunk& ac = t.chunks[std::size_t(i)];
            for (int v = 0; v < 145; ++v) {
                const float absolute = mc.position.z + mc.heights[std::size_t(v18Index(v))];
                if (absolute != ac.heights[std::size_t(v)]) {
                    QFAIL(qPrintable(QStringLiteral("tile %1 chunk %2 vertex %3: %4 != %5")
                                         .arg(index)
                                         .arg(i)
                                         .arg(v)
                                         .arg(double(absolute), 0, 'g', 9)
                                         .arg(double(ac.heights[std::size_t(v)]), 0, 'g', 9)));
                }
            }
            // Position: the chunk's north-west corner; z the lowest height, its floor or 0.
            const glm::dvec2 origin = core::chunkOrigin({{t.x, t.y}, i / 16, i % 16});
            QCOMPARE(mc.position.x, float(origin.x));
            QCOMPARE(mc.position.y, float(origin.y));
            const float low = *std::min_element(ac.heights.begin(), ac.heights.end());
            QVERIFY(mc.position.z == low || mc.position.z == std::floor(low) || mc.position.z == 0.0f);
            lowest += mc.position.z == low ? 1 : 0;
        }
    }
    // Chunks whose heights do not cross 0 keep their lowest height as the base (Sterbenz: exact).
    QVERIFY2(lowest > 3 * 256 * 9 / 10, qPrintable(QString::number(lowest)));
    // The flat chunk's base is its height (all relative heights 0).
    const io::MapChunk& flat = conv.tiles.at(41 * 64 + 29).adt.chunks[101];
    QCOMPARE(flat.position.z, 250.0f);
    QVERIFY(std::all_of(flat.heights.begin(), flat.heights.end(), [](float h) { return h == 0.0f; }));
}

void TestAlphaImport::normalsAndHeader() {
    for (const alpha::Tile& t : mMap.tiles) {
        const io::Adt& adt = mConverted.tiles.at(t.y * 64 + t.x).adt;
        QVERIFY(!adt.bigAlpha);
        for (int i = 0; i < 256; ++i) {
            const io::MapChunk& mc = adt.chunks[std::size_t(i)];
            const alpha::Chunk& ac = t.chunks[std::size_t(i)];
            QCOMPARE(mc.indexX, std::uint32_t(i % 16));
            QCOMPARE(mc.indexY, std::uint32_t(i / 16));
            for (int v = 0; v < 145; ++v) {
                QCOMPARE(mc.normals[std::size_t(v18Index(v))], ac.normals[std::size_t(v)]);
            }
            QCOMPARE(mc.normalPadding, ac.normalPadding);
            QCOMPARE(mc.areaId, ac.areaId);
            QCOMPARE(mc.holesLowRes, ac.holes);
            QCOMPARE(mc.lowQualityTextureMap, ac.predTex);
            QCOMPARE(mc.noEffectDoodad, ac.noEffectDoodad);
            QCOMPARE(mc.flags, (ac.flags & 0x1Fu) | io::mcnk_flags::DoNotFixAlphaMap);
        }
    }
}

void TestAlphaImport::layersAndAlphaMaps() {
    for (const alpha::Tile& t : mMap.tiles) {
        const io::Adt& adt = mConverted.tiles.at(t.y * 64 + t.x).adt;
        QCOMPARE(adt.textures, t.textures);
        for (int i = 0; i < 256; ++i) {
            const io::MapChunk& mc = adt.chunks[std::size_t(i)];
            const alpha::Chunk& ac = t.chunks[std::size_t(i)];
            QCOMPARE(mc.layers.size(), ac.layers.size());
            for (std::size_t l = 0; l < ac.layers.size(); ++l) {
                const io::TextureLayer& layer = mc.layers[l];
                const alpha::Layer& src = ac.layers[l];
                QCOMPARE(layer.textureIndex, src.textureId);
                QCOMPARE(layer.flags, src.props);
                QCOMPARE(layer.effectId, src.effectId == 0xFFFF ? 0xFFFFFFFFu : std::uint32_t(src.effectId));
                QCOMPARE(layer.hasAlpha, src.alphaMap.has_value());
                QCOMPARE(layer.encoding, io::AlphaEncoding::FourBit);
                if (src.alphaMap) {
                    for (int y = 0; y < 64; ++y) {
                        for (int x = 0; x < 64; ++x) {
                            if (layer.alpha[std::size_t(y * 64 + x)] != alphaPixel(*src.alphaMap, x, y)) {
                                QFAIL(qPrintable(QStringLiteral("chunk %1 layer %2 pixel (%3, %4)")
                                                     .arg(i)
                                                     .arg(l)
                                                     .arg(x)
                                                     .arg(y)));
                            }
                        }
                    }
                }
            }
        }
    }
}

void TestAlphaImport::objectsAndReferences() {
    const auto& names = alpha::sampleDoodadNames();
    const auto& wmos = alpha::sampleMapObjectNames();
    const io::Adt& rich = mConverted.tiles.at(40 * 64 + 30).adt;
    // Names in order of first use: Bush, Tree; Bridge.
    QCOMPARE(rich.modelNames, (std::vector<std::string>{names[2], names[0]}));
    QCOMPARE(rich.wmoNames, (std::vector<std::string>{wmos[1]}));
    const alpha::Tile& src = mMap.tiles[0];
    QCOMPARE(rich.doodads.size(), src.doodads.size());
    for (std::size_t i = 0; i < src.doodads.size(); ++i) {
        const io::DoodadPlacement& d = rich.doodads[i];
        QCOMPARE(rich.modelNames[d.nameIndex], names[src.doodads[i].nameId]);
        QCOMPARE(d.uniqueId, src.doodads[i].uniqueId);
        QCOMPARE(d.position, (io::Vec3f{src.doodads[i].position[0], src.doodads[i].position[1],
                                        src.doodads[i].position[2]}));
        QCOMPARE(d.rotation, (io::Vec3f{src.doodads[i].rotation[0], src.doodads[i].rotation[1],
                                        src.doodads[i].rotation[2]}));
        QCOMPARE(d.scale, src.doodads[i].scale);
        QCOMPARE(d.flags, src.doodads[i].flags);
    }
    QCOMPARE(rich.mapObjects.size(), std::size_t(1));
    const io::MapObjectPlacement& m = rich.mapObjects[0];
    QCOMPARE(rich.wmoNames[m.nameIndex], wmos[1]);
    QCOMPARE(m.uniqueId, 500u);
    QCOMPARE(m.position, (io::Vec3f{16100.0f, 20.0f, 15100.0f}));
    QCOMPARE(m.extentsMin, (io::Vec3f{16050.0f, 0.0f, 15050.0f}));
    QCOMPARE(m.extentsMax, (io::Vec3f{16150.0f, 40.0f, 15150.0f}));
    QCOMPARE(m.doodadSet, std::uint16_t(1));
    // MCRF: Bush + Tree -> every placement of either (0, 1, 2); Bridge -> 0; Tree alone -> 1.
    QCOMPARE(rich.chunks[0].doodadRefs, (std::vector<std::uint32_t>{0, 1, 2}));
    QCOMPARE(rich.chunks[0].mapObjectRefs, (std::vector<std::uint32_t>{0}));
    QCOMPARE(rich.chunks[255].doodadRefs, (std::vector<std::uint32_t>{1}));
    // Rock is named by chunk 17 but not placed in this tile: dropped, with a warning.
    QVERIFY(rich.chunks[17].doodadRefs.empty());
    QVERIFY(hasWarning(mConverted.tiles.at(40 * 64 + 30).warnings, io::chunk::MCRF));
    // The second tile: one Rock, its own MMDX.
    const io::Adt& second = mConverted.tiles.at(40 * 64 + 31).adt;
    QCOMPARE(second.modelNames, (std::vector<std::string>{names[1]}));
    QCOMPARE(second.doodads.size(), std::size_t(1));
    QCOMPARE(second.doodads[0].nameIndex, 0u);
    QCOMPARE(second.chunks[5].doodadRefs, (std::vector<std::uint32_t>{0}));
    QVERIFY(second.wmoNames.empty());
    QVERIFY(mConverted.tiles.at(41 * 64 + 29).adt.modelNames.empty());
}

void TestAlphaImport::liquidsShadowsEmitters() {
    const io::Adt& rich = mConverted.tiles.at(40 * 64 + 30).adt;
    const alpha::Tile& src = mMap.tiles[0];
    for (int i : {0, 17}) {
        const io::MapChunk& mc = rich.chunks[std::size_t(i)];
        const alpha::Chunk& ac = src.chunks[std::size_t(i)];
        QVERIFY(mc.mclq.has_value());
        QCOMPARE(mc.mclq->size(), ac.liquids.size() * 804);
        for (std::size_t l = 0; l < ac.liquids.size(); ++l) {
            const std::byte* p = mc.mclq->data() + l * 804;
            float minHeight = 0;
            float maxHeight = 0;
            float h80 = 0;
            std::uint32_t flowCount = 0;
            std::memcpy(&minHeight, p, 4);
            std::memcpy(&maxHeight, p + 4, 4);
            std::memcpy(&h80, p + 8 + 80 * 8 + 4, 4);
            std::memcpy(&flowCount, p + 8 + 648 + 64, 4);
            QCOMPARE(minHeight, ac.liquids[l].minHeight);
            QCOMPARE(maxHeight, ac.liquids[l].maxHeight);
            QCOMPARE(h80, ac.liquids[l].heights[80]);
            QCOMPARE(flowCount, ac.liquids[l].flowCount);
            QCOMPARE(std::uint8_t(p[8]), ac.liquids[l].vertexData[0]);
            QCOMPARE(std::uint8_t(p[8 + 648 + 9]), ac.liquids[l].tiles[9]);
        }
    }
    QVERIFY(!rich.chunks[1].mclq.has_value());
    QVERIFY(rich.chunks[0].shadow.has_value());
    QCOMPARE(*rich.chunks[0].shadow, src.chunks[0].shadow);
    QVERIFY(!rich.chunks[1].shadow.has_value());
    // Emitters are dropped (an empty MCSE stays), with a warning naming MCSE.
    QVERIFY(rich.chunks[0].soundEmitters.has_value() && rich.chunks[0].soundEmitters->empty());
    QCOMPARE(rich.chunks[0].soundEmitterCount, 0u);
    QVERIFY(hasWarning(mConverted.tiles.at(40 * 64 + 30).warnings, io::chunk::MCSE));
    QVERIFY(mConverted.tiles.at(41 * 64 + 29).warnings.empty());
}

void TestAlphaImport::unknownFlagsCleared() {
    // Bits without an agreed 0.5.3 meaning (here the v18 high-res holes and vertex colour bits) would change
    // how the v18 tile is read: cleared, with a warning; a shadow flag without MCSH data is dropped.
    alpha::Map map;
    map.tiles.push_back(alpha::flatTile(3, 4));
    map.tiles[0].chunks[9].flags = 0x10000 | 0x40 | 0x2 | 0x1;
    const Converted conv = convertAll(alpha::build(map));
    const core::AlphaTileImport& t = conv.tiles.at(4 * 64 + 3);
    QCOMPARE(t.adt.chunks[9].flags, 0x2u | io::mcnk_flags::DoNotFixAlphaMap);
    QVERIFY(hasWarning(t.warnings, io::chunk::MCNK));
    const auto bytes = io::writeAdt(t.adt);
    QVERIFY(io::checkAdtLayout(bytes).empty());
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto back = io::readAdt(bytes, options);
    QVERIFY(back);
    QCOMPARE(back->adt.chunks[9].flags, 0x2u | io::mcnk_flags::DoNotFixAlphaMap);
    QVERIFY(!back->adt.chunks[9].shadow.has_value());
}

void TestAlphaImport::v18RoundTrip() {
    for (const auto& [index, imported] : mConverted.tiles) {
        const auto bytes = io::writeAdt(imported.adt);
        const auto problems = io::checkAdtLayout(bytes);
        QVERIFY2(problems.empty(), problems.empty() ? "" : problems.front().describe().c_str());
        io::AdtReadOptions options;
        options.bigAlpha = false;
        auto back = io::readAdt(bytes, options);
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QVERIFY(back->warnings.empty());
        const auto again = io::writeAdt(back->adt);
        QVERIFY2(again == bytes, qPrintable(QStringLiteral("tile %1 differs after read/write").arg(index)));
        // What was read is what was converted (heights relative, layers decoded, refs, liquids).
        for (std::size_t i = 0; i < 256; ++i) {
            QCOMPARE(back->adt.chunks[i].heights, imported.adt.chunks[i].heights);
            QCOMPARE(back->adt.chunks[i].position, imported.adt.chunks[i].position);
            QCOMPARE(back->adt.chunks[i].doodadRefs, imported.adt.chunks[i].doodadRefs);
            QCOMPARE(back->adt.chunks[i].mapObjectRefs, imported.adt.chunks[i].mapObjectRefs);
            QCOMPARE(back->adt.chunks[i].mclq, imported.adt.chunks[i].mclq);
            QCOMPARE(back->adt.chunks[i].layers.size(), imported.adt.chunks[i].layers.size());
            for (std::size_t l = 0; l < imported.adt.chunks[i].layers.size(); ++l) {
                QCOMPARE(back->adt.chunks[i].layers[l].alpha, imported.adt.chunks[i].layers[l].alpha);
                QCOMPARE(back->adt.chunks[i].layers[l].effectId, imported.adt.chunks[i].layers[l].effectId);
            }
        }
        QCOMPARE(back->adt.modelNames, imported.adt.modelNames);
        QCOMPARE(back->adt.wmoNames, imported.adt.wmoNames);
        QCOMPARE(back->adt.doodads, imported.adt.doodads);
        QCOMPARE(back->adt.mapObjects, imported.adt.mapObjects);
    }
}

void TestAlphaImport::splitRoundTrip() {
    for (const auto& [index, imported] : mConverted.tiles) {
        const auto v18 = io::writeAdt(imported.adt);
        const io::SplitAdtFiles files = io::writeSplitAdt(imported.adt);
        io::AdtReadOptions options;
        options.bigAlpha = false;
        auto back = io::readSplitAdt(files, options);
        QVERIFY2(back, back ? "" : back.error().describe().c_str());
        QVERIFY(io::writeAdt(back->adt) == v18);
    }
}

void TestAlphaImport::wdtForTerrainMap() {
    std::vector<io::Warning> warnings;
    const std::vector<int> tiles{40 * 64 + 30, 41 * 64 + 29};
    const io::Wdt wdt = core::importAlphaWdt(mConverted.wdt, tiles, &warnings);
    QVERIFY(warnings.empty());
    QCOMPARE(wdt.flags, 0u);
    QVERIFY(!wdt.bigAlpha());
    QCOMPARE(wdt.tileCount(), 2);
    QVERIFY(wdt.hasTile(30, 40) && wdt.hasTile(29, 41) && !wdt.hasTile(31, 40));
    QCOMPARE(wdt.wmoName, std::optional<std::string>(std::string()));
    QVERIFY(!wdt.mapObjects.has_value());
    auto back = io::readWdt(io::writeWdt(wdt));
    QVERIFY(back);
    QVERIFY(*back == wdt);
}

void TestAlphaImport::wdtForWmoOnlyMap() {
    const alpha::Map map = alpha::wmoOnlyMap();
    const auto bytes = alpha::build(map);
    auto a = io::readAlphaWdt(bytes);
    QVERIFY(a);
    std::vector<io::Warning> warnings;
    const io::Wdt wdt = core::importAlphaWdt(*a, {}, &warnings);
    QVERIFY(warnings.empty());
    QVERIFY(wdt.wmoOnly());
    QCOMPARE(wdt.tileCount(), 0);
    QCOMPARE(wdt.wmoPath(), map.mapObjectNames[0]);
    QVERIFY(wdt.mapObjects.has_value());
    QCOMPARE(wdt.mapObjects->size(), std::size_t(1)); // the dummy entry is gone
    const io::WdtMapObject* m = wdt.mapObject();
    QCOMPARE(m->nameId, 0u);
    QCOMPARE(m->uniqueId, 0xFFFFFFFFu);
    QCOMPARE(m->position, (std::array<float, 3>{17066.666f, 0.0f, 17066.666f}));
    QCOMPARE(m->extentsMin, (std::array<float, 3>{-200.0f, -50.0f, -300.0f}));
    QCOMPARE(m->extentsMax, (std::array<float, 3>{250.0f, 80.0f, 310.0f}));
    auto back = io::readWdt(io::writeWdt(wdt));
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    QVERIFY(*back == wdt);
}

void TestAlphaImport::wdtForHybridMap() {
    // Tiles and a global WMO (with two names used): both kept, MWMO names each once, a warning.
    alpha::Map map = mMap;
    alpha::MapObject a;
    a.nameId = 1;
    a.uniqueId = 7;
    a.extentsMax = {5.0f, 5.0f, 5.0f};
    alpha::MapObject b = a;
    b.nameId = 0;
    b.uniqueId = 8;
    map.globalMapObjects = std::vector<alpha::MapObject>{a, b, a};
    const auto bytes = alpha::build(map);
    auto wdt = io::readAlphaWdt(bytes);
    QVERIFY(wdt);
    std::vector<io::Warning> warnings;
    const io::Wdt v18 = core::importAlphaWdt(*wdt, wdt->tileIndices(), &warnings);
    QCOMPARE(warnings.size(), std::size_t(1));
    QCOMPARE(warnings[0].chunk, io::chunk::MODF);
    QVERIFY(!v18.wmoOnly());
    QCOMPARE(v18.tileCount(), 3);
    const auto& wmos = alpha::sampleMapObjectNames();
    QCOMPARE(*v18.wmoName, wmos[1] + std::string(1, '\0') + wmos[0] + std::string(1, '\0'));
    QCOMPARE(v18.mapObjects->size(), std::size_t(3));
    QCOMPARE((*v18.mapObjects)[0].nameId, 0u);
    QCOMPARE((*v18.mapObjects)[1].nameId, std::uint32_t(wmos[1].size() + 1));
    QCOMPARE((*v18.mapObjects)[2].nameId, 0u);
    QCOMPARE((*v18.mapObjects)[1].uniqueId, 8u);
    auto back = io::readWdt(io::writeWdt(v18));
    QVERIFY(back);
    // The tiles of a hybrid map convert as usual.
    const Converted conv = convertAll(bytes);
    QCOMPARE(conv.tiles.size(), std::size_t(3));
}

void TestAlphaImport::importMapFolder() {
    QTemporaryDir tmp;
    const QString alphaPath = tmp.filePath(QStringLiteral("Kalidar.wdt"));
    QVERIFY(io::writeFileBytes(alphaPath.toStdString(), mBytes));
    const QString out = tmp.filePath(QStringLiteral("out"));
    std::vector<std::pair<int, int>> calls;
    auto result = core::importAlphaMap(alphaPath, out, {}, [&](int done, int total) {
        calls.emplace_back(done, total);
        return true;
    });
    QVERIFY2(result, result ? "" : result.error().describe().c_str());
    QCOMPARE(calls, (std::vector<std::pair<int, int>>{{1, 3}, {2, 3}, {3, 3}}));
    QVERIFY(result->failures.empty());
    QCOMPARE(result->convertedTiles, (std::vector<int>{40 * 64 + 30, 40 * 64 + 31, 41 * 64 + 29}));
    QCOMPARE(result->wdtPath, QDir(out).filePath(QStringLiteral("Kalidar.wdt")));
    QCOMPARE(result->writtenPaths.size(), 4);
    QCOMPARE(result->writtenPaths.last(), result->wdtPath);
    // Warnings: MCRF and MCSE of the rich tile, each naming the alpha WDT.
    QCOMPARE(result->warnings.size(), std::size_t(2));
    for (const auto& w : result->warnings) {
        QCOMPARE(w.tileIndex, 40 * 64 + 30);
        QCOMPARE(QString::fromStdString(w.error.file), alphaPath);
        QCOMPARE(w.error.offset, mLayout.mhdr.at(40 * 64 + 30));
    }

    auto wdt = io::readWdt(io::readFileBytes(result->wdtPath.toStdString()).value());
    QVERIFY(wdt);
    QCOMPARE(wdt->tileCount(), 3);
    QVERIFY(!wdt->bigAlpha());
    for (const auto& [index, imported] : mConverted.tiles) {
        const QString tilePath =
            QDir(out).filePath(QStringLiteral("Kalidar_%1_%2.adt").arg(index % 64).arg(index / 64));
        QVERIFY(result->writtenPaths.contains(tilePath));
        auto bytes = io::readFileBytes(tilePath.toStdString());
        QVERIFY(bytes);
        QVERIFY(*bytes == io::writeAdt(imported.adt));
        QVERIFY(io::checkAdtLayout(*bytes).empty());
    }
    // The same again replaces the files (no backups asked for).
    QVERIFY(core::importAlphaMap(alphaPath, out));
    QVERIFY(!QFile::exists(result->wdtPath + QStringLiteral(".bak")));
}

// With model bounds, a doodad whose model has a box is referenced from exactly the chunks its placed box
// overlaps (the nearest chunk when it misses its tile); the others keep the alpha file's references, and
// the map's warnings name their models once.
void TestAlphaImport::doodadsReferencedByModelBounds() {
    alpha::Map map = alpha::sampleMap();
    alpha::Tile& rich = map.tiles.at(0);
    QCOMPARE(rich.x, 30);
    const double tile = 1600.0 / 3.0;
    const double chunk = tile / 16.0;
    // Bush (a 4 x 4 yd box) 1 yd east and 1 yd north of the corner of chunk row 5, column 2: it reaches
    // rows 4-5, columns 1-2.
    rich.doodads[0].position = {float(30 * tile + 2 * chunk + 1.0), 12.5f,
                                float(40 * tile + 5 * chunk - 1.0)};
    const std::vector<std::byte> bytes = alpha::build(map);
    QTemporaryDir tmp;
    core::AlphaMapImportOptions options;
    options.mapName = QStringLiteral("Kalidar");
    std::vector<std::string> asked;
    options.modelBounds = [&](core::ObjectKind kind, const std::string& name) -> std::optional<core::Box3> {
        asked.push_back(name);
        if (kind == core::ObjectKind::Doodad && name == "World\\Generic\\Bush03.mdx") {
            return core::Box3{{-2.0, -2.0, 0.0}, {2.0, 2.0, 3.0}};
        }
        return std::nullopt;
    };
    auto result = core::importAlphaMap(bytes, tmp.path(), options);
    QVERIFY2(result, result ? "" : result.error().describe().c_str());
    QCOMPARE(result->doodadsByBounds, std::size_t(2)); // both bushes
    QCOMPARE(result->doodadsByName, std::size_t(2));   // the tree, and the rock of tile (31, 40)
    auto written =
        io::readFileBytes(QDir(tmp.path()).filePath(QStringLiteral("Kalidar_30_40.adt")).toStdString());
    QVERIFY(written);
    auto read = io::readAdt(*written);
    QVERIFY(read);
    const io::Adt* adt = &read->adt;
    auto chunksOf = [&](std::uint32_t entry) {
        std::vector<int> out;
        for (int c = 0; c < 256; ++c) {
            const auto& refs = adt->chunks[std::size_t(c)].doodadRefs;
            if (std::find(refs.begin(), refs.end(), entry) != refs.end()) {
                out.push_back(c);
            }
        }
        return out;
    };
    QCOMPARE(adt->doodads[0].uniqueId, 100u);
    QCOMPARE(chunksOf(0), (std::vector<int>{4 * 16 + 1, 4 * 16 + 2, 5 * 16 + 1, 5 * 16 + 2}));
    // The tree keeps the alpha file's chunks (0 and 255 named it); the far bush gets one chunk.
    QCOMPARE(chunksOf(1), (std::vector<int>{0, 255}));
    QCOMPARE(chunksOf(2).size(), std::size_t(1));
    // Map objects keep the alpha file's references.
    QCOMPARE(adt->chunks[0].mapObjectRefs, mConverted.tiles.at(40 * 64 + 30).adt.chunks[0].mapObjectRefs);
    const auto warning = std::find_if(result->warnings.begin(), result->warnings.end(),
                                      [](const core::AlphaImportNote& n) { return n.tileIndex == -1; });
    QVERIFY(warning != result->warnings.end());
    QCOMPARE(
        warning->error.message,
        std::string("2 doodad model(s) without bounds in the game data keep the alpha file's references "
                    "(every chunk that named them): World\\Azeroth\\Tree01.mdx, World\\Generic\\Rock02.mdx"));
    QVERIFY(!asked.empty());
}

void TestAlphaImport::importMapSplitAnd8Bit() {
    QTemporaryDir tmp;
    core::AlphaMapImportOptions options;
    options.layout = core::TileLayout::Split;
    options.mapName = QStringLiteral("Test");
    options.alphaEncoding = io::AlphaEncoding::Rle;
    auto result = core::importAlphaMap(mBytes, tmp.path(), options);
    QVERIFY2(result, result ? "" : result.error().describe().c_str());
    QCOMPARE(result->writtenPaths.size(), 3 * 3 + 1);
    auto wdt = io::readWdt(io::readFileBytes(result->wdtPath.toStdString()).value());
    QVERIFY(wdt && wdt->bigAlpha());
    const QString root = QDir(tmp.path()).filePath(QStringLiteral("Test_30_40.adt"));
    auto files = io::readSplitAdtFiles(root.toStdString());
    QVERIFY(files);
    io::AdtReadOptions read;
    read.bigAlpha = true;
    auto tile = io::readSplitAdt(*files, read);
    QVERIFY2(tile, tile ? "" : tile.error().describe().c_str());
    // Same content in another encoding: the alpha maps decode to the same values.
    const io::Adt& expected = mConverted.tiles.at(40 * 64 + 30).adt;
    for (std::size_t i = 0; i < 256; ++i) {
        for (std::size_t l = 0; l < expected.chunks[i].layers.size(); ++l) {
            QCOMPARE(tile->adt.chunks[i].layers[l].alpha, expected.chunks[i].layers[l].alpha);
        }
        QCOMPARE(tile->adt.chunks[i].heights, expected.chunks[i].heights);
    }
    // A bytes import needs a name.
    const auto unnamed = core::importAlphaMap(mBytes, tmp.path(), core::AlphaMapImportOptions{});
    QVERIFY(!unnamed);
    QCOMPARE(unnamed.error().code, core::CoreError::Code::Refused);
}

void TestAlphaImport::importCancels() {
    QTemporaryDir tmp;
    core::AlphaMapImportOptions options;
    options.mapName = QStringLiteral("Stop");
    auto result = core::importAlphaMap(mBytes, tmp.path(), options, [](int done, int) { return done < 2; });
    QVERIFY(!result);
    QCOMPARE(result.error().code, core::CoreError::Code::Cancelled);
    QVERIFY(QString::fromStdString(result.error().message).contains(QStringLiteral("cancelled")));
    // One transaction: nothing written, no temporary left.
    QCOMPARE(QDir(tmp.path()).entryList(QDir::Files | QDir::Hidden), QStringList());
}

void TestAlphaImport::importReportsBrokenTiles() {
    // The middle tile's MCNK 9 points past the end: that tile fails, the others convert and the WDT
    // lists only them.
    auto bytes = mBytes;
    const std::uint32_t past = std::uint32_t(bytes.size() + 10);
    std::memcpy(bytes.data() + mLayout.mcin.at(40 * 64 + 31) + 8 + 16 * 9, &past, 4);
    QTemporaryDir tmp;
    core::AlphaMapImportOptions options;
    options.mapName = QStringLiteral("Broken");
    auto result = core::importAlphaMap(bytes, tmp.path(), options);
    QVERIFY2(result, result ? "" : result.error().describe().c_str());
    QCOMPARE(result->failures.size(), std::size_t(1));
    QCOMPARE(result->failures[0].tileIndex, 40 * 64 + 31);
    QCOMPARE(result->failures[0].error.chunk, io::chunk::MCNK);
    QCOMPARE(result->convertedTiles, (std::vector<int>{40 * 64 + 30, 41 * 64 + 29}));
    auto wdt = io::readWdt(io::readFileBytes(result->wdtPath.toStdString()).value());
    QVERIFY(wdt);
    QCOMPARE(wdt->tileCount(), 2);
    QVERIFY(!wdt->hasTile(31, 40));
    QVERIFY(!QFile::exists(QDir(tmp.path()).filePath(QStringLiteral("Broken_31_40.adt"))));
}

void TestAlphaImport::importRefusesBrokenMaps() {
    QTemporaryDir tmp;
    core::AlphaMapImportOptions options;
    options.mapName = QStringLiteral("Bad");
    auto bytes = mBytes;
    const std::uint32_t past = std::uint32_t(bytes.size() + 10);
    std::memcpy(bytes.data() + mLayout.mainData + 16 * (40 * 64 + 30), &past, 4);
    auto result = core::importAlphaMap(bytes, tmp.path(), options);
    QVERIFY(!result);
    QCOMPARE(result.error().code, core::CoreError::Code::File);
    QCOMPARE(result.error().cause->chunk, io::chunk::MAIN);
    QVERIFY(QDir(tmp.path()).isEmpty());
    // A missing file names itself.
    auto missing = core::importAlphaMap(tmp.filePath(QStringLiteral("nope.wdt")), tmp.path());
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, core::CoreError::Code::File);
    QVERIFY(QString::fromStdString(missing.error().message).contains(QStringLiteral("nope.wdt")));
    // A v18 WDT is not an alpha WDT.
    auto v18 =
        core::importAlphaMap(QStringLiteral(MAPSMITH_CORPUS_DIR "/adt/Azeroth.wdt"), tmp.filePath("x"));
    QVERIFY(!v18);
    QCOMPARE(v18.error().cause->chunk, io::chunk::MPHD);
    QCOMPARE(v18.error().cause->file, std::string(MAPSMITH_CORPUS_DIR "/adt/Azeroth.wdt")); // names the file
}

void TestAlphaImport::truncatedConversions() {
    // Every 97th length of a one-tile map: reading fails or, where it does not, the conversion writes a
    // tile that reads back. Never a crash.
    alpha::Map map;
    map.doodadNames = alpha::sampleDoodadNames();
    map.mapObjectNames = alpha::sampleMapObjectNames();
    map.tiles.push_back(mMap.tiles[0]);
    const auto bytes = alpha::build(map);
    int failed = 0;
    for (std::size_t len = 0; len <= bytes.size(); len += 97) {
        const auto prefix = std::span(bytes).first(len);
        auto wdt = io::readAlphaWdt(prefix);
        if (!wdt) {
            ++failed;
            continue;
        }
        for (int index : wdt->tileIndices()) {
            auto tile = io::readAlphaTile(*wdt, prefix, index);
            if (!tile) {
                ++failed;
                QVERIFY(tile.error().offset <= len);
                continue;
            }
            const auto written = io::writeAdt(core::importAlphaTile(*wdt, *tile).adt);
            QVERIFY(io::checkAdtLayout(written).empty());
        }
    }
    QVERIFY(failed > 1000);
    // The whole file converts.
    auto wdt = io::readAlphaWdt(bytes);
    QVERIFY(wdt);
    QVERIFY(io::readAlphaTile(*wdt, bytes, 40 * 64 + 30));
}

QTEST_GUILESS_MAIN(TestAlphaImport)
#include "test_alpha_import.moc"
