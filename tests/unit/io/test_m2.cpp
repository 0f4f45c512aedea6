// WotLK M2 models and skin profiles: the corpus rabbit (animated, one run-time texture) reads with the values
// @wowserhq/format reads (checked with tests/interop/check_models.mjs); an M2 and a skin built here from the
// layout read back what was written; every truncation, overflowing counts and offsets, other versions, bad
// indices give errors naming the field and its byte offset in strict mode and warnings in lenient mode, never
// a crash.

#include "io/model/m2.h"
#include "io/model/skin.h"
#include "support/model_builders.h"
#include "support/test_bytes.h"
#include "support/test_files.h"

#include <QtTest>

#include <random>
#include <string>

using namespace mapsmith;

namespace {

using namespace mapsmith::tests;

Bytes rabbit() {
    return readBytes(corpusPath("models/Rabbit.m2"));
}
// Where the last byte the M2 reader uses ends: the arrays it reads, and the texture names.
std::size_t usedEnd(const Bytes& m2) {
    std::size_t end = io::kM2HeaderSize;
    const std::pair<std::size_t, std::size_t> arrays[] = {{0x08, 1},  {0x1C, 64}, {0x2C, 88}, {0x3C, 48},
                                                          {0x50, 16}, {0x70, 4},  {0x80, 2},  {0xD8, 2}};
    for (const auto& [at, size] : arrays) {
        end = std::max<std::size_t>(end, getU32(m2, at + 4) + std::size_t(getU32(m2, at)) * size);
    }
    for (std::uint32_t t = 0; t < getU32(m2, 0x50); ++t) {
        const std::size_t entry = getU32(m2, 0x54) + 16 * t;
        end = std::max<std::size_t>(end, getU32(m2, entry + 12) + std::size_t(getU32(m2, entry + 8)));
    }
    return end;
}

Bytes rabbitSkin() {
    return readBytes(corpusPath("models/Rabbit00.skin"));
}

void compareVec(const io::ModelVec3& got, std::array<float, 3> want) {
    for (std::size_t c = 0; c < 3; ++c) {
        QCOMPARE(got[c], want[c]);
    }
}

} // namespace

class TestM2 : public QObject {
    Q_OBJECT

private slots:
    void corpusRabbit();
    void corpusRabbitSkin();
    void builtRoundOfValues();
    void skinFileNames();
    void otherVersionsRefused_data();
    void otherVersionsRefused();
    void truncateEveryLength();
    void overflowingArrays_data();
    void overflowingArrays();
    void badTextureLookup();
    void skinBadIndices();
    void skinBadSubmeshAndBatch();
    void skinVertexOutsideModel();
    void randomCorruptionNeverCrashes();
};

