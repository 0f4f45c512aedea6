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

// The surface inside one quad at (fu, fv) in [0, 1]^2 (fu eastwards, fv southwards) from its corner and
// centre heights, as drawn above: the diagonals split it into north, east, south and west triangles, each
// blended barycentrically (the weights of each triple sum to 1). T is float or double.
template <class T> T quadSurfaceHeight(T nw, T ne, T sw, T se, T centre, T fu, T fv) {
    // fv <= fu: north-east of the NW-SE diagonal; fu + fv <= 1: north-west of the NE-SW one.
    if (fv <= fu) {
        if (fu + fv <= T(1)) { // north: NW, NE, C
            return nw * (T(1) - fu - fv) + ne * (fu - fv) + centre * (T(2) * fv);
        }
        return ne * (fu - fv) + se * (fu + fv - T(1)) + centre * (T(2) * (T(1) - fu)); // east: NE, SE, C
    }
    if (fu + fv <= T(1)) { // west: SW, NW, C
        return nw * (T(1) - fu - fv) + sw * (fv - fu) + centre * (T(2) * fu);
    }
    return sw * (fv - fu) + se * (fu + fv - T(1)) + centre * (T(2) * (T(1) - fv)); // south: SE, SW, C
}

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

// Whether quad (row 0..7 north to south, col 0..7 west to east) of the chunk is a hole, by the rule above:
// the one rule the viewport's mesh and picking, the minimap and the shadow bake share.
bool quadIsHole(const io::MapChunk& chunk, int row, int col);

} // namespace mapsmith::core
