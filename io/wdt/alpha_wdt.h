#pragma once
// The monolithic WDT of the 0.5.3 "alpha" client: one file holding the map table and every terrain tile.
//
//   MVER (18) | MPHD (128 bytes: name counts and absolute offsets of MDNM/MONM) | MAIN (4096 x 16 bytes)
//   | MDNM (doodad names) | MONM (map object names) | [MODF: global WMO placements, first entry a dummy]
//   | per tile: MHDR, MCIN, MTEX, MDDF, MODF, 256 x MCNK
//
// A MAIN entry gives the absolute offset of a tile's MHDR and the size from the MHDR's chunk header to the
// tile's first MCNK (the tile's non-MCNK chunks). MHDR offsets count from the MHDR data (after its 8-byte
// chunk header; from the end of the 64 data bytes when only that finds MCIN) and point at chunk headers;
// MCIN offsets are absolute. An alpha MCNK is the 128-byte
// header followed by blocks the header points at, with offsets relative to the end of the header: MCVT,
// MCNR, MCSH, MCAL, MCLQ and MCSE have no chunk header of their own, MCLY and MCRF have one. Heights are
// absolute and, like normals, stored as 81 outer (9x9) then 64 inner (8x8) values, not interleaved.
// MDDF/MODF name ids and MCRF entries are indices into the map-wide MDNM/MONM lists.
//
// The map table reads at once (readAlphaWdt), tiles on demand (readAlphaTile). Readers never trust the
// input: every offset, size and count is checked against the bytes there are; problems are io::Error
// naming the chunk and the absolute byte offset.

#include "io/adt/adt.h"
#include "io/binary/error.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::io {

inline constexpr std::uint32_t kAlphaWdtVersion = 18;
inline constexpr std::size_t kAlphaMphdSize = 128;          // SMMapHeader
inline constexpr std::size_t kAlphaAreaInfoSize = 16;       // SMAreaInfo (MAIN entry)
inline constexpr std::size_t kAlphaMainSize = 4096 * 16;    // 64 x 64 SMAreaInfo
inline constexpr std::size_t kAlphaMhdrSize = 64;           // SMAreaHeader
inline constexpr std::size_t kAlphaMcinEntrySize = 16;      // SMChunkInfo
inline constexpr std::size_t kAlphaMcnkHeaderSize = 128;    // SMChunk
inline constexpr std::size_t kAlphaMcvtSize = 145 * 4;      // 580
inline constexpr std::size_t kAlphaMcnrSize = 145 * 3 + 13; // 448, padding included
inline constexpr std::size_t kAlphaMclyEntrySize = 16;      // SMLayer
inline constexpr std::size_t kAlphaMddfEntrySize = 36;      // SMDoodadDef
inline constexpr std::size_t kAlphaModfEntrySize = 64;      // SMMapObjDef
inline constexpr std::size_t kAlphaAlphaMapSize = 2048;     // 4-bit, 64 rows of 32 bytes
inline constexpr std::size_t kAlphaLiquidSize = 804;        // one SMLiquidChunk per liquid flag
inline constexpr std::size_t kAlphaSoundEmitterSize = 76;   // 0.5.3 CWSoundEmitter
inline constexpr int kAlphaMaxLayers = 4;

// The MCNK flags that carry a liquid instance in MCLQ, in storage order.
inline constexpr std::array<std::uint32_t, 3> kAlphaLiquidFlags = {
    mcnk_flags::LiquidRiver, mcnk_flags::LiquidOcean, mcnk_flags::LiquidMagma};

// MPHD.
struct AlphaMapHeader {
    std::uint32_t doodadNameCount = 0;    // as stored: the names, or the names + 1 (a trailing empty piece)
    std::uint32_t doodadNamesOffset = 0;  // absolute offset of the MDNM chunk header; 0 = none
    std::uint32_t mapObjectNameCount = 0; // the same for MONM
    std::uint32_t mapObjectNamesOffset = 0;
    std::array<std::uint8_t, 112> padding{};
    bool operator==(const AlphaMapHeader&) const = default;
};

// One MAIN entry.
struct AlphaAreaInfo {
    std::uint32_t offset = 0; // absolute offset of the tile's MHDR chunk header; 0 = no tile
    std::uint32_t size = 0;   // bytes from that header to the tile's first MCNK
    std::uint32_t flags = 0;  // set by the client at run time
    std::uint32_t padding = 0;
    bool operator==(const AlphaAreaInfo&) const = default;
};

