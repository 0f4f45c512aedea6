#include "core/render/terrain_samples.h"

#include "core/geometry/coords.h"

#include <limits>

namespace mapsmith::core {

// With s the position along the outer edge from its first corner A to B and d the distance from that
// edge (both in quad units), the weights are A: 1 - s - d, B: s - d, C: 2d.
Barycentric triangleAt(int row, int col, float fu, float fv) {
    const int nw = outerIndex(row, col);
    const int ne = outerIndex(row, col + 1);
    const int sw = outerIndex(row + 1, col);
    const int se = outerIndex(row + 1, col + 1);
    const int c = innerIndex(row, col);
    int a = nw;
    int b = ne;
    float s = fu;
    float d = fv;                    // north
    if (fv > fu && fv > 1.0f - fu) { // south
        a = sw;
        b = se;
        d = 1.0f - fv;
    } else if (fu > fv && fu > 1.0f - fv) { // east
        a = ne;
        b = se;
        s = fv;
        d = 1.0f - fu;
    } else if (fu < fv && fu < 1.0f - fv) { // west
        a = nw;
        b = sw;
        s = fv;
        d = fu;
    }
    return {{a, b, c}, {1.0f - s - d, s - d, 2.0f * d}};
}

std::vector<float> terrainSampleHeights(const io::Adt& tile) {
    constexpr int kPerQuad = kSamplesPerChunkSide / 8;
    std::vector<float> out(std::size_t(kTileSamples) * kTileSamples, -std::numeric_limits<float>::infinity());
    if (tile.chunks.size() != std::size_t(kChunksPerTile)) {
        return out;
    }
    for (int index = 0; index < kChunksPerTile; ++index) {
        const io::MapChunk& chunk = tile.chunks[std::size_t(index)];
        const int row0 = (index / kChunksPerSide) * kSamplesPerChunkSide;
        const int col0 = (index % kChunksPerSide) * kSamplesPerChunkSide;
        for (int ay = 0; ay < kSamplesPerChunkSide; ++ay) {
            const float fv = (float(ay % kPerQuad) + 0.5f) / float(kPerQuad);
            float* line = out.data() + std::size_t(row0 + ay) * kTileSamples + std::size_t(col0);
            for (int ax = 0; ax < kSamplesPerChunkSide; ++ax) {
                if (quadIsHole(chunk, ay / kPerQuad, ax / kPerQuad)) {
                    continue;
                }
                const float fu = (float(ax % kPerQuad) + 0.5f) / float(kPerQuad);
                const Barycentric b = triangleAt(ay / kPerQuad, ax / kPerQuad, fu, fv);
                float height = 0.0f;
                for (int k = 0; k < 3; ++k) {
                    height += b.w[k] * chunk.heights[std::size_t(b.v[k])];
                }
                line[ax] = chunk.position.z + height;
            }
        }
    }
    return out;
}

} // namespace mapsmith::core
