// Game data in the editor: the folders dialog checks what it is given ("no MPQ archives found in ...",
// archive count and locale), the main window opens a client Data folder built here with StormLib, lists
// its tileset textures grouped by folder with thumbnails decoded from its BLPs, the viewport paints the
// map with the archive's texture (a magenta Grass.blp replaces Mapsmith's own), a bad folder is named,
// and the folders are remembered for the next window.

#include "core/document/chunk_dirty.h"
#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/edit/object_edit.h"
#include "core/edit/stroke_recorder.h"
#include "core/geometry/object_model.h"
#include "core/kernels/procedural_textures.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/minimap_builder.h"
#include "editor/tools/object_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/assets/blp.h"
#include "io/assets/texture_cache.h"
#include "widgets/asset_folders_dialog.h"
#include "widgets/texture_browser.h"
#include "widgets/tile_map_widget.h"

#include "support/test_blp.h"
#include "support/test_mpq.h"

#include <QDir>
#include <QDockWidget>
#include <QLineEdit>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <QtTest>

using namespace mapsmith;

namespace {

std::vector<std::byte> readCorpus(const char* relative) {
    QFile f(QStringLiteral(MAPSMITH_CORPUS_DIR "/") + QLatin1String(relative));
    if (!f.open(QIODevice::ReadOnly)) {
        return {};
    }
    const QByteArray data = f.readAll();
    const auto* p = reinterpret_cast<const std::byte*>(data.constData());
    return std::vector<std::byte>(p, p + data.size());
}

// Share of pixels that are clearly magenta (red and blue well above green), whatever the lighting.
double magentaFraction(const QImage& image) {
    const QImage rgb = image.convertToFormat(QImage::Format_RGB32);
    qint64 hits = 0;
    for (int y = 0; y < rgb.height(); ++y) {
        for (int x = 0; x < rgb.width(); ++x) {
            const QColor c(rgb.pixel(x, y));
            hits += (c.red() > c.green() + 60 && c.blue() > c.green() + 60) ? 1 : 0;
        }
    }
    return double(hits) / double(std::max<qint64>(1, qint64(rgb.width()) * rgb.height()));
}

} // namespace

class TestGameData : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void dialogChecksFolders();
    void windowShowsTheArchiveTextures();
    void badFolderIsNamedAndFoldersAreRemembered();
    void tileMapShowsTheMinimap();
    void exportPatchFromTheEditor();
    void mdlModelsAreDrawnAsWires();
    void modelsGiveRealBoundsAndMissingOnesAreNamed();

private:
    QTemporaryDir mDir;
    QString mData; // a client Data folder with one archive
};

void TestGameData::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
    mData = mDir.filePath(QStringLiteral("Client/Data"));
    QVERIFY(QDir().mkpath(mData + QStringLiteral("/enUS")));
    QVERIFY(test::makeTestMpq(
        (mData + QStringLiteral("/common.MPQ")).toStdString(),
        {{"Tileset\\Mapsmith\\Grass.blp", test::solidBlp(QColor(255, 0, 255), io::BlpWriteFormat::Dxt1, 256)},
         {"Tileset\\Elwynn\\ElwynnRed.blp", test::solidBlp(QColor(255, 0, 0), io::BlpWriteFormat::Dxt1, 256)},
         {"Tileset\\Barrens\\BarrensBlue.blp",
          test::solidBlp(QColor(0, 0, 255), io::BlpWriteFormat::Uncompressed, 256)},
         {"World\\Maps\\Other\\Other.wdt", std::vector<std::byte>(8)},
         {"textures\\Minimap\\md5translate.trs",
          test::bytesOf("dir: Mapsmith\r\nMapsmith\\map32_32.blp\t0123abcd.blp\r\n")},
         {"textures\\Minimap\\0123abcd.blp",
          test::solidBlp(QColor(0, 255, 0), io::BlpWriteFormat::Dxt1, 256)},
         {"World\\Gamestudio\\Earth.mdl", readCorpus("mdl/mdl5-earth.mdl")},
         {"textures\\Minimap\\Mapsmith\\map33_32.blp",
          test::solidBlp(QColor(255, 255, 0), io::BlpWriteFormat::Uncompressed, 256)}}));
}

