#pragma once
// Every file under a folder, subfolders and hidden files too, by path relative to it: what tests compare
// before and after a write that must leave a folder all old or all new.

#include <QByteArray>
#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QString>

#include <map>

namespace mapsmith::tests {

inline std::map<QString, QByteArray> filesUnder(const QString& dir) {
    std::map<QString, QByteArray> out;
    QDirIterator it(dir, QDir::Files | QDir::Hidden, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString path = it.next();
        QFile f(path);
        if (f.open(QIODevice::ReadOnly)) {
            out[QDir(dir).relativeFilePath(path)] = f.readAll();
        }
    }
    return out;
}

} // namespace mapsmith::tests
