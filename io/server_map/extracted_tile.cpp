// The gathering half of the extractors' ConvertADT (AzerothCore System.cpp at 8d5a47d9, TrinityCore
// 3.3.5 System.cpp, see server_map.h): chunk by chunk in MCIN order (row-major), later chunks overwrite
// the lattice points they share with earlier ones, MCLQ is read before MH2O and MH2O wins.

#include "io/server_map/detail/extracted_tile.h"

#include "io/adt/liquid_types_335.h"
#include "io/adt/mclq.h"

#include <string>

namespace mapsmith::io::detail {
namespace {

namespace sm = server_map;

ServerMapRefusal refusal(FourCC chunk, int mapChunk, std::string message) {
    return ServerMapRefusal{chunk, mapChunk, std::move(message)};
}

// V9 and V8 of one chunk: its base height plus MCVT (9 outer, 8 inner per row pair).
void addChunkHeights(ExtractedTile& t, const MapChunk& c, int row, int col) {
    const float base = c.position.z;
    for (int y = 0; y <= 8; ++y) {
        for (int x = 0; x <= 8; ++x) {
            t.v9[std::size_t((row * 8 + y) * kLattice + col * 8 + x)] =
                base + c.heights[std::size_t(y * 17 + x)];
        }
    }
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            t.v8[std::size_t((row * 8 + y) * kGrid + col * 8 + x)] =
                base + c.heights[std::size_t(y * 17 + 9 + x)];
        }
    }
}

// MCLQ (the old liquid, read first): the first layer's surface (io/adt/mclq.h, the 720 bytes they read;
// extractTile refuses a shorter payload). Cells whose whole flag byte is not 0x0F are shown (a client
// hides every cell whose low nibble is 0x0F), flag bit 0x80 makes the chunk dark water; the MCNK liquid
// bits give the type (river 1, ocean 2, magma 3; slime is not looked at); the 9x9 levels are taken as
// they are.
void addMclq(ExtractedTile& t, const MapChunk& c, const MclqLayer& q, int row, int col) {
    const std::size_t cell = std::size_t(row * kCells + col);
    for (int y = 0; y < 8; ++y) {
        for (int x = 0; x < 8; ++x) {
            const std::uint8_t flag = q.cells[std::size_t(y * 8 + x)];
            if (flag != 0x0F) {
                t.liquidShow[std::size_t((row * 8 + y) * kGrid + col * 8 + x)] = 1;
                if (flag & mclq_cell::Fatigue) {
                    t.liquidFlags[cell] |= sm::kLiquidDarkWater;
                }
            }
        }
    }
    if (c.flags & mcnk_flags::LiquidRiver) {
        t.liquidEntry[cell] = 1;
        t.liquidFlags[cell] |= sm::kLiquidWater;
    }
    if (c.flags & mcnk_flags::LiquidOcean) {
        t.liquidEntry[cell] = 2;
        t.liquidFlags[cell] |= sm::kLiquidOcean;
    }
    if (c.flags & mcnk_flags::LiquidMagma) {
        t.liquidEntry[cell] = 3;
        t.liquidFlags[cell] |= sm::kLiquidMagma;
    }
    for (int y = 0; y <= 8; ++y) {
        for (int x = 0; x <= 8; ++x) {
            t.liquidHeight[std::size_t((row * 8 + y) * kLattice + col * 8 + x)] =
                q.vertices[std::size_t(y * 9 + x)].height;
        }
    }
}

std::uint8_t kindFlag(LiquidKind kind) {
    switch (kind) {
    case LiquidKind::Water:
        return sm::kLiquidWater;
    case LiquidKind::Ocean:
        return sm::kLiquidOcean;
    case LiquidKind::Magma:
        return sm::kLiquidMagma;
    case LiquidKind::Slime:
        return sm::kLiquidSlime;
    }
    return 0;
}

