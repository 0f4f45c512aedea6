#pragma once
// One object to place by world position (core/edit/place_objects.h), as a CSV line or the command line
// gives it. Plain C++ (no Qt), so the CSV parser builds into its fuzz target.

#include <glm/vec2.hpp>

#include <optional>
#include <string>

namespace mapsmith::core {

struct PlacementRequest {
    std::string model;       // game path; a .wmo name is placed as a WMO (MODF), any other as a doodad
    glm::dvec2 world{0.0};   // yards: x north, y west (the .gps / server coordinates)
    std::optional<double> z; // yards, up; nullopt: the terrain height at the position
    double heading = 0.0;    // degrees: 0 faces north, 90 west (rotationYForHeading)
    double scale = 1.0;      // doodads: 1/1024 .. 64 (MDDF stores 1024 = 1.0); WMOs: 1 only
    int line = 0;            // where the request came from (a CSV line number), 0 for none
};

} // namespace mapsmith::core
