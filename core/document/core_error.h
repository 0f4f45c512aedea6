#pragma once
// Errors of core operations (opening a map, loading tiles, creating, importing and exporting maps). A
// problem with a file stays the io::Error that io reported (file, chunk, byte offset), wrapped as the
// cause; what is not about a file (a tile the map does not have, a request that cannot be done as asked,
// a cancelled operation) is core's own, with the tile it concerns when there is one.

#include "core/geometry/coords.h"
#include "io/binary/error.h"

#include <optional>
#include <string>

namespace mapsmith::core {

struct CoreError {
    enum class Code {
        File,      // a file or folder could not be read or written, or its bytes are malformed
        NotInMap,  // the tile is not part of the map (the WDT does not list it)
        BadTile,   // a tile model that cannot be taken as it is (not 256 map chunks)
        Refused,   // the request cannot be done as asked (a new map's spec, what a map folder holds)
        Cancelled, // the caller's progress callback said stop
    };

    CoreError(Code c, std::string text, std::optional<TileCoord> at = {})
        : code(c), message(std::move(text)), tile(at) {}
    // A file problem as io reported it. `text`, when given, is the sentence users see instead of the
    // cause's own description (and should name what the cause names).
    explicit CoreError(io::Error fileError, std::string text = {}, std::optional<TileCoord> at = {})
        : code(Code::File), message(std::move(text)), tile(at), cause(std::move(fileError)) {}

    Code code;
    std::string message;           // one sentence; empty when the cause says it all
    std::optional<TileCoord> tile; // the tile concerned, when there is one
    std::optional<io::Error> cause;

    // What tools print: the message, or without one the cause's description ("<file>: MCNK at 0x1234: ...").
    std::string describe() const { return message.empty() && cause ? cause->describe() : message; }

    bool operator==(const CoreError&) const = default;
};

// A value or the core error that prevented it; Expected<void> for success only.
template <class T> using Expected = io::Expected<T, CoreError>;

} // namespace mapsmith::core