void TestM2::corpusRabbit() {
    const Bytes file = rabbit();
    QCOMPARE(file.size(), std::size_t(62096));
    io::Diagnostics diag;
    const auto m2 = io::readM2(file, diag, "Rabbit.m2");
    QVERIFY2(m2, qPrintable(why(m2)));
    QVERIFY(diag.warnings.empty());
    QCOMPARE(m2->version, 264u);
    QCOMPARE(m2->name, std::string("Rabbit"));
    QCOMPARE(m2->globalFlags, 1u);
    QCOMPARE(m2->sequenceCount, 7u);
    QCOMPARE(m2->boneCount, 40u);
    QCOMPARE(m2->skinProfileCount, 1u);
    QCOMPARE(m2->collisionIndexCount, 36u);
    QCOMPARE(m2->vertices.size(), std::size_t(154));
    compareVec(m2->bounds.min, {-0.6340768337249756f, -0.3105764091014862f, -0.15670306980609894f});
    compareVec(m2->bounds.max, {0.47685110569000244f, 0.47006168961524963f, 0.8000571727752686f});
    QCOMPARE(m2->bounds.radius, 0.6922021508216858f);
    compareVec(m2->collisionBounds.min, {-0.3055555522441864f, -0.3055555522441864f, 0.0f});
    compareVec(m2->collisionBounds.max, {0.3055555522441864f, 0.3055555522441864f, 2.031277894973755f});
    QCOMPARE(m2->collisionBounds.radius, 1.1037440299987793f);

    // One texture of type 11 (a creature skin set at run time): no file name.
    QCOMPARE(m2->textures.size(), std::size_t(1));
    QCOMPARE(m2->textures[0].type, 11u);
    QCOMPARE(m2->textures[0].flags, 0u);
    QCOMPARE(m2->textures[0].fileName, std::string());
    QCOMPARE(m2->textureLookup, std::vector<std::uint16_t>{0});
    QCOMPARE(m2->materials.size(), std::size_t(1));
    QCOMPARE(m2->materials[0].flags, std::uint16_t(0));
    QCOMPARE(m2->materials[0].blendMode, std::uint16_t(1));

    const io::M2Vertex& v = m2->vertices[0];
    compareVec(v.position, {-0.2735399901866913f, -0.003535992233082652f, 0.3579200804233551f});
    compareVec(v.normal, {-0.44266101717948914f, 0.004395408555865288f, 0.8966782689094543f});
    QCOMPARE(v.boneWeights, (std::array<std::uint8_t, 4>{255, 0, 0, 0}));
    QCOMPARE(v.uv[0][0], 0.9776850342750549f);
    QCOMPARE(v.uv[0][1], 0.27029675245285034f);
    QCOMPARE(v.uv[1][0], 0.0f);

    // Animated: the vertices' box is not the header's box.
    io::ModelVec3 lo = v.position, hi = v.position;
    for (const io::M2Vertex& p : m2->vertices) {
        for (std::size_t c = 0; c < 3; ++c) {
            lo[c] = std::min(lo[c], p.position[c]);
            hi[c] = std::max(hi[c], p.position[c]);
        }
    }
    compareVec(lo, {-0.4707685708999634f, -0.2016914337873459f, -0.000675330578815192f});
    compareVec(hi, {0.28776007890701294f, 0.1946192979812622f, 0.49728870391845703f});
}

void TestM2::corpusRabbitSkin() {
    const auto m2 = io::readM2(rabbit());
    QVERIFY2(m2, qPrintable(why(m2)));
    io::Diagnostics diag;
    const auto skin = io::readM2Skin(rabbitSkin(), diag, "Rabbit00.skin");
    QVERIFY2(skin, qPrintable(why(skin)));
    QVERIFY(diag.warnings.empty());
    QCOMPARE(skin->vertices.size(), std::size_t(154));
    QCOMPARE(skin->indices.size(), std::size_t(321));
    QCOMPARE(skin->triangleCount(), std::size_t(107));
    QCOMPARE(skin->bones.size(), std::size_t(154));
    QCOMPARE(skin->boneCountMax, 21u);
    QCOMPARE(skin->submeshes.size(), std::size_t(1));
    const io::M2Submesh& s = skin->submeshes[0];
    QCOMPARE(s.firstVertex(), 0u);
    QCOMPARE(s.vertexCount, std::uint16_t(154));
    QCOMPARE(s.firstIndex(), 0u);
    QCOMPARE(s.indexCount, std::uint16_t(321));
    QCOMPARE(s.boneCount, std::uint16_t(18));
    QCOMPARE(s.boneComboIndex, std::uint16_t(54));
    QCOMPARE(s.boneInfluences, std::uint16_t(4));
    QCOMPARE(s.centerBoneIndex, std::uint16_t(3));
    QCOMPARE(s.sortRadius, 0.4231628179550171f);
    QCOMPARE(skin->batches.size(), std::size_t(1));
    QCOMPARE(skin->batches[0].flags, std::uint8_t(16));
    QCOMPARE(skin->batches[0].colorIndex, std::uint16_t(0xFFFF));
    QCOMPARE(skin->batches[0].textureCount, std::uint16_t(1));

    const auto tris = io::m2TriangleIndices(*skin, m2->vertices.size(), "Rabbit00.skin");
    QVERIFY2(tris, qPrintable(why(tris)));
    QCOMPARE(tris->size(), std::size_t(321));
    QCOMPARE((std::vector<std::uint16_t>(tris->begin(), tris->begin() + 6)),
             (std::vector<std::uint16_t>{52, 58, 115, 0, 1, 53}));
}

