#include "core/edit/place_objects.h"

#include "core/document/map_document.h"
#include "core/document/unique_ids.h"
#include "core/models/model_bounds.h"
#include "core/models/model_library.h"

#include <QUndoStack>

#include <cmath>
#include <sstream>

namespace mapsmith::core {
namespace {

// "line 3: ", "object 2: ", or nothing for a list of one without a line.
std::string where(const PlacementRequest& r, std::size_t index, std::size_t count) {
    if (r.line > 0) {
        return "line " + std::to_string(r.line) + ": ";
    }
    return count > 1 ? "object " + std::to_string(index + 1) + ": " : std::string();
}

std::string num(double v) {
    std::ostringstream s;
    s << v;
    return s.str();
}

std::string positionText(glm::dvec2 world) {
    return num(world.x) + ", " + num(world.y);
}

// The checked form of a request: everything ObjectEditor needs.
struct Checked {
    ObjectKind kind = ObjectKind::Doodad;
    ModelInfo model;
    glm::dvec3 world{0.0};
    io::Vec3f rotation{};
    std::uint16_t scale = kScaleOne;
};

Expected<Checked> check(MapDocument& doc, ModelLibrary& models, const PlacementRequest& r, std::size_t index,
                        std::size_t count) {
    const std::string at = where(r, index, count);
    Checked c;
    c.kind = kindOfModelName(r.model);
    if (r.model.empty()) {
        return CoreError(CoreError::Code::Refused, at + "no model named");
    }
    if (!std::isfinite(r.world.x) || !std::isfinite(r.world.y) || (r.z && !std::isfinite(*r.z)) ||
        !std::isfinite(r.heading)) {
        return CoreError(CoreError::Code::Refused, at + "a coordinate or the heading is not a number");
    }
    if (!(r.scale > 0.0) || !std::isfinite(r.scale)) {
        return CoreError(CoreError::Code::Refused, at + "the scale must be above 0");
    }
    if (c.kind == ObjectKind::Wmo && r.scale != 1.0) {
        return CoreError(CoreError::Code::Refused,
                         at + r.model + " is a WMO, and WotLK cannot scale WMOs (scale must be 1)");
    }
    if (c.kind == ObjectKind::Doodad) {
        const double fixed = std::round(r.scale * kScaleOne);
        if (fixed < kScaleMin || fixed > kScaleMax) {
            return CoreError(CoreError::Code::Refused, at + "scale " + num(r.scale) +
                                                           " is outside what MDDF stores (" +
                                                           num(double(kScaleMin) / kScaleOne) + " .. " +
                                                           num(double(kScaleMax) / kScaleOne) + ")");
        }
        c.scale = std::uint16_t(fixed);
    }
    const TileCoord tile = tileAt(r.world);
    if (!tile.valid() || !doc.tileExists(tile)) {
        return CoreError(CoreError::Code::NotInMap,
                         at + positionText(r.world) + " is not on a tile of the map" +
                             (tile.valid() ? " (tile " + std::to_string(tile.x) + "_" +
                                                 std::to_string(tile.y) + " does not exist)"
                                           : ""),
                         tile.valid() ? std::optional<TileCoord>(tile) : std::nullopt);
    }
    if (!doc.tile(tile)) {
        auto loaded = doc.loadTile(tile);
        if (!loaded) {
            return loaded.error();
        }
    }
    c.model = models.info(c.kind, r.model);
    if (!c.model.bounds) {
        return CoreError(CoreError::Code::File, at + c.model.problem); // missing or unreadable
    }
    double z = 0.0;
    if (r.z) {
        z = *r.z;
    } else if (const auto ground = doc.heightAt(r.world)) {
        z = *ground;
    } else {
        return CoreError(CoreError::Code::Refused, at + "no terrain height at " + positionText(r.world));
    }
    c.world = {r.world.x, r.world.y, z};
    c.rotation = io::Vec3f{0.0f, rotationYForHeading(r.heading), 0.0f};
    return c;
}

} // namespace

Expected<std::vector<PlacedObject>> placeObjects(MapDocument& doc, ModelLibrary& models,
                                                 UniqueIdAllocator& ids,
                                                 const std::vector<PlacementRequest>& requests) {
    std::vector<Checked> checked;
    checked.reserve(requests.size());
    for (std::size_t i = 0; i < requests.size(); ++i) {
        auto c = check(doc, models, requests[i], i, requests.size());
        if (!c) {
            return c.error();
        }
        checked.push_back(std::move(*c));
    }
    ObjectEditSettings settings;
    settings.bounds.modelBounds = [&models](ObjectKind kind, const std::string& name) {
        return models.bounds(kind, name);
    };
    ObjectEditor editor(doc, ids, settings);
    std::vector<PlacedObject> placed;
    placed.reserve(requests.size());
    QUndoStack* undo = doc.undoStack();
    undo->beginMacro(requests.size() == 1 ? QStringLiteral("Place object")
                                          : QStringLiteral("Place %1 objects").arg(requests.size()));
    for (std::size_t i = 0; i < requests.size(); ++i) {
        const PlacementRequest& r = requests[i];
        const Checked& c = checked[i];
        const auto ref = c.kind == ObjectKind::Wmo
                             ? editor.addWmo(r.model, c.world, c.rotation, c.model.bounds)
                             : editor.addDoodad(r.model, c.world, c.rotation, c.scale);
        if (!ref) {
            // Only when uniqueIds ran out (the tile was checked): undo what this list added.
            undo->endMacro();
            undo->undo();
            return CoreError(CoreError::Code::Refused,
                             where(r, i, requests.size()) + "no uniqueId left in the map");
        }
        const auto state = findObject(doc, *ref);
        PlacedObject p;
        p.ref = *ref;
        p.kind = c.kind;
        p.model = r.model;
        p.modelFile = c.model.file;
        p.world = c.world;
        p.bounds = state && c.kind == ObjectKind::Wmo ? wmoBounds(state->wmo)
                   : state                            ? doodadBounds(state->doodad, r.model, settings.bounds)
                                                      : Box3{};
        p.tiles = tilesHolding(doc, ref->kind, ref->uniqueId);
        placed.push_back(std::move(p));
    }
    undo->endMacro();
    return placed;
}

} // namespace mapsmith::core
