// `mapsmith-cli server-maps`: a map's tiles as the .map files of a 3.3.5 server (AzerothCore or
// TrinityCore), as their map extractors write them (core/convert/server_maps.h).

#include "cli/commands.h"
#include "cli/map_block.h"

#include "core/convert/server_maps.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

namespace mapsmith::cli {

int runServerMaps(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes the .map files a 3.3.5 world server reads (heights, holes, liquids, area ids) for the map's "
        "tiles, as the map extractor of AzerothCore (map file version 9) or TrinityCore 3.3.5 (version 10) "
        "writes them from the same tiles in the client: one <MMM><YY><XX>.map per tile the WDT lists (map "
        "id, then the tile's Y and X), written atomically into DIR (an existing file is kept as .bak). "
        "Copy them into the server's maps folder. Exit codes: 0 written, 1 a tile holds data the extractor "
        "cannot take (named; the other tiles are written) or the extractor would skip the whole map, 2 "
        "usage error, 3 a file cannot be read or written."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and its tiles) or its .wdt."));
    const QCommandLineOption mapIdOption(
        QStringLiteral("map-id"),
        QStringLiteral("The map's id in Map.dbc (0 Eastern Kingdoms, 1 Kalimdor, 530 Outland, 571 Northrend, "
                       "or a custom map's)."),
        QStringLiteral("N"));
    const QCommandLineOption coreOption(
        QStringLiteral("core"),
        QStringLiteral("The server core whose extractor to match: azerothcore "
                       "or trinitycore."),
        QStringLiteral("CORE"));
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("The folder to write the .map files to (created when "
                                                      "missing)."),
                                       QStringLiteral("DIR"));
    const auto tiles = tilesOption();
    parser.addOptions({mapIdOption, coreOption, outOption, tiles});
    if (auto code = parseCommand(parser, args, 1, 1, {mapIdOption, coreOption, outOption})) {
        return *code;
    }
    bool numeric = false;
    const uint mapId = parser.value(mapIdOption).toUInt(&numeric);
    if (!numeric) {
        err << command << ": --map-id must be a Map.dbc id (0, 1, 530, 571, ...), not '"
            << parser.value(mapIdOption) << "'\n";
        return Usage;
    }
    const auto core = io::parseServerCore(parser.value(coreOption).toStdString());
    if (!core) {
        err << command << ": --core must be azerothcore or trinitycore, not '" << parser.value(coreOption)
            << "'\n";
        return Usage;
    }
    core::ServerMapsRequest request;
    request.mapId = mapId;
    request.core = *core;
    request.outDir = parser.value(outOption);
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
    const auto plan = core::planServerMaps(map->wdtPath, request);
    if (!plan) {
        err << command << ": " << QString::fromStdString(plan.error().describe()) << "\n";
        return plan.error().code == core::CoreError::Code::Refused ? Invalid : Failure;
    }
    if (!plan->missing.empty()) {
        QStringList names;
        for (std::size_t i = 0; i < plan->missing.size() && i < 3; ++i) {
            names << map->tileFileName(plan->missing[i]);
        }
        out << "skipped " << plan->missing.size() << " tile(s) " << QFileInfo(map->wdtPath).fileName()
            << " lists without a file in the folder (the extractor skips them too): "
            << names.join(QStringLiteral(", ")) << (plan->missing.size() > 3 ? ", ..." : "") << "\n";
    }
    for (const std::string& skipped : plan->skipped) {
        out << "skipped " << QString::fromStdString(skipped) << "\n";
    }
    for (const std::string& note : plan->notes) {
        out << "note: " << QString::fromStdString(note) << "\n";
    }
    if (plan->tiles.empty()) {
        err << command << ": no tile of " << map->name << " to convert"
            << (request.block ? QStringLiteral(" in ") + tileBlockText(*request.block) : QString()) << "\n";
        return Invalid;
    }
    const auto result = core::exportServerMaps(*plan, request);
    if (!result) {
        err << command << ": " << QString::fromStdString(result.error().describe()) << "\n";
        return Failure;
    }
    for (const core::WrittenServerMap& w : result->written) {
        out << "wrote " << QFileInfo(w.path).fileName() << " (from " << map->tileFileName(w.tile) << ", "
            << w.bytes << " bytes)\n";
    }
    bool readFailure = false;
    for (const core::CoreError& e : result->failed) {
        err << command << ": " << QString::fromStdString(e.describe()) << "\n";
        readFailure = readFailure || e.code == core::CoreError::Code::File;
    }
    out << "wrote " << result->written.size() << " of " << plan->tiles.size() << " server map files ("
        << QString::fromUtf8(io::serverCoreTitle(*core).data()) << ", map file version "
        << io::serverMapVersion(*core) << ", map " << mapId << "), " << result->bytes << " bytes, to "
        << request.outDir << "\n";
    if (result->failed.empty()) {
        return Ok;
    }
    return readFailure ? Failure : Invalid;
}

} // namespace mapsmith::cli
