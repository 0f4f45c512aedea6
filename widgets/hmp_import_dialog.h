#pragma once
// File > Import > Gamestudio Terrain (HMP): the terrain file (HMP4, HMP5 or HMP7) with its size, heights
// and first skin as a thumbnail, the block of tiles it is stretched over (sized from its vertices at 128
// per tile plus the closing edge when a file is chosen), the height scale and offset (import-hmp's
// --height-scale / --height-offset, defaults 1 and 0; the scale that keeps the terrain's proportions is
// offered) and "tint vertex colours from the skin" (--skin-tint, only when the first skin decodes).
// Import is refused while the map lacks a tile of the block (named). It only collects the choice; the
// caller imports (editor/terrain_import_actions.h).

#include "core/convert/terrain_block.h"
#include "io/gamestudio/hmp.h"

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

struct HmpImportChoice {
    QString file;
    core::TileBlock block;
    core::HmpImportSettings settings;
};

class HmpImportDialog final : public QDialog {
    Q_OBJECT
public:
    // The files of the block's tiles the map does not have (empty: none).
    explicit HmpImportDialog(std::function<QString(const core::TileBlock&)> missingTiles,
                             QWidget* parent = nullptr);

    void setChoice(const HmpImportChoice& choice);
    HmpImportChoice choice() const;
    // Empty when Import can run, else what stops it.
    QString problem() const;
    // The terrain as read for the preview (nullopt when it does not read).
    const std::optional<io::Hmp>& terrain() const { return mHmp; }

private:
    void browse();
    void fileChosen();
    void update();

    std::function<QString(const core::TileBlock&)> mMissingTiles;
    std::optional<io::Hmp> mHmp;
    bool mSkinDecodes = false;
    QLineEdit* mFile = nullptr;
    QPushButton* mBrowse = nullptr;
    QLabel* mPreview = nullptr;
    QLabel* mInfo = nullptr;
    TileBlockFields* mBlock = nullptr;
    QLineEdit* mScale = nullptr;
    QLineEdit* mOffset = nullptr;
    QPushButton* mProportional = nullptr;
    QCheckBox* mTint = nullptr;
    QLabel* mProblem = nullptr;
    QDialogButtonBox* mButtons = nullptr;
};

} // namespace mapsmith::widgets
