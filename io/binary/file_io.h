#pragma once
// Whole-file reads and writes with typed errors (ErrorCode::FileIo). Writes are plain, not atomic: the
// app layer saves through a temporary file.

#include "io/binary/error.h"

#include <cstddef>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::io {

// Reads a regular file completely. Errors: "<path> is a directory, not a file", "could not read <path>:
// <system reason>" (permission, I/O error), "<path>: cannot open (...)" when it does not exist.
Expected<std::vector<std::byte>> readFileBytes(const std::string& path);

// Creates or truncates path and writes bytes.
Expected<void> writeFileBytes(const std::string& path, std::span<const std::byte> bytes);

} // namespace mapsmith::io
