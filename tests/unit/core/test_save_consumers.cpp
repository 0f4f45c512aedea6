// Saves never write what a consumer rejects (issue 15): new maps of every terrain, Save and Save As after an
// edit, and Export Patch produce files with no error for the 3.3.5 client, the AzerothCore and TrinityCore
// extractors or Noggit-style readers; Export Patch refuses a file one of them rejects; checkBeforeSave names
// what a save would write wrong and for whom; Map > Repair (repairDocument) fixes a map read from other
// editors as one undo step, and the save after it validates.

#include "core/check/file_findings.h"
#include "core/check/save_check.h"
#include "core/convert/export_patch.h"
#include "core/convert/new_map.h"
#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/edit/stroke_recorder.h"
#include "core/repair/document_repair.h"
#include "io/binary/file_io.h"
#include "io/wdl/wdl.h"
#include "support/consumer_conventions.h"
#include "support/gated_tiles.h"
#include "support/memory_map.h"
#include "support/test_files.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <filesystem>

using namespace mapsmith;
using namespace mapsmith::tests;
using core::TileCoord;

namespace {

Bytes corpus(const char* name) {
    return readBytes(corpusPath(std::string("adt/") + name));
}

io::Adt readModel(const Bytes& bytes) {
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto r = io::readAdt(bytes, options);
    if (!r) {
        qFatal("%s", r.error().describe().c_str());
    }
    return std::move(r->adt);
}

QString describe(const std::vector<io::Finding>& findings) {
    return QString::fromStdString(core::describeFindings(findings));
}

bool writeBytes(const QString& path, const Bytes& b) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) &&
           f.write(reinterpret_cast<const char*>(b.data()), qint64(b.size())) == qint64(b.size());
}

Bytes fileAt(const QString& path) {
    auto bytes = io::readFileBytes(QFile::encodeName(path).toStdString());
    return bytes ? *bytes : Bytes{};
}

// One edit through the edit path: a height raised in the chunk.
void raise(core::MapDocument& doc, const core::ChunkCoord& c) {
    core::StrokeRecorder rec(doc, core::CommandId::HeightStroke, QStringLiteral("raise"));
    {
        auto e = rec.edit(c, core::dirty::Vertices);
        e->heights[40] += 3.0f;
    }
    QVERIFY(rec.finish());
}

// A one-map document over `source` (the WDT and tiles already in it), nothing loaded.
std::unique_ptr<core::MapDocument> open(std::unique_ptr<core::MemoryMapSource> source) {
    auto doc = core::MapDocument::open(std::move(source));
    if (!doc) {
        qFatal("%s", doc.error().describe().c_str());
    }
    return std::move(doc.value());
}

Bytes wdtListing(const std::vector<TileCoord>& tiles, bool mwmo) {
    io::Wdt wdt;
    for (const TileCoord t : tiles) {
        wdt.setTile(t.x, t.y, true);
    }
    if (mwmo) {
        wdt.wmoName = std::string();
    }
    return io::writeWdt(wdt);
}

} // namespace

class TestSaveConsumers : public QObject {
    Q_OBJECT
private slots:
    void newMapsHaveNoFinding_data();
    void newMapsHaveNoFinding();
    void saveAndSaveAsWriteNoError();
    void exportRefusesWhatAConsumerRejects();
    void checkBeforeSaveNamesConsumers();
    void repairDocumentAsOneUndoStep();
    void repairDocumentWithNothingToDo();
};

void TestSaveConsumers::newMapsHaveNoFinding_data() {
    QTest::addColumn<int>("terrain");
    QTest::newRow("flat") << int(core::NewMapSpec::Terrain::Flat);
    QTest::newRow("hills") << int(core::NewMapSpec::Terrain::Hills);
    QTest::newRow("demo (objects, lakes)") << int(core::NewMapSpec::Terrain::Demo);
}

