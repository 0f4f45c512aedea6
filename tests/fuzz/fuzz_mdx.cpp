// libFuzzer target for the MDX reader: any input must read strictly and leniently without a crash; errors
// point inside the input; what reads strictly reads leniently without warnings and with the same geometry;
// every geoset keeps its invariants (whole triangles below its vertex count, one normal and one UV of each
// set per vertex).

#include "io/model/mdx.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);

    Diagnostics strictDiag;
    Diagnostics lenient;
    lenient.lenient = true;
    const auto mdx = readMdx(bytes, strictDiag);
    const auto soft = readMdx(bytes, lenient);
    if (!mdx && mdx.error().offset > size) {
        __builtin_trap();
    }
    if (mdx && (!soft || !lenient.warnings.empty() || soft->vertexCount() != mdx->vertexCount() ||
                soft->triangleCount() != mdx->triangleCount())) {
        __builtin_trap();
    }
    if (soft) {
        for (const MdxGeoset& g : soft->geosets) {
            if (g.indices.size() % 3 != 0 || g.normals.size() != g.vertices.size()) {
                __builtin_trap();
            }
            for (std::uint16_t i : g.indices) {
                if (i >= g.vertices.size()) {
                    __builtin_trap();
                }
            }
            for (const auto& uv : g.uvSets) {
                if (uv.size() != g.vertices.size()) {
                    __builtin_trap();
                }
            }
        }
    }
    return 0;
}
