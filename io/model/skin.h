#pragma once
// WotLK M2 skin profiles (Name00.skin .. Name03.skin, magic "SKIN"): the index list into the model's
// vertices, the triangles (indices into that list), submeshes and batches (texture units).
//
// Layout (offsets from the start of the file, little-endian):
//   header, 48 bytes: "SKIN", then M2Array references (u32 count, u32 offset): vertices (u16 model vertex
//   indices), indices (u16 into vertices, 3 per triangle), bones (u8[4] per vertex), submeshes (48 bytes),
//   batches (24 bytes); u32 largest bone count
//   submesh: u16 id, level, vertex start, vertex count, index start, index count, bone count, bone combo
//            index, bone influences, center bone; f32[3] center, f32[3] sort center, f32 sort radius.
//            The starts are 16-bit: level holds their bits 16..31 (how models past 65535 indices address
//            them).
//   batch:   u8 flags, i8 priority plane, u16 shader id, submesh index, geoset index, color index, material
//            index, material layer, texture count, texture combo index, texture coord combo index, texture
//            weight combo index, texture transform combo index

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/model/model_types.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace mapsmith::io {

inline constexpr std::size_t kM2SkinHeaderSize = 48;
inline constexpr std::size_t kM2SubmeshSize = 48;
inline constexpr std::size_t kM2BatchSize = 24;

struct M2Submesh {
    std::uint16_t id = 0; // geoset id (type * 100 + variant)
    std::uint16_t level = 0;
    std::uint16_t vertexStart = 0;
    std::uint16_t vertexCount = 0;
    std::uint16_t indexStart = 0;
    std::uint16_t indexCount = 0;
    std::uint16_t boneCount = 0;
    std::uint16_t boneComboIndex = 0;
    std::uint16_t boneInfluences = 0;
    std::uint16_t centerBoneIndex = 0;
    ModelVec3 center{};
    ModelVec3 sortCenter{};
    float sortRadius = 0.0f;

    std::uint32_t firstVertex() const { return vertexStart | std::uint32_t(level) << 16; }
    std::uint32_t firstIndex() const { return indexStart | std::uint32_t(level) << 16; }
};

struct M2Batch {
    std::uint8_t flags = 0;
    std::int8_t priorityPlane = 0;
    std::uint16_t shaderId = 0;
    std::uint16_t submeshIndex = 0; // into M2Skin::submeshes
    std::uint16_t geosetIndex = 0;
    std::uint16_t colorIndex = 0;
    std::uint16_t materialIndex = 0; // into M2Model::materials
    std::uint16_t materialLayer = 0;
    std::uint16_t textureCount = 0;
    std::uint16_t textureComboIndex = 0; // into M2Model::textureLookup
    std::uint16_t textureCoordComboIndex = 0;
    std::uint16_t textureWeightComboIndex = 0;
    std::uint16_t textureTransformComboIndex = 0;
};

struct M2Skin {
    std::vector<std::uint16_t> vertices; // model vertex index of each skin vertex
    std::vector<std::uint16_t> indices;  // into vertices, 3 per triangle
    std::vector<std::array<std::uint8_t, 4>> bones;
    std::vector<M2Submesh> submeshes;
    std::vector<M2Batch> batches;
    std::uint32_t boneCountMax = 0;
    std::uint64_t verticesAt = 0; // file offset of the vertex list (named by m2TriangleIndices errors)

    std::size_t triangleCount() const { return indices.size() / 3; }
};

// Reads a skin profile held in memory. What reads satisfies: every index is below vertices.size(), indices
// come in whole triangles, each submesh's non-empty index and vertex range lies inside the lists, and each
// batch names an existing submesh. Strict (diag.lenient false): any breach is the error. Lenient: a warning,
// and a triangle with a bad index becomes (0, 0, 0) (no indices at all when there are no vertices), a partial
// last triangle or a batch naming no submesh is dropped, a submesh range is clipped to its list (emptied when
// it starts past it), an array that does not fit is left empty. Errors name `fileName`, the field and its
// byte offset; the chunk is "SKIN".
Expected<M2Skin> readM2Skin(std::span<const std::byte> file, Diagnostics& diag,
                            std::string_view fileName = {});
Expected<M2Skin> readM2Skin(std::span<const std::byte> file);

// The model vertex indices of the skin's triangles, 3 per triangle (what a renderer draws with the model's
// vertices). An error naming `skinFileName` and the offset of the entry when a skin vertex is not below
// modelVertexCount.
Expected<std::vector<std::uint16_t>> m2TriangleIndices(const M2Skin& skin, std::size_t modelVertexCount,
                                                       std::string_view skinFileName = {});

// "World/Foo/Bar.m2" and profile 1 -> "World/Foo/Bar01.skin" (any extension after the last '.' is replaced;
// a name without one gets the suffix). profile is 0..99.
std::string m2SkinFileName(std::string_view m2Path, int profile);

} // namespace mapsmith::io
