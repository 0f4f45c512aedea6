// Gamestudio HMP terrain: the HMP7 sample files read with their grid sizes, skins and plausible heights
// (and normals that follow the heights); HMP5 files built here byte by byte from the spec read with the
// known heights, normals and header fields, every skin type decodes to known pixels (mipmaps too, and DDS
// skins of DXT1/DXT3/DXT5 blocks and uncompressed RGB built by hand), in HMP5 and HMP7 alike, and an
// unmodified HMP5 is written back byte-identical; a skin that cannot be decoded is a warning naming its
// offset while the heights read; HMP4 reads with the same layout; HMP7 converts to HMP5; truncation at
// every length, overflowing counts and bogus fields give errors naming the offset, never a crash. The
// 162-entry normal table and its quantizer are checked too.
// MAPSMITH_WRITE_HMP_SEEDS=DIR also writes the small files used as fuzz seeds (tests/fuzz/seeds/hmp).

#include "io/gamestudio/gamestudio_normals.h"
#include "io/gamestudio/gamestudio_skin.h"
#include "io/gamestudio/hmp.h"
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
#include <limits>
#include <random>
#include <string>

using namespace mapsmith;

namespace {

using namespace mapsmith::tests; // Bytes, put*/append*, toQt/fromQt, describe, why
using Pixels = std::vector<std::uint8_t>;
using Rgba = std::array<std::uint8_t, 4>;

// --- Skins by the spec's pixel formats ------------------------------------------------------------

// One stored pixel (bpp bytes of raw) and the RGBA8 it must decode to.
struct PixelCase {
    std::array<std::uint8_t, 4> raw;
    Rgba rgba;
};

// Known pixels per format, written from the spec's descriptions: 565 red in the top 5 bits, 4444 alpha in
// the top 4, 888/8888 in "Intel order" blue, green, red(, alpha); 8-bit through the grey palette.
std::vector<PixelCase> pixelCases(std::uint32_t format) {
    switch (format) {
    case 0:
        return {{{0}, {0, 0, 0, 255}},
                {{7}, {7, 7, 7, 255}},
                {{128}, {128, 128, 128, 255}},
                {{255}, {255, 255, 255, 255}}};
    case 2: // u16 little-endian
        return {{{0x00, 0xF8}, {255, 0, 0, 255}},     {{0xE0, 0x07}, {0, 255, 0, 255}},
                {{0x1F, 0x00}, {0, 0, 255, 255}},     {{0x00, 0x00}, {0, 0, 0, 255}},
                {{0xFF, 0xFF}, {255, 255, 255, 255}}, {{0x10, 0x84}, {132, 130, 132, 255}}};
    case 3:
        return {{{0x00, 0xF0}, {0, 0, 0, 255}},
                {{0x00, 0x0F}, {255, 0, 0, 0}},
                {{0xF0, 0x00}, {0, 255, 0, 0}},
                {{0x0F, 0x00}, {0, 0, 255, 0}},
                {{0x21, 0x84}, {68, 34, 17, 136}}};
    case 4:
        return {{{0x10, 0x20, 0x30}, {0x30, 0x20, 0x10, 255}},
                {{0xFF, 0x00, 0x00}, {0, 0, 255, 255}},
                {{0x00, 0x00, 0xFF}, {255, 0, 0, 255}}};
    case 5:
        return {{{0x10, 0x20, 0x30, 0x40}, {0x30, 0x20, 0x10, 0x40}},
                {{0xFF, 0x00, 0x00, 0x00}, {0, 0, 255, 0}},
                {{0x00, 0x00, 0xFF, 0xFF}, {255, 0, 0, 255}}};
    default:
        return {};
    }
}

std::uint32_t bppOf(std::uint32_t format) {
    return format == 0 ? 1 : format <= 3 ? 2 : format == 4 ? 3 : 4;
}

// A skin of `type`, w x h: pixel p of level k is case (p + 3k) % n; levels 1..3 follow for mipmapped types.
struct SkinFile {
    std::uint32_t type = 0;
    std::uint32_t w = 0;
    std::uint32_t h = 0;
    Bytes pixels;                // every level, as stored
    std::vector<Pixels> decoded; // the RGBA8 each level must decode to
};

SkinFile knownSkin(std::uint32_t type, std::uint32_t w, std::uint32_t h) {
    SkinFile s{type, w, h, {}, {}};
    const std::uint32_t format = type & 7;
    const auto cases = pixelCases(format);
    const int levels = (type & 8) != 0 ? 4 : 1;
    for (int k = 0; k < levels; ++k) {
        const std::size_t n = std::size_t(w >> k) * (h >> k);
        Pixels px;
        for (std::size_t p = 0; p < n; ++p) {
            const PixelCase& c = cases[(p + 3 * std::size_t(k)) % cases.size()];
            for (std::uint32_t b = 0; b < bppOf(format); ++b) {
                appendU8(s.pixels, c.raw[b]);
            }
            px.insert(px.end(), c.rgba.begin(), c.rgba.end());
        }
        s.decoded.push_back(std::move(px));
    }
    return s;
}

// A DDS skin record (type 6, or 14 with the image's own mipmaps): width = the image's byte count, height 1
// (what MED writes; not a size).
SkinFile ddsSkin(const Bytes& dds, std::vector<Pixels> decoded, std::uint32_t type = 6) {
    return SkinFile{type, std::uint32_t(dds.size()), 1, dds, std::move(decoded)};
}
SkinFile ddsSkin(const DdsCase& c, std::uint32_t type = 6) {
    return ddsSkin(c.dds, {c.rgba}, type);
}

// One skin of every type the spec lists: 0, 2, 3, 4, 5, 6 (DXT1, DXT3, DXT5, RGB), 10..13, 14.
std::vector<SkinFile> everySkinType() {
    std::vector<SkinFile> skins = {knownSkin(0, 4, 3),   knownSkin(2, 6, 2),  knownSkin(3, 5, 1),
                                   knownSkin(4, 3, 3),   knownSkin(5, 2, 7),  knownSkin(10, 8, 16),
                                   knownSkin(11, 16, 8), knownSkin(12, 8, 8), knownSkin(13, 24, 8)};
    for (const DdsCase& c : decodableDdsCases()) {
        skins.push_back(ddsSkin(c, c.name.find("mipmaps") != std::string::npos ? 14 : 6));
    }
    return skins;
}

void appendSkin(Bytes& b, const SkinFile& s) {
    appendU32(b, s.type);
    appendU32(b, s.w);
    appendU32(b, s.h);
    b.insert(b.end(), s.pixels.begin(), s.pixels.end());
}

// --- HMP files by the spec -----------------------------------------------------------------------------

constexpr float kScaleX = 160.0f / 65536.0f;
constexpr float kScaleY = 120.0f / 65536.0f;
constexpr float kScaleZ = 0.01f;
constexpr float kOffsetX = -80.0f;
constexpr float kOffsetY = -60.0f;
constexpr float kOffsetZ = -5.0f;

struct HmpSpec {
    const char* version = "HMP5";
    std::int32_t nu = 5;
    std::int32_t nv = 4;
    std::vector<SkinFile> skins;
    int frames = 1;
    Bytes trailing;
};

// Packed height, normal byte and extra byte of vertex k in frame f (HMP4/5: a table index and a kept
// "unused" byte; HMP7: two signed normal bytes).
std::uint16_t zOf(std::size_t k, int f) {
    return std::uint16_t((k * 2654 + std::size_t(f) * 777 + 100) & 0xFFFF);
}
std::uint8_t normalOf(std::size_t k) {
    return std::uint8_t(k % 162);
}
std::uint8_t extraOf(std::size_t k) {
    return k % 2 == 0 ? 0 : 0xAB;
}

constexpr std::size_t kNumSkinsAt = 48;
constexpr std::size_t kNumVertsXAt = 44;
constexpr std::size_t kNumVertsAt = 60;
constexpr std::size_t kNumFramesAt = 68;

Bytes buildHmp(const HmpSpec& s) {
    Bytes b;
    appendText(b, s.version, 4);
    appendU32(b, std::strcmp(s.version, "HMP7") == 0 ? 0 : 2); // nu1
    appendF32(b, kScaleX);
    appendF32(b, kScaleY);
    appendF32(b, kScaleZ);
    appendF32(b, kOffsetX);
    appendF32(b, kOffsetY);
    appendF32(b, kOffsetZ);
    appendU32(b, 0x01020304);                    // nu6
    appendF32(b, 160.0f / float(s.nu - 1));      // ftrisize_x
    appendF32(b, 120.0f / float(s.nv - 1));      // ftrisize_y
    appendF32(b, float(s.nu));                   // fnumverts_x
    appendU32(b, std::uint32_t(s.skins.size())); // numskins
    appendU32(b, 7);                             // nu8
    appendU32(b, 9);                             // nu9
    appendU32(b, std::uint32_t(s.nu * s.nv));    // numverts
    appendU32(b, 11);                            // nu10
    appendU32(b, std::uint32_t(s.frames));       // numframes
    appendU32(b, 13);                            // nu11
    appendU32(b, 0);                             // flags
    appendU32(b, 17);                            // nu12
    for (const SkinFile& skin : s.skins) {
        appendSkin(b, skin);
    }
    for (int f = 0; f < s.frames; ++f) {
        appendU32(b, 2);
        for (std::uint8_t k = 1; k <= 16; ++k) {
            appendU8(b, k); // bboxmin, bboxmax
        }
        appendText(b, "terrain\0\0\0\0\0\0\0\0", 16);
        for (std::size_t k = 0; k < std::size_t(s.nu * s.nv); ++k) {
            const std::uint16_t z = zOf(k, f);
            appendU8(b, std::uint8_t(z & 0xFF));
            appendU8(b, std::uint8_t(z >> 8));
            appendU8(b, normalOf(k));
            appendU8(b, extraOf(k));
        }
    }
    b.insert(b.end(), s.trailing.begin(), s.trailing.end());
    return b;
}

// A small HMP5 with one skin of each kind that has mipmaps and one without.
HmpSpec mixedSpec() {
    HmpSpec s;
    s.skins = {knownSkin(2, 4, 4), knownSkin(13, 8, 8), knownSkin(0, 4, 2)};
    s.frames = 2;
    s.trailing = {std::byte{0xDE}, std::byte{0xAD}};
    return s;
}

std::uint64_t skinsBytes(const HmpSpec& s) {
    std::uint64_t n = 0;
    for (const SkinFile& k : s.skins) {
        n += 12 + k.pixels.size();
    }
    return n;
}

float dot(const io::GsVec3& a, const io::GsVec3& b) {
    return a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
}

// Unit normal of the heights at an inner vertex by central differences, in the grid frame of hmp.h.
io::GsVec3 heightNormal(const io::Hmp& hmp, std::uint32_t i, std::uint32_t j) {
    const auto g = io::hmpGridSize(hmp);
    const auto e = io::hmpExtent(hmp);
    const float dx = (e.xMax - e.xMin) / float(g.nu - 1);
    const float dy = (e.yMax - e.yMin) / float(g.nv - 1);
    const float gx = (*io::hmpHeight(hmp, i + 1, j) - *io::hmpHeight(hmp, i - 1, j)) / (2 * dx);
    const float gy = (*io::hmpHeight(hmp, i, j + 1) - *io::hmpHeight(hmp, i, j - 1)) / (2 * dy);
    const float len = std::sqrt(gx * gx + gy * gy + 1);
    return {-gx / len, -gy / len, 1 / len};
}

void writeSeed(const char* dir, const char* name, const Bytes& b) {
    std::ofstream out(std::string(dir) + "/" + name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

} // namespace

class TestHmp : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void normalTable();
    void corpusSmallHmp7();
    void corpusAssimpTerrainHmp7();
    void hmp7NormalsFollowHeights_data();
    void hmp7NormalsFollowHeights();
    void hmp7NormalBytes();
    void hmp7ConvertsToHmp5();
    void builtHmp5KnownHeights();
    void hmp5WriteIsByteIdentical();
    void skinTypesDecode_data();
    void skinTypesDecode();
    void ddsSkinsDecode_data();
    void ddsSkinsDecode();
    void everySkinTypeInOneFile_data();
    void everySkinTypeInOneFile();
    void undecodableSkinWarns_data();
    void undecodableSkinWarns();
    void palettizedSkinWithPalette();
    void skinEncodeRoundTrip_data();
    void skinEncodeRoundTrip();
    void editedHeightsRoundTrip();
    void hmp4Read();
    void writerRefusesInvalidModels();
    void helpersOutsideTheGrid();
    void truncateEveryLength_data();
    void truncateEveryLength();
    void badFields_data();
    void badFields();
    void overflowingCounts();
    void randomCorruptionNeverCrashes();
};

void TestHmp::initTestCase() {
    const char* dir = std::getenv("MAPSMITH_WRITE_HMP_SEEDS");
    if (dir == nullptr || *dir == '\0') {
        return;
    }
    writeSeed(dir, "hmp5_mixed_skins.hmp", buildHmp(mixedSpec()));
    HmpSpec plain;
    plain.nu = 3;
    plain.nv = 3;
    writeSeed(dir, "hmp5_3x3.hmp", buildHmp(plain));
    HmpSpec old = plain;
    old.version = "HMP4";
    old.skins = {knownSkin(3, 4, 4)};
    writeSeed(dir, "hmp4_4444.hmp", buildHmp(old));
    HmpSpec seven;
    seven.version = "HMP7";
    seven.nu = 4;
    seven.nv = 3;
    seven.skins = {knownSkin(2, 4, 4), knownSkin(12, 8, 8)};
    writeSeed(dir, "hmp7_2_skins.hmp", buildHmp(seven));
    HmpSpec rgb;
    rgb.nu = 2;
    rgb.nv = 2;
    rgb.skins = {knownSkin(4, 2, 2), knownSkin(5, 2, 1), knownSkin(10, 8, 8), knownSkin(11, 8, 8)};
    writeSeed(dir, "hmp5_rgb_skins.hmp", buildHmp(rgb));
    // DDS skins: DXT1 with mipmaps (14), DXT3, DXT5, uncompressed; one the reader cannot decode.
    const auto dds = decodableDdsCases();
    HmpSpec ddsSeven = seven;
    ddsSeven.skins = {ddsSkin(dds[1], 14), ddsSkin(dds[5]), knownSkin(4, 2, 2)};
    writeSeed(dir, "hmp7_dds_888_skins.hmp", buildHmp(ddsSeven));
    HmpSpec ddsFive = plain;
    ddsFive.skins = {ddsSkin(dds[6]), ddsSkin(dds[9]), ddsSkin(undecodableDdsCases()[0].dds, {})};
    writeSeed(dir, "hmp5_dds_skins.hmp", buildHmp(ddsFive));
}

void TestHmp::normalTable() {
    const auto& table = io::gamestudioNormals();
    QCOMPARE(table.size(), std::size_t(162));
    for (std::size_t i = 0; i < table.size(); ++i) {
        const float len = std::sqrt(dot(table[i], table[i]));
        QVERIFY2(std::abs(len - 1.0f) < 1e-5f, qPrintable(QString("entry %1 length %2").arg(i).arg(len)));
        for (std::size_t k = 0; k < i; ++k) {
            QVERIFY(dot(table[i], table[k]) < 0.99f); // distinct directions
        }
        QCOMPARE(std::size_t(io::nearestGamestudioNormal(table[i])), i);
        // Scaled and slightly moved, still the same entry.
        const io::GsVec3 near{3 * table[i][0] + 0.01f, 3 * table[i][1], 3 * table[i][2] - 0.01f};
        QCOMPARE(std::size_t(io::nearestGamestudioNormal(near)), i);
    }
    QCOMPARE(io::gamestudioNormal(io::kGamestudioNormalUp), (io::GsVec3{0, 0, 1}));
    QCOMPARE(io::gamestudioNormal(200), (io::GsVec3{0, 0, 1}));
    QCOMPARE(io::nearestGamestudioNormal({0, 0, 0}), io::kGamestudioNormalUp);
    QCOMPARE(io::nearestGamestudioNormal({std::nanf(""), 0, 1}), io::kGamestudioNormalUp);
    // A spread of directions: the nearest entry is never more than ~15 degrees away.
    std::mt19937 rng(5);
    std::normal_distribution<float> nd;
    for (int k = 0; k < 2000; ++k) {
        io::GsVec3 v{nd(rng), nd(rng), nd(rng)};
        const float len = std::sqrt(dot(v, v));
        v = {v[0] / len, v[1] / len, v[2] / len};
        QVERIFY(dot(v, io::gamestudioNormal(io::nearestGamestudioNormal(v))) >
                std::cos(15.0f * 3.14159f / 180));
    }
}

void TestHmp::corpusSmallHmp7() {
    const Bytes file = tests::readBytes(tests::corpusPath("hmp/small.hmp"));
    QCOMPARE(file.size(), std::size_t(607136));
    const auto read = io::readHmp(file);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    const io::Hmp& hmp = *read;
    QCOMPARE(hmp.header.version, io::HmpVersion::Hmp7);
    QCOMPARE(io::hmpGridSize(hmp).nu, 66u);
    QCOMPARE(io::hmpGridSize(hmp).nv, 66u);
    QCOMPARE(hmp.frames.size(), std::size_t(1));
    QCOMPARE(hmp.frames[0].vertices.size(), std::size_t(66 * 66));
    QCOMPARE(hmp.header.triSizeX, 16.0f);
    QCOMPARE(hmp.header.triSizeY, 16.0f);
    QVERIFY(hmp.trailing.empty());

    QCOMPARE(hmp.skins.size(), std::size_t(2));
    QCOMPARE(hmp.skins[0].type, 2u);
    QCOMPARE(hmp.skins[0].width, 512u);
    QCOMPARE(hmp.skins[0].height, 512u);
    QCOMPARE(hmp.skins[0].rgba.size(), std::size_t(1));
    QCOMPARE(hmp.skins[0].rgba[0].size(), std::size_t(512 * 512 * 4));
    QCOMPARE(hmp.skins[1].type, 12u);
    QCOMPARE(hmp.skins[1].width, 128u);
    QCOMPARE(hmp.skins[1].rgba.size(), std::size_t(4));
    QCOMPARE(hmp.skins[1].rgba[3].size(), std::size_t(16 * 16 * 4));
    // The first 565 pixel is 0x4203 (bytes 03 42 at 0x60): 8, 16, 3 -> 66, 65, 24.
    QCOMPARE((Rgba{hmp.skins[0].rgba[0][0], hmp.skins[0].rgba[0][1], hmp.skins[0].rgba[0][2],
                   hmp.skins[0].rgba[0][3]}),
             (Rgba{66, 65, 24, 255}));

    // Extent: +-520 (65 triangles of 16 units), heights inside the packed range and not flat.
    const auto e = io::hmpExtent(hmp);
    QCOMPARE(e.xMin, -520.0f);
    QVERIFY(std::abs(e.xMax - 520.0f) < 0.1f);
    QVERIFY(std::abs(e.yMax - 520.0f) < 0.1f);
    const auto heights = io::hmpHeights(hmp);
    QCOMPARE(heights.size(), std::size_t(66 * 66));
    const float lo = *std::min_element(heights.begin(), heights.end());
    const float hi = *std::max_element(heights.begin(), heights.end());
    QVERIFY(std::isfinite(lo) && std::isfinite(hi));
    QVERIFY(lo >= hmp.header.offset[2] - 1e-3f);
    QVERIFY(hi <= hmp.header.offset[2] + hmp.header.scale[2] * 65535.0f + 1e-3f);
    QVERIFY(hi - lo > 100.0f); // hills of a few hundred units over a 1040-unit square
    // Neighbours differ by less than the whole range: a surface, not noise.
    float worstStep = 0;
    for (std::uint32_t j = 0; j < 66; ++j) {
        for (std::uint32_t i = 1; i < 66; ++i) {
            worstStep =
                std::max(worstStep, std::abs(*io::hmpHeight(hmp, i, j) - *io::hmpHeight(hmp, i - 1, j)));
        }
    }
    QVERIFY(worstStep < (hi - lo) / 2);
    const auto corner = io::hmpVertexPosition(hmp, 65, 65);
    QVERIFY(corner.has_value());
    QCOMPARE((*corner)[0], e.xMax);
    QCOMPARE((*corner)[1], e.yMax);
}

void TestHmp::corpusAssimpTerrainHmp7() {
    const Bytes file = tests::readBytes(tests::corpusPath("hmp/assimp-terrain.hmp"));
    QCOMPARE(file.size(), std::size_t(4476));
    const auto read = io::readHmp(file);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    const io::Hmp& hmp = *read;
    QCOMPARE(hmp.header.version, io::HmpVersion::Hmp7);
    QCOMPARE(io::hmpGridSize(hmp).nu, 33u);
    QCOMPARE(io::hmpGridSize(hmp).nv, 33u);
    QVERIFY(hmp.skins.empty());
    QCOMPARE(hmp.header.nu1, 0);
    QCOMPARE(hmp.header.triSizeX, 5.0f);
    const auto e = io::hmpExtent(hmp);
    QCOMPARE(e.xMin, -80.0f);
    QCOMPARE(e.yMin, -80.0f);
    QVERIFY(std::abs(e.xMax - 80.0f) < 0.01f);
    const auto heights = io::hmpHeights(hmp);
    const float lo = *std::min_element(heights.begin(), heights.end());
    const float hi = *std::max_element(heights.begin(), heights.end());
    QCOMPARE(lo, -34.0f); // offset z with z = 0
    QVERIFY(std::abs(hi - 18.0f) < 1e-3f);
    // Plateaus and steps (0xA762, 0xB0D3, 0xDD89, ... packed): 8 distinct heights.
    std::vector<float> distinct(heights);
    std::sort(distinct.begin(), distinct.end());
    distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
    QCOMPARE(distinct.size(), std::size_t(8));
}

void TestHmp::hmp7NormalsFollowHeights_data() {
    QTest::addColumn<QString>("name");
    QTest::addColumn<double>("least");
    QTest::newRow("small.hmp") << QString("hmp/small.hmp") << 0.99;
    QTest::newRow("assimp-terrain.hmp") << QString("hmp/assimp-terrain.hmp") << 0.95; // cliffs
}

void TestHmp::hmp7NormalsFollowHeights() {
    // The decoded HMP7 normals agree with the normals of the heights (the evidence in hmp.h).
    QFETCH(QString, name);
    QFETCH(double, least);
    const auto read = io::readHmp(tests::readBytes(tests::corpusPath(name.toStdString())));
    QVERIFY(read.hasValue());
    const auto g = io::hmpGridSize(*read);
    double sum = 0;
    int n = 0;
    for (std::uint32_t j = 1; j + 1 < g.nv; ++j) {
        for (std::uint32_t i = 1; i + 1 < g.nu; ++i) {
            const auto stored = io::hmpNormal(*read, i, j);
            QVERIFY(stored.has_value());
            QVERIFY(std::abs(std::sqrt(dot(*stored, *stored)) - 1.0f) < 1e-4f);
            QVERIFY((*stored)[2] > 0); // terrain normals point up
            sum += dot(*stored, heightNormal(*read, i, j));
            ++n;
        }
    }
    const double mean = sum / n;
    QVERIFY2(mean > least, qPrintable(QString("mean cosine %1").arg(mean)));
}

void TestHmp::hmp7NormalBytes() {
    HmpSpec s;
    s.version = "HMP7";
    s.nu = 2;
    s.nv = 2;
    Bytes b = buildHmp(s);
    const std::size_t v0 = 84 + 36;
    const std::uint8_t ab[4][2] = {
        {0, 0}, {0x81, 0}, {0, 127}, {30, 0xE2}}; // (0,0) (-127,0) (0,127) (30,-30)
    for (std::size_t k = 0; k < 4; ++k) {
        b[v0 + 4 * k + 2] = std::byte{ab[k][0]};
        b[v0 + 4 * k + 3] = std::byte{ab[k][1]};
    }
    const auto read = io::readHmp(b);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    const auto near = [](const io::GsVec3& a, const io::GsVec3& b) { return dot(a, b) > 0.9999f; };
    QVERIFY(near(*io::hmpNormal(*read, 0, 0), {0, 0, 1}));
    QVERIFY(near(*io::hmpNormal(*read, 1, 0), {1, 0, 0})); // a = -127: x is -a
    QVERIFY(near(*io::hmpNormal(*read, 0, 1), {0, 1, 0}));
    const float c = 30.0f / 127.0f;
    const float z = std::sqrt(1 - 2 * c * c);
    QVERIFY(near(*io::hmpNormal(*read, 1, 1), {-c, -c, z}));
}

void TestHmp::hmp7ConvertsToHmp5() {
    for (const char* name : {"hmp/small.hmp", "hmp/assimp-terrain.hmp"}) {
        const auto seven = io::readHmp(tests::readBytes(tests::corpusPath(name)));
        QVERIFY(seven.hasValue());
        const Bytes written = io::writeHmp5(*seven);
        QVERIFY(!written.empty());
        QCOMPARE(std::memcmp(written.data(), "HMP5", 4), 0);
        const auto five = io::readHmp(written);
        QVERIFY2(five.hasValue(), qPrintable(why(five)));
        QCOMPARE(five->header.version, io::HmpVersion::Hmp5);
        QCOMPARE(five->header.nu1, 2);
        QCOMPARE(io::hmpHeights(*five), io::hmpHeights(*seven));
        QVERIFY(five->skins == seven->skins);
        const auto g = io::hmpGridSize(*five);
        QCOMPARE(g.nu, io::hmpGridSize(*seven).nu);
        for (std::uint32_t j = 0; j < g.nv; ++j) {
            for (std::uint32_t i = 0; i < g.nu; ++i) {
                // Quantized to the 162 directions: within ~15 degrees.
                QVERIFY(dot(*io::hmpNormal(*five, i, j), *io::hmpNormal(*seven, i, j)) > 0.96f);
                QCOMPARE(five->frames[0].vertices[j * g.nu + i].extra, std::uint8_t(0));
            }
        }
        // Written again from HMP5: the same bytes.
        QCOMPARE(io::writeHmp5(*five), written);
    }
}

void TestHmp::builtHmp5KnownHeights() {
    const HmpSpec spec = mixedSpec();
    const Bytes file = buildHmp(spec);
    const auto read = io::readHmp(file);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    const io::Hmp& hmp = *read;
    QCOMPARE(hmp.header.version, io::HmpVersion::Hmp5);
    QCOMPARE(hmp.header.nu1, 2);
    QCOMPARE(hmp.header.nu6, 0x01020304);
    QCOMPARE(hmp.header.nu8, 7);
    QCOMPARE(hmp.header.nu9, 9);
    QCOMPARE(hmp.header.nu10, 11);
    QCOMPARE(hmp.header.nu11, 13);
    QCOMPARE(hmp.header.nu12, 17);
    QCOMPARE(hmp.header.triSizeX, 40.0f);
    QCOMPARE(hmp.header.triSizeY, 40.0f);
    QCOMPARE(hmp.header.scale[2], kScaleZ);
    QCOMPARE(hmp.header.offset[0], kOffsetX);
    QCOMPARE(io::hmpGridSize(hmp).nu, 5u);
    QCOMPARE(io::hmpGridSize(hmp).nv, 4u);
    QCOMPARE(hmp.frames.size(), std::size_t(2));
    QCOMPARE(hmp.trailing, spec.trailing);
    QCOMPARE(hmp.frames[1].type, 2);
    QCOMPARE(hmp.frames[1].bboxMin[0], std::uint8_t(1));
    QCOMPARE(hmp.frames[1].bboxMax[7], std::uint8_t(16));
    QCOMPARE(std::string(hmp.frames[1].name.data()), std::string("terrain"));

    const auto e = io::hmpExtent(hmp);
    QCOMPARE(e.xMin, -80.0f);
    QCOMPARE(e.xMax, 80.0f); // 160/65536 * 65536 - 80
    QCOMPARE(e.yMin, -60.0f);
    QCOMPARE(e.yMax, 60.0f);
    for (int f = 0; f < 2; ++f) {
        for (std::uint32_t j = 0; j < 4; ++j) {
            for (std::uint32_t i = 0; i < 5; ++i) {
                const std::size_t k = j * 5 + i;
                const float want = kScaleZ * float(zOf(k, f)) + kOffsetZ;
                QCOMPARE(*io::hmpHeight(hmp, i, j, std::size_t(f)), want);
                const auto p = *io::hmpVertexPosition(hmp, i, j, std::size_t(f));
                QCOMPARE(p[0], -80.0f + 40.0f * float(i));
                QCOMPARE(p[1], -60.0f + 40.0f * float(j));
                QCOMPARE(p[2], want);
                QCOMPARE(*io::hmpNormal(hmp, i, j, std::size_t(f)), io::gamestudioNormal(normalOf(k)));
                QCOMPARE(hmp.frames[std::size_t(f)].vertices[k].extra, extraOf(k));
            }
        }
    }
    QCOMPARE(hmp.skins.size(), std::size_t(3));
    for (std::size_t k = 0; k < 3; ++k) {
        QCOMPARE(hmp.skins[k].type, spec.skins[k].type);
        QCOMPARE(hmp.skins[k].stored, spec.skins[k].pixels);
        QCOMPARE(hmp.skins[k].rgba, spec.skins[k].decoded);
    }
}

void TestHmp::hmp5WriteIsByteIdentical() {
    std::vector<Bytes> files = {buildHmp(mixedSpec())};
    HmpSpec big;
    big.nu = 65;
    big.nv = 33;
    big.skins = {knownSkin(10, 16, 8), knownSkin(11, 8, 16), knownSkin(12, 8, 8),
                 knownSkin(3, 2, 6),   knownSkin(4, 3, 5),   knownSkin(5, 1, 1)};
    files.push_back(buildHmp(big));
    HmpSpec bare;
    bare.nu = 1;
    bare.nv = 1;
    files.push_back(buildHmp(bare));
    for (const Bytes& file : files) {
        const auto read = io::readHmp(file);
        QVERIFY2(read.hasValue(), qPrintable(why(read)));
        const Bytes written = io::writeHmp5(*read);
        QCOMPARE(written.size(), file.size());
        QVERIFY(written == file);
        const auto back = io::readHmp(written);
        QVERIFY(back.hasValue());
        QVERIFY(*back == *read);
    }
}

void TestHmp::skinTypesDecode_data() {
    QTest::addColumn<std::uint32_t>("type");
    QTest::addColumn<std::uint32_t>("w");
    QTest::addColumn<std::uint32_t>("h");
    QTest::newRow("0 8-bit") << 0u << 4u << 3u;
    QTest::newRow("2 565") << 2u << 6u << 2u;
    QTest::newRow("3 4444") << 3u << 5u << 1u;
    QTest::newRow("4 888") << 4u << 3u << 3u;
    QTest::newRow("5 8888") << 5u << 2u << 7u;
    QTest::newRow("10 565 mipmapped") << 10u << 8u << 16u;
    QTest::newRow("11 4444 mipmapped") << 11u << 16u << 8u;
    QTest::newRow("12 888 mipmapped") << 12u << 8u << 8u;
    QTest::newRow("13 8888 mipmapped") << 13u << 24u << 8u;
}

void TestHmp::skinTypesDecode() {
    QFETCH(std::uint32_t, type);
    QFETCH(std::uint32_t, w);
    QFETCH(std::uint32_t, h);
    HmpSpec spec;
    spec.nu = 2;
    spec.nv = 3;
    spec.skins = {knownSkin(type, w, h), knownSkin(type, w, h)};
    const auto read = io::readHmp(buildHmp(spec));
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QCOMPARE(read->skins.size(), std::size_t(2));
    const io::GamestudioSkin& skin = read->skins[1];
    QCOMPARE(skin.type, type);
    QCOMPARE(skin.width, w);
    QCOMPARE(skin.height, h);
    QCOMPARE(skin.rgba.size(), (type & 8) != 0 ? std::size_t(4) : std::size_t(1));
    QCOMPARE(skin.rgba, spec.skins[1].decoded);
    QCOMPARE(skin.stored, spec.skins[1].pixels);
    QCOMPARE(io::gamestudioSkinStoredBytes(type, w, h), std::uint64_t(spec.skins[1].pixels.size()));
}

void TestHmp::ddsSkinsDecode_data() {
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("which");
    QTest::addColumn<std::uint32_t>("type");
    const auto cases = decodableDdsCases();
    for (const char* version : {"HMP5", "HMP7"}) {
        for (std::size_t k = 0; k < cases.size(); ++k) {
            const bool mips = cases[k].name.find("mipmaps") != std::string::npos;
            QTest::newRow(qPrintable(QString("%1 %2").arg(version, QString::fromStdString(cases[k].name))))
                << QString(version) << int(k) << (mips ? 14u : 6u);
        }
    }
    // Type 14 without mipmaps in the image, and 6 with them: the type's +8 changes nothing in the record.
    QTest::newRow("HMP5 type 14, DDS without mipmaps") << QString("HMP5") << 0 << 14u;
    QTest::newRow("HMP5 type 6, DDS with mipmaps") << QString("HMP5") << 1 << 6u;
}

void TestHmp::ddsSkinsDecode() {
    // A DDS skin record: type 6 (14), width = the image's byte count, height 1, then the whole DDS image.
    QFETCH(QString, version);
    QFETCH(int, which);
    QFETCH(std::uint32_t, type);
    const DdsCase c = decodableDdsCases()[std::size_t(which)];
    HmpSpec spec;
    spec.version = version == "HMP7" ? "HMP7" : "HMP5";
    spec.nu = 3;
    spec.nv = 2;
    spec.skins = {ddsSkin(c, type), knownSkin(2, 4, 4)};
    const Bytes file = buildHmp(spec);
    const auto read = io::readHmp(file);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QVERIFY2(read->warnings.empty(), qPrintable(describe(read->warnings)));
    const io::GamestudioSkin& skin = read->skins[0];
    QCOMPARE(skin.type, type);
    QCOMPARE(skin.width, std::uint32_t(c.dds.size())); // the byte count, as stored
    QCOMPARE(skin.height, 1u);
    QCOMPARE(skin.stored, c.dds);
    QVERIFY(skin.decoded());
    QCOMPARE(skin.imageWidth, c.w);
    QCOMPARE(skin.imageHeight, c.h);
    QCOMPARE(skin.rgba.size(), std::size_t(1)); // level 0; the image keeps its own mipmaps
    QCOMPARE(skin.rgba[0], c.rgba);
    // The skin after it and the heights are where the byte count says.
    QCOMPARE(read->skins[1].rgba, spec.skins[1].decoded);
    QCOMPARE(*io::hmpHeight(*read, 2, 1), kScaleZ * float(zOf(5, 0)) + kOffsetZ);
    // Written back as it was (HMP7: as HMP5 with the same skins).
    const Bytes written = io::writeHmp5(*read);
    if (spec.version == std::string("HMP5")) {
        QVERIFY(written == file);
    }
    const auto back = io::readHmp(written);
    QVERIFY(back.hasValue());
    QVERIFY(back->skins == read->skins);
    // Not something the encoder makes.
    QVERIFY(!io::encodeGamestudioSkin(type, c.w, c.h, c.rgba).has_value());
}

void TestHmp::everySkinTypeInOneFile_data() {
    QTest::addColumn<QString>("version");
    QTest::newRow("HMP4") << QString("HMP4");
    QTest::newRow("HMP5") << QString("HMP5");
    QTest::newRow("HMP7") << QString("HMP7"); // types 4 and 6 were refused here before
}

void TestHmp::everySkinTypeInOneFile() {
    QFETCH(QString, version);
    const std::string v = version.toStdString();
    HmpSpec spec;
    spec.version = v.c_str();
    spec.nu = 4;
    spec.nv = 3;
    spec.skins = everySkinType();
    const Bytes file = buildHmp(spec);
    const auto read = io::readHmp(file);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QVERIFY2(read->warnings.empty(), qPrintable(describe(read->warnings)));
    QCOMPARE(read->skins.size(), spec.skins.size());
    std::vector<std::uint32_t> types;
    for (std::size_t k = 0; k < spec.skins.size(); ++k) {
        const io::GamestudioSkin& skin = read->skins[k];
        QCOMPARE(skin.type, spec.skins[k].type);
        QCOMPARE(skin.stored, spec.skins[k].pixels);
        QVERIFY2(skin.rgba == spec.skins[k].decoded,
                 qPrintable(QString("skin %1 type %2").arg(k).arg(skin.type)));
        types.push_back(skin.type);
    }
    std::sort(types.begin(), types.end());
    types.erase(std::unique(types.begin(), types.end()), types.end());
    QCOMPARE(types, (std::vector<std::uint32_t>{0, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14}));
    for (std::uint32_t t : types) {
        QVERIFY(io::gamestudioSkinTypeKnown(t));
    }
    for (std::uint32_t j = 0; j < 3; ++j) {
        for (std::uint32_t i = 0; i < 4; ++i) {
            QCOMPARE(*io::hmpHeight(*read, i, j), kScaleZ * float(zOf(j * 4 + i, 0)) + kOffsetZ);
        }
    }
    if (v == "HMP5") {
        QVERIFY(io::writeHmp5(*read) == file);
    }
}

void TestHmp::undecodableSkinWarns_data() {
    QTest::addColumn<QString>("version");
    QTest::addColumn<int>("which");
    const auto cases = undecodableDdsCases();
    for (const char* version : {"HMP5", "HMP7"}) {
        for (std::size_t k = 0; k < cases.size(); ++k) {
            QTest::newRow(qPrintable(QString("%1 %2").arg(version, QString::fromStdString(cases[k].name))))
                << QString(version) << int(k);
        }
    }
}

void TestHmp::undecodableSkinWarns() {
    // The DDS skin's size is known, so it is kept undecoded with a warning naming the offset of the
    // problem, and the skins and heights after it read.
    QFETCH(QString, version);
    QFETCH(int, which);
    const DdsBadCase c = undecodableDdsCases()[std::size_t(which)];
    HmpSpec spec;
    spec.version = version == "HMP7" ? "HMP7" : "HMP5";
    spec.nu = 3;
    spec.nv = 3;
    spec.skins = {knownSkin(4, 2, 2), ddsSkin(c.dds, {}), knownSkin(12, 8, 8)};
    const Bytes file = buildHmp(spec);
    const auto read = io::readHmp(file);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QCOMPARE(read->warnings.size(), std::size_t(1));
    const io::Warning& w = read->warnings[0];
    const std::uint64_t imageAt = 84 + 12 + spec.skins[0].pixels.size() + 12;
    QVERIFY2(w.offset == imageAt + c.at, qPrintable(describe(w)));
    QCOMPARE(w.chunk, io::FourCC("SKIN"));
    QVERIFY2(w.message.find(c.says) != std::string::npos, qPrintable(describe(w)));
    QVERIFY2(w.message.find(std::string(spec.version == std::string("HMP7") ? "HMP7" : "HMP") +
                            " skin 1 (type 6, " + std::to_string(c.dds.size()) + " bytes)") == 0,
             qPrintable(describe(w)));
    const io::GamestudioSkin& bad = read->skins[1];
    QVERIFY(!bad.decoded());
    QCOMPARE(bad.imageWidth, 0u);
    QCOMPARE(bad.stored, c.dds);
    QCOMPARE(read->skins[0].rgba, spec.skins[0].decoded);
    QCOMPARE(read->skins[2].rgba, spec.skins[2].decoded);
    for (std::uint32_t k = 0; k < 9; ++k) {
        QCOMPARE(*io::hmpHeight(*read, k % 3, k / 3), kScaleZ * float(zOf(k, 0)) + kOffsetZ);
    }
    // Kept: written back as it was (HMP5), and it warns again from there.
    const Bytes written = io::writeHmp5(*read);
    if (spec.version == std::string("HMP5")) {
        QVERIFY(written == file);
    }
    const auto back = io::readHmp(written);
    QVERIFY(back.hasValue());
    QCOMPARE(back->warnings.size(), std::size_t(1));
    QCOMPARE(back->warnings[0].offset, w.offset);
    // The first skin undecodable: still only a warning.
    spec.skins = {ddsSkin(c.dds, {})};
    const auto first = io::readHmp(buildHmp(spec));
    QVERIFY2(first.hasValue(), qPrintable(why(first)));
    QCOMPARE(first->warnings.size(), std::size_t(1));
    QCOMPARE(first->warnings[0].offset, 84 + 12 + c.at);
}

void TestHmp::palettizedSkinWithPalette() {
    io::GamestudioPalette palette{};
    for (std::size_t i = 0; i < 256; ++i) {
        palette[3 * i] = std::uint8_t(i);
        palette[3 * i + 1] = std::uint8_t(255 - i);
        palette[3 * i + 2] = std::uint8_t(i * 3);
    }
    HmpSpec spec;
    spec.nu = 2;
    spec.nv = 2;
    spec.skins = {knownSkin(0, 4, 1)}; // indices 0, 7, 128, 255
    const Bytes file = buildHmp(spec);
    const auto read = io::readHmp(file, palette);
    QVERIFY(read.hasValue());
    const Pixels want = {0, 255, 0, 255, 7, 248, 21, 255, 128, 127, 128, 255, 255, 0, 253, 255};
    QCOMPARE(read->skins[0].rgba[0], want);
    // Decoding again with the grey palette gives the indices as grey.
    io::GamestudioSkin skin = read->skins[0];
    QVERIFY(io::decodeGamestudioSkin(skin));
    QCOMPARE(skin.rgba, spec.skins[0].decoded);
}

void TestHmp::skinEncodeRoundTrip_data() {
    QTest::addColumn<std::uint32_t>("type");
    for (std::uint32_t t : {0u, 2u, 3u, 4u, 5u, 10u, 11u, 12u, 13u}) {
        QTest::newRow(qPrintable(QString("type %1").arg(t))) << t;
    }
}

void TestHmp::skinEncodeRoundTrip() {
    QFETCH(std::uint32_t, type);
    const std::uint32_t w = 16;
    const std::uint32_t h = 8;
    std::mt19937 rng(type);
    Pixels px(std::size_t(w) * h * 4);
    for (auto& v : px) {
        v = std::uint8_t(rng());
    }
    const auto skin = io::encodeGamestudioSkin(type, w, h, px);
    QVERIFY(skin.has_value());
    QCOMPARE(skin->stored.size(), std::size_t(io::gamestudioSkinStoredBytes(type, w, h)));
    QCOMPARE(skin->rgba.size(), io::gamestudioSkinLevelCount(type));
    // Within the format's step of the input (8-bit: grey palette, so against the nearest grey).
    const int step = (type & 7) == 2 ? 8 : (type & 7) == 3 ? 9 : 0;
    for (std::size_t i = 0; i < px.size(); i += 4) {
        for (std::size_t c = 0; c < 4; ++c) {
            const int got = skin->rgba[0][i + c];
            const bool noAlpha = c == 3 && ((type & 7) == 0 || (type & 7) == 2 || (type & 7) == 4);
            if (noAlpha) {
                QCOMPARE(got, 255);
            } else if ((type & 7) != 0) {
                QVERIFY(std::abs(got - int(px[i + c])) <= step);
            }
        }
    }
    // What a skin decodes to encodes to the same bytes.
    const auto again = io::encodeGamestudioSkin(type, w, h, skin->rgba[0]);
    QVERIFY(again.has_value());
    if ((type & 8) == 0) {
        QCOMPARE(again->stored, skin->stored);
    } else {
        // Level 0 equal; the mipmaps are filtered again from it.
        const std::size_t level0 = std::size_t(w) * h * io::gamestudioSkinBytesPerPixel(type);
        QVERIFY(std::equal(again->stored.begin(), again->stored.begin() + std::ptrdiff_t(level0),
                           skin->stored.begin()));
    }
    // An encoded skin is written and read back unchanged.
    HmpSpec spec;
    spec.nu = 2;
    spec.nv = 2;
    auto hmp = io::readHmp(buildHmp(spec));
    QVERIFY(hmp.hasValue());
    hmp->skins.push_back(*skin);
    const auto back = io::readHmp(io::writeHmp5(*hmp));
    QVERIFY(back.hasValue());
    QCOMPARE(back->skins.size(), std::size_t(1));
    QVERIFY(back->skins[0] == *skin);
    // Sizes the format refuses.
    QVERIFY(!io::encodeGamestudioSkin(type, 0, 8, {}).has_value());
    QVERIFY(!io::encodeGamestudioSkin(type, w, h, Pixels(7)).has_value());
    if ((type & 8) != 0) {
        QVERIFY(!io::encodeGamestudioSkin(type, 12, 8, Pixels(12 * 8 * 4)).has_value());
    }
    QVERIFY(!io::encodeGamestudioSkin(8, 8, 8, Pixels(8 * 8 * 4)).has_value()); // no 8-bit with mipmaps
}

void TestHmp::editedHeightsRoundTrip() {
    auto hmp = io::readHmp(buildHmp(mixedSpec()));
    QVERIFY(hmp.hasValue());
    const auto g = io::hmpGridSize(*hmp);
    for (std::uint32_t j = 0; j < g.nv; ++j) {
        for (std::uint32_t i = 0; i < g.nu; ++i) {
            const float want = 10.0f + float(i) - 2.5f * float(j);
            hmp->frames[0].vertices[j * g.nu + i].z = io::hmpPackHeight(*hmp, want);
        }
    }
    QCOMPARE(io::hmpPackHeight(*hmp, -1e9f), std::uint16_t(0));
    QCOMPARE(io::hmpPackHeight(*hmp, 1e9f), std::uint16_t(65535));
    const auto back = io::readHmp(io::writeHmp5(*hmp));
    QVERIFY(back.hasValue());
    for (std::uint32_t j = 0; j < g.nv; ++j) {
        for (std::uint32_t i = 0; i < g.nu; ++i) {
            const float want = 10.0f + float(i) - 2.5f * float(j);
            QVERIFY(std::abs(*io::hmpHeight(*back, i, j) - want) <= kScaleZ / 2 + 1e-4f);
        }
    }
    QVERIFY(*back == *hmp);
}

void TestHmp::hmp4Read() {
    HmpSpec spec = mixedSpec();
    spec.version = "HMP4";
    const Bytes file = buildHmp(spec);
    const auto read = io::readHmp(file);
    QVERIFY2(read.hasValue(), qPrintable(why(read)));
    QCOMPARE(read->header.version, io::HmpVersion::Hmp4);
    QCOMPARE(io::hmpGridSize(*read).nu, 5u);
    QCOMPARE(*io::hmpHeight(*read, 3, 2), kScaleZ * float(zOf(13, 0)) + kOffsetZ);
    QCOMPARE(read->skins[1].rgba, spec.skins[1].decoded);
    // Written as HMP5: the same bytes but the version.
    Bytes written = io::writeHmp5(*read);
    QCOMPARE(std::memcmp(written.data(), "HMP5", 4), 0);
    written[3] = std::byte{'4'};
    QVERIFY(written == file);
}

void TestHmp::writerRefusesInvalidModels() {
    const auto good = io::readHmp(buildHmp(mixedSpec()));
    QVERIFY(good.hasValue());
    QVERIFY(!io::writeHmp5(*good).empty());
    {
        io::Hmp h = *good;
        h.frames.clear();
        QVERIFY(io::writeHmp5(h).empty());
    }
    {
        io::Hmp h = *good;
        h.frames[1].vertices.pop_back();
        QVERIFY(io::writeHmp5(h).empty());
    }
    {
        io::Hmp h = *good;
        h.header.numVertsX = 3; // 20 vertices are not rows of 3
        QVERIFY(io::writeHmp5(h).empty());
        h.header.numVertsX = std::nanf("");
        QVERIFY(io::writeHmp5(h).empty());
        h.header.numVertsX = 0.5f;
        QVERIFY(io::writeHmp5(h).empty());
    }
    {
        io::Hmp h = *good;
        h.skins[0].stored.pop_back();
        QVERIFY(io::writeHmp5(h).empty());
    }
    {
        io::Hmp h = *good;
        h.skins[1].width = 12; // mipmapped, not a multiple of 8
        QVERIFY(io::writeHmp5(h).empty());
    }
    {
        io::Hmp h = *good;
        h.skins[0].type = 7;
        QVERIFY(io::writeHmp5(h).empty());
    }
    {
        io::Hmp h = *good;
        for (auto& f : h.frames) {
            f.vertices.clear();
        }
        QVERIFY(io::writeHmp5(h).empty());
    }
}

void TestHmp::helpersOutsideTheGrid() {
    const auto hmp = io::readHmp(buildHmp(mixedSpec()));
    QVERIFY(hmp.hasValue());
    QVERIFY(!io::hmpHeight(*hmp, 5, 0).has_value());
    QVERIFY(!io::hmpHeight(*hmp, 0, 4).has_value());
    QVERIFY(!io::hmpHeight(*hmp, 0, 0, 2).has_value());
    QVERIFY(!io::hmpNormal(*hmp, 99, 99).has_value());
    QVERIFY(!io::hmpVertexPosition(*hmp, 0, 7).has_value());
    QVERIFY(io::hmpHeights(*hmp, 2).empty());
    QVERIFY(io::hmpHeight(*hmp, 4, 3, 1).has_value());
    io::Hmp broken = *hmp;
    broken.header.numVertsX = 3;
    QCOMPARE(io::hmpGridSize(broken).nu, 0u);
    QVERIFY(!io::hmpHeight(broken, 0, 0).has_value());
    broken.frames.clear();
    QCOMPARE(io::hmpGridSize(broken).nv, 0u);
}

void TestHmp::truncateEveryLength_data() {
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<int>("stride");
    QTest::newRow("hmp5 mixed skins") << toQt(buildHmp(mixedSpec())) << 1;
    HmpSpec seven;
    seven.version = "HMP7";
    seven.skins = {knownSkin(2, 4, 4), knownSkin(12, 8, 8)};
    QTest::newRow("hmp7 built") << toQt(buildHmp(seven)) << 1;
    seven.skins = {ddsSkin(decodableDdsCases()[6]), knownSkin(4, 2, 2)};
    QTest::newRow("hmp7 dds skin") << toQt(buildHmp(seven)) << 1;
    QTest::newRow("assimp-terrain.hmp")
        << toQt(tests::readBytes(tests::corpusPath("hmp/assimp-terrain.hmp"))) << 1;
    // 607 KB: every 613th length plus every length near the section boundaries (below).
    QTest::newRow("small.hmp") << toQt(tests::readBytes(tests::corpusPath("hmp/small.hmp"))) << 613;
}

void TestHmp::truncateEveryLength() {
    QFETCH(QByteArray, file);
    QFETCH(int, stride);
    const Bytes all = fromQt(file);
    const auto full = io::readHmp(all);
    QVERIFY(full.hasValue());
    // Section starts: header, each skin, each frame, end.
    std::vector<std::size_t> marks = {0, io::kHmpHeaderSize};
    std::size_t at = io::kHmpHeaderSize;
    for (const auto& s : full->skins) {
        at += 12 + s.stored.size();
        marks.push_back(at);
    }
    for (const auto& f : full->frames) {
        at += 36 + 4 * f.vertices.size();
        marks.push_back(at);
    }
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
        // A copy of exactly len bytes, so ASan sees any read past it.
        const Bytes cut(all.begin(), all.begin() + std::ptrdiff_t(len));
        const auto read = io::readHmp(cut);
        if (len >= marks.back()) {
            // Only trailing bytes are cut: they are kept, whatever their number.
            QVERIFY2(read.hasValue(), qPrintable(why(read)));
            QCOMPARE(read->trailing.size(), len - marks.back());
            continue;
        }
        QVERIFY2(!read.hasValue(), qPrintable(QString("length %1 read").arg(len)));
        const io::Error& e = read.error();
        QVERIFY2(e.code == io::ErrorCode::Truncated, qPrintable(describe(e)));
        QVERIFY2(e.offset <= len, qPrintable(describe(e)));
        QVERIFY(!e.message.empty());
        if (len < io::kHmpHeaderSize) {
            // The header field that did not fit starts less than 4 bytes before the cut.
            QVERIFY2(e.offset + 4 > len, qPrintable(describe(e)));
        }
        if (len >= 4 && len < io::kHmpHeaderSize) {
            QCOMPARE(e.chunk.str().substr(0, 3), std::string("HMP"));
        }
        if (len >= io::kHmpHeaderSize && len < marks[1 + full->skins.size()]) {
            QCOMPARE(e.chunk, io::FourCC("SKIN"));
        }
        if (len >= marks[1 + full->skins.size()]) {
            QCOMPARE(e.chunk, io::FourCC("FRAM"));
        }
    }
    QVERIFY(checked > 0);
}

