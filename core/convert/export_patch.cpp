#include "core/convert/export_patch.h"

#include "core/check/file_findings.h"
#include "core/document/file_transaction.h"
#include "core/document/folder_recovery.h"
#include "io/assets/mpq_writer.h"
#include "io/binary/file_io.h"
#include "io/binary/text.h"
#include "io/wdt/wdt.h"

#include <QFileInfo>
#include <QString>

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <system_error>

namespace mapsmith::core {
namespace {

namespace fs = std::filesystem;

// A WDT is 32 KiB plus its MWMO/MODF; anything far larger is not one.
constexpr std::uintmax_t kMaxWdtSize = 64ull << 20;
// MPQ v2 keeps file sizes in 32 bits.
constexpr std::uintmax_t kMaxFileSize = 0xFFFFFFFFull;

bool endsWith(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

bool allDigits(const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

std::string joined(const std::vector<fs::path>& paths) {
    std::string out;
    for (const fs::path& p : paths) {
        out += (out.empty() ? "" : ", ") + p.filename().string();
    }
    return out;
}

// The regular files directly in dir, sorted by name.
Expected<std::vector<fs::path>> regularFiles(const fs::path& dir) {
    const auto listError = [&](const std::error_code& ec) {
        return CoreError(CoreError::Code::File,
                         "Cannot list the map folder " + dir.string() + " (" + ec.message() + ").");
    };
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        return CoreError(CoreError::Code::File,
                         "The map folder " + dir.string() + " does not exist or is not a folder.");
    }
    fs::directory_iterator it(dir, ec);
    if (ec) {
        return listError(ec);
    }
    std::vector<fs::path> files;
    for (const fs::directory_iterator end; it != end; it.increment(ec)) {
        if (ec) {
            return listError(ec);
        }
        std::error_code fileEc;
        if (it->is_regular_file(fileEc)) {
            files.push_back(it->path());
        }
    }
    if (ec) {
        return listError(ec);
    }
    std::sort(files.begin(), files.end(),
              [](const fs::path& a, const fs::path& b) { return a.filename() < b.filename(); });
    return files;
}

// What a file of the folder is to the map named `name`.
struct Classified {
    enum class Kind { Wdl, Tile, Skip } kind = Kind::Skip;
    int x = 0;
    int y = 0;
    std::string reason; // Skip: why
};

Classified classify(const std::string& fileName, const std::string& name) {
    const std::string file = io::asciiLower(fileName);
    const std::string map = io::asciiLower(name);
    Classified c;
    if (endsWith(file, ".bak")) {
        c.reason = "a backup, not exported";
        return c;
    }
    if (file == map + ".wdl") {
        c.kind = Classified::Kind::Wdl;
        return c;
    }
    const std::string prefix = map + "_";
    if (!endsWith(file, ".adt")) {
        c.reason = endsWith(file, ".wdt") ? "not the WDT of map " + name : "not a file of map " + name;
        return c;
    }
    if (file.size() <= prefix.size() + 4 || file.compare(0, prefix.size(), prefix) != 0) {
        c.reason = "not a tile of map " + name;
        return c;
    }
    // "<x>_<y>" or, for split files, "<x>_<y>_<kind>".
    const std::string middle = file.substr(prefix.size(), file.size() - prefix.size() - 4);
    std::vector<std::string> parts;
    for (std::size_t at = 0;;) {
        const std::size_t sep = middle.find('_', at);
        parts.push_back(middle.substr(at, sep == std::string::npos ? std::string::npos : sep - at));
        if (sep == std::string::npos) {
            break;
        }
        at = sep + 1;
    }
    if (parts.size() >= 3 && allDigits(parts[0]) && allDigits(parts[1])) {
        c.reason = "a split file (Cataclysm and later), not a v18 tile";
        return c;
    }
    if (parts.size() != 2 || !allDigits(parts[0]) || !allDigits(parts[1])) {
        c.reason = "not a tile name (" + name + "_<x>_<y>.adt)";
        return c;
    }
    if (parts[0].size() > 2 || parts[1].size() > 2 || std::stoi(parts[0]) > 63 || std::stoi(parts[1]) > 63) {
        c.reason = "tile coordinates outside 0..63";
        return c;
    }
    const int x = std::stoi(parts[0]);
    const int y = std::stoi(parts[1]);
    if (std::to_string(x) != parts[0] || std::to_string(y) != parts[1]) {
        c.reason = "leading zeros: the client asks for " + name + "_" + std::to_string(x) + "_" +
                   std::to_string(y) + ".adt";
        return c;
    }
    c.kind = Classified::Kind::Tile;
    c.x = x;
    c.y = y;
    return c;
}

// The files of <mapDir>/minimaps as (file, game path), sorted by game path; other files of that tree are
// added to `skipped`.
std::vector<std::pair<fs::path, std::string>> minimapFiles(const fs::path& mapDir,
                                                           std::vector<std::string>& skipped) {
    std::vector<std::pair<fs::path, std::string>> found;
    const fs::path root = mapDir / "minimaps";
    std::error_code ec;
    if (!fs::is_directory(root, ec)) {
        return found;
    }
    for (fs::recursive_directory_iterator it(root, ec), end; !ec && it != end; it.increment(ec)) {
        std::error_code fileEc;
        if (!it->is_regular_file(fileEc)) {
            continue;
        }
        std::string gamePath = it->path().lexically_relative(root).generic_string();
        std::replace(gamePath.begin(), gamePath.end(), '/', '\\');
        const std::string key = io::asciiLower(gamePath);
        const bool underMinimap = key.rfind("textures\\minimap\\", 0) == 0;
        const PatchFileKind kind = patchFileKind(gamePath);
        if (endsWith(key, ".bak")) {
            skipped.push_back("minimaps/" + it->path().lexically_relative(root).generic_string() +
                              ": a backup, not exported");
        } else if (!underMinimap || (kind != PatchFileKind::Minimap && kind != PatchFileKind::Translate)) {
            skipped.push_back("minimaps/" + it->path().lexically_relative(root).generic_string() +
                              ": not a minimap (textures/Minimap/...blp) or md5translate.trs");
        } else {
            found.emplace_back(it->path(), gamePath);
        }
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        return io::asciiLower(a.second) < io::asciiLower(b.second);
    });
    return found;
}

// The map's own game files under <mapDir>/World/ (any case: an imported level's WMO, its textures and
// models), except World/Maps/ (the client reads the map itself from the plan's own paths), as (file, game
// path "World\\..."), sorted by game path; backups and temporaries are added to `skipped`.
std::vector<std::pair<fs::path, std::string>> worldFiles(const fs::path& mapDir,
                                                         std::vector<std::string>& skipped) {
    std::vector<std::pair<fs::path, std::string>> found;
    std::error_code ec;
    for (fs::directory_iterator top(mapDir, ec), end; !ec && top != end; top.increment(ec)) {
        std::error_code dirEc;
        if (!top->is_directory(dirEc) || io::asciiLower(top->path().filename().string()) != "world") {
            continue;
        }
        for (fs::recursive_directory_iterator it(top->path(), ec), last; !ec && it != last;
             it.increment(ec)) {
            std::error_code fileEc;
            if (!it->is_regular_file(fileEc)) {
                continue;
            }
            const std::string relative = it->path().lexically_relative(mapDir).generic_string();
            std::string gamePath = "World" + relative.substr(top->path().filename().string().size());
            std::replace(gamePath.begin(), gamePath.end(), '/', '\\');
            const std::string key = io::asciiLower(gamePath);
            if (key.rfind("world\\maps\\", 0) == 0) {
                skipped.push_back(relative + ": under World/Maps, which the map's own files fill");
            } else if (endsWith(key, ".bak") || endsWith(key, ".mapsmith-tmp")) {
                skipped.push_back(relative + ": a backup or temporary, not exported");
            } else {
                found.emplace_back(it->path(), gamePath);
            }
        }
    }
    std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
        return io::asciiLower(a.second) < io::asciiLower(b.second);
    });
    return found;
}

} // namespace

