// Asset sources: MPQ archives built here with StormLib, the same files in a folder, and a stack where a
// patch archive overrides a base file read back with known bytes; lookups in any case and with either
// slash; list() by folder and by pattern from the (listfile); openClientData on a fake Data folder in the
// client's priority order; missing folders and garbage archives give errors, never a crash.

#include "io/assets/asset_source.h"
#include "io/binary/file_io.h"

#include "support/test_mpq.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

using namespace mapsmith;
namespace fs = std::filesystem;
using test::bytesOf;

namespace {

using Files = std::map<std::string, std::string>; // game path -> content

std::string textOf(const std::vector<std::byte>& b) {
    return std::string(reinterpret_cast<const char*>(b.data()), b.size());
}

bool makeMpq(const fs::path& path, const Files& files) {
    return test::makeTestMpq(path,
                             std::vector<std::pair<std::string, std::string>>(files.begin(), files.end()));
}

// Writes files under root, game paths turned into folders.
bool makeFolder(const fs::path& root, const Files& files) {
    for (const auto& [name, content] : files) {
        std::string relative = name;
        std::replace(relative.begin(), relative.end(), '\\', '/');
        const fs::path path = root / relative;
        fs::create_directories(path.parent_path());
        if (!io::writeFileBytes(path.string(), bytesOf(content))) {
            return false;
        }
    }
    return true;
}

const Files kBase = {
    {"Tileset\\Elwynn\\ElwynnGrass.blp", "grass-base"},
    {"Tileset\\Elwynn\\ElwynnDirt.blp", "dirt-base"},
    {"Tileset\\Durotar\\DurotarRock.BLP", "rock-base"},
    {"World\\Maps\\Azeroth\\Azeroth.wdt", "wdt-base"},
    {"World\\Maps\\Azeroth\\Azeroth_32_48.adt", std::string(3000, 'a')},
};

const Files kPatch = {
    {"Tileset\\Elwynn\\ElwynnGrass.blp", "grass-patch"},
    {"Tileset\\Elwynn\\ElwynnFlowers.blp", "flowers-patch"},
};

template <class T> T take(io::Expected<T> result) {
    if (!result) {
        qFatal("%s", result.error().describe().c_str());
    }
    return std::move(result).value();
}

} // namespace

class TestAssetSource : public QObject {
    Q_OBJECT

private slots:
    void initTestCase();
    void normalizesAndMatches();
    void mpqReadsKnownBytes();
    void folderReadsKnownBytes();
    void lookupsIgnoreCaseAndSlashes_data();
    void lookupsIgnoreCaseAndSlashes();
    void listsByFolderAndPattern();
    void stackPatchOverridesBase();
    void folderRefresh();
    void clientDataPriority();
    void clientArchiveOrder();
    void errorsNeverCrash();

private:
    QTemporaryDir mDir;
    fs::path mBaseMpq, mPatchMpq, mBaseFolder;
};

void TestAssetSource::initTestCase() {
    QVERIFY(mDir.isValid());
    const fs::path root = mDir.path().toStdString();
    mBaseMpq = root / "base.MPQ";
    mPatchMpq = root / "patch.MPQ";
    mBaseFolder = root / "extracted";
    QVERIFY(makeMpq(mBaseMpq, kBase));
    QVERIFY(makeMpq(mPatchMpq, kPatch));
    QVERIFY(makeFolder(mBaseFolder, kBase));
}

void TestAssetSource::normalizesAndMatches() {
    QCOMPARE(io::normalizeGamePath("/TILESET//Elwynn\\ElwynnGrass.BLP"),
             std::string("tileset\\elwynn\\elwynngrass.blp"));
    QCOMPARE(io::normalizeGamePath(""), std::string());
    QVERIFY(io::matchesGamePattern("tileset\\elwynn\\a.blp", "*.blp"));
    QVERIFY(io::matchesGamePattern("tileset\\elwynn\\a.blp", "tileset\\*\\?.blp"));
    QVERIFY(!io::matchesGamePattern("tileset\\elwynn\\a.blp", "*.adt"));
    QVERIFY(!io::matchesGamePattern("tileset\\elwynn\\ab.blp", "tileset\\*\\?.blp"));
    QVERIFY(io::matchesGamePattern("abc", "*"));
    QVERIFY(io::matchesGamePattern("", "*"));
    QVERIFY(!io::matchesGamePattern("abc", ""));
}