void TestHmp::badFields_data() {
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<int>("code");
    QTest::addColumn<qulonglong>("offset");
    QTest::addColumn<QString>("says");
    const auto row = [](const char* name, const Bytes& b, io::ErrorCode code, std::size_t offset,
                        const char* says) {
        QTest::newRow(name) << toQt(b) << int(code) << qulonglong(offset) << QString(says);
    };
    const HmpSpec spec = mixedSpec();
    const Bytes good = buildHmp(spec);
    const auto with = [&](std::size_t at, std::uint32_t v) {
        Bytes b = good;
        putU32(b, at, v);
        return b;
    };
    const auto withF = [&](std::size_t at, float v) {
        Bytes b = good;
        putF32(b, at, v);
        return b;
    };
    Bytes magic = good;
    magic[3] = std::byte{'6'};
    row("magic HMP6", magic, io::ErrorCode::BadMagic, 0, "expected HMP4, HMP5 or HMP7");
    row("magic binary", with(0, 0x00FF0102), io::ErrorCode::BadMagic, 0, "version \"????\"");
    row("numverts 0", with(kNumVertsAt, 0), io::ErrorCode::BadValue, kNumVertsAt, "numverts 0");
    row("numverts negative", with(kNumVertsAt, 0xFFFFFFF0u), io::ErrorCode::BadValue, kNumVertsAt,
        "numverts -16");
    row("numverts not rows", with(kNumVertsAt, 21), io::ErrorCode::BadValue, kNumVertsAt,
        "not a multiple of 5");
    row("fnumverts_x NaN", withF(kNumVertsXAt, std::nanf("")), io::ErrorCode::BadValue, kNumVertsXAt,
        "fnumverts_x");
    row("fnumverts_x inf", withF(kNumVertsXAt, INFINITY), io::ErrorCode::BadValue, kNumVertsXAt,
        "fnumverts_x");
    row("fnumverts_x 0", withF(kNumVertsXAt, 0.0f), io::ErrorCode::BadValue, kNumVertsXAt, "expected 1..20");
    row("fnumverts_x too big", withF(kNumVertsXAt, 21.0f), io::ErrorCode::BadValue, kNumVertsXAt,
        "fnumverts_x");
    row("fnumverts_x negative", withF(kNumVertsXAt, -5.0f), io::ErrorCode::BadValue, kNumVertsXAt,
        "fnumverts_x");
    row("numskins negative", with(kNumSkinsAt, 0xFFFFFFFFu), io::ErrorCode::BadValue, kNumSkinsAt,
        "numskins -1");
    row("numskins huge", with(kNumSkinsAt, 0x7FFFFFFF), io::ErrorCode::BadValue, kNumSkinsAt, "numskins");
    row("numframes 0", with(kNumFramesAt, 0), io::ErrorCode::BadValue, kNumFramesAt, "numframes 0");
    row("numframes negative", with(kNumFramesAt, 0x80000000u), io::ErrorCode::BadValue, kNumFramesAt,
        "numframes");
    // Skins start at 84: skin 0 is 565 4x4 (12 + 32 bytes), skin 1 8888 8x8 with mipmaps at 128.
    row("skin type 1", with(84, 1), io::ErrorCode::BadValue, 84, "HMP skin 0 type 1");
    row("skin type 8", with(84, 8), io::ErrorCode::BadValue, 84, "type 8");
    row("skin type huge", with(84, 0xFFFFFFFFu), io::ErrorCode::BadValue, 84, "type 4294967295");
    row("skin width 0", with(88, 0), io::ErrorCode::BadValue, 88, "size 0x4");
    row("skin width negative", with(88, 0xFFFFFFFFu), io::ErrorCode::BadValue, 88, "size -1x4");
    row("skin height huge", with(92, 1u << 20), io::ErrorCode::BadValue, 88, "size 4x1048576");
    row("mipmapped width 12", with(128 + 4, 12), io::ErrorCode::BadValue, 128 + 4, "not a multiple of 8");
    row("skin past the end", with(128 + 4, 4096), io::ErrorCode::Truncated, 128 + 12, "HMP skin 1 pixels");
    Bytes wrongType = buildHmp(spec);
    // numskins 4 while 3 are there: the first frame's type is read as a skin type (2: 565), its size
    // fields as 0x04030201 (bbox bytes): too large.
    putU32(wrongType, kNumSkinsAt, 4);
    row("numskins one too many", wrongType, io::ErrorCode::BadValue,
        io::kHmpHeaderSize + skinsBytes(spec) + 4, "HMP skin 3 size");

    row("skin type 7", with(84, 7), io::ErrorCode::BadValue, 84,
        "HMP skin 0 type 7 is not a skin type the spec lists");
    row("skin type 9 cannot be located", with(84, 9), io::ErrorCode::BadValue, 84,
        "everything after it cannot be located");
    // DDS records: skin 0 (565 4x4, 44 bytes) becomes type 6 with its width as the byte count.
    Bytes ddsZero = with(84, 6);
    putU32(ddsZero, 88, 0);
    row("dds byte count zero", ddsZero, io::ErrorCode::BadValue, 88, "(DDS) byte count (width) 0");
    putU32(ddsZero, 88, 0xFFFFFFFFu);
    row("dds byte count negative", ddsZero, io::ErrorCode::BadValue, 88, "(DDS) byte count (width) -1");
    putU32(ddsZero, 88, 1u << 30);
    row("dds past the end", ddsZero, io::ErrorCode::Truncated, 96, "HMP skin 0 DDS image (width bytes)");

    HmpSpec sevenSpec;
    sevenSpec.version = "HMP7";
    sevenSpec.skins = {knownSkin(12, 8, 8)};
    Bytes seven = buildHmp(sevenSpec);
    Bytes sevenUnknown = seven;
    putU32(sevenUnknown, 84, 99);
    row("hmp7 skin type 99", sevenUnknown, io::ErrorCode::BadValue, 84, "HMP7 skin 0 type 99");
    Bytes sevenFrames = seven;
    putU32(sevenFrames, kNumFramesAt, 2);
    row("hmp7 two frames", sevenFrames, io::ErrorCode::UnsupportedVersion, kNumFramesAt, "exactly 1 frame");
    Bytes sevenFrameType = seven;
    putU32(sevenFrameType, 84 + 12 + std::size_t(3 * (64 + 16 + 4 + 1)), 0);
    row("hmp7 frame type 0", sevenFrameType, io::ErrorCode::UnsupportedVersion,
        84 + 12 + std::size_t(3 * (64 + 16 + 4 + 1)), "HMP7 frame type 0");
}

