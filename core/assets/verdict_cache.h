#pragma once
// What the archive probe said about each archive, so that a start with many archives does not probe
// them all again: keyed by the archive's absolute path, size and modification time and by the probe
// program's own (a new StormLib or probe judges again). Kept in memory and, when a file is set, in a
// small INI file (QSettings) that later runs read. Safe from several threads.

#include <QHash>
#include <QString>

#include <filesystem>
#include <mutex>
#include <optional>

namespace mapsmith::core {

struct CachedVerdict {
    bool usable = false;
    QString problem; // why the archive is skipped; empty when usable
};

class VerdictCache {
public:
    // The cache of this process, stored in "<cache location>/mpq-verdicts.ini".
    static VerdictCache& shared();

    // file: the INI file of later runs; empty keeps verdicts in memory only.
    void setFile(const QString& file);
    QString file() const;

    // Empty when the archive's size or time cannot be read (it is probed, not looked up).
    static QString keyOf(const std::filesystem::path& archive, const QString& probeProgram);

    std::optional<CachedVerdict> find(const QString& key);
    void store(const QString& key, const CachedVerdict& verdict);

private:
    mutable std::mutex mMutex;
    QString mFile;
    QHash<QString, CachedVerdict> mMemory;
};

} // namespace mapsmith::core
