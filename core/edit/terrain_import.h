#pragma once
// File > Import > Heightmap Image / Gamestudio Terrain: a TerrainImport (core/convert/terrain_block.h,
// the same one mapsmith-cli import-heightmap / import-hmp apply to the files) set on a block of the open
// map's tiles as ONE undo step through the edit path (StrokeRecorder; dirty Vertices | Normals, and
// Colour | Flags with a tint). Every tile of the block must be in the map and load before anything
// changes; tiles not loaded yet are loaded (and stay loaded: edited tiles never unload). Each tile is
// worked out on a copy by applyTerrainImport (one tile at a time, as the CLI does), then the chunks that
// differ are stored through chunk guards, so undo restores every chunk exactly.

#include "core/convert/terrain_block.h"
#include "core/document/block_heights.h"
#include "core/document/core_error.h"

#include <QString>

namespace mapsmith::core {

class MapDocument;

struct TerrainImportReport {
    int tiles = 0;         // tiles of the block
    int chunksChanged = 0; // chunks whose state changed
    bool pushed = false;   // an undo step was pushed (false when nothing changed)
};

// Imports onto `block` as one undo step named `undoText`. Fails without changing anything when a tile of
// the block is not in the map (NotInMap, naming every such tile's file), cannot be loaded (File) or has
// not 256 chunks (BadTile), or when progress (tiles done, tiles in all) says stop (Cancelled).
Expected<TerrainImportReport> importTerrain(MapDocument& doc, const TileBlock& block,
                                            const TerrainImport& import, const QString& undoText,
                                            const BlockProgress& progress = {});

} // namespace mapsmith::core
