// MCAL alpha map codecs. The RLE encoder solves each 64-pixel row exactly with an O(64) dynamic program.

#include "io/alpha_codec.h"

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
constexpr NibbleTable kNibbles;

// 8-bit value -> nearest nibble.
struct QuantizeTable {
    std::uint8_t nibble[256];
    constexpr QuantizeTable() : nibble{} {
        for (int v = 0; v < 256; ++v) {
            nibble[v] = std::uint8_t((v * 15 + 127) / 255);
        }
    }
};
constexpr QuantizeTable kQuantize;

constexpr std::uint8_t kFillBit = 0x80;
constexpr std::size_t kMaxRun = 64; // runs stay inside one row

bool rowIsConstant(const std::uint8_t* row) {
    std::uint64_t first;
    std::memcpy(&first, row, 8);
    if ((first & 0xFF) * 0x0101010101010101ull != first) {
        return false;
    }
    for (std::size_t i = 8; i < kAlphaSide; i += 8) {
        std::uint64_t w;
        std::memcpy(&w, row + i, 8);
        if (w != first) {
            return false;
        }
    }
    return true;
}

// Row plan over runs of equal values. Some optimal encoding cuts records only at run boundaries (moving a
// cut to the run's edge never costs more: a fill covers a whole run for 2 bytes, adjacent copies merge),
// so each run is either filled (2 bytes) or copied (its length, plus 1 per block of adjacent copied runs).
// Two-state DP per run: fillCost/copyCost = fewest bytes so far with the current run filled/copied.
struct RowPlan {
    int runs = 0;
    std::uint8_t start[kAlphaSide + 1]; // pixel where run r starts; start[runs] = 64
    bool copied[kAlphaSide];            // the decision per run
    int size = 0;                       // bytes of the row's encoding
};

