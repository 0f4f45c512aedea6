#include "core/render/minimap_files.h"

#include "io/assets/minimap.h"
#include "io/binary/text.h"

#include <QCryptographicHash>

#include <cctype>
#include <vector>

namespace mapsmith::core {

namespace {

// "<map>\map<x>_<yy>.blp", lower case: the key a translate line's first column is compared by.
std::string entryKey(std::string_view mapName, TileCoord tile) {
    return io::asciiLower(std::string(mapName) + "\\" + minimapFileName(tile));
}

// The lower-cased first column of a translate line with '/' as '\\' and y unpadded or padded alike;
// empty for lines without a tab.
std::string lineKey(std::string_view line) {
    const std::size_t tab = line.find('\t');
    if (tab == std::string_view::npos) {
        return {};
    }
    std::string key = io::asciiLower(io::trimBlanks(line.substr(0, tab)));
    for (char& c : key) {
        if (c == '/') {
            c = '\\';
        }
    }
    // Normalise "map<x>_<y>.blp" to two digits of y, as minimapFileName writes it.
    const std::size_t underscore = key.rfind('_');
    if (underscore != std::string::npos && key.size() == underscore + 6 &&
        key.compare(key.size() - 4, 4, ".blp") == 0 &&
        std::isdigit(static_cast<unsigned char>(key[underscore + 1]))) {
        key.insert(underscore + 1, "0");
    }
    return key;
}

} // namespace

std::string minimapFileName(TileCoord tile) {
    return "map" + std::to_string(tile.x) + "_" + (tile.y < 10 ? "0" : "") + std::to_string(tile.y) + ".blp";
}

std::string minimapUnhashedPath(std::string_view mapName, TileCoord tile) {
    return "textures\\Minimap\\" + std::string(mapName) + "\\" + minimapFileName(tile);
}

std::string minimapHashedName(std::span<const std::byte> blp) {
    const QByteArray digest = QCryptographicHash::hash(
        QByteArrayView(reinterpret_cast<const char*>(blp.data()), qsizetype(blp.size())),
        QCryptographicHash::Md5);
    return digest.toHex().toStdString() + ".blp";
}

std::string minimapHashedPath(std::string_view hashedName) {
    return "textures\\Minimap\\" + std::string(hashedName);
}

bool translateListsMap(std::string_view trsText, std::string_view mapName) {
    return io::parseMd5Translate(trsText).contains(io::asciiLower(mapName));
}

std::string mergeMd5Translate(std::string_view trsText, std::string_view mapName,
                              const std::map<TileCoord, std::string>& entries) {
    const std::size_t firstEol = trsText.find('\n');
    const std::string eol =
        firstEol != std::string_view::npos && firstEol > 0 && trsText[firstEol - 1] == '\r' ? "\r\n" : "\n";
    std::map<std::string, TileCoord> replaced; // keys of the rendered tiles
    for (const auto& [tile, name] : entries) {
        replaced.emplace(entryKey(mapName, tile), tile);
    }
    // Lines with their endings, so what is kept stays byte for byte.
    std::vector<std::string_view> lines;
    for (std::string_view rest = trsText; !rest.empty();) {
        const std::size_t at = rest.find('\n');
        const std::size_t len = at == std::string_view::npos ? rest.size() : at + 1;
        lines.push_back(rest.substr(0, len));
        rest.remove_prefix(len);
    }
    std::string newLines;
    for (const auto& [tile, name] : entries) {
        newLines += std::string(mapName) + "\\" + minimapFileName(tile) + "\t" + name + eol;
    }
    std::string out;
    out.reserve(trsText.size() + newLines.size() + 64);
    bool inMap = false;
    bool inserted = false;
    const auto insertHere = [&] {
        if (!inserted) {
            out += newLines;
            inserted = true;
        }
    };
    for (const std::string_view line : lines) {
        const std::string_view text = io::trimBlanks(line.substr(0, line.find('\n')));
        if (text.compare(0, 4, "dir:") == 0) {
            if (inMap) {
                insertHere(); // the end of the map's block
            }
            inMap = io::asciiLower(io::trimBlanks(text.substr(4))) == io::asciiLower(mapName) && !inserted;
        }
        if (replaced.contains(lineKey(line.substr(0, line.find('\n'))))) {
            continue;
        }
        if (inMap && text.empty()) {
            insertHere(); // a blank line closes the block
        }
        out += line;
    }
    if (inMap) {
        if (!out.empty() && out.back() != '\n') {
            out += eol;
        }
        insertHere();
    }
    if (!inserted && !entries.empty()) {
        if (!out.empty() && out.back() != '\n') {
            out += eol;
        }
        out += "dir: " + std::string(mapName) + eol + newLines;
    }
    return out;
}

} // namespace mapsmith::core
