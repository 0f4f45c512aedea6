// `mapsmith-cli export-hmp` and `import-hmp`: a block of a map's tiles as a Gamestudio HMP5 terrain of its
// outer vertices (128 cells per tile, kUnitSize yards each) and any HMP4/5/7 terrain back onto a block,
// optionally with its first skin as the block's vertex colours. Orientation: core/convert/hmp_terrain.h.

#include "cli/commands.h"

#include "cli/map_block.h"
#include "cli/tile_io.h"

#include "core/convert/hmp_terrain.h"
#include "core/convert/terrain_block.h"
#include "core/convert/vertex_colour_image.h"
#include "core/document/atomic_file.h"
#include "core/document/tile_loader.h"
#include "core/geometry/coords.h"
#include "core/geometry/height_grid.h"
#include "io/gamestudio/hmp.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

#include <algorithm>
#include <cmath>
#include <optional>

namespace mapsmith::cli {
namespace {

QString versionName(io::HmpVersion v) {
    return QStringLiteral("HMP%1").arg(int(v));
}

// --height-scale / --height-offset when set (`fallback` when unset), or the usage error printed and `bad`
// set.
double numberOption(const QCommandLineParser& parser, const QCommandLineOption& option, double fallback,
                    const QString& command, QTextStream& err, bool& bad) {
    if (!parser.isSet(option)) {
        return fallback;
    }
    const auto v = parseHeight(parser.value(option));
    if (!v) {
        err << command << ": --" << option.names().first() << " must be a number, not '"
            << parser.value(option) << "'\n";
        bad = true;
        return fallback;
    }
    return *v;
}

struct Range {
    double min = 0.0;
    double max = 0.0;
};

Range rangeOf(const core::HeightGrid& grid) {
    const auto [lo, hi] = std::minmax_element(grid.values.begin(), grid.values.end());
    return grid.values.empty() ? Range{} : Range{*lo, *hi};
}

} // namespace

int runExportHmp(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes the heights of a block of the map's tiles as a Gamestudio HMP5 terrain: one vertex per outer "
        "vertex of the tiles, 128 per tile plus the closing edge, so a block of W x H tiles gives (128W+1) x "
        "(128H+1) vertices, 4.1666665 yards (one outer-vertex spacing) apart, the terrain centred on its "
        "origin with x east and y north. Heights are in yards, packed on the full 0..65535 range from the "
        "block's lowest to its highest (the range and the step are printed); normals come from the heights. "
        "No skin is written. import-hmp reads the file back. Exit codes: 0 written, 2 usage error, 3 a tile "
        "or the map cannot be read or the file cannot be written."));
    parser.addPositionalArgument(
        QStringLiteral("MAPDIR"),
        QStringLiteral("The map folder (holding NAME.wdt and NAME_X_Y.adt tiles, v18 "
                       "or split) or its .wdt."));
    const auto tiles = tilesOption();
    const QCommandLineOption outOption(QStringLiteral("out"),
                                       QStringLiteral("The .hmp file to write (replaced when it exists)."),
                                       QStringLiteral("FILE.hmp"));
    parser.addOptions({tiles, outOption});
    if (auto code = parseCommand(parser, args, 1, 1, {tiles, outOption})) {
        return *code;
    }
    const auto block = blockOption(parser, tiles, command, err);
    if (!block) {
        return Usage;
    }
    const QString outPath = parser.value(outOption);
    if (QFileInfo(outPath).suffix().compare(QLatin1String("hmp"), Qt::CaseInsensitive) != 0) {
        err << command << ": --out must name a .hmp file, not '" << outPath << "'\n";
        return Usage;
    }

    const auto map = openMapFolder(parser.positionalArguments().first());
    if (!map) {
        err << command << ": " << QString::fromStdString(map.error().message) << "\n";
        return Failure;
    }
    if (const QStringList missing = missingTiles(*map, *block); !missing.isEmpty()) {
        err << command << ": " << map->dir << " has no " << missing.join(QStringLiteral(", ")) << "\n";
        return Failure;
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

    const auto encoded = core::encodeBlockHmp5(grid);
    if (!encoded) {
        err << command << ": the block " << tileBlockText(*block) << " cannot be written as HMP5 ("
            << QString::fromStdString(encoded.error().describe()) << ")\n";
        return Failure;
    }
    const io::Hmp& hmp = encoded->hmp;
    const auto saved = core::saveFileAtomically(outPath, encoded->bytes, core::BackupPolicy::NoBackup);
    if (!saved.ok) {
        err << command << ": " << saved.error << "\n";
        return Failure;
    }
    const Range range = rangeOf(grid);
    const float cell = hmp.header.triSizeX;
    out << "wrote " << outPath << ": HMP5, " << grid.width << " x " << grid.height << " vertices "
        << heightText(cell) << " yards apart (" << heightText(float(double(cell) * (grid.width - 1))) << " x "
        << heightText(float(double(cell) * (grid.height - 1))) << " yards), tiles " << tileBlockText(*block)
        << " of " << map->name << "\n";
    out << "height range: " << heightText(range.min) << " .. " << heightText(range.max)
        << " yards, packed on 0..65535 with scale " << heightText(hmp.header.scale[2])
        << " yards per step, offset " << heightText(hmp.header.offset[2])
        << (range.min == range.max ? QStringLiteral(" (flat)") : QString()) << "\n";
    return Ok;
}