void TestAssetSource::mpqReadsKnownBytes() {
    auto mpq = take(io::MpqAssetSource::open({mBaseMpq}));
    for (const auto& [name, content] : kBase) {
        QVERIFY2(mpq->exists(name), name.c_str());
        QCOMPARE(textOf(take(mpq->read(name))), content);
    }
    QVERIFY(!mpq->exists("Tileset\\Elwynn\\Missing.blp"));
    auto missing = mpq->read("Tileset\\Elwynn\\Missing.blp");
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, io::ErrorCode::FileIo);
    QVERIFY(missing.error().message.find("Missing.blp") != std::string::npos);
    QVERIFY(mpq->describe().find("base.MPQ") != std::string::npos);
    // StormLib's own files are not assets.
    QVERIFY(!mpq->list("").empty());
    for (const auto& name : mpq->list("")) {
        QVERIFY2(name.front() != '(', name.c_str());
    }
}

void TestAssetSource::folderReadsKnownBytes() {
    auto folder = take(io::FolderAssetSource::open(mBaseFolder));
    QCOMPARE(folder->fileCount(), kBase.size());
    for (const auto& [name, content] : kBase) {
        QVERIFY2(folder->exists(name), name.c_str());
        QCOMPARE(textOf(take(folder->read(name))), content);
    }
    auto missing = folder->read("Tileset\\Elwynn\\Missing.blp");
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, io::ErrorCode::FileIo);
    QVERIFY(missing.error().chunk.isNull());
    QCOMPARE(missing.error().offset, std::uint64_t(0));
}

void TestAssetSource::lookupsIgnoreCaseAndSlashes_data() {
    QTest::addColumn<QString>("path");
    QTest::newRow("as stored") << "Tileset\\Elwynn\\ElwynnGrass.blp";
    QTest::newRow("upper, forward slashes") << "TILESET/elwynn/ElwynnGrass.BLP";
    QTest::newRow("lower, mixed slashes") << "tileset/elwynn\\elwynngrass.blp";
    QTest::newRow("leading and doubled slashes") << "/Tileset//Elwynn//ElwynnGrass.blp";
}

void TestAssetSource::lookupsIgnoreCaseAndSlashes() {
    QFETCH(QString, path);
    const std::string gamePath = path.toStdString();
    auto mpq = take(io::MpqAssetSource::open({mBaseMpq}));
    auto folder = take(io::FolderAssetSource::open(mBaseFolder));
    for (const io::AssetSource* source : {static_cast<const io::AssetSource*>(mpq.get()),
                                          static_cast<const io::AssetSource*>(folder.get())}) {
        QVERIFY2(source->exists(gamePath), source->describe().c_str());
        QCOMPARE(textOf(take(source->read(gamePath))), std::string("grass-base"));
    }
}

void TestAssetSource::listsByFolderAndPattern() {
    auto mpq = take(io::MpqAssetSource::open({mBaseMpq}));
    auto folder = take(io::FolderAssetSource::open(mBaseFolder));
    const std::vector<std::string> elwynn = {"Tileset\\Elwynn\\ElwynnDirt.blp",
                                             "Tileset\\Elwynn\\ElwynnGrass.blp"};
    const std::vector<std::string> blps = {"Tileset\\Durotar\\DurotarRock.BLP",
                                           "Tileset\\Elwynn\\ElwynnDirt.blp",
                                           "Tileset\\Elwynn\\ElwynnGrass.blp"};
    for (const io::AssetSource* source : {static_cast<const io::AssetSource*>(mpq.get()),
                                          static_cast<const io::AssetSource*>(folder.get())}) {
        QCOMPARE(source->list("Tileset\\Elwynn"), elwynn);
        QCOMPARE(source->list("tileset/ELWYNN/"), elwynn);
        QCOMPARE(source->list("*.blp"), blps);
        QCOMPARE(source->list("TILESET\\*.BLP"), blps);
        QCOMPARE(source->list("World\\Maps\\Azeroth\\*_??_??.adt"),
                 std::vector<std::string>{"World\\Maps\\Azeroth\\Azeroth_32_48.adt"});
        QCOMPARE(source->list("").size(), kBase.size());
        // A folder prefix is a whole folder name, not any string prefix.
        QVERIFY(source->list("Tileset\\Elw").empty());
        QVERIFY(source->list("Nothing").empty());
    }
}

