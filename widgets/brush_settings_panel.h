#pragma once
// Edits the brush shape every tool shares (core::BrushSettings): radius (yards), hardness, strength,
// falloff and dab spacing, plus whether tablet pressure is used. Each number has a slider and a spin box
// kept in sync. The panel holds the settings exactly as set: only the field a user edits changes, so
// setSettings() followed by settings() gives back every value bit for bit (controls round for display).

#include "core/geometry/brush.h"

#include <QFlags>
#include <QWidget>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QSettings;

namespace mapsmith::widgets {

class SliderSpinBox;

class BrushSettingsPanel : public QWidget {
    Q_OBJECT
public:
    // The rows a tool uses (the binary brushes, e.g. holes, use only the radius and spacing).
    enum class Field {
        Radius = 0x1,
        Hardness = 0x2,
        Strength = 0x4,
        Falloff = 0x8,
        Spacing = 0x10,
        TabletPressure = 0x20,
        All = 0x3F,
    };
    Q_DECLARE_FLAGS(Fields, Field)

    static constexpr double kMinRadius = 0.5;   // yd
    static constexpr double kMaxRadius = 500.0; // yd (a tile is 533.3 yd)
    static constexpr double kMinSpacing = 0.01; // fraction of the radius
    static constexpr double kMaxSpacing = 2.0;

    explicit BrushSettingsPanel(QWidget* parent = nullptr);

    core::BrushSettings settings() const { return mSettings; }
    void setSettings(const core::BrushSettings& settings); // emits nothing

    // Tablet pressure on: the tool multiplies strength by the pen pressure; off: pressure is 1.
    bool usesTabletPressure() const { return mUseTabletPressure; }
    void setUseTabletPressure(bool use); // emits nothing

    // Strength is in the tool's units: 0..1 for opacity-like brushes (default), yards per dab for
    // raise/lower. Values already set outside the new range are kept until the user edits them.
    void setStrengthRange(double maximum, int decimals, const QString& suffix);
    void setVisibleFields(Fields fields);
    Fields visibleFields() const { return mVisible; }

    // Persists the settings and the pressure toggle under a group of the panel's own inside the
    // current group of `store` (open a group per tool to keep one brush per tool). loadFrom keeps the
    // current value of every key that is missing or invalid; it emits nothing.
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    // The user edited a control.
    void settingsChanged(const mapsmith::core::BrushSettings& settings);
    void tabletPressureToggled(bool use);

protected:
    void showEvent(QShowEvent* event) override;

private:
    void showSettings();
    void equaliseSpinWidths();
    void edited();

    core::BrushSettings mSettings;
    bool mUseTabletPressure = true;
    Fields mVisible = Field::All;

    QFormLayout* mForm = nullptr;
    SliderSpinBox* mRadius = nullptr;
    SliderSpinBox* mHardness = nullptr; // percent
    SliderSpinBox* mStrength = nullptr;
    QComboBox* mFalloff = nullptr;
    SliderSpinBox* mSpacing = nullptr; // percent of the radius
    QCheckBox* mPressure = nullptr;
};

Q_DECLARE_OPERATORS_FOR_FLAGS(BrushSettingsPanel::Fields)

// Exact field-by-field equality (BrushSettings has no operator==).
bool sameBrush(const core::BrushSettings& a, const core::BrushSettings& b);

} // namespace mapsmith::widgets
