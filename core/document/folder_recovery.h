#pragma once
// Finishing or undoing the saves a killed process left in a folder (core/document/file_transaction.h):
// a committed journal is rolled forward (its remaining renames done), a journal still being written and
// every staged temporary are removed (rolled back: the targets were never touched). Temporaries are
// looked for in the folder and in its "minimaps" tree, where a minimap export stages its images. Run
// before a map folder is read or written: mapsmith-cli on the folders of its arguments, the editor on
// opening a map.

#include <QString>
#include <QStringList>

#include <vector>

namespace mapsmith::core {

struct RecoveryReport {
    QString dir;
    QStringList finished;  // files an interrupted save replaced or removed now (rolled forward)
    QStringList discarded; // temporaries of saves that never committed, removed (rolled back)
    QString error;         // the first failure: the journal stays for the next run
    bool busy = false;     // another process is writing there: nothing was done

    bool changed() const { return !finished.isEmpty() || !discarded.isEmpty(); }
    // One line for the user: "finished an interrupted save in DIR (N files)", "removed N temporary
    // files of an unfinished save in DIR", both, or the error; empty when nothing happened.
    QString describe() const;
};

// Does nothing in a folder that has no journal or temporary, that is missing, or where this process is
// saving right now.
RecoveryReport recoverFolder(const QString& dir);
// The same for several folders, every committed journal first and the leftovers after (a journal may
// name files in another of the folders). One report per folder, in order.
std::vector<RecoveryReport> recoverFolders(const QStringList& dirs);

} // namespace mapsmith::core
