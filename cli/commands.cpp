#include "cli/commands.h"

#include "cli/model_info.h"
#include "cli/output.h"
#include "cli/tile_io.h"
#include "cli/wmo_roundtrip.h"

#include "core/document/atomic_file.h"
#include "core/document/file_transaction.h"
#include "core/document/tile_loader.h"
#include "core/document/tile_summary.h"
#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_layout.h"
#include "io/adt/liquid_cells.h"
#include "io/binary/file_kind.h"
#include "io/wdl/wdl.h"
#include "io/wdl/wdl_dump.h"
#include "io/wdt/wdt.h"
#include "io/wdt/wdt_dump.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QTextStream>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <optional>
#include <vector>

namespace mapsmith::cli {
namespace {

QCommandLineOption jsonOption(const QString& what) {
    return QCommandLineOption(QStringLiteral("json"), what);
}

// Decided by the content; the extension only when the content cannot (io/binary/file_kind.h).
io::FileKind kindOf(const std::vector<std::byte>& bytes, const QString& path) {
    return io::sniffFileKind(bytes, path.toStdString());
}

// dump and roundtrip read tiles and WDTs only: a model or texture is named, not misread as a tile.
std::optional<int> refuseModel(const QString& command, const QString& path, io::FileKind kind) {
    if (kind == io::FileKind::Adt || kind == io::FileKind::Wdt || kind == io::FileKind::Unknown) {
        return std::nullopt;
    }
    err() << "mapsmith-cli " << command << ": " << path << " is " << io::fileKindName(kind) << " data; "
          << command << " reads .adt tiles and .wdt files"
          << (command == QLatin1String("roundtrip") ? ", and WMO roots and groups" : "")
          << " (info and validate read models)\n";
    return Failure;
}

const char* encodingName(io::AlphaEncoding e) {
    switch (e) {
    case io::AlphaEncoding::FourBit:
        return "4bit";
    case io::AlphaEncoding::EightBit:
        return "8bit";
    case io::AlphaEncoding::Rle:
        return "rle";
    }
    return "?";
}

QString alphaFormatText(const InputTile& tile, const core::TileSummary& s) {
    QString depth = tile.adt.bigAlpha ? QStringLiteral("8-bit") : QStringLiteral("4-bit");
    QString source = !tile.alpha.wdtPath.isEmpty()
                         ? QStringLiteral("from ") + QFileInfo(tile.alpha.wdtPath).fileName()
                         : QStringLiteral("inferred from the alpha map sizes, no WDT");
    return QStringLiteral("%1 depth (%2); maps: %3 4-bit, %4 8-bit, %5 compressed")
        .arg(depth, source)
        .arg(s.alphaFourBit)
        .arg(s.alphaEightBit)
        .arg(s.alphaRle);
}

// The chunks of one file of a tile, with the sub-chunks of every MCNK: after the header in v18 files and
// split roots, from the first byte in the headerless MCNKs of the split partners (_tex0, _obj0, ...).
std::vector<io::ChunkEntry> fileChunks(const TileFile& file) {
    io::Diagnostics diag;
    return io::listAdtChunks(file.bytes, diag);
}

// `part` is set for split sets: each entry then names its file.
void appendChunkJson(Json& list, const std::vector<io::ChunkEntry>& chunks, bool withSub,
                     const QString& part) {
    for (const auto& c : chunks) {
        if (c.mcnkIndex >= 0 && !withSub) {
            continue;
        }
        Json j{{"id", c.id.str()}, {"offset", c.offset}, {"size", c.size}};
        if (c.mcnkIndex >= 0) {
            j["mcnk"] = c.mcnkIndex;
        }
        if (!part.isEmpty()) {
            j["file"] = part.toStdString();
        }
        list.push_back(std::move(j));
    }
}

// The chunk table of `info`: MCNKs folded into one line unless `all`, then with their sub-chunks.
void printChunkTable(QTextStream& o, const std::vector<io::ChunkEntry>& list, bool all) {
    o << "      offset     size  chunk\n";
    int mcnkCount = 0;
    std::uint64_t mcnkFirst = 0;
    std::uint64_t mcnkMin = ~0ull;
    std::uint64_t mcnkMax = 0;
    auto flushMcnk = [&]() {
        if (mcnkCount > 0 && !all) {
            o << QStringLiteral("  %1 %2  MCNK x%3 (sizes %4..%5)\n")
                     .arg(hex(mcnkFirst), 10)
                     .arg(QString(), 8)
                     .arg(mcnkCount)
                     .arg(mcnkMin)
                     .arg(mcnkMax);
        }
        mcnkCount = 0;
    };
    for (const auto& c : list) {
        if (c.mcnkIndex >= 0) {
            if (all) {
                o << QStringLiteral("  %1 %2    %3\n")
                         .arg(hex(c.offset), 10)
                         .arg(c.size, 8)
                         .arg(QString::fromStdString(c.id.str()));
            }
            continue;
        }
        if (c.id == io::chunk::MCNK) {
            if (mcnkCount == 0) {
                mcnkFirst = c.offset;
                mcnkMin = ~0ull;
                mcnkMax = 0;
            }
            ++mcnkCount;
            mcnkMin = std::min<std::uint64_t>(mcnkMin, c.size);
            mcnkMax = std::max<std::uint64_t>(mcnkMax, c.size);
            if (!all) {
                continue;
            }
        } else {
            flushMcnk();
        }
        o << QStringLiteral("  %1 %2  %3\n")
                 .arg(hex(c.offset), 10)
                 .arg(c.size, 8)
                 .arg(QString::fromStdString(c.id.str()));
    }
    flushMcnk();
}

// "tex0, obj0" for a split set's partners.
QString partnerList(const TileFiles& files) {
    QStringList parts;
    for (const TileFile& f : files.files) {
        if (f.part != QLatin1String("root")) {
            parts << f.part;
        }
    }
    return parts.join(QStringLiteral(", "));
}

// The first byte at which two files differ (the shorter one's size when one is a prefix of the other).
std::optional<std::size_t> firstDifference(const std::vector<std::byte>& a, const std::vector<std::byte>& b) {
    const auto [ia, ib] = std::mismatch(a.begin(), a.end(), b.begin(), b.end());
    if (ia == a.end() && ib == b.end()) {
        return std::nullopt;
    }
    return std::size_t(ia - a.begin());
}

int infoWdt(const QString& path, const std::vector<std::byte>& bytes, bool json) {
    io::Diagnostics diag;
    diag.lenient = true;
    auto wdt = io::readWdt(bytes, diag);
    if (!wdt) {
        err() << "mapsmith-cli info: " << path << ": " << describe(wdt.error()) << "\n";
        return Failure;
    }
    const Json summary = io::summarizeWdt(*wdt, bytes);
    if (json) {
        Json j{{"file", path.toStdString()}, {"size", bytes.size()}, {"type", "WDT"}, {"format", "wdt"}};
        j.update(summary);
        j["warnings"] = errorListJson(diag.warnings);
        printJson(j);
        return Ok;
    }
    out() << "file:     " << path << " (" << bytes.size() << " bytes)\n";
    out() << "type:     WDT v" << summary["version"].get<unsigned>() << "\n";
    out() << "flags:    " << hex(summary["flags"].get<std::uint32_t>()) << " (alpha maps "
          << (wdt->bigAlpha() ? "8-bit" : "4-bit") << ")\n";
    out() << "tiles:    " << summary["tileCount"].get<int>() << " of 4096\n";
    out() << "chunks:\n";
    for (const auto& c : summary["chunks"]) {
        out() << QStringLiteral("  %1 %2  %3\n")
                     .arg(hex(c["offset"].get<std::uint64_t>()), 10)
                     .arg(c["size"].get<std::uint64_t>(), 8)
                     .arg(QString::fromStdString(c["id"].get<std::string>()));
    }
    for (const auto& w : diag.warnings) {
        out() << "warning:  " << describe(w) << "\n";
    }
    return Ok;
}

int infoWdl(const QString& path, const std::vector<std::byte>& bytes, bool json) {
    auto wdl = io::readWdl(bytes);
    if (!wdl) {
        err() << "mapsmith-cli info: " << path << ": " << describe(wdl.error()) << "\n";
        return Failure;
    }
    const Json summary = io::summarizeWdl(*wdl, bytes);
    if (json) {
        Json j{{"file", path.toStdString()}, {"size", bytes.size()}, {"type", "WDL"}, {"format", "wdl"}};
        j.update(summary);
        printJson(j);
        return Ok;
    }
    out() << "file:     " << path << " (" << bytes.size() << " bytes)\n";
    out() << "type:     WDL v" << summary["version"].get<unsigned>() << "\n";
    out() << "entries:  " << summary["entries"].get<int>() << " of 4096 ("
          << summary["entriesWithHoles"].get<int>() << " with MAHO)\n";
    if (summary.contains("minHeight")) {
        out() << "heights:  " << summary["minHeight"].get<int>() << " .. " << summary["maxHeight"].get<int>()
              << " yd\n";
    }
    if (summary.contains("wmos")) {
        out() << "wmos:     " << summary["wmos"].size() << " names, "
              << summary.value("wmoPlacements", std::size_t(0)) << " placements\n";
    }
    out() << "chunks (MARE and MAHO not listed):\n";
    for (const auto& c : summary["chunks"]) {
        out() << QStringLiteral("  %1 %2  %3\n")
                     .arg(hex(c["offset"].get<std::uint64_t>()), 10)
                     .arg(c["size"].get<std::uint64_t>(), 8)
                     .arg(QString::fromStdString(c["id"].get<std::string>()));
    }
    return Ok;
}

} // namespace

QCommandLineOption wdtOption() {
    return QCommandLineOption(QStringLiteral("wdt"),
                              QStringLiteral("The map's WDT (sets the alpha map depth). Default: <Map>.wdt "
                                             "beside <Map>_<x>_<y>.adt when it exists."),
                              QStringLiteral("WDT"));
}

int runInfo(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Summary of a file; its kind is read from its first bytes (the extension decides only for a file "
        "whose bytes say nothing). ADT tile or WDT: version, chunk list with offsets and sizes, counts, "
        "alpha "
        "map format. M2 (WotLK, MD20): bounding and collision boxes, vertices, the triangles of the skin "
        "profile Name00.skin (else the lowest-numbered one beside it), textures (\"\" for those set at run "
        "time), counts. WMO root: bounds, textures, doodad sets, and vertices and triangles of the group "
        "files Name_NNN.wmo beside it. MDX (0.5.3): bounds, geosets, textures, sequences. Also M2 skins, WMO "
        "groups, Gamestudio MDL and HMP, BLP textures, and Gamestudio WMB7 levels (list counts, textures, "
        "objects with entity file names and positions, bounds of the block geometry). Files beside a model "
        "are also found in another "
        "letter case. A damaged model is read as far as it goes, its problems listed as warnings; a file "
        "that cannot be read at all exits 3 with the place of the error. MD21 (Legion+ M2) is refused."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral(
            "An .adt, .wdt or .wdl file (a split root, Name_X_Y.adt with its _tex0/_obj0 beside it, "
            "is read with its partners), or a .m2, .skin, .wmo, .mdx, .mdl, .hmp, .blp or .wmb file."));
    const auto wdt = wdtOption();
    const auto json = jsonOption(QStringLiteral("Print JSON."));
    const QCommandLineOption chunks(
        QStringLiteral("chunks"),
        QStringLiteral("List every chunk, including each MCNK's sub-chunks (tiles)."));
    parser.addOptions({wdt, json, chunks});
    if (auto code = parseCommand(parser, args, 1, 1)) {
        return *code;
    }
    const QString path = parser.positionalArguments().first();
    auto bytes = core::readWholeFile(path);
    if (!bytes) {
        err() << "mapsmith-cli info: " << describe(bytes.error()) << "\n";
        return Failure;
    }
    const io::FileKind kind = kindOf(*bytes, path);
    if (kind == io::FileKind::Wdt) {
        return infoWdt(path, *bytes, parser.isSet(json));
    }
    if (kind == io::FileKind::Wdl) {
        return infoWdl(path, *bytes, parser.isSet(json));
    }
    if (kind != io::FileKind::Adt) {
        return modelInfo(kind, path, *bytes, parser.isSet(json));
    }
    auto tile = readTile(path, std::move(*bytes), parser.value(wdt), true);
    if (!tile) {
        err() << "mapsmith-cli info: " << located(path, tile.error()) << "\n";
        return Failure;
    }
    const TileFiles& files = tile->files;
    const bool split = files.layout == TileLayout::Split;
    std::vector<std::vector<io::ChunkEntry>> lists;
    for (const TileFile& f : files.files) {
        lists.push_back(fileChunks(f));
    }
    const core::TileSummary s = core::summarizeTile(tile->adt);
    if (parser.isSet(json)) {
        Json chunkList = Json::array();
        Json fileList = Json::array();
        for (std::size_t i = 0; i < files.files.size(); ++i) {
            const TileFile& f = files.files[i];
            appendChunkJson(chunkList, lists[i], parser.isSet(chunks), split ? f.part : QString());
            fileList.push_back(
                {{"part", f.part.toStdString()}, {"path", f.path.toStdString()}, {"size", f.bytes.size()}});
        }
        Json j{{"file", path.toStdString()},
               {"size", files.files.front().bytes.size()},
               {"type", "ADT"},
               {"format", "adt"},
               {"layout", layoutName(files.layout)},
               {"version", tile->adt.version},
               {"wdt", tile->alpha.wdtPath.toStdString()},
               {"alpha",
                {{"depth", tile->adt.bigAlpha ? 8 : 4},
                 {"inferred", tile->alphaDepthInferred},
                 {"fourBit", s.alphaFourBit},
                 {"eightBit", s.alphaEightBit},
                 {"compressed", s.alphaRle}}},
               {"counts",
                {{"textures", s.textures},
                 {"models", s.modelNames},
                 {"wmos", s.wmoNames},
                 {"doodads", s.doodads},
                 {"mapObjects", s.mapObjects},
                 {"layers", s.layers},
                 {"alphaMaps", s.alphaMaps},
                 {"liquidChunks", s.liquidChunks},
                 {"liquidInstances", s.liquidInstances},
                 {"chunksWithHoles", s.chunksWithHoles},
                 {"chunksWithShadow", s.chunksWithShadow},
                 {"chunksWithVertexColors", s.chunksWithVertexColors},
                 {"chunksWithShadowDisabled", s.chunksWithShadowDisabled},
                 {"chunksWithVertexColorsDisabled", s.chunksWithVertexColorsDisabled}}},
               {"heightRange", {s.minHeight, s.maxHeight}},
               {"files", fileList},
               {"chunks", chunkList}};
        j["warnings"] = errorListJson(tile->warnings);
        j["notes"] = errorListJson(tile->notes);
        printJson(j);
        return Ok;
    }
    auto& o = out();
    o << "file:      " << path << " (" << files.files.front().bytes.size() << " bytes)\n";
    for (std::size_t i = 1; i < files.files.size(); ++i) {
        o << "           " << files.files[i].path << " (" << files.files[i].bytes.size() << " bytes)\n";
    }
    o << "type:      ADT v" << tile->adt.version
      << (split ? QStringLiteral(" (split: root, ") + partnerList(files) + QLatin1Char(')')
                : QStringLiteral(" (monolithic)"))
      << "\n";
    o << "alpha:     " << alphaFormatText(*tile, s) << "\n";
    o << "textures:  " << s.textures << "   models: " << s.modelNames << "   wmos: " << s.wmoNames << "\n";
    o << "objects:   " << s.doodads << " doodads (MDDF), " << s.mapObjects << " map objects (MODF)\n";
    o << "layers:    " << s.layers << " (" << s.alphaMaps << " alpha maps, at most " << s.maxLayersPerChunk
      << " per chunk)\n";
    o << "liquid:    " << s.liquidChunks << " chunks, " << s.liquidInstances << " instances (MH2O); "
      << s.mclqChunks << " chunks with MCLQ data\n";
    o << "chunks:    " << s.chunksWithHoles << " with holes, " << s.chunksWithShadow << " with shadows, "
      << s.chunksWithVertexColors << " with vertex colours, " << s.impassableChunks << " impassable\n";
    if (s.chunksWithShadowDisabled + s.chunksWithVertexColorsDisabled > 0) {
        o << "disabled:  " << s.chunksWithShadowDisabled << " MCSH, " << s.chunksWithVertexColorsDisabled
          << " MCCV present with their MCNK flag clear (the client ignores them; kept as read)\n";
    }
    o << "heights:   " << s.minHeight << " .. " << s.maxHeight << " yd\n";
    o << "areas:    ";
    for (auto a : s.areaIds) {
        o << " " << a;
    }
    o << "\n";
    for (std::size_t i = 0; i < files.files.size(); ++i) {
        o << "\n";
        if (split) {
            o << files.files[i].part << ": " << QFileInfo(files.files[i].path).fileName() << "\n";
        }
        printChunkTable(o, lists[i], parser.isSet(chunks));
    }
    for (const auto& w : tile->warnings) {
        o << "warning:   " << describe(w) << "\n";
    }
    for (const auto& n : tile->notes) {
        o << "note:      " << describe(n) << "\n";
    }
    return Ok;
}

int runDump(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Prints the semantic content of a tile or WDT as JSON: heights, normals, layers with "
        "texture names and a hash of each decoded 64x64 alpha map, holes, flags, area ids, "
        "liquids, objects, shadows, vertex colours. Storage details (alpha encoding, chunk order, "
        "offsets, padding) are left out, so two files can be compared with diff."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral(
            "An .adt, .wdt or .wdl file. A split root (Name_X_Y.adt with its _tex0/_obj0 beside it) "
            "is read with its partners and dumps like the same tile in v18. A .wdl dumps each entry's "
            "tile, lowest and highest height, a hash of its heights and its hole masks."));
    const auto wdt = wdtOption();
    const auto json = jsonOption(QStringLiteral("JSON output (the only format; accepted for scripts)."));
    const QCommandLineOption lenient(QStringLiteral("lenient"),
                                     QStringLiteral("Dump what can be read from a damaged file."));
    const QCommandLineOption liquidCells(
        QStringLiteral("liquid-cells"),
        QStringLiteral("Only the liquid each chunk shows, cell by cell (type, corner heights, depths or uvs, "
                       "deep), from MCLQ or MH2O alike: a tile before and after convert --liquid mh2o "
                       "prints the same."));
    parser.addOptions({wdt, json, lenient, liquidCells});
    if (auto code = parseCommand(parser, args, 1, 1)) {
        return *code;
    }
    const QString path = parser.positionalArguments().first();
    auto bytes = core::readWholeFile(path);
    if (!bytes) {
        err() << "mapsmith-cli dump: " << describe(bytes.error()) << "\n";
        return Failure;
    }
    const io::FileKind kind = kindOf(*bytes, path);
    if (kind == io::FileKind::Wdl) {
        auto w = io::readWdl(*bytes);
        if (!w) {
            err() << "mapsmith-cli dump: " << path << ": " << describe(w.error()) << "\n";
            return Failure;
        }
        printJson(io::dumpWdl(*w));
        return Ok;
    }
    if (auto code = refuseModel(QStringLiteral("dump"), path, kind)) {
        return *code;
    }
    if (kind == io::FileKind::Wdt) {
        io::Diagnostics diag;
        diag.lenient = parser.isSet(lenient);
        auto w = io::readWdt(*bytes, diag);
        if (!w) {
            err() << "mapsmith-cli dump: " << path << ": " << describe(w.error()) << "\n";
            return Failure;
        }
        printJson(io::dumpWdt(*w));
        return Ok;
    }
    auto tile = readTile(path, std::move(*bytes), parser.value(wdt), parser.isSet(lenient));
    if (!tile) {
        err() << "mapsmith-cli dump: " << located(path, tile.error()) << "\n";
        return Failure;
    }
    for (const auto& w : tile->warnings) {
        err() << "warning: " << describe(w) << "\n";
    }
    if (parser.isSet(liquidCells)) {
        const auto cells = io::liquidCells(tile->adt);
        if (!cells) {
            err() << "mapsmith-cli dump: " << located(path, cells.error()) << "\n";
            return Failure;
        }
        printJson(io::dumpLiquidCells(*cells));
        return Ok;
    }
    printJson(io::dumpAdt(tile->adt));
    return Ok;
}

