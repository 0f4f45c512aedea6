// 0.5.3 alpha WDT reader: maps built from the format description (tests/support/alpha_wdt_builder.h) read
// back with every field as written (names, MAIN, tiles, MCNK blocks, liquids, emitters, the global MODF of
// WMO-only maps); damaged files (every 97th truncation, MAIN offsets past the end or into the header,
// overlapping tiles, bogus counts and offsets, random byte damage) give errors naming a chunk and an
// offset inside the file, never a crash.
// MAPSMITH_WRITE_ALPHA_SEEDS=DIR also writes the fuzz seeds (tests/fuzz/seeds/alpha_wdt).

#include "io/binary/file_io.h"
#include "io/wdt/alpha_wdt.h"
#include "support/alpha_wdt_builder.h"
#include "support/test_bytes.h"
#include "support/test_files.h"

#include <QtTest>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>

using namespace mapsmith;
namespace alpha = mapsmith::tests::alpha;

namespace {

using tests::getU32;
using tests::putU32;

// Reads the map and every tile; the first error, if any.
std::optional<io::Error> readAll(std::span<const std::byte> bytes) {
    auto wdt = io::readAlphaWdt(bytes);
    if (!wdt) {
        return wdt.error();
    }
    for (int index : wdt->tileIndices()) {
        auto tile = io::readAlphaTile(*wdt, bytes, index);
        if (!tile) {
            return tile.error();
        }
    }
    return std::nullopt;
}

// The error a damaged file must give: named chunk, offset inside the file.
void expectError(std::span<const std::byte> bytes, io::ErrorCode code, io::FourCC chunk) {
    const auto e = readAll(bytes);
    QVERIFY2(e.has_value(), "the damaged file read");
    QVERIFY2(e->code == code && e->chunk == chunk, e->describe().c_str());
    QVERIFY(e->offset <= bytes.size());
}

} // namespace

class TestAlphaWdt : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void detectsLayout();
    void readsMapTable();
    void readsTiles();
    void readsWmoOnlyMap();
    void nameCounts();
    void mhdrOffsetsFromDataEnd();
    void truncatedEverywhere();
    void mainOffsetsPastTheEnd();
    void overlappingTiles();
    void bogusCounts();
    void bogusOffsets();
    void randomDamage();
    void writesFuzzSeeds();

private:
    alpha::Map mMap;
    alpha::Layout mLayout;
    std::vector<std::byte> mBytes;
};

void TestAlphaWdt::initTestCase() {
    mMap = alpha::sampleMap();
    mBytes = alpha::build(mMap, &mLayout);
}

