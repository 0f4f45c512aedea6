#include "editor/main_window.h"

#include "core/convert/alpha_import.h"
#include "core/convert/export_patch.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/convert/new_map.h"
#include "core/kernels/procedural_textures.h"
#include "core/document/tile_loader.h"
#include "core/document/tile_summary.h"
#include "core/document/unique_ids.h"
#include "editor/minimap_builder.h"
#include "editor/model_library.h"
#include "editor/tile_streamer.h"
#include "editor/tool_settings_dock.h"
#include "editor/tools/object_tool.h"
#include "editor/tools/tool_box.h"
#include "editor/viewport/terrain_viewport.h"
#include "editor/viewport/texture_source.h"
#include "io/assets/texture_cache.h"
#include "widgets/asset_folders_dialog.h"
#include "widgets/chunk_layers_panel.h"
#include "widgets/go_to_dialog.h"
#include "widgets/info_panel.h"
#include "widgets/new_map_dialog.h"
#include "widgets/object_properties_panel.h"
#include "widgets/preferences_dialog.h"
#include "widgets/texture_browser.h"
#include "widgets/tile_map_widget.h"
#include "widgets/tile_summary_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QProgressDialog>
#include <QRegularExpression>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>
#include <QUndoView>

#include <algorithm>
#include <set>

// resources.qrc lives in a static library: the linker drops its initializer unless it is referenced.
// Q_INIT_RESOURCE must be expanded outside any namespace.
static void initMapsmithResources() {
    Q_INIT_RESOURCE(resources);
}

