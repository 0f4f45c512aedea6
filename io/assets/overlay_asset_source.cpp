#include "io/assets/overlay_asset_source.h"

#include <algorithm>

namespace mapsmith::io {

OverlayAssetSource::OverlayAssetSource(std::vector<std::shared_ptr<const AssetSource>> below)
    : mBelow(std::move(below)) {
    std::erase(mBelow, nullptr);
}

void OverlayAssetSource::add(const std::string& gamePath, std::vector<std::byte> bytes) {
    std::string spelled = gamePath;
    std::replace(spelled.begin(), spelled.end(), '/', '\\');
    mFiles[normalizeGamePath(gamePath)] = File{std::move(spelled), std::move(bytes)};
}

bool OverlayAssetSource::exists(std::string_view gamePath) const {
    if (mFiles.count(normalizeGamePath(gamePath)) != 0) {
        return true;
    }
    return std::any_of(mBelow.begin(), mBelow.end(), [&](const auto& s) { return s->exists(gamePath); });
}

Expected<std::vector<std::byte>> OverlayAssetSource::read(std::string_view gamePath) const {
    if (const auto it = mFiles.find(normalizeGamePath(gamePath)); it != mFiles.end()) {
        return it->second.bytes;
    }
    for (const auto& source : mBelow) {
        if (source->exists(gamePath)) {
            return source->read(gamePath);
        }
    }
    return Error{ErrorCode::FileIo, FourCC{}, 0, std::string(gamePath) + ": not found in " + describe()};
}

std::vector<std::string> OverlayAssetSource::list(std::string_view prefixOrPattern) const {
    // Normalized key -> spelling; the first (highest) source's spelling wins.
    std::map<std::string, std::string> found;
    std::string query = normalizeGamePath(prefixOrPattern);
    const bool pattern = query.find_first_of("*?") != std::string::npos;
    if (!pattern && !query.empty() && query.back() == '\\') {
        query.pop_back();
    }
    for (const auto& [key, file] : mFiles) {
        const bool match = pattern ? matchesGamePattern(key, query)
                                   : query.empty() || (key.size() > query.size() && key.starts_with(query) &&
                                                       key[query.size()] == '\\');
        if (match) {
            found.emplace(key, file.gamePath);
        }
    }
    for (const auto& source : mBelow) {
        for (std::string& path : source->list(prefixOrPattern)) {
            found.emplace(normalizeGamePath(path), std::move(path));
        }
    }
    std::vector<std::string> out;
    out.reserve(found.size());
    for (auto& [key, path] : found) {
        out.push_back(std::move(path));
    }
    return out;
}

std::string OverlayAssetSource::describe() const {
    std::string out = std::to_string(mFiles.size()) + " files in memory";
    for (const auto& source : mBelow) {
        out += " over " + source->describe();
    }
    return out;
}

} // namespace mapsmith::io
