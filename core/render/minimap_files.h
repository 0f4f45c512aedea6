#pragma once
// Names of rendered minimaps and the md5translate.trs merge (io/assets/minimap.h reads both forms).
//  - Unhashed (custom maps): textures\Minimap\<Map>\map<x>_<yy>.blp, y zero-padded to two digits.
//  - Hashed (the 3.3.5 client's own maps): textures\Minimap\<md5>.blp, <md5> the 32 lower-case hex digits
//    of the MD5 of the BLP file's bytes, with the entry "<Map>\map<x>_<yy>.blp<TAB><md5>.blp" in the
//    "dir: <Map>" block of textures\Minimap\md5translate.trs.
// A md5translate.trs in a patch replaces the client's whole file, so a merged one keeps every line of
// the client's (its line endings too) and only replaces or adds the entries of the rendered tiles.

#include "core/geometry/coords.h"

#include <cstddef>
#include <map>
#include <span>
#include <string>
#include <string_view>

namespace mapsmith::core {

// "map<x>_<yy>.blp"
std::string minimapFileName(TileCoord tile);
// "textures\\Minimap\\<Map>\\map<x>_<yy>.blp"
std::string minimapUnhashedPath(std::string_view mapName, TileCoord tile);
// "<md5>.blp" of the bytes (lower-case hex).
std::string minimapHashedName(std::span<const std::byte> blp);
// "textures\\Minimap\\<hashedName>"
std::string minimapHashedPath(std::string_view hashedName);

// Whether a translate file lists tiles of the map (its name ignoring case).
bool translateListsMap(std::string_view trsText, std::string_view mapName);

// The translate file with `entries` (tile -> hashed name relative to textures\Minimap, "<md5>.blp") for
// map `mapName`: each tile's existing lines (any spelling of the map name, in any block) are dropped and
// its new line goes at the end of the map's first "dir:" block, or of a new "dir: <Map>" block appended
// at the end. Every other line stays byte for byte; new lines use the file's line ending (\r\n when its
// first line has one, else \n).
std::string mergeMd5Translate(std::string_view trsText, std::string_view mapName,
                              const std::map<TileCoord, std::string>& entries);

} // namespace mapsmith::core
