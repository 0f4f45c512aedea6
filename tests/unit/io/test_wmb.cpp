// Gamestudio WMB7 levels: the corpus level test.wmb read completely, checked against values taken from its
// bytes by hand with the spec's layout (a few lines of Python, not this reader); a level built here byte by
// byte with every list kind and a texture of every type; cut lists, overflowing counts and offsets, a
// triangle index outside its block give errors naming the list and offset; an unknown object type is a
// warning naming the type and offset. MAPSMITH_WRITE_WMB_SEEDS=DIR writes the hand-made level as a fuzz
// seed (tests/fuzz/seeds/wmb).

#include "io/binary/hex.h"
#include "io/gamestudio/wmb.h"
#include "support/test_bytes.h"
#include "support/test_dds.h"
#include "support/test_files.h"

#include <QtTest>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>

using namespace mapsmith;
using namespace mapsmith::io;
using namespace mapsmith::tests;

namespace {

constexpr std::size_t kLists = kWmbListCount;

// The header and the non-empty lists one after another, in list order.
Bytes assemble(const std::array<Bytes, kLists>& lists) {
    Bytes f(kWmbHeaderSize, std::byte{0});
    std::memcpy(f.data(), "WMB7", 4);
    for (std::size_t i = 0; i < kLists; ++i) {
        if (lists[i].empty()) {
            continue;
        }
        putU32(f, 4 + 8 * i, std::uint32_t(f.size()));
        putU32(f, 8 + 8 * i, std::uint32_t(lists[i].size()));
        f.insert(f.end(), lists[i].begin(), lists[i].end());
    }
    return f;
}

void appendName(Bytes& b, const char* s, std::size_t n) {
    const std::size_t len = std::strlen(s);
    for (std::size_t i = 0; i < n; ++i) {
        b.push_back(i < len ? std::byte(std::uint8_t(s[i])) : std::byte{0});
    }
}

// "i32 count, i32 offset[count]" from the list start, then the records.
Bytes offsetList(const std::vector<Bytes>& records) {
    Bytes b;
    appendU32(b, std::uint32_t(records.size()));
    std::uint32_t at = std::uint32_t(4 + 4 * records.size());
    for (const Bytes& r : records) {
        appendU32(b, at);
        at += std::uint32_t(r.size());
    }
    for (const Bytes& r : records) {
        b.insert(b.end(), r.begin(), r.end());
    }
    return b;
}

Bytes texture(const char* name, std::uint32_t w, std::uint32_t h, std::uint32_t type, const Bytes& pixels) {
    Bytes b;
    appendName(b, name, 16);
    appendU32(b, w);
    appendU32(b, h);
    appendU32(b, type);
    for (int k = 0; k < 3; ++k) {
        appendU32(b, 0);
    }
    b.insert(b.end(), pixels.begin(), pixels.end());
    return b;
}

// n copies of the bytes of one pixel.
Bytes repeat(std::initializer_list<std::uint8_t> pixel, std::size_t n) {
    Bytes b;
    for (std::size_t i = 0; i < n; ++i) {
        for (std::uint8_t v : pixel) {
            appendU8(b, v);
        }
    }
    return b;
}

void appendVec(Bytes& b, float x, float y, float z) {
    appendF32(b, x);
    appendF32(b, y);
    appendF32(b, z);
}

Bytes entity(bool old, const char* name, const char* file, float x, float y, float z) {
    Bytes b;
    appendU32(b, old ? 3 : 7);
    appendVec(b, x, y, z);
    appendVec(b, 90.0f, 0.0f, 0.0f);
    appendVec(b, 1.0f, 2.0f, 3.0f);
    appendName(b, name, old ? 20 : 33);
    appendName(b, file, old ? 13 : 33);
    appendName(b, "act", old ? 20 : 33);
    b.resize(b.size() + (old ? 3 : 1)); // alignment of the floats
    for (int k = 0; k < (old ? 8 : 20); ++k) {
        appendF32(b, float(k));
    }
    appendU32(b, 5);     // flags
    appendF32(b, 10.0f); // ambient
    if (!old) {
        appendF32(b, 50.0f); // albedo
        appendU32(b, 1);     // path
        appendU32(b, 0);     // entity2
        appendName(b, "mat", 33);
        appendName(b, "s1", 33);
        appendName(b, "s2", 33);
        appendName(b, "", 33);
    }
    return b;
}

struct HandMade {
    std::array<Bytes, kLists> lists;
    Bytes file;
};

std::size_t at(WmbList l) {
    return std::size_t(l);
}

// Every list kind: palette, 7 textures (8-bit, 565, 4444, 888, 8888, 565 with mipmaps, DDS), materials,
// objects of every type and one of type 9, one 256x256 lightmap, one block, one terrain lightmap, BSP.
HandMade handMade() {
    HandMade h;
    Bytes& pal = h.lists[at(WmbList::Palettes)];
    pal.reserve(kWmbPaletteSize);
    for (int i = 0; i < 16; ++i) {
        appendU8(pal, 0); // the header test.wmb has
    }
    for (int i = 0; i < 256; ++i) {
        appendU8(pal, std::uint8_t(i));
        appendU8(pal, std::uint8_t(255 - i));
        appendU8(pal, std::uint8_t(i / 2));
    }
    h.lists[at(WmbList::Legacy1)] = repeat({0xAB}, 8);
    const DdsCase dds = ddsDxt1Quadrants();
    Bytes mips = repeat({0x1F, 0x00}, 64 + 16 + 4 + 1);
    h.lists[at(WmbList::Textures)] = offsetList({
        texture("pal8", 4, 4, 0, repeat({1}, 16)),
        texture("r565", 4, 4, 2, repeat({0x00, 0xF8}, 16)),
        texture("a4444", 4, 4, 3, repeat({0x00, 0x8F}, 16)),
        texture("b888", 4, 4, 4, repeat({10, 20, 30}, 16)),
        texture("c8888", 4, 4, 5, repeat({10, 20, 30, 40}, 16)),
        texture("m565", 8, 8, 10, mips),
        texture("dds", std::uint32_t(dds.dds.size()), 1, 6, dds.dds),
    });
    Bytes& mat = h.lists[at(WmbList::Materials)];
    for (const char* name : {"wood", "stone"}) {
        mat.resize(mat.size() + 44, std::byte{0});
        appendName(mat, name, 20);
    }
    std::vector<Bytes> objects;
    {
        Bytes info;
        appendU32(info, 5);
        appendVec(info, 0, 0, 0);
        appendF32(info, 30.0f); // azimuth
        appendF32(info, 60.0f); // elevation
        appendU32(info, 127);
        appendF32(info, 7.5f);
        appendU8(info, 3); // gamma
        appendU8(info, 0); // LMapSize: 256
        appendU16(info, 0);
        for (int k = 0; k < 6; ++k) {
            appendU32(info, 0x00FF8040);
        }
        objects.push_back(info);
        Bytes pos;
        appendU32(pos, 1);
        appendVec(pos, 1, 2, 3);
        appendVec(pos, 4, 5, 6);
        appendU32(pos, 0);
        appendU32(pos, 0);
        appendName(pos, "start", 20);
        objects.push_back(pos);
        Bytes light;
        appendU32(light, 2);
        appendVec(light, 7, 8, 9);
        appendVec(light, 100, 50, 25);
        appendF32(light, 300.0f);
        appendU32(light, 2);
        objects.push_back(light);
        Bytes sound;
        appendU32(sound, 4);
        appendVec(sound, -1, -2, -3);
        appendF32(sound, 80.0f);
        appendF32(sound, 0);
        appendF32(sound, 0);
        appendU32(sound, 1000);
        appendU32(sound, 0);
        appendName(sound, "wind.wav", 33);
        sound.resize(sound.size() + 3);
        objects.push_back(sound);
        Bytes path;
        appendU32(path, 6);
        appendName(path, "loop", 20);
        appendF32(path, 2.0f);
        appendU32(path, 0);
        appendU32(path, 0);
        appendU32(path, 0);
        appendU32(path, 1); // num_edges
        appendVec(path, 0, 0, 0);
        appendVec(path, 10, 0, 0);
        for (int k = 0; k < 12; ++k) {
            appendF32(path, float(k));
        }
        for (float v : {1.0f, 2.0f, 10.0f, 0.0f, 1.0f, 0.0f}) {
            appendF32(path, v);
        }
        objects.push_back(path);
        objects.push_back(entity(false, "hero", "hero.mdl", 11, 12, 13));
        objects.push_back(entity(true, "box_000", "box.mdl", -5, 6, -7));
        Bytes odd;
        appendU32(odd, 9);
        appendU32(odd, 0);
        appendU32(odd, 0);
        appendU32(odd, 0);
        objects.push_back(odd);
    }
    h.lists[at(WmbList::Objects)] = offsetList(objects);
    Bytes& lm = h.lists[at(WmbList::Lightmaps)];
    for (std::size_t k = 0; k < 256 * 256 * 3; ++k) {
        appendU8(lm, std::uint8_t(k % 251));
    }
    Bytes& blocks = h.lists[at(WmbList::Blocks)];
    appendU32(blocks, 1);
    appendVec(blocks, 0, 0, 0);
    appendVec(blocks, 10, 20, 5);
    appendU32(blocks, 0);
    appendU32(blocks, 3);
    appendU32(blocks, 1);
    appendU32(blocks, 1);
    const float verts[3][3] = {{0, 0, 0}, {10, 0, 5}, {0, 20, 0}};
    for (const auto& v : verts) {
        appendVec(blocks, v[0], v[1], v[2]);
        for (int k = 0; k < 4; ++k) {
            appendF32(blocks, 0.5f);
        }
    }
    appendU16(blocks, 0);
    appendU16(blocks, 1);
    appendU16(blocks, 2);
    appendU16(blocks, 0);
    appendU32(blocks, 0);
    appendU16(blocks, 1); // texture
    appendU16(blocks, 0); // lightmap
    appendU32(blocks, 1); // material
    appendF32(blocks, 0.25f);
    appendF32(blocks, 0.5f);
    appendU32(blocks, 2);
    Bytes& terrain = h.lists[at(WmbList::LightmapsTerrain)];
    appendU32(terrain, 1);
    appendU32(terrain, 0);
    appendU32(terrain, 2);
    appendU32(terrain, 2);
    for (int k = 0; k < 12; ++k) {
        appendU8(terrain, std::uint8_t(k));
    }
    Bytes& nodes = h.lists[at(WmbList::BspNodes)];
    nodes.resize(20, std::byte{0});
    appendU32(nodes, 0);
    appendU32(nodes, std::uint32_t(-1)); // leaf 0
    appendU32(nodes, std::uint32_t(-1));
    appendU32(nodes, 0);
    appendU32(nodes, 0);
    Bytes& leafs = h.lists[at(WmbList::BspLeafs)];
    appendU32(leafs, 0);
    appendU32(leafs, std::uint32_t(-1));
    for (int k = 0; k < 3; ++k) {
        appendU16(leafs, std::uint16_t(-10));
    }
    for (int k = 0; k < 3; ++k) {
        appendU16(leafs, 29001); // unpacks to 29000 + 1024
    }
    appendU32(leafs, 0);
    appendU32(leafs, 0);
    appendU32(leafs, 0);
    appendU32(leafs, 1);
    appendU32(h.lists[at(WmbList::BspBlocks)], 0);
    h.file = assemble(h.lists);
    return h;
}

// Absolute offset of a list in an assembled file.
std::uint32_t listOffset(const Bytes& file, WmbList l) {
    return getU32(file, 4 + 8 * std::size_t(l));
}

bool hasWarning(const Wmb& w, std::uint64_t offset, const char* phrase) {
    for (const auto& x : w.warnings) {
        if (x.offset == offset && x.message.find(phrase) != std::string::npos) {
            return true;
        }
    }
    return false;
}

} // namespace

