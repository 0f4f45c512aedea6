#pragma once
// The terrain as the CPU minimap renderer samples it: the client's triangulation of a chunk's quads (four
// triangles round each quad's inner vertex), holes per quad, and the ground height under every sample of
// the tile's 1024 x 1024 sample grid (64 x 64 per chunk, at the alpha-map texel centres; row 0 north,
// column 0 west). Shared by the terrain renderer and the placed models' depth test, so both see one ground.

#include "core/geometry/chunk_height.h"
#include "io/adt/adt.h"

#include <vector>

namespace mapsmith::core {

inline constexpr int kSamplesPerChunkSide = 64;                         // one per alpha texel
inline constexpr int kTileSamples = kSamplesPerChunkSide * 16;          // 1024 samples per tile side
inline constexpr double kSampleSpacing = (1600.0 / 3.0) / kTileSamples; // yards between sample centres

// Three vertices of the terrain triangle under (fu, fv) (0..1 eastwards / southwards inside the quad) in
// quad (row, col), and their weights. The quad's four triangles fan from the inner vertex C: north (NW,
// NE, C), east (NE, SE, C), south (SW, SE, C), west (NW, SW, C).
struct Barycentric {
    int v[3];
    float w[3];
};
Barycentric triangleAt(int row, int col, float fu, float fv);

// The ground height (yards, world z) under each sample, row-major, kTileSamples^2 values; holes and a
// tile without 256 chunks give -infinity (nothing to hide a model).
std::vector<float> terrainSampleHeights(const io::Adt& tile);

} // namespace mapsmith::core
