#include "coords.h"

#include "io/adt.h"

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

TileCoord tileAt(glm::dvec2 world) {
    return {int(std::floor(32.0 - world.y / kTileSize)), int(std::floor(32.0 - world.x / kTileSize))};
}

ChunkCoord chunkAt(glm::dvec2 world) {
    const int gx = int(std::floor((kMapHalfSize - world.y) / kChunkSize));
    const int gy = int(std::floor((kMapHalfSize - world.x) / kChunkSize));
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
