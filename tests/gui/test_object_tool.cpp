// The object tool: picks follow the ray (a box inside a box-only one wins, the terrain hides); drags move
// (following the ground), turn (Shift) and scale (Ctrl) as one undo step each; in the main window a click
// through the viewport selects a marker, the handles are drawn, Delete removes it and undo brings it back; a
// press in the middle of a distant (small) object moves its body rather than gripping a handle.

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/edit/object_group.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/tools/object_commands.h"
#include "editor/tools/object_pick.h"
#include "editor/tools/object_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "support/memory_map.h"
#include "widgets/object_properties_panel.h"

#include <QDir>
#include <QStandardPaths>
#include <QUndoStack>
#include <Qt3DExtras/Qt3DWindow>
#include <QtTest>

#include <glm/geometric.hpp>

#include <cmath>
#include <numbers>

using namespace mapsmith;
using core::ObjectKind;
using core::TileCoord;

namespace {

constexpr TileCoord kTile{32, 32};
glm::dvec2 inTile(double north, double west) {
    return core::tileOrigin(kTile) - glm::dvec2(north, west);
}

glm::dvec3 onGround(const core::MapDocument& doc, glm::dvec2 p) {
    return {p, *doc.heightAt(p)};
}

glm::dvec3 worldPosition(const core::MapDocument& doc, const core::ObjectRef& ref) {
    return core::placementToWorld(core::findObject(doc, ref)->position());
}

struct Scene {
    std::unique_ptr<core::MapDocument> doc = tests::hillsMap({kTile});
    core::UniqueIdAllocator ids;
    core::ObjectRef lamp{};
    core::ObjectRef house{};
    Scene() {
        ids.attach(*doc);
        core::ObjectEditor editor(*doc, ids);
        house = *editor.addWmo("World\\wmo\\House.wmo", onGround(*doc, inTile(200.0, 200.0)), {},
                               core::Box3{glm::dvec3(-20.0), glm::dvec3(20.0)});
        lamp = *editor.addDoodad("World\\Lamp.m2", onGround(*doc, inTile(205.0, 195.0)));
    }
};

// Shows `window` with the bundled demo map; the start tile's first doodad (nullopt when that failed).
std::optional<core::ObjectRef> showDemoFirstDoodad(editor::MainWindow& window) {
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) ||
        !window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt"))) {
        return std::nullopt;
    }
    const core::MapDocument& doc = *window.document();
    const auto& d = doc.tile(doc.loadedTiles().front())->doodads.front();
    return core::ObjectRef{core::tileAt(glm::dvec2(core::placementToWorld(core::toDvec(d.position)))),
                           ObjectKind::Doodad, d.uniqueId};
}

} // namespace

class TestObjectTool : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void pickFollowsTheRay();
    void transformsFromDrags();
    void dragMovesAlongTheGroundAsOneUndoStep();
    void shiftTurnsAndCtrlScales();
    void mainWindowSelectDeleteUndo();
    void handleMath();
    void handleDragsMoveAlongAnAxisAndTurn();
    void mainWindowDragsTheNorthHandle();
    void smallObjectMovesByItsBody();
    void groupTurnsAboutItsCentre();
    void commandsOnTheSelection();
};

void TestObjectTool::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true); // the main window's settings stay out of the user's
}

