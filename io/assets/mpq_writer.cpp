#include "io/assets/mpq_writer.h"

#include "io/assets/asset_source.h"
#include "io/assets/detail/storm_error.h"

#include <StormLib.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <random>
#include <system_error>

#if __has_include(<unistd.h>)
#include <fcntl.h>
#include <unistd.h>
#define MAPSMITH_HAVE_FSYNC 1
#endif

namespace mapsmith::io {
namespace {

// MPQ v2 keeps file sizes in 32 bits.
constexpr std::uint64_t kMaxMpqFileSize = 0xFFFFFFFFull;

// Files StormLib adds itself: (listfile) and (attributes).
constexpr std::size_t kInternalFiles = 2;
constexpr std::size_t kMinHashSlots = 16;

Error makeError(ErrorCode code, std::string message) {
    return Error{code, FourCC{}, 0, std::move(message)};
}

std::string inQuotes(std::string_view s) {
    std::string out;
    out.reserve(s.size() + 2);
    out.push_back('"');
    out.append(s);
    out.push_back('"');
    return out;
}

// Why gamePath cannot be the next file of an archive whose names (normalized) are `keys`; nullopt
// when it can.
std::optional<Error> entryProblem(const std::filesystem::path& out, std::string_view gamePath,
                                  std::uint64_t size, const std::set<std::string>& keys) {
    const std::string where = "Cannot add " + inQuotes(gamePath) + " to the MPQ archive " + out.string();
    const std::string name = archiveName(gamePath);
    if (name.empty()) {
        return makeError(ErrorCode::BadValue,
                         where +
                             ": not a file name an archive can hold (empty, a folder, control "
                             "characters, a leading '(' or longer than " +
                             std::to_string(kMaxMpqNameLength) + " bytes)");
    }
    if (keys.contains(normalizeGamePath(name))) {
        return makeError(ErrorCode::BadValue, where + ": it names the same file as one before it "
                                                      "(names are compared ignoring case and slashes)");
    }
    if (size > kMaxMpqFileSize) {
        return makeError(ErrorCode::SizeOutOfBounds,
                         where + ": " + std::to_string(size) + " bytes, an MPQ file holds less than 4 GiB");
    }
    return std::nullopt;
}

struct Reserved {
    std::filesystem::path path; // empty on failure
    std::string problem;        // empty on success
};

// Creates an empty temporary file beside `out` under a name no file had ("<name>.tmp-<8 hex digits>");
// on failure the reason (errno text).
Reserved reserveTemporary(const std::filesystem::path& out) {
    std::random_device seed;
    std::mt19937 random(seed());
    for (int attempt = 0; attempt < 64; ++attempt) {
        char suffix[16];
        std::snprintf(suffix, sizeof suffix, ".tmp-%08x", unsigned(random()));
        std::filesystem::path temp = out;
        temp += suffix;
        // "x": exclusive create, so a file someone else made is never taken over.
        errno = 0;
        if (std::FILE* f = std::fopen(temp.string().c_str(), "wbx")) {
            std::fclose(f);
            return {temp, {}};
        }
        if (errno != EEXIST) {
            const std::string why = errno != 0 ? std::strerror(errno) : "unknown error";
            return {{}, "cannot create its temporary file " + temp.filename().string() + " (" + why + ")"};
        }
    }
    return {{}, "no free name for its temporary file beside it"};
}

// Creates or empties the temporary file the caller named; on failure the reason.
Reserved truncateTemporary(const std::filesystem::path& temp) {
    errno = 0;
    if (std::FILE* f = std::fopen(temp.string().c_str(), "wb")) {
        std::fclose(f);
        return {temp, {}};
    }
    const std::string why = errno != 0 ? std::strerror(errno) : "unknown error";
    return {{}, "cannot create its temporary file " + temp.filename().string() + " (" + why + ")"};
}

// Flushes a closed file to disk so the rename never publishes a partly written archive after a crash.
// Empty on success, else the reason.
std::string syncToDisk(const std::filesystem::path& path) {
#ifdef MAPSMITH_HAVE_FSYNC
    const int fd = ::open(path.c_str(), O_RDONLY);
    if (fd < 0) {
        return std::strerror(errno);
    }
    const bool ok = ::fsync(fd) == 0;
    const int code = errno;
    ::close(fd);
    return ok ? std::string() : std::string(std::strerror(code));
#else
    (void)path;
    return {};
#endif
}

} // namespace

std::string archiveName(std::string_view gamePath) {
    std::string out;
    out.reserve(gamePath.size());
    for (const char c : gamePath) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7F) {
            return {}; // (listfile) lines would break on them
        }
        if (c == '/' || c == '\\') {
            // Invariant: no leading and no repeated separators.
            if (!out.empty() && out.back() != '\\') {
                out.push_back('\\');
            }
        } else {
            out.push_back(c);
        }
    }
    if (out.empty() || out.back() == '\\' || out.front() == '(' || out.size() > kMaxMpqNameLength) {
        return {};
    }
    return out;
}