// Every file of a new map: no finding at all, for any consumer.
void TestSaveConsumers::newMapsHaveNoFinding() {
    QFETCH(int, terrain);
    QTemporaryDir dir;
    core::NewMapSpec spec;
    spec.directory = dir.path();
    spec.name = QStringLiteral("Fresh");
    spec.tiles = {{32, 32}, {33, 32}};
    spec.terrain = core::NewMapSpec::Terrain(terrain);
    auto made = core::createMap(spec);
    QVERIFY2(made, made ? "" : made.error().describe().c_str());
    for (const QString& path : made->writtenPaths) {
        const Bytes bytes = fileAt(path);
        if (path.endsWith(QLatin1String(".wdl"))) { // no consumer checks: it reads or it does not
            QVERIFY2(io::readWdl(bytes), qPrintable(path));
            continue;
        }
        const auto findings = path.endsWith(QLatin1String(".wdt")) ? core::wdtFileFindings(bytes)
                                                                   : core::tileFileFindings(bytes, true);
        QVERIFY2(findings.empty(), qPrintable(path + QStringLiteral(": ") + describe(findings)));
    }
}

// An edited hills map: Save writes the modified tile, Save As every file; none has an error.
void TestSaveConsumers::saveAndSaveAsWriteNoError() {
    auto doc = hillsMap({{32, 32}, {33, 32}});
    QVERIFY(doc);
    raise(*doc, {{32, 32}, 3, 4});
    QVERIFY(core::checkBeforeSave(*doc, false).empty());
    QVERIFY(doc->save().ok);
    auto& source = static_cast<core::MemoryMapSource&>(doc->source());
    QVERIFY(core::errorsOf(core::tileFileFindings(*source.tileBytes({32, 32}), true)).empty());
    // The test map's WDT (io::Wdt{} written) has no MWMO: Save As would write what TrinityCore rejects,
    // and says so before writing; Map > Repair adds it.
    const auto problems = core::checkBeforeSave(*doc, true);
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(problems[0].file, QStringLiteral("Test.wdt"));
    QVERIFY(core::repairDocument(*doc));
    QVERIFY(core::checkBeforeSave(*doc, true).empty());
    auto target = std::make_unique<core::MemoryMapSource>(QStringLiteral("Test"), Bytes{});
    core::MemoryMapSource* copy = target.get();
    QVERIFY(doc->saveAs(std::move(target)).ok);
    QVERIFY(core::errorsOf(core::wdtFileFindings(copy->wdtBytes())).empty());
    for (const TileCoord t : {TileCoord{32, 32}, TileCoord{33, 32}}) {
        const auto findings = core::tileFileFindings(*copy->tileBytes(t), true);
        QVERIFY2(findings.empty(), qPrintable(describe(findings)));
    }
}

