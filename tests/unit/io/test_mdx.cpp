// MDX (0.5.3, version 1300) models: no corpus file exists, so files are built here from the spec
// (tests/support/model_builders.h) and must read back every value written: version, name, bounds, sequences,
// materials and layers, textures, geosets (vertices, normals, UVs, triangles, bounds); unknown chunks are
// skipped by size; truncation at every length, sizes past their container, counts that cannot fit and bad
// indices give errors naming chunk and offset in strict mode and warnings in lenient mode, never a crash.
// MAPSMITH_WRITE_MDX_SEEDS=DIR also writes the built file as a fuzz seed (tests/fuzz/seeds/mdx).

#include "io/model/mdx.h"
#include "support/model_builders.h"
#include "support/test_bytes.h"

#include <QtTest>

#include <cstdlib>
#include <fstream>
#include <random>
#include <string>

using namespace mapsmith;

namespace {

using namespace mapsmith::tests;

// Offset of the first chunk with this tag (tags in reading order), or npos.
std::size_t findTag(const Bytes& b, const char* tag) {
    for (std::size_t at = 4; at + 8 <= b.size(); at += 8 + getU32(b, at + 4)) {
        if (std::memcmp(b.data() + at, tag, 4) == 0) {
            return at;
        }
    }
    return std::string::npos;
}
// Offset of a geoset block tag inside GEOS (first match).
std::size_t findBlock(const Bytes& b, const char* tag) {
    const std::size_t geos = findTag(b, "GEOS");
    for (std::size_t at = geos + 8; at + 4 <= b.size(); ++at) {
        if (std::memcmp(b.data() + at, tag, 4) == 0) {
            return at;
        }
    }
    return std::string::npos;
}

} // namespace

class TestMdx : public QObject {
    Q_OBJECT

private slots:
    void builtRoundOfValues();
    void twoGeosets();
    void otherVersion();
    void truncateEveryLength();
    void sizesPastTheirContainer_data();
    void sizesPastTheirContainer();
    void badIndexAndNormals();
    void missingChunks();
    void randomCorruptionNeverCrashes();
};

