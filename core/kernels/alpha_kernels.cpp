#include "core/kernels/alpha_kernels.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace mapsmith::core {

namespace {

// Sums within this of 1 count as normalised (float weights carry ~1e-7 relative error).
constexpr double kSumTolerance = 1e-4;

std::size_t at(int px, int py) {
    return std::size_t(py * kAlphaMapSide + px);
}

// float(a) / 255.0f for every alpha, so the exact-round-trip test costs a load, not a division.
const std::array<float, 256> kAlphaWeight = [] {
    std::array<float, 256> t{};
    for (int a = 0; a < 256; ++a) {
        t[std::size_t(a)] = float(a) / 255.0f;
    }
    return t;
}();

float alphaWeight(std::uint8_t a) {
    return kAlphaWeight[a];
}

// Nearest integer of x >= 0 (half up), without the libm call of lround.
int roundNonNegative(double x) {
    return int(x + 0.5);
}

// Pixel columns [lo, hi] of row py whose centres lie strictly within the radius; lo > hi when none.
void rowSpan(double radius, glm::dvec2 centre, glm::dvec2 chunkOrigin, int py, int& lo, int& hi) {
    const double r2 = radius * radius;
    const double dx = chunkOrigin.x - (py + 0.5) * kAlphaPixelSize - centre.x;
    const double rest = r2 - dx * dx;
    lo = 0;
    hi = -1;
    if (!(rest > 0.0)) {
        return;
    }
    const double h = std::sqrt(rest);
    const double fx0 = (chunkOrigin.y - centre.y - h) / kAlphaPixelSize - 0.5;
    const double fx1 = (chunkOrigin.y - centre.y + h) / kAlphaPixelSize - 0.5;
    if (fx1 < -1.0 || fx0 > kAlphaMapSide) {
        return;
    }
    // One pixel of margin for rounding, then the exact test: a disc's pixels form one interval per
    // row, so shrinking a superset from both ends finds it.
    lo = std::max(0, int(std::floor(fx0)) - 1);
    hi = std::min(kAlphaMapSide - 1, int(std::ceil(fx1)) + 1);
    auto inside = [&](int px) {
        const double dy = chunkOrigin.y - (px + 0.5) * kAlphaPixelSize - centre.y;
        return dx * dx + dy * dy < r2;
    };
    while (lo <= hi && !inside(lo)) {
        ++lo;
    }
    while (hi >= lo && !inside(hi)) {
        --hi;
    }
}

} // namespace

void PixelRect::unite(const PixelRect& o) {
    if (o.empty()) {
        return;
    }
    if (empty()) {
        *this = o;
        return;
    }
    x0 = std::min(x0, o.x0);
    y0 = std::min(y0, o.y0);
    x1 = std::max(x1, o.x1);
    y1 = std::max(y1, o.y1);
}

glm::dvec2 alphaPixelCentre(glm::dvec2 chunkOrigin, int px, int py) {
    return chunkOrigin - glm::dvec2((py + 0.5) * kAlphaPixelSize, (px + 0.5) * kAlphaPixelSize);
}

PixelRect dabPixelRect(double radius, glm::dvec2 centre, glm::dvec2 chunkOrigin) {
    PixelRect rect;
    if (!(radius > 0.0) || !std::isfinite(radius) || !std::isfinite(centre.x) || !std::isfinite(centre.y)) {
        return rect;
    }
    const double fy0 = (chunkOrigin.x - centre.x - radius) / kAlphaPixelSize - 0.5;
    const double fy1 = (chunkOrigin.x - centre.x + radius) / kAlphaPixelSize - 0.5;
    if (fy1 < -1.0 || fy0 > kAlphaMapSide) {
        return rect;
    }
    const int py0 = std::max(0, int(std::floor(fy0)) - 1);
    const int py1 = std::min(kAlphaMapSide - 1, int(std::ceil(fy1)) + 1);
    for (int py = py0; py <= py1; ++py) {
        int lo = 0;
        int hi = -1;
        rowSpan(radius, centre, chunkOrigin, py, lo, hi);
        if (lo <= hi) {
            rect.unite({lo, py, hi + 1, py + 1});
        }
    }
    return rect;
}

