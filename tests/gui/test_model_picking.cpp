// Picking and editing real models in the editor: the corpus rabbit and troll tent in a project folder made
// here (with BLPs at the paths the tent's materials name), a copy of the demo map (hills, lakes, marker
// doodads whose model is nowhere, so they stay stand-in boxes). The tent is
// placed with the object tool; a click on its geometry selects it and the docks name its file, triangles,
// uniqueId and doodad set, while a click through the air inside its box does not; Ctrl-click builds a
// two-object selection, a drag moves both as one undo step, a rubber band selects both; copy/paste puts
// copies with fresh uniqueIds at the cursor and undo removes them, duplicate sits beside; snap to ground
// and align to slope are one undo step each; the saved tiles, read back with the io readers, hold MODF
// extents of the tent's box and MCRF exactly as the objects' bounds ask.

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/edit/object_ground.h"
#include "core/models/model_bounds.h"
#include "core/models/model_mesh.h"
#include "core/models/object_pick.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/object_actions.h"
#include "editor/tools/object_pick.h"
#include "editor/tools/object_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/adt/adt.h"
#include "io/assets/blp.h"
#include "support/test_blp.h"
#include "support/test_files.h"
#include "support/write_file.h"
#include "widgets/info_panel.h"
#include "widgets/object_properties_panel.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <Qt3DExtras/Qt3DWindow>
#include <QtTest>

#include <glm/geometric.hpp>

#include <cmath>
#include <set>

using namespace mapsmith;
using core::ObjectKind;
using core::ObjectRef;
using core::TileCoord;

namespace {

constexpr TileCoord kWest{32, 32};
constexpr TileCoord kEast{33, 32};
const std::string kTent = "World\\wmo\\TrollTent.wmo";
const std::string kRabbit = "World\\Critter\\Rabbit.m2";

bool sameObject(const ObjectRef& a, const ObjectRef& b) {
    return a.kind == b.kind && a.uniqueId == b.uniqueId;
}

std::set<std::uint32_t> idsOf(const std::vector<ObjectRef>& refs) {
    std::set<std::uint32_t> ids;
    for (const ObjectRef& r : refs) {
        ids.insert(r.uniqueId);
    }
    return ids;
}

glm::dvec3 worldOf(const core::MapDocument& doc, const ObjectRef& ref) {
    return core::placementToWorld(core::findObject(doc, ref)->position());
}

// The chunks of a saved tile referencing an object (MCRF) are exactly those its bounds overlap.
bool referencedWhereItStands(TileCoord t, const io::Adt& adt, ObjectKind kind, std::uint32_t uniqueId,
                             const core::ObjectBoundsSettings& bounds) {
    const auto index = core::findEntry(adt, kind, uniqueId);
    if (!index) {
        return false;
    }
    core::Box3 box;
    glm::dvec3 position;
    if (kind == ObjectKind::Doodad) {
        const io::DoodadPlacement& d = adt.doodads[*index];
        box = core::doodadBounds(d, adt.modelNames[d.nameIndex], bounds);
        position = core::toDvec(d.position);
    } else {
        box = core::wmoBounds(adt.mapObjects[*index]);
        position = core::toDvec(adt.mapObjects[*index].position);
    }
    const core::ChunkSpan span = core::referencingChunks(t, box, position);
    int referencing = 0;
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        const auto& refs = kind == ObjectKind::Doodad ? adt.chunks[std::size_t(i)].doodadRefs
                                                      : adt.chunks[std::size_t(i)].mapObjectRefs;
        const bool has = std::find(refs.begin(), refs.end(), *index) != refs.end();
        if (has != span.contains(i / core::kChunksPerSide, i % core::kChunksPerSide)) {
            return false;
        }
        referencing += has ? 1 : 0;
    }
    return referencing > 0;
}

// A window with the project folder as game data and a fresh copy of the map open, the Objects tool current.
struct Session {
    QTemporaryDir dir;
    editor::MainWindow window;
    QString wdt;
    core::MapDocument* doc = nullptr;

