#pragma once
// Map > Bake Shadows and `mapsmith-cli bake-shadows`: the terrain's shadows for a sun (shadow_kernel.h)
// baked into the MCSH of every chunk of a set of tiles, as one undo step through the edit path
// (StrokeRecorder, dirty::Shadow). Every baked chunk gets has_mcsh and a 512-byte MCSH; where its
// do_not_fix_alpha_map flag is clear the last row and column repeat the ones before (the client's
// 63x63 rule). Terrain of the neighbouring tiles casts into the baked ones: loaded tiles as the document
// holds them, the others read through the map source (not loaded, not marked modified); tiles the map
// does not have, or whose file cannot be read, cast nothing. Holes cast nothing. With a model library,
// placed models cast too (core/edit/model_shadows.h); without, they cast nothing. A tile's chunks are
// baked on up to 4 threads; the edits are made on the caller's.

#include "core/document/core_error.h"
#include "core/geometry/coords.h"
#include "core/kernels/shadow_kernel.h"
#include "core/render/minimap_models.h"

#include <functional>
#include <map>
#include <memory>
#include <vector>

namespace mapsmith::core {

class MapDocument;
class ModelLibrary;

struct BakeShadowsSettings {
    SunDirection sun;
    std::vector<TileCoord> tiles;         // the tiles to bake; empty = every tile the WDT lists
    std::shared_ptr<ModelLibrary> models; // null: placed models cast nothing
    ModelTextureFn modelTextures;         // alpha of alpha-keyed model textures (null: they cast whole)
};

struct BakeShadowsReport {
    int tiles = 0;                           // tiles baked
    int chunks = 0;                          // chunks baked (256 per tile)
    int chunksChanged = 0;                   // chunks whose shown shadow or has_mcsh changed
    int modelTexels = 0;                     // texels shadowed by models and not by terrain
    std::map<TileCoord, int> changedPerTile; // every tile baked: its chunks changed
    bool pushed = false;                     // an undo step was pushed (false when nothing changed)
    // Whole-map bakes: tiles the WDT lists that could not be loaded (no file, or a damaged one), not
    // baked. Every bake: neighbouring tiles that could not be read, so cast no shadow.
    std::vector<CoreError> skipped;
    std::vector<CoreError> unreadNeighbours;
};

// Called with (tiles baked, tiles in all); false stops: nothing is changed then.
using BakeShadowsProgress = std::function<bool(int done, int total)>;

// Bakes the tiles as one undo step ("Bake shadows"). Fails without changing anything when the sun is not
// valid (Refused), a tile asked for is not in the map (NotInMap) or cannot be loaded (File), or when
// stopped (Cancelled). A whole-map bake skips the tiles that cannot be loaded (BakeShadowsReport::skipped).
Expected<BakeShadowsReport> bakeShadows(MapDocument& doc, const BakeShadowsSettings& settings,
                                        const BakeShadowsProgress& progress = {});

// The shadow bits one chunk gets: the kernel's map with the 63x63 rule applied when the chunk's
// do_not_fix_alpha_map flag is clear.
ShadowMap finishChunkShadow(ShadowMap baked, std::uint32_t chunkFlags);

} // namespace mapsmith::core
