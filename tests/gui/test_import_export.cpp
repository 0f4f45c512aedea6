// File > Import (Heightmap Image, Gamestudio Terrain) and File > Export (Heightmap PNG, Gamestudio Terrain
// HMP5) driven through their dialogs on the demo map saved into a folder, against mapsmith-cli on the
// same files: the exports write the CLI's bytes, the imports set the heights (and the skin tint's vertex
// colours) the CLI sets, each import is ONE undo step that gives back every tile's bytes and redo puts the
// import back; the entries are disabled without a map, and the dialogs refuse blocks the map lacks.

#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/geometry/coords.h"
#include "editor/document_manager.h"
#include "editor/main_window.h"
#include "editor/terrain_export_actions.h"
#include "editor/terrain_import_actions.h"
#include "editor/viewport/terrain_viewport.h"
#include "io/adt/adt.h"
#include "widgets/heightmap_import_dialog.h"
#include "widgets/hmp_import_dialog.h"
#include "widgets/terrain_export_dialog.h"

#include <QAction>
#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QSpinBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <cmath>
#include <map>

using namespace mapsmith;

namespace {

const QString kDemo = QStringLiteral(":/demo/Mapsmith.wdt");
const core::TileBlock kBlock{{32, 32}, 2, 2}; // the demo's four tiles

struct CliRun {
    int code = -1;
    QString out;
    QString err;
};

CliRun runCli(const QStringList& args) {
    QProcess p;
    p.start(QStringLiteral(MAPSMITH_CLI), args);
    p.waitForFinished(120000);
    return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
            QString::fromUtf8(p.readAllStandardOutput()), QString::fromUtf8(p.readAllStandardError())};
}

QByteArray fileBytes(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

bool copyFolder(const QString& from, const QString& to) {
    QDir().mkpath(to);
    for (const QString& name : QDir(from).entryList(QDir::Files)) {
        if (!QFile::copy(QDir(from).filePath(name), QDir(to).filePath(name))) {
            return false;
        }
    }
    return true;
}

void setBlock(QWidget& dialog, const core::TileBlock& block) {
    dialog.findChild<QSpinBox*>(QStringLiteral("blockFirstX"))->setValue(block.first.x);
    dialog.findChild<QSpinBox*>(QStringLiteral("blockFirstY"))->setValue(block.first.y);
    dialog.findChild<QSpinBox*>(QStringLiteral("blockTilesX"))->setValue(block.tilesX);
    dialog.findChild<QSpinBox*>(QStringLiteral("blockTilesY"))->setValue(block.tilesY);
}

QPushButton* okButton(QWidget& dialog) {
    return dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Ok);
}

// Types a path into a line edit as a user does (the dialog reads the file when editing finishes).
void typePath(QLineEdit* edit, const QString& path) {
    edit->setText(path);
    emit edit->editingFinished();
}

std::map<core::TileCoord, std::vector<std::byte>> tileBytes(const core::MapDocument& doc) {
    std::map<core::TileCoord, std::vector<std::byte>> out;
    for (const auto t : doc.loadedTiles()) {
        out[t] = io::writeAdt(*doc.tile(t));
    }
    return out;
}

// Every chunk's heights, normals and vertex colours of the document equal those of the folder's tiles.
bool sameTerrain(const core::MapDocument& doc, const QString& folder, QString& why) {
    core::FolderMapSource source(QDir(folder).filePath(QStringLiteral("Mapsmith.wdt")));
    for (int y = 0; y < kBlock.tilesY; ++y) {
        for (int x = 0; x < kBlock.tilesX; ++x) {
            const core::TileCoord t{kBlock.first.x + x, kBlock.first.y + y};
            const auto read = source.readTile(t, doc.bigAlpha());
            if (!read || !doc.tile(t)) {
                why = QStringLiteral("tile %1_%2 not there").arg(t.x).arg(t.y);
                return false;
            }
            for (int i = 0; i < 256; ++i) {
                const io::MapChunk& a = doc.tile(t)->chunks[std::size_t(i)];
                const io::MapChunk& b = read->chunks[std::size_t(i)];
                if (a.position.z != b.position.z || a.heights != b.heights || a.normals != b.normals ||
                    a.vertexColors != b.vertexColors || a.flags != b.flags) {
                    why = QStringLiteral("tile %1_%2 chunk %3 differs").arg(t.x).arg(t.y).arg(i);
                    return false;
                }
            }
        }
    }
    return true;
}

