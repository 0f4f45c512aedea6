#pragma once
// The open map and the work on its files: open, save, save as (v18 or split), new maps, the 0.5.3
// alpha import, the patch MPQ and server map exports, the per-map save settings and the recent-file list. It
// shows no dialogs: long operations report progress (and stop on cancel()), failures report an error naming
// the file and the system's reason, successes a summary; a modified document is replaced (open, create,
// import) only when the replace guard the window supplies agrees.

#include "core/convert/server_maps.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/bake_shadows.h"
#include "core/edit/mclq_conversion.h"
#include "core/edit/terrain_import.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "core/repair/document_repair.h"
#include "io/adt/alpha_codec.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <map>
#include <memory>
#include <optional>

namespace mapsmith::io {
class TextureCache;
}

namespace mapsmith::core {
class UniqueIdAllocator;
struct NewMapSpec;
} // namespace mapsmith::core

namespace mapsmith::editor {

class DocumentManager final : public QObject {
    Q_OBJECT
public:
    explicit DocumentManager(QObject* parent = nullptr);
    ~DocumentManager() override;

    core::MapDocument* document() const { return mDoc.get(); }
    // Where object edits take new uniqueIds from: attached to the document (null without one).
    core::UniqueIdAllocator* ids() const { return mIds.get(); }
    // The open map's .wdt (":/..." for a map from the bundled resources); empty before the first open.
    QString path() const { return mPath; }
    // A map from the bundled resources has no folder: save() refuses it (Save As is needed).
    bool isBundled() const;
    // The tile open() started at: the one asked for, else the present tile nearest the map's middle.
    std::optional<core::TileCoord> startTile() const { return mStartTile; }

    // Asked before a modified document is replaced by another (open, create, import): false keeps it.
    // Without a guard the document is replaced.
    void setReplaceGuard(std::function<bool()> guard) { mReplaceGuard = std::move(guard); }
    // Asked before a save writes something a consumer would reject or misread (core/check/save_check.h),
    // with the problems named per file and consumer: false cancels the save. Without a guard it writes.
    void setSaveGuard(std::function<bool(const QString& problems)> guard) { mSaveGuard = std::move(guard); }
    // The game data's model boxes, for the 0.5.3 import's doodad references (unset: none known).
    void setModelBounds(core::ModelBoundsFn bounds) { mModelBounds = std::move(bounds); }

