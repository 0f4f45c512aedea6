#include "io/assets/detail/mpq_header_check.h"

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <system_error>
#include <vector>

namespace mapsmith::io {

std::string checkMpqHeader(const std::filesystem::path& path) {
    std::error_code ec;
    const std::uint64_t fileSize = std::filesystem::file_size(path, ec);
    if (ec) {
        return "cannot get the size (" + ec.message() + ")";
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return "cannot open";
    }
    const auto readAt = [&](std::uint64_t at, std::size_t n) {
        std::vector<unsigned char> out(n);
        in.clear();
        in.seekg(std::streamoff(at));
        in.read(reinterpret_cast<char*>(out.data()), std::streamsize(n));
        out.resize(std::size_t(in.gcount()));
        return out;
    };
    const auto u32 = [](const std::vector<unsigned char>& b, std::size_t at) {
        return std::uint32_t(b[at]) | std::uint32_t(b[at + 1]) << 8 | std::uint32_t(b[at + 2]) << 16 |
               std::uint32_t(b[at + 3]) << 24;
    };
    for (std::uint64_t at = 0; at + 4 <= fileSize; at += 512) {
        const auto id = readAt(at, 16);
        if (id.size() < 4 || id[0] != 'M' || id[1] != 'P' || id[2] != 'Q') {
            continue;
        }
        std::uint64_t headerAt = at;
        if (id[3] == 0x1B) {
            if (id.size() < 12) {
                return "user data block cut short";
            }
            headerAt = at + u32(id, 8);
        } else if (id[3] != 0x1A) {
            continue;
        }
        const auto header = readAt(headerAt, 16);
        if (header.size() < 16 || header[0] != 'M' || header[1] != 'P' || header[2] != 'Q' ||
            header[3] != 0x1A) {
            return "MPQ header at " + std::to_string(headerAt) + " missing or cut short";
        }
        // Header sizes of format versions 1 to 4; StormLib reads at most the largest.
        constexpr std::uint32_t kHeaderSizes[] = {32, 44, 68, 208};
        const std::uint32_t version = std::uint32_t(header[12]) | std::uint32_t(header[13]) << 8;
        const std::uint64_t need = std::max<std::uint64_t>(kHeaderSizes[std::min<std::uint32_t>(version, 3)],
                                                           std::min(u32(header, 4), 208u));
        if (headerAt + need > fileSize) {
            return "MPQ header at " + std::to_string(headerAt) + " needs " + std::to_string(need) +
                   " bytes, the file ends after " + std::to_string(fileSize - headerAt);
        }
        if (version <= 1) {
            // Formats 1 and 2 (all WotLK archives): the hash and block tables, 16 bytes an entry, must
            // lie inside the file, or StormLib allocates and reads what a damaged size field claims.
            const auto full = readAt(headerAt, 44);
            const std::uint64_t hashHi = version == 1 ? std::uint64_t(full[40] | full[41] << 8) << 32 : 0;
            const std::uint64_t blockHi = version == 1 ? std::uint64_t(full[42] | full[43] << 8) << 32 : 0;
            const std::uint64_t hashEnd = headerAt + (hashHi | u32(full, 16)) + 16ull * u32(full, 24);
            const std::uint64_t blockEnd = headerAt + (blockHi | u32(full, 20)) + 16ull * u32(full, 28);
            if (hashEnd > fileSize || blockEnd > fileSize) {
                return std::string(hashEnd > fileSize ? "hash" : "block") +
                       " table ends past the end of the file";
            }
        }
        return {};
    }
    return {}; // no header: StormLib reports the archive as not an MPQ
}

} // namespace mapsmith::io
