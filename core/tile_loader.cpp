#include "tile_loader.h"

#include "io/wdt.h"

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
        return io::Error{io::ErrorCode::FileIo, {}, 0,
                         QStringLiteral("cannot open %1: %2").arg(path, file.errorString()).toStdString()};
    }
    const QByteArray data = file.readAll();
    if (file.error() != QFileDevice::NoError) {
        return io::Error{io::ErrorCode::FileIo, {}, 0,
                         QStringLiteral("cannot read %1: %2").arg(path, file.errorString()).toStdString()};
    }
    const auto* p = reinterpret_cast<const std::byte*>(data.constData());
    return std::vector<std::byte>(p, p + data.size());
}

io::Expected<LoadedTile> loadTile(const QString& adtPath, const TileLoadOptions& options) {
    LoadedTile tile;
    io::AdtReadOptions readOptions;
    readOptions.lenient = options.lenient;
    const QString wdtPath = options.wdtPath.isEmpty() ? findWdtFor(adtPath) : options.wdtPath;
    if (!wdtPath.isEmpty()) {
        auto wdtBytes = readWholeFile(wdtPath);
        if (!wdtBytes) {
            return wdtBytes.error();
        }
        io::Diagnostics diag;
        diag.lenient = options.lenient;
        auto wdt = io::readWdt(*wdtBytes, diag);
        if (!wdt) {
            io::Error e = wdt.error();
            e.message = wdtPath.toStdString() + ": " + e.message;
            return e;
        }
        readOptions.bigAlpha = wdt->bigAlpha();
        tile.wdtPath = wdtPath;
    }
    auto bytes = readWholeFile(adtPath);
    if (!bytes) {
        return bytes.error();
    }
    tile.fileSize = bytes->size();
    auto result = io::readAdt(*bytes, readOptions);
    if (!result) {
        return result.error();
    }
    tile.adt = std::move(result->adt);
    tile.warnings = std::move(result->warnings);
    tile.alphaDepthInferred = result->bigAlphaInferred;
    return tile;
}

} // namespace mapsmith::core
