// New maps (core/new_map): createMap writes a WDT listing exactly the requested tiles and tiles that
// open through a FolderMapSource, with the preset's heights, textures and (demo) liquid and objects;
// validateNewMap names every problem; an existing map is kept unless overwrite is set; progress
// reports each tile and cancelling stops after the tile just written, with no WDT.

#include "core/convert/new_map.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "io/adt/adt.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <memory>
#include <utility>
#include <vector>

using namespace mapsmith;
using core::NewMapSpec;
using core::TileCoord;

namespace {

NewMapSpec validSpec(const QString& directory) {
    NewMapSpec spec;
    spec.directory = directory;
    spec.name = QStringLiteral("Valid_Map2");
    spec.tiles = {{32, 32}};
    return spec;
}

bool anyProblemContains(const QStringList& problems, const QString& text) {
    for (const QString& p : problems) {
        if (p.contains(text, Qt::CaseInsensitive)) {
            return true;
        }
    }
    return false;
}

std::unique_ptr<core::MapDocument> openMap(const QString& wdtPath) {
    auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(wdtPath));
    if (!doc) {
        qWarning("%s", doc.error().describe().c_str());
        return nullptr;
    }
    return std::move(doc.value());
}

// Every tile the WDT lists, row by row.
std::vector<TileCoord> listedTiles(const core::MapDocument& doc) {
    std::vector<TileCoord> tiles;
    for (int y = 0; y < core::kTilesPerSide; ++y) {
        for (int x = 0; x < core::kTilesPerSide; ++x) {
            if (doc.tileExists({x, y})) {
                tiles.push_back({x, y});
            }
        }
    }
    return tiles;
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

} // namespace

class TestNewMap : public QObject {
    Q_OBJECT
private slots:
    void flatMapTwoByOne();
    void hillsMapHasThreeTextures();
    void demoMapOneByOne();
    void validationNamesProblems();
    void invalidSpecWritesNothing();
    void existingMapNeedsOverwrite();
    void progressAndCancel();
};

void TestNewMap::flatMapTwoByOne() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapSpec spec;
    spec.directory = tmp.filePath(QStringLiteral("maps/flat")); // missing folders are created
    spec.name = QStringLiteral("Flat_Land");
    spec.tiles = {{10, 20}, {11, 20}};
    spec.terrain = NewMapSpec::Terrain::Flat;
    spec.baseHeight = 37.5f;
    std::vector<std::pair<int, int>> calls;
    const auto created = core::createMap(spec, [&](int done, int total) {
        calls.emplace_back(done, total);
        return true;
    });
    QVERIFY2(created, created ? "" : created.error().describe().c_str());
    QCOMPARE(calls, (std::vector<std::pair<int, int>>{{1, 2}, {2, 2}}));

    const QDir dir(spec.directory);
    QCOMPARE(created->wdtPath, dir.filePath(QStringLiteral("Flat_Land.wdt")));
    QCOMPARE(created->writtenPaths,
             (QStringList{dir.filePath(QStringLiteral("Flat_Land_10_20.adt")),
                          dir.filePath(QStringLiteral("Flat_Land_11_20.adt")),
                          dir.filePath(QStringLiteral("Flat_Land.wdl")), created->wdtPath}));
    QCOMPARE(created->objectsPlaced, 0);
    QCOMPARE(created->lakes, 0);
    for (const QString& path : created->writtenPaths) {
        QVERIFY2(QFileInfo(path).isFile(), qPrintable(path));
    }

    auto doc = openMap(created->wdtPath);
    QVERIFY(doc);
    QVERIFY(doc->bigAlpha());
    QCOMPARE(listedTiles(*doc), spec.tiles);
    for (const TileCoord t : spec.tiles) {
        auto loaded = doc->loadTile(t);
        QVERIFY2(loaded, loaded ? "" : loaded.error().describe().c_str());
        const io::Adt& adt = *loaded.value();
        QCOMPARE(adt.chunks.size(), std::size_t(core::kChunksPerTile));
        QCOMPARE(adt.textures.size(), std::size_t(1));
        int off = 0;
        for (const io::MapChunk& chunk : adt.chunks) {
            for (const float h : chunk.heights) {
                if (std::abs(double(chunk.position.z) + double(h) - 37.5) > 1e-4) {
                    ++off;
                }
            }
        }
        QCOMPARE(off, 0);
    }
}

