// Model meshes as the viewport draws and picking tests them: the corpus rabbit through its skin (batches,
// run-time texture), the corpus tent (groups merged, MOMT materials, doodad sets), doodads a WMO places,
// built MDX geometry, ray hits, the placement matrix, and the library reading them through the game data.

#include "core/models/model_library.h"
#include "core/models/model_mesh.h"
#include "io/model/m2.h"
#include "io/model/mdx.h"
#include "io/model/skin.h"
#include "io/model/wmo_set.h"
#include "support/memory_asset_source.h"
#include "support/model_builders.h"
#include "support/test_files.h"

#include <QtTest>

#include <glm/gtc/quaternion.hpp>

#include <cmath>

using namespace mapsmith;
using core::ObjectKind;

class TestModelMesh : public QObject {
    Q_OBJECT
private slots:
    void rabbitThroughItsSkin();
    void skinThatDoesNotFitIsAnError();
    void tentGroupsAndMaterials();
    void wmoDoodadSets();
    void mdxGeosets();
    void rayHits();
    void placementMatrixPlacesLikeTheBoxes();
    void libraryGeometry();
};

namespace {

std::vector<std::byte> corpus(const char* name) {
    return tests::readBytes(tests::corpusPath(std::string("models/") + name));
}

io::WmoModel corpusTent() {
    io::Diagnostics diag;
    auto root = corpus("trolltent.wmo");
    auto wmo = io::readWmoWithGroups(
        root, "trolltent.wmo",
        [](const std::string& name) -> std::optional<std::vector<std::byte>> {
            if (name != "trolltent_000.wmo") {
                return std::nullopt;
            }
            return corpus("trolltent_000.wmo");
        },
        diag);
    return std::move(wmo.value());
}

} // namespace

void TestModelMesh::rabbitThroughItsSkin() {
    auto m2 = io::readM2(corpus("Rabbit.m2"));
    auto skin = io::readM2Skin(corpus("Rabbit00.skin"));
    QVERIFY(m2 && skin);
    auto mesh = core::m2Mesh(*m2, *skin, "Rabbit00.skin");
    QVERIFY(mesh);
    QCOMPARE(mesh->positions.size(), skin->vertices.size());
    QCOMPARE(mesh->normals.size(), mesh->positions.size());
    QCOMPARE(mesh->uvs.size(), mesh->positions.size());
    QVERIFY(mesh->colours.empty());
    QCOMPARE(mesh->triangleCount(), std::size_t(107));
    QCOMPARE(mesh->batches.size(), skin->batches.size());
    QVERIFY(!mesh->batches.empty());
    for (const core::ModelBatch& b : mesh->batches) {
        QVERIFY(b.firstIndex % 3 == 0 && b.indexCount % 3 == 0);
        QVERIFY(b.firstIndex + b.indexCount <= mesh->indices.size());
        QVERIFY(b.material < mesh->materials.size());
    }
    // Its only texture is set at run time (type 11): no file name, drawn neutral.
    QCOMPARE(mesh->materials.front().texture, std::string());
    // Skin vertex i is model vertex skin.vertices[i].
    const io::ModelVec3& p = m2->vertices[skin->vertices[5]].position;
    QCOMPARE(mesh->positions[5], glm::vec3(p[0], p[1], p[2]));
    QVERIFY(mesh->bounds.max.z > mesh->bounds.min.z);
}

void TestModelMesh::skinThatDoesNotFitIsAnError() {
    auto m2 = io::readM2(tests::buildM2({})); // 8 vertices
    auto skin = io::readM2Skin(tests::buildSkin(20, 4));
    QVERIFY(m2 && skin);
    auto mesh = core::m2Mesh(*m2, *skin, "Built00.skin");
    QVERIFY(!mesh);
    QVERIFY2(mesh.error().describe().find("Built00.skin") != std::string::npos,
             mesh.error().describe().c_str());
}

