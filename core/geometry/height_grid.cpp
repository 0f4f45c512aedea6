#include "core/geometry/height_grid.h"

#include "core/convert/tile_factory.h"

#include <algorithm>
#include <cmath>

namespace mapsmith::core {

double HeightGrid::sample(double gx, double gy) const {
    if (width <= 0 || height <= 0) {
        return 0.0;
    }
    gx = std::clamp(gx, 0.0, double(width - 1));
    gy = std::clamp(gy, 0.0, double(height - 1));
    const int x0 = int(std::floor(gx));
    const int y0 = int(std::floor(gy));
    const int x1 = std::min(x0 + 1, width - 1);
    const int y1 = std::min(y0 + 1, height - 1);
    const double fx = gx - x0;
    const double fy = gy - y0;
    const double top = at(x0, y0) * (1.0 - fx) + at(x1, y0) * fx;
    const double bottom = at(x0, y1) * (1.0 - fx) + at(x1, y1) * fx;
    return top * (1.0 - fy) + bottom * fy;
}

HeightGrid sampleBlock(const TileBlock& block, const std::function<const io::Adt*(TileCoord)>& tileAt,
                       int* missing) {
    HeightGrid grid;
    grid.width = block.latticeWidth();
    grid.height = block.latticeHeight();
    grid.values.assign(std::size_t(grid.width) * std::size_t(grid.height), 0.0f);
    int absent = 0;
    for (int ty = 0; ty < block.tilesY; ++ty) {
        for (int tx = 0; tx < block.tilesX; ++tx) {
            const io::Adt* adt = tileAt({block.first.x + tx, block.first.y + ty});
            if (!adt || adt->chunks.size() < std::size_t(io::kChunksPerTile)) {
                ++absent;
                continue;
            }
            for (int i = 0; i < io::kChunksPerTile; ++i) {
                const io::MapChunk& c = adt->chunks[std::size_t(i)];
                for (int row = 0; row <= 8; ++row) {
                    for (int col = 0; col <= 8; ++col) {
                        const int gx = tx * 128 + (i % 16) * 8 + col;
                        const int gy = ty * 128 + (i / 16) * 8 + row;
                        grid.values[std::size_t(gy) * std::size_t(grid.width) + std::size_t(gx)] =
                            c.position.z + c.heights[std::size_t(outerIndex(row, col))];
                    }
                }
            }
        }
    }
    if (missing) {
        *missing = absent;
    }
    return grid;
}

int applyGrid(const TileBlock& block, const HeightGrid& grid, const GridPlacement& placement,
              const std::function<io::Adt*(TileCoord)>& tileAt) {
    // Block lattice (fractional) -> grid coordinates.
    const double sx = grid.width > 1 ? double(grid.width - 1) / double(block.latticeWidth() - 1) : 0.0;
    const double sy = grid.height > 1 ? double(grid.height - 1) / double(block.latticeHeight() - 1) : 0.0;
    const auto heightAtLattice = [&](double lx, double ly) {
        return grid.sample(lx * sx, ly * sy) * placement.heightScale + placement.heightOffset;
    };
    const double blockX = tileOriginX(block.first.y); // world x (north) of the block's north edge
    const double blockY = tileOriginY(block.first.x); // world y (west) of the block's west edge
    // Past a tile's edge the normals look at the same surface (clamped at the block's own edge).
    const auto beyond = [&](double worldX, double worldY) {
        return float(heightAtLattice((blockY - worldY) / kUnitSize, (blockX - worldX) / kUnitSize));
    };
    return forEachBlockVertex<double>(
        block, tileAt, heightAtLattice,
        [](io::MapChunk& c, const std::array<double, io::kVerticesPerChunk>& absolute) {
            // The chunk's base at its lowest vertex; MCVT relative to it.
            c.position.z = float(*std::min_element(absolute.begin(), absolute.end()));
            for (int v = 0; v < io::kVerticesPerChunk; ++v) {
                c.heights[std::size_t(v)] = float(absolute[std::size_t(v)] - double(c.position.z));
            }
        },
        [&](io::Adt& adt) { computeNormals(adt, beyond); });
}

} // namespace mapsmith::core
