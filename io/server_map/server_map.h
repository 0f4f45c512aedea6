#pragma once
// Server map files: the "<MMM><YY><XX>.map" files the 3.3.5 map extractors of AzerothCore and
// TrinityCore write from a map's ADT tiles, which the world server reads for ground heights, holes,
// liquids and area ids. writeServerMap() produces, from a tile's content, the bytes those extractors
// write for the same tile as Mapsmith saves it (the canonical v18 layout: MHDR at 0x0C, MCIN at 0x54).
//
// Matched versions (rules read from the public source; no code taken):
//  - AzerothCore: azerothcore-wotlk src/tools/map_extractor/System.cpp at commit
//    8d5a47d9d91aedf734fdae2901dff5f95a5f02c3 (ConvertADT, MAP_VERSION_MAGIC = 9), with its adt.h at
//    9476d9ef452c88a9c5d6655431b118cfa83518d8 (MH2O accessors), adt.cpp, loadlib.cpp and wdt.cpp.
//  - TrinityCore: the 3.3.5 branch's src/tools/map_extractor/System.cpp in its libmpq form whose
//    MAP_VERSION_MAGIC is the number 10 (the one whose map_liquidHeader splits flags and liquidFlags and
//    whose MH2O types go through a LiquidType map), with the branch's wdt.cpp (MWMO required after
//    MAIN) and the server's Map.cpp check (MapVersionMagic = 10). The stored copy read carries no commit
//    id; its ConvertADT is rule for rule the AzerothCore one above.
// Both extractors run with their defaults: heights packed to integers (-f 1), height limit -500 yd.
// The two cores' files differ only in the version number of the header; the WDT checks differ too
// (serverExtractorSkipsWdt).
//
// Layout (little-endian, no padding; sizes in bytes):
//   header (44): "MAPS", version (u32: 9 AzerothCore, 10 TrinityCore), build (u32, 12340 for 3.3.5a),
//                then offset/size pairs (u32) of the area, height, liquid and hole sections (0/0 absent)
//   area (8 [+512]): "AREA", flags u16 (0x1: one area for the tile), area u16; else 16x16 u16 ids
//   height (16 [+ lattices] [+36]): "MHGT", flags u32, min f32, max f32 (yards); unless flat (0x1):
//                the 129x129 outer lattice then the 128x128 inner one, as f32, or u16 (0x2) / u8 (0x4)
//                steps of (max-min)/65535 or /255 above min; 0x8: the MFBO planes, 9 i16 max, 9 i16 min
//   liquid (16 [+768] [+4wh]): "MLIQ", flags u8 (0x1 one type, 0x2 flat), liquid flags u8, liquid
//                type u16, offset x u8, offset y u8, width u8, height u8, level f32; unless 0x1 the
//                16x16 u16 LiquidType ids then 16x16 u8 liquid flags; unless 0x2 width x height f32
//                levels of the lattice rows offsetY.., columns offsetX..
//   holes (512): 16x16 u16, each chunk's low-resolution hole mask; present only when a chunk has holes
// Rows run north to south and columns west to east in every grid.

#include "io/adt/adt.h"
#include "io/binary/error.h"
#include "io/binary/fourcc.h"
#include "io/wdt/wdt.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {

enum class ServerCore : std::uint8_t { AzerothCore, TrinityCore };

