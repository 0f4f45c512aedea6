#pragma once
// Where a Gamestudio level lands on the map: the level's origin (0, 0, 0) at a world position, its
// blocks as a WMO placed there with one MODF entry turned so that the level's axes keep their meaning
// (Gamestudio: x east, y north, z up, as core/convert/hmp_terrain.h maps HMP terrains): a level point
// (quants) goes through the one level -> WMO-local mapping (core/convert/wmb_wmo.h, wmbToWmoLocal) and then
// the MODF placement (core/geometry/object_model.h, placementRotation) to world yards (x north, y west, z
// up). Entities use the same frame, so models and terrains stand where they stood among the level's
// blocks. Pure.
//
// The MODF rotation: a model's +x faces heading rotation y - 180 (rotationYForHeading), so rotation y 0
// would turn the level's x to the south; rotation (0, 90, 0) (heading 270) turns it east, and its y (90
// degrees counter-clockwise of x, no mirror) north.

#include <glm/mat3x3.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace mapsmith::core {

// The heading of the level's WMO (PlacementRequest::heading; MODF rotation (0, 90, 0)): its +x east.
inline constexpr double kLevelWmoHeading = 270.0;

class LevelFrame {
public:
    // origin: world yards of the level's (0, 0, 0); yardsPerQuant > 0.
    LevelFrame(glm::dvec3 origin, double yardsPerQuant);

    glm::dvec3 origin() const { return mOrigin; }
    double yardsPerQuant() const { return mYardsPerQuant; }
    // World yards of a level point in quants.
    glm::dvec3 toWorld(glm::dvec3 quants) const { return mOrigin + mLinear * quants; }
    // The level point (quants) of a world point.
    glm::dvec3 toLevel(glm::dvec3 world) const { return mInverse * (world - mOrigin); }
    // A level direction in world axes (unnormalized).
    glm::dvec3 directionToWorld(glm::dvec3 levelDirection) const { return mLinear * levelDirection; }
    // The game heading (degrees in [0, 360): 0 north, 90 west) of a Gamestudio pan angle (degrees,
    // counter-clockwise from the level's +x seen from above), for a model facing its +x axis.
    double headingOfPan(double panDegrees) const;

private:
    glm::dvec3 mOrigin;
    double mYardsPerQuant;
    glm::dmat3 mLinear;  // level quants -> world yards (scale and axes)
    glm::dmat3 mInverse; // world yards -> level quants
};

} // namespace mapsmith::core
