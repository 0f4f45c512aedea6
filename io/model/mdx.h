#pragma once
// MDX models of the 0.5.3 alpha client (version 1300, a variant of Warcraft III's MDX): static geometry and
// bounds. ../shared/specs/alpha-0.5.3-wdt-adt-mdx.txt is the reference; where it is unclear the choice made
// is written here.
//
// "MDLX" (no size), then chunks: char[4] tag (in reading order), u32 size, data; unknown chunks are skipped
// by their size. All little-endian.
//   VERS u32 version (1300)
//   MODL char[80] name, char[260] animation file, f32 bounds radius, f32[3] min, f32[3] max, u32 blend time,
//        then (the spec's trailing "char unk") a u8 read as flags when present
//   SEQS u32 count, then count records of 140 bytes: char[80] name, u32 interval start, u32 interval end,
//        f32 move speed, u32 flags, f32[3] min, f32[3] max, f32 rarity, u32 sync point, f32 bounds radius,
//        u32 unknown, u32 playback speed
//   MTLS u32 count, u32 unused, then count materials: u32 size (counting itself), i32 priority plane, u32
//        flags, then layers up to the material's end, each: u32 size (counting itself), u32 blend (filter)
//        mode, u32 shading flags, u32 texture id, u32 texture animation id, u32 coord id, f32 alpha; bytes
//        past these 28 (animation tracks) are skipped by the layer's size. Layers are found by their sizes,
//        not by the third word (later notes call it a layer count, the spec calls it flags).
//   TEXS records of 268 bytes: u32 replaceable id, char[260] file name, u32 flags
//   GEOS u32 count, then count geosets: u32 size (counting itself), then tagged blocks of a u32 element count
//        and the elements, in any order, while the next four bytes name one: VRTX f32[3], NRMS f32[3],
//        UVAS (the count is a number of UV sets, each of one f32[2] per vertex), PTYP u8, PCNT u32, PVTX u16
//        (vertex indices, 3 per triangle), GNDX u8, MTGC u32, MATS u32, BIDX u32, BWGT u32; then u32 material
//        id, u32 selection group, u32 selection flags, f32 bounds radius, f32[3] min, f32[3] max; the rest of
//        the geoset (its per-sequence extents) is skipped by its size.

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/model/model_types.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {

inline constexpr std::uint32_t kMdxVersionAlpha = 1300;
inline constexpr std::size_t kMdxNameSize = 80;
inline constexpr std::size_t kMdxFileNameSize = 260;
inline constexpr std::size_t kMdxModelSize = kMdxNameSize + kMdxFileNameSize + 7 * 4 + 4; // without flags
inline constexpr std::size_t kMdxSequenceSize = 140;
inline constexpr std::size_t kMdxLayerSize = 28;
inline constexpr std::size_t kMdxTextureSize = 268;
inline constexpr std::size_t kMdxGeosetTrailerSize = 3 * 4 + 7 * 4;

struct MdxSequence {
    std::string name;
    std::uint32_t start = 0; // ms
    std::uint32_t end = 0;
    float moveSpeed = 0.0f;
    std::uint32_t flags = 0; // 0 looping, 1 not looping
    ModelBounds bounds;
};

struct MdxLayer {
    std::uint32_t blendMode = 0;
    std::uint32_t shadingFlags = 0;
    std::uint32_t textureId = 0; // into MdxModel::textures
    std::uint32_t textureAnimationId = 0;
    std::uint32_t coordId = 0;
    float alpha = 1.0f;
};

struct MdxMaterial {
    std::int32_t priorityPlane = 0;
    std::uint32_t flags = 0;
    std::vector<MdxLayer> layers;
};

struct MdxTexture {
    std::uint32_t replaceableId = 0; // 0: the file name; others are set at run time
    std::string fileName;            // up to the first NUL
    std::uint32_t flags = 0;
};

struct MdxGeoset {
    std::vector<ModelVec3> vertices;
    std::vector<ModelVec3> normals;             // one per vertex
    std::vector<std::vector<ModelVec2>> uvSets; // each one per vertex
    std::vector<std::uint8_t> primitiveTypes;
    std::vector<std::uint32_t> primitiveCounts;
    std::vector<std::uint16_t> indices; // into vertices, 3 per triangle
    std::vector<std::uint8_t> vertexGroups;
    std::uint32_t materialId = 0;
    std::uint32_t selectionGroup = 0;
    std::uint32_t selectionFlags = 0;
    ModelBounds bounds;

    std::size_t triangleCount() const { return indices.size() / 3; }
};

struct MdxModel {
    std::uint32_t version = kMdxVersionAlpha;
    std::string name;
    std::string animationFile;
    ModelBounds bounds; // MODL, as stored
    std::uint32_t blendTime = 0;
    std::uint8_t flags = 0;
    std::vector<MdxSequence> sequences;
    std::vector<MdxMaterial> materials;
    std::vector<MdxTexture> textures;
    std::vector<MdxGeoset> geosets;
    std::vector<FourCC> skippedChunks; // chunks not read (bones, lights, ...), in file order

    std::size_t vertexCount() const;
    std::size_t triangleCount() const;
};

// Reads an MDX held in memory. VERS and MODL are required in both modes. What reads satisfies: each geoset's
// indices are whole triangles below its vertex count and its normals and UV sets have one entry per vertex.
// Strict (diag.lenient false): the first problem is the error. Lenient: a warning, and a version other than
// 1300 is read on, a triangle with a bad index becomes (0, 0, 0), a per-vertex list is cut or padded with
// zeros, a record or geoset that does not fit ends its chunk. Errors name `fileName`, the chunk and the
// offset.
Expected<MdxModel> readMdx(std::span<const std::byte> file, Diagnostics& diag,
                           std::string_view fileName = {});
Expected<MdxModel> readMdx(std::span<const std::byte> file);

} // namespace mapsmith::io
