#pragma once
// Brush shape shared by every tool: a disc of `radius` yards with full strength inside
// `hardness * radius` and a falloff to zero at the rim. Pure functions, no Qt.

#include <glm/geometric.hpp>
#include <glm/vec2.hpp>

#include <cmath>
#include <cstddef>
#include <span>
#include <vector>

namespace mapsmith::core {

enum class Falloff {
    Flat,      // 1 everywhere inside the radius
    Linear,    // 1 -> 0 linearly over the falloff band
    Smooth,    // smoothstep (3t^2 - 2t^3) over the band
    Gaussian,  // exp(-4.5 t^2) rescaled to reach exactly 0 at the rim
    Quadratic, // (1 - t)^2
};

struct BrushSettings {
    double radius = 20.0;  // yards, > 0
    double hardness = 0.5; // 0..1: the inner radius with full strength is hardness * radius
    double strength = 1.0; // mode units per dab (raise: yards; alpha: 0..1 opacity; smooth: 0..1)
    Falloff falloff = Falloff::Smooth;
    double pressure = 1.0; // 0..1 from a tablet, multiplies strength; 1 with a mouse
    double spacing = 0.25; // distance between dabs along a stroke, as a fraction of the radius (> 0)

    double innerRadius() const { return hardness * radius; }
};

// Weight in [0, 1] at `distance` yards from the brush centre: 1 within innerRadius(), 0 at and beyond
// the radius, the falloff over the band between (t = 0 at the inner radius, 1 at the rim).
// Non-increasing in distance; continuous except for Flat and hardness 1 (hard discs). Strength and
// pressure are not included (kernels apply them). NaN distance gives 0; hardness is clamped to 0..1.
double brushWeight(const BrushSettings& brush, double distance);

// Calls fn(i, weight) for each of the first `count` positions (yards) strictly inside the brush disc
// round `centre` whose brushWeight() is > 0; the one disc walk of every per-vertex kernel.
template <typename Fn>
void forEachWeighted(const BrushSettings& brush, glm::dvec2 centre, std::span<const glm::dvec2> positions,
                     std::size_t count, Fn&& fn) {
    const std::size_t n = count < positions.size() ? count : positions.size();
    const double r2 = brush.radius * brush.radius;
    for (std::size_t i = 0; i < n; ++i) {
        const glm::dvec2 d = positions[i] - centre;
        const double d2 = glm::dot(d, d);
        if (!(d2 < r2)) {
            continue;
        }
        const double w = brushWeight(brush, std::sqrt(d2));
        if (w > 0.0) {
            fn(i, w);
        }
    }
}

// Dab placement along a stroke: feeds mouse positions, returns the dab centres at exactly
// `spacing * radius` yards apart along the polyline (the first point always gets a dab).
// Distance is arc length along the polyline of the points fed so far, carried across calls.
// A step below kMinStep (including <= 0 and NaN) is treated as kMinStep; a call returns at most
// kMaxDabsPerMove dabs (the rest of that move gets none, but the spacing phase is kept for the next call).
class DabSpacer {
public:
    static constexpr double kMinStep = 1e-3; // yards
    static constexpr std::size_t kMaxDabsPerMove = 10000;

    explicit DabSpacer(const BrushSettings& brush) : mStep(brush.spacing * brush.radius) {}
    // Returns the dabs between the previous point and `to` (the first call returns `to` itself).
    std::vector<glm::dvec2> moveTo(glm::dvec2 to);

private:
    double mStep;
    bool mStarted = false;
    glm::dvec2 mLast{0.0};
    double mCarried = 0.0; // yards travelled since the last dab
};

} // namespace mapsmith::core
