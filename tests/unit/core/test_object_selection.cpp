// Editing several objects as one: a group turns about its centre, per-object transforms are one undo step,
// snap to ground puts each position on the terrain, align to slope turns each up axis onto the terrain's
// normal keeping the heading, copies paste with fresh uniqueIds and their places relative to each other
// (as high above the ground as the originals) as one undo step, duplicates sit beside the originals, a WMO's
// doodad set changes through the edit path, and the docks' description of a selection reads the corpus
// rabbit and tent through the game data.

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_clipboard.h"
#include "core/edit/object_edit.h"
#include "core/edit/object_ground.h"
#include "core/edit/object_group.h"
#include "core/models/model_library.h"
#include "core/models/selection_info.h"
#include "support/memory_asset_source.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <glm/geometric.hpp>

#include <cmath>
#include <set>

using namespace mapsmith;
using core::ObjectKind;
using core::ObjectRef;
using core::TileCoord;

namespace {

constexpr TileCoord kTile{32, 32};

glm::dvec2 inTile(double north, double west) {
    return core::tileOrigin(kTile) - glm::dvec2(north, west);
}

glm::dvec3 worldOf(const core::MapDocument& doc, const ObjectRef& ref) {
    return core::placementToWorld(core::findObject(doc, ref)->position());
}

io::Vec3f rotationOf(const core::MapDocument& doc, const ObjectRef& ref) {
    const auto s = core::findObject(doc, ref);
    return s->kind == ObjectKind::Doodad ? s->doodad.rotation : s->wmo.rotation;
}

// The chunks of each tile referencing `ref` (MCRF) are exactly those its box overlaps.
bool referencedWhereItStands(const core::MapDocument& doc, const ObjectRef& ref,
                             const core::ObjectBoundsSettings& bounds) {
    const auto s = core::findObject(doc, ref);
    const core::Box3 box = s->kind == ObjectKind::Doodad ? core::doodadBounds(s->doodad, s->name, bounds)
                                                         : core::wmoBounds(s->wmo);
    for (const TileCoord t : core::tilesHolding(doc, ref.kind, ref.uniqueId)) {
        const io::Adt& adt = *doc.tile(t);
        const std::uint32_t index = *core::findEntry(adt, ref.kind, ref.uniqueId);
        const core::ChunkSpan span = core::referencingChunks(t, box, s->position());
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            const auto& refs = ref.kind == ObjectKind::Doodad ? adt.chunks[std::size_t(i)].doodadRefs
                                                              : adt.chunks[std::size_t(i)].mapObjectRefs;
            const bool has = std::find(refs.begin(), refs.end(), index) != refs.end();
            if (has != span.contains(i / core::kChunksPerSide, i % core::kChunksPerSide)) {
                return false;
            }
        }
    }
    return true;
}

struct Scene {
    std::unique_ptr<core::MapDocument> doc = tests::hillsMap({kTile});
    core::UniqueIdAllocator ids;
    core::ObjectEditor editor{*doc, ids};
    Scene() { ids.attach(*doc); }
    glm::dvec3 ground(glm::dvec2 p, double above = 0.0) const { return {p, *doc->heightAt(p) + above}; }
    int steps() const { return doc->undoStack()->count(); }
};

// A point on the hills where the ground slopes by at least `minSlope` (rise per yard).
glm::dvec2 slopedPoint(const core::MapDocument& doc, double minSlope) {
    for (double north = 50.0; north < 500.0; north += 7.0) {
        for (double west = 50.0; west < 500.0; west += 7.0) {
            const glm::dvec2 p = inTile(north, west);
            const auto n = core::groundNormal(doc, p);
            if (n && std::sqrt(1.0 - n->z * n->z) / n->z >= minSlope) {
                return p;
            }
        }
    }
    return inTile(200.0, 200.0);
}

} // namespace

class TestObjectSelection : public QObject {
    Q_OBJECT
private slots:
    void groupTurnsAboutItsCentre();
    void snapToGroundIsOneStep();
    void rotationWithUpFollowsTheNormal();
    void alignToSlopeKeepsTheHeading();
    void copyPasteGivesFreshIdsAsOneStep();
    void duplicateSitsBesideTheOriginals();
    void doodadSetThroughTheEditPath();
    void describesTheCorpusModels();
};

