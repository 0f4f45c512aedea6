#pragma once
// Skins (textures) of Gamestudio MDL and HMP files: the pixel formats, the skin record, RGBA8 decoding and
// encoding. HMP textures use the MDL skin formats (spec, "HMP texture format"). All integers little-endian.
//
// Skin type = format + 8 when mipmaps follow level 0 (the spec's WMB texture types: "5 = 8888 RGBA; 4 = 888
// RGB; 2 = 565 RGB; 6 = DDS; +8 = mipmaps", and its MDL skin types 0, 2, 3):
//   0  8-bit index into a palette the file does not hold ("the level palette")   1 byte per pixel
//   2  565 RGB: u16, red in bits 11-15, green 5-10, blue 0-4                      2 bytes
//   3  4444 ARGB: u16, alpha in bits 12-15, red 8-11, green 4-7, blue 0-3         2 bytes
//   4  888 RGB: bytes blue, green, red                                             3 bytes
//   5  8888 ARGB: bytes blue, green, red, alpha ("Intel order")                    4 bytes
//   6  DDS: a compressed DDS image; "the width gives the image content size in bytes"
//   10, 11, 12, 13: 2, 3, 4, 5 with three mipmaps after level 0 (8 + 0 is not allowed: the spec has no
//   8-bit skin with mipmaps). 14: DDS with mipmaps: the spec names only 10, 12 and 13 as types whose
//   mipmaps follow the pixels, and a DDS image carries its own mipmaps (its header's mip count), so 14 is
//   read like 6: the byte count covers the whole image, no level follows it.
// The MDL5 skin type list names 2, 3, 10, 11, 12 and 13 (and 0 for MDL3/MDL4); 4 and 5 follow the
// spec's WMB texture types and 4 is what mdl/mdl5-earth.mdl holds (its ocean decodes blue with the blue,
// green, red byte order). Any other type is not in the spec: its size cannot be known, so the record and
// everything after it cannot be located (an error, not a warning).
//
// MDL5/HMP skin record: u32 type, i32 width, i32 height, level 0 (bpp*w*h bytes), then for mipmapped
// types levels 1..3 of (w >> k) x (h >> k) pixels; mipmapped sizes must be multiples of 8.
// A DDS record (6, 14) is u32 type, i32 width = N, the byte count of the DDS image, i32 height (not a size;
// kept as stored, MED writes 1), then the N bytes of a whole DDS file: "DDS ", the 124-byte DDS_HEADER
// (height at +12, width at +16, mip count at +28, pixel format flags at +80, FourCC at +84, RGB bit count
// at +88, R/G/B/A masks at +92..+104), then the levels from +128. Decoded: DXT1/DXT3/DXT5 (libsquish) and
// uncompressed 16/24/32-bit RGB(A) with channel masks; only level 0. Anything else (another FourCC, a DX10
// header, a luminance image, a size the data does not hold) leaves the skin undecoded with a warning; its
// bytes are kept and written back, as its size is known.
// MDL3/MDL4 skin record: u32 type, then w*h*bpp bytes with w and h from the file header (no size field,
// so a DDS skin cannot be located there).
//
// Decoding: 5/6/4-bit channels are widened by bit replication (v5 -> v5 << 3 | v5 >> 2, v4 -> v4 * 17),
// formats without alpha decode opaque (the spec's overlay-mode transparency of index 0 / colour 0x0000 is
// a render setting, not a pixel property). Encoding rounds to the nearest step, so what a skin decodes to
// encodes back to the same stored bytes (8-bit: when the palette repeats no colour).

#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"
#include "io/binary/error.h"

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
inline constexpr std::uint32_t Dds = 6;
inline constexpr std::uint32_t MipmapFlag = 8;
inline constexpr std::uint32_t Rgb565Mips = 10;
inline constexpr std::uint32_t Argb4444Mips = 11;
inline constexpr std::uint32_t Rgb888Mips = 12;
inline constexpr std::uint32_t Argb8888Mips = 13;
inline constexpr std::uint32_t DdsMips = 14;
} // namespace gamestudio_skin_type

// Largest width or height accepted (pixels), also for the image inside a DDS skin; keeps all levels of a
// skin below 2^32 bytes.
inline constexpr std::uint32_t kGamestudioSkinMaxSide = 16384;
// Bytes of the MDL5/HMP skin record's fields before the pixels (type, width, height).
inline constexpr std::size_t kGamestudioSkinRecordHeaderSize = 12;
// Bytes of the MDL3/MDL4 skin record's fields before the pixels (type).
inline constexpr std::size_t kGamestudioOldSkinRecordHeaderSize = 4;
// Bytes of a DDS file's magic and header before its first level.
inline constexpr std::size_t kDdsHeaderSize = 4 + 124;

