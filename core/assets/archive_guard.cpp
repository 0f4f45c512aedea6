#include "core/assets/archive_guard.h"

#include "core/assets/verdict_cache.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProcess>
#include <QThread>

#include <algorithm>
#include <atomic>
#include <cstring>
#include <memory>
#include <mutex>

namespace mapsmith::core {
namespace {

constexpr int kPollMs = 5; // how long one look at a running probe waits for it

std::mutex gSettingsMutex;
QString gProgram; // empty: the default
std::atomic<int> gTimeoutSeconds{30};

QString pathText(const std::filesystem::path& path) {
    return QString::fromStdString(path.string());
}

// One probe process and when it started.
struct Probe {
    std::size_t index = 0; // into the verdicts
    std::unique_ptr<QProcess> process;
    QElapsedTimer clock;
};

// The verdict on a probe that ended by itself.
void judgeFinished(QProcess& process, ArchiveVerdict& verdict) {
    const QString archive = pathText(verdict.archive);
    if (process.exitStatus() == QProcess::CrashExit) {
        // On Unix a crashed process's exit code is the signal that ended it.
        const int signal = process.exitCode();
        const char* name = strsignal(signal);
        verdict.usable = false;
        verdict.problem =
            QObject::tr("%1: crashed the archive reader (signal %2%3)")
                .arg(archive)
                .arg(signal)
                .arg(name != nullptr ? QStringLiteral(", ") + QString::fromLocal8Bit(name) : QString());
        return;
    }
    if (process.exitCode() == 0) {
        verdict.usable = true;
        return;
    }
    // The probe's last line on stderr names the archive and StormLib's reason.
    const QStringList lines =
        QString::fromLocal8Bit(process.readAllStandardError()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    verdict.usable = false;
    verdict.problem = lines.isEmpty() ? QObject::tr("%1: the archive reader refused it (exit code %2)")
                                            .arg(archive)
                                            .arg(process.exitCode())
                                      : lines.last().trimmed();
}

class ProbeRunner {
public:
    // keys: the cache key of each verdict of `out`, empty when the archive cannot be keyed.
    ProbeRunner(QString program, int timeoutSeconds, std::vector<QString> keys, ArchiveScreening& out)
        : mProgram(std::move(program)), mTimeoutMs(qint64(timeoutSeconds) * 1000), mKeys(std::move(keys)),
          mOut(out) {}

    // Probes the verdicts at `pending`, at most `parallel` at a time. False when the program cannot be
    // started (mOut.note says why; the archives not judged yet stay unchecked).
    bool run(const std::vector<std::size_t>& pending, int parallel) {
        std::size_t next = 0;
        std::vector<Probe> running;
        while (next < pending.size() || !running.empty()) {
            while (next < pending.size() && int(running.size()) < parallel) {
                if (!start(pending[next++], running)) {
                    stopAll(running);
                    return false;
                }
            }
            for (auto it = running.begin(); it != running.end();) {
                if (poll(*it)) {
                    it = running.erase(it);
                } else {
                    ++it;
                }
            }
        }
        return true;
    }

private:
    bool start(std::size_t index, std::vector<Probe>& running) {
        Probe probe;
        probe.index = index;
        probe.process = std::make_unique<QProcess>();
        probe.process->setProgram(mProgram);
        probe.process->setArguments({pathText(mOut.verdicts[index].archive)});
        probe.clock.start();
        probe.process->start(QIODevice::ReadOnly);
        if (!probe.process->waitForStarted()) {
            mOut.note = QObject::tr("The archive checker %1 cannot be run (%2): MPQ archives are opened "
                                    "without being checked first")
                            .arg(mProgram, probe.process->errorString());
            return false;
        }
        running.push_back(std::move(probe));
        return true;
    }

    // True when the probe ended (judged) or was killed after the timeout.
    bool poll(Probe& probe) {
        ArchiveVerdict& verdict = mOut.verdicts[probe.index];
        if (probe.process->waitForFinished(kPollMs) || probe.process->state() == QProcess::NotRunning) {
            verdict.unchecked = false;
            verdict.probeMs = probe.clock.elapsed();
            judgeFinished(*probe.process, verdict);
            if (!mKeys[probe.index].isEmpty()) {
                VerdictCache::shared().store(mKeys[probe.index], {verdict.usable, verdict.problem});
            }
            return true;
        }
        if (probe.clock.elapsed() < mTimeoutMs) {
            return false;
        }
        probe.process->kill();
        probe.process->waitForFinished();
        verdict.unchecked = false;
        verdict.probeMs = probe.clock.elapsed();
        verdict.usable = false;
        // Not cached: a machine busy enough may have slowed a sound archive down.
        verdict.problem = QObject::tr("%1: timed out after %2 s in the archive reader")
                              .arg(pathText(verdict.archive))
                              .arg(mTimeoutMs / 1000);
        return true;
    }

    static void stopAll(std::vector<Probe>& running) {
        for (Probe& probe : running) {
            probe.process->kill();
            probe.process->waitForFinished();
        }
    }

    QString mProgram;
    qint64 mTimeoutMs;
    std::vector<QString> mKeys;
    ArchiveScreening& mOut;
};

} // namespace

std::vector<std::filesystem::path> ArchiveScreening::usable() const {
    std::vector<std::filesystem::path> out;
    for (const ArchiveVerdict& verdict : verdicts) {
        if (verdict.usable) {
            out.push_back(verdict.archive);
        }
    }
    return out;
}

QStringList ArchiveScreening::problems() const {
    QStringList out;
    for (const ArchiveVerdict& verdict : verdicts) {
        if (!verdict.usable) {
            out.push_back(verdict.problem);
        }
    }
    return out;
}

QString mpqProbeProgram() {
    {
        const std::lock_guard lock(gSettingsMutex);
        if (!gProgram.isEmpty()) {
            return gProgram;
        }
    }
    return QCoreApplication::applicationDirPath() + QStringLiteral("/mapsmith-mpq-probe");
}

void setMpqProbeProgram(const QString& program) {
    const std::lock_guard lock(gSettingsMutex);
    gProgram = program;
}

int mpqProbeTimeoutSeconds() {
    return gTimeoutSeconds;
}

void setMpqProbeTimeoutSeconds(int seconds) {
    gTimeoutSeconds = std::max(1, seconds);
}

ArchiveScreening screenArchives(const std::vector<std::filesystem::path>& archives) {
    ArchiveScreening out;
    const QString program = mpqProbeProgram();
    std::vector<QString> keys;
    std::vector<std::size_t> pending;
    for (const auto& archive : archives) {
        ArchiveVerdict verdict;
        verdict.archive = archive;
        verdict.unchecked = true; // until a probe or the cache judges it
        const QString key = VerdictCache::keyOf(archive, program);
        if (!key.isEmpty()) {
            if (const auto cached = VerdictCache::shared().find(key)) {
                verdict.usable = cached->usable;
                verdict.problem = cached->problem;
                verdict.cached = true;
                verdict.unchecked = false;
            }
        }
        if (!verdict.cached) {
            pending.push_back(out.verdicts.size());
        }
        keys.push_back(key);
        out.verdicts.push_back(std::move(verdict));
    }
    if (pending.empty()) {
        return out;
    }
    if (!QFileInfo(program).isExecutable()) {
        out.note = QObject::tr("The archive checker %1 is missing: MPQ archives are opened without being "
                               "checked first")
                       .arg(program);
        return out;
    }
    ProbeRunner runner(program, mpqProbeTimeoutSeconds(), std::move(keys), out);
    (void)runner.run(pending, std::max(2, QThread::idealThreadCount())); // a failure is in out.note
    return out;
}

} // namespace mapsmith::core