namespace mapsmith::editor {
namespace {

constexpr int kMaxRecent = 8;
constexpr int kReclaimAfterDialogMs = 1000; // a deactivation this soon after a dialog closed is its doing

// The rebindable fly keys: settings id ("fly/<id>"), label, and the FlyKeys member it sets.
struct FlyKeySlot {
    const char* id;
    const char* label;
    int FlyKeys::*key;
};
constexpr FlyKeySlot kFlyKeySlots[] = {
    {"forward", QT_TRANSLATE_NOOP("mapsmith::editor::MainWindow", "Fly forward"), &FlyKeys::forward},
    {"back", QT_TRANSLATE_NOOP("mapsmith::editor::MainWindow", "Fly back"), &FlyKeys::back},
    {"left", QT_TRANSLATE_NOOP("mapsmith::editor::MainWindow", "Fly left"), &FlyKeys::left},
    {"right", QT_TRANSLATE_NOOP("mapsmith::editor::MainWindow", "Fly right"), &FlyKeys::right},
    {"up", QT_TRANSLATE_NOOP("mapsmith::editor::MainWindow", "Fly up"), &FlyKeys::up},
    {"down", QT_TRANSLATE_NOOP("mapsmith::editor::MainWindow", "Fly down"), &FlyKeys::down},
};
constexpr int kSmallMap = 16; // maps with at most this many tiles load completely on open; larger
                              // ones load the start tile and stream the rest (TileStreamer)

bool dialogsAllowed() {
    return !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS");
}

// "<dir>/<Map>.wdt" for a .wdt path itself, for a tile "<dir>/<Map>_X_Y.adt", or for a map folder
// holding exactly one .wdt (World\Maps\<Map>\); empty when none.
QString wdtPathFor(const QString& path, std::optional<core::TileCoord>& tile) {
    if (path.endsWith(QLatin1String(".wdt"), Qt::CaseInsensitive)) {
        return path;
    }
    if (QFileInfo(path).isDir()) {
        const QStringList wdts =
            QDir(path).entryList({QStringLiteral("*.wdt"), QStringLiteral("*.WDT")}, QDir::Files);
        return wdts.size() == 1 ? QDir(path).filePath(wdts.front()) : QString();
    }
    // A tile, or one file of a split set (_tex0, _obj0, _obj1, _tex1, _lod).
    static const QRegularExpression re(
        QStringLiteral("^(.+)_(\\d{1,2})_(\\d{1,2})(?:_(?:tex0|tex1|obj0|obj1|lod))?\\.adt$"),
        QRegularExpression::CaseInsensitiveOption);
    const auto m = re.match(QFileInfo(path).fileName());
    if (!m.hasMatch()) {
        return {};
    }
    tile = core::TileCoord{m.captured(2).toInt(), m.captured(3).toInt()};
    const QString wdt = QFileInfo(path).dir().filePath(m.captured(1) + QStringLiteral(".wdt"));
    return QFileInfo::exists(wdt) ? wdt : QString();
}

// Browser thumbnails from the shared cache (run on the browser's worker thread; the cache is thread-safe).
widgets::TextureBrowser::ImageProvider thumbnailsFrom(std::shared_ptr<io::TextureCache> cache) {
    return [cache = std::move(cache)](const QString& path) {
        return AssetTextureSource::thumbnail(*cache, path, widgets::TextureBrowser::kThumbnailSize);
    };
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    initMapsmithResources();
    setObjectName(QStringLiteral("mainWindow"));
    mTools = new ToolBox(this);
    mUndoGroup = new QUndoGroup(this);
    mTextureCache = std::make_shared<io::TextureCache>();
    mViewport = new TerrainViewport(this, std::make_shared<AssetTextureSource>(mTextureCache));
    mViewport->setObjectName(QStringLiteral("viewport"));
    mStreamer = new TileStreamer(this);
    mMinimap = new MinimapBuilder(this);
    mLoadingLabel = new QLabel(this);
    statusBar()->addPermanentWidget(mLoadingLabel);
    connect(mStreamer, &TileStreamer::pendingChanged, this, [this](int reads) {
        mLoadingLabel->setText(reads > 0 ? tr("Loading %n tile(s)...", nullptr, reads) : QString());
    });
    connect(mStreamer, &TileStreamer::tileFailed, this, [this](core::TileCoord t, const QString& message) {
        statusBar()->showMessage(tr("Tile %1_%2: %3").arg(t.x).arg(t.y).arg(message), 10000);
    });
    connect(mViewport, &TerrainViewport::cameraMoved, this,
            [this](glm::dvec3 world) { mStreamer->setCentre(glm::dvec2(world)); });
    setCentralWidget(mViewport);
    createActions();
    createDocks();
    connect(mMinimap, &MinimapBuilder::finished, this, [this](const QImage& image, int found) {
        mTileMap->setMinimap(image);
        if (found > 0) {
            statusBar()->showMessage(tr("Minimap: %1 tile(s) from the game data").arg(found), 5000);
        }
    });
    connectViewport();
    connectObjectTool();
    mPreferences = widgets::EditorPreferences::load(QSettings());
    applyPreferences();
    mAssetFolders = core::AssetFolders::load(QSettings());
    if (!mAssetFolders.isEmpty()) {
        applyAssetFolders();
    }
    for (Tool* tool : mTools->all()) {
        connect(tool, &Tool::message, this,
                [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    }
    selectTool(0);
    updateTitle();
    resize(1280, 800);
    qApp->installEventFilter(this);
    mViewport->setFocus(); // the keyboard starts with the tools and the camera, not in a dock's field
}

MainWindow::~MainWindow() {
    // The viewport, streamer and undo group refer to the document: detach them before it goes.
    mViewport->setDocument(nullptr);
    mStreamer->setDocument(nullptr);
    if (mDoc) {
        mUndoGroup->removeStack(mDoc->undoStack());
    }
}

void MainWindow::createActions() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newMap = file->addAction(tr("&New Map..."), this, [this] {
        widgets::NewMapDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            createMap(dialog.spec());
        }
    });
    bindShortcut(newMap, QStringLiteral("newMap"), tr("New Map"),
                 QKeySequence::keyBindings(QKeySequence::New));
    QAction* open = file->addAction(tr("&Open Map..."), this, &MainWindow::chooseAndOpen);
    file->addAction(tr("Open Map &Folder..."), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Map Folder"));
        if (!folder.isEmpty()) {
            openMap(folder);
        }
    });
    bindShortcut(open, QStringLiteral("openMap"), tr("Open Map"),
                 QKeySequence::keyBindings(QKeySequence::Open));
    mRecentMenu = file->addMenu(tr("Open &Recent"));
    connect(file, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu); // maps may have gone
    mSave = file->addAction(tr("&Save"), this, [this] { save(); });
    bindShortcut(mSave, QStringLiteral("save"), tr("Save"), QKeySequence::keyBindings(QKeySequence::Save));
    mSaveAs = file->addAction(tr("Save &As..."), this, [this] { chooseSaveFolder(std::nullopt); });
    bindShortcut(mSaveAs, QStringLiteral("saveAs"), tr("Save As"),
                 QKeySequence::keyBindings(QKeySequence::SaveAs));
    // Converting a map's files rewrites every tile, so it is a Save As into a folder.
    mSaveAsV18 = file->addAction(tr("Save As v18 Files (WotLK)..."), this,
                                 [this] { chooseSaveFolder(core::TileLayout::V18); });
    mSaveAsSplit = file->addAction(tr("Save As Split Files (Cataclysm+)..."), this,
                                   [this] { chooseSaveFolder(core::TileLayout::Split); });
    file->addAction(tr("&Import 0.5.3 Alpha Map..."), this, [this] {
        const QString alpha = QFileDialog::getOpenFileName(this, tr("Import 0.5.3 Alpha Map"), QString(),
                                                           tr("Alpha client maps (*.wdt)"));
        if (alpha.isEmpty()) {
            return;
        }
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the Converted Map"));
        if (!folder.isEmpty()) {
            importAlphaMap(alpha, folder);
        }
    });
    file->addAction(tr("&Export Patch MPQ..."), this, [this] {
        if (!mDoc) {
            reportError(tr("Open a map first"));
            return;
        }
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Patch MPQ"), defaultPatchPath(),
                                                          tr("MPQ archives (*.MPQ *.mpq)"));
        if (!path.isEmpty()) {
            exportPatch(path);
        }
    });
    QMenu* alpha = file->addMenu(tr("Alpha Maps on Save"));
    alpha->setToolTipsVisible(true);
    mAlphaGroup = new QActionGroup(this);
    const auto addAlpha = [&](const QString& text, const QString& tip,
                              std::optional<io::AlphaEncoding> encoding) {
        QAction* a = alpha->addAction(text);
        a->setToolTip(tip);
        a->setCheckable(true);
        a->setData(encoding ? int(*encoding) : -1);
        mAlphaGroup->addAction(a);
        connect(a, &QAction::triggered, this, [this, encoding] { setSaveAlphaEncoding(encoding); });
        return a;
    };
    addAlpha(tr("Keep as Read"), tr("Each layer keeps the encoding it was read with"), std::nullopt)
        ->setChecked(true);
    addAlpha(tr("Compressed (RLE)"), tr("Smallest files; 8-bit maps only (WDT MPHD flag 0x4)"),
             io::AlphaEncoding::Rle);
    addAlpha(tr("Uncompressed 8-bit"), tr("4096 bytes per layer; 8-bit maps only"),
             io::AlphaEncoding::EightBit);
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
    bindShortcut(quit, QStringLiteral("quit"), tr("Quit"), QKeySequence::keyBindings(QKeySequence::Quit));
    rebuildRecentMenu();

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    mUndo = mUndoGroup->createUndoAction(this, tr("&Undo"));
    bindShortcut(mUndo, QStringLiteral("undo"), tr("Undo"), QKeySequence::keyBindings(QKeySequence::Undo));
    mRedo = mUndoGroup->createRedoAction(this, tr("&Redo"));
    // Both redo keys editors use: Ctrl+Shift+Z and Ctrl+Y.
    bindShortcut(mRedo, QStringLiteral("redo"), tr("Redo"),
                 {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
    edit->addAction(mUndo);
    edit->addAction(mRedo);
    edit->addSeparator();
    mDeleteObjects =
        edit->addAction(tr("&Delete Selected Objects"), this, [this] { deleteSelectedObjects(); });
    bindShortcut(mDeleteObjects, QStringLiteral("deleteObjects"), tr("Delete Selected Objects"),
                 {QKeySequence(QKeySequence::Delete)});
    mDeleteObjects->setEnabled(false);
    edit->addSeparator();
    QAction* preferences = edit->addAction(tr("&Preferences..."), this, [this] { showPreferences(); });
    bindShortcut(preferences, QStringLiteral("preferences"), tr("Preferences"),
                 QKeySequence::keyBindings(QKeySequence::Preferences));
    edit->addAction(tr("&Game Data Folders..."), this, [this] {
        widgets::AssetFoldersDialog dialog(mAssetFolders, this);
        if (dialog.exec() == QDialog::Accepted) {
            setAssetFolders(dialog.folders());
        }
    });

    QToolBar* toolBar = addToolBar(tr("Tools"));
    toolBar->setObjectName(QStringLiteral("toolBar"));
    mToolGroup = new QActionGroup(this);
    mToolGroup->setExclusive(true);
    QMenu* toolsMenu = menuBar()->addMenu(tr("&Tools"));
    for (int i = 0; i < mTools->count(); ++i) {
        QAction* a = toolBar->addAction(mTools->at(i)->name());
        a->setObjectName(QStringLiteral("tool%1").arg(i + 1));
        a->setCheckable(true);
        bindShortcut(a, QStringLiteral("tool%1").arg(i + 1), tr("Tool: %1").arg(mTools->at(i)->name()),
                     {QKeySequence(QString::number(i + 1))});
        mToolGroup->addAction(a);
        toolsMenu->addAction(a);
        connect(a, &QAction::triggered, this, [this, i] { selectTool(i); });
    }

    mViewMenu = menuBar()->addMenu(tr("&View"));
    QAction* goTo = mViewMenu->addAction(tr("&Go To..."), this, [this] {
        widgets::GoToDialog dialog(this);
        // From the last target while it lies on this map, else from where the camera is.
        const CameraPose& pose = mViewport->cameraPose();
        if (mLastGoTo && mDoc && mDoc->tileExists(core::tileAt(mLastGoTo->position))) {
            dialog.setStart(*mLastGoTo, widgets::GoToDialog::Start::LastTarget);
        } else {
            dialog.setStart({glm::dvec2(pose.position), std::nullopt, std::nullopt},
                            widgets::GoToDialog::Start::Camera);
        }
        dialog.setCameraView(pose.yaw, TerrainViewport::kFlyToDistance);
        if (dialog.exec() == QDialog::Accepted) {
            goToPosition(dialog.target());
        }
    });
    goTo->setObjectName(QStringLiteral("goToAction"));
    bindShortcut(goTo, QStringLiteral("goTo"), tr("Go To"), {QKeySequence(Qt::CTRL | Qt::Key_G)});
    mViewMenu->addAction(tr("Look at &Start Tile"), this, [this] {
        if (mDoc && !mDoc->loadedTiles().empty()) {
            mViewport->lookAtTile(mDoc->loadedTiles().front());
        }
    });
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Mapsmith"), this, [this] {
        QMessageBox::about(
            this, tr("About Mapsmith"),
            tr("<b>Mapsmith</b> %1<br>A terrain editor for World of Warcraft map tiles (ADT v18).")
                .arg(QApplication::applicationVersion()));
    });