class TestWmb : public QObject {
    Q_OBJECT
private slots:
    void corpusLevel();
    void handMadeLevel();
    void everyCutFails();
    void cutLists();
    void overflowingCountsAndOffsets();
    void writeSeeds();
};

// test.wmb: the values below were read from its bytes with Python's struct module and the spec's layout.
void TestWmb::corpusLevel() {
    const Bytes file = readBytes(corpusPath("wmb/test.wmb"));
    QCOMPARE(file.size(), std::size_t(841888));
    const auto wmb = readWmb(file);
    QVERIFY2(wmb, wmb ? "" : qPrintable(describe(wmb.error())));
    const Wmb& w = *wmb;
    QCOMPARE(w.list(WmbList::Textures), (WmbListEntry{44976, 402872}));
    QCOMPARE(w.list(WmbList::Objects), (WmbListEntry{164, 1804}));
    QCOMPARE(w.list(WmbList::Blocks), (WmbListEntry{3508, 38780}));
    QCOMPARE(w.list(WmbList::Lightmaps), (WmbListEntry{448632, 393216}));
    QCOMPARE(w.list(WmbList::Legacy7), (WmbListEntry{1968, 160}));
    QCOMPARE(w.list(WmbList::Pvs), (WmbListEntry{0, 0}));

    QCOMPARE(w.palettes.size(), std::size_t(1));
    QCOMPARE(int(w.palettes[0].colors[3]), 0x0F);
    QCOMPARE(int(w.palettes[0].colors[6]), 0x1F);

    const char* names[] = {"redplain", "tilegrass",   "metalribbed2", "cobblestones1",
                           "*water3",  "marbleblack", "lightwall1"};
    const std::uint32_t sides[] = {128, 128, 64, 256, 128, 128, 128};
    QCOMPARE(w.textures.size(), std::size_t(7));
    for (std::size_t k = 0; k < 7; ++k) {
        QCOMPARE(w.textures[k].name, std::string(names[k]));
        QCOMPARE(w.textures[k].skin.type, 10u);
        QCOMPARE(w.textures[k].skin.width, sides[k]);
        QCOMPARE(w.textures[k].skin.height, sides[k]);
        QVERIFY(w.textures[k].skin.decoded());
        QCOMPARE(w.textures[k].skin.rgba.size(), std::size_t(4));
    }
    QCOMPARE(w.textures[0].offset, std::uint64_t(0xAFD0));
    QCOMPARE(w.textures[0].legacy, (std::array<std::int32_t, 3>{32808, 41000, 43048}));
    // redplain's first pixel: 565 0x9024 -> 18, 1, 4 -> 148, 4, 33.
    const auto& px = w.textures[0].skin.rgba[0];
    QCOMPARE((std::array<int, 4>{px[0], px[1], px[2], px[3]}), (std::array<int, 4>{148, 4, 33, 255}));

    QCOMPARE(w.materials.size(), std::size_t(42));
    for (const auto& m : w.materials) {
        QCOMPARE(m.name, std::string());
    }

    const std::int32_t types[] = {5, 2, 1, 3, 3, 3, 3, 6, 8, 4, 7};
    const std::uint64_t offsets[] = {212, 272, 308, 364, 500, 636, 772, 908, 1468, 1524, 1596};
    QCOMPARE(w.objects.size(), std::size_t(11));
    for (std::size_t k = 0; k < 11; ++k) {
        QCOMPARE(w.objects[k].type, types[k]);
        QCOMPARE(w.objects[k].offset, offsets[k]);
    }
    const auto& info = (*wmbInfoAt(w, 0));
    QCOMPARE(info.elevation, 60.0f);
    QCOMPARE(info.flags, 39); // the spec says "always 127"
    QCOMPARE(info.version, 7.35f);
    QCOMPARE(int(info.gamma), 2);
    QCOMPARE(int(info.lightmapSize), 0);
    QCOMPARE(info.sunColor, 9671571u);
    const auto& light = (*wmbLightAt(w, 1));
    QCOMPARE(light.range, 512.0f);
    QCOMPARE(light.color[0], 50.19607925415039f);
    const auto& pos = (*wmbPositionAt(w, 2));
    QCOMPARE(pos.name, std::string("pos_000"));
    QCOMPARE(pos.origin, (WmbVec3{-400.0f, -400.0f, 208.0f}));
    struct Ent {
        const char* name;
        const char* file;
        WmbVec3 origin;
    };
    const Ent olds[] = {{"lasergun_mdl_000", "lasergun.mdl", {176, 0, -112}},
                        {"laserammo_mdl_001", "laserammo.mdl", {208, -64, -112}},
                        {"laserammo_mdl_003", "laserammo.mdl", {192, -112, -112}},
                        {"laserammo_mdl_004", "laserammo.mdl", {240, -96, -112}}};
    for (std::size_t k = 0; k < 4; ++k) {
        const auto& e = (*wmbEntityAt(w, 3 + k));
        QVERIFY(e.old);
        QCOMPARE(e.name, std::string(olds[k].name));
        QCOMPARE(e.fileName, std::string(olds[k].file));
        QCOMPARE(e.origin, olds[k].origin);
        QCOMPARE(e.scale, (WmbVec3{1, 1, 1}));
        QCOMPARE(e.skills.size(), std::size_t(8));
    }
    QCOMPARE((*wmbEntityAt(w, 3)).angle[0], 360.0f);
    const auto& path = (*wmbPathAt(w, 7));
    QCOMPARE(path.name, std::string("path_000"));
    QCOMPARE(path.points.size(), std::size_t(9));
    QCOMPARE(path.points[1], (WmbVec3{9.43359375f, -342.2442626953125f, -32.0f}));
    QCOMPARE(path.numEdges, 43);
    QCOMPARE(path.edges.size(), std::size_t(8));
    QCOMPARE(path.edges[7].node1, 8.0f);
    QCOMPARE(path.edges[7].node2, 9.0f);
    QCOMPARE(path.edges[0].length, 330.1837463378906f);
    QCOMPARE(w.objects[8].size, std::uint64_t(56));
    QVERIFY(!w.objects[8].known());
    const auto& sound = (*wmbSoundAt(w, 9));
    QCOMPARE(sound.fileName, std::string("sound.wav"));
    QCOMPARE(sound.origin, (WmbVec3{-256, 256, 96}));
    QCOMPARE(sound.volume, 50.0f);
    QCOMPARE(sound.range, 2000);
    const auto& player = (*wmbEntityAt(w, 10));
    QVERIFY(!player.old);
    QCOMPARE(player.name, std::string("player_mdl_004"));
    QCOMPARE(player.fileName, std::string("player.mdl"));
    QCOMPARE(player.action, std::string("Player,Core"));
    QCOMPARE(player.origin, (WmbVec3{-192, 0, -96}));
    QCOMPARE(player.albedo, 50.0f); // right after the pad byte: the layout is aligned
    QCOMPARE(player.skills.size(), std::size_t(20));

    QCOMPARE(w.lightmaps.size(), std::size_t(2));
    QCOMPARE(w.lightmaps[0].width, 256u);
    QCOMPARE(int(w.lightmaps[0].bgr[0]), 2);
    QCOMPARE(w.terrainLightmaps.size(), std::size_t(0));

    QCOMPARE(w.blocks.size(), std::size_t(18));
    std::size_t v = 0, t = 0, s = 0;
    for (const auto& b : w.blocks) {
        v += b.vertices.size();
        t += b.triangles.size();
        s += b.skins.size();
    }
    QCOMPARE(v, std::size_t(1108));
    QCOMPARE(t, std::size_t(556));
    QCOMPARE(s, std::size_t(18));
    QCOMPARE(w.blocks[0].content, -126); // the spec says "always 0"
    QCOMPARE(w.blocks[0].vertices[0].position, (WmbVec3{2048, -2048, -208}));
    QCOMPARE(w.blocks[0].vertices[0].lightmap[0], 0.005859375f);
    const WmbBounds bounds = wmbBlockBounds(w);
    QVERIFY(!bounds.empty);
    QCOMPARE(bounds.min, (WmbVec3{-2048, -2048, -256}));
    QCOMPARE(bounds.max, (WmbVec3{2048, 2048, 264}));

    QCOMPARE(w.bspNodes.size(), std::size_t(0));
    QCOMPARE(w.bspLeafs.size(), std::size_t(1));
    QCOMPARE(w.bspLeafs[0].flags, -128);
    QCOMPARE(w.bspBlocks.size(), std::size_t(0));

    // Exactly two warnings: the type-8 object and the PATH's edge count.
    QCOMPARE(w.warnings.size(), std::size_t(2));
    QVERIFY2(hasWarning(w, 0x5BC, "type 8"), qPrintable(describe(w.warnings)));
    QVERIFY2(hasWarning(w, 0x38C + 40, "num_edges 43"), qPrintable(describe(w.warnings)));
    QCOMPARE(w.warnings[0].chunk, FourCC("OBJS"));
}

