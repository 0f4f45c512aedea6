// The .wdl follows the saved tiles: after a height stroke through MapDocument and a save, the entry of
// the edited tile holds the tile's heights at the sampled points; holes cut with the hole brush reach
// MAHO; a map without a .wdl gets one with every listed tile; other entries and chunks are kept; Save As,
// split maps, new maps and Export Patch carry the regenerated file; a tile that cannot be read stops the
// save before anything is written.

#include "core/convert/export_patch.h"
#include "core/convert/new_map.h"
#include "core/convert/wdl_builder.h"
#include "core/convert/wdl_rebuild.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/attribute_strokes.h"
#include "core/edit/height_stroke.h"
#include "io/assets/asset_source.h"
#include "io/binary/file_io.h"
#include "io/wdl/wdl.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>

using namespace mapsmith;
using core::TileCoord;

namespace {

core::HeightBrushSettings raise(double radius, double strength) {
    core::HeightBrushSettings s;
    s.brush.radius = radius;
    s.brush.strength = strength;
    s.mode = core::HeightMode::RaiseLower;
    return s;
}

// The world point of WDL point (row, col) of tile t (1/16 tile steps), nudged 1e-4 yd into the tile.
glm::dvec2 samplePoint(TileCoord t, double row, double col) {
    const double nudgeRow = row >= 16.0 ? -1e-4 : 1e-4;
    const double nudgeCol = col >= 16.0 ? -1e-4 : 1e-4;
    return core::tileOrigin(t) -
           glm::dvec2(row * core::kChunkSize + nudgeRow, col * core::kChunkSize + nudgeCol);
}

// Largest distance (yards) between an entry's points and the document's terrain at their places.
double worstDistance(const core::MapDocument& doc, TileCoord t, const io::WdlTile& entry) {
    double worst = 0.0;
    for (int row = 0; row <= 16; ++row) {
        for (int col = 0; col <= 16; ++col) {
            const auto h = doc.heightAt(samplePoint(t, row, col));
            worst = std::max(worst, h ? std::abs(entry.outer[std::size_t(row * 17 + col)] - *h) : 1e9);
        }
    }
    for (int row = 0; row < 16; ++row) {
        for (int col = 0; col < 16; ++col) {
            const auto h = doc.heightAt(samplePoint(t, row + 0.5, col + 0.5));
            worst = std::max(worst, h ? std::abs(entry.inner[std::size_t(row * 16 + col)] - *h) : 1e9);
        }
    }
    return worst;
}

io::Wdl readWdlOf(const core::MemoryMapSource& source) {
    if (!source.wdlBytes()) {
        qFatal("the source has no .wdl");
    }
    auto wdl = io::readWdl(*source.wdlBytes());
    if (!wdl) {
        qFatal("%s", wdl.error().describe().c_str());
    }
    return std::move(wdl.value());
}

io::Wdl readWdlFile(const QString& path) {
    auto bytes = io::readFileBytes(path.toStdString());
    if (!bytes) {
        qFatal("%s", bytes.error().describe().c_str());
    }
    auto wdl = io::readWdl(*bytes);
    if (!wdl) {
        qFatal("%s", wdl.error().describe().c_str());
    }
    return std::move(wdl.value());
}

io::WdlTile patternEntry(std::int16_t base) {
    io::WdlTile t;
    t.outer.fill(base);
    t.inner.fill(std::int16_t(base + 1));
    return t;
}

core::MemoryMapSource& memoryOf(core::MapDocument& doc) {
    return static_cast<core::MemoryMapSource&>(doc.source());
}

core::NewMapSpec hillsSpec(const QString& dir, const QString& name, std::vector<TileCoord> tiles) {
    core::NewMapSpec spec;
    spec.directory = dir;
    spec.name = name;
    spec.tiles = std::move(tiles);
    spec.terrain = core::NewMapSpec::Terrain::Hills;
    spec.baseHeight = 30.0f;
    return spec;
}

} // namespace

