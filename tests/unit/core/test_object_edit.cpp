// Object editing: placements follow the spec's matrix, MCRF rebuilt from bounds (measured against
// Blizzard's on the corpus tile), add/move/rotate/scale/delete as single undo steps that undo to the
// exact bytes, objects crossing tile borders, uniqueIds unique across the map, duplicates reported.

#include "core/convert/tile_factory.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/geometry/object_model.h"
#include "support/memory_map.h"
#include "support/scene_edit.h"
#include "support/test_files.h"

#include <QUndoStack>
#include <QtTest>

#include <glm/gtc/matrix_transform.hpp>
#include <glm/mat4x4.hpp>

#include <random>
#include <set>

using namespace mapsmith;
using core::ChunkCoord;
using core::ObjectKind;
using core::ObjectRef;
using core::TileCoord;

namespace {

const TileCoord kCorpusTile{42, 29};

std::vector<std::byte> bytesOf(const core::MapDocument& doc, TileCoord t) {
    return io::writeAdt(*doc.tile(t));
}

std::unique_ptr<core::MapDocument> corpusDoc() {
    return tests::corpusMap(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), kCorpusTile);
}

const std::vector<std::uint32_t>& refsOf(const io::MapChunk& c, ObjectKind kind) {
    return kind == ObjectKind::Doodad ? c.doodadRefs : c.mapObjectRefs;
}

// Chunk indices (row * 16 + col) referencing entry `index`.
std::set<int> chunksReferencing(const io::Adt& adt, ObjectKind kind, std::uint32_t index) {
    std::set<int> out;
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        const auto& refs = refsOf(adt.chunks[std::size_t(i)], kind);
        if (std::find(refs.begin(), refs.end(), index) != refs.end()) {
            out.insert(i);
        }
    }
    return out;
}

std::set<int> spanChunks(const core::ChunkSpan& s) {
    std::set<int> out;
    for (int r = s.row0; r <= s.row1; ++r) {
        for (int c = s.col0; c <= s.col1; ++c) {
            out.insert(r * core::kChunksPerSide + c);
        }
    }
    return out;
}

glm::dvec3 positionOf(const io::Adt& adt, ObjectKind kind, std::size_t i) {
    return core::toDvec(kind == ObjectKind::Doodad ? adt.doodads[i].position : adt.mapObjects[i].position);
}

// MCRF invariants of every loaded tile: refs ascending, unique and in range; every entry referenced
// somewhere; an entry positioned in the tile referenced by the chunk containing it. Empty = fine.
QString consistencyError(const core::MapDocument& doc) {
    for (const TileCoord t : doc.loadedTiles()) {
        const io::Adt& adt = *doc.tile(t);
        for (const ObjectKind kind : {ObjectKind::Doodad, ObjectKind::Wmo}) {
            const std::size_t n = core::objectCount(adt, kind);
            std::vector<int> seen(n, 0);
            for (int i = 0; i < core::kChunksPerTile; ++i) {
                const auto& refs = refsOf(adt.chunks[std::size_t(i)], kind);
                for (std::size_t k = 0; k < refs.size(); ++k) {
                    if (refs[k] >= n || (k > 0 && refs[k] <= refs[k - 1])) {
                        return QStringLiteral("tile %1_%2 chunk %3: bad ref list").arg(t.x).arg(t.y).arg(i);
                    }
                    ++seen[refs[k]];
                }
            }
            for (std::size_t e = 0; e < n; ++e) {
                if (seen[e] == 0) {
                    return QStringLiteral("tile %1_%2: entry %3 (kind %4) unreferenced")
                        .arg(t.x)
                        .arg(t.y)
                        .arg(e)
                        .arg(int(kind));
                }
                const ChunkCoord own = core::placementChunk(positionOf(adt, kind, e));
                if (own.tile == t && !chunksReferencing(adt, kind, std::uint32_t(e)).count(own.index())) {
                    return QStringLiteral("tile %1_%2: entry %3 (kind %4) not referenced by its own chunk")
                        .arg(t.x)
                        .arg(t.y)
                        .arg(e)
                        .arg(int(kind));
                }
            }
        }
    }
    return {};
}

void undoAll(core::MapDocument& doc) {
    while (doc.undoStack()->canUndo()) {
        doc.undoStack()->undo();
    }
}
void redoAll(core::MapDocument& doc) {
    while (doc.undoStack()->canRedo()) {
        doc.undoStack()->redo();
    }
}

// The tile written and read back holds the same objects and refs, and writes the same bytes again.
bool roundTrips(const io::Adt& adt) {
    const auto bytes = io::writeAdt(adt);
    auto back = io::readAdt(bytes);
    if (!back) {
        return false;
    }
    const io::Adt& b = back->adt;
    if (b.doodads != adt.doodads || b.mapObjects != adt.mapObjects || b.modelNames != adt.modelNames ||
        b.wmoNames != adt.wmoNames) {
        return false;
    }
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        if (b.chunks[i].doodadRefs != adt.chunks[i].doodadRefs ||
            b.chunks[i].mapObjectRefs != adt.chunks[i].mapObjectRefs) {
            return false;
        }
    }
    return io::writeAdt(b) == bytes;
}

// A map whose WDT holds `tiles` (flat generated terrain) with only `loaded` loaded.
std::unique_ptr<core::MapDocument> partialMap(const std::vector<TileCoord>& tiles,
                                              const std::vector<TileCoord>& loaded,
                                              const std::map<TileCoord, io::Adt>& custom = {}) {
    io::Wdt wdt;
    for (const auto t : tiles) {
        wdt.setTile(t.x, t.y, true);
    }
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Partial"), io::writeWdt(wdt));
    for (const auto t : tiles) {
        const auto it = custom.find(t);
        core::TileSpec spec;
        spec.tileX = t.x;
        spec.tileY = t.y;
        source->setTile(t, io::writeAdt(it != custom.end() ? it->second : core::createTile(spec)));
    }
    auto doc = core::MapDocument::open(std::move(source));
    if (!doc) {
        return nullptr;
    }
    for (const auto t : loaded) {
        if (!doc.value()->loadTile(t)) {
            return nullptr;
        }
    }
    return std::move(doc.value());
}

