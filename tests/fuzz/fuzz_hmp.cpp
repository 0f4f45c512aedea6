// libFuzzer target for the HMP reader and the HMP5 writer: any input must be read without a crash; what
// reads must have a whole grid and skins of the sizes their types need (decoded, or DDS with a warning); an
// HMP5 that reads must be written back byte-identical (HMP4: all but the version byte), and an HMP7 must
// convert to an HMP5 with the same packed heights and skins.

#include "io/gamestudio/hmp.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    const auto hmp = readHmp(bytes);
    if (!hmp) {
        if (hmp.error().offset > size) {
            __builtin_trap();
        }
        return 0;
    }
    const HmpGridSize grid = hmpGridSize(*hmp);
    if (grid.nu == 0 || std::uint64_t(grid.nu) * grid.nv != hmp->frames.front().vertices.size()) {
        __builtin_trap();
    }
    // Every skin has the bytes its record says; every pixel format decodes, a DDS skin may not (then it
    // warns, once).
    std::size_t undecoded = 0;
    for (const GamestudioSkin& s : hmp->skins) {
        if (s.stored.size() != gamestudioSkinStoredBytes(s.type, s.width, s.height)) {
            __builtin_trap();
        }
        if (!s.decoded()) {
            if (!gamestudioSkinIsDds(s.type)) {
                __builtin_trap();
            }
            ++undecoded;
            continue;
        }
        if (s.rgba.size() != gamestudioSkinLevelCount(s.type) ||
            s.rgba[0].size() != std::size_t(s.imageWidth) * s.imageHeight * 4 ||
            (!gamestudioSkinIsDds(s.type) && (s.imageWidth != s.width || s.imageHeight != s.height))) {
            __builtin_trap();
        }
    }
    if (hmp->warnings.size() != undecoded) {
        __builtin_trap();
    }
    // Corners and the far end through the helpers.
    if (!hmpHeight(*hmp, grid.nu - 1, grid.nv - 1) || !hmpNormal(*hmp, 0, grid.nv - 1) ||
        !hmpVertexPosition(*hmp, grid.nu - 1, 0) || hmpHeight(*hmp, grid.nu, 0)) {
        __builtin_trap();
    }
    const auto written = writeHmp5(*hmp);
    if (written.empty()) {
        __builtin_trap();
    }
    if (hmp->header.version != HmpVersion::Hmp7) {
        if (written.size() != size || std::memcmp(written.data(), data, 3) != 0 ||
            std::memcmp(written.data() + 4, data + 4, size - 4) != 0) {
            __builtin_trap();
        }
        return 0;
    }
    // Packed heights compared, not world heights: a NaN scale makes every world height NaN.
    const auto back = readHmp(written);
    if (!back || back->header.version != HmpVersion::Hmp5 || back->skins != hmp->skins ||
        back->frames.size() != hmp->frames.size()) {
        __builtin_trap();
    }
    for (std::size_t f = 0; f < hmp->frames.size(); ++f) {
        const auto& a = hmp->frames[f].vertices;
        const auto& b = back->frames[f].vertices;
        for (std::size_t k = 0; k < a.size(); ++k) {
            if (a[k].z != b[k].z) {
                __builtin_trap();
            }
        }
    }
    return 0;
}
