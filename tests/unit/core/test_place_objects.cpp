// Placing objects by world position (core/edit/place_objects.h) and placement lists as CSV: real model
// bounds across a tile border (entries in both tiles with one uniqueId, MCRF in exactly the chunks the box
// overlaps, MODF extents from the WMO box), ids fresh map-wide, all-or-nothing, one undo step.

#include "core/convert/placement_csv.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/place_objects.h"
#include "core/geometry/coords.h"
#include "core/models/model_library.h"
#include "io/model/wmo.h"
#include "support/memory_asset_source.h"
#include "support/memory_map.h"
#include "support/model_builders.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <set>

using namespace mapsmith;
using core::Box3;
using core::ObjectKind;
using core::TileCoord;

Q_DECLARE_METATYPE(std::string)

class TestPlaceObjects : public QObject {
    Q_OBJECT
private slots:
    void placesAcrossATileBorder();
    void idsAreFreshMapWide();
    void missingModelChangesNothing();
    void refusedRequests_data();
    void refusedRequests();
    void standsOnTheGroundUnlessGivenZ();
    void csvLists();
    void csvErrors_data();
    void csvErrors();
};

namespace {

constexpr TileCoord kWest{32, 32};
constexpr TileCoord kEast{33, 32};
// World y of the border between tiles 32 and 33 (x tiles grow east, world y grows west).
constexpr double kBorderY = -core::kTileSize;

std::shared_ptr<test::MemoryAssetSource> gameData() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    tests::M2Spec tree;
    tree.bounds = {-2, -3, 0, 6, 3, 12, 9}; // 8 yd front to back, 6 yd wide, 12 tall
    tree.collision = {0, 0, 0, 0, 0, 0, 0};
    source->add("World\\Generic\\Tree.m2", tests::buildM2(tree));
    source->add("World\\wmo\\TrollTent.wmo", tests::readBytes(tests::corpusPath("models/trolltent.wmo")));
    return source;
}

// The world box (x north, y west, z up) of a model box placed facing north (heading 0): model x is
// forward (north), y left (west), z up, scaled.
Box3 northFacing(const Box3& model, glm::dvec3 world, double scale) {
    return {world + model.min * scale, world + model.max * scale};
}

// The same box in placement coordinates (x east, y up, z south).
Box3 toPlacement(const Box3& world) {
    const glm::dvec3 a = core::worldToPlacement(world.min);
    const glm::dvec3 b = core::worldToPlacement(world.max);
    return {glm::min(a, b), glm::max(a, b)};
}

// Chunks (row-major indices) of `tile` whose square the placement box's x/z extent reaches.
std::set<int> chunksUnder(const Box3& placement, TileCoord tile) {
    std::set<int> out;
    for (int row = 0; row < 16; ++row) {
        for (int col = 0; col < 16; ++col) {
            const double x0 = (tile.x * 16 + col) * core::kChunkSize;
            const double z0 = (tile.y * 16 + row) * core::kChunkSize;
            if (placement.max.x >= x0 && placement.min.x <= x0 + core::kChunkSize && placement.max.z >= z0 &&
                placement.min.z <= z0 + core::kChunkSize) {
                out.insert(row * 16 + col);
            }
        }
    }
    return out;
}

// Chunks of a loaded tile whose MCRF names entry `index` of `kind`.
std::set<int> referencing(const io::Adt& adt, ObjectKind kind, std::uint32_t index) {
    std::set<int> out;
    for (int i = 0; i < 256; ++i) {
        const auto& refs = kind == ObjectKind::Doodad ? adt.chunks[std::size_t(i)].doodadRefs
                                                      : adt.chunks[std::size_t(i)].mapObjectRefs;
        if (std::find(refs.begin(), refs.end(), index) != refs.end()) {
            out.insert(i);
        }
    }
    return out;
}

std::optional<std::uint32_t> doodadIndex(const io::Adt& adt, std::uint32_t id) {
    for (std::size_t i = 0; i < adt.doodads.size(); ++i) {
        if (adt.doodads[i].uniqueId == id) {
            return std::uint32_t(i);
        }
    }
    return std::nullopt;
}

std::optional<std::uint32_t> wmoIndex(const io::Adt& adt, std::uint32_t id) {
    for (std::size_t i = 0; i < adt.mapObjects.size(); ++i) {
        if (adt.mapObjects[i].uniqueId == id) {
            return std::uint32_t(i);
        }
    }
    return std::nullopt;
}