void TestObjectSelection::groupTurnsAboutItsCentre() {
    Scene s;
    const ObjectRef a = *s.editor.addDoodad("World\\A.m2", s.ground(inTile(200.0, 200.0)));
    const ObjectRef b = *s.editor.addDoodad("World\\B.m2", s.ground(inTile(200.0, 220.0)));
    const auto centre = core::selectionCentre(*s.doc, {a, b});
    QVERIFY(centre);
    const glm::dvec3 pa = worldOf(*s.doc, a);
    const glm::dvec3 pb = worldOf(*s.doc, b);
    QVERIFY(glm::distance(*centre, 0.5 * (pa + pb)) < 1e-3);
    const int steps = s.steps();
    const glm::dvec3 pivot = *centre;
    const auto after = s.editor.transformEach(
        {a, b}, [pivot](const core::ObjectState& o) { return core::turnedAbout(o, pivot, 90.0); },
        QStringLiteral("Rotate objects"));
    QCOMPARE(after.size(), std::size_t(2));
    QCOMPARE(s.steps(), steps + 1);
    // A quarter turn anticlockwise seen from above (inTile's second number grows eastwards): a, 10 yd west
    // of the centre, goes 10 yd south of it; b from the east to the north.
    const glm::dvec3 na = worldOf(*s.doc, after[0]);
    const glm::dvec3 nb = worldOf(*s.doc, after[1]);
    QVERIFY(glm::distance(glm::dvec2(pa) - glm::dvec2(*centre), glm::dvec2(0.0, 10.0)) < 1e-2);
    QVERIFY(glm::distance(glm::dvec2(na), glm::dvec2(*centre) + glm::dvec2(-10.0, 0.0)) < 1e-2);
    QVERIFY(glm::distance(glm::dvec2(nb), glm::dvec2(*centre) + glm::dvec2(10.0, 0.0)) < 1e-2);
    QCOMPARE(na.z, pa.z);
    QVERIFY(std::abs(std::remainder(double(rotationOf(*s.doc, after[0]).y) - 90.0, 360.0)) < 1e-3);
    s.doc->undoStack()->undo();
    QVERIFY(glm::distance(worldOf(*s.doc, a), pa) < 1e-3);
}

void TestObjectSelection::snapToGroundIsOneStep() {
    Scene s;
    const glm::dvec2 p = inTile(100.0, 100.0);
    const glm::dvec2 q = inTile(300.0, 150.0);
    const ObjectRef high = *s.editor.addDoodad("World\\A.m2", s.ground(p, 12.0));
    const ObjectRef low = *s.editor.addWmo("World\\wmo\\Hut.wmo", s.ground(q, -7.5));
    const int steps = s.steps();
    const auto after = core::snapToGround(s.editor, *s.doc, {high, low});
    QCOMPARE(s.steps(), steps + 1);
    QCOMPARE(s.doc->undoStack()->text(s.steps() - 1), QStringLiteral("Snap to ground"));
    for (const ObjectRef& ref : after) {
        const glm::dvec3 w = worldOf(*s.doc, ref);
        QVERIFY2(std::abs(w.z - *s.doc->heightAt(glm::dvec2(w))) < 1e-3, qPrintable(QString::number(w.z)));
        QVERIFY(referencedWhereItStands(*s.doc, ref, {}));
    }
    // The WMO's extents came along.
    const auto hut = core::findObject(*s.doc, after[1]);
    QVERIFY(std::abs(double(hut->wmo.extentsMin.y) - (hut->wmo.position.y - 10.0)) < 1e-3);
    s.doc->undoStack()->undo();
    QVERIFY(std::abs(worldOf(*s.doc, high).z - (*s.doc->heightAt(p) + 12.0)) < 1e-3);
}