void TestAlphaWdt::detectsLayout() {
    QVERIFY(io::isAlphaWdt(mBytes));
    QVERIFY(io::isAlphaWdt(alpha::build(alpha::wmoOnlyMap())));
    // A v18 WDT (32-byte MPHD, 8-byte MAIN entries) and an ADT are not alpha WDTs; nor is a short file.
    QVERIFY(!io::isAlphaWdt(tests::readBytes(tests::corpusPath("adt/Azeroth.wdt"))));
    QVERIFY(!io::isAlphaWdt(tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt"))));
    QVERIFY(!io::isAlphaWdt(std::span(mBytes).first(100)));
    QVERIFY(!io::isAlphaWdt({}));
    // The header sizes alone decide: a MAIN that runs past the end is still an alpha WDT (a broken one).
    QVERIFY(io::isAlphaWdt(std::span(mBytes).first(200)));
}

void TestAlphaWdt::readsMapTable() {
    auto wdt = io::readAlphaWdt(mBytes);
    QVERIFY2(wdt, wdt ? "" : wdt.error().describe().c_str());
    QCOMPARE(wdt->version, 18u);
    QCOMPARE(wdt->fileSize, std::uint64_t(mBytes.size()));
    QCOMPARE(wdt->mainOffset, mLayout.mainData);
    QCOMPARE(wdt->doodadNames, mMap.doodadNames);
    QCOMPARE(wdt->mapObjectNames, mMap.mapObjectNames);
    QCOMPARE(wdt->header.doodadNameCount, 4u); // names + 1, as the client counts
    QCOMPARE(std::uint64_t(wdt->header.doodadNamesOffset), mLayout.mdnm);
    QCOMPARE(std::uint64_t(wdt->header.mapObjectNamesOffset), mLayout.monm);
    QVERIFY(!wdt->mapObjects.has_value());
    QCOMPARE(wdt->tileCount(), 3);
    QCOMPARE(wdt->tileIndices(), (std::vector<int>{40 * 64 + 30, 40 * 64 + 31, 41 * 64 + 29}));
    QVERIFY(wdt->hasTile(30, 40) && wdt->hasTile(31, 40) && wdt->hasTile(29, 41));
    QVERIFY(!wdt->hasTile(0, 0) && !wdt->hasTile(64, 0) && !wdt->hasTile(-1, 3));
    const io::AlphaAreaInfo& a = wdt->areas[40 * 64 + 30];
    QCOMPARE(std::uint64_t(a.offset), mLayout.mhdr.at(40 * 64 + 30));
    QCOMPARE(std::uint64_t(a.offset) + a.size, mLayout.mcnk.at(40 * 64 + 30).front());
}

void TestAlphaWdt::readsTiles() {
    auto wdt = io::readAlphaWdt(mBytes);
    QVERIFY(wdt);
    for (const alpha::Tile& t : mMap.tiles) {
        const int index = t.y * 64 + t.x;
        auto tile = io::readAlphaTile(*wdt, mBytes, index);
        QVERIFY2(tile, tile ? "" : tile.error().describe().c_str());
        QCOMPARE(tile->index, index);
        QCOMPARE(tile->x(), t.x);
        QCOMPARE(tile->y(), t.y);
        QVERIFY(tile->warnings.empty());
        QCOMPARE(tile->textures, t.textures);
        QCOMPARE(tile->doodads.size(), t.doodads.size());
        for (std::size_t i = 0; i < t.doodads.size(); ++i) {
            const io::DoodadPlacement& d = tile->doodads[i];
            QCOMPARE(d.nameIndex, t.doodads[i].nameId);
            QCOMPARE(d.uniqueId, t.doodads[i].uniqueId);
            QCOMPARE(d.position, (io::Vec3f{t.doodads[i].position[0], t.doodads[i].position[1],
                                            t.doodads[i].position[2]}));
            QCOMPARE(d.rotation, (io::Vec3f{t.doodads[i].rotation[0], t.doodads[i].rotation[1],
                                            t.doodads[i].rotation[2]}));
            QCOMPARE(d.scale, t.doodads[i].scale);
            QCOMPARE(d.flags, t.doodads[i].flags);
        }
        QCOMPARE(tile->mapObjects.size(), t.mapObjects.size());
        for (std::size_t i = 0; i < t.mapObjects.size(); ++i) {
            const io::MapObjectPlacement& m = tile->mapObjects[i];
            QCOMPARE(m.nameIndex, t.mapObjects[i].nameId);
            QCOMPARE(m.uniqueId, t.mapObjects[i].uniqueId);
            QCOMPARE(m.extentsMax.y, t.mapObjects[i].extentsMax[1]);
            QCOMPARE(m.doodadSet, t.mapObjects[i].doodadSet);
        }
        QCOMPARE(tile->chunks.size(), std::size_t(256));
        for (int i = 0; i < 256; ++i) {
            const io::AlphaChunk& c = tile->chunks[std::size_t(i)];
            const alpha::Chunk& w = t.chunks[std::size_t(i)];
            QCOMPARE(c.indexX, std::uint32_t(i % 16));
            QCOMPARE(c.indexY, std::uint32_t(i / 16));
            QCOMPARE(c.flags, w.flags);
            QCOMPARE(c.radius, w.radius);
            QCOMPARE(c.areaId, w.areaId);
            QCOMPARE(c.holes, w.holes);
            QCOMPARE(c.predTex, w.predTex);
            QCOMPARE(c.noEffectDoodad, w.noEffectDoodad);
            QCOMPARE(c.heights, w.heights);
            QCOMPARE(c.normals, w.normals);
            QCOMPARE(c.normalPadding, w.normalPadding);
            QCOMPARE(c.layers.size(), w.layers.size());
            for (std::size_t l = 0; l < w.layers.size(); ++l) {
                QCOMPARE(c.layers[l].textureId, w.layers[l].textureId);
                QCOMPARE(c.layers[l].effectId, w.layers[l].effectId);
                QCOMPARE(c.layers[l].props & ~0x100u, w.layers[l].props);
                QCOMPARE(c.layers[l].alphaMap, w.layers[l].alphaMap);
            }
            QCOMPARE(c.doodadRefs, w.doodadRefs);
            QCOMPARE(c.mapObjectRefs, w.mapObjectRefs);
            QCOMPARE(c.shadow, w.shadow);
            QCOMPARE(c.liquids.size(), w.liquids.size());
            for (std::size_t l = 0; l < w.liquids.size(); ++l) {
                const io::AlphaLiquid& got = c.liquids[l];
                QCOMPARE(got.minHeight, w.liquids[l].minHeight);
                QCOMPARE(got.maxHeight, w.liquids[l].maxHeight);
                for (std::size_t v = 0; v < 81; ++v) {
                    QCOMPARE(got.vertices[v].height, w.liquids[l].heights[v]);
                    QCOMPARE(got.vertices[v].data, w.liquids[l].vertexData);
                }
                QCOMPARE(got.tiles, w.liquids[l].tiles);
                QCOMPARE(got.flowCount, w.liquids[l].flowCount);
                QCOMPARE(got.flows[1].frequency, w.liquids[l].flows[19]);
                QCOMPARE(got.flows[0].sphereRadius, w.liquids[l].flows[3]);
            }
            QCOMPARE(c.soundEmitters.size(), std::size_t(w.soundEmitters));
            for (std::size_t e = 0; e < c.soundEmitters.size(); ++e) {
                const std::uint32_t base = 1000 * std::uint32_t(e + 1);
                QCOMPARE(c.soundEmitters[e].soundPointId, base);
                QCOMPARE(c.soundEmitters[e].soundNameId, base + 1);
                QCOMPARE(c.soundEmitters[e].mode, base + 10);
                QCOMPARE(c.soundEmitters[e].interSoundGapMax, base + 18);
            }
        }
    }
    // A tile that is not in the map, an index outside the map, other bytes.
    auto missing = io::readAlphaTile(*wdt, mBytes, 0);
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, io::ErrorCode::MissingChunk);
    QCOMPARE(missing.error().offset, mLayout.mainData);
    QVERIFY(!io::readAlphaTile(*wdt, mBytes, 4096));
    QVERIFY(!io::readAlphaTile(*wdt, mBytes, -1));
    QVERIFY(!io::readAlphaTile(*wdt, std::span(mBytes).first(mBytes.size() - 1), 40 * 64 + 30));
}

void TestAlphaWdt::readsWmoOnlyMap() {
    const alpha::Map map = alpha::wmoOnlyMap();
    alpha::Layout layout;
    const auto bytes = alpha::build(map, &layout);
    auto wdt = io::readAlphaWdt(bytes);
    QVERIFY2(wdt, wdt ? "" : wdt.error().describe().c_str());
    QCOMPARE(wdt->tileCount(), 0);
    QVERIFY(wdt->doodadNames.empty());
    QCOMPARE(wdt->mapObjectNames, map.mapObjectNames);
    QVERIFY(wdt->mapObjects.has_value());
    QCOMPARE(wdt->mapObjects->size(), std::size_t(2));
    QVERIFY(wdt->firstMapObjectIsDummy());
    const io::MapObjectPlacement& m = (*wdt->mapObjects)[1];
    QCOMPARE(m.uniqueId, 0xFFFFFFFFu);
    QCOMPARE(m.position.x, 17066.666f);
    QCOMPARE(m.extentsMin.z, -300.0f);
    QCOMPARE(m.extentsMax.x, 250.0f);
    // A MODF entry naming a WMO past MONM.
    auto bad = bytes;
    putU32(bad, layout.globalModf + 8 + 64, 1);
    expectError(bad, io::ErrorCode::BadValue, io::chunk::MODF);
    // A MODF size that is not whole entries.
    bad = bytes;
    putU32(bad, layout.globalModf + 4, 100);
    bad.resize(layout.globalModf + 8 + 100);
    expectError(bad, io::ErrorCode::BadValue, io::chunk::MODF);
}

void TestAlphaWdt::nameCounts() {
    // Counts equal to the names (no trailing empty piece) read too.
    alpha::Map map = alpha::sampleMap();
    map.countTrailingEmpty = false;
    auto wdt = io::readAlphaWdt(alpha::build(map));
    QVERIFY(wdt);
    QCOMPARE(wdt->doodadNames.size(), std::size_t(3));
    // Any other count is refused, naming the list.
    for (std::uint32_t count : {0u, 2u, 5u, 0xFFFFFFFFu}) {
        auto bytes = mBytes;
        putU32(bytes, mLayout.mphdData, count);
        auto bad = io::readAlphaWdt(bytes);
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, io::ErrorCode::CountOverflow);
        QCOMPARE(bad.error().chunk, io::FourCC("MDNM"));
        QCOMPARE(bad.error().offset, mLayout.mdnm + 8);
    }
    auto bytes = mBytes;
    putU32(bytes, mLayout.mphdData + 8, 7);
    auto bad = io::readAlphaWdt(bytes);
    QVERIFY(!bad);
    QCOMPARE(bad.error().chunk, io::FourCC("MONM"));
    // An unterminated last name.
    bytes = mBytes;
    const std::uint32_t mdnmSize = getU32(bytes, mLayout.mdnm + 4);
    bytes[mLayout.mdnm + 8 + mdnmSize - 1] = std::byte{'x'};
    bad = io::readAlphaWdt(bytes);
    QVERIFY(!bad);
    QVERIFY(bad.error().message.find("NUL") != std::string::npos);
}

