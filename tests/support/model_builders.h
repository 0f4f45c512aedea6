#pragma once
// Small valid model files built byte by byte from the layouts in io/model (M2 + skin, MDX), for the reader
// tests and the benchmarks. Plain C++ (no Qt). Vertex i sits at modelVertex(i); triangle t uses vertices
// t, t + 1, t + 2 (mod the vertex count).

#include "io/binary/byte_writer.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace mapsmith::tests {

inline std::array<float, 3> modelVertex(std::uint32_t i) {
    return {0.25f * float(i % 17), -0.5f * float(i % 5), 0.125f * float(i % 29)};
}
inline std::array<std::uint16_t, 3> modelTriangle(std::uint32_t t, std::uint32_t vertexCount) {
    return {std::uint16_t(t % vertexCount), std::uint16_t((t + 1) % vertexCount),
            std::uint16_t((t + 2) % vertexCount)};
}

// --- M2 (WotLK, version 264) and its skin -----------------------------------------------------------------

struct M2Spec {
    std::uint32_t version = 264;
    std::string name = "Built";
    std::uint32_t vertexCount = 8;
    std::uint32_t sequenceCount = 2;
    std::vector<std::pair<std::uint32_t, std::string>> textures = {{0, "WORLD\\BUILT.BLP"}, {11, ""}};
    std::vector<std::uint16_t> textureLookup = {0, 1};
    std::array<float, 7> bounds = {-1, -2, -3, 4, 5, 6, 7.5f}; // min, max, radius
    std::array<float, 7> collision = {-0.5f, -0.5f, 0, 0.5f, 0.5f, 2, 1.25f};
};

// Header offsets of the M2 fields the tests patch.
namespace m2_at {
inline constexpr std::size_t Version = 0x04, Name = 0x08, Sequences = 0x1C, Vertices = 0x3C,
                             SkinProfiles = 0x44, Textures = 0x50, Materials = 0x70, TextureLookup = 0x80,
                             Bounds = 0xA0, Collision = 0xBC;
} // namespace m2_at

inline std::vector<std::byte> buildM2(const M2Spec& s) {
    io::ByteWriter w;
    w.zeros(0x130);
    auto array = [&w](std::size_t at, std::size_t count) {
        w.patchU32(at, std::uint32_t(count));
        w.patchU32(at + 4, std::uint32_t(w.size()));
    };
    std::vector<std::byte> out;
    w.patchBytes(0, std::span(reinterpret_cast<const std::uint8_t*>("MD20"), 4));
    w.patchU32(m2_at::Version, s.version);
    array(m2_at::Name, s.name.size() + 1);
    w.cstring(s.name);
    array(m2_at::Sequences, s.sequenceCount);
    w.zeros(std::size_t(s.sequenceCount) * 64);
    array(m2_at::Vertices, s.vertexCount);
    for (std::uint32_t i = 0; i < s.vertexCount; ++i) {
        for (float f : modelVertex(i)) {
            w.f32(f);
        }
        w.u32(255);                   // bone weights 255, 0, 0, 0
        w.u32(i % 4);                 // bone indices
        w.f32(0), w.f32(0), w.f32(1); // normal
        w.f32(float(i) / 8), w.f32(1 - float(i) / 8), w.f32(0), w.f32(0);
    }
    w.patchU32(m2_at::SkinProfiles, 1);
    array(m2_at::Textures, s.textures.size());
    const std::size_t texturesAt = w.size();
    w.zeros(16 * s.textures.size());
    for (std::size_t k = 0; k < s.textures.size(); ++k) {
        const auto& [type, name] = s.textures[k];
        w.patchU32(texturesAt + 16 * k, type);
        if (!name.empty()) {
            w.patchU32(texturesAt + 16 * k + 8, std::uint32_t(name.size() + 1));
            w.patchU32(texturesAt + 16 * k + 12, std::uint32_t(w.size()));
            w.cstring(name);
        }
    }
    array(m2_at::Materials, 2);
    w.u16(0), w.u16(0), w.u16(4), w.u16(2); // opaque; two-sided, alpha blended
    array(m2_at::TextureLookup, s.textureLookup.size());
    for (std::uint16_t t : s.textureLookup) {
        w.u16(t);
    }
    for (std::size_t k = 0; k < 7; ++k) {
        std::uint32_t b = 0, c = 0;
        std::memcpy(&b, &s.bounds[k], 4);
        std::memcpy(&c, &s.collision[k], 4);
        w.patchU32(m2_at::Bounds + 4 * k, b);
        w.patchU32(m2_at::Collision + 4 * k, c);
    }
    return w.take();
}