namespace server_map {
inline constexpr std::uint32_t kAzerothCoreVersion = 9;  // MAP_VERSION_MAGIC (a number, not "v1.x")
inline constexpr std::uint32_t kTrinityCoreVersion = 10; // idem, TrinityCore 3.3.5
inline constexpr std::uint32_t kBuild335a = 12340;       // what the extractors read from the client
inline constexpr std::size_t kFileHeaderSize = 44;
inline constexpr std::size_t kAreaHeaderSize = 8;
inline constexpr std::size_t kHeightHeaderSize = 16;
inline constexpr std::size_t kLiquidHeaderSize = 16;
inline constexpr std::size_t kCellGridSize = 16 * 16;   // area ids, liquid entries and flags, holes
inline constexpr std::size_t kOuterLattice = 129 * 129; // V9
inline constexpr std::size_t kInnerLattice = 128 * 128; // V8
inline constexpr std::size_t kFlightBoundsSize = 2 * 9 * 2;

inline constexpr std::uint16_t kAreaOneArea = 0x1;        // MAP_AREA_NO_AREA
inline constexpr std::uint32_t kHeightFlat = 0x1;         // MAP_HEIGHT_NO_HEIGHT
inline constexpr std::uint32_t kHeightUint16 = 0x2;       // MAP_HEIGHT_AS_INT16
inline constexpr std::uint32_t kHeightUint8 = 0x4;        // MAP_HEIGHT_AS_INT8
inline constexpr std::uint32_t kHeightFlightBounds = 0x8; // MAP_HEIGHT_HAS_FLIGHT_BOUNDS
inline constexpr std::uint8_t kLiquidOneType = 0x1;       // MAP_LIQUID_NO_TYPE
inline constexpr std::uint8_t kLiquidFlat = 0x2;          // MAP_LIQUID_NO_HEIGHT

// Liquid flags per chunk (MAP_LIQUID_TYPE_*).
inline constexpr std::uint8_t kLiquidWater = 0x01;
inline constexpr std::uint8_t kLiquidOcean = 0x02;
inline constexpr std::uint8_t kLiquidMagma = 0x04;
inline constexpr std::uint8_t kLiquidSlime = 0x08;
inline constexpr std::uint8_t kLiquidDarkWater = 0x10;

// The extractors' defaults (CONF_*).
inline constexpr float kMinHeight = -500.0f;                  // lower heights are raised to it; unseen liquid
inline constexpr float kUint8Limit = 2.0f;                    // height ranges below it are stored as u8
inline constexpr float kUint16Limit = 2048.0f;                // ... below it as u16, else as f32
inline constexpr float kFlatHeightLimit = 0.005f;             // a smaller range is stored as flat
inline constexpr float kFlatLiquidLimit = 0.001f;             // idem for liquid levels
inline constexpr std::size_t kMclqReadSize = 8 + 81 * 8 + 64; // MCLQ payload bytes the extractors read
} // namespace server_map

struct ServerMapOptions {
    ServerCore core = ServerCore::AzerothCore;
    std::uint32_t build = server_map::kBuild335a;
};

// Why a tile cannot be converted as the extractors would: they would stop on it, drop it or read bytes
// outside the data. Names the chunk concerned.
struct ServerMapRefusal {
    FourCC chunk;      // MCNK, MCLQ or MH2O
    int mapChunk = -1; // the MCNK index 0..255 (row * 16 + column); -1: the tile as a whole
    std::string message;

    // "MH2O of map chunk 37 (row 2, column 5): <message>".
    std::string describe() const;
};

// "azerothcore" / "trinitycore", and back (nullopt for anything else).
std::string_view serverCoreName(ServerCore core);
std::optional<ServerCore> parseServerCore(std::string_view name);
// "AzerothCore" / "TrinityCore" for messages.
std::string_view serverCoreTitle(ServerCore core);
std::uint32_t serverMapVersion(ServerCore core);

// The extractors' file name: map id (at least three digits), then the tile's Y, then its X (two digits
// each); tile <Map>_38_46.adt of map 0 is "0004638.map".
std::string serverMapFileName(std::uint32_t mapId, int tileX, int tileY);

// The .map file of `adt` (256 chunks). Refused: a tile that is not 256 chunks, a liquid type id the
// 3.3.5 LiquidType table lacks (the extractors stop), an MCLQ shorter than the 720 bytes they read,
// high-resolution holes in a v18 tile (the extractors take the hole mask for the MCVT offset).
Expected<std::vector<std::byte>, ServerMapRefusal> writeServerMap(const Adt& adt,
                                                                  const ServerMapOptions& options);

// Why the extractor of `core` skips every tile of the map whose WDT file is `wdtFile`: both need MVER 18
// first, MPHD right after it and MAIN right after MPHD (they walk by the declared sizes); TrinityCore
// 3.3.5 also needs MWMO right after MAIN. nullopt when the extractor reads the WDT.
std::optional<std::string> serverExtractorSkipsWdt(std::span<const std::byte> wdtFile, ServerCore core);

// Whether the extractors convert tile (x, y): they take every tile whose MAIN flags are not 0.
bool serverExtractorConvertsTile(const Wdt& wdt, int x, int y);

} // namespace mapsmith::io
