// `mapsmith-cli bake-shadows`: bakes the terrain's shadows for a sun into the MCSH of every chunk of a map
// (or a block of its tiles) through MapDocument (core/edit/bake_shadows.h) and saves the changed tiles
// atomically, keeping .bak.

#include "cli/commands.h"
#include "cli/data_option.h"
#include "cli/map_block.h"
#include "cli/map_document_open.h"

#include "core/document/asset_folders.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "core/edit/bake_shadows.h"
#include "core/models/model_library.h"
#include "core/render/minimap_model_scene.h"
#include "io/assets/texture_cache.h"

#include <QCommandLineParser>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <memory>

namespace mapsmith::cli {
namespace {

using Json = nlohmann::ordered_json;

// "AZIMUTH,ELEVATION" in degrees; nullopt when malformed or outside 0 < elevation <= 90.
std::optional<core::SunDirection> parseSun(const QString& text) {
    const QStringList parts = text.split(QLatin1Char(','));
    if (parts.size() != 2) {
        return std::nullopt;
    }
    const auto azimuth = parseHeight(parts[0].trimmed());
    const auto elevation = parseHeight(parts[1].trimmed());
    if (!azimuth || !elevation) {
        return std::nullopt;
    }
    const core::SunDirection sun{*azimuth, *elevation};
    return core::validSun(sun) ? std::optional(sun) : std::nullopt;
}

} // namespace

int runBakeShadows(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Bakes the terrain's shadows for a directional sun into the shadow map (MCSH) of every chunk of "
        "the map's tiles, or of a block of them: a texel is dark when terrain stands between it and the "
        "sun, terrain of the neighbouring tiles included. Every baked chunk gets has_mcsh; a chunk without "
        "do_not_fix_alpha_map repeats its 63rd row and column (the client shows 63x63). The changed tiles "
        "are saved atomically, each previous file kept as .bak. With --models (and --data) placed models "
        "cast "
        "shadows too."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and its tiles) or its .wdt."));
    const QCommandLineOption sun(
        QStringLiteral("sun"),
        QStringLiteral("Where the sun stands, in degrees: its azimuth clockwise from north seen from above "
                       "(0 north = world +x, 90 east, 180 south, 270 west) and its elevation above the "
                       "horizon (above 0, at most 90), e.g. --sun 135,35."),
        QStringLiteral("AZIMUTH,ELEVATION"));
    const QCommandLineOption tiles = tilesOption();
    const QCommandLineOption models(
        QStringLiteral("models"),
        QStringLiteral("Placed models cast shadows too (their opaque and alpha-keyed triangles, both sides, "
                       "those of the neighbouring tiles included); needs --data. A model the game data lacks "
                       "is named in a warning and casts nothing."));
    const QCommandLineOption data(
        QStringLiteral("data"),
        QStringLiteral(
            "Game data for --models (repeatable): a client folder or its Data folder, an .mpq, or a "
            "folder of loose files."),
        QStringLiteral("DIR"));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print what was baked as JSON."));
    parser.addOptions({sun, tiles, models, data, json});
    if (auto code = parseCommand(parser, args, 1, 1, {sun})) {
        return *code;
    }
    const QString command = args.first();
    const auto sunDirection = parseSun(parser.value(sun));
    if (!sunDirection) {
        err << command << ": --sun must be AZIMUTH,ELEVATION in degrees with 0 < ELEVATION <= 90, "
            << "e.g. --sun 135,35\n";
        return Usage;
    }
    if (parser.isSet(models) && !parser.isSet(data)) {
        err << command << ": --models needs the game data the models come from (--data DIR)\n";
        return Usage;
    }
    std::optional<core::TileBlock> block;
    if (parser.isSet(tiles)) {
        block = blockOption(parser, tiles, command, err);
        if (!block) {
            return Usage;
        }
    }

    auto map = openMapFolder(parser.positionalArguments().first());
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

