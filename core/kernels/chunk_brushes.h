#pragma once
// Chunk-attribute brush kernels: holes, vertex colours (MCCV), shadow bits (MCSH) and the per-chunk
// test used by the area id and impassable brushes. Pure functions over plain values and arrays; world
// positions in yards (x north, y west, see coords.h). A chunk is placed by its north-west corner
// (`chunkOrigin`); it spans kChunkSize south (x falls) and east (y falls).
//
// The binary brushes (holes, shadow, area id, impassable) ignore strength, pressure, hardness and
// falloff: a cell is inside the brush when its centre is strictly closer than `radius` to the dab
// centre. Only the colour brush blends by strength * pressure * brushWeight().

#include "core/geometry/brush.h"
#include "io/adt/adt.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace mapsmith::core {

// ---- Holes -----------------------------------------------------------------------------------------
// Bit orders (ADT v18 spec, "Terrain Holes"; the same as chunkHoleAt in chunk_height.h):
// - Low-res (MCNK 0x3C holes_low_res, every version): 4x4 cells of 2x2 quads, bit (row * 4 + col),
//   row 0 north, col 0 west: 0x1 is the north-west cell, 0x8 the north-east, 0x8000 the south-east.
// - High-res (MCNK 0x14..0x1B, only with flag 0x10000 HighResHoles): 8x8 quads, 8 bytes, byte `row`
//   holding quad row `row`, bit `col` of it column `col`; as a little-endian uint64, bit (row * 8 + col).
// The high-res map exists since ~5.3 (MoP) and is stored over ofsHeight/ofsNormal. A WotLK (3.3.5)
// client knows neither the flag nor the map: it reads those 8 bytes as the MCVT/MCNR offsets, so a
// WotLK tile must keep low-res holes (the default of every hole brush here).

inline constexpr std::uint16_t kAllLowResHoles = 0xFFFF;
inline constexpr std::uint64_t kAllHighResHoles = ~std::uint64_t(0);

constexpr int lowResHoleBit(int cellRow, int cellCol) {
    return cellRow * 4 + cellCol;
}
constexpr int highResHoleBit(int quadRow, int quadCol) {
    return quadRow * 8 + quadCol;
}

// High-res mask of the quads whose centres lie inside the brush disc.
std::uint64_t quadsInBrush(glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius);
// Low-res mask of the 2x2-quad cells whose centres lie inside the brush disc.
std::uint16_t lowResCellsInBrush(glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius);

// Each low-res cell becomes its 2x2 quads (exact: the same area is a hole before and after).
std::uint64_t lowToHighResHoles(std::uint16_t lowRes);
// A cell is set when all four of its quads are holes (the low-res map never shows more than the
// high-res one).
std::uint16_t highToLowResHoles(std::uint64_t highRes);

enum class HoleMode {
    Cut,    // make holes
    Remove, // fill holes back in
};

// Low-res mask after one dab: the cells inside the brush set (Cut) or cleared (Remove).
std::uint16_t applyLowResHoleDab(std::uint16_t holes, HoleMode mode, glm::dvec2 chunkOrigin,
                                 glm::dvec2 centre, double radius);
// High-res mask after one dab. `quadResolution` false edits whole 2x2 cells (those whose centre is
// inside), true single quads (those whose centre is inside).
std::uint64_t applyHighResHoleDab(std::uint64_t holes, HoleMode mode, bool quadResolution,
                                  glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius);

// ---- Vertex colours (MCCV) -------------------------------------------------------------------------
// 145 entries in MCVT vertex order, 4 bytes each in the order blue, green, red, alpha (WotLK reads
// BGRA), held as little-endian uint32 = 0xAARRGGBB. 0x7F is 1.0 per channel: the terrain colour is
// multiplied by 2 * value / 255, so 0x7F leaves it unchanged; alpha seems unused by the client and is
// kept at 0x7F as well.

inline constexpr std::uint8_t kNeutralChannel = 0x7F;
inline constexpr std::uint32_t kNeutralColour = 0x7F7F7F7Fu;

