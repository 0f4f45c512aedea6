// Importing a Gamestudio level into a map (core/convert/wmb_import.h) with the corpus level test.wmb: the
// level frame's axes, the WMO placed once at the origin, every MDL entity a doodad where the frame puts
// it, HMP entities as terrain, what is not imported, one undo step, all-or-nothing; the map files written
// with the tiles (MapSource::writeMapFile); the overlay asset source.

#include "core/convert/hmp_terrain.h"
#include "core/convert/wmb_import.h"
#include "core/convert/wmb_level_frame.h"
#include "core/convert/wmb_terrain.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/geometry/coords.h"
#include "io/assets/overlay_asset_source.h"
#include "io/binary/text.h"
#include "io/gamestudio/hmp.h"
#include "io/gamestudio/wmb.h"
#include "io/model/wmo.h"
#include "support/memory_asset_source.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <cstring>

using namespace mapsmith;
using core::TileCoord;

class TestWmbImport : public QObject {
    Q_OBJECT
private slots:
    void frameAxes();
    void overlaySource();
    void importsTheCorpusLevel();
    void missingModelsAreListed();
    void hmpEntityIsTerrain();
    void offTheMapChangesNothing();
    void mapFilesAreWrittenWithTheTiles();
};

namespace {

constexpr TileCoord kTile{32, 32};

io::Wmb corpusLevel() {
    auto level = io::readWmb(tests::readBytes(tests::corpusPath("wmb/test.wmb")));
    if (!level) {
        qFatal("test.wmb: %s", level.error().describe().c_str());
    }
    return std::move(*level);
}

// A source holding one corpus MDL under every name the level's entities use (any case).
std::shared_ptr<test::MemoryAssetSource> entityModels() {
    auto source = std::make_shared<test::MemoryAssetSource>();
    const auto mdl = tests::readBytes(tests::corpusPath("mdl/mdl5-earth.mdl"));
    for (const char* name : {"LASERGUN.MDL", "laserammo.mdl", "player.mdl"}) {
        source->add(name, mdl);
    }
    return source;
}

// The centre of tile 32_32 (world yards).
glm::dvec2 tileCentre(TileCoord t) {
    return core::tileOrigin(t) - glm::dvec2(core::kTileSize / 2.0);
}

std::size_t mdlEntities(const io::Wmb& level) {
    std::size_t n = 0;
    for (const io::WmbEntity& e : level.entities) {
        n += io::asciiLower(e.fileName).ends_with(".mdl") ? 1 : 0;
    }
    return n;
}

// A copy of test.wmb whose ENTITY file "player.mdl" reads `replacement` (same length or shorter, the rest
// NULs).
std::vector<std::byte> patchedLevel(const char* replacement) {
    auto bytes = tests::readBytes(tests::corpusPath("wmb/test.wmb"));
    const std::string from = "player.mdl";
    for (std::size_t i = 0; i + from.size() <= bytes.size(); ++i) {
        if (std::memcmp(bytes.data() + i, from.data(), from.size()) == 0) {
            const std::size_t n = std::strlen(replacement);
            for (std::size_t k = 0; k < from.size(); ++k) {
                bytes[i + k] = k < n ? std::byte(replacement[k]) : std::byte{0};
            }
        }
    }
    return bytes;
}

} // namespace

void TestWmbImport::frameAxes() {
    const core::LevelFrame frame({100.0, 200.0, 50.0}, 0.5);
    const auto near = [](glm::dvec3 a, glm::dvec3 b) { return glm::length(a - b) < 1e-9; };
    // Level x east (world y falls), y north (world x grows), z up; scaled.
    QVERIFY(near(frame.toWorld({0, 0, 0}), {100.0, 200.0, 50.0}));
    QVERIFY(near(frame.toWorld({2, 0, 0}), {100.0, 199.0, 50.0}));
    QVERIFY(near(frame.toWorld({0, 2, 0}), {101.0, 200.0, 50.0}));
    QVERIFY(near(frame.toWorld({0, 0, 2}), {100.0, 200.0, 51.0}));
    QVERIFY(near(frame.toLevel(frame.toWorld({3, -7, 11})), {3, -7, 11}));
    // Pan 0 faces the level's +x: east, heading 270; pan 90 north (0), 180 west (90).
    QCOMPARE(std::round(frame.headingOfPan(0.0)), 270.0);
    QCOMPARE(std::round(frame.headingOfPan(90.0)), 0.0);
    QCOMPARE(std::round(frame.headingOfPan(180.0)), 90.0);
}

