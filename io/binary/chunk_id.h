#pragma once
// What a chunk id of a real chunk stream looks like, and the first-chunk check every chunked reader makes
// before it walks a file: garbage (zeros, random bytes) is refused at its first bytes instead of being
// walked as millions of empty chunks.

#include "io/binary/error.h"
#include "io/binary/fourcc.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>

namespace mapsmith::io {

// Four letters, digits or '_' (Blizzard's ids are upper case letters and digits; some tools use lower
// case). A zero id, control bytes or other binary values are not chunk ids.
bool isPlausibleChunkId(FourCC id);

// "MVER" when printable, else the four bytes as stored in hex ("00 00 00 00").
std::string chunkIdText(FourCC id);

// The error for a chunk header at `at` (absolute offset) whose id is not a chunk id: what follows is not a
// chunk stream. `container`: the chunk holding it (FourCC{} at the top level).
Error notAChunkId(FourCC id, std::uint64_t at, FourCC container = {});

// nullopt when `file` starts with the id `first` (or is too short to tell, under 4 bytes); else a BadMagic
// error at offset 0 naming `first` and what the file starts with ("the file starts with 00 00 00 00, not
// MVER").
std::optional<Error> checkFirstChunk(std::span<const std::byte> file, FourCC first);

// checkFirstChunk, then every top-level chunk header up to the end of the file must have a chunk id (the
// walk stops quietly at a size that leaves the file: the readers report that). Reads no data, allocates
// nothing: a cheap test before a set of large files is read.
std::optional<Error> checkChunkStream(std::span<const std::byte> file, FourCC first);

} // namespace mapsmith::io