// World point `east` yards east and `south` yards south of a tile's north-west corner, at height z.
glm::dvec3 inTile(TileCoord t, double east, double south, double z = 50.0) {
    const glm::dvec2 o = core::tileOrigin(t);
    return {o.x - south, o.y - east, z};
}

const std::string kTree = "World\\Azeroth\\Elwynn\\PassiveDoodads\\Trees\\ElwynnTreeMid01.m2";
const std::string kBush = "World\\Generic\\Bush01.m2";
const std::string kHouse = "World\\wmo\\Azeroth\\Buildings\\Human_Farm\\Farm.wmo";

} // namespace

class TestObjectEdit : public QObject {
    Q_OBJECT
private slots:
    void placementMatchesSpecMatrix();
    void scaleFixedPoint();
    void chunkSpans();
    void corpusReferenceAgreement();
    void corpusRebuildCommandUndoes();
    void corpusAddMoveRotateScaleDelete();
    void uniqueIdsUniqueAfterManyAdds();
    void duplicatesReported();
    void allocatorLearnsLaterTilesAndFallsBack();
    void allocatorScansTheWholeMap();
    void moveAcrossTileBorder();
    void wmoCopiesInOverlappedTiles();
    void dragIsOneUndoStep();
    void wmoExtentsFollowRotation();
    void modelBoundsDriveReferences();
    void overlappedTilesAreLoaded();
};

void TestObjectEdit::placementMatchesSpecMatrix() {
    // The spec's createPlacementMatrix (gl-matrix), transcribed with glm, against our placement.
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> angle(-360.0, 360.0);
    std::uniform_real_distribution<double> coord(-20.0, 20.0);
    const double tile = core::kTileSize;
    for (int n = 0; n < 50; ++n) {
        io::DoodadPlacement d;
        d.position = {float(22400.0 + coord(rng) * 10), float(coord(rng)), float(15500.0 + coord(rng) * 10)};
        d.rotation = {float(angle(rng)), float(angle(rng)), float(angle(rng))};
        d.scale = std::uint16_t(300 + n * 37);
        glm::dmat4 m(1.0);
        m = glm::rotate(m, glm::radians(90.0), glm::dvec3(1, 0, 0));
        m = glm::rotate(m, glm::radians(90.0), glm::dvec3(0, 1, 0));
        m = glm::translate(m, glm::dvec3(32 * tile - d.position.x, d.position.y, 32 * tile - d.position.z));
        m = glm::rotate(m, glm::radians(double(d.rotation.y) - 270.0), glm::dvec3(0, 1, 0));
        m = glm::rotate(m, glm::radians(-double(d.rotation.x)), glm::dvec3(0, 0, 1));
        m = glm::rotate(m, glm::radians(double(d.rotation.z) - 90.0), glm::dvec3(1, 0, 0));
        const double s = d.scale / 1024.0;
        m = glm::scale(m, glm::dvec3(s));
        const glm::dvec3 local(coord(rng), coord(rng), coord(rng));
        const glm::dvec3 spec = glm::dvec3(m * glm::dvec4(local, 1.0));
        const glm::dvec3 ours = core::placementToWorld(core::toDvec(d.position) +
                                                       core::placementRotation(d.rotation) * (local * s));
        QVERIFY2(glm::length(spec - ours) < 1e-6, qPrintable(QStringLiteral("sample %1").arg(n)));
    }
    // Rotation y is the heading: turning it moves a model's point around the up axis only.
    const glm::dvec3 p = core::placementRotation({0, 30, 0}) * glm::dvec3(5, 0, 0);
    QCOMPARE(p.y, 0.0);
    QVERIFY(std::abs(glm::length(p) - 5.0) < 1e-12);
}

void TestObjectEdit::scaleFixedPoint() {
    QCOMPARE(core::scaleFromFactor(1.0), std::uint16_t(1024));
    QCOMPARE(core::scaleFromFactor(2.5), std::uint16_t(2560));
    QCOMPARE(core::scaleFromFactor(1000.0), core::kScaleMax);
    QCOMPARE(core::scaleFromFactor(0.0), core::kScaleMin);
    QCOMPARE(core::scaleFromFactor(-3.0), core::kScaleMin);
    QCOMPARE(core::scaleFromFactor(std::nan("")), core::kScaleMin);
    QCOMPARE(core::scaleFactor(512), 0.5);
    QCOMPARE(core::addDegrees(-257.5f, 0.0), -257.5f);
    QCOMPARE(core::addDegrees(350.0f, 20.0), 10.0f);
    QCOMPARE(core::addDegrees(-350.0f, -20.0), -10.0f);
}

void TestObjectEdit::chunkSpans() {
    const TileCoord t{42, 29};
    const double x0 = 42 * core::kTileSize;
    const double z0 = 29 * core::kTileSize;
    const double c = core::kChunkSize;
    // A box inside chunk (row 3, col 5).
    core::Box3 b{{x0 + 5.5 * c - 1, 0, z0 + 3.5 * c - 1}, {x0 + 5.5 * c + 1, 10, z0 + 3.5 * c + 1}};
    QCOMPARE(core::chunksOverlapped(t, b), (core::ChunkSpan{3, 3, 5, 5}));
    // Across a chunk corner: 4 chunks.
    b = {{x0 + 6 * c - 1, 0, z0 + 4 * c - 1}, {x0 + 6 * c + 1, 10, z0 + 4 * c + 1}};
    QCOMPARE(core::chunksOverlapped(t, b), (core::ChunkSpan{3, 4, 5, 6}));
    // Across the tile's east border: clipped here, the neighbour gets the rest.
    b = {{x0 + 16 * c - 1, 0, z0 + 1}, {x0 + 16 * c + 1, 10, z0 + 2}};
    QCOMPARE(core::chunksOverlapped(t, b), (core::ChunkSpan{0, 0, 15, 15}));
    QCOMPARE(core::chunksOverlapped({43, 29}, b), (core::ChunkSpan{0, 0, 0, 0}));
    QCOMPARE(core::tilesOverlapped(b), (std::vector<TileCoord>{{42, 29}, {43, 29}}));
    // A box missing the tile: nothing overlapped, the nearest chunk references a copy.
    b = {{x0 - 50, 0, z0 + 100}, {x0 - 40, 0, z0 + 110}};
    QVERIFY(core::chunksOverlapped(t, b).empty());
    QCOMPARE(core::referencingChunks(t, b, {x0 - 45, 0, z0 + 105}), (core::ChunkSpan{3, 3, 0, 0}));
    // Placement tile agrees with the world tile.
    const glm::dvec3 w = inTile(t, 100, 200);
    QCOMPARE(core::placementTile(core::worldToPlacement(w)), core::tileAt({w.x, w.y}));
    QCOMPARE(core::placementChunk(core::worldToPlacement(w)), core::chunkAt({w.x, w.y}));
    // Ref list helpers keep ascending order and renumber.
    std::vector<std::uint32_t> refs{1, 4, 9};
    QVERIFY(core::setReference(refs, 5, true));
    QVERIFY(!core::setReference(refs, 5, true));
    QCOMPARE(refs, (std::vector<std::uint32_t>{1, 4, 5, 9}));
    QVERIFY(core::eraseReferenceIndex(refs, 4));
    QCOMPARE(refs, (std::vector<std::uint32_t>{1, 4, 8}));
    QVERIFY(!core::eraseReferenceIndex(refs, 20));
}

