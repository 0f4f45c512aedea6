#include "editor/main_window.h"

#include "core/document/map_document.h"
#include "core/document/tile_loader.h"
#include "core/document/tile_summary.h"
#include "core/kernels/procedural_textures.h"
#include "core/models/model_library.h"
#include "core/models/selection_info.h"
#include "core/render/minimap_model_scene.h"
#include "core/render/minimap_models.h"
#include "editor/autosave.h"
#include "editor/bake_shadows_action.h"
#include "editor/document_manager.h"
#include "editor/import_level_action.h"
#include "editor/map_repair_action.h"
#include "editor/minimap_builder.h"
#include "editor/minimap_render_action.h"
#include "editor/model_previews.h"
#include "editor/object_actions.h"
#include "editor/old_liquids_action.h"
#include "editor/operation_progress.h"
#include "editor/recovery_offer.h"
#include "editor/terrain_export_actions.h"
#include "editor/terrain_import_actions.h"
#include "editor/tile_streamer.h"
#include "editor/tool_settings_dock.h"
#include "editor/viewport/terrain_viewport.h"
#include "editor/viewport/texture_source.h"
#include "io/assets/overlay_asset_source.h"
#include "io/assets/texture_cache.h"
#include "widgets/asset_folders_dialog.h"
#include "widgets/chunk_layers_panel.h"
#include "widgets/go_to_dialog.h"
#include "widgets/info_panel.h"
#include "widgets/model_browser.h"
#include "widgets/new_map_dialog.h"
#include "widgets/object_properties_panel.h"
#include "widgets/preferences_dialog.h"
#include "widgets/server_maps_dialog.h"
#include "widgets/texture_browser.h"
#include "widgets/tile_map_widget.h"
#include "widgets/tile_summary_panel.h"

#include <QAction>
#include <QActionGroup>
#include <QApplication>
#include <QCloseEvent>
#include <QDebug>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPainter>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QToolBar>
#include <QUndoGroup>
#include <QUndoStack>
#include <QUndoView>

#include <set>

// resources.qrc lives in a static library: the linker drops its initializer unless it is referenced.
// Q_INIT_RESOURCE must be expanded outside any namespace.
static void initMapsmithResources() {
    Q_INIT_RESOURCE(resources);
}

namespace mapsmith::editor {
namespace {

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

bool dialogsAllowed() {
    return !qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS");
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
    mDocs = new DocumentManager(this);
    new OperationProgress(*mDocs, this);
    mAutosave = new Autosave(*mDocs, Autosave::defaultRoot(), this);
    mRecovery = new RecoveryOffer(*mDocs, mAutosave->root(), this);
    mTools = new ToolManager(this);
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
        mDocs->noteTileFailed(t, message);
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
            statusBar()->showMessage(tr("Minimap: %1 tile(s) rendered or from the game data").arg(found),
                                     5000);
        }
    });
    connectDocuments();
    connectRecovery();
    connectTools();
    mPreferences = widgets::EditorPreferences::load(QSettings());
    applyPreferences();
    mAssetFolders = core::AssetFolders::load(QSettings());
    if (!mAssetFolders.isEmpty()) {
        applyAssetFolders();
    }
    mTools->select(ToolId::Sculpt);
    updateTitle();
    resize(1280, 800);
    qApp->installEventFilter(this);
    mViewport->setFocus(); // the keyboard starts with the tools and the camera, not in a dock's field
}

MainWindow::~MainWindow() {
    // The views refer to the document, which goes with the document manager (a child, deleted after
    // this body): nothing of this window may hear from it any more.
    disconnect(mDocs, nullptr, this, nullptr);
    if (mModels) {
        mModels->setProblemHandler({}); // the library may outlive this window (the views' settings hold it)
    }
    documentAboutToChange();
}

void MainWindow::reportModelProblem(const core::ModelProblem& problem) {
    ++mModelProblems;
    statusBar()->showMessage(
        tr("%1: a stand-in box is used (%n model(s) without bounds so far)", nullptr, mModelProblems)
            .arg(QString::fromStdString(problem.message)),
        10000);
}

core::MapDocument* MainWindow::document() const {
    return mDocs->document();
}

