#pragma once
// The Mapsmith main window: a map document shown in the Qt 3D viewport, the tool bar of editing tools,
// and docks for tool settings, undo history, the tile map, cursor info and the tile summary. It wires
// views, menus and dialogs to the document manager (the map's files) and the tool manager (input to
// the current tool); it owns no terrain, file or tool logic itself.

#include "core/document/asset_folders.h"
#include "core/document/map_source.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "editor/tools/tool_manager.h"
#include "widgets/go_to_dialog.h"
#include "widgets/preferences_dialog.h"
#include "widgets/shortcut_settings.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <map>
#include <memory>
#include <optional>
#include <vector>

#include <glm/vec3.hpp>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QUndoGroup;

namespace mapsmith::core {
class MapDocument;
} // namespace mapsmith::core

namespace mapsmith::io {
class AssetSource;
class TextureCache;
} // namespace mapsmith::io

namespace mapsmith::widgets {
struct GoToTarget;
class InfoPanel;
class TextureBrowser;
class ModelBrowser;
class ObjectPropertiesPanel;
class TileMapWidget;
class TileSummaryPanel;
} // namespace mapsmith::widgets

namespace mapsmith::core {
class ModelLibrary;
struct ModelProblem;
} // namespace mapsmith::core

namespace mapsmith::editor {

class Autosave;
class DocumentManager;
class MinimapBuilder;
class RecoveryOffer;
class ImportLevelAction;
class MapRepairAction;
class OldLiquidsAction;
class BakeShadowsAction;
class MinimapRenderAction;
class TerrainImportActions;
class TerrainExportActions;
class ObjectActions;
class TerrainViewport;
class TileStreamer;
class ToolSettingsDock;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // The open map and its files (open, save, import, export): File menu items, dialogs and the window's
    // views follow it; its errors are shown (lastError) and its progress has a dialog.
    DocumentManager* documents() const { return mDocs; }
    // The editing tools and the current one: the tool bar, the keys 1..9 and the settings dock follow it.
    ToolManager* tools() const { return mTools; }
    // The Edit menu's object entries: copy, paste, duplicate, select none, snap to ground, align to slope.
    ObjectActions* objectActions() const { return mObjectActions; }
    // Autosave of unsaved changes into the recovery folder (Edit > Preferences: how often).
    Autosave* autosave() const { return mAutosave; }
    // The offer of work a crashed session left (main() asks offerAtStart(); every open asks for its map).
    RecoveryOffer* recovery() const { return mRecovery; }
    MapRepairAction* mapRepair() const { return mMapRepair; }
    OldLiquidsAction* oldLiquids() const { return mOldLiquids; }
    BakeShadowsAction* bakeShadows() const { return mBakeShadows; }
    TerrainImportActions* terrainImports() const { return mTerrainImports; }
    TerrainExportActions* terrainExports() const { return mTerrainExports; }
    MinimapRenderAction* minimapRender() const { return mMinimapRender; }
    ImportLevelAction* importLevel() const { return mImportLevel; }
    core::MapDocument* document() const;
    // The whole window as shown, with the viewport's last rendered frame painted in (a plain grab()
    // leaves the Qt 3D window black). Null viewport part when the capture timed out.
    QImage grabWithViewport();
    // Stores the preferences (QSettings) and applies them: view distance, streaming radius, undo memory,
    // texture memory, autosave.
    void setPreferences(const widgets::EditorPreferences& preferences);
    const widgets::EditorPreferences& preferences() const { return mPreferences; }
    widgets::TextureBrowser* textureBrowser() const { return mTextureBrowser; }
    // The game data's models; choosing one arms the object tool with it.
    widgets::ModelBrowser* modelBrowser() const { return mModelBrowser; }
    // Stores the game data folders (QSettings) and opens them: the viewport and the texture browser
    // show the game's textures from then on. Folders that cannot be used are skipped and reported
    // (lastError()); returns false then.
    bool setAssetFolders(const core::AssetFolders& folders);
    const core::AssetFolders& assetFolders() const { return mAssetFolders; }
    // Game data for this run only (mapsmith --data DIR...), on top of the saved folders (core::openGameData);
    // never saved. False when a path cannot be used (named in lastError(); the others are used).
    bool setExtraDataPaths(const QStringList& paths);
    const QStringList& extraDataPaths() const { return mExtraData; }
    // The decoded textures shared by the viewport and the browser.
    io::TextureCache* textureCache() const { return mTextureCache.get(); }
    // Tileset textures the game data lists ("Tileset\...\*.blp").
    const QStringList& gameTextures() const { return mGameTextures; }
    // Object bounds and proxy wires from the game data's models (core/models/model_library.h).
    const core::ObjectBoundsSettings& objectBounds() const;
    // Assembles the tile map's minimap from the game data in the background (tests wait on it).
    MinimapBuilder* minimapBuilder() const { return mMinimap; }
    // Loads the tile at the target and points the camera at it (TerrainViewport::flyTo: the target in
    // the middle of the view, facing the target's facing or keeping the heading; the terrain's height
    // when none is given). False, with an error, when the tile is not part of the map. View > Go To
    // starts from the last target reached here while its tile is on the map, else from the camera.
    bool goToPosition(const widgets::GoToTarget& target);
    TerrainViewport* viewport() const { return mViewport; }
    TileStreamer* streamer() const { return mStreamer; }
    ToolSettingsDock* toolSettings() const { return mToolSettings; }
    widgets::TileMapWidget* tileMap() const { return mTileMap; }
    widgets::InfoPanel* infoPanel() const { return mInfo; }
    widgets::TileSummaryPanel* summaryPanel() const { return mSummary; }
    QUndoGroup* undoGroup() const { return mUndoGroup; }
    QAction* undoAction() const { return mUndo; }
    QAction* redoAction() const { return mRedo; }
    // The tool bar's (and Tools menu's) action of a tool.
    QAction* toolAction(ToolId tool) const;
    // The last error shown to the user (also in the status bar); empty after a success.
    QString lastError() const { return mLastError; }
    // The last notice shown to the user (DocumentManager::noticed: a save finished or rolled back at
    // open); kept until the next one.
    QString lastNotice() const { return mLastNotice; }
    // Keyboard shortcuts of the menu actions and the fly keys (Edit > Preferences > Shortcuts): as in
    // use; setShortcuts stores them (QSettings "shortcuts/") and applies them at once.
    const widgets::ShortcutList& shortcuts() const { return mShortcuts; }
    void setShortcuts(const widgets::ShortcutList& shortcuts);
    // Opens Edit > Preferences (on the Shortcuts page when asked).
    void showPreferences(bool shortcutsPage = false);

protected:
    void closeEvent(QCloseEvent* event) override;
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void createActions();
    void createFileMenu();
    void createDocks();
    void connectDocuments();
    void connectRecovery(); // autosave and restore messages
    void connectTools();
    void documentAboutToChange();
    void documentChanged(core::MapDocument* doc);
    void toolChanged(ToolId tool);
    void chooseTexture(const QString& path); // paints `path` from now on: the texture tool, selected
    void chooseModel(const QString& path);   // places `path` from now on: the object tool, selected
    void showSelectedObject();               // the object and info docks show the selection
    void showSelectedObjectLater(); // the same once this event-loop turn is over (edits come in bursts)
    void refreshTextureBrowser();
    void applyPreferences();
    bool applyAssetFolders();
    void applyAssetSources();  // the game data with the open map's folder on top, to every user
    QString mapFolder() const; // the open map's folder; empty without one (bundled)
    void rebuildMinimap();
    void showTileSummary(const core::TileCoord& tile);
    void refreshTileSummary(); // the shown tile changed: summarize it again
    void cursorMoved(std::optional<glm::dvec3> world);
    void updateRing();
    void updateTitle();
    void updateTileMap();
    void updateAlphaActions();
    void rebuildRecentMenu();
    // The File menu's Save: a bundled map asks for a folder (Save As) when dialogs may be shown.
    bool save();
    bool maybeSave();
    void chooseAndOpen();
    void chooseSaveFolder(std::optional<core::TileLayout> layout);
    void exportPatchAsked();
    void exportServerMapsAsked();
    void reportError(const QString& message);
    void reportNotice(const QString& message);
    void reportModelProblem(const core::ModelProblem& problem);
    // Records `action` as rebindable under `id` with its default keys (and sets them).
    void bindShortcut(QAction* action, const QString& id, const QString& label, QList<QKeySequence> defaults);
    void applyShortcuts();
    // After a dialog of ours closed: this window active again and the keyboard in the viewport.
    void reclaimKeyboard();