// A map folder whose tile names a liquid type 3.3.5 lacks: the export stops, naming the file, the finding
// and the consumers, and writes no archive; the same map with the corpus tile exports.
void TestSaveConsumers::exportRefusesWhatAConsumerRejects() {
    QTemporaryDir dir;
    const QString map = dir.filePath(QStringLiteral("Test"));
    QVERIFY(QDir().mkpath(map));
    QVERIFY(writeBytes(map + QStringLiteral("/Test.wdt"), corpus("Azeroth.wdt")));
    io::Adt bad = readModel(corpus("continent4229.adt"));
    for (auto& c : bad.liquids->chunks) {
        for (auto& in : c.instances) {
            in.liquidType = 16;
        }
    }
    QVERIFY(writeBytes(map + QStringLiteral("/Test_31_31.adt"), io::writeAdt(bad)));
    const std::filesystem::path mpq =
        QFile::encodeName(dir.filePath(QStringLiteral("patch-4.MPQ"))).toStdString();
    auto plan = core::planPatchExport(QFile::encodeName(map).toStdString());
    QVERIFY(plan);
    auto result = core::exportPatch(*plan, mpq);
    QVERIFY(!result);
    QCOMPARE(result.error().code, core::CoreError::Code::Refused);
    const QString message = QString::fromStdString(result.error().describe());
    QVERIFY2(message.contains(QStringLiteral("Test_31_31.adt")) &&
                 message.contains(QStringLiteral("liquid type 16")) &&
                 message.contains(QStringLiteral("the TrinityCore extractor")) &&
                 message.contains(QStringLiteral("Repair")),
             qPrintable(message));
    QVERIFY(!std::filesystem::exists(mpq));
    QVERIFY(writeBytes(map + QStringLiteral("/Test_31_31.adt"), corpus("continent4229.adt")));
    QVERIFY(core::exportPatch(*core::planPatchExport(QFile::encodeName(map).toStdString()), mpq));
    // A WDT without MWMO is refused too: TrinityCore 3.3.5 would skip the whole map.
    QVERIFY(
        writeBytes(map + QStringLiteral("/Test.wdt"), wdtWithout(corpus("Azeroth.wdt"), io::chunk::MWMO)));
    auto noMwmo = core::exportPatch(*core::planPatchExport(QFile::encodeName(map).toStdString()), mpq);
    QVERIFY(!noMwmo);
    QVERIFY(QString::fromStdString(noMwmo.error().describe()).contains(QStringLiteral("MWMO")));
}

// What Save and Save As would write wrong: a modified tile with an unknown liquid type (the client and both
// extractors), uniqueIds shared between loaded tiles, and for Save As a WDT without MWMO (TrinityCore).
void TestSaveConsumers::checkBeforeSaveNamesConsumers() {
    io::Adt bad = readModel(corpus("continent4229.adt"));
    bad.liquids->chunks[237].instances.at(0).liquidType = 999;
    io::Adt other = readModel(corpus("continent4229.adt"));
    for (auto& d : other.doodads) {
        d.position.z += 1.0f; // other objects with the same ids
    }
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Corpus"),
                                                          wdtListing({{42, 29}, {43, 29}}, false));
    source->setTile({42, 29}, io::writeAdt(bad));
    source->setTile({43, 29}, io::writeAdt(other));
    auto doc = open(std::move(source));
    QVERIFY(doc->loadTile({42, 29}));
    QVERIFY(core::checkBeforeSave(*doc, false).empty()); // nothing modified: nothing to write
    raise(*doc, {{42, 29}, 0, 0});
    auto problems = core::checkBeforeSave(*doc, false);
    QCOMPARE(problems.size(), std::size_t(1));
    QCOMPARE(problems[0].file, QStringLiteral("Corpus_42_29.adt"));
    QCOMPARE(problems[0].errors.size(), std::size_t(1));
    QCOMPARE(problems[0].errors[0].rule, std::string("liquid-type"));
    QVERIFY(core::describeSaveProblems(problems).contains(
        QStringLiteral("the 3.3.5 client, the AzerothCore extractor, the TrinityCore extractor")));
    QVERIFY(doc->loadTile({43, 29}));
    problems = core::checkBeforeSave(*doc, true);
    QCOMPARE(problems.size(), std::size_t(3)); // both tiles (shared ids) and the WDT
    QCOMPARE(problems[2].file, QStringLiteral("Corpus.wdt"));
    QCOMPARE(problems[2].errors[0].consumers, io::bit(io::Consumer::TrinityCore));
    QVERIFY(
        core::describeSaveProblems(problems).contains(QStringLiteral("Corpus_43_29.adt: MDDF: uniqueId")));
}