void TestModelMesh::tentGroupsAndMaterials() {
    const io::WmoModel tent = corpusTent();
    const core::ModelMesh mesh = core::wmoMesh(tent);
    QCOMPARE(mesh.positions.size(), std::size_t(1268));
    QCOMPARE(mesh.triangleCount(), std::size_t(1228));
    QCOMPARE(mesh.batches.size(), std::size_t(3));
    QCOMPARE(mesh.materials.size(), std::size_t(3));
    QCOMPARE(mesh.materials[0].texture, std::string("DUNGEONS\\TEXTURES\\ROOF\\BM_TROLL_KOTOSKIN01.BLP"));
    std::size_t drawn = 0;
    for (const core::ModelBatch& b : mesh.batches) {
        QVERIFY(b.firstIndex + b.indexCount <= mesh.indices.size());
        drawn += b.indexCount / 3;
    }
    QVERIFY(drawn > 0 && drawn <= mesh.triangleCount());
    QVERIFY(mesh.colours.empty() || mesh.colours.size() == mesh.positions.size());
    QCOMPARE(mesh.doodadSets.size(), std::size_t(1));
    QCOMPARE(mesh.doodadSets[0].name, std::string("Set_$DefaultGlobal"));
    QVERIFY(mesh.doodads.empty());
    // Its geometry lies in its MOHD box.
    const auto& box = tent.root.bounds;
    QVERIFY(mesh.bounds.min.x >= box.min[0] - 0.01 && mesh.bounds.max.x <= box.max[0] + 0.01);
    QVERIFY(mesh.bounds.min.z >= box.min[2] - 0.01 && mesh.bounds.max.z <= box.max[2] + 0.01);
    // Without its group there is nothing to draw, and nothing breaks.
    io::WmoModel rootOnly = tent;
    rootOnly.groups[0].reset();
    const core::ModelMesh empty = core::wmoMesh(rootOnly);
    QVERIFY(empty.positions.empty() && empty.batches.empty());
    QCOMPARE(empty.bounds, core::Box3{});
}

void TestModelMesh::wmoDoodadSets() {
    io::WmoModel wmo;
    wmo.root.doodadNames.bytes = std::string("Lamp.m2\0Chair.mdx\0", 18);
    auto doodad = [](std::uint32_t name, float x, std::array<float, 4> q, float scale) {
        io::WmoDoodad d;
        d.nameOffset = name;
        d.position = {x, 2.0f, 3.0f};
        d.rotation = q;
        d.scale = scale;
        d.color = 0xFF102030;
        return d;
    };
    wmo.root.doodads = {doodad(0, 1.0f, {0, 0, 0, 1}, 1.0f), doodad(8, 2.0f, {0, 0, 0, 2}, 2.0f),
                        doodad(8, 3.0f, {0, 0, 0, 0}, 0.5f)};
    wmo.root.doodadSets = {{"Set_$DefaultGlobal", 0, 1}, {"Lights", 1, 1}, {"Chairs", 2, 5}};
    const core::ModelMesh mesh = core::wmoMesh(wmo);
    QCOMPARE(mesh.doodads.size(), std::size_t(3));
    QCOMPARE(mesh.doodads[0].model, std::string("Lamp.m2"));
    QCOMPARE(mesh.doodads[1].model, std::string("Chair.mdx"));
    QCOMPARE(mesh.doodads[1].position, glm::dvec3(2.0, 2.0, 3.0));
    QCOMPARE(mesh.doodads[1].rotation, glm::dquat(1.0, 0.0, 0.0, 0.0)); // normalized
    QCOMPARE(mesh.doodads[2].rotation, glm::dquat(1.0, 0.0, 0.0, 0.0)); // a zero quaternion: unturned
    QCOMPARE(mesh.doodads[1].scale, 2.0);
    QCOMPARE(mesh.doodads[0].colour, 0xFF102030u);
    QCOMPARE(mesh.doodadSets.size(), std::size_t(3));
    QCOMPARE(mesh.doodadSets[2].count, 1u); // clipped to the doodads there are
    QCOMPARE(core::wmoDoodadsShown(mesh, 0), (std::vector<std::uint32_t>{0}));
    QCOMPARE(core::wmoDoodadsShown(mesh, 2), (std::vector<std::uint32_t>{0, 2}));
    QCOMPARE(core::wmoDoodadsShown(mesh, 9), (std::vector<std::uint32_t>{0})); // no such set
}

