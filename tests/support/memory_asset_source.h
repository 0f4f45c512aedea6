#pragma once
// An AssetSource held in memory for tests; counts reads so a test can see what a cache spared.

#include "io/assets/asset_source.h"

#include <atomic>
#include <map>
#include <string>
#include <vector>

namespace mapsmith::test {

class MemoryAssetSource final : public io::AssetSource {
public:
    std::map<std::string, std::vector<std::byte>> files; // key: normalized path
    mutable std::atomic<int> reads{0};

    void add(const std::string& path, std::vector<std::byte> bytes) {
        files[io::normalizeGamePath(path)] = std::move(bytes);
    }
    void add(const std::string& path, std::string_view text) {
        std::vector<std::byte> bytes(text.size());
        for (std::size_t i = 0; i < text.size(); ++i) {
            bytes[i] = std::byte(text[i]);
        }
        add(path, std::move(bytes));
    }
    bool exists(std::string_view p) const override { return files.count(io::normalizeGamePath(p)) != 0; }
    io::Expected<std::vector<std::byte>> read(std::string_view p) const override {
        ++reads;
        const auto it = files.find(io::normalizeGamePath(p));
        if (it == files.end()) {
            return io::Error{io::ErrorCode::FileIo, {}, 0, std::string(p) + " is not in the test source"};
        }
        return it->second;
    }
    // Normalized paths: a pattern over the whole path, or everything under a folder.
    std::vector<std::string> list(std::string_view prefixOrPattern) const override {
        std::string query = io::normalizeGamePath(prefixOrPattern);
        const bool pattern = query.find_first_of("*?") != std::string::npos;
        if (!pattern && !query.empty() && query.back() == '\\') {
            query.pop_back();
        }
        std::vector<std::string> out;
        for (const auto& [key, bytes] : files) {
            if (pattern ? io::matchesGamePattern(key, query)
                        : query.empty() || (key.size() > query.size() && key.starts_with(query) &&
                                            key[query.size()] == '\\')) {
                out.push_back(key);
            }
        }
        return out;
    }
    std::string describe() const override { return "memory"; }
};

} // namespace mapsmith::test
