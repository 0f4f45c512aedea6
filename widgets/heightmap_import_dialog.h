#pragma once
// File > Import > Heightmap Image: the image (a 16-bit grayscale PNG as File > Export > Heightmap PNG and
// mapsmith-cli export-heightmap write, or any image Qt reads) with a thumbnail and its size, the block of
// tiles it is stretched over (sized from the image at 128 pixels per tile plus the closing edge when an
// image is chosen) and the heights in yards of its black and white (import-heightmap's --min / --max,
// required as there; pre-filled with the block's lowest and highest as an export of it prints them, so
// importing an unchanged export changes nothing). Import is refused while the map lacks a tile of the
// block (named). It only collects the choice; the caller imports (editor/terrain_import_actions.h).

#include "core/convert/heightmap_image.h"
#include "core/geometry/height_grid.h"

#include <QDialog>
#include <QImage>

#include <functional>
#include <optional>

class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QPushButton;

namespace mapsmith::widgets {

class TileBlockFields;

struct HeightmapImportChoice {
    QString image;
    core::TileBlock block;
    double min = 0.0; // yards of pixel value 0
    double max = 1.0; // yards of the brightest pixel value
};

class HeightmapImportDialog final : public QDialog {
    Q_OBJECT
public:
    // What the open map says about a block: its lowest and highest height as an export prints them
    // (nullopt: unknown), and the files of its tiles the map does not have (empty: none).
    struct MapQueries {
        std::function<std::optional<core::HeightRange>(const core::TileBlock&)> range;
        std::function<QString(const core::TileBlock&)> missingTiles;
    };
    explicit HeightmapImportDialog(MapQueries queries, QWidget* parent = nullptr);

    // Fills the fields; the range is the block's own when the choice's is not a range (min >= max).
    void setChoice(const HeightmapImportChoice& choice);
    HeightmapImportChoice choice() const;
    // Empty when Import can run, else what stops it.
    QString problem() const;
    // The image as read for the preview (null when it does not read).
    const QImage& image() const { return mImage; }

private:
    void browse();
    void imageChosen();
    void fillRange();
    void update();

    MapQueries mQueries;
    QImage mImage;
    QLineEdit* mFile = nullptr;
    QPushButton* mBrowse = nullptr;
    QLabel* mPreview = nullptr;
    QLabel* mInfo = nullptr;
    TileBlockFields* mBlock = nullptr;
    QLineEdit* mMin = nullptr;
    QLineEdit* mMax = nullptr;
    QPushButton* mBlockRange = nullptr;
    QLabel* mProblem = nullptr;
    QDialogButtonBox* mButtons = nullptr;
};

} // namespace mapsmith::widgets
