// `mapsmith-cli export-patch`: a map folder's WDT, WDL and tiles in a new patch MPQ for the client.

#include "cli/commands.h"

#include "core/convert/export_patch.h"
#include "io/binary/error.h"

#include <QCommandLineParser>
#include <QFile>
#include <QTextStream>

#include <filesystem>
#include <system_error>

namespace mapsmith::cli {

int runExportPatch(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Writes the map in MAPDIR into a new MPQ archive (format 2, zlib) that the 3.3.5 client loads "
        "over its own data: NAME.wdt, NAME.wdl when present and every NAME_X_Y.adt (X, Y 0..63) as "
        "World\\Maps\\NAME\\..., and the minimaps rendered into MAPDIR/minimaps (mapsmith-cli minimap) at "
        "their paths under textures\\Minimap\\ with md5translate.trs when they are hashed; the summary "
        "counts each kind. Backups (.bak), split files (_tex0, _obj0, ...) and other files are "
        "listed as skipped. The archive is written atomically and replaces an existing one. Exit codes: "
        "0 written, 2 usage error, 3 the map cannot be read or the archive cannot be written."));
    parser.addPositionalArgument(QStringLiteral("MAPDIR"),
                                 QStringLiteral("The folder holding NAME.wdt and its tiles."));
    const QCommandLineOption outOption(
        QStringLiteral("out"),
        QStringLiteral("The archive to write, e.g. Data/patch-4.MPQ. An existing folder (the client's Data "
                       "folder): the name after the highest custom patch there (patch-4.MPQ to patch-9.MPQ, "
                       "then patch-A.MPQ to patch-Z.MPQ), so the new archive wins over them."),
        QStringLiteral("FILE"));
    const QCommandLineOption nameOption(
        QStringLiteral("name"), QStringLiteral("The map's name (default: from the folder's only .wdt)."),
        QStringLiteral("NAME"));
    parser.addOptions({outOption, nameOption});
    if (auto code = parseCommand(parser, args, 1, 1, {outOption})) {
        return *code;
    }
    const std::filesystem::path mapDir =
        QFile::encodeName(parser.positionalArguments().first()).toStdString();
    std::filesystem::path outPath = QFile::encodeName(parser.value(outOption)).toStdString();
    std::error_code ec;
    if (std::filesystem::is_directory(outPath, ec)) {
        const std::filesystem::path free = core::nextFreePatchName(outPath);
        if (free.empty()) {
            err << args.first() << ": patch-Z.MPQ, the last custom patch name, is taken in "
                << QFile::decodeName(outPath.c_str()) << "\n";
            return Failure;
        }
        outPath = free;
    }

    const auto plan = core::planPatchExport(mapDir, parser.value(nameOption).toStdString());
    if (!plan) {
        err << args.first() << ": " << QString::fromStdString(plan.error().message) << "\n";
        return Failure;
    }
    for (const std::string& skipped : plan->skipped) {
        out << "skipped " << QString::fromStdString(skipped) << "\n";
    }
    for (const std::string& warning : plan->warnings) {
        err << "warning: " << QString::fromStdString(warning) << "\n";
    }
    const auto result = core::exportPatch(*plan, outPath, [&](std::size_t done, std::size_t) {
        const auto& [file, gamePath] = plan->files[done - 1];
        out << "added " << QString::fromStdString(gamePath) << " (from " << QFile::decodeName(file.c_str())
            << ")\n";
        out.flush();
        return true;
    });
    if (!result) {
        err << args.first() << ": " << QString::fromStdString(result.error().message) << "\n";
        return Failure;
    }
    out << "wrote " << result->fileCount << " files, " << result->totalBytes << " bytes to "
        << QFile::decodeName(result->archive.c_str()) << " (archive " << result->archiveBytes << " bytes)\n";
    out << "contents: " << QString::fromStdString(core::describePatchContents(result->contents)) << "\n";
    return Ok;
}

} // namespace mapsmith::cli
