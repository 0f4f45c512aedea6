#include "core/document/atomic_file.h"

#include <QFile>
#include <QFileInfo>
#include <QSaveFile>

namespace mapsmith::core {

SaveResult saveFileAtomically(const QString& path, std::span<const std::byte> bytes, BackupPolicy backup) {
    SaveResult result;
    const QFileInfo info(path);
    if (backup == BackupPolicy::KeepBackup && info.exists()) {
        const QString bak = path + QStringLiteral(".bak");
        // Copy, not rename: the original stays in place until the new file is complete.
        QFile::remove(bak);
        if (!QFile::copy(path, bak)) {
            result.error = QStringLiteral("could not keep a backup of %1 as %2").arg(path, bak);
            return result;
        }
        result.backupPath = bak;
    }
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly)) {
        result.error = QStringLiteral("could not open %1 for writing: %2").arg(path, file.errorString());
        return result;
    }
    const auto size = qint64(bytes.size());
    if (file.write(reinterpret_cast<const char*>(bytes.data()), size) != size) {
        result.error = QStringLiteral("could not write %1: %2").arg(path, file.errorString());
        file.cancelWriting();
        return result;
    }
    if (!file.commit()) {
        result.error = QStringLiteral("could not replace %1: %2").arg(path, file.errorString());
        return result;
    }
    result.ok = true;
    return result;
}

} // namespace mapsmith::core
