#pragma once
// The placed models' part of a shadow bake (core/edit/bake_shadows.h with BakeShadowsSettings::models):
// the opaque and alpha-keyed triangles of every doodad and WMO (with its shown doodads) of a tile and its
// 8 neighbours, each uniqueId once, placed as the viewport places them (core/render/minimap_model_scene.h),
// cast into the tile's texels by core/kernels/model_shadow.h and ORed into its chunks' maps.

#include "core/geometry/coords.h"
#include "core/kernels/chunk_brushes.h"
#include "core/kernels/shadow_kernel.h"
#include "core/render/minimap_models.h"
#include "io/adt/adt.h"

#include <map>
#include <span>

namespace mapsmith::core {

class ModelLibrary;

// ORs the models' shadows into `maps` (the tile's 256 chunks, row-major). around: the tile and its
// neighbours (null: no tile there). textures: alpha of alpha-keyed materials (null, or a texture not
// found: they cast whole). Returns the texels newly shadowed.
int bakeModelShadows(std::span<ShadowMap> maps, TileCoord tile,
                     const std::map<TileCoord, const io::Adt*>& around, ModelLibrary& library,
                     const ModelTextureFn& textures, const SunDirection& sun);

} // namespace mapsmith::core
