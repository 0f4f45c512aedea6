// `mapsmith-cli repair`: tiles, split sets, WDTs and map folders rewritten in the layout every consumer
// accepts (core/repair), each change reported; uniqueIds renumbered across the tiles of each map.

#include "cli/commands.h"
#include "cli/file_checks.h"
#include "cli/output.h"
#include "cli/tile_io.h"

#include "core/document/file_transaction.h"
#include "core/document/tile_loader.h"
#include "core/repair/rewrite_changes.h"
#include "core/repair/tile_rules.h"
#include "core/repair/unique_id_plan.h"
#include "core/repair/wdt_rules.h"
#include "io/adt/adt_split.h"
#include "io/wdt/wdt.h"

#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <climits>
#include <map>
#include <vector>

namespace mapsmith::cli {
namespace {

enum class Kind { Tile, Wdt, Copy };

// One input file and what became of it.
struct Job {
    Kind kind = Kind::Tile;
    QString in;
    QString out;
    QString map;           // tiles: the map they belong to (folder and name), for the uniqueId plan
    core::TileCoord coord; // tiles: from the name (Name_X_Y.adt), or a stand-in unique in the map
    QString refused;       // why the file was not repaired (it would lose data or cannot be read)
    bool failed = false;   // a read or write failed (exit 3)
    bool written = false;
    std::vector<core::RepairChange> changes;
    std::vector<io::Finding> remaining; // the findings of the file written
};

// The coordinates in a tile's name; nullopt for another name.
std::optional<core::TileCoord> coordOf(const QString& path, QString* map) {
    static const QRegularExpression name(QStringLiteral("^(.+)_(\\d{1,2})_(\\d{1,2})\\.adt$"),
                                         QRegularExpression::CaseInsensitiveOption);
    const auto m = name.match(QFileInfo(path).fileName());
    if (!m.hasMatch()) {
        return std::nullopt;
    }
    *map = m.captured(1).toLower();
    return core::TileCoord{m.captured(2).toInt(), m.captured(3).toInt()};
}

// A tile read as repair reads it: leniently, liquid outside its chunk kept for the clip rule.
io::Expected<InputTile> readForRepair(const QString& path, const QString& wdtOverride) {
    auto files = readTileFiles(path);
    if (!files) {
        return files.error();
    }
    auto alpha = readAlphaDepth(wdtFor(path, wdtOverride), true);
    if (!alpha) {
        return alpha.error();
    }
    io::AdtReadOptions options;
    options.lenient = true;
    options.bigAlpha = alpha->bigAlpha;
    options.keepLiquidOutsideChunk = true;
    auto read = decodeTile(*files, options);
    if (!read) {
        return read.error();
    }
    InputTile tile;
    tile.files = std::move(*files);
    tile.adt = std::move(read->adt);
    tile.warnings = std::move(read->warnings);
    tile.notes = std::move(read->notes);
    tile.alpha = *alpha;
    tile.alphaDepthInferred = read->bigAlphaInferred;
    return tile;
}

// A problem of the read that no check names: rewriting would lose what the reader could not read.
std::optional<io::Finding> unrepairable(const std::vector<io::Finding>& findings) {
    for (const io::Finding& f : findings) {
        if (f.rule == "read") {
            return f;
        }
    }
    return std::nullopt;
}

// Stages every file of a tile in the run's transaction, keeping a .bak of each file replaced.
bool stageAll(core::FileTransaction& transaction, const TileFiles& files, QString& error) {
    for (const TileFile& f : files.files) {
        if (QString e = transaction.stage(f.path, f.bytes, core::BackupPolicy::KeepBackup); !e.isEmpty()) {
            error = e;
            return false;
        }
    }
    return true;
}

// Each repair below stages its files in the run's one transaction (job.written: staged); the run commits
// them together, so an interrupted or failed run leaves every file as it was: a map's uniqueIds are
// renumbered across its tiles, and a part of them rewritten would share ids with the rest.
void repairTile(Job& job, core::FileTransaction& transaction, const QString& wdtOverride,
                const std::vector<core::IdChange>& plan) {
    auto tile = readForRepair(job.in, wdtOverride);
    if (!tile) {
        job.refused = located(job.in, tile.error());
        job.failed = tile.error().code == io::ErrorCode::FileIo;
        return;
    }
    const std::vector<io::Finding> before = checkTile(*tile);
    if (const auto problem = unrepairable(before)) {
        job.refused =
            QStringLiteral("cannot repair without losing data: ") + located(job.in, io::toError(*problem));
        return;
    }
    const bool v18 = tile->files.layout == TileLayout::V18;
    job.changes = core::repairTileContent(tile->adt, v18);
    for (auto& c : core::applyUniqueIdChanges(tile->adt, job.coord, plan)) {
        job.changes.push_back(std::move(c));
    }
    InputTile written;
    written.files = encodeTile(tile->adt, job.out, tile->files.layout, {});
    written.alpha = tile->alpha;
    io::AdtReadOptions back;
    back.lenient = true;
    back.bigAlpha = tile->adt.bigAlpha;
    auto reread = decodeTile(written.files, back);
    if (!reread) {
        job.refused =
            QStringLiteral("the repaired tile does not read back: ") + located(job.out, reread.error());
        return;
    }
    written.adt = std::move(reread->adt);
    written.warnings = std::move(reread->warnings);
    job.remaining = checkTile(written);
    for (auto& c : core::fixedByRewriting(before, job.remaining, job.changes)) {
        job.changes.push_back(std::move(c));
    }
    QString error;
    if (!stageAll(transaction, written.files, error)) {
        job.refused = error;
        job.failed = true;
        return;
    }
    job.written = true;
}

void repairWdtFile(Job& job, core::FileTransaction& transaction) {
    auto bytes = core::readWholeFile(job.in);
    if (!bytes) {
        job.refused = located(job.in, bytes.error());
        job.failed = true;
        return;
    }
    io::Diagnostics diag;
    diag.lenient = true;
    auto wdt = io::readWdt(*bytes, diag);
    if (!wdt) {
        job.refused = QStringLiteral("cannot repair: ") + located(job.in, wdt.error());
        return;
    }
    const std::vector<io::Finding> before = checkWdt(*wdt, *bytes, diag.warnings);
    if (const auto problem = unrepairable(before)) {
        job.refused =
            QStringLiteral("cannot repair without losing data: ") + located(job.in, io::toError(*problem));
        return;
    }
    job.changes = core::repairWdt(*wdt);
    const std::vector<std::byte> out = io::writeWdt(*wdt);
    job.remaining = checkWdtBytes(out);
    for (auto& c : core::fixedByRewriting(before, job.remaining, job.changes)) {
        job.changes.push_back(std::move(c));
    }
    if (QString e = transaction.stage(job.out, out, core::BackupPolicy::KeepBackup); !e.isEmpty()) {
        job.refused = e;
        job.failed = true;
        return;
    }
    job.written = true;
}

void copyFile(Job& job, core::FileTransaction& transaction) {
    if (QFileInfo(job.in).canonicalFilePath() == QFileInfo(job.out).canonicalFilePath()) {
        return; // repairing a folder in place: the file is already there
    }
    auto bytes = core::readWholeFile(job.in);
    const QString error = bytes ? transaction.stage(job.out, *bytes, core::BackupPolicy::KeepBackup)
                                : located(job.in, bytes.error());
    if (!error.isEmpty()) {
        job.refused = error;
        job.failed = true;
        return;
    }
    job.written = true;
}

// The uniqueId plan of one map's tiles, from the placements of each tile read once.
std::vector<core::IdChange> planIds(const std::vector<Job*>& tiles, const QString& wdtOverride) {
    std::vector<std::pair<core::TileCoord, io::Adt>> placements;
    for (const Job* job : tiles) {
        if (auto tile = readForRepair(job->in, wdtOverride)) {
            placements.emplace_back(job->coord, core::placementsOf(tile->adt));
        }
    }
    std::vector<std::pair<core::TileCoord, const io::Adt*>> view;
    for (const auto& [coord, adt] : placements) {
        view.emplace_back(coord, &adt);
    }
    return core::planUniqueIdRenumbering(view);
}

Json changeJson(const core::RepairChange& c) {
    return Json{{"rule", c.rule},     {"chunk", c.chunk.isNull() ? std::string() : c.chunk.str()},
                {"count", c.count},   {"message", c.message},
                {"chunks", c.chunks}, {"entries", c.entries}};
}

const char* kindName(Kind k) {
    return k == Kind::Tile ? "tile" : k == Kind::Wdt ? "wdt" : "copy";
}

} // namespace

int runRepair(const QStringList& args) {
    const QString command = args.first();
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral(
        "Rewrites tiles (v18 files or split sets), WDTs and map folders into DIR, under the same names, in "
        "the "
        "layout every consumer accepts (the 3.3.5 client, the AzerothCore and TrinityCore extractors, "
        "Noggit-style readers; see validate): the canonical layout (MCIN at 0x54 with sizes that count the "
        "8-byte header, every MHDR/MCIN/MCNK offset right), MCNR declaring 435 with the 13 padding bytes "
        "after it in v18 tiles, MCNK flags has_mccv/has_mcsh set exactly where MCCV/MCSH are present, MCNK "
        "indices matching their place, MH2O instances clipped to their chunk, uniqueIds shared by different "
        "objects renumbered across the tiles of each map (copies of one object in several tiles keep theirs; "
        "MCRF is unchanged), an empty MWMO right after MAIN in WDTs. Everything else stays as it was: dump "
        "shows the same content apart from what the report names. A file whose read finds a problem no rule "
        "answers is not repaired (it would lose data). The files of a run are written together in one "
        "transaction, all or none (a file that cannot be read or written leaves every file as it was); a "
        "file replaced is kept as .bak. A map folder's other files (.wdl) are copied. Exit codes: 0 repaired "
        "with no error left "
        "for "
        "any consumer, 1 a file refused or an error left (listed), 2 usage error, 3 a file could not be read "
        "or written."));
    parser.addPositionalArgument(QStringLiteral("IN"),
                                 QStringLiteral("A v18 .adt, a split root .adt, a .wdt or a map folder."),
                                 QStringLiteral("IN..."));
    const QCommandLineOption outDir(QStringLiteral("out"),
                                    QStringLiteral("The folder to write to (created when missing); it may be "
                                                   "an input's folder, whose files are then replaced."),
                                    QStringLiteral("DIR"));
    const auto wdt = wdtOption();
    const QCommandLineOption json(QStringLiteral("json"), QStringLiteral("Print the report as JSON."));
    parser.addOptions({outDir, wdt, json});
    if (auto code = parseCommand(parser, args, 1, INT_MAX, {outDir})) {
        return *code;
    }
    const QString dir = parser.value(outDir);