struct AlphaWdt {
    std::uint32_t version = kAlphaWdtVersion;
    AlphaMapHeader header;
    std::array<AlphaAreaInfo, 4096> areas{}; // row-major: index = y * 64 + x
    std::vector<std::string> doodadNames;    // MDNM
    std::vector<std::string> mapObjectNames; // MONM
    // The global MODF (WMO-based and "hybrid" maps) as stored, first (dummy) entry included;
    // nameIndex is an index into mapObjectNames. nullopt = no such chunk.
    std::optional<std::vector<MapObjectPlacement>> mapObjects;
    std::uint64_t fileSize = 0;   // of the file read; readAlphaTile checks it is given the same size
    std::uint64_t mainOffset = 0; // absolute offset of the MAIN data (errors name the tile's entry)

    bool hasTile(int x, int y) const;
    bool hasTile(int index) const;
    int tileCount() const;
    // Indices (y * 64 + x) of the tiles present, ascending.
    std::vector<int> tileIndices() const;
    // True when the first global MODF entry is the dummy (second word all 0xFF, every other byte 0).
    bool firstMapObjectIsDummy() const;
};

// MHDR.
struct AlphaAreaHeader {
    std::uint32_t mcinOffset = 0; // offsInfo, relative to the MHDR data
    std::uint32_t mtexOffset = 0;
    std::uint32_t mtexSize = 0;
    std::uint32_t mddfOffset = 0;
    std::uint32_t mddfSize = 0;
    std::uint32_t modfOffset = 0;
    std::uint32_t modfSize = 0;
    std::array<std::uint8_t, 36> padding{};
    bool operator==(const AlphaAreaHeader&) const = default;
};

// One MCIN entry.
struct AlphaChunkInfo {
    std::uint32_t offset = 0; // absolute offset of the MCNK chunk header
    std::uint32_t size = 0;
    std::uint32_t flags = 0;
    std::uint32_t asyncId = 0;
    bool operator==(const AlphaChunkInfo&) const = default;
};

// MCLY entry (16 bytes; the effect id is 16 bits in 0.5.3) with its alpha map.
struct AlphaLayer {
    std::uint32_t textureId = 0;   // index into the tile's MTEX
    std::uint32_t props = 0;       // mcly_flags; UseAlphaMap says the layer has an alpha map
    std::uint32_t alphaOffset = 0; // into MCAL
    std::uint16_t effectId = 0;
    std::uint16_t padding = 0;
    // The 4-bit map as stored (64 rows of 32 bytes, low nibble = left pixel), when UseAlphaMap is set.
    std::optional<std::array<std::uint8_t, kAlphaAlphaMapSize>> alphaMap;
    bool operator==(const AlphaLayer&) const = default;
};

// SMLiquidChunk: one liquid instance of MCLQ (804 bytes).
struct AlphaLiquidVertex {
    std::array<std::uint8_t, 4> data{}; // water: depth, flow0, flow1, filler; magma: u16 s, u16 t
    float height = 0.0f;
    bool operator==(const AlphaLiquidVertex&) const = default;
};
struct AlphaLiquidFlow {
    Vec3f sphereCenter;
    float sphereRadius = 0.0f;
    Vec3f direction;
    float velocity = 0.0f;
    float amplitude = 0.0f;
    float frequency = 0.0f;
    bool operator==(const AlphaLiquidFlow&) const = default;
};
struct AlphaLiquid {
    float minHeight = 0.0f;
    float maxHeight = 0.0f;
    std::array<AlphaLiquidVertex, 81> vertices{}; // 9 x 9, row-major
    std::array<std::uint8_t, 64> tiles{};         // 8 x 8 tile flags
    std::uint32_t flowCount = 0;
    std::array<AlphaLiquidFlow, 2> flows{}; // always two stored
    bool operator==(const AlphaLiquid&) const = default;
};

// 0.5.3 CWSoundEmitter (76 bytes).
struct AlphaSoundEmitter {
    std::uint32_t soundPointId = 0;
    std::uint32_t soundNameId = 0;
    Vec3f position;
    float minDistance = 0.0f;
    float maxDistance = 0.0f;
    float cutoffDistance = 0.0f;
    std::uint32_t startTime = 0;
    std::uint32_t endTime = 0;
    std::uint32_t mode = 0;
    std::uint32_t groupSilenceMin = 0;
    std::uint32_t groupSilenceMax = 0;
    std::uint32_t playInstancesMin = 0;
    std::uint32_t playInstancesMax = 0;
    std::uint32_t loopCountMin = 0;
    std::uint32_t loopCountMax = 0;
    std::uint32_t interSoundGapMin = 0;
    std::uint32_t interSoundGapMax = 0;
    bool operator==(const AlphaSoundEmitter&) const = default;
};

