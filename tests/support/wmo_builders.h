#pragma once
// A WMO root and group built in memory with every part the writer handles (io/model/wmo_writer.h): materials,
// group infos, doodad sets / names / definitions (one with a 20-character set name, one with a 24-bit name
// offset), a skybox, the root's raw chunks in the client's order plus an unknown one; a group of 2 triangles
// with 2 UV sets, 2 colour sets, 2 batches, doodad references, a 3 x 2 liquid and raw MOLR / MOBN / MOBR plus
// an unknown sub-chunk, its flags naming each optional part. Chunk orders empty: written in the client's
// order. Plain C++ (the interop sample writer uses it too).

#include "io/model/wmo.h"
#include "io/model/wmo_group.h"

#include <cstddef>
#include <initializer_list>
#include <utility>
#include <vector>

namespace mapsmith::tests {

inline std::vector<std::byte> bytesOf(std::initializer_list<int> values) {
    std::vector<std::byte> out;
    for (int v : values) {
        out.push_back(std::byte(v));
    }
    return out;
}

inline io::WmoRawChunk rawChunk(const char (&id)[5], std::vector<std::byte> data) {
    return io::WmoRawChunk{io::FourCC(id), 0, std::move(data)};
}

inline io::WmoRoot builtWmoRoot() {
    io::WmoRoot r;
    r.textureCount = 2;
    r.groupCount = 1;
    r.portalCount = 1;
    r.lightCount = 1;
    r.doodadNameCount = 1;
    r.doodadDefCount = 2;
    r.doodadSetCount = 2;
    r.ambientColor = 0xFF102030;
    r.wmoId = 4242;
    r.bounds.min = {-1.5f, -2.5f, -3.5f};
    r.bounds.max = {4.5f, 5.5f, 6.5f};
    r.flags = 0x9;
    r.lodCount = 0;
    r.textures.bytes = std::string("A.BLP\0\0\0B.BLP\0\0\0", 16);
    io::WmoMaterial m;
    m.flags = 0x1;
    m.shader = 6;
    m.blendMode = 1;
    m.textures = {0, 8, 0};
    m.sidnColor = 0xFF00FF00;
    m.frameSidnColor = 0x80808080;
    m.diffuseColor = 0xFF7F7F7F;
    m.groundType = 3;
    m.color2 = 0x11223344;
    m.flags2 = 7;
    r.materials = {m, io::WmoMaterial{}};
    r.groupNames.bytes = std::string("\0\0Hall\0\0", 8);
    io::WmoGroupInfo gi;
    gi.flags = 0x8;
    gi.bounds = r.bounds;
    gi.nameOffset = 2;
    r.groupInfos = {gi};
    r.skybox = "Environments\\Stars\\Sky.mdx";
    io::WmoDoodadSet all{"Set_$DefaultGlobal", 0, 2};
    io::WmoDoodadSet twenty{"TwentyCharacterName!", 1, 1}; // fills the 20 bytes, no NUL
    r.doodadSets = {all, twenty};
    r.doodadNames.bytes = std::string("World\\Barrel.m2\0", 16);
    io::WmoDoodad d;
    d.nameOffset = 0;
    d.flags = 0x2;
    d.position = {1.0f, 2.0f, 3.0f};
    d.rotation = {0.0f, 0.0f, 0.7071f, 0.7071f};
    d.scale = 1.25f;
    d.color = 0xFF405060;
    io::WmoDoodad far = d;
    far.nameOffset = 0xABCDEF; // the largest offsets take all 24 bits
    far.flags = 0xF1;
    r.doodads = {d, far};
    // The raw chunks in the client's order (MOPR .. MOLT empty as in the troll tent), MCVP, an unknown one.
    r.otherChunks = {rawChunk("MOPV", std::vector<std::byte>(48, std::byte{1})),
                     rawChunk("MOPT", std::vector<std::byte>(20, std::byte{2})),
                     rawChunk("MOPR", std::vector<std::byte>(8, std::byte{3})),
                     rawChunk("MOVV", {}),
                     rawChunk("MOVB", {}),
                     rawChunk("MOLT", std::vector<std::byte>(48, std::byte{4})),
                     rawChunk("MFOG", std::vector<std::byte>(48, std::byte{5})),
                     rawChunk("MCVP", std::vector<std::byte>(16, std::byte{6})),
                     rawChunk("MZZZ", bytesOf({1, 2, 3}))};
    return r;
}

inline io::WmoGroup builtWmoGroup() {
    io::WmoGroup g;
    g.nameOffset = 2;
    g.descriptionOffset = 0;
    // BSP (MOBN, MOBR), vertex colours, lights (MOLR), doodads (MODR), liquid, second colour and UV sets.
    g.flags = 0x1 | 0x4 | 0x200 | 0x800 | 0x1000 | 0x1000000 | 0x2000000;
    g.bounds.min = {0.0f, 0.0f, 0.0f};
    g.bounds.max = {1.0f, 1.0f, 0.5f};
    g.portalStart = 3;
    g.portalCount = 1;
    g.transBatchCount = 0;
    g.interiorBatchCount = 1;
    g.exteriorBatchCount = 1;
    g.fogIds = {1, 2, 3, 4};
    g.liquidType = 15;
    g.uniqueId = 77;
    g.flags2 = 0x2;
    g.triangles = {{0x20, 0}, {0x04, 0xFF}};
    g.indices = {0, 1, 2, 2, 1, 3};
    g.vertices = {{0.f, 0.f, 0.f}, {1.f, 0.f, 0.f}, {0.f, 1.f, 0.f}, {1.f, 1.f, 0.5f}};
    g.normals = {{0.f, 0.f, 1.f}, {0.f, 0.f, 1.f}, {0.f, 0.f, 1.f}, {0.f, 0.6f, 0.8f}};
    g.uvSets = {{{0.f, 0.f}, {1.f, 0.f}, {0.f, 1.f}, {1.f, 1.f}},
                {{0.5f, 0.5f}, {0.f, 0.f}, {1.f, 1.f}, {2.f, 2.f}}};
    io::WmoBatch a;
    a.box = {0, 0, 0, 1, 1, 1};
    a.firstIndex = 0;
    a.indexCount = 3;
    a.firstVertex = 0;
    a.lastVertex = 2;
    a.flags = 0;
    a.material = 0;
    io::WmoBatch b = a;
    b.firstIndex = 3;
    b.lastVertex = 3;
    b.firstVertex = 1;
    b.material = 1;
    b.box = {-1, -2, -3, 4, 5, 6};
    g.batches = {a, b};
    g.colorSets = {{0xFF000000, 0xFF111111, 0xFF222222, 0xFF333333}, {0x10, 0x20, 0x30, 0x40}};
    io::WmoLiquid l;
    l.xVertices = 3;
    l.yVertices = 2;
    l.xTiles = 2;
    l.yTiles = 1;
    l.corner = {-5.f, -6.f, 1.f};
    l.material = 2;
    l.vertexData = {1, 2, 3, 4, 5, 6};
    l.heights = {1.f, 1.5f, 2.f, 2.5f, 3.f, 3.5f};
    l.tileFlags = {0x0F, 0x48};
    g.liquid = l;
    g.doodadRefs = {1, 0};
    // Raw sub-chunks in the client's order, then an unknown one (the end of MOGP).
    g.otherChunks = {rawChunk("MOLR", bytesOf({0, 0})),
                     rawChunk("MOBN", std::vector<std::byte>(16, std::byte{9})),
                     rawChunk("MOBR", bytesOf({0, 0, 1, 0})), rawChunk("MZZZ", bytesOf({7}))};
    return g;
}

} // namespace mapsmith::tests
