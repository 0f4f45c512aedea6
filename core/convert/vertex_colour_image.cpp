#include "core/convert/vertex_colour_image.h"

#include "core/kernels/chunk_brushes.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace mapsmith::core {

int applyColourImage(const TileBlock& block, const QImage& source,
                     const std::function<io::Adt*(TileCoord)>& tileAt) {
    if (source.isNull()) {
        return 0;
    }
    const QImage image = source.convertToFormat(QImage::Format_RGBA8888);
    const int w = image.width();
    const int h = image.height();
    // Lattice units (outer-vertex spacings) across the block -> pixels, pixel centres at k + 0.5.
    const double toPixelX = double(w) / double(block.latticeWidth() - 1);
    const double toPixelY = double(h) / double(block.latticeHeight() - 1);
    const auto texel = [&](int x, int y) { return image.constScanLine(y) + 4 * std::ptrdiff_t(x); };
    // Bilinear colour at lattice position (lx east, ly south) of the block.
    const auto colourAt = [&](double lx, double ly) {
        const double px = std::clamp(lx * toPixelX - 0.5, 0.0, double(w - 1));
        const double py = std::clamp(ly * toPixelY - 0.5, 0.0, double(h - 1));
        const int x0 = int(px);
        const int y0 = int(py);
        const int x1 = std::min(x0 + 1, w - 1);
        const int y1 = std::min(y0 + 1, h - 1);
        const double fx = px - x0;
        const double fy = py - y0;
        std::array<std::uint8_t, 3> rgb{};
        for (std::size_t k = 0; k < 3; ++k) {
            const double top = texel(x0, y0)[k] * (1.0 - fx) + texel(x1, y0)[k] * fx;
            const double bottom = texel(x0, y1)[k] * (1.0 - fx) + texel(x1, y1)[k] * fx;
            rgb[k] = std::uint8_t(std::lround(std::clamp(top * (1.0 - fy) + bottom * fy, 0.0, 255.0)));
        }
        return packBgra(rgb[0], rgb[1], rgb[2]);
    };
    return forEachBlockVertex<std::uint32_t>(
        block, tileAt, colourAt,
        [](io::MapChunk& c, const std::array<std::uint32_t, io::kVerticesPerChunk>& colours) {
            c.vertexColors = colours;
            c.flags |= io::mcnk_flags::HasVertexColors; // every vertex set: the client must use them
        });
}

} // namespace mapsmith::core
