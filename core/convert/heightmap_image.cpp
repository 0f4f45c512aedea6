#include "core/convert/heightmap_image.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace mapsmith::core {

HeightRange heightRangeOf(const HeightGrid& grid) {
    if (grid.values.empty()) {
        return {};
    }
    const auto [lo, hi] = std::minmax_element(grid.values.begin(), grid.values.end());
    const double min = *lo;
    const double max = *hi;
    return {min, max > min ? max : min + 1.0};
}

QImage heightmapImage(const HeightGrid& grid, double minHeight, double maxHeight) {
    if (grid.width <= 0 || grid.height <= 0) {
        return {};
    }
    QImage image(grid.width, grid.height, QImage::Format_Grayscale16);
    if (image.isNull()) {
        return {}; // too large to allocate
    }
    const double span = maxHeight - minHeight;
    for (int y = 0; y < grid.height; ++y) {
        auto* row = reinterpret_cast<std::uint16_t*>(image.scanLine(y));
        for (int x = 0; x < grid.width; ++x) {
            double level = 0.0;
            if (span > 0.0) {
                level = std::round((double(grid.at(x, y)) - minHeight) / span * kHeightmapMaxLevel);
            }
            // NaN heights fall to 0 as well (clamp keeps NaN, the comparison below does not).
            row[x] = level > 0.0 ? std::uint16_t(std::min(level, double(kHeightmapMaxLevel))) : 0;
        }
    }
    return image;
}

HeightGrid gridFromHeightmap(const QImage& image, double minHeight, double maxHeight) {
    HeightGrid grid;
    if (image.isNull()) {
        return grid;
    }
    const QImage gray = image.format() == QImage::Format_Grayscale16
                            ? image
                            : image.convertToFormat(QImage::Format_Grayscale16);
    grid.width = gray.width();
    grid.height = gray.height();
    grid.values.resize(std::size_t(grid.width) * std::size_t(grid.height));
    const double span = maxHeight - minHeight;
    for (int y = 0; y < grid.height; ++y) {
        const auto* row = reinterpret_cast<const std::uint16_t*>(gray.constScanLine(y));
        for (int x = 0; x < grid.width; ++x) {
            grid.values[std::size_t(y) * std::size_t(grid.width) + std::size_t(x)] =
                float(minHeight + double(row[x]) * span / kHeightmapMaxLevel);
        }
    }
    return grid;
}

} // namespace mapsmith::core
