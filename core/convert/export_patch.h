#pragma once
// "Export patch": a map folder's saved files in one new MPQ archive the 3.3.5 client loads over its
// own data, at the paths it asks for: World\Maps\<Name>\<Name>.wdt, <Name>.wdl and
// <Name>_<x>_<y>.adt, plus the rendered minimaps of <map folder>/minimaps/ (core/render/minimap_export.h)
// at their paths under textures\Minimap\ with, when hashed, the merged md5translate.trs, plus the map's
// own game files under <map folder>/World/ (an imported level's WMO, BLPs and models: core/convert/
// wmb_import.h) at their paths "World\...". Plain std (no Qt): used by `mapsmith-cli export-patch` and the
// editor.

#include "core/document/core_error.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace mapsmith::core {

// What a file of the patch is, from its game path.
enum class PatchFileKind {
    Wdt,
    Wdl,
    Tile,
    Minimap,
    Translate,
    World,
    Other
}; // World: World\... but World\Maps
PatchFileKind patchFileKind(const std::string& gamePath);

// How many files of each kind a patch holds.
struct PatchContents {
    std::size_t wdt = 0;
    std::size_t wdl = 0;
    std::size_t tiles = 0;
    std::size_t minimaps = 0;
    std::size_t translate = 0; // md5translate.trs: 0 or 1
    std::size_t world = 0;     // the map's own files under World\ (models, textures)
    std::size_t other = 0;
    void add(PatchFileKind kind);
    bool operator==(const PatchContents&) const = default;
};
// "1 WDT, 1 WDL, 4 tiles, 4 minimaps, md5translate.trs" (kinds without files left out, "no WDL" when
// the map has none).
std::string describePatchContents(const PatchContents& contents);

struct PatchExportPlan {
    std::string mapName; // spelled as the WDT's file name on disk
    // File on disk and its game path: the WDT first, then the WDL when there is one, then the tiles
    // ordered by x, then y, then the minimaps and the translate file of <map folder>/minimaps/ sorted by
    // game path. Game paths are case-insensitively distinct.
    std::vector<std::pair<std::filesystem::path, std::string>> files;
    PatchContents contents; // the files by kind
    // Every other regular file of the folder, as "<file name>: <why it is left out>", sorted by name.
    std::vector<std::string> skipped;
    // Things the user should know that do not stop the export (tiles the WDT does not list, tiles saved
    // after the minimaps were rendered).
    std::vector<std::string> warnings;
};

// Plans the export of the map in mapDir (not recursive). mapName empty: the name of the folder's
// single .wdt. The WDT must exist (matched ignoring case) and read as a WDT; tiles are the files
// named <Name>_<x>_<y>.adt, ignoring case, with x and y in 0..63 written as the client writes
// them (no leading zeros). Backups, split files (_tex0, _obj0, ...) and every other file are skipped.
// Under <mapDir>/minimaps/ (recursively) every .blp below textures/Minimap/ and the md5translate.trs
// there go in at their relative paths; backups and other files there are skipped. Every file under
// <mapDir>/World/ (recursively, the folder's name in any case) goes in at "World\<its relative path>",
// after the minimaps, sorted by game path, except World/Maps/ and backups (skipped).
// Errors: mapDir is not a readable folder, no or several WDTs, an unreadable WDT, or two files that
// differ only in case and so would be the same file in the archive.
Expected<PatchExportPlan> planPatchExport(const std::filesystem::path& mapDir, std::string mapName = {});

struct PatchExportResult {
    std::filesystem::path archive;
    std::size_t fileCount = 0;
    std::uint64_t totalBytes = 0;   // the files' sizes, uncompressed
    std::uint64_t archiveBytes = 0; // size of the archive written
    PatchContents contents;         // what went in, by kind
};

// Called after each file is added with done = 1..total; returning false cancels.
using PatchExportProgress = std::function<bool(std::size_t done, std::size_t total)>;

// Reads the plan's files one at a time and writes them to outMpq (io::MpqWriter: atomic, replaces an
// existing archive). Each WDT and tile is checked for its consumers first (core/check/file_findings.h):
// one that the 3.3.5 client, an extractor or a Noggit-style reader would reject or misread stops the
// export (Refused, naming the file, what is wrong and for whom). Errors name the file: a plan without
// files, a file that cannot be read or would be rejected, an archive that cannot be written, or
// cancellation; outMpq is then left as it was and no temporary file remains. Touches no shared state: may
// run on a worker thread.
Expected<PatchExportResult> exportPatch(const PatchExportPlan& plan, const std::filesystem::path& outMpq,
                                        const PatchExportProgress& progress = {});

// dataDir / the custom patch name after the highest one taken in dataDir (ignoring case), in the order
// "patch-4.MPQ" .. "patch-9.MPQ", "patch-A.MPQ" .. "patch-Z.MPQ": the client lets a later name win
// (Z over A over 9 over 4), so the new archive overrides every custom patch already there. patch-4 when
// none is taken; empty when patch-Z is.
std::filesystem::path nextFreePatchName(const std::filesystem::path& dataDir);

} // namespace mapsmith::core
