// MCAL alpha map codecs. The RLE encoder solves each 64-pixel row exactly with an O(64) dynamic program.

#include "io/adt/alpha_codec.h"

#include <algorithm>
#include <bit>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace mapsmith::io {
namespace {

// Nibble pair of a 4-bit byte, expanded to 8 bits (v * 17), low nibble first.
struct NibbleTable {
    std::uint16_t pair[256];
    constexpr NibbleTable() : pair{} {
        for (int b = 0; b < 256; ++b) {
            pair[b] = std::uint16_t(((b & 0xF) * 17) | (((b >> 4) * 17) << 8));
        }
    }
};
[[maybe_unused]] constexpr NibbleTable kNibbles; // clang sees its uses as constant reads

// 8-bit value -> nearest nibble.
struct QuantizeTable {
    std::uint8_t nibble[256];
    constexpr QuantizeTable() : nibble{} {
        for (int v = 0; v < 256; ++v) {
            nibble[v] = std::uint8_t((v * 15 + 127) / 255);
        }
    }
};
[[maybe_unused]] constexpr QuantizeTable kQuantize; // likewise

constexpr std::uint8_t kFillBit = 0x80;

// Bit i set: pixel i differs from pixel i-1 (bit 0 always clear).
std::uint64_t runBoundaries(const std::uint8_t* row) {
#if defined(__SSE2__)
    std::uint64_t equal = 0;
    for (int k = 0; k < 4; ++k) {
        const __m128i cur = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 16 * k));
        // The previous pixel of each lane; lane 0 of the first block compares with itself.
        const __m128i prev =
            k == 0 ? _mm_or_si128(_mm_slli_si128(cur, 1), _mm_and_si128(cur, _mm_cvtsi32_si128(0xFF)))
                   : _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 16 * k - 1));
        equal |= std::uint64_t(std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(cur, prev)))) << (16 * k);
    }
    return ~equal;
#else
    std::uint64_t boundaries = 0;
    for (int i = 1; i < int(kAlphaSide); ++i) {
        boundaries |= std::uint64_t(row[i] != row[i - 1]) << i;
    }
    return boundaries;
#endif
}

// Optimal row plan as bit masks over the 64 pixels. Split the row into runs of equal values; records
// are only ever cut at run edges. Cost = 2 per filled run + the length of each copied run + 1 per block
// of adjacent copied runs. By exchange arguments there is an optimal plan in which:
//  - a run of 1 pixel is copied (copy costs 1 and adds at most one block header: never worse than 2);
//  - a run of 3+ pixels is filled (2 bytes, plus at most one header for splitting a block: <= 3 <= len);
//  - a run of 2 pixels costs 2 either way, so it is copied only when that merges two blocks: every run
//    in its stretch of 2-pixel runs is copied iff single-pixel runs border the stretch on both sides.
// The unit test checks this against an exhaustive dynamic program over every segmentation.
struct RowPlan {
    std::uint64_t starts = 0;  // bit i: a run starts at pixel i
    std::uint64_t copied = 0;  // bit i: pixel i goes into a copy record
    std::uint64_t records = 0; // bit i: a record starts at pixel i
};

// Bytes of the planned row's encoding.
int plannedSize(const RowPlan& plan) {
    const std::uint64_t fillStarts = plan.starts & ~plan.copied;
    const std::uint64_t copyStarts = plan.copied & ~(plan.copied << 1);
    return std::popcount(plan.copied) + std::popcount(copyStarts) + 2 * std::popcount(fillStarts);
}

