#pragma once
// A rectangular grid of heights laid over a block of tiles, for terrain import and export (Gamestudio HMP,
// heightmap images). Row 0 is the block's north edge, column 0 its west edge; the grid is stretched over
// the block's whole outer-vertex lattice (128 units per tile), so any grid size maps onto any block.

#include "core/coords.h"
#include "io/adt.h"

#include <functional>
#include <vector>

namespace mapsmith::core {

struct HeightGrid {
    int width = 0;             // samples per row (west to east)
    int height = 0;            // rows (north to south)
    std::vector<float> values; // width * height, row-major

    float at(int x, int y) const { return values[std::size_t(y) * std::size_t(width) + std::size_t(x)]; }
    // Bilinear at fractional grid coordinates, clamped to the grid. A grid without samples gives 0.
    double sample(double gx, double gy) const;
};

// Tiles from `first` (north-west) `tilesX` to the east and `tilesY` to the south.
struct TileBlock {
    TileCoord first;
    int tilesX = 1;
    int tilesY = 1;

    bool contains(TileCoord t) const {
        return t.x >= first.x && t.y >= first.y && t.x < first.x + tilesX && t.y < first.y + tilesY;
    }
    // Outer lattice vertices across the block: 128 per tile plus the closing edge.
    int latticeWidth() const { return tilesX * 128 + 1; }
    int latticeHeight() const { return tilesY * 128 + 1; }
};

// The absolute heights (yards) of the block's outer lattice, latticeWidth() x latticeHeight(). Tiles
// tileAt() does not have read as 0; `missing` (when given) counts them.
HeightGrid sampleBlock(const TileBlock& block, const std::function<const io::Adt*(TileCoord)>& tileAt,
                       int* missing = nullptr);

// yards = grid value * heightScale + heightOffset.
struct GridPlacement {
    double heightScale = 1.0;
    double heightOffset = 0.0;
};

// Sets every vertex (outer and inner) of the block's tiles from the grid stretched over the block
// (bilinear), keeps each chunk's position.z at its lowest vertex, and recomputes the normals, seamless
// across the block's tile borders. Tiles tileAt() does not have are skipped. Returns the tiles changed.
int applyGrid(const TileBlock& block, const HeightGrid& grid, const GridPlacement& placement,
              const std::function<io::Adt*(TileCoord)>& tileAt);

} // namespace mapsmith::core
