// The tool manager: tools are chosen by ToolId and the current one follows; the viewport's presses,
// drags and releases reach the current tool only (checked on the model); choosing another tool ends
// the stroke and drops the object selection; another document cancels the stroke; the selection edits
// are one undo step each.

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/geometry/chunk_height.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "support/memory_map.h"

#include <QSignalSpy>
#include <QUndoStack>
#include <QtTest>

using namespace mapsmith;
using editor::ToolId;

namespace {

constexpr core::TileCoord kTile{32, 32};

glm::dvec2 inside(double north = 200.0, double west = 200.0) {
    return core::tileOrigin(kTile) - glm::dvec2(north, west);
}

glm::dvec3 onGround(const core::MapDocument& doc, glm::dvec2 p) {
    return {p, *doc.heightAt(p)};
}

// A hills map with one doodad, its id allocator, a viewport whose input the manager takes, and the
// manager editing the map.
struct Scene {
    std::unique_ptr<core::MapDocument> doc = tests::hillsMap({kTile});
    core::UniqueIdAllocator ids;
    editor::TerrainViewport viewport;
    editor::ToolManager tools;
    core::ObjectRef lamp{};
    Scene() {
        ids.attach(*doc);
        lamp =
            *core::ObjectEditor(*doc, ids).addDoodad("World\\Lamp.m2", onGround(*doc, inside(150.0, 150.0)));
        doc->undoStack()->clear();
        tools.attach(&viewport);
        tools.setDocument(doc.get(), &ids);
    }
    // One press, drag and release of the left button through the viewport's signals.
    void stroke(glm::dvec2 from, glm::dvec2 to, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
        emit viewport.terrainPressed(onGround(*doc, from), Qt::LeftButton, modifiers);
        emit viewport.terrainDragged(onGround(*doc, to), 1.0);
        emit viewport.terrainReleased();
    }
    bool holeAt(glm::dvec2 p) const { return core::chunkHoleAt(*doc->chunk(core::chunkAt(p)), p); }
};

} // namespace

class TestToolManager : public QObject {
    Q_OBJECT
private slots:
    void currentToolFollowsSelectById();
    void inputReachesOnlyTheCurrentTool();
    void otherButtonsAndNoDocumentStartNothing();
    void switchingEndsTheStrokeAndClearsTheSelection();
    void anotherDocumentCancelsTheStroke();
    void handlesReachTheObjectToolOnly();
    void selectionEditsAreOneUndoStepEach();
};

void TestToolManager::currentToolFollowsSelectById() {
    editor::ToolManager tools;
    QCOMPARE(tools.currentId(), ToolId::Sculpt);
    QSignalSpy changed(&tools, &editor::ToolManager::currentToolChanged);
    const std::pair<ToolId, editor::Tool*> expected[] = {
        {ToolId::Liquid, tools.liquid()},  {ToolId::Objects, tools.objects()},
        {ToolId::Sculpt, tools.height()},  {ToolId::PaintTexture, tools.texture()},
        {ToolId::Holes, tools.holes()},    {ToolId::VertexColour, tools.colour()},
        {ToolId::AreaId, tools.areaId()},  {ToolId::Impassable, tools.impassable()},
        {ToolId::Shadows, tools.shadow()}, {ToolId::Shadows, tools.shadow()}, // again: the views refresh
    };
    for (const auto& [id, tool] : expected) {
        tools.select(id);
        QCOMPARE(tools.currentId(), id);
        QCOMPARE(tools.current(), tool);
        QCOMPARE(tools.tool(id), tool);
        QCOMPARE(changed.last().at(0).value<ToolId>(), id);
    }
    QCOMPARE(changed.count(), int(std::size(expected)));
    // The tool bar's order: every tool once.
    std::set<editor::Tool*> inOrder;
    for (const ToolId id : editor::ToolManager::kOrder) {
        inOrder.insert(tools.tool(id));
    }
    QCOMPARE(inOrder.size(), editor::ToolManager::kOrder.size());
    QCOMPARE(editor::ToolManager::kOrder.front(), ToolId::Sculpt);
    QCOMPARE(editor::ToolManager::kOrder.back(), ToolId::Objects);
}

