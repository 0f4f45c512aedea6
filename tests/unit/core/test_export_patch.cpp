// Export patch (core/export_patch): a map folder with real corpus files is planned (the WDT names the
// map and its spelling; tiles matched ignoring case; backups, split files and strangers skipped with a
// reason; errors for a missing WDT, several WDTs and names that collide ignoring case), exported, and
// read back through MpqAssetSource at the client's paths with identical bytes. The patch wins over a
// base archive holding the same path, in MpqAssetSource and StackAssetSource. Cancelling and failing
// leave nothing behind; nextFreePatchName picks the name after the highest taken, in any case.

#include "core/convert/export_patch.h"
#include "io/assets/asset_source.h"
#include "io/binary/file_io.h"
#include "io/wdt/wdt.h"
#include "support/test_files.h"

#include "support/test_mpq.h"

#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

using namespace mapsmith;
namespace fs = std::filesystem;

namespace {

using PlanFiles = std::vector<std::pair<fs::path, std::string>>;

std::vector<std::byte> bytesOf(std::string_view s) {
    std::vector<std::byte> out(s.size());
    std::memcpy(out.data(), s.data(), s.size());
    return out;
}

template <class T, class E> T take(io::Expected<T, E> result) {
    if (!result) {
        qFatal("%s", result.error().describe().c_str());
    }
    return std::move(result).value();
}

bool writeFile(const fs::path& path, const std::vector<std::byte>& bytes) {
    return bool(io::writeFileBytes(path.string(), bytes));
}

bool copyCorpus(const char* name, const fs::path& to) {
    const auto bytes = tests::readBytes(tests::corpusPath(std::string("adt/") + name));
    return !bytes.empty() && writeFile(to, bytes);
}

// A WDT listing exactly the given tiles.
std::vector<std::byte> wdtWith(const std::vector<std::pair<int, int>>& tiles) {
    io::Wdt wdt;
    wdt.wmoName = std::string();
    for (const auto& [x, y] : tiles) {
        wdt.setTile(x, y, true);
    }
    return io::writeWdt(wdt);
}

bool anyContains(const std::vector<std::string>& lines, const std::string& text) {
    return std::any_of(lines.begin(), lines.end(),
                       [&](const std::string& l) { return l.find(text) != std::string::npos; });
}

QStringList temporaries(const fs::path& dir) {
    QStringList out;
    for (const auto& entry : fs::directory_iterator(dir)) {
        const std::string name = entry.path().filename().string();
        if (name.find(".tmp-") != std::string::npos || name.find(".mapsmith-tmp") != std::string::npos) {
            out << QString::fromStdString(entry.path().filename().string());
        }
    }
    return out;
}

} // namespace

class TestExportPatch : public QObject {
    Q_OBJECT

private slots:
    void init();
    void planFindsTheMapFiles();
    void planByNameIgnoresCase();
    void planErrors();
    void planWarnsAboutUnlistedTiles();
    void exportReadsBackIdentical();
    void patchWinsOverBase();
    void cancelAndFailureLeaveNothing();
    void nextFreePatchName();
    void minimapsGoInAndAreCounted();
    void worldFilesGoInAtTheirGamePaths();

private:
    // mMap: Test.wdt (corpus Azeroth.wdt), Test.wdl, Test_30_31.adt and test_31_31.ADT (corpus tiles),
    // plus files to skip.
    void makeMapFolder();

    std::unique_ptr<QTemporaryDir> mTemp;
    fs::path mRoot;
    fs::path mMap;
};

void TestExportPatch::init() {
    mTemp = std::make_unique<QTemporaryDir>();
    QVERIFY(mTemp->isValid());
    mRoot = mTemp->path().toStdString();
    mMap = mRoot / "Test";
    fs::create_directories(mMap);
}

void TestExportPatch::makeMapFolder() {
    QVERIFY(copyCorpus("Azeroth.wdt", mMap / "Test.wdt"));
    QVERIFY(copyCorpus("Azeroth_38_46.adt", mMap / "Test_30_31.adt"));
    QVERIFY(copyCorpus("continent4229.adt", mMap / "test_31_31.ADT"));
    QVERIFY(writeFile(mMap / "Test.wdl", bytesOf("wdl bytes")));
    for (const char* skip :
         {"Test_30_31.adt.bak", "Test.wdt.bak", "Test_30_31_tex0.adt", "Test_30_31_obj0.adt", "Test_64_1.adt",
          "Test_05_31.adt", "Test_1.adt", "Other_1_1.adt", "notes.txt"}) {
        QVERIFY(writeFile(mMap / skip, bytesOf(skip)));
    }
    fs::create_directories(mMap / "subfolder");
}

