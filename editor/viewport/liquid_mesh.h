#pragma once
// Translucent surfaces of one chunk's MH2O instances: one quad (two triangles) per covered liquid quad,
// vertices on the terrain's outer lattice (core/kernels/liquid_raster.h), coloured by the liquid's kind.

#include "core/geometry/coords.h"
#include "editor/viewport/coloured_mesh.h"
#include "editor/viewport/scene_frame.h"
#include "io/adt/mh2o.h"

#include <array>
#include <cstdint>

namespace mapsmith::editor {

enum class LiquidKind { Water, Ocean, Magma, Slime };

// LiquidType.dbc id -> kind: ids 1..20 cycle water, ocean, magma, slime (1 water, 2 ocean, 3 magma,
// 4 slime, 5 slow water, ..., 19 WMO magma, 20 WMO slime); other ids count as water.
LiquidKind liquidKind(std::uint16_t liquidType);
// RGBA: water blue, ocean dark blue, magma orange, slime green; alpha is the surface's opacity.
std::array<float, 4> liquidColour(LiquidKind kind);

ColouredMesh buildLiquidMesh(const io::LiquidChunk& liquid, const core::ChunkCoord& chunk,
                             const SceneFrame& frame);

} // namespace mapsmith::editor