void TestGameData::init() {
    QSettings().clear();
}

void TestGameData::dialogChecksFolders() {
    widgets::AssetFoldersDialog dialog(core::AssetFolders{});
    QVERIFY(dialog.canAccept()); // nothing set is fine
    QCOMPARE(dialog.clientStatus(), QStringLiteral("Not set"));
    auto* client = dialog.findChild<QLineEdit*>(QStringLiteral("clientFolder"));
    QVERIFY(client);
    const QString empty = mDir.filePath(QStringLiteral("Empty"));
    QVERIFY(QDir().mkpath(empty));
    client->setText(empty);
    QCOMPARE(dialog.clientStatus(), QStringLiteral("no MPQ archives found in %1").arg(empty));
    QVERIFY(!dialog.canAccept());
    client->setText(mDir.filePath(QStringLiteral("Client"))); // the client folder, Data found inside
    QCOMPARE(dialog.clientStatus(), QStringLiteral("1 MPQ archive in load order, locale enUS"));
    QVERIFY(dialog.canAccept());
    dialog.findChild<QLineEdit*>(QStringLiteral("projectFolder"))
        ->setText(mDir.filePath(QStringLiteral("nope")));
    QVERIFY(dialog.projectStatus().endsWith(QStringLiteral("does not exist")));
    QVERIFY(!dialog.canAccept());
    dialog.findChild<QLineEdit*>(QStringLiteral("projectFolder"))->clear();
    QVERIFY(dialog.canAccept());
    QCOMPARE(dialog.folders().clientData, mDir.filePath(QStringLiteral("Client")));
}

void TestGameData::windowShowsTheArchiveTextures() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    // A fixed view over the whole start tile (not the start camera, which is nearer): the grass covers
    // most of it, the lake little.
    {
        const core::TileCoord start = window.document()->loadedTiles().front();
        const glm::dvec2 centre = core::tileOrigin(start) - glm::dvec2(core::kTileSize / 2.0);
        const double z = window.document()->heightAt(centre).value_or(0.0);
        const auto pose = editor::poseLookingAt(glm::dvec3(centre, z), 0.0, -40.0, 1.3 * core::kTileSize);
        window.viewport()->setCamera(pose.position, pose.yaw, pose.pitch);
    }
    const QImage before = window.viewport()->grabFrame();
    QVERIFY(!before.isNull());
    QVERIFY(magentaFraction(before) < 0.01);

    QVERIFY2(window.setAssetFolders({mData, {}, {}}), qPrintable(window.lastError()));
    QCOMPARE(window.gameTextures().size(), 3);
    widgets::TextureBrowser* browser = window.textureBrowser();
    // The demo's four (one of them, Grass, also in the archive) and the archive's two others.
    QCOMPARE(browser->visiblePaths().size(), 6);
    QVERIFY(browser->groups().contains(QStringLiteral("Tileset\\Elwynn")));
    QVERIFY(browser->groups().contains(QStringLiteral("Tileset\\Barrens")));
    QTRY_COMPARE_WITH_TIMEOUT(browser->pendingThumbnails(), 0, 20000);
    auto* tree = browser->findChild<QTreeWidget*>(QStringLiteral("textureTree"));
    const auto iconColour = [&](const QString& path) {
        for (QTreeWidgetItemIterator it(tree); *it; ++it) {
            if ((*it)->data(0, Qt::UserRole).toString() == path) {
                return QColor((*it)->icon(0).pixmap(64, 64).toImage().pixel(32, 32));
            }
        }
        return QColor();
    };
    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("texturesDock"));
    QVERIFY(dock);
    dock->raise();
    QTRY_VERIFY(browser->isVisible());
    QVERIFY(browser->height() > 200);
    window.grabWithViewport().save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/game_data_window.png"));
    QCOMPARE(iconColour(QStringLiteral("Tileset\\Elwynn\\ElwynnRed.blp")), QColor(255, 0, 0));
    QCOMPARE(iconColour(QStringLiteral("Tileset\\Barrens\\BarrensBlue.blp")), QColor(0, 0, 255));
    // The viewport now paints the archive's magenta grass.
    const QImage after = window.viewport()->grabFrame();
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    after.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/game_data_viewport.png"));
    QVERIFY2(magentaFraction(after) > 0.2, qPrintable(QString::number(magentaFraction(after))));
    const io::TextureCacheStats stats = window.textureCache()->stats();
    QVERIFY(stats.entries >= 3);
    QVERIFY(stats.bytes <= window.textureCache()->budget());

    // No folders: back to Mapsmith's own textures.
    QVERIFY(window.setAssetFolders({}));
    QVERIFY(window.gameTextures().isEmpty());
    QCOMPARE(browser->visiblePaths().size(), 4);
    QVERIFY(magentaFraction(window.viewport()->grabFrame()) < 0.01);
}