void TestM2::builtRoundOfValues() {
    M2Spec spec;
    spec.vertexCount = 30;
    const auto m2 = io::readM2(buildM2(spec));
    QVERIFY2(m2, qPrintable(why(m2)));
    QCOMPARE(m2->name, std::string("Built"));
    QCOMPARE(m2->sequenceCount, 2u);
    QCOMPARE(m2->vertices.size(), std::size_t(30));
    for (std::uint32_t i = 0; i < 30; ++i) {
        compareVec(m2->vertices[i].position, modelVertex(i));
        QCOMPARE(m2->vertices[i].boneIndices[0], std::uint8_t(i % 4));
        QCOMPARE(m2->vertices[i].uv[0][0], float(i) / 8);
    }
    QCOMPARE(m2->textures.size(), std::size_t(2));
    QCOMPARE(m2->textures[0].fileName, std::string("WORLD\\BUILT.BLP"));
    QCOMPARE(m2->textures[1].type, 11u);
    QCOMPARE(m2->textures[1].fileName, std::string());
    QCOMPARE(m2->materials.size(), std::size_t(2));
    QCOMPARE(m2->materials[1].flags, std::uint16_t(4));
    QCOMPARE(m2->materials[1].blendMode, std::uint16_t(2));
    compareVec(m2->bounds.min, {-1, -2, -3});
    compareVec(m2->bounds.max, {4, 5, 6});
    QCOMPARE(m2->bounds.radius, 7.5f);
    QCOMPARE(m2->collisionBounds.radius, 1.25f);

    const auto skin = io::readM2Skin(buildSkin(30, 1000));
    QVERIFY2(skin, qPrintable(why(skin)));
    QCOMPARE(skin->triangleCount(), std::size_t(1000));
    const auto tris = io::m2TriangleIndices(*skin, m2->vertices.size());
    QVERIFY2(tris, qPrintable(why(tris)));
    for (std::uint32_t t = 0; t < 1000; t += 97) {
        const auto want = modelTriangle(t, 30);
        QCOMPARE((*tris)[3 * t + 2], want[2]);
    }
}

void TestM2::skinFileNames() {
    QCOMPARE(io::m2SkinFileName("Creature/Rabbit/Rabbit.m2", 0),
             std::string("Creature/Rabbit/Rabbit00.skin"));
    QCOMPARE(io::m2SkinFileName("World\\A.B\\Tree.M2", 3), std::string("World\\A.B\\Tree03.skin"));
    QCOMPARE(io::m2SkinFileName("World.x/Tree", 1), std::string("World.x/Tree01.skin"));
}

void TestM2::otherVersionsRefused_data() {
    QTest::addColumn<std::uint32_t>("version");
    QTest::addColumn<QString>("text");
    QTest::newRow("classic") << 256u << "version 256, only 264";
    QTest::newRow("bc") << 263u << "version 263 (Burning Crusade";
    QTest::newRow("cata") << 272u << "version 272, only 264";
}

void TestM2::otherVersionsRefused() {
    QFETCH(std::uint32_t, version);
    QFETCH(QString, text);
    Bytes file = rabbit();
    putU32(file, m2_at::Version, version);
    io::Diagnostics lenient{true, {}};
    const auto m2 = io::readM2(file, lenient, "Rabbit.m2");
    QVERIFY(!m2);
    QCOMPARE(m2.error().code, io::ErrorCode::UnsupportedVersion);
    QCOMPARE(m2.error().offset, std::uint64_t(4));
    QCOMPARE(m2.error().file, std::string("Rabbit.m2"));
    QVERIFY2(describe(m2.error()).contains(text), qPrintable(describe(m2.error())));

    Bytes legion = rabbit();
    std::memcpy(legion.data(), "MD21", 4);
    QVERIFY(describe(io::readM2(legion).error()).contains("MD21"));
}

