#pragma once
// MPQ archives for tests, made with StormLib directly (not with Mapsmith's own writer, so a test of the
// writer or the readers checks against an independent producer): format 2 with a (listfile), names
// stored as given, every file zlib-compressed.

#include <StormLib.h>

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mapsmith::test {

// One file: its name as stored and its bytes (text works as well: see bytesOf()).
using MpqFile = std::pair<std::string, std::vector<std::byte>>;

inline std::vector<std::byte> bytesOf(std::string_view text) {
    std::vector<std::byte> out(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        out[i] = std::byte(static_cast<unsigned char>(text[i]));
    }
    return out;
}

// True when the archive was written with every file.
inline bool makeTestMpq(const std::filesystem::path& path, const std::vector<MpqFile>& files) {
    HANDLE mpq = nullptr;
    const DWORD capacity = DWORD(std::max<std::size_t>(16, files.size() + 4));
    if (!SFileCreateArchive(path.string().c_str(), MPQ_CREATE_LISTFILE | MPQ_CREATE_ARCHIVE_V2, capacity,
                            &mpq)) {
        return false;
    }
    bool ok = true;
    for (const auto& [name, bytes] : files) {
        HANDLE file = nullptr;
        if (!SFileCreateFile(mpq, name.c_str(), 0, DWORD(bytes.size()), 0,
                             MPQ_FILE_COMPRESS | MPQ_FILE_REPLACEEXISTING, &file)) {
            ok = false;
            break;
        }
        ok = bytes.empty() || SFileWriteFile(file, bytes.data(), DWORD(bytes.size()), MPQ_COMPRESSION_ZLIB);
        ok = SFileFinishFile(file) && ok;
        if (!ok) {
            break;
        }
    }
    return SFileCloseArchive(mpq) && ok;
}

// Text files: name -> content.
inline bool makeTestMpq(const std::filesystem::path& path,
                        const std::vector<std::pair<std::string, std::string>>& textFiles) {
    std::vector<MpqFile> files;
    for (const auto& [name, text] : textFiles) {
        files.emplace_back(name, bytesOf(text));
    }
    return makeTestMpq(path, files);
}

// An archive that crashes StormLib 9.22 (Debian's libstorm9): a good one whose header's sector size
// shift (offset 14, the sector size is 512 << shift) is 23, so the sector size is 2^32, 0 in StormLib's
// 32 bits, and SFileOpenArchive divides by it reading the (listfile): SIGFPE. True when written.
inline bool makeCrashingMpq(const std::filesystem::path& path) {
    if (!makeTestMpq(path,
                     std::vector<std::pair<std::string, std::string>>{{"Tileset\\Crash.blp", "crash"}})) {
        return false;
    }
    std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
    char magic[4] = {};
    file.read(magic, 4);
    if (!file || std::string_view(magic, 4) != std::string_view("MPQ\x1a", 4)) {
        return false; // the header is not at the start: nothing to damage here
    }
    const char shift[2] = {23, 0};
    file.seekp(14);
    file.write(shift, 2);
    return bool(file.flush());
}

} // namespace mapsmith::test
