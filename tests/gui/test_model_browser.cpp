// Model browser: models grouped by folder, each once, filtered as typed, the recently chosen first (and
// remembered), previews made once each on a worker thread with the latest wish next; in the main window
// it lists the corpus rabbit and tent from a project folder plus the models of a client MPQ, shows a
// textured preview of the tent (BLPs made here at its texture paths), reloads with the game data folders,
// and choosing a model arms the object tool so a click on the ground places it. The object tool's
// placement options (Tool Settings) give random headings and scales from a seed, snap to the ground or
// not, and stand a model along the slope.

#include "core/document/map_document.h"
#include "core/edit/object_edit.h"
#include "core/geometry/object_model.h"
#include "core/geometry/placement_options.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/tools/object_pick.h"
#include "editor/tools/object_tool.h"
#include "editor/tools/tool_manager.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/assets/blp.h"
#include "widgets/model_browser.h"
#include "widgets/placement_options_panel.h"

#include "support/test_blp.h"
#include "support/test_mpq.h"
#include "support/write_file.h"

#include <QCheckBox>
#include <QDir>
#include <QDockWidget>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QMutex>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QUndoStack>
#include <Qt3DExtras/Qt3DWindow>
#include <QtTest>

#include <glm/geometric.hpp>

using namespace mapsmith;
using widgets::ModelBrowser;

namespace {

const QString kRabbit = QStringLiteral("World\\Critter\\Rabbit.m2");
const QString kTent = QStringLiteral("World\\wmo\\TrollTent.wmo");
const QColor kPreviewBackground(44, 48, 56); // core::ModelPreviewOptions' default

int countPixels(const QImage& image, const std::function<bool(QColor)>& test) {
    int n = 0;
    for (int y = 0; y < image.height(); ++y) {
        for (int x = 0; x < image.width(); ++x) {
            n += test(QColor(image.pixel(x, y))) ? 1 : 0;
        }
    }
    return n;
}

// The tent's hide (roof) texture made here: a warm tan, far from the preview's neutral grey.
const QColor kHide(220, 140, 60);
bool hideColoured(QColor c) {
    return c.red() > c.blue() + 40 && c.green() > c.blue() + 20;
}

QTreeWidgetItem* itemOf(QTreeWidget* tree, const QString& path) {
    for (QTreeWidgetItemIterator it(tree); *it; ++it) {
        if ((*it)->data(0, Qt::UserRole).toString() == path) {
            return *it;
        }
    }
    return nullptr;
}

// Where a click toggles a check box or radio button (its indicator, at its left end).
QPoint onIndicator(const QWidget* button) {
    return {8, button->height() / 2};
}

// A spot of bare ground on screen (no object under it): the viewport point and the world point.
std::optional<std::pair<QPoint, glm::dvec3>> bareGround(editor::MainWindow& window) {
    editor::TerrainViewport* view = window.viewport();
    const QRect area = view->rect().adjusted(60, 60, -60, -60);
    for (int y = area.center().y(); y < area.bottom(); y += 23) {
        for (int x = area.center().x(); x < area.right(); x += 31) {
            const auto world = view->pick(QPoint(x, y));
            if (world && !editor::pickObject(*window.document(), view->pointerAt(QPoint(x, y)),
                                             window.objectBounds())) {
                return std::pair{QPoint(x, y), *world};
            }
        }
    }
    return std::nullopt;
}

} // namespace

class TestModelBrowser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void listsGroupsFiltersAndRecent();
    void previewsAreMadeOnceLatestFirst();
    void windowListsPreviewsAndPlaces();
    void gameDataFoldersReloadTheList();
    void placementOptionsFromToolSettings();

private:
    QTemporaryDir mDir;
    QString mData;    // a client Data folder with one archive naming two more models
    QString mProject; // the corpus rabbit and tent, and BLPs at the tent's texture paths
};