PatchFileKind patchFileKind(const std::string& gamePath) {
    const std::string key = io::asciiLower(gamePath);
    if (endsWith(key, "\\md5translate.trs") || key == "md5translate.trs") {
        return PatchFileKind::Translate;
    }
    if (key.rfind("world\\", 0) == 0 && key.rfind("world\\maps\\", 0) != 0) {
        return PatchFileKind::World;
    }
    if (endsWith(key, ".wdt")) {
        return PatchFileKind::Wdt;
    }
    if (endsWith(key, ".wdl")) {
        return PatchFileKind::Wdl;
    }
    if (endsWith(key, ".adt")) {
        return PatchFileKind::Tile;
    }
    if (endsWith(key, ".blp") && key.find("textures\\minimap\\") != std::string::npos) {
        return PatchFileKind::Minimap;
    }
    return PatchFileKind::Other;
}

void PatchContents::add(PatchFileKind kind) {
    switch (kind) {
    case PatchFileKind::Wdt:
        ++wdt;
        break;
    case PatchFileKind::Wdl:
        ++wdl;
        break;
    case PatchFileKind::Tile:
        ++tiles;
        break;
    case PatchFileKind::Minimap:
        ++minimaps;
        break;
    case PatchFileKind::Translate:
        ++translate;
        break;
    case PatchFileKind::World:
        ++world;
        break;
    case PatchFileKind::Other:
        ++other;
        break;
    }
}

