#include "map_source.h"

#include "core/atomic_file.h"
#include "core/tile_loader.h"

#include <QDir>
#include <QFileInfo>

#include <memory>

namespace mapsmith::core {

FolderMapSource::FolderMapSource(const QString& wdtPath) {
    const QFileInfo info(wdtPath);
    mDir = info.absolutePath();
    mName = info.completeBaseName();
}

QString FolderMapSource::tilePath(TileCoord tile) const {
    return QDir(mDir).filePath(QStringLiteral("%1_%2_%3.adt").arg(mName).arg(tile.x).arg(tile.y));
}

QString FolderMapSource::wdtPath() const {
    return QDir(mDir).filePath(mName + QStringLiteral(".wdt"));
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

io::Expected<io::Adt> readTileFile(const QString& path, bool bigAlpha) {
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

MapSource::TileReader FolderMapSource::backgroundReader(bool bigAlpha) const {
    return [dir = mDir, name = mName, bigAlpha](TileCoord tile) {
        const QString path =
            QDir(dir).filePath(QStringLiteral("%1_%2_%3.adt").arg(name).arg(tile.x).arg(tile.y));
        return readTileFile(path, bigAlpha);
    };
}

namespace {
io::Expected<bool> saved(const SaveResult& r) {
    if (!r.ok) {
        return io::Error{io::ErrorCode::FileIo, {}, 0, r.error.toStdString()};
    }
    return true;
}
} // namespace

io::Expected<bool> FolderMapSource::writeTile(TileCoord tile, std::span<const std::byte> bytes) {
    return saved(saveFileAtomically(tilePath(tile), bytes));
}

io::Expected<bool> FolderMapSource::writeWdt(std::span<const std::byte> bytes) {
    return saved(saveFileAtomically(wdtPath(), bytes));
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

io::Expected<bool> MemoryMapSource::writeTile(TileCoord tile, std::span<const std::byte> bytes) {
    mTiles[tile].assign(bytes.begin(), bytes.end());
    ++mWrites;
    return true;
}

io::Expected<bool> MemoryMapSource::writeWdt(std::span<const std::byte> bytes) {
    mWdt.assign(bytes.begin(), bytes.end());
    ++mWrites;
    return true;
}

const std::vector<std::byte>* MemoryMapSource::tileBytes(TileCoord tile) const {
    const auto it = mTiles.find(tile);
    return it == mTiles.end() ? nullptr : &it->second;
}

} // namespace mapsmith::core
