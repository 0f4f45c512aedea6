#pragma once
// The tests' own account of a server .map file, independent of io/server_map: readMapFile() reads the
// bytes field by field from the offsets in the header, and checkAgainstRules() derives, for each field,
// what the 3.3.5 extractors' rules make of a tile (AzerothCore System.cpp at 8d5a47d9, TrinityCore 3.3.5
// System.cpp, as README "Shipping a map" sums them up) and lists every field that differs. The
// derivation asks, for each value of the file, which data of the tile it comes from (the chunk that
// last writes a lattice point, the liquid that covers a cell), where the writer replays the extractors'
// loops; so the two are written from the rules separately.

#include "io/adt/adt.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::tests {

// What a .map file holds, as read from its bytes.
struct MapFileView {
    std::string problem; // why the bytes could not be read; empty when they were
    std::string magic, areaMagic, heightMagic, liquidMagic;
    std::uint32_t version = 0, build = 0;
    std::uint32_t areaOffset = 0, areaSize = 0, heightOffset = 0, heightSize = 0;
    std::uint32_t liquidOffset = 0, liquidSize = 0, holesOffset = 0, holesSize = 0;
    std::uint16_t areaFlags = 0, gridArea = 0;
    std::vector<std::uint16_t> areaIds; // 256 or empty
    std::uint32_t heightFlags = 0;
    float minHeight = 0.0f, maxHeight = 0.0f;
    std::vector<float> v9f, v8f;         // float storage
    std::vector<std::uint32_t> v9i, v8i; // u8/u16 storage, widened
    std::optional<std::array<std::int16_t, 18>> flight;
    bool hasLiquid = false;
    std::uint8_t liquidFlags = 0, liquidHeaderFlags = 0;
    std::uint16_t liquidType = 0;
    std::uint8_t offX = 0, offY = 0, width = 0, height = 0;
    float liquidLevel = 0.0f;
    std::vector<std::uint16_t> liquidEntries;  // 256 or empty
    std::vector<std::uint8_t> liquidCellFlags; // 256 or empty
    std::vector<float> liquidLevels;           // width * height or empty
    std::vector<std::uint16_t> holes;          // 256 or empty
    std::size_t fileSize = 0;
};

namespace map_reference_detail {

template <class T> bool take(std::span<const std::byte> b, std::size_t& at, T& v) {
    if (at + sizeof(T) > b.size()) {
        return false;
    }
    std::memcpy(&v, b.data() + at, sizeof(T));
    at += sizeof(T);
    return true;
}

inline bool takeMagic(std::span<const std::byte> b, std::size_t& at, std::string& out) {
    if (at + 4 > b.size()) {
        return false;
    }
    out.assign(reinterpret_cast<const char*>(b.data() + at), 4);
    at += 4;
    return true;
}

template <class T> bool takeMany(std::span<const std::byte> b, std::size_t& at, std::size_t n, auto& out) {
    out.resize(n);
    for (std::size_t i = 0; i < n; ++i) {
        T v{};
        if (!take(b, at, v)) {
            return false;
        }
        out[i] = v;
    }
    return true;
}

} // namespace map_reference_detail

