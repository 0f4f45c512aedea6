// The editor's tools turn presses and drags into exactly one core stroke per press, with Shift
// inverting the tool; what they change is checked on the model, not on pixels.

#include "core/geometry/chunk_height.h"
#include "editor/tools/stroke_tool.h"
#include "support/memory_map.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace mapsmith;

namespace {
const std::vector<core::TileCoord> kTiles{{32, 32}, {33, 32}};
glm::dvec3 at(const core::MapDocument& doc, glm::dvec2 p) {
    return {p.x, p.y, *doc.heightAt(p)};
}
glm::dvec2 inside() {
    return core::tileOrigin({32, 32}) - glm::dvec2(200.0, 200.0);
}
} // namespace

class TestTools : public QObject {
    Q_OBJECT
private slots:
    void heightToolRaisesAndShiftLowers();
    void pressDragReleaseIsOneUndoStep();
    void holeToolCutsAndShiftFills();
    void liquidToolAddsAndShiftRemoves();
    void textureToolReportsRefusedChunks();
    void cancelLeavesNothing();
};

void TestTools::heightToolRaisesAndShiftLowers() {
    auto doc = tests::hillsMap(kTiles);
    editor::HeightTool tool;
    tool.settings().brush.strength = 2.0;
    const double before = *doc->heightAt(inside());
    tool.begin(*doc, at(*doc, inside()), Qt::NoModifier);
    tool.end();
    const double raised = *doc->heightAt(inside());
    QVERIFY(raised > before + 1.0);
    tool.begin(*doc, at(*doc, inside()), Qt::ShiftModifier);
    tool.end();
    QVERIFY(*doc->heightAt(inside()) < raised - 1.0);
    QVERIFY(!tool.settings().lower); // Shift does not change the stored settings
}

void TestTools::pressDragReleaseIsOneUndoStep() {
    auto doc = tests::hillsMap(kTiles);
    editor::HeightTool tool;
    tool.begin(*doc, at(*doc, inside()), Qt::NoModifier);
    QVERIFY(tool.active());
    for (int i = 1; i <= 50; ++i) {
        tool.drag(at(*doc, inside() + glm::dvec2(0.0, -i * 8.0)), 0.5 + i / 100.0); // across the tile border
    }
    tool.end();
    QVERIFY(!tool.active());
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->modifiedTiles().size(), std::size_t(2));
}

void TestTools::holeToolCutsAndShiftFills() {
    auto doc = tests::hillsMap(kTiles);
    editor::HoleTool tool;
    tool.settings().brush.radius = 12.0;
    const core::ChunkCoord c = core::chunkAt(inside());
    tool.begin(*doc, at(*doc, inside()), Qt::NoModifier);
    tool.end();
    QVERIFY(doc->chunk(c)->holesLowRes != 0);
    QVERIFY(core::chunkHoleAt(*doc->chunk(c), inside()));
    tool.begin(*doc, at(*doc, inside()), Qt::ShiftModifier);
    tool.end();
    QCOMPARE(doc->chunk(c)->holesLowRes, std::uint16_t(0));
    QCOMPARE(doc->undoStack()->count(), 2);
}

void TestTools::liquidToolAddsAndShiftRemoves() {
    auto doc = tests::hillsMap(kTiles);
    editor::LiquidTool tool;
    tool.settings().height = 5.0; // above the terrain at the press
    const core::ChunkCoord c = core::chunkAt(inside());
    tool.begin(*doc, at(*doc, inside()), Qt::NoModifier);
    tool.end();
    QVERIFY(doc->liquid(c) && !doc->liquid(c)->instances.empty());
    tool.begin(*doc, at(*doc, inside()), Qt::ShiftModifier);
    tool.end();
    QVERIFY(!doc->liquid(c) || doc->liquid(c)->instances.empty());
}

void TestTools::textureToolReportsRefusedChunks() {
    auto doc = tests::hillsMap(kTiles);
    editor::TextureTool tool;
    QSignalSpy messages(&tool, &editor::Tool::message);
    // Fill chunks up to four layers with other textures, then paint a fifth one.
    const char* textures[] = {"Tileset\\A.blp", "Tileset\\B.blp", "Tileset\\C.blp", "Tileset\\D.blp"};
    for (const char* t : textures) {
        tool.settings().texture = t;
        tool.settings().brush.strength = 1.0;
        tool.settings().brush.hardness = 1.0;
        tool.begin(*doc, at(*doc, inside()), Qt::NoModifier);
        tool.end();
    }
    QVERIFY(messages.count() >= 1);
    QVERIFY(messages.last().at(0).toString().contains(QStringLiteral("already has 4 textures")));
}

void TestTools::cancelLeavesNothing() {
    auto doc = tests::hillsMap(kTiles);
    const auto before = io::writeAdt(*doc->tile({32, 32}));
    editor::HeightTool tool;
    tool.begin(*doc, at(*doc, inside()), Qt::NoModifier);
    tool.drag(at(*doc, inside() + glm::dvec2(10.0, 0.0)), 1.0);
    tool.cancel();
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(io::writeAdt(*doc->tile({32, 32})) == before);
}

QTEST_MAIN(TestTools)
#include "test_tools.moc"
