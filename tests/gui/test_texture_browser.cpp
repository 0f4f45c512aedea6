// Texture browser: one entry per texture (case and slashes ignored), the tile's textures first,
// filtering, thumbnails made once each, a click chooses; in the main window a choice sets the
// texture tool's texture and selects that tool.

#include "core/texture_paint.h"
#include "editor/main_window.h"
#include "editor/tools/tool_box.h"
#include "widgets/texture_browser.h"
#include "widgets/texture_mode_panel.h"

#include <QListWidget>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QtTest>

using mapsmith::widgets::TextureBrowser;
namespace editor = mapsmith::editor;

class TestTextureBrowser : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void listsOrdersAndFilters();
    void clickChoosesAndThumbnailsAreMadeOnce();
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
}

void TestTextureBrowser::clickChoosesAndThumbnailsAreMadeOnce() {
    TextureBrowser browser;
    int made = 0;
    browser.setImageProvider([&made](const QString&) {
        ++made;
        QImage image(256, 256, QImage::Format_RGB32);
        image.fill(Qt::darkGreen);
        return image;
    });
    browser.setTextures({QStringLiteral("A.blp"), QStringLiteral("B.blp")});
    QCOMPARE(made, 2);
    browser.setPreferred({QStringLiteral("B.blp")});
    browser.setFilter(QStringLiteral("b"));
    browser.setFilter(QString());
    QCOMPARE(made, 2);
    auto* list = browser.findChild<QListWidget*>(QStringLiteral("textureList"));
    QVERIFY(list);
    QCOMPARE(list->item(0)->icon().availableSizes().value(0), QSize(64, 64));
    browser.resize(400, 300);
    browser.show();
    QVERIFY(QTest::qWaitForWindowExposed(&browser));
    QSignalSpy chosen(&browser, &TextureBrowser::textureChosen);
    const QRect rect = list->visualItemRect(list->item(1));
    QTest::mouseClick(list->viewport(), Qt::LeftButton, Qt::NoModifier, rect.center());
    QCOMPARE(chosen.count(), 1);
    QCOMPARE(chosen.at(0).at(0).toString(), QStringLiteral("A.blp"));
}

void TestTextureBrowser::mainWindowChoiceSetsTheTextureTool() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.openMap(QStringLiteral(":/demo/Mapsmith.wdt")));
    TextureBrowser* browser = window.textureBrowser();
    // The demo's four textures, once each.
    QCOMPARE(browser->visiblePaths().size(), 4);
    const QString sand = QStringLiteral("Tileset\\Mapsmith\\Sand.blp");
    QVERIFY(browser->visiblePaths().contains(sand));
    emit browser->textureChosen(sand);
    QCOMPARE(window.currentTool(), 1);
    QCOMPARE(window.tools()->texture()->settings().texture, sand.toStdString());
    auto* panel = window.findChild<mapsmith::widgets::TextureModePanel*>();
    QVERIFY(panel);
    QCOMPARE(panel->settings().texture, sand.toStdString());
}

QTEST_MAIN(TestTextureBrowser)
#include "test_texture_browser.moc"
