#pragma once
// Texture (alpha map) brush kernels: pure functions over one chunk's per-layer weights. No chunks,
// tiles, documents or Qt: the stroke converts alpha maps to weights, runs a kernel and converts back.
//
// Weight model (additive): a chunk has 1..4 texture layers; layer i >= 1 has a 64x64 alpha map and
// weighs alpha_i / 255; layer 0 has none and weighs 1 - (sum of the others). Pixel (px, py), row-major
// (py north to south, px west to east), covers a kAlphaPixelSize (0.52 yd) square; its centre is at
// chunkOrigin - ((py + 0.5), (px + 0.5)) * kAlphaPixelSize in world (x north, y west).
// Source data may have "over-full" pixels whose alphas sum above 255 (continent4229: 9% of its pixels);
// their base weighs 0. Dabs never raise a pixel's alpha sum and never push it above 255.

#include "core/geometry/brush.h"
#include "core/geometry/coords.h"
#include "io/adt/alpha_codec.h"

#include <glm/vec2.hpp>

#include <array>
#include <cstdint>
#include <span>

namespace mapsmith::core {

inline constexpr int kMaxTextureLayers = 4; // MCLY entries per chunk
inline constexpr int kAlphaMapSide = 64;    // pixels per alpha map side
inline constexpr int kAlphaMapPixels = kAlphaMapSide * kAlphaMapSide;
inline constexpr double kAlphaPixelSize = kChunkSize / kAlphaMapSide; // 0.5208 yd
inline constexpr int kLowQualityCellPixels = 8; // the low-quality map has 8x8 cells of 8x8 pixels

// Per-layer weights of one chunk, each 0..1; layer[0] is the base layer (derived on write-back).
// 64 KiB: allocate on the heap.
struct ChunkWeights {
    int layerCount = 1; // 1..kMaxTextureLayers
    std::array<std::array<float, kAlphaMapPixels>, kMaxTextureLayers> layer{};
};

// Half-open pixel rectangle [x0, x1) x [y0, y1) of an alpha map (x = px east, y = py south).
struct PixelRect {
    int x0 = 0;
    int y0 = 0;
    int x1 = 0;
    int y1 = 0;
    bool empty() const { return x0 >= x1 || y0 >= y1; }
    void unite(const PixelRect& o);
    bool operator==(const PixelRect&) const = default;
};
inline constexpr PixelRect kWholeAlphaMap{0, 0, kAlphaMapSide, kAlphaMapSide};

// World position (x north, y west) of the centre of pixel (px, py) of the chunk whose north-west corner
// is `chunkOrigin`.
glm::dvec2 alphaPixelCentre(glm::dvec2 chunkOrigin, int px, int py);

// The smallest rectangle holding every pixel whose centre lies strictly within `radius` yards of
// `centre` (exactly the pixels a dab can change); empty when there is none.
PixelRect dabPixelRect(double radius, glm::dvec2 centre, glm::dvec2 chunkOrigin);

struct AlphaDab {
    glm::dvec2 centre{0.0};      // world
    glm::dvec2 chunkOrigin{0.0}; // the chunk's north-west corner, world
    int layer = 0;               // target layer slot, 0..layerCount-1
    bool erase = false;
};

// Applies one dab. Per pixel, k = clamp(strength * pressure * brushWeight(distance), 0, 1):
//  - paint: target += k * (1 - target); every other layer (base included) *= (1 - k), so the sum stays 1
//    and the others keep their proportions (the target never decreases);
//  - erase, target >= 1: target *= (1 - k); the weight removed goes to layer 0 (the base shows through);
//  - erase, target 0: the base loses k of its weight, shared among the other layers in proportion to
//    their weights; where they have none the pixel is left as is (a chunk cannot be bare).
// Layer 0 is re-derived as max(0, 1 - sum of the others). Over-full pixels are not renormalised in one
// go (painting rock over rock 255 + dirt 255 would halve the rock at the faintest touch of the rim):
// paint scales the non-target layers by (1 - k), so their excess over 1 shrinks by (1 - k) per dab and
// is gone at k = 1; erase only lowers them. Pixels with k == 0 are never written. Returns the rectangle
// of the pixels whose weights changed (empty when none did, or when `layer` is out of range).
PixelRect applyAlphaDab(const BrushSettings& brush, const AlphaDab& dab, ChunkWeights& weights);

// Alpha maps -> weights for the whole chunk: `alphas` are the maps of layers 1..n-1 (n = size + 1,
// at most 3 maps); weight = alpha / 255 exactly as a float, layer 0 = max(0, 1 - sum).
void weightsFromAlpha(std::span<const io::AlphaMap* const> alphas, ChunkWeights& out);

// Weights -> alpha maps inside `rect` (pixels outside are not written): out[i] receives layer i + 1.
// `levels` is the alpha depth: 255 (8-bit) or 15 (4-bit, values stored as multiples of 17). Each
// alpha is the nearest level; where the weights sum to <= 1 (within 1e-4) but the rounded alphas would
// exceed the full level, the alphas rounded up the most are lowered one level until they fit. Exact
// round trip: weightsFromAlpha followed by alphaFromWeights gives back every alpha bit for bit (for 4-bit
// maps, every multiple of 17).
void alphaFromWeights(const ChunkWeights& weights, PixelRect rect, int levels,
                      std::span<io::AlphaMap* const> out);

// 4-bit maps of chunks without MCNK flag 0x8000 are shown (and stored) as 63x63: row/column 63 repeat
// 62. Copies row 62 -> 63 and column 62 -> 63 of every layer when `rect` reaches row/column 62 or 63,
// and returns `rect` grown to cover what was copied.
PixelRect mirrorUnfixedEdge(ChunkWeights& weights, PixelRect rect);

// MCNK "low quality texture map" (predTex): 8x8 cells of 2 bits, cell (cx, cy) at bit pair
// i = cy * 8 + cx, byte i / 4, bits 2 * (i % 4) (least significant pair first; this order matches 92%
// of continent4229's cells against 68% for the opposite one). Each cell names the layer with the
// largest total weight over its 8x8 pixels (totals compared in 1/255 units, ties to the lower layer;
// negative base weights count as 0).
std::array<std::uint8_t, 16> lowQualityTextureMap(const ChunkWeights& weights);
// The same from the alpha maps of layers 1..n-1 (integer totals; equal to the weights version on
// weightsFromAlpha() of the same maps).
std::array<std::uint8_t, 16> lowQualityTextureMap(std::span<const io::AlphaMap* const> alphas);
int lowQualityLayerAt(const std::array<std::uint8_t, 16>& map, int cellX, int cellY);

// Fraction of the chunk each layer covers (its mean weight; pixels summing above 1 are normalised so
// the fractions of the used layers add up to 1). Unused slots are 0.
std::array<double, kMaxTextureLayers> layerUsage(const ChunkWeights& weights);

} // namespace mapsmith::core
