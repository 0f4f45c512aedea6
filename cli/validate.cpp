// mapsmith-cli validate: models and textures through their readers (cli/model_info.h); tiles and WDTs
// through the consumer checks (io/check), each finding with the consumers it matters to.

#include "cli/commands.h"
#include "cli/file_checks.h"
#include "cli/model_info.h"
#include "cli/output.h"
#include "cli/tile_io.h"

#include "core/document/tile_loader.h"
#include "io/binary/file_kind.h"
#include "io/wdl/wdl.h"

#include <QCommandLineParser>

namespace mapsmith::cli {
namespace {

// The findings of the tile or WDT at `path` (its bytes moved in: a tile is not read twice); nullopt after
// printing why a file could not be read.
std::optional<std::vector<io::Finding>> findingsOf(const QString& path, std::vector<std::byte> bytes,
                                                   io::FileKind kind, const QString& wdtOverride) {
    if (kind == io::FileKind::Wdt) {
        return checkWdtBytes(bytes);
    }
    const auto unreadable = [&path](const io::Error& e,
                                    const TileFiles& files) -> std::optional<std::vector<io::Finding>> {
        if (e.code == io::ErrorCode::FileIo) {
            err() << "mapsmith-cli validate: " << located(path, e) << "\n";
            return std::nullopt;
        }
        return checkUnreadableTile(files, e);
    };
    auto files = readTileFiles(path, std::move(bytes));
    if (!files) {
        return unreadable(files.error(), TileFiles{});
    }
    auto alpha = readAlphaDepth(wdtFor(path, wdtOverride), true);
    if (!alpha) {
        return unreadable(alpha.error(), *files);
    }
    auto tile = decodeInputTile(*files, *alpha, true);
    if (!tile) {
        return unreadable(tile.error(), *files);
    }
    return checkTile(*tile);
}

int report(const QString& path, const std::vector<io::Finding>& findings, io::ConsumerSet consumers,
           bool json) {
    std::vector<io::Error> problems;
    std::vector<io::Warning> notes;
    io::ConsumerSet rejecting = io::kNoConsumers;
    for (const io::Finding& f : findings) {
        if (f.severity == io::Severity::Error) {
            problems.push_back(io::toError(f));
            rejecting |= f.consumers;
        } else {
            notes.push_back(io::toError(f));
        }
    }
    if (json) {
        Json list = Json::array();
        for (const io::Finding& f : findings) {
            list.push_back(findingJson(f));
        }
        printJson(Json{{"file", path.toStdString()},
                       {"valid", problems.empty()},
                       {"for", io::consumerIds(consumers)},
                       {"problems", errorListJson(problems)},
                       {"notes", errorListJson(notes)},
                       {"findings", list}});
    } else {
        for (const io::Finding& f : findings) {
            out() << findingLine(path, f) << "\n";
        }
        if (problems.empty()) {
            out() << path << ": valid";
            if (!notes.empty()) {
                out() << " (" << notes.size() << " warning(s), tolerated by every consumer)";
            }
            out() << "\n";
        } else {
            out() << path << ": " << problems.size() << " problem(s) for "
                  << QString::fromStdString(io::describeConsumers(rejecting)) << "\n";
        }
    }
    return problems.empty() ? Ok : Invalid;
}

} // namespace

int runValidate(const QStringList& args) {
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Checks an ADT tile or WDT for the programs that read it: the 3.3.5 client (client), the AzerothCore "
        "and TrinityCore 3.3.5 map extractors (azerothcore, trinitycore) and Noggit-style editors (noggit). "
        "Each finding names the consumers it matters to, its chunk and byte offset: an error is what makes "
        "one of them reject or misread the file (MVER 18 first, MHDR right after it, MCIN at 0x54, every "
        "MHDR/MCIN/MCNK offset, MCVT of 580 bytes, MCLQ offsets, MH2O rectangles inside their chunk, liquid "
        "types of 3.3.5's LiquidType.dbc, a WDT's MWMO after MAIN, ...); a warning is a convention every one "
        "of them tolerates (MCIN sizes without the 8-byte header, MCNR declaring 448, MCCV or MCSH present "
        "with their MCNK flag clear, MFBO without its MHDR flag). The same finding in many places is printed "
        "once with its count and first offsets. Exits 1 when there is an error for a consumer asked for, "
        "else 0. A split root (Name_X_Y.adt with Name_X_Y_tex0.adt/_obj0.adt beside it) is read with its "
        "partners; the v18 layout checks do not apply to split sets (no 3.3.5 consumer reads them). "
        "Models and textures (M2, M2 skin, WMO root or group, MDX, MDL, HMP, BLP, WMB; the kind is read from "
        "the "
        "first bytes) are read strictly; the first problem and every further one a lenient read finds are "
        "listed. An M2 is checked with every skin profile its header counts (Name00.skin ..) and a WMO root "
        "with every group file (Name_000.wmo ..), found beside it in any letter case: a missing skin "
        "profile or group file is a problem. MD21 (Legion+ M2) is refused (exit 3)."));
    parser.addPositionalArgument(
        QStringLiteral("FILE"),
        QStringLiteral(
            "An .adt (v18 or split root), .wdt or .wdl file, or a .m2, .skin, .wmo, .mdx, .mdl, .hmp, "
            ".blp or .wmb file."));
    const auto wdt = wdtOption();
    const QCommandLineOption json(
        QStringLiteral("json"),
        QStringLiteral("Print JSON: file, valid, problems (the errors) and notes (the warnings) as chunk, "
                       "offset, code, message, and findings with rule, severity, consumers, chunk, offset, "
                       "offsets, count and message."));
    const QCommandLineOption forOption(
        QStringLiteral("for"),
        QStringLiteral("Only the findings that matter to these consumers (comma-separated: client, "
                       "azerothcore, trinitycore, noggit; default all)."),
        QStringLiteral("CONSUMERS"));
    parser.addOptions({wdt, json, forOption});
    if (auto code = parseCommand(parser, args, 1, 1)) {
        return *code;
    }
    io::ConsumerSet consumers = io::kAllConsumers;
    if (parser.isSet(forOption)) {
        std::string bad;
        const auto set = io::parseConsumers(parser.value(forOption).toStdString(), &bad);
        if (!set) {
            err() << args.first() << ": --for takes client, azerothcore, trinitycore or noggit"
                  << (bad.empty() ? QString() : QStringLiteral(", not '%1'").arg(QString::fromStdString(bad)))
                  << "\n";
            return Usage;
        }
        consumers = *set;
    }
    const QString path = parser.positionalArguments().first();
    auto bytes = core::readWholeFile(path);
    if (!bytes) {
        err() << "mapsmith-cli validate: " << describe(bytes.error()) << "\n";
        return Failure;
    }
    const io::FileKind kind = io::sniffFileKind(*bytes, path.toStdString());
    if (kind == io::FileKind::Wdl) { // valid when it reads (every layout rule is a reader error)
        std::vector<io::Error> problems;
        if (auto wdl = io::readWdl(*bytes); !wdl) {
            problems.push_back(wdl.error());
        }
        return reportValidation(path, problems, {}, parser.isSet(json));
    }
    if (kind != io::FileKind::Adt && kind != io::FileKind::Wdt) {
        return modelValidate(kind, path, *bytes, parser.isSet(json));
    }
    const auto findings = findingsOf(path, std::move(*bytes), kind, parser.value(wdt));
    if (!findings) {
        return Failure;
    }
    return report(path, io::forConsumers(*findings, consumers), consumers, parser.isSet(json));
}

} // namespace mapsmith::cli
