#include "core/document/posix_files.h"

#include <QFile>
#include <QFileInfo>

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace mapsmith::core::posix {
namespace {

QByteArray native(const QString& path) {
    return QFile::encodeName(path);
}

QString reasonOf(int error) {
    return QString::fromLocal8Bit(std::strerror(error));
}

// Writes all of `bytes` to `fd`, retrying short writes and EINTR; 0 or the errno of the failure.
int writeAll(int fd, std::span<const std::byte> bytes) {
    std::size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (n < 0) {
            if (errno == EINTR) {
                continue;
            }
            return errno;
        }
        done += std::size_t(n);
    }
    return 0;
}

} // namespace

QString lastReason() {
    return reasonOf(errno);
}

bool exists(const QString& path) {
    struct stat st {};
    return ::lstat(native(path).constData(), &st) == 0;
}

QString writeDurably(const QString& path, std::span<const std::byte> bytes, const QString& shownAs) {
    const QByteArray name = native(path);
    const int fd = ::open(name.constData(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        return QStringLiteral("could not write %1: %2").arg(shownAs, lastReason());
    }
    int error = writeAll(fd, bytes);
    if (error == 0 && ::fsync(fd) != 0) {
        error = errno;
    }
    if (::close(fd) != 0 && error == 0) {
        error = errno;
    }
    if (error != 0) {
        ::unlink(name.constData()); // no partial file stays behind
        return QStringLiteral("could not write %1: %2").arg(shownAs, reasonOf(error));
    }
    return {};
}

QString syncFolder(const QString& dir) {
    const int fd = ::open(native(dir).constData(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) {
        return QStringLiteral("could not open the folder %1: %2").arg(dir, lastReason());
    }
    int error = ::fsync(fd) == 0 ? 0 : errno;
    ::close(fd);
    // Some file systems cannot sync a folder; the renames are done, only their durability is theirs.
    if (error != 0 && error != EINVAL && error != ENOTSUP) {
        return QStringLiteral("could not sync the folder %1: %2").arg(dir, reasonOf(error));
    }
    return {};
}

QString renameReason(const QString& from, const QString& to) {
    return ::rename(native(from).constData(), native(to).constData()) == 0 ? QString() : lastReason();
}

QString replace(const QString& from, const QString& to) {
    if (QString reason = renameReason(from, to); !reason.isEmpty()) {
        return QStringLiteral("could not replace %1: %2").arg(to, reason);
    }
    return {};
}

QString moveAside(const QString& path, const QString& bak) {
    if (QString reason = renameReason(path, bak); !reason.isEmpty()) {
        return QStringLiteral("could not move %1 aside as %2: %3").arg(path, bak, reason);
    }
    return {};
}

QString keepBackup(const QString& path, const QString& copy, const QString& bak) {
    const auto failed = [&](const QString& reason) {
        return QStringLiteral("could not keep a backup of %1 as %2: %3").arg(path, bak, reason);
    };
    if (::unlink(native(copy).constData()) != 0 && errno != ENOENT) {
        return failed(lastReason());
    }
    if (::link(native(path).constData(), native(copy).constData()) == 0) {
        return {};
    }
    const int linkError = errno;
    if (linkError != EPERM && linkError != ENOTSUP && linkError != EOPNOTSUPP && linkError != EMLINK) {
        return failed(reasonOf(linkError));
    }
    // No hard link here (the file system has none, or the file is immutable): a synced copy.
    QFile in(path);
    if (!in.open(QIODevice::ReadOnly)) {
        return failed(in.errorString());
    }
    const QByteArray all = in.readAll();
    if (QString e =
            writeDurably(copy, std::as_bytes(std::span(all.constData(), std::size_t(all.size()))), bak);
        !e.isEmpty()) {
        return failed(e.section(QStringLiteral(": "), -1));
    }
    return {};
}

namespace {

// The file's inode flags say no rename may replace or remove it. False when they cannot be read.
bool frozen(const QString& path) {
    const int fd = ::open(native(path).constData(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        return false;
    }
    int flags = 0;
    const bool read = ::ioctl(fd, FS_IOC_GETFLAGS, &flags) == 0;
    ::close(fd);
    return read && (flags & (FS_IMMUTABLE_FL | FS_APPEND_FL)) != 0;
}

} // namespace

QString checkReplaceable(const QString& path) {
    if ((exists(path) && frozen(path)) || frozen(QFileInfo(path).absolutePath())) {
        return QStringLiteral("could not replace %1: %2").arg(path, reasonOf(EPERM));
    }
    return {};
}

QString removeIfPresent(const QString& path) {
    if (::unlink(native(path).constData()) != 0 && errno != ENOENT) {
        return QStringLiteral("could not remove %1: %2").arg(path, lastReason());
    }
    return {};
}

} // namespace mapsmith::core::posix