void TestAssetSource::stackPatchOverridesBase() {
    // The client's way: patch over base in one MpqAssetSource, and the project folder over both.
    auto mpqs = take(io::MpqAssetSource::open({mPatchMpq, mBaseMpq}));
    QCOMPARE(textOf(take(mpqs->read("Tileset\\Elwynn\\ElwynnGrass.blp"))), std::string("grass-patch"));
    QCOMPARE(mpqs->archiveOf("tileset/elwynn/elwynngrass.blp"), mPatchMpq);
    QCOMPARE(mpqs->archiveOf("Tileset\\Elwynn\\ElwynnDirt.blp"), mBaseMpq);
    QVERIFY(mpqs->archiveOf("Nothing.blp").empty());

    io::StackAssetSource stack;
    stack.pushBack(take(io::MpqAssetSource::open({mBaseMpq})));
    stack.pushFront(take(io::MpqAssetSource::open({mPatchMpq})));
    QCOMPARE(stack.size(), std::size_t(2));
    QCOMPARE(textOf(take(stack.read("TILESET/ELWYNN/ELWYNNGRASS.BLP"))), std::string("grass-patch"));
    QCOMPARE(textOf(take(stack.read("Tileset\\Elwynn\\ElwynnDirt.blp"))), std::string("dirt-base"));
    QCOMPARE(textOf(take(stack.read("Tileset\\Elwynn\\ElwynnFlowers.blp"))), std::string("flowers-patch"));
    QCOMPARE(stack.providerOf("Tileset\\Elwynn\\ElwynnGrass.blp"), &stack.source(0));
    QCOMPARE(stack.providerOf("Tileset\\Elwynn\\ElwynnDirt.blp"), &stack.source(1));
    QVERIFY(stack.providerOf("Nothing.blp") == nullptr);
    QVERIFY(!stack.read("Nothing.blp"));
    QCOMPARE(stack.list("Tileset\\Elwynn"), (std::vector<std::string>{"Tileset\\Elwynn\\ElwynnDirt.blp",
                                                                      "Tileset\\Elwynn\\ElwynnFlowers.blp",
                                                                      "Tileset\\Elwynn\\ElwynnGrass.blp"}));
    QCOMPARE(mpqs->list("Tileset\\Elwynn"), stack.list("Tileset\\Elwynn"));

    // A project folder on top wins over both archives.
    const fs::path project = fs::path(mDir.path().toStdString()) / "project";
    QVERIFY(makeFolder(project, {{"tileset/elwynn/elwynngrass.blp", "grass-project"}}));
    stack.pushFront(take(io::FolderAssetSource::open(project)));
    QCOMPARE(textOf(take(stack.read("Tileset\\Elwynn\\ElwynnGrass.blp"))), std::string("grass-project"));
    QCOMPARE(stack.list("*grass.blp"), std::vector<std::string>{"tileset\\elwynn\\elwynngrass.blp"});
    QVERIFY(stack.describe().find("project") != std::string::npos);
}