int runImportHmp(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Sets the heights of a block of the map's tiles from a Gamestudio HMP terrain (HMP4, HMP5 or HMP7): "
        "yards = the terrain's height * --height-scale + --height-offset. The terrain's first frame is "
        "stretched over the block's outer vertices (bilinear), its north edge (HMP y max) on the block's "
        "north edge and its west edge (x min) on the west edge, so a file from export-hmp of the same block "
        "lands vertex on vertex; normals are recomputed, seamless across the tiles. --skin-tint also sets "
        "the vertex colours from the terrain's first skin. Skins of every type the Gamestudio spec lists are "
        "read (8-bit, 565, 4444, 888, 8888, with mipmaps, and DDS with DXT1/3/5 or RGB data); a skin that "
        "cannot be decoded is a warning and costs only --skin-tint, when it is the first. Every tile of the "
        "block must exist and read, and the terrain must read, before anything is written; the tiles are "
        "then written back in their own layout (v18 or split) all together or (killed, disk full) none, "
        "each previous file kept as .bak. Exit codes: 0 imported, 2 usage "
        "error, 3 the terrain or a tile cannot be read or written (or --skin-tint's skin cannot be "
        "decoded)."));
    parser.addPositionalArgument(
        QStringLiteral("FILE.hmp"),
        QStringLiteral("The terrain: an HMP4, HMP5 (export-hmp writes them) or HMP7 file."));
    parser.addPositionalArgument(QStringLiteral("MAPDIR"),
                                 QStringLiteral("The map folder (holding NAME.wdt and NAME_X_Y.adt tiles) or "
                                                "its .wdt."));
    const auto tiles = tilesOption();
    const QCommandLineOption scaleOption(
        QStringLiteral("height-scale"),
        QStringLiteral("Yards per unit of the terrain's heights. Default: 1."), QStringLiteral("S"));
    const QCommandLineOption offsetOption(QStringLiteral("height-offset"),
                                          QStringLiteral("Yards added after scaling. Default: 0."),
                                          QStringLiteral("O"));
    const QCommandLineOption tintOption(
        QStringLiteral("skin-tint"),
        QStringLiteral("Also set the vertex colours (MCCV) of every vertex from the terrain's first skin, "
                       "stretched over the block like the heights: its colour bytes become the vertex colour "
                       "bytes, 0x7F (mid grey) leaving the ground textures as they are."));
    parser.addOptions({tiles, scaleOption, offsetOption, tintOption});
    if (auto code = parseCommand(parser, args, 2, 2, {tiles})) {
        return *code;
    }
    const auto block = blockOption(parser, tiles, command, err);
    if (!block) {
        return Usage;
    }
    bool badNumber = false;
    const double scale = numberOption(parser, scaleOption, 1.0, command, err, badNumber);
    const double offset = numberOption(parser, offsetOption, 0.0, command, err, badNumber);
    if (badNumber) {
        return Usage;
    }

    const QString hmpPath = parser.positionalArguments().at(0);
    const auto bytes = core::readWholeFile(hmpPath);
    if (!bytes) {
        err << command << ": " << located(hmpPath, bytes.error()) << "\n";
        return Failure;
    }
    const auto hmp = io::readHmp(*bytes);
    if (!hmp) {
        err << command << ": " << located(hmpPath, hmp.error()) << "; nothing written\n";
        return Failure;
    }
    // Skins that read but do not decode cost only --skin-tint (below), never the heights.
    for (const io::Warning& w : hmp->warnings) {
        err << "warning: " << located(hmpPath, w) << "\n";
    }
    const auto plan = core::planHmpImport(*hmp, {scale, offset, parser.isSet(tintOption)});
    if ((plan || plan.error() != core::HmpImportProblem::NoGrid) && hmp->frames.size() > 1) {
        err << "note: " << hmpPath << " has " << hmp->frames.size() << " frames; the first is imported\n";
    }
    if (!plan) {
        switch (plan.error()) {
        case core::HmpImportProblem::NoGrid:
            err << command << ": " << hmpPath << " holds no grid of heights; nothing written\n";
            return Failure;
        case core::HmpImportProblem::UnusableHeights: {
            const core::HeightGrid units = core::gridFromHmp(*hmp);
            const Range r = rangeOf(units);
            err << command << ": the heights of " << hmpPath << " (" << heightText(r.min) << " .. "
                << heightText(r.max) << ") * " << QString::number(scale, 'g', 9) << " + "
                << QString::number(offset, 'g', 9) << " are not usable heights in yards; nothing written\n";
            return Failure;
        }
        case core::HmpImportProblem::NoSkin:
            err << command << ": --skin-tint needs a skin, and " << hmpPath << " has none\n";
            return Usage;
        case core::HmpImportProblem::SkinNotDecoded: {
            const io::GamestudioSkin& first = hmp->skins.front();
            err << command << ": --skin-tint needs the first skin's colours, and the first skin of "
                << hmpPath << " (type " << first.type
                << ") cannot be decoded (see the warning above); nothing written "
                << "(without --skin-tint the heights import)\n";
            return Failure;
        }
        }
    }
    const core::HeightGrid& grid = plan->grid;
    const Range units{plan->unitsMin, plan->unitsMax};
    const Range yards{plan->yardsMin, plan->yardsMax};
    const std::optional<QImage>& skin = plan->tint;

    const auto edit = prepareBlockEdit(command, parser.positionalArguments().at(1), *block, err);
    if (!edit) {
        return Failure;
    }
    const auto* map = &edit->map;
    // The terrain's horizontal size against the block's: stretched, and the height scale that keeps its
    // proportions (yards per terrain unit across).
    const io::HmpExtent extent = io::hmpExtent(*hmp);
    const double unitsAcross = double(extent.xMax) - double(extent.xMin);
    const double yardsAcross = block->tilesX * core::kTileSize;
    const double proportional = core::proportionalHeightScale(*hmp, *block);
    if (grid.width != block->latticeWidth() || grid.height != block->latticeHeight() ||
        (proportional > 0.0 && std::abs(proportional - 1.0) > 1e-4)) {
        err << "note: the terrain is " << grid.width << " x " << grid.height << " vertices, "
            << heightText(unitsAcross) << " units across; the block " << block->latticeWidth() << " x "
            << block->latticeHeight() << " vertices, " << heightText(float(yardsAcross))
            << " yards across; it is stretched over the block";
        if (proportional > 0.0 && std::abs(scale - proportional) > 1e-4 * proportional) {
            err << " (--height-scale " << heightText(float(proportional)) << " keeps its proportions)";
        }
        err << "\n";
    }

    const BlockWrite written = editBlockTiles(
        command, *edit,
        [&](const std::function<io::Adt*(core::TileCoord)>& only) {
            core::applyTerrainImport(*block, {grid, {scale, offset}, skin}, only);
        },
        err);
    if (!written.ok) {
        return Failure;
    }
    out << "imported " << hmpPath << " (" << versionName(hmp->header.version) << ", " << grid.width << " x "
        << grid.height << " vertices, heights " << heightText(units.min) << " .. " << heightText(units.max)
        << ") onto " << written.tiles << (written.tiles == 1 ? " tile" : " tiles") << " of " << map->name
        << " (" << tileBlockText(*block) << "): " << heightText(float(yards.min)) << " .. "
        << heightText(float(yards.max)) << " yards";
    if (skin) {
        out << ", vertex colours from its " << skin->width() << " x " << skin->height() << " skin";
    }
    out << backupNote(written) << "\n";
    return Ok;
}

} // namespace mapsmith::cli
