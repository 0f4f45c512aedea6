// The models the browser offers: M2s and WMO roots of the game data, each once in sorted order, without
// WMO group files, skins or anything else; from a folder (its own spelling) and stacked sources.

#include "core/models/model_catalog.h"
#include "support/memory_asset_source.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>

using namespace mapsmith;

class TestModelCatalog : public QObject {
    Q_OBJECT
private slots:
    void groupFilesAreRecognised();
    void listsModelsOnly();
    void folderSpellingAndStacks();
};

void TestModelCatalog::groupFilesAreRecognised() {
    QVERIFY(core::isWmoGroupFile("World\\wmo\\TrollTent_000.wmo"));
    QVERIFY(core::isWmoGroupFile("a_123.WMO"));
    QVERIFY(!core::isWmoGroupFile("World\\wmo\\TrollTent.wmo"));
    QVERIFY(!core::isWmoGroupFile("Tent_00.wmo"));  // two digits
    QVERIFY(!core::isWmoGroupFile("Tent_0a0.wmo")); // not digits
    QVERIFY(!core::isWmoGroupFile("Tent-000.wmo")); // no underscore
    QVERIFY(!core::isWmoGroupFile("Tent_000.m2"));  // not a WMO
    QVERIFY(!core::isWmoGroupFile("_000.wm"));
    QVERIFY(!core::isWmoGroupFile(""));
}

void TestModelCatalog::listsModelsOnly() {
    test::MemoryAssetSource source;
    for (const char* name : {"World\\Critter\\Rabbit.m2", "World\\Critter\\Rabbit00.skin",
                             "World\\wmo\\Tent.wmo", "World\\wmo\\Tent_000.wmo", "World\\wmo\\Tent_001.wmo",
                             "World\\Azeroth\\Tree.M2", "Tileset\\Grass.blp", "World\\Old\\Chair.mdx",
                             "Character\\Human\\Male.m2x", "World\\wmo\\m2.txt"}) {
        source.add(name, std::string_view("x"));
    }
    const std::vector<std::string> models = core::listPlaceableModels(source);
    QCOMPARE(models, (std::vector<std::string>{"world\\azeroth\\tree.m2", "world\\critter\\rabbit.m2",
                                               "world\\wmo\\tent.wmo"}));
    QVERIFY(core::listPlaceableModels(test::MemoryAssetSource{}).empty());
}

void TestModelCatalog::folderSpellingAndStacks() {
    QTemporaryDir dir;
    const std::filesystem::path root = dir.path().toStdString();
    for (const char* name :
         {"World/Critter/Rabbit.m2", "World/wmo/TrollTent.wmo", "World/wmo/TrollTent_000.wmo"}) {
        std::filesystem::create_directories((root / name).parent_path());
        std::ofstream(root / name) << "x";
    }
    auto folder = io::FolderAssetSource::open(root);
    QVERIFY(folder);
    auto memory = std::make_unique<test::MemoryAssetSource>();
    memory->add("world\\critter\\rabbit.m2", std::string_view("y")); // the same model: listed once
    memory->add("world\\a\\first.wmo", std::string_view("y"));
    std::vector<std::unique_ptr<io::AssetSource>> sources;
    sources.push_back(std::move(*folder));
    sources.push_back(std::move(memory));
    const io::StackAssetSource stack(std::move(sources));
    QCOMPARE(core::listPlaceableModels(stack),
             (std::vector<std::string>{"world\\a\\first.wmo", "World\\Critter\\Rabbit.m2",
                                       "World\\wmo\\TrollTent.wmo"}));
}

QTEST_APPLESS_MAIN(TestModelCatalog)
#include "test_model_catalog.moc"
