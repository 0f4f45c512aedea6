// Gamestudio MDL models: the MDL5 sample files read with consistent counts, finite positions in the
// header's box (the earth model: a sphere of radius 10 with outward normals and a blue ocean); MDL3, MDL4
// and MDL5 files built here byte by byte from the spec read with the known positions (byte- and
// word-packed frames), normals, skin vertices and skins (every type the spec lists, DDS skins of DXT1/3/5
// and RGB built by hand too), and their triangle list is what a viewport would draw; a skin that cannot be
// decoded is a warning naming its offset while the model reads; truncation at every length, overflowing
// counts, bad indices and bogus fields give errors naming the offset, never a crash.
// MAPSMITH_WRITE_MDL_SEEDS=DIR also writes the small files used as fuzz seeds (tests/fuzz/seeds/mdl).

#include "io/gamestudio/gamestudio_normals.h"
#include "io/gamestudio/mdl.h"
#include "support/skin_checks.h"
#include "support/test_bytes.h"
#include "support/test_dds.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <string>

using namespace mapsmith;

namespace {

using namespace mapsmith::tests; // Bytes, put*/append*, toQt/fromQt, describe, why
using Pixels = std::vector<std::uint8_t>;

float dot(const io::GsVec3& a, const io::GsVec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// --- MDL files by the spec -------------------------------------------------------------------------------

constexpr float kScale[3] = {0.5f, 0.25f, 2.0f};
constexpr float kOffset[3] = {-10.0f, 5.0f, -100.0f};

struct SkinFile {
    std::uint32_t type = 2;
    std::uint32_t w = 0;
    std::uint32_t h = 0;
    Bytes pixels; // every level
    Pixels rgba0; // level 0 decoded
};

// 565 skins: pixel p is 0xF800 (red) when p is even, 0x001F (blue) when odd; 8-bit: index p; 4444: 0x8421;
// 888: bytes 0x10, 0x20, p (blue, green, red); 8888: bytes 0x40, 0x30, p, 0x80 (blue, green, red, alpha).
SkinFile makeSkin(std::uint32_t type, std::uint32_t w, std::uint32_t h) {
    SkinFile s{type, w, h, {}, {}};
    const int levels = (type & 8) != 0 ? 4 : 1;
    for (int k = 0; k < levels; ++k) {
        const std::size_t n = std::size_t(w >> k) * (h >> k);
        for (std::size_t p = 0; p < n; ++p) {
            Pixels px;
            switch (type & 7) {
            case 0:
                appendU8(s.pixels, std::uint8_t(p));
                px = {std::uint8_t(p), std::uint8_t(p), std::uint8_t(p), 255};
                break;
            case 2:
                appendU16(s.pixels, p % 2 == 0 ? 0xF800 : 0x001F);
                px = p % 2 == 0 ? Pixels{255, 0, 0, 255} : Pixels{0, 0, 255, 255};
                break;
            case 3:
                appendU16(s.pixels, 0x8421);
                px = {68, 34, 17, 136};
                break;
            case 4:
                appendU8(s.pixels, 0x10); // blue, green, red
                appendU8(s.pixels, 0x20);
                appendU8(s.pixels, std::uint8_t(p));
                px = {std::uint8_t(p), 0x20, 0x10, 255};
                break;
            case 5:
                appendU8(s.pixels, 0x40);
                appendU8(s.pixels, 0x30);
                appendU8(s.pixels, std::uint8_t(p));
                appendU8(s.pixels, 0x80);
                px = {std::uint8_t(p), 0x30, 0x40, 0x80};
                break;
            default:
                break;
            }
            if (k == 0) {
                s.rgba0.insert(s.rgba0.end(), px.begin(), px.end());
            }
        }
    }
    return s;
}

// A DDS skin (type 6, or 14): width = the image's byte count, height 1; rgba0 empty when not decodable.
SkinFile ddsSkin(const Bytes& dds, Pixels rgba0, std::uint32_t type = 6) {
    return SkinFile{type, std::uint32_t(dds.size()), 1, dds, std::move(rgba0)};
}

struct MdlSpec {
    const char* version = "MDL5";
    std::int32_t skinW = 0; // header skin size (MDL3/MDL4 skins)
    std::int32_t skinH = 0;
    std::vector<SkinFile> skins;
    std::vector<std::array<std::int16_t, 2>> uvs;
    std::vector<std::array<std::uint16_t, 6>> tris;
    std::int32_t numVerts = 4;
    std::vector<std::int32_t> frameTypes = {0};
    Bytes trailing;
};

// Raw coordinate c of vertex k in frame f.
std::uint16_t rawOf(std::size_t k, std::size_t f, std::size_t c, bool word) {
    return word ? std::uint16_t((k * 7919 + f * 101 + c * 3001) & 0xFFFF)
                : std::uint16_t((k * 37 + f * 11 + c * 5) & 0xFF);
}
std::uint8_t normalOf(std::size_t k, std::size_t f) {
    return std::uint8_t((k + f) % 162);
}

// A tetrahedron: 4 vertices, 4 triangles, 5 skin vertices.
MdlSpec tetrahedron() {
    MdlSpec s;
    s.skins = {makeSkin(2, 4, 4), makeSkin(12, 8, 8)};
    s.uvs = {{0, 0}, {3, 0}, {0, 3}, {3, 3}, {2, 1}};
    s.tris = {{0, 1, 2, 0, 1, 2}, {0, 3, 1, 0, 3, 1}, {1, 3, 2, 1, 3, 4}, {2, 3, 0, 2, 3, 0}};
    s.frameTypes = {0, 2};
    s.trailing = {std::byte{0xB0}, std::byte{0x9E}, std::byte{0x50}};
    return s;
}

constexpr std::size_t kNumSkinsAt = 48;
constexpr std::size_t kSkinWidthAt = 52;
constexpr std::size_t kNumVertsAt = 60;
constexpr std::size_t kNumTrisAt = 64;
constexpr std::size_t kNumFramesAt = 68;
constexpr std::size_t kNumSkinVertsAt = 72;

std::size_t skinsBytes(const MdlSpec& s) {
    std::size_t n = 0;
    for (const SkinFile& k : s.skins) {
        n += (std::strcmp(s.version, "MDL5") == 0 ? 12 : 4) + k.pixels.size();
    }
    return n;
}
std::size_t trianglesAt(const MdlSpec& s) {
    return 84 + skinsBytes(s) + 4 * s.uvs.size();
}
std::size_t framesAt(const MdlSpec& s) {
    return trianglesAt(s) + 12 * s.tris.size();
}

Bytes buildMdl(const MdlSpec& s) {
    const bool mdl5 = std::strcmp(s.version, "MDL5") == 0;
    Bytes b;
    appendText(b, s.version, 4);
    appendU32(b, 0x55); // unused1
    for (float v : kScale) {
        appendF32(b, v);
    }
    for (float v : kOffset) {
        appendF32(b, v);
    }
    appendU32(b, 0x66); // unused2
    for (int k = 0; k < 3; ++k) {
        appendF32(b, 1.5f); // unused3
    }
    appendU32(b, std::uint32_t(s.skins.size()));
    appendU32(b, std::uint32_t(s.skinW));
    appendU32(b, std::uint32_t(s.skinH));
    appendU32(b, std::uint32_t(s.numVerts));
    appendU32(b, std::uint32_t(s.tris.size()));
    appendU32(b, std::uint32_t(s.frameTypes.size()));
    appendU32(b, std::uint32_t(s.uvs.size()));
    appendU32(b, 0);    // flags
    appendU32(b, 0x77); // unused4
    for (const SkinFile& skin : s.skins) {
        appendU32(b, skin.type);
        if (mdl5) {
            appendU32(b, skin.w);
            appendU32(b, skin.h);
        }
        b.insert(b.end(), skin.pixels.begin(), skin.pixels.end());
    }
    for (const auto& uv : s.uvs) {
        appendU16(b, std::uint16_t(uv[0]));
        appendU16(b, std::uint16_t(uv[1]));
    }
    for (const auto& t : s.tris) {
        for (std::uint16_t v : t) {
            appendU16(b, v);
        }
    }
    for (std::size_t f = 0; f < s.frameTypes.size(); ++f) {
        const bool word = s.frameTypes[f] == 2;
        appendU32(b, std::uint32_t(s.frameTypes[f]));
        // bboxmin all 1s, bboxmax all 2s (and normal bytes 3, 4).
        for (int box = 0; box < 2; ++box) {
            for (int c = 0; c < 3; ++c) {
                word ? appendU16(b, std::uint16_t(1 + box)) : appendU8(b, std::uint8_t(1 + box));
            }
            appendU8(b, std::uint8_t(3 + box));
            if (word) {
                appendU8(b, 0);
            }
        }
        char name[16] = {};
        const std::string text = "frame" + std::to_string(f % 10);
        std::memcpy(name, text.data(), text.size());
        appendText(b, name, 16);
        for (std::size_t k = 0; k < std::size_t(s.numVerts); ++k) {
            for (std::size_t c = 0; c < 3; ++c) {
                const std::uint16_t r = rawOf(k, f, c, word);
                word ? appendU16(b, r) : appendU8(b, std::uint8_t(r));
            }
            appendU8(b, normalOf(k, f));
            if (word) {
                appendU8(b, 0xEE);
            }
        }
    }
    b.insert(b.end(), s.trailing.begin(), s.trailing.end());
    return b;
}

void writeSeed(const char* dir, const char* name, const Bytes& b) {
    std::ofstream out(std::string(dir) + "/" + name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

// Counts agree with each other, and (withPositions) every position is finite and inside the header's box.
void checkConsistent(const io::Mdl& mdl, bool withPositions = true) {
    const auto& h = mdl.header;
    for (const auto& t : mdl.triangles) {
        for (int c = 0; c < 3; ++c) {
            QVERIFY(t.vertex[std::size_t(c)] < std::uint32_t(h.numVerts));
            QVERIFY(t.skinVertex[std::size_t(c)] < mdl.skinVertices.size());
        }
    }
    for (std::size_t f = 0; f < mdl.frames.size(); ++f) {
        QCOMPARE(mdl.frames[f].vertices.size(), std::size_t(h.numVerts));
        const float top = mdl.frames[f].type == io::mdl_frame_type::Word ? 65535.0f : 255.0f;
        for (const io::GsVec3& p : io::mdlFramePositions(mdl, f)) {
            for (std::size_t c = 0; c < 3 && withPositions; ++c) {
                QVERIFY(std::isfinite(p[c]));
                const float a = h.offset[c];
                const float b = h.offset[c] + h.scale[c] * top;
                QVERIFY(p[c] >= std::min(a, b) - 1e-3f && p[c] <= std::max(a, b) + 1e-3f);
            }
        }
        const auto list = io::mdlFrameTriangles(mdl, f);
        QCOMPARE(list.positions.size(), mdl.triangles.size() * 3);
        QCOMPARE(list.uvs.size(), mdl.triangles.size() * 3);
        QCOMPARE(list.normals.size(), mdl.triangles.size() * 3);
    }
}

// Mean cosine between each vertex's table normal and the sum of the face normals (b - a) x (c - a) of the
// triangles around it: near 1 when the normal table, the indices and the positions are decoded right.
double faceNormalAgreement(const io::Mdl& mdl) {
    const auto p = io::mdlFramePositions(mdl, 0);
    std::vector<io::GsVec3> sum(p.size(), io::GsVec3{0, 0, 0});
    for (const auto& t : mdl.triangles) {
        const io::GsVec3& a = p[t.vertex[0]];
        const io::GsVec3& b = p[t.vertex[1]];
        const io::GsVec3& c = p[t.vertex[2]];
        const io::GsVec3 u{b[0] - a[0], b[1] - a[1], b[2] - a[2]};
        const io::GsVec3 v{c[0] - a[0], c[1] - a[1], c[2] - a[2]};
        const io::GsVec3 n{u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]};
        for (std::uint16_t k : t.vertex) {
            for (std::size_t i = 0; i < 3; ++i) {
                sum[k][i] += n[i];
            }
        }
    }
    double total = 0;
    int count = 0;
    for (std::size_t k = 0; k < p.size(); ++k) {
        const float len = std::sqrt(dot(sum[k], sum[k]));
        if (len > 0) {
            total += dot(sum[k], io::gamestudioNormal(mdl.frames[0].vertices[k].normal)) / len;
            ++count;
        }
    }
    return count > 0 ? total / count : 0;
}

} // namespace

class TestMdl : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void corpusPhosphoricAcid();
    void corpusEarth();
    void builtMdl5KnownFrames();
    void triangleList();
    void mdl3AndMdl4();
    void mdl5EverySkinType();
    void undecodableSkinWarns_data();
    void undecodableSkinWarns();
    void truncateEveryLength_data();
    void truncateEveryLength();
    void badFields_data();
    void badFields();
    void overflowingCounts();
    void randomCorruptionNeverCrashes();
};

void TestMdl::initTestCase() {
    const char* dir = std::getenv("MAPSMITH_WRITE_MDL_SEEDS");
    if (dir == nullptr || *dir == '\0') {
        return;
    }
    writeSeed(dir, "mdl5_tetrahedron.mdl", buildMdl(tetrahedron()));
    MdlSpec words = tetrahedron();
    words.skins = {makeSkin(4, 4, 2), makeSkin(3, 2, 2)};
    words.frameTypes = {2};
    words.trailing.clear();
    writeSeed(dir, "mdl5_word_frame.mdl", buildMdl(words));
    MdlSpec old = tetrahedron();
    old.version = "MDL3";
    old.skinW = 4;
    old.skinH = 2;
    old.skins = {makeSkin(0, 4, 2), makeSkin(2, 4, 2)};
    old.frameTypes = {0, 0};
    writeSeed(dir, "mdl3_two_frames.mdl", buildMdl(old));
    old.version = "MDL4";
    old.frameTypes = {2, 0};
    writeSeed(dir, "mdl4_mixed_frames.mdl", buildMdl(old));
    // DDS skins (DXT5 with mipmaps as type 14, uncompressed RGB, one not decodable) and an 8888 skin.
    const auto dds = decodableDdsCases();
    MdlSpec ddsModel = tetrahedron();
    ddsModel.skins = {ddsSkin(dds[8].dds, dds[8].rgba, 14), ddsSkin(dds[11].dds, dds[11].rgba),
                      ddsSkin(undecodableDdsCases()[1].dds, {}), makeSkin(5, 2, 2)};
    writeSeed(dir, "mdl5_dds_skins.mdl", buildMdl(ddsModel));
}

void TestMdl::corpusPhosphoricAcid() {
    const auto read = io::readMdl(tests::readBytes(tests::corpusPath("mdl/PhosphoricAcid_MDl5.mdl")));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    const io::Mdl& mdl = *read;
    QCOMPARE(mdl.header.version, io::MdlVersion::Mdl5);
    QVERIFY(mdl.skins.empty());
    QCOMPARE(mdl.header.numVerts, 496);
    QCOMPARE(mdl.triangles.size(), std::size_t(960));
    QCOMPARE(mdl.skinVertices.size(), std::size_t(1));
    QCOMPARE(mdl.frames.size(), std::size_t(1));
    QCOMPARE(mdl.frames[0].type, io::mdl_frame_type::Word);
    QCOMPARE(std::string(mdl.frames[0].name.data()), std::string("frame 0"));
    QVERIFY(mdl.trailing.empty());
    checkConsistent(mdl);
    // Every vertex is used by some triangle.
    std::vector<bool> used(496);
    for (const auto& t : mdl.triangles) {
        for (std::uint16_t v : t.vertex) {
            used[v] = true;
        }
    }
    QVERIFY(std::all_of(used.begin(), used.end(), [](bool u) { return u; }));
    // No skin: the one skin vertex (0, 0) gives uv 0.
    const auto list = io::mdlFrameTriangles(mdl);
    QCOMPARE(io::mdlSkinSize(mdl), (std::array<std::uint32_t, 2>{0, 0}));
    for (const auto& uv : list.uvs) {
        QCOMPARE(uv, (std::array<float, 2>{0, 0}));
    }
    // The model spans tens of units (not collapsed to a point).
    float lo = 1e9f;
    float hi = -1e9f;
    for (const auto& p : list.positions) {
        lo = std::min(lo, p[1]);
        hi = std::max(hi, p[1]);
    }
    QVERIFY(hi - lo > 10.0f);
    const double agree = faceNormalAgreement(mdl);
    QVERIFY2(agree > 0.98, qPrintable(QString("mean cosine %1").arg(agree)));
}

void TestMdl::corpusEarth() {
    const auto read = io::readMdl(tests::readBytes(tests::corpusPath("mdl/mdl5-earth.mdl")));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    const io::Mdl& mdl = *read;
    QCOMPARE(mdl.skins.size(), std::size_t(2));
    for (const auto& s : mdl.skins) {
        QCOMPARE(s.type, 4u); // 888 without mipmaps
        QCOMPARE(s.width, 512u);
        QCOMPARE(s.height, 256u);
        QCOMPARE(s.rgba.size(), std::size_t(1));
    }
    QCOMPARE(mdl.header.numVerts, 2307);
    QCOMPARE(mdl.triangles.size(), std::size_t(4512));
    QCOMPARE(mdl.skinVertices.size(), std::size_t(2307));
    QCOMPARE(mdl.frames.size(), std::size_t(1));
    QCOMPARE(mdl.frames[0].type, io::mdl_frame_type::Word);
    checkConsistent(mdl);
    // A sphere of radius 10.
    for (const auto& v : mdl.frames[0].vertices) {
        const io::GsVec3 p = io::mdlPosition(mdl, v);
        const float r = std::sqrt(dot(p, p));
        QVERIFY2(std::abs(r - 10.0f) < 0.01f, qPrintable(QString("radius %1").arg(r)));
    }
    // Its normals agree with its triangles (this file's normals and winding both face the centre).
    const double agree = faceNormalAgreement(mdl);
    QVERIFY2(agree > 0.98, qPrintable(QString("mean cosine %1").arg(agree)));
    // Texture coordinates inside the 512x256 skin.
    const auto list = io::mdlFrameTriangles(mdl);
    for (const auto& uv : list.uvs) {
        QVERIFY(uv[0] >= 0 && uv[0] < 1 && uv[1] >= 0 && uv[1] < 1);
    }
    // The ocean is blue: with the blue, green, red byte order blue dominates the first skin.
    double red = 0;
    double blue = 0;
    const Pixels& px = mdl.skins[0].rgba[0];
    for (std::size_t i = 0; i < px.size(); i += 4) {
        red += px[i];
        blue += px[i + 2];
    }
    QVERIFY(blue > 1.5 * red);
}

void TestMdl::builtMdl5KnownFrames() {
    const MdlSpec spec = tetrahedron();
    const auto read = io::readMdl(buildMdl(spec));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    const io::Mdl& mdl = *read;
    QCOMPARE(mdl.header.unused1, 0x55);
    QCOMPARE(mdl.header.unused2, 0x66);
    QCOMPARE(mdl.header.unused4, 0x77);
    QCOMPARE(mdl.header.scale[1], 0.25f);
    QCOMPARE(mdl.header.offset[2], -100.0f);
    QCOMPARE(mdl.skins.size(), std::size_t(2));
    QCOMPARE(mdl.skins[0].rgba[0], spec.skins[0].rgba0);
    QCOMPARE(mdl.skins[1].type, 12u);
    QCOMPARE(mdl.skins[1].rgba.size(), std::size_t(4));
    QCOMPARE(mdl.skins[1].stored, spec.skins[1].pixels);
    QCOMPARE(mdl.skinVertices.size(), std::size_t(5));
    QCOMPARE(mdl.skinVertices[4].u, std::int16_t(2));
    QCOMPARE(mdl.skinVertices[4].v, std::int16_t(1));
    QCOMPARE(mdl.triangles[2].skinVertex[2], std::uint16_t(4));
    QCOMPARE(mdl.frames.size(), std::size_t(2));
    QCOMPARE(mdl.trailing, spec.trailing);
    for (std::size_t f = 0; f < 2; ++f) {
        const io::MdlFrame& frame = mdl.frames[f];
        const bool word = f == 1;
        QCOMPARE(frame.type, word ? 2 : 0);
        QCOMPARE(std::string(frame.name.data()), "frame" + std::to_string(f));
        QCOMPARE(frame.bboxMin.raw, (std::array<std::uint16_t, 3>{1, 1, 1}));
        QCOMPARE(frame.bboxMax.raw, (std::array<std::uint16_t, 3>{2, 2, 2}));
        QCOMPARE(frame.bboxMax.normal, std::uint8_t(4));
        for (std::size_t k = 0; k < 4; ++k) {
            const io::MdlFrameVertex& v = frame.vertices[k];
            QCOMPARE(v.normal, normalOf(k, f));
            QCOMPARE(v.unused, word ? std::uint8_t(0xEE) : std::uint8_t(0));
            const io::GsVec3 p = io::mdlPosition(mdl, v);
            for (std::size_t c = 0; c < 3; ++c) {
                QCOMPARE(v.raw[c], rawOf(k, f, c, word));
                QCOMPARE(p[c], kScale[c] * float(rawOf(k, f, c, word)) + kOffset[c]);
            }
        }
    }
    checkConsistent(mdl);
}

void TestMdl::triangleList() {
    const MdlSpec spec = tetrahedron();
    const auto read = io::readMdl(buildMdl(spec));
    QVERIFY(read.hasValue());
    QCOMPARE(io::mdlSkinSize(*read), (std::array<std::uint32_t, 2>{4, 4})); // the first skin
    for (std::size_t f = 0; f < 2; ++f) {
        const auto list = io::mdlFrameTriangles(*read, f);
        const auto positions = io::mdlFramePositions(*read, f);
        QCOMPARE(list.positions.size(), std::size_t(12));
        for (std::size_t t = 0; t < 4; ++t) {
            for (std::size_t c = 0; c < 3; ++c) {
                const std::size_t at = 3 * t + c;
                QCOMPARE(list.positions[at], positions[spec.tris[t][c]]);
                const auto& uv = spec.uvs[spec.tris[t][3 + c]];
                QCOMPARE(list.uvs[at], (std::array<float, 2>{float(uv[0]) / 4, float(uv[1]) / 4}));
                QCOMPARE(list.normals[at], io::gamestudioNormal(normalOf(spec.tris[t][c], f)));
            }
        }
    }
    QVERIFY(io::mdlFrameTriangles(*read, 2).positions.empty());
    QVERIFY(io::mdlFramePositions(*read, 2).empty());
    // A model changed in memory with a bad index gives no list rather than a wild read.
    io::Mdl broken = *read;
    broken.triangles[1].vertex[0] = 9;
    QVERIFY(io::mdlFrameTriangles(broken, 0).positions.empty());
}

void TestMdl::mdl3AndMdl4() {
    MdlSpec spec = tetrahedron();
    spec.version = "MDL3";
    spec.skinW = 4;
    spec.skinH = 2;
    spec.skins = {makeSkin(0, 4, 2), makeSkin(3, 4, 2), makeSkin(2, 4, 2)};
    spec.frameTypes = {0, 0, 0};
    auto read = io::readMdl(buildMdl(spec));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QCOMPARE(read->header.version, io::MdlVersion::Mdl3);
    QCOMPARE(read->skins.size(), std::size_t(3));
    for (std::size_t k = 0; k < 3; ++k) {
        QCOMPARE(read->skins[k].width, 4u);
        QCOMPARE(read->skins[k].height, 2u);
        QCOMPARE(read->skins[k].rgba[0], spec.skins[k].rgba0);
    }
    QCOMPARE(io::mdlSkinSize(*read), (std::array<std::uint32_t, 2>{4, 2})); // the header's size
    QCOMPARE(read->frames.size(), std::size_t(3));
    QCOMPARE(io::mdlPosition(*read, read->frames[2].vertices[3])[0],
             kScale[0] * float(rawOf(3, 2, 0, false)) + kOffset[0]);
    checkConsistent(*read);

    // MDL4: word frames too.
    spec.version = "MDL4";
    spec.frameTypes = {2, 0};
    read = io::readMdl(buildMdl(spec));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QCOMPARE(read->header.version, io::MdlVersion::Mdl4);
    QCOMPARE(read->frames[0].vertices[1].raw[2], rawOf(1, 0, 2, true));
    QCOMPARE(read->frames[1].vertices[1].raw[2], rawOf(1, 1, 2, false));
    checkConsistent(*read);

    // MDL3 frames are byte-packed only.
    spec.version = "MDL3";
    read = io::readMdl(buildMdl(spec));
    QVERIFY(!read.hasValue());
    QCOMPARE(read.error().code, io::ErrorCode::BadValue);
    QCOMPARE(read.error().offset, std::uint64_t(framesAt(spec)));
    QVERIFY(read.error().message.find("MDL3 frames are 0") != std::string::npos);

    // MDL4 skins of the pixel formats the spec lists for MDL5 and WMB read too: their size follows from the
    // type and the header's skin size.
    spec.version = "MDL4";
    spec.skinW = 8;
    spec.skinH = 8;
    spec.skins = {makeSkin(4, 8, 8), makeSkin(5, 8, 8), makeSkin(12, 8, 8)};
    read = io::readMdl(buildMdl(spec));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QVERIFY(read->warnings.empty());
    for (std::size_t k = 0; k < 3; ++k) {
        QCOMPARE(read->skins[k].rgba[0], spec.skins[k].rgba0);
    }
    QCOMPARE(read->skins[2].rgba.size(), std::size_t(4));
    checkConsistent(*read);
    // A DDS skin has no byte count in an MDL3/MDL4 record: nothing after it can be located.
    for (std::uint32_t dds : {6u, 14u}) {
        spec.skins = {SkinFile{dds, 8, 8, decodableDdsCases()[0].dds, {}}};
        read = io::readMdl(buildMdl(spec));
        QVERIFY(!read.hasValue());
        QCOMPARE(read.error().code, io::ErrorCode::BadValue);
        QCOMPARE(read.error().offset, std::uint64_t(84));
        QVERIFY2(read.error().message.find("skin 0 type " + std::to_string(dds) + " (DDS)") !=
                     std::string::npos,
                 qPrintable(why(read)));
        QVERIFY2(read.error().message.find("cannot be located") != std::string::npos, qPrintable(why(read)));
    }
}

void TestMdl::mdl5EverySkinType() {
    MdlSpec spec = tetrahedron();
    spec.skins = {makeSkin(0, 4, 2),   makeSkin(2, 4, 4),   makeSkin(3, 2, 2),
                  makeSkin(4, 4, 2),   makeSkin(5, 2, 3),   makeSkin(10, 8, 8),
                  makeSkin(11, 8, 16), makeSkin(12, 16, 8), makeSkin(13, 8, 8)};
    for (const DdsCase& c : decodableDdsCases()) {
        spec.skins.push_back(ddsSkin(c.dds, c.rgba, c.name.find("mipmaps") != std::string::npos ? 14 : 6));
    }
    const auto read = io::readMdl(buildMdl(spec));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QVERIFY2(read->warnings.empty(), qPrintable(describe(read->warnings)));
    QCOMPARE(read->skins.size(), spec.skins.size());
    for (std::size_t k = 0; k < spec.skins.size(); ++k) {
        const io::GamestudioSkin& skin = read->skins[k];
        QCOMPARE(skin.type, spec.skins[k].type);
        QCOMPARE(skin.stored, spec.skins[k].pixels);
        QVERIFY2(skin.decoded() && skin.rgba[0] == spec.skins[k].rgba0,
                 qPrintable(QString("skin %1 type %2").arg(k).arg(skin.type)));
        QCOMPARE(skin.rgba.size(), (skin.type >= 10 && skin.type <= 13) ? std::size_t(4) : std::size_t(1));
    }
    checkConsistent(*read);
    QCOMPARE(read->skinVertices.size(), std::size_t(5));
    QCOMPARE(read->frames[1].vertices[3].raw[1], rawOf(3, 1, 1, true));
    // A DDS first skin: the texel size is the image's, not the record's byte count.
    std::rotate(spec.skins.begin(), spec.skins.begin() + 9, spec.skins.end());
    const auto ddsFirst = io::readMdl(buildMdl(spec));
    QVERIFY2(ddsFirst.hasValue(), qPrintable(why(ddsFirst)));
    QCOMPARE(ddsFirst->skins[0].width, std::uint32_t(decodableDdsCases()[0].dds.size()));
    QCOMPARE(io::mdlSkinSize(*ddsFirst), (std::array<std::uint32_t, 2>{8, 8}));
    QCOMPARE(io::mdlFrameTriangles(*ddsFirst, 0).uvs[1][0], 3.0f / 8.0f); // skin vertex 1: u = 3
}

void TestMdl::undecodableSkinWarns_data() {
    QTest::addColumn<int>("which");
    const auto cases = undecodableDdsCases();
    for (std::size_t k = 0; k < cases.size(); ++k) {
        QTest::newRow(cases[k].name.c_str()) << int(k);
    }
}

void TestMdl::undecodableSkinWarns() {
    QFETCH(int, which);
    const DdsBadCase c = undecodableDdsCases()[std::size_t(which)];
    MdlSpec spec = tetrahedron();
    spec.skins = {spec.skins[0], ddsSkin(c.dds, {}), spec.skins[1]};
    const auto read = io::readMdl(buildMdl(spec));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QCOMPARE(read->warnings.size(), std::size_t(1));
    const io::Warning& w = read->warnings[0];
    QVERIFY2(w.offset == 84 + 12 + spec.skins[0].pixels.size() + 12 + c.at, qPrintable(describe(w)));
    QCOMPARE(w.chunk, io::FourCC("SKIN"));
    QVERIFY2(w.message.find("skin 1 (type 6, ") == 0, qPrintable(describe(w)));
    QVERIFY2(w.message.find(c.says) != std::string::npos, qPrintable(describe(w)));
    QVERIFY(!read->skins[1].decoded());
    QCOMPARE(read->skins[1].stored, c.dds);
    QCOMPARE(read->skins[2].rgba.size(), std::size_t(4));
    QCOMPARE(read->triangles.size(), std::size_t(4));
    QCOMPARE(read->frames.size(), std::size_t(2));
    QCOMPARE(read->frames[1].vertices[2].raw[0], rawOf(2, 1, 0, true));
    QCOMPARE(read->trailing, spec.trailing);
    checkConsistent(*read);
    // Undecodable first skin: the texel size falls back to the header's skin size.
    spec.skins = {ddsSkin(c.dds, {})};
    spec.skinW = 16;
    spec.skinH = 8;
    const auto first = io::readMdl(buildMdl(spec));
    QVERIFY2(first.hasValue(), qPrintable(why(first)));
    QCOMPARE(first->warnings.size(), std::size_t(1));
    QCOMPARE(io::mdlSkinSize(*first), (std::array<std::uint32_t, 2>{16, 8}));
}

void TestMdl::truncateEveryLength_data() {
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<int>("stride");
    MdlSpec noTrailing = tetrahedron();
    noTrailing.trailing.clear();
    QTest::newRow("mdl5 built") << toQt(buildMdl(noTrailing)) << 1;
    MdlSpec old = noTrailing;
    old.version = "MDL4";
    old.skinW = 2;
    old.skinH = 2;
    old.skins = {makeSkin(0, 2, 2), makeSkin(3, 2, 2)};
    QTest::newRow("mdl4 built") << toQt(buildMdl(old)) << 1;
    QTest::newRow("PhosphoricAcid_MDl5.mdl")
        << toQt(tests::readBytes(tests::corpusPath("mdl/PhosphoricAcid_MDl5.mdl"))) << 1;
    // 868 KB: every 1009th length plus every length near the section boundaries.
    QTest::newRow("mdl5-earth.mdl") << toQt(tests::readBytes(tests::corpusPath("mdl/mdl5-earth.mdl")))
                                    << 1009;
}

void TestMdl::truncateEveryLength() {
    QFETCH(QByteArray, file);
    QFETCH(int, stride);
    const Bytes all = fromQt(file);
    const auto full = io::readMdl(all);
    QVERIFY(full.hasValue());
    QVERIFY(full->trailing.empty());
    const bool mdl5 = full->header.version == io::MdlVersion::Mdl5;
    // Section starts: header, each skin, skin vertices, triangles, each frame, end.
    std::vector<std::size_t> marks = {0, io::kMdlHeaderSize};
    std::size_t at = io::kMdlHeaderSize;
    for (const auto& s : full->skins) {
        at += (mdl5 ? 12 : 4) + s.stored.size();
        marks.push_back(at);
    }
    const std::size_t skinVertsAt = at;
    at += 4 * full->skinVertices.size();
    const std::size_t trisAt = at;
    at += 12 * full->triangles.size();
    const std::size_t framesStart = at;
    marks.push_back(trisAt);
    marks.push_back(framesStart);
    for (const auto& f : full->frames) {
        at += (f.type == 2 ? 8 : 4) * (2 + f.vertices.size()) + 20;
        marks.push_back(at);
    }
    QCOMPARE(at, all.size());
    int checked = 0;
    for (std::size_t len = 0; len < all.size(); ++len) {
        bool nearMark = false;
        for (std::size_t m : marks) {
            nearMark = nearMark || (len + 16 >= m && len <= m + 16);
        }
        if (stride > 1 && len % std::size_t(stride) != 0 && !nearMark) {
            continue;
        }
        ++checked;
        const Bytes cut(all.begin(), all.begin() + std::ptrdiff_t(len));
        const auto read = io::readMdl(cut);
        QVERIFY2(!read.hasValue(), qPrintable(QString("length %1 read").arg(len)));
        const io::Error& e = read.error();
        QVERIFY2(e.code == io::ErrorCode::Truncated, qPrintable(describe(e)));
        QVERIFY2(e.offset <= len, qPrintable(describe(e)));
        if (len < io::kMdlHeaderSize) {
            QVERIFY2(e.offset + 4 > len, qPrintable(describe(e)));
        } else if (len < skinVertsAt) {
            QCOMPARE(e.chunk, io::FourCC("SKIN"));
        } else if (len < trisAt) {
            QCOMPARE(e.chunk, io::FourCC("SKVT"));
            QCOMPARE(e.offset, std::uint64_t(skinVertsAt));
        } else if (len < framesStart) {
            QCOMPARE(e.chunk, io::FourCC("TRIS"));
            QCOMPARE(e.offset, std::uint64_t(trisAt));
        } else {
            QCOMPARE(e.chunk, io::FourCC("FRAM"));
        }
    }
    QVERIFY(checked > 0);
}

void TestMdl::badFields_data() {
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<int>("code");
    QTest::addColumn<qulonglong>("offset");
    QTest::addColumn<QString>("says");
    const auto row = [](const char* name, const Bytes& b, io::ErrorCode code, std::size_t offset,
                        const char* says) {
        QTest::newRow(name) << toQt(b) << int(code) << qulonglong(offset) << QString(says);
    };
    const MdlSpec spec = tetrahedron();
    const Bytes good = buildMdl(spec);
    const auto with = [&](std::size_t at, std::uint32_t v) {
        Bytes b = good;
        putU32(b, at, v);
        return b;
    };
    Bytes magic = good;
    magic[3] = std::byte{'7'};
    row("magic MDL7", magic, io::ErrorCode::BadMagic, 0, "expected MDL3, MDL4 or MDL5");
    row("numskins negative", with(kNumSkinsAt, 0xFFFFFFFFu), io::ErrorCode::BadValue, kNumSkinsAt,
        "numskins -1");
    row("numskins huge", with(kNumSkinsAt, 5000), io::ErrorCode::BadValue, kNumSkinsAt, "numskins 5000");
    row("numverts huge", with(kNumVertsAt, 65537), io::ErrorCode::BadValue, kNumVertsAt, "numverts 65537");
    row("numtris negative", with(kNumTrisAt, 0x80000000u), io::ErrorCode::BadValue, kNumTrisAt, "numtris");
    row("numframes negative", with(kNumFramesAt, 0xFFFFFFFEu), io::ErrorCode::BadValue, kNumFramesAt,
        "numframes -2");
    row("numskinverts huge", with(kNumSkinVertsAt, 1u << 20), io::ErrorCode::BadValue, kNumSkinVertsAt,
        "numskinverts");
    row("skin type 9", with(84, 9), io::ErrorCode::BadValue, 84, "skin 0 type 9");
    row("skin type 7", with(84, 7), io::ErrorCode::BadValue, 84,
        "skin 0 type 7 is not a skin type the spec lists");
    // Skin 0 (565 4x4) as a DDS record: width 4 is its byte count; 0, negative or past the end are errors.
    Bytes dds = with(84, 6);
    putU32(dds, 88, 0);
    row("dds byte count 0", dds, io::ErrorCode::BadValue, 88, "skin 0 type 6 (DDS) byte count (width) 0");
    putU32(dds, 88, 0x80000000u);
    row("dds byte count negative", dds, io::ErrorCode::BadValue, 88, "byte count (width) -2147483648");
    putU32(dds, 88, 0x7FFFFFFFu);
    row("dds past the end", dds, io::ErrorCode::Truncated, 96,
        "skin 0 DDS image (width bytes) needs 2147483647");
    row("skin height 0", with(92, 0), io::ErrorCode::BadValue, 88, "skin 0 size 4x0");
    row("mipmapped skin 12x8", with(84 + 12 + 32 + 4, 12), io::ErrorCode::BadValue, 84 + 12 + 32 + 4,
        "not a multiple of 8");
    // Triangle 2's third skin vertex index (4) -> 5, past the 5 skin vertices.
    Bytes uvIndex = good;
    putU16(uvIndex, trianglesAt(spec) + 2 * 12 + 6 + 4, 5);
    row("skin vertex index", uvIndex, io::ErrorCode::BadValue, trianglesAt(spec) + 2 * 12 + 6 + 4,
        "triangle 2 skin vertex index 5, expected below 5");
    Bytes xyzIndex = good;
    putU16(xyzIndex, trianglesAt(spec) + 3 * 12 + 2, 0xFFFF);
    row("vertex index", xyzIndex, io::ErrorCode::BadValue, trianglesAt(spec) + 3 * 12 + 2,
        "triangle 3 vertex index 65535, expected below 4");
    // Fewer vertices than the triangles use.
    row("numverts below indices", with(kNumVertsAt, 3), io::ErrorCode::BadValue,
        trianglesAt(spec) + 1 * 12 + 2, "vertex index 3");
    row("frame type 1", with(framesAt(spec), 1), io::ErrorCode::BadValue, framesAt(spec), "frame type 1");
    row("second frame type", with(framesAt(spec) + 4 + 8 + 16 + 16, 0x1000), io::ErrorCode::BadValue,
        framesAt(spec) + 4 + 8 + 16 + 16, "frame type 4096");
    MdlSpec old = spec;
    old.version = "MDL4";
    old.skinW = 4;
    old.skinH = 4;
    old.skins = {makeSkin(2, 4, 4)};
    Bytes oldGood = buildMdl(old);
    Bytes oldSize = oldGood;
    putU32(oldSize, kSkinWidthAt, 0xFFFFFFFCu);
    row("mdl4 skin width negative", oldSize, io::ErrorCode::BadValue, kSkinWidthAt, "skin size -4x4");
    putU32(oldSize, kSkinWidthAt, 20000);
    row("mdl4 skin width huge", oldSize, io::ErrorCode::BadValue, kSkinWidthAt, "skin size 20000x4");
    putU32(oldSize, kSkinWidthAt, 400);
    row("mdl4 skin past the end", oldSize, io::ErrorCode::Truncated, 88, "skin 0 pixels");
}

void TestMdl::badFields() {
    QFETCH(QByteArray, file);
    QFETCH(int, code);
    QFETCH(qulonglong, offset);
    QFETCH(QString, says);
    const auto read = io::readMdl(fromQt(file));
    QVERIFY(!read.hasValue());
    const io::Error& e = read.error();
    QVERIFY2(int(e.code) == code, qPrintable(describe(e)));
    QVERIFY2(e.offset == offset, qPrintable(describe(e)));
    QVERIFY2(e.message.find(says.toStdString()) != std::string::npos, qPrintable(describe(e)));
}

void TestMdl::overflowingCounts() {
    const MdlSpec spec = tetrahedron();
    const Bytes good = buildMdl(spec);
    struct Case {
        std::size_t field;
        std::uint32_t value;
        std::size_t offset; // where the list that does not fit starts
        io::FourCC tag;
    };
    const Case cases[] = {
        {kNumTrisAt, 0x7FFFFFFF, trianglesAt(spec), io::FourCC("TRIS")},     // 24 GB of triangles
        {kNumTrisAt, 0x15555556, trianglesAt(spec), io::FourCC("TRIS")},     // 12 * n wraps to 8 in 32 bits
        {kNumFramesAt, 0x7FFFFFFF, framesAt(spec), io::FourCC("FRAM")},      // frames
        {kNumSkinVertsAt, 65536, 84 + skinsBytes(spec), io::FourCC("SKVT")}, // skin vertices
    };
    for (const Case& c : cases) {
        Bytes b = good;
        putU32(b, c.field, c.value);
        const auto read = io::readMdl(b);
        QVERIFY(!read.hasValue());
        QVERIFY2(read.error().code == io::ErrorCode::Truncated, qPrintable(why(read)));
        QCOMPARE(read.error().offset, std::uint64_t(c.offset));
        QCOMPARE(read.error().chunk, c.tag);
    }
    // 65536 vertices a frame, 2^31 - 1 frames: refused from the bytes left.
    Bytes b = good;
    putU32(b, kNumVertsAt, 65536);
    putU32(b, kNumFramesAt, 0x7FFFFFFF);
    putU32(b, kNumTrisAt, 0);
    putU32(b, kNumSkinVertsAt, 0);
    const auto read = io::readMdl(b);
    QVERIFY(!read.hasValue());
    QCOMPARE(read.error().code, io::ErrorCode::Truncated);
    QCOMPARE(read.error().offset, std::uint64_t(84 + skinsBytes(spec)));
}

void TestMdl::randomCorruptionNeverCrashes() {
    MdlSpec old = tetrahedron();
    old.version = "MDL4";
    old.skinW = 2;
    old.skinH = 2;
    old.skins = {makeSkin(0, 2, 2), makeSkin(2, 2, 2)};
    MdlSpec dds = tetrahedron();
    const auto ddsCases = decodableDdsCases();
    dds.skins = {ddsSkin(ddsCases[7].dds, ddsCases[7].rgba), makeSkin(5, 2, 2),
                 ddsSkin(ddsCases[12].dds, ddsCases[12].rgba)};
    const Bytes bases[] = {buildMdl(tetrahedron()), buildMdl(old), buildMdl(dds),
                           tests::readBytes(tests::corpusPath("mdl/PhosphoricAcid_MDl5.mdl"))};
    std::mt19937 rng(8765);
    int ok = 0;
    int undecoded = 0;
    for (int round = 0; round < 8000; ++round) {
        Bytes b = bases[std::size_t(round) % std::size(bases)];
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) {
            // Mostly the header, the first skin record and a DDS header there.
            const std::size_t at =
                rng() % 2 == 0 ? rng() % std::min<std::size_t>(b.size(), 240) : rng() % b.size();
            b[at] = std::byte(rng());
        }
        if (rng() % 4 == 0) {
            b.resize(rng() % b.size());
        }
        const auto read = io::readMdl(b);
        if (!read) {
            QVERIFY(read.error().offset <= b.size());
            continue;
        }
        ++ok;
        checkConsistent(*read, false); // the scale may be flipped to NaN
        std::string why;
        const int notDecoded = tests::undecodedSkins(read->skins, why); // every pixel format decodes
        QVERIFY2(notDecoded >= 0, why.c_str());
        QCOMPARE(read->warnings.size(), std::size_t(notDecoded));
        undecoded += int(notDecoded);
    }
    QVERIFY(ok > 0);
    QVERIFY(undecoded > 0);
}

QTEST_APPLESS_MAIN(TestMdl)
#include "test_mdl.moc"