void TestObjectEdit::corpusReferenceAgreement() {
    auto doc = corpusDoc();
    QVERIFY(doc);
    const io::Adt& adt = *doc->tile(kCorpusTile);
    QCOMPARE(adt.doodads.size(), std::size_t(381));
    QCOMPARE(adt.mapObjects.size(), std::size_t(19));
    // Blizzard's own refs satisfy the invariants the editor keeps.
    QCOMPARE(consistencyError(*doc), QString());

    const core::TileReferences rebuilt = core::rebuildReferences(kCorpusTile, adt, {});
    for (const ObjectKind kind : {ObjectKind::Doodad, ObjectKind::Wmo}) {
        std::set<std::pair<int, std::uint32_t>> blizzard, ours;
        for (int i = 0; i < core::kChunksPerTile; ++i) {
            for (const auto r : refsOf(adt.chunks[std::size_t(i)], kind)) {
                blizzard.insert({i, r});
            }
            for (const auto r :
                 (kind == ObjectKind::Doodad ? rebuilt.doodads : rebuilt.wmos)[std::size_t(i)]) {
                ours.insert({i, r});
            }
        }
        int both = 0;
        for (const auto& p : ours) {
            both += blizzard.count(p) ? 1 : 0;
        }
        // Entries whose chunk set is exactly Blizzard's.
        const std::size_t n = core::objectCount(adt, kind);
        int sameSet = 0;
        std::vector<std::set<int>> oursPer(n);
        for (const auto& [chunk, e] : ours) {
            oursPer[e].insert(chunk);
        }
        for (std::size_t e = 0; e < n; ++e) {
            sameSet += oursPer[e] == chunksReferencing(adt, kind, std::uint32_t(e)) ? 1 : 0;
            QVERIFY(!oursPer[e].empty()); // the rebuild references every entry
            const ChunkCoord own = core::placementChunk(positionOf(adt, kind, e));
            if (own.tile == kCorpusTile) {
                // The chunk containing the object references it, in the rebuild and in Blizzard's file.
                QVERIFY(oursPer[e].count(own.index()));
                QVERIFY(blizzard.count({own.index(), std::uint32_t(e)}));
            }
        }
        qInfo("%s refs: Blizzard %zu, rebuilt %zu, in both %d (%.1f%% of Blizzard's); entries with the same "
              "chunk set %d of %zu",
              kind == ObjectKind::Doodad ? "MDDF" : "MODF", blizzard.size(), ours.size(), both,
              100.0 * both / double(std::max<std::size_t>(blizzard.size(), 1)), sameSet, n);
        QVERIFY(both > 0);
        if (kind == ObjectKind::Wmo) {
            // Blizzard's WMO refs lie inside the MODF extents: the extents-based rebuild covers them all.
            QCOMPARE(std::size_t(both), blizzard.size());
        }
    }
}

void TestObjectEdit::corpusRebuildCommandUndoes() {
    auto doc = corpusDoc();
    const auto original = bytesOf(*doc, kCorpusTile);
    core::UniqueIdAllocator ids;
    core::ObjectEditor editor(*doc, ids);
    QVERIFY(editor.rebuildReferences(kCorpusTile));
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(consistencyError(*doc), QString());
    const auto rebuilt = core::rebuildReferences(kCorpusTile, *doc->tile(kCorpusTile), {});
    for (int i = 0; i < core::kChunksPerTile; ++i) {
        QCOMPARE(doc->tile(kCorpusTile)->chunks[std::size_t(i)].doodadRefs, rebuilt.doodads[std::size_t(i)]);
    }
    QVERIFY(!editor.rebuildReferences(kCorpusTile)); // already rebuilt: no second step
    QVERIFY(roundTrips(*doc->tile(kCorpusTile)));
    undoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == original);
}