void TestAssetSource::folderRefresh() {
    const fs::path root = fs::path(mDir.path().toStdString()) / "refresh";
    QVERIFY(makeFolder(root, {{"a.blp", "a"}}));
    auto folder = take(io::FolderAssetSource::open(root));
    QVERIFY(!folder->exists("b.blp"));
    QVERIFY(makeFolder(root, {{"Sub\\B.blp", "b"}}));
    QVERIFY(!folder->exists("sub\\b.blp")); // the index is built once
    QVERIFY(folder->refresh());
    QCOMPARE(textOf(take(folder->read("SUB/b.BLP"))), std::string("b"));
    fs::remove_all(root);
    QVERIFY(!folder->refresh());
    QCOMPARE(folder->fileCount(), std::size_t(0));
}

void TestAssetSource::clientDataPriority() {
    const fs::path data = fs::path(mDir.path().toStdString()) / "client" / "Data";
    fs::create_directories(data / "enUS");
    const std::string path = "Tileset\\Elwynn\\ElwynnGrass.blp";
    QVERIFY(makeMpq(data / "common.MPQ", {{path, "common"}, {"only-common.txt", "c"}}));
    QVERIFY(makeMpq(data / "enUS" / "locale-enUS.MPQ", {{path, "locale"}, {"only-locale.txt", "l"}}));
    QVERIFY(makeMpq(data / "patch.MPQ", {{path, "patch"}}));

    QCOMPARE(take(io::detectClientLocale(data)), std::string("enUS"));
    auto client = take(io::openClientData(data));
    QCOMPARE(textOf(take(client->read(path))), std::string("patch"));
    QCOMPARE(textOf(take(client->read("ONLY-COMMON.TXT"))), std::string("c"));
    QCOMPARE(textOf(take(client->read("only-locale.txt"))), std::string("l"));
    QCOMPARE(client->list("*.txt"), (std::vector<std::string>{"only-common.txt", "only-locale.txt"}));

    // Without patch.MPQ the locale archive wins over common.MPQ.
    fs::remove(data / "patch.MPQ");
    QCOMPARE(textOf(take(take(io::openClientData(data))->read(path))), std::string("locale"));
    // Without the locale folder common.MPQ alone.
    fs::remove_all(data / "enUS");
    QCOMPARE(take(io::detectClientLocale(data)), std::string());
    QCOMPARE(textOf(take(take(io::openClientData(data))->read(path))), std::string("common"));
}

void TestAssetSource::clientArchiveOrder() {
    const fs::path data = fs::path(mDir.path().toStdString()) / "order" / "Data";
    fs::create_directories(data / "deDE");
    // Only names matter to clientArchives(); files in any case.
    const std::vector<std::string> inData = {"common.MPQ",  "common-2.MPQ", "expansion.MPQ", "lichking.MPQ",
                                             "Patch.mpq",   "patch-2.MPQ",  "patch-3.MPQ",   "patch-4.MPQ",
                                             "patch-A.MPQ", "readme.txt"};
    const std::vector<std::string> inLocale = {"locale-deDE.MPQ",          "expansion-locale-deDE.MPQ",
                                               "lichking-locale-deDE.MPQ", "patch-deDE.MPQ",
                                               "patch-deDE-2.MPQ",         "patch-deDE-3.MPQ"};
    for (const auto& name : inData) {
        QVERIFY(io::writeFileBytes((data / name).string(), bytesOf("x")));
    }
    for (const auto& name : inLocale) {
        QVERIFY(io::writeFileBytes((data / "deDE" / name).string(), bytesOf("x")));
    }
    std::vector<std::string> got;
    for (const auto& archive : take(io::clientArchives(data))) {
        got.push_back(archive.lexically_relative(data).generic_string());
    }
    const std::vector<std::string> expected = {"deDE/patch-deDE-3.MPQ",
                                               "deDE/patch-deDE-2.MPQ",
                                               "deDE/patch-deDE.MPQ",
                                               "patch-A.MPQ",
                                               "patch-4.MPQ",
                                               "patch-3.MPQ",
                                               "patch-2.MPQ",
                                               "Patch.mpq",
                                               "deDE/lichking-locale-deDE.MPQ",
                                               "deDE/expansion-locale-deDE.MPQ",
                                               "deDE/locale-deDE.MPQ",
                                               "lichking.MPQ",
                                               "expansion.MPQ",
                                               "common-2.MPQ",
                                               "common.MPQ"};
    QCOMPARE(got, expected);

    // A second locale folder makes auto-detection ambiguous; naming the locale resolves it.
    fs::create_directories(data / "enGB");
    QVERIFY(!io::detectClientLocale(data));
    QVERIFY(!io::clientArchives(data));
    QCOMPARE(take(io::clientArchives(data, "deDE")).size(), expected.size());
    QCOMPARE(take(io::clientArchives(data, "enGB")).size(), std::size_t(9));
}