void TestMdx::builtRoundOfValues() {
    MdxSpec spec;
    const Bytes file = buildMdx(spec);
    if (const char* dir = std::getenv("MAPSMITH_WRITE_MDX_SEEDS")) {
        std::ofstream(std::string(dir) + "/built_6v_4t.mdx", std::ios::binary)
            .write(reinterpret_cast<const char*>(file.data()), std::streamsize(file.size()));
    }
    io::Diagnostics diag;
    const auto mdx = io::readMdx(file, diag, "Built.mdx");
    QVERIFY2(mdx, qPrintable(why(mdx)));
    QCOMPARE(describe(diag.warnings), QString());
    QCOMPARE(mdx->version, 1300u);
    QCOMPARE(mdx->name, std::string("Built"));
    QCOMPARE(mdx->animationFile, std::string());
    QCOMPARE(mdx->bounds.radius, 9.5f);
    QCOMPARE(mdx->bounds.min, (io::ModelVec3{-1, -2, -3}));
    QCOMPARE(mdx->bounds.max, (io::ModelVec3{4, 5, 6}));
    QCOMPARE(mdx->blendTime, 150u);

    QCOMPARE(mdx->sequences.size(), std::size_t(2));
    QCOMPARE(mdx->sequences[1].name, std::string("Walk"));
    QCOMPARE(mdx->sequences[1].start, 1000u);
    QCOMPARE(mdx->sequences[1].end, 1999u);
    QCOMPARE(mdx->sequences[1].moveSpeed, 2.5f);
    QCOMPARE(mdx->sequences[1].bounds.max, (io::ModelVec3{1, 1, 2}));
    QCOMPARE(mdx->sequences[1].bounds.radius, 3.0f);

    QCOMPARE(mdx->materials.size(), std::size_t(1));
    QCOMPARE(mdx->materials[0].layers.size(), std::size_t(1));
    const io::MdxLayer& layer = mdx->materials[0].layers[0];
    QCOMPARE(layer.blendMode, 2u);
    QCOMPARE(layer.shadingFlags, 1u);
    QCOMPARE(layer.textureId, 1u);
    QCOMPARE(layer.textureAnimationId, 0xFFFFFFFFu);
    QCOMPARE(layer.alpha, 0.75f);

    QCOMPARE(mdx->textures.size(), std::size_t(2));
    QCOMPARE(mdx->textures[0].fileName, std::string("Creature\\Built\\Built.blp"));
    QCOMPARE(mdx->textures[0].flags, 3u);
    QCOMPARE(mdx->textures[1].replaceableId, 1u);
    QCOMPARE(mdx->textures[1].fileName, std::string());

    QCOMPARE(mdx->skippedChunks, std::vector<io::FourCC>{io::FourCC("BONE")});
    QCOMPARE(mdx->geosets.size(), std::size_t(1));
    const io::MdxGeoset& g = mdx->geosets[0];
    QCOMPARE(g.vertices.size(), std::size_t(6));
    for (std::uint32_t i = 0; i < 6; ++i) {
        QCOMPARE(g.vertices[i], modelVertex(i));
        QCOMPARE(g.normals[i], (io::ModelVec3{0, 1, 0}));
        QCOMPARE(g.uvSets[0][i], (io::ModelVec2{float(i), 0.5f}));
    }
    QCOMPARE(g.uvSets.size(), std::size_t(1));
    QCOMPARE(g.primitiveTypes, std::vector<std::uint8_t>{4});
    QCOMPARE(g.primitiveCounts, std::vector<std::uint32_t>{12});
    QCOMPARE(g.triangleCount(), std::size_t(4));
    QCOMPARE((std::vector<std::uint16_t>(g.indices.end() - 3, g.indices.end())),
             (std::vector<std::uint16_t>{3, 4, 5}));
    QCOMPARE(g.vertexGroups.size(), std::size_t(6));
    QCOMPARE(g.bounds.radius, 2.0f);
    QCOMPARE(g.bounds.min, (io::ModelVec3{-1, -2, 0}));
    QCOMPARE(g.bounds.max, (io::ModelVec3{4, 0, 3.5f}));
    QCOMPARE(mdx->vertexCount(), std::size_t(6));
    QCOMPARE(mdx->triangleCount(), std::size_t(4));
}

void TestMdx::twoGeosets() {
    MdxSpec spec;
    spec.geosets = 2;
    spec.vertexCount = 500;
    spec.triangles = 1000;
    const auto mdx = io::readMdx(buildMdx(spec));
    QVERIFY2(mdx, qPrintable(why(mdx)));
    QCOMPARE(mdx->geosets.size(), std::size_t(2));
    QCOMPARE(mdx->vertexCount(), std::size_t(1000));
    QCOMPARE(mdx->triangleCount(), std::size_t(2000));
    QCOMPARE(mdx->geosets[1].vertices[7][2], modelVertex(7)[2] + 10.0f);
}

void TestMdx::otherVersion() {
    MdxSpec spec;
    spec.version = 800;
    const Bytes file = buildMdx(spec);
    const auto strict = io::readMdx(file);
    QVERIFY(!strict);
    QCOMPARE(strict.error().code, io::ErrorCode::UnsupportedVersion);
    QCOMPARE(strict.error().offset, std::uint64_t(12));
    QVERIFY(describe(strict.error()).contains("version 800, only 1300"));
    io::Diagnostics lenient{true, {}};
    const auto soft = io::readMdx(file, lenient);
    QVERIFY(soft);
    QCOMPARE(soft->version, 800u);
    QCOMPARE(lenient.warnings.size(), std::size_t(1));
}