    // Flying the camera: keys held down (viewport_input.h), rebindable like the actions.
    const FlyKeys defaults;
    for (const FlyKeySlot& slot : kFlyKeySlots) {
        const QList<QKeySequence> keys{QKeySequence(defaults.*slot.key)};
        mShortcuts.push_back(widgets::ShortcutEntry{QStringLiteral("fly/") + QLatin1String(slot.id),
                                                    tr(slot.label), keys, keys, true});
        mShortcutActions.push_back(nullptr);
    }
    widgets::loadShortcuts(QSettings(), mShortcuts);
    applyShortcuts();
}

void MainWindow::bindShortcut(QAction* action, const QString& id, const QString& label,
                              QList<QKeySequence> defaults) {
    if (defaults.size() > widgets::ShortcutEntry::kMaxKeys) {
        defaults.resize(widgets::ShortcutEntry::kMaxKeys);
    }
    if (action->objectName().isEmpty()) {
        action->setObjectName(id);
    }
    action->setShortcuts(defaults);
    mShortcuts.push_back(widgets::ShortcutEntry{id, label, defaults, defaults, false});
    mShortcutActions.push_back(action);
}

void MainWindow::applyShortcuts() {
    // The action entries come first, then one per kFlyKeySlots entry in its order (createActions).
    const std::size_t actionCount = mShortcuts.size() - std::size(kFlyKeySlots);
    for (std::size_t i = 0; i < actionCount; ++i) {
        mShortcutActions[i]->setShortcuts(mShortcuts[i].keys);
    }
    FlyKeys fly;
    for (std::size_t k = 0; k < std::size(kFlyKeySlots); ++k) {
        const QList<QKeySequence>& keys = mShortcuts[actionCount + k].keys;
        // An unbound fly key is Key_unknown: nothing flies that way.
        fly.*kFlyKeySlots[k].key = keys.isEmpty() ? int(Qt::Key_unknown) : int(keys.front()[0].key());
    }
    mViewport->setFlyKeys(fly);
    const auto actions = mToolGroup->actions();
    for (int i = 0; i < actions.size() && i < mTools->count(); ++i) {
        const QString keys = actions[i]->shortcut().toString(QKeySequence::NativeText);
        actions[i]->setToolTip(
            keys.isEmpty()
                ? tr("%1 - %2").arg(mTools->at(i)->name(), mTools->at(i)->modifierHint())
                : tr("%1 (%2) - %3").arg(mTools->at(i)->name(), keys, mTools->at(i)->modifierHint()));
    }
}

void MainWindow::setShortcuts(const widgets::ShortcutList& shortcuts) {
    // Only the keys change: ids, labels and defaults stay this window's.
    for (std::size_t i = 0; i < mShortcuts.size(); ++i) {
        for (const widgets::ShortcutEntry& e : shortcuts) {
            if (e.id == mShortcuts[i].id) {
                mShortcuts[i].keys = e.keys;
            }
        }
    }
    QSettings store;
    widgets::saveShortcuts(store, mShortcuts);
    applyShortcuts();
}

void MainWindow::showPreferences(bool shortcutsPage) {
    widgets::PreferencesDialog dialog(mPreferences, this, mShortcuts);
    if (shortcutsPage) {
        dialog.showShortcuts();
    }
    if (dialog.exec() == QDialog::Accepted) {
        setPreferences(dialog.preferences());
        setShortcuts(dialog.shortcuts());
    }
}

namespace {

// Widgets that take typed text: keys go to them, not to the tools or the camera.
bool takesText(const QWidget* w) {
    return w && (w->inherits("QLineEdit") || w->inherits("QAbstractSpinBox") || w->inherits("QTextEdit") ||
                 w->inherits("QPlainTextEdit") || w->inherits("QKeySequenceEdit"));
}

} // namespace