void TestObjectTool::pickFollowsTheRay() {
    Scene s;
    const core::ObjectBoundsSettings bounds; // no models: both are picked by their boxes
    const auto down = [&](glm::dvec2 p) {
        return editor::groundPointer(onGround(*s.doc, p), Qt::NoModifier);
    };
    // Straight down onto the lamp: through the house's stand-in box into the lamp's smaller one inside it.
    QCOMPARE(editor::pickObject(*s.doc, down(inTile(205.0, 195.0)), bounds), std::optional(s.lamp));
    QCOMPARE(editor::pickObject(*s.doc, down(inTile(190.0, 210.0)), bounds), std::optional(s.house));
    QVERIFY(!editor::pickObject(*s.doc, down(inTile(400.0, 400.0)), bounds));
    // Just outside the lamp's 2 yd box: the house around it.
    QCOMPARE(editor::pickObject(*s.doc, down(inTile(205.0, 197.5)), bounds), std::optional(s.house));
    // The terrain met first hides what lies beyond it; a ray into the sky (no ground) still picks.
    editor::PointerEvent hidden = down(inTile(205.0, 195.0));
    hidden.ground = hidden.ray.origin + 10.0 * hidden.ray.direction;
    QVERIFY(!editor::pickObject(*s.doc, hidden, bounds));
    hidden.ground.reset();
    QCOMPARE(editor::pickObject(*s.doc, hidden, bounds), std::optional(s.lamp));
}

void TestObjectTool::transformsFromDrags() {
    using Mode = editor::ObjectTool::Mode;
    const auto flat = [](glm::dvec2) { return std::optional<double>(5.0); };
    const auto slope = [](glm::dvec2 p) { return std::optional<double>(0.5 * p.x); };
    const glm::dvec3 pivot(100.0, 100.0, 0.0);
    auto t =
        editor::ObjectTool::transformFor(Mode::Move, pivot, {101.0, 100.0, 0.0}, {111.0, 103.0, 0.0}, flat);
    QCOMPARE(t.translate, glm::dvec3(10.0, 3.0, 0.0));
    t = editor::ObjectTool::transformFor(Mode::Move, pivot, {101.0, 100.0, 0.0}, {111.0, 100.0, 0.0}, slope);
    QCOMPARE(t.translate.z, 5.0); // the ground rose 5 yd under the object
    // A quarter turn anticlockwise seen from above (north -> west).
    t = editor::ObjectTool::transformFor(Mode::Rotate, pivot, {110.0, 100.0, 0.0}, {100.0, 110.0, 0.0}, flat);
    QVERIFY(std::abs(t.rotate.y - 90.0) < 1e-9);
    t = editor::ObjectTool::transformFor(Mode::Rotate, pivot, {100.0, 110.0, 0.0}, {110.0, 100.0, 0.0}, flat);
    QVERIFY(std::abs(t.rotate.y + 90.0) < 1e-9);
    t = editor::ObjectTool::transformFor(Mode::Scale, pivot, {102.0, 100.0, 0.0}, {100.0, 106.0, 0.0}, flat);
    QVERIFY(std::abs(t.scale - 3.0) < 1e-9);
}

void TestObjectTool::dragMovesAlongTheGroundAsOneUndoStep() {
    Scene s;
    editor::ObjectTool tool;
    QSignalSpy changed(&tool, &editor::ObjectTool::selectionChanged);
    const glm::dvec3 start = worldPosition(*s.doc, s.lamp);
    const int steps = s.doc->undoStack()->count();
    tool.begin(*s.doc, onGround(*s.doc, glm::dvec2(start)), Qt::NoModifier);
    QCOMPARE(tool.selection(), std::vector<core::ObjectRef>{s.lamp});
    QCOMPARE(changed.count(), 1);
    QVERIFY(tool.active());
    for (int i = 1; i <= 10; ++i) {
        tool.drag(onGround(*s.doc, glm::dvec2(start) + glm::dvec2(3.0 * i, 0.0)), 1.0);
    }
    tool.end();
    QVERIFY(!tool.active());
    QCOMPARE(s.doc->undoStack()->count(), steps + 1);
    const glm::dvec3 moved = worldPosition(*s.doc, tool.selection().front());
    QVERIFY(glm::distance(glm::dvec2(moved), glm::dvec2(start) + glm::dvec2(30.0, 0.0)) < 0.01);
    // Height above the ground kept (the lamp stood on it).
    const double ground = *s.doc->heightAt(glm::dvec2(moved));
    QVERIFY2(std::abs(moved.z - ground) < 0.05,
             qPrintable(QStringLiteral("%1 vs %2").arg(moved.z).arg(ground)));
    s.doc->undoStack()->undo();
    QVERIFY(glm::distance(worldPosition(*s.doc, s.lamp), start) < 0.01);

    // A press on bare ground clears the selection and pushes nothing.
    tool.begin(*s.doc, onGround(*s.doc, inTile(400.0, 400.0)), Qt::NoModifier);
    tool.end();
    QVERIFY(tool.selection().empty());
    QCOMPARE(s.doc->undoStack()->index(), steps);
}