void TestExportPatch::planFindsTheMapFiles() {
    makeMapFolder();
    const auto plan = take(core::planPatchExport(mMap));
    QCOMPARE(plan.mapName, std::string("Test"));
    const PlanFiles expected = {
        {mMap / "Test.wdt", "World\\Maps\\Test\\Test.wdt"},
        {mMap / "Test.wdl", "World\\Maps\\Test\\Test.wdl"},
        {mMap / "Test_30_31.adt", "World\\Maps\\Test\\Test_30_31.adt"},
        {mMap / "test_31_31.ADT", "World\\Maps\\Test\\Test_31_31.adt"},
    };
    QCOMPARE(plan.files, expected);
    // Every other regular file, sorted by name, each with its reason.
    const std::vector<std::string> skipped = {
        "Other_1_1.adt: not a tile of map Test",
        "Test.wdt.bak: a backup, not exported",
        "Test_05_31.adt: leading zeros: the client asks for Test_5_31.adt",
        "Test_1.adt: not a tile name (Test_<x>_<y>.adt)",
        "Test_30_31.adt.bak: a backup, not exported",
        "Test_30_31_obj0.adt: a split file (Cataclysm and later), not a v18 tile",
        "Test_30_31_tex0.adt: a split file (Cataclysm and later), not a v18 tile",
        "Test_64_1.adt: tile coordinates outside 0..63",
        "notes.txt: not a file of map Test",
    };
    QCOMPARE(plan.skipped, skipped);
    // Azeroth.wdt decides which of the two tiles it lists.
    const auto wdt = take(io::readWdt(tests::readBytes((mMap / "Test.wdt").string())));
    QCOMPARE(anyContains(plan.warnings, "Test_30_31.adt"), !wdt.hasTile(30, 31));
    QCOMPARE(anyContains(plan.warnings, "test_31_31.ADT"), !wdt.hasTile(31, 31));
}

void TestExportPatch::planByNameIgnoresCase() {
    makeMapFolder();
    const auto plan = take(core::planPatchExport(mMap, "TEST"));
    QCOMPARE(plan.mapName, std::string("Test")); // as spelled on disk
    QCOMPARE(plan.files.size(), std::size_t(4));
    QCOMPARE(plan.files[2].second, std::string("World\\Maps\\Test\\Test_30_31.adt"));

    const auto other = core::planPatchExport(mMap, "Other");
    QVERIFY(!other);
    QCOMPARE(other.error().code, core::CoreError::Code::File);
    QVERIFY2(other.error().message.find("has no Other.wdt") != std::string::npos,
             other.error().message.c_str());
    QVERIFY(other.error().message.find(mMap.string()) != std::string::npos);
}

void TestExportPatch::planErrors() {
    // Not a folder.
    auto plan = core::planPatchExport(mRoot / "missing");
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.find((mRoot / "missing").string()) != std::string::npos,
             plan.error().message.c_str());

    // No WDT.
    QVERIFY(copyCorpus("Azeroth_38_46.adt", mMap / "Test_30_31.adt"));
    plan = core::planPatchExport(mMap);
    QVERIFY(!plan);
    QCOMPARE(plan.error().code, core::CoreError::Code::File);
    QVERIFY2(plan.error().message.find("has no .wdt file") != std::string::npos,
             plan.error().message.c_str());
    QVERIFY(plan.error().message.find(mMap.string()) != std::string::npos);

    // Several WDTs: the name decides, the other WDT is skipped.
    QVERIFY(writeFile(mMap / "Test.wdt", wdtWith({{30, 31}})));
    QVERIFY(writeFile(mMap / "Zeta.wdt", wdtWith({})));
    plan = core::planPatchExport(mMap);
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.find("several .wdt files (Test.wdt, Zeta.wdt)") != std::string::npos,
             plan.error().message.c_str());
    plan = core::planPatchExport(mMap, "Test");
    QVERIFY(plan);
    QCOMPARE(plan->skipped, std::vector<std::string>{"Zeta.wdt: not the WDT of map Test"});
    QVERIFY(plan->warnings.empty());

    // A damaged WDT.
    QVERIFY(writeFile(mMap / "Zeta.wdt", bytesOf("not a wdt at all")));
    plan = core::planPatchExport(mMap, "Zeta");
    QVERIFY(!plan);
    QVERIFY2(plan.error().message.find("Zeta.wdt cannot be read") != std::string::npos,
             plan.error().message.c_str());

    // Two spellings of one tile (a case-sensitive file system has both).
    QVERIFY(writeFile(mMap / "TEST_30_31.adt", bytesOf("other spelling")));
    plan = core::planPatchExport(mMap, "Test");
    QVERIFY(!plan);
    QCOMPARE(plan.error().code, core::CoreError::Code::Refused);
    QVERIFY2(plan.error().message.find("TEST_30_31.adt and Test_30_31.adt") != std::string::npos,
             plan.error().message.c_str());
}

