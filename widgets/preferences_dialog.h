#pragma once
// Edit > Preferences: editor-wide settings, typed, stored in QSettings under "preferences/", and the
// keyboard shortcuts (shortcut_settings.h) on a page of their own.

#include "widgets/shortcut_settings.h"

#include <QDialog>

class QDialogButtonBox;
class QDoubleSpinBox;
class QSettings;
class QSpinBox;
class QTabWidget;

namespace mapsmith::widgets {

struct EditorPreferences {
    double viewDistance = 3000.0; // yards: far plane and fog end of the viewport
    int streamRadius = 1;         // tiles kept loaded around the camera (1 = 3x3), 0..4
    int undoBudgetMiB = 256;      // compressed undo snapshots kept in memory before spilling to disk
    int textureCacheMiB = 256;    // decoded game textures kept for the viewport and browser, 16..8192
    int autosaveMinutes = 5;      // autosave of unsaved changes for crash recovery, 0 (off)..120
    int autosaveStrokes = 20;     // ... and after this many edits (undo steps), 0 (off)..1000

    bool operator==(const EditorPreferences&) const = default;
    // Values out of range are clamped; missing keys keep the defaults.
    static EditorPreferences load(const QSettings& store);
    void save(QSettings& store) const;
};

class PreferencesDialog final : public QDialog {
    Q_OBJECT
public:
    // Without shortcuts there is no Shortcuts page.
    explicit PreferencesDialog(const EditorPreferences& preferences, QWidget* parent = nullptr,
                               const ShortcutList& shortcuts = {});
    EditorPreferences preferences() const;
    // The shortcuts as edited (the ones given when there is no page).
    ShortcutList shortcuts() const;
    ShortcutsEditor* shortcutsEditor() const { return mShortcuts; }
    // Shows the Shortcuts page first.
    void showShortcuts();

private:
    QTabWidget* mTabs = nullptr;
    ShortcutsEditor* mShortcuts = nullptr;
    ShortcutList mGivenShortcuts;
    QDialogButtonBox* mButtons = nullptr;
    QDoubleSpinBox* mViewDistance = nullptr;
    QSpinBox* mStreamRadius = nullptr;
    QSpinBox* mUndoBudget = nullptr;
    QSpinBox* mTextureCache = nullptr;
    QSpinBox* mAutosaveMinutes = nullptr;
    QSpinBox* mAutosaveStrokes = nullptr;
};

} // namespace mapsmith::widgets
