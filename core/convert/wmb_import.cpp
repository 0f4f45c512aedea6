#include "core/convert/wmb_import.h"

#include "core/convert/hmp_terrain.h"
#include "core/convert/wmb_level_frame.h"
#include "core/convert/wmb_terrain.h"
#include "core/document/map_document.h"
#include "core/edit/place_objects.h"
#include "core/edit/stroke_recorder.h"
#include "core/models/model_library.h"
#include "io/assets/overlay_asset_source.h"
#include "io/binary/text.h"
#include "io/gamestudio/hmp.h"

#include <QUndoStack>

#include <algorithm>
#include <cmath>
#include <set>
#include <sstream>

namespace mapsmith::core {
namespace {

std::string num(double v) {
    std::ostringstream s;
    s.precision(8);
    s << v;
    return s.str();
}

std::string levelText(glm::dvec3 q) {
    return "(" + num(q.x) + ", " + num(q.y) + ", " + num(q.z) + ")";
}

glm::dvec3 vec(const io::WmbVec3& v) {
    return {double(v[0]), double(v[1]), double(v[2])};
}

bool endsWith(const std::string& lowered, const char* suffix) {
    const std::string s(suffix);
    return lowered.size() >= s.size() && lowered.compare(lowered.size() - s.size(), s.size(), s) == 0;
}

// The file name part of a level's file field ("models\\lasergun.mdl" -> "lasergun.mdl").
std::string baseName(const std::string& file) {
    const auto cut = file.find_last_of("\\/");
    return cut == std::string::npos ? file : file.substr(cut + 1);
}

// The bytes of an entity's file: by the name as the level gives it, then by its file name alone.
std::optional<std::vector<std::byte>> findEntityFile(const io::AssetSource* source, const std::string& file,
                                                     std::string& problem) {
    if (!source) {
        problem = "not found (no data folders and no level folder to look in)";
        return std::nullopt;
    }
    for (const std::string& name : {file, baseName(file)}) {
        if (name.empty() || !source->exists(name)) {
            continue;
        }
        auto bytes = source->read(name);
        if (!bytes) {
            problem = "cannot be read: " + bytes.error().describe();
            return std::nullopt;
        }
        return std::move(*bytes);
    }
    problem = "not found in the data folders or beside the level";
    return std::nullopt;
}

const char* entityKind(const io::WmbEntity& e) {
    return e.old ? "OLD_ENTITY" : "ENTITY";
}

// The level's objects that are never imported, with why.
void listOtherObjects(const io::Wmb& level, std::vector<WmbNotImported>& out) {
    for (std::size_t k = 0; k < level.objects.size(); ++k) {
        const io::WmbObject& o = level.objects[k];
        if (const auto* info = io::wmbInfoAt(level, k)) {
            out.push_back({"INFO", "", vec(info->origin),
                           "the level's settings (sun, ambient light, fog) have no counterpart in a map"});
        } else if (const auto* p = io::wmbPositionAt(level, k)) {
            out.push_back({"POSITION", p->name, vec(p->origin), "positions are not imported"});
        } else if (const auto* l = io::wmbLightAt(level, k)) {
            out.push_back({"LIGHT", "", vec(l->origin), "lights are not imported"});
        } else if (const auto* s = io::wmbSoundAt(level, k)) {
            out.push_back({"SOUND", s->fileName, vec(s->origin), "sounds are not imported"});
        } else if (const auto* path = io::wmbPathAt(level, k)) {
            const glm::dvec3 first = path->points.empty() ? glm::dvec3(0.0) : vec(path->points.front());
            out.push_back({"PATH", path->name, first,
                           "paths are not imported (" + std::to_string(path->points.size()) + " nodes)"});
        } else if (!o.known()) {
            out.push_back({"type " + std::to_string(o.type), "", glm::dvec3(0.0),
                           "an object type the Gamestudio spec does not list (at offset " +
                               std::to_string(o.offset) + ")"});
        }
    }
}

bool hasBlockTriangles(const io::Wmb& level) {
    return std::any_of(level.blocks.begin(), level.blocks.end(),
                       [](const io::WmbBlock& b) { return !b.triangles.empty(); });
}

CoreError notOnMap(const std::string& what, glm::dvec3 world, TileCoord tile) {
    return CoreError(CoreError::Code::NotInMap,
                     what + " lands at " + num(world.x) + ", " + num(world.y) + ", not on a tile of the map" +
                         (tile.valid() ? " (tile " + std::to_string(tile.x) + "_" + std::to_string(tile.y) +
                                             " does not exist)"
                                       : ""),
                     tile.valid() ? std::optional<TileCoord>(tile) : std::nullopt);
}

// Loads the tile when needed; an error when it is not part of the map or cannot be read.
std::optional<CoreError> needTile(MapDocument& doc, glm::dvec3 world, const std::string& what) {
    const TileCoord tile = tileAt(glm::dvec2(world));
    if (!tile.valid() || !doc.tileExists(tile)) {
        return notOnMap(what, world, tile);
    }
    if (!doc.tile(tile)) {
        if (auto loaded = doc.loadTile(tile); !loaded) {
            return loaded.error();
        }
    }
    return std::nullopt;
}

} // namespace

std::shared_ptr<const io::AssetSource> entityFileSource(std::shared_ptr<const io::AssetSource> data,
                                                        const std::string& levelFolder) {
    std::vector<std::shared_ptr<const io::AssetSource>> sources;
    if (data) {
        sources.push_back(std::move(data));
    }
    if (!levelFolder.empty()) {
        if (auto folder = io::FolderAssetSource::open(levelFolder)) {
            sources.push_back(std::shared_ptr<const io::AssetSource>(std::move(*folder)));
        }
    }
    return std::make_shared<io::OverlayAssetSource>(std::move(sources));
}

std::string describeWmbLevel(const io::Wmb& level) {
    std::size_t triangles = 0;
    for (const io::WmbBlock& b : level.blocks) {
        triangles += b.triangles.size();
    }
    std::size_t models = 0;
    std::size_t terrains = 0;
    for (const io::WmbEntity& e : level.entities) {
        const std::string lower = io::asciiLower(e.fileName);
        models += endsWith(lower, ".mdl") ? 1 : 0;
        terrains += endsWith(lower, ".hmp") ? 1 : 0;
    }
    const auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    return count(level.blocks.size(), "block", "blocks") + ", " + count(triangles, "triangle", "triangles") +
           ", " + count(level.textures.size(), "texture", "textures") + "; " +
           count(level.entities.size(), "entity", "entities") + " (" + count(models, "model", "models") +
           ", " + count(terrains, "terrain", "terrains") + ", " +
           std::to_string(level.entities.size() - models - terrains) + " other); " +
           count(level.lights.size(), "light", "lights") + ", " +
           count(level.sounds.size(), "sound", "sounds") + ", " + count(level.paths.size(), "path", "paths") +
           ", " + count(level.positions.size(), "position", "positions");
}

std::string levelGameName(const std::string& levelName) {
    std::string out;
    for (const char c : levelName) {
        const bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                          c == '_' || c == '-';
        out.push_back(keep ? c : '_');
    }
    return out.empty() ? std::string("level") : out;
}

std::string levelGameFolder(const std::string& levelName) {
    return "World\\wmo\\Gamestudio\\" + levelGameName(levelName);
}

WmbWmoOptions levelWmoOptions(const WmbImportRequest& request) {
    return WmbWmoOptions{request.yardsPerQuant, levelGameFolder(request.levelName),
                         levelGameName(request.levelName)};
}

namespace {

// The lowest z (quants) of the level's block bounds; 0 without blocks.
double lowestBlockQuant(const io::Wmb& level) {
    double lowest = 0.0;
    bool any = false;
    for (const io::WmbBlock& b : level.blocks) {
        if (!b.triangles.empty() && std::isfinite(b.mins[2])) {
            lowest = any ? std::min(lowest, double(b.mins[2])) : double(b.mins[2]);
            any = true;
        }
    }
    return lowest;
}

} // namespace

Expected<WmbImportPlan> planWmbImport(MapDocument& doc, const io::Wmb& level,
                                      const WmbImportRequest& request) {
    const double ypq = request.yardsPerQuant;
    if (!(ypq > 0.0) || !std::isfinite(ypq)) {
        return CoreError(CoreError::Code::Refused,
                         "yards per quant must be a number above 0, not " + num(request.yardsPerQuant));
    }
    if (!std::isfinite(request.at.x) || !std::isfinite(request.at.y) ||
        (request.z && !std::isfinite(*request.z))) {
        return CoreError(CoreError::Code::Refused, "the level's position is not a number");
    }
    // The level's origin: on a tile of the map, at the given height or on the ground.
    if (auto problem = needTile(doc, glm::dvec3(request.at, 0.0), "The level's origin")) {
        return *problem;
    }
    double z = 0.0;
    if (request.z) {
        z = *request.z;
    } else if (const auto ground = doc.heightAt(request.at)) {
        // On the ground: the lowest point of the level's blocks (its floor) at the terrain's height, so
        // the level stands on the terrain rather than sinking its floor below it.
        z = *ground - lowestBlockQuant(level) * ypq;
    } else {
        return CoreError(CoreError::Code::Refused,
                         "no terrain height at " + num(request.at.x) + ", " + num(request.at.y));
    }
    const LevelFrame frame(glm::dvec3(request.at, z), ypq);
    const std::string name = levelGameName(request.levelName);
    const std::string folder = levelGameFolder(request.levelName);

    WmbImportPlan plan;
    plan.levelName = name;
    WmbImportReport& report = plan.report;
    // Files the import writes, visible to the model library before they are on disk.
    auto staged = std::make_shared<io::OverlayAssetSource>();
    const auto stage = [&](const WmoOutputFile& file) {
        staged->add(file.gamePath, file.bytes);
        report.files.push_back(file);
    };

    // The blocks as a WMO.
    if (hasBlockTriangles(level)) {
        const auto builtWmo =
            request.builtWmo
                ? request.builtWmo
                : std::make_shared<const Expected<WmbWmo>>(buildWmoFromWmb(level, levelWmoOptions(request)));
        if (!*builtWmo) {
            return builtWmo->error();
        }
        const WmbWmo* wmo = &**builtWmo;
        report.warnings.insert(report.warnings.end(), wmo->warnings.begin(), wmo->warnings.end());
        if (!wmo->groups.empty()) {
            report.wmoModel = wmo->rootPath;
            report.wmoWorld = frame.origin();
            report.groups = wmo->groups.size();
            report.renderedTriangles = wmo->renderedTriangles;
            report.collisionOnlyTriangles = wmo->collisionOnlyTriangles;
            report.textures = wmo->textures.size();
            for (const WmoOutputFile& file : wmoOutputFiles(*wmo)) {
                stage(file);
            }
        }
    }

    // The entities, in table order.
    std::vector<WmbImportPlan::Doodad>& doodads = plan.doodads;
    std::vector<WmbImportPlan::Terrain>& terrains = plan.terrains;
    std::set<std::string> stagedModels; // normalized game paths
    plan.models = std::make_shared<ModelLibrary>(staged);
    ModelLibrary& models = *plan.models;
    for (std::size_t k = 0; k < level.objects.size(); ++k) {
        const io::WmbEntity* e = io::wmbEntityAt(level, k);
        if (!e) {
            continue;
        }
        const glm::dvec3 origin = vec(e->origin);
        const auto skip = [&](const std::string& reason) {
            report.notImported.push_back({entityKind(*e),
                                          e->name.empty() ? e->fileName : e->name + " (" + e->fileName + ")",
                                          origin, reason});
        };
        const std::string lower = io::asciiLower(e->fileName);
        const bool mdl = endsWith(lower, ".mdl");
        const bool hmp = endsWith(lower, ".hmp");
        if (!mdl && !hmp) {
            skip(e->fileName.empty() ? "the entity names no file"
                                     : "only .mdl models and .hmp terrains are imported");
            continue;
        }
        std::string problem;
        auto bytes = findEntityFile(request.entityFiles.get(), e->fileName, problem);
        if (!bytes) {
            skip(e->fileName + " " + problem);
            continue;
        }
        const std::string what =
            std::string(entityKind(*e)) + " '" + e->name + "' (" + e->fileName + ") at " + levelText(origin);
        const glm::dvec3 world = frame.toWorld(origin);
        if (auto off = needTile(doc, world, what)) {
            return *off;
        }
        if (mdl) {
            const std::string model = folder + "\\" + baseName(e->fileName);
            if (stagedModels.insert(io::normalizeGamePath(model)).second) {
                stage(WmoOutputFile{model, *bytes});
            }
            const ModelInfo info = models.info(ObjectKind::Doodad, model);
            if (!info.bounds) {
                skip(info.problem);
                continue;
            }
            double entityScale = e->scale[0];
            if (e->scale[0] != e->scale[1] || e->scale[0] != e->scale[2]) {
                report.warnings.push_back(what + ": scale " + levelText(vec(e->scale)) +
                                          " is not uniform; a doodad takes one scale, its x (" +
                                          num(entityScale) + ")");
            }
            if (e->angle[1] != 0.0f || e->angle[2] != 0.0f) {
                report.warnings.push_back(what + ": tilt and roll (" + num(e->angle[1]) + ", " +
                                          num(e->angle[2]) + " degrees) are not imported, only the pan");
            }
            const double scale = entityScale * ypq;
            const double fixed = std::round(scale * kScaleOne);
            if (!std::isfinite(scale) || fixed < kScaleMin || fixed > kScaleMax) {
                skip("scale " + num(entityScale) + " x " + num(ypq) +
                     " yards per quant is outside what MDDF " + "stores (" +
                     num(double(kScaleMin) / kScaleOne) + " .. " + num(double(kScaleMax) / kScaleOne) + ")");
                continue;
            }
            WmbImportPlan::Doodad d;
            d.report = {e->name, e->fileName, model, origin, world, frame.headingOfPan(e->angle[0]), scale,
                        0};
            d.request.model = model;
            d.request.world = glm::dvec2(world);
            d.request.z = world.z;
            d.request.heading = d.report.heading;
            d.request.scale = scale;
            doodads.push_back(std::move(d));
            continue;
        }
        // A terrain.
        auto terrain = io::readHmp(*bytes);
        if (!terrain) {
            skip(e->fileName + " cannot be read: " + terrain.error().describe());
            continue;
        }
        LevelTerrain placed(gridFromHmp(*terrain), io::hmpExtent(*terrain), origin, e->angle[0],
                            vec(e->scale), frame);
        if (!placed.valid()) {
            skip(e->fileName + " holds no grid of heights with an extent, or the entity's scale is 0");
            continue;
        }
        const std::vector<TileCoord> tiles = tilesUnder(placed, doc);
        for (const TileCoord t : tiles) {
            if (!doc.tile(t)) {
                if (auto loaded = doc.loadTile(t); !loaded) {
                    return loaded.error();
                }
            }
        }
        if (tiles.size() == 0) {
            return notOnMap(what, world, tileAt(glm::dvec2(world)));
        }
        if (terrain->frames.size() > 1) {
            report.warnings.push_back(what + ": " + std::to_string(terrain->frames.size()) +
                                      " frames; the first is imported");
        }
        terrains.push_back(
            WmbImportPlan::Terrain{WmbImportedTerrain{e->name, e->fileName, 0, tiles}, std::move(placed)});
    }
    listOtherObjects(level, report.notImported);
    if (report.wmoModel.empty() && !hasBlockTriangles(level)) {
        report.warnings.push_back("the level has no block triangles: no WMO is made");
    }

    if (!report.wmoModel.empty()) {
        PlacementRequest wmo;
        wmo.model = report.wmoModel;
        wmo.world = request.at;
        wmo.z = z;
        wmo.heading = kLevelWmoHeading;
        plan.wmo = std::move(wmo);
    }
    return plan;
}

Expected<WmbImportReport> applyWmbImport(MapDocument& doc, UniqueIdAllocator& ids,
                                         const WmbImportPlan& plan) {
    WmbImportReport report = plan.report;
    // Everything is known to fit: one undo step.
    std::vector<PlacementRequest> requests;
    if (plan.wmo) {
        requests.push_back(*plan.wmo);
    }
    for (const WmbImportPlan::Doodad& d : plan.doodads) {
        requests.push_back(d.request);
    }
    if (requests.empty() && plan.terrains.empty()) {
        return report; // nothing to change
    }
    for (const WmbImportPlan::Terrain& t : plan.terrains) {
        for (const TileCoord tile : t.report.tiles) {
            if (!doc.tile(tile)) {
                if (auto loaded = doc.loadTile(tile); !loaded) {
                    return loaded.error();
                }
            }
        }
    }
    QUndoStack* undo = doc.undoStack();
    undo->beginMacro(QStringLiteral("Import level %1").arg(QString::fromStdString(plan.levelName)));
    if (!requests.empty()) {
        auto placed = placeObjects(doc, *plan.models, ids, requests);
        if (!placed) {
            // Only when uniqueIds run out or a tile is gone (everything was checked): take back what was
            // done.
            undo->endMacro();
            undo->undo();
            return placed.error();
        }
        std::size_t next = 0;
        if (plan.wmo) {
            const PlacedObject& w = (*placed)[next++];
            report.wmoUniqueId = w.ref.uniqueId;
            report.wmoTiles = w.tiles;
            report.wmoWorld = w.world;
        }
        for (const WmbImportPlan::Doodad& d : plan.doodads) {
            const PlacedObject& p = (*placed)[next++];
            WmbImportedDoodad done = d.report;
            done.uniqueId = p.ref.uniqueId;
            done.world = p.world;
            report.doodads.push_back(std::move(done));
        }
    }
    if (!plan.terrains.empty()) {
        StrokeRecorder recorder(
            doc, CommandId::ImportLevel,
            QStringLiteral("Level terrain %1").arg(QString::fromStdString(plan.levelName)));
        std::set<TileCoord> changed;
        for (const WmbImportPlan::Terrain& t : plan.terrains) {
            WmbImportedTerrain done = t.report;
            done.vertices = applyLevelTerrain(recorder, t.terrain);
            changed.insert(done.tiles.begin(), done.tiles.end());
            report.terrains.push_back(std::move(done));
        }
        recorder.finish();
        report.terrainTiles.assign(changed.begin(), changed.end());
    }
    undo->endMacro();
    return report;
}

Expected<WmbImportReport> importWmb(MapDocument& doc, UniqueIdAllocator& ids, const io::Wmb& level,
                                    const WmbImportRequest& request) {
    auto plan = planWmbImport(doc, level, request);
    if (!plan) {
        return plan.error();
    }
    return applyWmbImport(doc, ids, *plan);
}

} // namespace mapsmith::core