core::PlacementRequest request(std::string model, double north, double west, std::optional<double> z = {}) {
    core::PlacementRequest r;
    r.model = std::move(model);
    r.world = {north, west};
    r.z = z;
    return r;
}

void fuzzyBox(const Box3& got, const Box3& want) {
    for (int a = 0; a < 3; ++a) {
        QVERIFY2(std::abs(got.min[a] - want.min[a]) < 0.01, qPrintable(QString::number(got.min[a])));
        QVERIFY2(std::abs(got.max[a] - want.max[a]) < 0.01, qPrintable(QString::number(got.max[a])));
    }
}

} // namespace

void TestPlaceObjects::placesAcrossATileBorder() {
    auto doc = tests::hillsMap({kWest, kEast}, 40.0f, tests::LoadTiles::None);
    QVERIFY(doc);
    core::ModelLibrary models(gameData());
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    // A tree scaled 2x straddling the border (its 12 yd width), a tent 4 yd west of it.
    core::PlacementRequest tree = request("World\\Generic\\Tree.m2", -250.0, kBorderY + 1.0, 55.0);
    tree.scale = 2.0;
    const core::PlacementRequest tent = request("World\\wmo\\TrollTent.wmo", -100.0, kBorderY + 4.0, 60.0);
    const int steps = doc->undoStack()->count();
    auto placed = core::placeObjects(*doc, models, ids, {tree, tent});
    QVERIFY2(placed, placed ? "" : placed.error().describe().c_str());
    QCOMPARE(placed->size(), std::size_t(2));
    QCOMPARE(doc->undoStack()->count(), steps + 1); // one step for the list

    const core::PlacedObject& t = (*placed)[0];
    QCOMPARE(t.kind, ObjectKind::Doodad);
    QCOMPARE(t.modelFile, std::string("World\\Generic\\Tree.m2"));
    QCOMPARE(t.tiles, (std::vector<TileCoord>{kWest, kEast}));
    const Box3 treeBox =
        toPlacement(northFacing({{-2, -3, 0}, {6, 3, 12}}, {-250.0, kBorderY + 1.0, 55.0}, 2.0));
    fuzzyBox(t.bounds, treeBox);
    const core::PlacedObject& w = (*placed)[1];
    QCOMPARE(w.kind, ObjectKind::Wmo);
    QCOMPARE(w.tiles, (std::vector<TileCoord>{kWest, kEast}));
    auto root = io::readWmoRoot(tests::readBytes(tests::corpusPath("models/trolltent.wmo")));
    QVERIFY(root);
    const Box3 tentModel{{root->bounds.min[0], root->bounds.min[1], root->bounds.min[2]},
                         {root->bounds.max[0], root->bounds.max[1], root->bounds.max[2]}};
    const Box3 tentBox = toPlacement(northFacing(tentModel, {-100.0, kBorderY + 4.0, 60.0}, 1.0));

    for (const TileCoord tile : {kWest, kEast}) {
        const io::Adt* adt = doc->tile(tile);
        QVERIFY(adt);
        const auto d = doodadIndex(*adt, t.ref.uniqueId);
        QVERIFY(d);
        const io::DoodadPlacement& entry = adt->doodads[*d];
        QCOMPARE(adt->modelNames.at(entry.nameIndex), std::string("World\\Generic\\Tree.m2"));
        QCOMPARE(entry.scale, std::uint16_t(2048));
        QCOMPARE(entry.rotation.y, 180.0f); // heading 0: facing north
        QCOMPARE(referencing(*adt, ObjectKind::Doodad, *d), chunksUnder(treeBox, tile));
        QVERIFY(!chunksUnder(treeBox, tile).empty());

        const auto m = wmoIndex(*adt, w.ref.uniqueId);
        QVERIFY(m);
        const io::MapObjectPlacement& modf = adt->mapObjects[*m];
        QCOMPARE(adt->wmoNames.at(modf.nameIndex), std::string("World\\wmo\\TrollTent.wmo"));
        fuzzyBox(core::extentsOf(modf), tentBox); // MODF extents: the WMO's box, placed
        QCOMPARE(referencing(*adt, ObjectKind::Wmo, *m), chunksUnder(tentBox, tile));
    }
    QVERIFY(t.ref.uniqueId != w.ref.uniqueId);

    doc->undoStack()->undo();
    for (const TileCoord tile : {kWest, kEast}) {
        QVERIFY(doc->tile(tile)->doodads.empty());
        QVERIFY(doc->tile(tile)->mapObjects.empty());
        QCOMPARE(referencing(*doc->tile(tile), ObjectKind::Doodad, 0), std::set<int>{});
    }
}