void TestObjectEdit::corpusAddMoveRotateScaleDelete() {
    auto doc = corpusDoc();
    QVERIFY(doc);
    const io::Adt& adt = *doc->tile(kCorpusTile);
    const auto original = bytesOf(*doc, kCorpusTile);
    const std::uint32_t maxBefore = core::maxUniqueId(adt);
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    QCOMPARE(ids.maxSeen(), maxBefore);
    core::ObjectEditor editor(*doc, ids);
    const std::size_t names = adt.modelNames.size();
    const std::size_t doodads = adt.doodads.size();
    int steps = 0;

    // Add with a name already in MMDX: no new name; the chunk under it references the new entry.
    const std::string existing = adt.modelNames[3];
    const auto a = editor.addDoodad(existing, inTile(kCorpusTile, 250.0, 260.0), {0, 45, 0}, 1024);
    QVERIFY(a);
    ++steps;
    QCOMPARE(a->uniqueId, maxBefore + 1);
    QCOMPARE(a->tile, kCorpusTile);
    QCOMPARE(adt.doodads.size(), doodads + 1);
    QCOMPARE(adt.modelNames.size(), names);
    QCOMPARE(adt.doodads.back().nameIndex, 3u);
    QCOMPARE(adt.doodads.back().uniqueId, a->uniqueId);
    const auto aIndex = std::uint32_t(adt.doodads.size() - 1);
    const glm::dvec3 aPos = core::toDvec(adt.doodads.back().position);
    QCOMPARE(chunksReferencing(adt, ObjectKind::Doodad, aIndex),
             (std::set<int>{core::placementChunk(aPos).index()}));
    // A new name goes to the end of MMDX (case-insensitive match otherwise).
    const auto b = editor.addDoodad(kBush, inTile(kCorpusTile, 100.0, 100.0));
    QVERIFY(b);
    ++steps;
    QCOMPARE(adt.modelNames.size(), names + 1);
    QCOMPARE(adt.modelNames.back(), kBush);
    QVERIFY(editor.addDoodad(QString::fromStdString(kBush).toUpper().toStdString(),
                             inTile(kCorpusTile, 120.0, 100.0)));
    ++steps;
    QCOMPARE(adt.modelNames.size(), names + 1);
    QCOMPARE(consistencyError(*doc), QString());

    // Move: the position follows (world -> placement), refs follow the new box exactly.
    const ObjectRef first{kCorpusTile, ObjectKind::Doodad, adt.doodads[10].uniqueId};
    const io::DoodadPlacement before10 = adt.doodads[10];
    auto moved = editor.move({first}, {10.0, -5.0, 2.0}); // 10 yd north, 5 yd east, 2 yd up
    ++steps;
    QCOMPARE(moved.size(), std::size_t(1));
    QCOMPARE(moved[0].uniqueId, first.uniqueId);
    const io::DoodadPlacement& after10 = adt.doodads[10];
    QCOMPARE(after10.uniqueId, before10.uniqueId);
    QCOMPARE(after10.position.x, float(double(before10.position.x) + 5.0));
    QCOMPARE(after10.position.y, float(double(before10.position.y) + 2.0));
    QCOMPARE(after10.position.z, float(double(before10.position.z) - 10.0));
    QCOMPARE(after10.rotation, before10.rotation);
    QCOMPARE(after10.scale, before10.scale);
    const auto box10 = core::doodadBounds(after10, adt.modelNames[after10.nameIndex], {});
    QCOMPARE(chunksReferencing(adt, ObjectKind::Doodad, 10),
             spanChunks(core::chunksOverlapped(kCorpusTile, box10)));
    QCOMPARE(doc->undoStack()->count(), steps);

    // Rotate (heading) and scale a selection of two doodads in one step each.
    const ObjectRef second{kCorpusTile, ObjectKind::Doodad, adt.doodads[20].uniqueId};
    const float heading20 = adt.doodads[20].rotation.y;
    editor.rotate({first, second}, {0.0, 90.0, 0.0});
    ++steps;
    QCOMPARE(adt.doodads[10].rotation.y, core::addDegrees(before10.rotation.y, 90.0));
    QCOMPARE(adt.doodads[20].rotation.y, core::addDegrees(heading20, 90.0));
    QCOMPARE(adt.doodads[10].rotation.x, before10.rotation.x);
    const std::uint16_t scale20 = adt.doodads[20].scale;
    editor.scale({first, second}, 2.0);
    ++steps;
    QCOMPARE(adt.doodads[10].scale, core::scaleFromFactor(2.0 * core::scaleFactor(before10.scale)));
    QCOMPARE(adt.doodads[20].scale, core::scaleFromFactor(2.0 * core::scaleFactor(scale20)));
    editor.scale({first}, 1e6);
    ++steps;
    QCOMPARE(adt.doodads[10].scale, core::kScaleMax);
    // A bigger doodad is referenced by more chunks (its stand-in box: 2 yd * 64 = 128 yd).
    const auto big = core::doodadBounds(adt.doodads[10], adt.modelNames[adt.doodads[10].nameIndex], {});
    QCOMPARE(chunksReferencing(adt, ObjectKind::Doodad, 10),
             spanChunks(core::chunksOverlapped(kCorpusTile, big)));
    QVERIFY(chunksReferencing(adt, ObjectKind::Doodad, 10).size() >= 9);
    QCOMPARE(doc->undoStack()->count(), steps);

    // WMO: add one, move one of Blizzard's.
    const auto house = editor.addWmo(kHouse, inTile(kCorpusTile, 300.0, 400.0), {0, 30, 0},
                                     core::Box3{{-20, -10, -2}, {20, 10, 15}});
    QVERIFY(house);
    ++steps;
    QCOMPARE(adt.wmoNames.back(), kHouse);
    const io::MapObjectPlacement& h = adt.mapObjects.back();
    QVERIFY(h.extentsMin.x < h.position.x && h.extentsMax.x > h.position.x);
    QCOMPARE(chunksReferencing(adt, ObjectKind::Wmo, std::uint32_t(adt.mapObjects.size() - 1)),
             spanChunks(core::chunksOverlapped(kCorpusTile, core::extentsOf(h))));
    const io::MapObjectPlacement w5 = adt.mapObjects[5];
    editor.move({{kCorpusTile, ObjectKind::Wmo, w5.uniqueId}}, {-3.0, 4.0, 0.0});
    ++steps;
    const io::MapObjectPlacement& w5after = adt.mapObjects[5];
    // Moving keeps the extents' size relative to the position (translated, not recomputed).
    QCOMPARE(w5after.extentsMin.x, float(double(w5.extentsMin.x) - 4.0));
    QCOMPARE(w5after.extentsMax.z, float(double(w5.extentsMax.z) + 3.0));
    QCOMPARE(w5after.extentsMin.y, w5.extentsMin.y);
    QCOMPARE(w5after.scale, w5.scale);
    QCOMPARE(consistencyError(*doc), QString());

    // Delete: entries go, later refs are renumbered, names stay.
    const std::uint32_t uid30 = adt.doodads[30].uniqueId;
    const std::uint32_t uid31 = adt.doodads[31].uniqueId;
    const std::set<int> chunks31 = chunksReferencing(adt, ObjectKind::Doodad, 31);
    const std::size_t doodadsNow = adt.doodads.size();
    const std::size_t wmosNow = adt.mapObjects.size();
    const std::size_t wmoNames = adt.wmoNames.size();
    QCOMPARE(editor.remove({{kCorpusTile, ObjectKind::Doodad, uid30},
                            *b,
                            {kCorpusTile, ObjectKind::Doodad, uid30},
                            {kCorpusTile, ObjectKind::Wmo, w5.uniqueId}}),
             3);
    ++steps;
    QCOMPARE(adt.doodads.size(), doodadsNow - 2);
    QCOMPARE(adt.mapObjects.size(), wmosNow - 1);
    QCOMPARE(adt.wmoNames.size(), wmoNames);
    QCOMPARE(adt.modelNames.size(), names + 1);
    QVERIFY(!core::findEntry(adt, ObjectKind::Doodad, uid30));
    QCOMPARE(*core::findEntry(adt, ObjectKind::Doodad, uid31), 30u);
    QCOMPARE(chunksReferencing(adt, ObjectKind::Doodad, 30), chunks31);
    QCOMPARE(consistencyError(*doc), QString());
    QCOMPARE(doc->undoStack()->count(), steps);
    QVERIFY(core::findDuplicateIds(*doc).empty());

    // Undo all: byte-identical; redo all: the edited bytes; the edited tile round-trips.
    const auto edited = bytesOf(*doc, kCorpusTile);
    QVERIFY(roundTrips(adt));
    undoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == original);
    redoAll(*doc);
    QVERIFY(bytesOf(*doc, kCorpusTile) == edited);
}

