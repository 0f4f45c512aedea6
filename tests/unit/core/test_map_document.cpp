// The document model and height strokes: edits go through one undo step per stroke, undo/redo restore
// the exact bytes, shared border vertices never split (seams), normals follow the heights across
// chunk and tile borders, and the modified/saved state follows the undo stack.

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/height_stroke.h"
#include "core/geometry/terrain_normals.h"
#include "support/change_log.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <glm/geometric.hpp>

#include <random>
#include <set>

using namespace mapsmith;
using core::ChunkCoord;
using core::TileCoord;

namespace {

std::vector<std::byte> bytesOf(const core::MapDocument& doc, TileCoord t) {
    return io::writeAdt(*doc.tile(t));
}

// The north-east corner shared by tiles (32,32), (33,32), (32,33), (33,33): the middle of a 2x2 map.
glm::dvec2 mapCentre() {
    return core::tileOrigin({33, 33});
}

// Every outer vertex stored by more than one chunk has the same absolute height in each of them.
int seamMismatches(const core::MapDocument& doc) {
    int bad = 0;
    for (const TileCoord t : doc.loadedTiles()) {
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            const ChunkCoord c{t, i / 16, i % 16};
            const auto* ch = doc.chunk(c);
            const auto g = core::toGlobal(c);
            for (int r = 0; r <= 8; ++r) {
                for (int col = 0; col <= 8; ++col) {
                    if (r != 0 && r != 8 && col != 0 && col != 8) {
                        continue;
                    }
                    const double h =
                        double(ch->position.z) + ch->heights[std::size_t(core::outerIndex(r, col))];
                    const auto other = doc.latticeHeight(g.gx * 8 + col, g.gy * 8 + r);
                    if (other && std::abs(*other - h) > 1e-3) {
                        ++bad;
                    }
                }
            }
        }
    }
    return bad;
}

core::HeightBrushSettings raise(double radius, double strength) {
    core::HeightBrushSettings s;
    s.brush.radius = radius;
    s.brush.strength = strength;
    s.mode = core::HeightMode::RaiseLower;
    return s;
}

} // namespace

class TestMapDocument : public QObject {
    Q_OBJECT
private slots:
    void opensAndLoadsTiles();
    void strokeIsOneUndoStep();
    void randomStrokesUndoRedoByteIdentical_data();
    void randomStrokesUndoRedoByteIdentical();
    void corpusUndoRedoByteIdentical();
    void seamsStayClosedAcrossTiles();
    void normalsFollowHeightsAcrossBorders();
    void modifiedStateFollowsUndoStack();
    void cancelRestores();
    void emptyStrokePushesNothing();
    void renderDirtyNamesTouchedChunks();
    void changesReachEveryListener();
    void snapshotsRoundTripCorpusChunks();
    void undoPastMemoryBudgetSpillsToDisk();
    void generatedTilesHaveNoNormalSeams();
    void saveAsWritesEveryTileAndSwitchesSource();
    void tilesAdoptAndUnloadUnlessEdited();
    void saveReportsProgressAndCancels();
};

void TestMapDocument::opensAndLoadsTiles() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    QVERIFY(doc);
    QCOMPARE(doc->loadedTiles().size(), std::size_t(2));
    QVERIFY(doc->tileExists({32, 32}));
    QVERIFY(!doc->tileExists({10, 10}));
    const auto outside = doc->loadTile({10, 10});
    QVERIFY(!outside);
    QCOMPARE(outside.error().code, core::CoreError::Code::NotInMap);
    QCOMPARE(outside.error().tile, std::optional<core::TileCoord>(core::TileCoord{10, 10}));
    QCOMPARE(outside.error().describe(), std::string("tile 10_10 is not part of the map"));
    QVERIFY(doc->bigAlpha());
    // Heights are queryable on loaded tiles only.
    QVERIFY(doc->heightAt(core::tileOrigin({32, 32}) - glm::dvec2(100.0)).has_value());
    QVERIFY(!doc->heightAt(core::tileOrigin({40, 40}) - glm::dvec2(100.0)).has_value());
    // The height query agrees with the stored vertex at a vertex.
    const ChunkCoord c{{32, 32}, 3, 5};
    const auto* ch = doc->chunk(c);
    const glm::dvec2 p = core::vertexPosition(c, core::outerIndex(2, 2));
    QVERIFY(std::abs(*doc->heightAt(p) -
                     (ch->position.z + ch->heights[std::size_t(core::outerIndex(2, 2))])) < 1e-3);
}