void TestWmb::handMadeLevel() {
    const HandMade h = handMade();
    const auto wmb = readWmb(h.file);
    QVERIFY2(wmb, wmb ? "" : qPrintable(describe(wmb.error())));
    const Wmb& w = *wmb;
    QCOMPARE(w.palettes.size(), std::size_t(1));
    QCOMPARE(w.list(WmbList::Legacy1).length, 8);
    // One pixel of each texture, from the spec's formats (8-bit through the level palette's index 1).
    const std::array<int, 4> expected[] = {{1, 254, 0, 255},  {255, 0, 0, 255}, {255, 0, 0, 136},
                                           {30, 20, 10, 255}, {30, 20, 10, 40}, {0, 0, 255, 255}};
    QCOMPARE(w.textures.size(), std::size_t(7));
    for (std::size_t k = 0; k < 6; ++k) {
        const auto& skin = w.textures[k].skin;
        QVERIFY2(skin.decoded(), w.textures[k].name.c_str());
        const auto& p = skin.rgba[0];
        QCOMPARE((std::array<int, 4>{p[0], p[1], p[2], p[3]}), expected[k]);
    }
    QCOMPARE(w.textures[5].skin.rgba.size(), std::size_t(4)); // 565 with three mipmaps
    QCOMPARE(w.textures[5].skin.rgba[3].size(), std::size_t(4));
    const DdsCase dds = ddsDxt1Quadrants();
    QCOMPARE(w.textures[6].name, std::string("dds"));
    QCOMPARE(w.textures[6].skin.imageWidth, 8u);
    QCOMPARE(w.textures[6].skin.rgba[0], dds.rgba);

    QCOMPARE(w.materials.size(), std::size_t(2));
    QCOMPARE(w.materials[1].name, std::string("stone"));

    QCOMPARE(w.objects.size(), std::size_t(8));
    QCOMPARE(wmbInfo(w)->azimuth, 30.0f);
    QCOMPARE(int(wmbInfo(w)->gamma), 3);
    QCOMPARE((*wmbPositionAt(w, 1)).name, std::string("start"));
    QCOMPARE((*wmbPositionAt(w, 1)).angle, (WmbVec3{4, 5, 6}));
    QCOMPARE((*wmbLightAt(w, 2)).color, (WmbVec3{100, 50, 25}));
    QCOMPARE((*wmbLightAt(w, 2)).flags, 2);
    QCOMPARE((*wmbSoundAt(w, 3)).fileName, std::string("wind.wav"));
    QCOMPARE((*wmbSoundAt(w, 3)).range, 1000);
    const auto& path = (*wmbPathAt(w, 4));
    QCOMPARE(path.points.size(), std::size_t(2));
    QCOMPARE(path.points[1], (WmbVec3{10, 0, 0}));
    QCOMPARE(path.skills[1][5], 11.0f);
    QCOMPARE(path.edges.size(), std::size_t(1));
    QCOMPARE(path.edges[0].length, 10.0f);
    const auto& hero = (*wmbEntityAt(w, 5));
    QCOMPARE(hero.fileName, std::string("hero.mdl"));
    QCOMPARE(hero.skills[19], 19.0f);
    QCOMPARE(hero.flags, 5);
    QCOMPARE(hero.albedo, 50.0f);
    QCOMPARE(hero.path, 1);
    QCOMPARE(hero.material, std::string("mat"));
    QCOMPARE(hero.string2, std::string("s2"));
    const auto& box = (*wmbEntityAt(w, 6));
    QVERIFY(box.old);
    QCOMPARE(box.origin, (WmbVec3{-5, 6, -7}));
    QCOMPARE(box.scale, (WmbVec3{1, 2, 3}));
    QCOMPARE(box.skills[7], 7.0f);
    QCOMPARE(box.ambient, 10.0f);

    QCOMPARE(w.lightmaps.size(), std::size_t(1));
    QCOMPARE(int(w.lightmaps[0].bgr[252]), 1);
    QCOMPARE(w.blocks.size(), std::size_t(1));
    QCOMPARE(w.blocks[0].triangles[0].vertex, (std::array<std::int16_t, 3>{0, 1, 2}));
    QCOMPARE(w.blocks[0].skins[0].material, 1);
    QCOMPARE(w.blocks[0].skins[0].flags, 2);
    QCOMPARE(wmbBlockBounds(w).max, (WmbVec3{10, 20, 5}));
    QCOMPARE(w.terrainLightmaps.size(), std::size_t(1));
    QCOMPARE(w.terrainLightmaps[0].bgr.size(), std::size_t(12));
    QCOMPARE(w.bspNodes[0].children, (std::array<std::int32_t, 2>{-1, -1}));
    QCOMPARE(wmbUnpackShort(w.bspLeafs[0].maxs[0]), 30024.0f);
    QCOMPARE(wmbUnpackShort(w.bspLeafs[0].mins[0]), -10.0f);
    QCOMPARE(w.bspBlocks, (std::vector<std::int32_t>{0}));

    // The one warning: the type-9 object, named with its type and absolute offset.
    const std::uint64_t oddAt = w.objects[7].offset;
    QCOMPARE(w.objects[7].type, 9);
    QCOMPARE(w.warnings.size(), std::size_t(1));
    QCOMPARE(w.warnings[0].offset, oddAt);
    QVERIFY(w.warnings[0].message.find("type 9") != std::string::npos);
    QCOMPARE(w.warnings[0].describe(),
             "OBJS at " + hex(oddAt) +
                 ": objects list: object 7 has type 9, which the spec does not list (1 POSITION, 2 LIGHT, 3 "
                 "OLD_ENTITY, 4 SOUND, 5 INFO, 6 PATH, 7 ENTITY); its 16 bytes are skipped");
}

