// `mapsmith-cli new`: writes a new map (WDT + tiles) from a terrain preset.

#include "cli/commands.h"

#include "core/convert/new_map.h"

#include <QCommandLineParser>
#include <QRegularExpression>
#include <QTextStream>

namespace mapsmith::cli {

int runNew(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Creates a new map in DIR: NAME.wdt (MPHD flag 0x4: 8-bit alpha maps) and NAME_X_Y.adt for "
        "every tile given. Tiles are valid v18 ADTs with heights, normals, texture layers "
        "(compressed alpha maps) and MCIN at 0x54. Existing files are kept as .bak."));
    parser.addPositionalArgument(QStringLiteral("DIR"),
                                 QStringLiteral("Folder to write to (created if missing)."));
    parser.addPositionalArgument(QStringLiteral("NAME"),
                                 QStringLiteral("The map's internal name, e.g. MyIsland."));
    const QCommandLineOption tiles(
        QStringLiteral("tiles"),
        QStringLiteral("Comma-separated tiles X_Y (0..63 each, at most 64, no repeats), e.g. 32_32,33_32."),
        QStringLiteral("LIST"));
    const QCommandLineOption terrain(
        QStringLiteral("terrain"),
        QStringLiteral("flat (one texture), hills (rolling hills, three textures) or demo (hills "
                       "with Mapsmith's four textures, a lake per tile and marker objects)."),
        QStringLiteral("PRESET"), QStringLiteral("flat"));
    const QCommandLineOption height(QStringLiteral("height"),
                                    QStringLiteral("Base height in yards (default 0)."), QStringLiteral("H"),
                                    QStringLiteral("0"));
    parser.addOptions({tiles, terrain, height});
    if (auto code = parseCommand(parser, args, 2, 2, {tiles})) {
        return *code;
    }
    const QString dir = parser.positionalArguments().at(0);
    const QString name = parser.positionalArguments().at(1);
    static const QRegularExpression validName(QStringLiteral("^[A-Za-z0-9_]+$"));
    if (!validName.match(name).hasMatch()) {
        err << args.first() << ": NAME may hold only letters, digits and '_'\n";
        return Usage;
    }
    core::NewMapSpec spec;
    spec.directory = dir;
    spec.name = name;
    spec.overwrite = true; // the CLI replaces an existing map, keeping its files as .bak
    if (parser.value(terrain) == QLatin1String("flat")) {
        spec.terrain = core::NewMapSpec::Terrain::Flat;
    } else if (parser.value(terrain) == QLatin1String("hills")) {
        spec.terrain = core::NewMapSpec::Terrain::Hills;
    } else if (parser.value(terrain) == QLatin1String("demo")) {
        spec.terrain = core::NewMapSpec::Terrain::Demo;
    } else {
        err << args.first() << ": --terrain must be flat, hills or demo\n";
        return Usage;
    }
    bool heightOk = false;
    spec.baseHeight = parser.value(height).toFloat(&heightOk);
    if (!heightOk) {
        err << args.first() << ": --height must be a number\n";
        return Usage;
    }
    static const QRegularExpression tileRe(QStringLiteral("^(\\d{1,2})_(\\d{1,2})$"));
    for (const QString& t : parser.value(tiles).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto m = tileRe.match(t.trimmed());
        const int x = m.hasMatch() ? m.captured(1).toInt() : -1;
        const int y = m.hasMatch() ? m.captured(2).toInt() : -1;
        if (x < 0 || x > 63 || y < 0 || y > 63) {
            err << args.first() << ": '" << t << "' is not a tile X_Y with 0..63\n";
            return Usage;
        }
        spec.tiles.push_back({x, y});
    }
    // What is left to check (tile count, repeated tiles, DIR being a file) is core's.
    if (const QStringList problems = core::validateNewMap(spec); !problems.isEmpty()) {
        for (const QString& p : problems) {
            err << args.first() << ": " << p << "\n";
        }
        return Usage;
    }
    const auto created = core::createMap(spec);
    if (!created) {
        err << args.first() << ": " << QString::fromStdString(created.error().describe()) << "\n";
        return Failure;
    }
    if (spec.terrain == core::NewMapSpec::Terrain::Demo) {
        out << "placed " << created->objectsPlaced << " objects and " << created->lakes << " lakes\n";
    }
    for (const QString& path : created->writtenPaths) {
        out << "wrote " << path << "\n";
    }
    return Ok;
}

} // namespace mapsmith::cli
