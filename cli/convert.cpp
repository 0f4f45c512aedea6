// `mapsmith-cli convert`: tiles between the v18 layout and the split (Cata+) one, a map folder in
// parallel.

#include "cli/commands.h"
#include "cli/data_option.h"

#include "cli/convert_alpha.h"
#include "cli/tile_io.h"
#include "core/document/asset_folders.h"
#include "core/models/model_library.h"

#include "core/convert/mclq_to_mh2o.h"
#include "core/document/atomic_file.h"
#include "core/document/tile_loader.h"
#include "io/adt/adt_split.h"
#include "io/adt/mclq.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QSet>
#include <QTextStream>
#include <QtConcurrentMap>

#include <climits>
#include <mutex>
#include <vector>

namespace mapsmith::cli {
namespace {

// One tile to convert; the worker fills in the outcome.
struct Job {
    QString in;  // a v18 tile or a split root
    QString out; // the tile (or root) to write in --out
    AlphaDepth alpha;
    bool ready = true;        // false when the depth could not be found (the reason is in messages)
    bool ok = false;          // converted and staged
    bool writeFailed = false; // staging failed: the whole convert writes nothing
    QStringList messages;     // stderr lines, printed in input order once all tiles are done
    QStringList removed;      // split files of an earlier tile in --out the commit removes
    QString liquidLine;       // --liquid mh2o: what the tile's old liquids became (stdout)
};

// "N chunks converted to MH2O" and what else changed in the tile's liquids.
QString liquidSummary(const QString& path, const core::MclqTileConversion& c) {
    QString line = QStringLiteral("%1: %2 chunk%3 converted from MCLQ to MH2O")
                       .arg(path)
                       .arg(c.converted)
                       .arg(c.converted == 1 ? QString() : QStringLiteral("s"));
    if (c.mh2oKept > 0) {
        line += QStringLiteral(", %1 kept their MH2O (MCLQ removed)").arg(c.mh2oKept);
    }
    if (c.emptied > 0) {
        line += QStringLiteral(", %1 with MCLQ showing nothing cleared").arg(c.emptied);
    }
    return line;
}

// A file copied unchanged into --out (a map folder's WDT and WDL).
struct Copy {
    QString from;
    QString to;
};

QString canonicalDir(const QString& dir) {
    return QFileInfo(dir).canonicalFilePath();
}

// What every tile of one run is converted with.
struct TileSettings {
    QString command;
    bool keepLayout = false; // no --to: each tile is written in the layout it was read in
    TileLayout layout = TileLayout::V18;
    bool toMh2o = false; // --liquid mh2o
    std::optional<io::AlphaEncoding> encoding;
    io::AdtWriteOptions writeOptions;
};

// Reads, converts and stages one tile in `transaction` (on a worker thread); the outcome goes into `job`.
void convertTile(Job& job, const TileSettings& s, core::FileTransaction& transaction) {
    auto tile = readTile(job.in, job.alpha, false);
    if (!tile) {
        job.messages << s.command + QStringLiteral(": ") + located(job.in, tile.error());
        return;
    }
    for (const io::Warning& w : tile->warnings) {
        job.messages << QStringLiteral("warning: ") + located(job.in, w);
    }
    if (s.encoding && !job.alpha.bigAlpha && needsBigAlpha(*s.encoding) != tile->adt.bigAlpha) {
        job.messages
            << QStringLiteral("warning: %1: %2").arg(job.in, depthChangeNote(needsBigAlpha(*s.encoding)));
    }
    if (s.toMh2o) {
        const auto offsets = io::mclqPayloadOffsets(tile->files.files.front().bytes);
        auto liquids = core::convertMclqTile(tile->adt, offsets);
        if (!liquids) {
            job.messages << s.command + QStringLiteral(": ") + located(job.in, liquids.error());
            return;
        }
        job.liquidLine = liquidSummary(job.in, *liquids);
    }
    const TileLayout layout = s.keepLayout ? tile->files.layout : s.layout;
    if (layout == TileLayout::V18) {
        for (io::Warning w : io::lostInMonolithic(tile->adt)) {
            nameSplitFile(w, job.in);
            job.messages << QStringLiteral("warning: ") + located(job.in, w);
        }
    }
    auto staged = stageTile(transaction, encodeTile(tile->adt, job.out, layout, s.writeOptions),
                            core::BackupPolicy::NoBackup);
    if (!staged) {
        job.messages << s.command + QStringLiteral(": ") + located(job.out, staged.error());
        job.writeFailed = true;
        return;
    }
    job.removed = *staged;
    job.ok = true;
}

} // namespace

int runConvert(const QStringList& args) {
    QTextStream out(stdout);
    QTextStream err(stderr);
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Converts tiles between the monolithic v18 layout (WotLK) and the split layout (Cataclysm and "
        "later: Name_X_Y.adt with Name_X_Y_tex0.adt and Name_X_Y_obj0.adt beside it) and writes them to "
        "DIR under the same names. IN is a v18 tile, a split root (its partners are found beside it) or "
        "a map folder: all its tiles are converted in parallel and its .wdt and .wdl copied unchanged. "
        "Split files of a tile that DIR already holds and the new tile lacks are removed. All files are "
        "written in one transaction: killed or failing to write, the run leaves DIR as it was. Converting to "
        "v18 prints a warning for every kind of split data the v18 layout cannot hold. IN may also be a "
        "0.5.3 alpha .wdt (the map and all its tiles in one file): its tiles are written as "
        "<Name>_<x>_<y>.adt with a v18 <Name>.wdt (4-bit alpha maps unless --alpha says otherwise); "
        "with --data, each doodad whose MDX (or M2) model is found there is referenced (MCRF) from "
        "exactly the chunks its placed bounds overlap, the others from every chunk that named their "
        "model, as the alpha file has it. A tile that cannot be read "
        "is reported and the others are converted. Exit codes: 0 all converted, 2 usage error, 3 a tile "
        "or file could not be read or written. With --liquid mh2o, each tile's old liquids (MCLQ) become "
        "MH2O liquid (the layout kept unless --to is given too) and the chunks converted are printed per "
        "tile."));
    parser.addPositionalArgument(
        QStringLiteral("IN"), QStringLiteral("A v18 .adt, a split root .adt, a map folder or an alpha .wdt."),
        QStringLiteral("IN..."));
    const QCommandLineOption to(QStringLiteral("to"),
                                QStringLiteral("The layout to write: v18 (one file per tile) or split "
                                               "(root, _tex0, _obj0; _obj1, _tex1, _lod kept when read)."),
                                QStringLiteral("LAYOUT"));
    const QCommandLineOption outDir(QStringLiteral("out"),
                                    QStringLiteral("The folder to write to (created when missing); not the "
                                                   "folder of an IN."),
                                    QStringLiteral("DIR"));
    const auto alpha = alphaOption(QStringLiteral(
        "Re-encode every alpha map: 4bit, 8bit or rle. 8bit and rle need a map with 8-bit alpha maps (MPHD "
        "flag 0x4 in its WDT), 4bit one with 4-bit maps; use roundtrip --wdt-out to change a map's depth."));
    const QCommandLineOption wdt(
        QStringLiteral("wdt"),
        QStringLiteral("The map's WDT (sets the alpha map depth). Default: <Map>.wdt "
                       "beside <Map>_<x>_<y>.adt when it exists."),
        QStringLiteral("WDT"));
    const QCommandLineOption data(
        QStringLiteral("data"),
        QStringLiteral(
            "Game data holding the models of a 0.5.3 map (repeatable): a client or Data folder, an "
            ".mpq archive or a folder of loose files; loose files win over archives."),
        QStringLiteral("DIR"));
    const QCommandLineOption liquid(
        QStringLiteral("liquid"),
        QStringLiteral(
            "mh2o: convert old liquids (MCLQ, pre-WotLK) to MH2O: river to Water (1), ocean to "
            "Ocean (2), magma to Magma (3), slime to Slime (4); MCLQ and the MCNK liquid flags are "
            "removed. Without --to each tile keeps its layout."),
        QStringLiteral("FORMAT"));
    parser.addOptions({to, outDir, alpha, wdt, data, liquid});
    if (auto code = parseCommand(parser, args, 1, INT_MAX, {outDir})) {
        return *code;
    }
    const bool toLiquid = parser.isSet(liquid);
    if (toLiquid && parser.value(liquid).toLower() != QLatin1String("mh2o")) {
        err << command << ": --liquid must be mh2o, not '" << parser.value(liquid) << "'\n";
        return Usage;
    }
    const bool keepLayout = !parser.isSet(to);
    if (keepLayout && !toLiquid) {
        err << command << ": give --to v18|split, --liquid mh2o or both\n";
        return Usage;
    }
    TileLayout layout = TileLayout::V18;
    if (parser.value(to) == QLatin1String("split")) {
        layout = TileLayout::Split;
    } else if (!keepLayout && parser.value(to) != QLatin1String("v18")) {
        err << command << ": --to must be v18 or split, not '" << parser.value(to) << "'\n";
        return Usage;
    }
    std::optional<int> alphaError;
    const auto encoding = parseAlpha(parser, alpha, command, alphaError);
    if (alphaError) {
        return *alphaError;
    }
    const QString dir = parser.value(outDir);
    const QString dirCanonical = canonicalDir(dir);