void TestM2::truncateEveryLength() {
    // Strict: every cut M2 or skin fails with an offset inside the file; lenient never crashes either.
    for (const Bytes& whole : {rabbit(), rabbitSkin()}) {
        const bool isSkin = whole.size() < 10000;
        for (std::size_t n = 0; n < whole.size(); n += (n < 400 ? 1 : 61)) {
            const Bytes cut(whole.begin(), whole.begin() + std::ptrdiff_t(n));
            io::Diagnostics strict;
            io::Diagnostics lenient{true, {}};
            const std::size_t needed = isSkin ? whole.size() : usedEnd(whole);
            if (isSkin) {
                const auto s = io::readM2Skin(cut, strict);
                QVERIFY2(!s, qPrintable(QString("skin cut at %1 read").arg(n)));
                QVERIFY(s.error().offset <= n);
                (void)io::readM2Skin(cut, lenient);
            } else {
                // Cuts past the last byte the reader uses (animation data) still read.
                const auto m = io::readM2(cut, strict);
                QCOMPARE(bool(m), n >= needed);
                QVERIFY(m || m.error().offset <= n);
                const auto soft = io::readM2(cut, lenient);
                QCOMPARE(bool(soft), n >= io::kM2HeaderSize);
            }
        }
    }
}

void TestM2::overflowingArrays_data() {
    QTest::addColumn<std::size_t>("at");
    QTest::addColumn<std::uint32_t>("count");
    QTest::addColumn<std::uint32_t>("offset");
    QTest::addColumn<QString>("field");
    QTest::newRow("vertices count") << m2_at::Vertices << 0xFFFFFFFFu << 0x130u
                                    << "vertices: 4294967295 x 48";
    QTest::newRow("vertices offset") << m2_at::Vertices << 2u << 0xFFFFFFF0u << "vertices: 2 x 48";
    QTest::newRow("textures") << m2_at::Textures << 0x10000000u << 0x130u << "textures";
    QTest::newRow("sequences") << m2_at::Sequences << 0x08000000u << 0u << "sequences";
    QTest::newRow("name") << m2_at::Name << 100000u << 0x130u << "name";
    QTest::newRow("materials") << m2_at::Materials << 0x40000000u << 8u << "materials";
}

void TestM2::overflowingArrays() {
    QFETCH(std::size_t, at);
    QFETCH(std::uint32_t, count);
    QFETCH(std::uint32_t, offset);
    QFETCH(QString, field);
    Bytes file = rabbit();
    putU32(file, at, count);
    putU32(file, at + 4, offset);
    const auto m2 = io::readM2(file);
    QVERIFY(!m2);
    QCOMPARE(m2.error().code, io::ErrorCode::SizeOutOfBounds);
    QCOMPARE(m2.error().offset, std::uint64_t(at));
    QCOMPARE(describe(m2.error()).left(5), QString("MD20 "));
    QVERIFY2(describe(m2.error()).contains(field), qPrintable(describe(m2.error())));

    io::Diagnostics lenient{true, {}};
    const auto soft = io::readM2(file, lenient);
    QVERIFY(soft);
    QVERIFY(!lenient.warnings.empty()); // textures skipped also leave the texture lookup pointing nowhere
    QCOMPARE(lenient.warnings[0].offset, std::uint64_t(at));
}

void TestM2::badTextureLookup() {
    M2Spec spec;
    spec.textureLookup = {0, 7};
    const Bytes file = buildM2(spec);
    const auto m2 = io::readM2(file);
    QVERIFY(!m2);
    QCOMPARE(m2.error().code, io::ErrorCode::BadValue);
    QVERIFY(describe(m2.error()).contains("texture lookup entry 7, the model has 2 textures"));
    QCOMPARE(m2.error().offset, std::uint64_t(getU32(file, m2_at::TextureLookup + 4) + 2));
    io::Diagnostics lenient{true, {}};
    QVERIFY(io::readM2(file, lenient));
    QCOMPARE(lenient.warnings.size(), std::size_t(1));
}