void TestAssetSource::errorsNeverCrash() {
    const fs::path root = mDir.path().toStdString();

    auto noDir = io::openClientData(root / "does-not-exist");
    QVERIFY(!noDir);
    QCOMPARE(noDir.error().code, io::ErrorCode::FileIo);
    QVERIFY(noDir.error().chunk.isNull());
    QCOMPARE(noDir.error().offset, std::uint64_t(0));

    const fs::path empty = root / "empty" / "Data";
    fs::create_directories(empty);
    auto none = io::openClientData(empty);
    QVERIFY(!none);
    QCOMPARE(none.error().message, "no MPQ archives found in " + empty.string());

    const fs::path garbage = root / "garbage" / "Data";
    fs::create_directories(garbage);
    QVERIFY(io::writeFileBytes((garbage / "common.MPQ").string(), bytesOf(std::string(4096, 'g'))));
    auto bad = io::openClientData(garbage);
    QVERIFY(!bad);
    QCOMPARE(bad.error().code, io::ErrorCode::FileIo);
    QVERIFY2(bad.error().message.find("common.MPQ") != std::string::npos, bad.error().message.c_str());
    QVERIFY2(bad.error().message.find("StormLib error") != std::string::npos, bad.error().message.c_str());

    QVERIFY(io::writeFileBytes((garbage / "empty.MPQ").string(), {}));
    QVERIFY(!io::MpqAssetSource::open({garbage / "empty.MPQ"}));
    QVERIFY(!io::MpqAssetSource::open({root / "missing.MPQ"}));
    QVERIFY(!io::MpqAssetSource::open({}));
    // One bad archive fails the whole open, naming that archive.
    auto mixed = io::MpqAssetSource::open({mBaseMpq, garbage / "common.MPQ"});
    QVERIFY(!mixed);
    QVERIFY(mixed.error().message.find("common.MPQ") != std::string::npos);

    QVERIFY(!io::FolderAssetSource::open(root / "does-not-exist"));
    QVERIFY(!io::FolderAssetSource::open(mBaseMpq)); // a file, not a folder

    // Every truncation either opens (and reads the right bytes or fails cleanly) or is refused: StormLib
    // must never see a header cut short (it reads uninitialized memory and may abort).
    const auto whole = take(io::readFileBytes(mBaseMpq.string()));
    const fs::path cut = root / "cut.MPQ";
    for (std::size_t size = 0; size < whole.size(); ++size) {
        QVERIFY(io::writeFileBytes(cut.string(), std::span(whole.data(), size)));
        auto opened = io::MpqAssetSource::open({cut});
        if (size < 44) {
            QVERIFY2(!opened, std::to_string(size).c_str());
        }
        if (opened) {
            for (const auto& [name, content] : kBase) {
                auto read = (*opened)->read(name);
                if (read) {
                    QCOMPARE(textOf(*read), content);
                }
            }
        }
    }
    // Table sizes and positions that point past the end of the file are refused before StormLib.
    for (std::size_t at : {19, 23, 27, 31}) {
        auto damaged = whole;
        damaged[at] = std::byte{0x7F};
        QVERIFY(io::writeFileBytes(cut.string(), damaged));
        auto opened = io::MpqAssetSource::open({cut});
        QVERIFY2(!opened, std::to_string(at).c_str());
        QVERIFY(opened.error().message.find("table") != std::string::npos);
    }
}

QTEST_APPLESS_MAIN(TestAssetSource)
#include "test_asset_source.moc"
