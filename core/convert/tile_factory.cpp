#include "core/convert/tile_factory.h"

#include "core/geometry/terrain_normals.h"

#include <glm/glm.hpp>

#include <algorithm>
#include <cmath>

namespace mapsmith::core {

double tileOriginX(int tileY) {
    return (32.0 - tileY) * kTileSize;
}
double tileOriginY(int tileX) {
    return (32.0 - tileX) * kTileSize;
}

namespace {

// World position of vertex (row, col) of a chunk; inner vertices sit half a unit in.
void vertexWorld(const io::MapChunk& c, int row, int col, bool inner, double& wx, double& wy) {
    const double offset = inner ? 0.5 : 0.0;
    wx = double(c.position.x) - (row + offset) * kUnitSize;
    wy = double(c.position.y) - (col + offset) * kUnitSize;
}

// The terrain at the chunk's 64 x 64 alpha pixel centres (row-major, py = rows southwards): the height
// function is evaluated once per pixel of a 66 x 66 grid (the pixels and a ring around them), the slope taken
// from the neighbours. (Evaluating the height around every pixel for its slope cost 5x more: seconds per
// tile.)
std::vector<TerrainSample> alphaSamples(const io::MapChunk& c,
                                        const std::function<float(double, double)>& height) {
    constexpr int kSide = 66; // grid index g = pixel + 1
    constexpr double kStep = kChunkSize / 64.0;
    std::vector<float> grid(std::size_t(kSide) * kSide);
    for (int gy = 0; gy < kSide; ++gy) {
        for (int gx = 0; gx < kSide; ++gx) {
            const double wx = double(c.position.x) - (gy - 0.5) * kStep;
            const double wy = double(c.position.y) - (gx - 0.5) * kStep;
            grid[std::size_t(gy * kSide + gx)] = height(wx, wy);
        }
    }
    const auto at = [&grid](int gx, int gy) { return grid[std::size_t(gy * kSide + gx)]; };
    std::vector<TerrainSample> out(64 * 64);
    for (int py = 0; py < 64; ++py) {
        for (int px = 0; px < 64; ++px) {
            TerrainSample& s = out[std::size_t(py * 64 + px)];
            s.worldX = double(c.position.x) - (py + 0.5) * kStep;
            s.worldY = double(c.position.y) - (px + 0.5) * kStep;
            s.height = at(px + 1, py + 1);
            const double dx = (double(at(px + 1, py)) - double(at(px + 1, py + 2))) / (2.0 * kStep);
            const double dy = (double(at(px, py + 1)) - double(at(px + 2, py + 1))) / (2.0 * kStep);
            s.slope = float(std::sqrt(dx * dx + dy * dy));
        }
    }
    return out;
}

} // namespace

io::Adt createTile(const TileSpec& spec) {
    io::Adt adt;
    adt.textures = spec.textures;
    adt.bigAlpha = true;
    adt.chunks.resize(io::kChunksPerTile);
    const double originX = tileOriginX(spec.tileY);
    const double originY = tileOriginY(spec.tileX);
    for (int i = 0; i < io::kChunksPerTile; ++i) {
        io::MapChunk& c = adt.chunks[std::size_t(i)];
        c.indexX = std::uint32_t(i % 16);
        c.indexY = std::uint32_t(i / 16);
        c.flags = io::mcnk_flags::DoNotFixAlphaMap;
        c.areaId = spec.areaId;
        c.position.x = float(originX - c.indexY * kChunkSize);
        c.position.y = float(originY - c.indexX * kChunkSize);
        // Heights: absolute from the function, stored relative to the chunk's lowest vertex.
        std::array<float, io::kVerticesPerChunk> absolute{};
        for (int v = 0; v < io::kVerticesPerChunk; ++v) {
            const int row2 = v / 17;
            const int rem = v % 17;
            const bool inner = rem >= 9;
            const int col = inner ? rem - 9 : rem;
            double wx = 0;
            double wy = 0;
            vertexWorld(c, row2, col, inner, wx, wy);
            absolute[std::size_t(v)] = spec.height(wx, wy);
        }
        const float base = *std::min_element(absolute.begin(), absolute.end());
        c.position.z = base;
        for (int v = 0; v < io::kVerticesPerChunk; ++v) {
            c.heights[std::size_t(v)] = absolute[std::size_t(v)] - base;
        }
        io::TextureLayer ground;
        ground.textureIndex = 0;
        c.layers.push_back(ground);
        const std::vector<TerrainSample> samples =
            spec.layerWeights.empty() ? std::vector<TerrainSample>() : alphaSamples(c, spec.height);
        for (std::size_t t = 0;
             t < spec.layerWeights.size() && t + 1 < spec.textures.size() && c.layers.size() < 4; ++t) {
            io::TextureLayer layer;
            layer.textureIndex = std::uint32_t(t + 1);
            layer.hasAlpha = true;
            layer.encoding = io::AlphaEncoding::Rle;
            bool any = false;
            for (int py = 0; py < 64; ++py) {
                for (int px = 0; px < 64; ++px) {
                    const float w =
                        std::clamp(spec.layerWeights[t](samples[std::size_t(py * 64 + px)]), 0.0f, 1.0f);
                    const auto a = std::uint8_t(std::lround(w * 255.0f));
                    layer.alpha[std::size_t(py * 64 + px)] = a;
                    any = any || a != 0;
                }
            }
            if (any) {
                c.layers.push_back(layer);
            }
        }
        c.shadow.reset();
        c.soundEmitters.emplace();
        c.hasMcal = true;
    }
    // Neighbours past the tile's edge come from the same height function, so normals along tile
    // borders match the neighbouring tile's (no lighting seams between generated tiles).
    computeNormals(adt, spec.height);
    return adt;
}

void computeNormals(io::Adt& adt, const std::function<float(double, double)>& beyond) {
    if (adt.chunks.size() < std::size_t(io::kChunksPerTile)) {
        return;
    }
    // Absolute heights on the outer grid (129 x 129) and the inner grid (128 x 128).
    constexpr int n = 129;
    std::vector<float> outer(std::size_t(n) * n);
    std::vector<float> inner(std::size_t(n - 1) * (n - 1));
    for (int i = 0; i < io::kChunksPerTile; ++i) {
        const auto& c = adt.chunks[std::size_t(i)];
        const int cx = i % 16;
        const int cy = i / 16;
        for (int v = 0; v < io::kVerticesPerChunk; ++v) {
            const int row = v / 17;
            const int rem = v % 17;
            const float h = c.position.z + c.heights[std::size_t(v)];
            if (rem < 9) {
                outer[std::size_t((cy * 8 + row) * n + cx * 8 + rem)] = h;
            } else {
                inner[std::size_t((cy * 8 + row) * (n - 1) + cx * 8 + rem - 9)] = h;
            }
        }
    }
    const double originX = adt.chunks[0].position.x;
    const double originY = adt.chunks[0].position.y;
    auto outerAt = [&](int r, int col) -> double {
        if ((r < 0 || r >= n || col < 0 || col >= n) && beyond) {
            return beyond(originX - r * kUnitSize, originY - col * kUnitSize);
        }
        r = std::clamp(r, 0, n - 1);
        col = std::clamp(col, 0, n - 1);
        return outer[std::size_t(r * n + col)];
    };
    const double step = kUnitSize;
    for (int i = 0; i < io::kChunksPerTile; ++i) {
        auto& c = adt.chunks[std::size_t(i)];
        const int cx = i % 16;
        const int cy = i / 16;
        for (int v = 0; v < io::kVerticesPerChunk; ++v) {
            const int r = cy * 8 + v / 17;
            const int rem = v % 17;
            if (rem < 9) {
                const int col = cx * 8 + rem;
                c.normals[std::size_t(v)] = outerNormal(outerAt(r - 1, col), outerAt(r + 1, col),
                                                        outerAt(r, col - 1), outerAt(r, col + 1), step);
            } else {
                const int col = cx * 8 + rem - 9;
                c.normals[std::size_t(v)] = innerNormal(outerAt(r, col), outerAt(r, col + 1),
                                                        outerAt(r + 1, col), outerAt(r + 1, col + 1), step);
            }
        }
    }
}

} // namespace mapsmith::core
