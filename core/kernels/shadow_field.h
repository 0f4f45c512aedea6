#pragma once
// The terrain a shadow bake looks at: a block of quads (kUnitSize = 4.1667 yd square) on the map's
// outer-vertex lattice, each with its four corner heights and its centre (inner vertex) height in
// absolute yards, or no terrain at all (a missing tile, a hole). Local lattice coordinates: u grows
// eastwards (world y falls), v southwards (world x falls), one unit per quad; quad (x, y) covers
// [x, x+1] x [y, y+1]. Pure data, no Qt.
//
// The surface inside a quad is the client's: four triangles fanning from the centre vertex
// (core/geometry/chunk_height.h quadSurfaceHeight(), which chunkHeightAt() uses too).

#include "core/geometry/chunk_height.h"
#include "core/geometry/coords.h"
#include "io/adt/adt.h"

#include <functional>
#include <vector>

namespace mapsmith::core {

// One quad's vertex heights (yards, absolute).
struct ShadowQuad {
    float nw = 0.0f;
    float ne = 0.0f;
    float sw = 0.0f;
    float se = 0.0f;
    float centre = 0.0f;
    bool present = false; // false: no terrain here (casts nothing; a hole keeps its heights)
};

// Height (yards) inside a quad at (fu, fv) in [0, 1]^2, fu eastwards, fv southwards: the client's
// triangles (core/geometry/chunk_height.h quadSurfaceHeight, as chunkHeightAt).
inline float quadHeight(const ShadowQuad& q, float fu, float fv) {
    return quadSurfaceHeight(q.nw, q.ne, q.sw, q.se, q.centre, fu, fv);
}

class ShadowField {
public:
    ShadowField() = default;
    ShadowField(int quadsX, int quadsY); // every quad without terrain

    int quadsX() const { return mQuadsX; }
    int quadsY() const { return mQuadsY; }
    const ShadowQuad& quad(int x, int y) const { return mQuads[index(x, y)]; }
    ShadowQuad& quad(int x, int y) { return mQuads[index(x, y)]; }

private:
    std::size_t index(int x, int y) const { return std::size_t(y) * std::size_t(mQuadsX) + std::size_t(x); }
    int mQuadsX = 0;
    int mQuadsY = 0;
    std::vector<ShadowQuad> mQuads;
};

// The field around one tile: the tile's 128x128 quads plus `margin` quads (0..128) on every side, taken
// from the neighbouring tiles `tileAt` has (the 8 around it at most). Quads of tiles it does not have,
// off the map, or in holes have no terrain. The tile's own quads start at (margin, margin).
ShadowField shadowFieldAround(TileCoord tile, int margin,
                              const std::function<const io::Adt*(TileCoord)>& tileAt);

// The lowest and highest vertex (yards, absolute) of a tile; {0, 0} for a tile without chunks. (Not
// core::HeightRange of heightmap_image.h: one name with two definitions broke the one-definition rule.)
struct TileHeightRange {
    double min = 0.0;
    double max = 0.0;
};
TileHeightRange tileHeightRange(const io::Adt& adt);

} // namespace mapsmith::core
