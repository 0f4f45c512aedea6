#include "io/assets/detail/storm_error.h"

#include <StormLib.h>

#include <cstring>

namespace mapsmith::io {

std::string stormErrorText(std::uint32_t code) {
    std::string name;
    switch (code) {
    case ERROR_FILE_NOT_FOUND:
        name = "file not found";
        break;
    case ERROR_ACCESS_DENIED:
        name = "access denied";
        break;
    case ERROR_BAD_FORMAT:
        name = "not an MPQ archive";
        break;
    case ERROR_FILE_CORRUPT:
        name = "archive corrupt";
        break;
    case ERROR_HANDLE_EOF:
        name = "unexpected end of file";
        break;
    case ERROR_DISK_FULL:
#ifndef PLATFORM_WINDOWS
        // ENOSPC: the system's reason, though StormLib also says it for a full hash table.
        name = std::string(std::strerror(int(code))) + ", or the archive is full";
#else
        name = "disk full or archive full";
#endif
        break;
    case ERROR_ALREADY_EXISTS:
        name = "already exists";
        break;
    default:
#ifndef PLATFORM_WINDOWS
        // Below StormLib's own codes (1000 and up) the code is an errno value.
        if (code != 0 && code < 1000) {
            name = std::strerror(int(code));
        }
#endif
        break;
    }
    std::string out = "StormLib error " + std::to_string(code);
    if (!name.empty()) {
        out += " (" + name + ")";
    }
    return out;
}

} // namespace mapsmith::io
