// Map > Render Minimaps in the editor (MAPSMITH_NO_DIALOGS=1): refused for the bundled map and while edits
// are unsaved; on the saved demo map it writes the four tiles' minimaps (256 px DXT1 BLPs) with progress per
// tile, the Tile Map then shows them (the map's own images win over the game data's), Cancel writes nothing;
// and the rendered minimap has the colours the viewport shows of the same ground seen from straight above,
// and with game data of the corpus troll tent placed on it, of the tent's roof too.

#include "core/document/asset_folders.h"
#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/edit/stroke_recorder.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/minimap_builder.h"
#include "editor/minimap_render_action.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/assets/blp.h"
#include "support/test_blp.h"
#include "support/write_file.h"
#include "widgets/tile_map_widget.h"

#include <QAction>
#include <QDir>
#include <QFile>
#include <QMenuBar>
#include <QPainter>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace mapsmith;

namespace {

void editTile(core::MapDocument& doc, core::TileCoord tile) {
    core::StrokeRecorder recorder(doc, core::CommandId::AreaIdStroke, QStringLiteral("Set area id"));
    recorder.edit({tile, 0, 0}, core::dirty::Flags)->areaId += 7;
    recorder.finish();
}

// The decoded level 0 of a BLP file as an image (null when it cannot be read).
QImage blpImage(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    const QByteArray b = f.readAll();
    const auto* p = reinterpret_cast<const std::byte*>(b.constData());
    auto blp = io::readBlp(std::span(p, std::size_t(b.size())), false);
    if (!blp) {
        return {};
    }
    QImage image(int(blp->width), int(blp->height), QImage::Format_RGBA8888);
    for (int y = 0; y < image.height(); ++y) {
        std::copy_n(blp->mips[0].data() + std::size_t(y) * blp->width * 4, std::size_t(blp->width) * 4,
                    image.scanLine(y));
    }
    return image;
}

QString minimapFile(const QString& folder, core::TileCoord t) {
    return QStringLiteral("%1/minimaps/textures/Minimap/Mapsmith/map%2_%3.blp").arg(folder).arg(t.x).arg(t.y);
}

// Mean colour (0..255 per channel) of the image's pixels in `r` (clipped to the image).
std::array<double, 3> meanOf(const QImage& image, QRect r) {
    r &= image.rect();
    std::array<double, 3> sum{};
    for (int y = r.top(); y <= r.bottom(); ++y) {
        for (int x = r.left(); x <= r.right(); ++x) {
            const QColor c = image.pixelColor(x, y);
            sum[0] += c.red();
            sum[1] += c.green();
            sum[2] += c.blue();
        }
    }
    const double n = std::max(1.0, double(r.width()) * r.height());
    return {sum[0] / n, sum[1] / n, sum[2] / n};
}

double worstChannel(const std::array<double, 3>& a, const std::array<double, 3>& b) {
    return std::max({std::abs(a[0] - b[0]), std::abs(a[1] - b[1]), std::abs(a[2] - b[2])});
}

void saveShot(const QImage& img, const char* name) {
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    img.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/%1.png").arg(QLatin1String(name)));
}

} // namespace

class TestMinimapRender : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void renderFromTheMenu();
    void cancelWritesNothing();
    void matchesTheViewportFromAbove();
    void placedModelMatchesTheViewport();
};

void TestMinimapRender::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
}

