// mapsmith-cli convert --liquid mh2o: a map folder whose tile 38_46 is the real Azeroth_38_46 filled with
// MCLQ layers built by the spec's rules (tests/support/mclq_tiles.h; no real MCLQ tile is in the corpus)
// and whose 42_29 is continent4229 (MH2O). Each tile's converted chunks are printed; `dump --liquid-cells`
// of every output equals the input's, in the layout kept or with --to split; no MCLQ is left and `validate`
// finds nothing for any consumer; usage errors
// and an MCLQ that does not decode (named with its chunk and offset, the other tiles still written).

#include "io/adt/adt.h"
#include "io/adt/mclq.h"
#include "support/mclq_tiles.h"
#include "support/test_files.h"
#include "tests/cli/cli_case.h"

#include <QDir>
#include <QFileInfo>
#include <QtTest>

#include <nlohmann/json.hpp>

namespace {

using namespace mapsmith;
using namespace mapsmith::tests;
using enum mapsmith::cli::ExitCode;

io::Adt corpusTile(const char* name) {
    auto read = io::readAdt(readBytes(corpusPath(std::string("adt/") + name)));
    return std::move(read->adt);
}

// <dir>/Old/Old.wdt, Old_38_46.adt (MCLQ everywhere), Old_42_29.adt (continent4229).
bool makeOldMap(const QString& dir, const io::Adt& tile3846) {
    return QDir().mkpath(dir + QStringLiteral("/Old")) &&
           writeFile(dir + QStringLiteral("/Old/Old.wdt"), fileBytes(corpus("adt/Azeroth.wdt"))) &&
           writeFile(dir + QStringLiteral("/Old/Old_38_46.adt"), qtBytes(io::writeAdt(tile3846))) &&
           writeFile(dir + QStringLiteral("/Old/Old_42_29.adt"), fileBytes(corpus("adt/continent4229.adt")));
}

QString liquidCells(const QString& path) {
    const CliRun run = runCli({"dump", path, "--liquid-cells"});
    return run.code == Ok ? run.out : QStringLiteral("dump failed: ") + run.err;
}

} // namespace

