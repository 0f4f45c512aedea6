#pragma once
// File > Export > Heightmap PNG... and Gamestudio Terrain (HMP5)...: the dialog
// (widgets::TerrainExportDialog, starting at the tile under the camera and a file beside the map), then
// DocumentManager::exportHeightmap / exportHmp5: the block's heights as the document holds them, the same
// bytes mapsmith-cli export-heightmap / export-hmp write for them, written atomically. Without dialogs
// (MAPSMITH_NO_DIALOGS, or a hidden window) an entry exports the last choice (setChoice). Enabled while a
// map is open.

#include "widgets/terrain_export_dialog.h"

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

class TerrainExportActions final : public QObject {
    Q_OBJECT
public:
    TerrainExportActions(DocumentManager& docs, QMenu* exportMenu, QWidget* window,
                         std::function<std::optional<core::TileCoord>()> cameraTile);

    QAction* heightmapAction() const { return mHeightmapAction; }
    QAction* hmpAction() const { return mHmpAction; }
    const widgets::TerrainExportChoice& choice(widgets::TerrainExportFormat format) const;
    void setChoice(const widgets::TerrainExportChoice& choice);
    // The dialog as the entry shows it, filled for the open map (for the entries and tests).
    std::unique_ptr<widgets::TerrainExportDialog> dialog(widgets::TerrainExportFormat format);
    // Exports with the choice now (what the dialog's Export button does) and remembers it.
    bool exportBlock(const widgets::TerrainExportChoice& choice);

private:
    void trigger(widgets::TerrainExportFormat format);

    DocumentManager& mDocs;
    QWidget* mWindow = nullptr;
    TerrainBlockQueries* mQueries = nullptr;
    QAction* mHeightmapAction = nullptr;
    QAction* mHmpAction = nullptr;
    widgets::TerrainExportChoice mPng;
    widgets::TerrainExportChoice mHmp;
};

} // namespace mapsmith::editor
