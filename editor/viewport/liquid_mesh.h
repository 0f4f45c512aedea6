#pragma once
// Translucent surfaces of one chunk's MH2O instances: one quad (two triangles) per covered liquid quad,
// vertices on the terrain's outer lattice (core/kernels/liquid_raster.h), coloured by the liquid's kind.

#include "core/geometry/coords.h"
#include "core/render/terrain_look.h"
#include "editor/viewport/coloured_mesh.h"
#include "editor/viewport/scene_frame.h"
#include "io/adt/mh2o.h"

#include <array>
#include <cstdint>

namespace mapsmith::editor {

// The liquid colours are core's (core/render/terrain_look.h), shared with the minimap renderer.
using core::liquidColour;
using core::LiquidKind;
using core::liquidKind;

ColouredMesh buildLiquidMesh(const io::LiquidChunk& liquid, const core::ChunkCoord& chunk,
                             const SceneFrame& frame);

} // namespace mapsmith::editor
