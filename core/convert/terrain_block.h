#pragma once
// A block of tiles as a terrain file and back: the part mapsmith-cli (export-/import-heightmap,
// export-/import-hmp) and the editor's File > Import / Export share, so both write the same bytes and set
// the same vertices. The block an image covers, the range a heightmap export uses (and prints), the PNG
// and HMP5 bytes, an HMP's heights in yards and its skin tint, and applying it all to a block's tiles.
// Grids are the block's outer lattice, row 0 north (core/geometry/height_grid.h); heights in yards.

#include "core/convert/heightmap_image.h"
#include "core/document/core_error.h"
#include "core/geometry/height_grid.h"
#include "io/binary/error.h"
#include "io/gamestudio/hmp.h"

#include <QImage>

#include <cstddef>
#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace mapsmith::core {

// The block as mapsmith-cli's --tiles takes it and prints it: "X_Y" or "X_Y:X2_Y2" (north-west to
// south-east).
QString tileBlockText(const TileBlock& block);

// The block whose north-west tile is `first` that a grid of width x height samples covers at 128 samples
// per tile plus the closing edge: ceil((n - 1) / 128) tiles each way, at least 1, cut at the map's edge.
TileBlock blockForGrid(TileCoord first, int width, int height);

// Heightmap export (export-heightmap's --min / --max).
struct HeightmapExportSettings {
    std::optional<double> min; // yards written as 0; nullopt: the block's lowest
    std::optional<double> max; // yards written as 65535; nullopt: the block's highest (lowest + 1 if flat)
};

// The range an export of `grid` uses: the given heights, else the grid's own (heightRangeOf), each read
// back from its printed text (printedHeight), so importing with the printed range maps the same. Not
// checked: min may not be below max when given so.
HeightRange heightmapExportRange(const HeightGrid& grid, const HeightmapExportSettings& settings);
// Heights of the grid outside range (clamped by the export).
std::size_t heightsOutside(const HeightGrid& grid, const HeightRange& range);
// The 16-bit grayscale PNG of heightmapImage(grid, range), at 100 DPI whatever the screen (the same bytes
// in the editor and the CLI). Refused (message "too large for one image (W x
// H pixels)") when Qt cannot hold the image; File when the encoder fails (its reason).
Expected<std::vector<std::byte>> encodeHeightmapPng(const HeightGrid& grid, const HeightRange& range);
// Any image Qt reads, from its bytes; the error is the reader's reason.
Expected<QImage> decodeHeightmapImage(std::span<const std::byte> bytes);

// HMP5 export (export-hmp): hmp5FromGrid(grid, kUnitSize) and its bytes.
struct Hmp5Export {
    io::Hmp hmp; // header: scale[2] / offset[2] the packing, triSizeX the cell size
    std::vector<std::byte> bytes;
};
// Refused ("a height is not a finite number", "W x H vertices is too many") when no HMP5 can hold it.
Expected<Hmp5Export> encodeBlockHmp5(const HeightGrid& grid);

// HMP import (import-hmp's --height-scale, --height-offset, --skin-tint; the CLI's defaults).
struct HmpImportSettings {
    double heightScale = 1.0;  // yards per terrain height unit
    double heightOffset = 0.0; // yards added after scaling
    bool skinTint = false;     // the first skin as the vertex colours
};

inline constexpr double kMaxImportYards = 1e9; // imported heights beyond this are a wrong scale, not terrain

// What an HMP import sets, checked before anything is written.
struct HmpImportPlan {
    HeightGrid grid;                       // the first frame, in terrain units
    double unitsMin = 0.0, unitsMax = 0.0; // its lowest and highest height
    double yardsMin = 0.0, yardsMax = 0.0; // the same scaled and offset (min <= max)
    std::optional<QImage> tint;            // the first skin, when skinTint
};
enum class HmpImportProblem {
    NoGrid,          // the terrain holds no grid of heights
    UnusableHeights, // scaled, a height is not finite or beyond kMaxImportYards
    NoSkin,          // skinTint, and the terrain has no skin
    SkinNotDecoded,  // skinTint, and the first skin cannot be decoded (readHmp warned)
};
io::Expected<HmpImportPlan, HmpImportProblem> planHmpImport(const io::Hmp& hmp,
                                                            const HmpImportSettings& settings);
// The height scale that keeps the terrain's proportions on `block` (yards across the block per terrain
// unit across); 0 when the terrain has no usable width.
double proportionalHeightScale(const io::Hmp& hmp, const TileBlock& block);

// What an import sets on a block: heights (the grid stretched over it, placed) and, optionally, vertex
// colours (the image stretched over it; core/convert/vertex_colour_image.h).
struct TerrainImport {
    HeightGrid grid;
    GridPlacement placement;
    std::optional<QImage> tint;
};
// applyGrid, then applyColourImage when there is a tint. Returns the tiles changed.
int applyTerrainImport(const TileBlock& block, const TerrainImport& import,
                       const std::function<io::Adt*(TileCoord)>& tileAt);

} // namespace mapsmith::core