void TestWmbImport::overlaySource() {
    auto below = std::make_shared<test::MemoryAssetSource>();
    below->add("World\\A.blp", std::string_view("below"));
    below->add("World\\B.blp", std::string_view("b"));
    io::OverlayAssetSource overlay({below});
    overlay.add("world/a.BLP", {std::byte{'m'}});
    QVERIFY(overlay.exists("WORLD\\A.blp"));
    QCOMPARE(overlay.read("World\\A.blp").value().size(), std::size_t(1)); // memory first
    QCOMPARE(overlay.read("world\\b.blp").value().size(), std::size_t(1));
    QVERIFY(!overlay.read("World\\C.blp"));
    QCOMPARE(overlay.list("World").size(), std::size_t(2));
}

void TestWmbImport::importsTheCorpusLevel() {
    auto doc = tests::hillsMap({kTile});
    QVERIFY(doc);
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    const io::Wmb level = corpusLevel();
    core::WmbImportRequest request;
    request.levelName = "test";
    request.at = tileCentre(kTile);
    request.entityFiles = entityModels();
    const double ground = doc->heightAt(request.at).value();
    const int steps = doc->undoStack()->count();

    auto report = core::importWmb(*doc, ids, level, request);
    QVERIFY2(report, report ? "" : report.error().describe().c_str());
    QCOMPARE(doc->undoStack()->count(), steps + 1); // one step

    // The WMO: once, with the level's floor (its lowest block point, z -256 quants) on the ground, turned 90
    // degrees (level x east), its files at their game paths.
    QCOMPARE(report->wmoModel, std::string("World\\wmo\\Gamestudio\\test\\test.wmo"));
    QVERIFY(report->groups >= 1);
    QVERIFY(report->renderedTriangles > 0);
    const io::Adt* adt = doc->tile(kTile);
    QCOMPARE(adt->mapObjects.size(), std::size_t(1));
    QCOMPARE(adt->wmoNames.at(adt->mapObjects[0].nameIndex), report->wmoModel);
    const glm::dvec3 wmoWorld = core::placementToWorld(core::toDvec(adt->mapObjects[0].position));
    QVERIFY(glm::length(wmoWorld - glm::dvec3(request.at, ground + 256.0 / 36.0)) < 1e-2);
    QCOMPARE(adt->mapObjects[0].rotation, (io::Vec3f{0.0f, 90.0f, 0.0f}));
    QCOMPARE(report->files.front().gamePath, report->wmoModel);
    QVERIFY(io::readWmoRoot(report->files.front().bytes));

    // Every MDL entity a doodad at the frame's position of its origin, the model beside the WMO.
    const core::LevelFrame frame(glm::dvec3(request.at, ground + 256.0 / 36.0), core::kDefaultYardsPerQuant);
    QCOMPARE(report->doodads.size(), mdlEntities(level));
    QCOMPARE(adt->doodads.size(), report->doodads.size());
    for (const core::WmbImportedDoodad& d : report->doodads) {
        QVERIFY(d.model.starts_with("World\\wmo\\Gamestudio\\test\\"));
        const glm::dvec3 expected = frame.toWorld(d.level);
        QVERIFY(glm::length(d.world - expected) < 1e-9);
        bool found = false;
        for (const io::DoodadPlacement& p : adt->doodads) {
            if (p.uniqueId == d.uniqueId) {
                found = true;
                QVERIFY(core::sameModelName(adt->modelNames.at(p.nameIndex), d.model));
                QVERIFY(glm::length(core::placementToWorld(core::toDvec(p.position)) - expected) < 1e-2);
                QCOMPARE(int(p.scale), int(std::lround(1024.0 / 36.0)));
            }
        }
        QVERIFY(found);
    }
    // Lights, the path, the sound, positions, the INFO object and the unknown type 8: listed.
    std::set<std::string> kinds;
    for (const core::WmbNotImported& n : report->notImported) {
        kinds.insert(n.kind);
    }
    for (const char* kind : {"INFO", "LIGHT", "POSITION", "PATH", "SOUND", "type 8"}) {
        QVERIFY2(kinds.count(kind), kind);
    }
    QVERIFY(!kinds.count("ENTITY") && !kinds.count("OLD_ENTITY"));

    // Undo takes all of it back; redo brings it again.
    doc->undoStack()->undo();
    QVERIFY(doc->tile(kTile)->mapObjects.empty());
    QVERIFY(doc->tile(kTile)->doodads.empty());
    doc->undoStack()->redo();
    QCOMPARE(doc->tile(kTile)->mapObjects.size(), std::size_t(1));
    QCOMPARE(doc->tile(kTile)->doodads.size(), report->doodads.size());
}

