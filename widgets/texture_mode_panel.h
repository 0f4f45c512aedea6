#pragma once
// The texture paint tool's section: the texture being painted (chosen elsewhere, e.g. a texture browser
// or the chunk layer list) and the erase toggle. Edits core::TexturePaintSettings except `brush`.

#include "core/edit/texture_paint.h"
#include "widgets/mode_panel.h"

class QCheckBox;
class QLabel;
class QSettings;

namespace mapsmith::widgets {

class TextureModePanel : public ModePanel {
    Q_OBJECT
public:
    explicit TextureModePanel(QWidget* parent = nullptr);

    core::TexturePaintSettings settings() const { return mSettings; }
    void setSettings(const core::TexturePaintSettings& settings);
    // Persists the texture path and erase toggle.
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    void settingsChanged(const mapsmith::core::TexturePaintSettings& settings);

private:
    void showSettings();

    core::TexturePaintSettings mSettings;
    QLabel* mName = nullptr;   // file name
    QLabel* mFolder = nullptr; // folder, dimmed
    QCheckBox* mErase = nullptr;
};

// "Tileset\\Elwynn\\ElwynnGrass.blp" -> {"ElwynnGrass.blp", "Tileset\\Elwynn"} ('/' or '\\').
std::pair<QString, QString> splitTexturePath(const QString& path);

} // namespace mapsmith::widgets
