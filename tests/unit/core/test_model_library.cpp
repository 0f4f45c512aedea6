// Model bounds from M2, WMO, MDX and Gamestudio MDL files, and the library that reads them through the
// game data: the .mdx/.mdl -> .m2 fallback, content over extension, problems reported once, a warm cache
// reading nothing, and headings.

#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "core/models/model_bounds.h"
#include "core/models/model_library.h"
#include "io/model/m2.h"
#include "io/model/wmo.h"
#include "support/memory_asset_source.h"
#include "support/model_builders.h"
#include "support/test_files.h"

#include <QtTest>

#include <glm/geometric.hpp>

#include <atomic>
#include <cmath>
#include <limits>
#include <thread>

using namespace mapsmith;
using core::Box3;
using core::ObjectKind;

class TestModelLibrary : public QObject {
    Q_OBJECT
private slots:
    void m2BoundsUniteTheCollisionBox();
    void m2WithoutCollisionKeepsItsBox();
    void storedBoxesAreTakenPerAxis();
    void nonFiniteBoxesBoundNothing();
    void candidatesAndKinds();
    void corpusRabbitAndTent();
    void mdxAndGamestudioModels();
    void mdxNameFallsBackToM2();
    void missingModelsAreProblemsOnce();
    void unreadableModelsNameFileAndOffset();
    void warmLookupsReadNothing();
    void lookupsFromSeveralThreads();
    void headingsRoundTrip();
    void headingFacesTheModelsFront_data();
    void headingFacesTheModelsFront();
};

namespace {

std::vector<std::byte> corpus(const char* name) {
    return tests::readBytes(tests::corpusPath(std::string("models/") + name));
}

Box3 box(double x0, double y0, double z0, double x1, double y1, double z1) {
    return {{x0, y0, z0}, {x1, y1, z1}};
}

} // namespace

void TestModelLibrary::m2BoundsUniteTheCollisionBox() {
    tests::M2Spec spec;
    spec.bounds = {-1, -2, -3, 4, 5, 6, 7.5f};
    spec.collision = {-0.5f, -0.5f, 0, 0.5f, 0.5f, 9, 1.25f}; // reaches above the drawn box
    auto m2 = io::readM2(tests::buildM2(spec));
    QVERIFY(m2);
    const auto b = core::m2ModelBounds(*m2);
    QVERIFY(b);
    QCOMPARE(*b, box(-1, -2, -3, 4, 5, 9));
}

void TestModelLibrary::m2WithoutCollisionKeepsItsBox() {
    tests::M2Spec spec;
    spec.bounds = {1, 2, 3, 4, 5, 6, 7.5f}; // does not hold the origin
    spec.collision = {0, 0, 0, 0, 0, 0, 0}; // Blizzard's "no collision"
    auto m2 = io::readM2(tests::buildM2(spec));
    QVERIFY(m2);
    QCOMPARE(*core::m2ModelBounds(*m2), box(1, 2, 3, 4, 5, 6));
}

void TestModelLibrary::storedBoxesAreTakenPerAxis() {
    io::ModelBounds stored;
    stored.min = {4, -2, 6};
    stored.max = {-1, 5, -3};
    QCOMPARE(*core::toBox(stored), box(-1, -2, -3, 4, 5, 6));
}

void TestModelLibrary::nonFiniteBoxesBoundNothing() {
    io::ModelBounds stored;
    stored.max = {1, std::numeric_limits<float>::quiet_NaN(), 1};
    QVERIFY(!core::toBox(stored));
    stored.max = {1, std::numeric_limits<float>::infinity(), 1};
    QVERIFY(!core::toBox(stored));
    tests::M2Spec spec;
    spec.bounds = {0, 0, 0, std::numeric_limits<float>::infinity(), 1, 1, 1};
    auto m2 = io::readM2(tests::buildM2(spec));
    QVERIFY(m2);
    QVERIFY(!core::m2ModelBounds(*m2));
}

void TestModelLibrary::candidatesAndKinds() {
    using V = std::vector<std::string>;
    QCOMPARE(core::modelFileCandidates(ObjectKind::Doodad, "World\\A\\Tree.MDX"),
             (V{"World\\A\\Tree.MDX", "World\\A\\Tree.m2"}));
    QCOMPARE(core::modelFileCandidates(ObjectKind::Doodad, "World\\A\\Tree.mdl"),
             (V{"World\\A\\Tree.mdl", "World\\A\\Tree.m2"}));
    QCOMPARE(core::modelFileCandidates(ObjectKind::Doodad, "World\\A\\Tree.m2"), (V{"World\\A\\Tree.m2"}));
    QCOMPARE(core::modelFileCandidates(ObjectKind::Doodad, "World\\A.mdx\\Tree"), (V{"World\\A.mdx\\Tree"}));
    QCOMPARE(core::modelFileCandidates(ObjectKind::Wmo, "World\\wmo\\A.mdx"), (V{"World\\wmo\\A.mdx"}));
    QCOMPARE(core::kindOfModelName("World\\wmo\\Tent.WMO"), ObjectKind::Wmo);
    QCOMPARE(core::kindOfModelName("World/wmo/Tent.wmo"), ObjectKind::Wmo);
    QCOMPARE(core::kindOfModelName("World\\wmo.wmo\\Tree.m2"), ObjectKind::Doodad);
    QCOMPARE(core::kindOfModelName("Tent"), ObjectKind::Doodad);
}

