#include "core/kernels/liquid_raster.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <bit>
#include <cmath>
#include <numbers>

namespace mapsmith::core {
namespace {

using io::LiquidVertexFormat;

constexpr double kDegToRad = std::numbers::pi / 180.0;
constexpr double kMaxPlaneAngle = 89.0; // degrees; keeps tan() finite

bool hasHeights(LiquidVertexFormat f) {
    return f != LiquidVertexFormat::DepthOnly;
}
bool hasDepths(LiquidVertexFormat f) {
    return f != LiquidVertexFormat::HeightUv;
}
bool hasUvs(LiquidVertexFormat f) {
    return f == LiquidVertexFormat::HeightUv || f == LiquidVertexFormat::HeightUvDepth;
}

// Bitwise float equality: "unchanged" means the same bits (and NaN equals itself).
bool sameBits(float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b);
}

// The instance rectangle clipped to the chunk (the reader guarantees it is inside; the model may not).
struct Rect {
    int x0 = 0;
    int y0 = 0;
    int w = 0;
    int h = 0;
};

Rect rectOf(const io::LiquidInstance& in) {
    Rect r{in.xOffset, in.yOffset, in.width, in.height};
    r.w = std::clamp(r.w, 0, std::max(0, kLiquidQuadsPerSide - r.x0));
    r.h = std::clamp(r.h, 0, std::max(0, kLiquidQuadsPerSide - r.y0));
    return r;
}

} // namespace

LiquidRaster newLiquidRaster(std::uint16_t liquidType) {
    LiquidRaster r;
    r.liquidType = liquidType;
    r.format =
        liquidType == liquid_type::Ocean ? LiquidVertexFormat::DepthOnly : LiquidVertexFormat::HeightDepth;
    r.liquidObjectOrLvf = std::uint16_t(*r.format);
    r.baseHeight = 0.0f;
    r.heights.fill(0.0f);
    r.depths.fill(kImplicitDepth);
    return r;
}

QuadMask instanceCoverage(const io::LiquidInstance& in) {
    const Rect rect = rectOf(in);
    QuadMask out = 0;
    // Bit i of the exists bitmap counts over the stored width, even if the rectangle was clipped.
    const int stride = in.width;
    for (int y = 0; y < rect.h; ++y) {
        for (int x = 0; x < rect.w; ++x) {
            const std::size_t i = std::size_t(y * stride + x);
            bool exists = true;
            if (in.existsBitmap) {
                const auto& bits = *in.existsBitmap;
                exists = i / 8 < bits.size() && ((bits[i / 8] >> (i % 8)) & 1u) != 0;
            }
            if (exists) {
                out |= quadBit(rect.x0 + x, rect.y0 + y);
            }
        }
    }
    return out;
}

LiquidRaster toRaster(const io::LiquidInstance& in) {
    LiquidRaster r;
    r.liquidType = in.liquidType;
    r.liquidObjectOrLvf = in.liquidObjectOrLvf;
    r.format = in.vertexFormat;
    r.baseHeight = in.minHeight;
    r.heights.fill(in.minHeight);
    r.depths.fill(kImplicitDepth);
    r.coverage = instanceCoverage(in);
    if (!in.vertexFormat) {
        return r;
    }
    const LiquidVertexFormat f = *in.vertexFormat;
    const Rect rect = rectOf(in);
    const int stride = in.width + 1;
    for (int y = 0; y <= rect.h; ++y) {
        for (int x = 0; x <= rect.w; ++x) {
            const std::size_t src = std::size_t(y * stride + x);
            const int dst = liquidVertexIndex(rect.x0 + x, rect.y0 + y);
            // Missing entries read as the writer writes them: minHeight, depth 0, uv 0.
            if (hasHeights(f)) {
                r.heights[std::size_t(dst)] = src < in.heights.size() ? in.heights[src] : in.minHeight;
            }
            if (hasDepths(f)) {
                r.depths[std::size_t(dst)] = src < in.depths.size() ? in.depths[src] : 0;
            }
            if (hasUvs(f)) {
                r.uvs[std::size_t(dst)] = src < in.uvs.size() ? in.uvs[src] : io::LiquidUv{};
            }
        }
    }
    return r;
}