void TestMapDocument::strokeIsOneUndoStep() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}, {32, 33}, {33, 33}});
    const glm::dvec2 centre = mapCentre();
    const double before = *doc->heightAt(centre);
    core::HeightStroke stroke(*doc, raise(25.0, 2.0));
    for (int i = 0; i < 40; ++i) {
        stroke.moveTo(centre + glm::dvec2(i * 1.0, -i * 0.5));
    }
    const auto* cmd = stroke.finish();
    QVERIFY(cmd);
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(*doc->heightAt(centre) > before + 1.0);
    // A stroke over the corner of four tiles touches chunks of all four.
    std::set<TileCoord> tiles;
    for (const auto t : doc->modifiedTiles()) {
        tiles.insert(t);
    }
    QCOMPARE(tiles.size(), std::size_t(4));
    doc->undoStack()->undo();
    QCOMPARE(*doc->heightAt(centre), before);
}

void TestMapDocument::randomStrokesUndoRedoByteIdentical_data() {
    QTest::addColumn<int>("seed");
    for (int seed : {1, 2, 3}) {
        QTest::newRow(QByteArray::number(seed)) << seed;
    }
}

void TestMapDocument::randomStrokesUndoRedoByteIdentical() {
    QFETCH(int, seed);
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
    auto doc = tests::hillsMap(tiles);
    std::map<TileCoord, std::vector<std::byte>> original;
    for (const auto t : tiles) {
        original[t] = bytesOf(*doc, t);
    }
    std::mt19937 rng{std::uint32_t(seed)};
    std::uniform_real_distribution<double> offset(-300.0, 300.0);
    const core::HeightMode modes[] = {core::HeightMode::RaiseLower, core::HeightMode::Flatten,
                                      core::HeightMode::Smooth, core::HeightMode::Noise,
                                      core::HeightMode::Set};
    const int strokes = 12;
    for (int s = 0; s < strokes; ++s) {
        core::HeightBrushSettings settings = raise(10.0 + (rng() % 30), 0.5 + (rng() % 10) * 0.3);
        settings.mode = modes[rng() % 5];
        settings.lower = rng() % 2 == 0;
        settings.targetHeight = 30.0;
        settings.brush.strength = settings.mode == core::HeightMode::RaiseLower ? 2.0 : 0.5;
        core::HeightStroke stroke(*doc, settings);
        glm::dvec2 p = mapCentre() + glm::dvec2(offset(rng), offset(rng));
        for (int i = 0; i < 20; ++i) {
            p += glm::dvec2(offset(rng) * 0.05, offset(rng) * 0.05);
            stroke.moveTo(p);
        }
        stroke.finish();
    }
    QVERIFY(doc->undoStack()->count() > 0);
    std::map<TileCoord, std::vector<std::byte>> after;
    for (const auto t : tiles) {
        after[t] = bytesOf(*doc, t);
    }
    QCOMPARE(seamMismatches(*doc), 0);
    while (doc->undoStack()->canUndo()) {
        doc->undoStack()->undo();
    }
    for (const auto t : tiles) {
        QVERIFY2(bytesOf(*doc, t) == original[t],
                 qPrintable(QStringLiteral("tile %1_%2 after undo").arg(t.x).arg(t.y)));
    }
    QVERIFY(!doc->isModified());
    while (doc->undoStack()->canRedo()) {
        doc->undoStack()->redo();
    }
    for (const auto t : tiles) {
        QVERIFY2(bytesOf(*doc, t) == after[t],
                 qPrintable(QStringLiteral("tile %1_%2 after redo").arg(t.x).arg(t.y)));
    }
}