inline MapFileView readMapFile(std::span<const std::byte> b) {
    using namespace map_reference_detail;
    MapFileView f;
    f.fileSize = b.size();
    std::size_t at = 0;
    if (!takeMagic(b, at, f.magic) || !take(b, at, f.version) || !take(b, at, f.build) ||
        !take(b, at, f.areaOffset) || !take(b, at, f.areaSize) || !take(b, at, f.heightOffset) ||
        !take(b, at, f.heightSize) || !take(b, at, f.liquidOffset) || !take(b, at, f.liquidSize) ||
        !take(b, at, f.holesOffset) || !take(b, at, f.holesSize)) {
        f.problem = "header cut short";
        return f;
    }
    at = f.areaOffset;
    if (!takeMagic(b, at, f.areaMagic) || !take(b, at, f.areaFlags) || !take(b, at, f.gridArea)) {
        f.problem = "area header cut short";
        return f;
    }
    if (!(f.areaFlags & 1) && !takeMany<std::uint16_t>(b, at, 256, f.areaIds)) {
        f.problem = "area ids cut short";
        return f;
    }
    at = f.heightOffset;
    if (!takeMagic(b, at, f.heightMagic) || !take(b, at, f.heightFlags) || !take(b, at, f.minHeight) ||
        !take(b, at, f.maxHeight)) {
        f.problem = "height header cut short";
        return f;
    }
    if (!(f.heightFlags & 1)) {
        bool ok = true;
        if (f.heightFlags & 2) {
            ok = takeMany<std::uint16_t>(b, at, 129 * 129, f.v9i) &&
                 takeMany<std::uint16_t>(b, at, 128 * 128, f.v8i);
        } else if (f.heightFlags & 4) {
            ok = takeMany<std::uint8_t>(b, at, 129 * 129, f.v9i) &&
                 takeMany<std::uint8_t>(b, at, 128 * 128, f.v8i);
        } else {
            ok = takeMany<float>(b, at, 129 * 129, f.v9f) && takeMany<float>(b, at, 128 * 128, f.v8f);
        }
        if (!ok) {
            f.problem = "height lattices cut short";
            return f;
        }
    }
    if (f.heightFlags & 8) {
        std::array<std::int16_t, 18> planes{};
        for (auto& v : planes) {
            if (!take(b, at, v)) {
                f.problem = "flight bounds cut short";
                return f;
            }
        }
        f.flight = planes;
    }
    if (f.liquidOffset != 0) {
        f.hasLiquid = true;
        at = f.liquidOffset;
        if (!takeMagic(b, at, f.liquidMagic) || !take(b, at, f.liquidHeaderFlags) ||
            !take(b, at, f.liquidFlags) || !take(b, at, f.liquidType) || !take(b, at, f.offX) ||
            !take(b, at, f.offY) || !take(b, at, f.width) || !take(b, at, f.height) ||
            !take(b, at, f.liquidLevel)) {
            f.problem = "liquid header cut short";
            return f;
        }
        if (!(f.liquidHeaderFlags & 1) && (!takeMany<std::uint16_t>(b, at, 256, f.liquidEntries) ||
                                           !takeMany<std::uint8_t>(b, at, 256, f.liquidCellFlags))) {
            f.problem = "liquid types cut short";
            return f;
        }
        if (!(f.liquidHeaderFlags & 2) &&
            !takeMany<float>(b, at, std::size_t(f.width) * f.height, f.liquidLevels)) {
            f.problem = "liquid levels cut short";
            return f;
        }
    }
    if (f.holesSize != 0) {
        at = f.holesOffset;
        if (!takeMany<std::uint16_t>(b, at, 256, f.holes)) {
            f.problem = "holes cut short";
            return f;
        }
    }
    return f;
}

// LiquidType.dbc 3.3.5a Type (0 water, 1 ocean, 2 magma, 3 slime) of the ids the tests use, from the
// table's public dumps; the tests never use another id except to see it refused.
inline std::optional<int> testLiquidKind(std::uint16_t id) {
    static const std::map<std::uint16_t, int> kinds = {{1, 0},  {2, 1},  {3, 2},   {4, 3},   {5, 0},  {14, 1},
                                                       {15, 2}, {21, 3}, {100, 1}, {141, 2}, {181, 0}};
    const auto it = kinds.find(id);
    return it == kinds.end() ? std::nullopt : std::optional<int>(it->second);
}

