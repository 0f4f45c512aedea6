#include "cli/recovery.h"

#include "core/document/folder_recovery.h"

#include <QDir>
#include <QFileInfo>
#include <QSet>
#include <QTextStream>

namespace mapsmith::cli {

QStringList argumentFolders(const QStringList& args) {
    QStringList folders;
    QSet<QString> seen;
    for (QString arg : args) {
        if (arg.startsWith(QLatin1Char('-'))) {
            const qsizetype eq = arg.indexOf(QLatin1Char('='));
            if (eq < 0) {
                continue;
            }
            arg = arg.mid(eq + 1); // --out=DIR
        }
        if (arg.isEmpty()) {
            continue;
        }
        const QFileInfo info(arg);
        QString folder;
        if (info.isDir()) {
            folder = info.absoluteFilePath();
        } else if (info.exists() || (arg.contains(QLatin1Char('/')) && info.absoluteDir().exists())) {
            folder = info.absolutePath();
        } else {
            continue; // not a path: a tile block, a number, a file in the working folder not there yet
        }
        const QString key = QFileInfo(folder).canonicalFilePath();
        if (!key.isEmpty() && !seen.contains(key)) {
            seen.insert(key);
            folders << folder;
        }
    }
    return folders;
}

bool recoverArgumentFolders(const QStringList& args, QTextStream& err) {
    bool ok = true;
    for (const core::RecoveryReport& r : core::recoverFolders(argumentFolders(args))) {
        if (const QString text = r.describe(); !text.isEmpty()) {
            err << "mapsmith-cli: " << text << "\n";
        }
        ok = ok && (r.error.isEmpty() || r.busy); // busy: our own writes wait for the other process
    }
    err.flush();
    return ok;
}

} // namespace mapsmith::cli
