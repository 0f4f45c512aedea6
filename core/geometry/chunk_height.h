#pragma once
// Terrain surface of one MCNK: vertex heights, the height anywhere inside the chunk and its holes.
// Pure functions; world positions in yards (x north, y west, see coords.h).
//
// The chunk's north-west corner is its header position (x, y); it spans kChunkSize (33.333 yd) south
// (world x falls) and east (world y falls). Each of its 8x8 quads (kUnitSize = 4.1667 yd) is drawn by
// the game as four triangles fanning from the inner vertex C at the quad centre:
//
//     NW ------- NE        north triangle: NW, NE, C
//      | \  N  / |         east triangle:  NE, SE, C
//      |  \   /  |         south triangle: SE, SW, C
//      | W  C  E |         west triangle:  SW, NW, C
//      |  /   \  |
//      | /  S  \ |         (the diagonals run corner to corner through C)
//     SW ------- SE
//
// Inside a triangle the height is the barycentric blend of its three vertex heights, so the surface is
// exact at every vertex and continuous across quad and chunk borders (an edge's height depends on its
// two end vertices only).

#include "io/adt/adt.h"

#include <glm/vec2.hpp>

#include <optional>

namespace mapsmith::core {

// Absolute height (yards) of vertex 0..144: header position.z + MCVT height.
double chunkVertexHeight(const io::MapChunk& chunk, int vertex);

// Height (yards) of the terrain surface at a world point (x north, y west), or nullopt when the point
// lies outside the chunk's closed square. Points up to 4e-3 yd outside count as on the border: the float
// header positions of neighbouring chunks leave gaps/overlaps that small. Holes are ignored.
std::optional<double> chunkHeightAt(const io::MapChunk& chunk, glm::dvec2 world);

// Whether a world point lies in a hole of the chunk; false outside the chunk.
// Low-res holes (holesLowRes): 4x4 bits, each covering 2x2 quads; bit (row * 4 + col), row 0 north,
// col 0 west, so bit 0 (0x1) is the north-west block and bit 15 (0x8000) the south-east one.
// High-res holes (holesHighRes, used when flags has HighResHoles 0x10000): 8x8 bits, one per quad. On
// disk they are 8 bytes, byte `row` holding the quad row, bit `col` of it the column ("Holes[row] >>
// col & 1"); read as a little-endian uint64 that is bit (row * 8 + col).
// A point on a border between two quads belongs to the south/east one (the chunk's own south and east
// borders to its last row/column).
bool chunkHoleAt(const io::MapChunk& chunk, glm::dvec2 world);

} // namespace mapsmith::core