void TestMapDocument::corpusUndoRedoByteIdentical() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    const TileCoord t{42, 29};
    auto doc = tests::corpusMap(bytes, t);
    QVERIFY(doc);
    // Unmodified, the tile writes back byte-identical through the document.
    QVERIFY(bytesOf(*doc, t) == bytes);
    const glm::dvec2 centre = core::tileOrigin(t) - glm::dvec2(200.0, 150.0);
    for (auto mode : {core::HeightMode::RaiseLower, core::HeightMode::Smooth, core::HeightMode::Flatten}) {
        core::HeightBrushSettings s = raise(30.0, mode == core::HeightMode::RaiseLower ? 3.0 : 0.8);
        s.mode = mode;
        core::HeightStroke stroke(*doc, s);
        for (int i = 0; i < 30; ++i) {
            stroke.moveTo(centre + glm::dvec2(i * 2.0, i * 1.5));
        }
        QVERIFY(stroke.finish());
    }
    const auto edited = bytesOf(*doc, t);
    QVERIFY(edited != bytes);
    while (doc->undoStack()->canUndo()) {
        doc->undoStack()->undo();
    }
    QVERIFY(bytesOf(*doc, t) == bytes);
    while (doc->undoStack()->canRedo()) {
        doc->undoStack()->redo();
    }
    QVERIFY(bytesOf(*doc, t) == edited);
}

void TestMapDocument::seamsStayClosedAcrossTiles() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}, {32, 33}, {33, 33}});
    QCOMPARE(seamMismatches(*doc), 0);
    // Strokes along both tile borders and across chunk borders, every mode.
    for (auto mode : {core::HeightMode::RaiseLower, core::HeightMode::Smooth, core::HeightMode::Noise,
                      core::HeightMode::Flatten, core::HeightMode::Set}) {
        core::HeightBrushSettings s = raise(18.0, 1.5);
        s.mode = mode;
        s.targetHeight = 10.0;
        core::HeightStroke stroke(*doc, s);
        for (int i = -40; i <= 40; ++i) {
            stroke.moveTo(mapCentre() + glm::dvec2(i * 5.0, 0.0));
        }
        for (int i = -40; i <= 40; ++i) {
            stroke.moveTo(mapCentre() + glm::dvec2(0.0, i * 5.0));
        }
        stroke.finish();
        QCOMPARE(seamMismatches(*doc), 0);
    }
}

void TestMapDocument::normalsFollowHeightsAcrossBorders() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
    auto doc = tests::hillsMap(tiles);
    core::HeightStroke stroke(*doc, raise(40.0, 6.0));
    for (int i = 0; i < 10; ++i) {
        stroke.moveTo(mapCentre() + glm::dvec2(i * 3.0, i * 3.0));
    }
    stroke.finish();
    // Every vertex normal near the stroke equals a fresh computation from the lattice.
    int checked = 0;
    for (const auto t : tiles) {
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            const ChunkCoord c{t, i / 16, i % 16};
            const auto g = core::toGlobal(c);
            const auto* ch = doc->chunk(c);
            for (int r = 0; r <= 8; ++r) {
                for (int col = 0; col <= 8; ++col) {
                    const int gx = g.gx * 8 + col;
                    const int gy = g.gy * 8 + r;
                    const auto n = doc->latticeHeight(gx, gy - 1);
                    const auto s = doc->latticeHeight(gx, gy + 1);
                    const auto w = doc->latticeHeight(gx - 1, gy);
                    const auto e = doc->latticeHeight(gx + 1, gy);
                    if (!n || !s || !w || !e) {
                        continue; // the map's outer edge
                    }
                    const glm::dvec2 p = core::vertexPosition(c, core::outerIndex(r, col));
                    if (glm::length(p - mapCentre()) > 35.0) { // raised by the first dab: recomputed
                        continue;
                    }
                    const auto expected = core::outerNormal(*n, *s, *w, *e, core::kUnitSize);
                    const auto got = ch->normals[std::size_t(core::outerIndex(r, col))];
                    QVERIFY2(
                        got == expected,
                        qPrintable(
                            QStringLiteral("chunk %1,%2 of %3_%4 vertex r%5 c%6: (%7 %8 %9) vs (%10 %11 %12)")
                                .arg(c.row)
                                .arg(c.col)
                                .arg(t.x)
                                .arg(t.y)
                                .arg(r)
                                .arg(col)
                                .arg(got[0])
                                .arg(got[1])
                                .arg(got[2])
                                .arg(expected[0])
                                .arg(expected[1])
                                .arg(expected[2])));
                    ++checked;
                }
            }
        }
    }
    QVERIFY(checked > 150);
}