// The corpus models through the library: the rabbit's header box united with its collision box, the
// tent's MOHD box; both read the same as the io readers report.
void TestModelLibrary::corpusRabbitAndTent() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\Critter\\Rabbit.m2", corpus("Rabbit.m2"));
    source->add("World\\wmo\\trolltent.wmo", corpus("trolltent.wmo"));
    core::ModelLibrary library(source);

    const core::ModelInfo rabbit = library.info(ObjectKind::Doodad, "world/critter/RABBIT.m2");
    QCOMPARE(rabbit.format, core::ModelFormat::M2);
    QCOMPARE(rabbit.file, std::string("world/critter/RABBIT.m2"));
    QVERIFY(rabbit.problem.empty());
    QVERIFY(rabbit.bounds);
    // Golden values of the corpus rabbit: the header box (-0.634, -0.311, -0.157)-(0.477, 0.470, 0.800)
    // united with the collision box (-0.306, -0.306, 0)-(0.306, 0.306, 2.031), which reaches higher.
    QCOMPARE(float(rabbit.bounds->min.x), -0.63407683f);
    QCOMPARE(float(rabbit.bounds->min.y), -0.3105764f);
    QCOMPARE(float(rabbit.bounds->min.z), -0.15670307f);
    QCOMPARE(float(rabbit.bounds->max.x), 0.4768511f);
    QCOMPARE(float(rabbit.bounds->max.y), 0.4700617f);
    QCOMPARE(float(rabbit.bounds->max.z), 2.031278f);
    auto m2 = io::readM2(corpus("Rabbit.m2"));
    QVERIFY(m2);
    for (int a = 0; a < 3; ++a) {
        QCOMPARE(rabbit.bounds->min[a],
                 double(std::min(m2->bounds.min[std::size_t(a)], m2->collisionBounds.min[std::size_t(a)])));
        QCOMPARE(rabbit.bounds->max[a],
                 double(std::max(m2->bounds.max[std::size_t(a)], m2->collisionBounds.max[std::size_t(a)])));
    }
    QCOMPARE(core::describeModel(rabbit), std::string("world/critter/RABBIT.m2 (M2)"));

    const auto tent = library.bounds(ObjectKind::Wmo, "World\\wmo\\TrollTent.wmo");
    QVERIFY(tent);
    auto root = io::readWmoRoot(corpus("trolltent.wmo"));
    QVERIFY(root);
    QCOMPARE(*tent, box(root->bounds.min[0], root->bounds.min[1], root->bounds.min[2], root->bounds.max[0],
                        root->bounds.max[1], root->bounds.max[2]));
    QVERIFY(tent->max.x - tent->min.x > 20.0); // a tent, not a stand-in
    QVERIFY(!library.wire(ObjectKind::Wmo, "World\\wmo\\TrollTent.wmo"));
    // A WMO name asked for as a doodad is read as a doodad model: the root is not one.
    const core::ModelInfo asDoodad = library.info(ObjectKind::Doodad, "World\\wmo\\trolltent.wmo");
    QVERIFY(!asDoodad.bounds);
    QCOMPARE(asDoodad.problem,
             std::string("World\\wmo\\trolltent.wmo: not a model file Mapsmith reads (M2, MDX, "
                         "Gamestudio MDL) but a WMO root"));
    // An M2 asked for as a WMO is not a WMO root.
    const core::ModelInfo asWmo = library.info(ObjectKind::Wmo, "World\\Critter\\Rabbit.m2");
    QVERIFY(!asWmo.bounds);
    QVERIFY2(asWmo.problem.find("not a WMO root") != std::string::npos, asWmo.problem.c_str());
}

