#pragma once
// Map geometry and the conversions between the game's coordinate systems. All distances in yards.
//
// World (server, packets, MCNK positions): x points north, y points west, z is up; the origin is the
// map's centre, so the north-west corner of the map is (+17066.67, +17066.67).
// Tiles: <Map>_<X>_<Y>.adt; X grows eastwards (world y falls), Y grows southwards (world x falls). A tile has
// 16x16 chunks, row-major from its north-west corner; a chunk has 9x9 outer vertices (8x8 quads) and 8x8
// inner vertices at the quad centres, stored interleaved (9 outer, 8 inner, 9 outer, ..., 145 in all).
// Placement (MDDF/MODF positions): p[0] = 32 * tile - world.y, p[1] = world.z, p[2] = 32 * tile - world.x.

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <array>
#include <cstdint>
#include <optional>

namespace mapsmith::core {

inline constexpr double kTileSize = 1600.0 / 3.0;        // 533.333 yd
inline constexpr double kChunkSize = kTileSize / 16.0;   // 33.333 yd
inline constexpr double kUnitSize = kChunkSize / 8.0;    // 4.1667 yd between outer vertices
inline constexpr double kMapHalfSize = 32.0 * kTileSize; // 17066.667 yd
inline constexpr int kTilesPerSide = 64;
inline constexpr int kChunksPerSide = 16; // per tile
inline constexpr int kChunksPerTile = kChunksPerSide * kChunksPerSide;
inline constexpr int kVerticesPerChunk = 145;

struct TileCoord {
    int x = 0; // file name X (0..63): west to east
    int y = 0; // file name Y (0..63): north to south
    bool valid() const { return x >= 0 && x < kTilesPerSide && y >= 0 && y < kTilesPerSide; }
    bool operator==(const TileCoord&) const = default;
    auto operator<=>(const TileCoord&) const = default;
};

// A chunk anywhere on the map.
struct ChunkCoord {
    TileCoord tile;
    int row = 0; // 0..15, north to south (MCNK indexY)
    int col = 0; // 0..15, west to east (MCNK indexX)
    int index() const { return row * kChunksPerSide + col; }
    bool operator==(const ChunkCoord&) const = default;
    auto operator<=>(const ChunkCoord&) const = default;
};

// Global chunk grid (0..1023 each way): gx west to east, gy north to south.
struct GlobalChunk {
    int gx = 0;
    int gy = 0;
    bool operator==(const GlobalChunk&) const = default;
};
GlobalChunk toGlobal(const ChunkCoord& c);
ChunkCoord fromGlobal(GlobalChunk g);

// World position (x north, y west) of a tile's / chunk's north-west corner.
glm::dvec2 tileOrigin(TileCoord t);
glm::dvec2 chunkOrigin(const ChunkCoord& c);

// The tile / chunk containing a world position (points on a border belong to the south/east one).
// Positions off the map give invalid tiles.
TileCoord tileAt(glm::dvec2 world);
ChunkCoord chunkAt(glm::dvec2 world);

// Vertex index (0..144) of outer vertex (row 0..8, col 0..8) and inner vertex (row 0..7, col 0..7).
constexpr int outerIndex(int row, int col) {
    return row * 17 + col;
}
constexpr int innerIndex(int row, int col) {
    return row * 17 + 9 + col;
}
constexpr bool isInner(int vertex) {
    return vertex % 17 >= 9;
}
// World offset of a vertex from its chunk's north-west corner: (-south, -east) in yards.
glm::dvec2 vertexOffset(int vertex);
glm::dvec2 vertexPosition(const ChunkCoord& c, int vertex);

// ADT placement coordinates (MDDF/MODF) <-> world.
glm::dvec3 placementToWorld(glm::dvec3 placement);
glm::dvec3 worldToPlacement(glm::dvec3 world);

} // namespace mapsmith::core
