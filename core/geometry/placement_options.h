#pragma once
// How the object tool places a new model: random heading, scale and tilt, upright or along the terrain
// slope, on the ground or at the clicked point. Pure: the terrain comes in as a height and a normal, the
// randomness from a seedable generator (the same seed gives the same placements on every platform).
//
// World axes (yards): x north, y west, z up. A model (x forward, y left, z up) placed upright with
// heading h (degrees, 0 north, 90 west) has its axes turned by h about world z; a tilt or the slope then
// turns its up axis onto the chosen direction by the shortest rotation, keeping the heading as near as
// that allows. Rotations are returned as stored in MDDF/MODF (degrees, placement axes; see
// core/geometry/object_model.h).

#include "core/geometry/object_model.h"

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <functional>
#include <optional>

namespace mapsmith::core {

struct PlacementOptions {
    bool randomHeading = false; // heading uniform in [0, 360); otherwise rotation y 0 (heading 180)
    double scaleMin = 1.0;      // scale factor drawn uniformly from [scaleMin, scaleMax] (doodads only)
    double scaleMax = 1.0;
    double maxTiltDegrees = 0.0; // up axis tilted by up to this (uniform angle, any direction); 0..90
    bool followSlope = false;    // up axis along the terrain normal; otherwise world up
    bool snapToGround = true;    // z from the terrain under the point; otherwise the clicked point's z
    bool operator==(const PlacementOptions&) const = default;
};

// A small, fast generator (SplitMix64) whose output depends on the seed alone.
class PlacementRandom {
public:
    explicit PlacementRandom(std::uint64_t seed = 0x5eed) : mState(seed) {}
    void seed(std::uint64_t seed) { mState = seed; }
    std::uint64_t next();
    // Uniform in [0, 1).
    double unit();
    // Uniform in [a, b) (either order; a when they are equal).
    double uniform(double a, double b);

private:
    std::uint64_t mState;
};

struct PlacementChoice {
    glm::dvec3 world{0.0};  // where the model goes (yards)
    io::Vec3f rotation{};   // MDDF/MODF rotation, degrees
    double scale = 1.0;     // factor (MDDF scale / 1024); WMOs ignore it
    double heading = 180.0; // degrees, the heading chosen before any tilt
};

// The placement of one model clicked at `clicked` (world). groundZ: the terrain height under it (nullopt:
// none known, the clicked z is kept); groundNormal: the terrain's unit normal there (world; nullopt or
// degenerate: straight up). Draws four numbers from `random` whatever the options (heading, tilt angle,
// tilt direction, scale), so one seed gives the same sequence of draws.
PlacementChoice choosePlacement(const PlacementOptions& options, glm::dvec3 clicked,
                                std::optional<double> groundZ, std::optional<glm::dvec3> groundNormal,
                                PlacementRandom& random);

// Model -> world rotation of a model whose up axis is `up` (unit, world) and whose heading is
// `headingDegrees` (see the header comment).
glm::dmat3 modelToWorldRotation(glm::dvec3 up, double headingDegrees);
// The MDDF/MODF rotation (degrees) whose placementRotation() maps model axes as `modelToWorld` does.
io::Vec3f rotationForModelToWorld(const glm::dmat3& modelToWorld);
// placementRotation() expressed in world axes (model -> world offsets).
glm::dmat3 worldRotationOf(const io::Vec3f& rotation);

// The terrain's unit normal at `p` (world x/y) from central differences of `height` `step` yards apart;
// nullopt when a height is missing.
std::optional<glm::dvec3> terrainNormal(const std::function<std::optional<double>(glm::dvec2)>& height,
                                        glm::dvec2 p, double step = 1.0);

} // namespace mapsmith::core