void TestModelBrowser::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true); // the window's settings stay out of the user's
    mData = mDir.filePath(QStringLiteral("Client/Data"));
    QVERIFY(QDir().mkpath(mData + QStringLiteral("/enUS")));
    QVERIFY(test::makeTestMpq(
        (mData + QStringLiteral("/common.MPQ")).toStdString(),
        std::vector<std::pair<std::string, std::string>>{{"World\\Azeroth\\Elwynn\\Tree01.m2", "MD20"},
                                                         {"World\\Azeroth\\Elwynn\\Tree0100.skin", "SKIN"},
                                                         {"World\\wmo\\Stormwind\\Keep.wmo", "REVM"},
                                                         {"World\\wmo\\Stormwind\\Keep_000.wmo", "REVM"},
                                                         {"Tileset\\Elwynn\\Grass.blp", "BLP2"}}));
    mProject = mDir.filePath(QStringLiteral("Project"));
    const auto corpus = [](const char* name) {
        QFile f(QStringLiteral(MAPSMITH_CORPUS_DIR "/models/") + QLatin1String(name));
        f.open(QIODevice::ReadOnly);
        const QByteArray data = f.readAll();
        const auto* p = reinterpret_cast<const std::byte*>(data.constData());
        return std::vector<std::byte>(p, p + data.size());
    };
    QVERIFY(test::writeFile(mProject + QStringLiteral("/World/Critter/Rabbit.m2"), corpus("Rabbit.m2")));
    QVERIFY(
        test::writeFile(mProject + QStringLiteral("/World/Critter/Rabbit00.skin"), corpus("Rabbit00.skin")));
    QVERIFY(test::writeFile(mProject + QStringLiteral("/World/wmo/TrollTent.wmo"), corpus("trolltent.wmo")));
    QVERIFY(test::writeFile(mProject + QStringLiteral("/World/wmo/TrollTent_000.wmo"),
                            corpus("trolltent_000.wmo")));
    // The tent's textures are not in the corpus: a tan hide, brown wood and red trim.
    QVERIFY(test::writeFile(mProject + QStringLiteral("/DUNGEONS/TEXTURES/ROOF/BM_TROLL_KOTOSKIN01.BLP"),
                            test::solidBlp(kHide)));
    QVERIFY(test::writeFile(mProject + QStringLiteral("/DUNGEONS/TEXTURES/WOOD/BM_TROLL_SUPPORTS01.BLP"),
                            test::solidBlp(QColor(120, 75, 35))));
    QVERIFY(test::writeFile(mProject + QStringLiteral("/DUNGEONS/TEXTURES/TRIM/BM_TROLL_TRIM01.BLP"),
                            test::solidBlp(QColor(170, 40, 40))));
}

void TestModelBrowser::init() {
    QSettings().clear();
}