class TestWdlSave : public QObject {
    Q_OBJECT
private slots:
    void heightStrokeReachesTheWdlOnSave();
    void onlySavedEntriesChangeTheRestIsKept();
    void holesCutWithTheBrushGoToMaho();
    void unreadableTileStopsTheSaveBeforeWriting();
    void saveAsWritesTheWdlToTheTarget();
    void newMapHasAWdlOfItsTiles();
    void folderSaveKeepsBakAndRebuildsAMissingWdl();
    void splitMapSavesOneWdl();
    void rebuildCountsChangedEntries();
    void exportPatchCarriesTheRegeneratedWdl();
};

void TestWdlSave::heightStrokeReachesTheWdlOnSave() {
    const std::vector<TileCoord> tiles{{32, 32}, {33, 32}, {32, 33}};
    auto doc = tests::hillsMap(tiles);
    QVERIFY(doc);
    QVERIFY(!memoryOf(*doc).wdlBytes()); // the map has no .wdl yet
    const io::WdlTile before = core::buildWdlTile(*doc->tile({32, 32}));

    core::HeightStroke stroke(*doc, raise(60.0, 25.0));
    for (int i = 0; i < 6; ++i) {
        stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(150.0 + 30.0 * i, 200.0));
    }
    QVERIFY(stroke.finish());
    const auto report = doc->save();
    QVERIFY2(report.ok, qPrintable(report.error));
    QCOMPARE(report.saved.size(), std::size_t(1));
    QCOMPARE(memoryOf(*doc).wdlWriteCount(), 1);

    const io::Wdl wdl = readWdlOf(memoryOf(*doc));
    QCOMPARE(wdl.tiles.size(), tiles.size()); // every listed tile got an entry
    for (const TileCoord t : tiles) {
        const io::WdlTile* entry = wdl.tile(t.x, t.y);
        QVERIFY(entry);
        const double worst = worstDistance(*doc, t, *entry);
        QVERIFY2(worst <= 0.5 + 1e-6,
                 qPrintable(QString("tile %1_%2: %3 yd off").arg(t.x).arg(t.y).arg(worst)));
    }
    // The stroke raised the terrain under it by tens of yards: the entry moved with it.
    const io::WdlTile& after = *wdl.tile(32, 32);
    int raised = 0;
    for (std::size_t i = 0; i < after.outer.size(); ++i) {
        raised += after.outer[i] >= before.outer[i] + 10 ? 1 : 0;
    }
    QVERIFY2(raised >= 4, qPrintable(QString("%1 outer points raised").arg(raised)));
    QVERIFY(after.outer != before.outer);

    // Nothing to save: the .wdl is not written again.
    QVERIFY(doc->save().ok);
    QCOMPARE(memoryOf(*doc).wdlWriteCount(), 1);
}

void TestWdlSave::onlySavedEntriesChangeTheRestIsKept() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    QVERIFY(doc);
    io::Wdl stale;
    stale.beforeMaof.push_back({io::chunk::MWMO, {std::byte{'w'}, std::byte{0}}, -1});
    stale.setTile(32, 32, patternEntry(-7));
    stale.setTile(33, 32, patternEntry(11));
    stale.setTile(5, 5, patternEntry(99)); // a tile the WDT does not list
    stale.afterMaof.push_back({io::FourCC("XTRA"), {std::byte{1}, std::byte{2}}, 32 * 64 + 32});
    QVERIFY(memoryOf(*doc).writeWdl(io::writeWdl(stale)));

    core::HeightStroke stroke(*doc, raise(30.0, 4.0));
    stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    QVERIFY(stroke.finish());
    const auto report = doc->save();
    QVERIFY2(report.ok, qPrintable(report.error));

    const io::Wdl wdl = readWdlOf(memoryOf(*doc));
    QVERIFY(*wdl.tile(32, 32) == core::buildWdlTile(*doc->tile({32, 32}))); // regenerated
    QVERIFY(*wdl.tile(33, 32) == patternEntry(11));                         // not saved: kept
    QVERIFY(*wdl.tile(5, 5) == patternEntry(99));                           // not in the map: kept
    QVERIFY(wdl.beforeMaof == stale.beforeMaof);
    QVERIFY(wdl.afterMaof == stale.afterMaof);
}

