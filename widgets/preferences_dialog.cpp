#include "widgets/preferences_dialog.h"

#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QTabWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace mapsmith::widgets {

namespace {

constexpr double kMinViewDistance = 200.0;
constexpr double kMaxViewDistance = 20000.0;
constexpr int kMaxStreamRadius = 4;
constexpr int kMaxUndoBudgetMiB = 16384;
constexpr int kMinTextureCacheMiB = 16;
constexpr int kMaxTextureCacheMiB = 8192;
constexpr int kMaxAutosaveMinutes = 120;
constexpr int kMaxAutosaveStrokes = 1000;

} // namespace

EditorPreferences EditorPreferences::load(const QSettings& store) {
    EditorPreferences p;
    p.viewDistance =
        std::clamp(store.value(QStringLiteral("preferences/viewDistance"), p.viewDistance).toDouble(),
                   kMinViewDistance, kMaxViewDistance);
    p.streamRadius = std::clamp(
        store.value(QStringLiteral("preferences/streamRadius"), p.streamRadius).toInt(), 0, kMaxStreamRadius);
    p.undoBudgetMiB =
        std::clamp(store.value(QStringLiteral("preferences/undoBudgetMiB"), p.undoBudgetMiB).toInt(), 0,
                   kMaxUndoBudgetMiB);
    p.textureCacheMiB =
        std::clamp(store.value(QStringLiteral("preferences/textureCacheMiB"), p.textureCacheMiB).toInt(),
                   kMinTextureCacheMiB, kMaxTextureCacheMiB);
    p.autosaveMinutes =
        std::clamp(store.value(QStringLiteral("preferences/autosaveMinutes"), p.autosaveMinutes).toInt(), 0,
                   kMaxAutosaveMinutes);
    p.autosaveStrokes =
        std::clamp(store.value(QStringLiteral("preferences/autosaveStrokes"), p.autosaveStrokes).toInt(), 0,
                   kMaxAutosaveStrokes);
    return p;
}

void EditorPreferences::save(QSettings& store) const {
    store.setValue(QStringLiteral("preferences/viewDistance"), viewDistance);
    store.setValue(QStringLiteral("preferences/streamRadius"), streamRadius);
    store.setValue(QStringLiteral("preferences/undoBudgetMiB"), undoBudgetMiB);
    store.setValue(QStringLiteral("preferences/textureCacheMiB"), textureCacheMiB);
    store.setValue(QStringLiteral("preferences/autosaveMinutes"), autosaveMinutes);
    store.setValue(QStringLiteral("preferences/autosaveStrokes"), autosaveStrokes);
}

