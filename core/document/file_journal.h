#pragma once
// The journal of a transactional save (core/document/file_transaction.h): the renames and removals that
// make its staged files the new version, written and synced in full before the first of them is done.
// While "<folder>/.mapsmith-journal-<id>" exists the save is committing: carrying its steps out again
// (roll forward) finishes it, since each step is skipped once done.

#include <QString>
#include <QStringList>

#include <vector>

namespace mapsmith::core {

struct JournalStep {
    enum class Kind { Write, Remove };
    Kind kind = Kind::Write;
    QString target;      // absolute path
    QString temp;        // Write: the complete new file beside the target (gone once renamed over it)
    bool backup = false; // the previous target is kept as "<target>.bak"
};

// ".mapsmith-journal-": the name of every journal starts with it; a committed one has no suffix, one
// being written ends in ".tmp" (its save has not started to commit: it is rolled back).
QString journalPrefix();
// ".mapsmith-tmp": the suffix of every staged temporary.
QString tempSuffix();

// Writes the journal at `path` through "<path>.tmp", synced before it is renamed into place; the folder
// is synced after. Returns the error sentence, empty on success.
QString writeJournal(const QString& path, const std::vector<JournalStep>& steps);

struct JournalRead {
    std::vector<JournalStep> steps;
    QString error; // not empty: the journal could not be read (it is left in place)
};
JournalRead readJournal(const QString& path);

// Carries out `steps` in order, skipping those already done, then syncs the folders they touched.
// `changed` gets the targets replaced or removed now. Returns the first error, empty on success.
QString applyJournalSteps(const std::vector<JournalStep>& steps, QStringList* changed = nullptr);

} // namespace mapsmith::core