// Skin header offsets of its arrays.
namespace skin_at {
inline constexpr std::size_t Vertices = 4, Indices = 12, Bones = 20, Submeshes = 28, Batches = 36;
} // namespace skin_at

// A skin of every model vertex (identity list), `triangles` triangles, one submesh over all and one batch.
inline std::vector<std::byte> buildSkin(std::uint32_t vertexCount, std::uint32_t triangles) {
    io::ByteWriter w;
    w.zeros(48);
    auto array = [&w](std::size_t at, std::size_t count) {
        w.patchU32(at, std::uint32_t(count));
        w.patchU32(at + 4, std::uint32_t(w.size()));
    };
    w.patchBytes(0, std::span(reinterpret_cast<const std::uint8_t*>("SKIN"), 4));
    array(skin_at::Vertices, vertexCount);
    for (std::uint32_t i = 0; i < vertexCount; ++i) {
        w.u16(std::uint16_t(i));
    }
    array(skin_at::Indices, std::size_t(triangles) * 3);
    for (std::uint32_t t = 0; t < triangles; ++t) {
        for (std::uint16_t v : modelTriangle(t, vertexCount)) {
            w.u16(v);
        }
    }
    array(skin_at::Bones, vertexCount);
    w.zeros(std::size_t(vertexCount) * 4);
    array(skin_at::Submeshes, 1);
    w.u16(0), w.u16(0), w.u16(0), w.u16(std::uint16_t(vertexCount)), w.u16(0),
        w.u16(std::uint16_t(triangles * 3)), w.u16(1), w.u16(0), w.u16(1), w.u16(0);
    w.zeros(7 * 4); // centers, sort radius
    array(skin_at::Batches, 1);
    w.u8(16), w.u8(0);
    for (std::uint16_t v : {0, 0, 0, 0xFFFF, 1, 0, 1, 0, 0, 0, 0}) { // shader .. transform combo
        w.u16(v);
    }
    w.patchU32(44, 21);
    return w.take();
}

// --- MDX (0.5.3, version 1300) ---------------------------------------------------------------------------

struct MdxSpec {
    std::uint32_t version = 1300;
    std::uint32_t vertexCount = 6;
    std::uint32_t triangles = 4;
    std::uint32_t geosets = 1;
    std::array<float, 7> bounds = {9.5f, -1, -2, -3, 4, 5, 6}; // radius, min, max
};

inline void mdxTag(io::ByteWriter& w, const char* tag) {
    std::uint32_t v = 0; // the four characters in reading order
    std::memcpy(&v, tag, 4);
    w.u32(v);
}
inline void mdxText(io::ByteWriter& w, const std::string& s, std::size_t size) {
    w.bytes(std::span(reinterpret_cast<const std::uint8_t*>(s.data()), s.size()));
    w.zeros(size - s.size());
}
// A chunk in reading order: tag, u32 size, then what body writes.
template <class F> void mdxChunk(io::ByteWriter& w, const char* tag, F body) {
    mdxTag(w, tag);
    const std::size_t sizeAt = w.size();
    w.u32(0);
    body();
    w.patchU32(sizeAt, std::uint32_t(w.size() - sizeAt - 4));
}
// A record whose u32 size counts itself.
template <class F> void mdxSized(io::ByteWriter& w, F body) {
    const std::size_t at = w.size();
    w.u32(0);
    body();
    w.patchU32(at, std::uint32_t(w.size() - at));
}

