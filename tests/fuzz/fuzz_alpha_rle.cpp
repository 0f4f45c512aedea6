// libFuzzer target for the MCAL alpha codecs: RLE decoding of any input never crashes; what it decodes
// re-encodes to the minimum size (the sum of the row minima) and decodes back to the same pixels; a
// complete, row-respecting input is never shorter than that re-encoding. The 4-bit and 8-bit codecs
// round-trip on the input's first 2048 / 4096 bytes.

#include "io/adt/alpha_codec.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace {

using namespace mapsmith::io;

void check(bool ok) {
    if (!ok) {
        __builtin_trap();
    }
}

void fuzzRle(std::span<const std::uint8_t> in) {
    AlphaMap decoded;
    const RleDecodeResult r = decodeAlphaRle(in, decoded);
    check(r.consumed <= in.size());
    check(r.complete || r.truncated);               // stopping early means the input ended
    check(!r.overran || r.crossedRow);              // a run past pixel 4096 also passes the last row's end
    check(!r.truncated || r.consumed == in.size()); // truncation means every byte was read

    std::vector<std::uint8_t> encoded;
    encodeAlphaRle(decoded, encoded);
    std::size_t minimum = 0;
    for (std::size_t y = 0; y < kAlphaSide; ++y) {
        minimum += rleRowMinimumSize(
            std::span<const std::uint8_t, kAlphaSide>(decoded.data() + y * kAlphaSide, kAlphaSide));
    }
    check(encoded.size() == minimum);
    check(encoded.size() >= 2 * kAlphaSide && encoded.size() <= kAlphaSide * (kAlphaSide + 1));

    AlphaMap again;
    const RleDecodeResult back = decodeAlphaRle(encoded, again);
    check(back.complete && !back.truncated && !back.overran && !back.crossedRow);
    check(back.consumed == encoded.size());
    check(again == decoded);

    // A complete input whose records stay inside rows is a valid encoding (plus any empty records) of
    // the same map, so the minimal one cannot be longer.
    if (r.complete && !r.crossedRow && !r.overran) {
        check(encoded.size() <= r.consumed);
    }
    // Re-encoding is a fixed point.
    std::vector<std::uint8_t> twice;
    encodeAlphaRle(again, twice);
    check(twice == encoded);
}

void fuzzFourBit(std::span<const std::uint8_t> in) {
    AlphaMap raw;
    AlphaMap fixed;
    const bool enough = in.size() >= kAlpha4BitBytes;
    check(decodeAlpha4Bit(in, true, raw) == enough);
    check(decodeAlpha4Bit(in, false, fixed) == enough);
    if (!enough) {
        for (auto v : raw) {
            check(v == 0);
        }
        return;
    }
    for (std::size_t i = 0; i < kAlphaPixels; ++i) {
        check(raw[i] % 17 == 0);
        const std::size_t x = i % kAlphaSide;
        const std::size_t y = i / kAlphaSide;
        const std::size_t sx = x == 63 ? 62 : x;
        const std::size_t sy = y == 63 ? 62 : y;
        check(fixed[i] == raw[sy * kAlphaSide + sx]);
    }
    std::vector<std::uint8_t> enc;
    encodeAlpha4Bit(raw, true, enc);
    check(enc.size() == kAlpha4BitBytes);
    for (std::size_t i = 0; i < kAlpha4BitBytes; ++i) {
        check(enc[i] == in[i]); // nibble-valued maps are lossless
    }
    std::vector<std::uint8_t> encFixed;
    encodeAlpha4Bit(fixed, false, encFixed);
    AlphaMap shown;
    check(decodeAlpha4Bit(encFixed, true, shown));
    check(shown == fixed);
}

void fuzzEightBit(std::span<const std::uint8_t> in) {
    AlphaMap map;
    if (!decodeAlpha8Bit(in, map)) {
        check(in.size() < kAlpha8BitBytes);
        return;
    }
    std::vector<std::uint8_t> enc;
    encodeAlpha8Bit(map, enc);
    check(enc.size() == kAlpha8BitBytes);
    for (std::size_t i = 0; i < kAlpha8BitBytes; ++i) {
        check(enc[i] == in[i]);
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::uint8_t> in(data, size);
    fuzzRle(in);
    fuzzFourBit(in);
    fuzzEightBit(in);
    return 0;
}
