// Ray picking of placed objects as plain geometry: the box rejects before the triangles are looked at, a
// triangle is hit where the placement matrix puts it (turned and scaled), a ray through a gap passes the
// object, the nearest of two wins, a tree under a bridge's deck is picked, an object without a mesh is hit
// by its box (a small box inside a larger box-only one wins), the terrain distance limits the pick, and an
// object held by two tiles is one candidate named by its owning tile.

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/models/model_mesh.h"
#include "core/models/object_pick.h"
#include "support/memory_map.h"

#include <QtTest>

#include <glm/geometric.hpp>

#include <cmath>
#include <map>
#include <memory>

using namespace mapsmith;
using core::ObjectKind;
using core::ObjectRef;
using core::TileCoord;

namespace {

constexpr TileCoord kTile{32, 32};

glm::dvec2 inTile(double north, double west) {
    return core::tileOrigin(kTile) - glm::dvec2(north, west);
}

// Adds a quad (two triangles) with corners a, b, c, d (in order round it).
void addQuad(core::ModelMesh& mesh, glm::vec3 a, glm::vec3 b, glm::vec3 c, glm::vec3 d) {
    const auto first = std::uint32_t(mesh.positions.size());
    for (const glm::vec3 p : {a, b, c, d}) {
        mesh.positions.push_back(p);
        mesh.normals.emplace_back(1.0f, 0.0f, 0.0f);
        mesh.uvs.emplace_back(0.0f, 0.0f);
    }
    for (const std::uint32_t i : {0u, 1u, 2u, 0u, 2u, 3u}) {
        mesh.indices.push_back(first + i);
    }
}

// An arch: two panels in the model's x = 0 plane, y in [1, 2] and [-2, -1], z in [0, 4], with a gap between.
std::shared_ptr<core::ModelMesh> archMesh() {
    auto mesh = std::make_shared<core::ModelMesh>();
    addQuad(*mesh, {0, 1, 0}, {0, 2, 0}, {0, 2, 4}, {0, 1, 4});
    addQuad(*mesh, {0, -2, 0}, {0, -1, 0}, {0, -1, 4}, {0, -2, 4});
    mesh->bounds = {glm::dvec3(-0.5, -2.0, 0.0), glm::dvec3(0.5, 2.0, 4.0)};
    return mesh;
}

// A bridge: a deck 20 x 8 yd at z = 10 (model space) on nothing.
std::shared_ptr<core::ModelMesh> bridgeMesh() {
    auto mesh = std::make_shared<core::ModelMesh>();
    addQuad(*mesh, {-10, -4, 10}, {10, -4, 10}, {10, 4, 10}, {-10, 4, 10});
    mesh->bounds = {glm::dvec3(-10.0, -4.0, 0.0), glm::dvec3(10.0, 4.0, 10.5)};
    return mesh;
}

// A panel far outside the box its model declares (the box must reject it).
std::shared_ptr<core::ModelMesh> strayMesh() {
    auto mesh = std::make_shared<core::ModelMesh>();
    addQuad(*mesh, {0, -1, 20}, {0, 1, 20}, {0, 1, 24}, {0, -1, 24});
    mesh->bounds = {glm::dvec3(-1.0), glm::dvec3(1.0)};
    return mesh;
}

// Models by name: their box (model space) and mesh (null: none).
struct Models {
    std::map<std::string, std::pair<core::Box3, std::shared_ptr<const core::ModelMesh>>> byName;
    core::ObjectBoundsSettings settings() const {
        core::ObjectBoundsSettings s;
        s.modelBounds = [this](ObjectKind, const std::string& name) -> std::optional<core::Box3> {
            const auto it = byName.find(name);
            return it == byName.end() ? std::nullopt : std::optional(it->second.first);
        };
        s.modelMesh = [this](ObjectKind, const std::string& name) -> std::shared_ptr<const core::ModelMesh> {
            const auto it = byName.find(name);
            return it == byName.end() ? nullptr : it->second.second;
        };
        return s;
    }
};

struct Scene {
    std::unique_ptr<core::MapDocument> doc;
    core::UniqueIdAllocator ids;
    Models models;
    explicit Scene(const std::vector<TileCoord>& tiles = {kTile}) : doc(tests::hillsMap(tiles)) {
        ids.attach(*doc);
        const auto arch = archMesh();
        models.byName["Arch.m2"] = {arch->bounds, arch};
        const auto bridge = bridgeMesh();
        models.byName["Bridge.m2"] = {bridge->bounds, bridge};
        const auto stray = strayMesh();
        models.byName["Stray.m2"] = {stray->bounds, stray};
        models.byName["Crate.m2"] = {core::Box3{glm::dvec3(-1.0), glm::dvec3(1.0)}, nullptr};
        models.byName["Shed.m2"] = {core::Box3{glm::dvec3(-8.0), glm::dvec3(8.0)}, nullptr};
    }
    ObjectRef add(const std::string& model, glm::dvec3 world, io::Vec3f rotation = {},
                  std::uint16_t scale = core::kScaleOne) {
        core::ObjectEditSettings settings;
        settings.bounds = models.settings();
        return *core::ObjectEditor(*doc, ids, settings).addDoodad(model, world, rotation, scale);
    }
    // World point of a model-space point of a placed object.
    glm::dvec3 worldOf(const ObjectRef& ref, glm::dvec3 model) const {
        const auto s = core::findObject(*doc, ref);
        const glm::dmat4 m =
            core::placementMatrix(s->doodad.position, s->doodad.rotation, core::scaleFactor(s->doodad.scale));
        return core::placementToWorld(glm::dvec3(m * glm::dvec4(model, 1.0)));
    }
    std::optional<core::ObjectPick> pick(glm::dvec3 from, glm::dvec3 to, double maxDistance = 1.0e5) const {
        return core::pickObjectAlongRay(*doc, from, glm::normalize(to - from), models.settings(),
                                        maxDistance);
    }
    glm::dvec3 ground(glm::dvec2 p, double above = 0.0) const { return {p, *doc->heightAt(p) + above}; }
};

} // namespace