int runRoundtrip(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Reads IN and writes it to OUT in Blizzard's layout, rebuilding every offset. OUT is "
        "written atomically; an existing OUT is kept as OUT.bak. Reports whether OUT is "
        "byte-identical to IN and checks it is semantically identical (exit 1 if not, unless a "
        "lossy --alpha 4bit was asked for). A split root IN (Name_X_Y.adt with its _tex0/_obj0 beside "
        "it) is written as a split set: OUT and its partners beside it, each file compared with IN's. "
        "All files written (a split set, the --wdt-out WDT) change together or, killed or failing, none "
        "does; each existing one is kept as .bak. A WMO root IN is read with its group files beside it "
        "(IN_000.wmo ..) and written as OUT with OUT_000.wmo .. beside it (a group file alone as OUT), "
        "every file compared with the one read."));
    parser.addPositionalArgument(
        QStringLiteral("IN"),
        QStringLiteral("The .adt (v18 or split root), .wdt or .wmo (root or group) to read."));
    parser.addPositionalArgument(QStringLiteral("OUT"), QStringLiteral("Where to write it."));
    const auto wdt = wdtOption();
    const auto alpha = alphaOption(
        QStringLiteral("Re-encode every alpha map: 4bit (2048 bytes), 8bit (4096 bytes) or rle (compressed). "
                       "8bit and rle need MPHD flag 0x4 in the WDT, 4bit needs it clear: see --wdt-out."));
    const QCommandLineOption wdtOut(
        QStringLiteral("wdt-out"),
        QStringLiteral("Also write the WDT (from --wdt or found beside IN) with the "
                       "MPHD alpha depth flag that matches --alpha."),
        QStringLiteral("WDT"));
    const auto json = jsonOption(QStringLiteral("Print the result as JSON."));
    const QCommandLineOption lenient(QStringLiteral("lenient"),
                                     QStringLiteral("Write what can be read from a damaged file."));
    parser.addOptions({wdt, alpha, wdtOut, json, lenient});
    if (auto code = parseCommand(parser, args, 2, 2)) {
        return *code;
    }
    const QString inPath = parser.positionalArguments().at(0);
    const QString outPath = parser.positionalArguments().at(1);
    std::optional<int> alphaError;
    const auto encoding = parseAlpha(parser, alpha, args.first(), alphaError);
    if (alphaError) {
        return *alphaError;
    }
    auto bytes = core::readWholeFile(inPath);
    if (!bytes) {
        err() << "mapsmith-cli roundtrip: " << describe(bytes.error()) << "\n";
        return Failure;
    }

    // A WDT or a v18 tile is one root file; a split set is several.
    TileFiles inFiles;
    TileFiles outFiles;
    bool semanticSame = true;
    bool lossy = false;
    QString wdtWritten;
    QStringList removed;
    std::vector<io::Warning> warnings;
    const io::FileKind kind = kindOf(*bytes, inPath);
    if (kind == io::FileKind::WmoRoot || kind == io::FileKind::WmoGroup) {
        if (encoding || parser.isSet(wdt) || parser.isSet(wdtOut)) {
            err() << "mapsmith-cli roundtrip: --wdt, --wdt-out and --alpha apply to .adt tiles\n";
            return Usage;
        }
        return roundtripWmo(inPath, outPath, *bytes, kind == io::FileKind::WmoRoot,
                            {.json = parser.isSet(json), .lenient = parser.isSet(lenient)});
    }
    if (auto code = refuseModel(QStringLiteral("roundtrip"), inPath, kind)) {
        return *code;
    }
    if (kind == io::FileKind::Wdt) {
        if (encoding) {
            err() << "mapsmith-cli roundtrip: --alpha applies to .adt tiles\n";
            return Usage;
        }
        io::Diagnostics diag;
        diag.lenient = parser.isSet(lenient);
        auto w = io::readWdt(*bytes, diag);
        if (!w) {
            err() << "mapsmith-cli roundtrip: " << inPath << ": " << describe(w.error()) << "\n";
            return Failure;
        }
        warnings = diag.warnings;
        inFiles.files.push_back({QStringLiteral("root"), inPath, std::move(*bytes)});
        outFiles.files.push_back({QStringLiteral("root"), outPath, io::writeWdt(*w)});
        io::Diagnostics again;
        auto back = io::readWdt(outFiles.files.front().bytes, again);
        semanticSame = back && io::dumpWdt(*back) == io::dumpWdt(*w);
        const auto saved = core::saveFileAtomically(outPath, outFiles.files.front().bytes);
        if (!saved.ok) {
            err() << "mapsmith-cli roundtrip: " << saved.error << "\n";
            return Failure;
        }
    } else {
        auto tile = readTile(inPath, parser.value(wdt), parser.isSet(lenient));
        // The tile's files and the --wdt-out WDT: one transaction.
        core::FileTransaction transaction(QFileInfo(outPath).absolutePath());
        if (!tile) {
            err() << "mapsmith-cli roundtrip: " << located(inPath, tile.error()) << "\n";
            return Failure;
        }
        warnings = tile->warnings;
        io::AdtWriteOptions writeOptions;
        writeOptions.alphaEncoding = encoding;
        outFiles = encodeTile(tile->adt, outPath, tile->files.layout, writeOptions);
        bool outBig = tile->adt.bigAlpha;
        if (encoding) {
            outBig = needsBigAlpha(*encoding);
            lossy = tile->adt.bigAlpha && !outBig;
        }
        io::AdtReadOptions back;
        back.bigAlpha = outBig;
        auto reread = decodeTile(outFiles, back);
        semanticSame = reread && io::dumpAdt(reread->adt) == io::dumpAdt(tile->adt);
        if (outBig != tile->adt.bigAlpha) {
            const QString wdtIn = tile->alpha.wdtPath;
            if (parser.isSet(wdtOut)) {
                if (wdtIn.isEmpty()) {
                    err() << "mapsmith-cli roundtrip: --wdt-out needs the map's WDT (--wdt)\n";
                    return Usage;
                }
                auto wdtBytes = core::readWholeFile(wdtIn);
                io::Diagnostics diag;
                auto w = wdtBytes ? io::readWdt(*wdtBytes, diag) : io::Expected<io::Wdt>(wdtBytes.error());
                if (!w) {
                    err() << "mapsmith-cli roundtrip: " << wdtIn << ": " << describe(w.error()) << "\n";
                    return Failure;
                }
                if (outBig) {
                    w->flags |= io::mphd_flags::BigAlpha;
                } else {
                    w->flags &= ~io::mphd_flags::BigAlphaMask;
                }
                if (QString e = transaction.stage(parser.value(wdtOut), io::writeWdt(*w),
                                                  core::BackupPolicy::KeepBackup);
                    !e.isEmpty()) {
                    err() << "mapsmith-cli roundtrip: " << e << "\n";
                    return Failure;
                }
                wdtWritten = parser.value(wdtOut);
            } else {
                err() << "warning: " << depthChangeNote(outBig) << " (use --wdt-out)\n";
            }
        }
        auto saved = stageTile(transaction, outFiles, core::BackupPolicy::KeepBackup);
        if (!saved) {
            err() << "mapsmith-cli roundtrip: " << located(outPath, saved.error()) << "\n";
            return Failure;
        }
        if (QString e = transaction.commit(); !e.isEmpty()) {
            err() << "mapsmith-cli roundtrip: " << e << "\n";
            return Failure;
        }
        removed = *saved;
        inFiles = std::move(tile->files);
    }

    // Each file against IN's file of the same part.
    const bool split = outFiles.layout == TileLayout::Split;
    bool identical = outFiles.files.size() == inFiles.files.size();
    std::size_t bytesIn = 0;
    std::size_t bytesOut = 0;
    QStringList differences;
    Json fileList = Json::array();
    for (const TileFile& f : inFiles.files) {
        bytesIn += f.bytes.size();
    }
    for (const TileFile& f : outFiles.files) {
        bytesOut += f.bytes.size();
        const TileFile* in = inFiles.find(f.part);
        const auto diff = in ? firstDifference(in->bytes, f.bytes) : std::optional<std::size_t>(0);
        identical = identical && !diff;
        Json j{{"part", f.part.toStdString()}, {"in", in ? in->path.toStdString() : std::string()},
               {"out", f.path.toStdString()},  {"bytesIn", in ? in->bytes.size() : 0},
               {"bytesOut", f.bytes.size()},   {"byteIdentical", !diff}};
        if (diff && in) {
            j["firstDifference"] = *diff;
            differences << (split ? f.part + QStringLiteral(" from ") : QStringLiteral("from ")) + hex(*diff);
        } else if (diff) {
            differences << f.part + QStringLiteral(" not in IN");
        }
        fileList.push_back(std::move(j));
    }
    for (const TileFile& f : inFiles.files) {
        if (!outFiles.find(f.part)) {
            differences << f.part + QStringLiteral(" not written");
        }
    }
    if (parser.isSet(json)) {
        Json r = Json::array();
        for (const QString& path : removed) {
            r.push_back(path.toStdString());
        }
        printJson(Json{{"in", inPath.toStdString()},
                       {"out", outPath.toStdString()},
                       {"layout", layoutName(outFiles.layout)},
                       {"bytesIn", bytesIn},
                       {"bytesOut", bytesOut},
                       {"byteIdentical", identical},
                       {"semanticallyIdentical", semanticSame},
                       {"alpha", encoding ? encodingName(*encoding) : "kept"},
                       {"wdtOut", wdtWritten.toStdString()},
                       {"files", fileList},
                       {"removed", r},
                       {"warnings", errorListJson(warnings)}});
    } else {
        for (const auto& x : warnings) {
            err() << "warning: " << describe(x) << "\n";
        }
        out() << "wrote " << outPath;
        if (split) {
            out() << " with " << partnerList(outFiles) << " (" << bytesOut << " bytes in "
                  << outFiles.files.size() << " files): ";
        } else {
            out() << " (" << bytesOut << " bytes): ";
        }
        out() << (identical ? QStringLiteral("byte-identical to ") : QStringLiteral("differs in bytes from "))
              << inPath;
        if (!differences.isEmpty()) {
            out() << " (" << differences.join(QStringLiteral("; ")) << ")";
        }
        out() << (semanticSame ? ", same content" : ", CONTENT DIFFERS") << "\n";
        if (!wdtWritten.isEmpty()) {
            out() << "wrote " << wdtWritten << "\n";
        }
        for (const QString& path : removed) {
            out() << "removed " << path << " (a split file of the tile OUT replaced)\n";
        }
    }
    if (!semanticSame && !lossy) {
        err() << "mapsmith-cli roundtrip: " << outPath << " does not read back with the same content\n";
        return Invalid;
    }
    return Ok;
}