PreferencesDialog::PreferencesDialog(const EditorPreferences& preferences, QWidget* parent,
                                     const ShortcutList& shortcuts)
    : QDialog(parent), mGivenShortcuts(shortcuts) {
    setWindowTitle(tr("Preferences"));
    mViewDistance = new QDoubleSpinBox(this);
    mViewDistance->setObjectName(QStringLiteral("viewDistance"));
    mViewDistance->setRange(kMinViewDistance, kMaxViewDistance);
    mViewDistance->setSingleStep(250.0);
    mViewDistance->setDecimals(0);
    mViewDistance->setSuffix(tr(" yd"));
    mViewDistance->setValue(preferences.viewDistance);
    mStreamRadius = new QSpinBox(this);
    mStreamRadius->setObjectName(QStringLiteral("streamRadius"));
    mStreamRadius->setRange(0, kMaxStreamRadius);
    mStreamRadius->setValue(preferences.streamRadius);
    mStreamRadius->setToolTip(tr("Tiles kept loaded on each side of the camera's tile (1 = 3 x 3 tiles)"));
    mUndoBudget = new QSpinBox(this);
    mUndoBudget->setObjectName(QStringLiteral("undoBudget"));
    mUndoBudget->setRange(0, kMaxUndoBudgetMiB);
    mUndoBudget->setSuffix(tr(" MiB"));
    mUndoBudget->setSpecialValueText(tr("no limit (all in memory)"));
    mUndoBudget->setValue(preferences.undoBudgetMiB);
    mUndoBudget->setToolTip(tr("Undo history is unlimited; past this much memory the oldest steps move to a "
                               "temporary file"));
    mTextureCache = new QSpinBox(this);
    mTextureCache->setObjectName(QStringLiteral("textureCache"));
    mTextureCache->setRange(kMinTextureCacheMiB, kMaxTextureCacheMiB);
    mTextureCache->setSuffix(tr(" MiB"));
    mTextureCache->setValue(preferences.textureCacheMiB);
    mTextureCache->setToolTip(tr("Decoded game textures kept for the viewport and the texture browser; the "
                                 "least recently used go first"));
    mAutosaveMinutes = new QSpinBox(this);
    mAutosaveMinutes->setObjectName(QStringLiteral("autosaveMinutes"));
    mAutosaveMinutes->setRange(0, kMaxAutosaveMinutes);
    mAutosaveMinutes->setPrefix(tr("every "));
    mAutosaveMinutes->setSuffix(tr(" min"));
    mAutosaveMinutes->setSpecialValueText(tr("off"));
    mAutosaveMinutes->setValue(preferences.autosaveMinutes);
    mAutosaveMinutes->setToolTip(tr("Unsaved changes are kept in a recovery folder (never beside the map's "
                                    "files); after a crash the next start offers to restore them"));
    mAutosaveStrokes = new QSpinBox(this);
    mAutosaveStrokes->setObjectName(QStringLiteral("autosaveStrokes"));
    mAutosaveStrokes->setRange(0, kMaxAutosaveStrokes);
    mAutosaveStrokes->setPrefix(tr("every "));
    mAutosaveStrokes->setSuffix(tr(" edits"));
    mAutosaveStrokes->setSpecialValueText(tr("off"));
    mAutosaveStrokes->setValue(preferences.autosaveStrokes);
    mAutosaveStrokes->setToolTip(tr("Also autosave after this many edits (brush strokes, object moves, "
                                    "undo and redo)"));
    auto* form = new QFormLayout;
    form->addRow(tr("View distance:"), mViewDistance);
    form->addRow(tr("Tiles around the camera:"), mStreamRadius);
    form->addRow(tr("Undo memory:"), mUndoBudget);
    form->addRow(tr("Texture memory:"), mTextureCache);
    form->addRow(tr("Autosave for recovery:"), mAutosaveMinutes);
    form->addRow(tr("Autosave after edits:"), mAutosaveStrokes);
    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* general = new QWidget(this);
    general->setLayout(form);
    mTabs = new QTabWidget(this);
    mTabs->addTab(general, tr("General"));
    if (!shortcuts.empty()) {
        mShortcuts = new ShortcutsEditor(shortcuts, this);
        mTabs->addTab(mShortcuts, tr("Shortcuts"));
        // Two actions on one key would leave one of them unreachable: resolve first.
        connect(mShortcuts, &ShortcutsEditor::conflictsChanged, this,
                [this](bool any) { mButtons->button(QDialogButtonBox::Ok)->setEnabled(!any); });
        mButtons->button(QDialogButtonBox::Ok)->setEnabled(!mShortcuts->hasConflicts());
        resize(640, 560);
    }
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(mTabs);
    layout->addWidget(mButtons);
}

ShortcutList PreferencesDialog::shortcuts() const {
    return mShortcuts ? mShortcuts->entries() : mGivenShortcuts;
}

void PreferencesDialog::showShortcuts() {
    if (mShortcuts) {
        mTabs->setCurrentWidget(mShortcuts);
    }
}

EditorPreferences PreferencesDialog::preferences() const {
    EditorPreferences p;
    p.viewDistance = mViewDistance->value();
    p.streamRadius = mStreamRadius->value();
    p.undoBudgetMiB = mUndoBudget->value();
    p.textureCacheMiB = mTextureCache->value();
    p.autosaveMinutes = mAutosaveMinutes->value();
    p.autosaveStrokes = mAutosaveStrokes->value();
    return p;
}

} // namespace mapsmith::widgets
