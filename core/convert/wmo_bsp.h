#pragma once
// A collision BSP tree for a WMO group (MOBN nodes, MOBR face references), built over its triangles so the
// client's collision and ray queries find every face.
//
// MOBN node, 16 bytes: u16 flags (plane axis 0 x, 1 y, 2 z; 4 leaf), i16 negChild, i16 posChild (node
// indices; -1 none), u16 face count, u32 first face (into MOBR), f32 plane distance (along the axis, in the
// group's frame, yards). The negative child holds the faces reaching below the plane, the positive one
// those reaching to or above it; a face crossing the plane is in both. Leaves list their faces in MOBR
// (u16 triangle indices into MOVI / MOPY). Node 0 is the root; a node's box is the group's box cut by the
// planes above it.
//
// The tree splits a node on its box's longest axis at the median of its faces' centres (the box's middle
// when that separates nothing) until a node holds at most maxLeafFaces faces, a split separates nothing, or
// kWmoBspMaxDepth is reached.

#include "io/model/model_types.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::core {

inline constexpr std::size_t kWmoBspNodeSize = 16;
inline constexpr std::size_t kWmoBspLeafFaces = 256; // faces a leaf holds at most when it can be split
inline constexpr int kWmoBspMaxDepth = 24;

namespace wmo_bsp_flags {
inline constexpr std::uint16_t AxisX = 0;
inline constexpr std::uint16_t AxisY = 1;
inline constexpr std::uint16_t AxisZ = 2;
inline constexpr std::uint16_t Leaf = 4;
} // namespace wmo_bsp_flags

struct WmoBspNode {
    std::uint16_t flags = wmo_bsp_flags::Leaf;
    std::int16_t negChild = -1;
    std::int16_t posChild = -1;
    std::uint16_t faceCount = 0;
    std::uint32_t firstFace = 0;
    float planeDist = 0.0f;
};

struct WmoBsp {
    std::vector<WmoBspNode> nodes;    // MOBN; node 0 the root
    std::vector<std::uint16_t> faces; // MOBR
};

// The tree of the triangles `indices` (3 per triangle, below vertices.size(); at most 65536 triangles).
WmoBsp buildWmoBsp(std::span<const io::ModelVec3> vertices, std::span<const std::uint16_t> indices,
                   std::size_t maxLeafFaces = kWmoBspLeafFaces);

// The chunks' data (no chunk header).
std::vector<std::byte> wmoBspNodeBytes(const WmoBsp& bsp);
std::vector<std::byte> wmoBspFaceBytes(const WmoBsp& bsp);

} // namespace mapsmith::core