// The absolute height of the block's outer vertices.
std::vector<double> outerHeights(const core::MapDocument& doc) {
    std::vector<double> out;
    // The closing row and column belong to the tiles beyond the block (not loaded).
    for (int gy = 0; gy < kBlock.latticeHeight() - 1; ++gy) {
        for (int gx = 0; gx < kBlock.latticeWidth() - 1; ++gx) {
            out.push_back(
                doc.latticeHeight(kBlock.first.x * 128 + gx, kBlock.first.y * 128 + gy).value_or(NAN));
        }
    }
    return out;
}

} // namespace

class TestImportExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();
    void menusNeedAMap();
    void heightmapExportIsTheCliFile();
    void heightmapRoundTripIsOneUndoStep();
    void hmpExportIsTheCliFile();
    void hmpImportTintsTheVertexColours();
    void dialogsRefuseTilesTheMapLacks();

private:
    // The demo map saved into mDir/map and open in a shown window.
    bool openSavedDemo(editor::MainWindow& window);
    QString path(const QString& name) const { return mDir->filePath(name); }

    std::optional<QTemporaryDir> mDir;
};

void TestImportExport::initTestCase() {
    QVERIFY(qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS"));
    QStandardPaths::setTestModeEnabled(true);
}

void TestImportExport::init() {
    mDir.emplace();
    QVERIFY(mDir->isValid());
}

bool TestImportExport::openSavedDemo(editor::MainWindow& window) {
    window.show();
    if (!QTest::qWaitForWindowExposed(&window) || !window.documents()->open(kDemo)) {
        return false;
    }
    return window.documents()->saveAs(path(QStringLiteral("map"))) &&
           window.document()->loadedTiles().size() == 4;
}

void TestImportExport::menusNeedAMap() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    auto* importMenu = window.findChild<QMenu*>(QStringLiteral("importMenu"));
    auto* exportMenu = window.findChild<QMenu*>(QStringLiteral("exportMenu"));
    QVERIFY(importMenu && exportMenu);
    QCOMPARE(importMenu->title(), QStringLiteral("&Import"));
    QCOMPARE(exportMenu->title(), QStringLiteral("&Export"));
    QStringList imports;
    for (QAction* a : importMenu->actions()) {
        imports << a->text();
    }
    QVERIFY2(imports.mid(0, 2) == QStringList({QStringLiteral("&Heightmap Image..."),
                                               QStringLiteral("&Gamestudio Terrain (HMP)...")}),
             qPrintable(imports.join(u',')));
    QVERIFY(imports.contains(QStringLiteral("Import 0.5.3 &Alpha Map...")));
    QStringList exports;
    for (QAction* a : exportMenu->actions()) {
        exports << a->text();
    }
    QCOMPARE(
        exports,
        (QStringList{QStringLiteral("&Heightmap PNG..."), QStringLiteral("&Gamestudio Terrain (HMP5)..."),
                     QStringLiteral("Export &Patch MPQ..."), QStringLiteral("Export &Server Maps...")}));

    const QList<QAction*> terrain{
        window.terrainImports()->heightmapAction(), window.terrainImports()->hmpAction(),
        window.terrainExports()->heightmapAction(), window.terrainExports()->hmpAction()};
    for (QAction* a : terrain) {
        QVERIFY2(!a->isEnabled(), qPrintable(a->text()));
        a->trigger(); // does nothing without a map
    }
    QVERIFY(window.document() == nullptr);
    QVERIFY(window.documents()->open(kDemo));
    for (QAction* a : terrain) {
        QVERIFY2(a->isEnabled(), qPrintable(a->text()));
    }
}

