#include "widgets/shortcut_settings.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeySequenceEdit>
#include <QLabel>
#include <QMap>
#include <QPushButton>
#include <QSettings>
#include <QTableWidget>
#include <QVBoxLayout>

namespace mapsmith::widgets {
namespace {

QString settingsKey(const ShortcutEntry& e) {
    return QStringLiteral("shortcuts/") + e.id;
}

// The sequences an entry can hold: at most kMaxKeys, no empty ones, no repeats; single-key entries keep
// one plain key (the first key of the first sequence, modifiers dropped).
QList<QKeySequence> normalized(const ShortcutEntry& e, const QList<QKeySequence>& keys) {
    QList<QKeySequence> out;
    for (const QKeySequence& k : keys) {
        if (k.isEmpty()) {
            continue;
        }
        const QKeySequence usable = e.singleKey ? QKeySequence(k[0].key()) : k;
        if (!out.contains(usable)) {
            out.push_back(usable);
        }
        if (out.size() == (e.singleKey ? 1 : ShortcutEntry::kMaxKeys)) {
            break;
        }
    }
    return out;
}

} // namespace

void loadShortcuts(const QSettings& store, ShortcutList& entries) {
    for (ShortcutEntry& e : entries) {
        e.keys = e.defaults;
        const QString key = settingsKey(e);
        if (!store.contains(key)) {
            continue;
        }
        const QVariant value = store.value(key);
        // An empty list may come back as an invalid variant or an empty string from INI files.
        const QStringList texts = value.toStringList();
        QList<QKeySequence> keys;
        bool ok = true;
        for (const QString& text : texts) {
            if (text.isEmpty()) {
                continue;
            }
            const QKeySequence k = QKeySequence::fromString(text, QKeySequence::PortableText);
            ok = ok && !k.isEmpty() && k[0].key() != Qt::Key_unknown;
            keys.push_back(k);
        }
        if (ok) {
            e.keys = normalized(e, keys);
        }
    }
}

void saveShortcuts(QSettings& store, const ShortcutList& entries) {
    for (const ShortcutEntry& e : entries) {
        if (e.keys == e.defaults) {
            store.remove(settingsKey(e));
            continue;
        }
        QStringList texts;
        for (const QKeySequence& k : e.keys) {
            texts.push_back(k.toString(QKeySequence::PortableText));
        }
        store.setValue(settingsKey(e), texts);
    }
}

QStringList shortcutConflicts(const ShortcutList& entries) {
    QMap<QString, QStringList> users; // portable key text -> labels, in entry order
    QStringList order;
    for (const ShortcutEntry& e : entries) {
        for (const QKeySequence& k : e.keys) {
            const QString text = k.toString(QKeySequence::PortableText);
            if (!users.contains(text)) {
                order.push_back(text);
            }
            users[text].push_back(e.label);
        }
    }
    QStringList out;
    for (const QString& text : order) {
        const QStringList& labels = users[text];
        if (labels.size() > 1) {
            out.push_back(
                QObject::tr("%1 is used by %2")
                    .arg(QKeySequence(text, QKeySequence::PortableText).toString(QKeySequence::NativeText),
                         labels.join(QObject::tr(" and "))));
        }
    }
    return out;
}

ShortcutsEditor::ShortcutsEditor(const ShortcutList& entries, QWidget* parent)
    : QWidget(parent), mEntries(entries) {
    setObjectName(QStringLiteral("shortcutsEditor"));
    mTable = new QTableWidget(int(mEntries.size()), 1 + ShortcutEntry::kMaxKeys + 1, this);
    mTable->setObjectName(QStringLiteral("shortcutsTable"));
    mTable->setHorizontalHeaderLabels({tr("Action"), tr("Shortcut"), tr("Alternative"), QString()});
    mTable->verticalHeader()->hide();
    mTable->setSelectionMode(QAbstractItemView::NoSelection);
    mTable->horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
    for (int c = 1; c <= ShortcutEntry::kMaxKeys; ++c) {
        mTable->horizontalHeader()->setSectionResizeMode(c, QHeaderView::Stretch);
    }
    mTable->horizontalHeader()->setSectionResizeMode(ShortcutEntry::kMaxKeys + 1,
                                                     QHeaderView::ResizeToContents);
    for (int row = 0; row < int(mEntries.size()); ++row) {
        const ShortcutEntry& e = mEntries[std::size_t(row)];
        auto* label = new QTableWidgetItem(e.label);
        label->setFlags(Qt::ItemIsEnabled);
        label->setToolTip(e.singleKey ? tr("Held down: one key without Ctrl, Shift or Alt") : QString());
        mTable->setItem(row, 0, label);
        for (int slot = 0; slot < ShortcutEntry::kMaxKeys; ++slot) {
            auto* edit = new QKeySequenceEdit(mTable);
            edit->setObjectName(QStringLiteral("%1/%2").arg(e.id).arg(slot));
            edit->setClearButtonEnabled(true);
            edit->setEnabled(!e.singleKey || slot == 0);
            mTable->setCellWidget(row, 1 + slot, edit);
            connect(edit, &QKeySequenceEdit::keySequenceChanged, this,
                    [this, row, slot] { edited(row, slot); });
            // Once recorded, show what is kept (single keys lose modifiers, emptied slots close up).
            connect(edit, &QKeySequenceEdit::editingFinished, this, [this, row] { showEntry(row); });
        }
        auto* reset = new QPushButton(tr("Reset"), mTable);
        reset->setToolTip(tr("Back to the default: %1")
                              .arg(QKeySequence::listToString(e.defaults, QKeySequence::NativeText)));
        connect(reset, &QPushButton::clicked, this, [this, row] {
            mEntries[std::size_t(row)].keys = mEntries[std::size_t(row)].defaults;
            showEntry(row);
            updateConflicts();
        });
        mTable->setCellWidget(row, 1 + ShortcutEntry::kMaxKeys, reset);
        showEntry(row);
    }
    mConflicts = new QLabel(this);
    mConflicts->setObjectName(QStringLiteral("shortcutConflicts"));
    mConflicts->setWordWrap(true);
    mConflicts->setStyleSheet(QStringLiteral("color: #b00020"));
    auto* resetAllButton = new QPushButton(tr("Reset All"), this);
    connect(resetAllButton, &QPushButton::clicked, this, &ShortcutsEditor::resetAll);
    auto* bottom = new QHBoxLayout;
    bottom->addWidget(mConflicts, 1);
    bottom->addWidget(resetAllButton);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(mTable);
    layout->addLayout(bottom);
    updateConflicts();
}

QKeySequenceEdit* ShortcutsEditor::editor(int row, int slot) const {
    return qobject_cast<QKeySequenceEdit*>(mTable->cellWidget(row, 1 + slot));
}

void ShortcutsEditor::resetAll() {
    for (int row = 0; row < int(mEntries.size()); ++row) {
        mEntries[std::size_t(row)].keys = mEntries[std::size_t(row)].defaults;
        showEntry(row);
    }
    updateConflicts();
}

void ShortcutsEditor::edited(int row, int slot) {
    ShortcutEntry& e = mEntries[std::size_t(row)];
    QList<QKeySequence> keys = e.keys;
    while (keys.size() <= slot) {
        keys.push_back(QKeySequence());
    }
    keys[slot] = editor(row, slot)->keySequence();
    e.keys = normalized(e, keys);
    updateConflicts();
}

void ShortcutsEditor::showEntry(int row) {
    const ShortcutEntry& e = mEntries[std::size_t(row)];
    for (int slot = 0; slot < ShortcutEntry::kMaxKeys; ++slot) {
        QKeySequenceEdit* edit = editor(row, slot);
        const QSignalBlocker block(edit);
        edit->setKeySequence(slot < e.keys.size() ? e.keys[slot] : QKeySequence());
    }
}

void ShortcutsEditor::updateConflicts() {
    const QStringList conflicts = shortcutConflicts(mEntries);
    mConflicts->setText(conflicts.join(QLatin1Char('\n')));
    emit conflictsChanged(!conflicts.isEmpty());
}

} // namespace mapsmith::widgets