void TestAlphaWdt::mhdrOffsetsFromDataEnd() {
    // MHDR offsets counted from the end of its 64 data bytes (MCIN at 0) read the same tile.
    auto bytes = mBytes;
    const int index = 40 * 64 + 30;
    const std::uint64_t data = mLayout.mhdr.at(index) + 8;
    for (std::uint64_t field : {0u, 4u, 12u, 20u}) {
        putU32(bytes, data + field, getU32(bytes, data + field) - 64);
    }
    QCOMPARE(getU32(bytes, data), 0u);
    auto wdt = io::readAlphaWdt(bytes);
    QVERIFY(wdt);
    auto shifted = io::readAlphaTile(*wdt, bytes, index);
    QVERIFY2(shifted, shifted ? "" : shifted.error().describe().c_str());
    auto original = io::readAlphaTile(*io::readAlphaWdt(mBytes), mBytes, index);
    QVERIFY(original);
    QCOMPARE(shifted->chunks, original->chunks);
    QCOMPARE(shifted->doodads, original->doodads);
}

void TestAlphaWdt::truncatedEverywhere() {
    // Every 97th length: the map or some tile fails to read (the last tile's MCNKs end the file), with an
    // offset inside the bytes given.
    int mapErrors = 0;
    int tileErrors = 0;
    for (std::size_t len = 0; len < mBytes.size(); len += 97) {
        const auto prefix = std::span(mBytes).first(len);
        auto wdt = io::readAlphaWdt(prefix);
        if (!wdt) {
            QVERIFY(wdt.error().offset <= len);
            ++mapErrors;
            continue;
        }
        const auto e = readAll(prefix);
        QVERIFY2(e.has_value(),
                 qPrintable(QStringLiteral("length %1 of %2 read").arg(len).arg(mBytes.size())));
        QVERIFY(e->offset <= len);
        ++tileErrors;
    }
    QVERIFY(mapErrors > 100);
    QVERIFY(tileErrors > 100);

    // The same inside one tile with the map table intact: the file's tail from `cut` on zeroed (a cut in
    // MCNK k zeroes MCNK k + 1's header).
    auto wdt = io::readAlphaWdt(mBytes);
    QVERIFY(wdt);
    int zeroed = 0;
    const int index = 40 * 64 + 30;
    const std::uint64_t first = mLayout.mhdr.at(index);
    const std::uint64_t last = mLayout.mcnk.at(index)[255] + 8 + 8; // up to the last MCNK's indexX
    for (std::uint64_t cut = first; cut < last; cut += 97 * 7) {
        auto bytes = mBytes;
        std::fill(bytes.begin() + std::ptrdiff_t(cut), bytes.end(), std::byte{0});
        auto tile = io::readAlphaTile(*wdt, bytes, index);
        QVERIFY2(!tile, qPrintable(QStringLiteral("cut at %1 read").arg(cut)));
        QVERIFY(tile.error().offset < bytes.size());
        ++zeroed;
    }
    QVERIFY(zeroed > 100);
}

