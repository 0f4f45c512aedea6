#include "map_block.h"

#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>

#include <algorithm>

namespace mapsmith::cli {
namespace {

io::Error folderError(const QString& message) {
    return io::Error{io::ErrorCode::FileIo, {}, 0, message.toStdString()};
}

// WDTs of the split era that sit beside the map's own one.
bool isCompanionWdt(const QString& baseName) {
    static const QRegularExpression companion(QStringLiteral("_(occ|lgt|fogs|mpv)$"),
                                              QRegularExpression::CaseInsensitiveOption);
    return companion.match(baseName).hasMatch();
}

} // namespace

QString MapFolder::tileFileName(core::TileCoord t) const {
    return QStringLiteral("%1_%2_%3.adt").arg(name).arg(t.x).arg(t.y);
}

QString MapFolder::tilePath(core::TileCoord t) const {
    return tiles.value(tileFileName(t).toLower());
}

io::Expected<MapFolder> openMapFolder(const QString& path) {
    const QFileInfo info(path);
    QString wdtName;
    QString dirPath = path;
    if (info.isFile() && info.suffix().compare(QLatin1String("wdt"), Qt::CaseInsensitive) == 0) {
        dirPath = info.path();
        wdtName = info.fileName();
    } else if (!info.isDir()) {
        return folderError(info.exists() ? QStringLiteral("%1 is not a map folder (the folder holding "
                                                          "<Name>.wdt and its tiles)")
                                               .arg(path)
                                         : QStringLiteral("cannot find the map folder %1").arg(path));
    }
    const QDir dir(dirPath);
    if (wdtName.isEmpty()) {
        QStringList wdts;
        for (const QString& f : dir.entryList({QStringLiteral("*.wdt")}, QDir::Files, QDir::Name)) {
            if (!isCompanionWdt(QFileInfo(f).completeBaseName())) {
                wdts << f;
            }
        }
        if (wdts.isEmpty()) {
            return folderError(QStringLiteral("the map folder %1 has no .wdt file").arg(path));
        }
        if (wdts.size() > 1) {
            return folderError(QStringLiteral("the map folder %1 holds several maps (%2); give the .wdt of "
                                              "the one to use instead of the folder")
                                   .arg(path, wdts.join(QStringLiteral(", "))));
        }
        wdtName = wdts.first();
    }
    MapFolder folder;
    folder.dir = dir.path();
    folder.name = QFileInfo(wdtName).completeBaseName();
    folder.wdtPath = dir.filePath(wdtName);
    for (const QFileInfo& f : dir.entryInfoList({QStringLiteral("*.adt")}, QDir::Files, QDir::Name)) {
        folder.tiles.insert(f.fileName().toLower(), f.filePath());
    }
    return folder;
}

std::optional<core::TileBlock> parseTileBlock(const QString& text) {
    static const QRegularExpression re(QStringLiteral("^(\\d{1,2})_(\\d{1,2})(?::(\\d{1,2})_(\\d{1,2}))?$"));
    const auto m = re.match(text.trimmed());
    if (!m.hasMatch()) {
        return std::nullopt;
    }
    const core::TileCoord a{m.captured(1).toInt(), m.captured(2).toInt()};
    const core::TileCoord b =
        m.hasCaptured(3) ? core::TileCoord{m.captured(3).toInt(), m.captured(4).toInt()} : a;
    if (!a.valid() || !b.valid()) {
        return std::nullopt;
    }
    core::TileBlock block;
    block.first = {std::min(a.x, b.x), std::min(a.y, b.y)};
    block.tilesX = std::abs(a.x - b.x) + 1;
    block.tilesY = std::abs(a.y - b.y) + 1;
    return block;
}

QString tileText(core::TileCoord t) {
    return QStringLiteral("%1_%2").arg(t.x).arg(t.y);
}

QString tileBlockText(const core::TileBlock& block) {
    if (block.tilesX == 1 && block.tilesY == 1) {
        return tileText(block.first);
    }
    return tileText(block.first) + QLatin1Char(':') +
           tileText({block.first.x + block.tilesX - 1, block.first.y + block.tilesY - 1});
}

QList<core::TileCoord> blockTiles(const core::TileBlock& block) {
    QList<core::TileCoord> out;
    for (int y = 0; y < block.tilesY; ++y) {
        for (int x = 0; x < block.tilesX; ++x) {
            out.append({block.first.x + x, block.first.y + y});
        }
    }
    return out;
}

} // namespace mapsmith::cli