void TestModelBrowser::listsGroupsFiltersAndRecent() {
    ModelBrowser browser;
    browser.setModels({QStringLiteral("World\\B\\Lamp.m2"), QStringLiteral("World\\A\\Tree.m2"),
                       QStringLiteral("world/a/TREE.m2"), QStringLiteral("World\\wmo\\House.wmo")});
    QCOMPARE(browser.visibleModels(),
             (QStringList{QStringLiteral("World\\A\\Tree.m2"), QStringLiteral("World\\B\\Lamp.m2"),
                          QStringLiteral("World\\wmo\\House.wmo")}));
    QCOMPARE(browser.groups(), (QStringList{QStringLiteral("World\\A"), QStringLiteral("World\\B"),
                                            QStringLiteral("World\\wmo")}));
    // Filter as typed: any part of the path, any case.
    browser.resize(300, 600);
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    auto* filter = browser.findChild<QLineEdit*>(QStringLiteral("modelFilter"));
    QVERIFY(filter);
    QTest::keyClicks(filter, QStringLiteral("LAM"));
    QCOMPARE(browser.visibleModels(), QStringList{QStringLiteral("World\\B\\Lamp.m2")});
    QCOMPARE(browser.groups(), QStringList{QStringLiteral("World\\B")}); // empty groups are left out
    browser.setFilter(QStringLiteral("world\\"));
    QCOMPARE(browser.visibleModels().size(), 3);
    browser.setFilter(QString());

    // A click chooses: the model becomes the most recent and shows first, in its own group.
    auto* tree = browser.findChild<QTreeWidget*>(QStringLiteral("modelTree"));
    QVERIFY(tree);
    QSignalSpy chosen(&browser, &ModelBrowser::modelChosen);
    QTreeWidgetItem* house = itemOf(tree, QStringLiteral("World\\wmo\\House.wmo"));
    QVERIFY(house);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier, tree->visualItemRect(house).center());
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("World\\wmo\\House.wmo"));
    QCOMPARE(browser.current(), QStringLiteral("World\\wmo\\House.wmo"));
    QCOMPARE(tree->currentItem(), house); // the clicked row stays current (not its copy in the recent group)
    QVERIFY(house->isSelected());
    browser.choose(QStringLiteral("World\\B\\Lamp.m2"));
    QCOMPARE(browser.groups().first(), QStringLiteral("Recently used"));
    QCOMPARE(browser.visibleModels().mid(0, 2),
             (QStringList{QStringLiteral("World\\B\\Lamp.m2"), QStringLiteral("World\\wmo\\House.wmo")}));
    QCOMPARE(browser.visibleModels().size(), 5);           // the recent ones also stay in their folders
    browser.choose(QStringLiteral("world/wmo/house.WMO")); // again: to the front, once
    QCOMPARE(browser.recent().size(), 2);
    QCOMPARE(browser.recent().first(), QStringLiteral("world/wmo/house.WMO"));
    // The filter applies to the recent group too; a recent model the data lacks is not shown.
    browser.setFilter(QStringLiteral("lamp"));
    QCOMPARE(browser.visibleModels(),
             (QStringList{QStringLiteral("World\\B\\Lamp.m2"), QStringLiteral("World\\B\\Lamp.m2")}));
    browser.setFilter(QString());
    browser.setRecent({QStringLiteral("World\\Gone.m2"), QStringLiteral("World\\A\\Tree.m2")});
    QCOMPARE(browser.visibleModels().first(), QStringLiteral("World\\A\\Tree.m2"));
    QCOMPARE(browser.visibleModels().size(), 4);
    // At most kMaxRecent are kept.
    QStringList many;
    for (int i = 0; i < 30; ++i) {
        many.push_back(QStringLiteral("World\\M%1.m2").arg(i));
    }
    browser.setRecent(many);
    QCOMPARE(browser.recent().size(), ModelBrowser::kMaxRecent);

    // Remembered: saved and read back (a damaged value is ignored).
    QTemporaryDir dir;
    QSettings ini(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    browser.setRecent({QStringLiteral("World\\A\\Tree.m2"), QStringLiteral("World\\B\\Lamp.m2")});
    browser.saveTo(ini);
    ModelBrowser next;
    next.setModels({QStringLiteral("World\\A\\Tree.m2"), QStringLiteral("World\\B\\Lamp.m2")});
    next.loadFrom(ini);
    QCOMPARE(next.recent(), browser.recent());
    QCOMPARE(next.groups().first(), QStringLiteral("Recently used"));
}

