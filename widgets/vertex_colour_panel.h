#pragma once
// The vertex colour (MCCV) tool's section: the paint colour (a button opening a colour dialog), erase
// back to neutral, and whether chunks left all neutral drop their MCCV. Edits the fields of
// core::VertexColourBrushSettings except `brush` (see mode_panel.h).
//
// Colours are shown as stored: each channel 0..255 with 0x7F (mid grey) leaving the terrain unchanged
// and 0xFF doubling it. The stored alpha byte is kept when a new colour is picked.

#include "core/kernels/chunk_brushes.h"
#include "widgets/mode_panel.h"

#include <QColor>

#include <functional>
#include <optional>

class QCheckBox;
class QPushButton;
class QSettings;

namespace mapsmith::widgets {

class VertexColourModePanel : public ModePanel {
    Q_OBJECT
public:
    // Asks the user for a colour starting from `current`; nullopt = cancelled.
    using ColourPicker = std::function<std::optional<QColor>(const QColor& current, QWidget* parent)>;

    explicit VertexColourModePanel(QWidget* parent = nullptr);

    core::VertexColourBrushSettings settings() const { return mSettings; }
    void setSettings(const core::VertexColourBrushSettings& settings);
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

    // Replaces the colour dialog (e.g. in tests). The default opens a QColorDialog, except when the
    // environment variable MAPSMITH_NO_DIALOGS is set: then it opens nothing and returns nullopt.
    void setColourPicker(ColourPicker picker) { mPicker = std::move(picker); }
    static std::optional<QColor> dialogPicker(const QColor& current, QWidget* parent);

    // The paint colour as RGB (alpha ignored), as the button shows it.
    static QColor toQColor(std::uint32_t bgra);

signals:
    void settingsChanged(const mapsmith::core::VertexColourBrushSettings& settings);

private:
    void showSettings();
    void pickColour();

    core::VertexColourBrushSettings mSettings;
    ColourPicker mPicker = &VertexColourModePanel::dialogPicker;
    QPushButton* mColour = nullptr;
    QCheckBox* mErase = nullptr;
    QCheckBox* mDropNeutral = nullptr;
};

} // namespace mapsmith::widgets
