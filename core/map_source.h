#pragma once
// Where a map's files live. The document reads the WDT and tiles through this interface and writes
// saved tiles back through it, so tests and tools can work on memory and the editor on a folder.

#include "core/coords.h"
#include "io/adt.h"
#include "io/error.h"
#include "io/wdt.h"

#include <QString>

#include <cstddef>
#include <functional>
#include <map>
#include <span>
#include <vector>

namespace mapsmith::core {

class MapSource {
public:
    virtual ~MapSource() = default;
    virtual QString mapName() const = 0;
    virtual QString describe() const = 0; // for messages: the folder, or "memory"
    virtual io::Expected<io::Wdt> readWdt() = 0;
    virtual io::Expected<io::Adt> readTile(TileCoord tile, bool bigAlpha) = 0;
    // Atomic replace (a failed write leaves the previous file); the message names the file.
    virtual io::Expected<bool> writeTile(TileCoord tile, std::span<const std::byte> bytes) = 0;
    virtual io::Expected<bool> writeWdt(std::span<const std::byte> bytes) = 0;

    // A tile reader that may run on another thread while the document goes on using this source:
    // it holds what it needs (paths, or a copy of the bytes), never a reference to the source.
    using TileReader = std::function<io::Expected<io::Adt>(TileCoord tile)>;
    virtual TileReader backgroundReader(bool bigAlpha) const = 0;
};

// <dir>/<Name>.wdt with tiles <dir>/<Name>_<X>_<Y>.adt; saves go through QSaveFile and keep a .bak.
class FolderMapSource final : public MapSource {
public:
    explicit FolderMapSource(const QString& wdtPath);
    QString mapName() const override { return mName; }
    QString describe() const override { return mDir; }
    QString tilePath(TileCoord tile) const;
    QString wdtPath() const;
    io::Expected<io::Wdt> readWdt() override;
    io::Expected<io::Adt> readTile(TileCoord tile, bool bigAlpha) override;
    io::Expected<bool> writeTile(TileCoord tile, std::span<const std::byte> bytes) override;
    io::Expected<bool> writeWdt(std::span<const std::byte> bytes) override;
    TileReader backgroundReader(bool bigAlpha) const override;

private:
    QString mDir;
    QString mName;
};

// Files held in memory (tests, benchmarks, scripted tools).
class MemoryMapSource final : public MapSource {
public:
    MemoryMapSource(QString name, std::vector<std::byte> wdt)
        : mName(std::move(name)), mWdt(std::move(wdt)) {}
    QString mapName() const override { return mName; }
    QString describe() const override { return QStringLiteral("memory"); }
    io::Expected<io::Wdt> readWdt() override;
    io::Expected<io::Adt> readTile(TileCoord tile, bool bigAlpha) override;
    io::Expected<bool> writeTile(TileCoord tile, std::span<const std::byte> bytes) override;
    io::Expected<bool> writeWdt(std::span<const std::byte> bytes) override;

    void setTile(TileCoord tile, std::vector<std::byte> bytes) { mTiles[tile] = std::move(bytes); }
    TileReader backgroundReader(bool bigAlpha) const override; // reads a copy of the tiles as they are now
    const std::vector<std::byte>* tileBytes(TileCoord tile) const;
    const std::vector<std::byte>& wdtBytes() const { return mWdt; }
    int writeCount() const { return mWrites; }

private:
    QString mName;
    std::vector<std::byte> mWdt;
    std::map<TileCoord, std::vector<std::byte>> mTiles;
    int mWrites = 0;
};

} // namespace mapsmith::core