void TestHmp::badFields() {
    QFETCH(QByteArray, file);
    QFETCH(int, code);
    QFETCH(qulonglong, offset);
    QFETCH(QString, says);
    const auto read = io::readHmp(fromQt(file));
    QVERIFY(!read.hasValue());
    const io::Error& e = read.error();
    QVERIFY2(int(e.code) == code, qPrintable(describe(e)));
    QVERIFY2(e.offset == offset, qPrintable(describe(e)));
    QVERIFY2(e.message.find(says.toStdString()) != std::string::npos, qPrintable(describe(e)));
}

void TestHmp::overflowingCounts() {
    // Counts whose byte sizes overflow 32 bits (or would need gigabytes) are refused from the bytes left,
    // before anything is allocated.
    HmpSpec spec;
    spec.nu = 2;
    spec.nv = 2;
    const Bytes good = buildHmp(spec);
    struct Case {
        std::uint32_t numVerts;
        float numVertsX;
        std::uint32_t numFrames;
    };
    const Case cases[] = {
        {0x7FFFFFFF, 1.0f, 1},              // 8 GB of vertices
        {0x40000000, 2.0f, 1},              // 4 * 2^30 wraps to 0 in 32 bits
        {4, 2.0f, 0x7FFFFFFF},              // frames
        {0x40000000, 65536.0f, 0x40000000}, // frames * frame size beyond 2^60
    };
    for (const Case& c : cases) {
        Bytes b = good;
        putU32(b, kNumVertsAt, c.numVerts);
        putF32(b, kNumVertsXAt, c.numVertsX);
        putU32(b, kNumFramesAt, c.numFrames);
        const auto read = io::readHmp(b);
        QVERIFY(!read.hasValue());
        QCOMPARE(read.error().code, io::ErrorCode::Truncated);
        QCOMPARE(read.error().offset, std::uint64_t(io::kHmpHeaderSize)); // where the frames start
        QCOMPARE(read.error().chunk, io::FourCC("FRAM"));
    }
    // A skin of 16384 x 16384 8888 with mipmaps (1.4 GB) in a tiny file.
    spec.skins = {knownSkin(13, 8, 8)};
    Bytes b = buildHmp(spec);
    putU32(b, 88, 16384);
    putU32(b, 92, 16384);
    const auto read = io::readHmp(b);
    QVERIFY(!read.hasValue());
    QCOMPARE(read.error().code, io::ErrorCode::Truncated);
    QCOMPARE(read.error().offset, std::uint64_t(96));
    // 4096 skins announced, one there.
    putU32(b, kNumSkinsAt, 4096);
    QVERIFY(!io::readHmp(b).hasValue());
}

