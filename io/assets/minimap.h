#pragma once
// Where a map tile's minimap image lives in the game data. The 3.3.5 client names minimap BLPs by the
// MD5 of their content and maps tiles to them with textures\Minimap\md5translate.trs, a text file of
// blocks:
//   dir: <Map>
//   <Map>\map<x>_<yy>.blp<TAB><hashed name>.blp      (x, y as in ADT names; y zero-padded to 2 digits)
// with the hashed name relative to textures\Minimap\. Lines of other forms (WMO minimaps, blank lines)
// are skipped; a file with \r\n endings reads the same. Custom maps from tools often ship unhashed
// files instead: textures\Minimap\<Map>\map<x>_<yy>.blp, which minimapPath() also finds.

#include "io/assets/asset_source.h"

#include <map>
#include <string>
#include <string_view>
#include <utility>

namespace mapsmith::io {

// Lower-case map name -> (x, y) -> game path of the BLP ("textures\\minimap\\<hash>.blp").
using MinimapIndex = std::map<std::string, std::map<std::pair<int, int>, std::string>>;

MinimapIndex parseMd5Translate(std::string_view text);

// The game path of tile (x, y)'s minimap: the index's entry when the source has that file, else the
// unhashed name (with or without the zero padding); empty when the source has neither.
std::string minimapPath(const AssetSource& source, const MinimapIndex& index, std::string_view mapName, int x,
                        int y);

inline constexpr std::string_view kMd5TranslatePath = "textures\\Minimap\\md5translate.trs";

} // namespace mapsmith::io
