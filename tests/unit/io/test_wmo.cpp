// WMO v17 roots and groups: the corpus troll tent (one group, no doodads) reads with the values
// @wowserhq/format reads (checked with tests/interop/check_models.mjs); the root and all its groups read
// through a fetch callback, a missing group file is a warning naming it while the others still read; group
// files built here (liquid, vertex colours, doodad references) read back what was written; truncation at
// every length, chunk sizes past the end, bad indices and mismatched lists give errors naming chunk and
// offset in strict mode and warnings in lenient mode, never a crash.

#include "io/binary/byte_writer.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"
#include "io/model/wmo_set.h"
#include "support/test_bytes.h"
#include "support/test_files.h"

#include <QtTest>

#include <map>
#include <random>
#include <string>

using namespace mapsmith;

namespace {

using namespace mapsmith::tests;

Bytes tentRoot() {
    return readBytes(corpusPath("models/trolltent.wmo"));
}
Bytes tentGroup() {
    return readBytes(corpusPath("models/trolltent_000.wmo"));
}

void compareVec(const io::ModelVec3& got, std::array<float, 3> want) {
    for (std::size_t c = 0; c < 3; ++c) {
        QCOMPARE(got[c], want[c]);
    }
}

const std::array<float, 3> kTentMin = {-10.63686466217041f, -12.674585342407227f, -0.8324161171913147f};
const std::array<float, 3> kTentMax = {9.409106254577637f, 21.338607788085938f, 10.977768898010254f};

// A group file: MVER 17, MOGP (header, MOPY, MOVI, MOVT, MONR, MOTV, MOBA, MOCV, MODR, MLIQ). 4 vertices,
// 2 triangles, one batch, a 2 x 2 liquid of 1 x 1 tiles. Offsets of what tests patch come back in `at`.
struct BuiltGroup {
    Bytes bytes;
    std::map<std::string, std::size_t> at; // chunk id -> offset of its header
};

BuiltGroup buildGroup() {
    BuiltGroup g;
    io::ByteWriter w;
    auto chunk = [&](const char* id, auto body) {
        g.at[id] = w.size();
        const std::size_t at =
            w.beginChunk(io::FourCC(std::uint32_t(id[0]) << 24 | std::uint32_t(id[1]) << 16 |
                                    std::uint32_t(id[2]) << 8 | std::uint32_t(id[3])));
        body();
        w.endChunk(at);
    };
    chunk("MVER", [&] { w.u32(17); });
    chunk("MOGP", [&] {
        w.u32(2), w.u32(0), w.u32(0x1009);
        for (float f : {0.0f, 0.0f, 0.0f, 1.0f, 1.0f, 0.0f}) {
            w.f32(f);
        }
        for (std::uint16_t v : {0, 0, 0, 0, 1, 0}) {
            w.u16(v);
        }
        w.u32(0x04030201), w.u32(15), w.u32(77), w.u32(0), w.u32(0);
        chunk("MOPY", [&] { w.u16(0x0120), w.u16(0xFF00); });
        chunk("MOVI", [&] {
            for (std::uint16_t v : {0, 1, 2, 2, 1, 3}) {
                w.u16(v);
            }
        });
        chunk("MOVT", [&] {
            for (float f : {0.f, 0.f, 0.f, 1.f, 0.f, 0.f, 0.f, 1.f, 0.f, 1.f, 1.f, 0.f}) {
                w.f32(f);
            }
        });
        chunk("MONR", [&] {
            for (int k = 0; k < 4; ++k) {
                w.f32(0), w.f32(0), w.f32(1);
            }
        });
        chunk("MOTV", [&] {
            for (int k = 0; k < 4; ++k) {
                w.f32(float(k)), w.f32(0.5f);
            }
        });
        chunk("MOBA", [&] {
            for (std::uint16_t v : {0, 0, 0, 1, 1, 0}) {
                w.i16(std::int16_t(v));
            }
            w.u32(0), w.u16(6), w.u16(0), w.u16(3), w.u8(0), w.u8(1);
        });
        chunk("MOCV", [&] {
            for (std::uint32_t c : {0xFF102030u, 0xFF405060u, 0x80000000u, 0x7F7F7F7Fu}) {
                w.u32(c);
            }
        });
        chunk("MODR", [&] { w.u16(4), w.u16(9); });
        chunk("MLIQ", [&] {
            w.u32(2), w.u32(2), w.u32(1), w.u32(1);
            w.f32(-5), w.f32(-6), w.f32(-7), w.u16(3);
            for (int k = 0; k < 4; ++k) {
                w.u32(0x01020304u * std::uint32_t(k)), w.f32(10.0f + float(k));
            }
            w.u8(0x0F);
        });
        chunk("MOBN", [&] { w.zeros(16); });
    });
    g.bytes = w.take();
    return g;
}

} // namespace

