#pragma once
// WotLK M2 models (MD20, version 264): the rest pose only: vertices, textures, texture lookup, materials
// (render flags and blend modes), bounding and collision boxes with their radii, and the counts of sequences,
// bones and skin profiles. Triangles live in the skin profiles (io/model/skin.h). No animation is read.
//
// Layout (WotLK, every offset from the start of the file, all little-endian):
//   header, 0x130 bytes: 0x000 "MD20", 0x004 u32 version, then M2Array references (u32 count, u32 offset):
//     0x008 name (chars, NUL included)          0x01C sequences (64 bytes each)    0x02C bones
//     0x03C vertices (48 bytes each)            0x044 u32 skin profile count (the .skin files)
//     0x050 textures (16 bytes each)            0x070 materials (4 bytes each)     0x080 texture lookup (u16)
//     0x0A0 bounding box (6 f32: min, max), 0x0B8 f32 bounding radius
//     0x0BC collision box (6 f32), 0x0D4 f32 collision radius, 0x0D8 collision indices (u16) .. 0x130
//   vertex: f32[3] position, u8[4] bone weights, u8[4] bone indices, f32[3] normal, f32[2] uv x 2
//   texture: u32 type (0: the file name below; any other type is replaced at run time and has no name),
//            u32 flags, M2Array<char> file name
//   material: u16 render flags, u16 blend mode
// Versions 260-263 (Burning Crusade) keep the skin profiles inside the file and have more header fields
// before the vertices, so their layout is not this one: they are refused like every version but 264.

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

inline constexpr std::uint32_t kM2VersionWotlk = 264;
inline constexpr std::size_t kM2HeaderSize = 0x130;
inline constexpr std::size_t kM2VertexSize = 48;
inline constexpr std::size_t kM2TextureSize = 16;
inline constexpr std::size_t kM2MaterialSize = 4;
inline constexpr std::size_t kM2SequenceSize = 64;
inline constexpr std::size_t kM2BoneSize = 88;

struct M2Vertex {
    ModelVec3 position{};
    std::array<std::uint8_t, 4> boneWeights{}; // 0..255, summing to 255 in Blizzard's files
    std::array<std::uint8_t, 4> boneIndices{}; // into the bone lookup of the model
    ModelVec3 normal{};
    std::array<ModelVec2, 2> uv{};
};

namespace m2_texture_type {
inline constexpr std::uint32_t File = 0; // the texture's own file name; every other type is set at run time
} // namespace m2_texture_type

struct M2Texture {
    std::uint32_t type = m2_texture_type::File;
    std::uint32_t flags = 0; // 1: wrap X, 2: wrap Y
    std::string fileName;    // up to the first NUL; "" for every run-time type
};

struct M2Material {
    std::uint16_t flags = 0;     // render flags: 1 unlit, 2 unfogged, 4 two-sided, ...
    std::uint16_t blendMode = 0; // 0 opaque, 1 alpha key, 2 alpha, 3 no-alpha add, 4 add, 5 mod, 6 mod2x, 7
};

struct M2Model {
    std::uint32_t version = kM2VersionWotlk;
    std::string name;
    std::uint32_t globalFlags = 0;
    std::uint32_t sequenceCount = 0;
    std::uint32_t boneCount = 0;
    std::uint32_t skinProfileCount = 0; // Name00.skin .. Name(count-1).skin
    std::vector<M2Vertex> vertices;
    std::vector<M2Texture> textures;
    std::vector<std::uint16_t> textureLookup; // batch texture combos -> textures
    std::vector<M2Material> materials;
    ModelBounds bounds;          // as stored: animated models' vertices may lie outside it
    ModelBounds collisionBounds; // as stored
    std::uint32_t collisionIndexCount = 0;
};

// Reads a WotLK M2 held in memory. Strict (diag.lenient false): the first problem is the error. Lenient: an
// array that does not fit, or a bad field, becomes a warning in diag.warnings and is left empty or as read.
// A bad magic, a version other than 264 or a header that does not fit are errors in both modes. Errors name
// `fileName` (Error::file), the field and its byte offset; the chunk is "MD20".
Expected<M2Model> readM2(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName = {});
Expected<M2Model> readM2(std::span<const std::byte> file);

} // namespace mapsmith::io