void TestModelLibrary::mdxAndGamestudioModels() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    tests::MdxSpec spec;
    spec.bounds = {9.5f, -1, -2, -3, 4, 5, 6};
    source->add("World\\Alpha\\Tree.mdx", tests::buildMdx(spec));
    source->add("World\\Gamestudio\\Earth.mdl", corpus("../mdl/mdl5-earth.mdl"));
    core::ModelLibrary library(source);
    const core::ModelInfo mdx = library.info(ObjectKind::Doodad, "World\\Alpha\\Tree.mdx");
    QCOMPARE(mdx.format, core::ModelFormat::Mdx);
    QCOMPARE(*mdx.bounds, box(-1, -2, -3, 4, 5, 6));
    const core::ModelInfo mdl = library.info(ObjectKind::Doodad, "World\\Gamestudio\\Earth.mdl");
    QCOMPARE(mdl.format, core::ModelFormat::GamestudioMdl);
    QVERIFY(mdl.wire);
    QVERIFY(mdl.wire->edges.size() > 200);
    QVERIFY(mdl.bounds && mdl.bounds->max.z > mdl.bounds->min.z);
    for (const glm::dvec3& v : mdl.wire->vertices) { // the box holds the wire
        QVERIFY(v.x >= mdl.bounds->min.x && v.x <= mdl.bounds->max.x);
        QVERIFY(v.z >= mdl.bounds->min.z && v.z <= mdl.bounds->max.z);
    }
}

// WotLK tiles may name Foo.mdx or Foo.mdl where the client loads Foo.m2.
void TestModelLibrary::mdxNameFallsBackToM2() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\A\\Built.m2", tests::buildM2({}));
    core::ModelLibrary library(source);
    const core::ModelInfo viaMdx = library.info(ObjectKind::Doodad, "World\\A\\Built.MDX");
    QCOMPARE(viaMdx.format, core::ModelFormat::M2);
    QCOMPARE(viaMdx.file, std::string("World\\A\\Built.m2"));
    QVERIFY(viaMdx.bounds);
    QVERIFY(library.bounds(ObjectKind::Doodad, "World\\A\\Built.mdl"));
    QVERIFY(library.problems().empty());
}

void TestModelLibrary::missingModelsAreProblemsOnce() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    core::ModelLibrary library(source);
    std::vector<core::ModelProblem> heard;
    library.setProblemHandler([&](const core::ModelProblem& p) { heard.push_back(p); });
    for (int i = 0; i < 3; ++i) {
        QVERIFY(!library.bounds(ObjectKind::Doodad, "World\\Lost\\Tree.mdx"));
        QVERIFY(!library.bounds(ObjectKind::Doodad, "world/lost/TREE.mdx")); // the same file
    }
    QVERIFY(!library.bounds(ObjectKind::Wmo, "World\\wmo\\Lost.wmo"));
    QCOMPARE(heard.size(), std::size_t(2));
    QCOMPARE(heard[0].name, std::string("World\\Lost\\Tree.mdx"));
    QCOMPARE(heard[0].kind, ObjectKind::Doodad);
    QCOMPARE(heard[0].message,
             std::string("not found in the game data: World\\Lost\\Tree.mdx (nor World\\Lost\\Tree.m2)"));
    QCOMPARE(heard[1].message, std::string("not found in the game data: World\\wmo\\Lost.wmo"));
    const auto listed = library.problems();
    QCOMPARE(listed.size(), std::size_t(2));
    QCOMPARE(listed[1].name, std::string("World\\wmo\\Lost.wmo"));
    // Without any game data the library says so.
    core::ModelLibrary none(nullptr);
    QVERIFY(none.info(ObjectKind::Doodad, "A.m2").problem.find("no game data") != std::string::npos);
}

void TestModelLibrary::unreadableModelsNameFileAndOffset() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    auto truncated = tests::buildM2({});
    truncated.resize(0x100); // the header is 0x130 bytes
    source->add("World\\Cut.m2", truncated);
    auto legion = tests::buildM2({});
    std::memcpy(legion.data(), "MD21", 4);
    source->add("World\\New.m2", legion);
    source->add("World\\Text.m2", std::string_view("not a model at all"));
    auto badVersion = tests::buildM2({});
    badVersion[4] = std::byte(0x07); // version 263
    source->add("World\\Old.m2", badVersion);
    core::ModelLibrary library(source);
    const std::string cut = library.info(ObjectKind::Doodad, "World\\Cut.m2").problem;
    QVERIFY2(cut.find("World\\Cut.m2") != std::string::npos && cut.find("0x") != std::string::npos,
             cut.c_str());
    const std::string legionText = library.info(ObjectKind::Doodad, "World\\New.m2").problem;
    QVERIFY2(legionText.find("Legion") != std::string::npos, legionText.c_str());
    const std::string text = library.info(ObjectKind::Doodad, "World\\Text.m2").problem;
    // The content says nothing, so the extension decides: read as an M2, whose magic it lacks.
    QVERIFY2(text.find("World\\Text.m2") == 0 && text.find("MD20") != std::string::npos, text.c_str());
    const std::string old = library.info(ObjectKind::Doodad, "World\\Old.m2").problem;
    QVERIFY2(old.find("263") != std::string::npos, old.c_str());
    QCOMPARE(library.problems().size(), std::size_t(4));
}

