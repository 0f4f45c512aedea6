#pragma once
// One all-or-nothing save of several files. stage() writes each new file to "<target>.mapsmith-tmp"
// beside its target and syncs it; no target is touched before commit(). commit() writes a journal into
// the transaction's folder (core/document/file_journal.h), renames every temporary over its target
// (keeping the previous file as "<target>.bak" where asked) and removes the journal. Killed at any
// moment, the folder holds either the complete old files or, once recoverFolder() has run
// (core/document/folder_recovery.h), the complete new ones. A transaction dropped without commit() and
// a failure before the journal is written remove every temporary and leave no .bak.

#include "core/document/folder_lock.h"

#include <QString>
#include <QStringList>

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <vector>

namespace mapsmith::core {

enum class BackupPolicy { KeepBackup, NoBackup };

struct JournalStep;

class FileTransaction {
public:
    // `folder`: where the journal goes (the map folder); it is locked against recovery by another
    // process from the first stage() to the end of the transaction.
    explicit FileTransaction(QString folder);
    ~FileTransaction(); // rolls back unless committed
    FileTransaction(const FileTransaction&) = delete;
    FileTransaction& operator=(const FileTransaction&) = delete;

    // Writes the new version of `target` beside it, synced to disk. Returns the error sentence ("could
    // not write <target>: No space left on device"), empty on success. Thread-safe; staging a target
    // again replaces its bytes.
    QString stage(const QString& target, std::span<const std::byte> bytes, BackupPolicy backup);
    // The same for a file another library makes itself (an MPQ archive through StormLib): `write` gets
    // the temporary's path and must leave the complete file there, synced, returning empty; or return
    // its error sentence, which stage() returns after removing whatever it left.
    using Writer = std::function<QString(const QString& temp)>;
    QString stageWith(const QString& target, const Writer& write, BackupPolicy backup);
    // `target` is removed at commit (moved to "<target>.bak" with KeepBackup); nothing when it is missing.
    void stageRemoval(const QString& target, BackupPolicy backup);

    // Makes every staged change. Returns the error sentence, empty on success. A failure before the
    // journal is written changes no target; one after it leaves the journal, and the next
    // recoverFolder() finishes the save.
    QString commit();
    // Removes the temporaries; no target is touched. Done by the destructor unless committed.
    void rollBack();

    bool empty() const;
    // After commit(): the ".bak" files it wrote (the previous version of a replaced or removed target).
    const QStringList& backups() const { return mBackups; }

private:
    QString lockFolder(); // takes mLock at the first change; called with mMutex held
    void removeTemps();   // of every staged write; called with mMutex held

    QString mFolder;
    mutable std::mutex mMutex;
    std::unique_ptr<FolderLock> mLock;
    std::vector<JournalStep> mSteps;
    QStringList mBackups;
    bool mDone = false; // committed or rolled back
};

} // namespace mapsmith::core
