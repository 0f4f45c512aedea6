#pragma once
// BLP textures (BLP1 from Warcraft III / early WoW, BLP2 from WoW) decoded to RGBA8, and BLP2 written in
// BGRA or DXT1/3/5. All integers little-endian.
//
// BLP2 header (1172 bytes):
//   0   char[4]  magic "BLP2"
//   4   u32      type: 0 = JPEG (not supported), 1 = direct
//   8   u8       encoding: 1 = palettized, 2 = DXT, 3 = uncompressed BGRA
//   9   u8       alpha depth in bits: 0, 1, 4 or 8
//   10  u8       alpha type (pixel format): 0 = DXT1, 1 = DXT3, 7 = DXT5, others for non-DXT encodings
//   11  u8       has mips: 0 = level 0 only
//   12  u32      width, 16 u32 height (pixels)
//   20  u32[16]  mip offsets (from the start of the file)
//   84  u32[16]  mip sizes (bytes)
//   148 u32[256] palette, BGRA (B in the low byte); present whatever the encoding
// BLP1 header (1180 bytes for palettized files):
//   0   char[4]  magic "BLP1"
//   4   u32      compression: 0 = JPEG (not supported), 1 = palettized
//   8   u32      alpha bits: 0, 1, 4 or 8
//   12  u32      width, 16 u32 height
//   20  u32      picture type (kept, not interpreted)
//   24  u32      has mips
//   28  u32[16]  mip offsets, 92 u32[16] mip sizes
//   156 u32[256] palette, BGRA
// Level data:
//   - palettized (both versions): width*height index bytes, then the alpha plane right after it:
//     8-bit: one byte per pixel; 4-bit: two pixels per byte, low nibble first, value * 17;
//     1-bit: eight pixels per byte, least significant bit first, 0 -> 0 and 1 -> 255.
//     The palette's own alpha byte is ignored. Alpha depth 0: every pixel is opaque.
//   - DXT: 4x4 blocks row-major, max(1, ceil(w/4)) * max(1, ceil(h/4)) blocks of 8 (DXT1) or 16 bytes.
//     With alpha depth 0, DXT1's punch-through pixels decode opaque (alpha forced to 255).
//   - uncompressed: width*height BGRA pixels; alpha depth 0 forces alpha 255.
// Mip level i is max(1, width >> i) x max(1, height >> i). With has-mips set, the chain runs down to
// 1x1 (at most 16 levels) and ends early at the first level whose offset or size is 0. Sizes need not
// be powers of two: the reader and writer accept any width and height in 1..kBlpMaxSide (the game
// itself wants powers of two; checking that is the caller's business).

#include "io/binary/error.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kBlpMipSlots = 16;
inline constexpr std::uint32_t kBlpMaxSide = 65536;
inline constexpr std::size_t kBlp2HeaderSize = 148;
inline constexpr std::size_t kBlp1HeaderSize = 156;
inline constexpr std::size_t kBlpPaletteSize = 256 * 4;

enum class BlpVersion : std::uint8_t { Blp1 = 1, Blp2 = 2 };

// The BLP2 encoding byte (BLP1: Palette for compression 1, Jpeg for 0).
enum class BlpEncoding : std::uint8_t { Jpeg = 0, Palette = 1, Dxt = 2, Uncompressed = 3 };

enum class BlpDxt : std::uint8_t { None, Dxt1, Dxt3, Dxt5 };

// BLP2 alpha type values that select the DXT variant.
namespace blp_alpha_type {
inline constexpr std::uint8_t Dxt1 = 0;
inline constexpr std::uint8_t Dxt3 = 1;
inline constexpr std::uint8_t Argb8888 = 2; // what writeBlp2 puts in uncompressed (encoding 3) files
inline constexpr std::uint8_t Dxt5 = 7;
inline constexpr std::uint8_t Unspecified = 8;
} // namespace blp_alpha_type

struct BlpImage {
    std::uint32_t width = 0;  // level 0, pixels
    std::uint32_t height = 0; // level 0, pixels
    // RGBA8, row-major, 4 * max(1, w >> i) * max(1, h >> i) bytes each; mip 0 first.
    std::vector<std::vector<std::uint8_t>> mips;

    // What the file said (ignored by writeBlp2, which sets them from its format).
    BlpVersion version = BlpVersion::Blp2;
    BlpEncoding encoding = BlpEncoding::Uncompressed;
    BlpDxt dxt = BlpDxt::None;         // the DXT variant when encoding is Dxt
    std::uint8_t alphaDepth = 8;       // 0, 1, 4 or 8
    std::uint8_t alphaType = 0;        // BLP2 byte 10 (BLP1: 0)
    bool hasMips = false;              // the file's has-mips field was non-zero
    std::uint32_t pictureType = 0;     // BLP1 only
    std::uint32_t mipLevelsInFile = 0; // levels the file holds (mips holds fewer when allMips is false)
};

// Width or height of mip level `level` (halves, never below 1).
constexpr std::uint32_t blpMipSide(std::uint32_t side, std::size_t level) {
    return level >= 32 ? 1u : std::max<std::uint32_t>(1u, side >> level);
}
// Levels of a full chain down to 1x1, capped at 16.
std::size_t blpFullMipCount(std::uint32_t width, std::uint32_t height);

// Decodes every mip level (or only level 0 when allMips is false). Errors name the field ("mip offset
// 3", "BLP2 width", ...) and its byte offset; chunk is "BLP1" or "BLP2" once the magic is known.
Expected<BlpImage> readBlp(std::span<const std::byte> bytes, bool allMips = true);

// One decoded level: the largest the file holds whose longer side is at most maxSide (the smallest level
// when none is that small; level 0 when maxSide is 0). Only that level is decoded, so a thumbnail of a
// mipmapped file costs a fraction of a full decode. Same checks and errors as readBlp.
struct BlpLevel {
    std::uint32_t level = 0;
    std::uint32_t width = 0;  // of this level, pixels
    std::uint32_t height = 0; // of this level, pixels
    std::uint32_t fullWidth = 0;
    std::uint32_t fullHeight = 0;
    std::vector<std::uint8_t> rgba; // 4 * width * height bytes, row-major
};
Expected<BlpLevel> readBlpLevel(std::span<const std::byte> bytes, std::uint32_t maxSide);

enum class BlpWriteFormat : std::uint8_t {
    Uncompressed, // encoding 3, BGRA, alpha depth 8
    Dxt1,         // alpha depth 0 when every level-0 pixel is opaque, else 1 (alpha < 128 -> transparent)
    Dxt3,         // alpha depth 8, explicit 4-bit alpha
    Dxt5,         // alpha depth 8, interpolated alpha
};

// BLP2 with the header, then the levels back to back in order. When image.mips holds only level 0, the
// chain down to 1x1 is generated with a 2x2 box filter (an odd side drops its last row/column);
// otherwise the given levels are written as they are. Returns an empty vector when the image is not
// valid: width or height 0 or above kBlpMaxSide, no level, more levels than the full chain, or a level
// whose byte count is not 4 * its width * height.
std::vector<std::byte> writeBlp2(const BlpImage& image, BlpWriteFormat format);

// The levels writeBlp2 would write (level 0 plus box-filtered levels down to 1x1).
std::vector<std::vector<std::uint8_t>> blpBuildMips(std::span<const std::uint8_t> rgba, std::uint32_t width,
                                                    std::uint32_t height);

} // namespace mapsmith::io
