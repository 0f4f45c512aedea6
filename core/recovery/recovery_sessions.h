#pragma once
// Which recovery folder belongs to whom. Under the recovery root each open map that has been autosaved
// has a folder <root>/<key of the map's path>[-n], held by a lock file (QLockFile: pid and host) while its
// session runs. A folder with recovery data whose lock is free or stale (its process is gone) was left by
// a session that did not end cleanly: its data waits for the user (restore or discard).

#include "core/recovery/recovery_manifest.h"

#include <QString>
#include <QStringList>

#include <memory>
#include <vector>

class QLockFile;

namespace mapsmith::core {

inline constexpr const char* kRecoveryLockName = "session.lock";

// 16 hex digits of the SHA-1 of the map's path: one folder name per map.
QString recoveryKey(const QString& mapPath);

class RecoverySession {
public:
    // Claims the first folder <root>/<key>[-n] that no live session holds and that holds no data left
    // by a session that ended without cleaning up (that data stays for the user). Null, with the folder
    // and the reason in `error`, when none can be had.
    static std::unique_ptr<RecoverySession> claim(const QString& root, const QString& mapPath,
                                                  QString* error = nullptr);
    // The session ends: its data, its lock and its folder go (a clean exit leaves nothing to recover).
    ~RecoverySession();
    RecoverySession(const RecoverySession&) = delete;
    RecoverySession& operator=(const RecoverySession&) = delete;

    QString folder() const { return mFolder; }

private:
    RecoverySession(QString folder, std::unique_ptr<QLockFile> lock);
    QString mFolder;
    std::unique_ptr<QLockFile> mLock;
};

struct OrphanedRecovery {
    QString folder;
    RecoveryManifest manifest;
};

// Recovery data left by sessions that did not end cleanly, newest first; only the map `mapPath` when
// given. Folders whose manifest cannot be read are named in `problems` (with the reason) and skipped.
std::vector<OrphanedRecovery> findOrphanedRecoveries(const QString& root, const QString& mapPath = {},
                                                     QStringList* problems = nullptr);
// Removes an orphaned folder and everything in it. False, with the reason, when something stays.
bool removeOrphanedRecovery(const QString& folder, QString* error = nullptr);

} // namespace mapsmith::core
