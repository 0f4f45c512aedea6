#pragma once
// The on-screen handles of a selected object and the math of dragging them. Handles, in world
// yards: three axis segments from the object's position (north, west, up) of length `reach`, and a
// ring of radius `reach` on the horizontal plane through the position. Dragging an axis moves the
// object along it by the distance the cursor's ray travels along the axis; dragging the ring turns
// the object about the up axis by the angle the cursor sweeps around it. Pure: no Qt 3D, testable.

#include "core/edit/object_edit.h"
#include "editor/viewport/camera_controller.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <functional>
#include <optional>
#include <vector>

namespace mapsmith::editor {

enum class HandleKind { North, West, Up, Ring };

struct ObjectHandles {
    glm::dvec3 position{0.0};               // world
    double reach = 4.0;                     // yards: axis length and ring radius
    glm::dvec2 forward{1.0, 0.0};           // world x/y direction the model faces (unit)
    core::Box3 box;                         // placement-coordinate bounds
    glm::dvec3 axis(HandleKind kind) const; // unit world direction of an axis handle
};

inline constexpr int kHandleRingSegments = 48;
inline constexpr double kHandleHitPixels = 6.0;
inline constexpr double kHandleJunctionPixels = 10.0;
inline constexpr double kSmallBodyPixels = 48.0;

// The screen rectangle (pixels) a body covers: the bounds of its box's 8 projected corners.
struct ScreenBox {
    glm::dvec2 min{0.0};
    glm::dvec2 max{0.0};
    bool contains(glm::dvec2 p) const { return p.x >= min.x && p.x <= max.x && p.y >= min.y && p.y <= max.y; }
};

// The handles of an object; nullopt when it is not in the document.
std::optional<ObjectHandles> objectHandles(const core::MapDocument& doc, const core::ObjectRef& ref,
                                           const core::ObjectBoundsSettings& bounds);
// The handles of a selection: one object's own, or for several, at the centre of their positions
// (core::selectionCentre) around the box holding all their boxes, facing north; nullopt when none is found.
std::optional<ObjectHandles> selectionHandles(const core::MapDocument& doc,
                                              const std::vector<core::ObjectRef>& selection,
                                              const core::ObjectBoundsSettings& bounds);

// How world points project to the screen (pixels); nullopt behind the camera.
using Projector = std::function<std::optional<glm::dvec2>(glm::dvec3 world)>;

// The body's screen rectangle; nullopt when a corner is behind the camera.
std::optional<ScreenBox> bodyScreenBox(const ObjectHandles& handles, const Projector& project);

// The handle under a screen point, given how world points project to the screen; nullopt means the
// point is not on a handle (a press there is for the body or the terrain). Handles do not win over
// the body where it is hard to tell them apart:
//   - within kHandleJunctionPixels of the projected position, where the three axes meet,
//   - inside the body's screen box while that box is small (narrower or shorter than
//     kSmallBodyPixels): a distant object's handles are gripped only outside it.
// Elsewhere a handle is hit within kHandleHitPixels of its drawn line (axes before the ring).
std::optional<HandleKind> hitHandle(const ObjectHandles& handles, glm::dvec2 screen,
                                    const Projector& project);

// Parameter t of the point origin + t * axis nearest to the ray (the axis position the cursor means);
// nullopt when ray and axis are parallel.
std::optional<double> axisParameter(const Ray& ray, glm::dvec3 origin, glm::dvec3 axis);
// World angle (degrees, from north towards west) of the ray's hit on the horizontal plane through
// `centre`, seen from `centre`; nullopt when the ray misses the plane or hits the centre.
std::optional<double> ringAngle(const Ray& ray, glm::dvec3 centre);

} // namespace mapsmith::editor
