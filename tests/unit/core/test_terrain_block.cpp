// The terrain import/export core the CLI and the editor share (core/convert/terrain_block.h) and its use
// on a document (core/document/block_heights.h, core/edit/terrain_import.h): the block an image covers,
// the export range read back from its printed text, the HMP import's problems on the corpus terrains, and
// an import onto a document as one undo step that restores every tile, loads the tiles it needs, refuses
// tiles the map lacks and changes nothing when cancelled.

#include "core/convert/height_text.h"
#include "core/convert/terrain_block.h"
#include "core/document/block_heights.h"
#include "core/document/map_document.h"
#include "core/document/tile_loader.h"
#include "core/edit/terrain_import.h"
#include "io/gamestudio/hmp.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <cmath>

using namespace mapsmith;

Q_DECLARE_METATYPE(core::TileCoord)

namespace {

io::Hmp corpusHmp(const char* name) {
    auto hmp = io::readHmp(tests::readBytes(tests::corpusPath(std::string("hmp/") + name)));
    return hmp ? std::move(hmp.value()) : io::Hmp{};
}

// A grid of w x h samples rising eastwards by 1 yard per column from `base`.
core::HeightGrid ramp(int w, int h, float base) {
    core::HeightGrid g;
    g.width = w;
    g.height = h;
    for (int y = 0; y < h; ++y) {
        for (int x = 0; x < w; ++x) {
            g.values.push_back(base + float(x));
        }
    }
    return g;
}

std::map<core::TileCoord, std::vector<std::byte>> tileBytes(const core::MapDocument& doc) {
    std::map<core::TileCoord, std::vector<std::byte>> out;
    for (const auto t : doc.loadedTiles()) {
        out[t] = io::writeAdt(*doc.tile(t));
    }
    return out;
}

} // namespace

class TestTerrainBlock : public QObject {
    Q_OBJECT
private slots:
    void blockForGrid_data() {
        QTest::addColumn<core::TileCoord>("first");
        QTest::addColumn<int>("width");
        QTest::addColumn<int>("height");
        QTest::addColumn<int>("tilesX");
        QTest::addColumn<int>("tilesY");
        QTest::newRow("one tile") << core::TileCoord{10, 20} << 129 << 129 << 1 << 1;
        QTest::newRow("2 x 3 tiles") << core::TileCoord{10, 20} << 257 << 385 << 2 << 3;
        QTest::newRow("a pixel more starts a tile") << core::TileCoord{0, 0} << 130 << 128 << 2 << 1;
        QTest::newRow("tiny image") << core::TileCoord{5, 5} << 1 << 2 << 1 << 1;
        QTest::newRow("cut at the map's edge") << core::TileCoord{62, 63} << 1025 << 1025 << 2 << 1;
    }
    void blockForGrid() {
        QFETCH(core::TileCoord, first);
        QFETCH(int, width);
        QFETCH(int, height);
        QFETCH(int, tilesX);
        QFETCH(int, tilesY);
        const core::TileBlock b = core::blockForGrid(first, width, height);
        QCOMPARE(b.first, first);
        QCOMPARE(b.tilesX, tilesX);
        QCOMPARE(b.tilesY, tilesY);
    }

    void blockText() {
        QCOMPARE(core::tileBlockText({{3, 4}, 1, 1}), QStringLiteral("3_4"));
        QCOMPARE(core::tileBlockText({{30, 40}, 2, 3}), QStringLiteral("30_40:31_42"));
    }

    void exportRangeIsThePrintedOne() {
        core::HeightGrid g = ramp(3, 1, 0.0f);
        g.values = {0.1f, 7.3f, 2.0f};
        const core::HeightRange own = core::heightmapExportRange(g, {});
        QCOMPARE(own.min, core::parseHeight(core::heightText(0.1f)).value());
        QCOMPARE(own.max, core::parseHeight(core::heightText(7.3f)).value());
        QCOMPARE(core::heightText(own.min), QStringLiteral("0.1"));
        const core::HeightRange given = core::heightmapExportRange(g, {-5.0, std::nullopt});
        QCOMPARE(given.min, -5.0);
        QCOMPARE(given.max, own.max);
        QCOMPARE(core::heightsOutside(g, {1.0, 5.0}), std::size_t(2));
        // A flat block: its height and one yard above it, as export-heightmap prints.
        const core::HeightRange flat = core::heightmapExportRange(ramp(1, 2, 12.5f), {});
        QCOMPARE(flat.min, 12.5);
        QCOMPARE(flat.max, 13.5);
    }

    void pngAndHmp5Bytes() {
        const core::HeightGrid g = ramp(129, 129, -20.0f);
        const auto png = core::encodeHeightmapPng(g, core::heightmapExportRange(g, {}));
        QVERIFY(png);
        const auto image = core::decodeHeightmapImage(*png);
        QVERIFY(image);
        QCOMPARE(image->format(), QImage::Format_Grayscale16);
        QCOMPARE(image->width(), 129);
        const auto hmp = core::encodeBlockHmp5(g);
        QVERIFY(hmp);
        QVERIFY(hmp->bytes == io::writeHmp5(hmp->hmp));
        core::HeightGrid bad = g;
        bad.values[5] = std::nanf("");
        QCOMPARE(core::encodeBlockHmp5(bad).error().message, std::string("a height is not a finite number"));
        const std::byte junk[]{std::byte{1}, std::byte{2}};
        QVERIFY(!core::decodeHeightmapImage(junk));
    }

