#pragma once
// Crash-safe replacement of one file: a FileTransaction (core/document/file_transaction.h) of that file
// alone. The new bytes go to a synced temporary renamed over the target only when complete; with
// KeepBackup the previous version becomes "<name>.bak" in the same step. A failure leaves the previous
// file, its previous .bak and no temporary.

#include "core/document/file_transaction.h"

#include <QString>

#include <cstddef>
#include <span>

namespace mapsmith::core {

struct SaveResult {
    bool ok = false;
    QString error;      // a sentence naming the file and the system's reason, empty when ok
    QString backupPath; // where the previous version was kept; empty when there was none
};

SaveResult saveFileAtomically(const QString& path, std::span<const std::byte> bytes,
                              BackupPolicy backup = BackupPolicy::KeepBackup);

} // namespace mapsmith::core
