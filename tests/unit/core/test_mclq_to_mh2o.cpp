// Old liquids (MCLQ) to MH2O. On the real tile Azeroth_38_46 filled with MCLQ layers built by the spec's
// rules (no real tile with MCLQ data is in the corpus): every liquid cell - type, corner heights, depths
// or s,t, fatigue as deep - is the same before and after, also after writing and reading the tile; each
// kind gets its LiquidType id and vertex format; the rectangle, exists bitmap, min/max and attributes
// follow the shown cells; MCLQ, its flags and sizeLiquid are gone. MH2O already in a chunk wins; MCLQ
// showing nothing is cleared; stubs and MH2O tiles are left alone; a payload that does not decode leaves
// the tile unchanged. The server map files of a tile are the same before and after where the extractors
// read MCLQ and MH2O alike. In a document the conversion is one undo step that undo takes back exactly.

#include "core/convert/mclq_to_mh2o.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/mclq_conversion.h"
#include "io/adt/liquid_cells.h"
#include "io/adt/mclq.h"
#include "io/server_map/server_map.h"
#include "io/wdt/wdt.h"
#include "support/mclq_tiles.h"
#include "support/server_map_reference.h"
#include "support/test_files.h"

#include <QUndoStack>
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

nlohmann::ordered_json cellsOf(const io::Adt& adt) {
    auto cells = io::liquidCells(adt);
    if (!cells) {
        qFatal("%s", cells.error().describe().c_str());
    }
    return io::dumpLiquidCells(*cells);
}

io::Adt withOneLayer(io::MclqKind kind, tests::MclqCells cells, std::size_t chunk = 40) {
    io::Adt adt = readCorpus("Azeroth_38_46.adt");
    io::MclqChunk c;
    c.layers.push_back(tests::mclqLayer(kind, 15.0f, 9, cells, true));
    tests::setMclq(adt.chunks[chunk], c);
    return adt;
}

std::uint32_t headerWord(const std::vector<std::byte>& file, std::size_t mcnkAt, std::size_t offset) {
    std::uint32_t v = 0;
    std::memcpy(&v, file.data() + mcnkAt + 8 + offset, 4);
    return v;
}

} // namespace

class TestMclqToMh2o : public QObject {
    Q_OBJECT
private slots:
    // The acceptance check: every liquid cell of a real tile survives, in memory and on disk.
    void realTileKeepsEveryLiquidCell() {
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        tests::fillWithMclq(adt);
        const auto before = cellsOf(adt);
        QCOMPARE(before["chunks"].size(), std::size_t(256));
        const auto report = core::convertMclqTile(adt);
        QVERIFY(report);
        QCOMPARE(report->converted, 256);
        QCOMPARE(report->mh2oKept, 0);
        QCOMPARE(report->emptied, 0);
        QCOMPARE(cellsOf(adt), before);
        QVERIFY(adt.liquids);
        QCOMPARE(adt.liquids->chunks[5].instances.size(), std::size_t(2)); // river + magma
        for (const io::MapChunk& c : adt.chunks) {
            QVERIFY(!c.mclq);
            QCOMPARE(c.flags & io::kMclqLiquidFlagMask, 0u);
        }
        const auto written = io::writeAdt(adt);
        auto back = io::readAdt(written);
        QVERIFY(back);
        QCOMPARE(cellsOf(back->adt), before);
        // As a WotLK tile with MH2O has it (continent4229): ofsLiquid and sizeLiquid 0, no MCLQ.
        const auto offsets = io::mclqPayloadOffsets(written);
        QVERIFY(std::all_of(offsets.begin(), offsets.end(), [](std::uint64_t o) { return o == 0; }));
        std::size_t at = 0;
        int mcnks = 0;
        while (at + 8 <= written.size()) {
            std::uint32_t size = 0;
            std::memcpy(&size, written.data() + at + 4, 4);
            if (std::memcmp(written.data() + at, "KNCM", 4) == 0) {
                QCOMPARE(headerWord(written, at, 0x60), 0u);
                QCOMPARE(headerWord(written, at, 0x64), 0u);
                ++mcnks;
            }
            at += 8 + size;
        }
        QCOMPARE(mcnks, 256);
        // Converting again changes nothing.
        io::Adt again = back->adt;
        const auto second = core::convertMclqTile(again);
        QVERIFY(second);
        QCOMPARE(second->changed(), 0);
        QVERIFY(io::writeAdt(again) == written);
    }