void TestAlphaWdt::mainOffsetsPastTheEnd() {
    const std::uint64_t entry = mLayout.mainData + 16 * (40 * 64 + 31);
    auto bytes = mBytes;
    putU32(bytes, entry, std::uint32_t(bytes.size() + 100));
    auto bad = io::readAlphaWdt(bytes);
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, io::ErrorCode::SizeOutOfBounds);
    QCOMPARE(bad.error().chunk, io::chunk::MAIN);
    QCOMPARE(bad.error().offset, entry);
    // Offset inside, size past the end.
    bytes = mBytes;
    putU32(bytes, entry + 4, 0xFFFFFFF0u);
    bad = io::readAlphaWdt(bytes);
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, io::ErrorCode::SizeOutOfBounds);
    // A tile inside MAIN or the name lists.
    for (std::uint32_t offset : {std::uint32_t(mLayout.mainData), std::uint32_t(mLayout.monm + 4), 8u}) {
        bytes = mBytes;
        putU32(bytes, entry, offset);
        bad = io::readAlphaWdt(bytes);
        QVERIFY(!bad);
        QCOMPARE(bad.error().code, io::ErrorCode::BadValue);
        QCOMPARE(bad.error().offset, entry);
    }
    // A size too small for an MHDR.
    bytes = mBytes;
    putU32(bytes, entry + 4, 20);
    QVERIFY(!io::readAlphaWdt(bytes));
    // MPHD name offsets past the end or inside MAIN.
    for (std::uint32_t offset :
         {std::uint32_t(bytes.size()), 0xFFFFFFFFu, std::uint32_t(mLayout.mainData + 64)}) {
        bytes = mBytes;
        putU32(bytes, mLayout.mphdData + 4, offset);
        bad = io::readAlphaWdt(bytes);
        QVERIFY(!bad);
        QVERIFY(bad.error().offset <= bytes.size());
    }
}

