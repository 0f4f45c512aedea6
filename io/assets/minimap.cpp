#include "io/assets/minimap.h"
#include "io/binary/text.h"

#include <charconv>

namespace mapsmith::io {

namespace {

bool parseInt(std::string_view s, int& out) {
    if (s.empty() || s.size() > 3) {
        return false;
    }
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && end == s.data() + s.size() && out >= 0 && out < 64;
}

// "<Map>\map<x>_<y>.blp" -> map name and tile; false for anything else (e.g. WMO entries).
bool parseTileName(std::string_view name, std::string& map, int& x, int& y) {
    const std::size_t slash = name.find_last_of("\\/");
    if (slash == std::string_view::npos || slash == 0) {
        return false;
    }
    map = asciiLower(name.substr(0, slash));
    std::string file = asciiLower(name.substr(slash + 1));
    if (file.size() < 9 || file.compare(0, 3, "map") != 0 || file.compare(file.size() - 4, 4, ".blp") != 0) {
        return false;
    }
    const std::string_view digits = std::string_view(file).substr(3, file.size() - 7);
    const std::size_t underscore = digits.find('_');
    return underscore != std::string_view::npos && parseInt(digits.substr(0, underscore), x) &&
           parseInt(digits.substr(underscore + 1), y);
}

} // namespace

MinimapIndex parseMd5Translate(std::string_view text) {
    MinimapIndex index;
    while (!text.empty()) {
        const std::size_t eol = text.find('\n');
        const std::string_view line = trimBlanks(text.substr(0, eol));
        text = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
        if (line.empty() || line.compare(0, 4, "dir:") == 0) {
            continue;
        }
        const std::size_t tab = line.find('\t');
        if (tab == std::string_view::npos) {
            continue;
        }
        std::string map;
        int x = 0;
        int y = 0;
        const std::string_view hashed = trimBlanks(line.substr(tab + 1));
        if (hashed.empty() || !parseTileName(trimBlanks(line.substr(0, tab)), map, x, y)) {
            continue;
        }
        index[map][{x, y}] = "textures\\minimap\\" + std::string(hashed);
    }
    return index;
}

std::string minimapPath(const AssetSource& source, const MinimapIndex& index, std::string_view mapName, int x,
                        int y) {
    if (const auto map = index.find(asciiLower(mapName)); map != index.end()) {
        if (const auto tile = map->second.find({x, y});
            tile != map->second.end() && source.exists(tile->second)) {
            return tile->second;
        }
    }
    const std::string folder =
        "textures\\minimap\\" + std::string(mapName) + "\\map" + std::to_string(x) + "_";
    const std::string padded = folder + (y < 10 ? "0" : "") + std::to_string(y) + ".blp";
    if (source.exists(padded)) {
        return padded;
    }
    const std::string plain = folder + std::to_string(y) + ".blp";
    if (source.exists(plain)) {
        return plain;
    }
    return {};
}

} // namespace mapsmith::io
