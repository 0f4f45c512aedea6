#pragma once
// StormLib error codes as text for messages. On Linux StormLib reports errno values (EACCES, ENOENT,
// ENOSPC, ...) plus its own codes from 1000 up; on Windows, Win32 error codes.

#include <cstdint>
#include <string>

namespace mapsmith::io {

// "StormLib error 13 (Permission denied)"; the number alone when the code has no known name.
std::string stormErrorText(std::uint32_t code);

} // namespace mapsmith::io