std::optional<io::LiquidInstance> toInstance(const LiquidRaster& r) {
    if (r.coverage == 0) {
        return std::nullopt;
    }
    int x0 = kLiquidQuadsPerSide;
    int y0 = kLiquidQuadsPerSide;
    int x1 = -1;
    int y1 = -1;
    for (int qy = 0; qy < kLiquidQuadsPerSide; ++qy) {
        for (int qx = 0; qx < kLiquidQuadsPerSide; ++qx) {
            if (r.coverage & quadBit(qx, qy)) {
                x0 = std::min(x0, qx);
                y0 = std::min(y0, qy);
                x1 = std::max(x1, qx);
                y1 = std::max(y1, qy);
            }
        }
    }
    io::LiquidInstance in;
    in.liquidType = r.liquidType;
    in.liquidObjectOrLvf = r.liquidObjectOrLvf;
    in.xOffset = std::uint8_t(x0);
    in.yOffset = std::uint8_t(y0);
    in.width = std::uint8_t(x1 - x0 + 1);
    in.height = std::uint8_t(y1 - y0 + 1);
    const int w = in.width;
    const int h = in.height;

    // Exists bitmap only when a quad of the rectangle is missing; padding bits set.
    bool full = true;
    for (int y = 0; y < h && full; ++y) {
        for (int x = 0; x < w; ++x) {
            if (!(r.coverage & quadBit(x0 + x, y0 + y))) {
                full = false;
                break;
            }
        }
    }
    if (!full) {
        const int n = w * h;
        auto& bits = in.existsBitmap.emplace(std::size_t((n + 7) / 8), std::uint8_t(0));
        for (int i = 0; i < int(bits.size()) * 8; ++i) {
            const bool set = i >= n || (r.coverage & quadBit(x0 + i % w, y0 + i / w)) != 0;
            if (set) {
                bits[std::size_t(i / 8)] |= std::uint8_t(1u << (i % 8));
            }
        }
    }

    // The format: the raster's, widened when it cannot hold the used vertices' values.
    const VertexMask used = usedVertices(r.coverage);
    bool heightsOffBase = false;
    bool depthsOffImplicit = false;
    for (int i = 0; i < kLiquidVertexCount; ++i) {
        if (used[std::size_t(i)]) {
            heightsOffBase |= !sameBits(r.heights[std::size_t(i)], r.baseHeight);
            depthsOffImplicit |= r.depths[std::size_t(i)] != kImplicitDepth;
        }
    }
    std::optional<LiquidVertexFormat> format = r.format;
    if (!format) {
        if (heightsOffBase || depthsOffImplicit) {
            format = LiquidVertexFormat::HeightDepth;
        }
    } else if (*format == LiquidVertexFormat::DepthOnly && heightsOffBase) {
        format = LiquidVertexFormat::HeightDepth;
    } else if (*format == LiquidVertexFormat::HeightUv && depthsOffImplicit) {
        format = LiquidVertexFormat::HeightUvDepth;
    }
    if (format && format != r.format && in.liquidObjectOrLvf <= 3) {
        in.liquidObjectOrLvf = std::uint16_t(*format);
    }
    in.vertexFormat = format;

    // min/max over the used vertices (the base height when the format stores none).
    if (format && hasHeights(*format)) {
        float lo = 0.0f;
        float hi = 0.0f;
        bool first = true;
        for (int i = 0; i < kLiquidVertexCount; ++i) {
            if (!used[std::size_t(i)]) {
                continue;
            }
            const float v = r.heights[std::size_t(i)];
            lo = first ? v : std::min(lo, v);
            hi = first ? v : std::max(hi, v);
            first = false;
        }
        in.minHeight = lo;
        in.maxHeight = hi;
    } else {
        in.minHeight = r.baseHeight;
        in.maxHeight = r.baseHeight;
    }

    if (format) {
        const std::size_t count = in.vertexCount();
        const LiquidVertexFormat f = *format;
        if (hasHeights(f)) {
            in.heights.reserve(count);
        }
        if (hasDepths(f)) {
            in.depths.reserve(count);
        }
        if (hasUvs(f)) {
            in.uvs.reserve(count);
        }
        for (int y = 0; y <= h; ++y) {
            for (int x = 0; x <= w; ++x) {
                const auto i = std::size_t(liquidVertexIndex(x0 + x, y0 + y));
                if (hasHeights(f)) {
                    in.heights.push_back(r.heights[i]);
                }
                if (hasDepths(f)) {
                    in.depths.push_back(r.depths[i]);
                }
                if (hasUvs(f)) {
                    in.uvs.push_back(r.uvs[i]);
                }
            }
        }
    }
    return in;
}

VertexMask usedVertices(QuadMask coverage) {
    VertexMask out;
    while (coverage != 0) {
        const int bit = std::countr_zero(coverage);
        coverage &= coverage - 1;
        const int qx = bit % kLiquidQuadsPerSide;
        const int qy = bit / kLiquidQuadsPerSide;
        out.set(std::size_t(liquidVertexIndex(qx, qy)));
        out.set(std::size_t(liquidVertexIndex(qx + 1, qy)));
        out.set(std::size_t(liquidVertexIndex(qx, qy + 1)));
        out.set(std::size_t(liquidVertexIndex(qx + 1, qy + 1)));
    }
    return out;
}

bool vertexUsed(QuadMask coverage, int vx, int vy) {
    for (int qy = std::max(0, vy - 1); qy <= std::min(kLiquidQuadsPerSide - 1, vy); ++qy) {
        for (int qx = std::max(0, vx - 1); qx <= std::min(kLiquidQuadsPerSide - 1, vx); ++qx) {
            if (coverage & quadBit(qx, qy)) {
                return true;
            }
        }
    }
    return false;
}

glm::dvec2 liquidVertexWorld(int gx, int gy) {
    return {kMapHalfSize - gy * kUnitSize, kMapHalfSize - gx * kUnitSize};
}

glm::dvec2 liquidQuadCentreWorld(int qx, int qy) {
    return {kMapHalfSize - (qy + 0.5) * kUnitSize, kMapHalfSize - (qx + 0.5) * kUnitSize};
}