    DocumentManager* mDocs = nullptr;
    ToolManager* mTools = nullptr;
    Autosave* mAutosave = nullptr;
    RecoveryOffer* mRecovery = nullptr;
    QString mLastError;
    QString mLastNotice;
    std::optional<widgets::GoToTarget> mLastGoTo; // the last target goToPosition reached
    TerrainViewport* mViewport = nullptr;
    TileStreamer* mStreamer = nullptr;
    QAction* mDeleteObjects = nullptr;
    ObjectActions* mObjectActions = nullptr;
    MapRepairAction* mMapRepair = nullptr;
    ImportLevelAction* mImportLevel = nullptr;
    OldLiquidsAction* mOldLiquids = nullptr;
    BakeShadowsAction* mBakeShadows = nullptr;
    TerrainImportActions* mTerrainImports = nullptr; // File > Import: heightmap image, HMP terrain
    TerrainExportActions* mTerrainExports = nullptr; // File > Export: heightmap PNG, HMP5
    MinimapRenderAction* mMinimapRender = nullptr;
    bool mSelectionShowPending = false;
    std::optional<glm::dvec3> mCursor; // the terrain point under the mouse in the viewport
    QAction* mSaveAsV18 = nullptr;
    QAction* mSaveAsSplit = nullptr;
    widgets::TextureBrowser* mTextureBrowser = nullptr;
    widgets::ModelBrowser* mModelBrowser = nullptr;
    widgets::ObjectPropertiesPanel* mObjectPanel = nullptr;
    QDockWidget* mObjectDock = nullptr;
    widgets::EditorPreferences mPreferences;
    core::AssetFolders mAssetFolders;
    QStringList mExtraData; // --data paths of this run
    std::shared_ptr<io::TextureCache> mTextureCache;
    QStringList mGameTextures;
    MinimapBuilder* mMinimap = nullptr;
    std::shared_ptr<core::ModelLibrary> mModels;      // the game data's models (proxies, bounds)
    std::shared_ptr<const io::AssetSource> mGameData; // the game data folders, without the map's
    QString mAssetMapFolder;                          // the map folder mModels reads from; empty: none
    bool mHasGameData = false;                        // game data folders are set (models can be read)
    int mModelProblems = 0;                           // models of mModels without bounds, reported so far
    QActionGroup* mAlphaGroup = nullptr;
    QLabel* mLoadingLabel = nullptr;
    ToolSettingsDock* mToolSettings = nullptr;
    widgets::TileMapWidget* mTileMap = nullptr;
    widgets::InfoPanel* mInfo = nullptr;
    widgets::TileSummaryPanel* mSummary = nullptr;
    QUndoGroup* mUndoGroup = nullptr;
    std::map<ToolId, QAction*> mToolActions; // tool bar and Tools menu
    QAction* mUndo = nullptr;
    QAction* mRedo = nullptr;
    QAction* mSave = nullptr;
    QAction* mSaveAs = nullptr;
    QMenu* mRecentMenu = nullptr;
    QMenu* mViewMenu = nullptr;
    widgets::ShortcutList mShortcuts;       // menu actions (by id) then the fly keys
    std::vector<QAction*> mShortcutActions; // mShortcuts[i] belongs to mShortcutActions[i] (nullptr: fly)
    std::optional<core::TileCoord> mSummaryTile; // the tile the summary shows, as it was then
    QElapsedTimer mDialogClosed;                 // since the last modal dialog of this window closed
};

} // namespace mapsmith::editor