std::string describePatchContents(const PatchContents& c) {
    const auto count = [](std::size_t n, const char* one, const char* many) {
        return std::to_string(n) + " " + (n == 1 ? one : many);
    };
    std::string out = count(c.wdt, "WDT", "WDTs");
    out += ", " + (c.wdl == 0 ? std::string("no WDL") : count(c.wdl, "WDL", "WDLs"));
    out += ", " + count(c.tiles, "tile", "tiles");
    out += ", " + count(c.minimaps, "minimap", "minimaps");
    if (c.translate > 0) {
        out += ", md5translate.trs";
    }
    if (c.world > 0) {
        out += ", " + count(c.world, "world file", "world files");
    }
    if (c.other > 0) {
        out += ", " + count(c.other, "other file", "other files");
    }
    return out;
}

Expected<PatchExportPlan> planPatchExport(const fs::path& mapDir, std::string mapName) {
    auto listed = regularFiles(mapDir);
    if (!listed) {
        return listed.error();
    }
    const std::vector<fs::path>& files = *listed;

    // The WDT decides the map's name and its spelling.
    std::vector<fs::path> wdts;
    for (const fs::path& f : files) {
        const std::string ext = io::asciiLower(f.extension().string());
        if (ext == ".wdt" &&
            (mapName.empty() || io::asciiLower(f.stem().string()) == io::asciiLower(mapName))) {
            wdts.push_back(f);
        }
    }
    const std::string folder = mapDir.string();
    if (wdts.empty()) {
        return CoreError(CoreError::Code::File,
                         mapName.empty()
                             ? "The map folder " + folder + " has no .wdt file, so it holds no map."
                             : "The map folder " + folder + " has no " + mapName + ".wdt.");
    }
    if (wdts.size() > 1) {
        return CoreError(CoreError::Code::Refused,
                         mapName.empty() ? "The map folder " + folder + " has several .wdt files (" +
                                               joined(wdts) + "); name the map to export."
                                         : "The map folder " + folder + " has " + joined(wdts) +
                                               ", which differ only in case; keep one.");
    }
    const fs::path wdtPath = wdts.front();
    PatchExportPlan plan;
    plan.mapName = wdtPath.stem().string();
    const std::string& name = plan.mapName;

    std::error_code ec;
    const std::uintmax_t wdtSize = fs::file_size(wdtPath, ec);
    if (ec || wdtSize > kMaxWdtSize) {
        return CoreError(CoreError::Code::File,
                         "Cannot read the WDT " + wdtPath.string() + " (" +
                             (ec ? ec.message() : std::to_string(wdtSize) + " bytes is too large for a WDT") +
                             ").");
    }
    const auto wdtBytes = io::readFileBytes(wdtPath.string());
    if (!wdtBytes) {
        return CoreError(wdtBytes.error(),
                         "Cannot read the WDT " + wdtPath.string() + ": " + wdtBytes.error().message + ".");
    }
    io::Diagnostics diag;
    diag.lenient = true;
    const auto wdt = io::readWdt(*wdtBytes, diag);
    if (!wdt) {
        // The sentence names the chunk and offset of the cause.
        return CoreError(wdt.error(),
                         "The WDT " + wdtPath.string() + " cannot be read: " + wdt.error().describe() + ".");
    }

    const std::string mapFolder = "World\\Maps\\" + name + "\\";
    plan.files.emplace_back(wdtPath, mapFolder + name + ".wdt");
    std::optional<fs::path> wdl;
    std::map<std::pair<int, int>, fs::path> tiles; // (x, y) -> file
    const auto sameToClient = [&](const fs::path& a, const fs::path& b) {
        return CoreError(CoreError::Code::Refused,
                         "The map folder " + folder + " has both " + a.filename().string() + " and " +
                             b.filename().string() + ", which are the same file to the client; keep one.");
    };
    for (const fs::path& f : files) {
        if (f == wdtPath) {
            continue;
        }
        const std::string fileName = f.filename().string();
        const Classified c = classify(fileName, name);
        if (c.kind == Classified::Kind::Wdl) {
            if (wdl) {
                return sameToClient(*wdl, f);
            }
            wdl = f;
        } else if (c.kind == Classified::Kind::Tile) {
            const auto [found, inserted] = tiles.emplace(std::pair{c.x, c.y}, f);
            if (!inserted) {
                return sameToClient(found->second, f);
            }
        } else {
            plan.skipped.push_back(fileName + ": " + c.reason);
        }
    }
    if (wdl) {
        plan.files.emplace_back(*wdl, mapFolder + name + ".wdl");
    }
    for (const auto& [xy, file] : tiles) {
        const auto [x, y] = xy;
        plan.files.emplace_back(file, mapFolder + name + "_" + std::to_string(x) + "_" + std::to_string(y) +
                                          ".adt");
        if (!wdt->hasTile(x, y)) {
            plan.warnings.push_back(file.filename().string() + " is not listed in " +
                                    wdtPath.filename().string() + " (MAIN), so the client will not load it.");
        }
    }
    // Minimaps rendered before a tile was last saved show the old land: say so (render them again).
    auto minimaps = minimapFiles(mapDir, plan.skipped);
    std::optional<fs::file_time_type> newestMinimap;
    for (const auto& [file, gamePath] : minimaps) {
        std::error_code timeEc;
        const auto written = fs::last_write_time(file, timeEc);
        if (!timeEc && (!newestMinimap || written > *newestMinimap)) {
            newestMinimap = written;
        }
    }
    if (newestMinimap) {
        std::vector<fs::path> newer;
        for (const auto& [xy, file] : tiles) {
            std::error_code timeEc;
            const auto written = fs::last_write_time(file, timeEc);
            if (!timeEc && written > *newestMinimap) {
                newer.push_back(file);
            }
        }
        if (!newer.empty()) {
            plan.warnings.push_back("The rendered minimaps are older than " + joined(newer) +
                                    ": render them again (Map > Render Minimaps, or mapsmith-cli minimap) "
                                    "or the client shows the old land.");
        }
    }
    for (auto& minimap : minimaps) {
        for (const auto& [file, gamePath] : plan.files) {
            if (io::asciiLower(gamePath) == io::asciiLower(minimap.second)) {
                return sameToClient(file, minimap.first);
            }
        }
        plan.files.push_back(std::move(minimap));
    }
    // The map's own models and textures (an imported level's WMO), at their game paths.
    for (auto& world : worldFiles(mapDir, plan.skipped)) {
        for (const auto& [file, gamePath] : plan.files) {
            if (io::asciiLower(gamePath) == io::asciiLower(world.second)) {
                return sameToClient(file, world.first);
            }
        }
        plan.files.push_back(std::move(world));
    }
    for (const auto& [file, gamePath] : plan.files) {
        plan.contents.add(patchFileKind(gamePath));
    }
    return plan;
}

