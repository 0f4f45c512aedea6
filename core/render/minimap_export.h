#pragma once
// Rendering a saved map's minimaps into its folder, as the 3.3.5 client finds them. The images live in
// <map folder>/minimaps/, a tree of loose files mirroring the game paths (so it reads as an asset source,
// and Export Patch puts each file at its path):
//   unhashed (no game data, or game data whose md5translate.trs does not list the map):
//     minimaps/textures/Minimap/<Map>/map<x>_<yy>.blp
//   hashed (the game data's md5translate.trs lists the map, as for the client's own maps):
//     minimaps/textures/Minimap/<md5>.blp and minimaps/textures/Minimap/md5translate.trs, the game data's
//     whole translate file with the rendered tiles' entries replaced or added (core/render/minimap_files.h).
// With a model library, the tiles' placed models are drawn on them (core/render/minimap_models.h); the
// result counts the placements drawn and names the models that were not found or could not be read.
// Each image is a 256 (or 512) px DXT1 BLP2 with its mip chain. A run is one transaction
// (core/document/file_transaction.h): its images, the translate file and the removal of hashed images no
// entry names any more are committed together, or none is; the translate file keeps its previous version
// as .bak, images are derived files and are simply replaced.

#include "core/document/core_error.h"
#include "core/geometry/coords.h"
#include "core/geometry/height_grid.h"
#include "core/render/minimap_model_scene.h"
#include "core/render/minimap_renderer.h"

#include <QString>

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::io {
class TextureCache;
}

namespace mapsmith::core {

class ModelLibrary;

inline constexpr const char* kMinimapFolder = "minimaps";

// <mapDir>/minimaps
QString minimapFolder(const QString& mapDir);

struct MinimapRenderRequest {
    QString wdtPath;                // the map: <dir>/<Name>.wdt with its tiles
    std::optional<TileBlock> block; // only these tiles; nullopt: every tile the WDT lists
    MinimapSettings settings;
    // The game data (textures, and its md5translate.trs); null: no game data, unhashed layout.
    std::shared_ptr<io::TextureCache> textures;
    // The placed models' meshes (over the same game data as `textures`, whose cache gives their
    // textures); null: models are not drawn.
    std::shared_ptr<ModelLibrary> models;
};

struct WrittenMinimap {
    TileCoord tile;
    std::string gamePath; // textures\Minimap\...
    QString file;
    std::size_t bytes = 0;
};

struct MinimapRenderResult {
    std::vector<WrittenMinimap> written; // in the order rendered: rows north to south, each west to east
    bool hashed = false;
    QString translateFile;          // hashed: the merged md5translate.trs written
    std::size_t translateLines = 0; // hashed: the tile entries of every map it holds
    std::vector<CoreError> failed;  // tiles that could not be read or written, each naming its tile
    // With models: MDDF/MODF entries drawn, summed over the tiles written (an object reaching two tiles
    // counts on each); the model names without a mesh, once each, in the order met.
    std::size_t modelsDrawn = 0;
    std::vector<MissingModel> missingModels;
};

// Called after each tile with done = 1..total; returning false cancels.
using MinimapProgress = std::function<bool(std::size_t done, std::size_t total)>;

// The tiles a run renders: those the WDT lists (MAIN) that have a file, within the block. Errors: the WDT
// cannot be read.
Expected<std::vector<TileCoord>> minimapTiles(const MinimapRenderRequest& request);

// Renders and writes the tiles, a batch of one tile per core at a time (rendered and encoded in parallel,
// staged in order), committing them together at the end. A tile that cannot be read is recorded and the
// others go on. Errors: the WDT cannot be read, an unsupported size (Refused), a file or folder cannot be
// written, or cancellation; after each, no minimap file is changed and no temporary is left. Touches no
// shared state but the texture cache: may run on a worker thread.
Expected<MinimapRenderResult> renderMinimaps(const MinimapRenderRequest& request,
                                             const MinimapProgress& progress = {});

// Encodes a rendered image (RGBA8888) as a DXT1 BLP2 with mips.
std::vector<std::byte> encodeMinimapBlp(const QImage& image);

} // namespace mapsmith::core
