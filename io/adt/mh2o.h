#pragma once
// MH2O (WotLK+ liquids): a 256-entry header (one per MCNK), liquid instances (layers) per chunk,
// optional 8x8 fishable/deep attribute masks, optional exists bitmaps and vertex data.

#include "io/binary/byte_reader.h"
#include "io/binary/byte_writer.h"
#include "io/binary/diagnostics.h"
#include "io/binary/error.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace mapsmith::io {

// Liquid vertex format (LVF): which arrays each vertex has.
//  0: height(f32) + depth(u8)     1: height(f32) + uv(2 x u16)
//  2: depth(u8) only              3: height(f32) + uv(2 x u16) + depth(u8)
enum class LiquidVertexFormat : std::uint8_t {
    HeightDepth = 0,
    HeightUv = 1,
    DepthOnly = 2,
    HeightUvDepth = 3
};

struct LiquidUv {
    std::uint16_t u = 0; // divided by 8 by the shaders
    std::uint16_t v = 0;
    bool operator==(const LiquidUv&) const = default;
};

struct LiquidInstance {
    std::uint16_t liquidType = 0;        // LiquidType.dbc id
    std::uint16_t liquidObjectOrLvf = 0; // WotLK: the LVF field as stored
    float minHeight = 0.0f;              // yards
    float maxHeight = 0.0f;              // yards
    std::uint8_t xOffset = 0;            // 0..7, in liquid quads
    std::uint8_t yOffset = 0;            // 0..7
    std::uint8_t width = 8;              // 1..8, xOffset + width <= 8
    std::uint8_t height = 8;             // 1..8, yOffset + height <= 8
    // (width*height + 7) / 8 bytes, bit i (LSB first) = quad (i % width, i / width) exists.
    // nullopt: offset 0 in the file, every quad exists.
    std::optional<std::vector<std::uint8_t>> existsBitmap;
    // Vertex data, (width+1)*(height+1) entries each; nullopt vertexFormat: offset 0 in the file
    // (no vertex data: heights = minHeight, as the WotLK extractors read it).
    std::optional<LiquidVertexFormat> vertexFormat;
    std::vector<float> heights;       // empty unless the format has heights
    std::vector<std::uint8_t> depths; // empty unless the format has depths
    std::vector<LiquidUv> uvs;        // empty unless the format has uvs

    std::size_t vertexCount() const { return std::size_t(width + 1) * std::size_t(height + 1); }
    bool operator==(const LiquidInstance&) const = default;
};

struct LiquidAttributes {
    std::uint64_t fishable = 0; // 8x8 bit mask
    std::uint64_t deep = 0;     // 8x8 bit mask (fatigue)
    bool operator==(const LiquidAttributes&) const = default;
};

struct LiquidChunk {
    std::vector<LiquidInstance> instances;      // empty: no liquid in this MCNK
    std::optional<LiquidAttributes> attributes; // nullopt: offset 0 in the file
    bool operator==(const LiquidChunk&) const = default;
};

struct Mh2o {
    std::array<LiquidChunk, 256> chunks; // index = row * 16 + column (MCNK order)
    bool operator==(const Mh2o&) const = default;
};

struct Mh2oReadOptions {
    // Keep an instance whose rectangle leaves its 8x8 chunk (xOffset + width > 8 or yOffset + height > 8),
    // read with the rectangle as stored, instead of dropping it as a problem. For `repair`, which clips it
    // into its chunk (core/repair/liquid_clip.h): until then the instance breaks the rectangle invariant
    // above. Instances of width or height 0 are still dropped.
    bool keepOutsideChunk = false;
};

// Parses the MH2O chunk data (the bytes after the 8-byte chunk header). `data` is positioned at the
// chunk data; offsets inside MH2O are relative to its start. Errors name MH2O and absolute offsets.
Expected<Mh2o> readMh2o(ByteReader data, Diagnostics& diag, const Mh2oReadOptions& options = {});

// Appends the chunk data (not the header) in the canonical layout.
void writeMh2o(const Mh2o& mh2o, ByteWriter& out);

} // namespace mapsmith::io