namespace {

// One pixel of applyAlphaDab with N layers (compile-time, so the layer loops unroll). Returns whether
// any stored weight changed.
template <int N>
bool dabPixel(std::array<std::array<float, kAlphaMapPixels>, kMaxTextureLayers>& L, std::size_t p, int t,
              bool erase, double k) {
    double w[N];
    double sum = 0.0;
    for (int i = 1; i < N; ++i) {
        const double v = double(L[std::size_t(i)][p]);
        w[i] = v > 0.0 ? std::min(v, 1.0) : 0.0; // NaN -> 0
        sum += w[i];
    }
    // Over-full source pixels (alphas summing above 1) have no base; every dab scales their excess by
    // (1 - k) instead of renormalising at once, which would jump at the brush rim.
    const bool overFull = sum > 1.0 + 1e-6;
    w[0] = overFull ? 0.0 : std::max(0.0, 1.0 - sum);
    if (!erase) {
        for (int i = 1; i < N; ++i) {
            w[i] = i == t ? w[i] + k * (1.0 - w[i]) : w[i] * (1.0 - k);
        } // t == 0: the base is re-derived below (w0 + k * (1 - w0) when not over-full)
    } else if (t >= 1) {
        w[t] *= 1.0 - k; // the removed weight returns to the base (re-derived below)
    } else if (!overFull && sum > 0.0) {
        const double grow = 1.0 + k * w[0] / sum; // others share the base's loss pro rata
        for (int i = 1; i < N; ++i) {
            w[i] = std::min(1.0, w[i] * grow);
        }
    }
    // Store the alpha layers, then derive the base from what was stored.
    float stored[N];
    double storedSum = 0.0;
    for (int i = 1; i < N; ++i) {
        stored[i] = float(w[i]);
        storedSum += double(stored[i]);
    }
    if (!overFull && storedSum > 1.0) { // float rounding only: shave it off the largest layer
        int big = 1;
        for (int i = 2; i < N; ++i) {
            big = stored[i] > stored[big] ? i : big;
        }
        stored[big] = std::max(0.0f, float(double(stored[big]) - (storedSum - 1.0)));
        storedSum = 0.0;
        for (int i = 1; i < N; ++i) {
            storedSum += double(stored[i]);
        }
    }
    stored[0] = float(std::max(0.0, 1.0 - storedSum));
    bool differs = false; // bitwise, so -0.0 -> 0.0 counts as a change and NaN as one once
    for (int i = 0; i < N; ++i) {
        auto& slot = L[std::size_t(i)][p];
        differs |= std::bit_cast<std::uint32_t>(slot) != std::bit_cast<std::uint32_t>(stored[i]);
        slot = stored[i];
    }
    return differs;
}

template <int N>
PixelRect dabLoop(const BrushSettings& brush, const AlphaDab& dab, double strength, ChunkWeights& weights) {
    const PixelRect rect = dabPixelRect(brush.radius, dab.centre, dab.chunkOrigin);
    int cx0 = kAlphaMapSide;
    int cy0 = kAlphaMapSide;
    int cx1 = -1;
    int cy1 = -1;
    for (int py = rect.y0; py < rect.y1; ++py) {
        const double dx = dab.chunkOrigin.x - (py + 0.5) * kAlphaPixelSize - dab.centre.x;
        int lo = 0;
        int hi = -1;
        rowSpan(brush.radius, dab.centre, dab.chunkOrigin, py, lo, hi);
        for (int px = lo; px <= hi; ++px) {
            const double dy = dab.chunkOrigin.y - (px + 0.5) * kAlphaPixelSize - dab.centre.y;
            const double k =
                std::clamp(strength * brushWeight(brush, std::sqrt(dx * dx + dy * dy)), 0.0, 1.0);
            if (!(k > 0.0)) {
                continue;
            }
            if (dabPixel<N>(weights.layer, at(px, py), dab.layer, dab.erase, k)) {
                cx0 = std::min(cx0, px);
                cx1 = std::max(cx1, px);
                cy0 = std::min(cy0, py);
                cy1 = std::max(cy1, py);
            }
        }
    }
    return cx1 >= 0 ? PixelRect{cx0, cy0, cx1 + 1, cy1 + 1} : PixelRect{};
}

} // namespace

