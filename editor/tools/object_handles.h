#pragma once
// The on-screen handles of a selected object and the math of dragging them. Handles, in world
// yards: three axis segments from the object's position (north, west, up) of length `reach`, and a
// ring of radius `reach` on the horizontal plane through the position. Dragging an axis moves the
// object along it by the distance the cursor's ray travels along the axis; dragging the ring turns
// the object about the up axis by the angle the cursor sweeps around it. Pure: no Qt 3D, testable.

#include "core/object_edit.h"
#include "editor/viewport/camera_controller.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <functional>
#include <optional>

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

// The handles of an object; nullopt when it is not in the document.
std::optional<ObjectHandles> objectHandles(const core::MapDocument& doc, const core::ObjectRef& ref,
                                           const core::ObjectBoundsSettings& bounds);

// The handle under a screen point (within kHandleHitPixels of its drawn line; axes before the ring),
// given how world points project to the screen (nullopt behind the camera).
using Projector = std::function<std::optional<glm::dvec2>(glm::dvec3 world)>;
std::optional<HandleKind> hitHandle(const ObjectHandles& handles, glm::dvec2 screen,
                                    const Projector& project);

// Parameter t of the point origin + t * axis nearest to the ray (the axis position the cursor means);
// nullopt when ray and axis are parallel.
std::optional<double> axisParameter(const Ray& ray, glm::dvec3 origin, glm::dvec3 axis);
// World angle (degrees, from north towards west) of the ray's hit on the horizontal plane through
// `centre`, seen from `centre`; nullopt when the ray misses the plane or hits the centre.
std::optional<double> ringAngle(const Ray& ray, glm::dvec3 centre);

} // namespace mapsmith::editor