void TestGameData::badFolderIsNamedAndFoldersAreRemembered() {
    const QString garbage = mDir.filePath(QStringLiteral("Garbage"));
    QVERIFY(QDir().mkpath(garbage));
    {
        QFile f(garbage + QStringLiteral("/common.MPQ"));
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(8192, 'x'));
    }
    {
        editor::MainWindow window;
        QVERIFY(!window.setAssetFolders({garbage, {}, {}}));
        QVERIFY2(window.lastError().startsWith(QStringLiteral("Client folder: ")),
                 qPrintable(window.lastError()));
        QVERIFY(window.lastError().contains(QStringLiteral("common.MPQ")));
        QVERIFY(window.gameTextures().isEmpty());
        QVERIFY(window.setAssetFolders({mData, {}, {}}));
    }
    editor::MainWindow next; // starts with the stored folders
    QCOMPARE(next.assetFolders().clientData, mData);
    QCOMPARE(next.gameTextures().size(), 3);
}

void TestGameData::tileMapShowsTheMinimap() {
    editor::MainWindow window;
    QSignalSpy built(window.minimapBuilder(), &editor::MinimapBuilder::finished);
    QVERIFY(window.setAssetFolders({mData, {}, {}}));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    QTRY_VERIFY_WITH_TIMEOUT(!window.tileMap()->minimap().isNull(), 10000);
    QCOMPARE(built.last().at(1).toInt(), 2); // 32_32 through md5translate.trs, 33_32 unhashed
    const QImage map = window.tileMap()->minimap();
    constexpr int s = editor::MinimapBuilder::kTilePixels;
    QCOMPARE(map.size(), QSize(64 * s, 64 * s));
    QCOMPARE(QColor(map.pixel(32 * s + s / 2, 32 * s + s / 2)), QColor(0, 255, 0));
    QCOMPARE(QColor(map.pixel(33 * s + s / 2, 32 * s + s / 2)), QColor(255, 255, 0));
    QCOMPARE(qAlpha(map.pixel(32 * s + s / 2, 33 * s + s / 2)), 0); // 32_33 has none
    // Without game data the minimap goes.
    QVERIFY(window.setAssetFolders({}));
    QTRY_VERIFY(window.tileMap()->minimap().isNull());
}

namespace {

// A real edit of a tile (one chunk's area id): one undo step that marks the tile modified, as any brush
// stroke does.
void editTile(core::MapDocument& doc, core::TileCoord tile) {
    core::StrokeRecorder recorder(doc, core::CommandId::AreaIdStroke, QStringLiteral("Set area id"));
    recorder.edit({tile, 0, 0}, core::dirty::Flags)->areaId += 1;
    recorder.finish();
}

} // namespace

