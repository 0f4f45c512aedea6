// Maps in split files (Cata+) through the document: a folder of split sets opens (layout detected), its
// tiles read as they were written, edits save back as split sets, and Save As converts a whole map either
// way; v18 -> split -> v18 gives the original files byte for byte. Writing v18 over a split set moves the
// old partners aside so they are not read with the new file.

#include "core/convert/new_map.h"
#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/stroke_recorder.h"
#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_split.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <memory>

using namespace mapsmith;
using core::TileCoord;
using core::TileLayout;

namespace {

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

std::unique_ptr<core::MapDocument> openOrFail(const QString& wdt, std::optional<TileLayout> layout = {}) {
    auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(wdt, layout));
    if (!doc) {
        qFatal("open failed: %s", doc.error().describe().c_str());
    }
    return std::move(*doc);
}

std::string dumpOf(core::MapDocument& doc, TileCoord t) {
    auto tile = doc.loadTile(t);
    if (!tile) {
        qFatal("load failed: %s", tile.error().describe().c_str());
    }
    return io::dumpAdt(**tile).dump();
}

} // namespace

class TestSplitMaps : public QObject {
    Q_OBJECT
private slots:
    void init() {
        mDir = std::make_unique<QTemporaryDir>();
        core::NewMapSpec spec;
        spec.directory = mDir->filePath(QStringLiteral("v18"));
        spec.name = QStringLiteral("Isle");
        spec.tiles = {{30, 30}, {31, 30}};
        spec.terrain = core::NewMapSpec::Terrain::Demo;
        const auto created = core::createMap(spec);
        QVERIFY2(created, created ? "" : created.error().describe().c_str());
        mV18 = created->wdtPath;
    }

    void convertBothWaysThroughTheDocument() {
        auto doc = openOrFail(mV18);
        QCOMPARE(doc->source().layout(), TileLayout::V18);
        const std::string before = dumpOf(*doc, {30, 30});

        const QString splitWdt = mDir->filePath(QStringLiteral("split/Isle.wdt"));
        QVERIFY(QDir().mkpath(mDir->filePath(QStringLiteral("split"))));
        auto report = doc->saveAs(std::make_unique<core::FolderMapSource>(splitWdt, TileLayout::Split));
        QVERIFY2(report.ok, qPrintable(report.error));
        for (const char* name :
             {"Isle_30_30.adt", "Isle_30_30_tex0.adt", "Isle_30_30_obj0.adt", "Isle_31_30_tex0.adt"}) {
            QVERIFY2(QFile::exists(mDir->filePath(QStringLiteral("split/") + QLatin1String(name))), name);
        }

        auto split = openOrFail(splitWdt); // layout detected from the _tex0 files
        QCOMPARE(split->source().layout(), TileLayout::Split);
        QCOMPARE(dumpOf(*split, {30, 30}), before);

        const QString backWdt = mDir->filePath(QStringLiteral("back/Isle.wdt"));
        QVERIFY(QDir().mkpath(mDir->filePath(QStringLiteral("back"))));
        report = split->saveAs(std::make_unique<core::FolderMapSource>(backWdt, TileLayout::V18));
        QVERIFY2(report.ok, qPrintable(report.error));
        for (const char* name : {"Isle_30_30.adt", "Isle_31_30.adt", "Isle.wdt"}) {
            QCOMPARE(fileBytes(mDir->filePath(QStringLiteral("back/") + QLatin1String(name))),
                     fileBytes(mDir->filePath(QStringLiteral("v18/") + QLatin1String(name))));
        }
        QVERIFY(!QFile::exists(mDir->filePath(QStringLiteral("back/Isle_30_30_tex0.adt"))));
    }

    void editsSaveAsSplitSets() {
        auto doc = openOrFail(mV18);
        const QString splitWdt = mDir->filePath(QStringLiteral("split/Isle.wdt"));
        QVERIFY(QDir().mkpath(mDir->filePath(QStringLiteral("split"))));
        QVERIFY(doc->saveAs(std::make_unique<core::FolderMapSource>(splitWdt, TileLayout::Split)).ok);
        const QByteArray oldTex = fileBytes(mDir->filePath(QStringLiteral("split/Isle_30_30_tex0.adt")));

        auto split = openOrFail(splitWdt);
        QVERIFY(split->loadTile({30, 30}));
        core::ChunkState state = split->chunkState({{30, 30}, 5, 5});
        state.chunk.layers.pop_back();   // drop a texture layer: tex0 changes
        state.chunk.heights[0] += 12.0f; // a height: the root changes
        {
            core::StrokeRecorder recorder(*split, core::CommandId::HeightStroke, QStringLiteral("Edit"));
            *recorder.edit({{30, 30}, 5, 5}, core::dirty::All) = state.chunk;
            QVERIFY(recorder.finish()); // one undo step: the document is modified
        }
        QVERIFY(split->isModified());
        const auto report = split->save();
        QVERIFY2(report.ok, qPrintable(report.error));
        QCOMPARE(report.saved.size(), std::size_t(1));
        QVERIFY(fileBytes(mDir->filePath(QStringLiteral("split/Isle_30_30_tex0.adt"))) != oldTex);
        QVERIFY(QFile::exists(mDir->filePath(QStringLiteral("split/Isle_30_30_tex0.adt.bak"))));

        auto reopened = openOrFail(splitWdt);
        QVERIFY(reopened->loadTile({30, 30}));
        const io::MapChunk* chunk = reopened->chunk({{30, 30}, 5, 5});
        QVERIFY(chunk);
        QCOMPARE(chunk->heights[0], state.chunk.heights[0]);
        QCOMPARE(chunk->layers.size(), state.chunk.layers.size());
    }

