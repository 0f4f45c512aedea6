#pragma once
// Baked terrain shadows (MCSH): which texels of a chunk's 64x64 shadow map the sun does not reach
// because terrain stands between them and the sun. Pure, no Qt.
//
// Sun convention (the CLI and the editor use the same): azimuth is the sun's compass bearing seen from
// above, in degrees clockwise from north: 0 = the sun stands in the north (world +x), 90 = east (world
// -y), 180 = south (-x), 270 = west (+y). Elevation is its angle above the horizon in degrees, 0 < e <= 90.
//
// Texel (row r, col c) of a chunk (row 0 north, col 0 west; bit order in chunk_brushes.h) is shadowed
// when the ray from the terrain point under the texel centre towards the sun passes below the terrain
// anywhere (by more than kShadowTolerance yards). The terrain is the client's surface: four triangles
// per quad (field quadHeight()). The ray is walked quad by quad (the vertex spacing, kUnitSize) and
// tested exactly inside each quad: terrain and ray are both linear on each triangle's piece of the
// path, so comparing them where the path enters and leaves each triangle (quad borders and diagonals)
// finds every crossing; a quad none of whose triangles rises towards the sun faster than the ray, or
// whose highest vertex is below the ray, needs no test (the ray cannot get below its surface there: it
// was not below where it entered). A max-height pyramid over the quads (2x2, 4x4, ... quads per cell) lets
// the ray skip a whole cell once it is above the cell's highest vertex (it only climbs). The walk ends when
// the ray is above the highest vertex of the field (it rises tan(elevation) yards per yard, so after
// (highest - start) / tan(elevation) yards nothing can reach it), when it leaves the field (no terrain
// beyond: a missing tile casts nothing), or when it is above the quad's horizon bound: an upper bound,
// per quad, of the highest (terrain height - distance * tan(elevation)) seen from any point of the quad
// towards the sun, swept once per bake from the sun's side along the sun's own direction, each quad's
// from the highest vertices its points' paths pass over in the next 8 quads along the main axis (less
// the least climb to each) and from the bounds of the one or two quads those paths land in, so the
// bound holds in the sun's direction only and looks at most one quad further sideways per 8 quads of
// path (a cone of about 7 degrees for a sun off the axes, none for a sun on one). Likewise a lower
// bound (the quad's lowest vertex, the lowest vertex on each quad border those paths cross, or the
// lower bound every landing quad shares, less the most climb to it): a ray below it meets terrain.
// A sun on an axis (azimuth a multiple of 90) walks exactly along it.
// The result is exact either way: the bounds only end walks whose outcome is already certain. A sun at 90
// degrees casts no shadow on a height field.

#include "core/kernels/chunk_brushes.h"
#include "core/kernels/shadow_field.h"

#include <vector>

namespace mapsmith::core {

struct SunDirection {
    double azimuth = 135.0;  // degrees clockwise from north seen from above (90 = east)
    double elevation = 35.0; // degrees above the horizon, (0, 90]
};

// Finite azimuth (any value, taken modulo 360) and 0 < elevation <= 90.
bool validSun(const SunDirection& sun);

// Yards by which the terrain must rise above the ray to block it (float rounding of the start point).
inline constexpr double kShadowTolerance = 1e-3;

// Quads (of kUnitSize) a ray climbing from `lowest` must cross before it is above `highest`, plus one;
// 0 for a sun at 90 degrees. Capped at `cap` (the neighbouring tiles: 128).
int shadowReach(double lowest, double highest, const SunDirection& sun, int cap = 128);

class ShadowBaker {
public:
    // Builds the max pyramid of `field` (which must outlive the baker) for `sun` (validSun).
    ShadowBaker(const ShadowField& field, const SunDirection& sun);

    // The 64x64 shadow bits (set = shadowed) of the chunk whose north-west quad is field quad
    // (quadX, quadY); its 8x8 quads must lie inside the field.
    ShadowMap bakeChunk(int quadX, int quadY) const;
    // One ray: whether the terrain point at field position (u, v) (quads, u east, v south) is shadowed.
    bool shadowedAt(double u, double v) const;

private:
    struct Level {
        int width = 0;
        int height = 0;
        std::vector<float> max; // highest vertex per cell; -inf where no quad has terrain
    };
    void sweepHorizon();
    // The bounds say every texel of field quad (x, y) is shadowed.
    bool wholeQuadShadowed(int qx, int qy) const;
    // The ray from (u0, v0) at height h0 (the surface there).
    bool blocked(double u0, double v0, float h0) const;
    // No triangle of q rises towards the sun faster than the ray (or q has no terrain): a ray crossing q
    // ends no nearer below the surface than where it entered.
    bool climbsOut(const ShadowQuad& q) const;
    // The pyramid walk of the same ray from path length t on.
    bool walk(double u0, double v0, float h0, double t, double tEnd) const;
    bool quadBlocks(const ShadowQuad& q, double fu, double fv, double length, double rayStart) const;

    const ShadowField& mField;
    std::vector<Level> mLevels; // level n: cells of 2^n x 2^n quads
    // Per quad (row-major), as the walk reads them together.
    struct QuadBounds {
        float top = 0.0f;     // highest vertex; -inf where climbsOut(): a ray crosses the quad unblocked
        float horizon = 0.0f; // no point of the quad sees terrain above (this - distance * tan(elevation))
        float floor = 0.0f;   // every point of the quad sees terrain at least that high (same measure)
    };
    std::vector<QuadBounds> mBounds;
    bool mOverhead = false; // elevation 90: nothing is shadowed
    double mDu = 0.0;       // towards the sun, quads per quad of path: eastwards
    double mDv = 0.0;       // ... southwards
    double mRise = 0.0;     // yards the ray climbs per quad of path
    // Reciprocals for the walk (0 where the divisor is 0 and the term is not used).
    double mInvDu = 0.0;
    double mInvDv = 0.0;
    double mInvDiff = 0.0; // 1 / (du - dv): where the path crosses the NW-SE diagonal
    double mInvSum = 0.0;  // 1 / (du + dv): the NE-SW diagonal
    int mAheadU = 0;       // 1 when the path leaves a cell by its east border, 0 by its west one
    int mAheadV = 0;       // 1: by its south border
    float mTop = 0.0f;     // highest vertex of the field
};

// MCNK flag do_not_fix_alpha_map (0x8000) clear: the client shows 63x63 texels and repeats the last
// row and column, so the map stores row 63 as a copy of row 62 and column 63 as a copy of column 62.
void repeatLastShadowRowAndColumn(ShadowMap& map);

} // namespace mapsmith::core
