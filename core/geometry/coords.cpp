#include "core/geometry/coords.h"

#include "io/adt/adt.h"

#include <cmath>

namespace mapsmith::core {

static_assert(kVerticesPerChunk == int(io::kVerticesPerChunk));

GlobalChunk toGlobal(const ChunkCoord& c) {
    return {c.tile.x * kChunksPerSide + c.col, c.tile.y * kChunksPerSide + c.row};
}

ChunkCoord fromGlobal(GlobalChunk g) {
    // Floor division keeps chunks off the map consistent (their tile is invalid).
    auto floorDiv = [](int a, int b) { return a >= 0 ? a / b : -((-a + b - 1) / b); };
    const int tx = floorDiv(g.gx, kChunksPerSide);
    const int ty = floorDiv(g.gy, kChunksPerSide);
    return {{tx, ty}, g.gy - ty * kChunksPerSide, g.gx - tx * kChunksPerSide};
}

glm::dvec2 tileOrigin(TileCoord t) {
    return {(32 - t.y) * kTileSize, (32 - t.x) * kTileSize};
}

glm::dvec2 chunkOrigin(const ChunkCoord& c) {
    const glm::dvec2 o = tileOrigin(c.tile);
    return {o.x - c.row * kChunkSize, o.y - c.col * kChunkSize};
}

// floor() of a position in tile/chunk units, taking values within 1e-9 units (< 1e-6 yd) of a border as
// on it: a border computed by tileOrigin/chunkOrigin divides back to n - 1 ulp, which plain floor() would
// give to the north/west cell.
static int floorCell(double units) {
    const double nearest = std::round(units);
    return int(std::abs(units - nearest) <= 1e-9 ? nearest : std::floor(units));
}

TileCoord tileAt(glm::dvec2 world) {
    return {floorCell(32.0 - world.y / kTileSize), floorCell(32.0 - world.x / kTileSize)};
}

ChunkCoord chunkAt(glm::dvec2 world) {
    const int gx = floorCell((kMapHalfSize - world.y) / kChunkSize);
    const int gy = floorCell((kMapHalfSize - world.x) / kChunkSize);
    return fromGlobal({gx, gy});
}

glm::dvec2 vertexOffset(int vertex) {
    const int row = vertex / 17;
    const int r = vertex % 17;
    if (r < 9) {
        return {-row * kUnitSize, -r * kUnitSize};
    }
    return {-(row + 0.5) * kUnitSize, -(r - 9 + 0.5) * kUnitSize};
}

glm::dvec2 vertexPosition(const ChunkCoord& c, int vertex) {
    return chunkOrigin(c) + vertexOffset(vertex);
}

glm::dvec3 placementToWorld(glm::dvec3 p) {
    return {kMapHalfSize - p.z, kMapHalfSize - p.x, p.y};
}

glm::dvec3 worldToPlacement(glm::dvec3 w) {
    return {kMapHalfSize - w.y, w.z, kMapHalfSize - w.x};
}

} // namespace mapsmith::core