void TestGameData::exportPatchFromTheEditor() {
    QTemporaryDir dir;
    editor::MainWindow window;
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    const QString patch = dir.filePath(QStringLiteral("patch-4.MPQ"));
    QVERIFY(!window.documents()->exportPatch(patch)); // the bundled map has no folder yet
    QVERIFY(window.lastError().contains(QStringLiteral("save the map to a folder first")));
    const QString folder = dir.filePath(QStringLiteral("Mapsmith"));
    QVERIFY(window.documents()->saveAs(folder));

    // Unsaved changes are refused when no one can be asked.
    editTile(*window.document(), {32, 32});
    QVERIFY(window.document()->isModified());
    QVERIFY(!window.documents()->exportPatch(patch));
    QVERIFY(window.lastError().contains(QStringLiteral("unsaved changes")));
    QVERIFY(!QFile::exists(patch));
    QVERIFY(window.documents()->save());

    // With game data set, the proposal is the patch that wins in the client's Data folder.
    QVERIFY(window.setAssetFolders({mData, {}, {}}));
    QCOMPARE(window.documents()->defaultPatchPath(window.assetFolders().clientData),
             mData + QStringLiteral("/patch-4.MPQ"));
    QVERIFY2(window.documents()->exportPatch(patch), qPrintable(window.lastError()));
    QCOMPARE(window.documents()->defaultPatchPath(window.assetFolders().clientData),
             patch); // remembered for this map

    auto archive = io::MpqAssetSource::open({patch.toStdString()});
    QVERIFY(archive);
    const auto listed = (*archive)->list("");
    QCOMPARE(listed.size(), std::size_t(6)); // Mapsmith.wdt, the .wdl Save As made and four tiles
    for (const char* name : {"Mapsmith.wdt", "Mapsmith.wdl", "Mapsmith_32_32.adt", "Mapsmith_33_33.adt"}) {
        QFile onDisk(folder + QLatin1Char('/') + QLatin1String(name));
        QVERIFY(onDisk.open(QIODevice::ReadOnly));
        const QByteArray expected = onDisk.readAll();
        const auto bytes = (*archive)->read(std::string("world\\maps\\mapsmith\\") + name);
        QVERIFY2(bytes, name);
        QCOMPARE(QByteArray(reinterpret_cast<const char*>(bytes->data()), qsizetype(bytes->size())),
                 expected);
    }
    QVERIFY(window.setAssetFolders({}));
}

void TestGameData::mdlModelsAreDrawnAsWires() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.setAssetFolders({mData, {}, {}}));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    const std::string earth = "world/gamestudio/EARTH.mdl";
    // The game data's MDL: a wire of its frame 0 and its box; other models keep their stand-ins.
    const auto& bounds = window.objectBounds();
    QVERIFY(bounds.modelWire && bounds.modelBounds);
    const auto wire = bounds.modelWire(core::ObjectKind::Doodad, earth);
    QVERIFY(wire);
    QVERIFY(wire->edges.size() > 200);
    QCOMPARE(wire->edges.size() % 2, std::size_t(0));
    const auto box = bounds.modelBounds(core::ObjectKind::Doodad, earth);
    QVERIFY(box && box->max.z > box->min.z);
    QVERIFY(!bounds.modelWire(core::ObjectKind::Doodad, "World\\Mapsmith\\Marker.m2"));

    // Placed in front of the camera, it shows as a wire (lines in the doodad colour) where there was none.
    const auto centre = window.viewport()->pick(window.viewport()->rect().center());
    QVERIFY(centre);
    const QImage before = window.viewport()->grabFrame();
    // Placed with the object tool: the model typed in its settings, a click on empty ground.
    auto* placeEdit = window.findChild<QLineEdit*>(QStringLiteral("placeModelEdit"));
    QVERIFY(placeEdit);
    placeEdit->setText(QString::fromStdString(earth));
    editor::ObjectTool* tool = window.tools()->objects();
    QCOMPARE(tool->placeModel(), earth);
    const int steps = window.document()->undoStack()->count();
    tool->begin(*window.document(), *centre, Qt::NoModifier);
    tool->end();
    QCOMPARE(window.document()->undoStack()->count(), steps + 1);
    QCOMPARE(tool->selection().size(), std::size_t(1));
    const core::ObjectRef placed = tool->selection().front();
    const auto state = core::findObject(*window.document(), placed);
    QVERIFY(state);
    QCOMPARE(state->name, earth);
    // About 60 yards tall, so it shows.
    core::ObjectEditSettings settings;
    settings.bounds = bounds;
    core::ObjectTransform grow;
    grow.scale = 60.0 / std::max(1.0, box->max.z - box->min.z);
    core::UniqueIdAllocator ids; // a transform allocates no ids
    QCOMPARE(core::ObjectEditor(*window.document(), ids, settings).transform({placed}, grow).size(),
             std::size_t(1));
    const QImage after = window.viewport()->grabFrame();
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    after.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/mdl_proxy.png"));
    int changed = 0;
    for (int y = 0; y < after.height(); ++y) {
        for (int x = 0; x < after.width(); ++x) {
            changed += before.pixel(x, y) != after.pixel(x, y) ? 1 : 0;
        }
    }
    QVERIFY2(changed > 400, qPrintable(QString::number(changed)));
}