    // Opens a map from its .wdt, from any of its .adt tiles (the WDT beside it is used; a split file
    // counts too) or from a map folder holding exactly one .wdt. Loads the tiles around the start tile
    // (all of them for small maps). On failure the current document stays. Returns success.
    bool open(const QString& path);
    // Saves every modified tile in place (atomically, keeping .bak). Refused for a bundled map.
    bool save();
    // Writes the whole map into `folder` and continues there, in `layout` (default: the layout the map
    // was read in).
    bool saveAs(const QString& folder, std::optional<core::TileLayout> layout = std::nullopt);
    // Writes a new map (core::createMap) and opens it.
    bool create(const core::NewMapSpec& spec);
    // Converts a 0.5.3 alpha WDT into v18 tiles (or split sets) in `outDir` (core::importAlphaMap) and
    // opens the result. Tiles that fail are named in an error; the others are kept. False when nothing
    // could be opened.
    bool importAlphaMap(const QString& alphaWdt, const QString& outDir,
                        core::TileLayout layout = core::TileLayout::V18);
    // Writes the saved map (WDT, WDL, tiles; core/convert/export_patch.h) into a new patch MPQ at
    // mpqPath. Refused while the document has unsaved changes or no folder. The path is remembered per
    // map (defaultPatchPath).
    bool exportPatch(const QString& mpqPath);
    // Map > Repair: the repair rules over the whole map as one undo step (core/repair/document_repair.h),
    // with progress and Cancel. Returns the report (nullopt without a document or when cancelled).
    std::optional<core::DocumentRepairReport> repairMap();
    // Map > Convert Old Liquids: MCLQ to MH2O in `tiles` (every tile of the map when empty) as one undo
    // step (core/edit/mclq_conversion.h), with progress and Cancel; tiles that fail are reported as an
    // error. Returns the report (nullopt without a document or when cancelled).
    std::optional<core::DocumentMclqReport> convertOldLiquids(const std::vector<core::TileCoord>& tiles = {});
    // Map > Bake Shadows: the terrain's shadows baked into the tiles as one undo step
    // (core/edit/bake_shadows.h; document_manager_shadows.cpp), with progress per tile and Cancel.
    // Returns the report (nullopt without a document, on failure or when cancelled).
    std::optional<core::BakeShadowsReport> bakeShadows(const core::BakeShadowsSettings& settings);
    // File > Import > Heightmap Image / Gamestudio Terrain (document_manager_terrain.cpp): the file read
    // and set on `block` as mapsmith-cli import-heightmap / import-hmp set it on the files
    // (core/convert/terrain_block.h), as one undo step (core/edit/terrain_import.h) with progress per tile
    // and Cancel. Every tile of the block must be in the map (the missing ones are named). Returns the
    // report (nullopt without a document, on failure or when cancelled).
    std::optional<core::TerrainImportReport>
    importHeightmap(const QString& image, const core::TileBlock& block, double minHeight, double maxHeight);
    std::optional<core::TerrainImportReport> importHmp(const QString& hmp, const core::TileBlock& block,
                                                       const core::HmpImportSettings& settings);
    // File > Export > Heightmap PNG / Gamestudio Terrain (HMP5): the block's heights as the open document
    // holds them (unsaved edits included), encoded as export-heightmap / export-hmp encode them (the same
    // bytes for the same heights) and written atomically at `path`. The PNG returns the range used (as
    // printed; nullopt on failure); tiles the map lacks are 0 yards with allowMissing, else refused.
    std::optional<core::HeightRange> exportHeightmap(const QString& path, const core::TileBlock& block,
                                                     const core::HeightmapExportSettings& settings,
                                                     bool allowMissing);
    bool exportHmp5(const QString& path, const core::TileBlock& block);
    // The block's heights from the open document (core::sampleDocumentBlock) without progress; nullopt
    // without a document or when a tile cannot be read.
    std::optional<core::HeightGrid> blockHeights(const core::TileBlock& block);
    // Where an export proposes to write: the last export of this map, else the custom patch name that
    // wins in the client's Data folder under `clientData` (core::nextFreePatchName), else beside the map.
    QString defaultPatchPath(const QString& clientData) const;
    // Writes the saved map's server .map files (core/convert/server_maps.h: every tile, with the request's
    // map id, core and folder; document_manager_server_maps.cpp). Refused while the document has unsaved
    // changes or no folder. Remembered per map (serverMapsSettings).
    bool exportServerMaps(const core::ServerMapsRequest& request);
    // Map > Render Minimaps: renders the saved map's minimaps into its folder's minimaps/ tree
    // (core/render/minimap_export.h; textures and md5translate.trs from `gameData`, may be null) on a
    // worker thread, with progress per tile and Cancel (document_manager_minimaps.cpp). With game data and
    // drawModels, the placed models are drawn too (read through a model library of their own over the same
    // game data); the summary counts them and names the missing ones. Refused while the document has
    // unsaved changes or no folder.
    bool renderMinimaps(std::shared_ptr<io::TextureCache> gameData, int size = 256, bool drawModels = true);
    // The map's own rendered minimaps folder (<map folder>/minimaps); empty for a bundled map.
    QString minimapFolder() const;
    // The map id, core and folder of this map's last server map export; nullopt before the first.
    std::optional<core::ServerMapsRequest> serverMapsSettings() const;
    // Loads the map's tiles within `radius` tiles of `centre` that are not loaded yet; each tile that
    // fails is reported (the others load).
    void loadTilesAround(const core::TileCoord& centre, int radius);
    // Tiles of this document that could not be loaded (when opened, by loadTilesAround, or noted from the
    // streamer), with the reason; empty for a new document. The Tile Map marks them.
    const std::map<core::TileCoord, QString>& failedTiles() const { return mFailedTiles; }
    // Records a tile the streamer could not load; emits failedTilesChanged (the status bar is the
    // caller's: a streamed tile is reported where the camera is).
    void noteTileFailed(core::TileCoord tile, const QString& message);

