// Golden round trips on the real corpus: read -> write gives the same bytes; re-encoding alpha maps keeps
// the content; the dumps of the original and the written file are equal.

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_layout.h"
#include "support/test_files.h"

#include <QtTest>

#include <cstring>

using namespace mapsmith;

namespace {

io::Adt readOrFail(const std::vector<std::byte>& bytes, std::optional<bool> bigAlpha) {
    io::AdtReadOptions options;
    options.bigAlpha = bigAlpha;
    auto result = io::readAdt(bytes, options);
    if (!result) {
        qFatal("read failed: %s", result.error().describe().c_str());
    }
    return std::move(result->adt);
}

} // namespace

class TestAdtRoundtrip : public QObject {
    Q_OBJECT
private slots:
    void byteIdentical_data();
    void byteIdentical();
    void reencodeKeepsContent_data();
    void reencodeKeepsContent();
    void corpusFacts();
    void inferredDepthMatchesWdt();
    void writtenLayoutIsValid();
    void mcnr448RoundTrips_data();
    void mcnr448RoundTrips();
};

void TestAdtRoundtrip::byteIdentical_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("bigAlpha"); // -1 = infer, 0 = 4-bit (Azeroth.wdt has MPHD flags 0)
    QTest::newRow("Azeroth_38_46 with WDT") << "adt/Azeroth_38_46.adt" << 0;
    QTest::newRow("Azeroth_38_46 inferred") << "adt/Azeroth_38_46.adt" << -1;
    QTest::newRow("continent4229 with WDT") << "adt/continent4229.adt" << 0;
    QTest::newRow("continent4229 inferred") << "adt/continent4229.adt" << -1;
}

void TestAdtRoundtrip::byteIdentical() {
    QFETCH(QString, file);
    QFETCH(int, bigAlpha);
    const auto bytes = tests::readBytes(tests::corpusPath(file.toStdString()));
    QVERIFY(!bytes.empty());
    const io::Adt adt = readOrFail(bytes, bigAlpha < 0 ? std::nullopt : std::optional<bool>(bigAlpha != 0));
    QCOMPARE(adt.bigAlpha, false);
    const auto written = io::writeAdt(adt);
    QCOMPARE(written.size(), bytes.size());
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (written[i] != bytes[i]) {
            QFAIL(qPrintable(QStringLiteral("first difference at byte 0x%1").arg(i, 0, 16)));
        }
    }
    const io::Adt again = readOrFail(written, false);
    QCOMPARE(io::dumpAdt(again).dump(), io::dumpAdt(adt).dump());
}

void TestAdtRoundtrip::reencodeKeepsContent_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("encoding");
    for (const char* f : {"adt/Azeroth_38_46.adt", "adt/continent4229.adt"}) {
        QTest::newRow((std::string(f) + " -> 8bit").c_str()) << f << int(io::AlphaEncoding::EightBit);
        QTest::newRow((std::string(f) + " -> rle").c_str()) << f << int(io::AlphaEncoding::Rle);
    }
}

// 4-bit -> 8-bit or RLE is lossless (v * 17), and back to 4-bit restores the original bytes.
void TestAdtRoundtrip::reencodeKeepsContent() {
    QFETCH(QString, file);
    QFETCH(int, encoding);
    const auto bytes = tests::readBytes(tests::corpusPath(file.toStdString()));
    const io::Adt original = readOrFail(bytes, false);
    io::AdtWriteOptions options;
    options.alphaEncoding = io::AlphaEncoding(encoding);
    const auto converted = io::writeAdt(original, options);
    const io::Adt reread = readOrFail(converted, true);
    QCOMPARE(io::dumpAdt(reread).dump(), io::dumpAdt(original).dump());
    for (const auto& c : reread.chunks) {
        for (const auto& l : c.layers) {
            if (l.hasAlpha) {
                QCOMPARE(int(l.encoding), encoding);
            }
        }
    }
    io::AdtWriteOptions back;
    back.alphaEncoding = io::AlphaEncoding::FourBit;
    const auto restored = io::writeAdt(reread, back);
    QVERIFY(restored == bytes);
}

