// mapsmith-cli entry point: dispatches to one command per verb.

#include "cli/commands.h"
#include "cli/recovery.h"

#include <QCoreApplication>
#include <QTextStream>

namespace {

const char* kUsage = R"(Usage: mapsmith-cli <command> [options] FILE...

Commands:
  info FILE [--wdt WDT] [--chunks] [--json]     summary: version, chunk list, counts, alpha format;
                                                models: bounds, vertices, triangles, textures, groups
  validate FILE [--wdt WDT] [--for CONSUMERS] [--json]
                                                check a file for the 3.3.5 client, the AzerothCore and
                                                TrinityCore extractors and Noggit; exit 1 on an error
                                                (models: with their skin profiles / group files)
  repair IN... --out DIR [--wdt WDT] [--json]   tiles, WDTs or map folders rewritten in the layout
                                                every consumer accepts, with a report of each change
  dump FILE [--wdt WDT] [--liquid-cells] [--json]
                                                the semantic content as JSON (for comparing files)
  roundtrip IN OUT [--wdt WDT] [--alpha 4bit|8bit|rle] [--wdt-out WDT] [--json]
                                                read and write back, optionally re-encoding alpha maps;
                                                a .wmo root with its group files (or a group alone)
                                                is written back with the WMO writer: OUT, OUT_NNN.wmo
  convert IN... --to v18|split --out DIR [--alpha 4bit|8bit|rle] [--wdt WDT]
                                                tiles, map folders or a 0.5.3 alpha WDT to the v18
                                                or the split layout
  convert IN... --liquid mh2o [--to v18|split] --out DIR
                                                old liquids (MCLQ) to MH2O, per tile
  new DIR NAME --tiles X_Y[,X_Y...] [--terrain flat|hills] [--height H]
                                                create a new map: NAME.wdt and one NAME_X_Y.adt per tile
  export-patch MAPDIR --out FILE.MPQ [--name NAME]
                                                write the map's WDT, WDL and tiles into a patch MPQ
                                                for the 3.3.5 client (World\Maps\NAME\...)
  export-heightmap MAPDIR --tiles X_Y[:X2_Y2] --out FILE.png [--min H --max H] [--allow-missing]
                                                a block of tiles as a 16-bit grayscale heightmap PNG
  import-heightmap IMAGE MAPDIR --tiles X_Y[:X2_Y2] --min H --max H
                                                set a block's heights from a heightmap image
  export-hmp MAPDIR --tiles X_Y[:X2_Y2] --out FILE.hmp
                                                a block of tiles as a Gamestudio HMP5 terrain
  import-hmp FILE.hmp MAPDIR --tiles X_Y[:X2_Y2] [--height-scale S] [--height-offset O] [--skin-tint]
                                                set a block's heights from a Gamestudio HMP terrain
  place MAPDIR MODEL --at X,Y[,Z] [--rotation DEG] [--scale S] [--data DIR]... [--json]
  place MAPDIR --csv FILE [--data DIR]... [--json]
                                                add M2 doodads and WMOs by world position, with
                                                their real bounds from the game data
  import-wmb LEVEL.wmb MAPDIR --at X,Y[,Z] [--scale S] [--data DIR]... [--json]
                                                a Gamestudio level into the map: its blocks as a WMO,
                                                MDL entities as doodads, HMP entities as terrain
  server-maps MAPDIR --map-id N --core azerothcore|trinitycore --out DIR [--tiles X_Y[:X2_Y2]]
                                                the .map files a 3.3.5 server reads, as its map
                                                extractor writes them from the tiles
  bake-shadows MAPDIR --sun AZIMUTH,ELEVATION [--tiles X_Y[:X2_Y2]] [--models --data DIR...] [--json]
                                                bake the terrain's shadows (MCSH) for a sun
  wdl MAPDIR [--json]                           rebuild NAME.wdl (distant terrain, world map) from
                                                the saved tiles
  minimap MAPDIR [--tiles X_Y[:X2_Y2]] [--size 256|512] [--data DIR]... [--no-models] [--json]
                                                render the tiles' minimap BLPs (top-down, DXT1) into
                                                MAPDIR/minimaps at the client's paths

FILE may be an .adt tile (v18, or a split root with its _tex0/_obj0 beside it), a .wdt map
file or (info, validate, dump) a .wdl; info and validate also read models and textures: .m2 (WotLK, with its .skin profiles beside
it), .skin, .wmo (a root with its _NNN.wmo groups beside it, or a group), .mdx, Gamestudio .mdl and
.hmp, .blp, and Gamestudio .wmb levels (WMB7). The kind of a file comes from its first bytes, the extension only when they say
nothing. MAPDIR is a folder holding NAME.wdt and its tiles.
Run 'mapsmith-cli <command> --help' for details.
Exit codes: 0 ok, 1 invalid or different, 2 usage error, 3 read/write failure.
)";

} // namespace

