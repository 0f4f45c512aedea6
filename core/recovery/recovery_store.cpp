#include "core/recovery/recovery_store.h"

#include "core/document/atomic_file.h"
#include "core/recovery/recovery_codec.h"
#include "core/recovery/recovery_sessions.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <set>

namespace mapsmith::core {
namespace {

CoreError fileError(const QString& text) {
    return CoreError(CoreError::Code::File, text.toStdString());
}

Expected<void> writeFile(const QString& path, std::span<const std::byte> bytes) {
    const SaveResult saved = saveFileAtomically(path, bytes, BackupPolicy::NoBackup);
    if (!saved.ok) {
        return fileError(saved.error);
    }
    return {};
}

std::optional<std::vector<std::byte>> readFile(const QString& path, QString& error) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const QByteArray data = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        error = QStringLiteral("%1: %2").arg(path, file.errorString());
        return std::nullopt;
    }
    const auto* begin = reinterpret_cast<const std::byte*>(data.constData());
    return std::vector<std::byte>(begin, begin + data.size());
}

} // namespace

Expected<RecoveryManifest> writeRecovery(const QString& folder, RecoverySnapshot snapshot) {
    if (!QDir().mkpath(folder)) {
        return fileError(QStringLiteral("%1: the recovery folder cannot be created").arg(folder));
    }
    const QDir dir(folder);
    RecoveryManifest manifest = std::move(snapshot.manifest);
    manifest.tiles = std::move(snapshot.kept);
    manifest.wdtFile.clear();
    const QString gen = QString::number(manifest.generation);
    for (const auto& [t, adt] : snapshot.changed) {
        const QString name = QStringLiteral("tile_%1_%2.g%3.msr").arg(t.x).arg(t.y).arg(gen);
        if (auto written = writeFile(dir.filePath(name), packRecoveredTile(adt, manifest.layout)); !written) {
            return written.error();
        }
        manifest.tiles[t] = name;
    }
    if (snapshot.wdt) {
        const QString name = QStringLiteral("wdt.g%1.msr").arg(gen);
        if (auto written = writeFile(dir.filePath(name), packRecoveredWdt(*snapshot.wdt)); !written) {
            return written.error();
        }
        manifest.wdtFile = name;
    }
    const QByteArray json = manifest.toJson();
    const auto* bytes = reinterpret_cast<const std::byte*>(json.constData());
    if (auto written = writeFile(dir.filePath(QLatin1String(kRecoveryManifestName)),
                                 std::span(bytes, std::size_t(json.size())));
        !written) {
        return written.error();
    }
    // Committed: what the manifest does not name is a leftover (an earlier generation, a cut write).
    std::set<QString> named{QLatin1String(kRecoveryManifestName), QLatin1String(kRecoveryLockName)};
    for (const auto& [t, name] : manifest.tiles) {
        named.insert(name);
    }
    named.insert(manifest.wdtFile);
    for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden)) {
        if (!named.count(name)) {
            QFile::remove(dir.filePath(name)); // a leftover that stays is only disk space
        }
    }
    return manifest;
}

Expected<RecoveryManifest> readRecoveryManifest(const QString& folder) {
    const QString path = QDir(folder).filePath(QLatin1String(kRecoveryManifestName));
    QString error;
    const auto bytes = readFile(path, error);
    if (!bytes) {
        return fileError(error);
    }
    return RecoveryManifest::fromJson(
        QByteArray(reinterpret_cast<const char*>(bytes->data()), qsizetype(bytes->size())), path);
}

Expected<RecoveredMap> readRecovery(const QString& folder) {
    auto manifest = readRecoveryManifest(folder);
    if (!manifest) {
        return manifest.error();
    }
    RecoveredMap out;
    out.manifest = std::move(manifest.value());
    const QDir dir(folder);
    for (const auto& [t, name] : out.manifest.tiles) {
        const QString path = dir.filePath(name);
        QString error;
        const auto bytes = readFile(path, error);
        if (!bytes) {
            out.problems.push_back(error);
            continue;
        }
        auto adt = unpackRecoveredTile(*bytes, out.manifest.bigAlpha);
        if (!adt) {
            out.problems.push_back(
                QStringLiteral("%1: %2").arg(path, QString::fromStdString(adt.error().describe())));
            continue;
        }
        out.tiles.emplace(t, std::move(adt.value()));
    }
    if (!out.manifest.wdtFile.isEmpty()) {
        const QString path = dir.filePath(out.manifest.wdtFile);
        QString error;
        if (const auto bytes = readFile(path, error); !bytes) {
            out.problems.push_back(error);
        } else if (auto wdt = unpackRecoveredWdt(*bytes); !wdt) {
            out.problems.push_back(
                QStringLiteral("%1: %2").arg(path, QString::fromStdString(wdt.error().describe())));
        } else {
            out.wdt = std::move(wdt.value());
        }
    }
    return out;
}

bool clearRecovery(const QString& folder, QString* error) {
    const QDir dir(folder);
    if (!dir.exists()) {
        return true;
    }
    const QString manifest = dir.filePath(QLatin1String(kRecoveryManifestName));
    QStringList left;
    const auto remove = [&left](const QString& path) {
        QFile file(path);
        if (file.exists() && !file.remove()) {
            left.push_back(QStringLiteral("%1 could not be removed: %2").arg(path, file.errorString()));
        }
    };
    remove(manifest);
    for (const QString& name : dir.entryList(QDir::Files | QDir::Hidden)) {
        if (name != QLatin1String(kRecoveryLockName)) {
            remove(dir.filePath(name));
        }
    }
    if (!left.isEmpty() && error) {
        *error = left.join(QStringLiteral("; "));
    }
    return left.isEmpty();
}

} // namespace mapsmith::core