class TestWmo : public QObject {
    Q_OBJECT

private slots:
    void corpusRoot();
    void corpusGroup();
    void rootWithGroups();
    void missingGroupIsAWarning();
    void unreadableGroup();
    void groupFileNames();
    void builtGroup();
    void truncateEveryLength();
    void chunkPastTheEnd();
    void badIndicesAndLists_data();
    void badIndicesAndLists();
    void liquidPastItsChunk();
    void missingChunks();
    void randomCorruptionNeverCrashes();
};

void TestWmo::corpusRoot() {
    io::Diagnostics diag;
    const auto root = io::readWmoRoot(tentRoot(), diag, "trolltent.wmo");
    QVERIFY2(root, qPrintable(why(root)));
    QVERIFY(diag.warnings.empty());
    QCOMPARE(root->version, 17u);
    QCOMPARE(root->textureCount, 3u);
    QCOMPARE(root->groupCount, 1u);
    QCOMPARE(root->portalCount, 0u);
    QCOMPARE(root->lightCount, 0u);
    QCOMPARE(root->doodadNameCount, 0u);
    QCOMPARE(root->doodadDefCount, 0u);
    QCOMPARE(root->doodadSetCount, 1u);
    QCOMPARE(root->ambientColor, 0xFF9D9D9Du);
    QCOMPARE(root->wmoId, 1830u);
    QCOMPARE(root->flags, std::uint16_t(1));
    compareVec(root->bounds.min, kTentMin);
    compareVec(root->bounds.max, kTentMax);
    QCOMPARE(root->textures.names(),
             (std::vector<std::string>{"DUNGEONS\\TEXTURES\\ROOF\\BM_TROLL_KOTOSKIN01.BLP",
                                       "DUNGEONS\\TEXTURES\\WOOD\\BM_TROLL_SUPPORTS01.BLP",
                                       "DUNGEONS\\TEXTURES\\TRIM\\BM_TROLL_TRIM01.BLP"}));
    QCOMPARE(root->materials.size(), std::size_t(3));
    QCOMPARE(root->materials[0].blendMode, 1u);
    QCOMPARE(root->materials[0].textures[1], 48u);
    QCOMPARE(root->materials[0].diffuseColor, 0xFF959595u);
    QCOMPARE(root->materials[0].groundType, 10u);
    QCOMPARE(root->materials[2].flags, 4u);
    QCOMPARE(root->textures.at(root->materials[1].textures[0]),
             std::string("DUNGEONS\\TEXTURES\\WOOD\\BM_TROLL_SUPPORTS01.BLP"));
    QCOMPARE(root->textures.at(root->materials[0].textures[1]), std::string());
    QCOMPARE(root->groupNames.at(2), std::string("Tent"));
    QCOMPARE(root->groupInfos.size(), std::size_t(1));
    QCOMPARE(root->groupInfos[0].flags, 8u);
    QCOMPARE(root->groupInfos[0].nameOffset, -1);
    compareVec(root->groupInfos[0].bounds.max, kTentMax);
    QCOMPARE(root->skybox, std::string());
    QCOMPARE(root->doodadSets.size(), std::size_t(1));
    QCOMPARE(root->doodadSets[0].name, std::string("Set_$DefaultGlobal"));
    QCOMPARE(root->doodadSets[0].doodadCount, 0u);
    QVERIFY(root->doodads.empty());
    QVERIFY(root->doodadNames.names().empty());
    // MOPV MOPT MOPR MOVV MOVB MOLT MFOG, kept as read.
    QCOMPARE(root->otherChunks.size(), std::size_t(7));
    QCOMPARE(root->otherChunks.back().id, io::FourCC("MFOG"));
    QCOMPARE(root->otherChunks.back().data.size(), std::size_t(48));
}

