#pragma once
// Files held in memory over shared sources: an import stages the files it will write (a WMO, its BLPs,
// the models its entities use) here so the model library finds them by their game paths before they are on
// disk, over the game data the caller already shares. Lookups go to the memory files first, then to each
// source below in order. Game paths are case-insensitive like every AssetSource's.

#include "io/assets/asset_source.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mapsmith::io {

class OverlayAssetSource final : public AssetSource {
public:
    // below: highest priority first; null entries are dropped.
    explicit OverlayAssetSource(std::vector<std::shared_ptr<const AssetSource>> below = {});

    // Adds or replaces a file in memory (above every source below). Not safe concurrently with lookups.
    void add(const std::string& gamePath, std::vector<std::byte> bytes);
    std::size_t memoryFileCount() const { return mFiles.size(); }

    bool exists(std::string_view gamePath) const override;
    Expected<std::vector<std::byte>> read(std::string_view gamePath) const override;
    std::vector<std::string> list(std::string_view prefixOrPattern) const override;
    std::string describe() const override;

private:
    struct File {
        std::string gamePath; // as added, '\\' separators
        std::vector<std::byte> bytes;
    };
    std::map<std::string, File> mFiles; // key: normalizeGamePath
    std::vector<std::shared_ptr<const AssetSource>> mBelow;
};

} // namespace mapsmith::io
