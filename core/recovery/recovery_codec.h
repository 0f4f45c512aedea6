#pragma once
// One file of a recovery folder: a tile as the save path writes it (its v18 file, or the files of its
// split set, core::MapSource::layout()) or the map's WDT, packed into one container and zlib-compressed.
// Unpacking hands those bytes to the normal readers (io::readAdt, io::readSplitAdt, io::readWdt), so a
// restored tile is exactly what a save at the time of the autosave would have written.
//
// File: "MSRZ", u32 format (1), u64 size of the packed container, u64 size of the zlib stream, then the
// zlib stream of the container:
// "MSRC", u32 kind (RecoveredKind), u32 part count, then per part u32 tag, u64 size, the bytes.
// All numbers little-endian.

#include "core/document/core_error.h"
#include "core/document/map_source.h"
#include "io/adt/adt.h"
#include "io/wdt/wdt.h"

#include <cstddef>
#include <span>
#include <vector>

namespace mapsmith::core {

enum class RecoveredKind : std::uint32_t { V18Tile = 1, SplitTile = 2, Wdt = 3 };

// Thread-safe (pure functions of their arguments): autosave runs them on a worker thread.
std::vector<std::byte> packRecoveredTile(const io::Adt& adt, TileLayout layout);
std::vector<std::byte> packRecoveredWdt(const io::Wdt& wdt);

// What pack* wrote. Errors say what is wrong (not a recovery file, truncated, damaged, what the reader
// found); the caller names the file.
Expected<io::Adt> unpackRecoveredTile(std::span<const std::byte> file, bool bigAlpha);
Expected<io::Wdt> unpackRecoveredWdt(std::span<const std::byte> file);

} // namespace mapsmith::core
