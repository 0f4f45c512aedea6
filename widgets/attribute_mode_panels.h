#pragma once
// Settings sections of the chunk-attribute tools (core/edit/attribute_strokes.h): holes, shadow, area id and
// impassable. Each edits its struct's fields except `brush` (see mode_panel.h).

#include "core/edit/attribute_strokes.h"
#include "widgets/mode_panel.h"

class QCheckBox;
class QComboBox;
class QSettings;
class QSpinBox;

namespace mapsmith::widgets {

class HoleModePanel : public ModePanel {
    Q_OBJECT
public:
    explicit HoleModePanel(QWidget* parent = nullptr);

    core::HoleBrushSettings settings() const { return mSettings; }
    void setSettings(const core::HoleBrushSettings& settings);
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    void settingsChanged(const mapsmith::core::HoleBrushSettings& settings);

private:
    void showSettings();

    core::HoleBrushSettings mSettings;
    RadioPair mMode;
    QCheckBox* mHighRes = nullptr;
};

class ShadowModePanel : public ModePanel {
    Q_OBJECT
public:
    explicit ShadowModePanel(QWidget* parent = nullptr);

    core::ShadowBrushSettings settings() const { return mSettings; }
    void setSettings(const core::ShadowBrushSettings& settings);
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    void settingsChanged(const mapsmith::core::ShadowBrushSettings& settings);

private:
    core::ShadowBrushSettings mSettings;
    RadioPair mMode;
};

class AreaIdModePanel : public ModePanel {
    Q_OBJECT
public:
    explicit AreaIdModePanel(QWidget* parent = nullptr);

    core::AreaIdBrushSettings settings() const { return mSettings; }
    void setSettings(const core::AreaIdBrushSettings& settings);
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    void settingsChanged(const mapsmith::core::AreaIdBrushSettings& settings);

private:
    void showSettings();

    core::AreaIdBrushSettings mSettings;
    QSpinBox* mAreaId = nullptr;
    QComboBox* mPick = nullptr;
};

class ImpassableModePanel : public ModePanel {
    Q_OBJECT
public:
    explicit ImpassableModePanel(QWidget* parent = nullptr);

    core::ImpassableBrushSettings settings() const { return mSettings; }
    void setSettings(const core::ImpassableBrushSettings& settings);
    void saveTo(QSettings& store) const;
    void loadFrom(QSettings& store);

signals:
    void settingsChanged(const mapsmith::core::ImpassableBrushSettings& settings);

private:
    void showSettings();

    core::ImpassableBrushSettings mSettings;
    RadioPair mMode;
    QComboBox* mPick = nullptr;
};

// A combo choosing which chunks a whole-chunk brush picks (core::ChunkPick), named `objectName`.
QComboBox* makeChunkPickCombo(const QString& objectName, QWidget* parent);

} // namespace mapsmith::widgets
