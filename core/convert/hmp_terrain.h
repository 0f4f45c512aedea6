#pragma once
// Gamestudio HMP terrain (io/gamestudio/hmp.h) as a HeightGrid (core/geometry/height_grid.h) and back, and an
// HMP's first skin as an image, for terrain import and export.
//
// Orientation: Gamestudio's world has x east, y north and z up (its top view shows +y up the screen), and
// HMP vertex row j lies at y = ymin + j * (ymax - ymin) / (nv - 1) (io/gamestudio/hmp.h): row 0 is the south
// edge. A HeightGrid's row 0 is north, so grid row r is HMP row nv - 1 - r; columns match (i grows east).
// Mapping north to north and east to east is a rotation, not a mirror: a terrain keeps its handedness (an
// east slope stays east, HMP normals keep their signs), where reading the rows top-down would mirror it
// north-south. Units: an HMP's own world units; the grid holds heights in them, cellSize is the distance
// between neighbouring vertices in them (the CLI uses yards).

#include "core/geometry/height_grid.h"
#include "io/gamestudio/hmp.h"

#include <QImage>

#include <cstddef>
#include <optional>

namespace mapsmith::core {

// The world heights of `frame`, nu x nv (io::hmpGridSize), row 0 north (HMP row nv - 1). An empty grid when
// the frame does not exist or the header does not make a grid.
HeightGrid gridFromHmp(const io::Hmp& hmp, std::size_t frame = 0);

// An HMP5 terrain of the grid: one frame, no skin, centred on the origin (xmin = -cellSize * (nu - 1) / 2,
// as both corpus terrains are), ftrisize = cellSize and the x/y scale making the extent cellSize * (n - 1)
// (scale * 65536 + offset = xmax, io/gamestudio/hmp.h). Heights are packed over the full 0..65535 range:
// offset[2] is the lowest height (rounded down to a float), scale[2] the float nearest (highest - offset) /
// 65535, raised until offset + 65535 * scale >= the highest, so every height comes back within half a step
// (plus float rounding); a flat grid packs every vertex at 0 with scale[2] = kFlatHmpScale (tiny but nonzero:
// readers divide by it). Each vertex's normal is the table entry (io::nearestGamestudioNormal) nearest to the
// normal of the grid's central differences (one-sided on the edges), in the HMP frame (x east, y north).
// Frame bbox: packed (0, 0, lowest z) .. (65535, 65535, highest z), normal index 0 (65536 does not fit a
// word). An Hmp without frames (writeHmp5 refuses it) for a grid under 2 x 2 or wider than 2^24 vertices
// (fnumverts_x is a float), a non-finite height, or a cellSize that is not positive and finite or gives an
// extent no float holds.
io::Hmp hmp5FromGrid(const HeightGrid& grid, double cellSize);

inline constexpr float kFlatHmpScale = 1e-6f; // world units per packed step of a flat terrain

// The first skin's level 0 as Format_RGBA8888, row 0 north like gridFromHmp's grid: the skin is flipped
// vertically, as its rows run with the vertex rows (small.hmp's skin shows its pits and walls where the
// heights have them with skin row 0 on vertex row 0). nullopt when there is no skin or the first is not
// decoded (io::GamestudioSkin::decoded; readHmp warns about it).
std::optional<QImage> hmpSkinImage(const io::Hmp& hmp);

} // namespace mapsmith::core
