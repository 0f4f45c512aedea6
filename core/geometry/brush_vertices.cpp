#include "core/geometry/brush_vertices.h"

#include <cmath>

namespace mapsmith::core {
namespace {

// First / last lattice index inside a lattice-unit interval, clamped just past the map's ends before
// converting: first in 0..kLatticeMax + 1, last in -1..kLatticeMax.
int firstIndex(double lo) {
    return int(std::clamp(std::ceil(lo), 0.0, double(kLatticeMax + 1)));
}
int lastIndex(double hi) {
    return int(std::clamp(std::floor(hi), -1.0, double(kLatticeMax)));
}

} // namespace

LatticeBox latticeBoxIn(glm::dvec2 min, glm::dvec2 max) {
    // World coordinates fall as lattice indices grow: the region's max gives the first index.
    const double x0 = latticeX(max.y);
    const double x1 = latticeX(min.y);
    const double y0 = latticeY(max.x);
    const double y1 = latticeY(min.x);
    if (!(x0 <= x1) || !(y0 <= y1)) {
        return {}; // inverted or NaN: no vertex, no quad
    }
    return {firstIndex(x0), firstIndex(y0), lastIndex(x1), lastIndex(y1)};
}

} // namespace mapsmith::core
