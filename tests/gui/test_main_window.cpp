// Drives the real main window: opens the bundled demo map and a corpus tile, checks the summary panel and
// that the terrain preview shows content, saves, and survives a damaged file.

#include "editor/main_window.h"
#include "support/test_files.h"
#include "widgets/tile_preview.h"
#include "widgets/tile_summary_panel.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <set>

using namespace mapsmith;

namespace {

// Distinct colours in a widget grab: a blank or single-colour widget has very few.
int distinctColours(const QImage& image) {
    std::set<QRgb> colours;
    for (int y = 0; y < image.height(); y += 3) {
        for (int x = 0; x < image.width(); x += 3) {
            colours.insert(image.pixel(x, y));
        }
    }
    return int(colours.size());
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void opensDemoMap();
    void opensCorpusTileWithWdt();
    void saveAsWritesTheTile();
    void damagedFileKeepsCurrentTile();
    void hoverNamesChunk();
};

void TestMainWindow::opensDemoMap() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.openTile(QStringLiteral(":/demo/Mapsmith_32_32.adt")), qPrintable(window.lastError()));
    QVERIFY(window.windowTitle().startsWith(QStringLiteral("Mapsmith_32_32.adt")));
    QCOMPARE(window.summaryPanel()->valueOf(QStringLiteral("Textures")), QStringLiteral("4"));
    QVERIFY(window.summaryPanel()->valueOf(QStringLiteral("Alpha depth")).contains(QStringLiteral("Mapsmith.wdt")));
    QTest::qWait(50);
    const QImage shot = window.grab().toImage();
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    shot.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/main_window_demo.png"));
    const QImage preview = window.preview()->grab().toImage();
    QVERIFY2(distinctColours(preview) > 200, "the terrain preview shows no shaded terrain");
}

void TestMainWindow::opensCorpusTileWithWdt() {
    // The corpus tile with its WDT copied beside it under the map's name, as on disk in the game.
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    QVERIFY(QFile::copy(QString::fromStdString(tests::corpusPath("adt/Azeroth.wdt")), dir.filePath("Azeroth.wdt")));
    QVERIFY(QFile::copy(QString::fromStdString(tests::corpusPath("adt/Azeroth_38_46.adt")),
                        dir.filePath("Azeroth_38_46.adt")));
    editor::MainWindow window;
    window.show();
    QVERIFY(window.openTile(dir.filePath("Azeroth_38_46.adt")));
    QVERIFY(window.tile().has_value());
    QCOMPARE(window.tile()->wdtPath, dir.filePath("Azeroth.wdt"));
    QCOMPARE(window.summaryPanel()->valueOf(QStringLiteral("Doodads")), QStringLiteral("0"));
    QVERIFY(window.summaryPanel()->valueOf(QStringLiteral("Alpha depth")).startsWith(QStringLiteral("4-bit")));
    QVERIFY(distinctColours(window.preview()->grab().toImage()) > 200);
    window.grab().save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/main_window_azeroth.png"));
}

void TestMainWindow::saveAsWritesTheTile() {
    QTemporaryDir dir;
    const QString source = QString::fromStdString(tests::corpusPath("adt/continent4229.adt"));
    editor::MainWindow window;
    QVERIFY(window.openTile(source));
    const QString target = dir.filePath(QStringLiteral("out.adt"));
    QVERIFY(window.saveTileAs(target));
    QFile a(source);
    QFile b(target);
    QVERIFY(a.open(QIODevice::ReadOnly) && b.open(QIODevice::ReadOnly));
    QVERIFY(a.readAll() == b.readAll());
    // Saving over an existing file keeps the previous version as .bak.
    QVERIFY(window.saveTileAs(target));
    QVERIFY(QFile::exists(target + QStringLiteral(".bak")));
}

void TestMainWindow::damagedFileKeepsCurrentTile() {
    QTemporaryDir dir;
    editor::MainWindow window;
    QVERIFY(window.openTile(QStringLiteral(":/demo/Mapsmith_32_32.adt")));
    QFile bad(dir.filePath(QStringLiteral("bad.adt")));
    QVERIFY(bad.open(QIODevice::WriteOnly));
    bad.write("REVM\x04\x00\x00\x00\x12\x00\x00\x00RDHM\xff\xff\xff\xff", 20);
    bad.close();
    QVERIFY(!window.openTile(bad.fileName()));
    QVERIFY(window.lastError().contains(QStringLiteral("MHDR at 0xc")));
    QCOMPARE(window.currentPath(), QStringLiteral(":/demo/Mapsmith_32_32.adt"));
    QVERIFY(!window.openTile(dir.filePath(QStringLiteral("missing.adt"))));
    QVERIFY(window.tile().has_value());
}

void TestMainWindow::hoverNamesChunk() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openTile(QStringLiteral(":/demo/Mapsmith_32_32.adt")));
    QSignalSpy spy(window.preview(), &widgets::TilePreview::chunkHovered);
    auto* preview = window.preview();
    QTest::mouseMove(preview, preview->rect().center());
    QTRY_VERIFY(!spy.isEmpty());
    const auto args = spy.last();
    QVERIFY(args.at(0).toInt() >= 7 && args.at(0).toInt() <= 8);
    QVERIFY(args.at(1).toInt() >= 7 && args.at(1).toInt() <= 8);
}

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
