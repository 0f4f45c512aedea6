#pragma once
// In-memory model of a v18 (WotLK, monolithic) ADT map tile. Everything the writer derives (offsets,
// sizes, counts, MMID/MWID, MCIN, MCLY alpha flags) is absent here; everything else is kept so an
// unmodified tile writes back byte-identical when the source used the canonical layout.

#include "io/adt/alpha_codec.h"
#include "io/adt/mh2o.h"
#include "io/binary/fourcc.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mapsmith::io {

inline constexpr int kChunksPerSide = 16;
inline constexpr int kChunksPerTile = kChunksPerSide * kChunksPerSide; // 256
inline constexpr int kVerticesPerChunk = 9 * 9 + 8 * 8;                // 145, rows of 9 outer / 8 inner
inline constexpr std::size_t kMcnkHeaderSize = 128;
inline constexpr std::size_t kMcnrEntriesSize = kVerticesPerChunk * 3; // 435
inline constexpr std::size_t kMcnrPaddingSize = 13;

// MCNK flags (SMChunk::flags).
namespace mcnk_flags {
inline constexpr std::uint32_t HasShadow = 0x1;
inline constexpr std::uint32_t Impassable = 0x2;
inline constexpr std::uint32_t LiquidRiver = 0x4;
inline constexpr std::uint32_t LiquidOcean = 0x8;
inline constexpr std::uint32_t LiquidMagma = 0x10;
inline constexpr std::uint32_t LiquidSlime = 0x20;
inline constexpr std::uint32_t HasVertexColors = 0x40;
inline constexpr std::uint32_t DoNotFixAlphaMap = 0x8000;
inline constexpr std::uint32_t HighResHoles = 0x10000;
} // namespace mcnk_flags

// MHDR flags.
namespace mhdr_flags {
inline constexpr std::uint32_t HasFlightBounds = 0x1; // mhdr_MFBO: the client reads MFBO only with it
inline constexpr std::uint32_t Northrend = 0x2;
} // namespace mhdr_flags

// MCLY flags (SMLayer::flags).
namespace mcly_flags {
inline constexpr std::uint32_t AnimationMask =
    0x7F; // rotation (3 bits, 45 deg steps), speed (3), enabled (1)
inline constexpr std::uint32_t Overbright = 0x80;
inline constexpr std::uint32_t UseAlphaMap = 0x100;
inline constexpr std::uint32_t AlphaCompressed = 0x200;
inline constexpr std::uint32_t UseCubeMapReflection = 0x400;
} // namespace mcly_flags

struct Vec3f {
    float x = 0.0f;
    float y = 0.0f;
    float z = 0.0f;
    bool operator==(const Vec3f&) const = default;
};

// The files of a split (Cata+) tile: root (Name_X_Y.adt), tex (_tex0) and obj (_obj0). A monolithic
// tile is all root.
enum class AdtPart : std::uint8_t { Root, Tex, Obj };

// A chunk the reader does not interpret, written back after the known chunk it followed. In MCNKs the
// anchor MCRF stands for "after the references" (MCRF in v18, MCRD/MCRW in split obj files).
struct RawChunk {
    FourCC id;
    FourCC after; // the known chunk it followed in the source; FourCC{} = before every known chunk
    std::vector<std::byte> data;
    AdtPart part = AdtPart::Root; // the file it came from (split sets); Root for monolithic files
    bool operator==(const RawChunk&) const = default;
};

// MTXP entry (16 bytes, Mists+ split tex files).
struct TextureParams {
    std::uint32_t flags = 0; // as MTXF
    float heightScale = 0.0f;
    float heightOffset = 1.0f;
    std::uint32_t padding = 0;
    bool operator==(const TextureParams&) const = default;
};

// MDDF entry (36 bytes on disk). Position is in placement coordinates (yards, see ADT spec).
struct DoodadPlacement {
    std::uint32_t nameIndex = 0; // index into Adt::modelNames (MMID index on disk)
    std::uint32_t uniqueId = 0;
    Vec3f position;
    Vec3f rotation;             // degrees
    std::uint16_t scale = 1024; // 1024 = 1.0
    std::uint16_t flags = 0;
    bool operator==(const DoodadPlacement&) const = default;
};

// MODF entry (64 bytes on disk).
struct MapObjectPlacement {
    std::uint32_t nameIndex = 0; // index into Adt::wmoNames (MWID index on disk)
    std::uint32_t uniqueId = 0;
    Vec3f position;
    Vec3f rotation; // degrees
    Vec3f extentsMin;
    Vec3f extentsMax;
    std::uint16_t flags = 0;
    std::uint16_t doodadSet = 0;
    std::uint16_t nameSet = 0;
    std::uint16_t scale = 0; // Legion+; padding in WotLK
    bool operator==(const MapObjectPlacement&) const = default;
};