void TestWdlSave::holesCutWithTheBrushGoToMaho() {
    auto doc = tests::hillsMap({{20, 20}});
    QVERIFY(doc);
    // A 20-yard brush at the centre of chunk (6, 9) covers its 16 cells (centres within 17.7 yd) and no
    // cell of its neighbours (centres 20.8 yd and more away).
    const core::ChunkCoord target{{20, 20}, 6, 9};
    core::HoleBrushSettings settings;
    settings.brush.radius = 20.0;
    settings.mode = core::HoleMode::Cut;
    core::HoleStroke stroke(*doc, settings);
    stroke.dab(core::chunkOrigin(target) - glm::dvec2(core::kChunkSize / 2.0));
    QVERIFY(stroke.finish());
    QCOMPARE(doc->chunk(target)->holesLowRes, std::uint16_t(0xFFFF));
    QVERIFY(doc->save().ok);

    const io::Wdl wdl = readWdlOf(memoryOf(*doc));
    const io::WdlTile* entry = wdl.tile(20, 20);
    QVERIFY(entry && entry->holes);
    std::array<std::uint16_t, 16> expected{};
    expected[6] = std::uint16_t(1u << 9);
    QVERIFY(*entry->holes == expected);

    // Filled again: the bit goes, the MAHO stays (all zero).
    settings.mode = core::HoleMode::Remove;
    core::HoleStroke fill(*doc, settings);
    fill.dab(core::chunkOrigin(target) - glm::dvec2(core::kChunkSize / 2.0));
    QVERIFY(fill.finish());
    QVERIFY(doc->save().ok);
    const io::Wdl after = readWdlOf(memoryOf(*doc)); // kept: tile() points into it
    const io::WdlTile* filled = after.tile(20, 20);
    QVERIFY(filled && filled->holes);
    QVERIFY(*filled->holes == (std::array<std::uint16_t, 16>{}));
}

void TestWdlSave::unreadableTileStopsTheSaveBeforeWriting() {
    io::Wdt wdt;
    wdt.flags = io::mphd_flags::BigAlpha;
    wdt.setTile(32, 32, true);
    wdt.setTile(40, 40, true); // listed, its file damaged
    wdt.setTile(41, 41, true); // listed, no file: no entry, the save goes on
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Broken"), io::writeWdt(wdt));
    auto* memory = source.get();
    source->setTile({40, 40}, std::vector<std::byte>(64, std::byte{0x4D}));
    {
        auto hills = tests::hillsMap({{32, 32}});
        QVERIFY(hills);
        source->setTile({32, 32}, io::writeAdt(*hills->tile({32, 32})));
    }
    auto opened = core::MapDocument::open(std::move(source));
    QVERIFY(opened);
    auto& doc = *opened.value();
    QVERIFY(doc.loadTile({32, 32}));
    core::HeightStroke stroke(doc, raise(30.0, 4.0));
    stroke.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    QVERIFY(stroke.finish());
    const auto before = *memory->tileBytes({32, 32});
    const auto report = doc.save();
    QVERIFY(!report.ok);
    QVERIFY2(report.error.contains(QStringLiteral("40_40")), qPrintable(report.error));
    QVERIFY(report.saved.empty());
    QCOMPARE(memory->writeCount(), 0);
    QCOMPARE(memory->wdlWriteCount(), 0);
    QVERIFY(*memory->tileBytes({32, 32}) == before);
    QVERIFY(doc.isModified());

    // Without the damaged tile, the missing one only goes without an entry.
    wdt.setTile(40, 40, false);
    QVERIFY(memory->writeWdt(io::writeWdt(wdt)));
    auto reopened = core::MapDocument::open(std::make_unique<core::MemoryMapSource>(*memory));
    QVERIFY(reopened);
    auto& again = *reopened.value();
    QVERIFY(again.loadTile({32, 32}));
    core::HeightStroke second(again, raise(30.0, 4.0));
    second.moveTo(core::tileOrigin({32, 32}) - glm::dvec2(100.0));
    QVERIFY(second.finish());
    const auto saved = again.save();
    QVERIFY2(saved.ok, qPrintable(saved.error));
    auto& written = static_cast<core::MemoryMapSource&>(again.source());
    QVERIFY(written.wdlBytes());
    auto wdl = io::readWdl(*written.wdlBytes());
    QVERIFY(wdl);
    QVERIFY(wdl->tile(32, 32));
    QVERIFY(!wdl->tile(41, 41));
}