void TestWmo::corpusGroup() {
    io::Diagnostics diag;
    const auto g = io::readWmoGroup(tentGroup(), diag, "trolltent_000.wmo");
    QVERIFY2(g, qPrintable(why(g)));
    QVERIFY(diag.warnings.empty());
    QCOMPARE(g->version, 17u);
    QCOMPARE(g->nameOffset, 2u);
    QCOMPARE(g->flags, 9u);
    compareVec(g->bounds.min, kTentMin);
    compareVec(g->bounds.max, kTentMax);
    QCOMPARE(g->exteriorBatchCount, std::uint16_t(3));
    QCOMPARE(g->liquidType, 15u);
    QCOMPARE(g->uniqueId, 8603u);
    QCOMPARE(g->vertices.size(), std::size_t(1268));
    QCOMPARE(g->normals.size(), std::size_t(1268));
    QCOMPARE(g->uvSets.size(), std::size_t(1));
    QCOMPARE(g->uvSets[0].size(), std::size_t(1268));
    QCOMPARE(g->indices.size(), std::size_t(3684));
    QCOMPARE(g->triangleCount(), std::size_t(1228));
    QCOMPARE(g->triangles.size(), std::size_t(1228));
    QCOMPARE((std::vector<std::uint16_t>(g->indices.begin(), g->indices.begin() + 9)),
             (std::vector<std::uint16_t>{0, 1, 2, 3, 4, 5, 6, 3, 5}));
    compareVec(g->vertices[0], {3.1721112728118896f, 10.4109468460083f, 5.76668119430542f});
    compareVec(g->normals[0], {0.6103413105010986f, -0.08191842585802078f, 0.7878913879394531f});
    QCOMPARE(g->uvSets[0][0][0], 1.6233912706375122f);
    QCOMPARE(g->uvSets[0][0][1], 0.526373565196991f);
    QCOMPARE(g->batches.size(), std::size_t(3));
    const std::array<std::array<std::uint32_t, 5>, 3> batches = {
        {{0, 516, 0, 113, 0}, {516, 696, 114, 323, 1}, {1212, 804, 324, 556, 2}}};
    for (std::size_t k = 0; k < 3; ++k) {
        const io::WmoBatch& b = g->batches[k];
        QCOMPARE((std::array<std::uint32_t, 5>{b.firstIndex, b.indexCount, b.firstVertex, b.lastVertex,
                                               b.material}),
                 batches[k]);
    }
    QCOMPARE(g->batches[0].box, (std::array<std::int16_t, 6>{-10, -8, 3, 8, 15, 10}));
    QVERIFY(g->colorSets.empty());
    QVERIFY(!g->liquid);
    QVERIFY(g->doodadRefs.empty());
    QCOMPARE(g->otherChunks.size(), std::size_t(2)); // MOBN, MOBR
}

void TestWmo::rootWithGroups() {
    int fetched = 0;
    const io::WmoFetch fetch = [&](const std::string& name) -> std::optional<Bytes> {
        ++fetched;
        if (name == "World/wmo/trolltent_000.wmo") {
            return tentGroup();
        }
        return std::nullopt;
    };
    io::Diagnostics diag;
    const auto model = io::readWmoWithGroups(tentRoot(), "World/wmo/trolltent.wmo", fetch, diag);
    QVERIFY2(model, qPrintable(why(model)));
    QCOMPARE(describe(diag.warnings), QString());
    QCOMPARE(fetched, 1);
    QCOMPARE(model->groupFiles, std::vector<std::string>{"World/wmo/trolltent_000.wmo"});
    QCOMPARE(model->loadedGroupCount(), std::size_t(1));
    QVERIFY(model->missingGroups.empty());
    QCOMPARE(model->groups[0]->triangleCount(), std::size_t(1228));
}

