#include "core/convert/wmb_wmo.h"

namespace mapsmith::core {

glm::dvec3 wmbToWmoLocal(const io::WmbVec3& quants, double yardsPerQuant) {
    // Both frames right-handed, z up (wmb_wmo.h): a uniform scale.
    return glm::dvec3(double(quants[0]), double(quants[1]), double(quants[2])) * yardsPerQuant;
}

} // namespace mapsmith::core
