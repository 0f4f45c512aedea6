#include "core/convert/wmb_level_frame.h"

#include "core/convert/wmb_wmo.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"

#include <glm/mat3x3.hpp>
#include <glm/trigonometric.hpp>

#include <cmath>

namespace mapsmith::core {

LevelFrame::LevelFrame(glm::dvec3 origin, double yardsPerQuant)
    : mOrigin(origin), mYardsPerQuant(yardsPerQuant) {
    // The world position of a level point: WMO-local through the MODF placement at `origin`.
    const glm::dmat3 rotation =
        placementRotation(io::Vec3f{0.0f, rotationYForHeading(kLevelWmoHeading), 0.0f});
    const glm::dvec3 placedOrigin = worldToPlacement(origin);
    const auto world = [&](const io::WmbVec3& q) {
        return placementToWorld(placedOrigin + rotation * wmbToWmoLocal(q, yardsPerQuant));
    };
    const glm::dvec3 base = world({0.0f, 0.0f, 0.0f});
    // Columns: the images of the level's unit axes (the mapping is linear; both maps are).
    mLinear = glm::dmat3(world({1.0f, 0.0f, 0.0f}) - base, world({0.0f, 1.0f, 0.0f}) - base,
                         world({0.0f, 0.0f, 1.0f}) - base);
    mInverse = glm::inverse(mLinear);
}

double LevelFrame::headingOfPan(double panDegrees) const {
    const double pan = glm::radians(panDegrees);
    const glm::dvec3 facing = mLinear * glm::dvec3(std::cos(pan), std::sin(pan), 0.0);
    // Heading: counter-clockwise from north (world +x) towards west (world +y).
    double heading = glm::degrees(std::atan2(facing.y, facing.x));
    heading = std::fmod(heading, 360.0);
    if (heading < 0.0) {
        heading += 360.0;
    }
    return heading >= 360.0 ? 0.0 : heading;
}

} // namespace mapsmith::core