// With the corpus rabbit and troll tent in a project folder: placing the tent with the object tool makes a
// WMO (MODF) whose extents are its MOHD box; the rabbit's box is its own; the demo map's marker model,
// found nowhere, is named in the status bar and keeps its stand-in box.
void TestGameData::modelsGiveRealBoundsAndMissingOnesAreNamed() {
    QTemporaryDir project;
    QVERIFY(QDir(project.path()).mkpath(QStringLiteral("World/Critter")));
    QVERIFY(QDir(project.path()).mkpath(QStringLiteral("World/wmo")));
    for (const auto& [from, to] : {std::pair{"models/Rabbit.m2", "World/Critter/Rabbit.m2"},
                                   std::pair{"models/trolltent.wmo", "World/wmo/TrollTent.wmo"}}) {
        QVERIFY(QFile::copy(QStringLiteral(MAPSMITH_CORPUS_DIR "/") + QLatin1String(from),
                            project.filePath(QLatin1String(to))));
    }
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QSignalSpy messages(window.statusBar(), &QStatusBar::messageChanged);
    QVERIFY(window.setAssetFolders({mData, {}, project.path()}));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    // The viewport asks for the demo doodads' boxes (and models): their model is nowhere in the game data.
    // The demo's tower WMO is named too; each message may replace the other.
    const auto named = [&](const QString& what) {
        for (const QList<QVariant>& m : std::as_const(messages)) {
            const QString text = m.at(0).toString();
            if (text.contains(what) && text.contains(QStringLiteral("a stand-in box is used"))) {
                return true;
            }
        }
        return false;
    };
    QTRY_VERIFY(named(QStringLiteral("not found in the game data: World\\Mapsmith\\Marker.m2")));
    const auto& bounds = window.objectBounds();
    QVERIFY(!bounds.modelBounds(core::ObjectKind::Doodad, "World\\Mapsmith\\Marker.m2"));
    const auto rabbit = bounds.modelBounds(core::ObjectKind::Doodad, "world\\critter\\rabbit.mdx");
    QVERIFY(rabbit);
    QCOMPARE(float(rabbit->max.z), 2.031278f); // the collision box reaches above the drawn one
    const auto tentBox = bounds.modelBounds(core::ObjectKind::Wmo, "World\\wmo\\TrollTent.wmo");
    QVERIFY(tentBox);

    const auto centre = window.viewport()->pick(window.viewport()->rect().center());
    QVERIFY(centre);
    auto* placeEdit = window.findChild<QLineEdit*>(QStringLiteral("placeModelEdit"));
    QVERIFY(placeEdit);
    placeEdit->setText(QStringLiteral("World\\wmo\\TrollTent.wmo"));
    editor::ObjectTool* tool = window.tools()->objects();
    tool->begin(*window.document(), *centre, Qt::NoModifier);
    tool->end();
    QCOMPARE(tool->selection().size(), std::size_t(1));
    const core::ObjectRef placed = tool->selection().front();
    QCOMPARE(placed.kind, core::ObjectKind::Wmo);
    const auto state = core::findObject(*window.document(), placed);
    QVERIFY(state);
    // Extents: the tent's box placed (heading as stored), not the 20 yd stand-in cube.
    const core::Box3 want = core::transformBox(*tentBox, core::placementRotation(state->wmo.rotation),
                                               core::toDvec(state->wmo.position));
    const core::Box3 got = core::extentsOf(state->wmo);
    for (int a = 0; a < 3; ++a) {
        QVERIFY(std::abs(got.min[a] - want.min[a]) < 0.01);
        QVERIFY(std::abs(got.max[a] - want.max[a]) < 0.01);
    }
    QVERIFY(std::abs((got.max.y - got.min.y) - (tentBox->max.z - tentBox->min.z)) < 0.01);
}

QTEST_MAIN(TestGameData)
#include "test_game_data.moc"