void TestWmbImport::missingModelsAreListed() {
    auto doc = tests::hillsMap({kTile});
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    const io::Wmb level = corpusLevel();
    core::WmbImportRequest request;
    request.levelName = "test";
    request.at = tileCentre(kTile);
    request.z = 75.0;
    auto report = core::importWmb(*doc, ids, level, request);
    QVERIFY(report);
    QVERIFY(report->doodads.empty());
    QCOMPARE(doc->tile(kTile)->mapObjects.size(), std::size_t(1)); // the WMO still
    QCOMPARE(double(doc->tile(kTile)->mapObjects[0].position.y), 75.0);
    std::size_t entities = 0;
    for (const core::WmbNotImported& n : report->notImported) {
        if (n.kind == "ENTITY" || n.kind == "OLD_ENTITY") {
            ++entities;
            QVERIFY2(n.reason.find("not found") != std::string::npos, n.reason.c_str());
        }
    }
    QCOMPARE(entities, mdlEntities(level));
}

void TestWmbImport::hmpEntityIsTerrain() {
    auto doc = tests::hillsMap({kTile});
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    auto level = io::readWmb(patchedLevel("small.hmp"));
    QVERIFY(level);
    auto files = entityModels();
    const auto hmpBytes = tests::readBytes(tests::corpusPath("hmp/small.hmp"));
    files->add("small.hmp", hmpBytes);
    core::WmbImportRequest request;
    request.levelName = "test";
    request.at = tileCentre(kTile);
    request.z = 60.0;
    request.entityFiles = files;
    const std::vector<float> before(doc->chunk({kTile, 8, 8})->heights.begin(),
                                    doc->chunk({kTile, 8, 8})->heights.end());
    const int steps = doc->undoStack()->count();
    auto report = core::importWmb(*doc, ids, *level, request);
    QVERIFY2(report, report ? "" : report.error().describe().c_str());
    QCOMPARE(doc->undoStack()->count(), steps + 1);
    QCOMPARE(report->terrains.size(), std::size_t(1));
    QVERIFY(report->terrains[0].vertices > 0);
    QCOMPARE(report->terrainTiles, std::vector<TileCoord>{kTile});

    // A vertex under the terrain has the terrain's height there (the level frame's, from the HMP).
    const io::WmbEntity* player = nullptr;
    for (const io::WmbEntity& e : level->entities) {
        if (e.fileName == "small.hmp") {
            player = &e;
        }
    }
    QVERIFY(player);
    const auto hmp = io::readHmp(hmpBytes).value();
    const core::LevelFrame frame(glm::dvec3(request.at, 60.0), core::kDefaultYardsPerQuant);
    const core::LevelTerrain terrain(
        core::gridFromHmp(hmp), io::hmpExtent(hmp), {player->origin[0], player->origin[1], player->origin[2]},
        player->angle[0], {player->scale[0], player->scale[1], player->scale[2]}, frame);
    const glm::dvec2 centre = glm::dvec2(frame.toWorld({player->origin[0], player->origin[1], 0.0}));
    const auto expected = terrain.heightAt(centre);
    QVERIFY(expected);
    QVERIFY(std::abs(doc->heightAt(centre).value() - *expected) < 0.05);

    doc->undoStack()->undo();
    const std::vector<float> after(doc->chunk({kTile, 8, 8})->heights.begin(),
                                   doc->chunk({kTile, 8, 8})->heights.end());
    QCOMPARE(after, before);
}