bool MainWindow::eventFilter(QObject* watched, QEvent* event) {
    // Flying works wherever the keyboard is in this window (docks, tool bar), not only in the viewport,
    // except while text is typed. The render window (a QWindow, not a widget) delivers its own keys.
    const auto type = event->type();
    if (type == QEvent::Hide && watched->isWidgetType()) {
        // A dialog of this window closed (ours, a file dialog or a message box): the keyboard comes back
        // here, to the tools and the camera, even where no window manager activates us again.
        auto* dialog = static_cast<QWidget*>(watched);
        if (dialog->isWindow() && dialog->isModal() && dialog->parentWidget() &&
            dialog->parentWidget()->window() == this) {
            mDialogClosed.start();
            QMetaObject::invokeMethod(this, &MainWindow::reclaimKeyboard, Qt::QueuedConnection);
        }
    }
    if (type == QEvent::KeyPress || type == QEvent::KeyRelease) {
        auto* target = qobject_cast<QWidget*>(watched);
        if (target && target->window() == this && isActiveWindow() &&
            !takesText(QApplication::focusWidget()) &&
            mViewport->handleFlyKey(static_cast<QKeyEvent*>(event))) {
            return true;
        }
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::reclaimKeyboard() {
    if (!QApplication::activeModalWidget() && isVisible()) {
        activateWindow();
        mViewport->setFocus(Qt::ActiveWindowFocusReason);
    }
}

void MainWindow::changeEvent(QEvent* event) {
    if (event->type() == QEvent::ActivationChange) {
        if (!isActiveWindow() && !QApplication::activeWindow() && mDialogClosed.isValid() &&
            mDialogClosed.elapsed() < kReclaimAfterDialogMs) {
            // Without a window manager the X focus falls to the root window when a dialog goes: no
            // window of ours is active. Take it back (not later: the user may have switched away).
            QMetaObject::invokeMethod(this, &MainWindow::reclaimKeyboard, Qt::QueuedConnection);
        }
        if (!isActiveWindow()) {
            mViewport->releaseKeys(); // keys released elsewhere never reach us
        } else if (!QApplication::focusWidget() || QApplication::focusWidget() == this) {
            mViewport->setFocus(Qt::ActiveWindowFocusReason); // back from a dialog: keys reach the tools
        }
    }
    QMainWindow::changeEvent(event);
}

void MainWindow::createDocks() {
    auto addDock = [this](const QString& title, const QString& name, QWidget* w, Qt::DockWidgetArea area) {
        auto* dock = new QDockWidget(title, this);
        dock->setObjectName(name);
        dock->setWidget(w);
        addDockWidget(area, dock);
        mViewMenu->addAction(dock->toggleViewAction());
        return dock;
    };
    mToolSettings = new ToolSettingsDock(*mTools, this);
    auto* scroll = new QScrollArea(this);
    scroll->setWidget(mToolSettings);
    scroll->setWidgetResizable(true);
    QDockWidget* toolDock =
        addDock(tr("Tool Settings"), QStringLiteral("toolSettingsDock"), scroll, Qt::LeftDockWidgetArea);
    connect(mToolSettings, &ToolSettingsDock::brushChanged, this, &MainWindow::updateRing);

    auto* undoView = new QUndoView(mUndoGroup, this);
    undoView->setObjectName(QStringLiteral("undoView"));
    undoView->setEmptyLabel(tr("<opened>"));
    QDockWidget* undoDock =
        addDock(tr("Undo History"), QStringLiteral("undoDock"), undoView, Qt::LeftDockWidgetArea);

    mTextureBrowser = new widgets::TextureBrowser(this);
    mTextureBrowser->setImageProvider(thumbnailsFrom(mTextureCache));
    QDockWidget* texturesDock =
        addDock(tr("Textures"), QStringLiteral("texturesDock"), mTextureBrowser, Qt::LeftDockWidgetArea);
    tabifyDockWidget(undoDock, texturesDock);
    undoDock->raise();
    connect(mTextureBrowser, &widgets::TextureBrowser::textureChosen, this, &MainWindow::chooseTexture);

    mTileMap = new widgets::TileMapWidget(this);
    QDockWidget* tileMapDock =
        addDock(tr("Tile Map"), QStringLiteral("tileMapDock"), mTileMap, Qt::RightDockWidgetArea);
    connect(mTileMap, &widgets::TileMapWidget::tileActivated, this, [this](core::TileCoord t) {
        loadTilesAround(t, 0); // the tile itself now; the streamer brings its neighbours
        mViewport->lookAtTile(t);
    });

    mInfo = new widgets::InfoPanel(this);
    connect(mInfo->layers(), &widgets::ChunkLayersPanel::textureActivated, this, &MainWindow::chooseTexture);
    QDockWidget* infoDock = addDock(tr("Info"), QStringLiteral("infoDock"), mInfo, Qt::RightDockWidgetArea);
    mSummary = new widgets::TileSummaryPanel(this);
    QDockWidget* summaryDock =
        addDock(tr("Tile Summary"), QStringLiteral("summaryDock"), mSummary, Qt::RightDockWidgetArea);
    mObjectPanel = new widgets::ObjectPropertiesPanel(this);
    auto* objectScroll = new QScrollArea(this); // the window fits small screens: the panel scrolls
    objectScroll->setWidget(mObjectPanel);
    objectScroll->setWidgetResizable(true);
    mObjectDock =
        addDock(tr("Object Properties"), QStringLiteral("objectDock"), objectScroll, Qt::RightDockWidgetArea);
    // Info, the tile summary and the object share a place; the viewport keeps most of the window.
    tabifyDockWidget(infoDock, summaryDock);
    tabifyDockWidget(infoDock, mObjectDock);
    infoDock->raise();
    resizeDocks({toolDock, tileMapDock}, {390, 300}, Qt::Horizontal);
}

QImage MainWindow::grabWithViewport() {
    // The capture runs the event loop: pending layouts are done before the widgets are grabbed.
    const QImage frame = mViewport->grabFrame();
    QImage shot = grab().toImage();
    if (!frame.isNull()) {
        QPainter painter(&shot);
        painter.drawImage(mViewport->mapTo(this, QPoint(0, 0)), frame);
    }
    return shot;
}

void MainWindow::connectViewport() {
    connect(mViewport, &TerrainViewport::terrainPressed, this,
            [this](glm::dvec3 world, Qt::MouseButton button, Qt::KeyboardModifiers modifiers) {
                if (mDoc && button == Qt::LeftButton) {
                    mTools->at(mCurrentTool)->begin(*mDoc, world, modifiers);
                }
            });
    connect(mViewport, &TerrainViewport::terrainDragged, this,
            [this](glm::dvec3 world, double pressure) { mTools->at(mCurrentTool)->drag(world, pressure); });
    connect(mViewport, &TerrainViewport::terrainReleased, this, [this] { mTools->at(mCurrentTool)->end(); });
    connect(mViewport, &TerrainViewport::cursorMoved, this, &MainWindow::cursorMoved);
    // The Tile Map's camera marker: where the camera is (flying, Go To), not where the mouse points.
    connect(mViewport, &TerrainViewport::cameraMoved, this, [this](glm::dvec3 world) {
        mTileMap->setCameraTile(core::tileAt({world.x, world.y}));
    });
}

void MainWindow::connectObjectTool() {
    ObjectTool* tool = mTools->objects();
    widgets::ObjectPropertiesPanel* panel = mObjectPanel;
    connect(tool, &ObjectTool::selectionChanged, this, [this, tool, panel] {
        const auto& selection = tool->selection();
        mViewport->setSelectedObjects(selection);
        if (!selection.empty()) {
            mObjectDock->raise();
        }
        mDeleteObjects->setEnabled(!selection.empty());
        if (mDoc) {
            panel->showObject(*mDoc, selection.empty() ? std::nullopt : std::optional(selection.front()));
        }
    });
    // Handle drags in the viewport: along an axis or round the ring, one undo step each.
    connect(mViewport, &TerrainViewport::handlePressed, this, [this, tool](HandleKind kind, const Ray& ray) {
        if (mDoc) {
            tool->beginHandle(*mDoc, kind, ray);
        }
    });
    connect(mViewport, &TerrainViewport::handleDragged, tool, &ObjectTool::dragHandle);
    connect(mViewport, &TerrainViewport::handleReleased, tool, &ObjectTool::end);
    // Panel edits go through core, one undo step each; the selection follows the object.
    const auto edit = [this, tool](const auto& apply) {
        if (!mDoc || !mIds || tool->selection().empty()) {
            return;
        }
        core::ObjectEditor editor(*mDoc, *mIds, tool->settings());
        tool->setSelection(apply(editor, tool->selection()));
        mObjectPanel->showObject(*mDoc, tool->selection().empty() ? std::nullopt
                                                                  : std::optional(tool->selection().front()));
    };
    connect(panel, &widgets::ObjectPropertiesPanel::moveRequested, this, [edit](const glm::dvec3& delta) {
        edit([&](core::ObjectEditor& e, const auto& sel) { return e.move(sel, delta); });
    });
    connect(panel, &widgets::ObjectPropertiesPanel::rotateRequested, this, [edit](const glm::dvec3& degrees) {
        edit([&](core::ObjectEditor& e, const auto& sel) { return e.rotate(sel, degrees); });
    });
    connect(panel, &widgets::ObjectPropertiesPanel::scaleRequested, this, [edit](double factor) {
        edit([&](core::ObjectEditor& e, const auto& sel) { return e.scale(sel, factor); });
    });
}

int MainWindow::deleteSelectedObjects() {
    ObjectTool* tool = mTools->objects();
    if (!mDoc || !mIds || tool->selection().empty()) {
        return 0;
    }
    core::ObjectEditor editor(*mDoc, *mIds, tool->settings());
    const int removed = editor.remove(tool->selection());
    tool->setSelection({});
    statusBar()->showMessage(tr("Deleted %n object(s)", nullptr, removed), 5000);
    return removed;
}

QAction* MainWindow::toolAction(int index) const {
    return mToolGroup->actions().value(index);
}

void MainWindow::selectTool(int index) {
    if (index < 0 || index >= mTools->count()) {
        return;
    }
    mTools->at(mCurrentTool)->end();
    if (QWidget* focus = QApplication::focusWidget(); focus && mToolSettings->isAncestorOf(focus)) {
        // The settings page changes under it (a field may hide, focus would jump into another):
        // choosing a tool gives the keyboard back to the tools and the camera.
        mViewport->setFocus(Qt::OtherFocusReason);
    }
    mCurrentTool = index;
    if (mTools->at(index) != mTools->objects()) {
        // A selection belongs to the object tool: no highlight, and Delete does nothing, elsewhere.
        mTools->objects()->setSelection({});
    }
    toolAction(index)->setChecked(true);
    mToolSettings->showTool(index);
    updateRing();
    statusBar()->showMessage(tr("%1: %2").arg(mTools->at(index)->name(), mTools->at(index)->modifierHint()),
                             3000);
}

void MainWindow::setPreferences(const widgets::EditorPreferences& preferences) {
    mPreferences = preferences;
    QSettings store;
    mPreferences.save(store);
    applyPreferences();
}

void MainWindow::applyPreferences() {
    mViewport->setViewDistance(mPreferences.viewDistance);
    mStreamer->setRadius(mPreferences.streamRadius);
    if (mDoc) {
        mDoc->setUndoMemoryBudget(std::size_t(mPreferences.undoBudgetMiB) * 1024 * 1024);
    }
    mTextureCache->setBudget(std::size_t(mPreferences.textureCacheMiB) * 1024 * 1024);
}

const core::ObjectBoundsSettings& MainWindow::objectBounds() const {
    return mTools->objects()->settings().bounds;
}

bool MainWindow::setAssetFolders(const core::AssetFolders& folders) {
    mAssetFolders = folders;
    QSettings store;
    folders.save(store);
    return applyAssetFolders();
}

void MainWindow::rebuildMinimap() {
    mTileMap->setMinimap({});
    if (!mDoc || !mTextureCache->source()) {
        mMinimap->cancel();
        return;
    }
    std::vector<core::TileCoord> tiles;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            if (mDoc->tileExists({x, y})) {
                tiles.push_back({x, y});
            }
        }
    }
    mMinimap->start(mTextureCache, mDoc->mapName(), std::move(tiles));
}