void TestMapDocument::modifiedStateFollowsUndoStack() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    auto& source = static_cast<core::MemoryMapSource&>(doc->source());
    QSignalSpy modified(doc.get(), &core::MapDocument::modifiedChanged);
    QVERIFY(!doc->isModified());
    const glm::dvec2 inWest = core::tileOrigin({32, 32}) - glm::dvec2(250.0, 250.0);
    {
        core::HeightStroke stroke(*doc, raise(20.0, 3.0));
        stroke.moveTo(inWest);
        stroke.finish();
    }
    QVERIFY(doc->isModified());
    QVERIFY(doc->isTileModified({32, 32}));
    QVERIFY(!doc->isTileModified({33, 32}));
    QCOMPARE(modified.count(), 1);
    const auto report = doc->save();
    QVERIFY(report.ok);
    QCOMPARE(report.saved.size(), std::size_t(1));
    QVERIFY(!doc->isModified());
    QVERIFY(*source.tileBytes({32, 32}) == bytesOf(*doc, {32, 32}));
    const int writes = source.writeCount();
    QCOMPARE(doc->save().saved.size(), std::size_t(0)); // nothing to save
    QCOMPARE(source.writeCount(), writes);
    doc->undoStack()->undo();
    QVERIFY(doc->isTileModified({32, 32}));
    doc->undoStack()->redo();
    QVERIFY(!doc->isModified()); // back at the saved state
}

void TestMapDocument::cancelRestores() {
    auto doc = tests::hillsMap({{32, 32}});
    const auto before = bytesOf(*doc, {32, 32});
    core::HeightStroke stroke(*doc, raise(30.0, 5.0));
    stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    QVERIFY(bytesOf(*doc, {32, 32}) != before);
    stroke.cancel();
    QVERIFY(bytesOf(*doc, {32, 32}) == before);
    QCOMPARE(doc->undoStack()->count(), 0);
}

void TestMapDocument::emptyStrokePushesNothing() {
    auto doc = tests::hillsMap({{32, 32}});
    core::HeightStroke stroke(*doc, raise(20.0, 0.0)); // strength 0 changes nothing
    stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    QVERIFY(stroke.finish() == nullptr);
    // Off the loaded map: nothing to touch.
    core::HeightStroke far(*doc, raise(20.0, 3.0));
    far.moveTo(core::tileOrigin({50, 50}) - glm::dvec2(100.0));
    QVERIFY(far.finish() == nullptr);
    QCOMPARE(doc->undoStack()->count(), 0);
}

void TestMapDocument::renderDirtyNamesTouchedChunks() {
    auto doc = tests::hillsMap({{32, 32}});
    tests::ChangeLog log(*doc);
    // A small dab in the middle of one chunk's quad area touches only that chunk's vertices and the
    // normals around it.
    const ChunkCoord c{{32, 32}, 5, 5};
    const glm::dvec2 centre = core::chunkOrigin(c) - glm::dvec2(core::kChunkSize / 2.0);
    core::HeightStroke stroke(*doc, raise(5.0, 2.0));
    stroke.dab(centre);
    const auto dirty = log.take();
    QVERIFY(dirty.contains(core::MapDocument::chunkKey(c)));
    QVERIFY(dirty.value(core::MapDocument::chunkKey(c)) & core::dirty::Vertices);
    QCOMPARE(dirty.size(), 1);
    QVERIFY(log.take().isEmpty());
    stroke.finish();
    doc->undoStack()->undo();
    QVERIFY(log.take().contains(core::MapDocument::chunkKey(c)));
}