void TestObjectTool::shiftTurnsAndCtrlScales() {
    Scene s;
    editor::ObjectTool tool;
    const glm::dvec3 p = worldPosition(*s.doc, s.lamp);
    const float heading = core::findObject(*s.doc, s.lamp)->doodad.rotation.y;
    // Press 1.5 yd north of the lamp (inside its box), drag round to 1.5 yd west: a quarter turn.
    tool.begin(*s.doc, onGround(*s.doc, glm::dvec2(p) + glm::dvec2(1.5, 0.0)), Qt::ShiftModifier);
    tool.drag(onGround(*s.doc, glm::dvec2(p) + glm::dvec2(1.0, 1.0)), 1.0);
    tool.drag(onGround(*s.doc, glm::dvec2(p) + glm::dvec2(0.0, 1.5)), 1.0);
    tool.end();
    const auto turned = core::findObject(*s.doc, tool.selection().front());
    QVERIFY(std::abs(std::remainder(turned->doodad.rotation.y - heading - 90.0, 360.0)) < 0.01);
    QVERIFY(glm::distance(worldPosition(*s.doc, tool.selection().front()), p) < 0.01); // turned in place

    tool.begin(*s.doc, onGround(*s.doc, glm::dvec2(p) + glm::dvec2(1.0, 0.0)), Qt::ControlModifier);
    tool.drag(onGround(*s.doc, glm::dvec2(p) + glm::dvec2(2.5, 0.0)), 1.0);
    tool.end();
    QCOMPARE(core::findObject(*s.doc, tool.selection().front())->doodad.scale, std::uint16_t(2560));
}

void TestObjectTool::mainWindowSelectDeleteUndo() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    core::MapDocument& doc = *window.document();
    // The demo's tower marker north-west of the lake on the start tile: find the nearest doodad to
    // the screen centre that projects into the viewport.
    editor::TerrainViewport* view = window.viewport();
    QCOMPARE(window.tools()->tool(editor::ToolId::Objects),
             static_cast<editor::Tool*>(window.tools()->objects()));
    window.toolAction(editor::ToolId::Objects)->trigger();
    std::optional<core::ObjectRef> target;
    QPoint screen;
    for (const TileCoord t : doc.loadedTiles()) {
        for (const auto& d : doc.tile(t)->doodads) {
            const glm::dvec3 w = core::placementToWorld(core::toDvec(d.position));
            const auto p = view->project(w);
            if (p && core::tileAt(glm::dvec2(w)) == t && p->x() > 20 && p->y() > 20 &&
                p->x() < view->width() - 20 && p->y() < view->height() - 20 && view->pick(p->toPoint())) {
                target = core::ObjectRef{t, ObjectKind::Doodad, d.uniqueId};
                screen = p->toPoint();
            }
        }
    }
    QVERIFY2(target, "no demo marker on screen");
    QWindow* w = view->renderWindow();
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, screen);
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, screen);
    QCOMPARE(window.tools()->objects()->selection(), std::vector<core::ObjectRef>{*target});
    QCOMPARE(view->selectedObjects(), std::vector<core::ObjectRef>{*target});
    QVERIFY(view->selectionHandleLines() > 12); // box + handles + ring
    auto* panel = window.findChild<widgets::ObjectPropertiesPanel*>();
    QVERIFY(panel);
    QCOMPARE(panel->object(), target);
    const QImage shot = window.grabWithViewport();
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    QVERIFY(shot.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/object_selected.png")));

    const int steps = doc.undoStack()->count();
    QCOMPARE(window.tools()->deleteSelectedObjects(), 1);
    QVERIFY(!core::findObject(doc, *target));
    QVERIFY(window.tools()->objects()->selection().empty());
    QCOMPARE(view->selectionHandleLines(), 0);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    doc.undoStack()->undo();
    QVERIFY(core::findObject(doc, *target));
}

