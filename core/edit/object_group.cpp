#include "core/edit/object_group.h"

#include "core/document/map_document.h"

#include <glm/common.hpp>
#include <glm/trigonometric.hpp>

#include <cmath>

namespace mapsmith::core {

std::optional<glm::dvec3> selectionCentre(const MapDocument& doc, const std::vector<ObjectRef>& selection) {
    std::optional<glm::dvec3> lo;
    std::optional<glm::dvec3> hi;
    for (const ObjectRef& ref : selection) {
        if (const auto state = findObject(doc, ref)) {
            const glm::dvec3 p = placementToWorld(state->position());
            lo = lo ? glm::min(*lo, p) : p;
            hi = hi ? glm::max(*hi, p) : p;
        }
    }
    if (!lo) {
        return std::nullopt;
    }
    return 0.5 * (*lo + *hi);
}

ObjectTransform turnedAbout(const ObjectState& object, glm::dvec3 pivot, double degrees) {
    ObjectTransform t;
    const glm::dvec3 p = placementToWorld(object.position());
    const glm::dvec2 from(p.x - pivot.x, p.y - pivot.y);
    const double r = glm::radians(degrees);
    const glm::dvec2 to(from.x * std::cos(r) - from.y * std::sin(r),
                        from.x * std::sin(r) + from.y * std::cos(r));
    t.translate = glm::dvec3(to - from, 0.0);
    t.rotate.y = degrees;
    return t;
}

} // namespace mapsmith::core