void TestWmo::missingGroupIsAWarning() {
    // Three groups in the header; only 0 and 2 exist. Strict and lenient alike read on.
    Bytes root = tentRoot();
    putU32(root, 0x14 + 4, 3); // MOHD data starts after MVER (12 bytes) and MOHD's header (8)
    const io::WmoFetch fetch = [](const std::string& name) -> std::optional<Bytes> {
        if (name == "tent_000.wmo" || name == "tent_002.wmo") {
            return tentGroup();
        }
        return std::nullopt;
    };
    for (bool lenient : {false, true}) {
        io::Diagnostics diag{lenient, {}};
        const auto model = io::readWmoWithGroups(root, "tent.wmo", fetch, diag);
        QVERIFY2(model, qPrintable(why(model)));
        QCOMPARE(model->groupFiles.size(), std::size_t(3));
        QCOMPARE(model->loadedGroupCount(), std::size_t(2));
        QVERIFY(model->groups[0] && !model->groups[1] && model->groups[2]);
        QCOMPARE(model->missingGroups, std::vector<std::string>{"tent_001.wmo"});
        QCOMPARE(describe(diag.warnings), QString("tent.wmo: group file tent_001.wmo is missing\n"));
    }
}

void TestWmo::unreadableGroup() {
    Bytes broken = tentGroup();
    broken.resize(100);
    const io::WmoFetch fetch = [&](const std::string&) -> std::optional<Bytes> { return broken; };
    io::Diagnostics strict;
    const auto model = io::readWmoWithGroups(tentRoot(), "trolltent.wmo", fetch, strict);
    QVERIFY(!model);
    QCOMPARE(model.error().file, std::string("trolltent_000.wmo"));
    QCOMPARE(model.error().chunk, io::FourCC("MOGP"));

    io::Diagnostics lenient{true, {}};
    const auto soft = io::readWmoWithGroups(tentRoot(), "trolltent.wmo", fetch, lenient);
    QVERIFY(soft);
    QVERIFY(!lenient.warnings.empty());
    QCOMPARE(lenient.warnings.back().file, std::string("trolltent_000.wmo"));
}

void TestWmo::groupFileNames() {
    QCOMPARE(io::wmoGroupFileName("World\\wmo\\Tent.wmo", 0), std::string("World\\wmo\\Tent_000.wmo"));
    QCOMPARE(io::wmoGroupFileName("a.b/Tent", 41), std::string("a.b/Tent_041.wmo"));
    QCOMPARE(io::wmoGroupFileName("Tent.WMO", 511), std::string("Tent_511.wmo"));
}

void TestWmo::builtGroup() {
    const BuiltGroup built = buildGroup();
    const auto g = io::readWmoGroup(built.bytes);
    QVERIFY2(g, qPrintable(why(g)));
    QCOMPARE(g->flags, 0x1009u);
    QCOMPARE(g->fogIds, (std::array<std::uint8_t, 4>{1, 2, 3, 4}));
    QCOMPARE(g->uniqueId, 77u);
    QCOMPARE(g->triangles.size(), std::size_t(2));
    QCOMPARE(g->triangles[0].flags, std::uint8_t(0x20));
    QCOMPARE(g->triangles[0].material, std::uint8_t(1));
    QCOMPARE(g->triangles[1].material, std::uint8_t(0xFF));
    QCOMPARE(g->indices, (std::vector<std::uint16_t>{0, 1, 2, 2, 1, 3}));
    compareVec(g->vertices[3], {1, 1, 0});
    QCOMPARE(g->uvSets[0][2][0], 2.0f);
    QCOMPARE(g->colorSets.size(), std::size_t(1));
    QCOMPARE(g->colorSets[0][1], 0xFF405060u);
    QCOMPARE(g->doodadRefs, (std::vector<std::uint16_t>{4, 9}));
    QCOMPARE(g->batches[0].indexCount, std::uint16_t(6));
    QCOMPARE(g->batches[0].material, std::uint8_t(1));
    QVERIFY(g->liquid);
    QCOMPARE(g->liquid->xVertices, 2u);
    QCOMPARE(g->liquid->material, std::uint16_t(3));
    compareVec(g->liquid->corner, {-5, -6, -7});
    QCOMPARE(g->liquid->heights, (std::vector<float>{10, 11, 12, 13}));
    QCOMPARE(g->liquid->vertexData[2], 0x02040608u);
    QCOMPARE(g->liquid->tileFlags, std::vector<std::uint8_t>{0x0F});
    QCOMPARE(g->otherChunks.size(), std::size_t(1));
    QCOMPARE(g->otherChunks[0].id, io::FourCC("MOBN"));
}