// MH2O: only a chunk's first instance is read. Exists bits (all set without a bitmap) show cells of its
// rectangle; the type comes from LiquidType.dbc; ocean with any deep bit (all bits without attributes)
// is dark water; levels come from the vertex data only for vertex formats 0 and 1, else they are 0.
Expected<void, ServerMapRefusal> addMh2o(ExtractedTile& t, const LiquidChunk& lc, int row, int col) {
    const int index = row * kCells + col;
    const LiquidInstance& in = lc.instances.front();
    if (in.xOffset + in.width > 8 || in.yOffset + in.height > 8) {
        return refusal(chunk::MH2O, index,
                       "the first liquid instance (" + std::to_string(in.xOffset) + "," +
                           std::to_string(in.yOffset) + " " + std::to_string(in.width) + "x" +
                           std::to_string(in.height) +
                           ") is not inside its 8x8 chunk; the extractors would write into other chunks");
    }
    const LiquidTypeRecord* type = findLiquidType335(in.liquidType);
    if (!type) {
        return refusal(chunk::MH2O, index,
                       "liquid type " + std::to_string(in.liquidType) +
                           " is not in the 3.3.5 LiquidType table; the extractors stop on it");
    }
    std::size_t bit = 0;
    for (int y = 0; y < in.height; ++y) {
        for (int x = 0; x < in.width; ++x, ++bit) {
            const std::size_t byte = bit / 8;
            const bool exists = !in.existsBitmap || (byte < in.existsBitmap->size() &&
                                                     ((*in.existsBitmap)[byte] >> (bit % 8)) & 1);
            if (exists) {
                t.liquidShow[std::size_t((row * 8 + y + in.yOffset) * kGrid + col * 8 + x + in.xOffset)] = 1;
            }
        }
    }
    const std::size_t cell = std::size_t(index);
    t.liquidEntry[cell] = in.liquidType;
    t.liquidFlags[cell] |= kindFlag(type->kind);
    const std::uint64_t deep = lc.attributes ? lc.attributes->deep : ~std::uint64_t(0);
    if (type->kind == LiquidKind::Ocean && deep != 0) {
        t.liquidFlags[cell] |= sm::kLiquidDarkWater;
    }
    const bool hasLevels = in.vertexFormat && in.liquidObjectOrLvf <= 1;
    std::size_t pos = 0;
    for (int y = 0; y <= in.height; ++y) {
        for (int x = 0; x <= in.width; ++x, ++pos) {
            float level = 0.0f;
            if (hasLevels) {
                // As written: a short height list is padded with the instance's minimum.
                level = pos < in.heights.size() ? in.heights[pos] : in.minHeight;
            }
            t.liquidHeight[std::size_t((row * 8 + y + in.yOffset) * kLattice + col * 8 + x + in.xOffset)] =
                level;
        }
    }
    return {};
}

} // namespace

Expected<ExtractedTile, ServerMapRefusal> extractTile(const Adt& adt) {
    if (adt.chunks.size() != std::size_t(kCells * kCells)) {
        return refusal(chunk::MCNK, -1,
                       "the tile has " + std::to_string(adt.chunks.size()) + " map chunks, not 256");
    }
    ExtractedTile t;
    for (int i = 0; i < kCells * kCells; ++i) {
        const MapChunk& c = adt.chunks[std::size_t(i)];
        if (c.flags & mcnk_flags::HighResHoles) {
            return refusal(chunk::MCNK, i,
                           "high-resolution holes (flag 0x10000) are stored over the MCVT and MCNR offsets, "
                           "which the 3.3.5 extractors read as offsets; use low-resolution holes");
        }
        if (c.mclq && !c.mclq->empty() && c.mclq->size() < server_map::kMclqReadSize) {
            return refusal(chunk::MCLQ, i,
                           "MCLQ holds " + std::to_string(c.mclq->size()) + " bytes; the extractors read " +
                               std::to_string(server_map::kMclqReadSize) + " (levels and flags)");
        }
        t.areaIds[std::size_t(i)] = std::uint16_t(c.areaId);
        const std::uint32_t holeWord = std::uint32_t(c.holesLowRes) | std::uint32_t(c.unknownButUsed) << 16;
        t.holes[std::size_t(i)] = c.holesLowRes;
        t.hasHoles = t.hasHoles || holeWord != 0;
        addChunkHeights(t, c, i / kCells, i % kCells);
    }
    if (adt.flightBounds && (adt.headerFlags & mhdr_flags::HasFlightBounds)) {
        t.flightBounds = adt.flightBounds;
    }
    for (int i = 0; i < kCells * kCells; ++i) {
        const MapChunk& c = adt.chunks[std::size_t(i)];
        if (c.mclq && !c.mclq->empty()) {
            auto surface = decodeMclqSurface(*c.mclq, i);
            if (!surface) {
                return refusal(chunk::MCLQ, i, surface.error().message);
            }
            addMclq(t, c, *surface, i / kCells, i % kCells);
        }
    }
    if (adt.liquids) {
        for (int i = 0; i < kCells * kCells; ++i) {
            const LiquidChunk& lc = adt.liquids->chunks[std::size_t(i)];
            if (lc.instances.empty()) {
                continue;
            }
            if (auto added = addMh2o(t, lc, i / kCells, i % kCells); !added) {
                return added.error();
            }
        }
    }
    return t;
}

} // namespace mapsmith::io::detail
