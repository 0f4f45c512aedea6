#pragma once
// Small value types shared by the model readers (M2, skin, WMO, MDX). Coordinates are the file's own
// (model space, Z up), nothing is converted.

#include <array>
#include <cstdint>

namespace mapsmith::io {

using ModelVec2 = std::array<float, 2>;
using ModelVec3 = std::array<float, 3>;

// An axis-aligned box as stored (min then max; nothing checks min <= max) and, where the format has one, a
// bounding-sphere radius (0 where it has none).
struct ModelBounds {
    ModelVec3 min{};
    ModelVec3 max{};
    float radius = 0.0f;

    bool operator==(const ModelBounds&) const = default;
};

} // namespace mapsmith::io