// Every listener sees every change (none takes them from the others), sent once per event-loop turn
// however many chunks a dab edits.
void TestMapDocument::changesReachEveryListener() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    tests::ChangeLog first(*doc);
    tests::ChangeLog second(*doc);
    const glm::dvec2 border = core::tileOrigin({33, 32}) - glm::dvec2(100.0, 0.0); // on the tile border
    core::HeightStroke stroke(*doc, raise(30.0, 2.0));
    stroke.dab(border);
    QCOMPARE(first.sends(), 0); // not yet: the turn is not over
    QCoreApplication::processEvents();
    QCOMPARE(first.sends(), 1);
    QCOMPARE(second.sends(), 1);
    QVERIFY(first.received().size() > 4); // both tiles' chunks along the border
    QCOMPARE(first.received(), second.received());
    std::set<core::TileCoord> tiles;
    for (auto it = first.received().begin(); it != first.received().end(); ++it) {
        tiles.insert(core::MapDocument::chunkFromKey(it.key()).tile);
    }
    QCOMPARE(tiles.size(), std::size_t(2));
    // One listener flushing early does not take the changes from the other.
    stroke.dab(border + glm::dvec2(0.0, 10.0));
    const auto taken = first.take();
    QVERIFY(!taken.isEmpty());
    QCOMPARE(second.received(), taken); // the early flush reached it too
    QCOMPARE(second.take(), taken);
    stroke.finish();
    doc->undoStack()->undo();
    QCoreApplication::processEvents();
    QVERIFY(!first.received().isEmpty());
    QCOMPARE(first.received(), second.received());
}

void TestMapDocument::snapshotsRoundTripCorpusChunks() {
    for (const char* f : {"adt/continent4229.adt", "adt/Azeroth_38_46.adt"}) {
        io::AdtReadOptions o;
        o.bigAlpha = false;
        auto r = io::readAdt(tests::readBytes(tests::corpusPath(f)), o);
        QVERIFY(r);
        std::size_t raw = 0;
        std::size_t packed = 0;
        for (std::size_t i = 0; i < r->adt.chunks.size(); ++i) {
            io::LiquidChunk lc;
            if (r->adt.liquids) {
                lc = r->adt.liquids->chunks[i];
            }
            const auto snap = core::ChunkSnapshot::capture(r->adt.chunks[i], lc);
            core::ChunkState back;
            QVERIFY(snap.restore(back));
            QVERIFY(back.chunk == r->adt.chunks[i]);
            QVERIFY(back.liquid == lc);
            raw += snap.rawSize();
            packed += snap.compressedSize();
        }
        qInfo("%s: snapshots %zu bytes raw, %zu compressed", f, raw, packed);
        // Corrupt input is refused, not trusted.
        core::ChunkState junk;
        const std::vector<std::byte> garbage(100, std::byte{0x4D});
        QVERIFY(!core::unpackChunkState(garbage, junk));
    }
}

void TestMapDocument::undoPastMemoryBudgetSpillsToDisk() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}};
    auto doc = tests::hillsMap(tiles);
    std::map<TileCoord, std::vector<std::byte>> original;
    for (const auto t : tiles) {
        original[t] = bytesOf(*doc, t);
    }
    doc->setUndoMemoryBudget(64 * 1024); // a few strokes' worth
    for (int s = 0; s < 8; ++s) {
        core::HeightStroke stroke(*doc, raise(30.0, 2.0));
        for (int i = 0; i < 10; ++i) {
            stroke.moveTo(core::tileOrigin({33, 32}) + glm::dvec2(-100.0 - s * 40.0, i * 6.0));
        }
        QVERIFY(stroke.finish());
    }
    QCOMPARE(doc->undoStack()->count(), 8);
    QVERIFY(doc->undoBytesOnDisk() > 0);
    const auto* newest = dynamic_cast<const core::ChunkStateCommand*>(doc->undoStack()->command(7));
    QVERIFY(newest);
    QVERIFY(doc->undoMemoryResident() <= 64 * 1024 + newest->residentBytes());
    std::map<TileCoord, std::vector<std::byte>> edited;
    for (const auto t : tiles) {
        edited[t] = bytesOf(*doc, t);
    }
    while (doc->undoStack()->canUndo()) {
        doc->undoStack()->undo();
    }
    for (const auto t : tiles) {
        QVERIFY(bytesOf(*doc, t) == original[t]);
    }
    while (doc->undoStack()->canRedo()) {
        doc->undoStack()->redo();
    }
    for (const auto t : tiles) {
        QVERIFY(bytesOf(*doc, t) == edited[t]);
    }
    // Without a budget nothing new goes to disk.
    const auto onDisk = doc->undoBytesOnDisk();
    doc->setUndoMemoryBudget(0);
    core::HeightStroke more(*doc, raise(30.0, 2.0));
    more.moveTo(core::tileOrigin({33, 32}) - glm::dvec2(50.0));
    QVERIFY(more.finish());
    QCOMPARE(doc->undoBytesOnDisk(), onDisk);
}