std::optional<int> parseCommand(QCommandLineParser& parser, const QStringList& args, int minPositional,
                                int maxPositional, const QList<QCommandLineOption>& required) {
    parser.setSingleDashWordOptionMode(QCommandLineParser::ParseAsLongOptions);
    const QCommandLineOption help(QStringList{QStringLiteral("h"), QStringLiteral("help")},
                                  QStringLiteral("Show this help."));
    parser.addOption(help);
    const auto usage = [&](const QString& problem) {
        err() << args.first() << ": " << problem << "\n\n" << parser.helpText();
        err().flush();
        return std::optional<int>(Usage);
    };
    if (!parser.parse(args)) {
        return usage(parser.errorText());
    }
    if (parser.isSet(help)) {
        out() << parser.helpText();
        out().flush();
        return Ok;
    }
    const int n = int(parser.positionalArguments().size());
    if (n < minPositional || n > maxPositional) {
        return usage(QStringLiteral("expected %1%2 argument(s), got %3")
                         .arg(minPositional)
                         .arg(minPositional == maxPositional
                                  ? QString()
                                  : QStringLiteral(" to ") + QString::number(maxPositional))
                         .arg(n));
    }
    for (const QCommandLineOption& option : required) {
        if (!parser.isSet(option) || parser.value(option).isEmpty()) {
            return usage(QStringLiteral("--%1 is required").arg(option.names().constLast()));
        }
    }
    return std::nullopt;
}

} // namespace mapsmith::cli