// The last list ends at the end of the file, so every shorter file is an error inside the file.
void TestWmb::everyCutFails() {
    const Bytes file = handMade().file;
    for (std::size_t n = 0; n < file.size(); n += (n < 400 ? 1 : 97)) {
        const Bytes cut(file.begin(), file.begin() + std::ptrdiff_t(n));
        const auto w = readWmb(cut);
        QVERIFY2(!w, qPrintable(QStringLiteral("read %1 bytes").arg(n)));
        QVERIFY(w.error().offset <= n);
    }
}

// A list made one record shorter than its contents: the error names that list and where its contents
// ran out.
void TestWmb::cutLists() {
    struct Case {
        WmbList list;
        std::size_t cut; // bytes taken off the list's length
        const char* tag;
        ErrorCode code;
    };
    const Case cases[] = {{WmbList::Textures, 1, "TEXS", ErrorCode::Truncated},
                          {WmbList::Materials, 1, "MATS", ErrorCode::SizeOutOfBounds},
                          {WmbList::Objects, 14, "OBJS", ErrorCode::SizeOutOfBounds},
                          {WmbList::Lightmaps, 3, "LMAP", ErrorCode::SizeOutOfBounds},
                          {WmbList::Blocks, 1, "BLKS", ErrorCode::Truncated},
                          {WmbList::LightmapsTerrain, 1, "LMTR", ErrorCode::Truncated},
                          {WmbList::BspLeafs, 2, "BSPL", ErrorCode::SizeOutOfBounds}};
    for (const Case& c : cases) {
        Bytes file = handMade().file;
        const std::size_t field = 8 + 8 * std::size_t(c.list);
        const std::uint32_t length = getU32(file, field);
        putU32(file, field, std::uint32_t(length - c.cut));
        const auto w = readWmb(file);
        QVERIFY2(!w, wmbListName(c.list));
        QVERIFY2(w.error().chunk.str() == c.tag, qPrintable(describe(w.error())));
        QCOMPARE(w.error().code, c.code);
        const std::uint32_t start = listOffset(file, c.list);
        QVERIFY2(w.error().offset >= start && w.error().offset <= start + length,
                 qPrintable(describe(w.error())));
    }
    // The last object (type 9) cut to its type alone still reads: its extent is what is left.
    Bytes file = handMade().file;
    const std::size_t field = 8 + 8 * std::size_t(WmbList::Objects);
    putU32(file, field, getU32(file, field) - 12);
    QVERIFY(readWmb(file));
}