// New maps: a vertex on a tile border has the same normal in the chunks of both tiles.
void TestMapDocument::generatedTilesHaveNoNormalSeams() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    int compared = 0;
    int differ = 0;
    for (int row = 0; row < 16; ++row) {
        const auto* west = doc->chunk({{32, 32}, row, 15});
        const auto* east = doc->chunk({{33, 32}, row, 0});
        for (int r = 0; r <= 8; ++r) {
            const auto a = west->normals[std::size_t(core::outerIndex(r, 8))];
            const auto b = east->normals[std::size_t(core::outerIndex(r, 0))];
            ++compared;
            int worst = 0;
            for (int k = 0; k < 3; ++k) {
                worst = std::max(worst, std::abs(int(a[std::size_t(k)]) - int(b[std::size_t(k)])));
            }
            if (worst > 1) { // one step of int8 rounding is invisible
                ++differ;
                qWarning("row %d r %d: (%d %d %d) vs (%d %d %d)", row, r, a[0], a[1], a[2], b[0], b[1], b[2]);
            }
        }
    }
    QCOMPARE(compared, 16 * 9);
    QCOMPARE(differ, 0);
}

void TestMapDocument::saveAsWritesEveryTileAndSwitchesSource() {
    // Three tiles in the WDT, one loaded and edited: Save As writes all three and the WDT.
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}};
    auto doc = tests::hillsMap(tiles);
    auto& oldSource = static_cast<core::MemoryMapSource&>(doc->source());
    const auto untouched = *oldSource.tileBytes({32, 33});
    core::HeightStroke stroke(*doc, raise(20.0, 3.0));
    stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    stroke.finish();
    auto target = std::make_unique<core::MemoryMapSource>(QStringLiteral("Copy"), std::vector<std::byte>{});
    auto* copy = target.get();
    const auto report = doc->saveAs(std::move(target));
    QVERIFY(report.ok);
    QCOMPARE(report.saved.size(), std::size_t(3));
    QVERIFY(!doc->isModified());
    QVERIFY(&doc->source() == copy);
    QVERIFY(*copy->tileBytes({32, 32}) == bytesOf(*doc, {32, 32}));
    QVERIFY(*copy->tileBytes({32, 33}) == untouched);
    QVERIFY(io::readWdt(copy->wdtBytes()).value() == doc->wdt());
    // Later saves go to the new source.
    core::HeightStroke again(*doc, raise(20.0, 3.0));
    again.moveTo(core::tileOrigin({33, 32}) - glm::dvec2(100.0));
    again.finish();
    const int writes = copy->writeCount();
    QVERIFY(doc->save().ok);
    QCOMPARE(copy->writeCount(), writes + 1);
}

