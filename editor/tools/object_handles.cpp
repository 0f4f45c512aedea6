#include "editor/tools/object_handles.h"

#include "core/document/map_document.h"
#include "core/edit/object_group.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mapsmith::editor {

namespace {

double segmentDistance(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b) {
    const glm::dvec2 ab = b - a;
    const double len2 = glm::dot(ab, ab);
    const double t = len2 > 0.0 ? std::clamp(glm::dot(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    return glm::distance(p, a + t * ab);
}

bool nearSegment(glm::dvec2 screen, glm::dvec3 a, glm::dvec3 b, const Projector& project) {
    const auto pa = project(a);
    const auto pb = project(b);
    return pa && pb && segmentDistance(screen, *pa, *pb) <= kHandleHitPixels;
}

} // namespace

glm::dvec3 ObjectHandles::axis(HandleKind kind) const {
    switch (kind) {
    case HandleKind::North:
        return {1.0, 0.0, 0.0};
    case HandleKind::West:
        return {0.0, 1.0, 0.0};
    case HandleKind::Up:
    case HandleKind::Ring:
        break;
    }
    return {0.0, 0.0, 1.0};
}

std::optional<ObjectHandles> objectHandles(const core::MapDocument& doc, const core::ObjectRef& ref,
                                           const core::ObjectBoundsSettings& bounds) {
    const auto state = core::findObject(doc, ref);
    if (!state) {
        return std::nullopt;
    }
    ObjectHandles h;
    h.box = state->kind == core::ObjectKind::Doodad ? core::doodadBounds(state->doodad, state->name, bounds)
                                                    : core::wmoBounds(state->wmo);
    h.position = core::placementToWorld(state->position());
    h.reach = std::max(4.0, 0.6 * glm::length(h.box.max - h.box.min));
    const io::Vec3f rotation =
        state->kind == core::ObjectKind::Doodad ? state->doodad.rotation : state->wmo.rotation;
    // Model x (forward) in placement axes (x east = -west, z south = -north) -> world x/y.
    const glm::dvec3 f = core::placementRotation(rotation) * glm::dvec3(1.0, 0.0, 0.0);
    const glm::dvec2 forward(-f.z, -f.x);
    h.forward = glm::length(forward) > 1e-6 ? glm::normalize(forward) : glm::dvec2(1.0, 0.0);
    return h;
}

std::optional<ObjectHandles> selectionHandles(const core::MapDocument& doc,
                                              const std::vector<core::ObjectRef>& selection,
                                              const core::ObjectBoundsSettings& bounds) {
    std::optional<ObjectHandles> group;
    int found = 0;
    for (const core::ObjectRef& ref : selection) {
        const auto h = objectHandles(doc, ref, bounds);
        if (!h) {
            continue;
        }
        ++found;
        if (!group) {
            group = h;
            continue;
        }
        group->box.min = glm::min(group->box.min, h->box.min);
        group->box.max = glm::max(group->box.max, h->box.max);
    }
    if (found > 1) {
        group->position = *core::selectionCentre(doc, selection);
        group->reach = std::max(4.0, 0.6 * glm::length(group->box.max - group->box.min));
        group->forward = glm::dvec2(1.0, 0.0);
    }
    return group;
}

std::optional<ScreenBox> bodyScreenBox(const ObjectHandles& h, const Projector& project) {
    std::optional<ScreenBox> box;
    for (int i = 0; i < 8; ++i) {
        const glm::dvec3 corner =
            core::placementToWorld({(i & 1) ? h.box.max.x : h.box.min.x, (i & 2) ? h.box.max.y : h.box.min.y,
                                    (i & 4) ? h.box.max.z : h.box.min.z});
        const auto p = project(corner);
        if (!p) {
            return std::nullopt;
        }
        box = box ? ScreenBox{glm::min(box->min, *p), glm::max(box->max, *p)} : ScreenBox{*p, *p};
    }
    return box;
}

std::optional<HandleKind> hitHandle(const ObjectHandles& h, glm::dvec2 screen, const Projector& project) {
    const auto origin = project(h.position);
    if (origin && glm::distance(screen, *origin) <= kHandleJunctionPixels) {
        return std::nullopt;
    }
    if (const auto body = bodyScreenBox(h, project)) {
        const glm::dvec2 size = body->max - body->min;
        if (std::min(size.x, size.y) < kSmallBodyPixels && body->contains(screen)) {
            return std::nullopt;
        }
    }
    for (const HandleKind kind : {HandleKind::North, HandleKind::West, HandleKind::Up}) {
        if (nearSegment(screen, h.position, h.position + h.axis(kind) * h.reach, project)) {
            return kind;
        }
    }
    for (int i = 0; i < kHandleRingSegments; ++i) {
        const double a0 = 2.0 * std::numbers::pi * i / kHandleRingSegments;
        const double a1 = 2.0 * std::numbers::pi * (i + 1) / kHandleRingSegments;
        const glm::dvec3 p0 = h.position + h.reach * glm::dvec3(std::cos(a0), std::sin(a0), 0.0);
        const glm::dvec3 p1 = h.position + h.reach * glm::dvec3(std::cos(a1), std::sin(a1), 0.0);
        if (nearSegment(screen, p0, p1, project)) {
            return HandleKind::Ring;
        }
    }
    return std::nullopt;
}

std::optional<double> axisParameter(const Ray& ray, glm::dvec3 origin, glm::dvec3 axis) {
    // Closest points of two lines: origin + t * axis and ray.origin + s * ray.direction.
    const glm::dvec3 w = origin - ray.origin;
    const double a = glm::dot(axis, axis);
    const double b = glm::dot(axis, ray.direction);
    const double c = glm::dot(ray.direction, ray.direction);
    const double d = glm::dot(axis, w);
    const double e = glm::dot(ray.direction, w);
    const double denominator = a * c - b * b;
    if (std::abs(denominator) < 1e-9) {
        return std::nullopt;
    }
    return (b * e - c * d) / denominator;
}

std::optional<double> ringAngle(const Ray& ray, glm::dvec3 centre) {
    if (std::abs(ray.direction.z) < 1e-9) {
        return std::nullopt;
    }
    const double s = (centre.z - ray.origin.z) / ray.direction.z;
    if (s <= 0.0) {
        return std::nullopt;
    }
    const glm::dvec3 hit = ray.origin + s * ray.direction;
    const glm::dvec2 d = glm::dvec2(hit) - glm::dvec2(centre);
    if (glm::length(d) < 1e-6) {
        return std::nullopt;
    }
    return std::atan2(d.y, d.x) * 180.0 / std::numbers::pi;
}

} // namespace mapsmith::editor
