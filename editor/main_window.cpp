#include "main_window.h"

#include "core/atomic_file.h"
#include "core/height_image.h"
#include "core/tile_summary.h"
#include "io/adt.h"
#include "widgets/tile_preview.h"
#include "widgets/tile_summary_panel.h"

#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>

// resources.qrc lives in a static library: the linker drops its initializer unless it is referenced.
// Q_INIT_RESOURCE must be expanded outside any namespace.
static void initMapsmithResources() {
    Q_INIT_RESOURCE(resources);
}

namespace mapsmith::editor {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    initMapsmithResources();
    setObjectName(QStringLiteral("mainWindow"));
    auto* splitter = new QSplitter(this);
    mPreview = new widgets::TilePreview(splitter);
    mSummary = new widgets::TileSummaryPanel(splitter);
    splitter->addWidget(mPreview);
    splitter->addWidget(mSummary);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    setCentralWidget(splitter);
    mChunkLabel = new QLabel(this);
    statusBar()->addPermanentWidget(mChunkLabel);
    connect(mPreview, &widgets::TilePreview::chunkHovered, this, &MainWindow::showChunkInfo);
    createMenus();
    updateTitle();
    resize(1100, 700);
    splitter->setSizes({640, 460}); // the summary's values stay readable
}

void MainWindow::createMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Tile..."), this, &MainWindow::chooseAndOpen);
    open->setShortcut(QKeySequence::Open);
    mSaveAsAction = file->addAction(tr("Save Tile &As..."), this, &MainWindow::chooseAndSaveAs);
    mSaveAsAction->setShortcut(QKeySequence::SaveAs);
    mSaveAsAction->setEnabled(false);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    quit->setShortcut(QKeySequence::Quit);
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Mapsmith"), this, &MainWindow::showAbout);
}

bool MainWindow::openTile(const QString& path) {
    core::TileLoadOptions options;
    options.lenient = true; // show damaged tiles too; problems are listed as warnings
    auto loaded = core::loadTile(path, options);
    if (!loaded) {
        reportError(tr("Could not open %1: %2").arg(path, QString::fromStdString(loaded.error().describe())));
        return false;
    }
    mTile = std::move(loaded.value());
    mPath = path;
    mLastError.clear();
    const core::TileSummary summary = core::summarizeTile(mTile->adt);
    QStringList warnings;
    for (const auto& w : mTile->warnings) {
        warnings << QString::fromStdString(w.describe());
    }
    const QString alphaSource = mTile->wdtPath.isEmpty() ? tr("inferred, no WDT found")
                                                         : tr("from %1").arg(QFileInfo(mTile->wdtPath).fileName());
    mSummary->showSummary(summary, mTile->adt.bigAlpha, alphaSource, warnings);
    mPreview->setImage(core::renderHeightImage(mTile->adt, 4));
    mSaveAsAction->setEnabled(true);
    statusBar()->showMessage(tr("Opened %1 (%2 bytes)").arg(QFileInfo(path).fileName()).arg(mTile->fileSize), 5000);
    updateTitle();
    return true;
}

bool MainWindow::saveTileAs(const QString& path) {
    if (!mTile) {
        reportError(tr("There is no tile to save"));
        return false;
    }
    const auto bytes = io::writeAdt(mTile->adt);
    const auto result = core::saveFileAtomically(path, bytes);
    if (!result.ok) {
        reportError(result.error);
        return false;
    }
    mLastError.clear();
    statusBar()->showMessage(tr("Saved %1 (%2 bytes)").arg(QFileInfo(path).fileName()).arg(bytes.size()), 5000);
    return true;
}

void MainWindow::chooseAndOpen() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Tile"), QFileInfo(mPath).absolutePath(),
                                                      tr("ADT tiles (*.adt);;All files (*)"));
    if (!path.isEmpty()) {
        openTile(path);
    }
}

void MainWindow::chooseAndSaveAs() {
    const QString start = mPath.startsWith(QLatin1Char(':')) ? QFileInfo(mPath).fileName() : mPath;
    const QString path =
        QFileDialog::getSaveFileName(this, tr("Save Tile As"), start, tr("ADT tiles (*.adt);;All files (*)"));
    if (!path.isEmpty()) {
        saveTileAs(path);
    }
}

void MainWindow::showChunkInfo(int chunkX, int chunkY) {
    if (!mTile || chunkX < 0 || chunkY < 0) {
        mChunkLabel->clear();
        return;
    }
    const auto& c = mTile->adt.chunks[std::size_t(chunkY * 16 + chunkX)];
    QStringList textures;
    for (const auto& l : c.layers) {
        const auto& names = mTile->adt.textures;
        textures << (l.textureIndex < names.size()
                         ? QFileInfo(QString::fromStdString(names[l.textureIndex]).replace(QLatin1Char('\\'), QLatin1Char('/'))).fileName()
                         : QStringLiteral("?"));
    }
    mChunkLabel->setText(tr("Chunk %1, %2  |  area %3  |  base %4 yd  |  %5")
                             .arg(chunkX)
                             .arg(chunkY)
                             .arg(c.areaId)
                             .arg(double(c.position.z), 0, 'f', 1)
                             .arg(textures.join(QStringLiteral(", "))));
}

void MainWindow::showAbout() {
    QMessageBox::about(this, tr("About Mapsmith"),
                       tr("<b>Mapsmith</b> %1<br>A terrain editor for World of Warcraft map tiles (ADT v18).")
                           .arg(QApplication::applicationVersion()));
}

void MainWindow::reportError(const QString& message) {
    mLastError = message;
    statusBar()->showMessage(message);
    if (isVisible() && !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        QMessageBox::warning(this, tr("Mapsmith"), message);
    }
}

void MainWindow::updateTitle() {
    setWindowTitle(mPath.isEmpty() ? tr("Mapsmith") : tr("%1 - Mapsmith").arg(QFileInfo(mPath).fileName()));
}

} // namespace mapsmith::editor
