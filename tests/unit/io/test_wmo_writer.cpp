// WMO v17 writer (io/model/wmo_writer.h): the corpus troll tent root and group read strictly and written back
// are byte-identical; WMOs built here with every part (materials, group infos, doodad sets / names / defs,
// skybox, raw chunks, several UV and colour sets, liquid, doodad references, batches) and with nothing in
// them read back what they hold; a built WMO (no chunk order) comes out in the client's chunk order; counts
// are written as stored; a raw chunk in an unusual place stays there; the written root and group read
// strictly through readWmoWithGroups.

#include "io/binary/byte_writer.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"
#include "io/model/wmo_set.h"
#include "io/model/wmo_writer.h"
#include "support/test_bytes.h"
#include "support/test_files.h"
#include "support/wmo_compare.h"

#include <QtTest>

#include <cstring>
#include <string>
#include <vector>

using namespace mapsmith;

namespace {

using namespace mapsmith::tests;

Bytes bytesOf(std::initializer_list<int> values) {
    Bytes out;
    for (int v : values) {
        out.push_back(std::byte(v));
    }
    return out;
}

io::WmoRawChunk raw(const char (&id)[5], Bytes data) {
    return io::WmoRawChunk{io::FourCC(id), 0, std::move(data)};
}

// Top-level chunk ids of a chunk stream, and (inside = true) the sub-chunk ids of its first MOGP.
std::vector<std::string> chunkIds(const Bytes& file, bool insideGroup = false) {
    std::vector<std::string> ids;
    std::size_t at = 0;
    std::size_t end = file.size();
    if (insideGroup) {
        at = 8 + 4 + 8 + io::kWmoGroupHeaderSize; // MVER (17), then MOGP's header
        end = 8 + 4 + 8 + getU32(file, 8 + 4 + 4);
    }
    while (at + 8 <= end) {
        const io::FourCC id(getU32(file, at));
        ids.push_back(id.str());
        at += 8 + getU32(file, at + 4);
    }
    return ids;
}

io::WmoRoot builtRoot() {
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
    r.otherChunks = {raw("MOPV", Bytes(48, std::byte{1})),
                     raw("MOPT", Bytes(20, std::byte{2})),
                     raw("MOPR", Bytes(8, std::byte{3})),
                     raw("MOVV", {}),
                     raw("MOVB", {}),
                     raw("MOLT", Bytes(48, std::byte{4})),
                     raw("MFOG", Bytes(48, std::byte{5})),
                     raw("MCVP", Bytes(16, std::byte{6})),
                     raw("MZZZ", bytesOf({1, 2, 3}))};
    return r;
}

io::WmoGroup builtGroup() {
    io::WmoGroup g;
    g.nameOffset = 2;
    g.descriptionOffset = 0;
    g.flags = 0x1 | 0x4 | 0x800 | 0x1000 | 0x1000000 | 0x2000000;
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
    g.otherChunks = {raw("MOLR", bytesOf({0, 0})), raw("MOBN", Bytes(16, std::byte{9})),
                     raw("MOBR", bytesOf({0, 0, 1, 0})), raw("MZZZ", bytesOf({7}))};
    return g;
}

// Reads a written root strictly; fails the test when it does not read.
io::WmoRoot readRoot(const Bytes& file) {
    auto r = io::readWmoRoot(file);
    if (!r) {
        qWarning("%s", qPrintable(why(r)));
        return {};
    }
    return *r;
}

io::WmoGroup readGroup(const Bytes& file) {
    auto g = io::readWmoGroup(file);
    if (!g) {
        qWarning("%s", qPrintable(why(g)));
        return {};
    }
    return *g;
}

} // namespace

