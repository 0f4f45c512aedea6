#include "core/geometry/brush.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>

namespace mapsmith::core {

namespace {

// exp(-4.5) : the raw gaussian at the rim, subtracted so the falloff reaches exactly 0 there.
const double kGaussianRim = std::exp(-4.5);

} // namespace

double brushWeight(const BrushSettings& brush, double distance) {
    const double radius = brush.radius;
    // `!(a < b)` also rejects NaN distance and NaN/non-positive radius.
    if (!(distance < radius)) {
        return 0.0;
    }
    if (brush.falloff == Falloff::Flat) {
        return 1.0;
    }
    const double hardness = std::clamp(brush.hardness, 0.0, 1.0);
    const double inner = hardness * radius;
    if (distance <= inner) {
        return 1.0;
    }
    // inner < distance < radius, so the band is non-empty and t is in (0, 1).
    const double t = std::clamp((distance - inner) / (radius - inner), 0.0, 1.0);
    const double u = 1.0 - t;
    double w = 0.0;
    switch (brush.falloff) {
    case Falloff::Flat:
        w = 1.0;
        break;
    case Falloff::Linear:
        w = u;
        break;
    case Falloff::Smooth:
        w = 1.0 - t * t * (3.0 - 2.0 * t);
        break;
    case Falloff::Gaussian:
        w = (std::exp(-4.5 * t * t) - kGaussianRim) / (1.0 - kGaussianRim);
        break;
    case Falloff::Quadratic:
        w = u * u;
        break;
    }
    return std::clamp(w, 0.0, 1.0);
}

std::vector<glm::dvec2> DabSpacer::moveTo(glm::dvec2 to) {
    if (!std::isfinite(to.x) || !std::isfinite(to.y)) {
        return {};
    }
    if (!mStarted) {
        mStarted = true;
        mLast = to;
        mCarried = 0.0;
        return {to};
    }
    const glm::dvec2 delta = to - mLast;
    const double length = glm::length(delta);
    if (!(length > 0.0) || !std::isfinite(length)) {
        return {};
    }
    const double step = (mStep > kMinStep && std::isfinite(mStep)) ? mStep : kMinStep;
    const glm::dvec2 dir = delta / length;

    // Dabs at arc lengths first + i * step from mLast (computed, not accumulated, so no drift).
    // Invariant: 0 <= mCarried < step, hence first is in (0, step].
    const double first = step - mCarried;
    // Number of dabs in [first, length], with a relative tolerance so that a dab falling on `to` up
    // to rounding is placed now (at `to`) rather than a hair into the next move.
    const double available = std::floor((length - first) / step + 1e-9) + 1.0;
    std::vector<glm::dvec2> dabs;
    if (available < 1.0) {
        mCarried += length;
        mLast = to;
        return dabs;
    }
    // The cap bounds both the loop and the allocation.
    const std::size_t count = available >= double(kMaxDabsPerMove) ? kMaxDabsPerMove : std::size_t(available);
    dabs.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
        const double s = first + double(i) * step;
        dabs.push_back(s >= length ? to : mLast + dir * s);
    }
    // Distance from the last dab that would have been placed (capped or not) to `to`.
    const double lastAt = first + (available - 1.0) * step;
    mCarried = std::clamp(length - lastAt, 0.0, step);
    if (mCarried >= step) {
        mCarried = 0.0;
    }
    mLast = to;
    return dabs;
}

} // namespace mapsmith::core
