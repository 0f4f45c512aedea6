// libFuzzer target for the MDL reader: any input must be read without a crash; what reads must have
// triangle indices inside their lists, frames of numverts vertices, skins of the sizes their types need
// (decoded, or DDS with a warning), and a triangle list of 3 entries per triangle for every frame.

#include "io/gamestudio/mdl.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    const auto mdl = readMdl(bytes);
    if (!mdl) {
        if (mdl.error().offset > size) {
            __builtin_trap();
        }
        return 0;
    }
    const std::size_t numVerts = std::size_t(mdl->header.numVerts);
    for (const MdlTriangle& t : mdl->triangles) {
        for (std::size_t c = 0; c < 3; ++c) {
            if (t.vertex[c] >= numVerts || t.skinVertex[c] >= mdl->skinVertices.size()) {
                __builtin_trap();
            }
        }
    }
    std::size_t undecoded = 0;
    for (const GamestudioSkin& s : mdl->skins) {
        if (s.stored.size() != gamestudioSkinStoredBytes(s.type, s.width, s.height)) {
            __builtin_trap();
        }
        if (!s.decoded()) {
            if (!gamestudioSkinIsDds(s.type)) { // every pixel format decodes
                __builtin_trap();
            }
            ++undecoded;
            continue;
        }
        if (s.rgba.size() != gamestudioSkinLevelCount(s.type) ||
            s.rgba[0].size() != std::size_t(s.imageWidth) * s.imageHeight * 4) {
            __builtin_trap();
        }
    }
    if (mdl->warnings.size() != undecoded) {
        __builtin_trap();
    }
    for (std::size_t f = 0; f < mdl->frames.size(); ++f) {
        if (mdl->frames[f].vertices.size() != numVerts) {
            __builtin_trap();
        }
        const auto list = mdlFrameTriangles(*mdl, f);
        if (list.positions.size() != 3 * mdl->triangles.size() || list.uvs.size() != list.positions.size() ||
            mdlFramePositions(*mdl, f).size() != numVerts) {
            __builtin_trap();
        }
    }
    return 0;
}
