#pragma once
// Gamestudio HMP terrain: a grid of 16-bit packed heights with per-vertex normals and up to 8 textures
// ("skins"). HMP4 and HMP5 are documented (../shared/specs/gamestudio-wmb-mdl-hmp.txt, "The HMP5 terrain
// format"); HMP7 is not, and is read only as far as the sample files prove (below). All integers
// little-endian.
//
// Layout (HMP4/HMP5), byte offsets:
//   header, 84 bytes:
//     0  char[4] version "HMP4" / "HMP5"     44 f32 fnumverts_x: vertices per row (truncated to int)
//     4  i32  nu1, "always 2"                48 i32 numskins
//     8  f32[3] scale (x, y, z)              52 i32 nu8, 56 i32 nu9 (not used)
//     20 f32[3] offset (x, y, z)             60 i32 numverts: all vertices (rows = numverts / per row)
//     32 i32  nu6 (not used)                 64 i32 nu10, 68 i32 numframes, 72 i32 nu11
//     36 f32  ftrisize_x, 40 f32 ftrisize_y  76 i32 flags ("always 0"), 80 i32 nu12
//   84: numskins skin records (MDL5 layout, gamestudio_skin.h)
//   then numframes frames: i32 type ("always 2"), bboxmin and bboxmax (8 bytes each, an MDL word vertex,
//     kept as stored), char[16] name, then numverts vertices of 4 bytes: u16 z, u8 lightnormalindex,
//     u8 unused. Vertex k is grid vertex (i = k % nu, j = k / nu).
//   Bytes after the last frame are kept as they are.
// Heights: world z = scale[2] * z + offset[2]. Extent: x from offset[0] to scale[0] * 65536 + offset[0],
// y likewise (the spec's formulas); vertex (i, j) lies at x = xmin + i * (xmax - xmin) / (nu - 1),
// y = ymin + j * (ymax - ymin) / (nv - 1) (the spec does not state the row order: rows run from ymin).
// HMP4 (A5 before 5.230) has the same header in the spec and no layout difference is given, so it is read
// with the HMP5 layout.
//
// HMP7 (Gamestudio A6/A7; the spec documents no layout, only points to Gamestudio's MDL SDK). What the two
// sample files show (hmp/small.hmp, hmp/assimp-terrain.hmp; hexdumps):
//   - The header has the HMP5 layout: fnumverts_x 66.0 / 33.0 at 0x2C, numverts 4356 = 66 * 66 /
//     1089 = 33 * 33 at 0x3C, numskins 2 / 0 at 0x30, numframes 1 at 0x44; ftrisize 16.0 / 5.0 at 0x24
//     agrees with the extent (65 * 16 = 1040 ~ scale[0] * 65536 = 1040.02; 32 * 5 = 160 ~ 160.002).
//     nu1 at 0x04 is 0, not 2.
//   - The skins are MDL5 skin records: small.hmp has type 2 (565) 512x512 at 0x54 and type 12 (888 with
//     mipmaps) 128x128 at 0x80060 (3 * (128^2 + 64^2 + 32^2 + 16^2) = 65280 bytes). Its level-0 bytes
//     (95 95 95, 9f 9f 9f, ...) are grey, so the 888 byte order is not visible here (gamestudio_skin.h
//     takes it from an MDL5 sample). Every skin type is read with this record (type, width, height, data;
//     DDS: width = byte count), as the spec gives HMP textures the MDL5 skin format and no other layout.
//   - One frame follows: type 2, bboxmin 00 00 00 00 00 00 ff 00, bboxmax ff ff ff ff ff ff ff 00, a NUL
//     name, then 4 bytes per vertex, ending exactly at the end of the file (4476 = 84 + 36 + 4 * 1089;
//     607136 = 84 + 524300 + 65292 + 36 + 4 * 4356).
//   - The difference: the vertex's last two bytes are not a normal index and an unused byte. They hold
//     values like d0 a0, cd cd, 00 d6, eb eb (assimp-terrain.hmp at 0xE6, 0xEA, 0xFE, 0x11A): above 161 and
//     with the "unused" byte set. Read as two signed bytes (a, b) they are a normal's horizontal part
//     scaled by about 127: comparing with the normal of the heights (central differences, grid convention
//     above) over all inner vertices of small.hmp, a correlates -0.995 with its x part (fit -122 * x) and
//     b +0.994 with its y part (fit 122 * y), a with y and b with x about 0.02; flat areas hold 0 0;
//     sqrt(a^2 + b^2) stays below 124 in both files. So the HMP7 normal is
//     (-a, b, sqrt(127^2 - a^2 - b^2)) / 127 in the grid frame (hmpNormal): its mean cosine with the
//     normal of the heights is 0.998 in small.hmp and 0.977 in assimp-terrain.hmp (its cliffs smear the
//     differences), against 0.74 / 0.87 with a's sign flipped. That sign is a measurement against the
//     grid convention above, not a documented fact.
//   Not proven, so refused with UnsupportedVersion: a frame type other than 2, and other than exactly one
//   frame.
// Skins (all versions): every type gamestudio_skin.h lists is read. One that cannot be decoded (a DDS
// kind not read) is kept undecoded with a warning in Hmp::warnings; the heights still read. A type outside
// the spec's list has no known size, and the frames (heights) come after the skins, so that is an error
// naming the skin and its offset.

