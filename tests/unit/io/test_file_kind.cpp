// The content sniffer (io/binary/file_kind.h): every corpus file and every built model is recognised by its
// bytes whatever it is called; magics of versions the readers refuse (MD21, MDL7, HMP9) still name their
// format; the extension decides only for files whose bytes say nothing (empty, cut, garbage).

#include "io/binary/file_kind.h"
#include "support/model_builders.h"
#include "support/test_bytes.h"
#include "support/test_files.h"

#include <QtTest>

#include <cstring>
#include <string>

using namespace mapsmith;
using io::FileKind;

Q_DECLARE_METATYPE(io::FileKind)

namespace {

using namespace mapsmith::tests;

Bytes text(const char* s) {
    Bytes b;
    appendText(b, s, std::strlen(s));
    return b;
}

// A chunk stream of reversed tags ("MVER" stored "REVM") with empty or 4-byte bodies.
Bytes chunks(std::initializer_list<const char*> tags) {
    Bytes b;
    for (const char* tag : tags) {
        for (int i = 3; i >= 0; --i) {
            appendU8(b, std::uint8_t(tag[i]));
        }
        appendU32(b, 4);
        appendU32(b, 17);
    }
    return b;
}

void addRow(const char* name, const Bytes& bytes, const char* fileName, FileKind want) {
    QTest::newRow(name) << QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()))
                        << QString::fromLatin1(fileName) << want;
}

} // namespace

class TestFileKind : public QObject {
    Q_OBJECT
private slots:
    void corpusByContent_data();
    void corpusByContent();
    void sniff_data();
    void sniff();
    void names();
};

// Every corpus file under a name that says nothing (content decides), and under a misleading one.
void TestFileKind::corpusByContent_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<FileKind>("want");
    QTest::newRow("ADT") << "adt/Azeroth_38_46.adt" << FileKind::Adt;
    QTest::newRow("ADT with MH2O") << "adt/continent4229.adt" << FileKind::Adt;
    QTest::newRow("WDT") << "adt/Azeroth.wdt" << FileKind::Wdt;
    QTest::newRow("M2") << "models/Rabbit.m2" << FileKind::M2;
    QTest::newRow("skin") << "models/Rabbit00.skin" << FileKind::M2Skin;
    QTest::newRow("WMO root") << "models/trolltent.wmo" << FileKind::WmoRoot;
    QTest::newRow("WMO group") << "models/trolltent_000.wmo" << FileKind::WmoGroup;
    QTest::newRow("MDL5") << "mdl/PhosphoricAcid_MDl5.mdl" << FileKind::Mdl;
    QTest::newRow("MDL5 earth") << "mdl/mdl5-earth.mdl" << FileKind::Mdl;
    QTest::newRow("HMP7") << "hmp/small.hmp" << FileKind::Hmp;
    QTest::newRow("HMP7 assimp") << "hmp/assimp-terrain.hmp" << FileKind::Hmp;
    QTest::newRow("WMB7") << "wmb/test.wmb" << FileKind::Wmb;
}

void TestFileKind::corpusByContent() {
    QFETCH(QString, file);
    QFETCH(FileKind, want);
    const Bytes bytes = readBytes(corpusPath(file.toStdString()));
    QVERIFY(!bytes.empty());
    QCOMPARE(io::sniffFileKind(bytes), want);
    QCOMPARE(io::sniffFileKind(bytes, "data.bin"), want);
    QCOMPARE(io::sniffFileKind(bytes, "C:\\Game\\Lies.M2"), want);
    QCOMPARE(io::sniffFileKind(bytes, "lies_000.wmo"), want);
    QCOMPARE(io::sniffFileKind(bytes, "lies.adt"), want);
}

