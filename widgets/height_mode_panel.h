#pragma once
// The sculpt tool's section: height mode (raise, lower, flatten, smooth, noise, set) and only the
// fields that mode uses (flatten target, target height, ramp angle and direction, noise seed and scale).

#include "core/kernels/height_kernels.h"
#include "widgets/mode_panel.h"

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QSettings;

namespace mapsmith::widgets {

class HeightModePanel : public ModePanel {
    Q_OBJECT
public:
    // Mode combo entries: RaiseLower appears twice (Raise, Lower: `lower` false / true).
    enum class Entry { Raise, Lower, Flatten, Smooth, Noise, Set };

    explicit HeightModePanel(QWidget* parent = nullptr);

    core::HeightBrushSettings settings() const { return mSettings; }
    void setSettings(const core::HeightBrushSettings& settings);

    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    void settingsChanged(const mapsmith::core::HeightBrushSettings& settings);

private:
    void showSettings();
    void updateVisibility();
    void updateCompass();
    void edited();

    core::HeightBrushSettings mSettings;
    QLabel* mHint = nullptr;
    QComboBox* mMode = nullptr;
    QComboBox* mFlattenTarget = nullptr;
    QDoubleSpinBox* mTargetHeight = nullptr;
    QDoubleSpinBox* mRampAngle = nullptr;
    QWidget* mRampDirectionRow = nullptr;
    QDoubleSpinBox* mRampDirection = nullptr;
    QLabel* mCompass = nullptr;
    QWidget* mSeedRow = nullptr;
    QDoubleSpinBox* mSeed = nullptr; // a double spin box holds every uint32 exactly
    QPushButton* mNewSeed = nullptr;
    QDoubleSpinBox* mNoiseScale = nullptr;
};

} // namespace mapsmith::widgets
