// libFuzzer target for the M2 and skin readers: any input must read (strictly and leniently, as an M2 and as
// a skin) without a crash; errors point inside the input; what reads strictly reads leniently without
// warnings; a skin that reads keeps its invariants (indices below its vertex count, non-empty submesh ranges
// inside its lists, batches naming existing submeshes), and its triangles resolve against a model without a
// crash.

#include "io/model/m2.h"
#include "io/model/skin.h"

#include <cstddef>
#include <cstdint>
#include <span>

namespace {

void checkSkin(const mapsmith::io::M2Skin& s) {
    for (std::uint16_t i : s.indices) {
        if (i >= s.vertices.size()) {
            __builtin_trap();
        }
    }
    if (s.indices.size() % 3 != 0) {
        __builtin_trap();
    }
    for (const auto& m : s.submeshes) {
        // An empty range may start anywhere (lenient reading empties a range that starts past its list).
        if ((m.indexCount > 0 && std::uint64_t(m.firstIndex()) + m.indexCount > s.indices.size()) ||
            (m.vertexCount > 0 && std::uint64_t(m.firstVertex()) + m.vertexCount > s.vertices.size())) {
            __builtin_trap();
        }
    }
    for (const auto& b : s.batches) {
        if (b.submeshIndex >= s.submeshes.size()) {
            __builtin_trap();
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);

    Diagnostics strictDiag;
    Diagnostics lenient;
    lenient.lenient = true;
    const auto m2 = readM2(bytes, strictDiag);
    const auto soft = readM2(bytes, lenient);
    if (!m2 && m2.error().offset > size) {
        __builtin_trap();
    }
    if (m2 && (!soft || !lenient.warnings.empty() || soft->vertices.size() != m2->vertices.size())) {
        __builtin_trap();
    }

    Diagnostics skinStrict;
    Diagnostics skinLenient;
    skinLenient.lenient = true;
    const auto skin = readM2Skin(bytes, skinStrict);
    const auto softSkin = readM2Skin(bytes, skinLenient);
    if (!skin && skin.error().offset > size) {
        __builtin_trap();
    }
    if (skin && (!softSkin || !skinLenient.warnings.empty())) {
        __builtin_trap();
    }
    if (softSkin) {
        checkSkin(*softSkin);
        const auto tris = m2TriangleIndices(*softSkin, soft ? soft->vertices.size() : 0);
        if (tris && tris->size() != softSkin->indices.size()) {
            __builtin_trap();
        }
    }
    return 0;
}