// ---- MpqWriter ----

Expected<std::unique_ptr<MpqWriter>> MpqWriter::create(const std::filesystem::path& out, std::size_t maxFiles,
                                                       const std::filesystem::path& givenTemp) {
    const std::string where = "Cannot create the MPQ archive " + out.string();
    if (maxFiles == 0 || maxFiles > kMaxMpqFiles) {
        return makeError(ErrorCode::CountOverflow, where + " for " + std::to_string(maxFiles) +
                                                       " files: an archive holds 1 to " +
                                                       std::to_string(kMaxMpqFiles) + " files");
    }
    if (!out.has_filename()) {
        return makeError(ErrorCode::FileIo, where + ": the path names no file");
    }
    // StormLib reports errno poorly when it cannot create a file, so the file is made here first; an
    // existing empty file becomes an archive starting at offset 0.
    const Reserved reserved = givenTemp.empty() ? reserveTemporary(out) : truncateTemporary(givenTemp);
    if (reserved.path.empty()) {
        return makeError(ErrorCode::FileIo, where + ": " + reserved.problem);
    }
    const std::filesystem::path& temp = reserved.path;
    // Hash table: StormLib rounds the slot count up to a power of two and reserves its own files on top.
    const std::size_t slots = std::max(kMinHashSlots, maxFiles + kInternalFiles);
    HANDLE handle = nullptr;
    if (!SFileCreateArchive(temp.string().c_str(),
                            MPQ_CREATE_ARCHIVE_V2 | MPQ_CREATE_LISTFILE | MPQ_CREATE_ATTRIBUTES, DWORD(slots),
                            &handle)) {
        const DWORD code = GetLastError();
        std::error_code ec;
        std::filesystem::remove(temp, ec); // ours: created exclusively above
        return makeError(ErrorCode::FileIo,
                         where + " (as " + temp.filename().string() + " beside it): " + stormErrorText(code));
    }
    return std::unique_ptr<MpqWriter>(new MpqWriter(out, temp, handle, maxFiles));
}

MpqWriter::~MpqWriter() {
    abandon();
}

Error MpqWriter::failure(const std::string& what) const {
    return makeError(ErrorCode::FileIo, "Cannot write the MPQ archive " + mOut.string() + ": " + what);
}