    // How saves encode alpha maps for this map (nullopt: as read); remembered per map. Re-encoding
    // needs an 8-bit map: on a 4-bit map the choice falls back to "as read" (returns false).
    bool setSaveAlphaEncoding(std::optional<io::AlphaEncoding> encoding);
    std::optional<io::AlphaEncoding> saveAlphaEncoding() const { return mSaveAlpha; }

    // Maps opened or saved as lately, newest first: absolute paths of files that still exist.
    QStringList recentFiles() const;

    // Runs `work` on a worker thread while the progress dialog shows `label` (no steps; it appears after
    // 0.4 s like the others) and the window stays responsive. False when Cancel was pressed: the work still
    // ran to its end (it cannot be stopped half-way) but its result is to be dropped. `work` must touch
    // nothing the UI thread uses meanwhile (document_manager_background.cpp).
    bool runInBackground(const QString& label, const std::function<void()>& work);

public slots:
    // Stops the running operation after the tile or file being written (it then fails).
    void cancel() { mCancelled = true; }

signals:
    void documentAboutToChange(); // the current document, still valid, is about to go
    void documentChanged(mapsmith::core::MapDocument* doc); // the new one, its start tiles loaded
    void saved();                                           // its files (and maybe its folder) changed
    void saveAlphaEncodingChanged();
    void recentFilesChanged();
    // A long operation of `total` steps (0: not known yet) began, advanced, ended.
    void progressStarted(const QString& label, int total);
    void progressed(int done, int total);
    void progressFinished();
    // Something failed (the message names the file and the reason); shown to the user.
    void errorOccurred(const QString& message);
    // failedTiles() changed (a tile failed to load).
    void failedTilesChanged();
    // An operation succeeded: a summary for the status bar, shown for `timeoutMs`.
    void succeeded(const QString& summary, int timeoutMs);
    // Something the user must learn that is not a failure (opening a map finished or rolled back a save
    // that was interrupted); shown to the user like an error, as information.
    void noticed(const QString& message);

private:
    class Progress;
    std::optional<core::TerrainImportReport> importTerrain(const core::TileBlock& block,
                                                           const core::TerrainImport& import,
                                                           const QString& undoText, const QString& source);
    std::optional<core::HeightGrid> sampleWithProgress(const core::TileBlock& block);
    bool openMap(const QString& given, bool askToReplace);
    // loadTilesAround without the report: the message naming the tiles that failed (one line each, at
    // most three listed), empty when none did.
    QString loadTiles(const core::TileCoord& centre, int radius);
    bool mayReplace() const;
    bool mayWrite(bool saveAs) const; // the save guard's answer when the save has problems
    QString mapSettingsKey(const QString& what) const;
    void addRecentFile(const QString& path);

    std::unique_ptr<core::MapDocument> mDoc;
    std::unique_ptr<core::UniqueIdAllocator> mIds; // per document
    QString mPath;
    std::optional<core::TileCoord> mStartTile;
    std::map<core::TileCoord, QString> mFailedTiles;
    std::optional<io::AlphaEncoding> mSaveAlpha;
    std::function<bool()> mReplaceGuard;
    std::function<bool(const QString&)> mSaveGuard;
    core::ModelBoundsFn mModelBounds;
    bool mCancelled = false; // cancel() during the running operation
};

} // namespace mapsmith::editor