void TestMinimapRender::renderFromTheMenu() {
    QTemporaryDir dir;
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    // The entry sits in the Map menu, next to Repair.
    QMenu* mapMenu = nullptr;
    for (QAction* top : window.menuBar()->actions()) {
        if (top->text() == QStringLiteral("&Map")) {
            mapMenu = top->menu();
        }
    }
    QVERIFY(mapMenu);
    QAction* action = window.minimapRender()->action();
    QVERIFY(mapMenu->actions().contains(action));
    QCOMPARE(action->text(), QStringLiteral("Render &Minimaps"));
    QVERIFY(!action->isEnabled()); // no map yet

    editor::DocumentManager* docs = window.documents();
    QVERIFY(docs->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    QVERIFY(action->isEnabled());
    action->trigger();
    QVERIFY2(window.lastError().contains(QStringLiteral("save the map to a folder first")),
             qPrintable(window.lastError()));
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    QVERIFY(docs->saveAs(folder));
    editTile(*window.document(), {33, 32});
    action->trigger();
    QVERIFY(window.lastError().contains(QStringLiteral("unsaved changes")));
    QVERIFY(!QFileInfo::exists(folder + QStringLiteral("/minimaps")));
    QVERIFY(docs->save());

    QSignalSpy started(docs, &editor::DocumentManager::progressStarted);
    QSignalSpy progressed(docs, &editor::DocumentManager::progressed);
    QSignalSpy succeeded(docs, &editor::DocumentManager::succeeded);
    QSignalSpy built(window.minimapBuilder(), &editor::MinimapBuilder::finished);
    action->trigger();
    QCOMPARE(started.count(), 1);
    QCOMPARE(started.last().at(1).toInt(), 4);
    QCOMPARE(progressed.count(), 4); // one per tile, delivered on the UI thread
    QVERIFY2(succeeded.last().at(0).toString().startsWith(
                 QStringLiteral("Rendered 4 of 4 minimap(s) (256 px, unhashed names)")),
             qPrintable(succeeded.last().at(0).toString()));
    std::vector<QImage> tiles;
    for (const core::TileCoord t : {core::TileCoord{32, 32}, {33, 32}, {32, 33}, {33, 33}}) {
        const QImage image = blpImage(minimapFile(folder, t));
        QVERIFY2(image.size() == QSize(256, 256), qPrintable(minimapFile(folder, t)));
        tiles.push_back(image);
    }
    // The Tile Map shows the rendered images (no game data is set): each tile's square there has the
    // rendered image's mean colour (both are box-filtered from the same pixels; 32 px squares).
    QTRY_VERIFY_WITH_TIMEOUT(!window.tileMap()->minimap().isNull(), 10000);
    QCOMPARE(built.last().at(1).toInt(), 4);
    const QImage shown = window.tileMap()->minimap();
    constexpr int s = editor::MinimapBuilder::kTilePixels;
    int i = 0;
    for (const core::TileCoord t : {core::TileCoord{32, 32}, {33, 32}, {32, 33}, {33, 33}}) {
        const auto inDock = meanOf(shown, QRect(t.x * s, t.y * s, s, s));
        const auto rendered = meanOf(tiles[std::size_t(i++)], QRect(0, 0, 256, 256));
        QVERIFY2(worstChannel(inDock, rendered) < 3.0,
                 qPrintable(QStringLiteral("tile %1_%2").arg(t.x).arg(t.y)));
    }
    // The README picture: the demo map's four rendered minimaps, north up (docs/minimaps.png).
    QImage readme(512, 512, QImage::Format_RGBA8888);
    readme.fill(Qt::transparent);
    {
        QPainter painter(&readme);
        painter.drawImage(0, 0, tiles[0]);
        painter.drawImage(256, 0, tiles[1]);
        painter.drawImage(0, 256, tiles[2]);
        painter.drawImage(256, 256, tiles[3]);
    }
    saveShot(readme, "readme_minimaps");
    saveShot(window.grabWithViewport(), "minimap_tile_map");
}

void TestMinimapRender::cancelWritesNothing() {
    QTemporaryDir dir;
    editor::MainWindow window;
    editor::DocumentManager* docs = window.documents();
    QVERIFY(docs->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    QVERIFY(docs->saveAs(folder));
    // Cancel as the progress dialog's button does, when the first tile is reported.
    connect(docs, &editor::DocumentManager::progressed, docs, [docs](int done) {
        if (done == 1) {
            docs->cancel();
        }
    });
    QVERIFY(!window.minimapRender()->render());
    QVERIFY2(window.lastError().contains(QStringLiteral("cancelled after")), qPrintable(window.lastError()));
    QVERIFY2(window.lastError().endsWith(QStringLiteral("; no minimap was changed.")),
             qPrintable(window.lastError()));
    // One transaction for the run: a cancelled one writes no image, leaves no temporary and removes the
    // folders it made.
    for (const core::TileCoord t : {core::TileCoord{32, 32}, {33, 32}, {32, 33}, {33, 33}}) {
        QVERIFY(!QFileInfo::exists(minimapFile(folder, t)));
    }
    QVERIFY(!QFileInfo::exists(QDir(folder).filePath(QStringLiteral("minimaps"))));
}

void TestMinimapRender::matchesTheViewportFromAbove() {
    // The viewport straight from above (pitch -89, north up) over the middle of tile 32_32, as
    // `mapsmith --screenshot --camera` draws it, against the rendered minimap of the same tile: over
    // squares of ground on a grid across the tile, the mean colours agree.
    QTemporaryDir dir;
    editor::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    editor::DocumentManager* docs = window.documents();
    QVERIFY(docs->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    QVERIFY(docs->saveAs(folder));
    QVERIFY2(window.minimapRender()->render(), qPrintable(window.lastError()));
    const QImage minimap = blpImage(minimapFile(folder, {32, 32}));
    QVERIFY(!minimap.isNull());

    const core::TileCoord tile{32, 32};
    const glm::dvec2 nw = core::tileOrigin(tile); // (north, west) corner, yards
    const glm::dvec2 centre = nw - glm::dvec2(core::kTileSize / 2.0);
    const double ground = window.document()->heightAt(centre).value_or(0.0);
    editor::TerrainViewport* view = window.viewport();
    view->setCamera({centre, ground + 260.0}, 0.0, -89.0);
    const QImage frame = view->grabFrame();
    QVERIFY(!frame.isNull());
    saveShot(frame, "minimap_viewport_from_above");

    // Squares of 8.33 yards (4 x 4 minimap pixels at 2.08 yd each, two texture repeats) round points on
    // a grid over the tile; each is looked up in the frame by projecting its corners on the ground.
    constexpr double kSquare = core::kUnitSize * 2.0;
    const double yardsPerPixel = core::kTileSize / 256.0;
    std::vector<double> errors;
    for (double south = kSquare; south < core::kTileSize - kSquare; south += kSquare * 1.5) {
        for (double east = kSquare; east < core::kTileSize - kSquare; east += kSquare * 1.5) {
            const glm::dvec2 a = nw - glm::dvec2(south - kSquare / 2, east - kSquare / 2);
            const glm::dvec2 b = nw - glm::dvec2(south + kSquare / 2, east + kSquare / 2);
            const auto ha = window.document()->heightAt(a);
            const auto hb = window.document()->heightAt(b);
            if (!ha || !hb) {
                continue;
            }
            const auto pa = view->project({a, *ha});
            const auto pb = view->project({b, *hb});
            if (!pa || !pb) {
                continue;
            }
            const QRect inFrame = QRectF(*pa, *pb).normalized().toAlignedRect().adjusted(1, 1, -1, -1);
            if (!frame.rect().contains(inFrame) || inFrame.width() < 4) {
                continue;
            }
            const QRect inMinimap(int(std::lround((east - kSquare / 2) / yardsPerPixel)),
                                  int(std::lround((south - kSquare / 2) / yardsPerPixel)), 4, 4);
            errors.push_back(worstChannel(meanOf(frame, inFrame), meanOf(minimap, inMinimap)));
        }
    }
    QVERIFY2(errors.size() > 300, qPrintable(QString::number(errors.size())));
    std::sort(errors.begin(), errors.end());
    const double median = errors[errors.size() / 2];
    const double p90 = errors[errors.size() * 9 / 10];
    qInfo(
        "viewport vs minimap over %d squares: median %.1f, 90th percentile %.1f, worst %.1f (levels of 255)",
        int(errors.size()), median, p90, errors.back());
    // Same shading rules, so what differs is sampling: DXT1 (5-6-5 colours, 4 per block: a few levels),
    // the GPU's trilinear mip filtering of the textures and bilinear blend maps against the renderer's box
    // filter at alpha texel centres, perspective against orthographic over a square, and the demo's marker
    // objects, which the viewport draws and the minimap does not (a few squares).
    QVERIFY2(median < 8.0, qPrintable(QString::number(median)));
    QVERIFY2(p90 < 16.0, qPrintable(QString::number(p90)));
}

void TestMinimapRender::placedModelMatchesTheViewport() {
    // Game data of the corpus troll tent with a red roof, green supports and blue trim.
    QTemporaryDir project;
    const QString p = project.path() + QLatin1Char('/');
    const auto corpusFile = [](const char* name) {
        QFile f(QStringLiteral(MAPSMITH_CORPUS_DIR "/models/") + QLatin1String(name));
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };
    QVERIFY(test::writeFile(p + QStringLiteral("World/wmo/TrollTent.wmo"), corpusFile("trolltent.wmo")));
    QVERIFY(
        test::writeFile(p + QStringLiteral("World/wmo/TrollTent_000.wmo"), corpusFile("trolltent_000.wmo")));
    QVERIFY(test::writeFile(p + QStringLiteral("DUNGEONS/TEXTURES/ROOF/BM_TROLL_KOTOSKIN01.BLP"),
                            test::solidBlp(QColor(230, 30, 30))));
    QVERIFY(test::writeFile(p + QStringLiteral("DUNGEONS/TEXTURES/WOOD/BM_TROLL_SUPPORTS01.BLP"),
                            test::solidBlp(QColor(30, 210, 30))));
    QVERIFY(test::writeFile(p + QStringLiteral("DUNGEONS/TEXTURES/TRIM/BM_TROLL_TRIM01.BLP"),
                            test::solidBlp(QColor(30, 30, 230))));

    QTemporaryDir dir;
    editor::MainWindow window;
    window.resize(1280, 800);
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.setAssetFolders({{}, {}, project.path()}), qPrintable(window.lastError()));
    editor::DocumentManager* docs = window.documents();
    QVERIFY(docs->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    QVERIFY(docs->saveAs(folder));

    // The tent on the ground at the middle of tile 32_32, facing north.
    const core::TileCoord tile{32, 32};
    const glm::dvec2 centre = core::tileOrigin(tile) - glm::dvec2(core::kTileSize / 2.0);
    const double ground = window.document()->heightAt(centre).value_or(0.0);
    {
        core::ObjectEditSettings settings;
        settings.bounds = window.objectBounds();
        core::UniqueIdAllocator ids;
        ids.attach(*window.document());
        core::ObjectEditor editor(*window.document(), ids, settings);
        const std::string tent = "World\\wmo\\TrollTent.wmo";
        const auto box = settings.bounds.modelBounds(core::ObjectKind::Wmo, tent);
        QVERIFY(box);
        QVERIFY(editor.addWmo(tent, {centre, ground}, {0.0f, core::rotationYForHeading(0.0), 0.0f}, box));
    }
    QVERIFY(docs->save());
    QSignalSpy succeeded(docs, &editor::DocumentManager::succeeded);
    QVERIFY2(window.minimapRender()->render(), qPrintable(window.lastError()));
    // The tent is drawn; the demo's marker models are not in this game data and are named as missing.
    const QString summary = succeeded.last().at(0).toString();
    QVERIFY2(summary.contains(QStringLiteral("placed model(s) drawn")) &&
                 summary.contains(QStringLiteral("not found or unreadable, left out")),
             qPrintable(summary));
    const QImage minimap = blpImage(minimapFile(folder, tile));
    QVERIFY(!minimap.isNull());

    editor::TerrainViewport* view = window.viewport();
    view->setCamera({centre, ground + 260.0}, 0.0, -89.0);
    const QImage frame = view->grabFrame();
    QVERIFY(!frame.isNull());
    saveShot(frame, "minimap_model_viewport_from_above");
    saveShot(minimap.copy(112, 112, 32, 32).scaled(256, 256), "minimap_model_minimap_detail");

    // A 3 x 3 pixel square (6 yards) of the minimap round the tent's origin, under its roof, against the
    // viewport's pixels of the same square at the roof's height (about 8 yards up).
    const double yardsPerPixel = core::kTileSize / 256.0;
    const glm::dvec2 a = centre + glm::dvec2(1.5 * yardsPerPixel);
    const glm::dvec2 b = centre - glm::dvec2(1.5 * yardsPerPixel);
    const auto pa = view->project({a, ground + 8.0});
    const auto pb = view->project({b, ground + 8.0});
    QVERIFY(pa && pb);
    const QRect inFrame = QRectF(*pa, *pb).normalized().toAlignedRect().adjusted(1, 1, -1, -1);
    QVERIFY(frame.rect().contains(inFrame) && inFrame.width() >= 2);
    const auto seen = meanOf(frame, inFrame);
    const auto drawn = meanOf(minimap, QRect(127, 127, 3, 3));
    qInfo("roof: viewport %.0f %.0f %.0f, minimap %.0f %.0f %.0f", seen[0], seen[1], seen[2], drawn[0],
          drawn[1], drawn[2]);
    for (const auto& c : {seen, drawn}) {
        QVERIFY(c[0] > 120.0 && c[1] < 60.0 && c[2] < 60.0); // the red roof, lit
    }
    // The same shading (fog aside, which is light 260 yards up): within a few levels plus DXT1's steps.
    QVERIFY2(worstChannel(seen, drawn) < 25.0, qPrintable(QString::number(worstChannel(seen, drawn))));
}

QTEST_MAIN(TestMinimapRender)
#include "test_minimap_render.moc"
