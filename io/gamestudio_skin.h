#pragma once
// Skins (textures) of Gamestudio MDL and HMP files: the pixel formats, the skin record, RGBA8 decoding and
// encoding. HMP textures use the MDL skin formats (spec, "HMP texture format"). All integers little-endian.
//
// Skin type = pixel format + 8 when three mipmaps follow level 0:
//   0  8-bit index into a palette the file does not hold ("the level palette")   1 byte per pixel
//   2  565 RGB: u16, red in bits 11-15, green 5-10, blue 0-4                      2 bytes
//   3  4444 ARGB: u16, alpha in bits 12-15, red 8-11, green 4-7, blue 0-3         2 bytes
//   4  888 RGB: bytes blue, green, red                                             3 bytes
//   5  8888 ARGB: bytes blue, green, red, alpha ("Intel order")                    4 bytes
//   10, 11, 12, 13: 2, 3, 4, 5 with mipmaps (8 + 0 is not allowed: no 8-bit skin with mipmaps)
// The MDL5 skin type list names 2, 3, 10, 11, 12 and 13 (and 0 for MDL3/MDL4); 4 and 5 follow the
// spec's WMB texture types (5 = 8888, 4 = 888, +8 = mipmaps) and 4 is what mdl/mdl5-earth.mdl holds (its
// ocean decodes blue with the blue, green, red byte order).
//
// MDL5/HMP skin record: u32 type, i32 width, i32 height, level 0 (bpp*w*h bytes), then for mipmapped
// types levels 1..3 of (w >> k) x (h >> k) pixels; mipmapped sizes must be multiples of 8.
// MDL3/MDL4 skin record: u32 type, then w*h*bpp bytes with w and h from the file header (no mipmaps).
//
// Decoding: 5/6/4-bit channels are widened by bit replication (v5 -> v5 << 3 | v5 >> 2, v4 -> v4 * 17),
// formats without alpha decode opaque (the spec's overlay-mode transparency of index 0 / colour 0x0000 is
// a render setting, not a pixel property). Encoding rounds to the nearest step, so what a skin decodes to
// encodes back to the same stored bytes (8-bit: when the palette repeats no colour).

#include "byte_reader.h"
#include "byte_writer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::io {

namespace gamestudio_skin_type {
inline constexpr std::uint32_t Palette8 = 0;
inline constexpr std::uint32_t Rgb565 = 2;
inline constexpr std::uint32_t Argb4444 = 3;
inline constexpr std::uint32_t Rgb888 = 4;
inline constexpr std::uint32_t Argb8888 = 5;
inline constexpr std::uint32_t MipmapFlag = 8;
inline constexpr std::uint32_t Rgb565Mips = 10;
inline constexpr std::uint32_t Argb4444Mips = 11;
inline constexpr std::uint32_t Rgb888Mips = 12;
inline constexpr std::uint32_t Argb8888Mips = 13;
} // namespace gamestudio_skin_type

// Bit t set: skin type t is accepted (a format passes the set it allows to the record reader).
using GamestudioSkinTypeSet = std::uint32_t;
constexpr GamestudioSkinTypeSet gamestudioSkinTypeBit(std::uint32_t type) {
    return type < 32 ? GamestudioSkinTypeSet(1) << type : 0;
}
// Every type this module knows: 0, 2, 3, 4, 5, 10, 11, 12, 13.
inline constexpr GamestudioSkinTypeSet kGamestudioAllSkinTypes =
    gamestudioSkinTypeBit(0) | gamestudioSkinTypeBit(2) | gamestudioSkinTypeBit(3) |
    gamestudioSkinTypeBit(4) | gamestudioSkinTypeBit(5) | gamestudioSkinTypeBit(10) |
    gamestudioSkinTypeBit(11) | gamestudioSkinTypeBit(12) | gamestudioSkinTypeBit(13);

// Largest width or height accepted (pixels); keeps all levels of a skin below 2^32 bytes.
inline constexpr std::uint32_t kGamestudioSkinMaxSide = 16384;
// Bytes of the MDL5/HMP skin record's fields before the pixels (type, width, height).
inline constexpr std::size_t kGamestudioSkinRecordHeaderSize = 12;
// Bytes of the MDL3/MDL4 skin record's fields before the pixels (type).
inline constexpr std::size_t kGamestudioOldSkinRecordHeaderSize = 4;

