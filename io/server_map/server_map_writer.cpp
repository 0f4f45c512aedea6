// The packing half of the extractors' ConvertADT (AzerothCore System.cpp at 8d5a47d9, TrinityCore
// 3.3.5 System.cpp, see server_map.h): area ids folded to one when they agree, heights clamped at
// -500 yd and stored flat, as u8, u16 or f32 by their range, liquids cut to the box of shown cells.
// Arithmetic is single precision in the extractors' order, so packed values match bit for bit.

#include "io/server_map/detail/extracted_tile.h"
#include "io/server_map/server_map.h"

#include "io/binary/byte_writer.h"

#include <cmath>
#include <cstring>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::io {
namespace {

namespace sm = server_map;
using detail::ExtractedTile;
using detail::kGrid;
using detail::kLattice;

static_assert(sm::kFileHeaderSize == 11 * 4);
static_assert(sm::kAreaHeaderSize == 4 + 2 + 2);
static_assert(sm::kHeightHeaderSize == 4 + 4 + 4 + 4);
static_assert(sm::kLiquidHeaderSize == 4 + 1 + 1 + 2 + 4 * 1 + 4);
static_assert(sm::kFlightBoundsSize == 36);

void magic(ByteWriter& w, const char (&text)[5]) {
    w.bytes(std::as_bytes(std::span(text, 4)));
}

// float -> u8/u16 as the extractors' x86-64 builds convert: through a 32-bit integer (cvttss2si), so a
// value no int holds (NaN) gives 0x80000000, whose low bits are 0.
template <class T> T truncated(float v) {
    if (!(v > -2147483904.0f && v < 2147483648.0f)) {
        return T(0);
    }
    return T(std::int32_t(v));
}

struct Heights {
    std::uint32_t flags = 0;
    float min = 20000.0f;
    float max = -20000.0f;
    float step = 0.0f; // packing steps per yard (u8/u16)
};

// Min and max over both lattices, the -500 yd floor, then the storage the range allows.
Heights packHeights(ExtractedTile& t) {
    Heights h;
    for (float v : t.v8) {
        h.max = h.max < v ? v : h.max;
        h.min = h.min > v ? v : h.min;
    }
    for (float v : t.v9) {
        h.max = h.max < v ? v : h.max;
        h.min = h.min > v ? v : h.min;
    }
    if (h.min < sm::kMinHeight) {
        for (float& v : t.v8) {
            v = v < sm::kMinHeight ? sm::kMinHeight : v;
        }
        for (float& v : t.v9) {
            v = v < sm::kMinHeight ? sm::kMinHeight : v;
        }
        h.min = sm::kMinHeight;
        h.max = h.max < sm::kMinHeight ? sm::kMinHeight : h.max;
    }
    if (h.max == h.min || h.max - h.min < sm::kFlatHeightLimit) {
        h.flags |= sm::kHeightFlat;
        return h;
    }
    const float diff = h.max - h.min;
    if (diff < sm::kUint8Limit) {
        h.flags |= sm::kHeightUint8;
        h.step = 255.0f / diff;
    } else if (diff < sm::kUint16Limit) {
        h.flags |= sm::kHeightUint16;
        h.step = 65535.0f / diff;
    }
    return h;
}

std::size_t heightDataSize(const Heights& h) {
    if (h.flags & sm::kHeightFlat) {
        return 0;
    }
    const std::size_t count = sm::kOuterLattice + sm::kInnerLattice;
    return h.flags & sm::kHeightUint8 ? count : h.flags & sm::kHeightUint16 ? 2 * count : 4 * count;
}

// V9 then V8, in the storage chosen.
void writeLattices(ByteWriter& w, const ExtractedTile& t, const Heights& h) {
    // Packed into one buffer and appended once: an append per vertex (33,025 of them) cost more than the
    // packing.
    const auto write = [&](auto pack) {
        using T = decltype(pack(0.0f));
        std::vector<T> values;
        values.reserve(t.v9.size() + t.v8.size());
        for (float v : t.v9) {
            values.push_back(pack(v));
        }
        for (float v : t.v8) {
            values.push_back(pack(v));
        }
        w.bytes(std::as_bytes(std::span<const T>(values)));
    };
    const auto steps = [&](float v) { return (v - h.min) * h.step + 0.5f; };
    if (h.flags & sm::kHeightUint8) {
        write([&](float v) { return truncated<std::uint8_t>(steps(v)); });
    } else if (h.flags & sm::kHeightUint16) {
        write([&](float v) { return truncated<std::uint16_t>(steps(v)); });
    } else {
        write([](float v) { return v; });
    }
}

struct Liquid {
    bool present = false;
    bool oneType = false;
    std::uint8_t flags = 0;
    std::uint8_t liquidFlags = 0; // the header's; 0 with per-chunk arrays (the extractors leave it unset)
    std::uint16_t liquidType = 0;
    std::uint8_t offsetX = 0;
    std::uint8_t offsetY = 0;
    std::uint8_t width = 0;
    std::uint8_t height = 0;
    float level = 0.0f;
};

// No section when every chunk has type 0 and flags 0. Otherwise the box of shown cells plus one
// lattice row and column; cells not shown get -500 yd and pull the level down to it.
Liquid packLiquid(ExtractedTile& t) {
    Liquid l;
    const std::uint16_t firstType = t.liquidEntry[0];
    const std::uint8_t firstFlags = t.liquidFlags[0];
    bool fullType = false;
    for (std::size_t i = 0; i < t.liquidEntry.size(); ++i) {
        fullType = fullType || t.liquidEntry[i] != firstType || t.liquidFlags[i] != firstFlags;
    }
    if (firstFlags == 0 && !fullType) {
        return l;
    }
    l.present = true;
    int minX = 255;
    int minY = 255;
    int maxX = 0;
    int maxY = 0;
    float maxLevel = -20000.0f;
    float minLevel = 20000.0f;
    for (int y = 0; y < kGrid; ++y) {
        for (int x = 0; x < kGrid; ++x) {
            float& level = t.liquidHeight[std::size_t(y * kLattice + x)];
            if (t.liquidShow[std::size_t(y * kGrid + x)]) {
                minX = minX > x ? x : minX;
                maxX = maxX < x ? x : maxX;
                minY = minY > y ? y : minY;
                maxY = maxY < y ? y : maxY;
                maxLevel = maxLevel < level ? level : maxLevel;
                minLevel = minLevel > level ? level : minLevel;
            } else {
                level = sm::kMinHeight;
                minLevel = minLevel > sm::kMinHeight ? sm::kMinHeight : minLevel;
            }
        }
    }
    l.offsetX = std::uint8_t(minX);
    l.offsetY = std::uint8_t(minY);
    l.width = std::uint8_t(maxX - minX + 2); // without any shown cell: 255 and 3, never read (flat)
    l.height = std::uint8_t(maxY - minY + 2);
    l.level = minLevel;
    if (maxLevel == minLevel || maxLevel - minLevel < sm::kFlatLiquidLimit) {
        l.flags |= sm::kLiquidFlat;
    }
    if (!fullType) {
        l.flags |= sm::kLiquidOneType;
        l.oneType = true;
        l.liquidFlags = firstFlags;
        l.liquidType = firstType;
    }
    return l;
}

std::size_t liquidSize(const Liquid& l) {
    std::size_t size = sm::kLiquidHeaderSize;
    if (!l.oneType) {
        size += sm::kCellGridSize * 3; // u16 entries, u8 flags
    }
    if (!(l.flags & sm::kLiquidFlat)) {
        size += 4 * std::size_t(l.width) * l.height;
    }
    return size;
}

bool fullArea(const ExtractedTile& t) {
    for (std::uint16_t id : t.areaIds) {
        if (id != t.areaIds[0]) {
            return true;
        }
    }
    return false;
}

} // namespace