    std::vector<Job> jobs;
    QSet<QString> outNames;
    int stand = 0; // stand-in coordinates for tiles whose names carry none
    auto add = [&](Kind kind, const QString& in) -> bool {
        const QString name = QFileInfo(in).fileName();
        if (outNames.contains(name.toLower())) {
            err() << command << ": two inputs would be written as " << name << "\n";
            return false;
        }
        outNames.insert(name.toLower());
        Job job;
        job.kind = kind;
        job.in = in;
        job.out = QDir(dir).filePath(name);
        if (kind == Kind::Tile) {
            QString map;
            const auto coord = coordOf(in, &map);
            job.coord = coord.value_or(core::TileCoord{1000 + stand++, 1000});
            job.map = QFileInfo(in).absolutePath() + QLatin1Char('/') + map;
        }
        jobs.push_back(std::move(job));
        return true;
    };
    for (const QString& in : parser.positionalArguments()) {
        const QFileInfo info(in);
        if (info.isDir()) {
            const QDir d(in);
            bool any = false;
            for (const QFileInfo& f :
                 d.entryInfoList({QStringLiteral("*.adt"), QStringLiteral("*.wdt"), QStringLiteral("*.wdl")},
                                 QDir::Files, QDir::Name)) {
                const QString suffix = f.suffix().toLower();
                if (suffix == QLatin1String("adt") && io::isSplitPartnerName(toFsPath(f.fileName()))) {
                    continue; // written with its root
                }
                const Kind kind = suffix == QLatin1String("adt")   ? Kind::Tile
                                  : suffix == QLatin1String("wdt") ? Kind::Wdt
                                                                   : Kind::Copy;
                if (!add(kind, f.filePath())) {
                    return Usage;
                }
                any = any || kind != Kind::Copy;
            }
            if (!any) {
                err() << command << ": " << in << " holds no .adt tile or .wdt\n";
                return Usage;
            }
        } else if (info.isFile()) {
            const QString suffix = info.suffix().toLower();
            if (suffix == QLatin1String("adt") && io::isSplitPartnerName(toFsPath(info.fileName()))) {
                err() << command << ": " << in << " is a split partner; give its root (Name_X_Y.adt)\n";
                return Usage;
            }
            if (suffix != QLatin1String("adt") && suffix != QLatin1String("wdt")) {
                err() << command << ": " << in << " is not an .adt tile, a .wdt or a map folder\n";
                return Usage;
            }
            if (!add(suffix == QLatin1String("adt") ? Kind::Tile : Kind::Wdt, in)) {
                return Usage;
            }
        } else {
            err() << command << ": cannot find " << in << "\n";
            return Failure;
        }
    }
    if (!QDir().mkpath(dir)) {
        err() << command << ": cannot create " << dir << "\n";
        return Failure;
    }

