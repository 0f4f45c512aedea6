#include "core/document/file_transaction.h"

#include "core/document/file_journal.h"
#include "core/document/posix_files.h"

#include <QDir>
#include <QFileInfo>
#include <QScopeGuard>

#include <atomic>
#include <unistd.h>

namespace mapsmith::core {
namespace {

QString absolute(const QString& path) {
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

// A name no other journal of this folder has: the process id and a counter of this process.
QString journalName() {
    static std::atomic<int> counter{0};
    return journalPrefix() + QStringLiteral("%1-%2").arg(::getpid()).arg(++counter);
}

} // namespace

FileTransaction::FileTransaction(QString folder) : mFolder(std::move(folder)) {}

FileTransaction::~FileTransaction() {
    if (!mDone) {
        rollBack();
    }
}

QString FileTransaction::lockFolder() {
    if (mLock) {
        return {};
    }
    auto lock = std::make_unique<FolderLock>(mFolder, FolderLock::Mode::Wait);
    if (!lock->held()) {
        return lock->error();
    }
    mLock = std::move(lock);
    return {};
}

QString FileTransaction::stage(const QString& target, std::span<const std::byte> bytes, BackupPolicy backup) {
    return stageWith(
        target, [&](const QString& temp) { return posix::writeDurably(temp, bytes, target); }, backup);
}

QString FileTransaction::stageWith(const QString& target, const Writer& write, BackupPolicy backup) {
    const QString path = absolute(target);
    const QString temp = path + tempSuffix();
    {
        const std::lock_guard guard(mMutex);
        if (QString e = lockFolder(); !e.isEmpty()) {
            return QStringLiteral("could not write %1: %2").arg(target, e);
        }
    }
    // The write runs unlocked: workers stage their tiles in parallel.
    if (QString e = write(temp); !e.isEmpty()) {
        posix::removeIfPresent(temp);
        return e;
    }
    const std::lock_guard guard(mMutex);
    std::erase_if(mSteps, [&](const JournalStep& s) { return s.target == path; });
    mSteps.push_back({JournalStep::Kind::Write, path, temp, backup == BackupPolicy::KeepBackup});
    return {};
}

void FileTransaction::stageRemoval(const QString& target, BackupPolicy backup) {
    const QString path = absolute(target);
    const std::lock_guard guard(mMutex);
    for (const JournalStep& s : mSteps) {
        if (s.target == path && s.kind == JournalStep::Kind::Write) {
            posix::removeIfPresent(s.temp);
        }
    }
    std::erase_if(mSteps, [&](const JournalStep& s) { return s.target == path; });
    mSteps.push_back({JournalStep::Kind::Remove, path, {}, backup == BackupPolicy::KeepBackup});
}

bool FileTransaction::empty() const {
    const std::lock_guard guard(mMutex);
    return mSteps.empty();
}

QString FileTransaction::commit() {
    const std::lock_guard guard(mMutex);
    mDone = true;
    // Done or failed, the folder is free for recovery afterwards.
    const auto unlock = qScopeGuard([this] { mLock.reset(); });
    if (mSteps.empty()) {
        return {};
    }
    if (QString e = lockFolder(); !e.isEmpty()) {
        removeTemps();
        return e;
    }
    // A target no rename can replace fails the commit before anything is touched.
    for (const JournalStep& s : mSteps) {
        if (QString e = posix::checkReplaceable(s.target); !e.isEmpty()) {
            removeTemps();
            return e;
        }
    }
    // Which targets had a previous version to keep (the journal steps decide, this only reports).
    QStringList backups;
    for (const JournalStep& s : mSteps) {
        if (s.backup && posix::exists(s.target)) {
            backups << s.target + QStringLiteral(".bak");
        }
    }
    // One step is atomic by itself (a rename; with a backup, a link then a rename: killed between
    // them, the target is still the old file and the temporary a leftover for recovery).
    QString journal;
    if (mSteps.size() > 1) {
        journal = QDir(mFolder).absoluteFilePath(journalName());
        if (QString e = writeJournal(journal, mSteps); !e.isEmpty()) {
            removeTemps();
            return e;
        }
    }
    if (QString e = applyJournalSteps(mSteps); !e.isEmpty()) {
        if (journal.isEmpty()) {
            removeTemps();
            return e;
        }
        return QStringLiteral("%1; the save is finished by the next mapsmith run on %2").arg(e, mFolder);
    }
    if (!journal.isEmpty()) {
        if (QString e = posix::removeIfPresent(journal); !e.isEmpty()) {
            return e;
        }
        posix::syncFolder(mFolder);
    }
    mBackups = backups;
    mSteps.clear();
    return {};
}

void FileTransaction::rollBack() {
    const std::lock_guard guard(mMutex);
    mDone = true;
    const auto unlock = qScopeGuard([this] { mLock.reset(); });
    removeTemps();
    mSteps.clear();
}

void FileTransaction::removeTemps() {
    for (const JournalStep& s : mSteps) {
        if (s.kind == JournalStep::Kind::Write) {
            posix::removeIfPresent(s.temp);
        }
    }
}

} // namespace mapsmith::core