class TestWmoWriter : public QObject {
    Q_OBJECT

private slots:
    void corpusWrittenBackIsIdentical_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<bool>("isRoot");
        QTest::newRow("root") << "models/trolltent.wmo" << true;
        QTest::newRow("group") << "models/trolltent_000.wmo" << false;
    }
    void corpusWrittenBackIsIdentical() {
        QFETCH(QString, file);
        QFETCH(bool, isRoot);
        const Bytes in = readBytes(corpusPath(file.toStdString()));
        QVERIFY(!in.empty());
        Bytes out;
        if (isRoot) {
            auto r = io::readWmoRoot(in);
            QVERIFY2(r, qPrintable(why(r)));
            out = io::writeWmoRoot(*r);
        } else {
            auto g = io::readWmoGroup(in);
            QVERIFY2(g, qPrintable(why(g)));
            out = io::writeWmoGroup(*g);
        }
        QCOMPARE(out.size(), in.size());
        QVERIFY(out == in);
    }

    void builtRootReadsBack() {
        const io::WmoRoot built = builtRoot();
        const Bytes file = io::writeWmoRoot(built);
        auto back = io::readWmoRoot(file);
        QVERIFY2(back, qPrintable(why(back)));
        io::WmoRoot want = built;
        want.chunkOrder = back->chunkOrder;
        want.skyboxSize = back->skyboxSize;
        QVERIFY(withoutOffsets(*back) == withoutOffsets(want));
        QCOMPARE(back->doodads[1].nameOffset, 0xABCDEFu);
        QCOMPARE(back->doodads[1].flags, std::uint8_t(0xF1));
        QCOMPARE(back->skybox, built.skybox);
        QCOMPARE(*back->skyboxSize, 28u); // 26 characters, a NUL, one byte to a multiple of 4
        // What was read (now with its chunk order) is written to the same bytes.
        QVERIFY(io::writeWmoRoot(*back) == file);
    }

    void builtGroupReadsBack() {
        const io::WmoGroup built = builtGroup();
        const Bytes file = io::writeWmoGroup(built);
        io::WmoGroup back = readGroup(file);
        QCOMPARE(back.uvSets.size(), std::size_t(2));
        QCOMPARE(back.colorSets.size(), std::size_t(2));
        QVERIFY(back.liquid.has_value());
        io::WmoGroup want = built;
        want.chunkOrder = back.chunkOrder;
        want.subChunkOrder = back.subChunkOrder;
        QVERIFY(withoutOffsets(back) == withoutOffsets(want));
        QVERIFY(io::writeWmoGroup(back) == file);
        // MOGP's size is what it holds: it ends at the end of the file.
        QCOMPARE(std::size_t(getU32(file, 16)), file.size() - 20);
    }

    void builtWmoIsInTheClientsOrder() {
        const Bytes root = io::writeWmoRoot(builtRoot());
        const std::vector<std::string> rootIds = {"MVER", "MOHD", "MOTX", "MOMT", "MOGN", "MOGI", "MOSB",
                                                  "MOPV", "MOPT", "MOPR", "MOVV", "MOVB", "MOLT", "MODS",
                                                  "MODN", "MODD", "MFOG", "MCVP", "MZZZ"};
        QCOMPARE(chunkIds(root), rootIds);
        const Bytes group = io::writeWmoGroup(builtGroup());
        QCOMPARE(chunkIds(group), (std::vector<std::string>{"MVER", "MOGP"}));
        const std::vector<std::string> subIds = {"MOPY", "MOVI", "MOVT", "MONR", "MOTV",
                                                 "MOBA", "MOLR", "MODR", "MOBN", "MOBR",
                                                 "MOCV", "MLIQ", "MOTV", "MOCV", "MZZZ"};
        QCOMPARE(chunkIds(group, true), subIds);
    }

    void emptyWmoHasTheRequiredChunks() {
        // Nothing in it: every chunk the client walks is there, empty; nothing optional.
        const Bytes root = io::writeWmoRoot(io::WmoRoot{});
        QCOMPARE(chunkIds(root), (std::vector<std::string>{"MVER", "MOHD", "MOTX", "MOMT", "MOGN", "MOGI",
                                                           "MOSB", "MOPV", "MOPT", "MOPR", "MOVV", "MOVB",
                                                           "MOLT", "MODS", "MODN", "MODD", "MFOG"}));
        const io::WmoRoot r = readRoot(root);
        QCOMPARE(r.version, 17u);
        QVERIFY(r.materials.empty() && r.groupInfos.empty() && r.doodadSets.empty() && r.doodads.empty());
        QVERIFY(r.textures.bytes.empty() && r.skybox.empty());
        QCOMPARE(*r.skyboxSize, 4u); // a NUL padded to 4 bytes, as the troll tent has it
        QCOMPARE(r.otherChunks.size(), std::size_t(7));
        for (const io::WmoRawChunk& c : r.otherChunks) {
            QVERIFY(c.data.empty());
        }

        const Bytes group = io::writeWmoGroup(io::WmoGroup{});
        QCOMPARE(chunkIds(group, true),
                 (std::vector<std::string>{"MOPY", "MOVI", "MOVT", "MONR", "MOTV", "MOBA"}));
        const io::WmoGroup g = readGroup(group);
        QVERIFY(g.vertices.empty() && g.indices.empty() && g.batches.empty() && g.doodadRefs.empty());
        QVERIFY(g.colorSets.empty() && !g.liquid && g.otherChunks.empty());
        QCOMPARE(g.uvSets.size(), std::size_t(1)); // the one MOTV every group has
        QVERIFY(g.uvSets[0].empty());
    }

    void countsAreWrittenAsStored() {
        io::WmoRoot r;
        r.textureCount = 99;
        r.groupCount = 3;
        r.doodadSetCount = 5;
        const io::WmoRoot back = readRoot(io::writeWmoRoot(r));
        QCOMPARE(back.textureCount, 99u);
        QCOMPARE(back.groupCount, 3u);
        QCOMPARE(back.doodadSetCount, 5u);
        io::WmoGroup g = builtGroup();
        g.transBatchCount = 9;
        g.exteriorBatchCount = 0;
        const io::WmoGroup gb = readGroup(io::writeWmoGroup(g));
        QCOMPARE(gb.transBatchCount, std::uint16_t(9));
        QCOMPARE(gb.exteriorBatchCount, std::uint16_t(0));
        QCOMPARE(gb.batches.size(), std::size_t(2));
    }

    void skyboxKeepsItsStoredSize_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("size");
        QTest::newRow("no chunk data") << "" << 0;
        QTest::newRow("a NUL") << "" << 1;
        QTest::newRow("padded") << "Sky.mdx" << 16;
        QTest::newRow("no NUL") << "Sky.mdx" << 7;
    }
    void skyboxKeepsItsStoredSize() {
        QFETCH(QString, name);
        QFETCH(int, size);
        io::WmoRoot r;
        r.skybox = name.toStdString();
        r.skyboxSize = std::uint32_t(size);
        const Bytes file = io::writeWmoRoot(r);
        const io::WmoRoot back = readRoot(file);
        QCOMPARE(back.skybox, r.skybox);
        QCOMPARE(back.skyboxSize, r.skyboxSize);
        QVERIFY(io::writeWmoRoot(back) == file);
    }

    void rawChunksStayInTheirPlace() {
        // A root with an unknown chunk between MOHD and MOTX and MFOG before MODS; a group with a top-level
        // chunk after MOGP and MOCV before MOTV: read and written back unchanged.
        io::WmoRoot r = builtRoot();
        r.chunkOrder = {io::FourCC("MVER"), io::FourCC("MOHD"), io::FourCC("MZZZ"),
                        io::FourCC("MOTX"), io::FourCC("MOMT"), io::FourCC("MFOG"),
                        io::FourCC("MODS"), io::FourCC("MODD"), io::FourCC("MCVP")};
        const Bytes rootFile = io::writeWmoRoot(r);
        std::vector<std::string> want = {
            "MVER", "MOHD", "MZZZ", "MOTX", "MOMT", "MFOG", "MODS", "MODD", "MCVP",
            // what the order does not name: parts holding something, raw chunks
            "MOGN", "MOGI", "MOSB", "MODN", "MOPV", "MOPT", "MOPR", "MOVV", "MOVB", "MOLT"};
        QCOMPARE(chunkIds(rootFile), want);
        const io::WmoRoot rootBack = readRoot(rootFile);
        QVERIFY(io::writeWmoRoot(rootBack) == rootFile);

        io::WmoGroup g = builtGroup();
        g.otherChunks.push_back(raw("MTOP", bytesOf({5, 5}))); // file order: after MOGP's MZZZ
        g.chunkOrder = {io::FourCC("MVER"), io::FourCC("MOGP"), io::FourCC("MTOP")};
        g.subChunkOrder = {io::FourCC("MOPY"), io::FourCC("MOVI"), io::FourCC("MOVT"), io::FourCC("MONR"),
                           io::FourCC("MOCV"), io::FourCC("MOTV"), io::FourCC("MOLR"), io::FourCC("MOBN"),
                           io::FourCC("MOBR"), io::FourCC("MOBA"), io::FourCC("MLIQ"), io::FourCC("MODR"),
                           io::FourCC("MOTV"), io::FourCC("MOCV"), io::FourCC("MZZZ")};
        const Bytes groupFile = io::writeWmoGroup(g);
        QCOMPARE(chunkIds(groupFile), (std::vector<std::string>{"MVER", "MOGP", "MTOP"}));
        std::vector<std::string> sub;
        for (io::FourCC id : g.subChunkOrder) {
            sub.push_back(id.str());
        }
        QCOMPARE(chunkIds(groupFile, true), sub);
        const io::WmoGroup groupBack = readGroup(groupFile);
        QVERIFY(withoutOffsets(groupBack) == withoutOffsets(g));
        QVERIFY(io::writeWmoGroup(groupBack) == groupFile);
    }

    void partsAddedToAReadGroupAreWritten() {
        auto g = io::readWmoGroup(readBytes(corpusPath("models/trolltent_000.wmo")));
        QVERIFY(g);
        // A second UV set and doodad references the tent does not have: written after the order.
        g->uvSets.push_back(g->uvSets[0]);
        g->doodadRefs = {0};
        const io::WmoGroup back = readGroup(io::writeWmoGroup(*g));
        QCOMPARE(back.uvSets.size(), std::size_t(2));
        QVERIFY(back.uvSets[1] == g->uvSets[0]);
        QCOMPARE(back.doodadRefs, std::vector<std::uint16_t>{0});
        QCOMPARE(back.otherChunks.size(), std::size_t(2)); // MOBN, MOBR
    }

    void writtenRootAndGroupReadAsAModel() {
        io::WmoRoot root = builtRoot();
        root.groupCount = 1;
        const Bytes rootFile = io::writeWmoRoot(root);
        const Bytes groupFile = io::writeWmoGroup(builtGroup());
        const io::WmoFetch fetch = [&](const std::string& name) -> std::optional<Bytes> {
            if (name == io::wmoGroupFileName("World/wmo/Built.wmo", 0)) {
                return groupFile;
            }
            return std::nullopt;
        };
        io::Diagnostics strict;
        auto model = io::readWmoWithGroups(rootFile, "World/wmo/Built.wmo", fetch, strict);
        QVERIFY2(model, qPrintable(why(model)));
        QVERIFY(strict.warnings.empty());
        QCOMPARE(model->loadedGroupCount(), std::size_t(1));
        QVERIFY(model->missingGroups.empty());
        QCOMPARE(model->groups[0]->triangleCount(), std::size_t(2));
        QCOMPARE(model->root.materials.size(), std::size_t(2));
    }
};

QTEST_GUILESS_MAIN(TestWmoWriter)
#include "test_wmo_writer.moc"