void TestObjectEdit::uniqueIdsUniqueAfterManyAdds() {
    auto doc = corpusDoc();
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    const std::uint32_t maxBefore = ids.maxSeen();
    core::ObjectEditor editor(*doc, ids);
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> along(1.0, core::kTileSize - 1.0);
    std::set<std::uint32_t> added;
    for (int i = 0; i < 300; ++i) {
        const glm::dvec3 p = inTile(kCorpusTile, along(rng), along(rng));
        const auto ref = i % 3 == 0 ? editor.addWmo(kHouse, p) : editor.addDoodad(i % 2 ? kTree : kBush, p);
        QVERIFY(ref);
        QVERIFY(ref->uniqueId > maxBefore);
        QVERIFY(added.insert(ref->uniqueId).second);
    }
    QVERIFY(core::findDuplicateIds(*doc).empty());
    QCOMPARE(consistencyError(*doc), QString());
    // Undone adds do not give their ids back.
    for (int i = 0; i < 10; ++i) {
        doc->undoStack()->undo();
    }
    const auto again = editor.addDoodad(kTree, inTile(kCorpusTile, 10.0, 10.0));
    QVERIFY(again);
    QVERIFY(!added.count(again->uniqueId));
    QVERIFY(again->uniqueId > *added.rbegin());
}

void TestObjectEdit::duplicatesReported() {
    auto doc = corpusDoc();
    QVERIFY(core::findDuplicateIds(*doc).empty()); // Blizzard's tile has none
    tests::setUpTile(*doc, kCorpusTile, [](io::Adt& adt) {
        adt.doodads[7].uniqueId = adt.doodads[2].uniqueId;      // two doodads, one tile
        adt.mapObjects[4].uniqueId = adt.doodads[100].uniqueId; // a doodad and a WMO
    });
    const io::Adt& adt = *doc->tile(kCorpusTile);
    const auto dups = core::findDuplicateIds(*doc);
    QCOMPARE(dups.size(), std::size_t(2));
    std::set<std::uint32_t> reported{dups[0].uniqueId, dups[1].uniqueId};
    QVERIFY(reported.count(adt.doodads[2].uniqueId));
    QVERIFY(reported.count(adt.doodads[100].uniqueId));
    for (const auto& d : dups) {
        QCOMPARE(d.uses.size(), std::size_t(2));
        if (d.uniqueId == adt.doodads[2].uniqueId) {
            QCOMPARE(d.uses[0], (core::ObjectLocation{kCorpusTile, ObjectKind::Doodad, 2}));
            QCOMPARE(d.uses[1], (core::ObjectLocation{kCorpusTile, ObjectKind::Doodad, 7}));
        }
    }

    // Copies of one object in two tiles are not duplicates; copies that differ are.
    auto hills = tests::hillsMap({{32, 32}, {33, 32}});
    core::UniqueIdAllocator ids;
    core::ObjectEditor editor(*hills, ids);
    const auto w = editor.addWmo(kHouse, inTile({32, 32}, core::kTileSize - 5.0, 100.0), {},
                                 core::Box3{{-20, -20, 0}, {20, 20, 10}});
    QVERIFY(w);
    QCOMPARE(core::tilesHolding(*hills, ObjectKind::Wmo, w->uniqueId).size(), std::size_t(2));
    QVERIFY(core::findDuplicateIds(*hills).empty());
    tests::setUpTile(*hills, {33, 32}, [](io::Adt& adt) { adt.mapObjects[0].position.y += 1.0f; });
    QCOMPARE(core::findDuplicateIds(*hills).size(), std::size_t(1));
}

// A generated tile holding one tree (uniqueId `id`) 100 yd into it, referenced from its chunk.
static io::Adt tileWithOneTree(TileCoord tile, std::uint32_t id) {
    core::TileSpec spec;
    spec.tileX = tile.x;
    spec.tileY = tile.y;
    io::Adt adt = core::createTile(spec);
    adt.modelNames = {kTree};
    io::DoodadPlacement d;
    d.uniqueId = id;
    d.position = core::toVec3f(core::worldToPlacement(inTile(tile, 100, 100)));
    adt.doodads.push_back(d);
    adt.chunks[core::placementChunk(core::toDvec(d.position)).index()].doodadRefs.push_back(0);
    return adt;
}

void TestObjectEdit::allocatorLearnsLaterTilesAndFallsBack() {
    auto doc = partialMap({{32, 32}, {33, 32}}, {{32, 32}}, {{{33, 32}, tileWithOneTree({33, 32}, 5000)}});
    QVERIFY(doc);
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    QCOMPARE(*ids.allocate(), 1u);
    QVERIFY(doc->loadTile({33, 32}));
    QCOMPARE(ids.maxSeen(), 5000u);
    QCOMPARE(*ids.allocate(), 5001u);
    // Ids above the maximum exhausted: the lowest id neither seen nor handed out.
    io::Adt odd;
    io::DoodadPlacement top;
    top.uniqueId = 0xFFFFFFFFu;
    odd.doodads.push_back(top);
    top.uniqueId = 2;
    odd.doodads.push_back(top);
    ids.scanTile(odd);
    QCOMPARE(*ids.allocate(), 3u);
    QCOMPARE(*ids.allocate(), 4u);
}

