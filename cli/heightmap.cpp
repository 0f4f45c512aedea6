// `mapsmith-cli export-heightmap` and `import-heightmap`: a block of a map's tiles as a 16-bit grayscale
// image of its outer vertices (128 pixels per tile plus the closing edge) and back.

#include "cli/commands.h"
#include "core/document/tile_loader.h"

#include "cli/map_block.h"
#include "cli/tile_io.h"

#include "core/convert/heightmap_image.h"
#include "core/convert/terrain_block.h"
#include "core/document/atomic_file.h"
#include "core/geometry/height_grid.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

#include <optional>
#include <span>

namespace mapsmith::cli {
namespace {

QCommandLineOption minOption(const QString& description) {
    return QCommandLineOption(QStringLiteral("min"), description, QStringLiteral("H"));
}
QCommandLineOption maxOption(const QString& description) {
    return QCommandLineOption(QStringLiteral("max"), description, QStringLiteral("H"));
}

// --min / --max when set (nullopt when unset), or the usage error printed and `bad` set.
std::optional<double> heightOption(const QCommandLineParser& parser, const QCommandLineOption& option,
                                   const QString& command, QTextStream& err, bool& bad) {
    if (!parser.isSet(option)) {
        return std::nullopt;
    }
    const auto v = parseHeight(parser.value(option));
    if (!v) {
        err << command << ": --" << option.names().first() << " must be a height in yards, not '"
            << parser.value(option) << "'\n";
        bad = true;
    }
    return v;
}

bool checkRange(double min, double max, const QString& command, QTextStream& err) {
    if (min < max) {
        return true;
    }
    err << command << ": --min " << heightText(min) << " must be below --max " << heightText(max) << "\n";
    return false;
}

} // namespace

int runExportHeightmap(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes the heights of a block of the map's tiles as a 16-bit grayscale PNG: one pixel per outer "
        "vertex, 128 per tile plus the closing edge, so a block of W x H tiles gives (128W+1) x (128H+1) "
        "pixels; row 0 is the block's north edge, column 0 its west edge. Heights map linearly from --min "
        "(black, 0) to --max (white, 65535), clamped; without them the block's lowest and highest heights "
        "are used. The range used is printed: give the same --min and --max to import-heightmap. Exit "
        "codes: 0 written, 2 usage error, 3 a tile or the map cannot be read or the image cannot be "
        "written."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and NAME_X_Y.adt tiles, v18 "
                       "or split) or its .wdt."));
    const auto tiles = tilesOption();
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("The PNG to write (replaced when it exists)."),
                                       QStringLiteral("FILE.png"));
    const auto minH = minOption(QStringLiteral("Height in yards written as 0. Default: the block's lowest."));
    const auto maxH =
        maxOption(QStringLiteral("Height in yards written as 65535. Default: the block's highest (the lowest "
                                 "plus 1 for a flat block)."));
    const QCommandLineOption allowMissing(
        QStringLiteral("allow-missing"),
        QStringLiteral("Export tiles the map does not have as 0 yards instead of failing."));
    parser.addOptions({tiles, outOption, minH, maxH, allowMissing});
    if (auto code = parseCommand(parser, args, 1, 1, {tiles, outOption})) {
        return *code;
    }
    const auto block = blockOption(parser, tiles, command, err);
    if (!block) {
        return Usage;
    }
    bool badNumber = false;
    const auto givenMin = heightOption(parser, minH, command, err, badNumber);
    const auto givenMax = heightOption(parser, maxH, command, err, badNumber);
    if (badNumber) {
        return Usage;
    }
    if (givenMin && givenMax && !checkRange(*givenMin, *givenMax, command, err)) {
        return Usage;
    }
    const QString outPath = parser.value(outOption);
    if (QFileInfo(outPath).suffix().compare(QLatin1String("png"), Qt::CaseInsensitive) != 0) {
        err << command << ": --out must name a .png file, not '" << outPath << "'\n";
        return Usage;
    }

    const auto map = openMapFolder(parser.positionalArguments().first());
    if (!map) {
        err << command << ": " << QString::fromStdString(map.error().message) << "\n";
        return Failure;
    }
    const QStringList missing = missingTiles(*map, *block);
    const int total = block->tilesX * block->tilesY;
    if (missing.size() == total) {
        err << command << ": " << map->dir << " has none of the tiles of " << tileBlockText(*block) << " ("
            << missing.join(QStringLiteral(", ")) << ")\n";
        return Failure;
    }
    if (!missing.isEmpty()) {
        if (!parser.isSet(allowMissing)) {
            err << command << ": " << map->dir << " has no " << missing.join(QStringLiteral(", "))
                << " (--allow-missing exports missing tiles as 0 yards)\n";
            return Failure;
        }
        err << "warning: exporting " << missing.join(QStringLiteral(", ")) << " (not in " << map->dir
            << ") as 0 yards\n";
    }
    const auto alpha = readAlphaDepth(map->wdtPath, false);
    if (!alpha) {
        err << command << ": " << located(map->wdtPath, alpha.error()) << "\n";
        return Failure;
    }

    const auto sampled = readBlockGrid(command, *map, *alpha, *block, err);
    if (!sampled) {
        return Failure;
    }
    const core::HeightGrid& grid = *sampled;

    // The range printed is the range used: the text is read back, so importing with it maps the same.
    const core::HeightRange range = core::heightmapExportRange(grid, {givenMin, givenMax});
    const double min = range.min;
    const double max = range.max;
    if (!checkRange(min, max, command, err)) {
        return Usage;
    }
    if (const std::size_t clamped = core::heightsOutside(grid, range); clamped > 0) {
        err << "warning: " << clamped << " of " << grid.values.size() << " heights lie outside "
            << heightText(min) << " .. " << heightText(max) << " and were clamped\n";
    }

    const auto png = core::encodeHeightmapPng(grid, range);
    if (!png) {
        if (png.error().code == core::CoreError::Code::Refused) {
            err << command << ": the block " << tileBlockText(*block) << " is "
                << QString::fromStdString(png.error().describe()) << "\n";
        } else {
            err << command << ": cannot encode the image: " << QString::fromStdString(png.error().describe())
                << "\n";
        }
        return Failure;
    }
    const auto saved = core::saveFileAtomically(outPath, *png, core::BackupPolicy::NoBackup);
    if (!saved.ok) {
        err << command << ": " << saved.error << "\n";
        return Failure;
    }
    out << "wrote " << outPath << ": " << grid.width << " x " << grid.height
        << " pixels, 16-bit grayscale, tiles " << tileBlockText(*block) << " of " << map->name << "\n";
    out << "height range: " << heightText(min) << " .. " << heightText(max) << " yards (import with --min "
        << heightText(min) << " --max " << heightText(max) << ")\n";
    return Ok;
}