void TestWdlSave::saveAsWritesTheWdlToTheTarget() {
    auto doc = tests::hillsMap({{32, 32}, {33, 32}});
    QVERIFY(doc);
    io::Wdl old;
    old.beforeMaof.push_back({io::chunk::MWMO, {}, -1});
    old.setTile(32, 32, patternEntry(1));
    QVERIFY(memoryOf(*doc).writeWdl(io::writeWdl(old)));
    auto target = std::make_unique<core::MemoryMapSource>(QStringLiteral("Copy"), std::vector<std::byte>{});
    auto* copy = target.get();
    const auto report = doc->saveAs(std::move(target));
    QVERIFY2(report.ok, qPrintable(report.error));
    const io::Wdl wdl = readWdlOf(*copy);
    QCOMPARE(wdl.tiles.size(), std::size_t(2));
    for (const TileCoord t : {TileCoord{32, 32}, TileCoord{33, 32}}) {
        QVERIFY(*wdl.tile(t.x, t.y) == core::buildWdlTile(*doc->tile(t)));
    }
    QVERIFY(wdl.beforeMaof == old.beforeMaof); // the source's other chunks go along
}

void TestWdlSave::newMapHasAWdlOfItsTiles() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    for (const auto terrain : {core::NewMapSpec::Terrain::Hills, core::NewMapSpec::Terrain::Demo}) {
        auto spec = hillsSpec(tmp.filePath(terrain == core::NewMapSpec::Terrain::Demo ? "demo" : "hills"),
                              QStringLiteral("Fresh"), {{7, 8}, {8, 8}});
        spec.terrain = terrain;
        const auto created = core::createMap(spec);
        QVERIFY2(created, created ? "" : created.error().describe().c_str());
        const QString wdlPath = QDir(spec.directory).filePath(QStringLiteral("Fresh.wdl"));
        QVERIFY(created->writtenPaths.contains(wdlPath));
        const io::Wdl wdl = readWdlFile(wdlPath);
        QCOMPARE(wdl.tiles.size(), std::size_t(2));
        QCOMPARE(wdl.beforeMaof.size(), std::size_t(3)); // empty MWMO, MWID, MODF
        auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(created->wdtPath));
        QVERIFY(doc);
        for (const TileCoord t : spec.tiles) {
            auto loaded = doc.value()->loadTile(t);
            QVERIFY(loaded);
            QVERIFY(*wdl.tile(t.x, t.y) == core::buildWdlTile(*loaded.value()));
        }
    }
}

