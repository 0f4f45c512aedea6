// libFuzzer target for the WMB7 reader: any input must be read without a crash, hang or unbounded
// allocation; an error's offset lies in the input; what reads is consistent: every triangle index lies in
// its block, every pixel texture is decoded with the bytes its type and size need, every lightmap holds
// 3 bytes per pixel, every list the header names lies in the input.

#include "io/gamestudio/wmb.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    const auto wmb = readWmb(bytes);
    if (!wmb) {
        if (wmb.error().offset > size) {
            __builtin_trap();
        }
        return 0;
    }
    for (const WmbListEntry& l : wmb->lists) {
        if (l.length != 0 &&
            (l.offset < 0 || l.length < 0 || std::uint64_t(l.offset) + std::uint64_t(l.length) > size)) {
            __builtin_trap();
        }
    }
    for (const WmbBlock& b : wmb->blocks) {
        for (const WmbTriangle& t : b.triangles) {
            for (const std::int16_t v : t.vertex) {
                if (v < 0 || std::size_t(v) >= b.vertices.size()) {
                    __builtin_trap();
                }
            }
            if (t.skin < 0 || std::size_t(t.skin) >= b.skins.size()) {
                __builtin_trap();
            }
        }
    }
    for (const WmbTexture& t : wmb->textures) {
        const GamestudioSkin& s = t.skin;
        if (s.stored.size() != gamestudioSkinStoredBytes(s.type, s.width, s.height)) {
            __builtin_trap();
        }
        if (!gamestudioSkinIsDds(s.type) &&
            (!s.decoded() || s.rgba[0].size() != std::size_t(s.width) * s.height * 4)) {
            __builtin_trap();
        }
    }
    for (const auto* list : {&wmb->lightmaps, &wmb->terrainLightmaps}) {
        for (const WmbLightmap& l : *list) {
            if (l.bgr.size() != std::size_t(l.width) * l.height * 3) {
                __builtin_trap();
            }
        }
    }
    // Every object of a known type has its fields in the vector of its kind; the vectors hold nothing else.
    std::size_t known = 0;
    for (std::size_t k = 0; k < wmb->objects.size(); ++k) {
        const WmbObject& o = wmb->objects[k];
        if (o.offset >= size || o.offset + o.size > size) {
            __builtin_trap();
        }
        const bool found = wmbInfoAt(*wmb, k) || wmbPositionAt(*wmb, k) || wmbLightAt(*wmb, k) ||
                           wmbSoundAt(*wmb, k) || wmbPathAt(*wmb, k) || wmbEntityAt(*wmb, k);
        if (found != o.known()) {
            __builtin_trap();
        }
        known += found ? 1 : 0;
        if (const WmbPath* p = wmbPathAt(*wmb, k)) {
            if (p->points.size() != p->skills.size() || p->edges.size() > std::size_t(p->numEdges)) {
                __builtin_trap();
            }
        }
    }
    if (known != wmb->infos.size() + wmb->positions.size() + wmb->lights.size() + wmb->sounds.size() +
                     wmb->paths.size() + wmb->entities.size()) {
        __builtin_trap();
    }
    const WmbBounds b = wmbBlockBounds(*wmb);
    (void)b; // computed for the sanitizers; any float values are allowed
    return 0;
}
