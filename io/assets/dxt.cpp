// DXT block decoding and encoding (layout in dxt.h). Block by block with squish::Decompress and
// squish::CompressMasked on the calling thread: Debian's squish::DecompressImage spreads one image over
// OpenMP threads, which costs more than the decoding itself on small levels.

#include "io/assets/dxt.h"

#include <squish.h>

#include <algorithm>
#include <array>
#include <cstring>

namespace mapsmith::io {
namespace {

int squishFlags(DxtFormat format) {
    switch (format) {
    case DxtFormat::Dxt1:
        return squish::kDxt1;
    case DxtFormat::Dxt3:
        return squish::kDxt3;
    case DxtFormat::Dxt5:
        return squish::kDxt5;
    }
    return squish::kDxt1;
}

} // namespace

std::uint64_t dxtBlockBytes(DxtFormat format) {
    return format == DxtFormat::Dxt1 ? 8 : 16;
}

std::uint64_t dxtLevelBytes(std::uint32_t w, std::uint32_t h, DxtFormat format) {
    const std::uint64_t bw = std::max<std::uint64_t>(1, (std::uint64_t(w) + 3) / 4);
    const std::uint64_t bh = std::max<std::uint64_t>(1, (std::uint64_t(h) + 3) / 4);
    return bw * bh * dxtBlockBytes(format);
}

bool decodeDxt(std::span<const std::byte> data, std::uint32_t w, std::uint32_t h, DxtFormat format,
               std::vector<std::uint8_t>& out) {
    if (data.size() < dxtLevelBytes(w, h, format)) {
        return false;
    }
    out.resize(std::size_t(std::uint64_t(w) * h * 4));
    const std::uint64_t blockBytes = dxtBlockBytes(format);
    const int flags = squishFlags(format);
    std::array<std::uint8_t, 64> block{}; // 4x4 RGBA
    const std::byte* in = data.data();
    for (std::uint32_t by = 0; by < h; by += 4) {
        for (std::uint32_t bx = 0; bx < w; bx += 4, in += blockBytes) {
            squish::Decompress(block.data(), in, flags);
            const std::uint32_t cw = std::min<std::uint32_t>(4, w - bx); // partial blocks at the edges
            const std::uint32_t ch = std::min<std::uint32_t>(4, h - by);
            for (std::uint32_t y = 0; y < ch; ++y) {
                std::memcpy(out.data() + (std::uint64_t(by + y) * w + bx) * 4, block.data() + 16 * y, 4 * cw);
            }
        }
    }
    return true;
}

std::vector<std::uint8_t> encodeDxt(std::span<const std::uint8_t> rgba, std::uint32_t w, std::uint32_t h,
                                    DxtFormat format) {
    if (w == 0 || h == 0 || rgba.size() != std::uint64_t(w) * h * 4) {
        return {};
    }
    std::vector<std::uint8_t> blocks(std::size_t(dxtLevelBytes(w, h, format)));
    const std::uint64_t blockBytes = dxtBlockBytes(format);
    const int flags = squishFlags(format);
    std::array<std::uint8_t, 64> block{};
    std::uint8_t* out = blocks.data();
    for (std::uint32_t by = 0; by < h; by += 4) {
        for (std::uint32_t bx = 0; bx < w; bx += 4, out += blockBytes) {
            const std::uint32_t cw = std::min<std::uint32_t>(4, w - bx);
            const std::uint32_t ch = std::min<std::uint32_t>(4, h - by);
            int mask = 0;
            for (std::uint32_t y = 0; y < ch; ++y) {
                std::memcpy(block.data() + 16 * y, rgba.data() + (std::uint64_t(by + y) * w + bx) * 4,
                            4 * cw);
                mask |= ((1 << cw) - 1) << (4 * y);
            }
            squish::CompressMasked(block.data(), mask, out, flags);
        }
    }
    return blocks;
}

} // namespace mapsmith::io