class TestObjectPick : public QObject {
    Q_OBJECT
private slots:
    void rayBoxSpans();
    void triangleHitThroughThePlacement();
    void rayThroughTheGapPassesBy();
    void boxRejectsBeforeTriangles();
    void nearestOfTwo();
    void treeUnderABridge();
    void noMeshIsPickedByItsBox();
    void terrainLimitsThePick();
    void objectInTwoTilesIsOneCandidate();
};

void TestObjectPick::rayBoxSpans() {
    const core::Box3 box{glm::dvec3(0.0), glm::dvec3(2.0)};
    auto span = core::rayBoxSpan(box, {-3.0, 1.0, 1.0}, {1.0, 0.0, 0.0});
    QVERIFY(span);
    QCOMPARE(span->enter, 3.0);
    QCOMPARE(span->exit, 5.0);
    span = core::rayBoxSpan(box, {1.0, 1.0, 1.0}, {0.0, 0.0, 2.0}); // from inside, a longer direction
    QVERIFY(span);
    QCOMPARE(span->enter, 0.0);
    QCOMPARE(span->exit, 0.5);
    QVERIFY(!core::rayBoxSpan(box, {-3.0, 1.0, 1.0}, {-1.0, 0.0, 0.0})); // behind
    QVERIFY(!core::rayBoxSpan(box, {-3.0, 3.0, 1.0}, {1.0, 0.0, 0.0}));  // beside, parallel to a slab
    QVERIFY(!core::rayBoxSpan(box, {-3.0, 1.0, 1.0}, {1.0, 1.0, 0.0}));  // passes a corner
}

void TestObjectPick::triangleHitThroughThePlacement() {
    Scene s;
    // Turned a quarter and at twice the size: the panel is 20 yd from a point 10 model units in front of it.
    const ObjectRef arch = s.add("Arch.m2", s.ground(inTile(200.0, 200.0)), {0.0f, 90.0f, 0.0f}, 2048);
    const glm::dvec3 target = s.worldOf(arch, {0.0, 1.5, 2.0});
    const glm::dvec3 from = s.worldOf(arch, {10.0, 1.5, 2.0});
    const auto hit = s.pick(from, target);
    QVERIFY(hit);
    QCOMPARE(hit->ref, arch);
    QVERIFY(!hit->hit.byBox);
    QVERIFY2(std::abs(hit->hit.distance - 20.0) < 1e-6, qPrintable(QString::number(hit->hit.distance)));
    // The same object state tested alone agrees.
    const auto alone = core::rayHitObject(*core::findObject(*s.doc, arch), s.models.settings(), from,
                                          glm::normalize(target - from));
    QVERIFY(alone);
    QCOMPARE(alone->distance, hit->hit.distance);
}

