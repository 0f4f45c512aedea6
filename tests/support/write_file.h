#pragma once
// Writing a test file, its folders made first (a new file: QFile::copy of the read-only corpus would keep
// it read-only).

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QString>

#include <cstddef>
#include <span>

namespace mapsmith::test {

inline bool writeFile(const QString& path, const QByteArray& bytes) {
    QDir().mkpath(QFileInfo(path).absolutePath());
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

inline bool writeFile(const QString& path, std::span<const std::byte> bytes) {
    return writeFile(path, QByteArray(reinterpret_cast<const char*>(bytes.data()), qsizetype(bytes.size())));
}

} // namespace mapsmith::test