void TestImportExport::heightmapExportIsTheCliFile() {
    editor::MainWindow window;
    QVERIFY(openSavedDemo(window));
    auto dialog = window.terrainExports()->dialog(widgets::TerrainExportFormat::HeightmapPng);
    dialog->findChild<QLineEdit*>(QStringLiteral("fileEdit"))->setText(path(QStringLiteral("editor.png")));
    setBlock(*dialog, kBlock);
    QVERIFY2(okButton(*dialog)->isEnabled(), qPrintable(dialog->problem()));
    // The placeholder shows the range an empty field exports with.
    QVERIFY(dialog->findChild<QLineEdit*>(QStringLiteral("minEdit"))->placeholderText().contains(u':'));
    okButton(*dialog)->click();
    QCOMPARE(dialog->result(), int(QDialog::Accepted));
    window.terrainExports()->setChoice(dialog->choice());
    window.terrainExports()->heightmapAction()->trigger();
    const QByteArray editor = fileBytes(path(QStringLiteral("editor.png")));
    QVERIFY(!editor.isEmpty());

    const CliRun cli =
        runCli({QStringLiteral("export-heightmap"), path(QStringLiteral("map")), QStringLiteral("--tiles"),
                QStringLiteral("32_32:33_33"), QStringLiteral("--out"), path(QStringLiteral("cli.png"))});
    QCOMPARE(cli.code, 0);
    QVERIFY(editor == fileBytes(path(QStringLiteral("cli.png"))));

    // With a range and a missing tile allowed: the CLI's --min/--max/--allow-missing.
    widgets::TerrainExportChoice wide = dialog->choice();
    wide.file = path(QStringLiteral("wide.png"));
    wide.block = {{31, 32}, 3, 1};
    wide.heights = {-50.0, 300.5};
    wide.allowMissing = true;
    QVERIFY(window.terrainExports()->exportBlock(wide));
    QCOMPARE(
        runCli({QStringLiteral("export-heightmap"), path(QStringLiteral("map")), QStringLiteral("--tiles"),
                QStringLiteral("31_32:33_32"), QStringLiteral("--min"), QStringLiteral("-50"),
                QStringLiteral("--max"), QStringLiteral("300.5"), QStringLiteral("--allow-missing"),
                QStringLiteral("--out"), path(QStringLiteral("wide-cli.png"))})
            .code,
        0);
    QVERIFY(fileBytes(wide.file) == fileBytes(path(QStringLiteral("wide-cli.png"))));
    // Without --allow-missing the editor refuses as the CLI does, and writes nothing.
    wide.file = path(QStringLiteral("refused.png"));
    wide.allowMissing = false;
    QVERIFY(!window.terrainExports()->exportBlock(wide));
    QVERIFY(!QFile::exists(wide.file));
    QVERIFY2(window.lastError().contains(QStringLiteral("Mapsmith_31_32.adt")),
             qPrintable(window.lastError()));
}

void TestImportExport::heightmapRoundTripIsOneUndoStep() {
    editor::MainWindow window;
    QVERIFY(openSavedDemo(window));
    core::MapDocument* doc = window.document();
    const CliRun printed =
        runCli({QStringLiteral("export-heightmap"), path(QStringLiteral("map")), QStringLiteral("--tiles"),
                QStringLiteral("32_32:33_33"), QStringLiteral("--out"), path(QStringLiteral("block.png"))});
    QCOMPARE(printed.code, 0);
    static const QRegularExpression rangeLine(QStringLiteral("--min (\\S+) --max (\\S+)\\)"));
    const auto m = rangeLine.match(printed.out);
    QVERIFY2(m.hasMatch(), qPrintable(printed.out));

    auto dialog = window.terrainImports()->heightmapDialog();
    setBlock(*dialog, {{32, 32}, 1, 1});
    typePath(dialog->findChild<QLineEdit*>(QStringLiteral("imageEdit")), path(QStringLiteral("block.png")));
    // The image sizes the block (257 x 257 pixels: 2 x 2 tiles) and the range is the block's own, as the
    // CLI printed it.
    QCOMPARE(dialog->choice().block.tilesX, 2);
    QCOMPARE(dialog->choice().block.tilesY, 2);
    QCOMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("minEdit"))->text(), m.captured(1));
    QCOMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("maxEdit"))->text(), m.captured(2));
    QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("imageInfoLabel"))
                ->text()
                .contains(QStringLiteral("257 x 257")));
    QVERIFY(!dialog->findChild<QLabel*>(QStringLiteral("previewLabel"))->pixmap().isNull());
    QVERIFY2(okButton(*dialog)->isEnabled(), qPrintable(dialog->problem()));
    okButton(*dialog)->click();
    window.terrainImports()->setHeightmapChoice(dialog->choice());

    const auto before = tileBytes(*doc);
    const std::vector<double> heightsBefore = outerHeights(*doc);
    window.terrainImports()->heightmapAction()->trigger();
    QCOMPARE(doc->undoStack()->count(), 1);
    QCOMPARE(doc->undoStack()->text(0), QStringLiteral("Import heightmap"));
    // A round trip: every height within one 16-bit step of the range.
    const double step = (m.captured(2).toDouble() - m.captured(1).toDouble()) / 65535.0;
    const std::vector<double> heightsAfter = outerHeights(*doc);
    for (std::size_t i = 0; i < heightsAfter.size(); ++i) {
        QVERIFY2(
            std::abs(heightsAfter[i] - heightsBefore[i]) <= step,
            qPrintable(QStringLiteral("%1: %2 vs %3").arg(i).arg(heightsAfter[i]).arg(heightsBefore[i])));
    }
    const auto after = tileBytes(*doc);
    QVERIFY(after != before);

    // The CLI's import of the same image with the same range onto a copy of the folder sets the same.
    QVERIFY(copyFolder(path(QStringLiteral("map")), path(QStringLiteral("cli"))));
    const CliRun cli =
        runCli({QStringLiteral("import-heightmap"), path(QStringLiteral("block.png")),
                path(QStringLiteral("cli")), QStringLiteral("--tiles"), QStringLiteral("32_32:33_33"),
                QStringLiteral("--min"), m.captured(1), QStringLiteral("--max"), m.captured(2)});
    QVERIFY2(cli.code == 0, qPrintable(cli.err));
    QString why;
    QVERIFY2(sameTerrain(*doc, path(QStringLiteral("cli")), why), qPrintable(why));

    doc->undoStack()->undo();
    QVERIFY(tileBytes(*doc) == before);
    doc->undoStack()->redo();
    QVERIFY(tileBytes(*doc) == after);
    QCOMPARE(doc->undoStack()->count(), 1);
}