PixelRect applyAlphaDab(const BrushSettings& brush, const AlphaDab& dab, ChunkWeights& weights) {
    const int n = weights.layerCount;
    const double strength = brush.strength * brush.pressure;
    if (dab.layer < 0 || dab.layer >= n || !(strength > 0.0)) {
        return {};
    }
    switch (n) {
    case 1:
        return dabLoop<1>(brush, dab, strength, weights);
    case 2:
        return dabLoop<2>(brush, dab, strength, weights);
    case 3:
        return dabLoop<3>(brush, dab, strength, weights);
    case 4:
        return dabLoop<4>(brush, dab, strength, weights);
    default:
        return {};
    }
}

void weightsFromAlpha(std::span<const io::AlphaMap* const> alphas, ChunkWeights& out) {
    const int maps = std::min<int>(int(alphas.size()), kMaxTextureLayers - 1);
    out.layerCount = maps + 1;
    for (int p = 0; p < kAlphaMapPixels; ++p) {
        int sum = 0;
        for (int i = 0; i < maps; ++i) {
            const std::uint8_t a = (*alphas[std::size_t(i)])[std::size_t(p)];
            out.layer[std::size_t(i + 1)][std::size_t(p)] = alphaWeight(a);
            sum += a;
        }
        out.layer[0][std::size_t(p)] = float(std::max(0, 255 - sum)) / 255.0f;
    }
}

void alphaFromWeights(const ChunkWeights& weights, PixelRect rect, int levels,
                      std::span<io::AlphaMap* const> out) {
    const int maps = std::min<int>({int(out.size()), weights.layerCount - 1, kMaxTextureLayers - 1});
    levels = std::clamp(levels, 1, 255);
    rect.x0 = std::max(rect.x0, 0);
    rect.y0 = std::max(rect.y0, 0);
    rect.x1 = std::min(rect.x1, kAlphaMapSide);
    rect.y1 = std::min(rect.y1, kAlphaMapSide);
    for (int py = rect.y0; py < rect.y1; ++py) {
        for (int px = rect.x0; px < rect.x1; ++px) {
            const std::size_t p = at(px, py);
            // Pixels whose weights still are their alphas keep them (untouched pixels stay bit-identical
            // whatever their depth).
            bool same = true;
            for (int i = 0; i < maps && same; ++i) {
                same = weights.layer[std::size_t(i + 1)][p] == alphaWeight((*out[std::size_t(i)])[p]);
            }
            if (same) {
                continue;
            }
            double scaled[kMaxTextureLayers - 1] = {};
            int level[kMaxTextureLayers - 1] = {};
            double sum = 0.0;
            int levelSum = 0;
            for (int i = 0; i < maps; ++i) {
                double w = double(weights.layer[std::size_t(i + 1)][p]);
                w = std::isnan(w) ? 0.0 : std::clamp(w, 0.0, 1.0);
                sum += w;
                scaled[i] = w * levels;
                level[i] = roundNonNegative(scaled[i]);
                levelSum += level[i];
            }
            if (sum <= 1.0 + kSumTolerance) {
                while (levelSum > levels) {
                    int worst = -1;
                    for (int i = 0; i < maps; ++i) {
                        if (level[i] > 0 &&
                            (worst < 0 || level[i] - scaled[i] > level[worst] - scaled[worst])) {
                            worst = i;
                        }
                    }
                    --level[worst];
                    --levelSum;
                }
            }
            for (int i = 0; i < maps; ++i) {
                (*out[std::size_t(i)])[p] = std::uint8_t((level[i] * 255 + levels / 2) / levels);
            }
        }
    }
}

PixelRect mirrorUnfixedEdge(ChunkWeights& weights, PixelRect rect) {
    if (rect.empty()) {
        return rect;
    }
    constexpr int last = kAlphaMapSide - 1;
    if (rect.x1 > last - 1) {
        for (int i = 0; i < weights.layerCount; ++i) {
            auto& l = weights.layer[std::size_t(i)];
            for (int py = rect.y0; py < rect.y1; ++py) {
                l[at(last, py)] = l[at(last - 1, py)];
            }
        }
        rect.x1 = kAlphaMapSide;
    }
    if (rect.y1 > last - 1) {
        for (int i = 0; i < weights.layerCount; ++i) {
            auto& l = weights.layer[std::size_t(i)];
            for (int px = rect.x0; px < rect.x1; ++px) {
                l[at(px, last)] = l[at(px, last - 1)];
            }
        }
        rect.y1 = kAlphaMapSide;
    }
    return rect;
}

