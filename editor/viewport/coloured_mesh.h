#pragma once
// Plain coloured geometry (liquids, object boxes, the brush ring): interleaved position + RGBA.

#include <cstdint>
#include <vector>

namespace mapsmith::editor {

struct ColouredVertex {
    float position[3]; // scene, yards
    float colour[4];   // RGBA 0..1 (alpha < 1 only in the transparent pass)
};
static_assert(sizeof(ColouredVertex) == 28);

struct ColouredMesh {
    std::vector<ColouredVertex> vertices;
    std::vector<std::uint32_t> indices; // triangles or line pairs, per the entity's primitive
    bool empty() const { return indices.empty(); }
};

} // namespace mapsmith::editor
