#pragma once
// Rebindable keyboard shortcuts: the entries (an id, a label, the default keys and the keys in use),
// their storage in QSettings under "shortcuts/<id>" and the editor page of Edit > Preferences.
// An entry has up to kMaxKeys key sequences (e.g. Redo: Ctrl+Shift+Z and Ctrl+Y). Single-key entries
// (flying the camera) take one key without modifiers. A sequence used by two entries is a conflict: the
// editor names it and the preferences cannot be accepted until it is resolved.

#include <QKeySequence>
#include <QList>
#include <QString>
#include <QStringList>
#include <QWidget>

#include <vector>

class QKeySequenceEdit;
class QLabel;
class QSettings;
class QTableWidget;

namespace mapsmith::widgets {

struct ShortcutEntry {
    static constexpr int kMaxKeys = 2;

    QString id;    // settings key, e.g. "tool1", "redo", "fly/forward"
    QString label; // what the user reads, e.g. "Tool: Sculpt"
    QList<QKeySequence> defaults;
    QList<QKeySequence> keys; // in use; an empty list = no shortcut
    bool singleKey = false;   // one key, no modifiers (held down, not triggered)

    bool operator==(const ShortcutEntry&) const = default;
};

using ShortcutList = std::vector<ShortcutEntry>;

// Sets each entry's keys from `store` ("shortcuts/<id>": a list of portable key texts; an empty list
// clears the shortcut); entries without a stored value, or with one that does not parse, get their
// defaults. Sequences beyond kMaxKeys and, for single-key entries, anything but one plain key are dropped.
void loadShortcuts(const QSettings& store, ShortcutList& entries);
// Stores the entries whose keys differ from their defaults and removes the others' keys.
void saveShortcuts(QSettings& store, const ShortcutList& entries);
// "Ctrl+Y is used by Redo and Tool: Holes" for every sequence used more than once; empty when none.
QStringList shortcutConflicts(const ShortcutList& entries);

// The Shortcuts page: one row per entry, a key editor per sequence, "Reset" per row and for all.
class ShortcutsEditor final : public QWidget {
    Q_OBJECT
public:
    explicit ShortcutsEditor(const ShortcutList& entries, QWidget* parent = nullptr);
    ShortcutList entries() const { return mEntries; }
    bool hasConflicts() const { return !shortcutConflicts(mEntries).isEmpty(); }
    // The key editor of row `row`, sequence `slot` (tests drive it like a user).
    QKeySequenceEdit* editor(int row, int slot) const;
    void resetAll();

signals:
    void conflictsChanged(bool any);

private:
    void edited(int row, int slot);
    void showEntry(int row);
    void updateConflicts();

    ShortcutList mEntries;
    QTableWidget* mTable = nullptr;
    QLabel* mConflicts = nullptr;
};

} // namespace mapsmith::widgets