struct TextureLayer {
    std::uint32_t textureIndex = 0; // index into Adt::textures
    std::uint32_t flags = 0;        // as stored; the writer derives UseAlphaMap and AlphaCompressed
    std::uint32_t effectId = 0xFFFFFFFF;
    bool hasAlpha = false;                           // layers after the first normally have one
    AlphaEncoding encoding = AlphaEncoding::FourBit; // how the alpha map is (to be) stored
    AlphaMap alpha{};                                // decoded, valid when hasAlpha
    // The encoded bytes as read, kept only where re-encoding could differ (RLE, unfixed 4-bit). The
    // writer reuses them while `alpha` still decodes from them under the same encoding.
    std::vector<std::uint8_t> sourceBytes;
    AlphaEncoding sourceEncoding = AlphaEncoding::FourBit;
    bool operator==(const TextureLayer&) const = default;
};

struct MapChunk {
    // Header fields the writer does not derive.
    std::uint32_t flags = 0; // as stored: HasShadow / HasVertexColors gate MCSH / MCCV (see *InUse below)
    std::uint32_t indexX = 0;
    std::uint32_t indexY = 0;
    std::uint32_t areaId = 0;
    std::uint16_t holesLowRes = 0; // 4x4 bits, row-major, bit 0 = north-west
    std::uint16_t unknownButUsed = 0;
    std::uint64_t holesHighRes = 0; // 8x8, only with HighResHoles (stored over ofsHeight/ofsNormal)
    std::array<std::uint8_t, 16> lowQualityTextureMap{}; // 8x8 x 2 bits, layer index per cell
    std::array<std::uint8_t, 8> noEffectDoodad{};        // 8x8 bits
    Vec3f position;                                      // header position: x, y (yards), z base height
    std::uint32_t soundEmitterCount = 0;                 // nSndEmitters as stored
    std::uint32_t unusedTail = 0;                        // the last header word

    std::array<float, kVerticesPerChunk> heights{};                      // MCVT, relative to position.z
    std::array<std::array<std::int8_t, 3>, kVerticesPerChunk> normals{}; // MCNR x, z, y; 127 = 1.0
    // MCNR's 13 bytes after the normals, kept byte for byte in both layouts.
    std::array<std::uint8_t, kMcnrPaddingSize> normalPadding{};
    // v18 only: the source v18 file's MCNR declared 448 (padding inside, the Cataclysm convention;
    // canonical v18 declares 435 with the padding after the chunk), so writeAdt keeps that size. Split
    // roots always declare 448; reading one leaves this false, so a later v18 write is canonical.
    bool v18McnrDeclares448 = false;

    // MCCV, BGRA bytes; kept even where HasVertexColors is clear (the client then ignores it).
    std::optional<std::array<std::uint32_t, kVerticesPerChunk>> vertexColors;
    std::optional<std::array<std::uint32_t, kVerticesPerChunk>> vertexLighting; // MCLV

    std::vector<TextureLayer> layers;         // at most 4 in valid files
    std::vector<std::uint32_t> doodadRefs;    // MCRF, indices into Adt::doodads
    std::vector<std::uint32_t> mapObjectRefs; // MCRF, indices into Adt::mapObjects
    // MCSH, normally 512 bytes = 64x64 bits LSB first; kept even where HasShadow is clear (then ignored).
    std::optional<std::vector<std::uint8_t>> shadow;
    bool hasMcal = true;                                    // MCAL written even when empty
    std::optional<std::vector<std::byte>> mclq;             // MCLQ payload; present-and-empty is a valid stub
    std::optional<std::vector<std::byte>> soundEmitters;    // MCSE payload
    std::optional<std::array<std::uint8_t, 4>> materialIds; // MCMT (split tex files): material per layer
    std::vector<RawChunk> unknown;
    // Floats compare by value: NaN heights differ from themselves (compare written bytes instead).
    bool operator==(const MapChunk&) const = default;
};

// The MCLY flags the writers store for `layer`: its own flags with use_alpha_map (0x100) set when it has
// an alpha map and alpha_map_compressed (0x200) then telling whether that map is written in `written`
// encoding RLE (without an alpha map, 0x200 stays as read; see adt_write_common.h).
inline std::uint32_t writtenLayerFlags(const TextureLayer& layer, AlphaEncoding written) {
    std::uint32_t flags = layer.flags & ~mcly_flags::UseAlphaMap;
    if (layer.hasAlpha) {
        flags &= ~mcly_flags::AlphaCompressed;
        flags |= mcly_flags::UseAlphaMap;
        if (written == AlphaEncoding::Rle) {
            flags |= mcly_flags::AlphaCompressed;
        }
    }
    return flags;
}
inline std::uint32_t writtenLayerFlags(const TextureLayer& layer) {
    return writtenLayerFlags(layer, layer.encoding);
}

