#pragma once
// A rectangular grid of heights laid over a block of tiles, for terrain import and export (Gamestudio HMP,
// heightmap images). Row 0 is the block's north edge, column 0 its west edge; the grid is stretched over
// the block's whole outer-vertex lattice (128 units per tile), so any grid size maps onto any block.

#include "core/geometry/coords.h"
#include "io/adt/adt.h"

#include <array>
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

// Calls perVertex(latticeX, latticeY) for every vertex of every chunk of the block's tiles that tileAt has
// (full 256-chunk tiles), in MCVT order, with the vertex's block-lattice position (inner vertices sit at
// quad centres, +0.5); perVertex returns the new value and set(chunk, values) stores a chunk's 145
// values; tileDone(tile) runs after each tile. Returns the tiles visited.
template <class T>
int forEachBlockVertex(
    const TileBlock& block, const std::function<io::Adt*(TileCoord)>& tileAt,
    const std::function<T(double latticeX, double latticeY)>& perVertex,
    const std::function<void(io::MapChunk&, const std::array<T, io::kVerticesPerChunk>&)>& set,
    const std::function<void(io::Adt&)>& tileDone = {}) {
    int visited = 0;
    for (int ty = 0; ty < block.tilesY; ++ty) {
        for (int tx = 0; tx < block.tilesX; ++tx) {
            io::Adt* adt = tileAt({block.first.x + tx, block.first.y + ty});
            if (!adt || adt->chunks.size() < std::size_t(io::kChunksPerTile)) {
                continue;
            }
            for (int i = 0; i < io::kChunksPerTile; ++i) {
                const double cx = tx * 128.0 + (i % 16) * 8.0;
                const double cy = ty * 128.0 + (i / 16) * 8.0;
                std::array<T, io::kVerticesPerChunk> values{};
                for (int v = 0; v < io::kVerticesPerChunk; ++v) {
                    // MCVT order: rows of 9 outer vertices, then 8 inner ones at the quad centres.
                    const int row = v / 17;
                    const int rem = v % 17;
                    const bool inner = rem >= 9;
                    values[std::size_t(v)] =
                        perVertex(cx + (inner ? rem - 9 + 0.5 : rem), cy + (inner ? row + 0.5 : row));
                }
                set(adt->chunks[std::size_t(i)], values);
            }
            if (tileDone) {
                tileDone(*adt);
            }
            ++visited;
        }
    }
    return visited;
}

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
