#pragma once
// Ready-made terrain for new maps: flat ground, or rolling hills with a lake basin and two painted
// texture layers (grass on flat ground, rock on slopes, dirt in the low ground).

#include "core/convert/tile_factory.h"

namespace mapsmith::core {

enum class TerrainPreset { Flat, Hills };

// A TileSpec for tile (tileX, tileY); `baseHeight` in yards. Hills are continuous across tile borders.
TileSpec presetTileSpec(TerrainPreset preset, int tileX, int tileY, float baseHeight);

} // namespace mapsmith::core
