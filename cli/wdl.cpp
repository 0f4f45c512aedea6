// `mapsmith-cli wdl`: rebuilds a map folder's .wdl (low-resolution heights) from its saved tiles.

#include "cli/commands.h"
#include "cli/map_block.h"
#include "cli/output.h"

#include "core/convert/wdl_rebuild.h"

#include <QCommandLineParser>
#include <QFileInfo>

namespace mapsmith::cli {

int runWdl(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rebuilds NAME.wdl in MAPDIR, the low-resolution heights the 3.3.5 client draws distant terrain and "
        "the world map from, from the saved tiles: the entry of every tile the WDT lists is regenerated "
        "(17 x 17 chunk corners and 16 x 16 chunk centres, in whole yards; a chunk that is all hole sets "
        "its MAHO bit), every other entry and chunk of an existing .wdl is kept. A map without a .wdl (or "
        "with one that does not read) gets a new one. Written atomically, the previous file kept as "
        ".bak; left alone when nothing changed. Exit codes: 0 done, 2 usage error, 3 a tile or the map "
        "cannot be read or the .wdl cannot be written."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and its tiles) or its .wdt."));
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the result as JSON."));
    parser.addOption(json);
    if (auto code = parseCommand(parser, args, 1, 1)) {
        return *code;
    }
    const auto map = openMapFolder(parser.positionalArguments().first());
    if (!map) {
        err() << args.first() << ": " << describe(map.error()) << "\n";
        return Failure;
    }
    const auto report = core::rebuildWdl(map->wdtPath);
    if (!report) {
        err() << args.first() << ": " << QString::fromStdString(report.error().describe()) << "\n";
        return Failure;
    }
    if (parser.isSet(json)) {
        Json changed = Json::array();
        for (const core::TileCoord t : report->changed) {
            changed.push_back(tileText(t).toStdString());
        }
        printJson(Json{{"wdl", report->wdlPath.toStdString()},
                       {"created", report->created},
                       {"note", report->note.toStdString()},
                       {"tiles", report->tiles},
                       {"entries", report->entries},
                       {"changed", changed},
                       {"written", report->written}});
        return Ok;
    }
    if (report->created) {
        out() << "note: " << report->note << "; a new .wdl is built\n";
    }
    out() << "tiles read: " << report->tiles << ", entries changed: " << report->changed.size()
          << ", entries in the file: " << report->entries << "\n";
    for (const core::TileCoord t : report->changed) {
        out() << "  changed " << tileText(t) << "\n";
    }
    if (report->written) {
        out() << "wrote " << report->wdlPath << "\n";
    } else {
        out() << "unchanged " << report->wdlPath << " (not rewritten)\n";
    }
    return Ok;
}

} // namespace mapsmith::cli
