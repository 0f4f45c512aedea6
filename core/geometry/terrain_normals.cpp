#include "core/geometry/terrain_normals.h"

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include <cmath>

namespace mapsmith::core {

std::array<std::int8_t, 3> packNormal(double dhSouth, double dhEast) {
    // The surface z = h(x, y) has normal (-dh/dx, -dh/dy, 1); x points north (= -south), y west.
    const glm::vec3 n = glm::normalize(glm::vec3(float(dhSouth), float(dhEast), 1.0f));
    return {std::int8_t(std::lround(n.x * 127.0f)), std::int8_t(std::lround(n.y * 127.0f)),
            std::int8_t(std::lround(n.z * 127.0f))};
}

} // namespace mapsmith::core