void TestObjectTool::handleMath() {
    // A ray looking down at (10, 5) hits the north axis through the origin at t = 10.
    const editor::Ray down{{10.0, 5.0, 50.0}, {0.0, 0.0, -1.0}};
    QCOMPARE(*editor::axisParameter(down, glm::dvec3(0.0), {1.0, 0.0, 0.0}), 10.0);
    QVERIFY(!editor::axisParameter(down, glm::dvec3(0.0), {0.0, 0.0, 1.0})); // parallel
    // The ring's plane is hit north-west of the centre: 45 degrees from north towards west.
    QVERIFY(std::abs(*editor::ringAngle(down, {5.0, 0.0, 0.0}) - 45.0) < 1e-9);
    const editor::Ray up{{0.0, 0.0, -10.0}, {0.0, 0.0, -1.0}};
    QVERIFY(!editor::ringAngle(up, glm::dvec3(0.0))); // the plane is behind the ray

    // Seen from above (screen x = world y * 10, screen y = world x * -10): the axes and the ring.
    editor::ObjectHandles h;
    h.position = glm::dvec3(0.0);
    h.reach = 5.0;
    const editor::Projector top = [](glm::dvec3 w) {
        return std::optional(glm::dvec2(w.y * 10.0, -w.x * 10.0));
    };
    QCOMPARE(editor::hitHandle(h, {2.0, -30.0}, top), std::optional(editor::HandleKind::North));
    QCOMPARE(editor::hitHandle(h, {30.0, 3.0}, top), std::optional(editor::HandleKind::West));
    QCOMPARE(editor::hitHandle(h, {-35.4, 35.4}, top), std::optional(editor::HandleKind::Ring));
    QVERIFY(!editor::hitHandle(h, {-20.0, 20.0}, top));
    // Where the axes meet, the press is for the body.
    QVERIFY(!editor::hitHandle(h, {3.0, -4.0}, top));
    // A body 2 yd (20 px) across is small: the north axis inside its screen box is left to it, the
    // part beyond still grips. A 10 yd (100 px) body leaves its handles their whole length.
    const auto worldBox = [](double half) {
        const glm::dvec3 a = core::worldToPlacement(glm::dvec3(-half));
        const glm::dvec3 b = core::worldToPlacement(glm::dvec3(half));
        return core::Box3{glm::min(a, b), glm::max(a, b)};
    };
    h.box = worldBox(1.0);
    const auto body = editor::bodyScreenBox(h, top);
    QVERIFY(body);
    QVERIFY(std::abs(body->min.x + 10.0) < 1e-6 && std::abs(body->max.y - 10.0) < 1e-6);
    QVERIFY(!editor::hitHandle(h, {0.0, -9.0}, top)); // inside the box, on the north axis
    QCOMPARE(editor::hitHandle(h, {0.0, -30.0}, top), std::optional(editor::HandleKind::North));
    h.box = worldBox(5.0);
    QCOMPARE(editor::hitHandle(h, {0.0, -12.0}, top), std::optional(editor::HandleKind::North));
}