std::array<std::uint8_t, 16> lowQualityTextureMap(const ChunkWeights& weights) {
    std::array<std::uint8_t, 16> map{};
    const int n = std::clamp(weights.layerCount, 1, kMaxTextureLayers);
    for (int cy = 0; cy < 8; ++cy) {
        for (int cx = 0; cx < 8; ++cx) {
            double total[kMaxTextureLayers] = {};
            for (int py = cy * kLowQualityCellPixels; py < (cy + 1) * kLowQualityCellPixels; ++py) {
                for (int px = cx * kLowQualityCellPixels; px < (cx + 1) * kLowQualityCellPixels; ++px) {
                    const std::size_t p = at(px, py);
                    for (int i = 0; i < n; ++i) {
                        const double w = double(weights.layer[std::size_t(i)][p]);
                        total[i] += w > 0.0 ? w : 0.0;
                    }
                }
            }
            int best = 0;
            long long bestTotal = std::llround(total[0] * 255.0);
            for (int i = 1; i < n; ++i) {
                const long long v = std::llround(total[i] * 255.0);
                if (v > bestTotal) {
                    best = i;
                    bestTotal = v;
                }
            }
            const int bit = cy * 8 + cx;
            map[std::size_t(bit / 4)] |= std::uint8_t(best << (2 * (bit % 4)));
        }
    }
    return map;
}

std::array<std::uint8_t, 16> lowQualityTextureMap(std::span<const io::AlphaMap* const> alphas) {
    std::array<std::uint8_t, 16> map{};
    const int maps = std::min<int>(int(alphas.size()), kMaxTextureLayers - 1);
    for (int cy = 0; cy < 8; ++cy) {
        for (int cx = 0; cx < 8; ++cx) {
            int total[kMaxTextureLayers] = {};
            for (int py = cy * kLowQualityCellPixels; py < (cy + 1) * kLowQualityCellPixels; ++py) {
                for (int px = cx * kLowQualityCellPixels; px < (cx + 1) * kLowQualityCellPixels; ++px) {
                    const std::size_t p = at(px, py);
                    int sum = 0;
                    for (int i = 0; i < maps; ++i) {
                        const int a = (*alphas[std::size_t(i)])[p];
                        total[i + 1] += a;
                        sum += a;
                    }
                    total[0] += std::max(0, 255 - sum);
                }
            }
            int best = 0;
            for (int i = 1; i <= maps; ++i) {
                best = total[i] > total[best] ? i : best;
            }
            const int bit = cy * 8 + cx;
            map[std::size_t(bit / 4)] |= std::uint8_t(best << (2 * (bit % 4)));
        }
    }
    return map;
}

int lowQualityLayerAt(const std::array<std::uint8_t, 16>& map, int cellX, int cellY) {
    const int bit = cellY * 8 + cellX;
    return (map[std::size_t(bit / 4)] >> (2 * (bit % 4))) & 3;
}

std::array<double, kMaxTextureLayers> layerUsage(const ChunkWeights& weights) {
    std::array<double, kMaxTextureLayers> usage{};
    const int n = std::clamp(weights.layerCount, 1, kMaxTextureLayers);
    for (int p = 0; p < kAlphaMapPixels; ++p) {
        double sum = 0.0;
        for (int i = 1; i < n; ++i) {
            sum += std::clamp(double(weights.layer[std::size_t(i)][std::size_t(p)]), 0.0, 1.0);
        }
        const double scale = sum > 1.0 ? 1.0 / sum : 1.0;
        for (int i = 1; i < n; ++i) {
            usage[std::size_t(i)] +=
                std::clamp(double(weights.layer[std::size_t(i)][std::size_t(p)]), 0.0, 1.0) * scale;
        }
        usage[0] += std::max(0.0, 1.0 - sum);
    }
    for (auto& u : usage) {
        u /= kAlphaMapPixels;
    }
    return usage;
}

} // namespace mapsmith::core