bool MainWindow::applyAssetFolders() {
    const core::OpenedAssets opened = core::openAssetFolders(mAssetFolders);
    mTextureCache->setSource(opened.source);
    mGameTextures.clear();
    for (const std::string& path : opened.source->list("tileset\\*.blp")) {
        mGameTextures.push_back(QString::fromStdString(path));
    }
    mViewport->reloadTextures();
    mModels = std::make_shared<ModelLibrary>(opened.source);
    const core::ObjectBoundsSettings bounds = ModelLibrary::settingsFor(mModels);
    mViewport->setObjectBounds(bounds);
    mTools->objects()->setBounds(bounds);
    rebuildMinimap();
    // A new source: every thumbnail is made again (the provider itself is unchanged).
    mTextureBrowser->setImageProvider(thumbnailsFrom(mTextureCache));
    refreshTextureBrowser();
    if (!opened.problems.isEmpty()) {
        reportError(opened.problems.join(QLatin1Char('\n')));
        return false;
    }
    mLastError.clear();
    statusBar()->showMessage(opened.source->size() == 0
                                 ? tr("No game data folders: Mapsmith's own textures and stand-ins are shown")
                                 : tr("Game data: %n tileset texture(s)", nullptr, int(mGameTextures.size())),
                             8000);
    return true;
}

QString MainWindow::mapSettingsKey(const QString& what) const {
    return QStringLiteral("maps/%1/%2").arg(QString(mPath).replace(QLatin1Char('/'), QLatin1Char('|')), what);
}

bool MainWindow::setSaveAlphaEncoding(std::optional<io::AlphaEncoding> encoding) {
    // 4-bit maps (no MPHD 0x4) can only hold 4-bit alpha: re-encoding them needs a new WDT.
    const bool refused = encoding && mDoc && !mDoc->bigAlpha();
    if (refused) {
        reportError(
            tr("This map stores 4-bit alpha maps (WDT flag 0x4 not set): it can only keep them as read"));
        encoding.reset();
    }
    mSaveAlpha = encoding;
    for (QAction* a : mAlphaGroup->actions()) {
        a->setChecked(a->data().toInt() == (encoding ? int(*encoding) : -1));
        a->setEnabled(a->data().toInt() == -1 || !mDoc || mDoc->bigAlpha());
    }
    if (mDoc && !mPath.startsWith(QLatin1Char(':'))) {
        QSettings().setValue(mapSettingsKey(QStringLiteral("alphaEncoding")), encoding ? int(*encoding) : -1);
    }
    return !refused;
}