// Ids go above every id of the map, also those of tiles that were never loaded.
void TestPlaceObjects::idsAreFreshMapWide() {
    auto doc = tests::hillsMap({kWest, kEast}, 40.0f, tests::LoadTiles::None);
    core::ModelLibrary models(gameData());
    core::UniqueIdAllocator ids;
    io::Adt elsewhere; // a tile the map holds but this session never loads
    elsewhere.doodads.push_back({});
    elsewhere.doodads.back().uniqueId = 7000;
    ids.scanTile(elsewhere);
    auto placed = core::placeObjects(
        *doc, models, ids,
        {request("World\\Generic\\Tree.m2", -100, -100), request("World\\Generic\\Tree.m2", -110, -100)});
    QVERIFY(placed);
    QCOMPARE((*placed)[0].ref.uniqueId, 7001u);
    QCOMPARE((*placed)[1].ref.uniqueId, 7002u);
}

void TestPlaceObjects::missingModelChangesNothing() {
    auto doc = tests::hillsMap({kWest, kEast});
    core::ModelLibrary models(gameData());
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    core::PlacementRequest missing = request("World\\Generic\\Lost.mdx", -100, -700);
    missing.line = 3;
    auto placed =
        core::placeObjects(*doc, models, ids, {request("World\\Generic\\Tree.m2", -100, -100), missing});
    QVERIFY(!placed);
    QCOMPARE(placed.error().code, core::CoreError::Code::File);
    QCOMPARE(placed.error().describe(),
             std::string("line 3: not found in the game data: World\\Generic\\Lost.mdx (nor "
                         "World\\Generic\\Lost.m2)"));
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(!doc->isModified());
    QVERIFY(doc->tile(kWest)->doodads.empty());
}

void TestPlaceObjects::refusedRequests_data() {
    QTest::addColumn<std::string>("model");
    QTest::addColumn<double>("north");
    QTest::addColumn<double>("west");
    QTest::addColumn<double>("scale");
    QTest::addColumn<int>("code");
    QTest::addColumn<std::string>("message");
    const int notInMap = int(core::CoreError::Code::NotInMap);
    const int refused = int(core::CoreError::Code::Refused);
    QTest::newRow("on a tile the map lacks")
        << std::string("World\\Generic\\Tree.m2") << -100.0 << 100.0 << 1.0 << notInMap
        << std::string("-100, 100 is not on a tile of the map (tile 31_32 does not exist)");
    QTest::newRow("off the map") << std::string("World\\Generic\\Tree.m2") << 20000.0 << 0.0 << 1.0
                                 << notInMap << std::string("20000, 0 is not on a tile of the map");
    QTest::newRow("a scaled WMO") << std::string("World\\wmo\\TrollTent.wmo") << -100.0 << -100.0 << 2.0
                                  << refused
                                  << std::string("World\\wmo\\TrollTent.wmo is a WMO, and WotLK cannot scale "
                                                 "WMOs (scale must be 1)");
    QTest::newRow("too large") << std::string("World\\Generic\\Tree.m2") << -100.0 << -100.0 << 100.0
                               << refused
                               << std::string(
                                      "scale 100 is outside what MDDF stores (0.000976562 .. 63.999)");
    QTest::newRow("zero scale") << std::string("World\\Generic\\Tree.m2") << -100.0 << -100.0 << 0.0
                                << refused << std::string("the scale must be above 0");
    QTest::newRow("no model") << std::string() << -100.0 << -100.0 << 1.0 << refused
                              << std::string("no model named");
}

void TestPlaceObjects::refusedRequests() {
    QFETCH(std::string, model);
    QFETCH(double, north);
    QFETCH(double, west);
    QFETCH(double, scale);
    QFETCH(int, code);
    QFETCH(std::string, message);
    auto doc = tests::hillsMap({kWest, kEast}, 40.0f, tests::LoadTiles::None);
    core::ModelLibrary models(gameData());
    core::UniqueIdAllocator ids;
    core::PlacementRequest r = request(model, north, west);
    r.scale = scale;
    auto placed = core::placeObjects(*doc, models, ids, {r});
    QVERIFY(!placed);
    QCOMPARE(int(placed.error().code), code);
    QCOMPARE(placed.error().describe(), message);
    QVERIFY(!doc->isModified());
}

