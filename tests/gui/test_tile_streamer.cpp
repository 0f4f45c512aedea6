// TileStreamer: tiles around the camera are read on the worker thread and adopted; tiles beyond the
// radius + 1 ring unload unless an edit touched them; broken tiles are reported once; results for a
// document that was replaced are dropped.

#include "core/document/map_document.h"
#include "core/edit/height_stroke.h"
#include "editor/tile_streamer.h"
#include "support/memory_map.h"

#include <QSignalSpy>
#include <QtTest>

#include <set>

using namespace mapsmith;
using core::TileCoord;

namespace {

// World point in the middle of a tile.
glm::dvec2 middleOf(TileCoord t) {
    return core::tileOrigin(t) - glm::dvec2(core::kTileSize / 2.0);
}

std::set<TileCoord> loaded(const core::MapDocument& doc) {
    const auto tiles = doc.loadedTiles();
    return {tiles.begin(), tiles.end()};
}

const std::vector<TileCoord> kStrip{{30, 32}, {31, 32}, {32, 32}, {33, 32}, {34, 32}};

} // namespace

class TestTileStreamer : public QObject {
    Q_OBJECT
private slots:
    void loadsAroundTheCameraAndUnloadsBehindIt();
    void brokenTilesAreReportedOnce();
    void resultsForAReplacedDocumentAreDropped();
};

void TestTileStreamer::loadsAroundTheCameraAndUnloadsBehindIt() {
    auto doc = tests::hillsMap(kStrip, 40.0f, tests::LoadTiles::None);
    QVERIFY(doc);
    editor::TileStreamer streamer;
    streamer.setDocument(doc.get());
    QSignalSpy pending(&streamer, &editor::TileStreamer::pendingChanged);

    streamer.setCentre(middleOf({30, 32}));
    QVERIFY(streamer.pending() > 0); // reads run on the pool, not in setCentre()
    QVERIFY(streamer.waitIdle(30000));
    QCOMPARE(loaded(*doc), (std::set<TileCoord>{{30, 32}, {31, 32}}));
    QCOMPARE(pending.last().at(0).toInt(), 0);

    // Two tiles east: the tiles around 33 are wanted, 30 is beyond radius + 1 and goes, 31 stays
    // in the hysteresis ring.
    streamer.setCentre(middleOf({33, 32}));
    QVERIFY(streamer.waitIdle(30000));
    QCOMPARE(loaded(*doc), (std::set<TileCoord>{{31, 32}, {32, 32}, {33, 32}, {34, 32}}));

    // An edited tile stays, however far the camera goes.
    core::HeightBrushSettings settings;
    settings.brush.radius = 10.0;
    core::HeightStroke stroke(*doc, settings);
    stroke.dab(middleOf({34, 32}));
    stroke.finish();
    streamer.setCentre(middleOf({30, 32}));
    QVERIFY(streamer.waitIdle(30000));
    QCOMPARE(loaded(*doc), (std::set<TileCoord>{{30, 32}, {31, 32}, {32, 32}, {34, 32}}));

    // A smaller radius unloads the ring that is no longer wanted.
    streamer.setRadius(0);
    QCOMPARE(loaded(*doc), (std::set<TileCoord>{{30, 32}, {31, 32}, {34, 32}}));
}

void TestTileStreamer::brokenTilesAreReportedOnce() {
    auto doc = tests::hillsMap({{30, 32}, {31, 32}}, 40.0f, tests::LoadTiles::None);
    QVERIFY(doc);
    auto* memory = dynamic_cast<core::MemoryMapSource*>(&doc->source());
    QVERIFY(memory);
    memory->setTile({31, 32}, std::vector<std::byte>(12, std::byte{0x42}));
    editor::TileStreamer streamer;
    streamer.setDocument(doc.get());
    QSignalSpy failed(&streamer, &editor::TileStreamer::tileFailed);
    streamer.setCentre(middleOf({30, 32}));
    QVERIFY(streamer.waitIdle(30000));
    QCOMPARE(loaded(*doc), (std::set<TileCoord>{{30, 32}}));
    QCOMPARE(failed.count(), 1);
    QCOMPARE(failed.at(0).at(0).value<TileCoord>(), TileCoord({31, 32}));
    QVERIFY(!failed.at(0).at(1).toString().isEmpty());
    // Moving on and back does not retry it.
    streamer.setCentre(middleOf({31, 32}));
    streamer.setCentre(middleOf({30, 32}));
    QVERIFY(streamer.waitIdle(30000));
    QCOMPARE(failed.count(), 1);
}

void TestTileStreamer::resultsForAReplacedDocumentAreDropped() {
    auto first = tests::hillsMap({{30, 32}}, 40.0f, tests::LoadTiles::None);
    auto second = tests::hillsMap({{30, 32}}, 40.0f, tests::LoadTiles::None);
    editor::TileStreamer streamer;
    streamer.setDocument(first.get());
    streamer.setCentre(middleOf({30, 32}));
    QCOMPARE(streamer.pending(), 1);
    streamer.setDocument(second.get());
    QCOMPARE(streamer.pending(), 0);
    QTest::qWait(300); // the first read finishes on the pool meanwhile
    QVERIFY(first->loadedTiles().empty());
    QVERIFY(second->loadedTiles().empty());
    streamer.setCentre(middleOf({30, 32}));
    QVERIFY(streamer.waitIdle(30000));
    QCOMPARE(loaded(*second), (std::set<TileCoord>{{30, 32}}));
    QVERIFY(first->loadedTiles().empty());
}

QTEST_MAIN(TestTileStreamer)
#include "test_tile_streamer.moc"