namespace map_reference_detail {

inline const io::MapChunk& chunkAt(const io::Adt& adt, int row, int col) {
    return adt.chunks[std::size_t(row * 16 + col)];
}

// A chunk's MCLQ counts when its payload is not empty (the extractors skip sizeLiquid <= 8).
inline bool mclqUsed(const io::MapChunk& c) {
    return c.mclq && !c.mclq->empty();
}
inline std::uint8_t mclqFlag(const io::MapChunk& c, int y, int x) {
    return std::uint8_t((*c.mclq)[std::size_t(8 + 81 * 8 + y * 8 + x)]);
}
inline float mclqLevel(const io::MapChunk& c, int y, int x) {
    float v = 0.0f;
    std::memcpy(&v, c.mclq->data() + 8 + (y * 9 + x) * 8 + 4, 4);
    return v;
}
inline const io::LiquidInstance* firstInstance(const io::Adt& adt, int row, int col) {
    if (!adt.liquids) {
        return nullptr;
    }
    const auto& lc = adt.liquids->chunks[std::size_t(row * 16 + col)];
    return lc.instances.empty() ? nullptr : &lc.instances.front();
}

// Outer lattice point (r, c) belongs, in the file, to the last chunk in row-major order that has it:
// the one whose rows/columns start there, except on the tile's south and east edges.
inline float outerHeight(const io::Adt& adt, int r, int c) {
    const int row = std::min(r / 8, 15);
    const int col = std::min(c / 8, 15);
    const io::MapChunk& ch = chunkAt(adt, row, col);
    return ch.position.z + ch.heights[std::size_t((r - 8 * row) * 17 + (c - 8 * col))];
}
inline float innerHeight(const io::Adt& adt, int r, int c) {
    const io::MapChunk& ch = chunkAt(adt, r / 8, c / 8);
    return ch.position.z + ch.heights[std::size_t((r % 8) * 17 + 9 + (c % 8))];
}

inline bool cellShown(const io::Adt& adt, int r, int c) {
    const int row = r / 8, col = c / 8, y = r % 8, x = c % 8;
    const io::MapChunk& ch = chunkAt(adt, row, col);
    if (mclqUsed(ch) && mclqFlag(ch, y, x) != 0x0F) {
        return true;
    }
    const io::LiquidInstance* in = firstInstance(adt, row, col);
    if (!in || x < in->xOffset || x >= in->xOffset + in->width || y < in->yOffset ||
        y >= in->yOffset + in->height) {
        return false;
    }
    const int bit = (y - in->yOffset) * in->width + (x - in->xOffset);
    return !in->existsBitmap || (((*in->existsBitmap)[std::size_t(bit / 8)] >> (bit % 8)) & 1) != 0;
}

// The level the extractors leave at lattice point (r, c): MH2O (read last) of the last chunk covering it,
// else the MCLQ of the last chunk having one there, else nothing (nullopt: 0 in a first tile).
inline std::optional<float> pointLevel(const io::Adt& adt, int r, int c) {
    std::optional<float> fromMclq;
    std::optional<float> fromMh2o;
    for (int row = std::max(0, (r - 1) / 8); row <= std::min(15, r / 8); ++row) {
        for (int col = std::max(0, (c - 1) / 8); col <= std::min(15, c / 8); ++col) {
            const int y = r - 8 * row, x = c - 8 * col;
            if (y < 0 || y > 8 || x < 0 || x > 8) {
                continue;
            }
            const io::MapChunk& ch = chunkAt(adt, row, col);
            if (mclqUsed(ch)) {
                fromMclq = mclqLevel(ch, y, x);
            }
            const io::LiquidInstance* in = firstInstance(adt, row, col);
            if (in && x >= in->xOffset && x <= in->xOffset + in->width && y >= in->yOffset &&
                y <= in->yOffset + in->height) {
                const bool levels = in->vertexFormat && in->liquidObjectOrLvf <= 1;
                const std::size_t k = std::size_t((y - in->yOffset) * (in->width + 1) + (x - in->xOffset));
                fromMh2o = levels ? in->heights[k] : 0.0f;
            }
        }
    }
    return fromMh2o ? fromMh2o : fromMclq;
}

// A chunk's liquid type id and liquid flags (water 1, ocean 2, magma 4, slime 8, dark 0x10).
inline std::pair<std::uint16_t, std::uint8_t> chunkLiquid(const io::Adt& adt, int row, int col) {
    std::uint16_t entry = 0;
    std::uint8_t flags = 0;
    const io::MapChunk& ch = chunkAt(adt, row, col);
    if (mclqUsed(ch)) {
        for (int y = 0; y < 8; ++y) {
            for (int x = 0; x < 8; ++x) {
                if (mclqFlag(ch, y, x) & 0x80) {
                    flags |= 0x10;
                }
            }
        }
        // River, ocean, magma in that order; the last one set names the type. Slime is not read.
        if (ch.flags & 0x4) {
            entry = 1;
            flags |= 0x01;
        }
        if (ch.flags & 0x8) {
            entry = 2;
            flags |= 0x02;
        }
        if (ch.flags & 0x10) {
            entry = 3;
            flags |= 0x04;
        }
    }
    if (const io::LiquidInstance* in = firstInstance(adt, row, col)) {
        entry = in->liquidType;
        const int kind = testLiquidKind(in->liquidType).value_or(-1);
        flags |= kind == 0 ? 0x01 : kind == 1 ? 0x02 : kind == 2 ? 0x04 : kind == 3 ? 0x08 : 0;
        const auto& lc = adt.liquids->chunks[std::size_t(row * 16 + col)];
        const std::uint64_t deep = lc.attributes ? lc.attributes->deep : ~std::uint64_t(0);
        if (kind == 1 && deep != 0) {
            flags |= 0x10;
        }
    }
    return {entry, flags};
}

struct Mismatches {
    std::vector<std::string> list;
    template <class A, class B> void check(const std::string& what, const A& got, const B& expected) {
        if (!(got == expected)) {
            list.push_back(what + ": file has " + std::to_string(got) + ", rules give " +
                           std::to_string(expected));
        }
    }
    void note(const std::string& what) { list.push_back(what); }
};

// Float fields compare bit for bit (the same float, or both the same NaN).
inline bool sameFloat(float a, float b) {
    std::uint32_t x = 0, y = 0;
    std::memcpy(&x, &a, 4);
    std::memcpy(&y, &b, 4);
    return x == y;
}

} // namespace map_reference_detail