void TestObjectTool::handleDragsMoveAlongAnAxisAndTurn() {
    Scene s;
    editor::ObjectTool tool;
    tool.setSelection({s.lamp});
    const glm::dvec3 p = worldPosition(*s.doc, s.lamp);
    const auto downAt = [](glm::dvec2 xy) { return editor::Ray{{xy, 500.0}, {0.0, 0.0, -1.0}}; };
    const int steps = s.doc->undoStack()->count();
    QVERIFY(
        tool.beginHandle(*s.doc, editor::HandleKind::North, downAt(glm::dvec2(p) + glm::dvec2(2.0, 3.0))));
    tool.dragHandle(downAt(glm::dvec2(p) + glm::dvec2(9.0, -4.0)));
    tool.end();
    QCOMPARE(s.doc->undoStack()->count(), steps + 1);
    const glm::dvec3 moved = worldPosition(*s.doc, tool.selection().front());
    QVERIFY(glm::distance(moved, p + glm::dvec3(7.0, 0.0, 0.0)) < 0.01); // along north only, same height

    const float heading = core::findObject(*s.doc, tool.selection().front())->doodad.rotation.y;
    QVERIFY(
        tool.beginHandle(*s.doc, editor::HandleKind::Ring, downAt(glm::dvec2(moved) + glm::dvec2(4.0, 0.0))));
    tool.dragHandle(downAt(glm::dvec2(moved) + glm::dvec2(0.0, 4.0)));
    tool.end();
    const float turned = core::findObject(*s.doc, tool.selection().front())->doodad.rotation.y;
    QVERIFY(std::abs(std::remainder(turned - heading - 90.0, 360.0)) < 0.01);
    tool.setSelection({});
    QVERIFY(!tool.beginHandle(*s.doc, editor::HandleKind::Up, downAt(glm::dvec2(p))));
}

void TestObjectTool::mainWindowDragsTheNorthHandle() {
    editor::MainWindow window;
    const auto first = showDemoFirstDoodad(window);
    QVERIFY(first);
    core::MapDocument& doc = *window.document();
    const core::ObjectRef ref = *first;
    const glm::dvec3 start = worldPosition(doc, ref);
    editor::TerrainViewport* view = window.viewport();
    const editor::CameraPose pose = editor::poseLookingAt(start, 60.0, -35.0, 40.0);
    view->setCamera(pose.position, pose.yaw, pose.pitch);
    window.toolAction(editor::ToolId::Objects)->trigger();
    window.tools()->objects()->setSelection({ref});
    const auto grip = view->handleScreenPoint(editor::HandleKind::North);
    QVERIFY(grip);
    const QPoint a = grip->toPoint();
    const QPoint b = a + QPoint(-40, -25);
    const int steps = doc.undoStack()->count();
    QWindow* w = view->renderWindow();
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, a);
    QTest::mouseMove(w, b);
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, b);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    const glm::dvec3 moved = worldPosition(doc, window.tools()->objects()->selection().front());
    QVERIFY2(std::abs(moved.x - start.x) > 1.0, "the object did not move north or south");
    QVERIFY(std::abs(moved.y - start.y) < 1e-3);
    QVERIFY(std::abs(moved.z - start.z) < 1e-3);
    const QImage shot = view->grabFrame();
    QVERIFY(shot.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/object_handles.png")));
}