RowPlan planRow(const std::uint8_t* row) {
    RowPlan plan;
    const std::uint64_t starts = runBoundaries(row) | 1u;
    const std::uint64_t ends = (starts >> 1) | (1ull << 63);       // bit i: pixel i ends its run
    const std::uint64_t single = starts & ends;                    // runs of 1 pixel
    const std::uint64_t pairStarts = starts & ~ends & (ends >> 1); // runs of exactly 2 pixels
    const std::uint64_t pairs = pairStarts | (pairStarts << 1);
    // Stretches of 2-pixel runs with a single-pixel run on the left: adding a carry at each such
    // stretch's first bit clears exactly those stretches.
    const std::uint64_t leftSeeds = pairs & ~(pairs << 1) & (single << 1);
    const std::uint64_t leftOk = pairs & ~(pairs + leftSeeds);
    // Of those, the ones with a single-pixel run on the right: spread each stretch's last bit down
    // through the stretch (a segmented prefix-or; no branches, stretches are at most 64 bits).
    std::uint64_t both = leftOk & ~(leftOk >> 1) & (single >> 1);
    if (both != 0) {
        std::uint64_t m = leftOk;
        for (int shift = 1; shift < int(kAlphaSide); shift *= 2) {
            both |= (both >> shift) & m;
            m &= m >> shift;
        }
    }
    const std::uint64_t copied = single | both;
    const std::uint64_t fillStarts = starts & ~copied;
    const std::uint64_t copyStarts = copied & ~(copied << 1);
    plan.starts = starts;
    plan.copied = copied;
    plan.records = fillStarts | copyStarts;
    return plan;
}

// Appends the planned records to `o` and returns the new end. Reads up to 16 bytes past a record's
// start (the row must be padded) and stores up to 16 bytes past the record's first payload byte (the
// output must have slack); only the record's own bytes are kept.
std::uint8_t* emitRow(const std::uint8_t* row, const RowPlan& plan, std::uint8_t* o) {
    // Bit 64 (past the row) ends the last record: shift the starts down by one so it fits in 64 bits.
    std::uint64_t ends = (plan.records >> 1) | (1ull << 63); // bit i: a record ends at pixel i
    const std::uint64_t fills = ~plan.copied;
    int pos = 0; // every row's first record starts at pixel 0
    while (ends != 0) {
        const int next = std::countr_zero(ends) + 1;
        ends &= ends - 1;
        const int len = next - pos;
        const int fill = int((fills >> pos) & 1u);
        o[0] = std::uint8_t(len | (fill << 7));
        std::memcpy(o + 1, row + pos, 16); // a fill keeps only the first of these bytes
        // Branch-free on purpose: fills and copies alternate unpredictably. Long copies are rare.
        const int copyLen = len & (fill - 1); // len for a copy, 0 for a fill
        if (copyLen > 16) {
            std::memcpy(o + 17, row + pos + 16, std::size_t(copyLen - 16));
        }
        o += 1 + fill + copyLen; // fill: header + value; copy: header + len bytes
        pos = next;
    }
    return o;
}

} // namespace

bool decodeAlpha4Bit(std::span<const std::uint8_t> in, bool doNotFix, AlphaMap& out) {
    if (in.size() < kAlpha4BitBytes) {
        out.fill(0);
        return false;
    }
    std::uint8_t* o = out.data();
    std::size_t i = 0;
#if defined(__SSE2__)
    const __m128i lowNibbles = _mm_set1_epi8(0x0F);
    for (; i + 16 <= kAlpha4BitBytes; i += 16) {
        const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(in.data() + i));
        const __m128i lo = _mm_and_si128(b, lowNibbles);
        const __m128i hi = _mm_and_si128(_mm_srli_epi16(b, 4), lowNibbles);
        // n * 17 == n | n << 4 for a nibble; the 16-bit shifts cannot carry across bytes (top bits are 0).
        const __m128i lo17 = _mm_or_si128(lo, _mm_slli_epi16(lo, 4));
        const __m128i hi17 = _mm_or_si128(hi, _mm_slli_epi16(hi, 4));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 2 * i), _mm_unpacklo_epi8(lo17, hi17));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o + 2 * i + 16), _mm_unpackhi_epi8(lo17, hi17));
    }
#else
    for (; i < kAlpha4BitBytes; ++i) {
        const std::uint16_t p = kNibbles.pair[in[i]];
        std::memcpy(o + 2 * i, &p, 2); // little-endian: low nibble's value first
    }
#endif
    if (!doNotFix) {
        // 63x63 map: the last column and row repeat their neighbours.
        for (std::size_t y = 0; y < kAlphaSide - 1; ++y) {
            o[y * kAlphaSide + 63] = o[y * kAlphaSide + 62];
        }
        std::memcpy(o + 63 * kAlphaSide, o + 62 * kAlphaSide, kAlphaSide);
    }
    return true;
}

