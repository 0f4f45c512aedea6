#include "core/geometry/chunk_height.h"

#include "core/geometry/coords.h"

#include <algorithm>
#include <cmath>
#include <cstddef>

namespace mapsmith::core {

namespace {

// yd: slack on the chunk's borders. Header positions are floats (ulp 0.002 yd at the map's edge), so
// the east border of one chunk and the west border of the next can be 0.002 yd apart.
constexpr double kBorderTolerance = 4e-3;
// Units (of kUnitSize) within which a point counts as on a quad border (rounding of world - corner).
constexpr double kSnap = 1e-9;

// floor() of a quad coordinate 0..8, values within kSnap below an integer taken as on it; 0..7.
int quadIndex(double units) {
    const double nearest = std::round(units);
    const double f = std::abs(units - nearest) <= kSnap ? nearest : std::floor(units);
    return std::min(int(f), 7);
}

struct QuadPoint {
    int row = 0;     // quad row 0..7, north to south
    int col = 0;     // quad column 0..7, west to east
    double fu = 0.0; // 0..1 eastwards inside the quad
    double fv = 0.0; // 0..1 southwards inside the quad
};

// The quad containing a world point and the point's position in it; nullopt outside the chunk.
std::optional<QuadPoint> locate(const io::MapChunk& chunk, glm::dvec2 world) {
    const double u = (double(chunk.position.y) - world.y) / kUnitSize; // units east of the west border
    const double v = (double(chunk.position.x) - world.x) / kUnitSize; // units south of the north border
    constexpr double tol = kBorderTolerance / kUnitSize;
    // Written so that NaN fails too.
    if (!(u >= -tol && u <= 8.0 + tol && v >= -tol && v <= 8.0 + tol)) {
        return std::nullopt;
    }
    const double cu = std::clamp(u, 0.0, 8.0);
    const double cv = std::clamp(v, 0.0, 8.0);
    QuadPoint q;
    q.col = quadIndex(cu);
    q.row = quadIndex(cv);
    q.fu = std::clamp(cu - q.col, 0.0, 1.0);
    q.fv = std::clamp(cv - q.row, 0.0, 1.0);
    return q;
}

} // namespace

double chunkVertexHeight(const io::MapChunk& chunk, int vertex) {
    return double(chunk.position.z) + double(chunk.heights[std::size_t(vertex)]);
}

std::optional<double> chunkHeightAt(const io::MapChunk& chunk, glm::dvec2 world) {
    const auto q = locate(chunk, world);
    if (!q) {
        return std::nullopt;
    }
    const auto h = [&](int vertex) { return double(chunk.heights[std::size_t(vertex)]); };
    const double nw = h(outerIndex(q->row, q->col));
    const double ne = h(outerIndex(q->row, q->col + 1));
    const double sw = h(outerIndex(q->row + 1, q->col));
    const double se = h(outerIndex(q->row + 1, q->col + 1));
    const double c = h(innerIndex(q->row, q->col));

    const double rel = quadSurfaceHeight(nw, ne, sw, se, c, q->fu, q->fv);
    return double(chunk.position.z) + rel;
}

bool chunkHoleAt(const io::MapChunk& chunk, glm::dvec2 world) {
    const auto q = locate(chunk, world);
    if (!q) {
        return false;
    }
    return quadIsHole(chunk, q->row, q->col);
}

bool quadIsHole(const io::MapChunk& chunk, int row, int col) {
    if (chunk.flags & io::mcnk_flags::HighResHoles) {
        return ((chunk.holesHighRes >> (row * 8 + col)) & 1u) != 0;
    }
    return ((chunk.holesLowRes >> ((row / 2) * 4 + col / 2)) & 1u) != 0;
}

} // namespace mapsmith::core
