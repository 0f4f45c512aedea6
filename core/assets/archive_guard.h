#pragma once
// MPQ archives are checked in a helper process (mapsmith-mpq-probe, io::probeMpqArchive) before this
// process opens them: StormLib is not hardened against crafted or damaged archives, and a crash or a
// hang there would take the editor or mapsmith-cli down with it. An archive whose probe crashes, hangs
// (killed after the timeout) or refuses it is skipped, with one sentence naming it and what happened.
// Probes run in parallel; their verdicts are cached (VerdictCache) by the archive's path, size and
// modification time. When the probe cannot be run at all, archives are opened unchecked, as before,
// and the screening says so once.

#include <QString>
#include <QStringList>

#include <filesystem>
#include <vector>

namespace mapsmith::core {

struct ArchiveVerdict {
    std::filesystem::path archive;
    bool usable = true;
    // Why the archive is skipped: "<archive>: crashed the archive reader (signal 8, Floating point
    // exception)", "<archive>: timed out after 30 s in the archive reader", or the probe's own line
    // ("<archive>: cannot open MPQ archive, StormLib error 1005 (archive corrupt)").
    QString problem;
    bool cached = false;    // an earlier verdict on the same file, not probed again
    bool unchecked = false; // the probe could not be run: opened without a check
    qint64 probeMs = -1;    // wall time of the probe process; -1 when it did not run
};

struct ArchiveScreening {
    std::vector<ArchiveVerdict> verdicts; // one per archive, in the order given
    QString note; // "the archive checker ... cannot be run (...)": every archive is unchecked

    std::vector<std::filesystem::path> usable() const; // in the order given
    QStringList problems() const;                      // the skipped archives' sentences
};

// Probes each archive (or takes its cached verdict). Blocks until every probe ended or timed out.
ArchiveScreening screenArchives(const std::vector<std::filesystem::path>& archives);

// The probe program; by default mapsmith-mpq-probe in the application's folder.
QString mpqProbeProgram();
void setMpqProbeProgram(const QString& program);

// Seconds a probe may run before it is killed and its archive skipped (default 30).
int mpqProbeTimeoutSeconds();
void setMpqProbeTimeoutSeconds(int seconds);

} // namespace mapsmith::core
