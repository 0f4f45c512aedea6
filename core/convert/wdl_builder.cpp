#include "core/convert/wdl_builder.h"

#include "core/geometry/chunk_height.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapsmith::core {

namespace {

constexpr int kChunks = 16;      // per tile side
constexpr int kCornerVertex = 8; // outer vertices per chunk side - 1
constexpr int kCentreVertex = 4; // the chunk centre's outer row and column
constexpr std::uint16_t kAllLowResHoles = 0xFFFF;
constexpr std::uint64_t kAllHighResHoles = ~std::uint64_t(0);

static_assert(io::kWdlOuterPerSide == kChunks + 1 && io::kWdlInnerPerSide == kChunks);
static_assert(mcvtOuterIndex(kCentreVertex, kCentreVertex) == 72);

} // namespace

std::int16_t wdlHeightFromYards(double yards) {
    if (std::isnan(yards)) {
        return 0;
    }
    constexpr double lo = std::numeric_limits<std::int16_t>::min();
    constexpr double hi = std::numeric_limits<std::int16_t>::max();
    return std::int16_t(std::clamp(std::round(yards), lo, hi));
}

bool chunkIsAllHole(const io::MapChunk& chunk) {
    if ((chunk.flags & io::mcnk_flags::HighResHoles) != 0) {
        return chunk.holesHighRes == kAllHighResHoles;
    }
    return chunk.holesLowRes == kAllLowResHoles;
}

std::array<std::uint16_t, io::kWdlHoleRows> wdlHoleMask(const io::Adt& adt) {
    std::array<std::uint16_t, io::kWdlHoleRows> mask{};
    for (int row = 0; row < kChunks; ++row) {
        for (int col = 0; col < kChunks; ++col) {
            if (chunkIsAllHole(adt.chunks[std::size_t(row * kChunks + col)])) {
                mask[std::size_t(row)] |= std::uint16_t(1u << col);
            }
        }
    }
    return mask;
}

io::WdlTile buildWdlTile(const io::Adt& adt, const io::WdlTile* previous) {
    io::WdlTile t;
    for (int row = 0; row <= kChunks; ++row) {
        for (int col = 0; col <= kChunks; ++col) {
            // The south and east edges are the last chunk's far corner.
            const int chunkRow = std::min(row, kChunks - 1);
            const int chunkCol = std::min(col, kChunks - 1);
            const int vertex =
                mcvtOuterIndex(row == kChunks ? kCornerVertex : 0, col == kChunks ? kCornerVertex : 0);
            const io::MapChunk& c = adt.chunks[std::size_t(chunkRow * kChunks + chunkCol)];
            t.outer[std::size_t(row * io::kWdlOuterPerSide + col)] =
                wdlHeightFromYards(chunkVertexHeight(c, vertex));
        }
    }
    for (int row = 0; row < kChunks; ++row) {
        for (int col = 0; col < kChunks; ++col) {
            const io::MapChunk& c = adt.chunks[std::size_t(row * kChunks + col)];
            t.inner[std::size_t(row * io::kWdlInnerPerSide + col)] =
                wdlHeightFromYards(chunkVertexHeight(c, mcvtOuterIndex(kCentreVertex, kCentreVertex)));
        }
    }
    const auto holes = wdlHoleMask(adt);
    const bool anyHole = std::any_of(holes.begin(), holes.end(), [](std::uint16_t w) { return w != 0; });
    if (anyHole || (previous && previous->holes)) {
        t.holes = holes;
    }
    return t;
}

} // namespace mapsmith::core