    void hmpImportProblems() {
        const io::Hmp small = corpusHmp("small.hmp");
        const io::Hmp noSkin = corpusHmp("assimp-terrain.hmp");
        QVERIFY(!small.frames.empty() && !noSkin.frames.empty());
        const auto plain = core::planHmpImport(noSkin, {});
        QVERIFY(plain);
        QCOMPARE(plain->grid.width, 33);
        QVERIFY(!plain->tint);
        QCOMPARE(plain->yardsMin, plain->unitsMin);
        QCOMPARE(core::planHmpImport(noSkin, {1.0, 0.0, true}).error(), core::HmpImportProblem::NoSkin);
        QCOMPARE(core::planHmpImport(noSkin, {1e300, 0.0, false}).error(),
                 core::HmpImportProblem::UnusableHeights);
        const auto tinted = core::planHmpImport(small, {-2.0, 10.0, true});
        QVERIFY(tinted);
        QVERIFY(tinted->tint && !tinted->tint->isNull());
        QCOMPARE(tinted->yardsMin, tinted->unitsMax * -2.0 + 10.0); // swapped: min <= max
        QVERIFY(tinted->yardsMin <= tinted->yardsMax);
        QCOMPARE(core::planHmpImport(io::Hmp{}, {}).error(), core::HmpImportProblem::NoGrid);
        QVERIFY(core::proportionalHeightScale(small, {{0, 0}, 1, 1}) > 0.0);
        QCOMPARE(core::proportionalHeightScale(io::Hmp{}, {{0, 0}, 1, 1}), 0.0);
    }

    void importIsOneUndoStep() {
        const std::vector<core::TileCoord> tiles{{32, 32}, {33, 32}};
        auto doc = tests::hillsMap(tiles, 40.0f, tests::LoadTiles::None);
        QVERIFY(doc);
        QVERIFY(doc->loadedTiles().empty());
        const core::TileBlock block{{32, 32}, 2, 1};
        // Sampled through the source without loading.
        const auto sampled = core::sampleDocumentBlock(*doc, block);
        QVERIFY(sampled);
        QCOMPARE(sampled->width, 257);
        QVERIFY(doc->loadedTiles().empty());

        const core::TerrainImport import{ramp(257, 129, 100.0f), {2.0, -50.0}, std::nullopt};
        // Cancelled after the first tile: nothing changed, no undo step.
        const auto cancelled = core::importTerrain(*doc, block, import, QStringLiteral("Import"),
                                                   [](int done, int) { return done < 1; });
        QCOMPARE(cancelled.error().code, core::CoreError::Code::Cancelled);
        QCOMPARE(doc->undoStack()->count(), 0);
        QCOMPARE(doc->loadedTiles().size(), std::size_t(2)); // loaded to be edited
        const auto before = tileBytes(*doc);
        std::map<core::TileCoord, io::Adt> models;
        for (const auto t : tiles) {
            models[t] = *doc->tile(t);
        }

        const auto report = core::importTerrain(*doc, block, import, QStringLiteral("Import"));
        QVERIFY(report);
        QVERIFY(report->pushed);
        QCOMPARE(report->tiles, 2);
        QCOMPARE(report->chunksChanged, 512);
        QCOMPARE(doc->undoStack()->count(), 1);
        // yards = (100 + lattice x) * 2 - 50, every outer vertex.
        for (const int gx : {0, 77, 128, 256}) {
            QCOMPARE(doc->latticeHeight(32 * 128 + gx, 32 * 128 + 64).value(), (100.0 + gx) * 2.0 - 50.0);
        }
        const auto after = tileBytes(*doc);
        // The same as applyTerrainImport on the tiles as read, one at a time (the CLI's way).
        for (const auto t : tiles) {
            io::Adt adt = models.at(t);
            core::applyTerrainImport(block, import,
                                     [&](core::TileCoord c) { return c == t ? &adt : nullptr; });
            QVERIFY(adt.chunks == doc->tile(t)->chunks);
        }
        doc->undoStack()->undo();
        QVERIFY(tileBytes(*doc) == before);
        doc->undoStack()->redo();
        QVERIFY(tileBytes(*doc) == after);

        // A second import of the same changes nothing and pushes nothing.
        const auto again = core::importTerrain(*doc, block, import, QStringLiteral("Import"));
        QVERIFY(again && !again->pushed && again->chunksChanged == 0);
    }

    void importRefusesTilesTheMapLacks() {
        auto doc = tests::hillsMap({{32, 32}});
        QVERIFY(doc);
        const auto before = tileBytes(*doc);
        const auto refused = core::importTerrain(*doc, {{31, 32}, 3, 1}, {ramp(2, 2, 0.0f), {}, std::nullopt},
                                                 QStringLiteral("Import"));
        QCOMPARE(refused.error().code, core::CoreError::Code::NotInMap);
        QCOMPARE(refused.error().message, std::string("Test has no Test_31_32.adt, Test_33_32.adt"));
        QVERIFY(tileBytes(*doc) == before);
        QCOMPARE(doc->undoStack()->count(), 0);
        // Sampling reads them as 0.
        const auto sampled = core::sampleDocumentBlock(*doc, {{31, 32}, 3, 1});
        QVERIFY(sampled);
        QCOMPARE(sampled->at(0, 0), 0.0f);
        QVERIFY(sampled->at(200, 64) != 0.0f);
    }
};

QTEST_GUILESS_MAIN(TestTerrainBlock)
#include "test_terrain_block.moc"
