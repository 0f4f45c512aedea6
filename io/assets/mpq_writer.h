#pragma once
// Writing MPQ archives (custom patches for the 3.3.5 client) through StormLib: format version 2 with
// a (listfile) and (attributes), every file zlib-compressed, locale neutral. The archive is built as a
// temporary file beside the target ("<name>.tmp-<random>", or a name the caller gives) and renamed over
// the target only once StormLib has closed it, so a failed or cancelled write leaves the previous archive
// (or none) and no temporary file behind. A caller with its own transaction (core/convert/export_patch.h)
// names the temporary and publishes it itself after finish().

#include "io/binary/error.h"

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mapsmith::io {

struct MpqEntry {
    std::string gamePath;         // "World\\Maps\\Test\\Test.wdt"; '/' or '\\', case kept as given
    std::vector<std::byte> bytes; // the whole file, less than 4 GiB
};

// Most files one archive takes (the hash table is sized from it; StormLib allows 2^19 slots).
inline constexpr std::size_t kMaxMpqFiles = 65536;
// Longest stored name in bytes (StormLib's MAX_PATH less the terminating NUL).
inline constexpr std::size_t kMaxMpqNameLength = 259;

// The spelling stored in the archive: '\\' separators, none leading or repeated, case kept. Empty
// when gamePath cannot name a file in an archive (empty, ends in a separator, control characters,
// longer than kMaxMpqNameLength, or starts with '(' like StormLib's own "(listfile)").
std::string archiveName(std::string_view gamePath);

// One archive being written. Not copyable; not thread-safe. Destroying a writer that was not
// committed abandons it (the temporary file is removed, the target untouched).
class MpqWriter {
public:
    // Starts a temporary archive beside `out` with room for maxFiles files (1..kMaxMpqFiles), at `temp`
    // when given (a file there is replaced), else under a fresh name. Error naming `out` and the system's
    // or StormLib's reason when the temporary file cannot be created.
    static Expected<std::unique_ptr<MpqWriter>> create(const std::filesystem::path& out, std::size_t maxFiles,
                                                       const std::filesystem::path& temp = {});

    ~MpqWriter();
    MpqWriter(const MpqWriter&) = delete;
    MpqWriter& operator=(const MpqWriter&) = delete;

    // Adds one file. Errors: an invalid game path, one already added (compared case- and
    // slash-insensitively), more than maxFiles files, 4 GiB or more (nothing added, the writer goes
    // on); a StormLib failure (the writer is abandoned: every later call fails).
    Expected<void> add(std::string_view gamePath, std::span<const std::byte> bytes);
    // Closes the archive (checking that StormLib could flush it), syncs it to disk and renames it
    // over `out`. Any failure abandons the archive.
    Expected<void> commit();
    // Closes and syncs the archive like commit() but leaves it complete at temporaryPath(), which the
    // caller now owns (renames or removes). Any failure abandons the archive (the temporary is removed).
    Expected<void> finish();
    // Drops the temporary archive; `out` stays as it was. Safe to call more than once.
    void abandon();

    const std::filesystem::path& target() const { return mOut; }
    const std::filesystem::path& temporaryPath() const { return mTemp; }
    std::size_t fileCount() const { return mKeys.size(); }
    std::uint64_t bytesAdded() const { return mBytes; } // uncompressed

private:
    MpqWriter(std::filesystem::path out, std::filesystem::path temp, void* handle, std::size_t maxFiles)
        : mOut(std::move(out)), mTemp(std::move(temp)), mHandle(handle), mMaxFiles(maxFiles) {}
    Error failure(const std::string& what) const;

    std::filesystem::path mOut;
    std::filesystem::path mTemp;
    void* mHandle = nullptr; // StormLib HANDLE, owned; null once closed or abandoned
    std::size_t mMaxFiles = 0;
    std::set<std::string> mKeys; // normalizeGamePath of every file added
    std::uint64_t mBytes = 0;
    bool mDone = false; // committed or abandoned: no more calls succeed
};

// Called after each file is written with done = 1..total; returning false cancels.
using MpqProgress = std::function<bool(std::size_t done, std::size_t total)>;

// Writes every entry into a new archive at `out`, replacing an existing file there. Errors (each
// naming the archive): no entries, an invalid or repeated game path (checked before anything is
// written), a StormLib or file-system failure, or cancellation through `progress`. On any error no
// temporary file is left and `out` is unchanged.
Expected<void> writeMpq(const std::filesystem::path& out, const std::vector<MpqEntry>& entries,
                        const MpqProgress& progress = {});

} // namespace mapsmith::io