// Every field of `file` that is not what the extractors' rules make of `adt` for version `version`
// (9 AzerothCore, 10 TrinityCore) and `build`; empty when all agree. Stops listing after 20.
inline std::vector<std::string> checkAgainstRules(const MapFileView& file, const io::Adt& adt,
                                                  std::uint32_t version, std::uint32_t build = 12340) {
    using namespace map_reference_detail;
    Mismatches m;
    if (!file.problem.empty()) {
        return {"the file cannot be read: " + file.problem};
    }
    m.check("magic is MAPS", int(file.magic == "MAPS"), 1);
    m.check("version", file.version, version);
    m.check("build", file.build, build);

    // Area: one id when all 256 (as u16) agree.
    bool oneArea = true;
    for (const auto& c : adt.chunks) {
        oneArea = oneArea && std::uint16_t(c.areaId) == std::uint16_t(adt.chunks[0].areaId);
    }
    m.check("area section at", file.areaOffset, 44u);
    m.check("area size", file.areaSize, oneArea ? 8u : 8u + 512u);
    m.check("AREA magic", int(file.areaMagic == "AREA"), 1);
    m.check("area flags", file.areaFlags, oneArea ? 1 : 0);
    m.check("grid area", file.gridArea, oneArea ? std::uint16_t(adt.chunks[0].areaId) : 0);
    for (std::size_t i = 0; !oneArea && i < 256 && i < file.areaIds.size(); ++i) {
        m.check("area id of chunk " + std::to_string(i), file.areaIds[i],
                std::uint16_t(adt.chunks[i].areaId));
    }

    // Heights: the range over both lattices, floored at -500 yd.
    float lo = 20000.0f, hi = -20000.0f;
    for (int r = 0; r <= 128; ++r) {
        for (int c = 0; c <= 128; ++c) {
            lo = std::min(lo, outerHeight(adt, r, c));
            hi = std::max(hi, outerHeight(adt, r, c));
        }
    }
    for (int r = 0; r < 128; ++r) {
        for (int c = 0; c < 128; ++c) {
            lo = std::min(lo, innerHeight(adt, r, c));
            hi = std::max(hi, innerHeight(adt, r, c));
        }
    }
    const bool floored = lo < -500.0f;
    if (floored) {
        lo = -500.0f;
        hi = std::max(hi, -500.0f);
    }
    const float range = hi - lo;
    const bool flat = range < 0.005f;
    const int bits = flat ? 0 : range < 2.0f ? 8 : range < 2048.0f ? 16 : 32;
    const bool flight = adt.flightBounds && (adt.headerFlags & 1);
    const std::uint32_t lattice = 129 * 129 + 128 * 128;
    const std::uint32_t heightSize = 16 +
                                     (bits == 8    ? lattice
                                      : bits == 16 ? 2 * lattice
                                      : bits == 32 ? 4 * lattice
                                                   : 0) +
                                     (flight ? 36 : 0);
    m.check("height section at", file.heightOffset, file.areaOffset + file.areaSize);
    m.check("height size", file.heightSize, heightSize);
    m.check("MHGT magic", int(file.heightMagic == "MHGT"), 1);
    const std::uint32_t heightFlags =
        (flat ? 1u : 0u) | (bits == 16 ? 2u : 0u) | (bits == 8 ? 4u : 0u) | (flight ? 8u : 0u);
    m.check("height flags", file.heightFlags, heightFlags);
    m.check("min height", int(sameFloat(file.minHeight, lo)), 1);
    m.check("max height", int(sameFloat(file.maxHeight, hi)), 1);
    const auto checkPoint = [&](const std::string& what, float expected, std::size_t i, bool outer) {
        const float h = floored && expected < -500.0f ? -500.0f : expected;
        if (bits == 32) {
            const auto& v = outer ? file.v9f : file.v8f;
            if (i < v.size() && !sameFloat(v[i], h)) {
                m.note(what + ": file has " + std::to_string(v[i]) + ", rules give " + std::to_string(h));
            }
        } else if (bits != 0) {
            const auto& v = outer ? file.v9i : file.v8i;
            const float steps = bits == 8 ? 255.0f : 65535.0f;
            // (height - min) in steps of range/255 or range/65535, rounded half up.
            const auto expectedSteps = std::uint32_t((h - lo) * (steps / range) + 0.5f);
            if (i < v.size()) {
                m.check(what, v[i], expectedSteps);
                // And the value decodes to within one step of the height.
                if (std::fabs(lo + float(v[i]) * range / steps - h) > range / steps) {
                    m.note(what + " decodes too far from " + std::to_string(h));
                }
            }
        }
    };
    for (int r = 0; r <= 128 && m.list.size() < 20; ++r) {
        for (int c = 0; c <= 128; ++c) {
            checkPoint("outer height (" + std::to_string(r) + ", " + std::to_string(c) + ")",
                       outerHeight(adt, r, c), std::size_t(r * 129 + c), true);
        }
    }
    for (int r = 0; r < 128 && m.list.size() < 20; ++r) {
        for (int c = 0; c < 128; ++c) {
            checkPoint("inner height (" + std::to_string(r) + ", " + std::to_string(c) + ")",
                       innerHeight(adt, r, c), std::size_t(r * 128 + c), false);
        }
    }
    m.check("flight bounds present", int(file.flight.has_value()), int(flight));
    if (flight && file.flight) {
        for (int i = 0; i < 18; ++i) {
            m.check("flight bound " + std::to_string(i), (*file.flight)[std::size_t(i)],
                    (*adt.flightBounds)[std::size_t(i)]);
        }
    }

    // Liquid: per chunk type and flags; a section unless every chunk has type 0 and flags 0.
    std::array<std::pair<std::uint16_t, std::uint8_t>, 256> liquid{};
    for (int i = 0; i < 256; ++i) {
        liquid[std::size_t(i)] = chunkLiquid(adt, i / 16, i % 16);
    }
    const bool oneType =
        std::all_of(liquid.begin(), liquid.end(), [&](const auto& l) { return l == liquid[0]; });
    const bool hasLiquid = !oneType || liquid[0].second != 0;
    m.check("liquid section present", int(file.hasLiquid), int(hasLiquid));
    std::uint32_t liquidSize = 0;
    if (hasLiquid && file.hasLiquid) {
        int minX = 255, minY = 255, maxX = 0, maxY = 0;
        float levelHi = -20000.0f, levelLo = 20000.0f;
        bool anyHidden = false;
        for (int r = 0; r < 128; ++r) {
            for (int c = 0; c < 128; ++c) {
                if (!cellShown(adt, r, c)) {
                    anyHidden = true;
                    continue;
                }
                minX = std::min(minX, c);
                maxX = std::max(maxX, c);
                minY = std::min(minY, r);
                maxY = std::max(maxY, r);
                const float level = pointLevel(adt, r, c).value_or(0.0f);
                levelHi = std::max(levelHi, level);
                levelLo = std::min(levelLo, level);
            }
        }
        if (anyHidden) {
            levelLo = std::min(levelLo, -500.0f);
        }
        const bool liquidFlat = levelHi - levelLo < 0.001f;
        const auto width = std::uint8_t(maxX - minX + 2);
        const auto height = std::uint8_t(maxY - minY + 2);
        m.check("liquid section at", file.liquidOffset, file.heightOffset + file.heightSize);
        liquidSize = 16 + (oneType ? 0u : 768u) + (liquidFlat ? 0u : 4u * width * height);
        m.check("liquid size", file.liquidSize, liquidSize);
        m.check("MLIQ magic", int(file.liquidMagic == "MLIQ"), 1);
        m.check("liquid header flags", file.liquidHeaderFlags, (oneType ? 1 : 0) | (liquidFlat ? 2 : 0));
        m.check("liquid flags (header)", file.liquidFlags, oneType ? liquid[0].second : 0);
        m.check("liquid type (header)", file.liquidType, oneType ? liquid[0].first : 0);
        m.check("liquid offset x", file.offX, std::uint8_t(minX));
        m.check("liquid offset y", file.offY, std::uint8_t(minY));
        m.check("liquid width", file.width, width);
        m.check("liquid height", file.height, height);
        m.check("liquid level", int(sameFloat(file.liquidLevel, levelLo)), 1);
        for (std::size_t i = 0; !oneType && i < 256 && i < file.liquidEntries.size(); ++i) {
            m.check("liquid type of chunk " + std::to_string(i), file.liquidEntries[i], liquid[i].first);
            m.check("liquid flags of chunk " + std::to_string(i), file.liquidCellFlags[i], liquid[i].second);
        }
        for (int y = 0; !liquidFlat && y < height && m.list.size() < 20; ++y) {
            for (int x = 0; x < width; ++x) {
                const int r = y + minY, c = x + minX;
                // Cells of the 128 x 128 grid: their level when shown, else -500; the extra row and
                // column: what the liquid left there.
                float expected = 0.0f;
                if (r < 128 && c < 128) {
                    expected = cellShown(adt, r, c) ? pointLevel(adt, r, c).value_or(0.0f) : -500.0f;
                } else {
                    expected = pointLevel(adt, r, c).value_or(0.0f);
                }
                const std::size_t i = std::size_t(y * width + x);
                if (i < file.liquidLevels.size() && !sameFloat(file.liquidLevels[i], expected)) {
                    m.note("liquid level (" + std::to_string(r) + ", " + std::to_string(c) + "): file has " +
                           std::to_string(file.liquidLevels[i]) + ", rules give " + std::to_string(expected));
                }
            }
        }
    } else {
        m.check("liquid offset", file.liquidOffset, 0u);
        m.check("liquid size", file.liquidSize, 0u);
    }

    // Holes: the low-resolution masks, when any chunk's hole word (with the 16 bits after it) is set.
    bool hasHoles = false;
    for (const auto& c : adt.chunks) {
        hasHoles = hasHoles || c.holesLowRes != 0 || c.unknownButUsed != 0;
    }
    const std::uint32_t beforeHoles =
        file.hasLiquid ? file.liquidOffset + file.liquidSize : file.heightOffset + file.heightSize;
    m.check("holes at", file.holesOffset, hasHoles ? beforeHoles : 0u);
    m.check("holes size", file.holesSize, hasHoles ? 512u : 0u);
    for (std::size_t i = 0; hasHoles && i < 256 && i < file.holes.size(); ++i) {
        m.check("holes of chunk " + std::to_string(i), file.holes[i], adt.chunks[i].holesLowRes);
    }
    m.check("file size", std::uint32_t(file.fileSize), hasHoles ? beforeHoles + 512u : beforeHoles);
    if (m.list.size() > 20) {
        m.list.resize(20);
    }
    return m.list;
}

} // namespace mapsmith::tests
