// Texture browser: one entry per texture (case and slashes ignored), grouped by folder with the tile's
// textures first, filtering, thumbnails made once each on a worker thread with progress (the tile's
// first), a click chooses; in the main window a choice sets the texture tool's texture and selects it.

#include "core/edit/texture_paint.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/tools/tool_manager.h"
#include "widgets/texture_browser.h"
#include "widgets/texture_mode_panel.h"

#include <QMutex>
#include <QProgressBar>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTreeWidget>
#include <QtTest>

using mapsmith::widgets::TextureBrowser;
namespace editor = mapsmith::editor;

class TestTextureBrowser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void listsOrdersAndFilters();
    void clickChoosesAndThumbnailsAreMadeOnce();
    void thumbnailsLoadInTheBackgroundTileFirst();
    void mainWindowChoiceSetsTheTextureTool();
};

void TestTextureBrowser::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true); // the main window's settings stay out of the user's
}

void TestTextureBrowser::listsOrdersAndFilters() {
    TextureBrowser browser;
    browser.setTextures({QStringLiteral("Tileset\\B\\Rock.blp"), QStringLiteral("Tileset\\A\\Grass.blp"),
                         QStringLiteral("tileset/a/grass.BLP"), QStringLiteral("Tileset\\C\\Sand.blp")});
    QCOMPARE(browser.visiblePaths(),
             (QStringList{QStringLiteral("Tileset\\A\\Grass.blp"), QStringLiteral("Tileset\\B\\Rock.blp"),
                          QStringLiteral("Tileset\\C\\Sand.blp")}));
    browser.setPreferred({QStringLiteral("Tileset\\C\\Sand.blp")});
    QCOMPARE(browser.visiblePaths().first(), QStringLiteral("Tileset\\C\\Sand.blp"));
    QCOMPARE(browser.visiblePaths().size(), 3);
    browser.setFilter(QStringLiteral("ROCK"));
    QCOMPARE(browser.visiblePaths(), QStringList{QStringLiteral("Tileset\\B\\Rock.blp")});
    browser.setFilter(QStringLiteral("tileset\\"));
    QCOMPARE(browser.visiblePaths().size(), 3);
    QCOMPARE(browser.groups(), (QStringList{QStringLiteral("In this tile"), QStringLiteral("Tileset\\A"),
                                            QStringLiteral("Tileset\\B")}));
    browser.setFilter(QStringLiteral("grass"));
    QCOMPARE(browser.groups(), QStringList{QStringLiteral("Tileset\\A")}); // empty groups are left out
}

void TestTextureBrowser::clickChoosesAndThumbnailsAreMadeOnce() {
    TextureBrowser browser;
    std::atomic<int> made{0};
    browser.setImageProvider([&made](const QString&) {
        ++made;
        QImage image(256, 256, QImage::Format_RGB32);
        image.fill(Qt::darkGreen);
        return image;
    });
    browser.setTextures({QStringLiteral("Tileset\\A.blp"), QStringLiteral("Tileset\\B.blp")});
    QTRY_COMPARE(browser.pendingThumbnails(), 0);
    QCOMPARE(made.load(), 2);
    browser.setPreferred({QStringLiteral("Tileset\\B.blp")});
    browser.setFilter(QStringLiteral("b"));
    browser.setFilter(QString());
    QTest::qWait(50);
    QCOMPARE(made.load(), 2);
    auto* tree = browser.findChild<QTreeWidget*>(QStringLiteral("textureTree"));
    QVERIFY(tree);
    QCOMPARE(tree->topLevelItemCount(), 2); // "In this tile" (B), "Tileset" (A)
    QTreeWidgetItem* a = tree->topLevelItem(1)->child(0);
    QCOMPARE(a->data(0, Qt::UserRole).toString(), QStringLiteral("Tileset\\A.blp"));
    const QImage icon = a->icon(0).pixmap(64, 64).toImage();
    QCOMPARE(icon.size(), QSize(64, 64));
    QCOMPARE(QColor(icon.pixel(32, 32)), QColor(Qt::darkGreen));
    browser.resize(400, 400);
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    QSignalSpy chosen(&browser, &TextureBrowser::textureChosen);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier, tree->visualItemRect(a).center());
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("Tileset\\A.blp"));
    // A group caption chooses nothing.
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, Qt::NoModifier,
                      tree->visualItemRect(tree->topLevelItem(1)).center());
    QCOMPARE(chosen.count(), 1);
}

void TestTextureBrowser::thumbnailsLoadInTheBackgroundTileFirst() {
    TextureBrowser browser;
    QMutex mutex;
    QStringList order;
    browser.setImageProvider([&](const QString& path) {
        QTest::qSleep(3); // a slow source: the GUI keeps running meanwhile
        QMutexLocker lock(&mutex);
        order.push_back(path);
        return QImage();
    });
    QStringList many;
    for (int i = 0; i < 120; ++i) {
        many.push_back(QStringLiteral("Tileset\\Zone%1\\T%2.blp").arg(i % 7).arg(i, 3, 10, QLatin1Char('0')));
    }
    browser.setPreferred({QStringLiteral("Tileset\\Zone6\\T111.blp")});
    QSignalSpy finished(&browser, &TextureBrowser::thumbnailsFinished);
    browser.setTextures(many);
    auto* progress = browser.findChild<QProgressBar*>(QStringLiteral("thumbnailProgress"));
    QVERIFY(progress);
    QVERIFY(browser.pendingThumbnails() > 100);
    QVERIFY(!progress->isHidden());
    QCOMPARE(progress->maximum(), 120);
    QTRY_COMPARE_WITH_TIMEOUT(browser.pendingThumbnails(), 0, 20000);
    QVERIFY(progress->isHidden());
    QVERIFY(finished.count() >= 1);
    QVERIFY(browser.hasThumbnail(QStringLiteral("tileset/zone0/t000.BLP")));
    QMutexLocker lock(&mutex);
    QCOMPARE(order.first(), QStringLiteral("Tileset\\Zone6\\T111.blp"));
    QCOMPARE(QSet<QString>(order.begin(), order.end()).size(), 120); // each once
    QCOMPARE(browser.groups().size(), 8);
}

void TestTextureBrowser::mainWindowChoiceSetsTheTextureTool() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    TextureBrowser* browser = window.textureBrowser();
    // The demo's four textures, once each (no game data is configured in this test).
    QCOMPARE(browser->visiblePaths().size(), 4);
    const QString sand = QStringLiteral("Tileset\\Mapsmith\\Sand.blp");
    QVERIFY(browser->visiblePaths().contains(sand));
    emit browser->textureChosen(sand);
    QCOMPARE(window.tools()->currentId(), editor::ToolId::PaintTexture);
    QCOMPARE(window.tools()->texture()->settings().texture, sand.toStdString());
    auto* panel = window.findChild<mapsmith::widgets::TextureModePanel*>();
    QVERIFY(panel);
    QCOMPARE(panel->settings().texture, sand.toStdString());
}

QTEST_MAIN(TestTextureBrowser)
#include "test_texture_browser.moc"