void TestWmo::truncateEveryLength() {
    for (const Bytes& whole : {tentRoot(), tentGroup(), buildGroup().bytes}) {
        // A root cut between two chunks after MOHD is a shorter valid root; group files are one MOGP.
        std::vector<std::size_t> boundaries;
        for (std::size_t at = 0; at + 8 <= whole.size(); at += 8 + getU32(whole, at + 4)) {
            boundaries.push_back(at + 8 + getU32(whole, at + 4));
        }
        const bool root = whole.size() == 672;
        for (std::size_t n = 0; n < whole.size(); n += (n < 800 ? 1 : 97)) {
            const Bytes cut(whole.begin(), whole.begin() + std::ptrdiff_t(n));
            io::Diagnostics strict;
            const bool ok = root ? bool(io::readWmoRoot(cut, strict)) : bool(io::readWmoGroup(cut, strict));
            const bool wholeChunks =
                root && n >= 84 && std::count(boundaries.begin(), boundaries.end(), n) == 1;
            QVERIFY2(ok == wholeChunks, qPrintable(QString("cut at %1 of %2").arg(n).arg(whole.size())));
            io::Diagnostics lenient{true, {}};
            const auto soft = root ? io::Expected<int>(io::readWmoRoot(cut, lenient) ? 1 : 0)
                                   : io::Expected<int>(io::readWmoGroup(cut, lenient) ? 1 : 0);
            QVERIFY(soft);
        }
    }
}

void TestWmo::chunkPastTheEnd() {
    Bytes group = tentGroup();
    const std::size_t movtAt = 20 + 68 + 8 + 2456 + 8 + 3684 * 2; // MVER, MOGP header, MOPY, MOVI
    QCOMPARE(getU32(group, movtAt), io::FourCC("MOVT").value);
    putU32(group, movtAt + 4, 0x7FFFFFF0);
    io::Diagnostics strict;
    const auto g = io::readWmoGroup(group, strict, "trolltent_000.wmo");
    QVERIFY(!g);
    QCOMPARE(g.error().code, io::ErrorCode::SizeOutOfBounds);
    QCOMPARE(describe(g.error()).left(32),
             QString("trolltent_000.wmo: MOVT at 0x%1").arg(movtAt, 0, 16).left(32));

    Bytes root = tentRoot();
    putU32(root, 0x58, 0xFFFFFFFF); // MOTX size
    const auto r = io::readWmoRoot(root);
    QVERIFY(!r);
    QCOMPARE(r.error().chunk, io::FourCC("MOTX"));
    QCOMPARE(r.error().offset, std::uint64_t(0x54));
    io::Diagnostics lenient{true, {}};
    const auto soft = io::readWmoRoot(root, lenient);
    QVERIFY(soft); // MOTX keeps the rest of the file; the counts from MOHD are still there
    QCOMPARE(soft->groupCount, 1u);
}

void TestWmo::badIndicesAndLists_data() {
    QTest::addColumn<QString>("chunk");
    QTest::addColumn<std::size_t>("patchAt"); // from the chunk's data
    QTest::addColumn<std::uint32_t>("value");
    QTest::addColumn<bool>("u16");
    QTest::addColumn<QString>("text");
    QTest::newRow("index past vertices")
        << "MOVI" << std::size_t(10) << 4u << true << "index 5 is 4, there are 4";
    QTest::newRow("normals short") << "MONR" << std::size_t(~std::size_t(0)) << 36u << false
                                   << "3 entries for 4";
    QTest::newRow("uvs long") << "MOTV" << std::size_t(~std::size_t(0)) << 40u << false << "5 entries for 4";
    QTest::newRow("batch range") << "MOBA" << std::size_t(16) << 7u << true << "batch 0 indices end at 7";
    QTest::newRow("record remainder")
        << "MOCV" << std::size_t(~std::size_t(0)) << 15u << false << "size 15 is not a multiple of 4";
}

