#pragma once
// MCNR normals from heights: central differences over the outer vertex lattice (one outer spacing,
// kUnitSize yards, each way); an inner vertex uses the four corners of its quad. Stored as
// (x north, y west, z up) * 127, rounded.

#include <array>
#include <cstdint>

namespace mapsmith::core {

// dhSouth / dhEast: height change per yard going south / east.
std::array<std::int8_t, 3> packNormal(double dhSouth, double dhEast);

// Outer vertex: heights of its north, south, west and east lattice neighbours (yards).
inline std::array<std::int8_t, 3> outerNormal(double north, double south, double west, double east,
                                              double unit) {
    return packNormal((south - north) / (2.0 * unit), (east - west) / (2.0 * unit));
}

// Inner vertex: heights of its quad's corners.
inline std::array<std::int8_t, 3> innerNormal(double nw, double ne, double sw, double se, double unit) {
    return packNormal(((sw + se) - (nw + ne)) / (2.0 * unit), ((ne + se) - (nw + sw)) / (2.0 * unit));
}

} // namespace mapsmith::core