// The map scan learns the ids of tiles that were never loaded before the first id is handed out.
void TestObjectEdit::allocatorScansTheWholeMap() {
    auto doc = partialMap({{32, 32}, {33, 32}}, {{32, 32}}, {{{33, 32}, tileWithOneTree({33, 32}, 7000)}});
    QVERIFY(doc);
    QVERIFY(!doc->tile({33, 32}));
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    ids.scanMapInBackground(*doc);
    QCOMPARE(*ids.allocate(), 7001u);
    QVERIFY(!ids.scanning());
    QVERIFY(!doc->tile({33, 32})); // read on the side, not loaded into the document
    QCOMPARE(*ids.allocate(), 7002u);
    // A scan that is never waited for ends with the allocator.
    {
        core::UniqueIdAllocator early;
        early.scanMapInBackground(*doc);
    }
}

void TestObjectEdit::moveAcrossTileBorder() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
    auto doc = tests::hillsMap(tiles);
    std::map<TileCoord, std::vector<std::byte>> original;
    for (const auto t : tiles) {
        original[t] = bytesOf(*doc, t);
    }
    core::UniqueIdAllocator ids;
    ids.attach(*doc);
    core::ObjectEditor editor(*doc, ids);
    const TileCoord west{32, 32};
    const TileCoord east{33, 32};
    // Two doodads in the west tile, 5 yd from its east border; the first crosses it.
    auto a = editor.addDoodad(kTree, inTile(west, core::kTileSize - 5.0, 210.0));
    auto b = editor.addDoodad(kBush, inTile(west, core::kTileSize - 5.0, 250.0));
    QVERIFY(a && b);
    QCOMPARE(doc->tile(west)->doodads.size(), std::size_t(2));
    QVERIFY(doc->tile(east)->doodads.empty());
    const auto afterAdds =
        std::map<TileCoord, std::vector<std::byte>>{{west, bytesOf(*doc, west)}, {east, bytesOf(*doc, east)}};

    const auto moved = editor.move({*a}, {0.0, -10.0, 0.0}); // 10 yd east
    QCOMPARE(moved.size(), std::size_t(1));
    QCOMPARE(moved[0].tile, east);
    QCOMPARE(moved[0].uniqueId, a->uniqueId);
    const io::Adt& w = *doc->tile(west);
    const io::Adt& e = *doc->tile(east);
    QCOMPARE(w.doodads.size(), std::size_t(1));
    QCOMPARE(w.doodads[0].uniqueId, b->uniqueId); // renumbered from 1 to 0
    QCOMPARE(e.doodads.size(), std::size_t(1));
    QCOMPARE(e.doodads[0].uniqueId, a->uniqueId);
    QCOMPARE(e.modelNames, std::vector<std::string>{kTree});
    QCOMPARE(w.modelNames.size(), std::size_t(2)); // names stay
    QCOMPARE(chunksReferencing(e, ObjectKind::Doodad, 0),
             (std::set<int>{core::placementChunk(core::toDvec(e.doodads[0].position)).index()}));
    QCOMPARE(chunksReferencing(w, ObjectKind::Doodad, 0),
             (std::set<int>{core::placementChunk(core::toDvec(w.doodads[0].position)).index()}));
    QVERIFY(chunksReferencing(w, ObjectKind::Doodad, 1).empty());
    QCOMPARE(consistencyError(*doc), QString());
    QCOMPARE(core::findObject(*doc, moved[0])->doodad.uniqueId, a->uniqueId);

    // And on across the south border into the fourth tile, with the selection ref following.
    const auto moved2 = editor.move(moved, {-400.0, 0.0, 0.0});
    QCOMPARE(moved2[0].tile, (TileCoord{33, 33}));
    QVERIFY(doc->tile(east)->doodads.empty());
    QCOMPARE(doc->tile({33, 33})->doodads.size(), std::size_t(1));
    QCOMPARE(consistencyError(*doc), QString());
    QCOMPARE(doc->undoStack()->count(), 4);

    std::map<TileCoord, std::vector<std::byte>> edited;
    for (const auto t : tiles) {
        edited[t] = bytesOf(*doc, t);
        QVERIFY(roundTrips(*doc->tile(t)));
    }
    doc->undoStack()->undo();
    doc->undoStack()->undo();
    QVERIFY(bytesOf(*doc, west) == afterAdds.at(west));
    QVERIFY(bytesOf(*doc, east) == afterAdds.at(east));
    undoAll(*doc);
    for (const auto t : tiles) {
        QVERIFY2(bytesOf(*doc, t) == original[t],
                 qPrintable(QStringLiteral("tile %1_%2 after undo").arg(t.x).arg(t.y)));
    }
    redoAll(*doc);
    for (const auto t : tiles) {
        QVERIFY2(bytesOf(*doc, t) == edited[t],
                 qPrintable(QStringLiteral("tile %1_%2 after redo").arg(t.x).arg(t.y)));
    }
}

