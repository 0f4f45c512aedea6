#pragma once
// The heights of a block of the open map's tiles, for File > Export (heightmap PNG, HMP5): what
// mapsmith-cli's export commands sample from the files, taken from the document instead. Loaded tiles
// count as the document holds them (unsaved edits included); the others are read through the map source
// one at a time and not loaded (not kept, not marked modified).

#include "core/document/core_error.h"
#include "core/geometry/height_grid.h"

#include <functional>
#include <string>
#include <vector>

namespace mapsmith::core {

class MapDocument;

// The block's tiles the map does not have (its WDT does not list them), row by row from the north-west.
std::vector<TileCoord> tilesNotInMap(const MapDocument& doc, const TileBlock& block);
// "<Map>_<x>_<y>.adt" of each tile, comma-separated, as mapsmith-cli names them.
std::string tileFileNames(const MapDocument& doc, const std::vector<TileCoord>& tiles);

// Called with (tiles done, tiles in all); false stops.
using BlockProgress = std::function<bool(int done, int total)>;

// core::sampleBlock over the document: tiles the map does not have read as 0. Fails (File, naming the
// tile) when a tile cannot be read, Cancelled when progress says stop.
Expected<HeightGrid> sampleDocumentBlock(MapDocument& doc, const TileBlock& block,
                                         const BlockProgress& progress = {});

} // namespace mapsmith::core