// The block offsets of an alpha MCNK header, as stored (relative to the end of the header).
struct AlphaChunkOffsets {
    std::uint32_t heights = 0;
    std::uint32_t normals = 0;
    std::uint32_t layers = 0;
    std::uint32_t refs = 0;
    std::uint32_t alpha = 0;
    std::uint32_t alphaSize = 0;
    std::uint32_t shadow = 0;
    std::uint32_t shadowSize = 0;
    std::uint32_t soundEmitters = 0;
    std::uint32_t liquid = 0;
    bool operator==(const AlphaChunkOffsets&) const = default;
};

struct AlphaChunk {
    std::uint32_t flags = 0; // mcnk_flags: HasShadow, Impassable, LiquidRiver/Ocean/Magma
    std::uint32_t indexX = 0;
    std::uint32_t indexY = 0;
    float radius = 0.0f;
    std::uint32_t areaId = 0;
    std::uint16_t holes = 0; // 4x4 bits, as v18 holesLowRes
    std::uint16_t headerPad = 0;
    std::array<std::uint8_t, 16> predTex{};       // 8 u16
    std::array<std::uint8_t, 8> noEffectDoodad{}; // 8x8 bits
    std::array<std::uint8_t, 24> headerTail{};
    AlphaChunkOffsets offsets;

    std::array<float, 145> heights{};                      // absolute; 81 outer (9x9) then 64 inner (8x8)
    std::array<std::array<std::int8_t, 3>, 145> normals{}; // same order
    std::array<std::uint8_t, 13> normalPadding{};          // the last 13 of MCNR's 448 bytes
    std::vector<AlphaLayer> layers;                        // at most 4
    std::vector<std::uint32_t> doodadRefs;                 // MCRF: indices into AlphaWdt::doodadNames
    std::vector<std::uint32_t> mapObjectRefs;              // MCRF: indices into AlphaWdt::mapObjectNames
    std::vector<std::uint8_t> shadow;                      // MCSH (shadowSize bytes; empty when 0)
    std::vector<AlphaLiquid> liquids;             // MCLQ: one per liquid flag set, in kAlphaLiquidFlags order
    std::vector<AlphaSoundEmitter> soundEmitters; // MCSE
    // Floats compare by value.
    bool operator==(const AlphaChunk&) const = default;
};

struct AlphaTile {
    int index = 0; // y * 64 + x
    int x() const { return index % 64; }
    int y() const { return index / 64; }
    AlphaAreaHeader header;
    std::array<AlphaChunkInfo, 256> chunkInfo{}; // MCIN as stored
    std::vector<std::string> textures;           // MTEX
    std::vector<DoodadPlacement> doodads;        // MDDF; nameIndex into AlphaWdt::doodadNames
    std::vector<MapObjectPlacement> mapObjects;  // MODF; nameIndex into AlphaWdt::mapObjectNames
    std::vector<AlphaChunk> chunks;              // 256, row-major
    // Oddities that do not stop the read (an MHDR size that disagrees with its chunk's size field).
    std::vector<Warning> warnings;
};

// True when `file` starts like an alpha WDT: MVER, then MPHD of 128 bytes, then MAIN of 4096 16-byte
// entries (a v18 WDT has a 32-byte MPHD and 8-byte MAIN entries). Looks at the three chunk headers only.
bool isAlphaWdt(std::span<const std::byte> file);

// Reads the map table: MVER, MPHD, MAIN, MDNM, MONM and the global MODF (the chunk right after the last of
// MAIN/MDNM/MONM, when it is one). MAIN entries are checked to lie inside the file, after the map's own
// chunks, and not to overlap each other; name counts must match the lists.
Expected<AlphaWdt> readAlphaWdt(std::span<const std::byte> file);

// Reads the tile at `index` (y * 64 + x) from the same bytes `wdt` was read from.
Expected<AlphaTile> readAlphaTile(const AlphaWdt& wdt, std::span<const std::byte> file, int index);

} // namespace mapsmith::io