#include "io/binary/error.h"
#include "io/gamestudio/gamestudio_normals.h"
#include "io/gamestudio/gamestudio_skin.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kHmpHeaderSize = 84;
inline constexpr std::size_t kHmpFrameHeaderSize = 36; // type, bboxmin, bboxmax, name
inline constexpr std::size_t kHmpVertexSize = 4;
inline constexpr std::size_t kHmpMaxSkins = 4096; // the spec uses up to 8; more is refused as bogus

enum class HmpVersion : std::uint8_t { Hmp4 = 4, Hmp5 = 5, Hmp7 = 7 };

// Header fields as stored, but for the counts (numskins, numverts, numframes), which are the sizes of
// Hmp::skins, of each frame's vertices and of Hmp::frames.
struct HmpHeader {
    HmpVersion version = HmpVersion::Hmp5;
    std::int32_t nu1 = 2;
    std::array<float, 3> scale{};  // world units per packed step; x/y extent = scale * 65536
    std::array<float, 3> offset{}; // world units: xmin, ymin, height of z = 0
    std::int32_t nu6 = 0;
    float triSizeX = 0.0f; // world units between neighbouring vertices, as stored
    float triSizeY = 0.0f;
    float numVertsX = 0.0f; // fnumverts_x as stored; vertices per row = (int) numVertsX
    std::int32_t nu8 = 0;
    std::int32_t nu9 = 0;
    std::int32_t nu10 = 0;
    std::int32_t nu11 = 0;
    std::int32_t flags = 0;
    std::int32_t nu12 = 0;

    bool operator==(const HmpHeader&) const = default;
};

struct HmpVertex {
    std::uint16_t z = 0;     // packed height, world height = scale[2] * z + offset[2]
    std::uint8_t normal = 0; // HMP4/5: index into gamestudioNormals(); HMP7: signed normal byte a
    std::uint8_t extra = 0;  // HMP4/5: the unused byte, kept; HMP7: signed normal byte b
    bool operator==(const HmpVertex&) const = default;
};

struct HmpFrame {
    std::int32_t type = 2;
    std::array<std::uint8_t, 8> bboxMin{}; // as stored, not interpreted
    std::array<std::uint8_t, 8> bboxMax{};
    std::array<char, 16> name{};     // as stored, NUL-padded
    std::vector<HmpVertex> vertices; // nu * nv, vertex (i, j) at j * nu + i

    bool operator==(const HmpFrame&) const = default;
};

struct Hmp {
    HmpHeader header;
    std::vector<GamestudioSkin> skins;
    std::vector<HmpFrame> frames;    // at least one
    std::vector<std::byte> trailing; // bytes after the last frame
    // What was read but not decoded (readHmp): one per undecoded skin, naming it and the offset of the
    // problem (chunk "SKIN"). Not written.
    std::vector<Warning> warnings;

    bool operator==(const Hmp&) const = default;
};

// Reads HMP4, HMP5 and HMP7 (8-bit skins through `palette`). Errors name the field and its byte offset;
// the chunk is the version ("HMP5") for the header, "SKIN" for skins, "FRAM" for frames. A skin that is
// read but cannot be decoded is a warning in Hmp::warnings, not an error.
Expected<Hmp> readHmp(std::span<const std::byte> bytes);
Expected<Hmp> readHmp(std::span<const std::byte> bytes, const GamestudioPalette& palette);

// An HMP5 file. Counts come from the vectors, every other header field, skin byte and vertex byte is
// written as it is, so an unmodified HMP5 comes back byte-identical (HMP4: identical but for the version).
// From HMP7: nu1 becomes 2 and each vertex's normal becomes the nearest table index (unused byte 0).
// Empty when the model cannot be written: no frame, (int) numVertsX below 1 or not finite, a frame whose
// vertex count differs from the first or is not a positive multiple of it, a skin whose stored bytes do
// not match its type and size, or counts beyond 32 bits.
std::vector<std::byte> writeHmp5(const Hmp& hmp);

struct HmpGridSize {
    std::uint32_t nu = 0; // vertices per row (x)
    std::uint32_t nv = 0; // rows (y)
};
// From the header's numVertsX and frame 0 ({0, 0} when they do not make a grid).
HmpGridSize hmpGridSize(const Hmp& hmp);

struct HmpExtent {
    float xMin = 0.0f, xMax = 0.0f; // world units
    float yMin = 0.0f, yMax = 0.0f;
};
HmpExtent hmpExtent(const Hmp& hmp);

// World height of vertex (i, j) of `frame`; nullopt outside the grid or the frames.
std::optional<float> hmpHeight(const Hmp& hmp, std::uint32_t i, std::uint32_t j, std::size_t frame = 0);
// World position (x, y, height) of vertex (i, j).
std::optional<GsVec3> hmpVertexPosition(const Hmp& hmp, std::uint32_t i, std::uint32_t j,
                                        std::size_t frame = 0);
// Unit normal of vertex (i, j): the table entry (HMP4/5) or the decoded signed bytes (HMP7).
std::optional<GsVec3> hmpNormal(const Hmp& hmp, std::uint32_t i, std::uint32_t j, std::size_t frame = 0);
// All world heights of a frame, row-major (empty when the frame does not exist).
std::vector<float> hmpHeights(const Hmp& hmp, std::size_t frame = 0);
// The packed z closest to a world height (clamped to 0..65535; 0 when scale[2] is 0 or not finite).
std::uint16_t hmpPackHeight(const Hmp& hmp, float worldHeight);

} // namespace mapsmith::io
