#pragma once
// File > Export > Heightmap PNG and Gamestudio Terrain (HMP5): the file to write, the block of tiles
// and, for the PNG, the heights in yards of black and white (export-heightmap's --min / --max; empty:
// the block's own lowest / highest, shown as the placeholder) and "export missing tiles as 0 yards"
// (--allow-missing). An HMP5 needs every tile of the block, as export-hmp does. It only collects the
// choice; the caller exports (editor/terrain_export_actions.h).

#include "core/convert/terrain_block.h"

#include <QDialog>

#include <functional>
#include <optional>

class QCheckBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace mapsmith::widgets {

class TileBlockFields;

enum class TerrainExportFormat { HeightmapPng, Hmp5 };

struct TerrainExportChoice {
    TerrainExportFormat format = TerrainExportFormat::HeightmapPng;
    QString file;
    core::TileBlock block;
    core::HeightmapExportSettings heights; // PNG only
    bool allowMissing = false;             // PNG only: tiles the map lacks as 0 yards
};

class TerrainExportDialog final : public QDialog {
    Q_OBJECT
public:
    // What the open map says about a block (see HeightmapImportDialog::MapQueries): its range as an
    // export prints it, and how many of its tiles the map lacks with their files.
    struct MapQueries {
        std::function<std::optional<core::HeightRange>(const core::TileBlock&)> range;
        std::function<QString(const core::TileBlock&)> missingTiles;
        std::function<int(const core::TileBlock&)> missingCount;
    };
    TerrainExportDialog(TerrainExportFormat format, MapQueries queries, QWidget* parent = nullptr);

    void setChoice(const TerrainExportChoice& choice);
    TerrainExportChoice choice() const;
    // Empty when Export can run, else what stops it.
    QString problem() const;

private:
    void browse();
    void blockChanged();
    void update();

    TerrainExportFormat mFormat;
    MapQueries mQueries;
    QLineEdit* mFile = nullptr;
    QPushButton* mBrowse = nullptr;
    TileBlockFields* mBlock = nullptr;
    QLineEdit* mMin = nullptr; // PNG only
    QLineEdit* mMax = nullptr;
    QCheckBox* mAllowMissing = nullptr;
    QLabel* mProblem = nullptr;
    QDialogButtonBox* mButtons = nullptr;
};

} // namespace mapsmith::widgets