// RGB per palette index (768 bytes).
using GamestudioPalette = std::array<std::uint8_t, 768>;
// Index i -> (i, i, i): what 8-bit skins decode to when no level palette is given.
const GamestudioPalette& gamestudioGreyPalette();

struct GamestudioSkin {
    std::uint32_t type = gamestudio_skin_type::Rgb565; // as stored: format (+ 8 with mipmaps)
    // As stored. Pixel formats: level 0 in pixels. DDS: width is the byte count of `stored`, height is
    // whatever the record holds.
    std::uint32_t width = 0;
    std::uint32_t height = 0;
    // The pixels of every level exactly as stored (DDS: the whole DDS image; no type/size fields). The
    // writers write these bytes, so an unmodified skin is written back byte-identical.
    std::vector<std::byte> stored;
    // The decoded levels, RGBA8 row-major: level k is (imageWidth >> k) x (imageHeight >> k); 4 levels for
    // the mipmapped pixel formats (10..13), else 1; empty when the skin could not be decoded.
    std::vector<std::vector<std::uint8_t>> rgba;
    // Level 0 of rgba in pixels: width x height for the pixel formats, the DDS header's size for DDS; 0 x 0
    // while not decoded.
    std::uint32_t imageWidth = 0;
    std::uint32_t imageHeight = 0;

    bool decoded() const { return !rgba.empty(); }
    bool operator==(const GamestudioSkin&) const = default;
};

// Why a skin could not be decoded: a byte offset into GamestudioSkin::stored and one sentence.
struct GamestudioSkinProblem {
    std::uint64_t at = 0;
    std::string message;
};

// A file's 4-character version ("HMP5", "MDL3") for messages, '?' for bytes outside printable ASCII.
std::string gamestudioVersionText(const char (&magic)[4]);

// One of the types listed above (0, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14).
bool gamestudioSkinTypeKnown(std::uint32_t type);
bool gamestudioSkinIsDds(std::uint32_t type);
// A pixel format with three mipmaps after level 0 (10..13).
bool gamestudioSkinHasMipmaps(std::uint32_t type);
// Bytes per pixel of a known pixel format; 0 for DDS and unknown types.
std::uint32_t gamestudioSkinBytesPerPixel(std::uint32_t type);
// Levels a decoded skin of this type holds in rgba: 4 for 10..13, else 1.
std::size_t gamestudioSkinLevelCount(std::uint32_t type);
// Bytes the record's data holds: all stored levels of a pixel format, `width` for DDS. 0 for an unknown
// type, a zero or too large side (pixel formats; DDS: a width above 2^31 - 1), or a mipmapped size that is
// not a multiple of 8.
std::uint64_t gamestudioSkinStoredBytes(std::uint32_t type, std::uint32_t width, std::uint32_t height);

// Decodes skin.stored into skin.rgba and sets imageWidth/imageHeight (8-bit skins through `palette`).
// Returns false (rgba cleared, image size 0) when the type is unknown, stored does not hold
// gamestudioSkinStoredBytes(type, width, height) bytes, or a DDS image is not one of the kinds read; then
// `problem`, when given, says why and where in stored.
bool decodeGamestudioSkin(GamestudioSkin& skin, const GamestudioPalette& palette = gamestudioGreyPalette(),
                          GamestudioSkinProblem* problem = nullptr);

// A skin of a pixel-format `type` from level-0 RGBA8 pixels (4 * width * height bytes): the mipmaps of
// mipmapped types are 2x2 box-filtered, each level is encoded (8-bit: the nearest palette colour, alpha
// ignored), and rgba is set to what the stored bytes decode to. nullopt for DDS and unknown types, a size
// gamestudioSkinStoredBytes refuses, or a pixel count that does not match.
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

// Reads one skin record at the reader's position; `context` starts every message (e.g. "HMP7 skin 1").
// Errors (recorded in the reader, nullopt returned) are what leaves the rest of the file unlocatable: a
// type outside the spec's list, a DDS type without a size field (MDL3/MDL4), a bad size field, or data
// past the end; each names the field's offset. Sizes are checked against the bytes left before anything
// is allocated. A skin whose size is known but which cannot be decoded (a DDS kind not read) is returned
// undecoded, with a warning naming the skin and the offset of the problem appended to `warnings`.
std::optional<GamestudioSkin> readGamestudioSkin(ByteReader& r, const GamestudioSkinLayout& layout,
                                                 const std::string& context, const GamestudioPalette& palette,
                                                 std::vector<Warning>& warnings);

// Writes the MDL5/HMP record: type, width, height, then the stored bytes.
void writeGamestudioSkin(const GamestudioSkin& skin, ByteWriter& out);

} // namespace mapsmith::io
