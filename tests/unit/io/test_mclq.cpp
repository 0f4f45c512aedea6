// MCLQ (old liquids): layers built by the spec's rules encode and decode back; the MCNK flags decide the
// layers; the real Azeroth_38_46 stubs decode to nothing and a real tile filled with MCLQ writes back
// byte-identical with its MCLQ at the offsets mclqPayloadOffsets names; short payloads give an error
// naming MCLQ, the map chunk and the absolute offset; the liquid-cells view reads MCLQ and MH2O alike.

#include "io/adt/adt.h"
#include "io/adt/liquid_cells.h"
#include "io/adt/mclq.h"
#include "support/mclq_tiles.h"
#include "support/test_files.h"

#include <QtTest>

#include <cstring>

using namespace mapsmith;

namespace {

io::Adt readCorpus(const char* name) {
    auto bytes = tests::readBytes(tests::corpusPath(std::string("adt/") + name));
    auto read = io::readAdt(bytes);
    if (!read) {
        qFatal("%s", read.error().describe().c_str());
    }
    return std::move(read->adt);
}

} // namespace

class TestMclq : public QObject {
    Q_OBJECT
private slots:
    void layersRoundTrip() {
        io::MclqChunk chunk;
        chunk.layers.push_back(
            tests::mclqLayer(io::MclqKind::River, 10.0f, 3, tests::MclqCells::Pattern, true));
        chunk.layers.push_back(
            tests::mclqLayer(io::MclqKind::Slime, -4.0f, 7, tests::MclqCells::Corner, false));
        const std::array<std::byte, 3> trailing{std::byte{1}, std::byte{2}, std::byte{3}};
        const auto payload = io::encodeMclq(chunk, trailing);
        QCOMPARE(payload.size(), 2 * io::kMclqLayerSize + 3);
        const auto decoded = io::decodeMclq(payload, io::mclqFlagsOf(chunk), 0);
        QVERIFY(decoded);
        QCOMPARE(decoded->trailingBytes, std::size_t(3));
        QCOMPARE(decoded->layers.size(), std::size_t(2));
        QVERIFY(decoded->layers[0] == chunk.layers[0]);
        QVERIFY(decoded->layers[1] == chunk.layers[1]);
        QCOMPARE(int(decoded->layers[1].kind), int(io::MclqKind::Slime));
    }

    // The spec's offsets: range, vertex data bytes then height, the cell flags at 656, flows at 720.
    void fieldOffsets() {
        io::MclqChunk chunk;
        chunk.layers.push_back(tests::mclqLayer(io::MclqKind::Magma, 5.0f, 1, tests::MclqCells::All, false));
        const io::MclqLayer& l = chunk.layers[0];
        const auto p = io::encodeMclq(chunk);
        auto f32At = [&](std::size_t at) {
            float v = 0;
            std::memcpy(&v, p.data() + at, 4);
            return v;
        };
        QCOMPARE(f32At(0), l.minHeight);
        QCOMPARE(f32At(4), l.maxHeight);
        QCOMPARE(f32At(8 + 10 * 8 + 4), l.vertices[10].height);
        QCOMPARE(std::uint8_t(p[8 + 10 * 8]), l.vertices[10].data[0]);
        QCOMPARE(std::uint8_t(p[656 + 9]), l.cells[9]);
        std::uint32_t flows = 0;
        std::memcpy(&flows, p.data() + 720, 4);
        QCOMPARE(flows, l.flowCount);
        QCOMPARE(f32At(724), l.flows[0].sphereCenter.x);
        // magma s, t: little-endian u16 in the vertex's first four bytes.
        QCOMPARE(l.vertices[10].s(), std::uint16_t(1 * 64 + 1));
        QCOMPARE(l.vertices[10].t(), std::uint16_t(1 * 64 + 2));
    }