void TestWmbImport::offTheMapChangesNothing() {
    auto doc = tests::hillsMap({kTile});
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    const io::Wmb level = corpusLevel();
    core::WmbImportRequest request;
    request.levelName = "test";
    request.at = tileCentre({40, 40}); // no such tile
    request.entityFiles = entityModels();
    auto report = core::importWmb(*doc, ids, level, request);
    QVERIFY(!report);
    QCOMPARE(report.error().code, core::CoreError::Code::NotInMap);
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(!doc->isModified());

    request.at = tileCentre(kTile);
    request.yardsPerQuant = 0.0;
    report = core::importWmb(*doc, ids, level, request);
    QVERIFY(!report);
    QCOMPARE(report.error().code, core::CoreError::Code::Refused);
    QCOMPARE(doc->undoStack()->count(), 0);
}

void TestWmbImport::mapFilesAreWrittenWithTheTiles() {
    QTemporaryDir dir;
    const auto doc = tests::hillsMap({kTile});
    // A folder map: the memory map's WDT and tile written out.
    auto& memory = static_cast<core::MemoryMapSource&>(doc->source());
    const auto write = [](const QString& path, const std::vector<std::byte>& bytes) {
        QFile f(path);
        return f.open(QIODevice::WriteOnly) && f.write(reinterpret_cast<const char*>(bytes.data()),
                                                       qint64(bytes.size())) == qint64(bytes.size());
    };
    QVERIFY(write(dir.filePath("Test.wdt"), memory.wdtBytes()));
    QVERIFY(write(dir.filePath("Test_32_32.adt"), *memory.tileBytes(kTile)));
    auto folderDoc =
        core::MapDocument::open(std::make_unique<core::FolderMapSource>(dir.filePath("Test.wdt")));
    QVERIFY(folderDoc);
    const std::vector<core::MapFile> files = {
        {"World\\wmo\\Gamestudio\\t\\t.wmo", {std::byte{1}, std::byte{2}}},
        {"World/wmo/Gamestudio/t/a.blp", {std::byte{3}}}};
    const auto saved = (*folderDoc)->save({}, {}, files);
    QVERIFY2(saved.ok, qPrintable(saved.error));
    QCOMPARE(QFileInfo(dir.filePath("World/wmo/Gamestudio/t/t.wmo")).size(), qint64(2));
    QCOMPARE(QFileInfo(dir.filePath("World/wmo/Gamestudio/t/a.blp")).size(), qint64(1));
    // A path out of the folder is refused and nothing of that save is written.
    const auto refused = (*folderDoc)->save({}, {}, {{"../escape.wmo", {std::byte{1}}}});
    QVERIFY(!refused.ok);
    QVERIFY(!QFileInfo::exists(QDir(dir.path()).absoluteFilePath("../escape.wmo")));
    // The memory source keeps them too.
    QVERIFY(memory.writeMapFile({"World\\x.blp", {std::byte{7}}}));
    QVERIFY(memory.mapFile("World/x.blp"));
    QVERIFY(!memory.writeMapFile({"/abs.blp", {std::byte{7}}}));
}

QTEST_GUILESS_MAIN(TestWmbImport)
#include "test_wmb_import.moc"