void TestM2::skinBadIndices() {
    Bytes file = buildSkin(10, 5);
    const std::uint32_t indicesAt = getU32(file, skin_at::Indices + 4);
    putU16(file, indicesAt + 2 * 7, 10); // triangle 2, corner 1: past the 10 vertices
    io::Diagnostics strict;
    const auto skin = io::readM2Skin(file, strict, "Built00.skin");
    QVERIFY(!skin);
    QCOMPARE(skin.error().offset, std::uint64_t(indicesAt + 14));
    QCOMPARE(describe(skin.error()),
             QString("Built00.skin: SKIN at 0x%1: index 7 is 10, there are 10 vertices")
                 .arg(indicesAt + 14, 0, 16));

    io::Diagnostics lenient{true, {}};
    const auto soft = io::readM2Skin(file, lenient);
    QVERIFY(soft);
    QCOMPARE(lenient.warnings.size(), std::size_t(1));
    QCOMPARE(soft->triangleCount(), std::size_t(5));
    QCOMPARE((std::vector<std::uint16_t>(soft->indices.begin() + 6, soft->indices.begin() + 9)),
             (std::vector<std::uint16_t>{0, 0, 0}));

    // Not whole triangles.
    Bytes partial = buildSkin(10, 5);
    putU32(partial, skin_at::Indices, 14);
    const auto cut = io::readM2Skin(partial);
    QVERIFY(!cut);
    QCOMPARE(cut.error().offset, std::uint64_t(skin_at::Indices));
    io::Diagnostics lenient2{true, {}};
    QCOMPARE(io::readM2Skin(partial, lenient2)->triangleCount(), std::size_t(4));
}

void TestM2::skinBadSubmeshAndBatch() {
    Bytes file = buildSkin(10, 5);
    const std::uint32_t submeshAt = getU32(file, skin_at::Submeshes + 4);
    putU16(file, submeshAt + 10, 16); // index count 16 > 15
    const auto skin = io::readM2Skin(file);
    QVERIFY(!skin);
    QCOMPARE(skin.error().offset, std::uint64_t(submeshAt + 8));
    io::Diagnostics lenient{true, {}};
    const auto soft = io::readM2Skin(file, lenient);
    QVERIFY(soft);
    QCOMPARE(soft->submeshes[0].indexCount, std::uint16_t(15));

    Bytes batch = buildSkin(10, 5);
    const std::uint32_t batchAt = getU32(batch, skin_at::Batches + 4);
    putU16(batch, batchAt + 4, 1); // submesh 1 of 1
    const auto bad = io::readM2Skin(batch);
    QVERIFY(!bad);
    QCOMPARE(bad.error().offset, std::uint64_t(batchAt + 4));
    io::Diagnostics lenient2{true, {}};
    QCOMPARE(io::readM2Skin(batch, lenient2)->batches.size(), std::size_t(0));
}

void TestM2::skinVertexOutsideModel() {
    const auto skin = io::readM2Skin(buildSkin(10, 5));
    QVERIFY(skin);
    const auto tris = io::m2TriangleIndices(*skin, 5, "Built00.skin"); // triangle 3 is 3, 4, 5
    QVERIFY(!tris);
    QCOMPARE(tris.error().file, std::string("Built00.skin"));
    QCOMPARE(tris.error().offset, skin->verticesAt + 2 * 5);
    QVERIFY(describe(tris.error()).contains("skin vertex 5 names model vertex 5, the model has 5"));
}

void TestM2::randomCorruptionNeverCrashes() {
    std::mt19937 rng(1234);
    const Bytes m2 = rabbit();
    const Bytes skin = rabbitSkin();
    for (int round = 0; round < 300; ++round) {
        Bytes a = m2, b = skin;
        for (int k = 0; k < 8; ++k) {
            a[rng() % 0x130] = std::byte(rng());
            b[rng() % 48] = std::byte(rng());
        }
        for (bool lenient : {false, true}) {
            io::Diagnostics d{lenient, {}};
            const auto m = io::readM2(a, d);
            const auto s = io::readM2Skin(b, d);
            if (m && s) {
                (void)io::m2TriangleIndices(*s, m->vertices.size());
            }
            if (!m) {
                QVERIFY(m.error().offset <= a.size());
            }
        }
    }
}

QTEST_APPLESS_MAIN(TestM2)
#include "test_m2.moc"
