#include "editor/tools/object_pick.h"

#include "core/document/map_document.h"
#include "core/models/object_pick.h"

#include <glm/geometric.hpp>

namespace mapsmith::editor {

std::optional<PointerPick> pickObjectHit(const core::MapDocument& doc, const PointerEvent& pointer,
                                         const core::ObjectBoundsSettings& bounds) {
    const double reach =
        pointer.ground ? glm::distance(pointer.ray.origin, *pointer.ground) + kTerrainSlack : 1.0e5;
    const auto pick = core::pickObjectAlongRay(doc, pointer.ray.origin, pointer.ray.direction, bounds, reach);
    if (!pick) {
        return std::nullopt;
    }
    return PointerPick{pick->ref, pointer.ray.origin + pick->hit.distance * pointer.ray.direction};
}

std::optional<core::ObjectRef> pickObject(const core::MapDocument& doc, const PointerEvent& pointer,
                                          const core::ObjectBoundsSettings& bounds) {
    const auto pick = pickObjectHit(doc, pointer, bounds);
    return pick ? std::optional(pick->ref) : std::nullopt;
}

std::vector<core::ObjectRef> objectsInBand(const core::MapDocument& doc, const ScreenBox& band,
                                           const Projector& project) {
    std::vector<core::ObjectRef> out;
    if (!project) {
        return out;
    }
    core::forEachObject(doc, [&](const core::ObjectRef& ref, const core::ObjectState& state) {
        const auto p = project(core::placementToWorld(state.position()));
        if (p && band.contains(*p)) {
            out.push_back(ref);
        }
    });
    return out;
}

} // namespace mapsmith::editor