void TestModelBrowser::previewsAreMadeOnceLatestFirst() {
    ModelBrowser browser;
    QMutex mutex;
    QStringList made;
    std::atomic<bool> slow{true};
    browser.setPreviewProvider([&](const QString& path) {
        if (slow) {
            QTest::qSleep(150); // the user moves on meanwhile
        }
        QMutexLocker lock(&mutex);
        made.push_back(path);
        QImage image(32, 32, QImage::Format_RGB32);
        image.fill(Qt::darkCyan);
        return ModelBrowser::Preview{image, QStringLiteral("%1 triangles").arg(made.size())};
    });
    browser.setModels(
        {QStringLiteral("A.m2"), QStringLiteral("B.m2"), QStringLiteral("C.m2"), QStringLiteral("D.m2")});
    QSignalSpy shown(&browser, &ModelBrowser::previewShown);
    browser.setCurrent(QStringLiteral("A.m2")); // starts A
    QVERIFY(browser.rendering());
    QVERIFY(browser.previewImage().isNull());
    browser.setCurrent(QStringLiteral("B.m2")); // passed over
    browser.setCurrent(QStringLiteral("C.m2")); // the latest wish: made right after A
    QTRY_VERIFY_WITH_TIMEOUT(browser.hasPreview(QStringLiteral("C.m2")), 5000);
    QTRY_VERIFY(!browser.rendering());
    {
        QMutexLocker lock(&mutex);
        QCOMPARE(made, (QStringList{QStringLiteral("A.m2"), QStringLiteral("C.m2")}));
    }
    QCOMPARE(shown.count(), 1);
    QCOMPARE(shown.at(0).at(0).toString(), QStringLiteral("C.m2"));
    QCOMPARE(browser.previewImage().size(), QSize(32, 32));
    QVERIFY(browser.previewCaption().startsWith(QStringLiteral("C.m2: ")));
    // Back to A: from the cache at once, not made again.
    slow = false;
    browser.setCurrent(QStringLiteral("A.m2"));
    QCOMPARE(shown.count(), 2);
    QVERIFY(!browser.rendering());
    QCOMPARE(made.size(), 2);
    // A new provider forgets the pictures: the current one is made again.
    browser.setPreviewProvider([&](const QString& path) {
        QMutexLocker lock(&mutex);
        made.push_back(path);
        return ModelBrowser::Preview{QImage(), QStringLiteral("not found in the game data")};
    });
    QVERIFY(!browser.hasPreview(QStringLiteral("C.m2")));
    QTRY_VERIFY(browser.hasPreview(QStringLiteral("A.m2")));
    QCOMPARE(made.last(), QStringLiteral("A.m2"));
    QVERIFY(browser.previewImage().isNull());
    QCOMPARE(browser.previewCaption(), QStringLiteral("A.m2: not found in the game data"));
}