void TestExportPatch::planWarnsAboutUnlistedTiles() {
    QVERIFY(writeFile(mMap / "Test.wdt", wdtWith({{30, 31}})));
    QVERIFY(copyCorpus("Azeroth_38_46.adt", mMap / "Test_30_31.adt"));
    QVERIFY(copyCorpus("Azeroth_38_46.adt", mMap / "Test_2_2.adt"));
    const auto plan = take(core::planPatchExport(mMap));
    QCOMPARE(plan.files.size(), std::size_t(3));
    // Tiles ordered by x, then y.
    QCOMPARE(plan.files[1].second, std::string("World\\Maps\\Test\\Test_2_2.adt"));
    QCOMPARE(plan.warnings,
             std::vector<std::string>{
                 "Test_2_2.adt is not listed in Test.wdt (MAIN), so the client will not load it."});
}

void TestExportPatch::exportReadsBackIdentical() {
    makeMapFolder();
    const auto plan = take(core::planPatchExport(mMap));
    const fs::path out = mRoot / "patch-4.MPQ";
    std::vector<std::size_t> calls;
    const auto result = take(core::exportPatch(plan, out, [&](std::size_t done, std::size_t total) {
        calls.push_back(done);
        return total == 4;
    }));
    QCOMPARE(calls, (std::vector<std::size_t>{1, 2, 3, 4}));
    QCOMPARE(result.archive, out);
    QCOMPARE(result.fileCount, std::size_t(4));
    std::uint64_t total = 0;
    for (const auto& [file, gamePath] : plan.files) {
        total += fs::file_size(file);
    }
    QCOMPARE(result.totalBytes, total);
    QCOMPARE(result.archiveBytes, std::uint64_t(fs::file_size(out)));
    QVERIFY(result.archiveBytes < total); // zlib shrinks tiles
    QVERIFY(temporaries(mRoot).isEmpty());

    auto patch = take(io::MpqAssetSource::open({out}));
    QCOMPARE(
        patch->list("World\\Maps"),
        (std::vector<std::string>{"World\\Maps\\Test\\Test.wdl", "World\\Maps\\Test\\Test.wdt",
                                  "World\\Maps\\Test\\Test_30_31.adt", "World\\Maps\\Test\\Test_31_31.adt"}));
    QVERIFY(take(patch->read("World\\Maps\\Test\\Test_30_31.adt")) ==
            tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")));
    QVERIFY(take(patch->read("World\\Maps\\Test\\Test_31_31.adt")) ==
            tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
    QVERIFY(take(patch->read("world/maps/test/test.wdt")) ==
            tests::readBytes(tests::corpusPath("adt/Azeroth.wdt")));
    QVERIFY(take(patch->read("World\\Maps\\Test\\Test.wdl")) == bytesOf("wdl bytes"));
    QVERIFY(!patch->exists("World\\Maps\\Test\\Test_30_31.adt.bak"));
    QVERIFY(!patch->exists("World\\Maps\\Test\\Test_30_31_tex0.adt"));
}

void TestExportPatch::minimapsGoInAndAreCounted() {
    // The rendered minimaps (core/render/minimap_export.h) under minimaps/ go in at their game paths with
    // the translate file; backups and stray files there are skipped; the contents count each kind.
    makeMapFolder();
    const fs::path minimaps = mMap / "minimaps" / "textures" / "Minimap";
    fs::create_directories(minimaps / "Test");
    QVERIFY(writeFile(minimaps / "Test" / "map30_31.blp", bytesOf("unhashed")));
    QVERIFY(writeFile(minimaps / "0123abcd.blp", bytesOf("hashed")));
    QVERIFY(writeFile(minimaps / "md5translate.trs", bytesOf("dir: Test\n")));
    QVERIFY(writeFile(minimaps / "md5translate.trs.bak", bytesOf("old")));
    QVERIFY(writeFile(mMap / "minimaps" / "readme.txt", bytesOf("stray")));
    const auto plan = take(core::planPatchExport(mMap));
    QCOMPARE(plan.files.size(), std::size_t(7));
    const PlanFiles tail(plan.files.end() - 3, plan.files.end());
    const PlanFiles expected = {
        {minimaps / "0123abcd.blp", "textures\\Minimap\\0123abcd.blp"},
        {minimaps / "md5translate.trs", "textures\\Minimap\\md5translate.trs"},
        {minimaps / "Test" / "map30_31.blp", "textures\\Minimap\\Test\\map30_31.blp"},
    };
    QCOMPARE(tail, expected);
    QVERIFY(anyContains(plan.skipped, "minimaps/textures/Minimap/md5translate.trs.bak: a backup"));
    QVERIFY(anyContains(plan.skipped, "minimaps/readme.txt: not a minimap"));
    QCOMPARE(plan.skipped.size(), std::size_t(11)); // the folder's 9 and the two under minimaps/
    QVERIFY(!anyContains(plan.warnings, "minimaps are older"));
    core::PatchContents contents;
    contents.wdt = 1;
    contents.wdl = 1;
    contents.tiles = 2;
    contents.minimaps = 2;
    contents.translate = 1;
    QCOMPARE(plan.contents, contents);
    QCOMPARE(core::describePatchContents(plan.contents),
             std::string("1 WDT, 1 WDL, 2 tiles, 2 minimaps, md5translate.trs"));
    const fs::path out = mRoot / "patch-4.MPQ";
    const auto result = take(core::exportPatch(plan, out));
    QCOMPARE(result.contents, contents);
    auto patch = take(io::MpqAssetSource::open({out}));
    QVERIFY(take(patch->read("textures\\Minimap\\Test\\map30_31.blp")) == bytesOf("unhashed"));
    QVERIFY(take(patch->read("textures\\minimap\\md5translate.trs")) == bytesOf("dir: Test\n"));
    // A tile saved after the minimaps were rendered: the plan warns, naming it.
    fs::last_write_time(mMap / "Test_30_31.adt",
                        fs::last_write_time(minimaps / "0123abcd.blp") + std::chrono::hours(1));
    const auto stale = take(core::planPatchExport(mMap));
    QVERIFY(anyContains(stale.warnings,
                        "The rendered minimaps are older than Test_30_31.adt: render them again"));
    QVERIFY(!anyContains(stale.warnings, "test_31_31.ADT: render"));
    // Without a WDL and minimaps the summary says so.
    fs::remove(mMap / "Test.wdl");
    fs::remove_all(mMap / "minimaps");
    QCOMPARE(core::describePatchContents(take(core::planPatchExport(mMap)).contents),
             std::string("1 WDT, no WDL, 2 tiles, 0 minimaps"));
}

void TestExportPatch::worldFilesGoInAtTheirGamePaths() {
    // The map's own files under World/ (an imported level's WMO, textures, models: core/convert/wmb_import.h)
    // go in at "World\...", whatever the folder's case; World/Maps, backups and temporaries are skipped.
    makeMapFolder();
    const fs::path level = mMap / "world" / "wmo" / "Gamestudio" / "test";
    fs::create_directories(level);
    fs::create_directories(mMap / "world" / "Maps" / "Test");
    QVERIFY(writeFile(level / "test.wmo", bytesOf("root")));
    QVERIFY(writeFile(level / "test_000.wmo", bytesOf("group")));
    QVERIFY(writeFile(level / "Stone.blp", bytesOf("texture")));
    QVERIFY(writeFile(level / "test.wmo.bak", bytesOf("old root")));
    QVERIFY(writeFile(level / "test.wmo.mapsmith-tmp", bytesOf("half a root")));
    QVERIFY(writeFile(mMap / "world" / "Maps" / "Test" / "Test.wdt", bytesOf("not the map's")));
    const auto plan = take(core::planPatchExport(mMap));
    const PlanFiles tail(plan.files.end() - 3, plan.files.end());
    const PlanFiles expected = {
        {level / "Stone.blp", "World\\wmo\\Gamestudio\\test\\Stone.blp"},
        {level / "test.wmo", "World\\wmo\\Gamestudio\\test\\test.wmo"},
        {level / "test_000.wmo", "World\\wmo\\Gamestudio\\test\\test_000.wmo"},
    };
    QCOMPARE(tail, expected);
    QCOMPARE(plan.contents.world, std::size_t(3));
    QCOMPARE(core::patchFileKind("World\\wmo\\x.wmo"), core::PatchFileKind::World);
    QCOMPARE(core::patchFileKind("World\\Maps\\Test\\Test.wdt"), core::PatchFileKind::Wdt);
    QVERIFY(anyContains(plan.skipped, "world/wmo/Gamestudio/test/test.wmo.bak: a backup"));
    QVERIFY(anyContains(plan.skipped, "test.wmo.mapsmith-tmp: a backup or temporary"));
    QVERIFY(anyContains(plan.skipped, "world/Maps/Test/Test.wdt: under World/Maps"));
    QCOMPARE(core::describePatchContents(plan.contents),
             std::string("1 WDT, 1 WDL, 2 tiles, 0 minimaps, 3 world files"));
    const fs::path out = mRoot / "patch-4.MPQ";
    take(core::exportPatch(plan, out));
    auto patch = take(io::MpqAssetSource::open({out}));
    QVERIFY(take(patch->read("World\\wmo\\Gamestudio\\test\\test.wmo")) == bytesOf("root"));
}

void TestExportPatch::patchWinsOverBase() {
    makeMapFolder();
    const fs::path patchPath = mRoot / "patch-4.MPQ";
    const fs::path basePath = mRoot / "common.MPQ";
    QVERIFY(core::exportPatch(take(core::planPatchExport(mMap)), patchPath));
    // The base spells the tile in lower case: the client's lookups ignore case.
    QVERIFY(test::makeTestMpq(basePath, std::vector<std::pair<std::string, std::string>>{
                                            {"world\\maps\\test\\test_30_31.adt", "base tile"},
                                            {"World\\Maps\\Test\\Test_0_0.adt", "base only"}}));
    const auto tile = tests::readBytes((mMap / "Test_30_31.adt").string());

    auto both = take(io::MpqAssetSource::open({patchPath, basePath}));
    QVERIFY(take(both->read("World\\Maps\\Test\\Test_30_31.adt")) == tile);
    QCOMPARE(both->archiveOf("World\\Maps\\Test\\Test_30_31.adt"), patchPath);
    QVERIFY(take(both->read("World\\Maps\\Test\\Test_0_0.adt")) == bytesOf("base only"));
    // The other order: the base wins (the order is what decides).
    auto reversed = take(io::MpqAssetSource::open({basePath, patchPath}));
    QVERIFY(take(reversed->read("World\\Maps\\Test\\Test_30_31.adt")) == bytesOf("base tile"));

    std::vector<std::unique_ptr<io::AssetSource>> sources;
    sources.push_back(take(io::MpqAssetSource::open({patchPath})));
    sources.push_back(take(io::MpqAssetSource::open({basePath})));
    const io::AssetSource* patchSource = sources.front().get();
    const io::StackAssetSource stack(std::move(sources));
    QVERIFY(take(stack.read("World\\Maps\\Test\\Test_30_31.adt")) == tile);
    QCOMPARE(stack.providerOf("WORLD\\MAPS\\TEST\\TEST_30_31.ADT"), patchSource);
    QVERIFY(take(stack.read("World\\Maps\\Test\\Test_0_0.adt")) == bytesOf("base only"));
    QVERIFY(stack.providerOf("World\\Maps\\Test\\Test_0_0.adt") != patchSource);
}

void TestExportPatch::cancelAndFailureLeaveNothing() {
    makeMapFolder();
    const auto plan = take(core::planPatchExport(mMap));
    const fs::path out = mRoot / "patch-4.MPQ";

    auto result = core::exportPatch(plan, out, [](std::size_t done, std::size_t) { return done < 1; });
    QVERIFY(!result);
    QCOMPARE(result.error().code, core::CoreError::Code::Cancelled);
    QVERIFY2(result.error().message.find("cancelled after 1 of 4 files") != std::string::npos,
             result.error().message.c_str());
    QVERIFY(!fs::exists(out));
    QVERIFY(temporaries(mRoot).isEmpty());

    // A file that went away after planning: named in the error, nothing written.
    core::PatchExportPlan gone = plan;
    gone.files.emplace_back(mMap / "Test_9_9.adt", "World\\Maps\\Test\\Test_9_9.adt");
    result = core::exportPatch(gone, out);
    QVERIFY(!result);
    QVERIFY2(result.error().message.find("Test_9_9.adt") != std::string::npos,
             result.error().message.c_str());
    QVERIFY(!fs::exists(out));
    QVERIFY(temporaries(mRoot).isEmpty());

    // An output folder that does not exist: the archive is named.
    const fs::path nowhere = mRoot / "nowhere" / "patch-4.MPQ";
    result = core::exportPatch(plan, nowhere);
    QVERIFY(!result);
    QVERIFY2(result.error().message.find(nowhere.string()) != std::string::npos,
             result.error().message.c_str());

    // An empty plan.
    result = core::exportPatch(core::PatchExportPlan{}, out);
    QVERIFY(!result);
    QCOMPARE(result.error().code, core::CoreError::Code::Refused);

    // Exporting again replaces the archive.
    QVERIFY(core::exportPatch(plan, out));
    fs::remove(mMap / "Test.wdl");
    QVERIFY(core::exportPatch(take(core::planPatchExport(mMap)), out));
    auto patch = take(io::MpqAssetSource::open({out}));
    QVERIFY(!patch->exists("World\\Maps\\Test\\Test.wdl"));
    QCOMPARE(patch->list("").size(), std::size_t(3));
    patch.reset();

    // What an export killed while writing leaves (its temporary) goes at the next export there.
    {
        std::ofstream torn(mRoot / "patch-5.MPQ.mapsmith-tmp", std::ios::binary);
        torn << "half an archive";
    }
    QCOMPARE(temporaries(mRoot), QStringList{QStringLiteral("patch-5.MPQ.mapsmith-tmp")});
    QVERIFY(core::exportPatch(take(core::planPatchExport(mMap)), out));
    QVERIFY(temporaries(mRoot).isEmpty());
}

void TestExportPatch::nextFreePatchName() {
    const fs::path data = mRoot / "Data";
    fs::create_directories(data);
    QCOMPARE(core::nextFreePatchName(data), data / "patch-4.MPQ");
    QVERIFY(writeFile(data / "patch-4.MPQ", {}));
    QVERIFY(writeFile(data / "PATCH-5.mpq", {}));
    QVERIFY(writeFile(data / "patch-3.MPQ", {}));
    QCOMPARE(core::nextFreePatchName(data), data / "patch-6.MPQ");
    // After the highest taken, not in a gap below it: the new patch must win over patch-5.
    fs::remove(data / "patch-4.MPQ");
    QCOMPARE(core::nextFreePatchName(data), data / "patch-6.MPQ");
    // A folder of that name counts as taken.
    fs::remove(data / "PATCH-5.mpq");
    fs::create_directories(data / "Patch-5.MPQ");
    QCOMPARE(core::nextFreePatchName(data), data / "patch-6.MPQ");
    // After 9 come the letters; when every name is taken, none.
    for (char c : std::string("6789ABCDEFGHIJKLMNOPQRSTUVWXY")) {
        QVERIFY(writeFile(data / (std::string("patch-") + c + (c % 2 ? ".mpq" : ".MPQ")), {}));
    }
    QCOMPARE(core::nextFreePatchName(data), data / "patch-Z.MPQ");
    QVERIFY(writeFile(data / "patch-z.MPQ", {}));
    QCOMPARE(core::nextFreePatchName(data), fs::path());
}

QTEST_GUILESS_MAIN(TestExportPatch)
#include "test_export_patch.moc"
