#pragma once
// A block of tiles in the import and export dialogs: its north-west tile (X east, Y south, 0..63) and
// its size in tiles, kept inside the map's 64 x 64 grid, with a line naming the block as mapsmith-cli's
// --tiles takes it ("30_40:31_41") and the vertices (pixels) it spans.

#include "core/geometry/height_grid.h"

#include <QWidget>

class QLabel;
class QSpinBox;

namespace mapsmith::widgets {

class TileBlockFields final : public QWidget {
    Q_OBJECT
public:
    explicit TileBlockFields(QWidget* parent = nullptr);

    core::TileBlock block() const;
    // Cut at the map's edge when it reaches past tile 63.
    void setBlock(const core::TileBlock& block);

signals:
    void blockChanged(const mapsmith::core::TileBlock& block);

private:
    void update();

    QSpinBox* mFirstX = nullptr;
    QSpinBox* mFirstY = nullptr;
    QSpinBox* mTilesX = nullptr;
    QSpinBox* mTilesY = nullptr;
    QLabel* mSummary = nullptr;
    bool mSetting = false; // setBlock() is filling the fields: one blockChanged at its end
};

} // namespace mapsmith::widgets
