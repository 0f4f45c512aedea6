#pragma once
// The map-wide lattice of outer vertices: gx = tileX * 128 + col * 8 + c (west to east), gy = tileY * 128
// + row * 8 + r (north to south), 0..8192 each way. A vertex on a chunk border is stored by every
// chunk that touches it (1, 2 or 4 of them); edits go through the lattice so those copies never split.

#include "core/geometry/coords.h"

#include <glm/vec2.hpp>

namespace mapsmith::core {

inline constexpr int kChunksPerMapSide = kTilesPerSide * kChunksPerSide; // 1024
inline constexpr int kLatticeMax = kChunksPerMapSide * 8;                // 8192

// Lattice coordinate (fractional) of a world position.
inline double latticeX(double worldY) {
    return (kMapHalfSize - worldY) / kUnitSize;
}
inline double latticeY(double worldX) {
    return (kMapHalfSize - worldX) / kUnitSize;
}
inline glm::dvec2 latticeWorld(int gx, int gy) {
    return {kMapHalfSize - gy * kUnitSize, kMapHalfSize - gx * kUnitSize};
}

// Calls f(chunk, vertexIndex) for every chunk storing lattice vertex (gx, gy), the chunk south-east
// of it first.
template <class F> void forEachHolder(int gx, int gy, F&& f) {
    const int cgx = gx / 8;
    const int cgy = gy / 8;
    const int c = gx % 8;
    const int r = gy % 8;
    for (int dy = 0; dy <= (r == 0 ? 1 : 0); ++dy) {
        for (int dx = 0; dx <= (c == 0 ? 1 : 0); ++dx) {
            const int hx = cgx - dx;
            const int hy = cgy - dy;
            if (hx < 0 || hy < 0 || hx >= kChunksPerMapSide || hy >= kChunksPerMapSide) {
                continue;
            }
            f(fromGlobal({hx, hy}), outerIndex(r + dy * 8, c + dx * 8));
        }
    }
}

} // namespace mapsmith::core
