// `mapsmith-cli minimap`: a map's tiles rendered top-down into the minimap BLPs the 3.3.5 client shows
// (core/render/minimap_export.h), into the map folder's minimaps/ tree.

#include "cli/commands.h"
#include "cli/data_option.h"
#include "cli/map_block.h"
#include "cli/output.h"

#include "core/document/asset_folders.h"
#include "core/models/model_library.h"
#include "core/render/minimap_export.h"
#include "io/assets/texture_cache.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QTextStream>

namespace mapsmith::cli {

int runMinimap(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Renders each tile the WDT lists top-down, north up (the layers blended by their alpha maps, vertex "
        "colours, shadows, liquids, lit like the editor's viewport, and with --data the placed doodads and "
        "WMOs "
        "seen from above with their textures) into a DXT1 "
        "BLP at the path the 3.3.5 client reads, under MAPDIR/minimaps/ (a tree mirroring the game paths, "
        "which export-patch puts into the patch): textures/Minimap/NAME/mapX_YY.blp, or, when the game "
        "data's md5translate.trs lists the map (the client's own maps), textures/Minimap/<md5>.blp named by "
        "the MD5 of its bytes and textures/Minimap/md5translate.trs holding the game data's entries plus "
        "the new ones. Exit codes: 0 written, 1 no tile to render, 2 usage error, 3 a file cannot be read "
        "or written."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and its tiles) or its .wdt."));
    const auto tiles = tilesOption();
    const QCommandLineOption sizeOption(
        QStringLiteral("size"), QStringLiteral("Pixels per side: 256 (the client's, default) or 512."),
        QStringLiteral("PX"), QStringLiteral("256"));
    const QCommandLineOption data(
        QStringLiteral("data"),
        QStringLiteral("Game data for the textures and md5translate.trs (repeatable): a client folder or its "
                       "Data folder, an .mpq, or a folder of loose files. Without it Mapsmith's own textures "
                       "and stand-ins are drawn and the unhashed layout is written."),
        QStringLiteral("DIR"));
    const QCommandLineOption noModels(
        QStringLiteral("no-models"),
        QStringLiteral("Leave the placed models out (drawn by default when --data is given; a model the game "
                       "data lacks is named in a warning and left out)."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    parser.addOptions({tiles, sizeOption, data, noModels, json});
    if (auto code = parseCommand(parser, args, 1, 1)) {
        return *code;
    }
    core::MinimapRenderRequest request;
    bool numeric = false;
    request.settings.size = parser.value(sizeOption).toInt(&numeric);
    if (!numeric || (request.settings.size != 256 && request.settings.size != 512)) {
        err << command << ": --size must be 256 or 512, not '" << parser.value(sizeOption) << "'\n";
        return Usage;
    }
    if (parser.isSet(tiles)) {
        const auto block = blockOption(parser, tiles, command, err);
        if (!block) {
            return Usage;
        }
        request.block = *block;
    }
    const auto map = openMapFolder(parser.positionalArguments().first());
    if (!map) {
        err << command << ": " << QString::fromStdString(map.error().message) << "\n";
        return Failure;
    }
    core::OpenedAssets assets = core::openDataPaths(parser.values(data));
    if (parser.isSet(data)) {
        core::addMapFolder(assets, map->dir); // the map's own models (an imported level's WMO)
    }
    if (printDataProblems(assets, command, err)) {
        return Failure;
    }
    if (parser.isSet(data)) {
        request.textures = std::make_shared<io::TextureCache>();
        request.textures->setSource(assets.source);
        if (!parser.isSet(noModels)) {
            request.models = std::make_shared<core::ModelLibrary>(assets.source);
        }
    }
    request.wdtPath = map->wdtPath;
    const auto planned = core::minimapTiles(request);
    if (!planned) {
        err << command << ": " << QString::fromStdString(planned.error().describe()) << "\n";
        return Failure;
    }
    if (planned->empty()) {
        err << command << ": no tile of " << map->name << " to render"
            << (request.block ? QStringLiteral(" in ") + tileBlockText(*request.block) : QString()) << "\n";
        return Invalid;
    }
    const bool asJson = parser.isSet(json);
    const auto result = core::renderMinimaps(request, [&](std::size_t done, std::size_t total) {
        if (!asJson) {
            err << "rendered " << done << " of " << total << "\n";
            err.flush();
        }
        return true;
    });
    if (!result) {
        err << command << ": " << QString::fromStdString(result.error().describe()) << "\n";
        return Failure;
    }
    const QString root = core::minimapFolder(map->dir);
    if (asJson) {
        Json report;
        report["map"] = map->name.toStdString();
        report["folder"] = root.toStdString();
        report["size"] = request.settings.size;
        report["layout"] = result->hashed ? "hashed" : "unhashed";
        Json written = Json::array();
        for (const core::WrittenMinimap& w : result->written) {
            written.push_back({{"tile", tileText(w.tile).toStdString()},
                               {"gamePath", w.gamePath},
                               {"file", w.file.toStdString()},
                               {"bytes", w.bytes}});
        }
        report["written"] = written;
        if (result->hashed) {
            report["translateFile"] = result->translateFile.toStdString();
            report["translateEntries"] = result->translateLines;
        }
        Json failed = Json::array();
        for (const core::CoreError& e : result->failed) {
            failed.push_back({{"tile", e.tile ? tileText(*e.tile).toStdString() : std::string()},
                              {"message", e.describe()}});
        }
        report["failed"] = failed;
        report["models"] = request.models != nullptr;
        if (request.models) {
            report["modelsDrawn"] = result->modelsDrawn;
            Json missing = Json::array();
            for (const core::MissingModel& m : result->missingModels) {
                missing.push_back({{"model", m.name}, {"problem", m.problem}});
            }
            report["missingModels"] = missing;
        }
        printJson(report);
    } else {
        for (const core::WrittenMinimap& w : result->written) {
            out << "wrote " << QString::fromStdString(w.gamePath) << " (" << map->tileFileName(w.tile) << ", "
                << w.bytes << " bytes)\n";
        }
        if (result->hashed) {
            out << "wrote " << QDir(root).relativeFilePath(result->translateFile) << " ("
                << result->translateLines << " tile entries: the game data's with this map's)\n";
        }
        for (const core::CoreError& e : result->failed) {
            err << command << ": " << QString::fromStdString(e.describe()) << "\n";
        }
        for (const core::MissingModel& m : result->missingModels) {
            err << command << ": warning: model " << QString::fromStdString(m.name) << " not drawn: "
                << QString::fromStdString(m.problem.empty() ? std::string("no mesh") : m.problem) << "\n";
        }
        if (request.models) {
            out << "drew " << result->modelsDrawn << " placed model(s)";
            if (!result->missingModels.empty()) {
                out << "; " << result->missingModels.size() << " model(s) missing";
            }
            out << "\n";
        }
        out << "wrote " << result->written.size() << " of " << planned->size() << " minimaps ("
            << request.settings.size << " px, DXT1, " << (result->hashed ? "hashed" : "unhashed")
            << " names) to " << root << "\n";
    }
    return result->failed.empty() ? Ok : Failure;
}

} // namespace mapsmith::cli