// A map read from other editors: a WDT without MWMO; (32,32) with MCCV/MCSH kept without their flags
// (loaded); (33,32) whose objects share ids with (32,32)'s and whose MCIN sizes leave out the header (not
// loaded); (32,33) with an MH2O instance outside its chunk (the document cannot load it). One undo step
// repairs all of it; the save writes files without a finding; undo brings the document back.
void TestSaveConsumers::repairDocumentAsOneUndoStep() {
    const Bytes c4229 = corpus("continent4229.adt");
    io::Adt moved = readModel(c4229);
    for (auto& d : moved.doodads) {
        d.position.z += 1.0f;
    }
    Bytes wide = c4229;
    const std::size_t at = firstMh2oInstance(wide).value();
    wide[at + 12] = std::byte(std::uint8_t(9 - std::uint8_t(wide[at + 14])));
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Other"),
                                                          wdtListing({{32, 32}, {33, 32}, {32, 33}}, false));
    source->setTile({32, 32}, io::writeAdt(gatedVariant(readModel(c4229), GatedVariant::AllOff)));
    source->setTile({33, 32}, mcinSizesWithoutHeader(io::writeAdt(moved)));
    source->setTile({32, 33}, wide);
    auto doc = open(std::move(source));
    QVERIFY(doc->loadTile({32, 32}));
    QVERIFY(!doc->loadTile({32, 33})); // strict: the instance outside its chunk
    const auto beforeFlags = doc->tile({32, 32})->chunks[7].flags;

    auto repaired = core::repairDocument(*doc);
    QVERIFY(repaired);
    QVERIFY(repaired->pushed);
    QCOMPARE(doc->undoStack()->count(), 1);
    QVERIFY(doc->isModified());
    const QString text = repaired->text();
    QVERIFY2(text.contains(QStringLiteral("Other_32_32.adt\n  mcnk-flags MCNK x256")) &&
                 text.contains(QStringLiteral("unique-ids MDDF")) &&
                 text.contains(QStringLiteral("mcin-sizes MCIN x256")) &&
                 text.contains(QStringLiteral("Other_32_33.adt\n  mh2o-rectangle MH2O x1")) &&
                 text.contains(QStringLiteral("Other.wdt\n  wdt-mwmo MWMO x1")),
             qPrintable(text));
    QCOMPARE(repaired->errorsLeft(), std::size_t(0));
    QVERIFY(doc->tile({32, 32})->chunks[7].flags & io::mcnk_flags::HasVertexColors);

    QVERIFY(doc->save().ok);
    auto& saved = static_cast<core::MemoryMapSource&>(doc->source());
    QVERIFY(core::wdtFileFindings(saved.wdtBytes()).empty());
    for (const TileCoord t : {TileCoord{32, 32}, TileCoord{33, 32}, TileCoord{32, 33}}) {
        const auto findings = core::tileFileFindings(*saved.tileBytes(t), false);
        QVERIFY2(findings.empty(), qPrintable(describe(findings)));
    }
    QVERIFY(!doc->isModified());
    // A second repair finds nothing.
    auto again = core::repairDocument(*doc);
    QVERIFY(again && !again->pushed && again->files.empty());

    // Undo restores the document (and makes it modified against the saved repair).
    doc->undoStack()->undo();
    QCOMPARE(doc->tile({32, 32})->chunks[7].flags, beforeFlags);
    QVERIFY(!doc->wdt().wmoName);
    QVERIFY(doc->isModified());
}

// The corpus tile under a WDT with MWMO: nothing to repair, no undo step, nothing modified.
void TestSaveConsumers::repairDocumentWithNothingToDo() {
    auto source =
        std::make_unique<core::MemoryMapSource>(QStringLiteral("Corpus"), wdtListing({{42, 29}}, true));
    source->setTile({42, 29}, corpus("continent4229.adt"));
    auto doc = open(std::move(source));
    auto report = core::repairDocument(*doc);
    QVERIFY(report);
    QVERIFY(!report->pushed);
    QVERIFY(report->files.empty());
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY(!doc->isModified());
    QVERIFY(report->text().contains(QStringLiteral("Nothing to repair")));
}

QTEST_GUILESS_MAIN(TestSaveConsumers)
#include "test_save_consumers.moc"