void TestPlaceObjects::standsOnTheGroundUnlessGivenZ() {
    auto doc = tests::hillsMap({kWest, kEast});
    core::ModelLibrary models(gameData());
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    const glm::dvec2 at{-300.0, -300.0};
    const auto ground = doc->heightAt(at);
    QVERIFY(ground);
    auto placed = core::placeObjects(*doc, models, ids,
                                     {request("World\\Generic\\Tree.m2", at.x, at.y),
                                      request("World\\wmo\\TrollTent.wmo", at.x, at.y, 123.5)});
    QVERIFY(placed);
    QCOMPARE((*placed)[0].world.z, *ground);
    QCOMPARE((*placed)[1].world.z, 123.5);
    const io::Adt* adt = doc->tile(kWest);
    QCOMPARE(double(adt->doodads.at(0).position.y), double(float(*ground)));
    QCOMPARE(adt->mapObjects.at(0).position.y, 123.5f);
}

void TestPlaceObjects::csvLists() {
    const std::string text = "\xEF\xBB\xBFmodel,x,y,z,heading,scale\r\n"
                             "# a comment\r\n"
                             "\r\n"
                             "World\\Generic\\Tree.m2, -8913.5, -120.25, 95.75, 90, 1.5\r\n"
                             "\"World\\wmo\\A, \"\"quoted\"\".wmo\",1,2,,45\n"
                             "  World\\Generic\\Tree.m2 ,3,4\n"
                             "World\\Generic\\Tree.m2,5,6,,,2";
    auto list = core::parsePlacementCsv(text);
    QVERIFY2(list, list ? "" : list.error().describe().c_str());
    QCOMPARE(list->size(), std::size_t(4));
    const auto& a = (*list)[0];
    QCOMPARE(a.line, 4);
    QCOMPARE(a.model, std::string("World\\Generic\\Tree.m2"));
    QCOMPARE(a.world, glm::dvec2(-8913.5, -120.25));
    QCOMPARE(*a.z, 95.75);
    QCOMPARE(a.heading, 90.0);
    QCOMPARE(a.scale, 1.5);
    const auto& b = (*list)[1];
    QCOMPARE(b.line, 5);
    QCOMPARE(b.model, std::string("World\\wmo\\A, \"quoted\".wmo"));
    QVERIFY(!b.z);
    QCOMPARE(b.heading, 45.0);
    QCOMPARE(b.scale, 1.0);
    QCOMPARE((*list)[2].model, std::string("World\\Generic\\Tree.m2"));
    QCOMPARE((*list)[2].heading, 0.0);
    QCOMPARE((*list)[3].line, 7);
    QCOMPARE((*list)[3].scale, 2.0);
    // Without a header the first line is an object.
    auto bare = core::parsePlacementCsv("A.m2,1,2\n");
    QVERIFY(bare);
    QCOMPARE(bare->size(), std::size_t(1));
    QVERIFY(core::parsePlacementCsv("")->empty());
}

void TestPlaceObjects::csvErrors_data() {
    QTest::addColumn<std::string>("text");
    QTest::addColumn<std::string>("message");
    QTest::newRow("x not a number") << std::string("A.m2,1,2\nB.m2,north,2\n")
                                    << std::string("line 2: x \"north\" is not a number");
    QTest::newRow("too few") << std::string("A.m2,1\n")
                             << std::string("line 1: expected model, x, y[, z, heading, scale]");
    QTest::newRow("too many") << std::string("A.m2,1,2,3,4,5,6\n")
                              << std::string("line 1: more than six fields (model, x, y, z, heading, scale)");
    QTest::newRow("empty y") << std::string("A.m2,1,,3\n") << std::string("line 1: y is empty");
    QTest::newRow("bad scale") << std::string("A.m2,1,2,3,4,big\n")
                               << std::string("line 1: scale \"big\" is not a number");
    QTest::newRow("open quote") << std::string("\"A.m2,1,2\n")
                                << std::string("line 1: a quoted field is not closed");
    QTest::newRow("no model") << std::string("# list\n,1,2\n") << std::string("line 2: no model");
    QTest::newRow("infinite") << std::string("A.m2,1,inf\n")
                              << std::string("line 1: y \"inf\" is not a number");
}

void TestPlaceObjects::csvErrors() {
    QFETCH(std::string, text);
    QFETCH(std::string, message);
    auto list = core::parsePlacementCsv(text);
    QVERIFY(!list);
    QCOMPARE(list.error().describe(), message);
}

QTEST_GUILESS_MAIN(TestPlaceObjects)
#include "test_place_objects.moc"