class TestCliLiquids : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(mTemp.isValid());
        io::Adt adt = corpusTile("Azeroth_38_46.adt");
        fillWithMclq(adt);
        QVERIFY(makeOldMap(mTemp.path(), adt));
        mMap = mTemp.path() + QStringLiteral("/Old");
    }

    void convertMapFolderKeepingLayout() {
        const QString out = mTemp.path() + QStringLiteral("/mh2o");
        const CliRun run = runCli({"convert", mMap, "--liquid", "mh2o", "--out", out});
        QCOMPARE(run.code, int(Ok));
        QVERIFY2(
            run.out.contains(mMap + QStringLiteral("/Old_38_46.adt: 256 chunks converted from MCLQ to MH2O")),
            qPrintable(run.out));
        QVERIFY2(
            run.out.contains(mMap + QStringLiteral("/Old_42_29.adt: 0 chunks converted from MCLQ to MH2O")),
            qPrintable(run.out));
        QVERIFY(run.out.contains(QStringLiteral("converted 2 tiles to their own layout")));
        QVERIFY(QFileInfo::exists(out + QStringLiteral("/Old.wdt")));
        for (const char* name : {"Old_38_46.adt", "Old_42_29.adt"}) {
            const QString before = liquidCells(mMap + QLatin1Char('/') + QLatin1String(name));
            QVERIFY(!before.startsWith(QStringLiteral("dump failed")));
            QCOMPARE(liquidCells(out + QLatin1Char('/') + QLatin1String(name)), before);
        }
        // 256 chunks with liquid in the view, none of them MCLQ any more.
        const auto cells =
            nlohmann::json::parse(liquidCells(out + QStringLiteral("/Old_38_46.adt")).toStdString());
        QCOMPARE(cells["chunks"].size(), std::size_t(256));
        auto read = io::readAdt(readBytes((out + QStringLiteral("/Old_38_46.adt")).toStdString()));
        QVERIFY(read);
        for (const io::MapChunk& c : read->adt.chunks) {
            QVERIFY(!c.mclq);
            QCOMPARE(c.flags & io::kMclqLiquidFlagMask, 0u);
        }
        // Every consumer takes the converted tile (the input was valid too).
        for (const QString& tile :
             {mMap + QStringLiteral("/Old_38_46.adt"), out + QStringLiteral("/Old_38_46.adt")}) {
            const CliRun valid = runCli({"validate", tile});
            QVERIFY2(valid.code == Ok, qPrintable(valid.out + valid.err));
        }
        // The MH2O tile is written as it was read.
        QCOMPARE(fileBytes(out + QStringLiteral("/Old_42_29.adt")),
                 fileBytes(corpus("adt/continent4229.adt")));
    }

    void convertToSplit() {
        const QString out = mTemp.path() + QStringLiteral("/split");
        const QString tile = mMap + QStringLiteral("/Old_38_46.adt");
        const CliRun run = runCli({"convert", tile, "--liquid", "MH2O", "--to", "split", "--out", out});
        QCOMPARE(run.code, int(Ok));
        QVERIFY(run.out.contains(QStringLiteral("256 chunks converted from MCLQ to MH2O")));
        QVERIFY(run.out.contains(QStringLiteral("converted 1 tile to split")));
        QVERIFY(QFileInfo::exists(out + QStringLiteral("/Old_38_46_tex0.adt")));
        QCOMPARE(liquidCells(out + QStringLiteral("/Old_38_46.adt")), liquidCells(tile));
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("--liquid wine")
            << QStringList{"--liquid", "wine"} << QStringLiteral("--liquid must be mh2o");
        QTest::newRow("neither --to nor --liquid")
            << QStringList{} << QStringLiteral("give --to v18|split, --liquid mh2o or both");
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const QString out = mTemp.path() + QStringLiteral("/usage");
        const CliRun run = runCli(QStringList{"convert", mMap, "--out", out} + args);
        QCOMPARE(run.code, int(Usage));
        QVERIFY2(run.err.contains(message), qPrintable(run.err));
        QVERIFY(!QFileInfo::exists(out));
    }

    // A chunk whose MCLQ is shorter than its flags announce: that tile fails (exit 3) naming MCLQ, the map
    // chunk and the payload's offset in the file; the other tile is converted.
    void brokenMclq() {
        io::Adt adt = corpusTile("Azeroth_38_46.adt");
        fillWithMclq(adt);
        adt.chunks[200].mclq->resize(700);
        const auto bytes = io::writeAdt(adt);
        const auto offsets = io::mclqPayloadOffsets(bytes);
        const QString dir = mTemp.path() + QStringLiteral("/broken");
        QVERIFY(makeOldMap(dir, adt));
        const QString out = mTemp.path() + QStringLiteral("/broken-out");
        const CliRun run =
            runCli({"convert", dir + QStringLiteral("/Old"), "--liquid", "mh2o", "--out", out});
        QCOMPARE(run.code, int(Failure));
        const QString expected = QStringLiteral("MCLQ at 0x%1: map chunk 200:").arg(offsets[200], 0, 16);
        QVERIFY2(run.err.contains(expected), qPrintable(run.err + QStringLiteral(" / ") + expected));
        QVERIFY(!QFileInfo::exists(out + QStringLiteral("/Old_38_46.adt")));
        QVERIFY(QFileInfo::exists(out + QStringLiteral("/Old_42_29.adt")));
        QVERIFY(run.out.contains(QStringLiteral("converted 1 tile to their own layout")));
    }

private:
    QTemporaryDir mTemp;
    QString mMap;
};

QTEST_GUILESS_MAIN(TestCliLiquids)
#include "test_cli_liquids.moc"