void TestObjectEdit::wmoCopiesInOverlappedTiles() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
    auto doc = tests::hillsMap(tiles);
    std::map<TileCoord, std::vector<std::byte>> original;
    for (const auto t : tiles) {
        original[t] = bytesOf(*doc, t);
    }
    core::UniqueIdAllocator ids;
    core::ObjectEditor editor(*doc, ids);
    // A 60 x 60 yd WMO centred 10 yd from the corner of four tiles: an entry in each of them.
    const auto w = editor.addWmo(kHouse, inTile({32, 32}, core::kTileSize - 10.0, core::kTileSize - 10.0), {},
                                 core::Box3{{-30, -30, 0}, {30, 30, 20}});
    QVERIFY(w);
    QCOMPARE(w->tile, (TileCoord{32, 32}));
    std::vector<TileCoord> sorted = tiles;
    std::sort(sorted.begin(), sorted.end());
    QCOMPARE(core::tilesHolding(*doc, ObjectKind::Wmo, w->uniqueId), sorted);
    for (const auto t : tiles) {
        const io::Adt& adt = *doc->tile(t);
        QCOMPARE(adt.mapObjects.size(), std::size_t(1));
        QCOMPARE(adt.wmoNames, std::vector<std::string>{kHouse});
        QCOMPARE(chunksReferencing(adt, ObjectKind::Wmo, 0),
                 spanChunks(core::chunksOverlapped(t, core::extentsOf(adt.mapObjects[0]))));
    }
    QVERIFY(core::findDuplicateIds(*doc).empty());
    QCOMPARE(consistencyError(*doc), QString());
    // Moved 100 yd north-west: only the north-west tile keeps it; every copy is updated or gone.
    const auto moved = editor.move({*w}, {100.0, 100.0, 0.0});
    QCOMPARE(moved[0].tile, (TileCoord{32, 32}));
    QCOMPARE(core::tilesHolding(*doc, ObjectKind::Wmo, w->uniqueId), (std::vector<TileCoord>{{32, 32}}));
    QCOMPARE(consistencyError(*doc), QString());
    // Deleting removes every copy.
    editor.move(moved, {-100.0, -100.0, 0.0});
    QCOMPARE(core::tilesHolding(*doc, ObjectKind::Wmo, w->uniqueId).size(), std::size_t(4));
    QCOMPARE(editor.remove(moved), 1);
    QVERIFY(core::tilesHolding(*doc, ObjectKind::Wmo, w->uniqueId).empty());
    QCOMPARE(consistencyError(*doc), QString());
    undoAll(*doc);
    for (const auto t : tiles) {
        QVERIFY(bytesOf(*doc, t) == original[t]);
    }
}

void TestObjectEdit::dragIsOneUndoStep() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
    auto doc = tests::hillsMap(tiles);
    auto twin = tests::hillsMap(tiles);
    core::UniqueIdAllocator ids;
    core::UniqueIdAllocator twinIds;
    core::ObjectEditor editor(*doc, ids);
    core::ObjectEditor twinEditor(*twin, twinIds);
    const glm::dvec3 start = inTile({32, 32}, core::kTileSize - 20.0, core::kTileSize - 20.0);
    std::vector<ObjectRef> sel;
    for (auto* ed : {&editor, &twinEditor}) {
        const auto d = ed->addDoodad(kTree, start);
        const auto w =
            ed->addWmo(kHouse, start + glm::dvec3(0, 15, 0), {}, core::Box3{{-8, -8, 0}, {8, 8, 8}});
        QVERIFY(d && w);
        sel = {*d, *w};
    }
    std::map<TileCoord, std::vector<std::byte>> before;
    for (const auto t : tiles) {
        before[t] = bytesOf(*doc, t);
    }
    const int count = doc->undoStack()->count();

    // A drag wandering over all four tiles, ending 30 yd south-east of the start.
    {
        auto drag = editor.beginDrag(sel);
        for (int i = 0; i <= 60; ++i) {
            core::ObjectTransform t;
            const double a = i * 0.2;
            t.translate = {-std::sin(a) * 60.0, -std::cos(a) * 60.0 + 60.0, 0.0};
            t.rotate = {0.0, i * 3.0, 0.0};
            drag->update(t);
            QCOMPARE(consistencyError(*doc), QString());
        }
        core::ObjectTransform last;
        last.translate = {-30.0, -30.0, 0.0};
        last.rotate = {0.0, 45.0, 0.0};
        drag->update(last);
        QCOMPARE(drag->selection()[0].tile, (TileCoord{33, 33}));
        QVERIFY(drag->finish());
    }
    QCOMPARE(doc->undoStack()->count(), count + 1);
    // Same result as one transform of the final amount.
    core::ObjectTransform last;
    last.translate = {-30.0, -30.0, 0.0};
    last.rotate = {0.0, 45.0, 0.0};
    twinEditor.transform(sel, last);
    for (const auto t : tiles) {
        QVERIFY2(bytesOf(*doc, t) == bytesOf(*twin, t),
                 qPrintable(QStringLiteral("tile %1_%2").arg(t.x).arg(t.y)));
    }
    doc->undoStack()->undo();
    for (const auto t : tiles) {
        QVERIFY(bytesOf(*doc, t) == before[t]);
    }

    // Dropped where it started: no undo step, nothing changed. Cancel restores.
    {
        auto drag = editor.beginDrag(sel);
        core::ObjectTransform t;
        t.translate = {-200.0, -200.0, 0.0};
        drag->update(t);
        drag->update({});
        QVERIFY(!drag->finish());
    }
    {
        auto drag = editor.beginDrag(sel);
        core::ObjectTransform t;
        t.translate = {-200.0, -200.0, 5.0};
        drag->update(t);
        const TileCoord corner{33, 33};
        QVERIFY(bytesOf(*doc, corner) != before[corner]);
        drag->cancel();
        QCOMPARE(drag->selection(), sel);
    }
    QCOMPARE(doc->undoStack()->count(), count + 1); // the undone drag is still there to redo
    QCOMPARE(doc->undoStack()->index(), count);
    for (const auto t : tiles) {
        QVERIFY(bytesOf(*doc, t) == before[t]);
    }
    // Dragged off the loaded map: it stays at the edge of where it can go (here: where it started).
    {
        auto drag = editor.beginDrag({sel[0]});
        core::ObjectTransform t;
        t.translate = {0.0, 5000.0, 0.0};
        drag->update(t);
        QCOMPARE(drag->selection()[0], sel[0]);
        QVERIFY(!drag->finish());
    }
}