void TestNewMap::hillsMapHasThreeTextures() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapSpec spec = validSpec(tmp.path());
    spec.terrain = NewMapSpec::Terrain::Hills;
    spec.baseHeight = 50.0f;
    const auto created = core::createMap(spec);
    QVERIFY2(created, created ? "" : created.error().describe().c_str());
    auto doc = openMap(created->wdtPath);
    QVERIFY(doc);
    auto loaded = doc->loadTile({32, 32});
    QVERIFY(loaded);
    QCOMPARE(loaded.value()->textures.size(), std::size_t(3));
    // Hills: the heights vary around the base height.
    float lowest = 1e9f;
    float highest = -1e9f;
    for (const io::MapChunk& chunk : loaded.value()->chunks) {
        for (const float h : chunk.heights) {
            lowest = std::min(lowest, chunk.position.z + h);
            highest = std::max(highest, chunk.position.z + h);
        }
    }
    QVERIFY(highest - lowest > 20.0f);
    QVERIFY(lowest < 50.0f && highest > 50.0f);
}

void TestNewMap::demoMapOneByOne() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapSpec spec;
    spec.directory = tmp.path();
    spec.name = QStringLiteral("DemoIsle");
    spec.tiles = {{40, 12}};
    spec.terrain = NewMapSpec::Terrain::Demo;
    spec.baseHeight = 50.0f;
    const auto created = core::createMap(spec);
    QVERIFY2(created, created ? "" : created.error().describe().c_str());
    QCOMPARE(created->lakes, 1);
    QVERIFY(created->objectsPlaced > 0);

    auto doc = openMap(created->wdtPath);
    QVERIFY(doc);
    QCOMPARE(listedTiles(*doc), spec.tiles);
    auto loaded = doc->loadTile({40, 12});
    QVERIFY2(loaded, loaded ? "" : loaded.error().describe().c_str());
    const io::Adt& adt = *loaded.value();
    QCOMPARE(adt.textures.size(), std::size_t(4));
    QCOMPARE(int(adt.doodads.size() + adt.mapObjects.size()), created->objectsPlaced);
    QVERIFY(adt.liquids.has_value());
    int wetChunks = 0;
    for (const io::LiquidChunk& chunk : adt.liquids->chunks) {
        wetChunks += chunk.instances.empty() ? 0 : 1;
    }
    QVERIFY(wetChunks > 0);
}

void TestNewMap::validationNamesProblems() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    QVERIFY(core::validateNewMap(validSpec(tmp.path())).isEmpty());

    for (const QString& name : {QString(), QStringLiteral("My Map"), QStringLiteral("a-b"),
                                QStringLiteral("Ünter"), QStringLiteral("../x")}) {
        NewMapSpec spec = validSpec(tmp.path());
        spec.name = name;
        const QStringList problems = core::validateNewMap(spec);
        QVERIFY2(problems.size() == 1, qPrintable(name));
        QVERIFY2(anyProblemContains(problems, QStringLiteral("name")), qPrintable(problems.join(' ')));
    }

    NewMapSpec spec = validSpec(tmp.path());
    spec.tiles = {{1, 1}, {2, 1}, {1, 1}, {1, 1}};
    QStringList problems = core::validateNewMap(spec);
    QCOMPARE(problems.size(), 1); // one sentence per repeated tile, however often it repeats
    QVERIFY(anyProblemContains(problems, QStringLiteral("1_1")));

    spec.tiles = {{64, 0}, {0, -1}, {63, 63}};
    problems = core::validateNewMap(spec);
    QCOMPARE(problems.size(), 2);
    QVERIFY(anyProblemContains(problems, QStringLiteral("64_0")));
    QVERIFY(anyProblemContains(problems, QStringLiteral("0_-1")));

    spec.tiles.clear();
    QCOMPARE(core::validateNewMap(spec).size(), 1);
    for (int i = 0; i < core::kMaxNewMapTiles; ++i) {
        spec.tiles.push_back({i % 8, i / 8});
    }
    QVERIFY(core::validateNewMap(spec).isEmpty()); // 64 tiles: the most allowed
    spec.tiles.push_back({9, 9});
    problems = core::validateNewMap(spec);
    QCOMPARE(problems.size(), 1);
    QVERIFY(anyProblemContains(problems, QStringLiteral("at most 64")));

    spec = validSpec(QStringLiteral("   "));
    problems = core::validateNewMap(spec);
    QCOMPARE(problems.size(), 1);
    QVERIFY(anyProblemContains(problems, QStringLiteral("folder")));

    QFile plain(tmp.filePath(QStringLiteral("not_a_folder")));
    QVERIFY(plain.open(QIODevice::WriteOnly));
    plain.close();
    spec = validSpec(plain.fileName());
    problems = core::validateNewMap(spec);
    QCOMPARE(problems.size(), 1);
    QVERIFY(anyProblemContains(problems, QStringLiteral("not a folder")));
}

