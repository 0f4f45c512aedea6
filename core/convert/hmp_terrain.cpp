#include "core/convert/hmp_terrain.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>

namespace mapsmith::core {
namespace {

constexpr int kMaxHmpSide = 1 << 24; // fnumverts_x is a float: exact up to 2^24

// An MDL word vertex (mdl_trivertxs_t): u16 x, y, z little-endian, normal index, unused byte.
std::array<std::uint8_t, 8> wordVertex(std::uint16_t x, std::uint16_t y, std::uint16_t z) {
    std::array<std::uint8_t, 8> v{};
    const std::uint16_t xyz[3] = {x, y, z};
    for (std::size_t k = 0; k < 3; ++k) {
        v[2 * k] = std::uint8_t(xyz[k] & 0xFF);
        v[2 * k + 1] = std::uint8_t(xyz[k] >> 8);
    }
    return v;
}

} // namespace

HeightGrid gridFromHmp(const io::Hmp& hmp, std::size_t frame) {
    const io::HmpGridSize size = io::hmpGridSize(hmp);
    const std::vector<float> heights = io::hmpHeights(hmp, frame);
    const std::size_t count = std::size_t(size.nu) * std::size_t(size.nv);
    if (count == 0 || heights.size() != count || size.nu > std::uint32_t(std::numeric_limits<int>::max()) ||
        size.nv > std::uint32_t(std::numeric_limits<int>::max())) {
        return {};
    }
    HeightGrid grid;
    grid.width = int(size.nu);
    grid.height = int(size.nv);
    grid.values.resize(count);
    for (std::size_t r = 0; r < size.nv; ++r) {
        const float* row = heights.data() + (size.nv - 1 - r) * size.nu; // HMP rows run south to north
        std::copy(row, row + size.nu, grid.values.begin() + std::ptrdiff_t(r * size.nu));
    }
    return grid;
}

io::Hmp hmp5FromGrid(const HeightGrid& grid, double cellSize) {
    io::Hmp hmp;
    const int w = grid.width;
    const int h = grid.height;
    if (w < 2 || h < 2 || w > kMaxHmpSide || !std::isfinite(cellSize) || cellSize <= 0.0 ||
        !std::isfinite(float(cellSize * (std::max(w, h) - 1))) ||
        grid.values.size() != std::size_t(w) * std::size_t(h)) {
        return hmp;
    }
    double lowest = std::numeric_limits<double>::max();
    double highest = std::numeric_limits<double>::lowest();
    for (const float v : grid.values) {
        if (!std::isfinite(v)) {
            return hmp;
        }
        lowest = std::min(lowest, double(v));
        highest = std::max(highest, double(v));
    }

    io::HmpHeader& header = hmp.header;
    header.version = io::HmpVersion::Hmp5;
    header.nu1 = 2;
    const double extentX = cellSize * (w - 1); // world units, west to east
    const double extentY = cellSize * (h - 1); // south to north
    // Dividing by 65536 (a power of two) keeps scale * 65536 exact: xmax - xmin is float(extent).
    header.scale[0] = float(extentX / 65536.0);
    header.scale[1] = float(extentY / 65536.0);
    header.offset[0] = float(-extentX / 2.0);
    header.offset[1] = float(-extentY / 2.0);
    float offsetZ = float(lowest);
    if (double(offsetZ) > lowest) {
        offsetZ = std::nextafter(offsetZ, -std::numeric_limits<float>::infinity());
    }
    float scaleZ = kFlatHmpScale;
    if (highest > lowest) {
        scaleZ = float((highest - double(offsetZ)) / 65535.0);
        while (double(offsetZ) + 65535.0 * double(scaleZ) < highest) {
            scaleZ = std::nextafter(scaleZ, std::numeric_limits<float>::infinity());
        }
    }
    header.scale[2] = scaleZ;
    header.offset[2] = offsetZ;
    header.triSizeX = float(cellSize);
    header.triSizeY = float(cellSize);
    header.numVertsX = float(w);

    io::HmpFrame frame;
    frame.type = 2;
    frame.vertices.resize(std::size_t(w) * std::size_t(h));
    std::uint16_t zMin = 65535;
    std::uint16_t zMax = 0;
    const auto at = [&](int c, int r) { return double(grid.at(c, r)); };
    for (int r = 0; r < h; ++r) {
        const int j = h - 1 - r; // HMP row: south to north
        for (int c = 0; c < w; ++c) {
            io::HmpVertex& v = frame.vertices[std::size_t(j) * std::size_t(w) + std::size_t(c)];
            v.z = io::hmpPackHeight(hmp, grid.at(c, r));
            zMin = std::min(zMin, v.z);
            zMax = std::max(zMax, v.z);
            // Slopes per world unit: x east (columns), y north (rows upwards); one-sided on the edges.
            const int east = std::min(c + 1, w - 1);
            const int west = std::max(c - 1, 0);
            const int north = std::max(r - 1, 0);
            const int south = std::min(r + 1, h - 1);
            const double dx = (at(east, r) - at(west, r)) / (double(east - west) * cellSize);
            const double dy = (at(c, north) - at(c, south)) / (double(south - north) * cellSize);
            v.normal = io::nearestGamestudioNormal({float(-dx), float(-dy), 1.0f});
            v.extra = 0;
        }
    }
    frame.bboxMin = wordVertex(0, 0, zMin);
    frame.bboxMax = wordVertex(65535, 65535, zMax);
    hmp.frames.push_back(std::move(frame));
    return hmp;
}

std::optional<QImage> hmpSkinImage(const io::Hmp& hmp) {
    if (hmp.skins.empty()) {
        return std::nullopt;
    }
    const io::GamestudioSkin& skin = hmp.skins.front();
    const std::uint32_t width = skin.imageWidth; // DDS skins: the image's size, not the record's fields
    const std::uint32_t height = skin.imageHeight;
    const std::size_t rowBytes = 4 * std::size_t(width);
    if (skin.rgba.empty() || width == 0 || height == 0 ||
        width > std::uint32_t(std::numeric_limits<int>::max() / 4) ||
        height > std::uint32_t(std::numeric_limits<int>::max()) ||
        skin.rgba.front().size() != rowBytes * height) {
        return std::nullopt;
    }
    QImage image(int(width), int(height), QImage::Format_RGBA8888);
    if (image.isNull()) {
        return std::nullopt;
    }
    const std::uint8_t* level0 = skin.rgba.front().data();
    for (int y = 0; y < image.height(); ++y) {
        const std::size_t skinRow = std::size_t(image.height() - 1 - y); // skin rows run south to north
        std::memcpy(image.scanLine(y), level0 + skinRow * rowBytes, rowBytes);
    }
    return image;
}

} // namespace mapsmith::core
