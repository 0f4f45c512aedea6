// An edited tile (changed heights, an added layer, a removed doodad, added liquid) writes and reads back
// with exactly the edits, and the result keeps a valid layout.

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_layout.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>

using namespace mapsmith;

class TestAdtEdit : public QObject {
    Q_OBJECT
private slots:
    void editedTileReadsBack_data();
    void editedTileReadsBack();
    void unknownChunksStayInPlace();
    void highResHolesRoundTrip();
    void unknownChunkBeforeMcinMovesAfterIt();
};

void TestAdtEdit::editedTileReadsBack_data() {
    QTest::addColumn<int>("encoding");
    QTest::newRow("4bit") << int(io::AlphaEncoding::FourBit);
    QTest::newRow("8bit") << int(io::AlphaEncoding::EightBit);
    QTest::newRow("rle") << int(io::AlphaEncoding::Rle);
}

void TestAdtEdit::editedTileReadsBack() {
    QFETCH(int, encoding);
    const auto enc = io::AlphaEncoding(encoding);
    const bool big = enc != io::AlphaEncoding::FourBit;
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), {false, false});
    QVERIFY(read);
    io::Adt adt = std::move(read->adt);

    // 1. Heights: raise chunk 40 by 10 yards at every vertex.
    for (float& h : adt.chunks[40].heights) {
        h += 10.0f;
    }
    // 2. A layer added where there is room, with a gradient alpha map (4-bit representable values).
    const std::size_t chunkIndex =
        std::size_t(std::find_if(adt.chunks.begin(), adt.chunks.end(),
                                 [](const auto& c) { return c.layers.size() < 4; }) -
                    adt.chunks.begin());
    QVERIFY(chunkIndex < 256);
    adt.textures.push_back("Tileset\\Mapsmith\\Test.blp");
    io::TextureLayer layer;
    layer.textureIndex = std::uint32_t(adt.textures.size() - 1);
    layer.hasAlpha = true;
    layer.encoding = enc;
    for (std::size_t i = 0; i < io::kAlphaPixels; ++i) {
        layer.alpha[i] = std::uint8_t(((i % 64) / 4) * 17);
    }
    adt.chunks[chunkIndex].layers.push_back(layer);
    for (auto& c : adt.chunks) {
        for (auto& l : c.layers) {
            l.encoding = enc;
        }
    }
    // 3. Doodad 5 removed: references to it dropped, later indices shift down.
    const std::uint32_t removedId = adt.doodads[5].uniqueId;
    adt.doodads.erase(adt.doodads.begin() + 5);
    for (auto& c : adt.chunks) {
        std::vector<std::uint32_t> refs;
        for (auto r : c.doodadRefs) {
            if (r != 5) {
                refs.push_back(r > 5 ? r - 1 : r);
            }
        }
        c.doodadRefs = refs;
    }
    // 4. Liquid added to chunk 0: a 3x2 lake with heights and depths.
    io::LiquidInstance lake;
    lake.liquidType = 1;
    lake.liquidObjectOrLvf = 0;
    lake.minHeight = 80.0f;
    lake.maxHeight = 81.0f;
    lake.xOffset = 2;
    lake.yOffset = 3;
    lake.width = 3;
    lake.height = 2;
    lake.vertexFormat = io::LiquidVertexFormat::HeightDepth;
    lake.heights.assign(lake.vertexCount(), 80.5f);
    lake.depths.assign(lake.vertexCount(), 40);
    adt.liquids->chunks[0].instances = {lake};

    const auto bytes = io::writeAdt(adt);
    QVERIFY(io::checkAdtLayout(bytes).empty());
    auto back = io::readAdt(bytes, {false, big});
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    const io::Adt& b = back->adt;
    QCOMPARE(io::dumpAdt(b).dump(), io::dumpAdt(adt).dump());
    QCOMPARE(b.chunks[40].heights[0], adt.chunks[40].heights[0]);
    QCOMPARE(b.chunks[chunkIndex].layers.back().alpha, layer.alpha);
    QCOMPARE(b.textures.back(), std::string("Tileset\\Mapsmith\\Test.blp"));
    QCOMPARE(b.doodads.size(), std::size_t(380));
    for (const auto& d : b.doodads) {
        QVERIFY(d.uniqueId != removedId);
    }
    QCOMPARE(b.liquids->chunks[0].instances.size(), std::size_t(1));
    QCOMPARE(b.liquids->chunks[0].instances[0], lake);
}