void TestModelMesh::mdxGeosets() {
    tests::MdxSpec spec;
    spec.geosets = 2;
    auto mdx = io::readMdx(tests::buildMdx(spec));
    QVERIFY(mdx);
    const core::ModelMesh mesh = core::mdxMesh(*mdx);
    QCOMPARE(mesh.positions.size(), mdx->vertexCount());
    QCOMPARE(mesh.triangleCount(), mdx->triangleCount());
    QCOMPARE(mesh.batches.size(), std::size_t(2));
    QCOMPARE(mesh.batches[1].firstIndex, std::uint32_t(mdx->geosets[0].indices.size()));
    for (std::uint32_t i : mesh.indices) {
        QVERIFY(i < mesh.positions.size());
    }
}

void TestModelMesh::rayHits() {
    core::ModelMesh mesh;
    mesh.positions = {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 5}, {1, 0, 5}, {0, 1, 5}};
    mesh.indices = {0, 1, 2, 3, 4, 5};
    // Straight down onto both triangles: the upper one is nearer.
    auto t = core::rayHitMesh(mesh, {0.2, 0.2, 10.0}, {0.0, 0.0, -1.0});
    QVERIFY(t);
    QCOMPARE(*t, 5.0);
    // From below, the back face counts too.
    t = core::rayHitMesh(mesh, {0.2, 0.2, -1.0}, {0.0, 0.0, 2.0});
    QVERIFY(t);
    QCOMPARE(*t, 0.5);
    QVERIFY(!core::rayHitMesh(mesh, {0.8, 0.8, 10.0}, {0.0, 0.0, -1.0})); // outside both
    QVERIFY(!core::rayHitMesh(mesh, {0.2, 0.2, 10.0}, {0.0, 0.0, 1.0}));  // pointing away
    QVERIFY(!core::rayHitMesh(mesh, {-1.0, 0.2, 0.0}, {1.0, 0.0, 0.0}));  // in the triangle's plane
    mesh.indices.push_back(99); // a broken index is skipped, never read
    mesh.indices.push_back(0);
    mesh.indices.push_back(1);
    QVERIFY(core::rayHitMesh(mesh, {0.2, 0.2, 10.0}, {0.0, 0.0, -1.0}));
}

void TestModelMesh::placementMatrixPlacesLikeTheBoxes() {
    const io::Vec3f position{17000.0f, 50.0f, 17100.0f};
    const io::Vec3f rotation{10.0f, 123.0f, -20.0f};
    const glm::dmat4 m = core::placementMatrix(position, rotation, 2.5);
    const core::Box3 box{{-1.0, -2.0, 0.0}, {3.0, 2.0, 4.0}};
    const core::Box3 placed =
        core::transformBox(box, core::placementRotation(rotation) * 2.5, core::toDvec(position));
    core::Box3 fromMatrix{glm::dvec3(1e30), glm::dvec3(-1e30)};
    for (int i = 0; i < 8; ++i) {
        const glm::dvec4 corner{(i & 1) ? box.max.x : box.min.x, (i & 2) ? box.max.y : box.min.y,
                                (i & 4) ? box.max.z : box.min.z, 1.0};
        const glm::dvec3 p(m * corner);
        fromMatrix.min = glm::min(fromMatrix.min, p);
        fromMatrix.max = glm::max(fromMatrix.max, p);
    }
    for (int a = 0; a < 3; ++a) {
        QVERIFY(std::abs(fromMatrix.min[a] - placed.min[a]) < 1e-9);
        QVERIFY(std::abs(fromMatrix.max[a] - placed.max[a]) < 1e-9);
    }
}