void TestMdx::truncateEveryLength() {
    const Bytes whole = buildMdx(MdxSpec{});
    std::vector<std::size_t> boundaries;
    for (std::size_t at = 4; at + 8 <= whole.size(); at += 8 + getU32(whole, at + 4)) {
        boundaries.push_back(at + 8 + getU32(whole, at + 4));
    }
    for (std::size_t n = 0; n < whole.size(); ++n) {
        const Bytes cut(whole.begin(), whole.begin() + std::ptrdiff_t(n));
        io::Diagnostics strict;
        const auto mdx = io::readMdx(cut, strict);
        // A cut between two chunks after MODL is a shorter valid file.
        const bool wholeChunks =
            n >= boundaries[1] && std::count(boundaries.begin(), boundaries.end(), n) == 1;
        QVERIFY2(bool(mdx) == wholeChunks, qPrintable(QString("cut at %1").arg(n)));
        QVERIFY(mdx || mdx.error().offset <= n);
        io::Diagnostics lenient{true, {}};
        const auto soft = io::readMdx(cut, lenient);
        if (soft) {
            for (const io::MdxGeoset& g : soft->geosets) {
                for (std::uint16_t i : g.indices) {
                    QVERIFY(i < g.vertices.size());
                }
            }
        }
    }
}

void TestMdx::sizesPastTheirContainer_data() {
    QTest::addColumn<QString>("where"); // a chunk tag, or "+TAG" for a geoset block
    QTest::addColumn<std::size_t>("field");
    QTest::addColumn<std::uint32_t>("value");
    QTest::addColumn<QString>("chunk");
    QTest::addColumn<QString>("text");
    QTest::newRow("chunk size") << "TEXS" << std::size_t(4) << 0x7FFFFFFFu << "TEXS"
                                << "chunk of 2147483647 bytes";
    QTest::newRow("material count") << "MTLS" << std::size_t(8) << 0x40000000u << "MTLS"
                                    << "1073741824 materials do not fit";
    QTest::newRow("material size") << "MTLS" << std::size_t(16) << 0x10000u << "MTLS"
                                   << "material of 65536 bytes";
    QTest::newRow("geoset count") << "GEOS" << std::size_t(8) << 0xFFFFFFFFu << "GEOS"
                                  << "4294967295 geosets";
    QTest::newRow("geoset size") << "GEOS" << std::size_t(12) << 3u << "GEOS"
                                 << "geoset of 3 bytes";
    QTest::newRow("vertex count") << "+VRTX" << std::size_t(4) << 0x20000000u << "GEOS"
                                  << "geoset list needs";
    QTest::newRow("uv sets") << "+UVAS" << std::size_t(4) << 0x01000000u << "GEOS"
                             << "16777216 UV sets";
    QTest::newRow("sequence count") << "SEQS" << std::size_t(8) << 3u << "SEQS"
                                    << "does not hold 3 sequences";
    QTest::newRow("texture remainder") << "TEXS" << std::size_t(4) << 535u << "TEXS"
                                       << "not a multiple of 268";
}

void TestMdx::sizesPastTheirContainer() {
    QFETCH(QString, where);
    QFETCH(std::size_t, field);
    QFETCH(std::uint32_t, value);
    QFETCH(QString, chunk);
    QFETCH(QString, text);
    Bytes file = buildMdx(MdxSpec{});
    const std::string tag = where.startsWith('+') ? where.mid(1).toStdString() : where.toStdString();
    const std::size_t at = where.startsWith('+') ? findBlock(file, tag.c_str()) : findTag(file, tag.c_str());
    QVERIFY(at != std::string::npos);
    putU32(file, at + field, value);
    io::Diagnostics strict;
    const auto mdx = io::readMdx(file, strict, "Built.mdx");
    QVERIFY(!mdx);
    QVERIFY2(describe(mdx.error()).contains(text), qPrintable(describe(mdx.error())));
    QCOMPARE(mdx.error().chunk.str(), chunk.toStdString());
    QCOMPARE(mdx.error().file, std::string("Built.mdx"));
    QVERIFY(mdx.error().offset >= at - 8 && mdx.error().offset <= file.size());
    io::Diagnostics lenient{true, {}};
    QVERIFY(io::readMdx(file, lenient));
    QVERIFY(!lenient.warnings.empty());
}

