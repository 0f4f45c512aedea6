#pragma once
// Builds 0.5.3 "alpha" WDT files for the tests, written from the format description (no Mapsmith code:
// plain std, so the CLI test can use it too). The layout it writes:
//   MVER | MPHD (128) | MAIN (4096 x 16) | MDNM | MONM | [MODF: dummy entry + global entries]
//   | per tile: MHDR (64) | MCIN | MTEX | MDDF | MODF | 256 x MCNK
// MAIN: absolute MHDR offset, bytes from MHDR to the first MCNK. MHDR offsets count from the MHDR data.
// MCNK: 128-byte header, then MCVT (580) | MCNR (448) | MCLY chunk | MCRF chunk | MCSH | MCAL | MCLQ | MCSE,
// block offsets relative to the end of the header. Positions of interesting fields are recorded in
// AlphaLayout so tests can damage them.

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mapsmith::tests::alpha {

struct Layer {
    std::uint32_t textureId = 0;
    std::uint32_t props = 0; // 0x100 = has an alpha map (set by the builder when alphaMap is given)
    std::uint16_t effectId = 0xFFFF;
    std::optional<std::array<std::uint8_t, 2048>> alphaMap; // 4-bit, 64 rows of 32 bytes
};

struct Liquid {
    float minHeight = 0.0f;
    float maxHeight = 0.0f;
    std::array<float, 81> heights{};
    std::array<std::uint8_t, 4> vertexData{}; // the same 4 bytes before every height
    std::array<std::uint8_t, 64> tiles{};
    std::uint32_t flowCount = 0;
    std::array<float, 20> flows{}; // two flows of 10 floats
};

struct Chunk {
    std::uint32_t flags = 0;
    float radius = 23.57f;
    std::uint32_t areaId = 0;
    std::uint16_t holes = 0;
    std::array<std::uint8_t, 16> predTex{};
    std::array<std::uint8_t, 8> noEffectDoodad{};
    std::array<float, 145> heights{}; // absolute; 81 outer, then 64 inner
    std::array<std::array<std::int8_t, 3>, 145> normals{};
    std::array<std::uint8_t, 13> normalPadding{};
    std::vector<Layer> layers;
    std::vector<std::uint32_t> doodadRefs;    // MDNM indices
    std::vector<std::uint32_t> mapObjectRefs; // MONM indices
    std::vector<std::uint8_t> shadow;         // MCSH bytes (empty: none)
    std::vector<Liquid> liquids;              // one per liquid flag (0x4, 0x8, 0x10) set
    std::uint32_t soundEmitters = 0;          // emitters written with a recognisable pattern
};

struct Doodad {
    std::uint32_t nameId = 0;
    std::uint32_t uniqueId = 0;
    std::array<float, 3> position{};
    std::array<float, 3> rotation{};
    std::uint16_t scale = 1024;
    std::uint16_t flags = 0;
};

struct MapObject {
    std::uint32_t nameId = 0;
    std::uint32_t uniqueId = 0;
    std::array<float, 3> position{};
    std::array<float, 3> rotation{};
    std::array<float, 3> extentsMin{};
    std::array<float, 3> extentsMax{};
    std::uint16_t flags = 0;
    std::uint16_t doodadSet = 0;
    std::uint16_t nameSet = 0;
    std::uint16_t pad = 0;
};

struct Tile {
    int x = 0;
    int y = 0;
    std::vector<std::string> textures;
    std::vector<Doodad> doodads;
    std::vector<MapObject> mapObjects;
    std::vector<Chunk> chunks = std::vector<Chunk>(256);
};

struct Map {
    std::vector<std::string> doodadNames;
    std::vector<std::string> mapObjectNames;
    bool countTrailingEmpty = true; // MPHD counts = names + 1 when there are names (as the client splits)
    std::optional<std::vector<MapObject>> globalMapObjects; // written after MONM, behind a dummy entry
    std::vector<Tile> tiles;
};

// Where things landed (absolute offsets).
struct Layout {
    std::uint64_t mphdData = 0;
    std::uint64_t mainData = 0;
    std::uint64_t mdnm = 0;
    std::uint64_t monm = 0;
    std::uint64_t globalModf = 0;                   // 0 when none
    std::map<int, std::uint64_t> mhdr;              // tile index -> MHDR header
    std::map<int, std::uint64_t> mcin;              // tile index -> MCIN header
    std::map<int, std::vector<std::uint64_t>> mcnk; // tile index -> 256 MCNK headers
};

class Writer {
public:
    std::vector<std::byte> bytes;
    std::size_t size() const { return bytes.size(); }
    void u8(std::uint8_t v) { bytes.push_back(std::byte(v)); }
    void u16(std::uint16_t v) { raw(&v, 2); }
    void u32(std::uint32_t v) { raw(&v, 4); }
    void f32(float v) { raw(&v, 4); }
    void id(const char (&s)[5]) { // stored byte-reversed
        for (int i = 3; i >= 0; --i) {
            u8(std::uint8_t(s[i]));
        }
    }
    void raw(const void* p, std::size_t n) {
        const auto* b = static_cast<const std::byte*>(p);
        bytes.insert(bytes.end(), b, b + n);
    }
    void zeros(std::size_t n) { bytes.resize(bytes.size() + n, std::byte{0}); }
    void patch32(std::size_t at, std::uint32_t v) { std::memcpy(bytes.data() + at, &v, 4); }
    // Chunk header with the size patched by end().
    std::size_t begin(const char (&s)[5]) {
        const std::size_t at = size();
        id(s);
        u32(0);
        return at;
    }
    void end(std::size_t at) { patch32(at + 4, std::uint32_t(size() - at - 8)); }
};

inline void writeNames(Writer& w, const std::vector<std::string>& names) {
    for (const auto& n : names) {
        w.raw(n.data(), n.size());
        w.u8(0);
    }
}

inline void writeMapObject(Writer& w, const MapObject& m) {
    w.u32(m.nameId);
    w.u32(m.uniqueId);
    for (const auto* v : {&m.position, &m.rotation, &m.extentsMin, &m.extentsMax}) {
        for (float f : *v) {
            w.f32(f);
        }
    }
    w.u16(m.flags);
    w.u16(m.doodadSet);
    w.u16(m.nameSet);
    w.u16(m.pad);
}

inline void writeChunk(Writer& w, const Chunk& c, int index) {
    const std::size_t at = w.begin("MCNK");
    const std::size_t h = w.size();
    w.zeros(128);
    const std::size_t body = w.size();
    auto rel = [&]() { return std::uint32_t(w.size() - body); };
    auto put = [&](std::size_t field, std::uint32_t v) { w.patch32(h + field, v); };

    put(0x00, c.flags);
    put(0x04, std::uint32_t(index % 16));
    put(0x08, std::uint32_t(index / 16));
    std::uint32_t radius = 0;
    std::memcpy(&radius, &c.radius, 4);
    put(0x0C, radius);
    put(0x10, std::uint32_t(c.layers.size()));
    put(0x14, std::uint32_t(c.doodadRefs.size()));
    put(0x18, rel());
    for (float v : c.heights) {
        w.f32(v);
    }
    put(0x1C, rel());
    for (const auto& n : c.normals) {
        w.raw(n.data(), 3);
    }
    w.raw(c.normalPadding.data(), 13);
    // Alpha maps are laid out in MCAL in layer order.
    std::vector<std::uint32_t> alphaOffsets;
    std::uint32_t alphaSize = 0;
    for (const Layer& l : c.layers) {
        alphaOffsets.push_back(l.alphaMap ? alphaSize : 0);
        alphaSize += l.alphaMap ? 2048 : 0;
    }
    put(0x20, rel());
    std::size_t sub = w.begin("MCLY");
    for (std::size_t i = 0; i < c.layers.size(); ++i) {
        const Layer& l = c.layers[i];
        w.u32(l.textureId);
        w.u32(l.props | (l.alphaMap ? 0x100u : 0u));
        w.u32(alphaOffsets[i]);
        w.u16(l.effectId);
        w.u16(0);
    }
    w.end(sub);
    put(0x24, rel());
    sub = w.begin("MCRF");
    for (auto r : c.doodadRefs) {
        w.u32(r);
    }
    for (auto r : c.mapObjectRefs) {
        w.u32(r);
    }
    w.end(sub);
    put(0x30, rel());
    put(0x34, std::uint32_t(c.shadow.size()));
    w.raw(c.shadow.data(), c.shadow.size());
    put(0x28, rel());
    put(0x2C, alphaSize);
    for (const Layer& l : c.layers) {
        if (l.alphaMap) {
            w.raw(l.alphaMap->data(), 2048);
        }
    }
    put(0x38, c.areaId);
    put(0x3C, std::uint32_t(c.mapObjectRefs.size()));
    put(0x40, c.holes);
    std::memcpy(w.bytes.data() + h + 0x44, c.predTex.data(), 16);
    std::memcpy(w.bytes.data() + h + 0x54, c.noEffectDoodad.data(), 8);
    put(0x64, rel());
    for (const Liquid& l : c.liquids) {
        w.f32(l.minHeight);
        w.f32(l.maxHeight);
        for (float v : l.heights) {
            w.raw(l.vertexData.data(), 4);
            w.f32(v);
        }
        w.raw(l.tiles.data(), 64);
        w.u32(l.flowCount);
        for (float f : l.flows) {
            w.f32(f);
        }
    }
    put(0x5C, rel());
    put(0x60, c.soundEmitters);
    for (std::uint32_t e = 0; e < c.soundEmitters; ++e) {
        for (std::uint32_t k = 0; k < 19; ++k) {
            w.u32(1000 * (e + 1) + k); // 76 bytes
        }
    }
    w.end(at);
}

inline std::vector<std::byte> build(const Map& map, Layout* layoutOut = nullptr) {
    Layout layout;
    Writer w;
    std::size_t at = w.begin("MVER");
    w.u32(18);
    w.end(at);
    const std::size_t mphd = w.begin("MPHD");
    layout.mphdData = w.size();
    w.zeros(128);
    w.end(mphd);
    const std::size_t main = w.begin("MAIN");
    layout.mainData = w.size();
    w.zeros(4096 * 16);
    w.end(main);

    auto count = [&](std::size_t n) {
        return std::uint32_t(n == 0 ? 0 : n + (map.countTrailingEmpty ? 1 : 0));
    };
    layout.mdnm = w.size();
    at = w.begin("MDNM");
    writeNames(w, map.doodadNames);
    w.end(at);
    layout.monm = w.size();
    at = w.begin("MONM");
    writeNames(w, map.mapObjectNames);
    w.end(at);
    w.patch32(layout.mphdData + 0, count(map.doodadNames.size()));
    w.patch32(layout.mphdData + 4, std::uint32_t(layout.mdnm));
    w.patch32(layout.mphdData + 8, count(map.mapObjectNames.size()));
    w.patch32(layout.mphdData + 12, std::uint32_t(layout.monm));

    if (map.globalMapObjects) {
        layout.globalModf = w.size();
        at = w.begin("MODF");
        MapObject dummy;
        dummy.uniqueId = 0xFFFFFFFF;
        writeMapObject(w, dummy);
        for (const MapObject& m : *map.globalMapObjects) {
            writeMapObject(w, m);
        }
        w.end(at);
    }

    for (const Tile& t : map.tiles) {
        const int index = t.y * 64 + t.x;
        const std::size_t mhdrAt = w.begin("MHDR");
        const std::size_t mhdrData = w.size();
        w.zeros(64);
        w.end(mhdrAt);
        layout.mhdr[index] = mhdrAt;
        auto setOffset = [&](std::size_t field, std::size_t chunkAt) {
            w.patch32(mhdrData + field, std::uint32_t(chunkAt - mhdrData));
        };
        const std::size_t mcinAt = w.begin("MCIN");
        layout.mcin[index] = mcinAt;
        w.zeros(4096);
        w.end(mcinAt);
        setOffset(0, mcinAt);
        at = w.begin("MTEX");
        writeNames(w, t.textures);
        w.end(at);
        setOffset(4, at);
        w.patch32(mhdrData + 8, std::uint32_t(w.size() - at - 8));
        at = w.begin("MDDF");
        for (const Doodad& d : t.doodads) {
            w.u32(d.nameId);
            w.u32(d.uniqueId);
            for (float f : d.position) {
                w.f32(f);
            }
            for (float f : d.rotation) {
                w.f32(f);
            }
            w.u16(d.scale);
            w.u16(d.flags);
        }
        w.end(at);
        setOffset(12, at);
        w.patch32(mhdrData + 16, std::uint32_t(w.size() - at - 8));
        at = w.begin("MODF");
        for (const MapObject& m : t.mapObjects) {
            writeMapObject(w, m);
        }
        w.end(at);
        setOffset(20, at);
        w.patch32(mhdrData + 24, std::uint32_t(w.size() - at - 8));

        w.patch32(layout.mainData + 16 * std::size_t(index), std::uint32_t(mhdrAt));
        w.patch32(layout.mainData + 16 * std::size_t(index) + 4, std::uint32_t(w.size() - mhdrAt));
        auto& mcnks = layout.mcnk[index];
        for (int i = 0; i < 256; ++i) {
            const std::size_t chunkAt = w.size();
            mcnks.push_back(chunkAt);
            writeChunk(w, t.chunks[std::size_t(i)], i);
            w.patch32(mcinAt + 8 + 16 * std::size_t(i), std::uint32_t(chunkAt));
            w.patch32(mcinAt + 8 + 16 * std::size_t(i) + 4, std::uint32_t(w.size() - chunkAt));
        }
    }
    if (layoutOut) {
        *layoutOut = layout;
    }
    return std::move(w.bytes);
}

// Deterministic test content -------------------------------------------------------------------------

// A 4-bit alpha map with every nibble different from its neighbours (seeded).
inline std::array<std::uint8_t, 2048> patternAlpha(std::uint32_t seed) {
    std::array<std::uint8_t, 2048> a{};
    std::uint32_t s = seed * 2654435761u + 1;
    for (auto& b : a) {
        s = s * 1664525u + 1013904223u;
        b = std::uint8_t(s >> 24);
    }
    return a;
}

// Heights that differ per vertex, chunk and tile (yards, absolute), with some below zero.
inline float patternHeight(int tileIndex, int chunk, int vertex) {
    return float(tileIndex % 7) * 13.25f - 40.0f + float(chunk) * 0.75f + float(vertex % 17) * 0.125f +
           float(vertex / 17) * 0.3f;
}

// A small but complete tile: heights and normals everywhere, one base layer per chunk.
inline Tile flatTile(int x, int y, std::vector<std::string> textures = {"Tileset\\Alpha\\Grass.blp"}) {
    Tile t;
    t.x = x;
    t.y = y;
    t.textures = std::move(textures);
    const int index = y * 64 + x;
    for (int i = 0; i < 256; ++i) {
        Chunk& c = t.chunks[std::size_t(i)];
        for (int v = 0; v < 145; ++v) {
            c.heights[std::size_t(v)] = patternHeight(index, i, v);
            c.normals[std::size_t(v)] = {std::int8_t(v % 5), std::int8_t(127 - v % 3), std::int8_t(-(v % 7))};
        }
        c.layers.push_back(Layer{0, 0, 0xFFFF, std::nullopt});
    }
    return t;
}

inline Liquid patternLiquid(int seed) {
    Liquid l;
    l.minHeight = -2.5f + float(seed);
    l.maxHeight = 4.0f + float(seed);
    for (int i = 0; i < 81; ++i) {
        l.heights[std::size_t(i)] = l.minHeight + float(i) * 0.05f;
    }
    l.vertexData = {std::uint8_t(seed), 0x20, 0x40, 0};
    for (int i = 0; i < 64; ++i) {
        l.tiles[std::size_t(i)] = std::uint8_t((i + seed) % 9 == 0 ? 0x0F : 0x04);
    }
    l.flowCount = 1;
    for (int i = 0; i < 20; ++i) {
        l.flows[std::size_t(i)] = float(i) * 0.5f + float(seed);
    }
    return l;
}

// Names the sample map uses.
inline const std::vector<std::string>& sampleDoodadNames() {
    static const std::vector<std::string> names{"World\\Azeroth\\Tree01.mdx", "World\\Generic\\Rock02.mdx",
                                                "World\\Generic\\Bush03.mdx"};
    return names;
}
inline const std::vector<std::string>& sampleMapObjectNames() {
    static const std::vector<std::string> names{"World\\wmo\\Tower.wmo", "World\\wmo\\Bridge.wmo"};
    return names;
}

// Three tiles: (30, 40) with everything (layers with alpha maps, shadows, liquids, sound emitters, doodads
// and WMOs referenced by MCRF), (31, 40) with one doodad, (29, 41) plain.
inline Map sampleMap() {
    Map map;
    map.doodadNames = sampleDoodadNames();
    map.mapObjectNames = sampleMapObjectNames();

    Tile rich = flatTile(30, 40,
                         {"Tileset\\Elwynn\\Grass.blp", "Tileset\\Elwynn\\Dirt.blp",
                          "Tileset\\Elwynn\\Rock.blp", "Tileset\\Elwynn\\Flowers.blp"});
    // Bush, Tree, Bush: the tile's MMDX becomes Bush, Tree.
    rich.doodads.push_back(Doodad{2, 100, {16000.0f, 12.5f, 15000.0f}, {0.0f, 90.0f, 0.0f}, 1024, 0});
    rich.doodads.push_back(Doodad{0, 101, {16010.0f, 13.0f, 15010.0f}, {1.0f, 2.0f, 3.0f}, 2048, 1});
    rich.doodads.push_back(Doodad{2, 102, {16020.0f, -4.0f, 15020.0f}, {0.0f, 0.0f, 0.0f}, 512, 0});
    rich.mapObjects.push_back(MapObject{1,
                                        500,
                                        {16100.0f, 20.0f, 15100.0f},
                                        {0.0f, 45.0f, 0.0f},
                                        {16050.0f, 0.0f, 15050.0f},
                                        {16150.0f, 40.0f, 15150.0f},
                                        0,
                                        1,
                                        0,
                                        0});
    Chunk& c0 = rich.chunks[0];
    c0.flags = 0x1 | 0x4; // shadow, river
    c0.areaId = 12;
    c0.holes = 0x0421;
    for (int i = 0; i < 16; ++i) {
        c0.predTex[std::size_t(i)] = std::uint8_t(i * 17);
    }
    c0.noEffectDoodad = {1, 2, 4, 8, 16, 32, 64, 128};
    c0.normalPadding = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13};
    c0.layers.push_back(Layer{1, 0, 0xFFFF, patternAlpha(1)});
    c0.layers.push_back(Layer{2, 0x1 | 0x40, 7, patternAlpha(2)});
    c0.doodadRefs = {2, 0}; // Bush, Tree -> all three doodads
    c0.mapObjectRefs = {1}; // Bridge
    c0.shadow.resize(512);
    for (std::size_t i = 0; i < c0.shadow.size(); ++i) {
        c0.shadow[i] = std::uint8_t(i * 7);
    }
    c0.liquids.push_back(patternLiquid(1));
    c0.soundEmitters = 2;

    Chunk& c17 = rich.chunks[17];
    c17.flags = 0x2 | 0x8 | 0x10; // impassable, ocean, magma
    c17.liquids.push_back(patternLiquid(2));
    c17.liquids.push_back(patternLiquid(3));
    c17.layers.push_back(Layer{3, 0, 0xFFFF, patternAlpha(3)});
    c17.doodadRefs = {1}; // Rock: not placed in this tile

    Chunk& c255 = rich.chunks[255];
    c255.layers.clear();
    for (std::uint32_t t = 0; t < 4; ++t) {
        c255.layers.push_back(
            Layer{t, 0, std::uint16_t(t), t == 0 ? std::nullopt : std::optional(patternAlpha(10 + t))});
    }
    c255.doodadRefs = {0}; // Tree
    map.tiles.push_back(std::move(rich));

    Tile second = flatTile(31, 40);
    second.doodads.push_back(Doodad{1, 200, {15500.0f, 1.0f, 15100.0f}, {0.0f, 0.0f, 0.0f}, 1024, 0});
    second.chunks[5].doodadRefs = {1};
    map.tiles.push_back(std::move(second));
    map.tiles.push_back(flatTile(29, 41));
    return map;
}

// A map of one WMO (no tiles): MONM with its name, a global MODF behind the dummy entry.
inline Map wmoOnlyMap() {
    Map map;
    map.mapObjectNames = {"World\\wmo\\Dungeon\\KL_Orgrimmar.wmo"};
    map.globalMapObjects = std::vector<MapObject>{MapObject{0,
                                                            0xFFFFFFFF,
                                                            {17066.666f, 0.0f, 17066.666f},
                                                            {0.0f, 0.0f, 0.0f},
                                                            {-200.0f, -50.0f, -300.0f},
                                                            {250.0f, 80.0f, 310.0f},
                                                            0,
                                                            0,
                                                            0,
                                                            0}};
    return map;
}

} // namespace mapsmith::tests::alpha
