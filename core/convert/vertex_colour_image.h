#pragma once
// Vertex colours (MCCV) of a block of tiles from an image laid over the block, e.g. a Gamestudio terrain's
// skin as a tint of the ground (mapsmith-cli import-hmp --skin-tint).

#include "core/geometry/height_grid.h"
#include "io/adt/adt.h"

#include <QImage>

#include <functional>

namespace mapsmith::core {

// Sets the colours of every vertex (outer and inner; MCCV is created where a chunk has none) of the block's
// tiles from `image` stretched over the block: its edges on the block's edges (row 0 north, column 0 west),
// pixel k's centre at (k + 0.5) / size of the block (the texture convention, so any image size maps onto any
// block), sampled bilinear and clamped at the edges. A pixel's red, green and blue bytes become the MCCV
// bytes as they are, 0x7F being 1.0 (core/kernels/chunk_brushes.h): mid grey leaves the ground as it is, 0xFF
// doubles a channel, 0 blacks it out. MCCV alpha is set to 0x7F as the brushes keep it; the image's alpha is
// ignored. A vertex shared by chunks gets the same colour in each. Tiles tileAt() does not have are skipped;
// a null image changes nothing. Returns the tiles changed.
int applyColourImage(const TileBlock& block, const QImage& image,
                     const std::function<io::Adt*(TileCoord)>& tileAt);

} // namespace mapsmith::core
