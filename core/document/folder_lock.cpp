#include "core/document/folder_lock.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <map>
#include <mutex>
#include <sys/file.h>
#include <unistd.h>

namespace mapsmith::core {
namespace {

struct Held {
    int fd = -1;
    int users = 0;
};

// Invariant: a folder is in the map exactly while this process holds its flock.
std::mutex gMutex;
std::map<QString, Held> gHeld;

QString keyOf(const QString& dir) {
    const QString canonical = QFileInfo(dir).canonicalFilePath();
    return canonical.isEmpty() ? QFileInfo(dir).absoluteFilePath() : canonical;
}

} // namespace

FolderLock::FolderLock(const QString& dir, Mode mode) {
    const QString key = keyOf(dir);
    const std::lock_guard guard(gMutex);
    if (auto it = gHeld.find(key); it != gHeld.end()) {
        ++it->second.users;
        mKey = key;
        return;
    }
    const int fd = ::open(QFile::encodeName(key).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        mError = QStringLiteral("could not open the folder %1: %2")
                     .arg(dir, QString::fromLocal8Bit(std::strerror(errno)));
        return;
    }
    int result = 0;
    do {
        result = ::flock(fd, LOCK_EX | (mode == Mode::Try ? LOCK_NB : 0));
    } while (result != 0 && errno == EINTR);
    if (result != 0) {
        const int error = errno;
        ::close(fd);
        mError = error == EWOULDBLOCK ? QStringLiteral("%1 is being written by another process").arg(dir)
                                      : QStringLiteral("could not lock the folder %1: %2")
                                            .arg(dir, QString::fromLocal8Bit(std::strerror(error)));
        return;
    }
    gHeld[key] = Held{fd, 1};
    mKey = key;
}

FolderLock::~FolderLock() {
    if (mKey.isEmpty()) {
        return;
    }
    const std::lock_guard guard(gMutex);
    auto it = gHeld.find(mKey);
    if (it != gHeld.end() && --it->second.users == 0) {
        ::close(it->second.fd); // releases the flock
        gHeld.erase(it);
    }
}

bool FolderLock::heldByThisProcess(const QString& dir) {
    const std::lock_guard guard(gMutex);
    return gHeld.count(keyOf(dir)) != 0;
}

} // namespace mapsmith::core