void encodeAlpha4Bit(const AlphaMap& in, bool doNotFix, std::vector<std::uint8_t>& out) {
    const std::size_t at = out.size();
    out.resize(at + kAlpha4BitBytes);
    std::uint8_t* o = out.data() + at;
    const std::uint8_t* p = in.data();
    std::size_t i = 0;
#if defined(__SSE2__)
    // Nearest nibble: (v * 15 + 127) / 255 == ((v + 8) * 241) >> 12 for every byte v (checked by the test).
    const __m128i lowBytes = _mm_set1_epi16(0x00FF);
    const __m128i eight = _mm_set1_epi16(8);
    const __m128i scale = _mm_set1_epi16(241);
    auto pack16 = [&](const std::uint8_t* src) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src));
        const __m128i even = _mm_and_si128(v, lowBytes); // pixel 2j, in 16-bit lane j
        const __m128i odd = _mm_srli_epi16(v, 8);        // pixel 2j + 1
        const __m128i qe = _mm_srli_epi16(_mm_mullo_epi16(_mm_add_epi16(even, eight), scale), 12);
        const __m128i qo = _mm_srli_epi16(_mm_mullo_epi16(_mm_add_epi16(odd, eight), scale), 12);
        return _mm_or_si128(qe, _mm_slli_epi16(qo, 4)); // one output byte per 16-bit lane
    };
    for (; i + 16 <= kAlpha4BitBytes; i += 16) {
        const __m128i a = pack16(p + 2 * i);
        const __m128i b = pack16(p + 2 * i + 16);
        _mm_storeu_si128(reinterpret_cast<__m128i*>(o + i), _mm_packus_epi16(a, b));
    }
#else
    for (; i < kAlpha4BitBytes; ++i) {
        o[i] = std::uint8_t(kQuantize.nibble[p[2 * i]] | (kQuantize.nibble[p[2 * i + 1]] << 4));
    }
#endif
    if (!doNotFix) {
        // 63x63 map: store column 63 and row 63 as copies of 62, as the client shows them.
        for (std::size_t y = 0; y < kAlphaSide - 1; ++y) {
            std::uint8_t& last = o[y * 32 + 31]; // pixels 62 (low nibble) and 63 (high nibble)
            last = std::uint8_t((last & 0x0F) | (last << 4));
        }
        std::memcpy(o + 63 * 32, o + 62 * 32, 32);
    }
}

bool decodeAlpha8Bit(std::span<const std::uint8_t> in, AlphaMap& out) {
    if (in.size() < kAlpha8BitBytes) {
        out.fill(0);
        return false;
    }
    std::memcpy(out.data(), in.data(), kAlpha8BitBytes);
    return true;
}

void encodeAlpha8Bit(const AlphaMap& in, std::vector<std::uint8_t>& out) {
    out.insert(out.end(), in.begin(), in.end());
}

RleDecodeResult decodeAlphaRle(std::span<const std::uint8_t> in, AlphaMap& out) {
    RleDecodeResult r;
    std::uint8_t* const dst = out.data();
    const std::uint8_t* const src = in.data();
    const std::size_t size = in.size();
    std::size_t o = 0; // pixels written
    std::size_t i = 0; // bytes read
#if defined(__SSE2__)
    // Fast path, free of unpredictable branches, while a whole record (up to 127 pixels) fits in the
    // map and its payload in the input: each record stores 16 pixels of either its fill value or its
    // payload; later records overwrite what lies past its end. The checked loop below finishes.
    while (o + 128 <= kAlphaPixels && size - i >= 129 && i < size) {
        const std::uint8_t header = src[i];
        const std::size_t count = header & 0x7F;
        const bool fill = (header & kFillBit) != 0;
        const __m128i mask = _mm_set1_epi8(char(fill ? 0xFF : 0));
        const __m128i fillValue = _mm_set1_epi8(char(src[i + 1]));
        const __m128i payload = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 1));
        const __m128i v = _mm_or_si128(_mm_and_si128(mask, fillValue), _mm_andnot_si128(mask, payload));
        _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + o), v);
        if (count > 16) {
            for (std::size_t k = 16; k < count; k += 16) {
                const __m128i more = _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + 1 + k));
                _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + o + k),
                                 _mm_or_si128(_mm_and_si128(mask, fillValue), _mm_andnot_si128(mask, more)));
            }
        }
        r.crossedRow |= (o % kAlphaSide) + count > kAlphaSide;
        // An empty record is its header alone (a fill's value byte is not consumed).
        i += 1 + (count == 0 ? 0 : (fill ? 1 : count));
        o += count;
    }