void TestWmb::overflowingCountsAndOffsets() {
    const HandMade h = handMade();
    const auto expectError = [](const Bytes& file, const char* tag, std::uint64_t offset,
                                const char* phrase) {
        const auto w = readWmb(file);
        QVERIFY2(!w, phrase);
        QVERIFY2(w.error().chunk.str() == tag && w.error().offset == offset &&
                     w.error().message.find(phrase) != std::string::npos,
                 qPrintable(describe(w.error()) + QStringLiteral(" / expected %1 at %2: %3")
                                                      .arg(QLatin1String(tag))
                                                      .arg(offset)
                                                      .arg(QLatin1String(phrase))));
    };
    {
        Bytes f = h.file; // a list whose offset + length wraps 32 bits
        putU32(f, 4 + 8 * 2, 0x7FFFFFFF);
        putU32(f, 8 + 8 * 2, 0x7FFFFFFF);
        expectError(f, "WMB7", 4 + 8 * 2, "textures list (offset 2147483647, length 2147483647)");
    }
    {
        Bytes f = h.file;
        putU32(f, 8 + 8 * 17, std::uint32_t(-4));
        expectError(f, "WMB7", 4 + 8 * 17, "blocks list");
    }
    const std::uint32_t tex = listOffset(h.file, WmbList::Textures);
    {
        Bytes f = h.file;
        putU32(f, tex, 0x7FFFFFFF);
        expectError(f, "TEXS", tex, "textures count 2147483647 does not fit");
    }
    {
        Bytes f = h.file;
        putU32(f, tex + 8, 0x7FFFFFF0); // texture 1's offset
        expectError(f, "TEXS", tex + 8, "texture 1 offset 2147483632");
    }
    {
        Bytes f = h.file; // texture 0's type
        putU32(f, tex + 4 + 4 * 7 + 24, 7);
        expectError(f, "TEXS", tex + 4 + 4 * 7 + 24, "type 7 is not a texture type");
    }
    {
        Bytes f = h.file; // texture 0's width
        putU32(f, tex + 4 + 4 * 7 + 16, 0x40000000);
        expectError(f, "TEXS", tex + 4 + 4 * 7 + 16, "size 1073741824x4");
    }
    {
        Bytes f = h.file; // every offset at the largest texture: their bytes add up past the list
        const std::uint32_t dds = getU32(f, tex + 4 + 4 * 6);
        for (std::size_t k = 0; k < 7; ++k) {
            putU32(f, tex + 4 + 4 * k, dds);
        }
        expectError(f, "TEXS", tex + 4 + 4 * 4, "(textures overlap)");
    }
    const std::uint32_t obj = listOffset(h.file, WmbList::Objects);
    {
        Bytes f = h.file; // the same for objects, at the PATH
        const std::uint32_t path = getU32(f, obj + 4 + 4 * 4);
        for (std::size_t k = 0; k < 8; ++k) {
            putU32(f, obj + 4 + 4 * k, path);
        }
        expectError(f, "OBJS", obj + 4 + 4 * 6, "(objects overlap)");
    }
    {
        Bytes f = h.file;
        putU32(f, obj, 0x20000000);
        expectError(f, "OBJS", obj, "objects count 536870912");
    }
    {
        Bytes f = h.file;
        putU32(f, obj + 4 + 4 * 2, std::uint32_t(-8)); // object 2's offset
        expectError(f, "OBJS", obj + 4 + 4 * 2, "object 2 offset -8");
    }
    const std::uint32_t pathAt = obj + getU32(h.file, obj + 4 + 4 * 4);
    {
        Bytes f = h.file;
        putF32(f, pathAt + 24, 1e30f);
        expectError(f, "OBJS", pathAt + 24, "fNumPoints");
        putF32(f, pathAt + 24, std::numeric_limits<float>::quiet_NaN());
        expectError(f, "OBJS", pathAt + 24, "fNumPoints");
    }
    {
        Bytes f = h.file; // more edges than the object holds: a warning, the edges that fit are read
        putU32(f, pathAt + 40, 1000);
        const auto w = readWmb(f);
        QVERIFY(w);
        QCOMPARE(wmbPathAt(*w, 4)->edges.size(), std::size_t(1));
        QVERIFY(hasWarning(*w, pathAt + 40, "num_edges 1000"));
    }
    const std::uint32_t blk = listOffset(h.file, WmbList::Blocks);
    {
        Bytes f = h.file;
        putU32(f, blk, 0x10000000);
        expectError(f, "BLKS", blk, "count 268435456");
    }
    {
        Bytes f = h.file; // numVerts
        putU32(f, blk + 4 + 28, 0x7FFFFFFF);
        expectError(f, "BLKS", blk + 4 + 28, "2147483647 vertices");
    }
    {
        Bytes f = h.file; // triangle 0's third vertex
        const std::size_t tri = blk + 4 + 40 + 3 * 28;
        putU16(f, tri + 4, 3);
        expectError(f, "BLKS", tri + 4, "vertex 3 is not one of its 3 vertices");
        putU16(f, tri + 4, 2);
        putU16(f, tri + 6, 1);
        expectError(f, "BLKS", tri + 6, "skin 1 is not one of its 1 skins");
    }
    {
        Bytes f = h.file; // a skin referring past the textures: a warning
        putU16(f, blk + 4 + 40 + 3 * 28 + 12, 40);
        const auto w = readWmb(f);
        QVERIFY(w);
        QVERIFY(hasWarning(*w, blk + 4 + 40 + 3 * 28 + 12, "uses texture 40 of 7"));
    }
    const std::uint32_t lmt = listOffset(h.file, WmbList::LightmapsTerrain);
    {
        Bytes f = h.file;
        putU32(f, lmt + 8, 0x4000);
        expectError(f, "LMTR", lmt + 16, "pixels needs");
    }
    {
        Bytes f = h.file; // INFO's LMapSize
        const std::uint32_t infoAt = obj + getU32(h.file, obj + 4);
        f[infoAt + 33] = std::byte{3};
        expectError(f, "OBJS", infoAt + 33, "LMapSize 3");
    }
}

void TestWmb::writeSeeds() {
    const char* dir = std::getenv("MAPSMITH_WRITE_WMB_SEEDS");
    if (dir == nullptr) {
        QSKIP("MAPSMITH_WRITE_WMB_SEEDS not set");
    }
    // The hand-made level without its 192 KB lightmap (a seed stays small).
    HandMade h = handMade();
    h.lists[at(WmbList::Lightmaps)].clear();
    const Bytes file = assemble(h.lists);
    QVERIFY(readWmb(file));
    std::ofstream out(std::string(dir) + "/hand_made.wmb", std::ios::binary);
    out.write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
    QVERIFY(out.good());
}

QTEST_APPLESS_MAIN(TestWmb)
#include "test_wmb.moc"
