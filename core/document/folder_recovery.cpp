#include "core/document/folder_recovery.h"

#include "core/document/file_journal.h"
#include "core/document/folder_lock.h"
#include "core/document/posix_files.h"

#include <QDir>
#include <QDirIterator>
#include <QFileInfo>

#include <algorithm>
#include <memory>

namespace mapsmith::core {

QString RecoveryReport::describe() const {
    QStringList parts;
    if (!finished.isEmpty()) {
        parts << QStringLiteral("finished an interrupted save in %1 (%2 file%3)")
                     .arg(dir)
                     .arg(finished.size())
                     .arg(finished.size() == 1 ? QString() : QStringLiteral("s"));
    }
    if (!discarded.isEmpty()) {
        parts << QStringLiteral("removed %1 temporary file%2 of an unfinished save in %3")
                     .arg(discarded.size())
                     .arg(discarded.size() == 1 ? QString() : QStringLiteral("s"))
                     .arg(dir);
    }
    if (!error.isEmpty()) {
        parts << error;
    }
    return parts.join(QStringLiteral("; "));
}

namespace {

// Rolls the committed journals of `dir` forward.
void rollForward(const QDir& folder, RecoveryReport& report) {
    const QStringList journals =
        folder.entryList({journalPrefix() + QLatin1Char('*')}, QDir::Files | QDir::Hidden, QDir::Name);
    for (const QString& name : journals) {
        if (name.endsWith(QStringLiteral(".tmp"))) {
            continue; // still being written: never committed
        }
        const QString path = folder.absoluteFilePath(name);
        const JournalRead journal = readJournal(path);
        if (!journal.error.isEmpty()) {
            report.error = journal.error;
            return;
        }
        if (QString e = applyJournalSteps(journal.steps, &report.finished); !e.isEmpty()) {
            report.error = e;
            return;
        }
        if (QString e = posix::removeIfPresent(path); !e.isEmpty()) {
            report.error = e;
            return;
        }
    }
}

// Where a save of the folder stages temporaries: beside its targets, which are in the folder itself or
// in its "minimaps" tree (core/render/minimap_export.h). Journals are only in the folder itself.
QStringList stagingFolders(const QDir& folder) {
    QStringList dirs{folder.path()};
    const QString minimaps = folder.filePath(QStringLiteral("minimaps"));
    if (QFileInfo(minimaps).isDir()) {
        dirs << minimaps;
        QDirIterator it(minimaps, QDir::Dirs | QDir::Hidden | QDir::NoDotAndDotDot,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            dirs << it.next();
        }
    }
    return dirs;
}

// Removes what never committed: journals being written and temporaries.
void discardLeftovers(const QDir& folder, RecoveryReport& report) {
    QStringList touched;
    for (const QString& dir : stagingFolders(folder)) {
        const QDir staging(dir);
        QStringList patterns{QLatin1Char('*') + tempSuffix()};
        if (dir == folder.path()) {
            patterns << journalPrefix() + QStringLiteral("*.tmp");
        }
        const QStringList leftovers = staging.entryList(patterns, QDir::Files | QDir::Hidden, QDir::Name);
        for (const QString& name : leftovers) {
            const QString path = staging.absoluteFilePath(name);
            if (QString e = posix::removeIfPresent(path); !e.isEmpty()) {
                report.error = e;
                return;
            }
            report.discarded << path;
        }
        if (!leftovers.isEmpty()) {
            touched << dir;
        }
    }
    for (const QString& dir : touched) {
        if (QString e = posix::syncFolder(dir); !e.isEmpty()) {
            report.error = e;
            return;
        }
    }
}

// True when `dir` holds a journal or a temporary (the common case, nothing, costs a listing or a few).
bool needsRecovery(const QDir& folder) {
    if (!folder
             .entryList({journalPrefix() + QLatin1Char('*'), QLatin1Char('*') + tempSuffix()},
                        QDir::Files | QDir::Hidden)
             .isEmpty()) {
        return true;
    }
    const QStringList dirs = stagingFolders(folder);
    return std::any_of(dirs.begin() + 1, dirs.end(), [](const QString& dir) {
        return !QDir(dir).entryList({QLatin1Char('*') + tempSuffix()}, QDir::Files | QDir::Hidden).isEmpty();
    });
}

} // namespace

std::vector<RecoveryReport> recoverFolders(const QStringList& dirs) {
    std::vector<RecoveryReport> reports;
    std::vector<std::unique_ptr<FolderLock>> locks; // held until every folder is done
    std::vector<QDir> folders;
    for (const QString& dir : dirs) {
        RecoveryReport& report = reports.emplace_back();
        report.dir = dir;
        folders.emplace_back(dir);
        if (!QFileInfo(dir).isDir() || FolderLock::heldByThisProcess(dir) || !needsRecovery(folders.back())) {
            locks.push_back(nullptr);
            continue;
        }
        auto lock = std::make_unique<FolderLock>(dir, FolderLock::Mode::Try);
        if (!lock->held()) {
            report.busy = true;
            report.error = lock->error();
            lock.reset();
        }
        locks.push_back(std::move(lock));
    }
    for (std::size_t i = 0; i < reports.size(); ++i) {
        if (locks[i]) {
            rollForward(folders[i], reports[i]);
        }
    }
    for (std::size_t i = 0; i < reports.size(); ++i) {
        if (locks[i] && reports[i].error.isEmpty()) {
            discardLeftovers(folders[i], reports[i]);
        }
    }
    return reports;
}

RecoveryReport recoverFolder(const QString& dir) {
    return recoverFolders({dir}).front();
}

} // namespace mapsmith::core