    void flagsDecideTheLayers_data() {
        QTest::addColumn<quint32>("flags");
        QTest::addColumn<QList<int>>("kinds");
        QTest::newRow("none") << quint32(0) << QList<int>{};
        QTest::newRow("river") << quint32(0x4) << QList<int>{0};
        QTest::newRow("ocean") << quint32(0x8) << QList<int>{1};
        QTest::newRow("magma") << quint32(0x10) << QList<int>{2};
        QTest::newRow("slime") << quint32(0x20) << QList<int>{3};
        QTest::newRow("river+magma, other flags") << quint32(0x8000 | 0x10 | 0x4 | 0x1) << QList<int>{0, 2};
    }
    void flagsDecideTheLayers() {
        QFETCH(quint32, flags);
        QFETCH(QList<int>, kinds);
        // Enough bytes for every layer: the decoder takes as many as the flags announce.
        std::vector<std::byte> payload(4 * io::kMclqLayerSize, std::byte{0x0F});
        const auto decoded = io::decodeMclq(payload, flags, 0);
        QVERIFY(decoded);
        QCOMPARE(decoded->layers.size(), std::size_t(kinds.size()));
        for (qsizetype i = 0; i < kinds.size(); ++i) {
            QCOMPARE(int(decoded->layers[std::size_t(i)].kind), kinds[i]);
        }
        QCOMPARE(decoded->trailingBytes, payload.size() - std::size_t(kinds.size()) * io::kMclqLayerSize);
    }

    void kindTypes() {
        QCOMPARE(io::mclqLiquidType(io::MclqKind::River), std::uint16_t(1));
        QCOMPARE(io::mclqLiquidType(io::MclqKind::Ocean), std::uint16_t(2));
        QCOMPARE(io::mclqLiquidType(io::MclqKind::Magma), std::uint16_t(3));
        QCOMPARE(io::mclqLiquidType(io::MclqKind::Slime), std::uint16_t(4));
    }

    void shownCells() {
        io::MclqLayer l;
        l.cells.fill(0x0F);
        l.cells[0] = 0x04;         // river nibble: shown
        l.cells[1] = 0x8F;         // low nibble 0x0F with fatigue: not shown
        l.cells[2] = 0x00;         // shown
        l.cells[63] = 0x4F | 0x80; // not shown
        QCOMPARE(l.shownMask(), std::uint64_t(0b101));
        QVERIFY(l.shown(0, 0));
        QVERIFY(!l.shown(1, 0));
    }

    void truncated_data() {
        QTest::addColumn<quint32>("flags");
        QTest::addColumn<int>("size");
        QTest::newRow("one layer, empty after range") << quint32(0x4) << 8;
        QTest::newRow("one layer, no flows") << quint32(0x4) << int(io::kMclqSurfaceSize);
        QTest::newRow("one layer, one byte short") << quint32(0x8) << int(io::kMclqLayerSize - 1);
        QTest::newRow("two layers, one given") << quint32(0x4 | 0x10) << int(io::kMclqLayerSize);
        QTest::newRow("four layers, three given") << quint32(0x3C) << int(3 * io::kMclqLayerSize);
        QTest::newRow("one byte") << quint32(0x20) << 1;
    }
    void truncated() {
        QFETCH(quint32, flags);
        QFETCH(int, size);
        const std::vector<std::byte> payload(std::size_t(size), std::byte{0});
        const auto decoded = io::decodeMclq(payload, flags, 37, 0x1234);
        QVERIFY(!decoded);
        QCOMPARE(decoded.error().chunk, io::chunk::MCLQ);
        QCOMPARE(decoded.error().offset, std::uint64_t(0x1234));
        QVERIFY2(decoded.error().message.find("map chunk 37") != std::string::npos,
                 decoded.error().message.c_str());
    }

    void surfaceNeeds720Bytes() {
        const std::vector<std::byte> shortPayload(io::kMclqSurfaceSize - 1, std::byte{0});
        const auto s = io::decodeMclqSurface(shortPayload, 2, 0x100);
        QVERIFY(!s);
        QCOMPARE(s.error().chunk, io::chunk::MCLQ);
        QVERIFY(s.error().offset >= 0x100 && s.error().offset <= 0x100 + io::kMclqSurfaceSize);
        const std::vector<std::byte> enough(io::kMclqSurfaceSize, std::byte{0x0F});
        QVERIFY(io::decodeMclqSurface(enough, 2));
    }

