#include "core/document/file_journal.h"

#include "core/document/posix_files.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>
#include <QUrl>

namespace mapsmith::core {
namespace {

const QByteArray kMagic = "mapsmith-journal 1";

// Paths are stored relative to the journal's folder (the map folder may be moved between a crash and
// its recovery) and percent-encoded (a name may hold a tab or a line break).
QByteArray encodePath(const QDir& dir, const QString& path) {
    return QUrl::toPercentEncoding(dir.relativeFilePath(path));
}

QString decodePath(const QDir& dir, const QByteArray& field) {
    return QDir::cleanPath(dir.absoluteFilePath(QUrl::fromPercentEncoding(field)));
}

} // namespace

QString journalPrefix() {
    return QStringLiteral(".mapsmith-journal-");
}

QString tempSuffix() {
    return QStringLiteral(".mapsmith-tmp");
}

QString writeJournal(const QString& path, const std::vector<JournalStep>& steps) {
    const QDir dir = QFileInfo(path).absoluteDir();
    QByteArray text = kMagic + '\n';
    for (const JournalStep& s : steps) {
        const QByteArray backup = s.backup ? "bak" : "-";
        if (s.kind == JournalStep::Kind::Write) {
            text +=
                "write\t" + encodePath(dir, s.temp) + '\t' + encodePath(dir, s.target) + '\t' + backup + '\n';
        } else {
            text += "remove\t" + encodePath(dir, s.target) + '\t' + backup + '\n';
        }
    }
    text += "end\t" + QByteArray::number(qsizetype(steps.size())) + '\n';
    const QString temp = path + QStringLiteral(".tmp");
    if (QString e = posix::writeDurably(
            temp, std::as_bytes(std::span(text.constData(), std::size_t(text.size()))), path);
        !e.isEmpty()) {
        return e;
    }
    if (QString e = posix::replace(temp, path); !e.isEmpty()) {
        posix::removeIfPresent(temp);
        return e;
    }
    return posix::syncFolder(dir.path());
}

JournalRead readJournal(const QString& path) {
    JournalRead out;
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        out.error = QStringLiteral("could not read the journal %1: %2").arg(path, file.errorString());
        return out;
    }
    const QDir dir = QFileInfo(path).absoluteDir();
    const QList<QByteArray> lines = file.readAll().split('\n');
    const auto damaged = [&](const QString& why) {
        out.steps.clear();
        out.error = QStringLiteral("the journal %1 is damaged (%2); it is left in place").arg(path, why);
        return out;
    };
    if (lines.isEmpty() || lines.first() != kMagic) {
        return damaged(QStringLiteral("no mapsmith-journal 1 header"));
    }
    for (qsizetype i = 1; i < lines.size(); ++i) {
        if (lines[i].isEmpty() && i + 1 == lines.size()) {
            break; // the text after the last line break
        }
        const QList<QByteArray> f = lines[i].split('\t');
        if (f.size() == 4 && f[0] == "write") {
            out.steps.push_back(
                {JournalStep::Kind::Write, decodePath(dir, f[2]), decodePath(dir, f[1]), f[3] == "bak"});
        } else if (f.size() == 3 && f[0] == "remove") {
            out.steps.push_back({JournalStep::Kind::Remove, decodePath(dir, f[1]), {}, f[2] == "bak"});
        } else if (f.size() == 2 && f[0] == "end") {
            if (f[1].toLongLong() != qlonglong(out.steps.size())) {
                return damaged(QStringLiteral("it lists %1 steps, its end line says %2")
                                   .arg(out.steps.size())
                                   .arg(QString::fromLatin1(f[1])));
            }
            return out;
        } else {
            return damaged(QStringLiteral("line %1 is not a step").arg(i + 1));
        }
    }
    return damaged(QStringLiteral("no end line"));
}

QString applyJournalSteps(const std::vector<JournalStep>& steps, QStringList* changed) {
    QSet<QString> folders;
    for (const JournalStep& s : steps) {
        const QString bak = s.target + QStringLiteral(".bak");
        if (s.kind == JournalStep::Kind::Write) {
            // The backup is made under a temporary name and takes its own only after the target was
            // replaced: a failed step leaves the previous .bak as it was.
            const QString bakTemp = bak + tempSuffix();
            const bool pending = posix::exists(s.temp);
            if (pending) {
                if (s.backup && posix::exists(s.target)) {
                    if (QString e = posix::keepBackup(s.target, bakTemp, bak); !e.isEmpty()) {
                        return e;
                    }
                }
                if (QString e = posix::replace(s.temp, s.target); !e.isEmpty()) {
                    posix::removeIfPresent(bakTemp);
                    return e;
                }
            }
            const bool backupPending = s.backup && posix::exists(bakTemp);
            if (backupPending) {
                if (QString reason = posix::renameReason(bakTemp, bak); !reason.isEmpty()) {
                    return QStringLiteral("could not keep a backup of %1 as %2: %3")
                        .arg(s.target, bak, reason);
                }
            }
            if (!pending && !backupPending) {
                continue; // done already
            }
        } else {
            if (!posix::exists(s.target)) {
                continue; // removed already (or never there)
            }
            if (s.backup) {
                if (QString e = posix::moveAside(s.target, bak); !e.isEmpty()) {
                    return e;
                }
            } else if (QString e = posix::removeIfPresent(s.target); !e.isEmpty()) {
                return e;
            }
        }
        folders.insert(QFileInfo(s.target).absolutePath());
        if (changed) {
            *changed << s.target;
        }
    }
    for (const QString& folder : folders) {
        if (QString e = posix::syncFolder(folder); !e.isEmpty()) {
            return e;
        }
    }
    return {};
}

} // namespace mapsmith::core