void TestMdx::badIndexAndNormals() {
    Bytes file = buildMdx(MdxSpec{});
    const std::size_t pvtx = findBlock(file, "PVTX");
    putU16(file, pvtx + 8 + 2 * 4, 6); // index 4 of 6 vertices
    const auto mdx = io::readMdx(file);
    QVERIFY(!mdx);
    QCOMPARE(mdx.error().chunk, io::FourCC("PVTX"));
    QCOMPARE(mdx.error().offset, std::uint64_t(pvtx + 8 + 8));
    QVERIFY(describe(mdx.error()).contains("index 4 is 6, there are 6 vertices"));
    io::Diagnostics lenient{true, {}};
    const auto soft = io::readMdx(file, lenient);
    QVERIFY(soft);
    QCOMPARE((std::vector<std::uint16_t>(soft->geosets[0].indices.begin() + 3,
                                         soft->geosets[0].indices.begin() + 6)),
             (std::vector<std::uint16_t>{0, 0, 0}));

    // Five normals for six vertices: the block is one normal shorter (and so is the geoset and GEOS).
    Bytes normals = buildMdx(MdxSpec{});
    const std::size_t nrms = findBlock(normals, "NRMS");
    putU32(normals, nrms + 4, 5);
    normals.erase(normals.begin() + std::ptrdiff_t(nrms + 8), normals.begin() + std::ptrdiff_t(nrms + 20));
    const std::size_t geos = findTag(normals, "GEOS");
    putU32(normals, geos + 4, getU32(normals, geos + 4) - 12);
    putU32(normals, geos + 12, getU32(normals, geos + 12) - 12);
    const auto short5 = io::readMdx(normals);
    QVERIFY(!short5);
    QCOMPARE(short5.error().chunk, io::FourCC("NRMS"));
    QCOMPARE(short5.error().offset, std::uint64_t(nrms));
    io::Diagnostics lenient2{true, {}};
    const auto padded = io::readMdx(normals, lenient2);
    QVERIFY(padded);
    QCOMPARE(padded->geosets[0].normals.size(), std::size_t(6));
    QCOMPARE(padded->geosets[0].normals[5], (io::ModelVec3{0, 0, 0}));
}

void TestMdx::missingChunks() {
    QCOMPARE(io::readMdx(Bytes{}).error().code, io::ErrorCode::BadMagic);
    Bytes wc3 = buildMdx(MdxSpec{});
    std::memcpy(wc3.data(), "MDLY", 4);
    QVERIFY(describe(io::readMdx(wc3).error()).contains("expected MDLX"));
    Bytes noModel = buildMdx(MdxSpec{});
    std::memcpy(noModel.data() + findTag(noModel, "MODL"), "MODX", 4);
    io::Diagnostics lenient{true, {}};
    const auto mdx = io::readMdx(noModel, lenient);
    QVERIFY(!mdx);
    QCOMPARE(mdx.error().code, io::ErrorCode::MissingChunk);
    QCOMPARE(mdx.error().chunk, io::FourCC("MODL"));
}

void TestMdx::randomCorruptionNeverCrashes() {
    std::mt19937 rng(7);
    const Bytes file = buildMdx(MdxSpec{});
    for (int round = 0; round < 1000; ++round) {
        Bytes b = file;
        for (int k = 0; k < 4; ++k) {
            b[rng() % b.size()] = std::byte(rng());
        }
        for (bool lenient : {false, true}) {
            io::Diagnostics d{lenient, {}};
            const auto mdx = io::readMdx(b, d);
            if (mdx) {
                for (const io::MdxGeoset& g : mdx->geosets) {
                    QCOMPARE(g.normals.size(), g.vertices.size());
                    for (std::uint16_t i : g.indices) {
                        QVERIFY(i < g.vertices.size());
                    }
                }
            } else {
                QVERIFY(mdx.error().offset <= b.size());
            }
        }
    }
}

QTEST_APPLESS_MAIN(TestMdx)
#include "test_mdx.moc"
