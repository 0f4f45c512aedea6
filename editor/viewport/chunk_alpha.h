#pragma once
// The per-chunk blend texture the terrain shader reads: one 64x64 RGBA8 image, row 0 = north,
// column 0 = west (the alpha maps' own layout). r, g, b = alpha of layers 1, 2, 3 (0 where the layer
// is absent or has no alpha map); a = MCSH shadow (255 = shadowed, 0 = lit or no MCSH).
// Layer 0's weight is 1 - (r + g + b), clamped, in the shader.

#include "io/adt/adt.h"

#include <QImage>

namespace mapsmith::editor {

QImage chunkBlendImage(const io::MapChunk& chunk);

// MCSH bit of pixel (x east, y south), 0..63: bit x % 8 (LSB first) of byte y * 8 + x / 8.
bool shadowBit(const std::vector<std::uint8_t>& shadow, int x, int y);

} // namespace mapsmith::editor