void TestFileKind::sniff_data() {
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<FileKind>("want");
    // Content.
    addRow("built M2", buildM2({}), "x", FileKind::M2);
    addRow("built skin", buildSkin(8, 4), "x", FileKind::M2Skin);
    addRow("built MDX", buildMdx({}), "x.m2", FileKind::Mdx);
    addRow("MD21", text("MD21 and then an MD20 chunk"), "Legion.m2", FileKind::M2Chunked);
    addRow("MDL3", text("MDL3...."), "", FileKind::Mdl);
    addRow("MDL7 (refused by the reader, but an MDL)", text("MDL7"), "x.hmp", FileKind::Mdl);
    addRow("HMP4", text("HMP4"), "", FileKind::Hmp);
    addRow("HMP9", text("HMP9 not a terrain"), "x.mdl", FileKind::Hmp);
    addRow("BLP1", text("BLP1"), "", FileKind::Blp);
    addRow("WMB6 (refused by the reader, but a WMB)", text("WMB6"), "x.hmp", FileKind::Wmb);
    addRow("BLP2", text("BLP2"), "x.wmo", FileKind::Blp);
    addRow("MVER MOHD", chunks({"MVER", "MOHD"}), "x.adt", FileKind::WmoRoot);
    addRow("MVER MOGP", chunks({"MVER", "MOGP"}), "x.wmo", FileKind::WmoGroup);
    addRow("MVER MHDR", chunks({"MVER", "MHDR"}), "x.wdt", FileKind::Adt);
    addRow("MVER MPHD", chunks({"MVER", "MPHD"}), "x.adt", FileKind::Wdt);
    addRow("MAIN fourth", chunks({"MVER", "XXXX", "YYYY", "MAIN"}), "", FileKind::Wdt);
    addRow("MCNK fifth is too late", chunks({"MVER", "AAAA", "BBBB", "CCCC", "MCNK"}), "", FileKind::Unknown);
    addRow("MVER MAOF (WDL)", chunks({"MVER", "MAOF"}), "x.wdt", FileKind::Wdl);
    addRow("MAOF fifth (Blizzard's WDL)", chunks({"MVER", "MWMO", "MWID", "MODF", "MAOF"}), "x.adt",
           FileKind::Wdl);
    addRow("MAOF sixth is too late", chunks({"MVER", "MWMO", "MWID", "MODF", "XXXX", "MAOF"}), "",
           FileKind::Unknown);
    addRow("empty .wdl", {}, "Map.WDL", FileKind::Wdl);
    addRow("magic in lower case is not one", text("md20"), "", FileKind::Unknown);
    addRow("MDL without a digit", text("MDLQ"), "", FileKind::Unknown);
    // The extension, when the content says nothing.
    addRow("empty .adt", {}, "a/b/Map_1_2.adt", FileKind::Adt);
    addRow("empty .WDT", {}, "MAP.WDT", FileKind::Wdt);
    addRow("garbage .m2", text("garbage"), "x.M2", FileKind::M2);
    addRow("garbage .skin", text("garbage"), "x00.skin", FileKind::M2Skin);
    addRow("cut .wmo", text("RE"), "Tent.wmo", FileKind::WmoRoot);
    addRow("cut _000.WMO", text("RE"), "C:\\World\\TENT_000.WMO", FileKind::WmoGroup);
    addRow("_00.wmo is a root", text("RE"), "Tent_00.wmo", FileKind::WmoRoot);
    addRow("_abc.wmo is a root", text("RE"), "Tent_abc.wmo", FileKind::WmoRoot);
    addRow("bare _000.wmo is a root", text("RE"), "_000.wmo", FileKind::WmoRoot);
    addRow("garbage .mdx", text("xxxxxxxx"), "x.mdx", FileKind::Mdx);
    addRow("garbage .mdl", text("xxxxxxxx"), "x.mdl", FileKind::Mdl);
    addRow("garbage .hmp", text("xxxxxxxx"), "x.hmp", FileKind::Hmp);
    addRow("garbage .blp", text("xxxxxxxx"), "x.blp", FileKind::Blp);
    addRow("garbage .wmb", text("xxxxxxxx"), "x.WMB", FileKind::Wmb);
    addRow("garbage .png", text("xxxxxxxx"), "x.png", FileKind::Unknown);
    addRow("no extension", text("xxxxxxxx"), "dir.adt/file", FileKind::Unknown);
    addRow("empty, no name", {}, "", FileKind::Unknown);
}

void TestFileKind::sniff() {
    QFETCH(QByteArray, bytes);
    QFETCH(QString, fileName);
    QFETCH(FileKind, want);
    QCOMPARE(io::sniffFileKind(fromQt(bytes), fileName.toStdString()), want);
}

void TestFileKind::names() {
    QCOMPARE(std::string(io::fileKindName(FileKind::M2Chunked)), std::string("M2 (MD21)"));
    QCOMPARE(std::string(io::fileKindName(FileKind::WmoGroup)), std::string("WMO group"));
    QCOMPARE(std::string(io::fileKindName(FileKind::Unknown)), std::string("unknown"));
    QCOMPARE(std::string(io::fileKindName(FileKind::Wmb)), std::string("WMB"));
}

QTEST_GUILESS_MAIN(TestFileKind)
#include "test_file_kind.moc"
