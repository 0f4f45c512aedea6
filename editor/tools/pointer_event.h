#pragma once
// One left-button press, move or release in the viewport as the object tool sees it: the ray from the eye
// through the pixel, the pixel, the terrain point under it (if any), the keyboard modifiers, and how world
// points map to the viewport's pixels at that moment (for the rubber band and handles).

#include "editor/tools/object_handles.h"
#include "editor/viewport/camera_controller.h"

#include <Qt>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <optional>

namespace mapsmith::editor {

struct PointerEvent {
    Ray ray;                          // world yards, unit direction
    std::optional<glm::dvec2> screen; // viewport pixels; nullopt: a ground point given without a view
    std::optional<glm::dvec3> ground; // the terrain point the ray meets first; nullopt: sky or a hole
    Qt::KeyboardModifiers modifiers = Qt::NoModifier;
    Projector project; // world -> viewport pixels; empty without a view
};

// A ground point without a view (Tool::begin / drag): the ray looks straight down onto it from
// kGroundRayHeight yards above.
inline constexpr double kGroundRayHeight = 2000.0;
inline PointerEvent groundPointer(glm::dvec3 world, Qt::KeyboardModifiers modifiers) {
    PointerEvent e;
    e.ray = Ray{world + glm::dvec3(0.0, 0.0, kGroundRayHeight), glm::dvec3(0.0, 0.0, -1.0)};
    e.ground = world;
    e.modifiers = modifiers;
    return e;
}

} // namespace mapsmith::editor
