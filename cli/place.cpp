// `mapsmith-cli place`: adds M2 doodads and WMOs to a map by world position (one, or a CSV list),
// with real model bounds from the game data: entries in every tile the bounds overlap, MCRF, MODF
// extents, fresh map-wide uniqueIds; the changed tiles saved atomically with .bak.

#include "cli/commands.h"
#include "cli/data_option.h"
#include "cli/map_block.h"
#include "cli/map_document_open.h"

#include "core/convert/placement_csv.h"
#include "core/document/asset_folders.h"
#include "core/document/map_document.h"
#include "core/document/tile_loader.h"
#include "core/document/unique_ids.h"
#include "core/edit/place_objects.h"
#include "core/models/model_library.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <memory>

namespace mapsmith::cli {
namespace {

using Json = nlohmann::ordered_json;

// "X,Y" or "X,Y,Z" (world yards); nullopt when malformed.
std::optional<core::PlacementRequest> parseAt(const QString& text) {
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() < 2 || parts.size() > 3) {
        return std::nullopt;
    }
    core::PlacementRequest r;
    double v[3] = {0.0, 0.0, 0.0};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const auto n = parseHeight(parts[i].trimmed());
        if (!n) {
            return std::nullopt;
        }
        v[i] = *n;
    }
    r.world = {v[0], v[1]};
    if (parts.size() == 3) {
        r.z = v[2];
    }
    return r;
}

const char* kindName(core::ObjectKind kind) {
    return kind == core::ObjectKind::Wmo ? "wmo" : "doodad";
}

QString tilesText(const std::vector<core::TileCoord>& tiles) {
    QStringList parts;
    for (const core::TileCoord t : tiles) {
        parts.push_back(tileText(t));
    }
    return parts.join(QStringLiteral(", "));
}

int exitCodeOf(const core::CoreError& e) {
    switch (e.code) {
    case core::CoreError::Code::NotInMap:
        return Invalid;
    case core::CoreError::Code::Refused:
        return Usage;
    default:
        return Failure;
    }
}

} // namespace

