// libFuzzer target for the BLP reader and writer: any input must be read without a crash (all mips,
// level 0 only, one level for a thumbnail); what reads must have levels of the right sizes, the single
// level must equal the same level of the full read, and writing it as BGRA must read back with the same
// pixels in every level it had.

#include "io/assets/blp.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    (void)readBlp(bytes, false);
    auto image = readBlp(bytes);
    const auto thumbnail = readBlpLevel(bytes, 16);
    if (bool(thumbnail) != bool(image)) {
        __builtin_trap();
    }
    if (!image) {
        return 0;
    }
    if (thumbnail->level >= image->mips.size() || thumbnail->rgba != image->mips[thumbnail->level]) {
        __builtin_trap();
    }
    for (std::size_t i = 0; i < image->mips.size(); ++i) {
        const std::uint64_t n = std::uint64_t(blpMipSide(image->width, i)) * blpMipSide(image->height, i);
        if (image->mips[i].size() != n * 4) {
            __builtin_trap();
        }
    }
    // Keep the round trip cheap: a large image is only checked above.
    if (std::uint64_t(image->width) * image->height > 256 * 256) {
        return 0;
    }
    const auto written = writeBlp2(*image, BlpWriteFormat::Uncompressed);
    auto back = readBlp(written);
    // A single level gets a generated chain below it; the levels that were there come back unchanged.
    if (!back || back->mips.size() < image->mips.size()) {
        __builtin_trap();
    }
    for (std::size_t i = 0; i < image->mips.size(); ++i) {
        if (back->mips[i] != image->mips[i]) {
            __builtin_trap();
        }
    }
    return 0;
}