void MainWindow::chooseTexture(const QString& path) {
    mTools->texture()->settings().texture = path.toStdString();
    mTextureBrowser->setCurrent(path);
    const int index = toolIndex(mTools->texture());
    if (mCurrentTool == index) {
        mToolSettings->showTool(index); // show the new texture
    } else {
        selectTool(index);
    }
}

int MainWindow::toolIndex(const Tool* tool) const {
    const auto& all = mTools->all();
    return int(std::find(all.begin(), all.end(), tool) - all.begin());
}

void MainWindow::refreshTextureBrowser() {
    QStringList paths;
    for (const core::TerrainTexture kind : {core::TerrainTexture::Grass, core::TerrainTexture::Rock,
                                            core::TerrainTexture::Dirt, core::TerrainTexture::Sand}) {
        paths.push_back(core::terrainTexturePath(kind));
    }
    paths += mGameTextures;
    if (mDoc) {
        for (const core::TileCoord t : mDoc->loadedTiles()) {
            for (const std::string& name : mDoc->tile(t)->textures) {
                paths.push_back(QString::fromStdString(name));
            }
        }
    }
    mTextureBrowser->setTextures(paths);
}

void MainWindow::updateRing() {
    const core::BrushSettings b = mTools->at(mCurrentTool)->brush();
    mViewport->setBrushRing(b.radius, b.innerRadius());
}

bool MainWindow::openMap(const QString& given) {
    // From here on the map does not depend on the folder Mapsmith was started from.
    const QString path =
        given.startsWith(QLatin1Char(':')) ? given : QDir::cleanPath(QFileInfo(given).absoluteFilePath());
    std::optional<core::TileCoord> startTile;
    const QString wdt = wdtPathFor(path, startTile);
    if (wdt.isEmpty()) {
        reportError(QFileInfo(path).isDir()
                        ? tr("Could not open %1: a map folder holds exactly one .wdt").arg(path)
                        : tr("Could not open %1: no %2.wdt beside it")
                              .arg(path, QFileInfo(path).baseName().section('_', 0, 0)));
        return false;
    }
    auto doc = core::MapDocument::open(std::make_unique<core::FolderMapSource>(wdt));
    if (!doc) {
        reportError(tr("Could not open %1: %2").arg(wdt, QString::fromStdString(doc.error().describe())));
        return false;
    }
    if (!maybeSave()) {
        return false;
    }
    mTools->at(mCurrentTool)->cancel();
    mViewport->setDocument(nullptr);
    mStreamer->setDocument(nullptr);
    if (mDoc) {
        mUndoGroup->removeStack(mDoc->undoStack());
    }
    mTools->objects()->setSelection({});
    mTools->objects()->setIds(nullptr);
    mIds.reset();
    mSummaryTile.reset();
    mSummary->clearSummary();
    mDoc = std::move(doc.value());
    mIds = std::make_unique<core::UniqueIdAllocator>();
    mIds->attach(*mDoc);
    mTools->objects()->setIds(mIds.get());
    mPath = wdt;
    mUndoGroup->addStack(mDoc->undoStack());
    mUndoGroup->setActiveStack(mDoc->undoStack());
    connect(mDoc.get(), &core::MapDocument::modifiedChanged, this, [this] {
        updateTitle();
        updateTileMap();
    });
    connect(mDoc.get(), &core::MapDocument::tileLoaded, this, [this] {
        updateTileMap();
        refreshTextureBrowser();
    });
    connect(mDoc.get(), &core::MapDocument::tileUnloaded, this, [this] { updateTileMap(); });
    connect(mDoc.get(), &core::MapDocument::tileStateChanged, this, [this] {
        refreshTextureBrowser(); // a paint may have added a texture to a tile
        // Placements changed (an edit, undo or redo): show the selected object as it is now.
        const auto& selection = mTools->objects()->selection();
        if (!selection.empty()) {
            mObjectPanel->showObject(*mDoc, selection.front());
        }
        refreshTileSummary(); // object counts
    });
    connect(mDoc.get(), &core::MapDocument::chunksChanged, this, [this] { refreshTileSummary(); });

    // Start tile: the one asked for, else the present tile nearest the map's middle.
    const io::Wdt& w = mDoc->wdt();
    if (!startTile || !mDoc->tileExists(*startTile)) {
        startTile.reset();
        int best = 1 << 30;
        for (int y = 0; y < 64; ++y) {
            for (int x = 0; x < 64; ++x) {
                const int d = (x - 32) * (x - 32) + (y - 32) * (y - 32);
                if (w.hasTile(x, y) && d < best) {
                    best = d;
                    startTile = core::TileCoord{x, y};
                }
            }
        }
    }
    if (!startTile) {
        reportError(tr("%1 has no tiles").arg(wdt));
    } else {
        loadTilesAround(*startTile, w.tileCount() <= kSmallMap ? 64 : 0);
    }
    mTileMap->setWdt(w);
    rebuildMinimap();
    refreshTextureBrowser();
    applyPreferences();
    {
        const int stored = QSettings().value(mapSettingsKey(QStringLiteral("alphaEncoding")), -1).toInt();
        setSaveAlphaEncoding(stored >= 0 && stored <= int(io::AlphaEncoding::Rle) && mDoc->bigAlpha()
                                 ? std::optional(io::AlphaEncoding(stored))
                                 : std::nullopt);
    }
    mViewport->setDocument(mDoc.get());
    mStreamer->setDocument(mDoc.get()); // the camera placed below starts the streaming
    if (startTile) {
        mViewport->lookAtTile(*startTile);
        showTileSummary(*startTile);
    }
    updateTileMap();
    addRecentFile(wdt);
    mLastError.clear();
    updateTitle();
    statusBar()->showMessage(
        tr("Opened %1 (%2 tiles loaded)").arg(QFileInfo(wdt).fileName()).arg(mDoc->loadedTiles().size()),
        5000);
    return true;
}

void MainWindow::loadTilesAround(const core::TileCoord& centre, int radius) {
    if (!mDoc) {
        return;
    }
    for (int y = centre.y - radius; y <= centre.y + radius; ++y) {
        for (int x = centre.x - radius; x <= centre.x + radius; ++x) {
            const core::TileCoord t{x, y};
            if (!mDoc->tileExists(t) || mDoc->tile(t)) {
                continue;
            }
            if (auto loaded = mDoc->loadTile(t); !loaded) {
                reportError(tr("Tile %1_%2: %3")
                                .arg(x)
                                .arg(y)
                                .arg(QString::fromStdString(loaded.error().describe())));
            }
        }
    }
}

