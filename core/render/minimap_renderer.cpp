#include "core/render/minimap_renderer.h"

#include "core/geometry/coords.h"
#include "core/kernels/liquid_raster.h"
#include "core/render/layer_images.h"
#include "core/render/minimap_models.h"
#include "core/render/terrain_samples.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <optional>

namespace mapsmith::core {

namespace {

constexpr int kSamplesPerChunk = kSamplesPerChunkSide; // one per alpha texel
constexpr int kQuadsPerChunk = 8;
constexpr int kSamplesPerQuad = kSamplesPerChunk / kQuadsPerChunk;

bool shadowBit(const std::vector<std::uint8_t>& shadow, int x, int y) {
    const std::size_t byte = std::size_t(y) * 8 + std::size_t(x / 8);
    return byte < shadow.size() && ((shadow[byte] >> (x % 8)) & 1u) != 0;
}

// The liquid height of a covered quad at (fu, fv): the viewport's two triangles (NW, SW, SE), (NW, SE, NE).
float liquidHeightAt(const LiquidRaster& raster, int qx, int qy, float fu, float fv) {
    const auto h = [&](int vx, int vy) { return raster.heights[std::size_t(liquidVertexIndex(vx, vy))]; };
    if (fv >= fu) {
        return h(qx, qy) * (1.0f - fv) + h(qx, qy + 1) * (fv - fu) + h(qx + 1, qy + 1) * fu;
    }
    return h(qx, qy) * (1.0f - fu) + h(qx + 1, qy) * (fu - fv) + h(qx + 1, qy + 1) * fv;
}

struct ChunkShading {
    std::array<glm::vec3, kVerticesPerChunk> normals{}; // world, unit length up to MCNR rounding
    std::array<glm::vec3, kVerticesPerChunk> colours{}; // MCCV multipliers, 1 without MCCV
    std::shared_ptr<const LayerTexels> textures[4];
    const io::AlphaMap* alpha[3] = {nullptr, nullptr, nullptr}; // layers 1..3
    int layerCount = 1;
    const std::vector<std::uint8_t>* shadow = nullptr;
    std::vector<LiquidRaster> liquids;
};

ChunkShading prepareChunk(const io::Adt& tile, int index, LayerImages& textures) {
    const io::MapChunk& chunk = tile.chunks[std::size_t(index)];
    ChunkShading s;
    const auto* mccv = io::vertexColoursInUse(chunk);
    for (int v = 0; v < kVerticesPerChunk; ++v) {
        const auto& n = chunk.normals[std::size_t(v)]; // (north, west, up) * 127
        s.normals[std::size_t(v)] = glm::vec3(float(n[0]), float(n[1]), float(n[2])) / 127.0f;
        if (mccv) {
            const std::uint32_t bgra = (*mccv)[std::size_t(v)];
            const auto byte = [&](int shift) { return float((bgra >> shift) & 0xFFu) * (2.0f / 255.0f); };
            s.colours[std::size_t(v)] = {byte(16), byte(8), byte(0)};
        } else {
            s.colours[std::size_t(v)] = glm::vec3(1.0f);
        }
    }
    const int layers = std::min<int>(int(chunk.layers.size()), 4);
    s.layerCount = std::max(layers, 1);
    for (int l = 0; l < s.layerCount; ++l) {
        // As the viewport: a layer's texture index is clamped to the tile's textures; none: grey.
        if (tile.textures.empty()) {
            s.textures[l] = textures.grey();
            continue;
        }
        const std::uint32_t ti = l < layers ? chunk.layers[std::size_t(l)].textureIndex : 0;
        s.textures[l] = textures.texels(tile.textures[std::min<std::size_t>(ti, tile.textures.size() - 1)]);
    }
    for (int l = 1; l < layers; ++l) {
        if (chunk.layers[std::size_t(l)].hasAlpha) {
            s.alpha[l - 1] = &chunk.layers[std::size_t(l)].alpha;
        }
    }
    s.shadow = io::shadowInUse(chunk);
    if (tile.liquids) {
        for (const auto& instance : tile.liquids->chunks[std::size_t(index)].instances) {
            LiquidRaster raster = toRaster(instance);
            if (raster.coverage != 0) {
                s.liquids.push_back(std::move(raster));
            }
        }
    }
    return s;
}

glm::vec3 texel(const LayerTexels& t, int side, float u, float v) {
    const auto wrap = [side](float x) {
        const int i = int(std::floor((x - std::floor(x)) * float(side)));
        return std::clamp(i, 0, side - 1);
    };
    const auto& c = t[std::size_t(wrap(v)) * std::size_t(side) + std::size_t(wrap(u))];
    return {c[0], c[1], c[2]};
}

} // namespace

bool minimapSizeSupported(int size) {
    return size == 64 || size == 128 || size == 256 || size == 512 || size == 1024;
}

int minimapTextureSide(const MinimapSettings& settings) {
    return std::max(
        1, int(std::lround(double(kSamplesPerChunk) / std::max(double(settings.look.textureRepeat), 1e-3))));
}

QImage renderMinimap(const io::Adt& tile, LayerImages& textures, const MinimapSettings& settings,
                     const MinimapModelLayer* models) {
    if (!minimapSizeSupported(settings.size)) {
        return {};
    }
    const int size = settings.size;
    QImage image(size, size, QImage::Format_RGBA8888);
    image.fill(Qt::transparent);
    if (tile.chunks.size() != std::size_t(kChunksPerTile)) {
        return image;
    }
    const TerrainLook& look = settings.look;
    const glm::vec3 sun = glm::normalize(glm::vec3(look.lightDirection));
    const int side = textures.side();
    const int perPixel = kSamplesPerChunk * kChunksPerSide / size; // samples per pixel side
    const int pixelsPerChunk = size / kChunksPerSide;
    const float invSamples = 1.0f / float(perPixel * perPixel);
    std::vector<glm::vec3> sums(std::size_t(pixelsPerChunk) * std::size_t(pixelsPerChunk));
    std::vector<int> solid(sums.size());

    for (int index = 0; index < kChunksPerTile; ++index) {
        const io::MapChunk& chunk = tile.chunks[std::size_t(index)];
        const ChunkShading s = prepareChunk(tile, index, textures);
        std::fill(sums.begin(), sums.end(), glm::vec3(0.0f));
        std::fill(solid.begin(), solid.end(), 0);
        const int chunkRow = index / kChunksPerSide;
        const int chunkCol = index % kChunksPerSide;
        for (int ay = 0; ay < kSamplesPerChunk; ++ay) {
            const int row = ay / kSamplesPerQuad;
            const float fv = (float(ay % kSamplesPerQuad) + 0.5f) / float(kSamplesPerQuad);
            const float cv = (float(ay) + 0.5f) / float(kSamplesPerChunk); // chunk UV, southwards
            for (int ax = 0; ax < kSamplesPerChunk; ++ax) {
                const int col = ax / kSamplesPerQuad;
                const std::size_t gi =
                    std::size_t(chunkRow * kSamplesPerChunk + ay) * std::size_t(kTileSamples) +
                    std::size_t(chunkCol * kSamplesPerChunk + ax);
                const bool hole = quadIsHole(chunk, row, col);
                // A model surface the rasteriser kept is above the ground (or over a hole) by construction.
                const bool onModel = models && models->opaqueAt(gi);
                if (hole && !onModel) {
                    continue;
                }
                const float fu = (float(ax % kSamplesPerQuad) + 0.5f) / float(kSamplesPerQuad);
                glm::vec3 colour;
                float surface = 0.0f; // yards: the height of what the liquid is tested against
                if (onModel) {
                    colour = models->colour[gi];
                    surface = models->top[gi];
                } else {
                    const float cu = (float(ax) + 0.5f) / float(kSamplesPerChunk); // eastwards
                    const Barycentric b = triangleAt(row, col, fu, fv);
                    glm::vec3 normal(0.0f);
                    glm::vec3 factor(0.0f);
                    float height = 0.0f;
                    for (int k = 0; k < 3; ++k) {
                        const auto v = std::size_t(b.v[k]);
                        normal += b.w[k] * s.normals[v];
                        factor += b.w[k] * s.colours[v];
                        height += b.w[k] * chunk.heights[v];
                    }
                    // Splat: layers 1..3 by their alpha, over-full sums scaled back, layer 0 the rest.
                    const std::size_t ai = std::size_t(ay) * io::kAlphaSide + std::size_t(ax);
                    float w[3] = {0.0f, 0.0f, 0.0f};
                    float sum = 0.0f;
                    for (int l = 0; l < 3 && l + 1 < s.layerCount; ++l) {
                        w[l] = s.alpha[l] ? float((*s.alpha[l])[ai]) / 255.0f : 0.0f;
                        sum += w[l];
                    }
                    const float scale = 1.0f / std::max(sum, 1.0f);
                    const float tu = cu * look.textureRepeat;
                    const float tv = cv * look.textureRepeat;
                    colour = (1.0f - std::min(sum, 1.0f)) * texel(*s.textures[0], side, tu, tv);
                    for (int l = 1; l < s.layerCount; ++l) {
                        colour += w[l - 1] * scale * texel(*s.textures[l], side, tu, tv);
                    }
                    colour *= factor;
                    const float len = glm::length(normal);
                    const float lambert = len > 0.0f ? std::max(glm::dot(normal / len, sun), 0.0f) : 0.0f;
                    const bool shadowed = s.shadow && shadowBit(*s.shadow, ax, ay);
                    colour *= (look.ambient + (1.0f - look.ambient) * lambert) *
                              (1.0f - (shadowed ? look.shadowStrength : 0.0f));
                    surface = chunk.position.z + height;
                }
                // Liquid above the ground (or the model top), unlit, blended over it in order.
                const int qx = col;
                const int qy = row;
                for (const LiquidRaster& liquid : s.liquids) {
                    if (hole || !(liquid.coverage & quadBit(qx, qy)) ||
                        liquidHeightAt(liquid, qx, qy, fu, fv) < surface) {
                        continue;
                    }
                    const auto lc = liquidColour(liquidKind(liquid.liquidType));
                    colour = colour * (1.0f - lc[3]) + glm::vec3(lc[0], lc[1], lc[2]) * lc[3];
                }
                if (models) {
                    colour = models->blendOver(gi, colour);
                }
                const std::size_t p =
                    std::size_t(ay / perPixel) * std::size_t(pixelsPerChunk) + std::size_t(ax / perPixel);
                sums[p] += glm::clamp(colour, 0.0f, 1.0f);
                ++solid[p];
            }
        }
        for (int py = 0; py < pixelsPerChunk; ++py) {
            uchar* line =
                image.scanLine(chunkRow * pixelsPerChunk + py) + std::size_t(chunkCol * pixelsPerChunk) * 4;
            for (int px = 0; px < pixelsPerChunk; ++px) {
                const std::size_t p = std::size_t(py) * std::size_t(pixelsPerChunk) + std::size_t(px);
                if (solid[p] == 0) {
                    continue; // a hole: transparent
                }
                // The colour of the ground samples; alpha their share (255 from 128 px up, where a pixel
                // lies within one quad and so is all ground or all hole).
                const glm::vec3 c = sums[p] / float(solid[p]);
                uchar* out = line + px * 4;
                out[0] = uchar(std::lround(c.r * 255.0f));
                out[1] = uchar(std::lround(c.g * 255.0f));
                out[2] = uchar(std::lround(c.b * 255.0f));
                out[3] = uchar(std::lround(float(solid[p]) * invSamples * 255.0f));
            }
        }
    }
    return image;
}

} // namespace mapsmith::core
