#include "core/assets/verdict_cache.h"

#include <QCryptographicHash>
#include <QDateTime>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

namespace mapsmith::core {
namespace {

// "<size>:<modified, ms since the epoch>", empty when the file cannot be looked at.
QString identity(const QString& path) {
    const QFileInfo info(path);
    if (!info.isFile()) {
        return {};
    }
    return QString::number(info.size()) + QLatin1Char(':') +
           QString::number(info.lastModified().toMSecsSinceEpoch());
}

} // namespace

VerdictCache& VerdictCache::shared() {
    static VerdictCache* cache = [] {
        auto* out = new VerdictCache();
        const QString dir = QStandardPaths::writableLocation(QStandardPaths::CacheLocation);
        if (!dir.isEmpty()) {
            out->setFile(dir + QStringLiteral("/mpq-verdicts.ini"));
        }
        return out;
    }();
    return *cache;
}

void VerdictCache::setFile(const QString& file) {
    const std::lock_guard lock(mMutex);
    mFile = file;
}

QString VerdictCache::file() const {
    const std::lock_guard lock(mMutex);
    return mFile;
}

QString VerdictCache::keyOf(const std::filesystem::path& archive, const QString& probeProgram) {
    const QString path = QFileInfo(QString::fromStdString(archive.string())).absoluteFilePath();
    const QString archiveId = identity(path);
    if (archiveId.isEmpty()) {
        return {};
    }
    const QString text = path + QLatin1Char('\n') + archiveId + QLatin1Char('\n') + probeProgram +
                         QLatin1Char('\n') + identity(probeProgram);
    // A hash: QSettings keys may not hold the '/' and '\\' of paths.
    return QString::fromLatin1(QCryptographicHash::hash(text.toUtf8(), QCryptographicHash::Sha1).toHex());
}

std::optional<CachedVerdict> VerdictCache::find(const QString& key) {
    const std::lock_guard lock(mMutex);
    if (const auto it = mMemory.constFind(key); it != mMemory.constEnd()) {
        return *it;
    }
    if (mFile.isEmpty()) {
        return std::nullopt;
    }
    const QSettings store(mFile, QSettings::IniFormat);
    const QString value = store.value(QStringLiteral("verdicts/") + key).toString();
    if (value.isEmpty()) {
        return std::nullopt;
    }
    // "usable", or "skipped:<problem>".
    CachedVerdict verdict;
    verdict.usable = value == QStringLiteral("usable");
    if (!verdict.usable) {
        if (!value.startsWith(QStringLiteral("skipped:"))) {
            return std::nullopt;
        }
        verdict.problem = value.mid(8);
    }
    mMemory.insert(key, verdict);
    return verdict;
}

void VerdictCache::store(const QString& key, const CachedVerdict& verdict) {
    const std::lock_guard lock(mMutex);
    mMemory.insert(key, verdict);
    if (mFile.isEmpty()) {
        return;
    }
    QSettings store(mFile, QSettings::IniFormat);
    store.setValue(QStringLiteral("verdicts/") + key,
                   verdict.usable ? QStringLiteral("usable") : QStringLiteral("skipped:") + verdict.problem);
}

} // namespace mapsmith::core