void TestObjectTool::smallObjectMovesByItsBody() {
    // Issue 19 item 5: far away, a marker is a 12-pixel box; a press in its middle must grip the body
    // (a move over the ground), not the north handle whose lines cross it.
    editor::MainWindow window;
    const auto first = showDemoFirstDoodad(window);
    QVERIFY(first);
    core::MapDocument& doc = *window.document();
    const core::ObjectRef ref = *first;
    const glm::dvec3 start = worldPosition(doc, ref);
    editor::TerrainViewport* view = window.viewport();
    window.toolAction(editor::ToolId::Objects)->trigger();
    window.tools()->objects()->setSelection({ref});
    const auto handles = editor::objectHandles(doc, ref, window.objectBounds());
    QVERIFY(handles);
    const editor::Projector project = [view](glm::dvec3 w) -> std::optional<glm::dvec2> {
        const auto p = view->project(w);
        return p ? std::optional(glm::dvec2(p->x(), p->y())) : std::nullopt;
    };
    // Back the camera off until the body's screen box is about 12 pixels across.
    std::optional<editor::ScreenBox> box;
    for (double distance = 40.0; distance < 2000.0; distance *= 1.05) {
        const editor::CameraPose pose = editor::poseLookingAt(start, 60.0, -35.0, distance);
        view->setCamera(pose.position, pose.yaw, pose.pitch);
        box = editor::bodyScreenBox(*handles, project);
        QVERIFY(box);
        if (std::max(box->max.x - box->min.x, box->max.y - box->min.y) <= 12.0) {
            break;
        }
    }
    const glm::dvec2 middle = 0.5 * (box->min + box->max);
    QVERIFY2(editor::hitHandle(*handles, middle, project) != editor::HandleKind::North,
             "the north handle wins in the middle of a small box");

    QSignalSpy handlePressed(view, &editor::TerrainViewport::handlePressed);
    const QPoint a(int(std::floor(middle.x)), int(std::floor(middle.y)));
    const QPoint b = a + QPoint(30, 0); // screen right at yaw 60: south-west and west on the ground
    const int steps = doc.undoStack()->count();
    QWindow* w = view->renderWindow();
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, a);
    QTest::mouseMove(w, a + QPoint(10, 0));
    QTest::mouseMove(w, b);
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, b);
    QCOMPARE(handlePressed.count(), 0);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(window.tools()->objects()->selection().size(), std::size_t(1));
    const glm::dvec3 moved = worldPosition(doc, window.tools()->objects()->selection().front());
    // Moved over the ground (both horizontal axes change), following the cursor.
    QVERIFY2(std::abs(moved.y - start.y) > 1.0, "the body did not move west or east");
    QVERIFY2(std::abs(moved.x - start.x) > 1.0, "the body did not move north or south");
    const auto landed = view->project(moved);
    QVERIFY(landed);
    QVERIFY2(std::abs(landed->x() - b.x()) < 8.0,
             qPrintable(QStringLiteral("%1 vs %2").arg(landed->x()).arg(b.x())));
}

void TestObjectTool::groupTurnsAboutItsCentre() {
    Scene s;
    editor::ObjectTool tool;
    tool.setSelection({s.lamp, s.house});
    const glm::dvec3 centre = *core::selectionCentre(*s.doc, {s.lamp, s.house});
    const auto handles = editor::selectionHandles(*s.doc, tool.selection(), {});
    QVERIFY(handles);
    QVERIFY(glm::distance(handles->position, centre) < 1e-9); // the handles sit at the centre
    const glm::dvec3 lamp = worldPosition(*s.doc, s.lamp);
    const glm::dvec3 house = worldPosition(*s.doc, s.house);
    const auto downAt = [](glm::dvec2 xy) { return editor::Ray{{xy, 500.0}, {0.0, 0.0, -1.0}}; };
    const int steps = s.doc->undoStack()->count();
    // The ring a quarter turn anticlockwise: each position goes round the centre, each heading turns.
    QVERIFY(tool.beginHandle(*s.doc, editor::HandleKind::Ring,
                             downAt(glm::dvec2(centre) + glm::dvec2(4.0, 0.0))));
    tool.dragHandle(downAt(glm::dvec2(centre) + glm::dvec2(0.0, 4.0)));
    tool.end();
    QCOMPARE(s.doc->undoStack()->count(), steps + 1);
    const auto turned = [&](glm::dvec3 p, double degrees) {
        const double r = degrees * std::numbers::pi / 180.0;
        const glm::dvec2 d = glm::dvec2(p - centre);
        return glm::dvec2(centre) +
               glm::dvec2(d.x * std::cos(r) - d.y * std::sin(r), d.x * std::sin(r) + d.y * std::cos(r));
    };
    QVERIFY(glm::distance(glm::dvec2(worldPosition(*s.doc, s.lamp)), turned(lamp, 90.0)) < 0.01);
    QVERIFY(glm::distance(glm::dvec2(worldPosition(*s.doc, s.house)), turned(house, 90.0)) < 0.01);
    QVERIFY(std::abs(std::remainder(core::findObject(*s.doc, s.house)->wmo.rotation.y - 90.0, 360.0)) < 0.01);
    s.doc->undoStack()->undo();

    // Shift-drag from the lamp (a member): the same about the centre, a quarter turn clockwise.
    const glm::dvec2 from = glm::dvec2(lamp);
    tool.begin(*s.doc, onGround(*s.doc, from), Qt::ShiftModifier);
    QCOMPARE(tool.selection().size(), std::size_t(2));
    tool.drag(onGround(*s.doc, turned(glm::dvec3(from, 0.0), -45.0)), 1.0);
    tool.drag(onGround(*s.doc, turned(glm::dvec3(from, 0.0), -90.0)), 1.0);
    tool.end();
    QCOMPARE(s.doc->undoStack()->count(), steps + 1); // the undone ring turn was replaced
    QVERIFY(glm::distance(glm::dvec2(worldPosition(*s.doc, s.house)), turned(house, -90.0)) < 0.01);
    QVERIFY(glm::distance(glm::dvec2(worldPosition(*s.doc, s.lamp)), turned(lamp, -90.0)) < 0.01);
}