void TestMapDocument::tilesAdoptAndUnloadUnlessEdited() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}};
    auto doc = tests::hillsMap(tiles, 40.0f, tests::LoadTiles::None);
    QVERIFY(doc);
    QVERIFY(doc->loadedTiles().empty());
    QSignalSpy loaded(doc.get(), &core::MapDocument::tileLoaded);
    QSignalSpy unloaded(doc.get(), &core::MapDocument::tileUnloaded);

    // A background reader works on its own copy: the same tile as loadTile() reads.
    const auto reader = doc->source().backgroundReader(doc->bigAlpha());
    auto read = reader({32, 32});
    QVERIFY(read);
    auto adopted = doc->adoptTile({32, 32}, std::move(read.value()));
    QVERIFY(adopted);
    QCOMPARE(loaded.count(), 1);
    QCOMPARE(io::writeAdt(*doc->tile({32, 32})), io::writeAdt(reader({32, 32}).value()));
    // Adopting a loaded tile keeps the loaded one.
    const io::Adt* first = doc->tile({32, 32});
    QCOMPARE(doc->adoptTile({32, 32}, std::move(reader({32, 32}).value())).value(), first);
    QCOMPARE(loaded.count(), 1);
    // Tiles outside the WDT and broken tiles are refused.
    QVERIFY(!doc->adoptTile({40, 40}, io::Adt{}));
    QVERIFY(!reader({40, 40}));
    const auto broken = doc->adoptTile({33, 32}, io::Adt{});
    QVERIFY(!broken);
    QCOMPARE(broken.error().code, core::CoreError::Code::BadTile);
    QVERIFY(!doc->tile({33, 32}));

    // Untouched tiles unload; render bits pending for them go too.
    QVERIFY(doc->loadTile({33, 32}));
    {
        // The edit path pins its tile, even for an edit that changes nothing (no undo step).
        core::StrokeRecorder recorder(*doc, core::CommandId::HeightStroke, QStringLiteral("Touch"));
        const core::ChunkEdit edit = recorder.edit({{33, 32}, 0, 0}, core::dirty::Vertices);
    }
    QVERIFY(!doc->canUnloadTile({33, 32}));
    QVERIFY(doc->canUnloadTile({32, 32}));
    QVERIFY(doc->unloadTile({32, 32}));
    QCOMPARE(unloaded.count(), 1);
    QVERIFY(!doc->tile({32, 32}));
    QVERIFY(!doc->unloadTile({32, 32}));

    // An edited tile stays in memory, even after undo and save: undo/redo need it.
    QVERIFY(doc->loadTile({32, 32}));
    core::HeightBrushSettings settings;
    settings.brush.radius = 10.0;
    core::HeightStroke stroke(*doc, settings);
    stroke.dab(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    stroke.finish();
    QVERIFY(!doc->canUnloadTile({32, 32}));
    doc->undoStack()->undo();
    QVERIFY(!doc->unloadTile({32, 32}));
    QVERIFY(doc->tile({32, 32}));
}

void TestMapDocument::saveReportsProgressAndCancels() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}};
    auto doc = tests::hillsMap(tiles);
    for (const TileCoord t : tiles) {
        core::HeightStroke stroke(*doc, raise(20.0, 3.0));
        stroke.moveTo(core::tileOrigin(t) - glm::dvec2(100.0));
        stroke.finish();
    }
    QCOMPARE(doc->saveTileCount(), 3);
    auto& source = static_cast<core::MemoryMapSource&>(doc->source());

    // Cancelled after the first tile: the save is one transaction, nothing is written, the map stays
    // modified.
    std::vector<std::pair<int, int>> calls;
    int writes = source.writeCount();
    auto report = doc->save({}, [&](int done, int total) {
        calls.emplace_back(done, total);
        return false;
    });
    QVERIFY(!report.ok);
    QVERIFY(report.cancelled);
    QVERIFY(!report.error.isEmpty());
    QVERIFY(report.saved.empty());
    QCOMPARE(source.writeCount(), writes);
    QCOMPARE(calls, (std::vector<std::pair<int, int>>{{1, 3}}));
    QVERIFY(doc->isModified());
    QCOMPARE(doc->saveTileCount(), 3);

    // Carried through: every step reported, the map clean.
    calls.clear();
    report = doc->save({}, [&](int done, int total) {
        calls.emplace_back(done, total);
        return true;
    });
    QVERIFY(report.ok);
    QCOMPARE(calls, (std::vector<std::pair<int, int>>{{1, 3}, {2, 3}, {3, 3}}));
    QCOMPARE(source.writeCount(), writes + 3);
    QVERIFY(!doc->isModified());

    // Save As cancelled: the document keeps its source.
    auto target = std::make_unique<core::MemoryMapSource>(QStringLiteral("Copy"), std::vector<std::byte>{});
    report = doc->saveAs(std::move(target), {}, [](int done, int) { return done < 2; });
    QVERIFY(report.cancelled);
    QVERIFY(report.saved.empty());
    QVERIFY(&doc->source() == &source);
    QCOMPARE(doc->saveAsTileCount(), 3);
}

QTEST_GUILESS_MAIN(TestMapDocument)
#include "test_map_document.moc"
