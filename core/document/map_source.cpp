#include "core/document/map_source.h"

#include "core/document/file_transaction.h"
#include "core/document/tile_loader.h"
#include "io/adt/adt_split.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <algorithm>
#include <filesystem>
#include <memory>

namespace mapsmith::core {

FolderMapSource::FolderMapSource(const QString& wdtPath, std::optional<TileLayout> layout) {
    const QFileInfo info(wdtPath);
    mDir = info.absolutePath();
    mName = info.completeBaseName();
    if (layout) {
        mLayout = *layout;
    } else {
        const QStringList partners =
            QDir(mDir).entryList({mName + QStringLiteral("_*_*_tex0.adt")}, QDir::Files);
        mLayout = partners.isEmpty() ? TileLayout::V18 : TileLayout::Split;
    }
}

io::Expected<void> MapSource::writeTileModel(TileCoord tile, const io::Adt& adt,
                                             const io::AdtWriteOptions& options) {
    return writeTile(tile, io::writeAdt(adt, options));
}

QString FolderMapSource::tilePath(TileCoord tile) const {
    return QDir(mDir).filePath(QStringLiteral("%1_%2_%3.adt").arg(mName).arg(tile.x).arg(tile.y));
}

QString FolderMapSource::wdtPath() const {
    return QDir(mDir).filePath(mName + QStringLiteral(".wdt"));
}

QString FolderMapSource::wdlPath() const {
    return QDir(mDir).filePath(mName + QStringLiteral(".wdl"));
}

io::Expected<io::Wdt> FolderMapSource::readWdt() {
    auto bytes = readWholeFile(wdtPath());
    if (!bytes) {
        return bytes.error();
    }
    return io::readWdt(bytes.value());
}

namespace {

io::Expected<io::Adt> parseTile(std::span<const std::byte> bytes, bool bigAlpha) {
    io::AdtReadOptions options;
    options.bigAlpha = bigAlpha;
    auto result = io::readAdt(bytes, options);
    if (!result) {
        return result.error();
    }
    return std::move(result.value().adt);
}

std::filesystem::path toFsPath(const QString& path) {
    return std::filesystem::path(QFile::encodeName(path).toStdString());
}

// A v18 tile, or the split set whose root is `path`.
io::Expected<io::Adt> readTileFile(const QString& path, bool bigAlpha) {
    if (io::hasSplitPartners(toFsPath(path))) {
        auto files = io::readSplitAdtFiles(toFsPath(path));
        if (!files) {
            return files.error();
        }
        io::AdtReadOptions options;
        options.bigAlpha = bigAlpha;
        auto result = io::readSplitAdt(*files, options);
        if (!result) {
            io::Error e = result.error();
            // "tex0" -> the partner's file name, so the message names a file the user can find.
            const QFileInfo root(path);
            e.file = e.file == "root" ? root.fileName().toStdString()
                                      : (root.completeBaseName() + QLatin1Char('_') +
                                         QString::fromStdString(e.file) + QStringLiteral(".adt"))
                                            .toStdString();
            return e;
        }
        return std::move(result->adt);
    }
    auto bytes = readWholeFile(path);
    if (!bytes) {
        return bytes.error();
    }
    return parseTile(bytes.value(), bigAlpha);
}

} // namespace

io::Expected<io::Adt> FolderMapSource::readTile(TileCoord tile, bool bigAlpha) {
    return readTileFile(tilePath(tile), bigAlpha);
}

std::optional<std::vector<std::byte>> MapSource::readV18TileFile(TileCoord) const {
    return std::nullopt;
}

std::optional<std::vector<std::byte>> FolderMapSource::readV18TileFile(TileCoord tile) const {
    const QString path = tilePath(tile);
    if (io::hasSplitPartners(toFsPath(path))) {
        return std::nullopt;
    }
    auto bytes = readWholeFile(path);
    return bytes ? std::optional(std::move(bytes.value())) : std::nullopt;
}

MapSource::TileReader FolderMapSource::backgroundReader(bool bigAlpha) const {
    return [dir = mDir, name = mName, bigAlpha](TileCoord tile) {
        const QString path =
            QDir(dir).filePath(QStringLiteral("%1_%2_%3.adt").arg(name).arg(tile.x).arg(tile.y));
        return readTileFile(path, bigAlpha);
    };
}

namespace {
io::Expected<void> saved(const QString& error) {
    if (!error.isEmpty()) {
        return io::Error{io::ErrorCode::FileIo, {}, 0, error.toStdString()};
    }
    return {};
}
} // namespace

FolderMapSource::~FolderMapSource() = default;

void FolderMapSource::beginWrites() {
    mTransaction = std::make_unique<FileTransaction>(mDir);
}

io::Expected<void> FolderMapSource::commitWrites() {
    if (!mTransaction) {
        return {};
    }
    const auto transaction = std::move(mTransaction);
    return saved(transaction->commit());
}

void FolderMapSource::abortWrites() {
    mTransaction.reset(); // rolls back
}

io::Expected<void> FolderMapSource::stage(const QString& path, std::span<const std::byte> bytes) {
    return saved(mTransaction->stage(path, bytes, BackupPolicy::KeepBackup));
}

io::Expected<void> FolderMapSource::inTransaction(const std::function<io::Expected<void>()>& write) {
    const bool own = !mTransaction;
    if (own) {
        beginWrites();
    }
    if (auto written = write(); !written) {
        if (own) {
            abortWrites();
        }
        return written;
    }
    return own ? commitWrites() : io::Expected<void>();
}

io::Expected<void> FolderMapSource::writeTile(TileCoord tile, std::span<const std::byte> bytes) {
    return inTransaction([&] { return stage(tilePath(tile), bytes); });
}

io::Expected<void> FolderMapSource::writeTileModel(TileCoord tile, const io::Adt& adt,
                                                   const io::AdtWriteOptions& options) {
    const std::filesystem::path rootPath = toFsPath(tilePath(tile));
    const auto pathOf = [](const std::filesystem::path& p) { return QFile::decodeName(p.c_str()); };
    return inTransaction([&]() -> io::Expected<void> {
        if (mLayout == TileLayout::V18) {
            if (auto written = stage(pathOf(rootPath), io::writeAdt(adt, options)); !written) {
                return written;
            }
            // Partners of a split layout would be read together with the new file: moved aside.
            for (const auto kind : {io::SplitFileKind::Tex0, io::SplitFileKind::Obj0, io::SplitFileKind::Obj1,
                                    io::SplitFileKind::Tex1, io::SplitFileKind::Lod}) {
                const QString partner = pathOf(io::splitPartnerPath(rootPath, kind));
                if (QFileInfo::exists(partner)) {
                    mTransaction->stageRemoval(partner, BackupPolicy::KeepBackup);
                }
            }
            return {};
        }
        const io::SplitAdtFiles files = io::writeSplitAdt(adt, options);
        const std::pair<io::SplitFileKind, const std::vector<std::byte>*> parts[] = {
            {io::SplitFileKind::Tex0, &files.tex0}, {io::SplitFileKind::Obj0, &files.obj0}};
        for (const auto& [kind, bytes] : parts) {
            if (auto w = stage(pathOf(io::splitPartnerPath(rootPath, kind)), *bytes); !w) {
                return w;
            }
        }
        const std::pair<io::SplitFileKind, const std::optional<std::vector<std::byte>>*> extras[] = {
            {io::SplitFileKind::Obj1, &files.obj1},
            {io::SplitFileKind::Tex1, &files.tex1},
            {io::SplitFileKind::Lod, &files.lod}};
        for (const auto& [kind, bytes] : extras) {
            if (*bytes) {
                if (auto w = stage(pathOf(io::splitPartnerPath(rootPath, kind)), **bytes); !w) {
                    return w;
                }
            }
        }
        return stage(pathOf(rootPath), files.root);
    });
}

io::Expected<void> FolderMapSource::writeWdt(std::span<const std::byte> bytes) {
    return inTransaction([&] { return stage(wdtPath(), bytes); });
}

io::Expected<std::optional<std::vector<std::byte>>> FolderMapSource::readWdl() const {
    const QString path = wdlPath();
    if (!QFileInfo::exists(path)) {
        return std::optional<std::vector<std::byte>>();
    }
    auto bytes = readWholeFile(path);
    if (!bytes) {
        return bytes.error();
    }
    return std::optional(std::move(bytes.value()));
}

io::Expected<void> FolderMapSource::writeWdl(std::span<const std::byte> bytes) {
    return inTransaction([&] { return stage(wdlPath(), bytes); });
}

namespace {

// The relative path with '/' separators, or empty when it is not one inside the map folder.
std::string mapFilePath(const std::string& path) {
    std::string out = path;
    std::replace(out.begin(), out.end(), '\\', '/');
    if (out.empty() || out.front() == '/' || out.find(':') != std::string::npos) {
        return {};
    }
    std::size_t start = 0;
    while (start <= out.size()) {
        const std::size_t end = std::min(out.find('/', start), out.size());
        const std::string part = out.substr(start, end - start);
        if (part.empty() || part == "." || part == "..") {
            return {};
        }
        start = end + 1;
    }
    return out;
}

io::Error badMapFile(const std::string& path) {
    return io::Error{
        io::ErrorCode::FileIo, {}, 0, "'" + path + "' is not a path inside the map folder; nothing written"};
}

} // namespace

io::Expected<void> FolderMapSource::writeMapFile(const MapFile& file) {
    const std::string relative = mapFilePath(file.path);
    if (relative.empty()) {
        return badMapFile(file.path);
    }
    const QString target = QDir(mDir).filePath(QString::fromStdString(relative));
    const QString folder = QFileInfo(target).absolutePath();
    if (!QDir().mkpath(folder)) {
        return io::Error{io::ErrorCode::FileIo, {}, 0, "could not create the folder " + folder.toStdString()};
    }
    return inTransaction([&] { return stage(target, file.bytes); });
}

io::Expected<void> MemoryMapSource::writeMapFile(const MapFile& file) {
    const std::string relative = mapFilePath(file.path);
    if (relative.empty()) {
        return badMapFile(file.path);
    }
    if (mPending) {
        mPending->files[relative] = file.bytes;
        return {};
    }
    mFiles[relative] = file.bytes;
    return {};
}

const std::vector<std::byte>* MemoryMapSource::mapFile(const std::string& path) const {
    const auto it = mFiles.find(mapFilePath(path));
    return it == mFiles.end() ? nullptr : &it->second;
}

io::Expected<io::Wdt> MemoryMapSource::readWdt() {
    return io::readWdt(mWdt);
}

namespace {

using TileBytes = std::map<TileCoord, std::vector<std::byte>>;

io::Expected<io::Adt> readMemoryTile(const TileBytes& tiles, TileCoord tile, bool bigAlpha) {
    const auto it = tiles.find(tile);
    if (it == tiles.end()) {
        return io::Error{io::ErrorCode::FileIo,
                         {},
                         0,
                         "no tile " + std::to_string(tile.x) + "_" + std::to_string(tile.y) + " in memory"};
    }
    return parseTile(it->second, bigAlpha);
}

} // namespace

io::Expected<io::Adt> MemoryMapSource::readTile(TileCoord tile, bool bigAlpha) {
    return readMemoryTile(mTiles, tile, bigAlpha);
}

MapSource::TileReader MemoryMapSource::backgroundReader(bool bigAlpha) const {
    auto tiles = std::make_shared<const TileBytes>(mTiles);
    return [tiles, bigAlpha](TileCoord tile) { return readMemoryTile(*tiles, tile, bigAlpha); };
}

io::Expected<void> MemoryMapSource::writeTile(TileCoord tile, std::span<const std::byte> bytes) {
    if (mPending) {
        mPending->tiles[tile].assign(bytes.begin(), bytes.end());
        return {};
    }
    mTiles[tile].assign(bytes.begin(), bytes.end());
    ++mWrites;
    return {};
}

io::Expected<void> MemoryMapSource::writeWdt(std::span<const std::byte> bytes) {
    if (mPending) {
        mPending->wdt.emplace(bytes.begin(), bytes.end());
        return {};
    }
    mWdt.assign(bytes.begin(), bytes.end());
    ++mWrites;
    return {};
}

io::Expected<void> MemoryMapSource::writeWdl(std::span<const std::byte> bytes) {
    if (mPending) {
        mPending->wdl.emplace(bytes.begin(), bytes.end());
        return {};
    }
    mWdl.emplace(bytes.begin(), bytes.end());
    ++mWdlWrites;
    return {};
}

void MemoryMapSource::beginWrites() {
    mPending.emplace();
}

io::Expected<void> MemoryMapSource::commitWrites() {
    if (!mPending) {
        return {};
    }
    Pending pending = std::move(*mPending);
    mPending.reset();
    for (auto& [tile, bytes] : pending.tiles) {
        mTiles[tile] = std::move(bytes);
        ++mWrites;
    }
    if (pending.wdt) {
        mWdt = std::move(*pending.wdt);
        ++mWrites;
    }
    if (pending.wdl) {
        mWdl = std::move(pending.wdl);
        ++mWdlWrites;
    }
    for (auto& [path, bytes] : pending.files) {
        mFiles[path] = std::move(bytes);
    }
    return {};
}

void MemoryMapSource::abortWrites() {
    mPending.reset();
}

const std::vector<std::byte>* MemoryMapSource::tileBytes(TileCoord tile) const {
    const auto it = mTiles.find(tile);
    return it == mTiles.end() ? nullptr : &it->second;
}

std::optional<std::vector<std::byte>> MemoryMapSource::readV18TileFile(TileCoord tile) const {
    const auto* bytes = tileBytes(tile);
    return bytes ? std::optional(*bytes) : std::nullopt;
}

} // namespace mapsmith::core