int main(int argc, char** argv) {
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName(QStringLiteral("mapsmith-cli"));
    QCoreApplication::setApplicationVersion(QStringLiteral("0.1.0"));
    QStringList args = QCoreApplication::arguments();
    args.removeFirst();
    QTextStream out(stdout);
    QTextStream err(stderr);
    if (args.isEmpty()) {
        err << kUsage;
        return mapsmith::cli::Usage;
    }
    const QString command = args.takeFirst();
    if (command == QLatin1String("--help") || command == QLatin1String("-h") ||
        command == QLatin1String("help")) {
        out << kUsage;
        return mapsmith::cli::Ok;
    }
    if (command == QLatin1String("--version")) {
        out << "mapsmith-cli " << QCoreApplication::applicationVersion() << "\n";
        return mapsmith::cli::Ok;
    }
    // Saves a killed run left unfinished in these folders are rolled forward or back first.
    if (!mapsmith::cli::recoverArgumentFolders(args, err)) {
        return mapsmith::cli::Failure;
    }
    args.prepend(QStringLiteral("mapsmith-cli ") + command);
    if (command == QLatin1String("info")) {
        return mapsmith::cli::runInfo(args);
    }
    if (command == QLatin1String("validate")) {
        return mapsmith::cli::runValidate(args);
    }
    if (command == QLatin1String("dump")) {
        return mapsmith::cli::runDump(args);
    }
    if (command == QLatin1String("roundtrip")) {
        return mapsmith::cli::runRoundtrip(args);
    }
    if (command == QLatin1String("convert")) {
        return mapsmith::cli::runConvert(args);
    }
    if (command == QLatin1String("new")) {
        return mapsmith::cli::runNew(args);
    }
    if (command == QLatin1String("export-patch")) {
        return mapsmith::cli::runExportPatch(args);
    }
    if (command == QLatin1String("export-heightmap")) {
        return mapsmith::cli::runExportHeightmap(args);
    }
    if (command == QLatin1String("import-heightmap")) {
        return mapsmith::cli::runImportHeightmap(args);
    }
    if (command == QLatin1String("export-hmp")) {
        return mapsmith::cli::runExportHmp(args);
    }
    if (command == QLatin1String("import-hmp")) {
        return mapsmith::cli::runImportHmp(args);
    }
    if (command == QLatin1String("place")) {
        return mapsmith::cli::runPlace(args);
    }
    if (command == QLatin1String("import-wmb")) {
        return mapsmith::cli::runImportWmb(args);
    }
    if (command == QLatin1String("server-maps")) {
        return mapsmith::cli::runServerMaps(args);
    }
    if (command == QLatin1String("wdl")) {
        return mapsmith::cli::runWdl(args);
    }
    if (command == QLatin1String("repair")) {
        return mapsmith::cli::runRepair(args);
    }
    if (command == QLatin1String("bake-shadows")) {
        return mapsmith::cli::runBakeShadows(args);
    }
    if (command == QLatin1String("minimap")) {
        return mapsmith::cli::runMinimap(args);
    }
    err << "mapsmith-cli: unknown command '" << command << "'\n\n" << kUsage;
    return mapsmith::cli::Usage;
}
