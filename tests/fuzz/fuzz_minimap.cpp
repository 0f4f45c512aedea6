// libFuzzer target for md5translate.trs parsing (io/assets/minimap.h): any text parses without a crash, and
// every entry names a tile in 0..63 and a path under textures\minimap\.

#include "io/assets/minimap.h"

#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    const auto index = mapsmith::io::parseMd5Translate(text);
    for (const auto& [map, tiles] : index) {
        for (const auto& [tile, path] : tiles) {
            if (map.empty() || tile.first < 0 || tile.first > 63 || tile.second < 0 || tile.second > 63 ||
                path.rfind("textures\\minimap\\", 0) != 0) {
                __builtin_trap();
            }
        }
    }
    return 0;
}