Expected<void> MpqWriter::add(std::string_view gamePath, std::span<const std::byte> bytes) {
    if (mDone) {
        return failure("adding " + inQuotes(gamePath) + " after the archive was finished or abandoned");
    }
    if (auto problem = entryProblem(mOut, gamePath, bytes.size(), mKeys)) {
        return *problem;
    }
    if (mKeys.size() >= mMaxFiles) {
        return makeError(ErrorCode::CountOverflow,
                         "Cannot add " + inQuotes(gamePath) + " to the MPQ archive " + mOut.string() +
                             ": it was created for " + std::to_string(mMaxFiles) + " files");
    }
    const std::string name = archiveName(gamePath);
    const DWORD size = DWORD(bytes.size());
    HANDLE file = nullptr;
    if (!SFileCreateFile(mHandle, name.c_str(), 0, size, 0, MPQ_FILE_COMPRESS | MPQ_FILE_REPLACEEXISTING,
                         &file)) {
        const DWORD code = GetLastError();
        abandon();
        return failure("adding " + inQuotes(name) + " failed, " + stormErrorText(code));
    }
    // SFileFinishFile releases the file handle whether or not the write succeeded.
    const bool written = size == 0 || SFileWriteFile(file, bytes.data(), size, MPQ_COMPRESSION_ZLIB);
    DWORD code = written ? 0 : GetLastError();
    const bool finished = SFileFinishFile(file);
    if (written && !finished) {
        code = GetLastError();
    }
    if (!written || !finished) {
        abandon();
        return failure("writing " + inQuotes(name) + " (" + std::to_string(bytes.size()) +
                       " bytes) failed, " + stormErrorText(code));
    }
    mKeys.insert(normalizeGamePath(name));
    mBytes += bytes.size();
    return {};
}

Expected<void> MpqWriter::finish() {
    if (mDone) {
        return failure("it was already finished or abandoned");
    }
    // Closing writes the (listfile), (attributes) and the hash and block tables.
    HANDLE handle = mHandle;
    mHandle = nullptr;
    if (!SFileCloseArchive(handle)) {
        const DWORD code = GetLastError();
        abandon();
        return failure("StormLib could not finish " + mTemp.filename().string() + ", " +
                       stormErrorText(code));
    }
    if (const std::string problem = syncToDisk(mTemp); !problem.empty()) {
        abandon();
        return failure("cannot flush " + mTemp.filename().string() + " to disk (" + problem + ")");
    }
    mDone = true;
    return {};
}

Expected<void> MpqWriter::commit() {
    if (auto finished = finish(); !finished) {
        return finished;
    }
    std::error_code ec;
    std::filesystem::rename(mTemp, mOut, ec);
    if (ec) {
        const std::string why = ec.message();
        std::filesystem::remove(mTemp, ec);
        return failure("cannot replace it with " + mTemp.filename().string() + " (" + why + ")");
    }
    return {};
}

void MpqWriter::abandon() {
    if (mDone) {
        return;
    }
    mDone = true;
    if (mHandle != nullptr) {
        SFileCloseArchive(mHandle);
        mHandle = nullptr;
    }
    std::error_code ec;
    std::filesystem::remove(mTemp, ec);
}

// ---- writeMpq ----

Expected<void> writeMpq(const std::filesystem::path& out, const std::vector<MpqEntry>& entries,
                        const MpqProgress& progress) {
    if (entries.empty()) {
        return makeError(ErrorCode::BadValue,
                         "Cannot write the MPQ archive " + out.string() + ": no files to put in it");
    }
    if (entries.size() > kMaxMpqFiles) {
        return makeError(ErrorCode::CountOverflow, "Cannot write the MPQ archive " + out.string() + ": " +
                                                       std::to_string(entries.size()) + " files, at most " +
                                                       std::to_string(kMaxMpqFiles) + " fit");
    }
    // Every name and size is checked before a byte is written.
    std::set<std::string> keys;
    for (const MpqEntry& entry : entries) {
        if (auto problem = entryProblem(out, entry.gamePath, entry.bytes.size(), keys)) {
            return *problem;
        }
        keys.insert(normalizeGamePath(archiveName(entry.gamePath)));
    }
    auto writer = MpqWriter::create(out, entries.size());
    if (!writer) {
        return writer.error();
    }
    for (std::size_t i = 0; i < entries.size(); ++i) {
        if (auto added = (*writer)->add(entries[i].gamePath, entries[i].bytes); !added) {
            return added.error();
        }
        if (progress && !progress(i + 1, entries.size())) {
            (*writer)->abandon();
            return makeError(ErrorCode::FileIo, "Writing the MPQ archive " + out.string() +
                                                    " was cancelled after " + std::to_string(i + 1) + " of " +
                                                    std::to_string(entries.size()) +
                                                    " files; it was not changed");
        }
    }
    return (*writer)->commit();
}

} // namespace mapsmith::io