void MainWindow::createFileMenu() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* newMap = file->addAction(tr("&New Map..."), this, [this] {
        widgets::NewMapDialog dialog(this);
        if (dialog.exec() == QDialog::Accepted) {
            mDocs->create(dialog.spec());
        }
    });
    bindShortcut(newMap, QStringLiteral("newMap"), tr("New Map"),
                 QKeySequence::keyBindings(QKeySequence::New));
    QAction* open = file->addAction(tr("&Open Map..."), this, &MainWindow::chooseAndOpen);
    file->addAction(tr("Open Map &Folder..."), this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Open Map Folder"));
        if (!folder.isEmpty()) {
            mDocs->open(folder);
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
    const auto cameraTile = [this] { return mTileMap ? mTileMap->cameraTile() : std::nullopt; };
    QMenu* importMenu = file->addMenu(tr("&Import"));
    importMenu->setObjectName(QStringLiteral("importMenu"));
    mTerrainImports = new TerrainImportActions(*mDocs, importMenu, this, cameraTile);
    importMenu->addAction(tr("Import 0.5.3 &Alpha Map..."), this, [this] {
        const QString alpha = QFileDialog::getOpenFileName(this, tr("Import 0.5.3 Alpha Map"), QString(),
                                                           tr("Alpha client maps (*.wdt)"));
        if (alpha.isEmpty()) {
            return;
        }
        const QString folder = QFileDialog::getExistingDirectory(this, tr("Folder for the Converted Map"));
        if (!folder.isEmpty()) {
            mDocs->importAlphaMap(alpha, folder);
        }
    });
    ImportLevelAction::Hooks levelHooks;
    levelHooks.cameraTarget = [this] {
        const auto target = mViewport->pick(mViewport->rect().center());
        return target ? *target : mViewport->cameraPosition();
    };
    levelHooks.gameData = [this] { return mGameData; };
    levelHooks.mapFilesWritten = [this] { applyAssetSources(); };
    mImportLevel = new ImportLevelAction(*mDocs, importMenu, this, std::move(levelHooks));
    connect(mImportLevel, &ImportLevelAction::failed, this, &MainWindow::reportError);
    connect(mImportLevel, &ImportLevelAction::imported, this,
            [this](const QString& summary) { statusBar()->showMessage(summary, 8000); });
    QMenu* exportMenu = file->addMenu(tr("&Export"));
    exportMenu->setObjectName(QStringLiteral("exportMenu"));
    mTerrainExports = new TerrainExportActions(*mDocs, exportMenu, this, cameraTile);
    exportMenu->addAction(tr("Export &Patch MPQ..."), this, &MainWindow::exportPatchAsked);
    exportMenu->addAction(tr("Export &Server Maps..."), this, &MainWindow::exportServerMapsAsked);
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
        connect(a, &QAction::triggered, this, [this, encoding] { mDocs->setSaveAlphaEncoding(encoding); });
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
}

void MainWindow::createActions() {
    createFileMenu();
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
    mDeleteObjects = edit->addAction(tr("&Delete Selected Objects"), this, [this] {
        if (!mTools->objects()->selection().empty()) {
            const int removed = mTools->deleteSelectedObjects();
            statusBar()->showMessage(tr("Deleted %n object(s)", nullptr, removed), 5000);
        }
    });
    bindShortcut(mDeleteObjects, QStringLiteral("deleteObjects"), tr("Delete Selected Objects"),
                 {QKeySequence(QKeySequence::Delete)});
    mDeleteObjects->setEnabled(false);
    mObjectActions = new ObjectActions(
        *mTools, edit,
        [this](QAction* a, const QString& id, const QString& label, QList<QKeySequence> keys) {
            bindShortcut(a, id, label, std::move(keys));
        },
        [this]() -> std::optional<glm::dvec3> {
            return mCursor ? mCursor : mViewport->pick(mViewport->rect().center());
        },
        this);
    connect(mObjectActions, &ObjectActions::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 5000); });
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
    auto* toolGroup = new QActionGroup(this);
    toolGroup->setExclusive(true);
    QMenu* toolsMenu = menuBar()->addMenu(tr("&Tools"));
    for (std::size_t i = 0; i < ToolManager::kOrder.size(); ++i) {
        // The digit key and the settings id ("tool<digit>") follow the tool-bar order.
        const ToolId id = ToolManager::kOrder[i];
        const QString digit = QString::number(i + 1);
        QAction* a = toolBar->addAction(mTools->tool(id)->name());
        a->setObjectName(QStringLiteral("tool") + digit);
        a->setCheckable(true);
        bindShortcut(a, QStringLiteral("tool") + digit, tr("Tool: %1").arg(mTools->tool(id)->name()),
                     {QKeySequence(digit)});
        toolGroup->addAction(a);
        toolsMenu->addAction(a);
        mToolActions[id] = a;
        connect(a, &QAction::triggered, mTools, [this, id] { mTools->select(id); });
    }

    QMenu* map = menuBar()->addMenu(tr("&Map"));
    mMapRepair = new MapRepairAction(*mDocs, map, this);
    mOldLiquids = new OldLiquidsAction(
        *mDocs, map, this, [this] { return core::tileAt(glm::dvec2(mViewport->cameraPose().position)); });
    mTools->liquid()->setBeforeStroke([this](core::MapDocument& doc, glm::dvec3 world, double radius) {
        return mOldLiquids->beforeLiquidStroke(doc, world, radius);
    });
    mBakeShadows = new BakeShadowsAction(
        *mDocs, map, this, [this] { return mTileMap ? mTileMap->cameraTile() : std::nullopt; },
        [this] {
            // The viewport's models when game data is set (the same library: each model read once).
            BakeShadowsAction::ModelSource source;
            if (mModels && mHasGameData) {
                source.library = mModels;
                source.textures = core::minimapModelTextures(mTextureCache);
            }
            return source;
        });
    mMinimapRender = new MinimapRenderAction(*mDocs, mTextureCache, map, this);
    connect(mMinimapRender, &MinimapRenderAction::rendered, this, &MainWindow::rebuildMinimap);

    mViewMenu = menuBar()->addMenu(tr("&View"));
    QAction* goTo = mViewMenu->addAction(tr("&Go To..."), this, [this] {
        widgets::GoToDialog dialog(this);
        // From the last target while it lies on this map, else from where the camera is.
        const CameraPose& pose = mViewport->cameraPose();
        if (mLastGoTo && document() && document()->tileExists(core::tileAt(mLastGoTo->position))) {
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
        if (document() && !document()->loadedTiles().empty()) {
            mViewport->lookAtTile(document()->loadedTiles().front());
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
    for (const auto& [id, action] : mToolActions) {
        const Tool* tool = mTools->tool(id);
        const QString keys = action->shortcut().toString(QKeySequence::NativeText);
        action->setToolTip(keys.isEmpty() ? tr("%1 - %2").arg(tool->name(), tool->modifierHint())
                                          : tr("%1 (%2) - %3").arg(tool->name(), keys, tool->modifierHint()));
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
    connect(mTextureBrowser, &widgets::TextureBrowser::textureChosen, this, &MainWindow::chooseTexture);

    mModelBrowser = new widgets::ModelBrowser(this);
    {
        QSettings store;
        mModelBrowser->loadFrom(store);
    }
    QDockWidget* modelsDock =
        addDock(tr("Models"), QStringLiteral("modelsDock"), mModelBrowser, Qt::LeftDockWidgetArea);
    tabifyDockWidget(texturesDock, modelsDock);
    undoDock->raise();
    connect(mModelBrowser, &widgets::ModelBrowser::modelChosen, this, &MainWindow::chooseModel);
    connect(mModelBrowser, &widgets::ModelBrowser::recentChanged, this, [this] {
        QSettings store;
        mModelBrowser->saveTo(store);
    });

    mTileMap = new widgets::TileMapWidget(this);
    QDockWidget* tileMapDock =
        addDock(tr("Tile Map"), QStringLiteral("tileMapDock"), mTileMap, Qt::RightDockWidgetArea);
    connect(mTileMap, &widgets::TileMapWidget::tileActivated, this, [this](core::TileCoord t) {
        mDocs->loadTilesAround(t, 0); // the tile itself now; the streamer brings its neighbours
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

void MainWindow::connectDocuments() {
    // Without dialogs (automation) a modified map is replaced without asking.
    mDocs->setReplaceGuard([this] { return maybeSave(); });
    // Before a save writes what a consumer would reject: ask (without dialogs: write and say so).
    mDocs->setSaveGuard([this](const QString& problems) {
        if (!isVisible() || !dialogsAllowed()) {
            statusBar()->showMessage(
                tr("Writing files some consumers reject: %1").arg(problems.section(u'\n', 0, 0)));
            return true;
        }
        QMessageBox box(
            QMessageBox::Warning, tr("Save"),
            tr("Some of what is about to be written would be rejected or misread by the consumers "
               "named. Map > Repair fixes what a rule can. Write it anyway?"),
            QMessageBox::Save | QMessageBox::Cancel, this);
        box.setDefaultButton(QMessageBox::Cancel);
        box.setDetailedText(problems);
        return box.exec() == QMessageBox::Save;
    });
    connect(mDocs, &DocumentManager::documentAboutToChange, this, &MainWindow::documentAboutToChange);
    connect(mDocs, &DocumentManager::documentChanged, this, &MainWindow::documentChanged);
    connect(mDocs, &DocumentManager::saved, this, &MainWindow::updateTitle);
    connect(mDocs, &DocumentManager::saveAlphaEncodingChanged, this, &MainWindow::updateAlphaActions);
    connect(mDocs, &DocumentManager::recentFilesChanged, this, &MainWindow::rebuildRecentMenu);
    connect(mDocs, &DocumentManager::errorOccurred, this, &MainWindow::reportError);
    connect(mDocs, &DocumentManager::noticed, this, &MainWindow::reportNotice);
    connect(mDocs, &DocumentManager::failedTilesChanged, this, &MainWindow::updateTileMap);
    connect(mDocs, &DocumentManager::succeeded, this, [this](const QString& summary, int timeoutMs) {
        mLastError.clear();
        statusBar()->showMessage(summary, timeoutMs);
    });
    connect(mViewport, &TerrainViewport::cursorMoved, this, &MainWindow::cursorMoved);
    // The Tile Map's camera marker: where the camera is (flying, Go To), not where the mouse points.
    connect(mViewport, &TerrainViewport::cameraMoved, this, [this](glm::dvec3 world) {
        mTileMap->setCameraTile(core::tileAt({world.x, world.y}));
    });
}

void MainWindow::connectRecovery() {
    // Autosave problems go to the status bar: a dialog every few minutes would stop the work.
    connect(mAutosave, &Autosave::failed, this,
            [this](const QString& message) { statusBar()->showMessage(message, 15000); });
    connect(mRecovery, &RecoveryOffer::errorOccurred, this, &MainWindow::reportError);
    connect(mRecovery, &RecoveryOffer::restored, this, [this](const QString& summary) {
        updateTitle();
        statusBar()->showMessage(summary, 20000);
        mAutosave->saveNow(); // the restored work is safe again at once
    });
    mAutosave->setEditingInProgress([this] {
        const Tool* tool = mTools->current();
        return tool && tool->active();
    });
    // The folder restored from goes only when its work is on disk again (or the map is let go).
    connect(mAutosave, &Autosave::autosaved, mRecovery, &RecoveryOffer::restoredWorkIsSafe);
    connect(mDocs, &DocumentManager::saved, mRecovery, &RecoveryOffer::restoredWorkIsSafe);
    connect(mDocs, &DocumentManager::documentAboutToChange, mRecovery, &RecoveryOffer::restoredWorkIsSafe);
}

void MainWindow::documentAboutToChange() {
    // The views refer to the document: they let go of it before it goes.
    mTools->setDocument(nullptr, nullptr);
    mViewport->setDocument(nullptr);
    mStreamer->setDocument(nullptr);
    if (core::MapDocument* doc = document()) {
        mUndoGroup->removeStack(doc->undoStack());
    }
    mSummaryTile.reset();
    mSummary->clearSummary();
}

void MainWindow::documentChanged(core::MapDocument* doc) {
    mTools->setDocument(doc, mDocs->ids());
    if (mapFolder() != mAssetMapFolder && mTextureCache) {
        // The map's own files (an imported level) are assets of it; the viewport gets them before the map.
        mAssetMapFolder = mapFolder();
        applyAssetSources();
    }
    mUndoGroup->addStack(doc->undoStack());
    mUndoGroup->setActiveStack(doc->undoStack());
    connect(doc, &core::MapDocument::modifiedChanged, this, [this] {
        updateTitle();
        updateTileMap();
    });
    connect(doc, &core::MapDocument::tileLoaded, this, [this] {
        updateTileMap();
        refreshTextureBrowser();
    });
    connect(doc, &core::MapDocument::tileUnloaded, this, [this] { updateTileMap(); });
    connect(doc, &core::MapDocument::tileStateChanged, this, [this] {
        refreshTextureBrowser(); // a paint may have added a texture to a tile
        // Placements changed (an edit, undo or redo): show the selected objects as they are now.
        if (!mTools->objects()->selection().empty()) {
            showSelectedObjectLater();
        }
        refreshTileSummary(); // object counts
    });
    connect(doc, &core::MapDocument::chunksChanged, this, [this] { refreshTileSummary(); });
    mTileMap->setWdt(doc->wdt());
    rebuildMinimap();
    refreshTextureBrowser();
    applyPreferences();
    mViewport->setDocument(doc);
    mStreamer->setDocument(doc); // the camera placed below starts the streaming
    if (const auto start = mDocs->startTile()) {
        mViewport->lookAtTile(*start);
        showTileSummary(*start);
    }
    updateTileMap();
    updateTitle();
}

void MainWindow::connectTools() {
    mTools->attach(mViewport);
    connect(mTools, &ToolManager::currentToolChanged, this, &MainWindow::toolChanged);
    connect(mTools, &ToolManager::message, this,
            [this](const QString& text) { statusBar()->showMessage(text, 8000); });
    ObjectTool* tool = mTools->objects();
    connect(tool, &ObjectTool::selectionChanged, this, [this, tool] {
        const auto& selection = tool->selection();
        mViewport->setSelectedObjects(selection);
        if (!selection.empty()) {
            mObjectDock->raise();
        }
        mDeleteObjects->setEnabled(!selection.empty());
        showSelectedObject();
    });
    // Panel edits go through the tool manager, one undo step each; the panel shows the result.
    connect(mObjectPanel, &widgets::ObjectPropertiesPanel::moveRequested, this,
            [this](const glm::dvec3& delta) {
                mTools->moveSelectedObjects(delta);
                showSelectedObject();
            });
    connect(mObjectPanel, &widgets::ObjectPropertiesPanel::rotateRequested, this,
            [this](const glm::dvec3& degrees) {
                mTools->rotateSelectedObjects(degrees);
                showSelectedObject();
            });
    connect(mObjectPanel, &widgets::ObjectPropertiesPanel::scaleRequested, this, [this](double factor) {
        mTools->scaleSelectedObjects(factor);
        showSelectedObject();
    });
    connect(mObjectPanel, &widgets::ObjectPropertiesPanel::doodadSetRequested, this,
            [this](std::uint16_t set) {
                mObjectActions->commands()->setDoodadSet(set);
                showSelectedObject();
            });
}

void MainWindow::showSelectedObject() {
    mSelectionShowPending = false;
    if (core::MapDocument* doc = document()) {
        const core::SelectionInfo info =
            core::describeSelection(*doc, mTools->objects()->selection(), mModels.get());
        mObjectPanel->showSelection(info);
        mInfo->showSelection(info);
    }
}

void MainWindow::showSelectedObjectLater() {
    if (!mSelectionShowPending) {
        mSelectionShowPending = true;
        QMetaObject::invokeMethod(
            this, [this] { showSelectedObject(); }, Qt::QueuedConnection);
    }
}

QAction* MainWindow::toolAction(ToolId tool) const {
    return mToolActions.at(tool);
}

void MainWindow::toolChanged(ToolId tool) {
    if (QWidget* focus = QApplication::focusWidget(); focus && mToolSettings->isAncestorOf(focus)) {
        // The settings page changes under it (a field may hide, focus would jump into another):
        // choosing a tool gives the keyboard back to the tools and the camera.
        mViewport->setFocus(Qt::OtherFocusReason);
    }
    toolAction(tool)->setChecked(true);
    mToolSettings->showTool(tool);
    updateRing();
    const Tool* current = mTools->tool(tool);
    statusBar()->showMessage(tr("%1: %2").arg(current->name(), current->modifierHint()), 3000);
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
    if (core::MapDocument* doc = document()) {
        doc->setUndoMemoryBudget(std::size_t(mPreferences.undoBudgetMiB) * 1024 * 1024);
    }
    mTextureCache->setBudget(std::size_t(mPreferences.textureCacheMiB) * 1024 * 1024);
    mAutosave->setInterval(std::chrono::minutes(mPreferences.autosaveMinutes));
    mAutosave->setStrokesPerSave(mPreferences.autosaveStrokes);
}

const core::ObjectBoundsSettings& MainWindow::objectBounds() const {
    return mTools->objects()->settings().bounds;
}

bool MainWindow::setExtraDataPaths(const QStringList& paths) {
    mExtraData = paths;
    return applyAssetFolders();
}

bool MainWindow::setAssetFolders(const core::AssetFolders& folders) {
    mAssetFolders = folders;
    QSettings store;
    folders.save(store);
    return applyAssetFolders();
}

void MainWindow::rebuildMinimap() {
    mTileMap->setMinimap({});
    core::MapDocument* doc = document();
    const QString own = mDocs->minimapFolder(); // the map's rendered minimaps win over the game data's
    if (!doc || (!mTextureCache->source() && !QFileInfo(own).isDir())) {
        mMinimap->cancel();
        return;
    }
    std::vector<core::TileCoord> tiles;
    for (int y = 0; y < 64; ++y) {
        for (int x = 0; x < 64; ++x) {
            if (doc->tileExists({x, y})) {
                tiles.push_back({x, y});
            }
        }
    }
    mMinimap->start(mTextureCache, doc->mapName(), std::move(tiles), own);
}

bool MainWindow::applyAssetFolders() {
    const core::OpenedAssets opened = core::openGameData(mAssetFolders, mExtraData);
    mGameData = opened.source;
    mHasGameData = opened.source->size() > 0;
    mAssetMapFolder = mapFolder();
    applyAssetSources();
    for (const QString& note : opened.notes) {
        qWarning().noquote() << note; // e.g. the archive checker is missing: the log keeps it
    }
    if (!opened.problems.isEmpty()) {
        reportError((opened.problems + opened.notes).join(QLatin1Char('\n')));
        return false;
    }
    mLastError.clear();
    const QString summary = opened.source->size() == 0
                                ? tr("No game data folders: Mapsmith's own textures and stand-ins are shown")
                                : tr("Game data: %n tileset texture(s)", nullptr, int(mGameTextures.size()));
    statusBar()->showMessage(opened.notes.isEmpty()
                                 ? summary
                                 : summary + QStringLiteral(". ") + opened.notes.join(QLatin1Char(' ')),
                             8000);
    return true;
}

QString MainWindow::mapFolder() const {
    return document() && !mDocs->isBundled() ? QFileInfo(mDocs->path()).absolutePath() : QString();
}

void MainWindow::applyAssetSources() {
    // The open map's folder above the game data: the files an import wrote there (a level's WMO) are
    // found by their game paths. No game data yet (a map opened before the folders were applied): none.
    const std::shared_ptr<const io::AssetSource> gameData =
        mGameData ? mGameData : std::make_shared<io::OverlayAssetSource>();
    std::shared_ptr<const io::AssetSource> source = gameData;
    bool mapFiles = false;
    if (!mAssetMapFolder.isEmpty()) {
        if (auto folder = io::FolderAssetSource::open(QFile::encodeName(mAssetMapFolder).toStdString())) {
            mapFiles = !(*folder)->list("World").empty();
            source =
                std::make_shared<io::OverlayAssetSource>(std::vector<std::shared_ptr<const io::AssetSource>>{
                    std::shared_ptr<const io::AssetSource>(std::move(*folder)), gameData});
        }
    }
    mTextureCache->setSource(source);
    mGameTextures.clear();
    for (const std::string& path : source->list("tileset\\*.blp")) {
        mGameTextures.push_back(QString::fromStdString(path));
    }
    mViewport->reloadTextures();
    if (mModels) {
        mModels->setProblemHandler({});
    }
    mModels = std::make_shared<core::ModelLibrary>(source);
    mModelProblems = 0;
    if (mHasGameData) {
        // Without game data every model is missing, and saying so would be noise.
        mModels->setProblemHandler([this](const core::ModelProblem& problem) {
            QMetaObject::invokeMethod(
                this, [this, problem] { reportModelProblem(problem); }, Qt::QueuedConnection);
        });
    }
    const bool drawModels = mHasGameData || mapFiles; // without either: boxes
    const core::ObjectBoundsSettings bounds = core::ModelLibrary::settingsFor(mModels);
    mViewport->setObjectBounds(bounds);
    mViewport->setModelLibrary(drawModels ? mModels : nullptr);
    showSelectedObject(); // the docks name the files of the new game data
    mDocs->setModelBounds(drawModels ? bounds.modelBounds : core::ModelBoundsFn{});
    mTools->objects()->setBounds(bounds);
    mModelBrowser->setPreviewProvider(modelPreviewsFrom(mModels, mTextureCache));
    mModelBrowser->setModels(placeableModels(*source));
    rebuildMinimap();
    // A new source: every thumbnail is made again (the provider itself is unchanged).
    mTextureBrowser->setImageProvider(thumbnailsFrom(mTextureCache));
    refreshTextureBrowser();
}

void MainWindow::updateAlphaActions() {
    const std::optional<io::AlphaEncoding> encoding = mDocs->saveAlphaEncoding();
    const core::MapDocument* doc = document();
    for (QAction* a : mAlphaGroup->actions()) {
        a->setChecked(a->data().toInt() == (encoding ? int(*encoding) : -1));
        a->setEnabled(a->data().toInt() == -1 || !doc || doc->bigAlpha());
    }
}

void MainWindow::chooseTexture(const QString& path) {
    mTools->texture()->settings().texture = path.toStdString();
    mTextureBrowser->setCurrent(path);
    if (mTools->currentId() == ToolId::PaintTexture) {
        mToolSettings->showTool(ToolId::PaintTexture); // show the new texture
    } else {
        mTools->select(ToolId::PaintTexture);
    }
}

void MainWindow::chooseModel(const QString& path) {
    mTools->objects()->setPlaceModel(path.toStdString());
    mModelBrowser->setCurrent(path);
    mTools->select(ToolId::Objects); // the tool settings show the model to place
}

void MainWindow::refreshTextureBrowser() {
    QStringList paths;
    for (const core::TerrainTexture kind : {core::TerrainTexture::Grass, core::TerrainTexture::Rock,
                                            core::TerrainTexture::Dirt, core::TerrainTexture::Sand}) {
        paths.push_back(core::terrainTexturePath(kind));
    }
    paths += mGameTextures;
    if (const core::MapDocument* doc = document()) {
        for (const core::TileCoord t : doc->loadedTiles()) {
            for (const std::string& name : doc->tile(t)->textures) {
                paths.push_back(QString::fromStdString(name));
            }
        }
    }
    mTextureBrowser->setTextures(paths);
}

void MainWindow::updateRing() {
    const core::BrushSettings b = mTools->current()->brush();
    mViewport->setBrushRing(b.radius, b.innerRadius());
}

bool MainWindow::goToPosition(const widgets::GoToTarget& target) {
    core::MapDocument* doc = document();
    if (!doc) {
        return false;
    }
    const core::TileCoord t = core::tileAt(target.position);
    if (!doc->tileExists(t)) {
        reportError(tr("Tile %1_%2 is not part of this map").arg(t.x).arg(t.y));
        return false;
    }
    mDocs->loadTilesAround(t, 0); // its height now; the streamer brings the neighbours
    const double z = target.height.value_or(doc->heightAt(target.position).value_or(0.0));
    mViewport->flyTo({target.position, z}, target.facing);
    mLastGoTo = target;
    return true;
}

bool MainWindow::save() {
    core::MapDocument* doc = document();
    if (doc && mDocs->isBundled() && dialogsAllowed()) {
        chooseSaveFolder(std::nullopt);
        return !doc->isModified();
    }
    return mDocs->save();
}

void MainWindow::exportPatchAsked() {
    core::MapDocument* doc = document();
    if (!doc) {
        reportError(tr("Open a map first"));
        return;
    }
    const QString path = QFileDialog::getSaveFileName(this, tr("Export Patch MPQ"),
                                                      mDocs->defaultPatchPath(mAssetFolders.clientData),
                                                      tr("MPQ archives (*.MPQ *.mpq)"));
    if (path.isEmpty()) {
        return;
    }
    // The patch is made from the saved files: unsaved changes are saved first, after asking (without
    // dialogs the document manager refuses them).
    if (doc->isModified() && !mDocs->isBundled() && dialogsAllowed()) {
        const auto answer = QMessageBox::question(
            this, tr("Export Patch MPQ"),
            tr("The patch is made from the saved files and %1 has unsaved changes. Save them first?")
                .arg(doc->mapName()),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Save);
        if (answer != QMessageBox::Save || !save()) {
            return;
        }
    }
    mDocs->exportPatch(path);
}

// Map id, core and folder from the dialog (started from this map's last choice), or without dialogs the
// last choice as it is.
void MainWindow::exportServerMapsAsked() {
    core::MapDocument* doc = document();
    if (!doc) {
        reportError(tr("Open a map first"));
        return;
    }
    // Made from the saved files, as the patch: unsaved changes are saved first, after asking.
    if (doc->isModified() && !mDocs->isBundled() && dialogsAllowed()) {
        const auto answer = QMessageBox::question(
            this, tr("Export Server Maps"),
            tr("Server maps are made from the saved files and %1 has unsaved changes. Save them first?")
                .arg(doc->mapName()),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Save);
        if (answer != QMessageBox::Save || !save()) {
            return;
        }
    }
    std::optional<core::ServerMapsRequest> request = mDocs->serverMapsSettings();
    if (dialogsAllowed()) {
        core::ServerMapsRequest start;
        if (!mDocs->isBundled()) {
            start.outDir = QFileInfo(mDocs->path()).dir().filePath(QStringLiteral("server-maps"));
        }
        widgets::ServerMapsDialog dialog(this);
        dialog.setRequest(request.value_or(start));
        const bool accepted = dialog.exec() == QDialog::Accepted;
        reclaimKeyboard();
        if (!accepted) {
            return;
        }
        request = dialog.request();
    } else if (!request) {
        reportError(
            tr("Export Server Maps needs the map's id, the server core and a folder, and none has been "
               "chosen for %1 yet")
                .arg(doc->mapName()));
        return;
    }
    mDocs->exportServerMaps(*request);
}

void MainWindow::chooseAndOpen() {
    const QString current = mDocs->path();
    const QString start =
        current.startsWith(QLatin1Char(':')) ? QString() : QFileInfo(current).absolutePath();
    const QString path =
        QFileDialog::getOpenFileName(this, tr("Open Map"), start, tr("Maps (*.wdt *.adt);;All files (*)"));
    if (!path.isEmpty()) {
        mDocs->open(path);
    }
}

void MainWindow::chooseSaveFolder(std::optional<core::TileLayout> layout) {
    const QString folder = QFileDialog::getExistingDirectory(this, tr("Save Map Into Folder"));
    if (!folder.isEmpty()) {
        mDocs->saveAs(folder, layout);
    }
}

void MainWindow::cursorMoved(std::optional<glm::dvec3> world) {
    const core::MapDocument* doc = document();
    mCursor = world;
    if (!doc) {
        return;
    }
    mInfo->showPosition(*doc, world);
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
    const core::MapDocument* doc = document();
    const io::Adt* adt = doc ? doc->tile(t) : nullptr;
    if (!adt || mSummaryTile == t) {
        return;
    }
    mSummaryTile = t;
    QStringList inTile;
    for (const std::string& name : adt->textures) {
        inTile.push_back(QString::fromStdString(name));
    }
    mTextureBrowser->setPreferred(inTile);
    mSummary->showSummary(core::summarizeTile(*adt), doc->bigAlpha(),
                          tr("tile %1_%2, from %3.wdt").arg(t.x).arg(t.y).arg(doc->mapName()), {});
}

void MainWindow::updateTileMap() {
    const core::MapDocument* doc = document();
    if (!doc) {
        return;
    }
    std::set<core::TileCoord> loaded;
    for (const auto t : doc->loadedTiles()) {
        loaded.insert(t);
    }
    std::set<core::TileCoord> modified;
    for (const auto t : doc->modifiedTiles()) {
        modified.insert(t);
    }
    mTileMap->setLoadedTiles(loaded);
    mTileMap->setModifiedTiles(modified);
    mTileMap->setFailedTiles(mDocs->failedTiles());
}

void MainWindow::updateTitle() {
    const core::MapDocument* doc = document();
    setWindowModified(doc && doc->isModified());
    setWindowTitle(doc ? tr("%1[*] - Mapsmith").arg(doc->mapName()) : tr("Mapsmith"));
    mSave->setEnabled(doc != nullptr);
    mSaveAs->setEnabled(doc != nullptr);
    const bool split = doc && doc->source().layout() == core::TileLayout::Split;
    mSaveAsV18->setEnabled(doc != nullptr && split);
    mSaveAsSplit->setEnabled(doc != nullptr && !split);
}

void MainWindow::rebuildRecentMenu() {
    mRecentMenu->clear();
    const QStringList list = mDocs->recentFiles();
    for (const QString& path : list) {
        mRecentMenu->addAction(path, this, [this, path] { mDocs->open(path); });
    }
    mRecentMenu->setEnabled(!list.isEmpty());
}

bool MainWindow::maybeSave() {
    const core::MapDocument* doc = document();
    if (!doc || !doc->isModified()) {
        return true;
    }
    if (!dialogsAllowed()) {
        return true; // automation: never blocks on a question
    }
    const auto answer = QMessageBox::question(
        this, tr("Unsaved Changes"), tr("%1 has unsaved changes. Save them first?").arg(doc->mapName()),
        QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
    if (answer == QMessageBox::Cancel) {
        return false;
    }
    return answer == QMessageBox::Discard || save();
}

void MainWindow::closeEvent(QCloseEvent* event) {
    mTools->current()->end();
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

void MainWindow::reportNotice(const QString& message) {
    mLastNotice = message;
    statusBar()->showMessage(message);
    if (isVisible() && dialogsAllowed()) {
        QMessageBox::information(this, tr("Mapsmith"), message);
    }
}

} // namespace mapsmith::editor