void TestObjectSelection::rotationWithUpFollowsTheNormal() {
    for (const float heading : {0.0f, 37.0f, 180.0f, 301.5f}) {
        for (const glm::dvec3 n : {glm::dvec3(0.0, 0.0, 1.0), glm::dvec3(0.3, 0.0, 1.0),
                                   glm::dvec3(0.0, -0.4, 1.0), glm::dvec3(-0.5, 0.6, 1.0)}) {
            const glm::dvec3 up = glm::normalize(n);
            const io::Vec3f r = core::rotationWithUp({12.0f, heading, -5.0f}, up);
            QCOMPARE(r.y, heading);
            const glm::dvec3 got = core::placementRotation(r) * glm::dvec3(0.0, 0.0, 1.0);
            const glm::dvec3 want = core::worldToPlacement(up) - core::worldToPlacement(glm::dvec3(0.0));
            QVERIFY2(
                glm::distance(got, want) < 1e-5,
                qPrintable(
                    QStringLiteral("heading %1: %2 %3 %4").arg(heading).arg(got.x).arg(got.y).arg(got.z)));
        }
    }
    // Level ground: no tilt.
    const io::Vec3f flat = core::rotationWithUp({12.0f, 90.0f, -5.0f}, {0.0, 0.0, 1.0});
    QVERIFY(std::abs(flat.x) < 1e-4 && std::abs(flat.z) < 1e-4);
}

void TestObjectSelection::alignToSlopeKeepsTheHeading() {
    Scene s;
    const glm::dvec2 p = slopedPoint(*s.doc, 0.15);
    const auto normal = core::groundNormal(*s.doc, p);
    QVERIFY(normal);
    QVERIFY2(normal->z < 0.99, "no slope found on the hills");
    const ObjectRef tree = *s.editor.addDoodad("World\\Tree.m2", s.ground(p), {0.0f, 123.0f, 0.0f});
    const int steps = s.steps();
    const auto after = core::alignToSlope(s.editor, *s.doc, {tree});
    QCOMPARE(s.steps(), steps + 1);
    const io::Vec3f r = rotationOf(*s.doc, after.front());
    QCOMPARE(r.y, 123.0f);
    const glm::dvec3 up = core::placementRotation(r) * glm::dvec3(0.0, 0.0, 1.0);
    const glm::dvec3 want = core::worldToPlacement(*normal) - core::worldToPlacement(glm::dvec3(0.0));
    QVERIFY(glm::distance(up, want) < 1e-4);
    QVERIFY(glm::distance(worldOf(*s.doc, after.front()), s.ground(p)) < 1e-3); // it did not move
    // The normal is the ground's: a step along the slope's fall line goes down.
    const glm::dvec2 downhill = glm::normalize(glm::dvec2(*normal));
    QVERIFY(*s.doc->heightAt(p + downhill) < *s.doc->heightAt(p));
}