void TestImportExport::hmpExportIsTheCliFile() {
    editor::MainWindow window;
    QVERIFY(openSavedDemo(window));
    auto dialog = window.terrainExports()->dialog(widgets::TerrainExportFormat::Hmp5);
    QVERIFY(!dialog->findChild<QLineEdit*>(QStringLiteral("minEdit"))); // an HMP5 packs its own range
    dialog->findChild<QLineEdit*>(QStringLiteral("fileEdit"))->setText(path(QStringLiteral("editor.png")));
    setBlock(*dialog, {{32, 33}, 2, 1});
    QVERIFY(!okButton(*dialog)->isEnabled()); // not a .hmp name
    dialog->findChild<QLineEdit*>(QStringLiteral("fileEdit"))->setText(path(QStringLiteral("editor.hmp")));
    QVERIFY2(okButton(*dialog)->isEnabled(), qPrintable(dialog->problem()));
    okButton(*dialog)->click();
    window.terrainExports()->setChoice(dialog->choice());
    window.terrainExports()->hmpAction()->trigger();
    QCOMPARE(runCli({QStringLiteral("export-hmp"), path(QStringLiteral("map")), QStringLiteral("--tiles"),
                     QStringLiteral("32_33:33_33"), QStringLiteral("--out"), path(QStringLiteral("cli.hmp"))})
                 .code,
             0);
    const QByteArray editor = fileBytes(path(QStringLiteral("editor.hmp")));
    QVERIFY(!editor.isEmpty());
    QVERIFY(editor == fileBytes(path(QStringLiteral("cli.hmp"))));
}

void TestImportExport::hmpImportTintsTheVertexColours() {
    editor::MainWindow window;
    QVERIFY(openSavedDemo(window));
    core::MapDocument* doc = window.document();
    const QString hmp = QStringLiteral(MAPSMITH_CORPUS_DIR "/hmp/small.hmp");
    auto dialog = window.terrainImports()->hmpDialog();
    setBlock(*dialog, {{32, 32}, 1, 1});
    typePath(dialog->findChild<QLineEdit*>(QStringLiteral("hmpEdit")), hmp);
    QVERIFY(dialog->terrain().has_value());
    QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("hmpInfoLabel"))
                ->text()
                .contains(QStringLiteral("66 x 66")));
    QVERIFY(!dialog->findChild<QLabel*>(QStringLiteral("previewLabel"))->pixmap().isNull()); // the skin
    setBlock(*dialog, kBlock);
    auto* tint = dialog->findChild<QCheckBox*>(QStringLiteral("tintCheck"));
    QVERIFY(tint->isEnabled());
    tint->setChecked(true);
    dialog->findChild<QLineEdit*>(QStringLiteral("scaleEdit"))->setText(QStringLiteral("0.5"));
    dialog->findChild<QLineEdit*>(QStringLiteral("offsetEdit"))->setText(QStringLiteral("20"));
    QVERIFY2(okButton(*dialog)->isEnabled(), qPrintable(dialog->problem()));
    okButton(*dialog)->click();
    const widgets::HmpImportChoice choice = dialog->choice();
    QVERIFY(choice.settings.skinTint);
    QCOMPARE(choice.settings.heightScale, 0.5);
    QCOMPARE(choice.settings.heightOffset, 20.0);
    window.terrainImports()->setHmpChoice(choice);

    // Looking down on the middle of the block.
    const glm::dvec2 middle = core::tileOrigin({33, 33});
    window.viewport()->setCamera({middle.x, middle.y, 900.0}, 0.0, -80.0);
    const QImage plain = window.viewport()->grabFrame();
    const auto before = tileBytes(*doc);
    window.terrainImports()->hmpAction()->trigger();
    QCOMPARE(doc->undoStack()->count(), 1);
    QTest::qWait(100); // the change notice goes out at the end of this event-loop turn
    const QImage imported = window.viewport()->grabFrame();
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    imported.save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/import_hmp_tint.png"));
    QVERIFY(!imported.isNull() && imported.size() == plain.size());
    QVERIFY(imported != plain);
    int tinted = 0;
    for (const auto t : doc->loadedTiles()) {
        for (const auto& chunk : doc->tile(t)->chunks) {
            tinted += chunk.vertexColors && (chunk.flags & io::mcnk_flags::HasVertexColors) ? 1 : 0;
        }
    }
    QCOMPARE(tinted, 4 * 256);
    QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("vertex colours")),
             qPrintable(window.statusBar()->currentMessage()));

    QVERIFY(copyFolder(path(QStringLiteral("map")), path(QStringLiteral("cli"))));
    const CliRun cli =
        runCli({QStringLiteral("import-hmp"), hmp, path(QStringLiteral("cli")), QStringLiteral("--tiles"),
                QStringLiteral("32_32:33_33"), QStringLiteral("--height-scale"), QStringLiteral("0.5"),
                QStringLiteral("--height-offset"), QStringLiteral("20"), QStringLiteral("--skin-tint")});
    QVERIFY2(cli.code == 0, qPrintable(cli.err));
    QString why;
    QVERIFY2(sameTerrain(*doc, path(QStringLiteral("cli")), why), qPrintable(why));

    const auto after = tileBytes(*doc);
    doc->undoStack()->undo();
    QVERIFY(tileBytes(*doc) == before);
    doc->undoStack()->redo();
    QVERIFY(tileBytes(*doc) == after);
}