void TestObjectTool::commandsOnTheSelection() {
    Scene s;
    editor::ToolManager tools;
    tools.setDocument(s.doc.get(), &s.ids);
    tools.select(editor::ToolId::Objects);
    editor::ObjectCommands commands(tools);
    QCOMPARE(commands.copy(), 0); // nothing selected
    QCOMPARE(commands.paste(onGround(*s.doc, inTile(400.0, 400.0))), 0);
    editor::ObjectTool* tool = tools.objects();
    tool->setSelection({s.lamp, s.house});
    QSignalSpy clipboard(&commands, &editor::ObjectCommands::clipboardChanged);
    QCOMPARE(commands.copy(), 2);
    QCOMPARE(clipboard.count(), 1);
    const int steps = s.doc->undoStack()->count();
    QCOMPARE(commands.paste(onGround(*s.doc, inTile(400.0, 400.0))), 2);
    QCOMPARE(s.doc->undoStack()->count(), steps + 1);
    QCOMPARE(tool->selection().size(), std::size_t(2));
    for (const core::ObjectRef& r : tool->selection()) {
        QVERIFY(r.uniqueId != s.lamp.uniqueId && r.uniqueId != s.house.uniqueId);
    }
    QCOMPARE(commands.duplicate(), 2);
    QCOMPARE(s.doc->undoStack()->count(), steps + 2);

    tool->setSelection({s.lamp, s.house});
    QCOMPARE(commands.setDoodadSet(3), 1); // the WMO only
    QCOMPARE(core::findObject(*s.doc, s.house)->wmo.doodadSet, std::uint16_t(3));
    QCOMPARE(tool->selection().size(), std::size_t(2)); // the lamp stays selected
    QCOMPARE(s.doc->undoStack()->count(), steps + 3);
    QCOMPARE(commands.snapToGround(), 2);
    QCOMPARE(commands.alignToSlope(), 2);
    QCOMPARE(s.doc->undoStack()->count(), steps + 5);
    commands.selectNone();
    QVERIFY(tool->selection().empty());
    QCOMPARE(commands.snapToGround(), 0);
    tools.setDocument(nullptr, nullptr);
    QCOMPARE(commands.paste(glm::dvec3(0.0)), 0);
}

QTEST_MAIN(TestObjectTool)
#include "test_object_tool.moc"
