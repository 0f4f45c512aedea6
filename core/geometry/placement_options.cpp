#include "core/geometry/placement_options.h"

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <algorithm>
#include <cmath>

namespace mapsmith::core {

namespace {

// World offset -> placement offset: placement (x east, y up, z south) = (-west, up, -north).
const glm::dmat3 kWorldToPlacement(0, 0, -1, -1, 0, 0, 0, 1, 0); // columns
// D of placementRotation (its own inverse).
const glm::dmat3 kFlip(-1, 0, 0, 0, 1, 0, 0, 0, -1);

double wrap360(double degrees) {
    if (!std::isfinite(degrees)) {
        return 0.0;
    }
    const double w = std::fmod(degrees, 360.0);
    const double r = w < 0.0 ? w + 360.0 : w;
    return r >= 360.0 ? 0.0 : r;
}

glm::dmat3 rotationAboutZ(double degrees) {
    const double r = glm::radians(degrees);
    const double c = std::cos(r);
    const double s = std::sin(r);
    return glm::dmat3(c, s, 0, -s, c, 0, 0, 0, 1);
}

// The shortest rotation taking unit `from` onto unit `to`.
glm::dmat3 alignRotation(glm::dvec3 from, glm::dvec3 to) {
    const glm::dvec3 k = glm::cross(from, to);
    const double s = glm::length(k);
    const double c = glm::dot(from, to);
    if (s < 1e-12) {
        if (c > 0.0) {
            return glm::dmat3(1.0);
        }
        // Opposite: half a turn about any axis perpendicular to `from`.
        glm::dvec3 axis = glm::cross(from, glm::dvec3(1, 0, 0));
        if (glm::length(axis) < 1e-6) {
            axis = glm::cross(from, glm::dvec3(0, 1, 0));
        }
        axis = glm::normalize(axis);
        return 2.0 * glm::outerProduct(axis, axis) - glm::dmat3(1.0);
    }
    // Rodrigues: I + [k]x + [k]x^2 (1 - c) / s^2.
    const glm::dmat3 kx(0, k.z, -k.y, -k.z, 0, k.x, k.y, -k.x, 0); // columns
    return glm::dmat3(1.0) + kx + kx * kx * ((1.0 - c) / (s * s));
}

bool usable(glm::dvec3 v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z) && glm::length(v) > 1e-9;
}

} // namespace

std::uint64_t PlacementRandom::next() {
    mState += 0x9E3779B97F4A7C15ull;
    std::uint64_t z = mState;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

double PlacementRandom::unit() {
    return double(next() >> 11) * 0x1.0p-53;
}

double PlacementRandom::uniform(double a, double b) {
    return a + (b - a) * unit();
}

glm::dmat3 modelToWorldRotation(glm::dvec3 up, double headingDegrees) {
    const glm::dvec3 u = usable(up) ? glm::normalize(up) : glm::dvec3(0, 0, 1);
    return alignRotation(glm::dvec3(0, 0, 1), u) * rotationAboutZ(headingDegrees);
}

glm::dmat3 worldRotationOf(const io::Vec3f& rotation) {
    return glm::transpose(kWorldToPlacement) * placementRotation(rotation);
}

io::Vec3f rotationForModelToWorld(const glm::dmat3& modelToWorld) {
    // placementRotation = D * Ry(ry - 270) * Rz(-rx) * Rx(rz - 90), so D * A * T = Ry(a) Rz(b) Rx(c).
    const glm::dmat3 n = kFlip * kWorldToPlacement * modelToWorld;
    // glm is column-major: n[col][row].
    const double sb = std::clamp(n[0][1], -1.0, 1.0);
    const double b = std::asin(sb);
    double a = 0.0;
    double c = 0.0;
    if (std::cos(b) > 1e-9) {
        a = std::atan2(-n[0][2], n[0][0]);
        c = std::atan2(-n[2][1], n[1][1]);
    } else {
        a = std::atan2(n[2][0], n[2][2]); // gimbal lock: c taken as 0
    }
    return {float(wrap360(-glm::degrees(b))), float(wrap360(glm::degrees(a) + 270.0)),
            float(wrap360(glm::degrees(c) + 90.0))};
}

PlacementChoice choosePlacement(const PlacementOptions& options, glm::dvec3 clicked,
                                std::optional<double> groundZ, std::optional<glm::dvec3> groundNormal,
                                PlacementRandom& random) {
    const double headingDraw = random.unit();
    const double tiltDraw = random.unit();
    const double directionDraw = random.unit();
    const double scaleDraw = random.unit();

    PlacementChoice out;
    out.world = clicked;
    if (options.snapToGround && groundZ && std::isfinite(*groundZ)) {
        out.world.z = *groundZ;
    }
    out.heading = options.randomHeading ? 360.0 * headingDraw : 180.0;

    double lo = options.scaleMin;
    double hi = options.scaleMax;
    if (!std::isfinite(lo) || !std::isfinite(hi)) {
        lo = hi = 1.0;
    }
    const double smallest = scaleFactor(kScaleMin);
    const double largest = scaleFactor(kScaleMax);
    out.scale = std::clamp(lo + (hi - lo) * scaleDraw, smallest, largest);

    glm::dvec3 up(0, 0, 1);
    if (options.followSlope && groundNormal && usable(*groundNormal)) {
        up = glm::normalize(*groundNormal);
    }
    const double maxTilt =
        std::isfinite(options.maxTiltDegrees) ? std::clamp(options.maxTiltDegrees, 0.0, 90.0) : 0.0;
    if (maxTilt > 0.0) {
        // Any direction perpendicular to `up`, tilted by a uniform angle.
        const glm::dvec3 helper = std::abs(up.z) < 0.9 ? glm::dvec3(0, 0, 1) : glm::dvec3(1, 0, 0);
        const glm::dvec3 e1 = glm::normalize(glm::cross(helper, up));
        const glm::dvec3 e2 = glm::cross(up, e1);
        const double tilt = glm::radians(maxTilt * tiltDraw);
        const double direction = 2.0 * 3.14159265358979323846 * directionDraw;
        const glm::dvec3 sideways = std::cos(direction) * e1 + std::sin(direction) * e2;
        up = glm::normalize(std::cos(tilt) * up + std::sin(tilt) * sideways);
    }
    if (up == glm::dvec3(0, 0, 1)) {
        out.rotation = {0.0f, options.randomHeading ? rotationYForHeading(out.heading) : 0.0f, 0.0f};
    } else {
        out.rotation = rotationForModelToWorld(modelToWorldRotation(up, out.heading));
    }
    return out;
}

std::optional<glm::dvec3> terrainNormal(const std::function<std::optional<double>(glm::dvec2)>& height,
                                        glm::dvec2 p, double step) {
    if (!height || !(step > 0.0)) {
        return std::nullopt;
    }
    const auto north = height(p + glm::dvec2(step, 0));
    const auto south = height(p - glm::dvec2(step, 0));
    const auto west = height(p + glm::dvec2(0, step));
    const auto east = height(p - glm::dvec2(0, step));
    if (!north || !south || !west || !east) {
        return std::nullopt;
    }
    const double dx = (*north - *south) / (2.0 * step);
    const double dy = (*west - *east) / (2.0 * step);
    const glm::dvec3 n(-dx, -dy, 1.0);
    if (!usable(n)) {
        return std::nullopt;
    }
    return glm::normalize(n);
}

} // namespace mapsmith::core
