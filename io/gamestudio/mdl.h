#pragma once
// Gamestudio MDL3/MDL4/MDL5 models (../shared/specs/gamestudio-wmb-mdl-hmp.txt, "The MDL5 model format"):
// skins, skin vertices (texel positions), triangles and animation frames of packed vertex positions. Read
// only. All integers little-endian.
//
// Layout, byte offsets:
//   header, 84 bytes:
//     0  char[4] version "MDL3" / "MDL4" / "MDL5"   52 i32 skinwidth, 56 i32 skinheight (MDL3/MDL4 skins)
//     4  i32  unused1                               60 i32 numverts (3D vertices per frame)
//     8  f32[3] scale, 20 f32[3] offset             64 i32 numtris, 68 i32 numframes
//     32 i32  unused2, 36 f32[3] unused3            72 i32 numskinverts, 76 i32 flags, 80 i32 unused4
//     48 i32  numskins
//   84: numskins skin records (gamestudio_skin.h): MDL5 records carry their own type, width and height and
//       may have mipmaps or be DDS images; MDL3/MDL4 records are a type (the spec lists 0, 2 and 3; any
//       pixel format is read, as its size follows from the type) and skinwidth x skinheight pixels. A skin
//       that cannot be decoded (a DDS kind not read) is kept undecoded with a warning in Mdl::warnings; a
//       type outside the spec's list, or DDS in MDL3/MDL4 (no byte count), leaves everything after it
//       unlocatable: an error.
//   then numskinverts skin vertices: i16 u, i16 v (texel position on the skin)
//   then numtris triangles: i16[3] 3D vertex indices, i16[3] skin vertex indices (read unsigned; each must
//     be below numverts / numskinverts)
//   then numframes frames: i32 type (0: byte-packed, 2: word-packed; MDL3 only 0), bboxmin, bboxmax (one
//     vertex each), char[16] name, numverts vertices. Byte vertex: u8 x, y, z, u8 normal index (4 bytes);
//     word vertex: u16 x, y, z, u8 normal index, u8 unused (8 bytes).
//   Anything after the last frame (the spec reserves it for bones) is kept as trailing bytes.
// Positions in model units: position[c] = scale[c] * raw[c] + offset[c].
// Quake-style frame groups and skin groups are not part of the spec: other frame types are refused.

#include "io/binary/error.h"
#include "io/gamestudio/gamestudio_normals.h"
#include "io/gamestudio/gamestudio_skin.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kMdlHeaderSize = 84;
inline constexpr std::size_t kMdlSkinVertexSize = 4;
inline constexpr std::size_t kMdlTriangleSize = 12;
inline constexpr std::size_t kMdlByteVertexSize = 4;
inline constexpr std::size_t kMdlWordVertexSize = 8;
inline constexpr std::size_t kMdlFrameNameSize = 16;
inline constexpr std::size_t kMdlMaxSkins = 4096; // more is refused as bogus

enum class MdlVersion : std::uint8_t { Mdl3 = 3, Mdl4 = 4, Mdl5 = 5 };

namespace mdl_frame_type {
inline constexpr std::int32_t Byte = 0; // mdl_trivertxb_t vertices
inline constexpr std::int32_t Word = 2; // mdl_trivertxs_t vertices
} // namespace mdl_frame_type

struct MdlHeader {
    MdlVersion version = MdlVersion::Mdl5;
    std::int32_t unused1 = 0;
    std::array<float, 3> scale{};  // model units per packed step
    std::array<float, 3> offset{}; // model units
    std::int32_t unused2 = 0;
    std::array<std::uint32_t, 3> unused3{}; // f32 fields as stored (bits)
    std::int32_t skinWidth = 0;             // pixels; the size of every MDL3/MDL4 skin
    std::int32_t skinHeight = 0;
    std::int32_t numVerts = 0; // 3D vertices of each frame
    std::int32_t flags = 0;
    std::int32_t unused4 = 0;
};

struct MdlSkinVertex {
    std::int16_t u = 0; // texels, 0..skin width - 1
    std::int16_t v = 0; // texels, 0..skin height - 1
};

struct MdlTriangle {
    std::array<std::uint16_t, 3> vertex{};     // into each frame's vertices (< numVerts)
    std::array<std::uint16_t, 3> skinVertex{}; // into Mdl::skinVertices
};

struct MdlFrameVertex {
    std::array<std::uint16_t, 3> raw{}; // packed x, y, z: 0..255 (byte frames) or 0..65535 (word frames)
    std::uint8_t normal = 0;            // index into gamestudioNormals()
    std::uint8_t unused = 0;            // word frames only
};

struct MdlFrame {
    std::int32_t type = mdl_frame_type::Byte;
    MdlFrameVertex bboxMin; // as stored
    MdlFrameVertex bboxMax;
    std::array<char, kMdlFrameNameSize> name{}; // as stored, NUL-padded
    std::vector<MdlFrameVertex> vertices;       // header.numVerts
};

struct Mdl {
    MdlHeader header;
    std::vector<GamestudioSkin> skins;
    std::vector<MdlSkinVertex> skinVertices;
    std::vector<MdlTriangle> triangles;
    std::vector<MdlFrame> frames;
    std::vector<std::byte> trailing;
    // One per skin that was read but not decoded, naming it and the offset of the problem (chunk "SKIN").
    std::vector<Warning> warnings;
};

// Reads MDL3, MDL4 and MDL5 (8-bit skins through `palette`). Every triangle index is checked. Errors name
// the field and its byte offset; the chunk is the version ("MDL5") for the header, "SKIN", "SKVT" (skin
// vertices), "TRIS" or "FRAM".
Expected<Mdl> readMdl(std::span<const std::byte> bytes);
Expected<Mdl> readMdl(std::span<const std::byte> bytes, const GamestudioPalette& palette);

// Model-unit position of a frame vertex.
GsVec3 mdlPosition(const Mdl& mdl, const MdlFrameVertex& v);
// Model-unit positions of every vertex of `frame` (empty when there is no such frame).
std::vector<GsVec3> mdlFramePositions(const Mdl& mdl, std::size_t frame);

// The texel size skin vertices refer to: the first skin's decoded size in MDL5 (the header's skin size when
// it has none or it is not decoded), the header's skin size in MDL3/MDL4; {0, 0} when neither is known.
std::array<std::uint32_t, 2> mdlSkinSize(const Mdl& mdl);

// One frame as a plain triangle list a viewport can draw as a proxy mesh: 3 entries per triangle in the
// file's order. uv = texel / skin size (mdlSkinSize; the texel values themselves when it is unknown).
struct MdlTriangleList {
    std::vector<GsVec3> positions; // model units
    std::vector<std::array<float, 2>> uvs;
    std::vector<GsVec3> normals; // table normals
};
MdlTriangleList mdlFrameTriangles(const Mdl& mdl, std::size_t frame = 0);

} // namespace mapsmith::io