    // A copy of the bundled demo map (hills, lakes and marker doodads whose model is nowhere).
    bool start(const QString& project) {
        const QString folder = dir.filePath(QStringLiteral("Demo"));
        QDir().mkpath(folder);
        for (const QString& name : QDir(QStringLiteral(":/demo")).entryList(QDir::Files)) {
            const QString to = folder + QLatin1Char('/') + name;
            if (!QFile::copy(QStringLiteral(":/demo/") + name, to) ||
                !QFile::setPermissions(to, QFileDevice::ReadOwner | QFileDevice::WriteOwner)) {
                return false;
            }
        }
        wdt = folder + QStringLiteral("/Mapsmith.wdt");
        window.show();
        window.activateWindow(); // the Edit menu's keys reach the window that is active
        if (!QTest::qWaitForWindowActive(&window) || !window.setAssetFolders({{}, {}, project}) ||
            !window.documents()->open(wdt)) {
            return false;
        }
        window.documents()->loadTilesAround(kWest, 1);
        doc = window.document();
        window.toolAction(editor::ToolId::Objects)->trigger();
        return doc && doc->tile(kWest) && doc->tile(kEast);
    }
    editor::TerrainViewport* view() const { return window.viewport(); }
    QWindow* render() const { return window.viewport()->renderWindow(); }
    editor::ObjectTool* tool() const { return window.tools()->objects(); }
    const core::ObjectBoundsSettings& bounds() const { return window.objectBounds(); }
    int steps() const { return doc->undoStack()->count(); }
    glm::dvec3 ground(glm::dvec2 p) const { return {p, *doc->heightAt(p)}; }
    // The tent's spot: 5 yd west of the border between the tiles (its box reaches into both).
    glm::dvec2 tentSpot() const { return core::tileOrigin(kEast) - glm::dvec2(260.0, -5.0); }
    glm::dvec2 rabbitSpot() const { return tentSpot() + glm::dvec2(-12.0, -24.0); }
    // Looks at `target` from the south-west, 25 degrees down.
    void look(glm::dvec3 target, double distance) {
        const editor::CameraPose pose = editor::poseLookingAt(target, 20.0, -25.0, distance);
        view()->setCamera(pose.position, pose.yaw, pose.pitch);
    }
    ObjectRef add(const std::string& model, glm::dvec2 at, std::uint16_t scale = core::kScaleOne) {
        core::ObjectEditSettings settings;
        settings.bounds = bounds();
        core::ObjectEditor editor(*doc, *window.documents()->ids(), settings);
        return core::kindOfModelName(model) == ObjectKind::Wmo
                   ? *editor.addWmo(model, ground(at))
                   : *editor.addDoodad(model, ground(at), {}, scale);
    }
    std::optional<ObjectRef> pickAt(QPoint p) const {
        return editor::pickObject(*doc, view()->pointerAt(p), bounds());
    }
    // The viewport pixel nearest the middle of `ref`'s box on screen whose ray meets its triangles (not just
    // its box) and picks it.
    std::optional<QPoint> geometryPixel(const ObjectRef& ref) const { return pixelOn(ref, true); }
    // The pixel nearest the middle of its box whose ray crosses the box, meets none of its triangles and no
    // other object, and ends on the ground.
    std::optional<QPoint> airPixel(const ObjectRef& ref) const { return pixelOn(ref, false); }

