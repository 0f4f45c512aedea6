#include "core/recovery/recovery_sessions.h"

#include "core/recovery/recovery_store.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFileInfo>
#include <QLockFile>

#include <algorithm>

namespace mapsmith::core {
namespace {

constexpr int kMaxFoldersPerMap = 16; // <key>, <key>-1 ... : sessions of one map at the same time

// A lock that is stale only when its process is gone (never by age: a session may run for days).
std::unique_ptr<QLockFile> lockFor(const QString& folder) {
    auto lock = std::make_unique<QLockFile>(QDir(folder).filePath(QLatin1String(kRecoveryLockName)));
    lock->setStaleLockTime(0);
    return lock;
}

bool hasData(const QString& folder) {
    return QFileInfo::exists(QDir(folder).filePath(QLatin1String(kRecoveryManifestName)));
}

} // namespace

QString recoveryKey(const QString& mapPath) {
    const QByteArray hash = QCryptographicHash::hash(mapPath.toUtf8(), QCryptographicHash::Sha1);
    return QString::fromLatin1(hash.toHex().left(16));
}

RecoverySession::RecoverySession(QString folder, std::unique_ptr<QLockFile> lock)
    : mFolder(std::move(folder)), mLock(std::move(lock)) {}

RecoverySession::~RecoverySession() {
    clearRecovery(mFolder); // what cannot be removed has no manifest any more: not offered again
    mLock->unlock();
    QDir().rmdir(mFolder);
}

std::unique_ptr<RecoverySession> RecoverySession::claim(const QString& root, const QString& mapPath,
                                                        QString* error) {
    const QString base = QDir(root).filePath(recoveryKey(mapPath));
    for (int i = 0; i < kMaxFoldersPerMap; ++i) {
        const QString folder = i == 0 ? base : QStringLiteral("%1-%2").arg(base).arg(i);
        if (!QDir().mkpath(folder)) {
            if (error) {
                *error = QStringLiteral("%1: the recovery folder cannot be created").arg(folder);
            }
            return nullptr;
        }
        auto lock = lockFor(folder);
        if (!lock->tryLock(0)) {
            if (lock->error() == QLockFile::PermissionError && error) {
                *error = QStringLiteral("%1: the lock file cannot be written (permission denied)")
                             .arg(lock->fileName());
                return nullptr;
            }
            continue; // a live session (this one or another Mapsmith) has it
        }
        if (hasData(folder)) {
            lock->unlock(); // left by a session that did not end cleanly: kept for the user
            continue;
        }
        return std::unique_ptr<RecoverySession>(new RecoverySession(folder, std::move(lock)));
    }
    if (error) {
        *error =
            QStringLiteral("%1: %2 recovery folders of this map are in use").arg(base).arg(kMaxFoldersPerMap);
    }
    return nullptr;
}

std::vector<OrphanedRecovery> findOrphanedRecoveries(const QString& root, const QString& mapPath,
                                                     QStringList* problems) {
    std::vector<OrphanedRecovery> out;
    const QDir dir(root);
    const QString key = mapPath.isEmpty() ? QString() : recoveryKey(mapPath);
    for (const QString& name : dir.entryList(QDir::Dirs | QDir::NoDotAndDotDot)) {
        const QString folder = dir.filePath(name);
        if ((!key.isEmpty() && name.section(QLatin1Char('-'), 0, 0) != key) || !hasData(folder)) {
            continue;
        }
        auto lock = lockFor(folder);
        if (!lock->tryLock(0)) {
            continue; // its session is alive
        }
        lock->unlock();
        auto manifest = readRecoveryManifest(folder);
        if (!manifest) {
            if (problems) {
                problems->push_back(QString::fromStdString(manifest.error().describe()));
            }
            continue;
        }
        if (!mapPath.isEmpty() && manifest->mapPath != mapPath) {
            continue;
        }
        out.push_back({folder, std::move(manifest.value())});
    }
    std::sort(out.begin(), out.end(), [](const OrphanedRecovery& a, const OrphanedRecovery& b) {
        return a.manifest.savedAt > b.manifest.savedAt;
    });
    return out;
}

bool removeOrphanedRecovery(const QString& folder, QString* error) {
    if (!clearRecovery(folder, error)) {
        return false;
    }
    QDir(folder).remove(QLatin1String(kRecoveryLockName)); // a stale lock: its process is gone
    if (!QDir().rmdir(folder) && QFileInfo::exists(folder)) {
        if (error) {
            *error = QStringLiteral("%1: the folder could not be removed").arg(folder);
        }
        return false;
    }
    return true;
}

} // namespace mapsmith::core