void TestObjectPick::rayThroughTheGapPassesBy() {
    Scene s;
    const ObjectRef arch = s.add("Arch.m2", s.ground(inTile(200.0, 200.0)));
    // Straight through the middle of the arch (model y = 0): inside its box, between the panels.
    const glm::dvec3 from = s.worldOf(arch, {10.0, 0.0, 2.0});
    const glm::dvec3 through = s.worldOf(arch, {0.0, 0.0, 2.0});
    QVERIFY(core::rayBoxSpan(
        core::doodadBounds(core::findObject(*s.doc, arch)->doodad, "Arch.m2", s.models.settings()),
        core::worldToPlacement(from), core::worldToPlacement(through) - core::worldToPlacement(from)));
    QVERIFY(!s.pick(from, through));
    // A hair to the side, on a panel: hit.
    QCOMPARE(s.pick(from, s.worldOf(arch, {0.0, -1.2, 2.0}))->ref, arch);
}

void TestObjectPick::boxRejectsBeforeTriangles() {
    Scene s;
    const ObjectRef stray = s.add("Stray.m2", s.ground(inTile(200.0, 200.0)));
    // Its triangles float 20 yd up, outside the 2 yd box it declares: the box rejects the ray first.
    const glm::dvec3 panel = s.worldOf(stray, {0.0, 0.0, 22.0});
    QVERIFY(!s.pick(s.worldOf(stray, {10.0, 0.0, 22.0}), panel));
    // Tested against the triangles alone, the same ray would hit.
    const auto mesh = strayMesh();
    const auto st = core::findObject(*s.doc, stray);
    const glm::dmat4 m = glm::inverse(core::placementMatrix(st->doodad.position, st->doodad.rotation, 1.0));
    const glm::dvec3 o = core::worldToPlacement(s.worldOf(stray, {10.0, 0.0, 22.0}));
    const glm::dvec3 d = core::worldToPlacement(panel) - o;
    QVERIFY(core::rayHitMesh(*mesh, glm::dvec3(m * glm::dvec4(o, 1.0)), glm::dvec3(m * glm::dvec4(d, 0.0))));
}

void TestObjectPick::nearestOfTwo() {
    Scene s;
    const glm::dvec2 p = inTile(200.0, 200.0);
    const ObjectRef near = s.add("Arch.m2", s.ground(p));
    const ObjectRef far = s.add("Arch.m2", s.ground(p) - glm::dvec3(6.0, 0.0, 0.0));
    // The panels stand across the north-south line: a ray along the row meets the nearer one first.
    const glm::dvec3 a = s.worldOf(near, {0.0, 1.5, 2.0});
    const glm::dvec3 b = s.worldOf(far, {0.0, 1.5, 2.0});
    const glm::dvec3 dir = glm::normalize(b - a);
    const auto first = s.pick(a - 30.0 * dir, b);
    QVERIFY(first);
    QCOMPARE(first->ref, near);
    QVERIFY(std::abs(first->hit.distance - 30.0) < 1e-6);
    // From the other side, the other one.
    QCOMPARE(s.pick(b + 30.0 * dir, a)->ref, far);
    // Through the near one's gap, the far one's panel: the far one.
    const glm::dvec3 gap = s.worldOf(near, {0.0, 0.0, 2.0});
    const glm::dvec3 farPanel = s.worldOf(far, {0.0, 1.5, 2.0});
    const glm::dvec3 from = gap + 20.0 * glm::normalize(gap - farPanel);
    const auto behind = s.pick(from, farPanel);
    QVERIFY(behind);
    QCOMPARE(behind->ref, far);
}