void TestWmo::badIndicesAndLists() {
    QFETCH(QString, chunk);
    QFETCH(std::size_t, patchAt);
    QFETCH(std::uint32_t, value);
    QFETCH(bool, u16);
    QFETCH(QString, text);
    BuiltGroup built = buildGroup();
    const std::size_t at = built.at.at(chunk.toStdString());
    Bytes& b = built.bytes;
    if (patchAt == ~std::size_t(0)) {
        // Change the chunk's size, keeping the bytes: the next chunk header moves with it, so shrink or grow
        // the data to match.
        const std::uint32_t old = getU32(b, at + 4);
        b.erase(b.begin() + std::ptrdiff_t(at + 8 + std::min(old, value)),
                b.begin() + std::ptrdiff_t(at + 8 + old));
        b.insert(b.begin() + std::ptrdiff_t(at + 8 + std::min(old, value)), value > old ? value - old : 0,
                 std::byte{0});
        putU32(b, at + 4, value);
        putU32(b, built.at.at("MOGP") + 4, std::uint32_t(b.size() - built.at.at("MOGP") - 8));
    } else if (u16) {
        putU16(b, at + 8 + patchAt, std::uint16_t(value));
    } else {
        putU32(b, at + 8 + patchAt, value);
    }
    io::Diagnostics strict;
    const auto g = io::readWmoGroup(b, strict, "built_000.wmo");
    QVERIFY(!g);
    QVERIFY2(describe(g.error()).contains(text), qPrintable(describe(g.error())));
    QCOMPARE(g.error().chunk.str(), chunk.toStdString());
    QVERIFY(g.error().offset >= at && g.error().offset < at + 8 + getU32(b, at + 4));

    io::Diagnostics lenient{true, {}};
    const auto soft = io::readWmoGroup(b, lenient, "built_000.wmo");
    QVERIFY(soft);
    QVERIFY(!lenient.warnings.empty()); // a partial colour also leaves the colours one short
    QVERIFY(describe(lenient.warnings[0]).contains(text));
    // What reads leniently keeps the invariants.
    for (std::uint16_t i : soft->indices) {
        QVERIFY(i < soft->vertices.size());
    }
    QCOMPARE(soft->normals.size(), soft->vertices.size());
    QCOMPARE(soft->uvSets[0].size(), soft->vertices.size());
    QVERIFY(soft->batches[0].firstIndex + soft->batches[0].indexCount <= soft->indices.size());
}

void TestWmo::liquidPastItsChunk() {
    BuiltGroup built = buildGroup();
    putU32(built.bytes, built.at.at("MLIQ") + 8, 0x10000); // 65536 x 2 vertices
    const auto g = io::readWmoGroup(built.bytes);
    QVERIFY(!g);
    QCOMPARE(g.error().chunk, io::FourCC("MLIQ"));
    QCOMPARE(g.error().offset, std::uint64_t(built.at.at("MLIQ")));
    io::Diagnostics lenient{true, {}};
    const auto soft = io::readWmoGroup(built.bytes, lenient);
    QVERIFY(soft && !soft->liquid);
}

void TestWmo::missingChunks() {
    const auto none = io::readWmoRoot(Bytes{});
    QVERIFY(!none);
    QCOMPARE(none.error().code, io::ErrorCode::MissingChunk);
    // A group file is no root, and a root no group file.
    QCOMPARE(io::readWmoRoot(tentGroup()).error().chunk, io::FourCC("MOHD"));
    QCOMPARE(io::readWmoGroup(tentRoot()).error().chunk, io::FourCC("MOGP"));
    Bytes v16 = tentRoot();
    putU32(v16, 8, 16);
    QCOMPARE(io::readWmoRoot(v16).error().code, io::ErrorCode::UnsupportedVersion);
    io::Diagnostics lenient{true, {}};
    QCOMPARE(io::readWmoRoot(v16, lenient)->version, 16u);
}

void TestWmo::randomCorruptionNeverCrashes() {
    std::mt19937 rng(99);
    const Bytes root = tentRoot();
    const Bytes group = buildGroup().bytes;
    for (int round = 0; round < 400; ++round) {
        Bytes a = root, b = group;
        for (int k = 0; k < 6; ++k) {
            a[rng() % a.size()] = std::byte(rng());
            b[rng() % b.size()] = std::byte(rng());
        }
        for (bool lenient : {false, true}) {
            io::Diagnostics d{lenient, {}};
            const auto r = io::readWmoRoot(a, d);
            const auto g = io::readWmoGroup(b, d);
            if (g) {
                for (std::uint16_t i : g->indices) {
                    QVERIFY(i < g->vertices.size());
                }
            }
            QVERIFY(r || r.error().offset <= a.size());
        }
    }
}

QTEST_APPLESS_MAIN(TestWmo)
#include "test_wmo.moc"