    void click(QPoint p, Qt::KeyboardModifiers modifiers = Qt::NoModifier) const {
        QTest::mousePress(render(), Qt::LeftButton, modifiers, p);
        QTest::mouseRelease(render(), Qt::LeftButton, modifiers, p);
    }
    void drag(QPoint from, QPoint to, Qt::KeyboardModifiers modifiers = Qt::NoModifier) const {
        QTest::mousePress(render(), Qt::LeftButton, modifiers, from);
        for (int i = 1; i <= 8; ++i) {
            QTest::mouseMove(render(), from + (to - from) * i / 8);
        }
        QTest::mouseRelease(render(), Qt::LeftButton, modifiers, to);
    }

private:
    std::optional<QPoint> pixelOn(const ObjectRef& ref, bool geometry) const {
        const auto state = core::findObject(*doc, ref);
        const auto handles = editor::objectHandles(*doc, ref, bounds());
        const editor::Projector project = [this](glm::dvec3 w) -> std::optional<glm::dvec2> {
            const auto p = view()->project(w);
            return p ? std::optional(glm::dvec2(p->x(), p->y())) : std::nullopt;
        };
        const auto box = editor::bodyScreenBox(*handles, project);
        if (!state || !box) {
            return std::nullopt;
        }
        const glm::dvec2 middle = 0.5 * (box->min + box->max);
        std::optional<QPoint> best;
        double bestDistance = 1e9;
        const int step = std::max(1, int((box->max.x - box->min.x) / 80.0));
        for (int y = std::max(2, int(box->min.y)); y < std::min(int(box->max.y), view()->height() - 2);
             y += step) {
            for (int x = std::max(2, int(box->min.x)); x < std::min(int(box->max.x), view()->width() - 2);
                 x += step) {
                const double distance = glm::distance(glm::dvec2(x, y), middle);
                if (distance >= bestDistance) {
                    continue;
                }
                const editor::PointerEvent e = view()->pointerAt(QPoint(x, y));
                const auto hit = core::rayHitObject(*state, bounds(), e.ray.origin, e.ray.direction);
                const auto picked = editor::pickObject(*doc, e, bounds());
                bool fits = false;
                if (geometry) {
                    fits = hit && !hit->byBox && picked && sameObject(*picked, ref);
                } else {
                    const glm::dvec3 o = core::worldToPlacement(e.ray.origin);
                    const glm::dvec3 d = core::worldToPlacement(e.ray.origin + e.ray.direction) - o;
                    const core::Box3 objectBox =
                        ref.kind == ObjectKind::Wmo
                            ? core::wmoBounds(state->wmo)
                            : core::doodadBounds(state->doodad, state->name, bounds());
                    const bool inBox = core::rayBoxSpan(objectBox, o, d).has_value();
                    fits = inBox && !hit && !picked && e.ground;
                }
                if (fits) {
                    best = QPoint(x, y);
                    bestDistance = distance;
                }
            }
        }
        return best;
    }
};

} // namespace

class TestModelPicking : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void clickSelectsTheTentByItsGeometry();
    void ctrlClickBandAndMoveAsOneStep();
    void copyPasteDuplicateAndUndo();
    void snapAlignAndTheSavedTiles();
    void panelsShowSetsAndCounts();

private:
    QTemporaryDir mDir;
    QString mProject;
};

void TestModelPicking::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
    mProject = mDir.filePath(QStringLiteral("Project"));
    const std::pair<const char*, const char*> files[] = {
        {"models/Rabbit.m2", "World/Critter/Rabbit.m2"},
        {"models/Rabbit00.skin", "World/Critter/Rabbit00.skin"},
        {"models/trolltent.wmo", "World/wmo/TrollTent.wmo"},
        {"models/trolltent_000.wmo", "World/wmo/TrollTent_000.wmo"},
    };
    for (const auto& [from, to] : files) {
        QVERIFY(test::writeFile(mProject + QLatin1Char('/') + QLatin1String(to),
                                tests::readBytes(tests::corpusPath(from))));
    }
    // The tent's textures are not in the corpus: stand-ins at the paths its materials name.
    QVERIFY(test::writeFile(mProject + QStringLiteral("/DUNGEONS/TEXTURES/ROOF/BM_TROLL_KOTOSKIN01.BLP"),
                            test::solidBlp(QColor(170, 120, 70))));
    QVERIFY(test::writeFile(mProject + QStringLiteral("/DUNGEONS/TEXTURES/WOOD/BM_TROLL_SUPPORTS01.BLP"),
                            test::solidBlp(QColor(90, 60, 30))));
    QVERIFY(test::writeFile(mProject + QStringLiteral("/DUNGEONS/TEXTURES/TRIM/BM_TROLL_TRIM01.BLP"),
                            test::solidBlp(QColor(200, 190, 160))));
}

