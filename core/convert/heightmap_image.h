#pragma once
// Heightmap images: a HeightGrid as a 16-bit grayscale image and back. Heights map linearly onto the
// pixel scale, minHeight (yards) -> 0 and maxHeight (yards) -> 65535; pixel row 0 is the grid's north
// row, column 0 its west column (the grid's own layout, see core/geometry/height_grid.h).

#include "core/geometry/height_grid.h"

#include <QImage>

namespace mapsmith::core {

inline constexpr int kHeightmapMaxLevel = 65535; // the top of the 16-bit pixel scale

// A height range in yards; min < max for every range these functions return.
struct HeightRange {
    double min = 0.0;
    double max = 1.0;
};

// The grid's lowest and highest value; a flat grid gives min..min+1, an empty one 0..1.
HeightRange heightRangeOf(const HeightGrid& grid);

// A Format_Grayscale16 image of grid.width x grid.height: pixel = round((h - min) / (max - min) * 65535),
// clamped to 0..65535. min >= max gives an all-0 image. An empty grid gives a null image.
QImage heightmapImage(const HeightGrid& grid, double minHeight, double maxHeight);

// The heights (yards) of any image Qt reads: Format_Grayscale16 is used as is, every other format (8-bit
// gray, indexed, colour) is converted to it by Qt first. h = min + pixel * (max - min) / 65535, so an
// image from heightmapImage() with the same range gives back every value on the 65535 scale exactly. A
// null image gives an empty grid.
HeightGrid gridFromHeightmap(const QImage& image, double minHeight, double maxHeight);

} // namespace mapsmith::core
