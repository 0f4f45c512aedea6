// `mapsmith-cli new`: writes a new map (WDT + tiles) from a terrain preset.

#include "commands.h"

#include "core/atomic_file.h"
#include "core/demo_map.h"
#include "core/map_document.h"
#include "core/map_source.h"
#include "core/terrain_presets.h"
#include "core/tile_factory.h"
#include "io/adt.h"
#include "io/wdt.h"

#include <QCommandLineParser>
#include <QDir>
#include <QRegularExpression>
#include <QTextStream>

#include <vector>

namespace mapsmith::cli {

int runNew(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(
        QStringLiteral("Creates a new map in DIR: NAME.wdt (MPHD flag 0x4: 8-bit alpha maps) and NAME_X_Y.adt for "
                       "every tile given. Tiles are valid v18 ADTs with heights, normals, texture layers "
                       "(compressed alpha maps) and MCIN at 0x54. Existing files are kept as .bak."));
    parser.addPositionalArgument(QStringLiteral("DIR"), QStringLiteral("Folder to write to (created if missing)."));
    parser.addPositionalArgument(QStringLiteral("NAME"), QStringLiteral("The map's internal name, e.g. MyIsland."));
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    const QCommandLineOption tiles(QStringLiteral("tiles"),
                                   QStringLiteral("Comma-separated tiles X_Y (0..63 each), e.g. 32_32,33_32."),
                                   QStringLiteral("LIST"));
    const QCommandLineOption terrain(QStringLiteral("terrain"),
                                     QStringLiteral("flat (one texture), hills (rolling hills, three textures) or demo (hills "
                                                    "with Mapsmith's four textures, a lake per tile and marker objects)."),
                                     QStringLiteral("PRESET"), QStringLiteral("flat"));
    const QCommandLineOption height(QStringLiteral("height"), QStringLiteral("Base height in yards (default 0)."),
                                    QStringLiteral("H"), QStringLiteral("0"));
    parser.addOptions({help, tiles, terrain, height});
    if (!parser.parse(args)) {
        err << args.first() << ": " << parser.errorText() << "\n\n" << parser.helpText();
        return Usage;
    }
    if (parser.isSet(help)) {
        out << parser.helpText();
        return Ok;
    }
    if (parser.positionalArguments().size() != 2 || !parser.isSet(tiles)) {
        err << args.first() << ": DIR, NAME and --tiles are required\n\n" << parser.helpText();
        return Usage;
    }
    const QString dir = parser.positionalArguments().at(0);
    const QString name = parser.positionalArguments().at(1);
    static const QRegularExpression validName(QStringLiteral("^[A-Za-z0-9_]+$"));
    if (!validName.match(name).hasMatch()) {
        err << args.first() << ": NAME may hold only letters, digits and '_'\n";
        return Usage;
    }
    core::TerrainPreset preset = core::TerrainPreset::Flat;
    const bool demo = parser.value(terrain) == QLatin1String("demo");
    if (parser.value(terrain) == QLatin1String("hills") || demo) {
        preset = core::TerrainPreset::Hills;
    } else if (parser.value(terrain) != QLatin1String("flat")) {
        err << args.first() << ": --terrain must be flat, hills or demo\n";
        return Usage;
    }
    bool heightOk = false;
    const float base = parser.value(height).toFloat(&heightOk);
    if (!heightOk) {
        err << args.first() << ": --height must be a number\n";
        return Usage;
    }
    std::vector<std::pair<int, int>> coords;
    static const QRegularExpression tileRe(QStringLiteral("^(\\d{1,2})_(\\d{1,2})$"));
    for (const QString& t : parser.value(tiles).split(QLatin1Char(','), Qt::SkipEmptyParts)) {
        const auto m = tileRe.match(t.trimmed());
        const int x = m.hasMatch() ? m.captured(1).toInt() : -1;
        const int y = m.hasMatch() ? m.captured(2).toInt() : -1;
        if (x < 0 || x > 63 || y < 0 || y > 63) {
            err << args.first() << ": '" << t << "' is not a tile X_Y with 0..63\n";
            return Usage;
        }
        coords.emplace_back(x, y);
    }
    if (!QDir().mkpath(dir)) {
        err << args.first() << ": cannot create " << dir << "\n";
        return Failure;
    }
    io::Wdt wdt;
    wdt.flags = io::mphd_flags::BigAlpha;
    wdt.wmoName = std::string(); // terrain maps carry an empty MWMO
    std::vector<core::TileCoord> tileList;
    for (const auto& [x, y] : coords) {
        wdt.setTile(x, y, true);
        tileList.push_back({x, y});
    }
    // Tiles are generated, then (demo) edited through a document in memory, then written.
    auto source = std::make_unique<core::MemoryMapSource>(name, io::writeWdt(wdt));
    auto* memory = source.get();
    for (const auto t : tileList) {
        io::Adt adt = core::createTile(demo ? core::demoTileSpec(t.x, t.y, base) : core::presetTileSpec(preset, t.x, t.y, base));
        memory->setTile(t, io::writeAdt(adt));
    }
    auto doc = core::MapDocument::open(std::move(source));
    if (!doc) {
        err << args.first() << ": " << QString::fromStdString(doc.error().describe()) << "\n";
        return Failure;
    }
    if (demo) {
        for (const auto t : tileList) {
            if (auto loaded = doc.value()->loadTile(t); !loaded) {
                err << args.first() << ": " << QString::fromStdString(loaded.error().describe()) << "\n";
                return Failure;
            }
        }
        const int objects = core::dressDemoTiles(*doc.value(), tileList, base);
        out << "placed " << objects << " objects and " << tileList.size() << " lakes\n";
        doc.value()->save();
    }
    for (const auto t : tileList) {
        const int x = t.x;
        const int y = t.y;
        const QString path = QDir(dir).filePath(QStringLiteral("%1_%2_%3.adt").arg(name).arg(x).arg(y));
        const auto saved = core::saveFileAtomically(path, *memory->tileBytes(t));
        if (!saved.ok) {
            err << args.first() << ": " << saved.error << "\n";
            return Failure;
        }
        out << "wrote " << path << "\n";
    }
    const QString wdtPath = QDir(dir).filePath(name + QStringLiteral(".wdt"));
    const auto saved = core::saveFileAtomically(wdtPath, io::writeWdt(wdt));
    if (!saved.ok) {
        err << args.first() << ": " << saved.error << "\n";
        return Failure;
    }
    out << "wrote " << wdtPath << "\n";
    return Ok;
}

} // namespace mapsmith::cli