// Bit i set: pixel i differs from pixel i-1 (bit 0 always clear).
std::uint64_t runBoundaries(const std::uint8_t* row) {
#if defined(__SSE2__)
    std::uint64_t equal = 0;
    for (int k = 0; k < 4; ++k) {
        const __m128i cur = _mm_loadu_si128(reinterpret_cast<const __m128i*>(row + 16 * k));
        // The previous pixel of each lane; lane 0 of the first block compares with itself.
        const __m128i prev = k == 0 ? _mm_or_si128(_mm_slli_si128(cur, 1), _mm_and_si128(cur, _mm_cvtsi32_si128(0xFF)))
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

void planRow(const std::uint8_t* row, RowPlan& plan) {
    std::uint64_t boundaries = runBoundaries(row);
    int runs = 0;
    plan.start[0] = 0;
    while (boundaries != 0) {
        plan.start[++runs] = std::uint8_t(std::countr_zero(boundaries));
        boundaries &= boundaries - 1;
    }
    plan.runs = ++runs;
    plan.start[runs] = std::uint8_t(kAlphaSide);
    // fromCopy*[r]: the best predecessor of run r's state was "copied".
    bool fillFromCopy[kAlphaSide];
    bool copyFromCopy[kAlphaSide];
    constexpr int kNever = 1 << 20;
    int fillCost = 0; // the row start behaves like a filled run: no copy block is open
    int copyCost = kNever;
    for (int r = 0; r < runs; ++r) {
        const int len = plan.start[r + 1] - plan.start[r];
        fillFromCopy[r] = copyCost < fillCost;
        copyFromCopy[r] = copyCost <= fillCost + 1;
        const int nextFill = std::min(fillCost, copyCost) + 2;
        const int nextCopy = std::min(fillCost + 1, copyCost) + len;
        fillCost = nextFill;
        copyCost = nextCopy;
    }
    bool copied = copyCost < fillCost;
    plan.size = std::min(fillCost, copyCost);
    for (int r = runs - 1; r >= 0; --r) {
        plan.copied[r] = copied;
        copied = copied ? copyFromCopy[r] : fillFromCopy[r];
    }
}

// Appends the planned records to `o`; returns the new end.
std::uint8_t* emitRow(const std::uint8_t* row, const RowPlan& plan, std::uint8_t* o) {
    int r = 0;
    while (r < plan.runs) {
        const int first = plan.start[r];
        if (!plan.copied[r]) {
            *o++ = std::uint8_t(kFillBit | (plan.start[r + 1] - first));
            *o++ = row[first];
            ++r;
            continue;
        }
        while (r < plan.runs && plan.copied[r]) {
            ++r;
        }
        const int n = plan.start[r] - first;
        *o++ = std::uint8_t(n);
        std::memcpy(o, row + first, std::size_t(n));
        o += n;
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
    for (std::size_t i = 0; i < kAlpha4BitBytes; ++i) {
        const std::uint16_t p = kNibbles.pair[in[i]];
        std::memcpy(o + 2 * i, &p, 2); // little-endian: low nibble's value first
    }
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
    for (std::size_t i = 0; i < kAlpha4BitBytes; ++i) {
        o[i] = std::uint8_t(kQuantize.nibble[p[2 * i]] | (kQuantize.nibble[p[2 * i + 1]] << 4));
    }
    if (!doNotFix) {
        // 63x63 map: store column 63 and row 63 as copies of 62, as the client shows them.
        for (std::size_t y = 0; y < kAlphaSide; ++y) {
            const std::size_t srcY = y == 63 ? 62 : y;
            const std::uint8_t* row = p + srcY * kAlphaSide;
            std::uint8_t* dst = o + y * 32;
            for (std::size_t x = 0; x < kAlphaSide; x += 2) {
                const std::uint8_t hi = x + 1 == 63 ? row[62] : row[x + 1];
                dst[x / 2] = std::uint8_t(kQuantize.nibble[row[x]] | (kQuantize.nibble[hi] << 4));
            }
        }
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
    std::size_t o = 0; // pixels written
    std::size_t i = 0; // bytes read
    while (o < kAlphaPixels) {
        if (i >= in.size()) {
            r.truncated = true;
            break;
        }
        const std::uint8_t header = in[i++];
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
        if (header & kFillBit) {
            if (i >= in.size()) {
                r.truncated = true;
                break;
            }
            std::memset(out.data() + o, in[i++], n);
            o += n;
        } else {
            const std::size_t avail = in.size() - i;
            if (avail < count) {
                const std::size_t m = std::min(n, avail);
                std::memcpy(out.data() + o, in.data() + i, m);
                o += m;
                i = in.size();
                r.truncated = true;
                break;
            }
            std::memcpy(out.data() + o, in.data() + i, n);
            o += n;
            i += count;
        }
    }
    if (o < kAlphaPixels) {
        std::memset(out.data() + o, 0, kAlphaPixels - o);
    }
    r.consumed = i;
    r.complete = o == kAlphaPixels;
    return r;
}

void encodeAlphaRle(const AlphaMap& in, std::vector<std::uint8_t>& out) {
    // Worst case: 64 rows of one copy-64 record (65 bytes each).
    std::uint8_t buffer[kAlphaSide * (kAlphaSide + 1)];
    std::uint8_t* o = buffer;
    RowPlan plan;
    for (std::size_t y = 0; y < kAlphaSide; ++y) {
        const std::uint8_t* row = in.data() + y * kAlphaSide;
        if (rowIsConstant(row)) {
            *o++ = std::uint8_t(kFillBit | kMaxRun);
            *o++ = row[0];
            continue;
        }
        planRow(row, plan);
        o = emitRow(row, plan, o);
    }
    out.insert(out.end(), buffer, o);
}

std::size_t rleRowMinimumSize(std::span<const std::uint8_t, kAlphaSide> row) {
    if (rowIsConstant(row.data())) {
        return 2;
    }
    RowPlan plan;
    planRow(row.data(), plan);
    return std::size_t(plan.size);
}

} // namespace mapsmith::io