void TestObjectPick::treeUnderABridge() {
    Scene s;
    const glm::dvec2 p = inTile(200.0, 200.0);
    const ObjectRef bridge = s.add("Bridge.m2", s.ground(p));
    const ObjectRef tree = s.add("Arch.m2", s.ground(p + glm::dvec2(0.0, 1.0)), {0.0f, 90.0f, 0.0f});
    // From the side, under the deck: the tree (inside the bridge's box) is hit; from above, the deck.
    const glm::dvec3 panel = s.worldOf(tree, {0.0, 1.5, 2.0});
    const glm::dvec3 side = s.worldOf(tree, {25.0, 1.5, 2.0});
    QCOMPARE(s.pick(side, panel)->ref, tree);
    const auto top = s.pick(panel + glm::dvec3(0.0, 0.0, 40.0), panel);
    QVERIFY(top);
    QCOMPARE(top->ref, bridge);
    QVERIFY(!top->hit.byBox);
}

void TestObjectPick::noMeshIsPickedByItsBox() {
    Scene s;
    const glm::dvec2 p = inTile(200.0, 200.0);
    const ObjectRef shed = s.add("Shed.m2", s.ground(p));
    const ObjectRef crate = s.add("Crate.m2", s.ground(p + glm::dvec2(3.0, 0.0), 2.0));
    const glm::dvec3 shedAt = core::placementToWorld(core::findObject(*s.doc, shed)->position());
    // Down through the shed's box beside the crate: the shed, where the ray enters its box (8 yd above).
    const auto shedHit = s.pick(shedAt + glm::dvec3(-3.0, 0.0, 30.0), shedAt + glm::dvec3(-3.0, 0.0, 0.0));
    QVERIFY(shedHit);
    QCOMPARE(shedHit->ref, shed);
    QVERIFY(shedHit->hit.byBox);
    QVERIFY(std::abs(shedHit->hit.distance - 22.0) < 1e-3);
    // Down onto the crate, drawn inside the shed's wire box: the crate wins.
    const glm::dvec3 crateAt = core::placementToWorld(core::findObject(*s.doc, crate)->position());
    const auto crateHit = s.pick(crateAt + glm::dvec3(0.0, 0.0, 30.0), crateAt);
    QVERIFY(crateHit);
    QCOMPARE(crateHit->ref, crate);
    // A model nobody knows: the 2 yd stand-in cube.
    const ObjectRef unknown = s.add("Nowhere.m2", s.ground(inTile(300.0, 300.0)));
    const glm::dvec3 u = core::placementToWorld(core::findObject(*s.doc, unknown)->position());
    QCOMPARE(s.pick(u + glm::dvec3(10.0, 0.0, 0.0), u)->ref, unknown);
    QVERIFY(!s.pick(u + glm::dvec3(10.0, 0.0, 2.5), u + glm::dvec3(0.0, 0.0, 2.5)));
}

void TestObjectPick::terrainLimitsThePick() {
    Scene s;
    const ObjectRef arch = s.add("Arch.m2", s.ground(inTile(200.0, 200.0)));
    const glm::dvec3 target = s.worldOf(arch, {0.0, 1.5, 2.0});
    const glm::dvec3 from = s.worldOf(arch, {10.0, 1.5, 2.0});
    QVERIFY(s.pick(from, target, 10.5));
    QVERIFY(!s.pick(from, target, 9.5)); // the terrain was met first
}

void TestObjectPick::objectInTwoTilesIsOneCandidate() {
    const TileCoord east{33, 32};
    Scene s({kTile, east});
    // On the border, 1 yd into the east tile: both tiles hold the shed (an 8 yd box).
    const glm::dvec2 border = core::tileOrigin(east) - glm::dvec2(200.0, 1.0);
    const ObjectRef shed = s.add("Shed.m2", s.ground(border));
    QVERIFY(core::findEntry(*s.doc->tile(kTile), ObjectKind::Doodad, shed.uniqueId));
    QVERIFY(core::findEntry(*s.doc->tile(east), ObjectKind::Doodad, shed.uniqueId));
    const glm::dvec3 at = core::placementToWorld(core::findObject(*s.doc, shed)->position());
    const auto hit = s.pick(at + glm::dvec3(0.0, 3.0, 40.0), at + glm::dvec3(0.0, 3.0, 0.0));
    QVERIFY(hit);
    QCOMPARE(hit->ref, (ObjectRef{east, ObjectKind::Doodad, shed.uniqueId}));
}

QTEST_GUILESS_MAIN(TestObjectPick)
#include "test_object_pick.moc"