void TestObjectEdit::wmoExtentsFollowRotation() {
    auto doc = corpusDoc();
    const io::Adt& adt = *doc->tile(kCorpusTile);
    core::UniqueIdAllocator ids;
    core::ObjectEditor editor(*doc, ids);
    // Blizzard's WMO 2 (rotated -117.5 deg): a quarter turn swaps the extents' x and z sizes.
    const io::MapObjectPlacement w = adt.mapObjects[2];
    const ObjectRef ref{kCorpusTile, ObjectKind::Wmo, w.uniqueId};
    editor.rotate({ref}, {0.0, 90.0, 0.0});
    const io::MapObjectPlacement r = adt.mapObjects[2];
    QCOMPARE(r.position, w.position);
    QCOMPARE(r.rotation.y, core::addDegrees(w.rotation.y, 90.0));
    const glm::dvec3 size0 = core::toDvec(w.extentsMax) - core::toDvec(w.extentsMin);
    const glm::dvec3 size1 = core::toDvec(r.extentsMax) - core::toDvec(r.extentsMin);
    QVERIFY(std::abs(size1.x - size0.z) < 1e-3);
    QVERIFY(std::abs(size1.z - size0.x) < 1e-3);
    QVERIFY(std::abs(size1.y - size0.y) < 1e-3);
    QCOMPARE(consistencyError(*doc), QString());
    // Within one drag, turning and turning back gives the exact original extents.
    {
        auto drag = editor.beginDrag({ref});
        core::ObjectTransform t;
        t.rotate = {0.0, 33.0, 0.0};
        drag->update(t);
        QVERIFY(adt.mapObjects[2].extentsMin != r.extentsMin);
        drag->update({});
        QCOMPARE(adt.mapObjects[2], r);
        QVERIFY(!drag->finish());
    }
    // The spec's rotation about the up axis: extents of a turned WMO keep their height.
    editor.rotate({ref}, {0.0, 45.0, 0.0});
    QCOMPARE(adt.mapObjects[2].extentsMin.y, r.extentsMin.y);
    QCOMPARE(adt.mapObjects[2].extentsMax.y, r.extentsMax.y);
    // Scaling a WMO changes nothing (MODF scale is padding in WotLK).
    const io::MapObjectPlacement turned = adt.mapObjects[2];
    editor.scale({ref}, 3.0);
    QCOMPARE(adt.mapObjects[2], turned);
}

void TestObjectEdit::modelBoundsDriveReferences() {
    auto doc = tests::hillsMap({{32, 32}});
    core::UniqueIdAllocator ids;
    core::ObjectEditSettings settings;
    const core::Box3 treeBox{{-20, -3, 0}, {20, 3, 30}}; // model space (z up): long along its x axis
    settings.bounds.modelBounds = [&](ObjectKind kind, const std::string& name) -> std::optional<core::Box3> {
        if (core::sameModelName(name, kind == ObjectKind::Doodad ? kTree : kHouse)) {
            return treeBox;
        }
        return std::nullopt;
    };
    core::ObjectEditor editor(*doc, ids, settings);
    const TileCoord t{32, 32};
    const glm::dvec3 centre = inTile(t, 8.5 * core::kChunkSize, 8.5 * core::kChunkSize);
    const auto tree = editor.addDoodad(kTree, centre);
    const auto bush = editor.addDoodad(kBush, centre);
    QVERIFY(tree && bush);
    const io::Adt& adt = *doc->tile(t);
    // Unrotated, the model's x axis lies along placement z (north-south): 3 chunks in a column.
    QCOMPARE(chunksReferencing(adt, ObjectKind::Doodad, 0),
             (std::set<int>{7 * 16 + 8, 8 * 16 + 8, 9 * 16 + 8}));
    QCOMPARE(chunksReferencing(adt, ObjectKind::Doodad, 1), (std::set<int>{8 * 16 + 8})); // stand-in box
    // Turned a quarter about the up axis, it spans three chunks west-east instead.
    editor.rotate({*tree}, {0.0, 90.0, 0.0});
    QCOMPARE(chunksReferencing(adt, ObjectKind::Doodad, 0),
             (std::set<int>{8 * 16 + 7, 8 * 16 + 8, 8 * 16 + 9}));
    // WMO extents come from the model's box, placed exactly (no growth from repeated turns).
    const auto house = editor.addWmo(kHouse, centre, {0, 0, 0});
    QVERIFY(house);
    const auto placed =
        core::transformBox(treeBox, core::placementRotation({0, 0, 0}), core::worldToPlacement(centre));
    QCOMPARE(adt.mapObjects[0].extentsMin, core::toVec3f(placed.min));
    for (int i = 0; i < 8; ++i) {
        editor.rotate({*house}, {0.0, 45.0, 0.0});
    }
    QVERIFY(glm::length(core::toDvec(adt.mapObjects[0].extentsMin) - placed.min) < 1e-3);
    QVERIFY(glm::length(core::toDvec(adt.mapObjects[0].extentsMax) - placed.max) < 1e-3);
    QCOMPARE(consistencyError(*doc), QString());
}

void TestObjectEdit::overlappedTilesAreLoaded() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}};
    const glm::dvec3 nearBorder = inTile({32, 32}, core::kTileSize - 5.0, 100.0);
    const core::Box3 local{{-20, -20, 0}, {20, 20, 10}};
    {
        auto doc = partialMap(tiles, {{32, 32}});
        QVERIFY(doc);
        core::UniqueIdAllocator ids;
        ids.attach(*doc);
        core::ObjectEditor editor(*doc, ids);
        const auto w = editor.addWmo(kHouse, nearBorder, {}, local);
        QVERIFY(w);
        QVERIFY(doc->tile({33, 32})); // loaded to receive its copy
        QCOMPARE(core::tilesHolding(*doc, ObjectKind::Wmo, w->uniqueId), tiles);
        QCOMPARE(consistencyError(*doc), QString());
        // Moving onto the tile that was not loaded at first keeps working across it.
        const auto moved = editor.move({*w}, {0.0, -200.0, 0.0});
        QCOMPARE(moved[0].tile, (TileCoord{33, 32}));
        QCOMPARE(core::tilesHolding(*doc, ObjectKind::Wmo, w->uniqueId), (std::vector<TileCoord>{{33, 32}}));
    }
    {
        auto doc = partialMap(tiles, {{32, 32}});
        core::UniqueIdAllocator ids;
        core::ObjectEditSettings settings;
        settings.loadOverlappedTiles = false;
        core::ObjectEditor editor(*doc, ids, settings);
        const auto w = editor.addWmo(kHouse, nearBorder, {}, local);
        QVERIFY(w);
        QVERIFY(!doc->tile({33, 32}));
        QCOMPARE(core::tilesHolding(*doc, ObjectKind::Wmo, w->uniqueId), (std::vector<TileCoord>{{32, 32}}));
        // Nowhere to go: a position on an unloaded tile is refused.
        QVERIFY(!editor.addDoodad(kTree, inTile({33, 32}, 100.0, 100.0)));
    }
}

QTEST_GUILESS_MAIN(TestObjectEdit)
#include "test_object_edit.moc"