void TestModelBrowser::windowListsPreviewsAndPlaces() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY2(window.setAssetFolders({mData, {}, mProject}), qPrintable(window.lastError()));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    ModelBrowser* browser = window.modelBrowser();
    QVERIFY(browser);
    // The project's two corpus models and the archive's two, without the skins and the WMO groups.
    QStringList listed = browser->visibleModels();
    listed.sort(Qt::CaseInsensitive);
    QCOMPARE(listed, (QStringList{QStringLiteral("World\\Azeroth\\Elwynn\\Tree01.m2"), kRabbit,
                                  QStringLiteral("World\\wmo\\Stormwind\\Keep.wmo"), kTent}));
    QVERIFY(browser->groups().contains(QStringLiteral("World\\wmo\\Stormwind")));

    auto* dock = window.findChild<QDockWidget*>(QStringLiteral("modelsDock"));
    QVERIFY(dock);
    dock->raise();
    QTRY_VERIFY(browser->isVisible());
    auto* filter = browser->findChild<QLineEdit*>(QStringLiteral("modelFilter"));
    QTest::keyClicks(filter, QStringLiteral("tent"));
    QCOMPARE(browser->visibleModels(), QStringList{kTent});

    // Choose the tent with a click: the object tool is armed with it and its preview is drawn.
    auto* tree = browser->findChild<QTreeWidget*>(QStringLiteral("modelTree"));
    QSignalSpy shown(browser, &ModelBrowser::previewShown);
    QTreeWidgetItem* tentItem = itemOf(tree, kTent);
    QVERIFY(tentItem);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier,
                      tree->visualItemRect(tentItem).center());
    QCOMPARE(window.tools()->currentId(), editor::ToolId::Objects);
    QCOMPARE(window.tools()->objects()->placeModel(), kTent.toStdString());
    auto* placeEdit = window.findChild<QLineEdit*>(QStringLiteral("placeModelEdit"));
    QVERIFY(placeEdit);
    QCOMPARE(placeEdit->text(), kTent);
    QTRY_VERIFY_WITH_TIMEOUT(shown.count() > 0 && shown.last().at(0).toString() == kTent, 10000);
    const QImage tentPreview = browser->previewImage();
    QCOMPARE(tentPreview.size(), QSize(ModelBrowser::kPreviewSize, ModelBrowser::kPreviewSize));
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    QVERIFY(tentPreview.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/model_browser_tent.png")));
    const int drawn = countPixels(tentPreview, [](QColor c) { return c != kPreviewBackground; });
    const int hide = countPixels(tentPreview, hideColoured);
    QVERIFY2(drawn > tentPreview.width() * tentPreview.height() / 5, qPrintable(QString::number(drawn)));
    QVERIFY2(hide > drawn / 3, qPrintable(QStringLiteral("%1 of %2").arg(hide).arg(drawn)));
    QVERIFY2(browser->previewCaption().contains(QRegularExpression(QStringLiteral("WMO, 1.?228 triangles"))),
             qPrintable(browser->previewCaption()));

    // A click on bare ground places the tent (one undo step), as a WMO named as listed.
    const auto spot = bareGround(window);
    QVERIFY2(spot, "no bare ground on screen");
    core::MapDocument& doc = *window.document();
    const int steps = doc.undoStack()->count();
    QWindow* w = window.viewport()->renderWindow();
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, spot->first);
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, spot->first);
    QCOMPARE(doc.undoStack()->count(), steps + 1);
    QCOMPARE(window.tools()->objects()->selection().size(), std::size_t(1));
    const core::ObjectRef placed = window.tools()->objects()->selection().front();
    QCOMPARE(placed.kind, core::ObjectKind::Wmo);
    const auto state = core::findObject(doc, placed);
    QVERIFY(state);
    QCOMPARE(state->name, kTent.toStdString());
    const glm::dvec3 at = core::placementToWorld(state->position());
    QVERIFY2(glm::length(glm::dvec2(at) - glm::dvec2(spot->second)) < 1.0, "placed where clicked");
    QVERIFY(std::abs(at.z - *doc.heightAt(glm::dvec2(at))) < 0.01); // on the ground

    // The rabbit next, then the recent group leads with it; the rabbit's preview is drawn too.
    filter->clear();
    QTreeWidgetItem* rabbitItem = itemOf(tree, kRabbit);
    QVERIFY(rabbitItem);
    tree->scrollToItem(rabbitItem);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier,
                      tree->visualItemRect(rabbitItem).center());
    QCOMPARE(window.tools()->objects()->placeModel(), kRabbit.toStdString());
    QCOMPARE(placeEdit->text(), kRabbit);
    QCOMPARE(browser->groups().first(), QStringLiteral("Recently used"));
    QCOMPARE(browser->visibleModels().mid(0, 2), (QStringList{kRabbit, kTent}));
    QTRY_VERIFY_WITH_TIMEOUT(shown.last().at(0).toString() == kRabbit, 10000);
    const QImage rabbitPreview = browser->previewImage();
    QVERIFY(rabbitPreview.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/model_browser_rabbit.png")));
    QVERIFY(countPixels(rabbitPreview, [](QColor c) { return c != kPreviewBackground; }) >
            rabbitPreview.width() * rabbitPreview.height() / 8);
    QVERIFY(
        window.grabWithViewport().save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/model_browser_window.png")));

    const auto second = bareGround(window);
    QVERIFY(second);
    QTest::mousePress(w, Qt::LeftButton, Qt::NoModifier, second->first);
    QTest::mouseRelease(w, Qt::LeftButton, Qt::NoModifier, second->first);
    QCOMPARE(doc.undoStack()->count(), steps + 2);
    const core::ObjectRef rabbitRef = window.tools()->objects()->selection().front();
    const auto rabbit = core::findObject(doc, rabbitRef);
    QVERIFY(rabbit);
    QCOMPARE(rabbit->kind, core::ObjectKind::Doodad);
    QCOMPARE(rabbit->name, kRabbit.toStdString());
    doc.undoStack()->undo();
    QVERIFY(!core::findObject(doc, rabbitRef));
    QVERIFY(core::findObject(doc, placed)); // the tent stays

    // The recent models are remembered for the next window.
    editor::MainWindow next;
    QCOMPARE(next.modelBrowser()->recent(), (QStringList{kRabbit, kTent}));
    QCOMPARE(next.modelBrowser()->groups().first(), QStringLiteral("Recently used"));
}

void TestModelBrowser::gameDataFoldersReloadTheList() {
    editor::MainWindow window;
    QCOMPARE(window.modelBrowser()->modelCount(), 0); // no game data yet
    QVERIFY(window.setAssetFolders({{}, {}, mProject}));
    QCOMPARE(window.modelBrowser()->visibleModels(), (QStringList{kRabbit, kTent}));
    QVERIFY(window.setAssetFolders({mData, {}, mProject}));
    QCOMPARE(window.modelBrowser()->modelCount(), 4);
    // The preview follows the new data: a model only the archive names (not a readable M2) has none.
    window.modelBrowser()->setCurrent(QStringLiteral("World\\Azeroth\\Elwynn\\Tree01.m2"));
    QTRY_VERIFY_WITH_TIMEOUT(
        window.modelBrowser()->hasPreview(QStringLiteral("World\\Azeroth\\Elwynn\\Tree01.m2")), 10000);
    QVERIFY(window.modelBrowser()->previewImage().isNull());
    QVERIFY2(!window.modelBrowser()->previewCaption().isEmpty(), "the reason is named");
    QVERIFY(window.setAssetFolders({}));
    QCOMPARE(window.modelBrowser()->modelCount(), 0);
    QVERIFY(window.modelBrowser()->visibleModels().isEmpty());
}

void TestModelBrowser::placementOptionsFromToolSettings() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.setAssetFolders({{}, {}, mProject}));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    core::MapDocument& doc = *window.document();
    window.modelBrowser()->choose(kRabbit);
    QCOMPARE(window.tools()->currentId(), editor::ToolId::Objects);
    editor::ObjectTool* tool = window.tools()->objects();

    // Random heading and a scale range, set in Tool Settings.
    auto* panel = window.findChild<widgets::PlacementOptionsPanel*>();
    QVERIFY(panel);
    QVERIFY(panel->isVisible());
    auto* heading = panel->findChild<QCheckBox*>(QStringLiteral("placeRandomHeading"));
    auto* scaleMin = panel->findChild<QDoubleSpinBox*>(QStringLiteral("placeScaleMin"));
    auto* scaleMax = panel->findChild<QDoubleSpinBox*>(QStringLiteral("placeScaleMax"));
    auto* snap = panel->findChild<QCheckBox*>(QStringLiteral("placeSnapToGround"));
    auto* slope = panel->findChild<QRadioButton*>(QStringLiteral("placeFollowSlope"));
    QVERIFY(heading && scaleMin && scaleMax && snap && slope);
    QVERIFY(snap->isChecked()); // the default
    QTest::mouseClick(heading, Qt::LeftButton, Qt::NoModifier, onIndicator(heading));
    scaleMin->setValue(0.5);
    scaleMax->setValue(2.0);
    QVERIFY(tool->placementOptions().randomHeading);
    QCOMPARE(tool->placementOptions().scaleMin, 0.5);
    QCOMPARE(tool->placementOptions().scaleMax, 2.0);

    const glm::dvec2 origin = core::tileOrigin(doc.loadedTiles().front()) - glm::dvec2(core::kTileSize / 2.0);
    const auto placeAt = [&](glm::dvec2 p, double above) {
        tool->begin(doc, {p, *doc.heightAt(p) + above}, Qt::NoModifier);
        tool->end();
        return core::findObject(doc, tool->selection().front());
    };
    // The same seed gives the same placements.
    std::vector<std::pair<float, std::uint16_t>> first;
    for (int round = 0; round < 2; ++round) {
        tool->seedPlacement(99);
        std::vector<std::pair<float, std::uint16_t>> got;
        for (int i = 0; i < 4; ++i) {
            const auto state = placeAt(origin + glm::dvec2(8.0 * i, 30.0 * round), 0.0);
            QVERIFY(state);
            QCOMPARE(state->doodad.rotation.x, 0.0f); // upright
            QCOMPARE(state->doodad.rotation.z, 0.0f);
            QVERIFY(state->doodad.scale >= 512 && state->doodad.scale <= 2048);
            got.emplace_back(state->doodad.rotation.y, state->doodad.scale);
        }
        if (round == 0) {
            first = got;
            QVERIFY(got[0] != got[1] && got[1] != got[2]); // random, not fixed
        } else {
            QCOMPARE(got, first);
        }
    }

    // Snap to ground: a point above the ground lands on it; without, it stays where it was given.
    const glm::dvec2 p = origin + glm::dvec2(-40.0, -40.0);
    auto state = placeAt(p, 12.0);
    QVERIFY(std::abs(core::placementToWorld(state->position()).z - *doc.heightAt(p)) < 0.01);
    QTest::mouseClick(snap, Qt::LeftButton, Qt::NoModifier, onIndicator(snap));
    QVERIFY(!tool->placementOptions().snapToGround);
    const glm::dvec2 q = p + glm::dvec2(10.0, 0.0); // not on the rabbit just placed (that would select it)
    state = placeAt(q, 12.0);
    QVERIFY(std::abs(core::placementToWorld(state->position()).z - (*doc.heightAt(q) + 12.0)) < 0.01);

    // Follow the slope: on the steepest of a few spots, the model's up axis is the terrain normal.
    QTest::mouseClick(slope, Qt::LeftButton, Qt::NoModifier, onIndicator(slope));
    QVERIFY(tool->placementOptions().followSlope);
    const auto height = [&doc](glm::dvec2 q) { return doc.heightAt(q); };
    glm::dvec2 steep = origin;
    glm::dvec3 normal(0, 0, 1);
    for (int i = 0; i < 20; ++i) {
        for (int j = 0; j < 20; ++j) {
            const glm::dvec2 q = origin + glm::dvec2(12.0 * (i - 10), 12.0 * (j - 10));
            const auto n = core::terrainNormal(height, q);
            if (n && n->z < normal.z) {
                normal = *n;
                steep = q;
            }
        }
    }
    QVERIFY2(normal.z < 0.995, "the demo map has hills");
    state = placeAt(steep, 0.0);
    const glm::dvec3 up = core::worldRotationOf(state->doodad.rotation) * glm::dvec3(0, 0, 1);
    QVERIFY2(glm::length(up - normal) < 1e-3,
             qPrintable(QStringLiteral("%1 %2 %3").arg(up.x).arg(up.y).arg(up.z)));

    // The panel shows the tool's options when the tool is shown again.
    window.tools()->select(editor::ToolId::Sculpt);
    window.tools()->select(editor::ToolId::Objects);
    QVERIFY(heading->isChecked());
    QCOMPARE(scaleMax->value(), 2.0);
    QVERIFY(slope->isChecked());
}

QTEST_MAIN(TestModelBrowser)
#include "test_model_browser.moc"