void TestWdlSave::folderSaveKeepsBakAndRebuildsAMissingWdl() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const auto spec = hillsSpec(tmp.path(), QStringLiteral("Isle"), {{30, 30}, {31, 30}});
    const auto created = core::createMap(spec);
    QVERIFY(created);
    const QString wdlPath = tmp.filePath(QStringLiteral("Isle.wdl"));
    const io::Wdl original = readWdlFile(wdlPath);

    auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(created->wdtPath));
    QVERIFY(doc);
    QVERIFY(doc.value()->loadTile({31, 30}));
    core::HeightStroke stroke(*doc.value(), raise(40.0, 30.0));
    stroke.moveTo(core::tileOrigin({31, 30}) - glm::dvec2(260.0));
    QVERIFY(stroke.finish());
    QVERIFY(doc.value()->save().ok);
    QVERIFY(QFileInfo::exists(wdlPath + QStringLiteral(".bak")));
    QVERIFY(readWdlFile(wdlPath + QStringLiteral(".bak")) == original);
    const io::Wdl saved = readWdlFile(wdlPath);
    QVERIFY(*saved.tile(30, 30) == *original.tile(30, 30));
    QVERIFY(*saved.tile(31, 30) != *original.tile(31, 30));
    QVERIFY(worstDistance(*doc.value(), {31, 30}, *saved.tile(31, 30)) <= 0.5 + 1e-6);

    // Without a .wdl the next save builds one with every tile (30_30 read from disk for it).
    QVERIFY(QFile::remove(wdlPath));
    QVERIFY(QFile::remove(wdlPath + QStringLiteral(".bak")));
    core::HeightStroke more(*doc.value(), raise(40.0, 5.0));
    more.moveTo(core::tileOrigin({31, 30}) - glm::dvec2(100.0));
    QVERIFY(more.finish());
    QVERIFY(doc.value()->save().ok);
    const io::Wdl rebuilt = readWdlFile(wdlPath);
    QCOMPARE(rebuilt.tiles.size(), std::size_t(2));
    QVERIFY(*rebuilt.tile(30, 30) == *original.tile(30, 30));
    QVERIFY(*rebuilt.tile(31, 30) == core::buildWdlTile(*doc.value()->tile({31, 30})));

    // A damaged .wdl is replaced (kept as .bak) by one built from every tile.
    QVERIFY(io::writeFileBytes(wdlPath.toStdString(), std::vector<std::byte>(10, std::byte{'x'})));
    core::HeightStroke third(*doc.value(), raise(40.0, 5.0));
    third.moveTo(core::tileOrigin({31, 30}) - glm::dvec2(300.0));
    QVERIFY(third.finish());
    QVERIFY(doc.value()->save().ok);
    QCOMPARE(readWdlFile(wdlPath).tiles.size(), std::size_t(2));
    QCOMPARE(QFileInfo(wdlPath + QStringLiteral(".bak")).size(), qint64(10));
}

void TestWdlSave::splitMapSavesOneWdl() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    auto doc = tests::hillsMap({{12, 12}, {13, 12}});
    QVERIFY(doc);
    QVERIFY(QDir().mkpath(tmp.filePath(QStringLiteral("split"))));
    const QString wdtPath = tmp.filePath(QStringLiteral("split/Test.wdt"));
    const auto report =
        doc->saveAs(std::make_unique<core::FolderMapSource>(wdtPath, core::TileLayout::Split));
    QVERIFY2(report.ok, qPrintable(report.error));
    QVERIFY(QFileInfo::exists(tmp.filePath(QStringLiteral("split/Test_12_12_tex0.adt"))));
    const io::Wdl first = readWdlFile(tmp.filePath(QStringLiteral("split/Test.wdl")));
    QCOMPARE(first.tiles.size(), std::size_t(2));

    core::HeightStroke stroke(*doc, raise(30.0, 20.0));
    stroke.moveTo(core::tileOrigin({13, 12}) - glm::dvec2(120.0));
    QVERIFY(stroke.finish());
    QVERIFY(doc->save().ok);
    const io::Wdl saved = readWdlFile(tmp.filePath(QStringLiteral("split/Test.wdl")));
    QVERIFY(*saved.tile(13, 12) == core::buildWdlTile(*doc->tile({13, 12})));
    QVERIFY(*saved.tile(13, 12) != *first.tile(13, 12));
    QVERIFY(*saved.tile(12, 12) == *first.tile(12, 12));
    QCOMPARE(QDir(tmp.filePath(QStringLiteral("split"))).entryList({QStringLiteral("*.wdl")}).size(), 1);
}