    // Inputs -> jobs. Missing or unreadable inputs count as failures; wrong kinds of file are usage errors.
    std::vector<Job> jobs;
    QStringList alphaMaps; // 0.5.3 WDTs: converted whole by convertAlphaMaps
    std::vector<Copy> copies;
    int failed = 0;
    QSet<QString> outNames;
    for (const QString& in : parser.positionalArguments()) {
        const QFileInfo info(in);
        QStringList tiles;
        QString inDir;
        if (info.isDir()) {
            const QDir d(in);
            inDir = d.path();
            for (const QFileInfo& f : d.entryInfoList({QStringLiteral("*.adt")}, QDir::Files, QDir::Name)) {
                if (!io::isSplitPartnerName(toFsPath(f.fileName()))) {
                    tiles << f.filePath();
                }
            }
            if (tiles.isEmpty()) {
                err << command << ": " << in << " holds no .adt tile\n";
                ++failed;
                continue;
            }
            for (const QFileInfo& f : d.entryInfoList({QStringLiteral("*.wdt"), QStringLiteral("*.wdl")},
                                                      QDir::Files, QDir::Name)) {
                if (outNames.contains(f.fileName().toLower())) {
                    err << command << ": two inputs would be written as " << f.fileName() << "\n";
                    return Usage;
                }
                outNames.insert(f.fileName().toLower());
                copies.push_back({f.filePath(), QDir(dir).filePath(f.fileName())});
            }
        } else if (info.isFile()) {
            if (isAlphaWdtFile(in)) {
                if (keepLayout || toLiquid) {
                    err << command << ": " << in
                        << " is a 0.5.3 map: convert it with --to v18|split, then its folder with --liquid "
                           "mh2o\n";
                    return Usage;
                }
                alphaMaps << in;
                continue;
            }
            if (info.suffix().compare(QLatin1String("wdt"), Qt::CaseInsensitive) == 0) {
                // Not an alpha WDT: a damaged one is a read error (exit 3) like a damaged tile.
                auto bytes = core::readWholeFile(in);
                if (!bytes) {
                    err << command << ": " << located(in, bytes.error()) << "\n";
                    ++failed;
                    continue;
                }
                if (auto damaged = damagedWdtError(*bytes)) {
                    err << command << ": " << located(in, *damaged) << "\n";
                    ++failed;
                    continue;
                }
                err << command << ": " << in
                    << " is a v18 WDT; convert its map folder or its .adt tiles (the WDT is copied)\n";
                return Usage;
            }
            if (info.suffix().compare(QLatin1String("adt"), Qt::CaseInsensitive) != 0) {
                err << command << ": " << in << " is not an .adt tile or a map folder\n";
                return Usage;
            }
            if (io::isSplitPartnerName(toFsPath(info.fileName()))) {
                err << command << ": " << in << " is a split partner; give its root (Name_X_Y.adt)\n";
                return Usage;
            }
            inDir = info.path();
            tiles << in;
        } else {
            err << command << ": cannot find " << in << "\n";
            ++failed;
            continue;
        }
        if (!dirCanonical.isEmpty() && canonicalDir(inDir) == dirCanonical) {
            err << command << ": --out " << dir << " is the folder of " << in
                << "; write the converted tiles to another folder\n";
            return Usage;
        }
        for (const QString& tile : tiles) {
            const QString name = QFileInfo(tile).fileName();
            if (outNames.contains(name.toLower())) {
                err << command << ": two inputs would be written as " << name << "\n";
                return Usage;
            }
            outNames.insert(name.toLower());
            jobs.push_back({tile, QDir(dir).filePath(name), {}, true, false, {}});
        }
    }