std::string ServerMapRefusal::describe() const {
    std::string where = chunk.isNull() ? std::string("tile") : chunk.str();
    if (mapChunk >= 0) {
        where += " of map chunk " + std::to_string(mapChunk) + " (row " + std::to_string(mapChunk / 16) +
                 ", column " + std::to_string(mapChunk % 16) + ")";
    }
    return where + ": " + message;
}

Expected<std::vector<std::byte>, ServerMapRefusal> writeServerMap(const Adt& adt,
                                                                  const ServerMapOptions& options) {
    auto extracted = detail::extractTile(adt);
    if (!extracted) {
        return extracted.error();
    }
    ExtractedTile& t = *extracted;
    const bool areas = fullArea(t);
    const Heights heights = packHeights(t);
    const Liquid liquid = packLiquid(t);

    const std::uint32_t areaOffset = sm::kFileHeaderSize;
    const std::uint32_t areaSize = std::uint32_t(sm::kAreaHeaderSize + (areas ? 2 * sm::kCellGridSize : 0));
    const std::uint32_t heightOffset = areaOffset + areaSize;
    const std::uint32_t heightSize = std::uint32_t(sm::kHeightHeaderSize + heightDataSize(heights) +
                                                   (t.flightBounds ? sm::kFlightBoundsSize : 0));
    const std::uint32_t liquidOffset = liquid.present ? heightOffset + heightSize : 0;
    const std::uint32_t liquidBytes = liquid.present ? std::uint32_t(liquidSize(liquid)) : 0;
    const std::uint32_t holesOffset =
        t.hasHoles ? (liquidOffset ? liquidOffset + liquidBytes : heightOffset + heightSize) : 0;
    const std::uint32_t holesSize = t.hasHoles ? std::uint32_t(2 * sm::kCellGridSize) : 0;

    ByteWriter w(std::size_t(heightOffset) + heightSize + liquidBytes + holesSize);
    magic(w, "MAPS");
    w.u32(serverMapVersion(options.core));
    w.u32(options.build);
    for (std::uint32_t v : {areaOffset, areaSize, heightOffset, heightSize, liquidOffset, liquidBytes,
                            holesOffset, holesSize}) {
        w.u32(v);
    }

    magic(w, "AREA");
    w.u16(areas ? 0 : sm::kAreaOneArea);
    w.u16(areas ? 0 : t.areaIds[0]);
    if (areas) {
        for (std::uint16_t id : t.areaIds) {
            w.u16(id);
        }
    }

    magic(w, "MHGT");
    w.u32(heights.flags | (t.flightBounds ? sm::kHeightFlightBounds : 0));
    w.f32(heights.min);
    w.f32(heights.max);
    if (!(heights.flags & sm::kHeightFlat)) {
        writeLattices(w, t, heights);
    }
    if (t.flightBounds) {
        for (std::int16_t v : *t.flightBounds) {
            w.i16(v);
        }
    }

    if (liquid.present) {
        magic(w, "MLIQ");
        w.u8(liquid.flags);
        w.u8(liquid.liquidFlags);
        w.u16(liquid.liquidType);
        w.u8(liquid.offsetX);
        w.u8(liquid.offsetY);
        w.u8(liquid.width);
        w.u8(liquid.height);
        w.f32(liquid.level);
        if (!liquid.oneType) {
            for (std::uint16_t e : t.liquidEntry) {
                w.u16(e);
            }
            for (std::uint8_t f : t.liquidFlags) {
                w.u8(f);
            }
        }
        if (!(liquid.flags & sm::kLiquidFlat)) {
            for (int y = 0; y < liquid.height; ++y) {
                for (int x = 0; x < liquid.width; ++x) {
                    w.f32(t.liquidHeight[std::size_t((y + liquid.offsetY) * kLattice + x + liquid.offsetX)]);
                }
            }
        }
    }

    if (t.hasHoles) {
        for (std::uint16_t h : t.holes) {
            w.u16(h);
        }
    }
    return w.take();
}

} // namespace mapsmith::io