    void v18OverASplitSetMovesThePartnersAside() {
        auto doc = openOrFail(mV18);
        const QString splitWdt = mDir->filePath(QStringLiteral("split/Isle.wdt"));
        QVERIFY(QDir().mkpath(mDir->filePath(QStringLiteral("split"))));
        QVERIFY(doc->saveAs(std::make_unique<core::FolderMapSource>(splitWdt, TileLayout::Split)).ok);
        auto split = openOrFail(splitWdt);
        // Save As v18 into the same folder.
        QVERIFY(split->saveAs(std::make_unique<core::FolderMapSource>(splitWdt, TileLayout::V18)).ok);
        QVERIFY(!QFile::exists(mDir->filePath(QStringLiteral("split/Isle_30_30_tex0.adt"))));
        QVERIFY(QFile::exists(mDir->filePath(QStringLiteral("split/Isle_30_30_tex0.adt.bak"))));
        QCOMPARE(fileBytes(mDir->filePath(QStringLiteral("split/Isle_30_30.adt"))),
                 fileBytes(mDir->filePath(QStringLiteral("v18/Isle_30_30.adt"))));
        auto again = openOrFail(splitWdt);
        QCOMPARE(again->source().layout(), TileLayout::V18);
        QVERIFY(again->loadTile({31, 30}));
    }

    void missingPartnerIsNamed() {
        auto doc = openOrFail(mV18);
        const QString splitWdt = mDir->filePath(QStringLiteral("split/Isle.wdt"));
        QVERIFY(QDir().mkpath(mDir->filePath(QStringLiteral("split"))));
        QVERIFY(doc->saveAs(std::make_unique<core::FolderMapSource>(splitWdt, TileLayout::Split)).ok);
        QVERIFY(QFile::remove(mDir->filePath(QStringLiteral("split/Isle_31_30_obj0.adt"))));
        auto split = openOrFail(splitWdt);
        const auto tile = split->loadTile({31, 30});
        QVERIFY(!tile);
        QVERIFY2(tile.error().describe().find("Isle_31_30_obj0.adt") != std::string::npos,
                 tile.error().describe().c_str());
    }

    // A split set whose _obj0 comes from the save before a doodad was placed: the document refuses the tile
    // with the message naming that file, instead of merging the two saves.
    void mixedSetIsRefused() {
        auto doc = openOrFail(mV18);
        const QString splitWdt = mDir->filePath(QStringLiteral("split/Isle.wdt"));
        QVERIFY(QDir().mkpath(mDir->filePath(QStringLiteral("split"))));
        QVERIFY(doc->saveAs(std::make_unique<core::FolderMapSource>(splitWdt, TileLayout::Split)).ok);
        const QString obj0 = mDir->filePath(QStringLiteral("split/Isle_30_30_obj0.adt"));
        const QByteArray oldObj0 = fileBytes(obj0);

        // The second save, through the project's writer: one doodad placed in chunk 5.
        auto tile = doc->loadTile({30, 30});
        QVERIFY(tile);
        io::Adt placed = **tile;
        placed.modelNames.push_back("World\\Generic\\Tree.m2");
        io::DoodadPlacement d;
        d.nameIndex = std::uint32_t(placed.modelNames.size() - 1);
        d.uniqueId = 4242;
        placed.doodads.push_back(d);
        placed.chunks[5].doodadRefs.push_back(std::uint32_t(placed.doodads.size() - 1));
        const io::SplitAdtFiles after = io::writeSplitAdt(placed);
        QVERIFY(io::writeSplitAdtFiles(mDir->filePath(QStringLiteral("split/Isle_30_30.adt")).toStdString(),
                                       after));
        QFile old(obj0);
        QVERIFY(old.open(QIODevice::WriteOnly | QIODevice::Truncate));
        QCOMPARE(old.write(oldObj0), oldObj0.size());
        old.close();

        auto split = openOrFail(splitWdt);
        const auto mixed = split->loadTile({30, 30});
        QVERIFY(!mixed);
        const std::string text = mixed.error().describe();
        QVERIFY2(text.find("Isle_30_30_obj0.adt: MCNK at ") == 0, text.c_str());
        QVERIFY2(text.find("different saves of the tile") != std::string::npos, text.c_str());
        QVERIFY(split->loadTile({31, 30})); // the other tile belongs together
    }

private:
    std::unique_ptr<QTemporaryDir> mDir;
    QString mV18;
};

QTEST_GUILESS_MAIN(TestSplitMaps)
#include "test_split_maps.moc"
