#include "core/kernels/chunk_brushes.h"

#include "core/geometry/coords.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace mapsmith::core {

namespace {

constexpr double kShadowCell = kChunkSize / kShadowSide; // yards per shadow cell

// Whether the point at (south, east) yards from the chunk's north-west corner is strictly inside the disc.
bool inside(glm::dvec2 chunkOrigin, double south, double east, glm::dvec2 centre, double r2) {
    const glm::dvec2 p{chunkOrigin.x - south, chunkOrigin.y - east};
    const glm::dvec2 d = p - centre;
    return glm::dot(d, d) < r2; // NaN compares false
}

// Cheap reject: the disc misses the chunk's square (with the cell centres inside it) entirely.
bool missesChunk(glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius) {
    return !chunkInBrush(chunkOrigin, centre, radius, ChunkPick::Overlap);
}

} // namespace

std::uint64_t quadsInBrush(glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius) {
    if (missesChunk(chunkOrigin, centre, radius)) {
        return 0;
    }
    const double r2 = radius * radius;
    std::uint64_t mask = 0;
    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 8; ++col) {
            if (inside(chunkOrigin, (row + 0.5) * kUnitSize, (col + 0.5) * kUnitSize, centre, r2)) {
                mask |= std::uint64_t(1) << highResHoleBit(row, col);
            }
        }
    }
    return mask;
}

std::uint16_t lowResCellsInBrush(glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius) {
    if (missesChunk(chunkOrigin, centre, radius)) {
        return 0;
    }
    const double r2 = radius * radius;
    std::uint16_t mask = 0;
    for (int row = 0; row < 4; ++row) {
        for (int col = 0; col < 4; ++col) {
            // The cell's centre is the shared corner of its four quads.
            if (inside(chunkOrigin, (2 * row + 1) * kUnitSize, (2 * col + 1) * kUnitSize, centre, r2)) {
                mask = std::uint16_t(mask | 1u << lowResHoleBit(row, col));
            }
        }
    }
    return mask;
}

std::uint64_t lowToHighResHoles(std::uint16_t lowRes) {
    std::uint64_t high = 0;
    for (int row = 0; row < 4; ++row) {
        for (int col = 0; col < 4; ++col) {
            if ((lowRes >> lowResHoleBit(row, col)) & 1u) {
                // Quads (2row, 2col), (2row, 2col+1), (2row+1, 2col), (2row+1, 2col+1).
                const std::uint64_t pair = std::uint64_t(0x3) << highResHoleBit(2 * row, 2 * col);
                high |= pair | pair << 8;
            }
        }
    }
    return high;
}

std::uint16_t highToLowResHoles(std::uint64_t highRes) {
    std::uint16_t low = 0;
    for (int row = 0; row < 4; ++row) {
        for (int col = 0; col < 4; ++col) {
            const std::uint64_t pair = std::uint64_t(0x3) << highResHoleBit(2 * row, 2 * col);
            const std::uint64_t quads = pair | pair << 8;
            if ((highRes & quads) == quads) {
                low = std::uint16_t(low | 1u << lowResHoleBit(row, col));
            }
        }
    }
    return low;
}

std::uint16_t applyLowResHoleDab(std::uint16_t holes, HoleMode mode, glm::dvec2 chunkOrigin,
                                 glm::dvec2 centre, double radius) {
    const std::uint16_t cells = lowResCellsInBrush(chunkOrigin, centre, radius);
    return mode == HoleMode::Cut ? std::uint16_t(holes | cells) : std::uint16_t(holes & ~cells);
}

std::uint64_t applyHighResHoleDab(std::uint64_t holes, HoleMode mode, bool quadResolution,
                                  glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius) {
    const std::uint64_t quads = quadResolution
                                    ? quadsInBrush(chunkOrigin, centre, radius)
                                    : lowToHighResHoles(lowResCellsInBrush(chunkOrigin, centre, radius));
    return mode == HoleMode::Cut ? holes | quads : holes & ~quads;
}

std::uint32_t shownColour(const io::MapChunk& chunk, int vertex) {
    const auto* colours = io::vertexColoursInUse(chunk);
    return colours ? (*colours)[std::size_t(vertex)] : kNeutralColour;
}

std::array<std::uint32_t, io::kVerticesPerChunk>& enableVertexColours(io::MapChunk& chunk) {
    if (!io::vertexColoursInUse(chunk)) {
        chunk.vertexColors.emplace();
        chunk.vertexColors->fill(kNeutralColour);
        chunk.flags |= io::mcnk_flags::HasVertexColors;
    }
    return *chunk.vertexColors;
}

