#include "core/document/tile_loader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>

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
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return io::Error{io::ErrorCode::FileIo,
                         {},
                         0,
                         QStringLiteral("cannot open %1: %2").arg(path, file.errorString()).toStdString()};
    }
    const QByteArray data = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        return io::Error{io::ErrorCode::FileIo,
                         {},
                         0,
                         QStringLiteral("cannot read %1: %2").arg(path, file.errorString()).toStdString()};
    }
    const auto* p = reinterpret_cast<const std::byte*>(data.constData());
    return std::vector<std::byte>(p, p + data.size());
}

} // namespace mapsmith::core