    // The tiles of one map are planned together (uniqueIds are map-wide); each plan names tiles by their
    // coordinates in that map, so it is applied to that map's tiles only.
    std::map<QString, std::vector<Job*>> byMap;
    for (Job& job : jobs) {
        if (job.kind == Kind::Tile) {
            byMap[job.map].push_back(&job);
        }
    }
    std::map<QString, std::vector<core::IdChange>> plans;
    for (const auto& [map, tiles] : byMap) {
        plans[map] = planIds(tiles, parser.value(wdt));
    }
    core::FileTransaction transaction(dir);
    for (Job& job : jobs) {
        switch (job.kind) {
        case Kind::Tile:
            repairTile(job, transaction, parser.value(wdt), plans[job.map]);
            break;
        case Kind::Wdt:
            repairWdtFile(job, transaction);
            break;
        case Kind::Copy:
            copyFile(job, transaction);
            break;
        }
        if (job.failed) {
            break; // the run writes nothing now: the files after it are not read
        }
    }
    // All or nothing: a file that could not be read or staged leaves every file as it was.
    QString notWritten;
    if (std::any_of(jobs.begin(), jobs.end(), [](const Job& j) { return j.failed; })) {
        transaction.rollBack();
        notWritten = QStringLiteral("no file in %1 was changed").arg(dir);
    } else if (const QString e = transaction.commit(); !e.isEmpty()) {
        notWritten = e;
    }
    if (!notWritten.isEmpty()) {
        for (Job& job : jobs) {
            job.written = false;
        }
    }