void applyColourDab(const VertexColourBrushSettings& settings, glm::dvec2 centre,
                    std::span<const glm::dvec2> positions, std::span<std::uint32_t> colours) {
    const BrushSettings& brush = settings.brush;
    const double strength = brush.strength * brush.pressure;
    if (!(strength > 0.0)) {
        return; // also NaN
    }
    const std::uint32_t target = settings.mode == ColourMode::Erase ? kNeutralColour : settings.colour;
    forEachWeighted(brush, centre, positions, colours.size(), [&](std::size_t i, double w) {
        const double k = std::clamp(strength * w, 0.0, 1.0);
        if (!(k > 0.0)) {
            return;
        }
        const std::uint32_t c = colours[i];
        std::uint32_t out = 0;
        for (int shift = 0; shift < 32; shift += 8) {
            const int from = int((c >> shift) & 0xFFu);
            const int to = int((target >> shift) & 0xFFu);
            const int distance = std::abs(to - from);
            // The 1e-9 keeps k = 1 (and exact products) from rounding one step too far; the result
            // never passes the target.
            const int step = std::min(distance, int(std::ceil(k * distance - 1e-9)));
            const int v = from + (to > from ? step : -step);
            out |= std::uint32_t(v) << shift;
        }
        colours[i] = out;
    });
}

std::optional<ShadowMap> shownShadow(const io::MapChunk& chunk) {
    ShadowMap map{};
    if (const auto* shadow = io::shadowInUse(chunk)) {
        if (shadow->size() != kShadowBytes) {
            return std::nullopt;
        }
        std::copy(shadow->begin(), shadow->end(), map.begin());
    }
    return map;
}

void setShownShadow(io::MapChunk& chunk, const ShadowMap& map) {
    if (chunk.shadow && chunk.shadow->size() == kShadowBytes) {
        std::copy(map.begin(), map.end(), chunk.shadow->begin()); // no allocation per dab
    } else {
        chunk.shadow.emplace(map.begin(), map.end());
    }
    chunk.flags |= io::mcnk_flags::HasShadow;
}

bool shadowAt(const ShadowMap& map, int row, int col) {
    return ((map[std::size_t(row * 8 + col / 8)] >> (col % 8)) & 1u) != 0;
}

void setShadow(ShadowMap& map, int row, int col, bool shadowed) {
    std::uint8_t& byte = map[std::size_t(row * 8 + col / 8)];
    const auto bit = std::uint8_t(1u << (col % 8));
    byte = shadowed ? std::uint8_t(byte | bit) : std::uint8_t(byte & ~bit);
}

bool applyShadowDab(ShadowMap& map, bool shadowed, glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius) {
    if (missesChunk(chunkOrigin, centre, radius)) {
        return false;
    }
    const double r2 = radius * radius;
    // Grid index (clamped, in double first so a huge radius cannot overflow int) of an offset in yards.
    const auto cell = [](double yards) {
        return std::clamp(yards / kShadowCell - 0.5, 0.0, double(kShadowSide - 1));
    };
    const double south = chunkOrigin.x - centre.x; // the dab centre, yards south of the chunk's corner
    const double east = chunkOrigin.y - centre.y;  // ... and east of it
    bool changed = false;
    for (int row = int(std::floor(cell(south - radius))); row <= int(std::ceil(cell(south + radius)));
         ++row) {
        const double dx = (row + 0.5) * kShadowCell - south;
        const double rest = r2 - dx * dx;
        if (!(rest > 0.0)) {
            continue;
        }
        // The columns inside form one run: estimate it, then settle both ends with the exact test.
        const double half = std::sqrt(rest);
        int c0 = int(std::floor(cell(east - half)));
        int c1 = int(std::ceil(cell(east + half)));
        const auto in = [&](int col) {
            return inside(chunkOrigin, (row + 0.5) * kShadowCell, (col + 0.5) * kShadowCell, centre, r2);
        };
        while (c0 <= c1 && !in(c0)) {
            ++c0;
        }
        while (c1 >= c0 && !in(c1)) {
            --c1;
        }
        if (c0 > c1) {
            continue;
        }
        // Bits c0..c1 of the row, byte by byte (LSB first).
        const std::uint64_t run = (~std::uint64_t(0) >> (63 - (c1 - c0))) << c0;
        for (int b = c0 / 8; b <= c1 / 8; ++b) {
            const auto bits = std::uint8_t(run >> (8 * b));
            std::uint8_t& byte = map[std::size_t(row * 8 + b)];
            const auto next = shadowed ? std::uint8_t(byte | bits) : std::uint8_t(byte & ~bits);
            changed |= next != byte;
            byte = next;
        }
    }
    return changed;
}

bool chunkInBrush(glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius, ChunkPick pick) {
    if (pick == ChunkPick::Centre) {
        return inside(chunkOrigin, kChunkSize / 2.0, kChunkSize / 2.0, centre, radius * radius);
    }
    // Closest point of the square [origin.x - size, origin.x] x [origin.y - size, origin.y].
    const glm::dvec2 closest{std::clamp(centre.x, chunkOrigin.x - kChunkSize, chunkOrigin.x),
                             std::clamp(centre.y, chunkOrigin.y - kChunkSize, chunkOrigin.y)};
    const glm::dvec2 d = closest - centre;
    return glm::dot(d, d) < radius * radius;
}

} // namespace mapsmith::core
