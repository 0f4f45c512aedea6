#pragma once
// Decoded textures by game path, shared by the viewport and the texture browser, within a memory
// budget: the least recently used entries go first when the decoded pixels exceed it. Each entry is one
// mip level chosen by a maximum side (readBlpLevel), so 64 px thumbnails and 256 px terrain layers of
// the same file are separate, differently sized entries. Failures (missing file, damaged BLP) are
// remembered too, so a bad file is read once per source. Every call is safe from several threads; the
// decode itself runs outside the lock.

#include "io/assets/asset_source.h"
#include "io/binary/error.h"

#include <cstddef>
#include <cstdint>
#include <list>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace mapsmith::io {

struct CachedTexture {
    std::uint32_t width = 0;  // of the cached level, pixels
    std::uint32_t height = 0; // of the cached level, pixels
    std::uint32_t fullWidth = 0;
    std::uint32_t fullHeight = 0;
    std::vector<std::uint8_t> rgba; // 4 * width * height bytes, row-major
};

struct TextureCacheStats {
    std::size_t bytes = 0;   // pixels held (plus a nominal 256 bytes per remembered failure)
    std::size_t entries = 0; // textures and failures held
    std::uint64_t hits = 0;
    std::uint64_t misses = 0;
    std::uint64_t evictions = 0;
};

class TextureCache {
public:
    static constexpr std::size_t kDefaultBudget = std::size_t(256) << 20;
    static constexpr std::size_t kFailureCost = 256;

    explicit TextureCache(std::size_t budgetBytes = kDefaultBudget) : mBudget(budgetBytes) {}

    // Replaces the source (nullptr: none, every lookup fails) and forgets everything cached.
    void setSource(std::shared_ptr<const AssetSource> source);
    std::shared_ptr<const AssetSource> source() const;
    // Bumped by setSource() and clear(): holders of pixels from an older generation should fetch again.
    std::uint64_t generation() const;

    void setBudget(std::size_t bytes); // evicts down to the new budget
    std::size_t budget() const;
    void clear();

    // The level of gamePath whose longer side is at most maxSide (0: level 0). The error names the path
    // and, for a damaged file, the field and byte offset.
    Expected<std::shared_ptr<const CachedTexture>> get(std::string_view gamePath, std::uint32_t maxSide);
    // True when the source has the file (no decode).
    bool exists(std::string_view gamePath) const;

    TextureCacheStats stats() const;

private:
    struct Entry {
        std::shared_ptr<const CachedTexture> texture; // null for a failure
        Error error;
        std::size_t cost = 0;
        std::list<std::string>::iterator lru;
    };

    void insertLocked(const std::string& key, Entry entry);
    void evictLocked(const std::string* keep);

    mutable std::mutex mMutex;
    std::shared_ptr<const AssetSource> mSource;
    std::uint64_t mGeneration = 0;
    std::size_t mBudget;
    std::size_t mBytes = 0;
    std::list<std::string> mLru; // most recent first
    std::unordered_map<std::string, Entry> mEntries;
    std::uint64_t mHits = 0;
    std::uint64_t mMisses = 0;
    std::uint64_t mEvictions = 0;
};

} // namespace mapsmith::io