    // The real tile's stubs: present, empty, no liquid flag: no layers, no liquid cells.
    void corpusStubs() {
        const io::Adt adt = readCorpus("Azeroth_38_46.adt");
        int stubs = 0;
        for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
            const io::MapChunk& c = adt.chunks[i];
            QVERIFY(c.mclq && c.mclq->empty());
            ++stubs;
            const auto d = io::decodeMclq(*c.mclq, c.flags, int(i));
            QVERIFY(d);
            QVERIFY(d->layers.empty());
            QVERIFY(!io::hasMclqLiquid(c));
        }
        QCOMPARE(stubs, 256);
        const auto cells = io::liquidCells(adt);
        QVERIFY(cells);
        QVERIFY(cells->empty());
    }

    // A real tile with MCLQ in every chunk writes back byte-identical and reads back equal; the payload
    // offsets point at each chunk's MCLQ data.
    void realTileWithMclqRoundTrips() {
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        tests::fillWithMclq(adt);
        const auto written = io::writeAdt(adt);
        auto back = io::readAdt(written);
        QVERIFY(back);
        QVERIFY(back->adt.chunks == adt.chunks);
        QVERIFY(io::writeAdt(back->adt) == written);
        const auto offsets = io::mclqPayloadOffsets(written);
        QCOMPARE(offsets.size(), std::size_t(256));
        for (std::size_t i = 0; i < 256; ++i) {
            const auto& payload = *adt.chunks[i].mclq;
            QVERIFY(offsets[i] > 0 && offsets[i] + payload.size() <= written.size());
            QVERIFY(std::memcmp(written.data() + offsets[i], payload.data(), payload.size()) == 0);
        }
        // The stub tile has its MCLQ chunks too, with empty payloads.
        const auto stubBytes = tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt"));
        const auto stubOffsets = io::mclqPayloadOffsets(stubBytes);
        QVERIFY(std::all_of(stubOffsets.begin(), stubOffsets.end(), [](std::uint64_t o) { return o > 0; }));
    }

    // MCLQ cells: type from the kind, heights of the four corners, depth or s,t; fatigue as the deep mask.
    void liquidCellsFromMclq() {
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        io::MclqChunk chunk;
        chunk.layers.push_back(
            tests::mclqLayer(io::MclqKind::Ocean, 20.0f, 4, tests::MclqCells::Corner, true));
        tests::setMclq(adt.chunks[17], chunk);
        const auto cells = io::liquidCells(adt);
        QVERIFY(cells);
        QCOMPARE(cells->size(), std::size_t(1));
        const io::ChunkLiquidCells& c = cells->front();
        QCOMPARE(c.index, 17);
        QCOMPARE(int(c.source), int(io::LiquidSource::Mclq));
        QCOMPARE(c.layers.size(), std::size_t(1));
        QCOMPARE(c.layers[0].type, std::uint16_t(2));
        QCOMPARE(c.layers[0].cells.size(), std::size_t(9)); // 3 x 3 corner cells
        const io::LiquidCell& first = c.layers[0].cells.front();
        QCOMPARE(int(first.x), 5);
        QCOMPARE(int(first.y), 0);
        const io::MclqLayer& l = chunk.layers[0];
        QCOMPARE(first.heights[0], l.vertices[5].height);
        QCOMPARE(first.heights[1], l.vertices[6].height);
        QCOMPARE(first.heights[2], l.vertices[14].height);
        QCOMPARE(first.heights[3], l.vertices[15].height);
        QVERIFY(first.depths);
        QCOMPARE((*first.depths)[3], l.vertices[15].depth());
        QVERIFY(!first.uvs);
        QVERIFY(c.deep);
        QCOMPARE(bool(*c.deep & 0b100000), (l.cells[5] & 0x80) != 0);
        QCOMPARE(*c.deep & ~std::uint64_t(0xE0E0E0), std::uint64_t(0)); // only shown cells
    }

    // MH2O cells: the corpus tile's liquid, and MH2O wins over MCLQ in the same chunk.
    void liquidCellsFromMh2o() {
        io::Adt adt = readCorpus("continent4229.adt");
        const auto cells = io::liquidCells(adt);
        QVERIFY(cells);
        QCOMPARE(cells->size(), std::size_t(9)); // the corpus README: 9 chunks with liquid
        const int index = cells->front().index;
        QCOMPARE(int(cells->front().source), int(io::LiquidSource::Mh2o));
        const auto before = io::dumpLiquidCells(*cells);
        io::MclqChunk chunk;
        chunk.layers.push_back(tests::mclqLayer(io::MclqKind::Magma, 1.0f, 0, tests::MclqCells::All, false));
        tests::setMclq(adt.chunks[std::size_t(index)], chunk);
        const auto after = io::liquidCells(adt);
        QVERIFY(after);
        QCOMPARE(io::dumpLiquidCells(*after), before);
    }

    void badMclqInLiquidCells() {
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        adt.chunks[3].flags |= io::mcnk_flags::LiquidOcean;
        adt.chunks[3].mclq = std::vector<std::byte>(100, std::byte{0});
        const auto cells = io::liquidCells(adt);
        QVERIFY(!cells);
        QCOMPARE(cells.error().chunk, io::chunk::MCLQ);
    }
};

QTEST_APPLESS_MAIN(TestMclq)
#include "test_mclq.moc"
