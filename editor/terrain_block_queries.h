#pragma once
// What the terrain import and export dialogs ask the open map about a block of tiles: its height range as
// an export prints it (remembered for the last block until the map's heights change: the dialogs ask on
// every change of their fields), the files of its tiles the map lacks, and the block a dialog starts at
// (its north-west tile under the camera, else the map's start tile).

#include "core/convert/heightmap_image.h"
#include "core/geometry/height_grid.h"

#include <QObject>
#include <QString>

#include <functional>
#include <optional>

namespace mapsmith::editor {

class DocumentManager;

class TerrainBlockQueries final : public QObject {
    Q_OBJECT
public:
    TerrainBlockQueries(DocumentManager& docs, std::function<std::optional<core::TileCoord>()> cameraTile,
                        QObject* parent = nullptr);

    // heightmapExportRange of the block's heights with no range given; nullopt without a map or when a
    // tile cannot be read.
    std::optional<core::HeightRange> range(const core::TileBlock& block);
    // "Map_1_2.adt, Map_2_2.adt" for the block's tiles the map lacks; empty when it has them all.
    QString missingTiles(const core::TileBlock& block) const;
    int missingCount(const core::TileBlock& block) const;
    // One tile: the one under the camera, else the map's start tile, else 32_32.
    core::TileBlock startBlock() const;

private:
    DocumentManager& mDocs;
    std::function<std::optional<core::TileCoord>()> mCameraTile;
    std::optional<std::pair<core::TileBlock, std::optional<core::HeightRange>>> mLast;
};

} // namespace mapsmith::editor