void TestObjectSelection::copyPasteGivesFreshIdsAsOneStep() {
    Scene s;
    const glm::dvec2 p = inTile(150.0, 150.0);
    const ObjectRef lamp =
        *s.editor.addDoodad("World\\Lamp.m2", s.ground(p, 1.5), {0.0f, 45.0f, 0.0f}, 2048, 0x4);
    const ObjectRef hut = *s.editor.addWmo("World\\wmo\\Hut.wmo", s.ground(p + glm::dvec2(10.0, -6.0)),
                                           {0.0f, 10.0f, 0.0f}, std::nullopt, 2, 1, 0x2);
    const core::ObjectClipboard clip = core::copyObjects(*s.doc, {lamp, hut, lamp});
    QCOMPARE(clip.objects.size(), std::size_t(2));
    QVERIFY(glm::distance(clip.anchor, 0.5 * (worldOf(*s.doc, lamp) + worldOf(*s.doc, hut))) < 1e-3);

    const glm::dvec2 target = inTile(400.0, 380.0);
    const int steps = s.steps();
    const auto pasted = core::pasteObjects(s.editor, *s.doc, clip, s.ground(target));
    QCOMPARE(pasted.size(), std::size_t(2));
    QCOMPARE(s.steps(), steps + 1);
    std::set<std::uint32_t> ids{lamp.uniqueId, hut.uniqueId};
    for (const ObjectRef& ref : pasted) {
        QVERIFY(ids.insert(ref.uniqueId).second); // fresh
        QVERIFY(referencedWhereItStands(*s.doc, ref, {}));
    }
    const auto newLamp = core::findObject(*s.doc, pasted[0]);
    const auto newHut = core::findObject(*s.doc, pasted[1]);
    QCOMPARE(newLamp->name, std::string("World\\Lamp.m2"));
    QCOMPARE(newLamp->doodad.rotation.y, 45.0f);
    QCOMPARE(newLamp->doodad.scale, std::uint16_t(2048));
    QCOMPARE(newLamp->doodad.flags, std::uint16_t(0x4));
    QCOMPARE(newHut->wmo.doodadSet, std::uint16_t(2));
    QCOMPARE(newHut->wmo.nameSet, std::uint16_t(1));
    QCOMPARE(newHut->wmo.flags, std::uint16_t(0x2));
    // Where they were relative to each other; each as high above the ground as before.
    const glm::dvec3 l = worldOf(*s.doc, pasted[0]);
    const glm::dvec3 h = worldOf(*s.doc, pasted[1]);
    QVERIFY(glm::distance(glm::dvec2(h) - glm::dvec2(l), glm::dvec2(10.0, -6.0)) < 1e-3);
    QVERIFY(glm::distance(0.5 * (glm::dvec2(l) + glm::dvec2(h)), target) < 1e-3);
    QVERIFY(std::abs(l.z - (*s.doc->heightAt(glm::dvec2(l)) + 1.5)) < 1e-3);
    QVERIFY(std::abs(h.z - *s.doc->heightAt(glm::dvec2(h))) < 1e-3);
    // The extents moved with the hut.
    const auto oldHut = core::findObject(*s.doc, hut);
    const glm::dvec3 moved = core::toDvec(newHut->wmo.position) - core::toDvec(oldHut->wmo.position);
    QVERIFY(glm::distance(core::toDvec(newHut->wmo.extentsMax),
                          core::toDvec(oldHut->wmo.extentsMax) + moved) < 1e-2);

    s.doc->undoStack()->undo();
    QVERIFY(!core::findObject(*s.doc, pasted[0]));
    QVERIFY(!core::findObject(*s.doc, pasted[1]));
    QVERIFY(core::findObject(*s.doc, lamp));
    // Nothing on a loaded tile: nothing added, no step.
    const int before = s.steps();
    QVERIFY(core::pasteObjects(s.editor, *s.doc, clip, glm::dvec3(5000.0, 5000.0, 0.0)).empty());
    QCOMPARE(s.steps(), before);
}

void TestObjectSelection::duplicateSitsBesideTheOriginals() {
    Scene s;
    const ObjectRef lamp = *s.editor.addDoodad("World\\Lamp.m2", s.ground(inTile(150.0, 150.0)));
    const core::ObjectClipboard clip = core::copyObjects(*s.doc, {lamp});
    const auto copies = core::pasteObjects(s.editor, *s.doc, clip, clip.anchor + core::kDuplicateOffset,
                                           QStringLiteral("Duplicate objects"));
    QCOMPARE(copies.size(), std::size_t(1));
    const glm::dvec3 a = worldOf(*s.doc, lamp);
    const glm::dvec3 b = worldOf(*s.doc, copies.front());
    QVERIFY(glm::distance(glm::dvec2(b - a), glm::dvec2(core::kDuplicateOffset)) < 1e-3);
    QVERIFY(std::abs(b.z - *s.doc->heightAt(glm::dvec2(b))) < 1e-3);
    QCOMPARE(s.doc->undoStack()->text(s.steps() - 1), QStringLiteral("Duplicate objects"));
}

void TestObjectSelection::doodadSetThroughTheEditPath() {
    Scene s;
    const ObjectRef hut = *s.editor.addWmo("World\\wmo\\Hut.wmo", s.ground(inTile(150.0, 150.0)));
    const ObjectRef lamp = *s.editor.addDoodad("World\\Lamp.m2", s.ground(inTile(160.0, 150.0)));
    const auto bytesBefore = io::writeAdt(*s.doc->tile(kTile));
    core::ObjectTransform set;
    set.doodadSet = 3;
    const int steps = s.steps();
    s.editor.transform({hut, lamp}, set, QStringLiteral("Doodad set"));
    QCOMPARE(s.steps(), steps + 1);
    QCOMPARE(core::findObject(*s.doc, hut)->wmo.doodadSet, std::uint16_t(3));
    QCOMPARE(core::findObject(*s.doc, lamp)->doodad.rotation, io::Vec3f{}); // a doodad has none: unchanged
    s.doc->undoStack()->undo();
    QCOMPARE(core::findObject(*s.doc, hut)->wmo.doodadSet, std::uint16_t(0));
    QVERIFY(io::writeAdt(*s.doc->tile(kTile)) == bytesBefore);
}

