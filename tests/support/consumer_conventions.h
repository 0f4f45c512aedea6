#pragma once
// Map files in the conventions other editors write, built from the corpus for the consumer checks and
// `repair` (tests/unit/io/test_consumer_checks.cpp, tests/unit/core/test_repair.cpp, the CLI tests): each
// function takes a file (or tile) that every consumer accepts and returns it with one convention or one
// fault, changed byte by byte where the writer would not produce it. Places are found from the file's
// own chunk list (MCIN entries, MHDR offsets), never hard-coded beyond what the spec fixes.

#include "io/adt/adt.h"
#include "io/binary/fourcc.h"
#include "support/test_bytes.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace mapsmith::tests {

inline constexpr std::size_t kMcinData = 0x5C; // MCIN's data: 256 entries of offset, size, flags, asyncId
inline constexpr std::size_t kMhdrData = 0x14; // MHDR offsets count from here

// Offset of MCNK i's chunk header, from its MCIN entry.
inline std::size_t mcnkAt(const Bytes& adt, std::size_t i) {
    return getU32(adt, kMcinData + 16 * i);
}
// Offset of header word `word` of MCNK i (word 0: flags).
inline std::size_t mcnkWordAt(const Bytes& adt, std::size_t i, std::size_t word) {
    return mcnkAt(adt, i) + 8 + 4 * word;
}

// Every MCIN size without the MCNK's 8-byte header (a convention of other editors; no consumer reads it).
inline Bytes mcinSizesWithoutHeader(Bytes adt) {
    for (std::size_t i = 0; i < 256; ++i) {
        putU32(adt, kMcinData + 16 * i + 4, getU32(adt, kMcinData + 16 * i + 4) - 8);
    }
    return adt;
}

// A 12-byte chunk "ZZZZ".
inline Bytes zzzzChunk() {
    Bytes z;
    appendText(z, "ZZZZ", 4);
    appendU32(z, 4);
    appendU32(z, 0x01020304);
    return z;
}

// A "ZZZZ" chunk right before MCIN, which now starts at 0x60: the MHDR offsets and MCIN entries move with
// the chunks (readers following MHDR find everything; the extractors' fixed 0x54 does not).
inline Bytes chunkBeforeMcin(Bytes adt) {
    const Bytes z = zzzzChunk();
    const auto shift = std::uint32_t(z.size());
    adt.insert(adt.begin() + 0x54, z.begin(), z.end());
    for (std::size_t slot = 1; slot <= 11; ++slot) { // every chunk MHDR names lies behind 0x54
        const std::size_t field = kMhdrData + 4 * slot;
        if (const std::uint32_t ofs = getU32(adt, field); ofs != 0) {
            putU32(adt, field, ofs + shift);
        }
    }
    for (std::size_t i = 0; i < 256; ++i) {
        const std::size_t field = kMcinData + shift + 16 * i;
        putU32(adt, field, getU32(adt, field) + shift);
    }
    return adt;
}

// A "ZZZZ" chunk between MVER and MHDR (nothing moved: every consumer looks for MHDR at 0x0C).
inline Bytes chunkBeforeMhdr(Bytes adt) {
    const Bytes z = zzzzChunk();
    adt.insert(adt.begin() + 0x0C, z.begin(), z.end());
    return adt;
}

// The last MCNK's `id` sub-chunk `extra` bytes longer (zeros appended to its data, its size field, the
// MCNK's size, MCIN's size and the header offsets of the sub-chunks after it moved along). The last MCNK
// must be the file's last chunk (true of the corpus tile Azeroth_38_46).
inline Bytes lastMcnkSubchunkGrown(Bytes adt, io::FourCC id, std::uint32_t extra) {
    const std::size_t mcnk = mcnkAt(adt, 255);
    const std::size_t data = mcnk + 8;
    std::size_t at = data + 128;
    while (at + 8 <= adt.size()) {
        if (getU32(adt, at) == id.value) {
            break;
        }
        std::uint32_t size = getU32(adt, at + 4);
        if (getU32(adt, at) == io::chunk::MCNR.value && size == 435) {
            size = 448; // WotLK's padding after the normals
        }
        at += 8 + size;
    }
    const std::size_t end = at + 8 + getU32(adt, at + 4);
    adt.insert(adt.begin() + std::ptrdiff_t(end), extra, std::byte{0});
    putU32(adt, at + 4, getU32(adt, at + 4) + extra);
    putU32(adt, mcnk + 4, getU32(adt, mcnk + 4) + extra);
    putU32(adt, kMcinData + 16 * 255 + 4, getU32(adt, kMcinData + 16 * 255 + 4) + extra);
    const std::uint32_t rel = std::uint32_t(at - mcnk);
    for (const std::size_t word : {5u, 6u, 7u, 8u, 9u, 11u, 22u, 24u, 29u}) {
        const std::uint32_t ofs = getU32(adt, data + 4 * word);
        if (ofs > rel) {
            putU32(adt, data + 4 * word, ofs + extra);
        }
    }
    return adt;
}

// Offset of the first MH2O instance (24 bytes: type, LVF, min, max, x, y, width, height, ...).
inline std::optional<std::size_t> firstMh2oInstance(const Bytes& adt) {
    const std::uint32_t ofs = getU32(adt, kMhdrData + 4 * 10);
    if (ofs == 0) {
        return std::nullopt;
    }
    const std::size_t data = kMhdrData + ofs + 8;
    for (std::size_t c = 0; c < 256; ++c) {
        if (getU32(adt, data + 12 * c + 4) != 0) {
            return data + getU32(adt, data + 12 * c);
        }
    }
    return std::nullopt;
}

// The top-level chunks of a WDT-like file as (id, offset, size).
struct TopChunk {
    io::FourCC id;
    std::size_t offset = 0;
    std::uint32_t size = 0;
};
inline std::vector<TopChunk> topChunks(const Bytes& file) {
    std::vector<TopChunk> out;
    std::size_t at = 0;
    while (at + 8 <= file.size()) {
        const std::uint32_t size = getU32(file, at + 4);
        out.push_back({io::FourCC(getU32(file, at)), at, size});
        at += 8 + size;
    }
    return out;
}

// A WDT without its `id` chunk.
inline Bytes wdtWithout(const Bytes& wdt, io::FourCC id) {
    Bytes out;
    for (const TopChunk& c : topChunks(wdt)) {
        if (c.id != id) {
            out.insert(out.end(), wdt.begin() + std::ptrdiff_t(c.offset),
                       wdt.begin() + std::ptrdiff_t(c.offset + 8 + c.size));
        }
    }
    return out;
}

// A WDT with a 4-byte chunk "ZZZZ" right after its `after` chunk.
inline Bytes wdtWithChunkAfter(const Bytes& wdt, io::FourCC after) {
    Bytes out;
    for (const TopChunk& c : topChunks(wdt)) {
        out.insert(out.end(), wdt.begin() + std::ptrdiff_t(c.offset),
                   wdt.begin() + std::ptrdiff_t(c.offset + 8 + c.size));
        if (c.id == after) {
            const Bytes z = zzzzChunk();
            out.insert(out.end(), z.begin(), z.end());
        }
    }
    return out;
}

} // namespace mapsmith::tests