void TestModelPicking::clickSelectsTheTentByItsGeometry() {
    Session s;
    QVERIFY(s.start(mProject));
    QVERIFY(s.bounds().modelMesh);
    const auto mesh = s.bounds().modelMesh(ObjectKind::Wmo, kTent);
    QVERIFY(mesh);
    QCOMPARE(mesh->triangleCount(), std::size_t(1228));

    // Placed with the object tool: the model typed in its settings, a click on the ground.
    s.look(s.ground(s.tentSpot()), 70.0);
    const auto spot = s.view()->project(s.ground(s.tentSpot()));
    QVERIFY(spot);
    auto* placeEdit = s.window.findChild<QLineEdit*>(QStringLiteral("placeModelEdit"));
    QVERIFY(placeEdit);
    placeEdit->setText(QString::fromStdString(kTent));
    const int steps = s.steps();
    s.click(spot->toPoint());
    QCOMPARE(s.steps(), steps + 1);
    QCOMPARE(s.tool()->selection().size(), std::size_t(1));
    const ObjectRef tent = s.tool()->selection().front();
    QCOMPARE(tent.kind, ObjectKind::Wmo);
    placeEdit->clear();
    QCOMPARE(core::tilesHolding(*s.doc, ObjectKind::Wmo, tent.uniqueId),
             (std::vector<TileCoord>{kWest, kEast}));
    // Esc: nothing selected.
    QTest::keyClick(s.render(), Qt::Key_Escape);
    QVERIFY(s.tool()->selection().empty());

    const auto onTent = s.geometryPixel(tent);
    QVERIFY2(onTent, "no pixel of the tent's triangles on screen");
    const auto throughAir = s.airPixel(tent);
    QVERIFY2(throughAir, "no pixel through the air inside the tent's box");
    s.click(*onTent);
    QCOMPARE(s.tool()->selection().size(), std::size_t(1));
    QVERIFY(sameObject(s.tool()->selection().front(), tent));
    QCOMPARE(s.view()->selectedObjects().size(), std::size_t(1));

    // The docks: model, the file read, triangles, uniqueId, the doodad set of MODS.
    auto* panel = s.window.findChild<widgets::ObjectPropertiesPanel*>();
    QVERIFY(panel);
    QVERIFY(panel->object() && sameObject(*panel->object(), tent));
    QCOMPARE(panel->findChild<QLabel*>(QStringLiteral("objectFileValue"))->text(),
             QStringLiteral("World\\wmo\\TrollTent.wmo (WMO)"));
    QCOMPARE(panel->findChild<QLabel*>(QStringLiteral("objectTrianglesValue"))->text(),
             QStringLiteral("1228"));
    QCOMPARE(panel->findChild<QLabel*>(QStringLiteral("uniqueIdValue"))->text(),
             QString::number(tent.uniqueId));
    auto* sets = panel->findChild<QComboBox*>(QStringLiteral("doodadSetCombo"));
    QVERIFY(sets && sets->isVisibleTo(panel) && sets->isEnabled());
    QCOMPARE(sets->count(), 1);
    QCOMPARE(sets->currentText(), QStringLiteral("0: Set_$DefaultGlobal"));
    widgets::InfoPanel* info = s.window.infoPanel();
    QVERIFY(info->selectionShown());
    QCOMPARE(info->findChild<QLabel*>(QStringLiteral("selectionTrianglesValue"))->text(),
             QStringLiteral("1228"));
    QCOMPARE(info->findChild<QLabel*>(QStringLiteral("selectionDoodadSetValue"))->text(),
             QStringLiteral("0: Set_$DefaultGlobal"));
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    QVERIFY(s.window.grabWithViewport().save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/tent_picked.png")));

    // Through the air inside its box: past the tent onto the ground, which clears the selection.
    s.click(*throughAir);
    QVERIFY(s.tool()->selection().empty());
    QVERIFY(!info->selectionShown());
    QCOMPARE(s.steps(), steps + 1); // picking edits nothing
}

void TestModelPicking::ctrlClickBandAndMoveAsOneStep() {
    Session s;
    QVERIFY(s.start(mProject));
    const ObjectRef tent = s.add(kTent, s.tentSpot());
    const ObjectRef rabbit = s.add(kRabbit, s.rabbitSpot(), 3 * core::kScaleOne); // 3x: easier to hit
    s.look(0.5 * (s.ground(s.tentSpot()) + s.ground(s.rabbitSpot())), 75.0);
    const auto onTent = s.geometryPixel(tent);
    const auto onRabbit = s.geometryPixel(rabbit);
    QVERIFY(onTent && onRabbit);

    s.click(*onTent);
    QCOMPARE(idsOf(s.tool()->selection()), (std::set{tent.uniqueId}));
    s.click(*onRabbit, Qt::ControlModifier);
    QCOMPARE(idsOf(s.tool()->selection()), (std::set{tent.uniqueId, rabbit.uniqueId}));
    s.click(*onRabbit, Qt::ControlModifier); // out again
    QCOMPARE(idsOf(s.tool()->selection()), (std::set{tent.uniqueId}));
    s.click(*onRabbit, Qt::ControlModifier);
    QCOMPARE(s.tool()->selection().size(), std::size_t(2));
    auto* panel = s.window.findChild<widgets::ObjectPropertiesPanel*>();
    QCOMPARE(panel->findChild<QLabel*>(QStringLiteral("objectHeading"))->text(),
             QStringLiteral("2 objects selected"));
    QCOMPARE(panel->findChild<QLabel*>(QStringLiteral("objectTrianglesValue"))->text(),
             QStringLiteral("1335 in 2 objects")); // 1228 + 107
    QVERIFY(s.view()->selectionHandleLines() > 2 * 12);

    // A drag from the tent moves both, as one undo step.
    const glm::dvec3 tentBefore = worldOf(*s.doc, tent);
    const glm::dvec3 rabbitBefore = worldOf(*s.doc, rabbit);
    const int steps = s.steps();
    s.drag(*onTent, *onTent + QPoint(60, 15));
    QCOMPARE(s.steps(), steps + 1);
    QCOMPARE(s.tool()->selection().size(), std::size_t(2));
    const glm::dvec3 tentMoved = worldOf(*s.doc, tent);
    const glm::dvec3 rabbitMoved = worldOf(*s.doc, rabbit);
    const glm::dvec2 delta = glm::dvec2(tentMoved - tentBefore);
    QVERIFY2(glm::length(delta) > 3.0, qPrintable(QString::number(glm::length(delta))));
    QVERIFY(glm::distance(glm::dvec2(rabbitMoved - rabbitBefore), delta) < 1e-2);
    // Each stays on the ground under it.
    QVERIFY(std::abs(rabbitMoved.z - *s.doc->heightAt(glm::dvec2(rabbitMoved))) < 0.05);
    QVERIFY(std::abs(tentMoved.z - *s.doc->heightAt(glm::dvec2(tentMoved))) < 0.05);
    s.doc->undoStack()->undo();
    QVERIFY(glm::distance(worldOf(*s.doc, tent), tentBefore) < 1e-3);
    QVERIFY(glm::distance(worldOf(*s.doc, rabbit), rabbitBefore) < 1e-3);

    // A click on one member of the selection selects it alone.
    s.click(*onRabbit);
    QCOMPARE(idsOf(s.tool()->selection()), (std::set{rabbit.uniqueId}));

    // A rubber band from bare ground round both positions selects both.
    const QPointF a = *s.view()->project(worldOf(*s.doc, tent));
    const QPointF b = *s.view()->project(worldOf(*s.doc, rabbit));
    const QPoint lo(int(std::min(a.x(), b.x())) - 30, int(std::min(a.y(), b.y())) - 30);
    const QPoint hi(int(std::max(a.x(), b.x())) + 30, int(std::max(a.y(), b.y())) + 30);
    std::optional<QPoint> from;
    for (const QPoint corner : {lo, QPoint(hi.x(), lo.y()), QPoint(lo.x(), hi.y()), hi}) {
        if (!from && !s.pickAt(corner) && s.view()->rect().contains(corner)) {
            from = corner;
        }
    }
    QVERIFY2(from, "every corner of the band is on an object");
    const QPoint to = lo + hi - *from;
    QTest::mousePress(s.render(), Qt::LeftButton, Qt::NoModifier, *from);
    QTest::mouseMove(s.render(), (*from + to) / 2);
    QTest::mouseMove(s.render(), to);
    QVERIFY(s.view()->rubberBandVisible());
    QVERIFY(s.tool()->band());
    const QImage banded = s.view()->grabFrame();
    QVERIFY(banded.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/rubber_band.png")));
    QTest::mouseRelease(s.render(), Qt::LeftButton, Qt::NoModifier, to);
    QVERIFY(!s.view()->rubberBandVisible());
    QCOMPARE(idsOf(s.tool()->selection()), (std::set{tent.uniqueId, rabbit.uniqueId}));
    QCOMPARE(s.doc->undoStack()->index(), steps); // clicks and the band edit nothing
}

void TestModelPicking::copyPasteDuplicateAndUndo() {
    Session s;
    QVERIFY(s.start(mProject));
    const ObjectRef tent = s.add(kTent, s.tentSpot());
    const ObjectRef rabbit = s.add(kRabbit, s.rabbitSpot());
    s.look(s.ground(s.tentSpot()), 120.0);
    s.tool()->setSelection({tent, rabbit});
    QTest::keyClick(s.render(), Qt::Key_C, Qt::ControlModifier);
    QCOMPARE(s.window.objectActions()->commands()->clipboard().objects.size(), std::size_t(2));

    // The cursor over some ground away from them; Ctrl+V puts the copies there.
    const QPoint cursor(s.view()->width() / 5, s.view()->height() * 3 / 4);
    const auto target = s.view()->pick(cursor);
    QVERIFY(target);
    QTest::mouseMove(s.render(), cursor);
    const int steps = s.steps();
    QTest::keyClick(s.render(), Qt::Key_V, Qt::ControlModifier);
    QCOMPARE(s.steps(), steps + 1);
    const std::vector<ObjectRef> pasted = s.tool()->selection();
    QCOMPARE(pasted.size(), std::size_t(2));
    std::set<std::uint32_t> ids{tent.uniqueId, rabbit.uniqueId};
    for (const ObjectRef& r : pasted) {
        QVERIFY(ids.insert(r.uniqueId).second); // fresh
    }
    QCOMPARE(core::findObject(*s.doc, pasted[0])->name, kTent);
    QCOMPARE(core::findObject(*s.doc, pasted[1])->name, kRabbit);
    const glm::dvec2 centre =
        0.5 * (glm::dvec2(worldOf(*s.doc, pasted[0])) + glm::dvec2(worldOf(*s.doc, pasted[1])));
    QVERIFY2(glm::distance(centre, glm::dvec2(*target)) < 0.01,
             qPrintable(QString::number(glm::distance(centre, glm::dvec2(*target)))));
    const glm::dvec2 apart = glm::dvec2(worldOf(*s.doc, pasted[1]) - worldOf(*s.doc, pasted[0]));
    QVERIFY(glm::distance(apart, glm::dvec2(worldOf(*s.doc, rabbit) - worldOf(*s.doc, tent))) < 0.01);

    // Undo removes both copies at once; the originals stay.
    QTest::keyClick(s.render(), Qt::Key_Z, Qt::ControlModifier);
    QVERIFY(!core::findObject(*s.doc, pasted[0]));
    QVERIFY(!core::findObject(*s.doc, pasted[1]));
    QVERIFY(core::findObject(*s.doc, tent) && core::findObject(*s.doc, rabbit));
    QCOMPARE(s.doc->undoStack()->index(), steps);

    // Ctrl+D: copies 2 yd north and west of the originals, one step.
    s.tool()->setSelection({tent, rabbit});
    QTest::keyClick(s.render(), Qt::Key_D, Qt::ControlModifier);
    const std::vector<ObjectRef> copies = s.tool()->selection();
    QCOMPARE(copies.size(), std::size_t(2));
    QVERIFY(!idsOf(copies).count(tent.uniqueId) && !idsOf(copies).count(rabbit.uniqueId));
    QVERIFY(glm::distance(glm::dvec2(worldOf(*s.doc, copies[0]) - worldOf(*s.doc, tent)),
                          glm::dvec2(2.0, 2.0)) < 0.01);
    QCOMPARE(s.doc->undoStack()->index(), steps + 1);
}

void TestModelPicking::snapAlignAndTheSavedTiles() {
    Session s;
    QVERIFY(s.start(mProject));
    const ObjectRef tent = s.add(kTent, s.tentSpot());
    ObjectRef rabbit = s.add(kRabbit, s.rabbitSpot());
    {
        core::ObjectEditSettings settings;
        settings.bounds = s.bounds();
        core::ObjectEditor editor(*s.doc, *s.window.documents()->ids(), settings);
        rabbit = editor.move({rabbit}, {0.0, 0.0, 5.0}).front(); // floating
        editor.move({tent}, {0.0, 0.0, -3.0});                   // sunk
    }
    s.tool()->setSelection({tent, rabbit});
    int steps = s.steps();
    QTest::keyClick(s.render(), Qt::Key_PageDown);
    QCOMPARE(s.steps(), steps + 1);
    for (const ObjectRef& r : s.tool()->selection()) {
        const glm::dvec3 w = worldOf(*s.doc, r);
        QVERIFY2(std::abs(w.z - *s.doc->heightAt(glm::dvec2(w))) < 1e-3, qPrintable(QString::number(w.z)));
    }
    steps = s.steps();
    QTest::keyClick(s.render(), Qt::Key_PageDown, Qt::ShiftModifier);
    QCOMPARE(s.steps(), steps + 1);
    const auto r = core::findObject(*s.doc, rabbit);
    const glm::dvec3 up = core::placementRotation(r->doodad.rotation) * glm::dvec3(0.0, 0.0, 1.0);
    const glm::dvec3 normal = *core::groundNormal(*s.doc, glm::dvec2(worldOf(*s.doc, rabbit)));
    QVERIFY(glm::distance(up, core::worldToPlacement(normal) - core::worldToPlacement(glm::dvec3(0.0))) <
            1e-4);
    QVERIFY(normal.z < 0.9999); // the hills slope there: the rabbit tilted

    // Saved and read back with the io readers: MODF extents are the tent's box placed, MCRF is what the
    // objects' bounds ask, and each object has one uniqueId in every tile holding it.
    QVERIFY(s.window.documents()->save());
    const auto tentBox = s.bounds().modelBounds(ObjectKind::Wmo, kTent);
    QVERIFY(tentBox);
    std::vector<std::pair<TileCoord, io::Adt>> saved;
    for (const TileCoord t : {kWest, kEast}) {
        const QString path =
            QFileInfo(s.wdt).absolutePath() + QStringLiteral("/Mapsmith_%1_%2.adt").arg(t.x).arg(t.y);
        auto read = io::readAdt(tests::readBytes(path.toStdString()), {false, true});
        QVERIFY(read);
        saved.emplace_back(t, std::move(read->adt));
    }
    for (const auto& [t, adt] : saved) {
        const auto index = core::findEntry(adt, ObjectKind::Wmo, tent.uniqueId);
        QVERIFY2(index, "the tent crosses the border: both tiles hold it");
        const io::MapObjectPlacement& w = adt.mapObjects[*index];
        QCOMPARE(adt.wmoNames[w.nameIndex], kTent);
        const core::Box3 want =
            core::transformBox(*tentBox, core::placementRotation(w.rotation), core::toDvec(w.position));
        QVERIFY(glm::distance(core::toDvec(w.extentsMin), want.min) < 0.01);
        QVERIFY(glm::distance(core::toDvec(w.extentsMax), want.max) < 0.01);
        QVERIFY(referencedWhereItStands(t, adt, ObjectKind::Wmo, tent.uniqueId, s.bounds()));
        if (core::findEntry(adt, ObjectKind::Doodad, rabbit.uniqueId)) {
            QVERIFY(referencedWhereItStands(t, adt, ObjectKind::Doodad, rabbit.uniqueId, s.bounds()));
        }
    }
    QVERIFY(core::findEntry(saved.back().second, ObjectKind::Doodad, rabbit.uniqueId)); // east of the border
    std::vector<std::pair<TileCoord, const io::Adt*>> tiles;
    for (const auto& [t, adt] : saved) {
        tiles.emplace_back(t, &adt);
    }
    QVERIFY(core::findDuplicateIds(tiles).empty());
}

void TestModelPicking::panelsShowSetsAndCounts() {
    // One WMO whose model has three doodad sets: the combo offers them, a choice asks for its index.
    core::SelectionInfo info;
    core::SelectedObject inn;
    inn.ref = ObjectRef{kWest, ObjectKind::Wmo, 77};
    inn.state.kind = ObjectKind::Wmo;
    inn.state.name = "World\\wmo\\Inn.wmo";
    inn.state.wmo.uniqueId = 77;
    inn.state.wmo.doodadSet = 1;
    inn.format = core::ModelFormat::Wmo;
    inn.file = inn.state.name;
    inn.triangles = 5000;
    inn.doodadSets = {"Set_$DefaultGlobal", "Set_Inn", "Set_Party"};
    info.objects = {inn};
    info.kind = ObjectKind::Wmo;
    info.model = inn.state.name;
    info.rotation = io::Vec3f{};
    info.doodadSet = 1;
    info.triangles = 5000;
    widgets::ObjectPropertiesPanel panel;
    panel.showSelection(info);
    auto* combo = panel.findChild<QComboBox*>(QStringLiteral("doodadSetCombo"));
    QCOMPARE(combo->count(), 3);
    QCOMPARE(combo->currentText(), QStringLiteral("1: Set_Inn"));
    QSignalSpy asked(&panel, &widgets::ObjectPropertiesPanel::doodadSetRequested);
    combo->activated(2);
    QCOMPARE(asked.count(), 1);
    QCOMPARE(asked.at(0).at(0).value<std::uint16_t>(), std::uint16_t(2));

    // A missing model: its problem instead of a file; no mesh.
    core::SelectedObject ghost;
    ghost.ref = ObjectRef{kWest, ObjectKind::Doodad, 78};
    ghost.state.name = "World\\Ghost.m2";
    ghost.state.doodad.uniqueId = 78;
    ghost.state.doodad.scale = 2048;
    ghost.problem = "not found in the game data: World\\Ghost.m2";
    core::SelectionInfo lost;
    lost.objects = {ghost};
    lost.kind = ObjectKind::Doodad;
    lost.model = ghost.state.name;
    lost.scale = 2.0;
    lost.rotation = io::Vec3f{};
    panel.showSelection(lost);
    QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("objectFileValue"))->text(),
             QStringLiteral("not found in the game data: World\\Ghost.m2"));
    QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("objectTrianglesValue"))->text(),
             QStringLiteral("— (no mesh)"));
    QVERIFY(!combo->isVisibleTo(&panel));

    // Both: a count, mixed rotation and scale (not editable), the ids listed.
    core::SelectionInfo both;
    both.objects = {inn, ghost};
    both.triangles = 5000;
    panel.showSelection(both);
    QCOMPARE(panel.shownCount(), 2);
    QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("objectHeading"))->text(),
             QStringLiteral("2 objects selected"));
    QCOMPARE(panel.findChild<QLabel*>(QStringLiteral("uniqueIdValue"))->text(), QStringLiteral("77, 78"));
    auto* heading = panel.findChild<QDoubleSpinBox*>(QStringLiteral("rotationYSpin"));
    QVERIFY(!heading->isEnabled());
    QCOMPARE(heading->text(), QStringLiteral("mixed"));
    QVERIFY(panel.findChild<QDoubleSpinBox*>(QStringLiteral("positionXSpin"))->isEnabled());
}

QTEST_MAIN(TestModelPicking)
#include "test_model_picking.moc"