void TestNewMap::invalidSpecWritesNothing() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapSpec spec = validSpec(tmp.filePath(QStringLiteral("out")));
    spec.tiles = {{5, 5}, {5, 5}};
    int calls = 0;
    const auto created = core::createMap(spec, [&](int, int) { return ++calls > 0; });
    QVERIFY(!created);
    QVERIFY(QString::fromStdString(created.error().message).contains(QStringLiteral("5_5")));
    QCOMPARE(calls, 0);
    QVERIFY(!QFileInfo::exists(spec.directory));
}

void TestNewMap::existingMapNeedsOverwrite() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapSpec spec = validSpec(tmp.path());
    const auto first = core::createMap(spec);
    QVERIFY(first);
    const QByteArray firstWdt = fileBytes(first->wdtPath);
    QVERIFY(!firstWdt.isEmpty());

    // A second map of that name, on other tiles: refused, and the first stays as it was.
    spec.tiles = {{7, 8}};
    const QStringList problems = core::validateNewMap(spec);
    QCOMPARE(problems.size(), 1);
    QVERIFY(anyProblemContains(problems, QStringLiteral("already exists")));
    const auto refused = core::createMap(spec);
    QVERIFY(!refused);
    QVERIFY(QString::fromStdString(refused.error().message).contains(QStringLiteral("already exists")));
    QCOMPARE(fileBytes(first->wdtPath), firstWdt);
    QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("Valid_Map2_7_8.adt"))));

    spec.overwrite = true;
    QVERIFY(core::validateNewMap(spec).isEmpty());
    const auto replaced = core::createMap(spec);
    QVERIFY2(replaced, replaced ? "" : replaced.error().describe().c_str());
    QCOMPARE(fileBytes(replaced->wdtPath + QStringLiteral(".bak")), firstWdt);
    auto doc = openMap(replaced->wdtPath);
    QVERIFY(doc);
    QCOMPARE(listedTiles(*doc), (std::vector<TileCoord>{{7, 8}}));
}

void TestNewMap::progressAndCancel() {
    QTemporaryDir tmp;
    QVERIFY(tmp.isValid());
    NewMapSpec spec = validSpec(tmp.path());
    spec.tiles = {{3, 4}, {4, 4}, {5, 4}};
    std::vector<std::pair<int, int>> calls;
    const auto created = core::createMap(spec, [&](int done, int total) {
        calls.emplace_back(done, total);
        return false; // cancel as soon as the first tile is written
    });
    QVERIFY(!created);
    QVERIFY2(QString::fromStdString(created.error().message).contains(QStringLiteral("cancelled")),
             created.error().message.c_str());
    QCOMPARE(calls, (std::vector<std::pair<int, int>>{{1, 3}}));
    QVERIFY(
        !QFileInfo::exists(tmp.filePath(QStringLiteral("Valid_Map2_3_4.adt")))); // one transaction: nothing
    QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("Valid_Map2_4_4.adt"))));
    QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("Valid_Map2_5_4.adt"))));
    QVERIFY(!QFileInfo::exists(tmp.filePath(QStringLiteral("Valid_Map2.wdt"))));
}

QTEST_GUILESS_MAIN(TestNewMap)
#include "test_new_map.moc"