void TestImportExport::dialogsRefuseTilesTheMapLacks() {
    editor::MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QVERIFY(window.documents()->open(kDemo));
    auto heightmap = window.terrainImports()->heightmapDialog();
    QVERIFY(!okButton(*heightmap)->isEnabled()); // no image yet
    auto hmp = window.terrainImports()->hmpDialog();
    typePath(hmp->findChild<QLineEdit*>(QStringLiteral("hmpEdit")),
             QStringLiteral(MAPSMITH_CORPUS_DIR "/hmp/assimp-terrain.hmp"));
    QVERIFY(!hmp->findChild<QCheckBox*>(QStringLiteral("tintCheck"))->isEnabled()); // no skin
    setBlock(*hmp, {{33, 33}, 2, 1});
    QVERIFY(!okButton(*hmp)->isEnabled());
    QVERIFY2(hmp->problem().contains(QStringLiteral("Mapsmith_34_33.adt")), qPrintable(hmp->problem()));
    setBlock(*hmp, {{33, 33}, 1, 1});
    QVERIFY2(okButton(*hmp)->isEnabled(), qPrintable(hmp->problem()));

    // The import itself refuses too, changing nothing.
    core::MapDocument* doc = window.document();
    widgets::HmpImportChoice choice = hmp->choice();
    choice.block = {{33, 33}, 2, 1};
    QVERIFY(!window.terrainImports()->importHmp(choice));
    QCOMPARE(doc->undoStack()->count(), 0);
    QVERIFY2(window.lastError().contains(QStringLiteral("Mapsmith_34_33.adt")),
             qPrintable(window.lastError()));

    auto hmpExport = window.terrainExports()->dialog(widgets::TerrainExportFormat::Hmp5);
    hmpExport->findChild<QLineEdit*>(QStringLiteral("fileEdit"))->setText(path(QStringLiteral("x.hmp")));
    setBlock(*hmpExport, {{31, 31}, 1, 1});
    QVERIFY(!okButton(*hmpExport)->isEnabled());
    auto pngExport = window.terrainExports()->dialog(widgets::TerrainExportFormat::HeightmapPng);
    pngExport->findChild<QLineEdit*>(QStringLiteral("fileEdit"))->setText(path(QStringLiteral("x.png")));
    setBlock(*pngExport, {{31, 32}, 2, 1});
    QVERIFY(!okButton(*pngExport)->isEnabled());
    pngExport->findChild<QCheckBox*>(QStringLiteral("allowMissingCheck"))->setChecked(true);
    QVERIFY2(okButton(*pngExport)->isEnabled(), qPrintable(pngExport->problem()));
}

QTEST_MAIN(TestImportExport)
#include "test_import_export.moc"