#endif
    while (o < kAlphaPixels) {
        if (i >= size) {
            r.truncated = true;
            break;
        }
        const std::uint8_t header = src[i++];
        const std::size_t count = header & 0x7F;
        if (count == 0) {
            continue; // an empty record: consumed, writes nothing
        }
        std::size_t n = count;
        if (n > kAlphaPixels - o) {
            n = kAlphaPixels - o;
            r.overran = true;
        }
        if ((o % kAlphaSide) + count > kAlphaSide) {
            r.crossedRow = true;
        }
        // Whole 16-byte blocks when they stay inside the map (and, for copies, inside the input).
        const std::size_t blocks = (n + 15) & ~std::size_t(15);
        const bool wide = o + blocks <= kAlphaPixels;
        if (header & kFillBit) {
            if (i >= size) {
                r.truncated = true;
                break;
            }
            const std::uint8_t value = src[i++];
#if defined(__SSE2__)
            if (wide) {
                const __m128i v = _mm_set1_epi8(char(value));
                for (std::size_t k = 0; k < n; k += 16) {
                    _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + o + k), v);
                }
            } else {
                std::memset(dst + o, value, n);
            }
#else
            std::memset(dst + o, value, n);
#endif
            o += n;
            continue;
        }
        const std::size_t avail = size - i;
        if (avail < count) {
            // The record's payload is cut short: keep what is there.
            const std::size_t m = std::min(n, avail);
            std::memcpy(dst + o, src + i, m);
            o += m;
            i = size;
            r.truncated = true;
            break;
        }
#if defined(__SSE2__)
        if (wide && avail >= blocks) {
            for (std::size_t k = 0; k < n; k += 16) {
                _mm_storeu_si128(reinterpret_cast<__m128i*>(dst + o + k),
                                 _mm_loadu_si128(reinterpret_cast<const __m128i*>(src + i + k)));
            }
        } else {
            std::memcpy(dst + o, src + i, n);
        }
#else
        std::memcpy(dst + o, src + i, n);
#endif
        o += n;
        i += count;
    }
    if (o < kAlphaPixels) {
        std::memset(dst + o, 0, kAlphaPixels - o);
    }
    r.consumed = i;
    r.complete = o == kAlphaPixels;
    return r;
}

void encodeAlphaRle(const AlphaMap& in, std::vector<std::uint8_t>& out) {
    // Worst case: 64 rows of one copy-64 record (65 bytes each), plus the emitter's store slack.
    std::uint8_t buffer[kAlphaSide * (kAlphaSide + 1) + 16];
    std::uint8_t* o = buffer;
    // Rows are read in place (copying them first would stall store-to-load forwarding); the emitter
    // reads 16 bytes past a record's start, so only the last row goes through a padded copy.
    for (std::size_t y = 0; y + 1 < kAlphaSide; ++y) {
        const std::uint8_t* row = in.data() + y * kAlphaSide;
        o = emitRow(row, planRow(row), o);
    }
    std::uint8_t last[kAlphaSide + 16] = {};
    std::memcpy(last, in.data() + (kAlphaSide - 1) * kAlphaSide, kAlphaSide);
    o = emitRow(last, planRow(last), o);
    out.insert(out.end(), buffer, o);
}

std::size_t rleRowMinimumSize(std::span<const std::uint8_t, kAlphaSide> row) {
    return std::size_t(plannedSize(planRow(row.data())));
}

} // namespace mapsmith::io
