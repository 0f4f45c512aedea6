#pragma once
// The geometry half of buildWmoFromWmb (wmb_wmo.h): a level's triangles, already classified (drawn with a
// material, or collision only) and sorted, as WMO groups.
//
// Vertices: positions through wmbToWmoLocal; MOTV from tu, tv as stored: they are in texture repeats already
// (test.wmb's 768-quant floor runs tu -1.5..1.5 under a 256-pixel texture, one texel a quant), and both
// formats put v = 0 on the image's first row. Normals: flat (each triangle its own three vertices) unless the
// skin is smooth (vertices shared within a block and batch; the normal is the area-weighted sum of every
// smooth triangle of the block at that position). MOCV: when the level has lightmaps, twice each vertex's
// lightmap colour under (su, sv) (white for a flat skin, which has no lightmap, or a lightmap index outside
// the list), alpha 0 (see the .cpp); none otherwise. Groups: at most kWmoMaxGroupVertices vertices and
// kWmoMaxGroupTriangles triangles each, filled in order; batches (MOBA) are the runs of one material (at most
// kWmoMaxBatchTriangles each), the collision-only triangles after them in no batch; every group is exterior,
// with its BSP (wmo_bsp.h) as MOBN / MOBR.

#include "io/gamestudio/wmb.h"
#include "io/model/wmo_group.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::core {

// SKIN flags. The spec: "bit 1 = flat (no lightmap), bit 2 = sky, bit 14 = smooth", counting from 1:
// test.wmb's water skin (no lightmap: every su, sv equal) has flags 0x49, so "bit 1" is 0x1.
inline constexpr std::int32_t kWmbSkinFlat = 0x1; // no lightmap
inline constexpr std::int32_t kWmbSkinSky = 0x2;
inline constexpr std::int32_t kWmbSkinSmooth = 0x2000;

// MOPY triangle flags as the client reads them: a face collides when it has Collision, or Render without
// Detail; faces are drawn through the batches, not through these flags. Blizzard's trolltent_000.wmo draws
// its faces with Render | Detail (0x24, no collision) and collides with material-0xFF faces flagged
// Collision (0x08).
namespace wmo_triangle_flags {
inline constexpr std::uint8_t Detail = 0x04;
inline constexpr std::uint8_t Collision = 0x08;
inline constexpr std::uint8_t Render = 0x20;
} // namespace wmo_triangle_flags
inline constexpr std::uint8_t kWmoNoMaterial = 0xFF; // MOPY: collision only

// MOGP / MOGI flags.
namespace wmo_group_flags {
inline constexpr std::uint32_t HasBsp = 0x1;
inline constexpr std::uint32_t HasVertexColors = 0x4;
inline constexpr std::uint32_t Exterior = 0x8;
} // namespace wmo_group_flags

inline constexpr std::size_t kWmoMaxGroupVertices = 65535;      // MOVI holds u16 indices
inline constexpr std::size_t kWmoMaxGroupTriangles = 65535;     // MOBR holds u16 face indices
inline constexpr std::size_t kWmoMaxBatchTriangles = 65535 / 3; // MOBA's index count is a u16

struct WmbSourceTriangle {
    std::uint32_t block = 0;               // into Wmb::blocks
    std::array<std::uint16_t, 3> vertex{}; // the block's vertices, in the WMO's (counter-clockwise) winding
    std::uint16_t skin = 0;                // the block's skin
    std::uint8_t material = kWmoNoMaterial;
    std::uint8_t flags = 0; // MOPY
};

// The groups of `triangles` (indices checked, sorted by material with kWmoNoMaterial last). Their name
// offsets are left 0 (the root names them).
std::vector<io::WmoGroup> buildWmbGroups(const io::Wmb& level, std::span<const WmbSourceTriangle> triangles,
                                         double yardsPerQuant);

} // namespace mapsmith::core