    int refused = 0;
    int failed = 0;
    int written = 0;
    std::uint64_t errorsLeft = 0;
    std::uint64_t changes = 0;
    for (const Job& job : jobs) {
        refused += job.refused.isEmpty() ? 0 : 1;
        failed += job.failed ? 1 : 0;
        written += job.written ? 1 : 0;
        changes += job.changes.size();
        for (const io::Finding& f : job.remaining) {
            errorsLeft += f.severity == io::Severity::Error ? 1 : 0;
        }
    }
    if (parser.isSet(json)) {
        Json files = Json::array();
        for (const Job& job : jobs) {
            Json c = Json::array();
            for (const auto& change : job.changes) {
                c.push_back(changeJson(change));
            }
            Json r = Json::array();
            for (const auto& f : job.remaining) {
                r.push_back(findingJson(f));
            }
            Json j{{"in", job.in.toStdString()},
                   {"out", job.out.toStdString()},
                   {"kind", kindName(job.kind)},
                   {"written", job.written},
                   {"changes", c},
                   {"remaining", r}};
            if (!job.refused.isEmpty()) {
                j["refused"] = job.refused.toStdString();
            }
            files.push_back(std::move(j));
        }
        printJson(Json{{"out", dir.toStdString()},
                       {"files", files},
                       {"changes", changes},
                       {"refused", refused},
                       {"errorsLeft", errorsLeft}});
    } else {
        for (const Job& job : jobs) {
            if (!job.refused.isEmpty()) {
                err() << command << ": " << job.refused << "\n";
                continue;
            }
            if (!notWritten.isEmpty()) {
                continue; // nothing was repaired
            }
            if (job.kind == Kind::Copy) {
                if (job.written) {
                    out() << "copied " << job.in << " to " << job.out << "\n";
                }
                continue;
            }
            out() << "repaired " << job.in << " -> " << job.out
                  << (job.changes.empty() ? QStringLiteral(": nothing to change") : QString()) << "\n";
            for (const auto& c : job.changes) {
                out() << "  " << QString::fromStdString(c.rule) << " "
                      << QString::fromStdString(c.chunk.str()) << " x" << c.count << ": "
                      << QString::fromStdString(c.message) << "\n";
            }
            for (const auto& f : job.remaining) {
                out() << "  left: " << findingLine(job.out, f) << "\n";
            }
        }
        out() << "repair: " << changes << " change(s), " << written << " file(s) written to " << dir << "; "
              << refused << " refused, " << errorsLeft << " error(s) left\n";
    }
    if (!notWritten.isEmpty()) {
        err() << command << ": " << notWritten << "\n";
    }
    if (failed > 0 || !notWritten.isEmpty()) {
        return Failure;
    }
    return refused > 0 || errorsLeft > 0 ? Invalid : Ok;
}

} // namespace mapsmith::cli