void TestModelMesh::libraryGeometry() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\Critter\\Rabbit.m2", corpus("Rabbit.m2"));
    source->add("World\\Critter\\Rabbit00.skin", corpus("Rabbit00.skin"));
    source->add("World\\Lonely\\NoSkin.m2", tests::buildM2({}));
    source->add("World\\wmo\\Tent.wmo", corpus("trolltent.wmo"));
    source->add("World\\wmo\\Tent_000.wmo", corpus("trolltent_000.wmo"));
    source->add("World\\wmo\\Bare.wmo", corpus("trolltent.wmo"));
    source->add("World\\Gamestudio\\Earth.mdl", corpus("../mdl/mdl5-earth.mdl"));
    core::ModelLibrary library(source);
    std::vector<core::ModelProblem> heard;
    library.setProblemHandler([&](const core::ModelProblem& p) { heard.push_back(p); });

    const core::ModelGeometry rabbit = library.geometry(ObjectKind::Doodad, "world\\critter\\rabbit.MDX");
    QVERIFY(rabbit.mesh);
    QVERIFY(rabbit.problem.empty());
    QCOMPARE(rabbit.mesh->triangleCount(), std::size_t(107));
    const int reads = source->reads;
    QCOMPARE(library.geometry(ObjectKind::Doodad, "WORLD/CRITTER/RABBIT.mdx").mesh, rabbit.mesh); // cached
    QCOMPARE(source->reads.load(), reads);
    // Another name for the same file shares its mesh (its bounds are looked up once more).
    QCOMPARE(library.geometry(ObjectKind::Doodad, "World\\Critter\\Rabbit.m2").mesh, rabbit.mesh);

    const core::ModelGeometry tent = library.geometry(ObjectKind::Wmo, "World\\wmo\\Tent.wmo");
    QVERIFY(tent.mesh && tent.problem.empty());
    QCOMPARE(tent.mesh->triangleCount(), std::size_t(1228));
    const core::ModelGeometry bare = library.geometry(ObjectKind::Wmo, "World\\wmo\\Bare.wmo");
    QVERIFY(bare.mesh);
    QCOMPARE(bare.problem,
             std::string("World\\wmo\\Bare.wmo: group file(s) not found: World\\wmo\\Bare_000.wmo"));

    const core::ModelGeometry noSkin = library.geometry(ObjectKind::Doodad, "World\\Lonely\\NoSkin.m2");
    QVERIFY(!noSkin.mesh);
    QCOMPARE(noSkin.problem,
             std::string("World\\Lonely\\NoSkin.m2: no skin profile found (World\\Lonely\\NoSkin00.skin)"));
    QVERIFY(library.bounds(ObjectKind::Doodad, "World\\Lonely\\NoSkin.m2")); // its box still serves

    const core::ModelGeometry earth = library.geometry(ObjectKind::Doodad, "World\\Gamestudio\\Earth.mdl");
    QVERIFY(earth.mesh);
    QVERIFY(earth.mesh->triangleCount() > 100);

    const core::ModelGeometry lost = library.geometry(ObjectKind::Doodad, "World\\Lost.m2");
    QVERIFY(!lost.mesh);
    QCOMPARE(lost.problem, std::string("not found in the game data: World\\Lost.m2"));
    (void)library.geometry(ObjectKind::Doodad, "World\\Lost.m2");
    (void)library.geometry(ObjectKind::Doodad, "World\\Lonely\\NoSkin.m2");
    // Each problem once: the group, the skin, the missing model.
    QCOMPARE(heard.size(), std::size_t(3));
    QCOMPARE(heard[0].name, std::string("World\\wmo\\Bare.wmo"));
    QCOMPARE(heard[1].name, std::string("World\\Lonely\\NoSkin.m2"));
    QCOMPARE(heard[2].message, lost.problem);
}

QTEST_GUILESS_MAIN(TestModelMesh)
#include "test_model_mesh.moc"
