#include "core/kernels/height_kernels.h"

#include "core/geometry/coords.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mapsmith::core {

namespace {

constexpr double kDegToRad = std::numbers::pi / 180.0;
constexpr double kMinNoiseScale = 0.01; // yards; smaller (or non-positive) noise scales are clamped
constexpr double kMaxRampAngle = 89.0;  // degrees; keeps tan() finite

// splitmix64 finaliser: a bijective 64-bit mix with full avalanche.
std::uint64_t mix64(std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

// Pseudo-random value in [-1, 1] at integer lattice point (ix, iy) for `seed`.
double latticeValue(std::uint64_t seedHash, std::int64_t ix, std::int64_t iy) {
    std::uint64_t h = seedHash ^ (std::uint64_t(ix) * 0xC2B2AE3D27D4EB4Full);
    h = mix64(h);
    h ^= std::uint64_t(iy) * 0x165667B19E3779F9ull;
    h = mix64(h);
    // Top 53 bits -> [0, 1] -> [-1, 1].
    return double(h >> 11) * (2.0 / 9007199254740991.0) - 1.0;
}

// Quintic fade 6t^5 - 15t^4 + 10t^3: C2 across lattice cells.
double fade(double t) {
    return t * t * t * (t * (t * 6.0 - 15.0) + 10.0);
}

// Calls fn(i, position, weight) for every vertex with weight > 0 and stores the height it returns
// (double, rounded to float); vertices with weight 0 are never written.
template <typename Fn>
void forEachInside(const BrushSettings& brush, glm::dvec2 centre, std::span<const glm::dvec2> positions,
                   std::span<float> heights, Fn&& fn) {
    forEachWeighted(brush, centre, positions, heights.size(), [&](std::size_t i, double w) {
        heights[i] = float(fn(i, positions[i], w, double(heights[i])));
    });
}

// Blend factor for the "move towards" modes: never beyond the goal, never away from it.
double towards(double strength, double weight) {
    return std::clamp(strength * weight, 0.0, 1.0);
}

double moveTowards(double h, double goal, double k) {
    return k >= 1.0 ? goal : h + k * (goal - h);
}

} // namespace

double valueNoise(std::uint32_t seed, glm::dvec2 p) {
    if (!std::isfinite(p.x) || !std::isfinite(p.y)) {
        return 0.0;
    }
    // Lattice coordinates stay in int64 range (the noise is period-free within it).
    constexpr double kLimit = 4.0e18;
    const double x = std::clamp(p.x, -kLimit, kLimit);
    const double y = std::clamp(p.y, -kLimit, kLimit);
    const double fx = std::floor(x);
    const double fy = std::floor(y);
    const auto ix = std::int64_t(fx);
    const auto iy = std::int64_t(fy);
    const double tx = fade(x - fx);
    const double ty = fade(y - fy);

    const std::uint64_t s = mix64(std::uint64_t(seed) * 0x9E3779B97F4A7C15ull + 0x632BE59BD9B4E019ull);
    const double v00 = latticeValue(s, ix, iy);
    const double v10 = latticeValue(s, ix + 1, iy);
    const double v01 = latticeValue(s, ix, iy + 1);
    const double v11 = latticeValue(s, ix + 1, iy + 1);
    // Convex combination of values in [-1, 1], so the result is in [-1, 1].
    const double a = v00 + tx * (v10 - v00);
    const double b = v01 + tx * (v11 - v01);
    return std::clamp(a + ty * (b - a), -1.0, 1.0);
}

void applyHeightDab(const HeightBrushSettings& settings, const DabContext& dab,
                    std::span<const glm::dvec2> positions, std::span<float> heights) {
    const BrushSettings& brush = settings.brush;
    // Strength per dab including tablet pressure; the falloff weight is applied per vertex.
    const double strength = brush.strength * brush.pressure;

    switch (settings.mode) {
    case HeightMode::RaiseLower: {
        const double amount = settings.lower ? -strength : strength; // yards at weight 1
        forEachInside(brush, dab.centre, positions, heights,
                      [&](std::size_t, glm::dvec2, double w, double h) { return h + amount * w; });
        return;
    }
    case HeightMode::Flatten: {
        if (settings.flattenTarget == FlattenTarget::Ramp) {
            // z = start height + tan(angle) * (horizontal distance from the start along the orientation).
            const double angle = std::clamp(settings.rampAngle, -kMaxRampAngle, kMaxRampAngle) * kDegToRad;
            const double slope = std::tan(angle); // yards up per yard along dir
            const double o = settings.rampOrientation * kDegToRad;
            const glm::dvec2 dir{std::cos(o), std::sin(o)}; // 0 = +x north, 90 = +y west
            forEachInside(
                brush, dab.centre, positions, heights, [&](std::size_t, glm::dvec2 p, double w, double h) {
                    const double goal = dab.strokeStartHeight + slope * glm::dot(p - dab.strokeStart, dir);
                    return moveTowards(h, goal, towards(strength, w));
                });
            return;
        }
        const double goal =
            settings.flattenTarget == FlattenTarget::Height ? settings.targetHeight : dab.strokeStartHeight;
        forEachInside(brush, dab.centre, positions, heights,
                      [&](std::size_t, glm::dvec2, double w, double h) {
                          return moveTowards(h, goal, towards(strength, w));
                      });
        return;
    }
    case HeightMode::Smooth: {
        if (!dab.heightBefore) {
            return;
        }
        // 3x3 box average of the pre-dab terrain with taps one outer-vertex spacing apart (the
        // vertex itself, its 4 axis and 4 diagonal neighbours on the vertex lattice). Symmetric,
        // so a linear field is a fixed point.
        constexpr double u = kUnitSize;
        forEachInside(brush, dab.centre, positions, heights,
                      [&](std::size_t, glm::dvec2 p, double w, double h) {
                          const double k = towards(strength, w);
                          if (!(k > 0.0)) {
                              return h;
                          }
                          double sum = 0.0;
                          for (int dy = -1; dy <= 1; ++dy) {
                              for (int dx = -1; dx <= 1; ++dx) {
                                  sum += dab.heightBefore(p + glm::dvec2(dx * u, dy * u));
                              }
                          }
                          return moveTowards(h, sum / 9.0, k);
                      });
        return;
    }
    case HeightMode::Noise: {
        const double scale = std::isfinite(settings.noiseScale)
                                 ? std::max(settings.noiseScale, kMinNoiseScale)
                                 : kMinNoiseScale;
        const std::uint32_t seed = settings.noiseSeed;
        forEachInside(brush, dab.centre, positions, heights,
                      [&](std::size_t, glm::dvec2 p, double w, double h) {
                          return h + valueNoise(seed, p / scale) * strength * w;
                      });
        return;
    }
    case HeightMode::Set: {
        // Falloff weight only (no strength or pressure): exact inside the inner radius.
        const double goal = settings.targetHeight;
        forEachInside(brush, dab.centre, positions, heights,
                      [&](std::size_t, glm::dvec2, double w, double h) { return moveTowards(h, goal, w); });
        return;
    }
    }
}

} // namespace mapsmith::core