void TestHmp::randomCorruptionNeverCrashes() {
    HmpSpec seven;
    seven.version = "HMP7";
    seven.nu = 3;
    seven.nv = 2;
    seven.skins = {knownSkin(2, 4, 4), knownSkin(12, 8, 8)};
    HmpSpec dds = seven;
    const auto ddsCases = decodableDdsCases();
    dds.skins = {ddsSkin(ddsCases[5]), ddsSkin(ddsCases[1], 14), ddsSkin(ddsCases[9]), knownSkin(4, 2, 2)};
    const Bytes bases[] = {buildHmp(mixedSpec()), buildHmp(seven), buildHmp(dds),
                           tests::readBytes(tests::corpusPath("hmp/assimp-terrain.hmp"))};
    std::mt19937 rng(4321);
    int ok = 0;
    int undecoded = 0;
    for (int round = 0; round < 8000; ++round) {
        Bytes b = bases[std::size_t(round) % std::size(bases)];
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) {
            // Mostly the header, the first skin record and a DDS header there, where counts and sizes live.
            const std::size_t at =
                rng() % 2 == 0 ? rng() % std::min<std::size_t>(b.size(), 240) : rng() % b.size();
            b[at] = std::byte(rng());
        }
        if (rng() % 4 == 0) {
            b.resize(rng() % b.size());
        }
        const auto read = io::readHmp(b);
        if (!read) {
            QVERIFY(read.error().offset <= b.size());
            continue;
        }
        ++ok;
        const auto g = io::hmpGridSize(*read);
        QCOMPARE(std::size_t(g.nu) * g.nv, read->frames[0].vertices.size());
        std::string why;
        const int notDecoded = tests::undecodedSkins(read->skins, why); // every pixel format decodes
        QVERIFY2(notDecoded >= 0, why.c_str());
        QCOMPARE(read->warnings.size(), std::size_t(notDecoded));
        undecoded += int(notDecoded);
        if (read->header.version != io::HmpVersion::Hmp7) {
            const Bytes written = io::writeHmp5(*read);
            const auto back = io::readHmp(written);
            QVERIFY(back.hasValue());
            QVERIFY(io::writeHmp5(*back) == written);
        }
    }
    QVERIFY(ok > 0);
    QVERIFY(undecoded > 0); // corrupted DDS headers were read as warnings
}

QTEST_APPLESS_MAIN(TestHmp)

#include "test_hmp.moc"
