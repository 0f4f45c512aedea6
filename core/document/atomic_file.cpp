#include "core/document/atomic_file.h"

#include <QFileInfo>

namespace mapsmith::core {

SaveResult saveFileAtomically(const QString& path, std::span<const std::byte> bytes, BackupPolicy backup) {
    SaveResult result;
    FileTransaction transaction(QFileInfo(path).absolutePath());
    result.error = transaction.stage(path, bytes, backup);
    if (result.error.isEmpty()) {
        result.error = transaction.commit();
    }
    result.ok = result.error.isEmpty();
    if (result.ok && !transaction.backups().isEmpty()) {
        result.backupPath = transaction.backups().front();
    }
    return result;
}

} // namespace mapsmith::core