void TestAdtEdit::unknownChunksStayInPlace() {
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")), {false, false});
    QVERIFY(read);
    io::Adt adt = std::move(read->adt);
    adt.unknown.push_back({io::FourCC("MXYZ"), io::chunk::MODF, {std::byte{1}, std::byte{2}, std::byte{3}}});
    adt.chunks[3].unknown.push_back({io::FourCC("MCXX"), io::chunk::MCLY, {std::byte{9}}});
    const auto bytes = io::writeAdt(adt);
    io::Diagnostics diag;
    const auto chunks = io::listAdtChunks(bytes, diag);
    bool topFound = false;
    for (std::size_t i = 1; i < chunks.size(); ++i) {
        if (chunks[i].id == io::FourCC("MXYZ")) {
            QCOMPARE(chunks[i - 1].id, io::chunk::MODF);
            topFound = true;
        }
        if (chunks[i].id == io::FourCC("MCXX")) {
            QCOMPARE(chunks[i - 1].id, io::chunk::MCLY);
            QCOMPARE(chunks[i].mcnkIndex, 3);
        }
    }
    QVERIFY(topFound);
    auto back = io::readAdt(bytes, {false, false});
    QVERIFY(back);
    QCOMPARE(back->adt.unknown.size(), std::size_t(1));
    QCOMPARE(back->adt.unknown[0], adt.unknown.back());
    QCOMPARE(back->adt.chunks[3].unknown.size(), std::size_t(1));
    QCOMPARE(back->adt.chunks[3].unknown[0], adt.chunks[3].unknown[0]);
    QVERIFY(io::writeAdt(back->adt) == bytes);
}

void TestAdtEdit::highResHolesRoundTrip() {
    auto read = io::readAdt(tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")), {false, false});
    QVERIFY(read);
    io::Adt adt = std::move(read->adt);
    adt.chunks[10].flags |= io::mcnk_flags::HighResHoles;
    adt.chunks[10].holesHighRes = 0x8040201008040201ull;
    const auto bytes = io::writeAdt(adt);
    auto back = io::readAdt(bytes, {false, false});
    QVERIFY(back);
    QCOMPARE(back->adt.chunks[10].holesHighRes, 0x8040201008040201ull);
    QCOMPARE(back->adt.chunks[10].heights, adt.chunks[10].heights);
    QVERIFY(io::writeAdt(back->adt) == bytes);
}

// Found by fuzzing: an unknown chunk between MHDR and MCIN must not push MCIN off 0x54 when written
// back (the extractors need it there); it moves to just after MCIN and keeps its bytes.
void TestAdtEdit::unknownChunkBeforeMcinMovesAfterIt() {
    auto bytes = tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt"));
    const std::size_t mcinAt = 0x54;
    const std::vector<std::byte> extra{std::byte{'Z'}, std::byte{'Z'}, std::byte{'Z'}, std::byte{'Z'},
                                       std::byte{4},   std::byte{0},   std::byte{0},   std::byte{0},
                                       std::byte{1},   std::byte{2},   std::byte{3},   std::byte{4}};
    bytes.insert(bytes.begin() + std::ptrdiff_t(mcinAt), extra.begin(), extra.end());
    QVERIFY(!io::checkAdtLayout(bytes).empty()); // MCIN is at 0x60 now
    auto read = io::readAdt(bytes);
    QVERIFY2(read, read ? "" : read.error().describe().c_str());
    QCOMPARE(read->adt.unknown.size(), std::size_t(1));
    const auto written = io::writeAdt(read->adt);
    QVERIFY(io::checkAdtLayout(written).empty());
    auto back = io::readAdt(written);
    QVERIFY(back);
    QCOMPARE(back->adt.unknown.size(), std::size_t(1));
    QCOMPARE(back->adt.unknown[0].data, read->adt.unknown[0].data);
    QCOMPARE(back->adt.unknown[0].after, io::chunk::MCIN);
    QVERIFY(io::dumpAdt(back->adt) == io::dumpAdt(read->adt));
}

QTEST_APPLESS_MAIN(TestAdtEdit)
#include "test_adt_edit.moc"
