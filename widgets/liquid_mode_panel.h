#pragma once
// Liquid tool section: what the brush does (add, remove, set height / type / depth), the liquid type,
// and the surface: flat at a height (absolute, or above the terrain where the stroke starts) or an
// angled plane.

#include "core/edit/liquid_edit.h"
#include "widgets/mode_panel.h"

class QCheckBox;
class QComboBox;
class QSettings;

namespace mapsmith::widgets {

class LiquidModePanel : public ModePanel {
    Q_OBJECT
public:
    explicit LiquidModePanel(QWidget* parent = nullptr);
    core::LiquidSettings settings() const { return mSettings; }
    void setSettings(const core::LiquidSettings& settings);
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    void settingsChanged(const mapsmith::core::LiquidSettings& settings);

private:
    void showSettings();

    core::LiquidSettings mSettings;
    QComboBox* mMode = nullptr;
    QComboBox* mType = nullptr;
    QDoubleSpinBox* mHeight = nullptr;
    QCheckBox* mFromStart = nullptr;
    QDoubleSpinBox* mAngle = nullptr;
    QDoubleSpinBox* mOrientation = nullptr;
};

} // namespace mapsmith::widgets