constexpr std::uint32_t packBgra(std::uint8_t red, std::uint8_t green, std::uint8_t blue,
                                 std::uint8_t alpha = kNeutralChannel) {
    return std::uint32_t(blue) | std::uint32_t(green) << 8 | std::uint32_t(red) << 16 |
           std::uint32_t(alpha) << 24;
}
constexpr std::uint8_t colourBlue(std::uint32_t c) {
    return std::uint8_t(c);
}
constexpr std::uint8_t colourGreen(std::uint32_t c) {
    return std::uint8_t(c >> 8);
}
constexpr std::uint8_t colourRed(std::uint32_t c) {
    return std::uint8_t(c >> 16);
}
constexpr std::uint8_t colourAlpha(std::uint32_t c) {
    return std::uint8_t(c >> 24);
}

enum class ColourMode {
    Paint, // towards VertexColourBrushSettings::colour
    Erase, // towards kNeutralColour
};

struct VertexColourBrushSettings {
    BrushSettings brush;
    ColourMode mode = ColourMode::Paint;
    std::uint32_t colour = packBgra(0xFF, 0x7F, 0x7F); // Paint target, BGRA as above (default: red tint)
    // After the stroke, a chunk whose colours it changed and that are then all exactly kNeutralColour
    // loses its MCCV (the file then stores nothing, as before the chunk was first painted).
    bool dropNeutral = true;
};

// The colour the client shows at vertex v (MCVT order): kNeutralColour where MCCV is absent or disabled
// (MCNK flag has_mccv clear).
std::uint32_t shownColour(const io::MapChunk& chunk, int vertex);
// Makes the chunk's MCCV paintable without changing how it looks: where the client does not use it
// (absent, or present with has_mccv clear), every vertex becomes kNeutralColour and has_mccv is set.
// Colours already in use are left as they are. Returns them.
std::array<std::uint32_t, io::kVerticesPerChunk>& enableVertexColours(io::MapChunk& chunk);

// Blends every channel (alpha included) of the vertices at `positions` towards the target by
// k = clamp(strength * pressure * brushWeight(distance), 0, 1): each channel moves ceil(k * |target - c|)
// steps towards the target (at least one step while k > 0, so repeated dabs reach it exactly; k = 1 sets
// it). Vertices with weight 0 are untouched. `colours` is updated in place (same length as positions;
// extra entries of the longer span are ignored).
void applyColourDab(const VertexColourBrushSettings& settings, glm::dvec2 centre,
                    std::span<const glm::dvec2> positions, std::span<std::uint32_t> colours);

// ---- Shadow map (MCSH) -----------------------------------------------------------------------------
// 64x64 bits in 512 bytes, row-major from the north-west: byte (row * 8 + col / 8), bit (col % 8) with
// the least significant bit first (spec: "the shadow values come LSB first"). Row 0 is north, col 0
// west; cell (row, col) covers kChunkSize / 64 yards square. Without MCNK flag 0x8000 (DoNotFixAlphaMap)
// the client replaces the last row and column by copies of the one before ("63x63, auto-filled"); the
// brush still paints all 64x64 cells.

inline constexpr int kShadowSide = 64;
inline constexpr std::size_t kShadowBytes = kShadowSide * kShadowSide / 8; // 512
using ShadowMap = std::array<std::uint8_t, kShadowBytes>;

// The map the client shows: the chunk's MCSH where it is in use (has_mcsh set) and 512 bytes long;
// all clear where MCSH is absent or disabled; nullopt for an MCSH in use of another size (not a 64x64 map).
std::optional<ShadowMap> shownShadow(const io::MapChunk& chunk);
// Stores `map` as the chunk's MCSH and sets has_mcsh (a disabled MCSH is replaced, as painting over
// unused bytes must start from what the client showed: nothing).
void setShownShadow(io::MapChunk& chunk, const ShadowMap& map);

bool shadowAt(const ShadowMap& map, int row, int col);
void setShadow(ShadowMap& map, int row, int col, bool shadowed);

// Sets (shadowed true) or clears the cells whose centres lie inside the brush disc. Returns whether any
// byte changed.
bool applyShadowDab(ShadowMap& map, bool shadowed, glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius);

// ---- Whole-chunk attributes (area id, impassable) ----------------------------------------------------

enum class ChunkPick {
    Overlap, // the chunk's closed square comes strictly closer than `radius` to the dab centre: a dab
             // always picks the chunk under it, plus every chunk the disc reaches into
    Centre,  // the chunk's centre is strictly inside the disc
};

bool chunkInBrush(glm::dvec2 chunkOrigin, glm::dvec2 centre, double radius, ChunkPick pick);

} // namespace mapsmith::core