// MDLX, VERS, MODL "Built", SEQS (2), an unread BONE chunk, MTLS (one material, one layer), TEXS (two
// textures), GEOS (`geosets` geosets of the spec's vertices and triangles, geoset g offset by 10 * g in z).
inline std::vector<std::byte> buildMdx(const MdxSpec& s) {
    io::ByteWriter w;
    mdxTag(w, "MDLX");
    mdxChunk(w, "VERS", [&] { w.u32(s.version); });
    mdxChunk(w, "MODL", [&] {
        mdxText(w, "Built", 80);
        mdxText(w, "", 260);
        for (float f : s.bounds) {
            w.f32(f);
        }
        w.u32(150);
        w.u8(0);
    });
    mdxChunk(w, "SEQS", [&] {
        w.u32(2);
        for (std::uint32_t k = 0; k < 2; ++k) {
            mdxText(w, k == 0 ? "Stand" : "Walk", 80);
            w.u32(1000 * k), w.u32(1000 * k + 999), w.f32(k == 0 ? 0.0f : 2.5f), w.u32(0);
            for (float f : {-1.0f, -1.0f, 0.0f, 1.0f, 1.0f, 2.0f}) {
                w.f32(f);
            }
            w.f32(0), w.u32(0), w.f32(3.0f), w.u32(0), w.u32(0);
        }
    });
    mdxChunk(w, "BONE", [&] { w.zeros(40); });
    mdxChunk(w, "MTLS", [&] {
        w.u32(1), w.u32(0);
        mdxSized(w, [&] {
            w.u32(0), w.u32(0); // priority plane, flags
            mdxSized(w, [&] {
                w.u32(2), w.u32(1), w.u32(1), w.u32(0xFFFFFFFF), w.u32(0);
                w.f32(0.75f);
            });
        });
    });
    mdxChunk(w, "TEXS", [&] {
        w.u32(0), mdxText(w, "Creature\\Built\\Built.blp", 260), w.u32(3);
        w.u32(1), mdxText(w, "", 260), w.u32(0);
    });
    mdxChunk(w, "GEOS", [&] {
        w.u32(s.geosets);
        for (std::uint32_t g = 0; g < s.geosets; ++g) {
            mdxSized(w, [&] {
                mdxTag(w, "VRTX"), w.u32(s.vertexCount);
                for (std::uint32_t i = 0; i < s.vertexCount; ++i) {
                    const auto v = modelVertex(i);
                    w.f32(v[0]), w.f32(v[1]), w.f32(v[2] + 10.0f * float(g));
                }
                mdxTag(w, "NRMS"), w.u32(s.vertexCount);
                for (std::uint32_t i = 0; i < s.vertexCount; ++i) {
                    w.f32(0), w.f32(1), w.f32(0);
                }
                mdxTag(w, "UVAS"), w.u32(1);
                for (std::uint32_t i = 0; i < s.vertexCount; ++i) {
                    w.f32(float(i)), w.f32(0.5f);
                }
                mdxTag(w, "PTYP"), w.u32(1), w.u8(4);
                mdxTag(w, "PCNT"), w.u32(1), w.u32(3 * s.triangles);
                mdxTag(w, "PVTX"), w.u32(3 * s.triangles);
                for (std::uint32_t t = 0; t < s.triangles; ++t) {
                    for (std::uint16_t v : modelTriangle(t, s.vertexCount)) {
                        w.u16(v);
                    }
                }
                mdxTag(w, "GNDX"), w.u32(s.vertexCount), w.zeros(s.vertexCount);
                mdxTag(w, "MTGC"), w.u32(1), w.u32(1);
                mdxTag(w, "MATS"), w.u32(1), w.u32(0);
                w.u32(0), w.u32(0), w.u32(0); // material, selection group, selection flags
                w.f32(2.0f);                  // radius
                for (float f : {-1.0f, -2.0f, 0.0f, 4.0f, 0.0f, 3.5f}) {
                    w.f32(f);
                }
                w.u32(0); // extents: none
            });
        }
    });
    return w.take();
}

} // namespace mapsmith::tests
