// Minimap lookup: md5translate.trs parsed (blocks, tabs, \r\n, WMO and malformed lines skipped, y with
// and without zero padding), the hashed file used when the source has it, the unhashed custom layout as
// the fallback, and nothing for a tile without a minimap.

#include "io/assets/minimap.h"
#include "support/memory_asset_source.h"

#include <QtTest>

using namespace mapsmith;

class TestMinimap : public QObject {
    Q_OBJECT
private slots:
    void parsesTranslateFile() {
        const std::string text = "dir: Azeroth\r\n"
                                 "Azeroth\\map32_48.blp\t6e7b0c1dbd5e24fec9e3a5d0aa2ac4fa.blp\r\n"
                                 "Azeroth\\map7_05.blp\taaaa.blp\r\n"
                                 "dir: Kalimdor\n"
                                 "Kalimdor\\map40_9.blp\tbbbb.blp\n"
                                 "WMO\\Dungeon\\thing_000_00.blp\tcccc.blp\n"
                                 "Kalimdor\\map99_10.blp\tdddd.blp\n" // out of range
                                 "Kalimdor\\map1_2.blp\n"             // no hash
                                 "garbage line\n"
                                 "Kalimdor\\mapx_2.blp\teeee.blp";
        const io::MinimapIndex index = io::parseMd5Translate(text);
        QCOMPARE(index.size(), std::size_t(2));
        QCOMPARE(index.at("azeroth").size(), std::size_t(2));
        QCOMPARE(index.at("azeroth").at({32, 48}),
                 std::string("textures\\minimap\\6e7b0c1dbd5e24fec9e3a5d0aa2ac4fa.blp"));
        QCOMPARE(index.at("azeroth").at({7, 5}), std::string("textures\\minimap\\aaaa.blp"));
        QCOMPARE(index.at("kalimdor").size(), std::size_t(1));
        QCOMPARE(index.at("kalimdor").at({40, 9}), std::string("textures\\minimap\\bbbb.blp"));
        QVERIFY(io::parseMd5Translate("").empty());
    }

    void findsHashedThenUnhashed() {
        test::MemoryAssetSource source;
        source.add("Textures\\Minimap\\AAAA.blp", std::string_view("x"));
        source.add("textures/minimap/Custom/map3_04.blp", std::string_view("x"));
        source.add("textures/minimap/Custom/map5_6.blp", std::string_view("x"));
        const io::MinimapIndex index = io::parseMd5Translate("Azeroth\\map1_02.blp\tAAAA.blp\n"
                                                             "Azeroth\\map2_02.blp\tmissing.blp\n");
        QCOMPARE(io::minimapPath(source, index, "AZEROTH", 1, 2), std::string("textures\\minimap\\AAAA.blp"));
        QCOMPARE(io::minimapPath(source, index, "Azeroth", 2, 2), std::string()); // listed, file absent
        QCOMPARE(io::minimapPath(source, index, "Custom", 3, 4),
                 std::string("textures\\minimap\\Custom\\map3_04.blp"));
        QCOMPARE(io::minimapPath(source, index, "Custom", 5, 6),
                 std::string("textures\\minimap\\Custom\\map5_6.blp"));
        QCOMPARE(io::minimapPath(source, index, "Custom", 9, 9), std::string());
    }
};

QTEST_GUILESS_MAIN(TestMinimap)
#include "test_minimap.moc"
