#pragma once
// In-memory model of a v18 (WotLK) WDT map table: MVER, MPHD, MAIN, optional MWMO and MODF, plus any
// chunk the reader does not interpret. Nothing is derived on write, so a file that reads strictly writes
// back byte-identical.

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/binary/fourcc.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {

inline constexpr std::uint32_t kWdtVersion = 18;
inline constexpr int kWdtTilesPerSide = 64;
inline constexpr int kWdtTileCount = kWdtTilesPerSide * kWdtTilesPerSide; // 4096

// MPHD flags (the ones that matter to WotLK terrain).
namespace mphd_flags {
inline constexpr std::uint32_t WmoOnly = 0x1;          // the map is one global WMO placed by MODF
inline constexpr std::uint32_t VertexColors = 0x2;     // ADTs have MCCV
inline constexpr std::uint32_t BigAlpha = 0x4;         // 8-bit alpha maps
inline constexpr std::uint32_t DoodadRefsSorted = 0x8; // MCRF doodad refs sorted by size category
inline constexpr std::uint32_t HeightTexturing = 0x80; // also implies 8-bit alpha maps
inline constexpr std::uint32_t BigAlphaMask = BigAlpha | HeightTexturing;
} // namespace mphd_flags

// MAIN entry flags.
namespace main_flags {
inline constexpr std::uint32_t HasAdt = 0x1;   // the tile has an .adt file
inline constexpr std::uint32_t AllWater = 0x2; // set by the client at run time ("loaded")
} // namespace main_flags

// One MAIN entry (8 bytes on disk).
struct WdtTile {
    std::uint32_t flags = 0;
    std::uint32_t asyncId = 0; // unused on disk in WotLK, kept as read
    bool operator==(const WdtTile&) const = default;
};

// One MODF entry, SMMapObjDef (64 bytes on disk). Positions are in placement coordinates.
// Equality compares the floats bit for bit, so NaN payloads and -0.0 count as data.
struct WdtMapObject {
    std::uint32_t nameId = 0; // offset into MWMO; 0 for the single global WMO
    std::uint32_t uniqueId = 0;
    std::array<float, 3> position{};
    std::array<float, 3> rotation{}; // degrees
    std::array<float, 3> extentsMin{};
    std::array<float, 3> extentsMax{};
    std::uint16_t flags = 0;
    std::uint16_t doodadSet = 0;
    std::uint16_t nameSet = 0;
    std::uint16_t scale = 0; // padding in WotLK, kept as read
    bool operator==(const WdtMapObject& other) const;
};

// A chunk the reader does not interpret, written back after the known chunk it followed.
struct WdtRawChunk {
    FourCC id;
    FourCC after; // MVER, MPHD, MAIN, MWMO or MODF; FourCC{} = before every known chunk
    std::vector<std::byte> data;
    bool operator==(const WdtRawChunk&) const = default;
};

struct Wdt {
    std::uint32_t version = kWdtVersion;        // MVER
    std::uint32_t flags = 0;                    // MPHD word 0
    std::array<std::uint32_t, 7> headerRest{};  // MPHD words 1..7, kept as read
    std::array<WdtTile, kWdtTileCount> tiles{}; // MAIN, row-major: index = y * 64 + x
    // MWMO payload exactly as stored (a trailing NUL is part of it when the file had one).
    // nullopt = no MWMO chunk; "" = an MWMO chunk of size 0.
    std::optional<std::string> wmoName;
    // MODF entries; nullopt = no MODF chunk. WMO-only maps have exactly one.
    std::optional<std::vector<WdtMapObject>> mapObjects;
    std::vector<WdtRawChunk> unknown; // in file order

    // False outside 0..63.
    bool hasTile(int x, int y) const;
    // Sets or clears main_flags::HasAdt; ignores coordinates outside 0..63.
    void setTile(int x, int y, bool present);
    // Requires 0 <= x, y < 64.
    WdtTile& tile(int x, int y) { return tiles[std::size_t(y * kWdtTilesPerSide + x)]; }
    const WdtTile& tile(int x, int y) const { return tiles[std::size_t(y * kWdtTilesPerSide + x)]; }
    int tileCount() const;

    bool bigAlpha() const { return (flags & mphd_flags::BigAlphaMask) != 0; }
    bool wmoOnly() const { return (flags & mphd_flags::WmoOnly) != 0; }
    // The WMO path up to the first NUL; empty when there is no MWMO.
    std::string wmoPath() const;
    // Stores path plus the terminating NUL Blizzard's files have.
    void setWmoPath(std::string_view path);
    // The first MODF entry, or nullptr.
    const WdtMapObject* mapObject() const;

    bool operator==(const Wdt&) const = default;
};

// Reads a whole .wdt held in memory. Strict mode (diag.lenient false): the first problem is the error.
// Lenient mode: problems become diag.warnings and the reader goes on where it can; a missing MAIN is an
// error in both modes. Known chunks must come in the order MVER MPHD MAIN MWMO MODF, once each.
Expected<Wdt> readWdt(std::span<const std::byte> file, Diagnostics& diag);
// Strict read.
Expected<Wdt> readWdt(std::span<const std::byte> file);

// Writes MVER MPHD MAIN [MWMO] [MODF] with each unknown chunk after the known chunk it followed
// (after the slot of that chunk when the chunk itself is absent; at the end when `after` names none).
std::vector<std::byte> writeWdt(const Wdt& wdt);

} // namespace mapsmith::io
