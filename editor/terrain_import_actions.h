#pragma once
// File > Import > Heightmap Image... and Gamestudio Terrain (HMP)...: the dialog
// (widgets::HeightmapImportDialog / HmpImportDialog, starting at the block whose north-west tile is under
// the camera and, for the heightmap, the block's own range), then DocumentManager::importHeightmap /
// importHmp: one undo step, progress per tile with Cancel, the outcome in the status bar. Without dialogs
// (MAPSMITH_NO_DIALOGS, or a hidden window) an entry imports the last choice (setHeightmapChoice /
// setHmpChoice). Enabled while a map is open.

#include "widgets/heightmap_import_dialog.h"
#include "widgets/hmp_import_dialog.h"

#include <QObject>

#include <functional>
#include <memory>
#include <optional>

class QAction;
class QMenu;
class QWidget;

namespace mapsmith::editor {

class DocumentManager;
class TerrainBlockQueries;

class TerrainImportActions final : public QObject {
    Q_OBJECT
public:
    TerrainImportActions(DocumentManager& docs, QMenu* importMenu, QWidget* window,
                         std::function<std::optional<core::TileCoord>()> cameraTile);

    QAction* heightmapAction() const { return mHeightmapAction; }
    QAction* hmpAction() const { return mHmpAction; }
    const widgets::HeightmapImportChoice& heightmapChoice() const { return mHeightmap; }
    void setHeightmapChoice(const widgets::HeightmapImportChoice& choice) { mHeightmap = choice; }
    const widgets::HmpImportChoice& hmpChoice() const { return mHmp; }
    void setHmpChoice(const widgets::HmpImportChoice& choice) { mHmp = choice; }
    // The dialogs as the entries show them, filled for the open map (for the entries and tests).
    std::unique_ptr<widgets::HeightmapImportDialog> heightmapDialog();
    std::unique_ptr<widgets::HmpImportDialog> hmpDialog();

    // Imports with the choice now (what the dialogs' Import button does) and remembers it.
    bool importHeightmap(const widgets::HeightmapImportChoice& choice);
    bool importHmp(const widgets::HmpImportChoice& choice);

private:
    void triggerHeightmap();
    void triggerHmp();
    bool dialogsAllowed() const;
    core::TileBlock startBlock(const std::optional<core::TileBlock>& last) const;

    DocumentManager& mDocs;
    QWidget* mWindow = nullptr;
    TerrainBlockQueries* mQueries = nullptr;
    QAction* mHeightmapAction = nullptr;
    QAction* mHmpAction = nullptr;
    widgets::HeightmapImportChoice mHeightmap;
    widgets::HmpImportChoice mHmp;
};

} // namespace mapsmith::editor
