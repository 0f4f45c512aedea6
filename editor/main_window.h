#pragma once
// The Mapsmith main window: a map document shown in the Qt 3D viewport, the tool bar of editing tools,
// and docks for tool settings, undo history, the tile map, cursor info and the tile summary. It wires
// views to the document and owns no terrain logic (core does the editing, io the files).

#include "core/document/asset_folders.h"
#include "core/geometry/coords.h"
#include "core/document/map_source.h"
#include "core/geometry/object_model.h"
#include "io/adt/alpha_codec.h"
#include "widgets/go_to_dialog.h"
#include "widgets/preferences_dialog.h"
#include "widgets/shortcut_settings.h"

#include <QElapsedTimer>
#include <QMainWindow>
#include <QPointer>
#include <QString>
#include <QStringList>

#include <memory>
#include <optional>

#include <glm/vec3.hpp>

class QAction;
class QActionGroup;
class QDockWidget;
class QLabel;
class QMenu;
class QUndoGroup;

namespace mapsmith::core {
class MapDocument;
class UniqueIdAllocator;
struct NewMapSpec;
} // namespace mapsmith::core

namespace mapsmith::io {
class TextureCache;
}

namespace mapsmith::widgets {
struct GoToTarget;
class InfoPanel;
class TextureBrowser;
class ObjectPropertiesPanel;
class TileMapWidget;
class TileSummaryPanel;
} // namespace mapsmith::widgets

namespace mapsmith::editor {

class MinimapBuilder;
class ModelLibrary;
class TerrainViewport;
class TileStreamer;
class Tool;
class ToolBox;
class ToolSettingsDock;

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    // Opens a map from its .wdt, or from any of its .adt tiles (the WDT beside it is used). Loads the
    // tiles around the start tile (all of them for small maps) and puts the camera over it. On failure
    // the current map stays and the error is shown. Returns success.
    bool openMap(const QString& path);
    // Saves every modified tile in place (atomically, keeping .bak). Maps opened from the bundled
    // resources have no folder: save() then asks for one (saveAs). Returns success.
    bool save();
    // Writes the whole map into `folder` and continues there, in `layout` (default: the layout the map
    // was read in; v18 for the bundled demo).
    bool saveAs(const QString& folder, std::optional<core::TileLayout> layout = std::nullopt);
    // Writes the saved map (WDT, WDL, tiles; core/convert/export_patch.h) into a new patch MPQ at mpqPath, with
    // progress and Cancel. Unsaved changes are saved first after asking (refused without dialogs); a map
    // not saved to a folder yet is refused. The path is remembered per map for the next export.
    bool exportPatch(const QString& mpqPath);
    // File > Import 0.5.3 Alpha Map: converts the alpha WDT into v18 tiles (or split sets) in `outDir`
    // (core::importAlphaMap, with progress and Cancel) and opens the result. Tiles that fail are named;
    // the others are kept. False, with an error, when nothing could be opened.
    bool importAlphaMap(const QString& alphaWdt, const QString& outDir,
                        core::TileLayout layout = core::TileLayout::V18);
    // Where File > Export Patch MPQ proposes to write: the last export of this map, else the custom
    // patch name that wins in the client's Data folder (core::nextFreePatchName), else beside the map.
    QString defaultPatchPath() const;

