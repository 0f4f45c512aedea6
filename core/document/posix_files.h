#pragma once
// The file system steps of a transactional save, each reporting the system's reason (strerror) and
// naming the file in a sentence for the user; an empty QString means the step succeeded.

#include <QString>

#include <cstddef>
#include <span>

namespace mapsmith::core::posix {

// Creates (or truncates) `path`, writes `bytes` and fsyncs it. On failure the partial file is removed;
// the message names `shownAs` ("could not write <shownAs>: No space left on device").
QString writeDurably(const QString& path, std::span<const std::byte> bytes, const QString& shownAs);
// fsync of a folder, so renames and removals in it survive a power loss.
QString syncFolder(const QString& dir);
// rename(2): the system's reason, empty on success.
QString renameReason(const QString& from, const QString& to);
// rename(2); the message is "could not replace <to>: <reason>".
QString replace(const QString& from, const QString& to);
// rename(2) of `path` to `bak` (replacing an older one). "could not move <path> aside as <bak>: <reason>".
QString moveAside(const QString& path, const QString& bak);
// `copy` becomes a copy of `path` (a hard link, or a synced copy where links are not supported),
// replacing a file of that name. "could not keep a backup of <path> as <bak>: <reason>".
QString keepBackup(const QString& path, const QString& copy, const QString& bak);
// unlink(2) of a file that may be missing already. "could not remove <path>: <reason>".
QString removeIfPresent(const QString& path);
// Before a commit: "could not replace <path>: Operation not permitted" when `path` or its folder is
// immutable or append-only (chattr +i / +a), which no rename can change; empty otherwise.
QString checkReplaceable(const QString& path);
// True when `path` exists (any kind of file).
bool exists(const QString& path);
// The system's reason for the last failed call (strerror(errno)).
QString lastReason();

} // namespace mapsmith::core::posix
