#pragma once
// Where a map's files live. The document reads the WDT and tiles through this interface and writes
// saved tiles back through it, so tests and tools can work on memory and the editor on a folder.

#include "core/geometry/coords.h"
#include "io/adt/adt.h"
#include "io/binary/error.h"
#include "io/wdt/wdt.h"

#include <QString>

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::core {

class FileTransaction;

// A file of the map's own beside its tiles, by its path relative to the map folder ('/' or '\\'
// separators): an imported level's WMO at its game path ("World\\wmo\\Gamestudio\\test\\test.wmo").
struct MapFile {
    std::string path;
    std::vector<std::byte> bytes;
};

// How a map's tiles are stored: one v18 file per tile (WotLK), or split sets (Cata+: Name_X_Y.adt with
// _tex0 and _obj0 beside it).
enum class TileLayout { V18, Split };

class MapSource {
public:
    virtual ~MapSource() = default;
    virtual QString mapName() const = 0;
    virtual QString describe() const = 0; // for messages: the folder, or "memory"
    virtual io::Expected<io::Wdt> readWdt() = 0;
    virtual io::Expected<io::Adt> readTile(TileCoord tile, bool bigAlpha) = 0;
    // Atomic replace (a failed write leaves the previous file); the message names the file.
    virtual io::Expected<void> writeTile(TileCoord tile, std::span<const std::byte> bytes) = 0;
    virtual io::Expected<void> writeWdt(std::span<const std::byte> bytes) = 0;
    // The map's low-resolution heights (<Name>.wdl): nullopt when the map has none; an error when it
    // exists but cannot be read. writeWdl replaces it atomically (the message names the file).
    virtual io::Expected<std::optional<std::vector<std::byte>>> readWdl() const = 0;
    virtual io::Expected<void> writeWdl(std::span<const std::byte> bytes) = 0;
    // Writes a MapFile like a tile (in the open transaction, or alone; atomic). Refused for an empty path
    // or one that leaves the map folder (absolute, "..").
    virtual io::Expected<void> writeMapFile(const MapFile& file) = 0;

    // The writes between beginWrites() and commitWrites() reach the source together: all of them, or
    // (after a failure, abortWrites() or a crash) none. Without beginWrites() each write stands alone.
    virtual void beginWrites() = 0;
    virtual io::Expected<void> commitWrites() = 0; // the message names the file and the reason
    virtual void abortWrites() = 0;

    // Saves write tiles in this layout. V18 unless the source says otherwise.
    virtual TileLayout layout() const { return TileLayout::V18; }
    // Encodes and writes a tile in layout(): v18 through writeTile(bytes); split sources override it.
    virtual io::Expected<void> writeTileModel(TileCoord tile, const io::Adt& adt,
                                              const io::AdtWriteOptions& options);

    // The bytes of a tile stored as one v18 file (not a split set), for the consumer checks of its layout
    // (core/repair/document_repair.h); nullopt when it is not one or cannot be read.
    virtual std::optional<std::vector<std::byte>> readV18TileFile(TileCoord tile) const;

    // A tile reader that may run on another thread while the document goes on using this source:
    // it holds what it needs (paths, or a copy of the bytes), never a reference to the source.
    using TileReader = std::function<io::Expected<io::Adt>(TileCoord tile)>;
    virtual TileReader backgroundReader(bool bigAlpha) const = 0;
};

// <dir>/<Name>.wdt with tiles <dir>/<Name>_<X>_<Y>.adt, each a v18 file or the root of a split set
// (read whichever it is). Writes go through one FileTransaction per beginWrites()/commitWrites() (or per
// write outside them) and keep a .bak of every file they replace.
class FolderMapSource final : public MapSource {
public:
    // layout: how saves write tiles; nullopt = split when the folder holds any _tex0 file, else v18.
    explicit FolderMapSource(const QString& wdtPath, std::optional<TileLayout> layout = std::nullopt);
    ~FolderMapSource() override;
    QString mapName() const override { return mName; }
    QString describe() const override { return mDir; }
    QString tilePath(TileCoord tile) const;
    QString wdtPath() const;
    QString wdlPath() const; // <dir>/<Name>.wdl
    io::Expected<io::Wdt> readWdt() override;
    io::Expected<io::Adt> readTile(TileCoord tile, bool bigAlpha) override;
    io::Expected<void> writeTile(TileCoord tile, std::span<const std::byte> bytes) override;
    io::Expected<void> writeWdt(std::span<const std::byte> bytes) override;
    io::Expected<std::optional<std::vector<std::byte>>> readWdl() const override;
    io::Expected<void> writeWdl(std::span<const std::byte> bytes) override;
    // <dir>/<path>, its folders made first (they stay when the write is rolled back); a .bak kept.
    io::Expected<void> writeMapFile(const MapFile& file) override;
    void beginWrites() override;
    io::Expected<void> commitWrites() override;
    void abortWrites() override;
    TileLayout layout() const override { return mLayout; }
    // v18: the one file (split partners of an earlier layout are moved to .bak so they are not read
    // with it). Split: root, _tex0, _obj0 and any kept _obj1/_tex1/_lod, all replaced together.
    io::Expected<void> writeTileModel(TileCoord tile, const io::Adt& adt,
                                      const io::AdtWriteOptions& options) override;
    TileReader backgroundReader(bool bigAlpha) const override;
    std::optional<std::vector<std::byte>> readV18TileFile(TileCoord tile) const override;

private:
    // Stages `path` in the open transaction.
    io::Expected<void> stage(const QString& path, std::span<const std::byte> bytes);
    // Runs `write` (which stages) in the open transaction, or in one of its own committed at once.
    io::Expected<void> inTransaction(const std::function<io::Expected<void>()>& write);

    QString mDir;
    QString mName;
    TileLayout mLayout = TileLayout::V18;
    std::unique_ptr<FileTransaction> mTransaction; // between beginWrites() and commit/abort
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
    io::Expected<void> writeTile(TileCoord tile, std::span<const std::byte> bytes) override;
    io::Expected<void> writeWdt(std::span<const std::byte> bytes) override;
    io::Expected<std::optional<std::vector<std::byte>>> readWdl() const override { return mWdl; }
    io::Expected<void> writeWdl(std::span<const std::byte> bytes) override;
    io::Expected<void> writeMapFile(const MapFile& file) override;
    void beginWrites() override;
    io::Expected<void> commitWrites() override;
    void abortWrites() override;

    // A map file committed, by its path with '/' separators; nullptr when none.
    const std::vector<std::byte>* mapFile(const std::string& path) const;
    void setTile(TileCoord tile, std::vector<std::byte> bytes) { mTiles[tile] = std::move(bytes); }
    TileReader backgroundReader(bool bigAlpha) const override; // reads a copy of the tiles as they are now
    std::optional<std::vector<std::byte>> readV18TileFile(TileCoord tile) const override;
    const std::vector<std::byte>* tileBytes(TileCoord tile) const;
    const std::vector<std::byte>& wdtBytes() const { return mWdt; }
    const std::optional<std::vector<std::byte>>& wdlBytes() const { return mWdl; } // nullopt: no .wdl
    int writeCount() const { return mWrites; }                                     // tiles and WDT committed
    int wdlWriteCount() const { return mWdlWrites; }                               // .wdl committed

private:
    // Writes held back until commitWrites().
    struct Pending {
        std::map<TileCoord, std::vector<std::byte>> tiles;
        std::optional<std::vector<std::byte>> wdt;
        std::optional<std::vector<std::byte>> wdl;
        std::map<std::string, std::vector<std::byte>> files;
    };

    QString mName;
    std::vector<std::byte> mWdt;
    std::optional<std::vector<std::byte>> mWdl;
    std::map<TileCoord, std::vector<std::byte>> mTiles;
    std::map<std::string, std::vector<std::byte>> mFiles; // map files, key: path with '/' separators
    std::optional<Pending> mPending;                      // between beginWrites() and commit/abort
    int mWrites = 0;
    int mWdlWrites = 0;
};

} // namespace mapsmith::core
