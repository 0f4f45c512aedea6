// `mapsmith-cli import-wmb`: a Gamestudio WMB7 level into a map (core/convert/wmb_import.h): its blocks as
// a WMO under the map folder placed with MODF, its MDL entities as doodads, its HMP entities as terrain;
// the changed tiles and the level's files saved in one transaction.

#include "cli/commands.h"
#include "cli/data_option.h"
#include "cli/map_block.h"
#include "cli/map_document_open.h"
#include "cli/tile_io.h"

#include "core/convert/wmb_import.h"
#include "core/document/asset_folders.h"
#include "core/document/map_document.h"
#include "core/document/tile_loader.h"
#include "core/document/unique_ids.h"
#include "io/gamestudio/wmb.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <memory>

namespace mapsmith::cli {
namespace {

using Json = nlohmann::ordered_json;

struct At {
    glm::dvec2 world{0.0};
    std::optional<double> z;
};

// "X,Y" or "X,Y,Z" (world yards); nullopt when malformed.
std::optional<At> parseAt(const QString& text) {
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() < 2 || parts.size() > 3) {
        return std::nullopt;
    }
    double v[3] = {0.0, 0.0, 0.0};
    for (qsizetype i = 0; i < parts.size(); ++i) {
        const auto n = parseHeight(parts[i].trimmed());
        if (!n) {
            return std::nullopt;
        }
        v[i] = *n;
    }
    At at;
    at.world = {v[0], v[1]};
    if (parts.size() == 3) {
        at.z = v[2];
    }
    return at;
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

Json vecJson(glm::dvec3 v) {
    return Json::array({v.x, v.y, v.z});
}

Json tilesJson(const std::vector<core::TileCoord>& tiles) {
    Json out = Json::array();
    for (const core::TileCoord t : tiles) {
        out.push_back(tileText(t).toStdString());
    }
    return out;
}

QString vecText(glm::dvec3 v) {
    return heightText(v.x) + QStringLiteral(", ") + heightText(v.y) + QStringLiteral(", ") + heightText(v.z);
}

bool isEntity(const core::WmbNotImported& n) {
    return n.kind == "ENTITY" || n.kind == "OLD_ENTITY";
}

} // namespace

int runImportWmb(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Imports a Gamestudio WMB7 level into a map, its origin at --at. The level's blocks become a WMO "
        "written under the map folder at World\\wmo\\Gamestudio\\<Level>\\<Level>.wmo (root, groups and the "
        "textures as BLPs; invisible blocks collision only), placed with one MODF entry at --at, rotation "
        "(0, 90, 0) so the level's x points east and y north. ENTITY objects whose file is an .mdl become "
        "doodads of that model "
        "(copied beside the WMO; MDDF scale = the entity's scale x yards per quant, heading from its pan), "
        "those whose file is an .hmp set the terrain under them (the HMP's extent times the entity's scale, "
        "heights above its origin). Entity files are looked up in --data and beside the .wmb, ignoring case. "
        "Lights, sounds, paths, positions and the INFO object are listed as not imported. The changed tiles "
        "and the level's files are written in one transaction (previous files kept as .bak). Exit codes: 0 "
        "imported, 1 imported but an entity was not (its file missing or unreadable, or of another kind), or "
        "--at / an entity not on a tile of the map (nothing written), 2 usage error, 3 the level, the map or "
        "a file cannot be read or written (nothing written)."));
    parser.addPositionalArgument(QStringLiteral("LEVEL.wmb"), QStringLiteral("The Gamestudio WMB7 level."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and its tiles) or its .wdt."));
    const QCommandLineOption at(
        QStringLiteral("at"),
        QStringLiteral(
            "World position X,Y[,Z] in yards (x north, y west) of the "
            "level's origin; without Z the level's floor (its lowest block) stands on the terrain."),
        QStringLiteral("X,Y[,Z]"));
    const QCommandLineOption scale(
        QStringLiteral("scale"),
        QStringLiteral("Yards per quant (the level's unit). Default 1/36 = 0.0278: one quant is one inch."),
        QStringLiteral("S"));
    const QCommandLineOption data(
        QStringLiteral("data"),
        QStringLiteral("Where the entities' .mdl and .hmp files are (repeatable): a folder of loose files, "
                       "an .mpq archive or a client folder. The .wmb's own folder is searched after them."),
        QStringLiteral("DIR"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    parser.addOptions({at, scale, data, json});
    if (auto code = parseCommand(parser, args, 2, 2, {at})) {
        return *code;
    }
    const QString command = args.first();
    const QStringList positional = parser.positionalArguments();
    const auto position = parseAt(parser.value(at));
    if (!position) {
        err << command << ": --at must be X,Y or X,Y,Z in yards, e.g. --at=-8913.2,-120.5\n";
        return Usage;
    }
    double yardsPerQuant = core::kDefaultYardsPerQuant;
    if (parser.isSet(scale)) {
        const auto v = parseHeight(parser.value(scale));
        if (!v || !(*v > 0.0)) {
            err << command << ": --scale must be a number above 0 (yards per quant), not '"
                << parser.value(scale) << "'\n";
            return Usage;
        }
        yardsPerQuant = *v;
    }

    const QString levelPath = positional.at(0);
    const auto bytes = core::readWholeFile(levelPath);
    if (!bytes) {
        err << command << ": " << located(levelPath, bytes.error()) << "\n";
        return Failure;
    }
    const auto level = io::readWmb(*bytes);
    if (!level) {
        err << command << ": " << located(levelPath, level.error()) << "; nothing written\n";
        return Failure;
    }
    const core::OpenedAssets assets = core::openDataPaths(parser.values(data));
    if (printDataProblems(assets, command, err)) {
        err << command << ": nothing written\n";
        return Failure;
    }
    auto map = openMapFolder(positional.at(1));
    if (!map) {
        err << command << ": " << QString::fromStdString(map.error().describe()) << "\n";
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

    const QFileInfo levelFile(levelPath);
    core::WmbImportRequest request;
    request.levelName = levelFile.completeBaseName().toStdString();
    request.at = position->world;
    request.z = position->z;
    request.yardsPerQuant = yardsPerQuant;
    request.entityFiles =
        core::entityFileSource(assets.source, QFile::encodeName(levelFile.absolutePath()).toStdString());
    auto imported = core::importWmb(document, ids, *level, request);
    if (!imported) {
        err << command << ": " << QString::fromStdString(imported.error().describe())
            << "; nothing written\n";
        return exitCodeOf(imported.error());
    }
    const core::WmbImportReport& report = *imported;
    std::vector<core::MapFile> files;
    for (const core::WmoOutputFile& f : report.files) {
        files.push_back({f.gamePath, f.bytes});
    }
    const core::MapDocument::SaveReport saved = document.save({}, {}, files);
    if (!saved.ok) {
        err << command << ": " << saved.error << "; nothing written\n";
        return Failure;
    }
    QStringList written;
    for (const core::MapFile& f : files) {
        QString relative = QString::fromStdString(f.path);
        relative.replace(QLatin1Char('\\'), QLatin1Char('/'));
        written.push_back(QDir(map->dir).filePath(relative));
    }
    const bool entityMissing = std::any_of(report.notImported.begin(), report.notImported.end(), isEntity);
    const int code = entityMissing ? Invalid : Ok;

    if (parser.isSet(json)) {
        Json wmo = nullptr;
        if (!report.wmoModel.empty()) {
            wmo = Json{{"model", report.wmoModel},
                       {"uniqueId", report.wmoUniqueId},
                       {"position", vecJson(report.wmoWorld)},
                       {"tiles", tilesJson(report.wmoTiles)},
                       {"groups", report.groups},
                       {"renderedTriangles", report.renderedTriangles},
                       {"collisionOnlyTriangles", report.collisionOnlyTriangles},
                       {"textures", report.textures}};
        }
        Json doodads = Json::array();
        for (const core::WmbImportedDoodad& d : report.doodads) {
            doodads.push_back({{"entity", d.entity},
                               {"file", d.levelFile},
                               {"model", d.model},
                               {"uniqueId", d.uniqueId},
                               {"level", vecJson(d.level)},
                               {"position", vecJson(d.world)},
                               {"heading", d.heading},
                               {"scale", d.scale}});
        }
        Json terrains = Json::array();
        for (const core::WmbImportedTerrain& t : report.terrains) {
            terrains.push_back({{"entity", t.entity},
                                {"file", t.levelFile},
                                {"vertices", t.vertices},
                                {"tiles", tilesJson(t.tiles)}});
        }
        Json notImported = Json::array();
        for (const core::WmbNotImported& n : report.notImported) {
            notImported.push_back(
                {{"kind", n.kind}, {"name", n.name}, {"level", vecJson(n.level)}, {"reason", n.reason}});
        }
        Json filesJson = Json::array();
        for (const QString& f : written) {
            filesJson.push_back(f.toStdString());
        }
        Json tiles = Json::array();
        for (const core::TileCoord t : saved.saved) {
            tiles.push_back(source->tilePath(t).toStdString());
        }
        out << QString::fromStdString(Json{
                   {"level", levelPath.toStdString()},
                   {"map", map->wdtPath.toStdString()},
                   {"yardsPerQuant", yardsPerQuant},
                   {"wmo", wmo},
                   {"doodads", doodads},
                   {"terrains", terrains},
                   {"terrainTiles", tilesJson(report.terrainTiles)},
                   {"notImported", notImported},
                   {"warnings", report.warnings},
                   {"files", filesJson},
                   {"saved", tiles}}.dump(2))
            << "\n";
        return code;
    }
    if (!report.wmoModel.empty()) {
        out << "placed " << QString::fromStdString(report.wmoModel) << " (wmo, uniqueId "
            << report.wmoUniqueId << ") at " << vecText(report.wmoWorld) << ": " << report.groups
            << (report.groups == 1 ? " group, " : " groups, ") << report.renderedTriangles
            << " triangles drawn, " << report.collisionOnlyTriangles << " collision only, " << report.textures
            << (report.textures == 1 ? " texture\n" : " textures\n");
    }
    for (const core::WmbImportedDoodad& d : report.doodads) {
        out << "placed " << QString::fromStdString(d.model) << " (entity '"
            << QString::fromStdString(d.entity) << "', uniqueId " << d.uniqueId << ") at " << vecText(d.world)
            << ", heading " << heightText(d.heading) << ", scale " << heightText(d.scale) << "\n";
    }
    for (const core::WmbImportedTerrain& t : report.terrains) {
        QStringList tiles;
        for (const core::TileCoord c : t.tiles) {
            tiles.push_back(tileText(c));
        }
        out << "terrain " << QString::fromStdString(t.levelFile) << " (entity '"
            << QString::fromStdString(t.entity) << "'): " << t.vertices << " vertices set in tile(s) "
            << tiles.join(QStringLiteral(", ")) << "\n";
    }
    for (const core::WmbNotImported& n : report.notImported) {
        out << "not imported: " << QString::fromStdString(n.kind)
            << (n.name.empty() ? QString() : QStringLiteral(" '%1'").arg(QString::fromStdString(n.name)))
            << " at " << vecText(n.level) << ": " << QString::fromStdString(n.reason) << "\n";
    }
    for (const std::string& w : report.warnings) {
        err << "warning: " << QString::fromStdString(w) << "\n";
    }
    for (const QString& f : written) {
        out << "wrote " << f << "\n";
    }
    for (const core::TileCoord t : saved.saved) {
        out << "saved " << source->tilePath(t) << "\n";
    }
    if (entityMissing) {
        err << command << ": imported with problems: some entities were not imported (listed above)\n";
    }
    return code;
}

} // namespace mapsmith::cli