    if (!alphaMaps.isEmpty()) {
        core::ModelBoundsFn modelBounds;
        if (parser.isSet(data)) {
            const core::OpenedAssets assets = core::openDataPaths(parser.values(data));
            if (printDataProblems(assets, command, err)) {
                return Failure;
            }
            modelBounds = core::ModelLibrary::settingsFor(std::make_shared<core::ModelLibrary>(assets.source))
                              .modelBounds;
        }
        if (const int code =
                convertAlphaMaps(alphaMaps, dir, layout, encoding, modelBounds, command, out, err, failed);
            code != Ok) {
            return code;
        }
        if (jobs.empty() && copies.empty()) {
            return failed > 0 ? Failure : Ok;
        }
    }

    // Alpha depths, each WDT read once. A depth the WDT fixes must match --alpha: the tiles would
    // otherwise not read back in their map (the WDT is copied unchanged).
    QHash<QString, io::Expected<AlphaDepth>> depths;
    for (Job& job : jobs) {
        const QString wdtPath = wdtFor(job.in, parser.value(wdt));
        auto it = depths.find(wdtPath);
        if (it == depths.end()) {
            it = depths.insert(wdtPath, readAlphaDepth(wdtPath, false));
        }
        if (!*it) {
            job.messages << command + QStringLiteral(": ") + located(job.in, it->error());
            job.ready = false;
            continue;
        }
        job.alpha = **it;
        if (encoding && job.alpha.bigAlpha && needsBigAlpha(*encoding) != *job.alpha.bigAlpha) {
            err << command << ": --alpha " << parser.value(alpha).toLower() << " needs a map with "
                << (needsBigAlpha(*encoding) ? "8-bit" : "4-bit") << " alpha maps; " << job.alpha.wdtPath
                << " has MPHD flag 0x4 " << (*job.alpha.bigAlpha ? "set" : "clear")
                << " (use roundtrip --wdt-out to change it)\n";
            return Usage;
        }
    }