void TestModelLibrary::warmLookupsReadNothing() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    source->add("World\\A.m2", tests::buildM2({}));
    core::ModelLibrary library(source);
    const core::ObjectBoundsSettings settings =
        core::ModelLibrary::settingsFor(std::make_shared<core::ModelLibrary>(source));
    QVERIFY(library.bounds(ObjectKind::Doodad, "World\\A.m2"));
    const int reads = source->reads;
    for (int i = 0; i < 100; ++i) {
        QVERIFY(library.bounds(ObjectKind::Doodad, "world/a.M2"));
        QVERIFY(!library.bounds(ObjectKind::Doodad, "World\\Missing.m2"));
    }
    QCOMPARE(source->reads.load(), reads); // a missing file is looked up once, too (exists(), no read)
    QCOMPARE(library.size(), std::size_t(2));
    QVERIFY(settings.modelBounds(ObjectKind::Doodad, "World\\A.m2"));
    QVERIFY(!settings.modelWire(ObjectKind::Doodad, "World\\A.m2")); // wires are for Gamestudio MDL only
}

void TestModelLibrary::lookupsFromSeveralThreads() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    for (int i = 0; i < 20; ++i) {
        source->add("World\\M" + std::to_string(i) + ".m2", tests::buildM2({}));
    }
    core::ModelLibrary library(source);
    std::atomic<int> heard{0};
    library.setProblemHandler([&](const core::ModelProblem&) { ++heard; });
    std::atomic<int> found{0};
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < 40; ++i) {
                found += library.bounds(ObjectKind::Doodad, "World\\M" + std::to_string(i) + ".m2") ? 1 : 0;
            }
        });
    }
    for (auto& t : threads) {
        t.join();
    }
    QCOMPARE(found.load(), 4 * 20);
    QCOMPARE(heard.load(), 20); // each missing model once, whichever thread asked first
    QCOMPARE(library.problems().size(), std::size_t(20));
    QCOMPARE(library.size(), std::size_t(40));
}

void TestModelLibrary::headingsRoundTrip() {
    QCOMPARE(core::rotationYForHeading(0.0), 180.0f);
    QCOMPARE(core::rotationYForHeading(90.0), 270.0f);
    QCOMPARE(core::rotationYForHeading(180.0), 0.0f);
    QCOMPARE(core::rotationYForHeading(-90.0), 90.0f);
    QCOMPARE(core::rotationYForHeading(540.0), 0.0f);
    QCOMPARE(core::rotationYForHeading(179.99999999), 0.0f); // rounds to 360 in float: kept in [0, 360)
    for (double h : {0.0, 12.5, 90.0, 181.0, 359.5}) {
        QCOMPARE(core::headingForRotationY(core::rotationYForHeading(h)), h);
    }
    QCOMPARE(core::headingForRotationY(-90.0f), 90.0);
}

void TestModelLibrary::headingFacesTheModelsFront_data() {
    QTest::addColumn<double>("heading");
    QTest::addColumn<double>("north");
    QTest::addColumn<double>("west");
    const double h = std::sqrt(0.5);
    QTest::newRow("north") << 0.0 << 1.0 << 0.0;
    QTest::newRow("west") << 90.0 << 0.0 << 1.0;
    QTest::newRow("south") << 180.0 << -1.0 << 0.0;
    QTest::newRow("east") << 270.0 << 0.0 << -1.0;
    QTest::newRow("north-west") << 45.0 << h << h;
    QTest::newRow("a .gps orientation of 1 rad") << 57.29577951308232 << std::cos(1.0) << std::sin(1.0);
}

// A model faces its +x axis: a thin box reaching 10 yd forward, placed with a heading, reaches 10 yd that
// way in world coordinates (x north, y west), as the game's orientation has it.
void TestModelLibrary::headingFacesTheModelsFront() {
    QFETCH(double, heading);
    QFETCH(double, north);
    QFETCH(double, west);
    const Box3 forward = box(9.99, -0.001, -0.001, 10.0, 0.001, 0.001);
    const glm::dvec3 origin = core::worldToPlacement({100.0, 200.0, 30.0});
    const io::Vec3f rotation{0.0f, core::rotationYForHeading(heading), 0.0f};
    const Box3 placed = core::transformBox(forward, core::placementRotation(rotation), origin);
    const glm::dvec3 tip = core::placementToWorld((placed.min + placed.max) * 0.5);
    QVERIFY2(std::abs(tip.x - (100.0 + 10.0 * north)) < 0.02, qPrintable(QString::number(tip.x)));
    QVERIFY2(std::abs(tip.y - (200.0 + 10.0 * west)) < 0.02, qPrintable(QString::number(tip.y)));
    QVERIFY(std::abs(tip.z - 30.0) < 0.01);
}

QTEST_GUILESS_MAIN(TestModelLibrary)
#include "test_model_library.moc"
