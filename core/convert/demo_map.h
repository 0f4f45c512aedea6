#pragma once
// The bundled demo map's look, built only through core's public editing path: hills painted with
// Mapsmith's own four textures (grass, rock on slopes, dirt in hollows, sand on lake shores), a lake
// in each tile's basin, and marker objects around it. `mapsmith-cli new --terrain demo` writes it.

#include "core/convert/tile_factory.h"
#include "core/geometry/coords.h"

#include <vector>

namespace mapsmith::core {

class MapDocument;

// Height of the lake surface in the basin of tile `t` (yards), for a map built with `baseHeight`.
double demoLakeLevel(TileCoord t, float baseHeight);
// World position of the basin centre of tile `t`.
glm::dvec2 demoBasinCentre(TileCoord t);

TileSpec demoTileSpec(int tileX, int tileY, float baseHeight);

// Adds the lakes and markers to the given (loaded) tiles of `doc`, as undoable edits. Returns the
// number of objects placed.
int dressDemoTiles(MapDocument& doc, const std::vector<TileCoord>& tiles, float baseHeight);

} // namespace mapsmith::core