void TestObjectSelection::describesTheCorpusModels() {
    Scene s;
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\Critter\\Rabbit.m2", tests::readBytes(tests::corpusPath("models/Rabbit.m2")));
    source->add("World\\Critter\\Rabbit00.skin", tests::readBytes(tests::corpusPath("models/Rabbit00.skin")));
    source->add("World\\wmo\\TrollTent.wmo", tests::readBytes(tests::corpusPath("models/trolltent.wmo")));
    source->add("World\\wmo\\TrollTent_000.wmo",
                tests::readBytes(tests::corpusPath("models/trolltent_000.wmo")));
    auto library = std::make_shared<core::ModelLibrary>(source);
    const ObjectRef rabbit = *s.editor.addDoodad("World\\Critter\\Rabbit.mdx", s.ground(inTile(150.0, 150.0)),
                                                 {0.0f, 30.0f, 0.0f}, 1536);
    const ObjectRef rabbit2 = *s.editor.addDoodad("world/critter/RABBIT.mdx", s.ground(inTile(160.0, 150.0)),
                                                  {0.0f, 30.0f, 0.0f}, 1536);
    const ObjectRef tent = *s.editor.addWmo("World\\wmo\\TrollTent.wmo", s.ground(inTile(180.0, 150.0)));
    const ObjectRef ghost = *s.editor.addDoodad("World\\Ghost.m2", s.ground(inTile(190.0, 150.0)));

    const core::SelectionInfo one = core::describeSelection(*s.doc, {tent}, library.get());
    QCOMPARE(one.objects.size(), std::size_t(1));
    const core::SelectedObject& t = one.objects.front();
    QCOMPARE(t.format, core::ModelFormat::Wmo);
    QCOMPARE(t.file, std::string("World\\wmo\\TrollTent.wmo"));
    QVERIFY2(t.problem.empty(), t.problem.c_str());
    QCOMPARE(t.triangles, std::optional<std::size_t>(1228));
    QCOMPARE(t.doodadSets, std::vector<std::string>{"Set_$DefaultGlobal"});
    QCOMPARE(one.kind, std::optional(ObjectKind::Wmo));
    QCOMPARE(one.doodadSet, std::optional<std::uint16_t>(0));
    QVERIFY(!one.scale);

    // Two rabbits (the .mdx names found as the .m2; spelled apart): shared model, rotation, scale; triangles
    // summed.
    const core::SelectionInfo two = core::describeSelection(*s.doc, {rabbit, rabbit2, rabbit}, library.get());
    QCOMPARE(two.objects.size(), std::size_t(2));
    QCOMPARE(two.objects[0].triangles, std::optional<std::size_t>(107));
    QCOMPARE(two.triangles, std::size_t(214));
    QVERIFY(two.model);
    QCOMPARE(two.scale, std::optional(1.5));
    QCOMPARE(two.rotation, std::optional(io::Vec3f{0.0f, 30.0f, 0.0f}));
    QVERIFY(glm::distance(two.centre, 0.5 * (worldOf(*s.doc, rabbit) + worldOf(*s.doc, rabbit2))) < 1e-3);

    // Mixed: nothing shared but the count; a missing model says why; a deleted object is counted apart.
    s.editor.remove({ghost});
    const core::SelectionInfo mixed = core::describeSelection(*s.doc, {rabbit, tent, ghost}, library.get());
    QCOMPARE(mixed.objects.size(), std::size_t(2));
    QCOMPARE(mixed.missing, std::size_t(1));
    QVERIFY(!mixed.kind && !mixed.model && !mixed.scale && !mixed.doodadSet);
    s.doc->undoStack()->undo();
    const core::SelectionInfo lost = core::describeSelection(*s.doc, {ghost}, library.get());
    QVERIFY2(QString::fromStdString(lost.objects.front().problem).contains(QStringLiteral("Ghost.m2")),
             lost.objects.front().problem.c_str());
    QVERIFY(!lost.objects.front().triangles);
    // Without game data.
    QCOMPARE(core::describeSelection(*s.doc, {tent}, nullptr).objects.front().problem,
             std::string("no game data"));
}

QTEST_GUILESS_MAIN(TestObjectSelection)
#include "test_object_selection.moc"
