#pragma once
// The terrain vertices under a brush, on the map-wide lattice (lattice.h): the outer vertices inside the
// brush's bounding box and the inner vertex of every quad that box reaches. Strokes gather them, run a
// pure kernel once per vertex and write each result back to every chunk storing the vertex. Pure, no Qt.

#include "core/geometry/lattice.h"

#include <algorithm>

namespace mapsmith::core {

// Outer lattice vertices [gx0, gx1] x [gy0, gy1], inside 0..kLatticeMax.
struct LatticeBox {
    int gx0 = 0;
    int gy0 = 0;
    int gx1 = -1;
    int gy1 = -1;
    // No outer vertex inside (the box may still lie in a quad: see forEachBrushVertex).
    bool empty() const { return gx0 > gx1 || gy0 > gy1; }
};

// The outer vertices whose world positions lie in [min, max] (x and y, yards), clamped to the map in
// double before converting to int: any region (huge, infinite, far off the map) gives a box inside the
// map, or an empty one off it. An inverted or NaN region gives an empty box that reaches no quad.
LatticeBox latticeBoxIn(glm::dvec2 min, glm::dvec2 max);
// The same for the square of half-side `radius` around `centre` (a brush's bounding box).
inline LatticeBox latticeBoxAround(glm::dvec2 centre, double radius) {
    return latticeBoxIn(centre - glm::dvec2(radius), centre + glm::dvec2(radius));
}

// A vertex under a brush. Outer: lattice vertex (gx, gy), stored by every chunk touching it. Inner: the
// centre vertex `vertex` of `chunk` in quad (gx, gy), the quad whose north-west corner is lattice (gx, gy).
struct BrushVertex {
    int gx = 0;
    int gy = 0;
    ChunkCoord chunk; // inner only
    int vertex = 0;   // inner only: MCVT index in `chunk`
    bool inner = false;
};

// Calls outer(v) for every outer vertex of the box, row by row from the north-west, then inner(v) for
// the centre vertex of every quad with a corner in the box (for a box between two lattice lines, the
// quad it lies in), in the same order.
template <class Outer, class Inner>
void forEachBrushVertex(const LatticeBox& box, Outer&& outer, Inner&& inner) {
    for (int gy = box.gy0; gy <= box.gy1; ++gy) {
        for (int gx = box.gx0; gx <= box.gx1; ++gx) {
            outer(BrushVertex{gx, gy, {}, 0, false});
        }
    }
    // Quad (qx, qy) has its centre vertex in chunk (qx / 8, qy / 8).
    const int qx1 = std::min(kLatticeMax - 1, box.gx1);
    const int qy1 = std::min(kLatticeMax - 1, box.gy1);
    for (int qy = std::max(0, box.gy0 - 1); qy <= qy1; ++qy) {
        for (int qx = std::max(0, box.gx0 - 1); qx <= qx1; ++qx) {
            inner(BrushVertex{qx, qy, fromGlobal({qx / 8, qy / 8}), innerIndex(qy % 8, qx % 8), true});
        }
    }
}

// Calls f(chunk, vertexIndex) for every chunk storing `v` (an outer vertex: up to 4 of them).
template <class F> void forEachCopy(const BrushVertex& v, F&& f) {
    if (v.inner) {
        f(v.chunk, v.vertex);
    } else {
        forEachHolder(v.gx, v.gy, f);
    }
}

} // namespace mapsmith::core
