// Alpha tile -> v18 model; plain C++ (the alpha fuzz target includes this file).

#include "core/convert/alpha_tile_import.h"

#include "core/geometry/coords.h"
#include "io/binary/byte_writer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <unordered_map>

namespace mapsmith::core {
namespace {

constexpr int kOuterCount = 81; // alpha order: 9x9 outer first, then 8x8 inner

// v18 interleaved index of alpha vertex i.
constexpr int interleavedIndex(int i) {
    return i < kOuterCount ? outerIndex(i / 9, i % 9)
                           : innerIndex((i - kOuterCount) / 8, (i - kOuterCount) % 8);
}
static_assert(interleavedIndex(0) == 0 && interleavedIndex(9) == 17 && interleavedIndex(80) == 144 &&
              interleavedIndex(81) == 9 && interleavedIndex(144) == 7 * 17 + 9 + 7);

// The alpha MCNK flags v18 keeps (shadow, impassable, three liquids); the rest has no agreed meaning.
constexpr std::uint32_t kKeptFlags = io::mcnk_flags::HasShadow | io::mcnk_flags::Impassable |
                                     io::mcnk_flags::LiquidRiver | io::mcnk_flags::LiquidOcean |
                                     io::mcnk_flags::LiquidMagma;

bool restores(float h, float base) {
    const float back = base + (h - base);
    return back == h || (std::isnan(h) && std::isnan(back));
}

// The base z for a chunk's heights: the lowest finite height when every height survives the round trip
// through base + (h - base), else its floor, else 0 (always exact).
float heightBase(const std::array<float, 145>& heights) {
    float low = std::numeric_limits<float>::infinity();
    for (float h : heights) {
        if (std::isfinite(h) && h < low) {
            low = h;
        }
    }
    if (!std::isfinite(low)) {
        return 0.0f;
    }
    for (float base : {low, std::floor(low)}) {
        if (std::all_of(heights.begin(), heights.end(), [&](float h) { return restores(h, base); })) {
            return base;
        }
    }
    return 0.0f;
}

std::vector<std::byte> liquidPayload(const std::vector<io::AlphaLiquid>& liquids) {
    io::ByteWriter w(liquids.size() * io::kAlphaLiquidSize);
    auto vec3 = [&](const io::Vec3f& v) {
        w.f32(v.x);
        w.f32(v.y);
        w.f32(v.z);
    };
    for (const io::AlphaLiquid& l : liquids) {
        w.f32(l.minHeight);
        w.f32(l.maxHeight);
        for (const auto& v : l.vertices) {
            w.bytes(std::span<const std::uint8_t>(v.data));
            w.f32(v.height);
        }
        w.bytes(std::span<const std::uint8_t>(l.tiles));
        w.u32(l.flowCount);
        for (const auto& f : l.flows) {
            vec3(f.sphereCenter);
            w.f32(f.sphereRadius);
            vec3(f.direction);
            w.f32(f.velocity);
            w.f32(f.amplitude);
            w.f32(f.frequency);
        }
    }
    return w.take();
}

// Placement indices of the tile per alpha name index.
using PlacementsByName = std::unordered_map<std::uint32_t, std::vector<std::uint32_t>>;

template <class Placement> PlacementsByName placementsByName(const std::vector<Placement>& placements) {
    PlacementsByName out;
    for (std::size_t i = 0; i < placements.size(); ++i) {
        out[placements[i].nameIndex].push_back(std::uint32_t(i));
    }
    return out;
}

// v18 references for the alpha chunk's name references; counts names the tile does not place.
std::vector<std::uint32_t> resolveRefs(const std::vector<std::uint32_t>& nameRefs,
                                       const PlacementsByName& byName, std::size_t& unplaced) {
    std::vector<std::uint32_t> out;
    for (std::uint32_t name : nameRefs) {
        const auto it = byName.find(name);
        if (it == byName.end()) {
            ++unplaced;
            continue;
        }
        out.insert(out.end(), it->second.begin(), it->second.end());
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Renumbers name ids from the map-wide list into the tile's own, in order of first use.
template <class Placement>
void moveNames(std::vector<Placement>& placements, const std::vector<std::string>& mapNames,
               std::vector<std::string>& tileNames) {
    std::unordered_map<std::uint32_t, std::uint32_t> remap;
    for (Placement& p : placements) {
        const auto [it, added] = remap.try_emplace(p.nameIndex, std::uint32_t(tileNames.size()));
        if (added) {
            tileNames.push_back(mapNames[p.nameIndex]);
        }
        p.nameIndex = it->second;
    }
}

// A conversion note about a tile, at its MHDR in the alpha WDT.
io::Warning tileWarning(const io::AlphaWdt& wdt, const io::AlphaTile& tile, io::FourCC id,
                        const std::string& message) {
    return io::Warning{io::ErrorCode::BadValue, id,
                       wdt.areas[std::size_t(tile.index) % wdt.areas.size()].offset, message};
}

} // namespace

AlphaTileImport importAlphaTile(const io::AlphaWdt& wdt, const io::AlphaTile& tile) {
    AlphaTileImport result;
    io::Adt& adt = result.adt;
    adt.bigAlpha = false;
    adt.textures = tile.textures;
    adt.doodads = tile.doodads;
    adt.mapObjects = tile.mapObjects;
    const PlacementsByName doodadsByName = placementsByName(tile.doodads);
    const PlacementsByName objectsByName = placementsByName(tile.mapObjects);
    moveNames(adt.doodads, wdt.doodadNames, adt.modelNames);
    moveNames(adt.mapObjects, wdt.mapObjectNames, adt.wmoNames);

    std::size_t unplacedDoodads = 0;
    std::size_t unplacedObjects = 0;
    std::size_t emitters = 0;
    std::size_t oddFlags = 0;
    const TileCoord coord{tile.x(), tile.y()};
    adt.chunks.resize(io::kChunksPerTile);
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        io::MapChunk& c = adt.chunks[i];
        // Row-major from the north-west corner (the reader checked the alpha header says the same).
        c.indexX = std::uint32_t(i % 16);
        c.indexY = std::uint32_t(i / 16);
        // The chunk's north-west corner, as core::chunkOrigin has it (coords.cpp is not in the fuzz build).
        c.position.x = float((32 - coord.y) * kTileSize - double(c.indexY) * kChunkSize);
        c.position.y = float((32 - coord.x) * kTileSize - double(c.indexX) * kChunkSize);
        c.hasMcal = true;
        c.soundEmitters.emplace(); // empty, as Blizzard's files have it
        if (i >= tile.chunks.size()) {
            continue;
        }
        const io::AlphaChunk& a = tile.chunks[i];
        oddFlags += (a.flags & ~kKeptFlags) != 0 ? 1 : 0;
        c.flags = (a.flags & kKeptFlags) | io::mcnk_flags::DoNotFixAlphaMap;
        c.areaId = a.areaId;
        c.holesLowRes = a.holes;
        c.lowQualityTextureMap = a.predTex;
        c.noEffectDoodad = a.noEffectDoodad;

        const float base = heightBase(a.heights);
        c.position.z = base;
        for (int v = 0; v < io::kVerticesPerChunk; ++v) {
            const auto to = std::size_t(interleavedIndex(v));
            c.heights[to] = a.heights[std::size_t(v)] - base;
            c.normals[to] = a.normals[std::size_t(v)];
        }
        c.normalPadding = a.normalPadding; // inside the alpha MCNR's 448 bytes; v18 writes 435 + 13 after

        for (const io::AlphaLayer& l : a.layers) {
            io::TextureLayer layer;
            layer.textureIndex = l.textureId;
            layer.flags = l.props & ~(io::mcly_flags::UseAlphaMap | io::mcly_flags::AlphaCompressed);
            layer.effectId = l.effectId == 0xFFFF ? 0xFFFFFFFFu : l.effectId;
            layer.encoding = io::AlphaEncoding::FourBit;
            layer.sourceEncoding = io::AlphaEncoding::FourBit;
            if (l.alphaMap) {
                layer.hasAlpha = true;
                io::decodeAlpha4Bit(*l.alphaMap, true, layer.alpha);
            }
            c.layers.push_back(std::move(layer));
        }
        c.doodadRefs = resolveRefs(a.doodadRefs, doodadsByName, unplacedDoodads);
        c.mapObjectRefs = resolveRefs(a.mapObjectRefs, objectsByName, unplacedObjects);
        if (!a.shadow.empty()) {
            c.shadow = a.shadow; // used or not by FLAG_SHADOW as in the source (the v18 writer keeps flags)
        } else {
            c.flags &= ~io::mcnk_flags::HasShadow; // a flag without a map would point v18 readers at nothing
        }
        if (!a.liquids.empty()) {
            c.mclq = liquidPayload(a.liquids);
        }
        emitters += a.soundEmitters.size();
    }

    if (unplacedDoodads + unplacedObjects > 0) {
        result.warnings.push_back(
            tileWarning(wdt, tile, io::chunk::MCRF,
                        std::to_string(unplacedDoodads) + " doodad and " + std::to_string(unplacedObjects) +
                            " map object references name models the tile does not place (dropped)"));
    }
    if (emitters > 0) {
        result.warnings.push_back(
            tileWarning(wdt, tile, io::chunk::MCSE,
                        std::to_string(emitters) + " sound emitters in the 0.5.3 layout dropped"));
    }
    if (oddFlags > 0) {
        const std::string what = "flags other than shadow, impassable and liquid cleared in ";
        result.warnings.push_back(
            tileWarning(wdt, tile, io::chunk::MCNK, what + std::to_string(oddFlags) + " chunks"));
    }
    return result;
}

io::Wdt importAlphaWdt(const io::AlphaWdt& wdt, std::span<const int> tiles,
                       std::vector<io::Warning>* warnings) {
    io::Wdt out;
    out.version = io::kWdtVersion;
    out.flags = 0; // 4-bit alpha maps, as the converted tiles have
    for (int index : tiles) {
        out.setTile(index % 64, index / 64, true);
    }
    out.wmoName = std::string(); // terrain maps carry an empty MWMO

    std::vector<io::MapObjectPlacement> entries;
    if (wdt.mapObjects) {
        const std::size_t skip = wdt.firstMapObjectIsDummy() ? 1 : 0;
        entries.assign(wdt.mapObjects->begin() + std::ptrdiff_t(std::min(skip, wdt.mapObjects->size())),
                       wdt.mapObjects->end());
    }
    if (entries.empty()) {
        return out;
    }
    // MWMO holds each name once; name ids become offsets into it.
    std::string mwmo;
    std::unordered_map<std::uint32_t, std::uint32_t> offsets;
    auto& objects = out.mapObjects.emplace();
    for (const io::MapObjectPlacement& m : entries) {
        auto [it, added] = offsets.try_emplace(m.nameIndex, std::uint32_t(mwmo.size()));
        if (added) {
            mwmo += m.nameIndex < wdt.mapObjectNames.size() ? wdt.mapObjectNames[m.nameIndex] : std::string();
            mwmo.push_back('\0');
        }
        io::WdtMapObject o;
        o.nameId = it->second;
        o.uniqueId = m.uniqueId;
        o.position = {m.position.x, m.position.y, m.position.z};
        o.rotation = {m.rotation.x, m.rotation.y, m.rotation.z};
        o.extentsMin = {m.extentsMin.x, m.extentsMin.y, m.extentsMin.z};
        o.extentsMax = {m.extentsMax.x, m.extentsMax.y, m.extentsMax.z};
        o.flags = m.flags;
        o.doodadSet = m.doodadSet;
        o.nameSet = m.nameSet;
        o.scale = m.scale;
        objects.push_back(o);
    }
    out.wmoName = std::move(mwmo);
    if (tiles.empty()) {
        out.flags |= io::mphd_flags::WmoOnly;
    } else if (warnings) {
        warnings->push_back(
            io::Warning{io::ErrorCode::BadValue, io::chunk::MODF, 0,
                        "the map has tiles and " + std::to_string(objects.size()) +
                            " global WMO placements; the 3.3.5 client reads a WDT's MODF only "
                            "on WMO-only maps"});
    }
    return out;
}

} // namespace mapsmith::core