void TestAlphaWdt::overlappingTiles() {
    // The first tile's size reaching into the second's.
    const int first = 40 * 64 + 30;
    const std::uint64_t entry = mLayout.mainData + 16 * std::uint64_t(first);
    auto bytes = mBytes;
    const std::uint32_t reach = std::uint32_t(mLayout.mhdr.at(40 * 64 + 31) - mLayout.mhdr.at(first) + 1);
    putU32(bytes, entry + 4, reach);
    auto bad = io::readAlphaWdt(bytes);
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, io::ErrorCode::BadValue);
    QCOMPARE(bad.error().chunk, io::chunk::MAIN);
    QCOMPARE(bad.error().offset, mLayout.mainData + 16 * std::uint64_t(40 * 64 + 31));
    QVERIFY(bad.error().message.find("overlaps") != std::string::npos);
    // Two entries naming the same tile bytes.
    bytes = mBytes;
    putU32(bytes, mLayout.mainData + 16 * 5, std::uint32_t(mLayout.mhdr.at(first)));
    putU32(bytes, mLayout.mainData + 16 * 5 + 4, getU32(bytes, entry + 4));
    QVERIFY(!io::readAlphaWdt(bytes));
    // A size covering the tile's MCNKs: the MCNKs overlap the tile's header chunks.
    bytes = mBytes;
    putU32(bytes, entry + 4, std::uint32_t(mLayout.mcnk.at(first)[3] - mLayout.mhdr.at(first)));
    auto wdt = io::readAlphaWdt(bytes);
    QVERIFY(wdt);
    auto tile = io::readAlphaTile(*wdt, bytes, first);
    QVERIFY(!tile);
    QCOMPARE(tile.error().chunk, io::chunk::MCIN);
}

