#pragma once
// A Gamestudio WMB7 level (io/gamestudio/wmb.h) imported into an open map, as one undo step:
//  - the blocks become a WMO (core/convert/wmb_wmo.h) "World\wmo\Gamestudio\<Level>\<Level>.wmo", placed
//    with one MODF entry whose position is the level's origin, rotation (0, 90, 0) so the level's x points
//    east, y north, z up (core/convert/wmb_level_frame.h);
//  - ENTITY / OLD_ENTITY objects whose file is an .mdl become doodads of that model, copied to
//    "World\wmo\Gamestudio\<Level>\<file name>" (so the map folder holds what it places), at the entity's
//    origin, heading from its pan, MDDF scale = entity scale x * yardsPerQuant (MDL units are quants);
//  - entities whose file is an .hmp set the terrain under them (core/convert/wmb_terrain.h);
//  - anything else (lights, sounds, paths, positions, the INFO object, entities of other files or whose
//    file is not found) is listed as not imported, with the reason.
// Positions go through one LevelFrame (core/convert/wmb_level_frame.h), so everything lines up with the
// blocks. Everything is checked before anything changes: a refused import changes nothing. The files the
// caller must write under the map folder (the WMO root and groups, its BLPs, the entities' models) come
// back in the report, at their game paths.

#include "core/convert/wmb_terrain.h"
#include "core/convert/wmb_wmo.h"
#include "core/document/core_error.h"
#include "core/edit/placement_request.h"
#include "core/geometry/coords.h"
#include "io/assets/asset_source.h"
#include "io/gamestudio/wmb.h"

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::core {

class MapDocument;
class ModelLibrary;
class UniqueIdAllocator;

inline constexpr double kDefaultYardsPerQuant = 1.0 / 36.0; // one quant is one inch

struct WmbImportRequest {
    std::string levelName;   // the .wmb's file stem ("test"); sanitized for the game path
    glm::dvec2 at{0.0};      // world yards of the level's origin: x north, y west
    std::optional<double> z; // yards, up; nullopt: the level's lowest block point on the terrain at `at`
    double yardsPerQuant = kDefaultYardsPerQuant;
    // Where the entities' files (.mdl, .hmp) are looked up by the name the level gives, then by its file
    // name alone (case-insensitively): the game data folders and the .wmb's folder (entityFileSource).
    // Null: none is found.
    std::shared_ptr<const io::AssetSource> entityFiles;
    // The blocks' WMO when the caller built it beforehand (buildWmoFromWmb with levelWmoOptions(request),
    // e.g. on a worker thread: it is most of an import's time); null: planWmbImport builds it.
    std::shared_ptr<const Expected<WmbWmo>> builtWmo;
};

// The options planWmbImport builds the level's WMO with: the request's scale, its game folder and name.
WmbWmoOptions levelWmoOptions(const WmbImportRequest& request);

// The data folders and the folder of the level (loose files, any case), in that order.
std::shared_ptr<const io::AssetSource> entityFileSource(std::shared_ptr<const io::AssetSource> data,
                                                        const std::string& levelFolder);

// What a level holds, for a dialog before importing: "2 blocks, 1200 triangles, 6 textures; 5 entities
// (4 models, 0 terrains, 1 other); 1 light, 1 sound, 1 path, 1 position".
std::string describeWmbLevel(const io::Wmb& level);

// The game folder of a level's files: "World\wmo\Gamestudio\<name>", name sanitized (letters, digits, '_',
// '-' kept, others '_'; "level" when empty).
std::string levelGameName(const std::string& levelName);
std::string levelGameFolder(const std::string& levelName);

struct WmbImportedDoodad {
    std::string entity;    // the entity's name in the level
    std::string levelFile; // the file the level names ("lasergun.mdl")
    std::string model;     // the placed model's game path
    glm::dvec3 level{0.0}; // the entity's origin, quants
    glm::dvec3 world{0.0}; // yards
    double heading = 0.0;  // degrees (0 north, 90 west)
    double scale = 1.0;    // MDDF scale factor
    std::uint32_t uniqueId = 0;
};

struct WmbImportedTerrain {
    std::string entity;
    std::string levelFile;
    std::size_t vertices = 0;     // map vertices set
    std::vector<TileCoord> tiles; // tiles changed
};

struct WmbNotImported {
    std::string kind;      // "LIGHT", "SOUND", "PATH", "POSITION", "INFO", "ENTITY", "OLD_ENTITY", "type 8"
    std::string name;      // the object's name or file, when it has one
    glm::dvec3 level{0.0}; // its position in the level, quants
    std::string reason;
};

struct WmbImportReport {
    std::string wmoModel; // game path of the placed WMO; empty when the level has no block triangles
    glm::dvec3 wmoWorld{0.0};
    std::uint32_t wmoUniqueId = 0;
    std::vector<TileCoord> wmoTiles;
    std::size_t groups = 0;
    std::size_t renderedTriangles = 0;
    std::size_t collisionOnlyTriangles = 0;
    std::size_t textures = 0;
    std::vector<WmbImportedDoodad> doodads;
    std::vector<WmbImportedTerrain> terrains;
    std::vector<TileCoord> terrainTiles; // every tile a terrain changed, in tile order
    std::vector<WmbNotImported> notImported;
    std::vector<std::string> warnings;
    // To write under the map folder at their game paths (MAPDIR/World/...): the WMO root, groups and BLPs,
    // then the entities' models.
    std::vector<WmoOutputFile> files;
    bool changed() const { return !wmoModel.empty() || !doodads.empty() || !terrains.empty(); }
};

// An import checked and prepared, nothing changed yet: what applyWmbImport does, and the report's files
// (report.files) that a caller may write first (the editor does, so the viewport finds the WMO when its
// MODF entry appears).
struct WmbImportPlan {
    struct Doodad {
        WmbImportedDoodad report; // uniqueId and world filled in when placed
        PlacementRequest request;
    };
    struct Terrain {
        WmbImportedTerrain report; // vertices filled in when applied
        LevelTerrain terrain;
    };
    std::string levelName;               // sanitized
    WmbImportReport report;              // the WMO, files, not imported, warnings; no placements yet
    std::optional<PlacementRequest> wmo; // the level's WMO at its origin
    std::vector<Doodad> doodads;
    std::vector<Terrain> terrains;
    std::shared_ptr<ModelLibrary> models; // over the import's own files: the placements' bounds
};

// Checks and prepares the import (loading the tiles it touches); changes nothing. Errors as importWmb's.
Expected<WmbImportPlan> planWmbImport(MapDocument& doc, const io::Wmb& level,
                                      const WmbImportRequest& request);
// Applies a plan made for this document, with no edit in between, as one undo step ("Import level
// <name>"). Fails (changing nothing) only when uniqueIds run out or a tile cannot be loaded.
Expected<WmbImportReport> applyWmbImport(MapDocument& doc, UniqueIdAllocator& ids, const WmbImportPlan& plan);

// planWmbImport then applyWmbImport: imports the level into the document as one undo step ("Import level
// <name>"), or changes nothing and returns the error: NotInMap for `at` or an entity on no tile of the map,
// Refused for a yards-per-quant that is not a positive number or no terrain height at `at`, File for a WMO
// that cannot be built. `ids` must know the whole map's uniqueIds (placeObjects).
Expected<WmbImportReport> importWmb(MapDocument& doc, UniqueIdAllocator& ids, const io::Wmb& level,
                                    const WmbImportRequest& request);

} // namespace mapsmith::core