void TestToolManager::inputReachesOnlyTheCurrentTool() {
    Scene s;
    const glm::dvec2 p = inside();
    const double ground = *s.doc->heightAt(p);
    s.tools.holes()->settings().brush.radius = 12.0;
    s.tools.select(ToolId::Holes);
    emit s.viewport.terrainPressed(onGround(*s.doc, p), Qt::LeftButton, Qt::NoModifier);
    for (const ToolId id : editor::ToolManager::kOrder) {
        QCOMPARE(s.tools.tool(id)->active(), id == ToolId::Holes); // a stroke of the current tool only
    }
    emit s.viewport.terrainReleased();
    QVERIFY(!s.tools.holes()->active());
    QVERIFY(s.holeAt(p));
    QCOMPARE(*s.doc->heightAt(p), ground); // the sculpt tool did nothing
    QCOMPARE(s.doc->undoStack()->count(), 1);

    // Sculpt now: the ground rises where the stroke goes; the holes stay as they were.
    const glm::dvec2 q = inside(400.0, 400.0);
    const double before = *s.doc->heightAt(q);
    s.tools.select(ToolId::Sculpt);
    s.stroke(q, q + glm::dvec2(5.0, 0.0));
    QVERIFY(*s.doc->heightAt(q) > before + 0.5);
    QVERIFY(!s.holeAt(q));
    QCOMPARE(s.doc->undoStack()->count(), 2);
    // Shift reaches the tool: it lowers.
    const double raised = *s.doc->heightAt(q);
    s.stroke(q, q, Qt::ShiftModifier);
    QVERIFY(*s.doc->heightAt(q) < raised - 0.5);
}

void TestToolManager::otherButtonsAndNoDocumentStartNothing() {
    Scene s;
    const glm::dvec2 p = inside();
    emit s.viewport.terrainPressed(onGround(*s.doc, p), Qt::RightButton, Qt::NoModifier);
    QVERIFY(!s.tools.current()->active());
    emit s.viewport.terrainReleased();
    QCOMPARE(s.doc->undoStack()->count(), 0);
    s.tools.setDocument(nullptr, nullptr);
    QVERIFY(!s.tools.document());
    s.stroke(p, p);
    QCOMPARE(s.doc->undoStack()->count(), 0);
}

void TestToolManager::switchingEndsTheStrokeAndClearsTheSelection() {
    Scene s;
    const glm::dvec2 p = inside(400.0, 400.0);
    emit s.viewport.terrainPressed(onGround(*s.doc, p), Qt::LeftButton, Qt::NoModifier);
    QVERIFY(s.tools.height()->active());
    s.tools.select(ToolId::Liquid);
    QVERIFY(!s.tools.height()->active());
    QCOMPARE(s.doc->undoStack()->count(), 1); // the stroke ended as one undo step
    emit s.viewport.terrainReleased();
    QCOMPARE(s.doc->undoStack()->count(), 1);

    s.tools.select(ToolId::Objects);
    QSignalSpy selectionChanged(s.tools.objects(), &editor::ObjectTool::selectionChanged);
    s.tools.objects()->setSelection({s.lamp});
    s.tools.select(ToolId::Objects); // choosing it again keeps the selection
    QCOMPARE(s.tools.objects()->selection(), std::vector<core::ObjectRef>{s.lamp});
    s.tools.select(ToolId::Sculpt);
    QVERIFY(s.tools.objects()->selection().empty());
    QCOMPARE(selectionChanged.count(), 2);
}

