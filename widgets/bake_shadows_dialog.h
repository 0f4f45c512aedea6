#pragma once
// Map > Bake Shadows: where the sun stands (azimuth in degrees clockwise from north seen from above, 90 =
// east; elevation above the horizon, core/kernels/shadow_kernel.h) and which tiles to bake: the whole map,
// the tiles loaded in the editor, or the tile under the camera; and whether placed models cast (with game
// data, core/edit/model_shadows.h). It only collects the choice; the caller
// bakes (core/edit/bake_shadows.h).

#include "core/geometry/coords.h"
#include "core/kernels/shadow_kernel.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QDoubleSpinBox;
class QRadioButton;

namespace mapsmith::widgets {

enum class BakeScope {
    WholeMap,    // every tile the WDT lists
    LoadedTiles, // the tiles loaded in the editor
    CameraTile,  // the tile under the camera
};

struct BakeShadowsChoice {
    core::SunDirection sun;
    BakeScope scope = BakeScope::LoadedTiles;
    bool models = true; // placed models cast too (where there is game data to read them from)
};

class BakeShadowsDialog final : public QDialog {
    Q_OBJECT
public:
    explicit BakeShadowsDialog(QWidget* parent = nullptr);

    // The tile counts the scopes name; without a camera tile that scope cannot be chosen.
    void setScopes(int mapTiles, int loadedTiles, std::optional<core::TileCoord> cameraTile);
    // Without game data the models checkbox is disabled (and choice().models false).
    void setModelsAvailable(bool available);
    void setChoice(const BakeShadowsChoice& choice);
    BakeShadowsChoice choice() const;

private:
    QDoubleSpinBox* mAzimuth = nullptr;
    QDoubleSpinBox* mElevation = nullptr;
    QRadioButton* mWholeMap = nullptr;
    QRadioButton* mLoaded = nullptr;
    QRadioButton* mCamera = nullptr;
    QCheckBox* mModels = nullptr;
};

} // namespace mapsmith::widgets
