#include "core/edit/object_clipboard.h"

#include "core/document/map_document.h"

#include <glm/common.hpp>

#include <algorithm>

namespace mapsmith::core {

ObjectClipboard copyObjects(const MapDocument& doc, const std::vector<ObjectRef>& selection) {
    ObjectClipboard clip;
    std::vector<glm::dvec3> positions;
    for (const ObjectRef& ref : selection) {
        const bool seen =
            std::any_of(clip.objects.begin(), clip.objects.end(), [&](const ClipboardObject& o) {
                return o.state.kind == ref.kind && o.state.uniqueId() == ref.uniqueId;
            });
        if (seen) {
            continue;
        }
        auto state = findObject(doc, ref);
        if (!state) {
            continue;
        }
        const glm::dvec3 p = placementToWorld(state->position());
        const auto ground = doc.heightAt(glm::dvec2(p));
        clip.objects.push_back(
            {std::move(*state), glm::dvec3(0.0), ground ? std::optional(p.z - *ground) : std::nullopt});
        positions.push_back(p);
    }
    if (positions.empty()) {
        return clip;
    }
    glm::dvec3 lo = positions.front();
    glm::dvec3 hi = positions.front();
    for (const glm::dvec3& p : positions) {
        lo = glm::min(lo, p);
        hi = glm::max(hi, p);
    }
    clip.anchor = 0.5 * (lo + hi);
    for (std::size_t i = 0; i < positions.size(); ++i) {
        clip.objects[i].offset = positions[i] - clip.anchor;
    }
    return clip;
}

std::vector<ObjectState> placedCopies(const MapDocument& doc, const ObjectClipboard& clipboard, glm::dvec3 at,
                                      const ObjectBoundsSettings& bounds) {
    std::vector<ObjectState> out;
    out.reserve(clipboard.objects.size());
    for (const ClipboardObject& o : clipboard.objects) {
        glm::dvec3 world = at + o.offset;
        const auto ground = doc.heightAt(glm::dvec2(world));
        if (ground && o.aboveGround) {
            world.z = *ground + *o.aboveGround;
        }
        ObjectState s = o.state;
        const io::Vec3f position = toVec3f(worldToPlacement(world));
        if (s.kind == ObjectKind::Doodad) {
            s.doodad.position = position;
        } else {
            const auto local = bounds.modelBounds ? bounds.modelBounds(s.kind, s.name) : std::nullopt;
            const Box3 e = wmoExtents(o.state.wmo, position, s.wmo.rotation, local);
            s.wmo.position = position;
            s.wmo.extentsMin = toVec3f(e.min);
            s.wmo.extentsMax = toVec3f(e.max);
        }
        out.push_back(std::move(s));
    }
    return out;
}

std::vector<ObjectRef> pasteObjects(ObjectEditor& editor, const MapDocument& doc,
                                    const ObjectClipboard& clipboard, glm::dvec3 at, const QString& text) {
    return editor.addObjects(placedCopies(doc, clipboard, at, editor.settings().bounds), text);
}

} // namespace mapsmith::core