void TestAlphaWdt::bogusCounts() {
    const int index = 40 * 64 + 30;
    auto wdt = io::readAlphaWdt(mBytes);
    QVERIFY(wdt);
    const std::uint64_t mcnk0 = mLayout.mcnk.at(index)[0] + 8; // header fields
    auto expectTile = [&](std::uint64_t at, std::uint32_t value, io::ErrorCode code, io::FourCC chunk) {
        auto bytes = mBytes;
        putU32(bytes, at, value);
        auto tile = io::readAlphaTile(*wdt, bytes, index);
        QVERIFY2(!tile, qPrintable(QStringLiteral("value %1 at %2 read").arg(value).arg(at)));
        QVERIFY2(tile.error().code == code && tile.error().chunk == chunk, tile.error().describe().c_str());
        QVERIFY(tile.error().offset < bytes.size());
    };
    expectTile(mcnk0 + 0x10, 5, io::ErrorCode::CountOverflow, io::chunk::MCNK); // nLayers > 4
    expectTile(mcnk0 + 0x10, 0xFFFFFFFF, io::ErrorCode::CountOverflow, io::chunk::MCNK);
    expectTile(mcnk0 + 0x10, 2, io::ErrorCode::CountOverflow, io::chunk::MCLY);            // MCLY holds 3
    expectTile(mcnk0 + 0x14, 0x40000000, io::ErrorCode::CountOverflow, io::chunk::MCRF);   // nDoodadRefs
    expectTile(mcnk0 + 0x3C, 0xFFFFFFFF, io::ErrorCode::CountOverflow, io::chunk::MCRF);   // nMapObjRefs
    expectTile(mcnk0 + 0x60, 0xFFFFFFFF, io::ErrorCode::SizeOutOfBounds, io::chunk::MCSE); // nSndEmitters
    expectTile(mcnk0 + 0x60, 1000, io::ErrorCode::SizeOutOfBounds, io::chunk::MCSE);
    expectTile(mcnk0 + 0x34, 0x7FFFFFFF, io::ErrorCode::SizeOutOfBounds, io::chunk::MCSH); // sizeShadow
    expectTile(mcnk0 + 0x2C, 100, io::ErrorCode::SizeOutOfBounds, io::chunk::MCLY); // sizeAlpha too small
    expectTile(mcnk0 + 0x00, 0x1 | 0x4 | 0x8 | 0x10, io::ErrorCode::SizeOutOfBounds,
               io::chunk::MCLQ);                                           // 3 liquids
    expectTile(mcnk0 + 0x04, 3, io::ErrorCode::BadValue, io::chunk::MCNK); // indexX
    // MCIN: an MCNK past the end, missing, or the MCNK id wrong.
    const std::uint64_t mcin = mLayout.mcin.at(index) + 8;
    expectTile(mcin + 16 * 7, std::uint32_t(mBytes.size() - 4), io::ErrorCode::Truncated, io::chunk::MCNK);
    expectTile(mcin + 16 * 7, 0, io::ErrorCode::MissingChunk, io::chunk::MCIN);
    expectTile(mcin + 16 * 7, std::uint32_t(mLayout.mcnk.at(index)[7] + 4), io::ErrorCode::BadMagic,
               io::chunk::MCNK);
    // MCNK size past the file.
    expectTile(mLayout.mcnk.at(index)[255] + 4, 0x10000000, io::ErrorCode::SizeOutOfBounds, io::chunk::MCNK);
    // References to names past MDNM/MONM, a texture past MTEX, a doodad name past MDNM.
    const std::uint64_t body = mcnk0 + 128;
    const std::uint32_t ofsRefs = getU32(mBytes, mcnk0 + 0x24);
    expectTile(body + ofsRefs + 8, 3, io::ErrorCode::BadValue, io::chunk::MCRF);
    expectTile(body + ofsRefs + 8 + 8, 2, io::ErrorCode::BadValue, io::chunk::MCRF); // the map object ref
    const std::uint32_t ofsLayer = getU32(mBytes, mcnk0 + 0x20);
    expectTile(body + ofsLayer + 8 + 16, 4, io::ErrorCode::BadValue, io::chunk::MCLY);
    const std::uint64_t mhdrData = mLayout.mhdr.at(index) + 8;
    const std::uint64_t mddf = mhdrData + getU32(mBytes, mhdrData + 12);
    expectTile(mddf + 8 + 36, 3, io::ErrorCode::BadValue, io::chunk::MDDF);
    const std::uint64_t modf = mhdrData + getU32(mBytes, mhdrData + 20);
    expectTile(modf + 8, 2, io::ErrorCode::BadValue, io::chunk::MODF);
    // MDDF size that is not whole entries; MCIN smaller than 256 entries.
    expectTile(mddf + 4, 40, io::ErrorCode::BadValue, io::chunk::MDDF);
    expectTile(mLayout.mcin.at(index) + 4, 100, io::ErrorCode::BadValue, io::chunk::MCIN);
}

