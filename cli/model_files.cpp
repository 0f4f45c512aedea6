#include "cli/model_files.h"

#include <QDir>
#include <QFileInfo>

namespace mapsmith::cli {

FilesBeside::FilesBeside(const QString& path) : mPrefix(path.left(path.size() - fileNameOf(path).size())) {}

QString FilesBeside::find(const QString& name) const {
    const QString exact = mPrefix + name;
    if (QFileInfo(exact).isFile()) {
        return exact;
    }
    if (!mList) {
        const QDir dir(mPrefix.isEmpty() ? QStringLiteral(".") : mPrefix);
        mList = dir.entryList(QDir::Files | QDir::Hidden, QDir::Name);
    }
    for (const QString& entry : *mList) {
        if (entry.compare(name, Qt::CaseInsensitive) == 0) {
            return mPrefix + entry;
        }
    }
    return {};
}

QString fileNameOf(const QString& path) {
    const qsizetype slash = std::max(path.lastIndexOf(QLatin1Char('/')), path.lastIndexOf(QLatin1Char('\\')));
    return path.mid(slash + 1);
}

} // namespace mapsmith::cli