int runPlace(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Adds M2 doodads (MDDF) and WMOs (MODF; any model whose name ends in .wmo) to a map by world "
        "position: the .gps / server coordinates (x north, y west, z up, yards). Each model's real bounds "
        "come from the game data (--data): the object gets a fresh map-wide uniqueId and an entry in every "
        "tile its bounds overlap, each tile references it from exactly the chunks the bounds overlap "
        "(MCRF), and a WMO's MODF extents are its root's bounding box placed. The changed tiles are saved "
        "atomically, each previous file kept as .bak. A model that cannot be found or read in the game "
        "data writes nothing (exit 3), as does a position on no tile of the map (exit 1)."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and its tiles) or its .wdt."));
    parser.addPositionalArgument(QStringLiteral("MODEL"),
                                 QStringLiteral("Game path of the model, e.g. World\\Generic\\Tree.m2 or "
                                                "World\\wmo\\Tent.wmo (not with --csv)."),
                                 QStringLiteral("[MODEL]"));
    const QCommandLineOption at(QStringLiteral("at"),
                                QStringLiteral("World position X,Y[,Z] in yards; without Z the object stands "
                                               "on the terrain."),
                                QStringLiteral("X,Y[,Z]"));
    const QCommandLineOption rotation(
        QStringLiteral("rotation"),
        QStringLiteral("Heading in degrees as the game gives it: 0 faces north, 90 west (a .gps orientation "
                       "in radians times 57.2958). Stored as rotation Y = heading + 180. Default 0."),
        QStringLiteral("DEG"), QStringLiteral("0"));
    const QCommandLineOption scale(QStringLiteral("scale"),
                                   QStringLiteral("Size factor for doodads (1/1024 to 64; default 1). "
                                                  "WMOs cannot be scaled in WotLK."),
                                   QStringLiteral("S"), QStringLiteral("1"));
    const QCommandLineOption csv(
        QStringLiteral("csv"),
        QStringLiteral("Places every line of FILE: model, x, y, z, heading, scale (z empty: on the ground; "
                       "heading and scale may be left out; '#' comments and a header line are skipped)."),
        QStringLiteral("FILE"));
    const QCommandLineOption data(
        QStringLiteral("data"),
        QStringLiteral("Game data to find the models in (repeatable): a client folder or its Data folder "
                       "(its MPQ archives in the client's order), an .mpq archive, or a folder of loose "
                       "files. Loose-file folders win over archives; among each, the first given wins."),
        QStringLiteral("DIR"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print what was placed as JSON."));
    parser.addOptions({at, rotation, scale, csv, data, json});
    if (auto code = parseCommand(parser, args, 1, 2)) {
        return *code;
    }
    const QString command = args.first();
    const QStringList positional = parser.positionalArguments();
    const bool fromCsv = parser.isSet(csv);
    if (fromCsv == (positional.size() == 2)) {
        err << command << ": give either MODEL with --at, or --csv FILE\n";
        return Usage;
    }
    if (fromCsv && (parser.isSet(at) || parser.isSet(rotation) || parser.isSet(scale))) {
        err << command << ": --at, --rotation and --scale are for one MODEL; a CSV line holds its own\n";
        return Usage;
    }

    std::vector<core::PlacementRequest> requests;
    if (fromCsv) {
        auto bytes = core::readWholeFile(parser.value(csv));
        if (!bytes) {
            err << command << ": " << QString::fromStdString(bytes.error().describe()) << "\n";
            return Failure;
        }
        const std::string_view text(reinterpret_cast<const char*>(bytes->data()), bytes->size());
        auto parsed = core::parsePlacementCsv(text);
        if (!parsed) {
            err << command << ": " << parser.value(csv) << ": "
                << QString::fromStdString(parsed.error().describe()) << "; nothing written\n";
            return Usage;
        }
        requests = std::move(*parsed);
        if (requests.empty()) {
            err << command << ": " << parser.value(csv) << " lists no objects; nothing written\n";
            return Usage;
        }
    } else {
        if (!parser.isSet(at)) {
            err << command << ": --at X,Y[,Z] is required with MODEL\n";
            return Usage;
        }
        auto r = parseAt(parser.value(at));
        if (!r) {
            err << command << ": --at must be X,Y or X,Y,Z in yards, e.g. --at=-8913.2,-120.5\n";
            return Usage;
        }
        const auto heading = parseHeight(parser.value(rotation));
        const auto factor = parseHeight(parser.value(scale));
        if (!heading || !factor) {
            err << command << ": --rotation and --scale must be numbers\n";
            return Usage;
        }
        r->model = positional.at(1).toStdString();
        r->heading = *heading;
        r->scale = *factor;
        requests.push_back(std::move(*r));
    }

    auto map = openMapFolder(positional.first());
    if (!map) {
        err << command << ": " << QString::fromStdString(map.error().describe()) << "\n";
        return Failure;
    }
    core::OpenedAssets assets = core::openDataPaths(parser.values(data));
    core::addMapFolder(assets, map->dir); // the map's own models (an imported level's WMO)
    if (printDataProblems(assets, command, err)) {
        err << command << ": nothing written\n";
        return Failure;
    }
    const OpenedMapDocument opened = openMapDocument(*map, command, err);
    if (!opened) {
        return Failure;
    }
    core::MapDocument& document = *opened.doc;
    core::FolderMapSource* source = opened.source;
    core::UniqueIdAllocator ids; // fresh ids map-wide
    if (!learnUniqueIds(document, ids, command, err)) {
        return Failure;
    }

    core::ModelLibrary models(assets.source);
    auto placed = core::placeObjects(document, models, ids, requests);
    if (!placed) {
        QString message = QString::fromStdString(placed.error().describe());
        if (!parser.isSet(data) && placed.error().code == core::CoreError::Code::File) {
            message += QStringLiteral(" (no --data given)");
        }
        err << command << ": " << (fromCsv ? parser.value(csv) + QStringLiteral(": ") : QString()) << message
            << "; nothing written\n";
        return exitCodeOf(placed.error());
    }
    const core::MapDocument::SaveReport saved = document.save();
    if (!saved.ok) {
        err << command << ": " << saved.error << "\n";
        for (const core::TileCoord t : saved.saved) {
            err << command << ": saved before the failure: " << source->tilePath(t) << "\n";
        }
        return Failure;
    }

    if (parser.isSet(json)) {
        Json list = Json::array();
        for (const core::PlacedObject& p : *placed) {
            Json tiles = Json::array();
            for (const core::TileCoord t : p.tiles) {
                tiles.push_back(tileText(t).toStdString());
            }
            list.push_back({{"model", p.model},
                            {"file", p.modelFile},
                            {"kind", kindName(p.kind)},
                            {"uniqueId", p.ref.uniqueId},
                            {"position", {p.world.x, p.world.y, p.world.z}},
                            {"tiles", tiles},
                            {"bounds",
                             {{"min", {p.bounds.min.x, p.bounds.min.y, p.bounds.min.z}},
                              {"max", {p.bounds.max.x, p.bounds.max.y, p.bounds.max.z}}}}});
        }
        Json files = Json::array();
        for (const core::TileCoord t : saved.saved) {
            files.push_back(source->tilePath(t).toStdString());
        }
        out << QString::fromStdString(
                   Json{{"map", map->wdtPath.toStdString()}, {"placed", list}, {"saved", files}}.dump(2))
            << "\n";
        return Ok;
    }
    for (const core::PlacedObject& p : *placed) {
        out << "placed " << QString::fromStdString(p.model) << " (" << kindName(p.kind) << ", uniqueId "
            << p.ref.uniqueId << ") at " << heightText(p.world.x) << ", " << heightText(p.world.y) << ", "
            << heightText(p.world.z) << " in tile(s) " << tilesText(p.tiles) << "\n";
    }
    for (const core::TileCoord t : saved.saved) {
        out << "saved " << source->tilePath(t) << "\n";
    }
    return Ok;
}

} // namespace mapsmith::cli