void TestAlphaWdt::bogusOffsets() {
    const int index = 40 * 64 + 30;
    auto wdt = io::readAlphaWdt(mBytes);
    QVERIFY(wdt);
    const std::uint64_t mcnk0 = mLayout.mcnk.at(index)[0] + 8;
    // Every block offset of the header: past the MCNK, or at the wrong place for a named block.
    for (std::uint64_t field : {0x18u, 0x1Cu, 0x20u, 0x24u, 0x28u, 0x30u, 0x5Cu, 0x64u}) {
        for (std::uint32_t value : {0xFFFFFFFFu, 0x7FFFFFF0u, 40000u}) {
            auto bytes = mBytes;
            putU32(bytes, mcnk0 + field, value);
            auto tile = io::readAlphaTile(*wdt, bytes, index);
            QVERIFY2(!tile, qPrintable(QStringLiteral("field %1 = %2 read").arg(field).arg(value)));
            QCOMPARE(tile.error().code, io::ErrorCode::SizeOutOfBounds);
            QCOMPARE(tile.error().offset, mcnk0 + field);
        }
    }
    // MCLY pointing at MCVT data: not a chunk header.
    auto bytes = mBytes;
    putU32(bytes, mcnk0 + 0x20, 0);
    auto tile = io::readAlphaTile(*wdt, bytes, index);
    QVERIFY(!tile);
    QCOMPARE(tile.error().code, io::ErrorCode::BadMagic);
    QCOMPARE(tile.error().chunk, io::chunk::MCLY);
    // MHDR offsets that miss their chunk, and one past the tile's header chunks.
    const std::uint64_t mhdrData = mLayout.mhdr.at(index) + 8;
    for (std::uint64_t field : {0u, 4u, 12u, 20u}) {
        for (std::uint32_t value : {1u, 0xFFFFFFFFu, std::uint32_t(mBytes.size())}) {
            bytes = mBytes;
            putU32(bytes, mhdrData + field, value);
            tile = io::readAlphaTile(*wdt, bytes, index);
            QVERIFY(!tile);
            QVERIFY(tile.error().offset <= bytes.size());
        }
    }
    // The MHDR id itself.
    bytes = mBytes;
    putU32(bytes, mLayout.mhdr.at(index), 0x12345678);
    tile = io::readAlphaTile(*wdt, bytes, index);
    QVERIFY(!tile);
    QCOMPARE(tile.error().code, io::ErrorCode::BadMagic);
    QCOMPARE(tile.error().offset, mLayout.mhdr.at(index));
    // A MHDR size that disagrees with MTEX's is a warning.
    bytes = mBytes;
    putU32(bytes, mhdrData + 8, 3);
    tile = io::readAlphaTile(*wdt, bytes, index);
    QVERIFY(tile);
    QCOMPARE(tile->warnings.size(), std::size_t(1));
    QCOMPARE(tile->warnings[0].chunk, io::chunk::MTEX);
    // Top level: MVER, MPHD and MAIN ids, sizes and the version.
    for (auto [at, value] :
         std::vector<std::pair<std::uint64_t, std::uint32_t>>{{0, 0},
                                                              {4, 0xFFFFFFFF},
                                                              {8, 17},
                                                              {12, 0},
                                                              {16, 32},
                                                              {16, 0xFFFFFFF0},
                                                              {mLayout.mainData - 4, 32768}}) {
        bytes = mBytes;
        putU32(bytes, at, value);
        auto bad = io::readAlphaWdt(bytes);
        QVERIFY2(!bad, qPrintable(QStringLiteral("%1 at %2 read").arg(value).arg(at)));
        QVERIFY(bad.error().offset <= bytes.size());
    }
}

