// Preferences (typed, QSettings, clamped) reach the viewport, the streamer and the document; the
// alpha encoding chosen for saves is used, remembered per map, and refused on 4-bit maps.

#include "core/document/map_document.h"
#include "editor/autosave.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/tile_streamer.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/adt/adt.h"
#include "io/assets/texture_cache.h"
#include "io/binary/file_io.h"
#include "widgets/preferences_dialog.h"

#include <QDoubleSpinBox>
#include <QFile>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapsmith;
using widgets::EditorPreferences;

class TestPreferences : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void storeRoundTripAndClamp();
    void dialogEditsAllFields();
    void windowAppliesPreferences();
    void alphaEncodingOnSaveIsUsedAndRemembered();
};

void TestPreferences::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
}

void TestPreferences::storeRoundTripAndClamp() {
    QTemporaryDir dir;
    QSettings store(dir.filePath(QStringLiteral("p.ini")), QSettings::IniFormat);
    QCOMPARE(EditorPreferences::load(store), EditorPreferences{}); // defaults
    const EditorPreferences p{1500.0, 2, 64, 512};
    p.save(store);
    QCOMPARE(EditorPreferences::load(store), p);
    store.setValue(QStringLiteral("preferences/streamRadius"), 99);
    store.setValue(QStringLiteral("preferences/viewDistance"), -5.0);
    store.setValue(QStringLiteral("preferences/textureCacheMiB"), 1);
    store.setValue(QStringLiteral("preferences/autosaveMinutes"), -3);
    store.setValue(QStringLiteral("preferences/autosaveStrokes"), 50000);
    const EditorPreferences clamped = EditorPreferences::load(store);
    QCOMPARE(clamped.autosaveMinutes, 0);
    QCOMPARE(clamped.autosaveStrokes, 1000);
    QCOMPARE(clamped.textureCacheMiB, 16);
    QCOMPARE(clamped.streamRadius, 4);
    QCOMPARE(clamped.viewDistance, 200.0);
}

void TestPreferences::dialogEditsAllFields() {
    widgets::PreferencesDialog dialog(EditorPreferences{});
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("viewDistance"))->setValue(4250.0);
    dialog.findChild<QSpinBox*>(QStringLiteral("streamRadius"))->setValue(3);
    dialog.findChild<QSpinBox*>(QStringLiteral("undoBudget"))->setValue(0);
    dialog.findChild<QSpinBox*>(QStringLiteral("textureCache"))->setValue(1024);
    dialog.findChild<QSpinBox*>(QStringLiteral("autosaveMinutes"))->setValue(0);
    dialog.findChild<QSpinBox*>(QStringLiteral("autosaveStrokes"))->setValue(7);
    QCOMPARE(dialog.preferences(), (EditorPreferences{4250.0, 3, 0, 1024, 0, 7}));
    // Autosave defaults: every 5 minutes and every 20 edits.
    QCOMPARE(EditorPreferences{}.autosaveMinutes, 5);
    QCOMPARE(EditorPreferences{}.autosaveStrokes, 20);
}

void TestPreferences::windowAppliesPreferences() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
    window.setPreferences({1800.0, 2, 32, 64});
    QCOMPARE(window.viewport()->viewDistance(), 1800.0);
    QCOMPARE(window.streamer()->radius(), 2);
    QCOMPARE(window.document()->undoMemoryBudget(), std::size_t(32) * 1024 * 1024);
    QCOMPARE(window.textureCache()->budget(), std::size_t(64) * 1024 * 1024);
    QCOMPARE(window.autosave()->interval(), std::chrono::milliseconds(5 * 60 * 1000));
    QCOMPARE(window.autosave()->strokesPerSave(), 20);
    window.setPreferences({1800.0, 2, 32, 64, 2, 0});
    QCOMPARE(window.autosave()->interval(), std::chrono::milliseconds(2 * 60 * 1000));
    QCOMPARE(window.autosave()->strokesPerSave(), 0);
    window.setPreferences({1800.0, 2, 32, 64});
    // Stored: a new window starts with them.
    editor::MainWindow second;
    QCOMPARE(second.preferences(), (EditorPreferences{1800.0, 2, 32, 64}));
    QCOMPARE(second.viewport()->viewDistance(), 1800.0);
    window.setPreferences({});
}

void TestPreferences::alphaEncodingOnSaveIsUsedAndRemembered() {
    QTemporaryDir dir;
    QString copy;
    {
        editor::MainWindow window;
        QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
        QVERIFY(window.documents()->saveAs(dir.filePath(QStringLiteral("plain"))));
        copy = dir.filePath(QStringLiteral("plain/Mapsmith.wdt"));
    }
    {
        editor::MainWindow window;
        QVERIFY(window.documents()->open(copy));
        QVERIFY(!window.documents()->saveAlphaEncoding());
        QVERIFY(window.documents()->setSaveAlphaEncoding(io::AlphaEncoding::Rle));
        QVERIFY(window.documents()->saveAs(dir.filePath(QStringLiteral("rle"))));
    }
    const auto bytes =
        io::readFileBytes(dir.filePath(QStringLiteral("rle/Mapsmith_32_32.adt")).toStdString());
    QVERIFY(bytes);
    io::AdtReadOptions options;
    options.bigAlpha = true;
    const auto read = io::readAdt(bytes.value(), options);
    QVERIFY(read);
    int layersWithAlpha = 0;
    for (const auto& chunk : read.value().adt.chunks) {
        for (std::size_t i = 1; i < chunk.layers.size(); ++i) {
            ++layersWithAlpha;
            QCOMPARE(chunk.layers[i].encoding, io::AlphaEncoding::Rle);
            QVERIFY(chunk.layers[i].flags & io::mcly_flags::AlphaCompressed);
        }
    }
    QVERIFY(layersWithAlpha > 100);
    {
        // Remembered for the map it was chosen on.
        editor::MainWindow window;
        QVERIFY(window.documents()->open(copy));
        QCOMPARE(window.documents()->saveAlphaEncoding(), std::optional(io::AlphaEncoding::Rle));
    }
    {
        // Azeroth stores 4-bit alpha (MPHD flags 0): re-encoding is refused, saves keep them as read.
        for (const char* name : {"Azeroth.wdt", "Azeroth_38_46.adt"}) {
            QVERIFY(QFile::copy(QStringLiteral(MAPSMITH_CORPUS_DIR "/adt/") + QLatin1String(name),
                                dir.filePath(QLatin1String(name))));
        }
        editor::MainWindow window;
        QVERIFY(window.documents()->open(dir.filePath(QStringLiteral("Azeroth_38_46.adt"))));
        QVERIFY(!window.document()->bigAlpha());
        QVERIFY(!window.documents()->setSaveAlphaEncoding(io::AlphaEncoding::Rle));
        QVERIFY(!window.documents()->saveAlphaEncoding());
        QVERIFY(window.lastError().contains(QStringLiteral("4-bit")));
    }
}

QTEST_MAIN(TestPreferences)
#include "test_preferences.moc"
