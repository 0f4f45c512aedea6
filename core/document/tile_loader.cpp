#include "core/document/tile_loader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace mapsmith::core {

QString findWdtFor(const QString& adtPath) {
    const QFileInfo info(adtPath);
    static const QRegularExpression tileName(QStringLiteral("^(.+)_(\\d+)_(\\d+)$"));
    const auto m = tileName.match(info.completeBaseName());
    if (!m.hasMatch()) {
        return {};
    }
    const QString candidate = info.dir().filePath(m.captured(1) + QStringLiteral(".wdt"));
    return QFileInfo::exists(candidate) ? candidate : QString();
}

io::Expected<std::vector<std::byte>> readWholeFile(const QString& path) {
    const QFileInfo info(path);
    if (info.isDir()) {
        return io::Error{io::ErrorCode::FileIo,
                         {},
                         0,
                         QStringLiteral("%1 is a directory, not a file").arg(path).toStdString()};
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        // "could not read" when the file is there (permission, I/O error), "cannot open" when it is not.
        const QString text =
            info.exists() ? QStringLiteral("could not read %1: %2") : QStringLiteral("cannot open %1: %2");
        return io::Error{io::ErrorCode::FileIo, {}, 0, text.arg(path, file.errorString()).toStdString()};
    }
    const auto readError = [&] {
        return io::Error{io::ErrorCode::FileIo,
                         {},
                         0,
                         QStringLiteral("could not read %1: %2").arg(path, file.errorString()).toStdString()};
    };
    if (file.isSequential()) { // a pipe or device: its size is not known before the end
        const QByteArray data = file.readAll();
        if (file.error() != QFileDevice::NoError) {
            return readError();
        }
        const auto* p = reinterpret_cast<const std::byte*>(data.constData());
        return std::vector<std::byte>(p, p + data.size());
    }
    // Straight into the result: one copy of the file in memory, however large.
    std::vector<std::byte> out(std::size_t(std::max<qint64>(file.size(), 0)));
    std::size_t got = 0;
    while (got < out.size()) {
        const qint64 n = file.read(reinterpret_cast<char*>(out.data()) + got, qint64(out.size() - got));
        if (n < 0) {
            return readError();
        }
        if (n == 0) {
            break; // the file shrank while it was read
        }
        got += std::size_t(n);
    }
    out.resize(got);
    return out;
}

} // namespace mapsmith::core