QuadMask quadsInDisc(GlobalChunk chunk, glm::dvec2 centre, double radius) {
    const double r2 = radius * radius;
    QuadMask out = 0;
    for (int qy = 0; qy < kLiquidQuadsPerSide; ++qy) {
        for (int qx = 0; qx < kLiquidQuadsPerSide; ++qx) {
            const glm::dvec2 d = liquidQuadCentreWorld(chunk.gx * 8 + qx, chunk.gy * 8 + qy) - centre;
            if (glm::dot(d, d) < r2) {
                out |= quadBit(qx, qy);
            }
        }
    }
    return out;
}

VertexMask verticesInDisc(GlobalChunk chunk, glm::dvec2 centre, double radius) {
    const double r2 = radius * radius;
    VertexMask out;
    for (int vy = 0; vy < kLiquidVerticesPerSide; ++vy) {
        for (int vx = 0; vx < kLiquidVerticesPerSide; ++vx) {
            const glm::dvec2 d = liquidVertexWorld(chunk.gx * 8 + vx, chunk.gy * 8 + vy) - centre;
            if (glm::dot(d, d) < r2) {
                out.set(std::size_t(liquidVertexIndex(vx, vy)));
            }
        }
    }
    return out;
}

double LiquidPlane::heightAt(glm::dvec2 world) const {
    if (angle == 0.0) {
        return height; // exactly flat
    }
    const double a = std::clamp(angle, -kMaxPlaneAngle, kMaxPlaneAngle) * kDegToRad;
    const double o = orientation * kDegToRad;
    const glm::dvec2 dir{std::cos(o), std::sin(o)}; // 0 = +x north, 90 = +y west
    return height + std::tan(a) * glm::dot(world - origin, dir);
}

std::uint8_t depthBelow(double liquidHeight, double terrainHeight) {
    const double d = liquidHeight - terrainHeight;
    if (!std::isfinite(d) || d <= 0.0) {
        return 0;
    }
    return std::uint8_t(std::min(255.0, std::ceil(d * kDepthUnitsPerYard)));
}

QuadMask addQuads(LiquidRaster& r, QuadMask quads,
                  const std::function<LiquidVertexValue(int vx, int vy)>& fresh) {
    const QuadMask added = quads & ~r.coverage;
    if (added == 0) {
        return 0;
    }
    const VertexMask before = usedVertices(r.coverage);
    const VertexMask now = usedVertices(r.coverage | added) & ~before;
    const bool storesDepth = r.format && hasDepths(*r.format);
    for (int i = 0; i < kLiquidVertexCount; ++i) {
        if (!now[std::size_t(i)]) {
            continue;
        }
        const LiquidVertexValue v = fresh(i % kLiquidVerticesPerSide, i / kLiquidVerticesPerSide);
        r.heights[std::size_t(i)] = v.height;
        r.depths[std::size_t(i)] = storesDepth ? v.depth : kImplicitDepth;
        r.uvs[std::size_t(i)] = {};
    }
    r.coverage |= added;
    return added;
}

QuadMask removeQuads(LiquidRaster& r, QuadMask quads) {
    const QuadMask removed = quads & r.coverage;
    r.coverage &= ~removed;
    return removed;
}

int setHeights(LiquidRaster& r, GlobalChunk chunk, const VertexMask& vertices, const LiquidPlane& plane) {
    const VertexMask target = vertices & usedVertices(r.coverage);
    int changed = 0;
    for (int i = 0; i < kLiquidVertexCount; ++i) {
        if (!target[std::size_t(i)]) {
            continue;
        }
        const glm::dvec2 p = liquidVertexWorld(chunk.gx * 8 + i % kLiquidVerticesPerSide,
                                               chunk.gy * 8 + i / kLiquidVerticesPerSide);
        const float h = float(plane.heightAt(p));
        if (!sameBits(r.heights[std::size_t(i)], h)) {
            r.heights[std::size_t(i)] = h;
            ++changed;
        }
    }
    return changed;
}

int setDepths(LiquidRaster& r, const VertexMask& vertices, std::optional<std::uint8_t> constant,
              std::span<const double, kLiquidVertexCount> terrain) {
    const VertexMask target = vertices & usedVertices(r.coverage);
    int changed = 0;
    for (int i = 0; i < kLiquidVertexCount; ++i) {
        if (!target[std::size_t(i)]) {
            continue;
        }
        std::uint8_t d = 0;
        if (constant) {
            d = *constant;
        } else if (std::isfinite(terrain[std::size_t(i)])) {
            d = depthBelow(r.heights[std::size_t(i)], terrain[std::size_t(i)]);
        } else {
            continue;
        }
        if (r.depths[std::size_t(i)] != d) {
            r.depths[std::size_t(i)] = d;
            ++changed;
        }
    }
    return changed;
}

bool setLiquidType(LiquidRaster& r, std::uint16_t liquidType) {
    if (r.liquidType == liquidType) {
        return false;
    }
    r.liquidType = liquidType;
    return true;
}

} // namespace mapsmith::core
