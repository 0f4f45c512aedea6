#pragma once
// An exclusive lock on a folder (flock on the folder itself, no file left behind) held while a
// transaction writes there, so that recovery in another process never takes the temporaries of a save
// in progress for leftovers. Locks of one process on the same folder share one flock; the system drops
// it when the process dies.

#include <QString>

namespace mapsmith::core {

class FolderLock {
public:
    enum class Mode { Wait, Try };
    FolderLock(const QString& dir, Mode mode);
    ~FolderLock();
    FolderLock(const FolderLock&) = delete;
    FolderLock& operator=(const FolderLock&) = delete;

    bool held() const { return !mKey.isEmpty(); }
    // Why the lock is not held: "<dir> is being written by another process" or the system's reason.
    const QString& error() const { return mError; }

    // True when a lock of this process holds `dir` (a transaction of ours is writing there).
    static bool heldByThisProcess(const QString& dir);

private:
    QString mKey; // the folder's canonical path; empty when not held
    QString mError;
};

} // namespace mapsmith::core