void TestAdtRoundtrip::corpusFacts() {
    const io::Adt c = readOrFail(tests::readBytes(tests::corpusPath("adt/continent4229.adt")), false);
    QCOMPARE(c.chunks.size(), std::size_t(256));
    std::size_t layers = 0;
    int holes = 0;
    for (const auto& ch : c.chunks) {
        layers += ch.layers.size();
        holes += ch.holesLowRes != 0 ? 1 : 0;
        QVERIFY(ch.layers.size() <= 4);
        QVERIFY(ch.shadow.has_value());
        QCOMPARE(ch.shadow->size(), std::size_t(512));
        QVERIFY(!ch.mclq.has_value());
    }
    QCOMPARE(layers, std::size_t(739));
    QCOMPARE(holes, 1);
    QCOMPARE(c.doodads.size(), std::size_t(381));
    QCOMPARE(c.mapObjects.size(), std::size_t(19));
    QVERIFY(c.liquids.has_value());
    int liquidChunks = 0;
    for (const auto& lc : c.liquids->chunks) {
        liquidChunks += lc.instances.empty() ? 0 : 1;
    }
    QCOMPARE(liquidChunks, 9);
    // Chunk positions follow the spec: x = (32 - tileY) * 533.33 - row * 33.33.
    QCOMPARE(c.chunks[0].position.x, 1600.0f);
    QCOMPARE(c.chunks[16].position.x, 1566.667f);
    for (const auto& d : c.doodads) {
        QVERIFY(d.nameIndex < c.modelNames.size());
    }

    const io::Adt a = readOrFail(tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")), false);
    QVERIFY(!a.liquids.has_value());
    QCOMPARE(a.textures.size(), std::size_t(1)); // MTEX: Tileset\\BurningStepps\\BurningSteppsAsh01.blp
    for (const auto& ch : a.chunks) {
        QVERIFY(ch.mclq.has_value()); // empty MCLQ stubs (sizeLiquid = 8)
        QVERIFY(ch.mclq->empty());
        QVERIFY(!ch.v18McnrDeclares448);
    }
    QCOMPARE(a.chunks[0].position.y, -3200.0f);
}

void TestAdtRoundtrip::inferredDepthMatchesWdt() {
    auto result = io::readAdt(tests::readBytes(tests::corpusPath("adt/continent4229.adt")));
    QVERIFY(result);
    QVERIFY(result->bigAlphaInferred);
    QCOMPARE(result->adt.bigAlpha, false);
}

void TestAdtRoundtrip::writtenLayoutIsValid() {
    for (const char* f : {"adt/Azeroth_38_46.adt", "adt/continent4229.adt"}) {
        const auto bytes = tests::readBytes(tests::corpusPath(f));
        const auto problems = io::checkAdtLayout(bytes);
        for (const auto& p : problems) {
            qWarning("%s: %s", f, p.describe().c_str());
        }
        QVERIFY(problems.empty());
        io::AdtWriteOptions rle;
        rle.alphaEncoding = io::AlphaEncoding::Rle;
        QVERIFY(io::checkAdtLayout(io::writeAdt(readOrFail(bytes, false), rle)).empty());
    }
}

void TestAdtRoundtrip::mcnr448RoundTrips_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("everyNth"); // MCNR of every n-th MCNK declares 448
    for (const char* f : {"adt/Azeroth_38_46.adt", "adt/continent4229.adt"}) {
        QTest::newRow((std::string(f) + " all").c_str()) << f << 1;
        QTest::newRow((std::string(f) + " every 3rd").c_str()) << f << 3;
    }
}

// A v18 file whose MCNR declares 448 (Cataclysm's convention, non-canonical in v18) reads as the same
// tile and writes back byte-identical, chunk by chunk.
void TestAdtRoundtrip::mcnr448RoundTrips() {
    QFETCH(QString, file);
    QFETCH(int, everyNth);
    const auto canonical = tests::readBytes(tests::corpusPath(file.toStdString()));
    // The 13 padding bytes already follow each MCNR, so only the size fields change.
    auto bytes = canonical;
    io::Diagnostics diag;
    int patched = 0;
    for (const auto& e : io::listAdtChunks(canonical, diag)) {
        if (e.id == io::chunk::MCNR && e.mcnkIndex % everyNth == 0) {
            QCOMPARE(e.size, std::uint64_t(io::kMcnrEntriesSize));
            const std::uint32_t size = io::kMcnrEntriesSize + io::kMcnrPaddingSize;
            std::memcpy(bytes.data() + e.offset + 4, &size, 4);
            ++patched;
        }
    }
    QCOMPARE(patched, (io::kChunksPerTile + everyNth - 1) / everyNth);
    const io::Adt adt = readOrFail(bytes, false);
    for (int i = 0; i < io::kChunksPerTile; ++i) {
        QCOMPARE(adt.chunks[std::size_t(i)].v18McnrDeclares448, i % everyNth == 0);
    }
    const auto written = io::writeAdt(adt);
    QCOMPARE(written.size(), bytes.size());
    QVERIFY(written == bytes);
    const io::Adt fromCanonical = readOrFail(canonical, false);
    QCOMPARE(io::dumpAdt(adt).dump(), io::dumpAdt(fromCanonical).dump());
    for (int i = 0; i < io::kChunksPerTile; ++i) {
        QVERIFY(adt.chunks[std::size_t(i)].normalPadding ==
                fromCanonical.chunks[std::size_t(i)].normalPadding);
    }
}

QTEST_APPLESS_MAIN(TestAdtRoundtrip)
#include "test_adt_roundtrip.moc"