void TestAlphaWdt::randomDamage() {
    // Bytes overwritten at random: reads never crash, errors point into the file.
    std::mt19937 rng(5303);
    auto wdt = io::readAlphaWdt(mBytes);
    QVERIFY(wdt);
    const std::uint64_t tileStart = mLayout.mhdr.at(40 * 64 + 30);
    const std::uint64_t tileEnd = mLayout.mhdr.at(40 * 64 + 31);
    int failures = 0;
    auto bytes = mBytes;
    for (int round = 0; round < 1500; ++round) {
        std::vector<std::pair<std::size_t, std::byte>> saved;
        for (int k = 0; k < 4; ++k) {
            const std::size_t at = std::size_t(tileStart + rng() % (tileEnd - tileStart));
            saved.emplace_back(at, bytes[at]);
            bytes[at] = std::byte(rng() & 0xFF);
        }
        auto tile = io::readAlphaTile(*wdt, bytes, 40 * 64 + 30);
        if (!tile) {
            ++failures;
            QVERIFY(tile.error().offset <= bytes.size());
        }
        for (auto it = saved.rbegin(); it != saved.rend(); ++it) {
            bytes[it->first] = it->second;
        }
    }
    QVERIFY(failures > 0);
    // The header region: the map table reads or fails cleanly.
    for (int round = 0; round < 3000; ++round) {
        auto damaged = mBytes;
        for (int k = 0; k < 3; ++k) {
            const std::size_t at = rng() % 300;
            damaged[at] = std::byte(rng() & 0xFF);
        }
        if (const auto e = readAll(damaged)) {
            QVERIFY(e->offset <= damaged.size());
        }
    }
}

void TestAlphaWdt::writesFuzzSeeds() {
    // MAPSMITH_WRITE_ALPHA_SEEDS=<dir>: writes the fuzz seeds (tests/fuzz/seeds/alpha_wdt).
    const char* dir = std::getenv("MAPSMITH_WRITE_ALPHA_SEEDS");
    // One small tile: flat chunks, one layer, one doodad and WMO, one alpha map, a liquid and an emitter.
    alpha::Map map;
    map.doodadNames = {"A.mdx"};
    map.mapObjectNames = {"B.wmo"};
    alpha::Tile t = alpha::flatTile(1, 2, {"T.blp", "U.blp"});
    t.doodads.push_back(alpha::Doodad{0, 1, {1.0f, 2.0f, 3.0f}, {}, 1024, 0});
    t.mapObjects.push_back(alpha::MapObject{0, 2, {}, {}, {}, {1.0f, 1.0f, 1.0f}, 0, 0, 0, 0});
    t.chunks[0].doodadRefs = {0};
    t.chunks[0].mapObjectRefs = {0};
    t.chunks[0].layers.push_back(alpha::Layer{1, 0, 3, alpha::patternAlpha(9)});
    t.chunks[0].flags = 0x4;
    t.chunks[0].liquids.push_back(alpha::patternLiquid(4));
    t.chunks[0].soundEmitters = 1;
    t.chunks[0].shadow.assign(512, 0x5A);
    map.tiles.push_back(t);
    const auto tileSeed = alpha::build(map);
    const auto wmoSeed = alpha::build(alpha::wmoOnlyMap());
    QVERIFY(!readAll(tileSeed));
    QVERIFY(!readAll(wmoSeed));
    // The seeds kept in the repository are these files.
    const std::string seeds = std::string(MAPSMITH_SOURCE_DIR) + "/tests/fuzz/seeds/alpha_wdt/";
    QVERIFY(tests::readBytes(seeds + "one_tile.wdt") == tileSeed);
    QVERIFY(tests::readBytes(seeds + "wmo_only.wdt") == wmoSeed);
    if (dir == nullptr || *dir == '\0') {
        return;
    }
    QVERIFY(io::writeFileBytes(std::string(dir) + "/one_tile.wdt", tileSeed));
    QVERIFY(io::writeFileBytes(std::string(dir) + "/wmo_only.wdt", wmoSeed));
}

QTEST_GUILESS_MAIN(TestAlphaWdt)
#include "test_alpha_wdt.moc"
