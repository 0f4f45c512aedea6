#pragma once
// The models the game data offers for placing: every M2 (`*.m2`) and WMO root (`*.wmo`) that the asset
// source lists (MPQ listfiles, folder indexes), each once, sorted by normalized path, in the spelling
// the source stores. WMO group files (`Name_NNN.wmo`, three digits) are left out, as are skin profiles
// and every other file.

#include "io/assets/asset_source.h"

#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::core {

std::vector<std::string> listPlaceableModels(const io::AssetSource& source);

// True for a WMO group file name: ends in '_' then three digits then ".wmo" (any case, any folder).
bool isWmoGroupFile(std::string_view path);

} // namespace mapsmith::core
