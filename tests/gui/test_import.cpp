// File > Import 0.5.3 Alpha Map: an alpha WDT built from the spec converts into a folder of v18 tiles
// (or split sets), opens in the editor with its tiles and shows terrain in the viewport; a damaged file
// gives an error and keeps the current map.

#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/viewport/terrain_viewport.h"
#include "support/alpha_wdt_builder.h"

#include <QDir>
#include <QFile>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapsmith;
namespace alpha = mapsmith::tests::alpha;

namespace {

QString writeAlpha(const QTemporaryDir& dir, const std::vector<std::byte>& bytes) {
    const QString path = dir.filePath(QStringLiteral("Kalidar.wdt"));
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly)) {
        return {};
    }
    f.write(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size()));
    return path;
}

} // namespace

class TestImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void importsAndOpensAnAlphaMap_data() {
        QTest::addColumn<int>("layout");
        QTest::newRow("v18") << int(core::TileLayout::V18);
        QTest::newRow("split") << int(core::TileLayout::Split);
    }
    void importsAndOpensAnAlphaMap() {
        QFETCH(int, layout);
        QTemporaryDir dir;
        const QString path = writeAlpha(dir, alpha::build(alpha::sampleMap()));
        QVERIFY(!path.isEmpty());
        const QString out = dir.filePath(QStringLiteral("converted"));
        editor::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QVERIFY2(window.documents()->importAlphaMap(path, out, core::TileLayout(layout)),
                 qPrintable(window.lastError()));
        QVERIFY(window.document());
        QCOMPARE(window.document()->mapName(), QStringLiteral("Kalidar"));
        QCOMPARE(window.document()->source().layout(), core::TileLayout(layout));
        QVERIFY(QFile::exists(out + QStringLiteral("/Kalidar.wdt")));
        QVERIFY(!window.document()->loadedTiles().empty());
        const QImage frame = window.viewport()->grabFrame();
        QVERIFY(!frame.isNull());
        QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
        frame.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/alpha_import_%1.png").arg(layout));
        // Terrain fills part of the frame: more than the sky's two or three colours.
        QSet<QRgb> colours;
        for (int y = 0; y < frame.height(); y += 4) {
            for (int x = 0; x < frame.width(); x += 4) {
                colours.insert(frame.pixel(x, y));
            }
        }
        QVERIFY2(colours.size() > 50, qPrintable(QString::number(colours.size())));
    }

    void damagedFileKeepsTheCurrentMap() {
        QTemporaryDir dir;
        auto bytes = alpha::build(alpha::sampleMap());
        bytes.resize(bytes.size() / 50); // cut inside the map table
        const QString path = writeAlpha(dir, bytes);
        editor::MainWindow window;
        QVERIFY(window.documents()->open(QStringLiteral(":/demo/Mapsmith.wdt")));
        QVERIFY(!window.documents()->importAlphaMap(path, dir.filePath(QStringLiteral("out"))));
        QVERIFY2(window.lastError().startsWith(QStringLiteral("Import failed: ")),
                 qPrintable(window.lastError()));
        QCOMPARE(window.document()->mapName(), QStringLiteral("Mapsmith"));
    }
};

QTEST_MAIN(TestImport)
#include "test_import.moc"