    void kinds_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<int>("type");
        QTest::addColumn<int>("format");
        QTest::newRow("river") << int(io::MclqKind::River) << 1 << int(io::LiquidVertexFormat::HeightDepth);
        QTest::newRow("ocean") << int(io::MclqKind::Ocean) << 2 << int(io::LiquidVertexFormat::HeightDepth);
        QTest::newRow("magma") << int(io::MclqKind::Magma) << 3 << int(io::LiquidVertexFormat::HeightUv);
        QTest::newRow("slime") << int(io::MclqKind::Slime) << 4 << int(io::LiquidVertexFormat::HeightUv);
    }
    void kinds() {
        QFETCH(int, kind);
        QFETCH(int, type);
        QFETCH(int, format);
        io::Adt adt = withOneLayer(io::MclqKind(kind), tests::MclqCells::All);
        const io::MclqLayer layer = io::decodeMclq(*adt.chunks[40].mclq, adt.chunks[40].flags, 40)->layers[0];
        QVERIFY(core::convertMclqTile(adt));
        const io::LiquidInstance& in = adt.liquids->chunks[40].instances.at(0);
        QCOMPARE(int(in.liquidType), type);
        QVERIFY(in.vertexFormat);
        QCOMPARE(int(*in.vertexFormat), format);
        QCOMPARE(int(in.liquidObjectOrLvf), format);
        QCOMPARE(in.heights.size(), std::size_t(81));
        for (std::size_t i = 0; i < 81; ++i) {
            QCOMPARE(in.heights[i], layer.vertices[i].height);
            if (format == int(io::LiquidVertexFormat::HeightDepth)) {
                QCOMPARE(in.depths.at(i), layer.vertices[i].depth());
            } else {
                QCOMPARE(in.uvs.at(i).u, layer.vertices[i].s());
                QCOMPARE(in.uvs.at(i).v, layer.vertices[i].t());
            }
        }
        QVERIFY(!in.existsBitmap); // every cell shown
        // Only this chunk had liquid; the other chunks' MH2O entries stay empty.
        for (std::size_t i = 0; i < 256; ++i) {
            QCOMPARE(adt.liquids->chunks[i].instances.empty(), i != 40);
        }
    }

    // The smallest rectangle holding the shown cells, heights of its vertices, min/max over shown ones.
    void rectangle() {
        io::Adt adt = withOneLayer(io::MclqKind::Ocean, tests::MclqCells::Corner);
        const io::MclqLayer layer = io::decodeMclq(*adt.chunks[40].mclq, adt.chunks[40].flags, 40)->layers[0];
        QVERIFY(core::convertMclqTile(adt));
        const io::LiquidInstance& in = adt.liquids->chunks[40].instances.at(0);
        QCOMPARE(int(in.xOffset), 5);
        QCOMPARE(int(in.yOffset), 0);
        QCOMPARE(int(in.width), 3);
        QCOMPARE(int(in.height), 3);
        QVERIFY(!in.existsBitmap);
        QCOMPARE(in.heights.size(), std::size_t(16));
        float lo = 1e9f;
        float hi = -1e9f;
        for (int y = 0; y <= 3; ++y) {
            for (int x = 0; x <= 3; ++x) {
                const float h = layer.vertices[std::size_t(y * 9 + 5 + x)].height;
                QCOMPARE(in.heights[std::size_t(y * 4 + x)], h);
                lo = std::min(lo, h);
                hi = std::max(hi, h);
            }
        }
        QCOMPARE(in.minHeight, lo);
        QCOMPARE(in.maxHeight, hi);
        QVERIFY(in.minHeight > layer.minHeight); // the stored CRange was wider
    }

    // A ragged shape: the bitmap says exactly which cells exist; attributes follow the shown cells.
    void bitmapAndAttributes() {
        io::Adt adt = withOneLayer(io::MclqKind::River, tests::MclqCells::Pattern);
        const io::MclqLayer layer = io::decodeMclq(*adt.chunks[40].mclq, adt.chunks[40].flags, 40)->layers[0];
        QVERIFY(core::convertMclqTile(adt));
        const io::LiquidChunk& lc = adt.liquids->chunks[40];
        const io::LiquidInstance& in = lc.instances.at(0);
        QVERIFY(in.existsBitmap);
        QCOMPARE(in.existsBitmap->size(), std::size_t((in.width * in.height + 7) / 8));
        for (int y = 0; y < 8; ++y) {
            for (int x = 0; x < 8; ++x) {
                const bool inRect = x >= in.xOffset && x < in.xOffset + in.width && y >= in.yOffset &&
                                    y < in.yOffset + in.height;
                bool exists = false;
                if (inRect) {
                    const int bit = (y - in.yOffset) * in.width + (x - in.xOffset);
                    exists = ((*in.existsBitmap)[std::size_t(bit / 8)] >> (bit % 8)) & 1;
                }
                QCOMPARE(exists, layer.shown(x, y));
            }
        }
        QVERIFY(lc.attributes);
        QCOMPARE(lc.attributes->fishable, layer.shownMask());
        std::uint64_t deep = 0;
        for (int i = 0; i < 64; ++i) {
            if (layer.shown(i % 8, i / 8) && (layer.cells[std::size_t(i)] & 0x80)) {
                deep |= std::uint64_t(1) << i;
            }
        }
        QVERIFY(deep != 0);
        QCOMPARE(lc.attributes->deep, deep);
    }

    // The client draws a chunk's MH2O when it has some: that stays, the MCLQ goes.
    void mh2oWins() {
        io::Adt adt = readCorpus("continent4229.adt");
        const auto before = cellsOf(adt);
        const int index = before["chunks"][0]["index"].get<int>();
        const io::LiquidChunk kept = adt.liquids->chunks[std::size_t(index)];
        io::MclqChunk c;
        c.layers.push_back(tests::mclqLayer(io::MclqKind::Magma, 3.0f, 1, tests::MclqCells::All, false));
        tests::setMclq(adt.chunks[std::size_t(index)], c);
        QCOMPARE(cellsOf(adt), before);
        const auto report = core::convertMclqTile(adt);
        QVERIFY(report);
        QCOMPARE(report->mh2oKept, 1);
        QCOMPARE(report->converted, 0);
        QVERIFY(adt.liquids->chunks[std::size_t(index)] == kept);
        QVERIFY(!adt.chunks[std::size_t(index)].mclq);
        QCOMPARE(adt.chunks[std::size_t(index)].flags & io::kMclqLiquidFlagMask, 0u);
        QCOMPARE(cellsOf(adt), before);
    }

    // MCLQ showing nothing, and liquid flags without MCLQ data, are cleared without an instance.
    void emptied() {
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        io::MclqLayer hidden = tests::mclqLayer(io::MclqKind::River, 1.0f, 0, tests::MclqCells::All, false);
        hidden.cells.fill(0x0F);
        tests::setMclq(adt.chunks[1], io::MclqChunk{{hidden}, 0});
        adt.chunks[2].flags |= io::mcnk_flags::LiquidOcean;              // flag, empty stub
        adt.chunks[3].mclq = io::encodeMclq(io::MclqChunk{{hidden}, 0}); // data, no flag
        const auto report = core::convertMclqTile(adt);
        QVERIFY(report);
        QCOMPARE(report->emptied, 3);
        QCOMPARE(report->converted, 0);
        QVERIFY(!adt.liquids); // read without MH2O, nothing came in: still none
        for (int i : {1, 2, 3}) {
            QVERIFY(!adt.chunks[std::size_t(i)].mclq);
            QCOMPARE(adt.chunks[std::size_t(i)].flags & io::kMclqLiquidFlagMask, 0u);
        }
        QVERIFY(adt.chunks[4].mclq && adt.chunks[4].mclq->empty()); // an untouched stub
    }

    // Tiles without old liquid stay exactly as they are.
    void untouched_data() {
        QTest::addColumn<QString>("name");
        QTest::newRow("stubs") << QStringLiteral("Azeroth_38_46.adt");
        QTest::newRow("MH2O tile") << QStringLiteral("continent4229.adt");
    }
    void untouched() {
        QFETCH(QString, name);
        const auto bytes = tests::readBytes(tests::corpusPath("adt/" + name.toStdString()));
        io::Adt adt = readCorpus(name.toUtf8().constData());
        QVERIFY(!core::tileNeedsMclqConversion(adt));
        const auto report = core::convertMclqTile(adt);
        QVERIFY(report);
        QCOMPARE(report->changed(), 0);
        QVERIFY(io::writeAdt(adt) == io::writeAdt(readCorpus(name.toUtf8().constData())));
    }

    void malformedLeavesTileUnchanged() {
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        tests::fillWithMclq(adt);
        adt.chunks[200].mclq->resize(500);
        const io::Adt original = adt;
        const auto written = io::writeAdt(adt);
        const auto offsets = io::mclqPayloadOffsets(written);
        const auto report = core::convertMclqTile(adt, offsets);
        QVERIFY(!report);
        QCOMPARE(report.error().chunk, io::chunk::MCLQ);
        QCOMPARE(report.error().offset, offsets[200]);
        QVERIFY2(report.error().message.find("map chunk 200") != std::string::npos,
                 report.error().message.c_str());
        QVERIFY(adt.chunks == original.chunks);
        QVERIFY(!adt.liquids);
    }

    // Where the extractors read MCLQ and MH2O alike (one layer per chunk, river/ocean/magma, fatigue only
    // on ocean, hidden cells exactly 0x0F) the .map files agree. One difference their rules imply: the
    // levels on the tile's last lattice column and row (x or y = 128) are written without a shown-cell
    // check, from whatever the last chunk wrote there: MCLQ writes all 9x9 of its vertices, MH2O only
    // its rectangle's. Liquid away from those edges gives identical bytes.
    void serverMapsAgree_data() {
        QTest::addColumn<bool>("everyChunk");
        QTest::newRow("every chunk") << true;
        QTest::newRow("interior chunks") << false;
    }
    void serverMapsAgree() {
        QFETCH(bool, everyChunk);
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        if (everyChunk) {
            tests::fillWithMclq(adt, true, false, true);
        } else {
            int seed = 0;
            for (std::size_t i : {17u, 40u, 41u, 56u, 130u, 222u}) {
                const auto kind = io::MclqKind(seed % 3);
                io::MclqChunk c;
                c.layers.push_back(tests::mclqLayer(kind, 5.0f + float(seed), seed,
                                                    tests::MclqCells(seed % 3), kind == io::MclqKind::Ocean));
                tests::setMclq(adt.chunks[i], c);
                ++seed;
            }
        }
        io::Adt converted = adt;
        QVERIFY(core::convertMclqTile(converted));
        for (auto core : {io::ServerCore::AzerothCore, io::ServerCore::TrinityCore}) {
            const auto before = io::writeServerMap(adt, {core});
            const auto after = io::writeServerMap(converted, {core});
            QVERIFY(before && after);
            if (!everyChunk) {
                QVERIFY(*before == *after);
                continue;
            }
            auto b = tests::readMapFile(*before);
            auto a = tests::readMapFile(*after);
            QVERIFY(b.problem.empty() && a.problem.empty());
            QVERIFY(b.hasLiquid && a.hasLiquid);
            QCOMPARE(a.liquidHeaderFlags, b.liquidHeaderFlags);
            QCOMPARE(a.liquidType, b.liquidType);
            QCOMPARE(a.liquidFlags, b.liquidFlags);
            QCOMPARE(a.liquidEntries, b.liquidEntries);
            QCOMPARE(a.liquidCellFlags, b.liquidCellFlags);
            QCOMPARE(std::tie(a.offX, a.offY, a.width, a.height),
                     std::tie(b.offX, b.offY, b.width, b.height));
            QCOMPARE(a.liquidLevel, b.liquidLevel);
            QCOMPARE(a.liquidLevels.size(), b.liquidLevels.size());
            int edgeDifferences = 0;
            for (std::size_t i = 0; i < a.liquidLevels.size(); ++i) {
                const int x = a.offX + int(i % a.width);
                const int y = a.offY + int(i / a.width);
                if (a.liquidLevels[i] != b.liquidLevels[i]) {
                    QVERIFY2(x == 128 || y == 128,
                             qPrintable(QStringLiteral("level at %1,%2").arg(x).arg(y)));
                    ++edgeDifferences;
                }
            }
            QVERIFY(edgeDifferences > 0);
            // The rest of the file (header offsets, areas, heights, holes) is the same.
            a.liquidLevels = b.liquidLevels;
            QCOMPARE(a.heightFlags, b.heightFlags);
            QVERIFY(a.v9f == b.v9f && a.v9i == b.v9i && a.v8f == b.v8f && a.v8i == b.v8i);
            QCOMPARE(before->size(), after->size());
        }
    }

    // Where their rules differ, so do the files: slime (the extractors ignore the MCLQ slime flag, the
    // MH2O type is Slime), fatigue outside ocean (MCLQ: dark water, MH2O: only ocean is) and a cell flag
    // 0x8F (the extractors hide only 0x0F; its low nibble hides it from the client and the conversion).
    void serverMapDifferences_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<bool>("fatigue");
        QTest::addColumn<bool>("hiddenWithHighBits");
        QTest::newRow("slime") << int(io::MclqKind::Slime) << false << false;
        QTest::newRow("river with fatigue") << int(io::MclqKind::River) << true << false;
        QTest::newRow("ocean cell 0x8F") << int(io::MclqKind::Ocean) << false << true;
    }
    void serverMapDifferences() {
        QFETCH(int, kind);
        QFETCH(bool, fatigue);
        QFETCH(bool, hiddenWithHighBits);
        io::Adt adt = readCorpus("Azeroth_38_46.adt");
        io::MclqChunk c;
        c.layers.push_back(tests::mclqLayer(io::MclqKind(kind), 15.0f, 0, tests::MclqCells::Corner, fatigue));
        if (hiddenWithHighBits) {
            c.layers[0].cells[0] = 0x8F;
        }
        tests::setMclq(adt.chunks[40], c);
        io::Adt converted = adt;
        QVERIFY(core::convertMclqTile(converted));
        QCOMPARE(cellsOf(converted), cellsOf(adt)); // the client's view agrees
        const auto before = io::writeServerMap(adt, {io::ServerCore::AzerothCore});
        const auto after = io::writeServerMap(converted, {io::ServerCore::AzerothCore});
        QVERIFY(before && after);
        QVERIFY(*before != *after);
    }

    // In a document: one undo step over a loaded tile and one read from the source; undo restores the
    // MCLQ exactly, redo converts again; a cancel changes nothing.
    void documentOneUndoStep() {
        io::Adt a = readCorpus("Azeroth_38_46.adt");
        tests::fillWithMclq(a);
        const auto aBytes = io::writeAdt(a);
        io::Adt b = readCorpus("Azeroth_38_46.adt");
        io::MclqChunk c;
        c.layers.push_back(tests::mclqLayer(io::MclqKind::Ocean, 2.0f, 3, tests::MclqCells::Pattern, true));
        tests::setMclq(b.chunks[100], c);
        const auto bBytes = io::writeAdt(b);
        io::Wdt wdt;
        wdt.setTile(38, 46, true);
        wdt.setTile(39, 46, true);
        wdt.setTile(40, 46, true); // no MCLQ
        auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Old"), io::writeWdt(wdt));
        source->setTile({38, 46}, aBytes);
        source->setTile({39, 46}, bBytes);
        source->setTile({40, 46}, tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")));
        auto opened = core::MapDocument::open(std::move(source));
        QVERIFY(opened);
        core::MapDocument& doc = **opened;
        QVERIFY(doc.loadTile({38, 46}));
        QVERIFY(core::loadedTileHasMclq(doc, {38, 46}));
        const auto tiles = core::mapTiles(doc);
        QCOMPARE(tiles.size(), std::size_t(3));

        int calls = 0;
        const auto cancelled = core::convertDocumentMclq(doc, tiles, [&](int, int) { return ++calls < 2; });
        QVERIFY(!cancelled);
        QCOMPARE(cancelled.error().code, core::CoreError::Code::Cancelled);
        QCOMPARE(doc.undoStack()->count(), 0);
        QVERIFY(io::writeAdt(*doc.tile({38, 46})) == aBytes);
        QVERIFY(!doc.isModified());

        const auto aCells = cellsOf(a);
        const auto bCells = cellsOf(b);
        const auto report = core::convertDocumentMclq(doc, tiles);
        QVERIFY(report);
        QVERIFY(report->pushed);
        QVERIFY(report->problems.isEmpty());
        QCOMPARE(report->tiles.size(), std::size_t(2));
        QCOMPARE(report->chunksConverted(), 257);
        QCOMPARE(doc.undoStack()->count(), 1);
        QVERIFY(doc.tile({39, 46}));  // taken into the document
        QVERIFY(!doc.tile({40, 46})); // nothing to convert: not loaded
        QVERIFY(!core::loadedTileHasMclq(doc, {38, 46}));
        QCOMPARE(cellsOf(*doc.tile({38, 46})), aCells);
        QCOMPARE(cellsOf(*doc.tile({39, 46})), bCells);
        QVERIFY(doc.isTileModified({38, 46}) && doc.isTileModified({39, 46}));
        const auto aConverted = io::writeAdt(*doc.tile({38, 46}));

        doc.undoStack()->undo();
        QVERIFY(io::writeAdt(*doc.tile({38, 46})) == aBytes);
        QVERIFY(io::writeAdt(*doc.tile({39, 46})) == bBytes);
        QVERIFY(core::loadedTileHasMclq(doc, {38, 46}));
        doc.undoStack()->redo();
        QVERIFY(io::writeAdt(*doc.tile({38, 46})) == aConverted);

        // Nothing left to convert: no second step.
        const auto again = core::convertDocumentMclq(doc, tiles);
        QVERIFY(again);
        QVERIFY(!again->pushed);
        QCOMPARE(doc.undoStack()->count(), 1);
    }
};

QTEST_GUILESS_MAIN(TestMclqToMh2o)
#include "test_mclq_to_mh2o.moc"
