// Minimap names and the md5translate.trs merge (core/render/minimap_files.h): goldens for the merge over
// line endings, blocks, spellings and damaged input, and the names the client asks for.

#include "core/render/minimap_files.h"
#include "io/assets/minimap.h"

#include <QCryptographicHash>
#include <QTest>

using namespace mapsmith;

Q_DECLARE_METATYPE(std::string)

namespace {

using Entries = std::map<core::TileCoord, std::string>;

} // namespace

Q_DECLARE_METATYPE(Entries)

class TestMinimapFiles : public QObject {
    Q_OBJECT
private slots:
    void names();
    void merge_data();
    void merge();
    void mergedFileReadsBack();
};

void TestMinimapFiles::names() {
    QCOMPARE(core::minimapFileName({32, 5}), std::string("map32_05.blp"));
    QCOMPARE(core::minimapFileName({7, 48}), std::string("map7_48.blp"));
    QCOMPARE(core::minimapUnhashedPath("Azeroth", {29, 40}),
             std::string("textures\\Minimap\\Azeroth\\map29_40.blp"));
    const std::string text = "BLP2 bytes";
    const auto bytes = std::as_bytes(std::span(text.data(), text.size()));
    const QByteArray md5 = QCryptographicHash::hash(QByteArray::fromStdString(text), QCryptographicHash::Md5);
    QCOMPARE(core::minimapHashedName(bytes), md5.toHex().toStdString() + ".blp");
    QCOMPARE(core::minimapHashedName(bytes).size(), std::size_t(36));
    QCOMPARE(core::minimapHashedPath("ab.blp"), std::string("textures\\Minimap\\ab.blp"));
    QVERIFY(core::translateListsMap("dir: Map\nmap\\map1_02.blp\tx.blp\n", "MAP"));
    QVERIFY(!core::translateListsMap("dir: Map\n", "Map")); // a block without entries lists nothing
    QVERIFY(!core::translateListsMap("dir: Other\nOther\\map1_02.blp\tx.blp\n", "Map"));
}

void TestMinimapFiles::merge_data() {
    QTest::addColumn<std::string>("input");
    QTest::addColumn<Entries>("entries");
    QTest::addColumn<std::string>("expected");
    const Entries one{{{1, 2}, "new.blp"}};
    QTest::newRow("empty file: a new block")
        << std::string() << one << std::string("dir: Map\nMap\\map1_02.blp\tnew.blp\n");
    QTest::newRow("no entries: unchanged") << std::string("dir: A\r\nA\\map1_01.blp\tx.blp\r\n") << Entries{}
                                           << std::string("dir: A\r\nA\\map1_01.blp\tx.blp\r\n");
    QTest::newRow("other map only: appended, CRLF kept")
        << std::string("dir: A\r\nA\\map1_01.blp\tx.blp\r\n") << one
        << std::string("dir: A\r\nA\\map1_01.blp\tx.blp\r\ndir: Map\r\nMap\\map1_02.blp\tnew.blp\r\n");
    QTest::newRow("no final newline")
        << std::string("dir: A\nA\\map1_01.blp\tx.blp") << one
        << std::string("dir: A\nA\\map1_01.blp\tx.blp\ndir: Map\nMap\\map1_02.blp\tnew.blp\n");
    QTest::newRow("replaced in its block, block in the middle")
        << std::string(
               "dir: A\nA\\map1_01.blp\tx.blp\ndir: Map\nMap\\map1_02.blp\told.blp\nMap\\map3_04.blp\tk.blp\n"
               "dir: B\nB\\map0_00.blp\ty.blp\n")
        << one
        << std::string(
               "dir: A\nA\\map1_01.blp\tx.blp\ndir: Map\nMap\\map3_04.blp\tk.blp\nMap\\map1_02.blp\tnew.blp\n"
               "dir: B\nB\\map0_00.blp\ty.blp\n");
    QTest::newRow("other spellings of the tile dropped (case, slash, unpadded y)")
        << std::string("dir: map\nMAP/MAP1_2.BLP\told.blp\nmap\\map1_02.blp\told2.blp\n") << one
        << std::string("dir: map\nMap\\map1_02.blp\tnew.blp\n");
    QTest::newRow("blank line ends the block")
        << std::string("dir: Map\nMap\\map3_04.blp\tk.blp\n\ndir: B\n") << one
        << std::string("dir: Map\nMap\\map3_04.blp\tk.blp\nMap\\map1_02.blp\tnew.blp\n\ndir: B\n");
    QTest::newRow("odd lines kept byte for byte")
        << std::string("garbage without tab\n\t\nMap\\map99_99.blp\tz.blp\n") << one
        << std::string(
               "garbage without tab\n\t\nMap\\map99_99.blp\tz.blp\ndir: Map\nMap\\map1_02.blp\tnew.blp\n");
    QTest::newRow("several entries in tile order")
        << std::string("dir: Map\n") << Entries{{{2, 1}, "b.blp"}, {{1, 2}, "a.blp"}}
        << std::string("dir: Map\nMap\\map1_02.blp\ta.blp\nMap\\map2_01.blp\tb.blp\n");
}

void TestMinimapFiles::merge() {
    QFETCH(std::string, input);
    QFETCH(Entries, entries);
    QFETCH(std::string, expected);
    QCOMPARE(core::mergeMd5Translate(input, "Map", entries), expected);
}

void TestMinimapFiles::mergedFileReadsBack() {
    // What io's reader (the Tile Map's and the client's rule) finds in a merged file.
    const std::string merged =
        core::mergeMd5Translate("dir: Azeroth\r\nAzeroth\\map29_40.blp\tabc.blp\r\n", "Map",
                                {{{38, 46}, "0123.blp"}, {{42, 9}, "4567.blp"}});
    const io::MinimapIndex index = io::parseMd5Translate(merged);
    QCOMPARE(index.at("azeroth").at({29, 40}), std::string("textures\\minimap\\abc.blp"));
    QCOMPARE(index.at("map").at({38, 46}), std::string("textures\\minimap\\0123.blp"));
    QCOMPARE(index.at("map").at({42, 9}), std::string("textures\\minimap\\4567.blp"));
}

QTEST_GUILESS_MAIN(TestMinimapFiles)
#include "test_minimap_files.moc"