// What the client uses: MCCV only with has_mccv (0x40), MCSH only with has_mcsh (0x1)
// (adt-v18-current.txt: "ofsMCCV - only with flags.has_mccv", "ofsShadow - only with flags.has_mcsh").
// nullptr where the sub-chunk is absent or present but disabled by its flag.
inline const std::array<std::uint32_t, kVerticesPerChunk>* vertexColoursInUse(const MapChunk& c) {
    return c.vertexColors && (c.flags & mcnk_flags::HasVertexColors) != 0 ? &*c.vertexColors : nullptr;
}
inline const std::vector<std::uint8_t>* shadowInUse(const MapChunk& c) {
    return c.shadow && (c.flags & mcnk_flags::HasShadow) != 0 ? &*c.shadow : nullptr;
}

struct Adt {
    std::uint32_t version = 18;
    std::uint32_t headerFlags = 0;              // MHDR flags as stored (mhdr_flags)
    std::array<std::uint8_t, 16> headerTail{};  // MHDR bytes 0x30..0x3F (mamp value, padding, unused)
    std::vector<std::string> textures;          // MTEX
    std::vector<std::string> modelNames;        // MMDX in MMID order
    std::vector<std::string> wmoNames;          // MWMO in MWID order
    std::vector<DoodadPlacement> doodads;       // MDDF
    std::vector<MapObjectPlacement> mapObjects; // MODF
    std::optional<Mh2o> liquids;                // MH2O
    std::optional<std::array<std::int16_t, 18>> flightBounds; // MFBO: max plane 3x3, then min plane 3x3
    std::optional<std::vector<std::uint32_t>> textureFlags;   // MTXF, one per texture
    std::vector<MapChunk> chunks;                             // 256, row-major from the north-west corner
    std::vector<RawChunk> unknown;                            // top-level chunks not interpreted
    bool bigAlpha = false; // alpha depth the tile was read with (WDT MPHD 0x4 | 0x80)

    // Split (Cata+) data that a v18 file cannot hold; empty for tiles read from v18 files.
    std::optional<std::uint8_t> mamp;             // MAMP: alpha map size 64 >> value (only 0 is supported)
    std::vector<std::uint32_t> diffuseTextureIds; // MDID: file data ids, used instead of MTEX names
    std::vector<std::uint32_t> heightTextureIds;  // MHID: file data ids, 0 = none
    std::optional<std::vector<TextureParams>> textureParams; // MTXP, one per texture
    // Whole files of the set that Mapsmith keeps byte for byte without interpreting them.
    std::optional<std::vector<std::byte>> obj1File; // Name_X_Y_obj1.adt
    std::optional<std::vector<std::byte>> tex1File; // Name_X_Y_tex1.adt
    std::optional<std::vector<std::byte>> lodFile;  // Name_X_Y_lod.adt
};

struct AdtReadOptions {
    bool lenient = false;         // read what can be read, collect warnings
    std::optional<bool> bigAlpha; // from the WDT; nullopt = infer from the alpha map sizes
    // Keep MH2O instances that leave their chunk as stored (Mh2oReadOptions::keepOutsideChunk): `repair`.
    bool keepLiquidOutsideChunk = false;
};

struct AdtReadResult {
    Adt adt;
    std::vector<Warning> warnings;
    // Facts worth knowing that are no problem (data the client ignores, kept as read), one per kind with
    // the count and the first place: sub-chunks present but disabled by their MCNK flag.
    std::vector<Warning> notes;
    bool bigAlphaInferred = false; // no WDT flag was given and the depth was inferred
};

// Reads a whole .adt file held in memory.
Expected<AdtReadResult> readAdt(std::span<const std::byte> file, const AdtReadOptions& options = {});

struct AdtWriteOptions {
    // Re-encode every alpha map in this encoding; nullopt keeps each layer's own encoding.
    std::optional<AlphaEncoding> alphaEncoding;
};

// Serializes in Blizzard's layout: MVER, MHDR, MCIN (at 0x54), MTEX, MMDX, MMID, MWMO, MWID, MDDF,
// MODF, MH2O, 256 x MCNK, MFBO, MTXF; unknown chunks after the chunk they followed.
std::vector<std::byte> writeAdt(const Adt& adt, const AdtWriteOptions& options = {});

} // namespace mapsmith::io
