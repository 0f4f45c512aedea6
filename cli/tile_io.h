#pragma once
// One tile on disk in either layout, for every mapsmith-cli command: a v18 .adt, or a split (Cata+) set
// whose root Name_X_Y.adt has its _tex0/_obj0 partners beside it. Also the --alpha option the
// re-encoding commands share.

#include "core/document/atomic_file.h"
#include "io/adt/adt.h"
#include "io/binary/error.h"

#include <QCommandLineOption>
#include <QString>
#include <QStringList>

#include <cstddef>
#include <filesystem>
#include <optional>
#include <vector>

class QCommandLineParser;

namespace mapsmith::cli {

enum class TileLayout { V18, Split };

const char* layoutName(TileLayout layout); // "v18", "split"

// One file of a tile as read from or to be written to disk.
struct TileFile {
    QString part; // "root" (a v18 tile is all root), "tex0", "obj0", "obj1", "tex1" or "lod"
    QString path;
    std::vector<std::byte> bytes;
};

// A tile's files; root first, then the split partners in the order above.
struct TileFiles {
    TileLayout layout = TileLayout::V18;
    std::vector<TileFile> files;

    const TileFile* find(const QString& part) const;
};

// Where a tile's alpha-map depth comes from.
struct AlphaDepth {
    std::optional<bool> bigAlpha; // the WDT's MPHD flags; nullopt: inferred from the alpha map sizes
    QString wdtPath;              // the WDT that set it; empty when none
};

struct InputTile {
    TileFiles files;
    io::Adt adt;
    std::vector<io::Warning> warnings; // split sets: Error::file is the path of the file concerned
    std::vector<io::Warning> notes;    // no problem, worth knowing (io::AdtReadResult::notes)
    AlphaDepth alpha;
    bool alphaDepthInferred = false;
};

std::filesystem::path toFsPath(const QString& path);
QString fromFsPath(const std::filesystem::path& path);

// True when `path` is a split root (a _tex0 or _obj0 partner lies beside it).
bool isSplitRoot(const QString& path);

// The WDT deciding a tile's alpha depth: `wdtOverride` when not empty, else "<Map>.wdt" beside
// "<Map>_<x>_<y>.adt" when it exists, else empty.
QString wdtFor(const QString& tilePath, const QString& wdtOverride);
// The depth `wdtPath` sets (an empty path: inferred later). Errors name the WDT (Error::file).
io::Expected<AlphaDepth> readAlphaDepth(const QString& wdtPath, bool lenient);

// The files of the tile at `path`: the set when it is a split root, else the one v18 file.
io::Expected<TileFiles> readTileFiles(const QString& path);
// The same with the bytes of `path` already read (moved in, not read again). A split root whose first
// bytes are not a chunk stream is refused before its partners are read.
io::Expected<TileFiles> readTileFiles(const QString& path, std::vector<std::byte> rootBytes);
// Parses files as read (or encoded). Errors and warnings of split sets name the file's path.
io::Expected<io::AdtReadResult> decodeTile(const TileFiles& files, const io::AdtReadOptions& options);
// decodeTile into a tile: on success the files move into it, on failure they stay in `files`.
io::Expected<InputTile> decodeInputTile(TileFiles& files, const AlphaDepth& alpha, bool lenient);
// readTileFiles + decodeTile.
io::Expected<InputTile> readTile(const QString& path, const AlphaDepth& alpha, bool lenient);
// The same with the depth from wdtFor(path, wdtOverride).
io::Expected<InputTile> readTile(const QString& path, const QString& wdtOverride, bool lenient);
// The same with the bytes of `path` already read (moved in, not read again).
io::Expected<InputTile> readTile(const QString& path, std::vector<std::byte> rootBytes,
                                 const QString& wdtOverride, bool lenient);

// The tile in `layout`, `path` naming the v18 file or the split root (partners beside it).
TileFiles encodeTile(const io::Adt& adt, const QString& path, TileLayout layout,
                     const io::AdtWriteOptions& options);
// Stages encoded files in `transaction` (each previous file kept as "<name>.bak" at commit when `backup`
// says so). Split partners beside the root that `files` lacks are staged for removal (their paths
// returned), else they would be read as part of the new tile. Nothing changes before the commit.
io::Expected<QStringList> stageTile(core::FileTransaction& transaction, const TileFiles& files,
                                    core::BackupPolicy backup);
// stageTile in a transaction of its own, committed: all files of the tile (a whole split set) change
// together or none does.
io::Expected<QStringList> saveTile(const TileFiles& files, core::BackupPolicy backup);

// For split sets: the part name io puts in Error::file ("tex0") replaced by the file's path beside
// `root`; an empty file becomes the root's path.
void nameSplitFile(io::Error& e, const QString& root);

// `e` for people: "PATH: MCNK at 0x1c: ..." with `path` unless the error names its own file; file
// errors (which name their file in the message) without the meaningless "file at 0x0".
QString located(const QString& path, const io::Error& e);

// --alpha FORMAT (4bit, 8bit or rle).
QCommandLineOption alphaOption(const QString& description);
// The encoding --alpha asks for (nullopt when unset) or, for another value, the usage error printed as
// "<command>: --alpha must be ..." and exit code Usage in `exitCode`.
std::optional<io::AlphaEncoding> parseAlpha(const QCommandLineParser& parser,
                                            const QCommandLineOption& option, const QString& command,
                                            std::optional<int>& exitCode);
// Alpha maps in `e` are 8-bit: the map's WDT must set MPHD flag 0x4 (4-bit ones need it clear).
bool needsBigAlpha(io::AlphaEncoding e);
// "the tile now has 8-bit alpha maps; the map's WDT must set MPHD flag 0x4".
QString depthChangeNote(bool nowBigAlpha);

} // namespace mapsmith::cli
