#pragma once
// Game assets by game path ("Tileset\\Elwynn\\ElwynnGrass.blp"): from an extracted folder, from MPQ
// archives (StormLib), or from a stack of both in the client's priority order. Game paths are
// case-insensitive and accept '/' or '\\' on every platform; paths returned by list() use '\\'.

#include "io/binary/error.h"

#include <cstddef>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mapsmith::io {

// The lookup key of a game path: ASCII lower case, '\\' separators, no leading or repeated separators.
std::string normalizeGamePath(std::string_view gamePath);

// True when the normalized path matches the normalized pattern: '*' is any run of characters
// (separators included, so "*.blp" matches every .blp), '?' is one character.
bool matchesGamePattern(std::string_view normalizedPath, std::string_view normalizedPattern);

class AssetSource {
public:
    virtual ~AssetSource() = default;

    virtual bool exists(std::string_view gamePath) const = 0;
    // The whole file; ErrorCode::FileIo naming the path and the source when it is missing or unreadable.
    virtual Expected<std::vector<std::byte>> read(std::string_view gamePath) const = 0;
    // Game paths (stored spelling, '\\' separators), sorted by their normalized form, each once.
    // prefixOrPattern with '*' or '?' is a pattern over the whole path ("Tileset\\*.blp", "*.wdt");
    // otherwise a folder: everything under it, recursively ("" lists everything).
    virtual std::vector<std::string> list(std::string_view prefixOrPattern) const = 0;
    // One line for logs and the UI, e.g. "folder /data/project (12 files)".
    virtual std::string describe() const = 0;
};

// Files under a folder (extracted client data or a project folder), indexed once by normalized path.
// Lookups are safe from several threads; refresh() is not safe concurrently with them.
class FolderAssetSource final : public AssetSource {
public:
    // Error when root is not a readable directory.
    static Expected<std::unique_ptr<FolderAssetSource>> open(const std::filesystem::path& root);

    // Rescans the folder (after files were added or removed). On error the index is left empty.
    Expected<void> refresh();

    const std::filesystem::path& root() const { return mRoot; }
    std::size_t fileCount() const { return mIndex.size(); }

    bool exists(std::string_view gamePath) const override;
    Expected<std::vector<std::byte>> read(std::string_view gamePath) const override;
    std::vector<std::string> list(std::string_view prefixOrPattern) const override;
    std::string describe() const override;

private:
    struct Entry {
        std::string gamePath; // relative path as on disk, '\\' separators
        std::filesystem::path file;
    };

    explicit FolderAssetSource(std::filesystem::path root) : mRoot(std::move(root)) {}

    std::filesystem::path mRoot;
    std::unordered_map<std::string, Entry> mIndex; // key: normalizeGamePath(gamePath)
};

// One or more MPQ archives opened read-only through StormLib; an earlier archive wins over a later one.
// list() uses each archive's (listfile); exists() and read() also find files missing from it.
// StormLib calls are serialized by a mutex, so lookups are safe from several threads.
class MpqAssetSource final : public AssetSource {
public:
    // archives: highest priority first. Error naming the archive and the StormLib error code when one
    // cannot be opened (already opened ones are closed again). A header or hash/block table that the file
    // cuts short is refused before StormLib sees it; StormLib itself is not hardened against every
    // damaged archive.
    static Expected<std::unique_ptr<MpqAssetSource>> open(const std::vector<std::filesystem::path>& archives);

    ~MpqAssetSource() override;
    MpqAssetSource(const MpqAssetSource&) = delete;
    MpqAssetSource& operator=(const MpqAssetSource&) = delete;

    // The archives, highest priority first.
    std::vector<std::filesystem::path> archives() const;
    // The archive that provides gamePath; empty when none does.
    std::filesystem::path archiveOf(std::string_view gamePath) const;

    bool exists(std::string_view gamePath) const override;
    Expected<std::vector<std::byte>> read(std::string_view gamePath) const override;
    std::vector<std::string> list(std::string_view prefixOrPattern) const override;
    std::string describe() const override;

private:
    struct Archive {
        std::filesystem::path path;
        void* handle = nullptr;                             // StormLib HANDLE, owned
        std::unordered_map<std::string, std::string> names; // normalized -> stored name, from (listfile)
    };

    MpqAssetSource() = default;
    // Index of the highest-priority archive holding the normalized path, or -1. Caller holds mMutex.
    int findLocked(const std::string& key) const;

    std::vector<Archive> mArchives; // highest priority first
    mutable std::mutex mMutex;
};

// Sources in priority order, the first that has a path wins (a project folder over patch MPQs over base
// MPQs, as the client layers them).
class StackAssetSource final : public AssetSource {
public:
    StackAssetSource() = default;
    // sources: highest priority first; null entries are dropped.
    explicit StackAssetSource(std::vector<std::unique_ptr<AssetSource>> sources);

    // Adds a source above all others.
    void pushFront(std::unique_ptr<AssetSource> source);
    // Adds a source below all others.
    void pushBack(std::unique_ptr<AssetSource> source);

    std::size_t size() const { return mSources.size(); }
    AssetSource& source(std::size_t i) { return *mSources[i]; }
    const AssetSource& source(std::size_t i) const { return *mSources[i]; }
    // The source that provides gamePath; nullptr when none does.
    const AssetSource* providerOf(std::string_view gamePath) const;

    bool exists(std::string_view gamePath) const override;
    Expected<std::vector<std::byte>> read(std::string_view gamePath) const override;
    std::vector<std::string> list(std::string_view prefixOrPattern) const override;
    std::string describe() const override;

private:
    std::vector<std::unique_ptr<AssetSource>> mSources; // highest priority first, never null
};

// The locale of a client Data folder: its single subfolder named like "enUS" (two lower-case and two
// upper-case letters). Empty when there is none; error when there are several.
Expected<std::string> detectClientLocale(const std::filesystem::path& dataDir);

// The archives of a WotLK 3.3.5 Data folder that exist, highest priority first (see asset_source.cpp
// for the order). locale empty: detectClientLocale(dataDir).
Expected<std::vector<std::filesystem::path>> clientArchives(const std::filesystem::path& dataDir,
                                                            std::string locale = {});

// All archives of clientArchives() in one MpqAssetSource. Error when dataDir is not a folder, when it
// holds no MPQ archive, or when an archive cannot be opened.
Expected<std::unique_ptr<AssetSource>> openClientData(const std::filesystem::path& dataDir,
                                                      std::string locale = {});

} // namespace mapsmith::io