void TestWdlSave::rebuildCountsChangedEntries() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const auto created = core::createMap(hillsSpec(tmp.path(), QStringLiteral("Re"), {{3, 4}, {4, 4}}));
    QVERIFY(created);
    // Up to date: nothing changes, nothing is written.
    auto same = core::rebuildWdl(created->wdtPath);
    QVERIFY2(same, same ? "" : same.error().describe().c_str());
    QCOMPARE(same->tiles, 2);
    QVERIFY(same->changed.empty());
    QVERIFY(!same->written);
    QVERIFY(!same->created);
    // One stale entry and one for a tile the WDT does not list.
    const QString wdlPath = tmp.filePath(QStringLiteral("Re.wdl"));
    io::Wdl wdl = readWdlFile(wdlPath);
    const io::WdlTile good = *wdl.tile(4, 4);
    wdl.setTile(4, 4, patternEntry(3));
    wdl.setTile(60, 60, patternEntry(4));
    QVERIFY(io::writeFileBytes(wdlPath.toStdString(), io::writeWdl(wdl)));
    auto fixed = core::rebuildWdl(created->wdtPath);
    QVERIFY(fixed);
    QCOMPARE(fixed->changed, (std::vector<TileCoord>{{4, 4}}));
    QCOMPARE(fixed->entries, 3);
    QVERIFY(fixed->written);
    const io::Wdl back = readWdlFile(wdlPath);
    QVERIFY(*back.tile(4, 4) == good);
    QVERIFY(*back.tile(60, 60) == patternEntry(4));
    QVERIFY(QFileInfo::exists(wdlPath + QStringLiteral(".bak")));
}

void TestWdlSave::exportPatchCarriesTheRegeneratedWdl() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    const auto created =
        core::createMap(hillsSpec(tmp.filePath("map"), QStringLiteral("Patchy"), {{20, 21}}));
    QVERIFY(created);
    const QString wdlPath = tmp.filePath(QStringLiteral("map/Patchy.wdl"));
    const io::Wdl original = readWdlFile(wdlPath);
    auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(created->wdtPath));
    QVERIFY(doc);
    QVERIFY(doc.value()->loadTile({20, 21}));
    core::HeightStroke stroke(*doc.value(), raise(50.0, 40.0));
    stroke.moveTo(core::tileOrigin({20, 21}) - glm::dvec2(200.0));
    QVERIFY(stroke.finish());
    QVERIFY(doc.value()->save().ok);
    const io::Wdl saved = readWdlFile(wdlPath);
    QVERIFY(saved != original);

    const auto plan = core::planPatchExport(tmp.filePath("map").toStdString());
    QVERIFY(plan);
    const std::filesystem::path mpq = tmp.filePath("patch-4.MPQ").toStdString();
    const auto exported = core::exportPatch(*plan, mpq);
    QVERIFY2(exported, exported ? "" : exported.error().describe().c_str());
    auto archive = io::MpqAssetSource::open({mpq});
    QVERIFY(archive);
    auto inside = archive.value()->read("World\\Maps\\Patchy\\Patchy.wdl");
    QVERIFY(inside);
    auto fromArchive = io::readWdl(*inside);
    QVERIFY(fromArchive);
    QVERIFY(*fromArchive == saved);
    QVERIFY(*fromArchive->tile(20, 21) == core::buildWdlTile(*doc.value()->tile({20, 21})));
}

QTEST_GUILESS_MAIN(TestWdlSave)
#include "test_wdl_save.moc"