namespace {

// A window-modal progress dialog for a save of `total` tiles (shown when it takes longer than 0.4 s)
// and the callback that drives it; Cancel stops the save after the tile being written.
struct SaveProgressDialog {
    QProgressDialog dialog;
    SaveProgressDialog(QWidget* parent, const QString& label, int total)
        : dialog(label, QObject::tr("Cancel"), 0, std::max(total, 1), parent) {
        dialog.setWindowModality(Qt::WindowModal);
        dialog.setMinimumDuration(400);
        dialog.setValue(0);
    }
    core::MapDocument::SaveProgress callback() {
        return [this](int done, int) {
            dialog.setValue(done);
            QCoreApplication::processEvents();
            return !dialog.wasCanceled();
        };
    }
};

} // namespace

bool MainWindow::createMap(const core::NewMapSpec& spec) {
    if (!maybeSave()) {
        return false;
    }
    const int total = int(spec.tiles.size());
    QProgressDialog progress(tr("Creating %n tile(s)...", nullptr, total), tr("Cancel"), 0,
                             std::max(total, 1), this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(400);
    const auto created = core::createMap(spec, [&progress](int done, int) {
        progress.setValue(done);
        QCoreApplication::processEvents();
        return !progress.wasCanceled();
    });
    if (!created) {
        reportError(
            tr("Could not create the map: %1").arg(QString::fromStdString(created.error().describe())));
        return false;
    }
    return openMap(created->wdtPath);
}

bool MainWindow::goToPosition(const widgets::GoToTarget& target) {
    if (!mDoc) {
        return false;
    }
    const core::TileCoord t = core::tileAt(target.position);
    if (!mDoc->tileExists(t)) {
        reportError(tr("Tile %1_%2 is not part of this map").arg(t.x).arg(t.y));
        return false;
    }
    loadTilesAround(t, 0); // its height now; the streamer brings the neighbours
    const double z = target.height.value_or(mDoc->heightAt(target.position).value_or(0.0));
    mViewport->flyTo({target.position, z}, target.facing);
    mLastGoTo = target;
    return true;
}

bool MainWindow::save() {
    if (!mDoc) {
        return false;
    }
    if (mPath.startsWith(QLatin1Char(':'))) {
        if (!dialogsAllowed()) {
            reportError(tr("The bundled demo map is read-only: use Save As"));
            return false;
        }
        chooseSaveFolder(std::nullopt);
        return !mDoc->isModified();
    }
    SaveProgressDialog progress(this, tr("Saving %n modified tile(s)...", nullptr, mDoc->saveTileCount()),
                                mDoc->saveTileCount());
    io::AdtWriteOptions options;
    options.alphaEncoding = mSaveAlpha;
    const auto report = mDoc->save(options, progress.callback());
    if (!report.ok) {
        reportError(tr("Saving failed: %1").arg(report.error));
        return false;
    }
    mLastError.clear();
    statusBar()->showMessage(tr("Saved %1 tiles").arg(report.saved.size()), 5000);
    updateTitle();
    return true;
}

bool MainWindow::importAlphaMap(const QString& alphaWdt, const QString& outDir, core::TileLayout layout) {
    if (!maybeSave()) {
        return false;
    }
    QProgressDialog progress(tr("Converting %1...").arg(QFileInfo(alphaWdt).fileName()), tr("Cancel"), 0, 1,
                             this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(400);
    core::AlphaMapImportOptions options;
    options.layout = layout;
    options.backup = core::BackupPolicy::KeepBackup;
    const auto result = core::importAlphaMap(alphaWdt, outDir, options, [&progress](int done, int total) {
        progress.setMaximum(std::max(total, 1));
        progress.setValue(done);
        QCoreApplication::processEvents();
        return !progress.wasCanceled();
    });
    progress.reset();
    if (!result) {
        reportError(tr("Import failed: %1").arg(QString::fromStdString(result.error().describe())));
        return false;
    }
    if (!openMap(result->wdtPath)) {
        return false;
    }
    if (!result->failures.empty()) {
        QStringList problems;
        for (const auto& note : result->failures) {
            problems.push_back(QString::fromStdString(note.error.describe()));
        }
        reportError(tr("Imported %1 tile(s); %2 could not be converted:\n%3")
                        .arg(result->convertedTiles.size())
                        .arg(result->failures.size())
                        .arg(problems.join(QLatin1Char('\n'))));
        return true;
    }
    statusBar()->showMessage(tr("Imported %1 tile(s) from %2 into %3")
                                 .arg(result->convertedTiles.size())
                                 .arg(QFileInfo(alphaWdt).fileName(), outDir),
                             8000);
    return true;
}

QString MainWindow::defaultPatchPath() const {
    const QString stored = QSettings().value(mapSettingsKey(QStringLiteral("patchFile"))).toString();
    if (!stored.isEmpty()) {
        return stored;
    }
    if (!mAssetFolders.clientData.isEmpty()) {
        const QString data = core::resolveClientDataFolder(mAssetFolders.clientData);
        const std::filesystem::path next = core::nextFreePatchName(QFile::encodeName(data).toStdString());
        if (!next.empty()) {
            return QFile::decodeName(next.c_str());
        }
    }
    const QString folder =
        mPath.startsWith(QLatin1Char(':')) ? QDir::homePath() : QFileInfo(mPath).absolutePath();
    return QDir(folder).filePath(QStringLiteral("patch-4.MPQ"));
}

bool MainWindow::exportPatch(const QString& mpqPath) {
    if (!mDoc) {
        return false;
    }
    if (mPath.startsWith(QLatin1Char(':'))) {
        reportError(tr(
            "The patch is made from the saved map files: save the map to a folder first (File > Save As)"));
        return false;
    }
    if (mDoc->isModified()) {
        if (!dialogsAllowed()) {
            reportError(tr("%1 has unsaved changes: save before exporting a patch").arg(mDoc->mapName()));
            return false;
        }
        const auto answer = QMessageBox::question(
            this, tr("Export Patch MPQ"),
            tr("The patch is made from the saved files and %1 has unsaved changes. Save them first?")
                .arg(mDoc->mapName()),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Save);
        if (answer != QMessageBox::Save || !save()) {
            return false;
        }
    }
    const auto plan = core::planPatchExport(QFile::encodeName(QFileInfo(mPath).absolutePath()).toStdString(),
                                            mDoc->mapName().toStdString());
    if (!plan) {
        reportError(tr("Export failed: %1").arg(QString::fromStdString(plan.error().message)));
        return false;
    }
    const int total = int(plan->files.size());
    SaveProgressDialog progress(this, tr("Writing %n file(s) to %1...", nullptr, total).arg(mpqPath), total);
    const auto tick = progress.callback();
    const auto result =
        core::exportPatch(*plan, QFile::encodeName(mpqPath).toStdString(),
                          [&tick](std::size_t done, std::size_t all) { return tick(int(done), int(all)); });
    if (!result) {
        reportError(tr("Export failed: %1").arg(QString::fromStdString(result.error().message)));
        return false;
    }
    QSettings().setValue(mapSettingsKey(QStringLiteral("patchFile")), mpqPath);
    mLastError.clear();
    QString message = tr("Exported %1 file(s), %2 KiB, to %3")
                          .arg(result->fileCount)
                          .arg((result->archiveBytes + 1023) / 1024)
                          .arg(mpqPath);
    for (const std::string& warning : plan->warnings) {
        message += QStringLiteral("; ") + QString::fromStdString(warning);
    }
    statusBar()->showMessage(message, 10000);
    return true;
}

bool MainWindow::saveAs(const QString& folder, std::optional<core::TileLayout> layout) {
    if (!mDoc) {
        return false;
    }
    const core::TileLayout target = layout.value_or(mDoc->source().layout());
    if (!QDir().mkpath(folder)) {
        reportError(tr("Cannot create %1").arg(folder));
        return false;
    }
    const QString wdt = QDir(folder).filePath(mDoc->mapName() + QStringLiteral(".wdt"));
    SaveProgressDialog progress(
        this, tr("Writing the map (%n tile(s)) to %1...", nullptr, mDoc->saveAsTileCount()).arg(folder),
        mDoc->saveAsTileCount());
    io::AdtWriteOptions options;
    options.alphaEncoding = mSaveAlpha;
    const auto report =
        mDoc->saveAs(std::make_unique<core::FolderMapSource>(wdt, target), options, progress.callback());
    if (!report.ok) {
        reportError(tr("Saving failed: %1").arg(report.error));
        return false;
    }
    mPath = wdt;
    addRecentFile(wdt);
    mLastError.clear();
    updateTitle();
    statusBar()->showMessage(tr("Saved the map (%1 tiles, %2) to %3")
                                 .arg(report.saved.size())
                                 .arg(target == core::TileLayout::Split ? tr("split files") : tr("v18 files"))
                                 .arg(folder),
                             5000);
    return true;
}

void MainWindow::chooseAndOpen() {
    const QString start = mPath.startsWith(QLatin1Char(':')) ? QString() : QFileInfo(mPath).absolutePath();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Map"), start, tr("Maps (*.wdt *.adt);;All files (*)"));
    if (!path.isEmpty()) {
        openMap(path);
    }
}

void MainWindow::chooseSaveFolder(std::optional<core::TileLayout> layout) {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Save Map Into Folder"));
    if (!folder.isEmpty()) {
        saveAs(folder, layout);
    }
}

void MainWindow::cursorMoved(std::optional<glm::dvec3> world) {
    if (!mDoc) {
        return;
    }
    mInfo->showPosition(*mDoc, world);
    if (world) {
        showTileSummary(core::tileAt({world->x, world->y}));
    }
}

void MainWindow::refreshTileSummary() {
    // Called per object edit and per chunksChanged, which the document already sends once per turn.
    if (const auto shown = mSummaryTile) {
        mSummaryTile.reset();
        showTileSummary(*shown);
    }
}

void MainWindow::showTileSummary(const core::TileCoord& t) {
    const io::Adt* adt = mDoc ? mDoc->tile(t) : nullptr;
    if (!adt || mSummaryTile == t) {
        return;
    }
    mSummaryTile = t;
    QStringList inTile;
    for (const std::string& name : adt->textures) {
        inTile.push_back(QString::fromStdString(name));
    }
    mTextureBrowser->setPreferred(inTile);
    mSummary->showSummary(core::summarizeTile(*adt), mDoc->bigAlpha(),
                          tr("tile %1_%2, from %3.wdt").arg(t.x).arg(t.y).arg(mDoc->mapName()), {});
}

void MainWindow::updateTileMap() {
    if (!mDoc) {
        return;
    }
    std::set<core::TileCoord> loaded;
    for (const auto t : mDoc->loadedTiles()) {
        loaded.insert(t);
    }
    std::set<core::TileCoord> modified;
    for (const auto t : mDoc->modifiedTiles()) {
        modified.insert(t);
    }
    mTileMap->setLoadedTiles(loaded);
    mTileMap->setModifiedTiles(modified);
}

void MainWindow::updateTitle() {
    const bool modified = mDoc && mDoc->isModified();
    setWindowModified(modified);
    setWindowTitle(mDoc ? tr("%1[*] - Mapsmith").arg(mDoc->mapName()) : tr("Mapsmith"));
    mSave->setEnabled(mDoc != nullptr);
    mSaveAs->setEnabled(mDoc != nullptr);
    const bool split = mDoc && mDoc->source().layout() == core::TileLayout::Split;
    mSaveAsV18->setEnabled(mDoc != nullptr && split);
    mSaveAsSplit->setEnabled(mDoc != nullptr && !split);
}

QStringList MainWindow::recentFiles() const {
    // Absolute paths of files that still exist, each once: entries of older versions (relative paths,
    // which depend on the folder Mapsmith was started from) and maps since deleted are dropped.
    QStringList list;
    for (const QString& path : QSettings().value(QStringLiteral("recentFiles")).toStringList()) {
        const QFileInfo info(path);
        const QString absolute = QDir::cleanPath(info.absoluteFilePath());
        if (info.isAbsolute() && info.exists() && !list.contains(absolute)) {
            list.push_back(absolute);
        }
    }
    return list;
}

void MainWindow::addRecentFile(const QString& path) {
    if (path.startsWith(QLatin1Char(':'))) {
        return; // the bundled demo is always one click away (no argument)
    }
    const QString absolute = QDir::cleanPath(QFileInfo(path).absoluteFilePath());
    QStringList list = recentFiles();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxRecent) {
        list.removeLast();
    }
    QSettings().setValue(QStringLiteral("recentFiles"), list);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    mRecentMenu->clear();
    const QStringList list = recentFiles();
    for (const QString& path : list) {
        mRecentMenu->addAction(path, this, [this, path] { openMap(path); });
    }
    mRecentMenu->setEnabled(!list.isEmpty());
}

bool MainWindow::maybeSave() {
    if (!mDoc || !mDoc->isModified()) {
        return true;
    }
    if (!dialogsAllowed()) {
        return true; // automation: never blocks on a question
    }
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Changes"), tr("%1 has unsaved changes. Save them first?").arg(mDoc->mapName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel) {
        return false;
    }
    return answer == QMessageBox::Discard || save();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    mTools->at(mCurrentTool)->end();
    if (maybeSave()) {
        event->accept();
    } else {
        event->ignore();
    }
}

void MainWindow::reportError(const QString& message) {
    mLastError = message;
    statusBar()->showMessage(message);
    if (isVisible() && dialogsAllowed()) {
        QMessageBox::warning(this, tr("Mapsmith"), message);
    }
}

} // namespace mapsmith::editor
