#include "core/kernels/shadow_field.h"

#include <algorithm>
#include <limits>

namespace mapsmith::core {

namespace {

constexpr int kQuadsPerChunk = 8;
constexpr int kQuadsPerTile = kChunksPerSide * kQuadsPerChunk; // 128

} // namespace

ShadowField::ShadowField(int quadsX, int quadsY)
    : mQuadsX(std::max(quadsX, 0)), mQuadsY(std::max(quadsY, 0)),
      mQuads(std::size_t(mQuadsX) * std::size_t(mQuadsY)) {}

ShadowField shadowFieldAround(TileCoord tile, int margin,
                              const std::function<const io::Adt*(TileCoord)>& tileAt) {
    margin = std::clamp(margin, 0, kQuadsPerTile);
    const int side = kQuadsPerTile + 2 * margin;
    ShadowField field(side, side);
    // Field quad (x, y) is map lattice quad (tile.x * 128 - margin + x, tile.y * 128 - margin + y).
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            if (margin == 0 && (dx != 0 || dy != 0)) {
                continue;
            }
            const TileCoord t{tile.x + dx, tile.y + dy};
            const io::Adt* adt = t.valid() ? tileAt(t) : nullptr;
            if (!adt) {
                continue;
            }
            const int chunks = int(std::min<std::size_t>(adt->chunks.size(), std::size_t(kChunksPerTile)));
            for (int i = 0; i < chunks; ++i) {
                const io::MapChunk& chunk = adt->chunks[std::size_t(i)];
                const int baseX = dx * kQuadsPerTile + margin + (i % kChunksPerSide) * kQuadsPerChunk;
                const int baseY = dy * kQuadsPerTile + margin + (i / kChunksPerSide) * kQuadsPerChunk;
                if (baseX + kQuadsPerChunk <= 0 || baseY + kQuadsPerChunk <= 0 || baseX >= side ||
                    baseY >= side) {
                    continue; // outside the margin
                }
                const float z = chunk.position.z;
                const auto h = [&](int vertex) { return z + chunk.heights[std::size_t(vertex)]; };
                for (int r = 0; r < kQuadsPerChunk; ++r) {
                    const int y = baseY + r;
                    if (y < 0 || y >= side) {
                        continue;
                    }
                    for (int c = 0; c < kQuadsPerChunk; ++c) {
                        const int x = baseX + c;
                        if (x < 0 || x >= side) {
                            continue;
                        }
                        ShadowQuad& q = field.quad(x, y);
                        q.nw = h(outerIndex(r, c));
                        q.ne = h(outerIndex(r, c + 1));
                        q.sw = h(outerIndex(r + 1, c));
                        q.se = h(outerIndex(r + 1, c + 1));
                        q.centre = h(innerIndex(r, c));
                        q.present = !quadIsHole(chunk, r, c);
                    }
                }
            }
        }
    }
    return field;
}

TileHeightRange tileHeightRange(const io::Adt& adt) {
    double lo = std::numeric_limits<double>::infinity();
    double hi = -std::numeric_limits<double>::infinity();
    for (const io::MapChunk& chunk : adt.chunks) {
        const auto [mn, mx] = std::minmax_element(chunk.heights.begin(), chunk.heights.end());
        lo = std::min(lo, double(chunk.position.z) + double(*mn));
        hi = std::max(hi, double(chunk.position.z) + double(*mx));
    }
    return lo <= hi ? TileHeightRange{lo, hi} : TileHeightRange{};
}

} // namespace mapsmith::core
