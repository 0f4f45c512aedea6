// A map whose WDT lists a tile that cannot be read (a truncated file beside a valid WDT): the editor opens
// the rest, says which tile failed and why (one message, however many failed), marks it in the Tile Map,
// and `mapsmith --screenshot` names it on stderr and exits 3 instead of writing an empty sky with exit 0.

#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "widgets/tile_map_widget.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapsmith;
using core::TileCoord;

namespace {

// The bundled demo map copied into `folder`, then each of `broken` cut to its first 4,000 bytes (MVER,
// MHDR, MCIN and the start of MTEX: no MCNK left).
bool demoWithBrokenTiles(const QString& folder, const std::vector<TileCoord>& broken) {
    QDir().mkpath(folder);
    for (const QString& name : QDir(QStringLiteral(":/demo")).entryList(QDir::Files)) {
        const QString to = folder + QLatin1Char('/') + name;
        if (!QFile::copy(QStringLiteral(":/demo/") + name, to) ||
            !QFile::setPermissions(to, QFile::ReadOwner | QFile::WriteOwner)) {
            return false;
        }
    }
    for (const TileCoord t : broken) {
        QFile tile(folder + QStringLiteral("/Mapsmith_%1_%2.adt").arg(t.x).arg(t.y));
        if (!tile.resize(4000)) {
            return false;
        }
    }
    return true;
}

// The colour the Tile Map paints in the upper part of a tile (above the cross of a failed tile).
QColor tileColour(widgets::TileMapWidget& map, TileCoord t) {
    const QRectF r = map.tileRect(t);
    return map.grab().toImage().pixelColor(QPointF(r.center().x(), r.top() + r.height() * 0.12).toPoint());
}

bool near(const QColor& a, const QColor& b) {
    return std::abs(a.red() - b.red()) <= 12 && std::abs(a.green() - b.green()) <= 12 &&
           std::abs(a.blue() - b.blue()) <= 12;
}

struct EditorRun {
    int code = -1;
    QString err;
};

EditorRun screenshot(const QString& wdt, const QString& png) {
    QProcess p;
    p.start(QStringLiteral(MAPSMITH_EDITOR),
            {wdt, QStringLiteral("--screenshot"), png, QStringLiteral("--size"), QStringLiteral("320x240")});
    if (!p.waitForFinished(120000)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromLocal8Bit(p.readAllStandardError())};
}

} // namespace

class TestBrokenTiles : public QObject {
    Q_OBJECT
private slots:
    void openingMarksTheTileThatFailed();
    void manyFailuresAreOneMessage();
    void screenshotNamesTheTileAndFails();
};

void TestBrokenTiles::openingMarksTheTileThatFailed() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    QVERIFY(demoWithBrokenTiles(folder, {{33, 33}}));
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(folder + QStringLiteral("/Mapsmith.wdt")));

    // The other three tiles are there; the broken one is named with the reader's reason.
    QCOMPARE(window.document()->loadedTiles().size(), std::size_t(3));
    const auto& failed = window.documents()->failedTiles();
    QCOMPARE(failed.size(), std::size_t(1));
    QCOMPARE(failed.begin()->first, (TileCoord{33, 33}));
    QVERIFY(!failed.begin()->second.isEmpty());
    QVERIFY2(window.lastError().startsWith(QStringLiteral("Tile 33_33: ")), qPrintable(window.lastError()));
    QVERIFY(window.lastError().contains(failed.begin()->second));

    // The Tile Map marks it in its own colour, with a legend entry and the reason when hovered.
    widgets::TileMapWidget* map = window.tileMap();
    QCOMPARE(map->failedTiles(), failed);
    const auto legend = map->legendLayout();
    QCOMPARE(legend.size(), 5);
    QCOMPARE(legend.back().label, QStringLiteral("Failed"));
    QVERIFY2(map->rect().contains(legend.back().swatch), "the Failed legend entry is cut off");
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    map->grab().save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/tile_map_failed_tile.png"));
    const QColor broken = tileColour(*map, {33, 33});
    QVERIFY2(near(broken, QColor(150, 60, 170)), qPrintable(broken.name()));
    QVERIFY(!near(tileColour(*map, {32, 33}), broken));
    QTest::mouseMove(map, map->tileRect({33, 33}).center().toPoint());
    QTRY_VERIFY2(map->hoverText().startsWith(QStringLiteral("Tile 33_33 · failed to load: ")),
                 qPrintable(map->hoverText()));

    // A map without broken tiles clears the marks and the legend entry.
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    QVERIFY(window.documents()->failedTiles().empty());
    QVERIFY(map->failedTiles().empty());
    QCOMPARE(map->legendLayout().size(), 4);
}

void TestBrokenTiles::manyFailuresAreOneMessage() {
    QTemporaryDir dir;
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    const std::vector<TileCoord> broken{{32, 32}, {33, 32}, {32, 33}, {33, 33}};
    QVERIFY(demoWithBrokenTiles(folder, broken));
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    int errors = 0;
    connect(window.documents(), &editor::DocumentManager::errorOccurred, this, [&errors] { ++errors; });
    QVERIFY(window.documents()->open(folder + QStringLiteral("/Mapsmith.wdt")));
    QCOMPARE(errors, 1);
    QVERIFY2(window.lastError().startsWith(
                 QStringLiteral("4 tile(s) could not be loaded (marked in the Tile Map):\nTile 32_32: ")),
             qPrintable(window.lastError()));
    QVERIFY(window.lastError().endsWith(QStringLiteral("\n... and 1 more")));
    QCOMPARE(window.documents()->failedTiles().size(), broken.size());
    QCOMPARE(window.tileMap()->failedTiles().size(), broken.size());
}

void TestBrokenTiles::screenshotNamesTheTileAndFails() {
    QTemporaryDir dir;
    const QString intact = dir.filePath(QStringLiteral("intact"));
    const QString damaged = dir.filePath(QStringLiteral("damaged"));
    QVERIFY(demoWithBrokenTiles(intact, {}));
    QVERIFY(demoWithBrokenTiles(damaged, {{32, 33}}));

    const QString good = dir.filePath(QStringLiteral("good.png"));
    EditorRun run = screenshot(intact + QStringLiteral("/Mapsmith.wdt"), good);
    QVERIFY2(run.code == 0, qPrintable(run.err));
    QVERIFY2(!run.err.contains(QStringLiteral("not loaded")), qPrintable(run.err)); // (Qt may log)
    QVERIFY(!QImage(good).isNull());

    // The frame is still written (to look at), but the exit code and stderr say it is not the whole map.
    const QString partial = dir.filePath(QStringLiteral("partial.png"));
    run = screenshot(damaged + QStringLiteral("/Mapsmith.wdt"), partial);
    QCOMPARE(run.code, 3);
    QVERIFY2(run.err.contains(QStringLiteral("mapsmith: tile 32_33 not loaded: ")), qPrintable(run.err));
    QCOMPARE(run.err.count(QStringLiteral("not loaded")), 1);
    QVERIFY(!QImage(partial).isNull());
}

QTEST_MAIN(TestBrokenTiles)
#include "test_broken_tiles.moc"