namespace {

// Writes every file of the plan into a new archive at `temp`, closed and synced, filling in `result`'s
// counts; the error otherwise (the writer then removes `temp`).
std::optional<CoreError> writeArchive(const PatchExportPlan& plan, const fs::path& outMpq,
                                      const fs::path& temp, const PatchExportProgress& progress,
                                      PatchExportResult& result) {
    auto writer = io::MpqWriter::create(outMpq, plan.files.size(), temp);
    if (!writer) {
        return CoreError(writer.error(), writer.error().message);
    }
    const std::size_t total = plan.files.size();
    std::optional<bool> bigAlpha; // the tiles' alpha depth, from the WDT (the plan's first file)
    for (std::size_t i = 0; i < total; ++i) {
        const auto& [path, gamePath] = plan.files[i];
        // One file in memory at a time; the size is checked before it is read.
        std::error_code ec;
        const std::uintmax_t size = fs::file_size(path, ec);
        if (ec || size > kMaxFileSize) {
            return CoreError(
                CoreError::Code::File,
                "Cannot put " + path.string() + " into " + outMpq.string() + " (" +
                    (ec ? ec.message() : std::to_string(size) + " bytes, an MPQ file holds less than 4 GiB") +
                    ").");
        }
        const auto bytes = io::readFileBytes(path.string());
        if (!bytes) {
            return CoreError(bytes.error(), "Cannot read " + path.string() + " for " + outMpq.string() +
                                                ": " + bytes.error().message + ".");
        }
        // A file some consumer would reject or misread is not shipped (repair it first).
        const std::string ext =
            io::asciiLower(gamePath.substr(gamePath.size() >= 4 ? gamePath.size() - 4 : 0));
        std::vector<io::Finding> errors;
        if (ext == ".wdt") {
            errors = errorsOf(wdtFileFindings(*bytes));
            io::Diagnostics diag;
            diag.lenient = true;
            if (auto wdt = io::readWdt(*bytes, diag)) {
                bigAlpha = wdt->bigAlpha();
            }
        } else if (ext == ".adt") {
            errors = errorsOf(tileFileFindings(*bytes, bigAlpha));
        }
        if (!errors.empty()) {
            (*writer)->abandon();
            return CoreError(CoreError::Code::Refused,
                             path.string() + " would be rejected or misread: " + describeFindings(errors) +
                                 ". Repair it first (Map > Repair, or mapsmith-cli repair); " +
                                 outMpq.string() + " was not changed.");
        }
        if (auto added = (*writer)->add(gamePath, *bytes); !added) {
            return CoreError(added.error(), added.error().message + " (from " + path.string() + ").");
        }
        if (progress && !progress(i + 1, total)) {
            (*writer)->abandon();
            return CoreError(CoreError::Code::Cancelled,
                             "Exporting map " + plan.mapName + " to " + outMpq.string() +
                                 " was cancelled after " + std::to_string(i + 1) + " of " +
                                 std::to_string(total) + " files; " + outMpq.string() + " was not changed.");
        }
    }
    result.archive = outMpq;
    result.contents = plan.contents;
    result.fileCount = (*writer)->fileCount();
    result.totalBytes = (*writer)->bytesAdded();
    if (auto finished = (*writer)->finish(); !finished) {
        return CoreError(finished.error(), finished.error().message + ".");
    }
    return std::nullopt;
}

} // namespace

