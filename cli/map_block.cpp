#include "cli/map_block.h"

#include "core/document/file_transaction.h"

#include "cli/tile_io.h"

#include "core/document/atomic_file.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QTextStream>

#include <algorithm>
#include <cmath>

namespace mapsmith::cli {
namespace {

io::Error fileError(const QString& message) {
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
        return fileError(info.exists() ? QStringLiteral("%1 is not a map folder (the folder holding "
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
            return fileError(QStringLiteral("the map folder %1 has no .wdt file").arg(path));
        }
        if (wdts.size() > 1) {
            return fileError(QStringLiteral("the map folder %1 holds several maps (%2); give the .wdt of "
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

QList<core::TileCoord> blockTiles(const core::TileBlock& block) {
    QList<core::TileCoord> out;
    for (int y = 0; y < block.tilesY; ++y) {
        for (int x = 0; x < block.tilesX; ++x) {
            out.append({block.first.x + x, block.first.y + y});
        }
    }
    return out;
}

QCommandLineOption tilesOption() {
    return QCommandLineOption(
        QStringLiteral("tiles"),
        QStringLiteral("The block: one tile X_Y or two opposite corners X_Y:X2_Y2 (inclusive), 0..63 each, "
                       "e.g. 30_40:31_41. X grows eastwards, Y southwards."),
        QStringLiteral("BLOCK"));
}

std::optional<core::TileBlock> blockOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                           const QString& command, QTextStream& err) {
    const auto block = parseTileBlock(parser.value(option));
    if (!block) {
        err << command << ": --tiles must be X_Y or X_Y:X2_Y2 with X and Y in 0..63, not '"
            << parser.value(option) << "'\n";
    }
    return block;
}

QStringList missingTiles(const MapFolder& map, const core::TileBlock& block) {
    QStringList missing;
    for (const core::TileCoord t : blockTiles(block)) {
        if (map.tilePath(t).isEmpty()) {
            missing << map.tileFileName(t);
        }
    }
    return missing;
}

io::Expected<int> stageChangedFiles(core::FileTransaction& transaction, const TileFiles& before,
                                    const TileFiles& after) {
    int staged = 0;
    for (const TileFile& f : after.files) {
        const TileFile* old = before.find(f.part);
        if (old && old->path == f.path && old->bytes == f.bytes) {
            continue;
        }
        if (QString e = transaction.stage(f.path, f.bytes, core::BackupPolicy::KeepBackup); !e.isEmpty()) {
            return fileError(e);
        }
        ++staged;
    }
    for (const TileFile& f : before.files) {
        if (!after.find(f.part)) {
            transaction.stageRemoval(f.path, core::BackupPolicy::KeepBackup);
            ++staged;
        }
    }
    return staged;
}

std::optional<core::HeightGrid> readBlockGrid(const QString& command, const MapFolder& map,
                                              const AlphaDepth& alpha, const core::TileBlock& block,
                                              QTextStream& err) {
    const qsizetype present = block.tilesX * block.tilesY - missingTiles(map, block).size();
    // sampleBlock asks for each tile once, in order: only the current one is kept.
    std::optional<InputTile> current;
    QString failure;
    int read = 0;
    core::HeightGrid grid = core::sampleBlock(block, [&](core::TileCoord t) -> const io::Adt* {
        current.reset();
        const QString path = map.tilePath(t);
        if (path.isEmpty() || !failure.isEmpty()) {
            return nullptr;
        }
        auto tile = readTile(path, alpha, false);
        if (!tile) {
            failure = located(path, tile.error());
            return nullptr;
        }
        current = std::move(*tile);
        err << "read " << ++read << "/" << present << " tiles: " << path << "\n";
        err.flush();
        return &current->adt;
    });
    if (!failure.isEmpty()) {
        err << command << ": " << failure << "\n";
        return std::nullopt;
    }
    return grid;
}

std::optional<BlockEdit> prepareBlockEdit(const QString& command, const QString& mapArg,
                                          const core::TileBlock& block, QTextStream& err) {
    const auto map = openMapFolder(mapArg);
    if (!map) {
        err << command << ": " << QString::fromStdString(map.error().message) << "\n";
        return std::nullopt;
    }
    if (const QStringList missing = missingTiles(*map, block); !missing.isEmpty()) {
        err << command << ": " << map->dir << " has no " << missing.join(QStringLiteral(", "))
            << "; nothing written (create the tiles first, e.g. with mapsmith-cli new)\n";
        return std::nullopt;
    }
    const auto alpha = readAlphaDepth(map->wdtPath, false);
    if (!alpha) {
        err << command << ": " << located(map->wdtPath, alpha.error()) << "\n";
        return std::nullopt;
    }
    BlockEdit edit{*map, alpha->bigAlpha, blockTiles(block)};
    // Every tile is read once before anything is written, then again one at a time to be changed: a
    // broken tile stops the edit unwritten while only one tile is in memory at once.
    for (const core::TileCoord t : edit.tiles) {
        const QString path = edit.map.tilePath(t);
        const auto tile = readTile(path, *alpha, false);
        if (!tile) {
            err << command << ": " << located(path, tile.error()) << "; nothing written\n";
            return std::nullopt;
        }
        for (const io::Warning& w : tile->warnings) {
            err << "warning: " << located(path, w) << "\n";
        }
    }
    return edit;
}

BlockWrite
editBlockTiles(const QString& command, const BlockEdit& edit,
               const std::function<void(const std::function<io::Adt*(core::TileCoord)>& tileAt)>& change,
               QTextStream& err) {
    AlphaDepth alpha;
    alpha.bigAlpha = edit.bigAlpha;
    alpha.wdtPath = edit.map.wdtPath;
    BlockWrite result;
    core::FileTransaction transaction(edit.map.dir);
    int done = 0;
    for (const core::TileCoord t : edit.tiles) {
        const QString path = edit.map.tilePath(t);
        auto tile = readTile(path, alpha, false);
        if (!tile) {
            err << command << ": " << located(path, tile.error()) << "; nothing written\n";
            return result;
        }
        change([&](core::TileCoord c) { return c == t ? &tile->adt : nullptr; });
        const TileFiles encoded = encodeTile(tile->adt, path, tile->files.layout, {});
        const auto staged = stageChangedFiles(transaction, tile->files, encoded);
        if (!staged) {
            err << command << ": " << located(path, staged.error()) << "; nothing written\n";
            return result;
        }
        result.files += *staged;
        result.tiles += *staged > 0 ? 1 : 0;
        err << "imported " << ++done << "/" << edit.tiles.size() << " tiles: " << path
            << (*staged == 0 ? QStringLiteral(" (unchanged)") : QString()) << "\n";
        err.flush();
    }
    if (QString e = transaction.commit(); !e.isEmpty()) {
        err << command << ": " << e << "; nothing written\n";
        result.tiles = 0;
        result.files = 0;
        return result;
    }
    result.ok = true;
    result.backups = int(transaction.backups().size());
    return result;
}

QString backupNote(const BlockWrite& written) {
    if (written.files == 0) {
        return QStringLiteral("; no file changed");
    }
    return written.backups > 0 ? QStringLiteral("; previous files kept as .bak") : QString();
}

} // namespace mapsmith::cli
