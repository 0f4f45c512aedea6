#pragma once
// Crash-safe file replacement: the new bytes go to a temporary file that is renamed over the target
// only when complete (QSaveFile); the previous version is kept as "<name>.bak" first.

#include <QString>

#include <cstddef>
#include <span>

namespace mapsmith::core {

struct SaveResult {
    bool ok = false;
    QString error;      // a sentence naming the file, empty when ok
    QString backupPath; // where the previous version was kept; empty when there was none
};

enum class BackupPolicy { KeepBackup, NoBackup };

SaveResult saveFileAtomically(const QString& path, std::span<const std::byte> bytes,
                              BackupPolicy backup = BackupPolicy::KeepBackup);

} // namespace mapsmith::core
