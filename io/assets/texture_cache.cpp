#include "io/assets/texture_cache.h"

#include "io/assets/blp.h"

namespace mapsmith::io {

void TextureCache::setSource(std::shared_ptr<const AssetSource> source) {
    std::lock_guard lock(mMutex);
    mSource = std::move(source);
    mEntries.clear();
    mLru.clear();
    mBytes = 0;
    ++mGeneration;
}

std::shared_ptr<const AssetSource> TextureCache::source() const {
    std::lock_guard lock(mMutex);
    return mSource;
}

std::uint64_t TextureCache::generation() const {
    std::lock_guard lock(mMutex);
    return mGeneration;
}

void TextureCache::setBudget(std::size_t bytes) {
    std::lock_guard lock(mMutex);
    mBudget = bytes;
    evictLocked(nullptr);
}

std::size_t TextureCache::budget() const {
    std::lock_guard lock(mMutex);
    return mBudget;
}

void TextureCache::clear() {
    std::lock_guard lock(mMutex);
    mEntries.clear();
    mLru.clear();
    mBytes = 0;
    ++mGeneration;
}

bool TextureCache::exists(std::string_view gamePath) const {
    const auto source = this->source();
    return source && source->exists(gamePath);
}

Expected<std::shared_ptr<const CachedTexture>> TextureCache::get(std::string_view gamePath,
                                                                 std::uint32_t maxSide) {
    const std::string key = normalizeGamePath(gamePath) + '|' + std::to_string(maxSide);
    std::shared_ptr<const AssetSource> source;
    std::uint64_t generation = 0;
    {
        std::lock_guard lock(mMutex);
        if (auto it = mEntries.find(key); it != mEntries.end()) {
            ++mHits;
            mLru.splice(mLru.begin(), mLru, it->second.lru);
            if (it->second.texture) {
                return it->second.texture;
            }
            return it->second.error;
        }
        ++mMisses;
        source = mSource;
        generation = mGeneration;
    }

    Entry entry;
    if (!source) {
        entry.error =
            Error{ErrorCode::FileIo, {}, 0, "no game data is configured to read " + std::string(gamePath)};
    } else if (auto bytes = source->read(gamePath); !bytes) {
        entry.error = bytes.error();
    } else if (auto level = readBlpLevel(*bytes, maxSide); !level) {
        entry.error = level.error();
        entry.error.message = std::string(gamePath) + ": " + entry.error.message;
    } else {
        auto texture = std::make_shared<CachedTexture>();
        texture->width = level->width;
        texture->height = level->height;
        texture->fullWidth = level->fullWidth;
        texture->fullHeight = level->fullHeight;
        texture->rgba = std::move(level->rgba);
        entry.texture = std::move(texture);
    }
    entry.cost = entry.texture ? entry.texture->rgba.size() : kFailureCost;

    std::lock_guard lock(mMutex);
    if (generation == mGeneration && !mEntries.count(key)) {
        insertLocked(key, entry);
    }
    if (entry.texture) {
        return entry.texture;
    }
    return entry.error;
}

void TextureCache::insertLocked(const std::string& key, Entry entry) {
    mLru.push_front(key);
    entry.lru = mLru.begin();
    mBytes += entry.cost;
    mEntries.emplace(key, std::move(entry));
    evictLocked(&key);
}

void TextureCache::evictLocked(const std::string* keep) {
    // The entry just inserted stays even when it alone exceeds the budget: its caller holds it anyway.
    while (mBytes > mBudget && !mLru.empty()) {
        const std::string& victim = mLru.back();
        if (keep && victim == *keep) {
            break;
        }
        auto it = mEntries.find(victim);
        mBytes -= it->second.cost;
        mEntries.erase(it);
        mLru.pop_back();
        ++mEvictions;
    }
}

TextureCacheStats TextureCache::stats() const {
    std::lock_guard lock(mMutex);
    return TextureCacheStats{mBytes, mEntries.size(), mHits, mMisses, mEvictions};
}

} // namespace mapsmith::io
