#include "height_image.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>
#include <limits>

namespace mapsmith::core {
namespace {

constexpr int kGrid = 129;                           // outer vertices per tile side
constexpr float kUnitSize = 533.33333f / 16.0f / 8.0f; // yards between outer vertices

bool holeAt(const io::MapChunk& c, int col, int row) {
    if (c.flags & io::mcnk_flags::HighResHoles) {
        // One byte per row, bit = column.
        return ((c.holesHighRes >> (row * 8 + col)) & 1u) != 0;
    }
    // 4x4 low-res holes, each covering 2x2 quads.
    return ((c.holesLowRes >> ((row / 2) * 4 + col / 2)) & 1u) != 0;
}

} // namespace

std::vector<float> outerHeightGrid(const io::Adt& adt) {
    std::vector<float> grid(std::size_t(kGrid) * kGrid, 0.0f);
    for (std::size_t i = 0; i < adt.chunks.size() && i < 256; ++i) {
        const auto& c = adt.chunks[i];
        const int cx = int(i % 16);
        const int cy = int(i / 16);
        for (int row = 0; row < 9; ++row) {
            for (int col = 0; col < 9; ++col) {
                const float h = c.position.z + c.heights[std::size_t(row * 17 + col)];
                grid[std::size_t((cy * 8 + row) * kGrid + cx * 8 + col)] = h;
            }
        }
    }
    return grid;
}

QImage renderHeightImage(const io::Adt& adt, int scale) {
    scale = std::max(1, scale);
    const std::vector<float> grid = outerHeightGrid(adt);
    float lo = std::numeric_limits<float>::max();
    float hi = std::numeric_limits<float>::lowest();
    for (float h : grid) {
        if (std::isfinite(h)) {
            lo = std::min(lo, h);
            hi = std::max(hi, h);
        }
    }
    const float range = hi > lo ? hi - lo : 1.0f;
    const int side = (kGrid - 1) * scale + 1;
    QImage image(side, side, QImage::Format_RGB32);
    const glm::vec3 light = glm::normalize(glm::vec3(-1.0f, -1.0f, 1.5f)); // from the north-west
    auto at = [&](int x, int y) {
        x = std::clamp(x, 0, kGrid - 1);
        y = std::clamp(y, 0, kGrid - 1);
        const float h = grid[std::size_t(y * kGrid + x)];
        return std::isfinite(h) ? h : lo;
    };
    for (int py = 0; py < side; ++py) {
        const float gy = float(py) / float(scale);
        const int y0 = std::min(int(gy), kGrid - 2);
        const float fy = gy - float(y0);
        auto* line = reinterpret_cast<QRgb*>(image.scanLine(py));
        for (int px = 0; px < side; ++px) {
            const float gx = float(px) / float(scale);
            const int x0 = std::min(int(gx), kGrid - 2);
            const float fx = gx - float(x0);
            const float h = glm::mix(glm::mix(at(x0, y0), at(x0 + 1, y0), fx),
                                     glm::mix(at(x0, y0 + 1), at(x0 + 1, y0 + 1), fx), fy);
            // Central-difference normal in yards.
            const float dx = (at(x0 + 1, y0) - at(x0 - 1, y0)) / (2.0f * kUnitSize);
            const float dy = (at(x0, y0 + 1) - at(x0, y0 - 1)) / (2.0f * kUnitSize);
            const glm::vec3 n = glm::normalize(glm::vec3(-dx, -dy, 1.0f));
            const float shade = 0.35f + 0.65f * std::max(0.0f, glm::dot(n, light));
            const float t = (h - lo) / range;
            // Low ground green, high ground brown to pale.
            const glm::vec3 lowColor(0.22f, 0.45f, 0.18f);
            const glm::vec3 midColor(0.55f, 0.48f, 0.30f);
            const glm::vec3 highColor(0.92f, 0.90f, 0.86f);
            glm::vec3 c = t < 0.6f ? glm::mix(lowColor, midColor, t / 0.6f)
                                   : glm::mix(midColor, highColor, (t - 0.6f) / 0.4f);
            c *= shade;
            const int chunkIndex = std::min(y0 / 8, 15) * 16 + std::min(x0 / 8, 15);
            if (std::size_t(chunkIndex) < adt.chunks.size() &&
                holeAt(adt.chunks[std::size_t(chunkIndex)], x0 % 8, y0 % 8)) {
                c = glm::vec3(0.05f, 0.05f, 0.08f);
            }
            c = glm::clamp(c, 0.0f, 1.0f) * 255.0f;
            line[px] = qRgb(int(c.r), int(c.g), int(c.b));
        }
    }
    return image;
}

} // namespace mapsmith::core