void TestToolManager::anotherDocumentCancelsTheStroke() {
    Scene s;
    const glm::dvec2 p = inside(400.0, 400.0);
    const double before = *s.doc->heightAt(p);
    s.tools.select(ToolId::Objects);
    s.tools.objects()->setSelection({s.lamp});
    s.tools.select(ToolId::Sculpt);
    emit s.viewport.terrainPressed(onGround(*s.doc, p), Qt::LeftButton, Qt::NoModifier);
    QVERIFY(s.tools.height()->active());
    auto other = tests::hillsMap({kTile});
    core::UniqueIdAllocator otherIds;
    otherIds.attach(*other);
    s.tools.setDocument(other.get(), &otherIds);
    QVERIFY(!s.tools.height()->active());
    QCOMPARE(s.doc->undoStack()->count(), 0); // cancelled, not ended
    QCOMPARE(*s.doc->heightAt(p), before);
    QCOMPARE(s.tools.document(), other.get());
    // Input edits the new document.
    s.stroke(p, p);
    QCOMPARE(other->undoStack()->count(), 1);
    QCOMPARE(s.doc->undoStack()->count(), 0);
}

void TestToolManager::handlesReachTheObjectToolOnly() {
    Scene s;
    const glm::dvec3 lamp = core::placementToWorld(core::findObject(*s.doc, s.lamp)->position());
    // A ray from above and from the east, through a point `north` yd north of the lamp (on its north
    // arrow).
    const auto rayTo = [&](double north) {
        const glm::dvec3 target = lamp + glm::dvec3(north, 0.0, 0.0);
        const glm::dvec3 origin = target + glm::dvec3(0.0, -30.0, 40.0);
        return editor::Ray{origin, glm::normalize(target - origin)};
    };
    s.tools.select(ToolId::Objects);
    s.tools.objects()->setSelection({s.lamp});
    emit s.viewport.handlePressed(editor::HandleKind::North, rayTo(3.0));
    QVERIFY(s.tools.objects()->active());
    emit s.viewport.handleDragged(rayTo(13.0));
    emit s.viewport.handleReleased();
    QVERIFY(!s.tools.objects()->active());
    QCOMPARE(s.doc->undoStack()->count(), 1);
    const core::ObjectRef moved = s.tools.objects()->selection().front();
    const glm::dvec3 at = core::placementToWorld(core::findObject(*s.doc, moved)->position());
    QVERIFY(std::abs(at.x - (lamp.x + 10.0)) < 0.01);

    // With another tool current a handle press grips nothing, even with a selection set from outside.
    s.tools.select(ToolId::Sculpt);
    s.tools.objects()->setSelection({moved});
    emit s.viewport.handlePressed(editor::HandleKind::North, rayTo(13.0));
    QVERIFY(!s.tools.objects()->active());
    emit s.viewport.handleReleased();
    QCOMPARE(s.doc->undoStack()->count(), 1);
}

void TestToolManager::selectionEditsAreOneUndoStepEach() {
    Scene s;
    QCOMPARE(s.tools.deleteSelectedObjects(), 0); // nothing selected
    s.tools.select(ToolId::Objects);
    s.tools.objects()->setSelection({s.lamp});
    const glm::dvec3 before = core::placementToWorld(core::findObject(*s.doc, s.lamp)->position());
    s.tools.moveSelectedObjects({4.0, -2.0, 1.0});
    QCOMPARE(s.doc->undoStack()->count(), 1);
    QCOMPARE(s.tools.objects()->selection().size(), std::size_t(1));
    const core::ObjectRef moved = s.tools.objects()->selection().front();
    const glm::dvec3 after = core::placementToWorld(core::findObject(*s.doc, moved)->position());
    QVERIFY(glm::length(after - (before + glm::dvec3(4.0, -2.0, 1.0))) < 0.01);
    s.tools.rotateSelectedObjects({0.0, 90.0, 0.0});
    s.tools.scaleSelectedObjects(2.0);
    QCOMPARE(s.doc->undoStack()->count(), 3);
    QCOMPARE(s.tools.deleteSelectedObjects(), 1);
    QVERIFY(s.tools.objects()->selection().empty());
    QVERIFY(!core::findObject(*s.doc, moved));
    QCOMPARE(s.doc->undoStack()->count(), 4);
    s.doc->undoStack()->undo();
    QVERIFY(core::findObject(*s.doc, moved));
}

QTEST_MAIN(TestToolManager)
#include "test_tool_manager.moc"