int runImportHeightmap(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Sets the heights of a block of the map's tiles from a grayscale image: pixel 0 is --min yards, "
        "the top of the image's scale (65535 for 16-bit, 255 for 8-bit) is --max; colour images are "
        "converted to gray. The image is stretched over the block's outer vertices (bilinear), row 0 on "
        "the north edge and column 0 on the west edge, so an image from export-heightmap of the same block "
        "lands vertex on vertex; normals are recomputed, seamless across the tiles. Every tile of the block "
        "must exist and read before anything is written; the tiles are then written back in their own "
        "layout (v18 or split) all together or (killed, disk full) none, each previous file kept as .bak. "
        "Exit codes: 0 imported, 2 usage "
        "error, 3 the image or a tile cannot be read or written."));
    parser.addPositionalArgument(QStringLiteral("IMAGE"),
                                 QStringLiteral("The heightmap: a 16-bit grayscale PNG (export-heightmap "
                                                "writes them) or any image Qt reads."));
    parser.addPositionalArgument(QStringLiteral("MAPDIR"),
                                 QStringLiteral("The map folder (holding NAME.wdt and NAME_X_Y.adt tiles) or "
                                                "its .wdt."));
    const auto tiles = tilesOption();
    const auto minH = minOption(QStringLiteral("Height in yards of pixel value 0."));
    const auto maxH = maxOption(QStringLiteral("Height in yards of the brightest pixel value."));
    parser.addOptions({tiles, minH, maxH});
    if (auto code = parseCommand(parser, args, 2, 2, {tiles, minH, maxH})) {
        return *code;
    }
    const auto block = blockOption(parser, tiles, command, err);
    if (!block) {
        return Usage;
    }
    bool badNumber = false;
    const auto min = heightOption(parser, minH, command, err, badNumber);
    const auto max = heightOption(parser, maxH, command, err, badNumber);
    if (badNumber) {
        return Usage;
    }
    if (!checkRange(*min, *max, command, err)) {
        return Usage;
    }

    const QString imagePath = parser.positionalArguments().at(0);
    // Read here, not by QImageReader, whose "File not found" also stands for a directory or no permission.
    const auto png = core::readWholeFile(imagePath);
    if (!png) {
        err << command << ": " << QString::fromStdString(png.error().message) << "\n";
        return Failure;
    }
    const auto decoded = core::decodeHeightmapImage(*png);
    if (!decoded) {
        err << command << ": cannot read the image " << imagePath << ": "
            << QString::fromStdString(decoded.error().describe()) << "\n";
        return Failure;
    }
    const QImage& image = *decoded;
    if (image.format() != QImage::Format_Grayscale16) {
        err << "warning: " << imagePath << " is not 16-bit grayscale; converted ("
            << (image.isGrayscale() ? "at most 256 height levels" : "colours to gray") << ")\n";
    }
    const auto edit = prepareBlockEdit(command, parser.positionalArguments().at(1), *block, err);
    if (!edit) {
        return Failure;
    }
    const auto* map = &edit->map;
    const int latticeW = block->latticeWidth();
    const int latticeH = block->latticeHeight();
    if (image.width() != latticeW || image.height() != latticeH) {
        err << "note: the image is " << image.width() << " x " << image.height() << " pixels, the block "
            << latticeW << " x " << latticeH << " vertices; it is stretched over the block\n";
    }
    const core::TerrainImport import{core::gridFromHeightmap(image, *min, *max), {}, std::nullopt};

    const BlockWrite written = editBlockTiles(
        command, *edit,
        [&](const std::function<io::Adt*(core::TileCoord)>& only) {
            core::applyTerrainImport(*block, import, only);
        },
        err);
    if (!written.ok) {
        return Failure;
    }
    out << "imported " << imagePath << " (" << image.width() << " x " << image.height() << ") onto "
        << written.tiles << (written.tiles == 1 ? " tile" : " tiles") << " of " << map->name << " ("
        << tileBlockText(*block) << "), heights " << heightText(*min) << " .. " << heightText(*max)
        << " yards" << backupNote(written) << "\n";
    return Ok;
}

} // namespace mapsmith::cli
