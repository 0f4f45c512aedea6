#pragma once
// StormLib trusts an MPQ header that the file cuts short (it reads past the end into uninitialized
// memory and may abort on an assertion), so archives are checked here before StormLib opens them.

#include <filesystem>
#include <string>

namespace mapsmith::io {

// Empty when the header StormLib will use lies wholly inside the file, else the problem. Like StormLib,
// looks for the header at every 512-byte boundary, following a user-data block ("MPQ\x1B") to the
// header it points at.
std::string checkMpqHeader(const std::filesystem::path& path);

} // namespace mapsmith::io