    if (!QDir().mkpath(dir)) {
        err << command << ": cannot create " << dir << "\n";
        return Failure;
    }
    // One transaction for the whole run: a kill or a failed write leaves --out as it was.
    core::FileTransaction transaction(dir);
    QStringList copied;
    for (const Copy& c : copies) {
        auto bytes = core::readWholeFile(c.from);
        const QString error = bytes ? transaction.stage(c.to, *bytes, core::BackupPolicy::NoBackup)
                                    : located(c.from, bytes.error());
        if (!error.isEmpty()) {
            err << command << ": " << error << "\n";
            if (!bytes) {
                ++failed;
                continue;
            }
            err << command << ": nothing written to " << dir << "\n";
            return Failure;
        }
        copied << QStringLiteral("copied %1 to %2").arg(c.from, c.to);
    }

    TileSettings settings{command, keepLayout, layout, toLiquid, encoding, {}};
    settings.writeOptions.alphaEncoding = encoding;
    std::mutex progressMutex;
    int done = 0;
    const auto total = int(jobs.size());
    QtConcurrent::blockingMap(jobs, [&](Job& job) {
        if (job.ready) {
            convertTile(job, settings, transaction);
        }
        const std::lock_guard lock(progressMutex);
        err << "\rconverted " << ++done << "/" << total << " tiles";
        err.flush();
    });
    if (total > 0) {
        err << "\n";
    }
    bool writeFailed = false;
    for (const Job& job : jobs) {
        for (const QString& line : job.messages) {
            err << line << "\n";
        }
        writeFailed = writeFailed || job.writeFailed;
    }
    QString commitError;
    if (!writeFailed) {
        commitError = transaction.commit();
    } else {
        transaction.rollBack();
    }
    if (writeFailed || !commitError.isEmpty()) {
        if (!commitError.isEmpty()) {
            err << command << ": " << commitError << "\n";
        }
        err << command << ": nothing written to " << dir << "\n";
        return Failure;
    }
    for (const QString& line : copied) {
        out << line << "\n";
    }
    int converted = 0;
    for (const Job& job : jobs) {
        for (const QString& removed : job.removed) {
            err << QStringLiteral("removed %1, a split file of the tile %2 replaced").arg(removed, job.out)
                << "\n";
        }
        if (job.ok && !job.liquidLine.isEmpty()) {
            out << job.liquidLine << "\n";
        }
        converted += job.ok ? 1 : 0;
    }
    out << "converted " << converted << (converted == 1 ? " tile" : " tiles") << " to "
        << (keepLayout ? QStringLiteral("their own layout") : QString::fromLatin1(layoutName(layout)))
        << " in " << dir << "\n";
    if (converted < total) {
        err << command << ": " << total - converted << " of " << total << " tiles failed\n";
    }
    return failed > 0 || converted < total ? Failure : Ok;
}

} // namespace mapsmith::cli