// RGB per palette index (768 bytes).
using GamestudioPalette = std::array<std::uint8_t, 768>;
// Index i -> (i, i, i): what 8-bit skins decode to when no level palette is given.
const GamestudioPalette& gamestudioGreyPalette();

struct GamestudioSkin {
    std::uint32_t type = gamestudio_skin_type::Rgb565; // as stored: pixel format (+ 8 with mipmaps)
    std::uint32_t width = 0;                           // level 0, pixels
    std::uint32_t height = 0;                          // level 0, pixels
    // The pixels of every level exactly as stored (no type/size fields), level 0 first. The writers write
    // these bytes, so an unmodified skin is written back byte-identical.
    std::vector<std::byte> stored;
    // The decoded levels, RGBA8 row-major: level k is (width >> k) x (height >> k); 1 level, or 4 for
    // mipmapped types.
    std::vector<std::vector<std::uint8_t>> rgba;

    bool operator==(const GamestudioSkin&) const = default;
};

// A file's 4-character version ("HMP5", "MDL3") for messages, '?' for bytes outside printable ASCII.
std::string gamestudioVersionText(const char (&magic)[4]);

bool gamestudioSkinTypeKnown(std::uint32_t type);
bool gamestudioSkinHasMipmaps(std::uint32_t type);
// Bytes per pixel of a known type; 0 for an unknown one.
std::uint32_t gamestudioSkinBytesPerPixel(std::uint32_t type);
// Levels a skin of this type stores: 4 with mipmaps, else 1.
std::size_t gamestudioSkinLevelCount(std::uint32_t type);
// Bytes of all stored levels; 0 for an unknown type, a zero or too large side, or a mipmapped size that is
// not a multiple of 8.
std::uint64_t gamestudioSkinStoredBytes(std::uint32_t type, std::uint32_t width, std::uint32_t height);

// Decodes skin.stored into skin.rgba (8-bit skins through `palette`). Returns false (rgba cleared) when the
// type is unknown or stored does not hold gamestudioSkinStoredBytes(type, width, height) bytes.
bool decodeGamestudioSkin(GamestudioSkin& skin, const GamestudioPalette& palette = gamestudioGreyPalette());

// A skin of `type` from level-0 RGBA8 pixels (4 * width * height bytes): the mipmaps of mipmapped types
// are 2x2 box-filtered, each level is encoded (8-bit: the nearest palette colour, alpha ignored), and rgba
// is set to what the stored bytes decode to. nullopt for an unknown type, a size gamestudioSkinStoredBytes
// refuses, or a pixel count that does not match.
std::optional<GamestudioSkin>
encodeGamestudioSkin(std::uint32_t type, std::uint32_t width, std::uint32_t height,
                     std::span<const std::uint8_t> rgba,
                     const GamestudioPalette& palette = gamestudioGreyPalette());

// Where a skin record's size comes from.
struct GamestudioSkinLayout {
    bool sizeInRecord = true; // MDL5/HMP: width and height follow the type
    std::int32_t width = 0;   // MDL3/MDL4: the file header's skin size as stored (sizeInRecord false)
    std::int32_t height = 0;
};

// Reads one skin record at the reader's position. A type outside `allowed` is a BadValue naming the
// type's offset; `context` starts every message (e.g. "HMP7 skin 1"). Sizes are checked against the bytes
// left before anything is allocated. Errors are recorded in the reader; returns nullopt after one.
std::optional<GamestudioSkin> readGamestudioSkin(ByteReader& r, const GamestudioSkinLayout& layout,
                                                 GamestudioSkinTypeSet allowed, const std::string& context,
                                                 const GamestudioPalette& palette);

// Writes the MDL5/HMP record: type, width, height, then the stored bytes.
void writeGamestudioSkin(const GamestudioSkin& skin, ByteWriter& out);

} // namespace mapsmith::io