    core::MapDocument* document() const { return mDoc.get(); }
    // The whole window as shown, with the viewport's last rendered frame painted in (a plain grab()
    // leaves the Qt 3D window black). Null viewport part when the capture timed out.
    QImage grabWithViewport();
    // Writes a new map (core::createMap, with a progress dialog) and opens it; asks to save the
    // current map first. False, with an error, when creating failed or was cancelled.
    bool createMap(const core::NewMapSpec& spec);
    // Stores the preferences (QSettings) and applies them: view distance, streaming radius, undo memory.
    void setPreferences(const widgets::EditorPreferences& preferences);
    const widgets::EditorPreferences& preferences() const { return mPreferences; }
    // How saves encode alpha maps for this map (nullopt: as read); remembered per map. Re-encoding
    // needs an 8-bit map: on a 4-bit map the choice falls back to "as read" (returns false).
    bool setSaveAlphaEncoding(std::optional<io::AlphaEncoding> encoding);
    std::optional<io::AlphaEncoding> saveAlphaEncoding() const { return mSaveAlpha; }
    // Paints `path` from now on: sets the texture tool's texture and selects that tool.
    void chooseTexture(const QString& path);
    widgets::TextureBrowser* textureBrowser() const { return mTextureBrowser; }
    // Stores the game data folders (QSettings) and opens them: the viewport and the texture browser
    // show the game's textures from then on. Folders that cannot be used are skipped and reported
    // (lastError()); returns false then.
    bool setAssetFolders(const core::AssetFolders& folders);
    const core::AssetFolders& assetFolders() const { return mAssetFolders; }
    // The decoded textures shared by the viewport and the browser.
    io::TextureCache* textureCache() const { return mTextureCache.get(); }
    // Tileset textures the game data lists ("Tileset\...\*.blp").
    const QStringList& gameTextures() const { return mGameTextures; }
    // Object bounds and proxy wires from the game data's models (editor/model_library.h).
    const core::ObjectBoundsSettings& objectBounds() const;
    // Assembles the tile map's minimap from the game data in the background (tests wait on it).
    MinimapBuilder* minimapBuilder() const { return mMinimap; }
    // Deletes the object tool's selection (one undo step); returns how many objects went.
    int deleteSelectedObjects();
    // Loads the tile at the target and points the camera at it (TerrainViewport::flyTo: the target in
    // the middle of the view, facing the target's facing or keeping the heading; the terrain's height
    // when none is given). False, with an error, when the tile is not part of the map. View > Go To
    // starts from the last target reached here while its tile is on the map, else from the camera.
    bool goToPosition(const widgets::GoToTarget& target);
    TerrainViewport* viewport() const { return mViewport; }
    TileStreamer* streamer() const { return mStreamer; }
    ToolBox* tools() const { return mTools; }
    ToolSettingsDock* toolSettings() const { return mToolSettings; }
    widgets::TileMapWidget* tileMap() const { return mTileMap; }
    widgets::InfoPanel* infoPanel() const { return mInfo; }
    widgets::TileSummaryPanel* summaryPanel() const { return mSummary; }
    QUndoGroup* undoGroup() const { return mUndoGroup; }
    QAction* undoAction() const { return mUndo; }
    QAction* redoAction() const { return mRedo; }
    QAction* toolAction(int index) const;
    int currentTool() const { return mCurrentTool; }
    void selectTool(int index);
    QString mapPath() const { return mPath; }
    // The last error shown to the user (also in the status bar); empty after a success.
    QString lastError() const { return mLastError; }
    QStringList recentFiles() const;
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
    void createDocks();
    void connectViewport();
    void connectObjectTool();
    void refreshTextureBrowser();
    void applyPreferences();
    bool applyAssetFolders();
    void rebuildMinimap();
    QString mapSettingsKey(const QString& what) const;
    int toolIndex(const Tool* tool) const;
    void loadTilesAround(const core::TileCoord& centre, int radius);
    void showTileSummary(const core::TileCoord& tile);
    void refreshTileSummary(); // the shown tile changed: summarize it again
    void cursorMoved(std::optional<glm::dvec3> world);
    void updateRing();
    void updateTitle();
    void updateTileMap();
    void addRecentFile(const QString& path);
    void rebuildRecentMenu();
    bool maybeSave();
    void chooseAndOpen();
    void chooseSaveFolder(std::optional<core::TileLayout> layout);
    void reportError(const QString& message);
    // Records `action` as rebindable under `id` with its default keys (and sets them).
    void bindShortcut(QAction* action, const QString& id, const QString& label, QList<QKeySequence> defaults);
    void applyShortcuts();
    // After a dialog of ours closed: this window active again and the keyboard in the viewport.
    void reclaimKeyboard();

    std::unique_ptr<core::MapDocument> mDoc;
    QString mPath;
    QString mLastError;
    std::optional<widgets::GoToTarget> mLastGoTo; // the last target goToPosition reached
    TerrainViewport* mViewport = nullptr;
    ToolBox* mTools = nullptr;
    TileStreamer* mStreamer = nullptr;
    std::unique_ptr<core::UniqueIdAllocator> mIds; // per document: ids for object edits
    QAction* mDeleteObjects = nullptr;
    QAction* mSaveAsV18 = nullptr;
    QAction* mSaveAsSplit = nullptr;
    widgets::TextureBrowser* mTextureBrowser = nullptr;
    widgets::ObjectPropertiesPanel* mObjectPanel = nullptr;
    QDockWidget* mObjectDock = nullptr;
    widgets::EditorPreferences mPreferences;
    core::AssetFolders mAssetFolders;
    std::shared_ptr<io::TextureCache> mTextureCache;
    QStringList mGameTextures;
    MinimapBuilder* mMinimap = nullptr;
    std::shared_ptr<ModelLibrary> mModels; // the game data's models (proxies, bounds)
    std::optional<io::AlphaEncoding> mSaveAlpha;
    QActionGroup* mAlphaGroup = nullptr;
    QLabel* mLoadingLabel = nullptr;
    ToolSettingsDock* mToolSettings = nullptr;
    widgets::TileMapWidget* mTileMap = nullptr;
    widgets::InfoPanel* mInfo = nullptr;
    widgets::TileSummaryPanel* mSummary = nullptr;
    QUndoGroup* mUndoGroup = nullptr;
    QActionGroup* mToolGroup = nullptr;
    QAction* mUndo = nullptr;
    QAction* mRedo = nullptr;
    QAction* mSave = nullptr;
    QAction* mSaveAs = nullptr;
    QMenu* mRecentMenu = nullptr;
    QMenu* mViewMenu = nullptr;
    int mCurrentTool = 0;
    widgets::ShortcutList mShortcuts;       // menu actions (by id) then the fly keys
    std::vector<QAction*> mShortcutActions; // mShortcuts[i] belongs to mShortcutActions[i] (nullptr: fly)
    std::optional<core::TileCoord> mSummaryTile; // the tile the summary shows, as it was then
    QElapsedTimer mDialogClosed;                 // since the last modal dialog of this window closed
};

} // namespace mapsmith::editor
