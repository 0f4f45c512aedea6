#pragma once
// DXT1/DXT3/DXT5 (BC1/BC2/BC3) block decoding to RGBA8 through libsquish, shared by the BLP and the
// Gamestudio DDS skin readers. A level of w x h pixels is ceil(w / 4) * ceil(h / 4) blocks of 8 (DXT1) or
// 16 bytes (DXT3, DXT5), rows of blocks top to bottom; edge blocks are cut to the level.

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::io {

enum class DxtFormat : std::uint8_t { Dxt1, Dxt3, Dxt5 };

// Bytes of one 4x4 block: 8 or 16.
std::uint64_t dxtBlockBytes(DxtFormat format);
// Bytes of a level of w x h pixels (at least one block).
std::uint64_t dxtLevelBytes(std::uint32_t w, std::uint32_t h, DxtFormat format);

// Decodes a level of w x h pixels into `out` (resized to 4 * w * h bytes, RGBA8 row-major). `data` must
// hold at least dxtLevelBytes(w, h, format) bytes; returns false (out untouched) when it does not.
bool decodeDxt(std::span<const std::byte> data, std::uint32_t w, std::uint32_t h, DxtFormat format,
               std::vector<std::uint8_t>& out);

// Encodes a level of w x h RGBA8 pixels (4 * w * h bytes, checked: empty result otherwise) to
// dxtLevelBytes(w, h, format) bytes with squish::CompressMasked (pixels outside a partial edge block are
// masked out).
std::vector<std::uint8_t> encodeDxt(std::span<const std::uint8_t> rgba, std::uint32_t w, std::uint32_t h,
                                    DxtFormat format);

} // namespace mapsmith::io