    core::BakeShadowsSettings settings;
    settings.sun = *sunDirection;
    if (parser.isSet(models)) {
        core::OpenedAssets assets = core::openDataPaths(parser.values(data));
        core::addMapFolder(assets, map->dir); // the map's own models
        if (printDataProblems(assets, command, err)) {
            return Failure;
        }
        settings.models = std::make_shared<core::ModelLibrary>(assets.source);
        auto cache = std::make_shared<io::TextureCache>();
        cache->setSource(assets.source);
        settings.modelTextures = core::minimapModelTextures(cache);
    }
    int withoutFile = 0; // tiles the WDT lists that have no file: skipped
    if (block) {
        for (const core::TileCoord t : blockTiles(*block)) {
            if (!document.tileExists(t)) {
                continue;
            }
            if (map->tilePath(t).isEmpty()) {
                ++withoutFile;
            } else {
                settings.tiles.push_back(t);
            }
        }
        if (settings.tiles.empty()) {
            err << command << ": the map has no tile in " << tileBlockText(*block) << "; nothing written\n";
            return Invalid;
        }
    } else if (document.wdt().tileCount() == 0) {
        err << command << ": the map has no tiles; nothing written\n";
        return Invalid;
    }

    const auto report = core::bakeShadows(document, settings, [&](int done, int total) {
        err << command << ": baked " << done << "/" << total << " tile(s)\n";
        err.flush();
        return true;
    });
    if (!report) {
        err << command << ": " << QString::fromStdString(report.error().describe()) << "; nothing written\n";
        return report.error().code == core::CoreError::Code::NotInMap ? Invalid : Failure;
    }
    // Tiles the WDT lists without a file are skipped quietly (counted); damaged ones are problems.
    int problems = 0;
    for (const core::CoreError& e : report->skipped) {
        if (e.cause && e.cause->code == io::ErrorCode::FileIo) {
            ++withoutFile;
        } else {
            err << command << ": skipped " << QString::fromStdString(e.describe()) << "\n";
            ++problems;
        }
    }
    for (const core::CoreError& e : report->unreadNeighbours) {
        if (!e.cause || e.cause->code != io::ErrorCode::FileIo) {
            err << command << ": casts no shadow: " << QString::fromStdString(e.describe()) << "\n";
        }
    }
    const core::MapDocument::SaveReport saved = document.save();
    if (!saved.ok) {
        err << command << ": " << saved.error << "\n";
        for (const core::TileCoord t : saved.saved) {
            err << command << ": saved before the failure: " << source->tilePath(t) << "\n";
        }
        return Failure;
    }

    const std::vector<core::ModelProblem> missing =
        settings.models ? settings.models->problems() : std::vector<core::ModelProblem>{};
    if (parser.isSet(json)) {
        Json missingJson = Json::array();
        for (const core::ModelProblem& m : missing) {
            missingJson.push_back({{"model", m.name}, {"problem", m.message}});
        }
        Json baked = Json::array();
        for (const auto& [t, changed] : report->changedPerTile) {
            baked.push_back({{"tile", tileText(t).toStdString()}, {"chunksChanged", changed}});
        }
        Json files = Json::array();
        for (const core::TileCoord t : saved.saved) {
            files.push_back(source->tilePath(t).toStdString());
        }
        out << QString::fromStdString(Json{
                   {"map", map->wdtPath.toStdString()},
                   {"sun", {{"azimuth", sunDirection->azimuth}, {"elevation", sunDirection->elevation}}},
                   {"tiles", baked},
                   {"chunks", report->chunks},
                   {"chunksChanged", report->chunksChanged},
                   {"models", settings.models != nullptr},
                   {"modelTexels", report->modelTexels},
                   {"missingModels", missingJson},
                   {"skippedWithoutFile", withoutFile},
                   {"skippedDamaged", problems},
                   {"saved", files}}.dump(2))
            << "\n";
        return problems > 0 ? Invalid : Ok;
    }
    for (const auto& [t, changed] : report->changedPerTile) {
        out << "baked " << map->tileFileName(t) << ": " << changed << " of 256 chunk(s) changed\n";
    }
    for (const core::ModelProblem& m : missing) {
        err << command << ": warning: model " << QString::fromStdString(m.name)
            << " casts no shadow: " << QString::fromStdString(m.message) << "\n";
    }
    out << "baked " << report->tiles << " tile(s), " << report->chunksChanged << " of " << report->chunks
        << " chunk(s) changed\n";
    if (settings.models) {
        out << "models shadowed " << report->modelTexels << " texel(s) the terrain does not"
            << (missing.empty() ? QString() : QStringLiteral("; %1 model(s) missing").arg(missing.size()))
            << "\n";
    }
    if (withoutFile > 0) {
        out << "skipped " << withoutFile << " tile(s) " << map->name << ".wdt lists without a file\n";
    }
    for (const core::TileCoord t : saved.saved) {
        out << "saved " << source->tilePath(t) << "\n";
    }
    return problems > 0 ? Invalid : Ok;
}

} // namespace mapsmith::cli