Expected<PatchExportResult> exportPatch(const PatchExportPlan& plan, const fs::path& outMpq,
                                        const PatchExportProgress& progress) {
    if (plan.files.empty()) {
        return CoreError(CoreError::Code::Refused, "Nothing to write to " + outMpq.string() +
                                                       ": the export of map " + plan.mapName +
                                                       " lists no files.");
    }
    // The archive is a transaction of one file (core/document/file_transaction.h): built as
    // "<outMpq>.mapsmith-tmp", which recovery removes if this process dies, then renamed over outMpq.
    const QString target = QString::fromStdString(outMpq.string());
    const QString folder = QFileInfo(target).absolutePath();
    // What a killed export (of the editor, which recovers only map folders) left there goes first.
    if (const RecoveryReport recovered = recoverFolder(folder);
        !recovered.error.isEmpty() && !recovered.busy) {
        return CoreError(CoreError::Code::File, recovered.error.toStdString() + ".");
    }
    FileTransaction transaction(folder);
    std::optional<CoreError> failure; // why the archive could not be written, as the writer said it
    PatchExportResult result;
    const QString staged = transaction.stageWith(
        target,
        [&](const QString& temp) {
            failure = writeArchive(plan, outMpq, fs::path(temp.toStdString()), progress, result);
            return failure ? QString::fromStdString(failure->message) : QString();
        },
        BackupPolicy::NoBackup);
    if (!staged.isEmpty()) {
        return failure ? *failure : CoreError(CoreError::Code::File, staged.toStdString() + ".");
    }
    if (const QString e = transaction.commit(); !e.isEmpty()) {
        return CoreError(CoreError::Code::File, e.toStdString() + ".");
    }
    std::error_code ec;
    const std::uintmax_t archiveSize = fs::file_size(outMpq, ec);
    result.archiveBytes = ec ? 0 : archiveSize;
    return result;
}

fs::path nextFreePatchName(const fs::path& dataDir) {
    std::set<std::string> taken; // lower-case names of every entry in dataDir
    std::error_code ec;
    for (fs::directory_iterator it(dataDir, ec), end; !ec && it != end; it.increment(ec)) {
        taken.insert(io::asciiLower(it->path().filename().string()));
    }
    std::string patchSlots = "456789";
    for (char c = 'A'; c <= 'Z'; ++c) {
        patchSlots.push_back(c);
    }
    // The slot after the highest one taken, so the new archive wins over every custom patch there.
    std::size_t next = 0;
    for (std::size_t i = 0; i < patchSlots.size(); ++i) {
        if (taken.contains(io::asciiLower(std::string("patch-") + patchSlots[i] + ".mpq"))) {
            next = i + 1;
        }
    }
    if (next >= patchSlots.size()) {
        return {};
    }
    return dataDir / (std::string("patch-") + patchSlots[next] + ".MPQ");
}

} // namespace mapsmith::core
