#include "io/binary/file_io.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <system_error>

namespace mapsmith::io {
namespace {

Error fileError(const std::string& path, const std::string& what, std::uint64_t offset = 0) {
    return Error{ErrorCode::FileIo, FourCC{}, offset, path + ": " + what};
}

std::string errnoText() {
    const int e = errno;
    return e != 0 ? std::string(std::strerror(e)) : std::string("unknown error");
}

} // namespace

Expected<std::vector<std::byte>> readFileBytes(const std::string& path) {
    std::error_code ec;
    const auto status = std::filesystem::status(path, ec);
    if (ec) {
        return fileError(path, "cannot open (" + ec.message() + ")");
    }
    if (std::filesystem::is_directory(status)) {
        return Error{ErrorCode::FileIo, FourCC{}, 0, path + " is a directory, not a file"};
    }
    if (!std::filesystem::is_regular_file(status)) {
        return fileError(path, "not a regular file");
    }
    const std::uintmax_t size = std::filesystem::file_size(path, ec);
    if (ec) {
        return fileError(path, "cannot get the size (" + ec.message() + ")");
    }
    // The file exists: a failure from here on is the system's reason ("Permission denied", I/O error).
    const auto readError = [&path](const std::string& reason, std::uint64_t at = 0) {
        return Error{ErrorCode::FileIo, FourCC{}, at, "could not read " + path + ": " + reason};
    };
    errno = 0;
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        return readError(errnoText());
    }
    std::vector<std::byte> out(static_cast<std::size_t>(size));
    if (size > 0) {
        errno = 0;
        in.read(reinterpret_cast<char*>(out.data()), std::streamsize(size));
        const auto got = std::uint64_t(in.gcount());
        if (got != size) {
            return readError(errno != 0
                                 ? errnoText()
                                 : "read " + std::to_string(got) + " of " + std::to_string(size) + " bytes",
                             got);
        }
    }
    return out;
}

Expected<void> writeFileBytes(const std::string& path, std::span<const std::byte> bytes) {
    errno = 0;
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    if (!out) {
        return fileError(path, "cannot create (" + errnoText() + ")");
    }
    if (!bytes.empty()) {
        out.write(reinterpret_cast<const char*>(bytes.data()), std::streamsize(bytes.size()));
    }
    out.close();
    if (!out) {
        return fileError(path,
                         "cannot write " + std::to_string(bytes.size()) + " bytes (" + errnoText() + ")");
    }
    return {};
}

} // namespace mapsmith::io
