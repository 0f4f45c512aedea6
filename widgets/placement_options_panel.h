#pragma once
// How the object tool places a new model (core::PlacementOptions): random heading, a random scale range,
// a random tilt, upright or along the terrain slope, and snapping to the ground.

#include "core/geometry/placement_options.h"
#include "widgets/mode_panel.h"

class QCheckBox;
class QDoubleSpinBox;

namespace mapsmith::widgets {

class PlacementOptionsPanel final : public ModePanel {
    Q_OBJECT
public:
    explicit PlacementOptionsPanel(QWidget* parent = nullptr);

    core::PlacementOptions settings() const { return mSettings; }
    void setSettings(const core::PlacementOptions& settings); // no signal

signals:
    void settingsChanged(const mapsmith::core::PlacementOptions& settings);

private:
    void showSettings();

    core::PlacementOptions mSettings;
    QCheckBox* mRandomHeading = nullptr;
    QDoubleSpinBox* mScaleMin = nullptr;
    QDoubleSpinBox* mScaleMax = nullptr;
    QDoubleSpinBox* mTilt = nullptr;
    RadioPair mUpright;
    QCheckBox* mSnap = nullptr;
};

} // namespace mapsmith::widgets
