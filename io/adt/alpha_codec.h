#pragma once
// MCAL alpha map codecs. A decoded alpha map is 64x64 bytes, row-major (row = y, north to south),
// 0 = layer absent, 255 = layer opaque.
//  - 4-bit: 2048 bytes, two pixels per byte, low nibble first; a nibble v decodes to v * 17.
//    Without MCNK flag 0x8000 (do_not_fix_alpha_map) the map is 63x63: column 63 repeats column 62,
//    row 63 repeats row 62, and the stored nibbles there are ignored.
//  - 8-bit: 4096 bytes, one byte per pixel.
//  - RLE (MCLY flag 0x200, needs 8-bit depth): records of [mode:1 | count:7] + payload; mode 1 = fill
//    count copies of the next byte, mode 0 = copy the next count bytes. Runs never cross a 64-pixel row.

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kAlphaSide = 64;
inline constexpr std::size_t kAlphaPixels = kAlphaSide * kAlphaSide; // 4096
inline constexpr std::size_t kAlpha4BitBytes = 2048;
inline constexpr std::size_t kAlpha8BitBytes = 4096;

using AlphaMap = std::array<std::uint8_t, kAlphaPixels>;

enum class AlphaEncoding : std::uint8_t { FourBit, EightBit, Rle };

struct RleDecodeResult {
    std::size_t consumed = 0; // input bytes read
    bool complete = false;    // all 4096 pixels were produced
    bool overran = false;     // a record wanted to write past pixel 4096 (clamped, reported)
    bool truncated = false;   // input ended inside a record or before 4096 pixels (rest left 0);
                              // can hold with complete when an overrunning copy is cut short
    bool crossedRow = false;  // a run crossed a 64-pixel row boundary (legal to decode, not to write)
};

// 4-bit: input must hold 2048 bytes (extra bytes ignored; fewer -> returns false, out zero-filled).
bool decodeAlpha4Bit(std::span<const std::uint8_t> in, bool doNotFix, AlphaMap& out);
// Writes 2048 bytes: each pixel rounded to the nearest nibble ((v * 15 + 127) / 255). With doNotFix
// false, column/row 63 are written as copies of 62 (what the client shows).
void encodeAlpha4Bit(const AlphaMap& in, bool doNotFix, std::vector<std::uint8_t>& out);

bool decodeAlpha8Bit(std::span<const std::uint8_t> in, AlphaMap& out);
void encodeAlpha8Bit(const AlphaMap& in, std::vector<std::uint8_t>& out);

// Decodes until 4096 pixels or the input ends; never reads or writes out of bounds.
RleDecodeResult decodeAlphaRle(std::span<const std::uint8_t> in, AlphaMap& out);
// Appends the shortest valid encoding (minimum bytes; counts 1..64, runs within a row).
void encodeAlphaRle(const AlphaMap& in, std::vector<std::uint8_t>& out);
// Minimum encoded size of one 64-pixel row (the same optimum encodeAlphaRle achieves).
std::size_t rleRowMinimumSize(std::span<const std::uint8_t, kAlphaSide> row);

} // namespace mapsmith::io
