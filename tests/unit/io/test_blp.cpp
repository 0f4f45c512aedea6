// BLP reader and writer: every write format reads back (exact for BGRA, solid 4x4 blocks exact and the
// rest within DXT error for DXT1/3/5) with the whole mip chain; palettized BLP1 and BLP2 files built byte
// by byte with 0/1/4/8-bit alpha decode to the known pixels; sizes that are not powers of two work;
// truncation at every length, mip offsets and sizes past the end and bad header fields give an error
// naming the field's offset, never a crash.
// MAPSMITH_WRITE_BLP_SEEDS=DIR also writes the small files used as fuzz seeds (tests/fuzz/seeds/blp).

#include "io/assets/blp.h"
#include "support/test_bytes.h"

#include <QtTest>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <limits>
#include <random>
#include <string>

using namespace mapsmith;

namespace {

using tests::appendU32;
using tests::appendU8;
using tests::Bytes;
using tests::getU32;
using tests::putU32;
using Pixels = std::vector<std::uint8_t>;

Pixels randomPixels(std::uint32_t w, std::uint32_t h, unsigned seed) {
    std::mt19937 rng(seed);
    Pixels p(std::size_t(w) * h * 4);
    for (auto& v : p) {
        v = std::uint8_t(rng());
    }
    return p;
}

// A smooth diagonal ramp whose colours lie on one line in RGB (what a DXT block's palette can follow).
Pixels gradientPixels(std::uint32_t w, std::uint32_t h) {
    Pixels p(std::size_t(w) * h * 4);
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const std::uint32_t t = (x + y) * 255 / std::max(1u, w + h - 2);
            std::uint8_t* o = p.data() + (std::size_t(y) * w + x) * 4;
            o[0] = std::uint8_t(t);
            o[1] = std::uint8_t(64 + t / 2);
            o[2] = std::uint8_t(255 - t);
            o[3] = std::uint8_t(255 - t);
        }
    }
    return p;
}

// Colours exactly representable in RGB565 (5/6-bit values expanded by bit replication).
constexpr std::uint8_t kSolid[][3] = {{255, 0, 0}, {0, 255, 0},   {0, 0, 255},   {255, 255, 255},
                                      {0, 0, 0},   {132, 130, 8}, {66, 195, 247}};
// Alphas exact in DXT3 (multiples of 17); DXT5 keeps any alpha of a solid block.
constexpr std::uint8_t kSolidAlpha[] = {255, 0, 17, 136, 238, 255, 51};

// Each 4x4 block one colour and alpha (alpha 255 everywhere when opaque).
Pixels solidBlocks(std::uint32_t w, std::uint32_t h, bool opaque) {
    Pixels p(std::size_t(w) * h * 4);
    for (std::uint32_t y = 0; y < h; ++y) {
        for (std::uint32_t x = 0; x < w; ++x) {
            const std::size_t k = (x / 4 + 3 * (y / 4)) % std::size(kSolid);
            std::uint8_t* o = p.data() + (std::size_t(y) * w + x) * 4;
            o[0] = kSolid[k][0];
            o[1] = kSolid[k][1];
            o[2] = kSolid[k][2];
            o[3] = opaque ? 255 : kSolidAlpha[k];
        }
    }
    return p;
}

io::BlpImage imageOf(std::uint32_t w, std::uint32_t h, Pixels level0) {
    io::BlpImage im;
    im.width = w;
    im.height = h;
    im.mips.push_back(std::move(level0));
    return im;
}

// The worst amount by which a pixel of `got` misses `want` beyond bound(range of its 4x4 block in `want`).
template <class Bound>
int dxtExcess(const Pixels& got, const Pixels& want, std::uint32_t w, std::uint32_t h, int c, Bound bound) {
    int worst = std::numeric_limits<int>::min();
    for (std::uint32_t by = 0; by < h; by += 4) {
        for (std::uint32_t bx = 0; bx < w; bx += 4) {
            int lo = 255;
            int hi = 0;
            for (std::uint32_t y = by; y < std::min(h, by + 4); ++y) {
                for (std::uint32_t x = bx; x < std::min(w, bx + 4); ++x) {
                    const int v = want[(std::size_t(y) * w + x) * 4 + std::size_t(c)];
                    lo = std::min(lo, v);
                    hi = std::max(hi, v);
                }
            }
            for (std::uint32_t y = by; y < std::min(h, by + 4); ++y) {
                for (std::uint32_t x = bx; x < std::min(w, bx + 4); ++x) {
                    const std::size_t at = (std::size_t(y) * w + x) * 4 + std::size_t(c);
                    worst = std::max(worst, std::abs(int(got[at]) - int(want[at])) - bound(hi - lo));
                }
            }
        }
    }
    return worst;
}

// --- Hand-built palettized files ------------------------------------------------------------------

// Palette entry k: B = k, G = 255 - k, R = 3k, A = k ^ 0x5A (the reader ignores palette alpha).
std::uint32_t paletteEntry(std::uint32_t k) {
    return k | (255 - k) << 8 | ((3 * k) & 0xFF) << 16 | (k ^ 0x5A) << 24;
}
std::uint8_t indexAt(std::size_t i, std::size_t level) {
    return std::uint8_t(i * 7 + level * 13);
}
// The alpha the pixel decodes to, for each depth.
std::uint8_t alphaAt(std::size_t i, std::size_t level, int depth) {
    switch (depth) {
    case 1:
        return (i + level) % 3 == 0 ? 255 : 0;
    case 4:
        return std::uint8_t(((i * 3 + level) % 16) * 17);
    case 8:
        return std::uint8_t(i * 5 + level);
    default:
        return 255;
    }
}

// Level data: indices, then the alpha plane packed as blp.h states.
Bytes paletteLevel(std::uint32_t w, std::uint32_t h, std::size_t level, int depth) {
    const std::size_t n = std::size_t(w) * h;
    Bytes out;
    for (std::size_t i = 0; i < n; ++i) {
        appendU8(out, indexAt(i, level));
    }
    if (depth == 8) {
        for (std::size_t i = 0; i < n; ++i) {
            appendU8(out, alphaAt(i, level, 8));
        }
    } else if (depth == 4) {
        for (std::size_t i = 0; i < n; i += 2) {
            const std::uint8_t lo = std::uint8_t(alphaAt(i, level, 4) / 17);
            const std::uint8_t hi = i + 1 < n ? std::uint8_t(alphaAt(i + 1, level, 4) / 17) : 0;
            appendU8(out, std::uint8_t(lo | hi << 4));
        }
    } else if (depth == 1) {
        for (std::size_t i = 0; i < n; i += 8) {
            std::uint8_t byte = 0;
            for (std::size_t b = 0; b < 8 && i + b < n; ++b) {
                byte |= std::uint8_t((alphaAt(i + b, level, 1) != 0 ? 1 : 0) << b);
            }
            appendU8(out, byte);
        }
    }
    return out;
}

Pixels expectedPaletteLevel(std::uint32_t w, std::uint32_t h, std::size_t level, int depth) {
    Pixels p(std::size_t(w) * h * 4);
    for (std::size_t i = 0; i < std::size_t(w) * h; ++i) {
        const std::uint32_t c = paletteEntry(indexAt(i, level));
        p[4 * i] = std::uint8_t(c >> 16);
        p[4 * i + 1] = std::uint8_t(c >> 8);
        p[4 * i + 2] = std::uint8_t(c);
        p[4 * i + 3] = alphaAt(i, level, depth);
    }
    return p;
}

// A palettized BLP1 (blp1 true) or BLP2 file with `levels` levels (has-mips set when levels > 1).
Bytes palettizedFile(bool blp1, std::uint32_t w, std::uint32_t h, int depth, std::size_t levels) {
    Bytes f;
    for (char c : std::string(blp1 ? "BLP1" : "BLP2")) {
        appendU8(f, std::uint8_t(c));
    }
    if (blp1) {
        appendU32(f, 1); // compression: palettized
        appendU32(f, std::uint32_t(depth));
        appendU32(f, w);
        appendU32(f, h);
        appendU32(f, 4); // picture type
        appendU32(f, levels > 1 ? 1 : 0);
    } else {
        appendU32(f, 1); // type: direct
        appendU8(f, 1);  // encoding: palettized
        appendU8(f, std::uint8_t(depth));
        appendU8(f, io::blp_alpha_type::Unspecified);
        appendU8(f, levels > 1 ? 1 : 0);
        appendU32(f, w);
        appendU32(f, h);
    }
    const std::size_t tableAt = f.size();
    for (std::size_t i = 0; i < 2 * io::kBlpMipSlots; ++i) {
        appendU32(f, 0);
    }
    for (std::uint32_t k = 0; k < 256; ++k) {
        appendU32(f, paletteEntry(k));
    }
    for (std::size_t level = 0; level < levels; ++level) {
        const Bytes data = paletteLevel(io::blpMipSide(w, level), io::blpMipSide(h, level), level, depth);
        putU32(f, tableAt + 4 * level, std::uint32_t(f.size()));
        putU32(f, tableAt + 4 * io::kBlpMipSlots + 4 * level, std::uint32_t(data.size()));
        f.insert(f.end(), data.begin(), data.end());
    }
    return f;
}

void writeSeed(const char* dir, const char* name, const Bytes& b) {
    std::ofstream out(std::string(dir) + "/" + name, std::ios::binary);
    out.write(reinterpret_cast<const char*>(b.data()), std::streamsize(b.size()));
}

} // namespace

class TestBlp : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void mipSides();
    void uncompressedRoundTrip_data();
    void uncompressedRoundTrip();
    void dxtSolidBlocksExact_data();
    void dxtSolidBlocksExact();
    void dxtGradientWithinError_data();
    void dxtGradientWithinError();
    void dxt1AlphaDepth();
    void givenMipsWrittenAsIs();
    void handBuiltPalettized_data();
    void handBuiltPalettized();
    void onlyLevelZero();
    void chainEndsEarly();
    void nonPowerOfTwo();
    void writerRefusesInvalidImages();
    void truncateEveryLength_data();
    void truncateEveryLength();
    void mipTablePastTheEnd();
    void badHeaderFields();
    void randomCorruptionNeverCrashes();
};

void TestBlp::initTestCase() {
    const char* dir = std::getenv("MAPSMITH_WRITE_BLP_SEEDS");
    if (dir == nullptr || *dir == '\0') {
        return;
    }
    writeSeed(dir, "bgra_8x4.blp",
              io::writeBlp2(imageOf(8, 4, randomPixels(8, 4, 1)), io::BlpWriteFormat::Uncompressed));
    writeSeed(dir, "dxt1_8x8.blp",
              io::writeBlp2(imageOf(8, 8, solidBlocks(8, 8, true)), io::BlpWriteFormat::Dxt1));
    writeSeed(dir, "dxt3_8x4.blp",
              io::writeBlp2(imageOf(8, 4, solidBlocks(8, 4, false)), io::BlpWriteFormat::Dxt3));
    writeSeed(dir, "dxt5_4x8.blp",
              io::writeBlp2(imageOf(4, 8, gradientPixels(4, 8)), io::BlpWriteFormat::Dxt5));
    writeSeed(dir, "pal1_4x4_a1.blp", palettizedFile(true, 4, 4, 1, 3));
    writeSeed(dir, "pal1_4x2_a8.blp", palettizedFile(true, 4, 2, 8, 3));
    writeSeed(dir, "pal2_4x4_a4.blp", palettizedFile(false, 4, 4, 4, 3));
    writeSeed(dir, "pal2_2x2_a0.blp", palettizedFile(false, 2, 2, 0, 2));
}

void TestBlp::mipSides() {
    QCOMPARE(io::blpFullMipCount(256, 64), std::size_t(9));
    QCOMPARE(io::blpFullMipCount(1, 1), std::size_t(1));
    QCOMPARE(io::blpFullMipCount(3, 5), std::size_t(3));      // 3x5, 1x2, 1x1
    QCOMPARE(io::blpFullMipCount(65536, 1), std::size_t(16)); // capped at 16 slots
    QCOMPARE(io::blpMipSide(64, 8), 1u);
    QCOMPARE(io::blpMipSide(256, 7), 2u);
    QCOMPARE(io::blpMipSide(5, 1), 2u);
    QCOMPARE(io::blpMipSide(7, 40), 1u);
}

void TestBlp::uncompressedRoundTrip_data() {
    QTest::addColumn<std::uint32_t>("w");
    QTest::addColumn<std::uint32_t>("h");
    QTest::addColumn<int>("levels");
    QTest::newRow("256x64") << 256u << 64u << 9;
    QTest::newRow("64x256") << 64u << 256u << 9;
    QTest::newRow("64x64") << 64u << 64u << 7;
    QTest::newRow("1x1") << 1u << 1u << 1;
    QTest::newRow("2x1") << 2u << 1u << 2;
}

void TestBlp::uncompressedRoundTrip() {
    QFETCH(std::uint32_t, w);
    QFETCH(std::uint32_t, h);
    QFETCH(int, levels);
    const Pixels px = randomPixels(w, h, w * 31 + h);
    const Bytes file = io::writeBlp2(imageOf(w, h, px), io::BlpWriteFormat::Uncompressed);
    QVERIFY(!file.empty());
    const auto expected = io::blpBuildMips(px, w, h);
    QCOMPARE(int(expected.size()), levels);
    auto read = io::readBlp(file);
    QVERIFY2(read.hasValue(), read ? "" : read.error().describe().c_str());
    QCOMPARE(read->version, io::BlpVersion::Blp2);
    QCOMPARE(read->encoding, io::BlpEncoding::Uncompressed);
    QCOMPARE(read->alphaDepth, std::uint8_t(8));
    QCOMPARE(read->width, w);
    QCOMPARE(read->height, h);
    QCOMPARE(read->hasMips, levels > 1);
    QCOMPARE(int(read->mipLevelsInFile), levels);
    QCOMPARE(int(read->mips.size()), levels);
    for (int i = 0; i < levels; ++i) {
        QCOMPARE(read->mips[std::size_t(i)], expected[std::size_t(i)]);
    }
    QCOMPARE(read->mips.back().size(), std::size_t(4)); // down to 1x1
    // Writing what was read gives the same file.
    QCOMPARE(io::writeBlp2(*read, io::BlpWriteFormat::Uncompressed), file);
}

void TestBlp::dxtSolidBlocksExact_data() {
    QTest::addColumn<int>("format");
    QTest::newRow("dxt1") << int(io::BlpWriteFormat::Dxt1);
    QTest::newRow("dxt3") << int(io::BlpWriteFormat::Dxt3);
    QTest::newRow("dxt5") << int(io::BlpWriteFormat::Dxt5);
}

void TestBlp::dxtSolidBlocksExact() {
    QFETCH(int, format);
    const auto fmt = io::BlpWriteFormat(format);
    const bool opaque = fmt == io::BlpWriteFormat::Dxt1;
    const Pixels px = solidBlocks(64, 32, opaque);
    const Bytes file = io::writeBlp2(imageOf(64, 32, px), fmt);
    QVERIFY(!file.empty());
    auto read = io::readBlp(file);
    QVERIFY2(read.hasValue(), read ? "" : read.error().describe().c_str());
    QCOMPARE(read->encoding, io::BlpEncoding::Dxt);
    const io::BlpDxt want[] = {io::BlpDxt::None, io::BlpDxt::Dxt1, io::BlpDxt::Dxt3, io::BlpDxt::Dxt5};
    QCOMPARE(read->dxt, want[format]);
    QCOMPARE(read->alphaDepth, std::uint8_t(opaque ? 0 : 8));
    QCOMPARE(read->mips.size(), std::size_t(7)); // 64x32 .. 1x1
    QCOMPARE(read->mips[0], px);
    // Smaller levels mix up to four of those colours per block (no exact DXT); dxtGradientWithinError
    // checks their pixels. Here: the sizes of the generated chain.
    for (std::size_t i = 1; i < read->mips.size(); ++i) {
        QCOMPARE(read->mips[i].size(), std::size_t(io::blpMipSide(64, i)) * io::blpMipSide(32, i) * 4);
    }
}

void TestBlp::dxtGradientWithinError_data() {
    dxtSolidBlocksExact_data();
}

void TestBlp::dxtGradientWithinError() {
    QFETCH(int, format);
    const auto fmt = io::BlpWriteFormat(format);
    Pixels px = gradientPixels(128, 128);
    if (fmt == io::BlpWriteFormat::Dxt1) {
        // DXT1 turns alpha < 128 into transparent black: compare colours on an opaque ramp.
        for (std::size_t i = 3; i < px.size(); i += 4) {
            px[i] = 255;
        }
    }
    const Bytes file = io::writeBlp2(imageOf(128, 128, px), fmt);
    auto read = io::readBlp(file);
    QVERIFY2(read.hasValue(), read ? "" : read.error().describe().c_str());
    QCOMPARE(read->mips.size(), std::size_t(8));
    QCOMPARE(read->alphaDepth, std::uint8_t(fmt == io::BlpWriteFormat::Dxt1 ? 0 : 8));
    // Every level against the box-filtered chain, block by block: 4 evenly spaced colours between two
    // RGB565 endpoints miss a value by at most a sixth of the block's range plus the 565 step; DXT3
    // alpha is 4-bit (error <= 8.5), DXT5 alpha has 8 levels between the block's extremes.
    const auto expected = io::blpBuildMips(px, 128, 128);
    for (std::size_t i = 0; i < read->mips.size(); ++i) {
        const std::uint32_t w = io::blpMipSide(128, i);
        const std::uint32_t h = io::blpMipSide(128, i);
        for (int c = 0; c < 4; ++c) {
            const bool alpha = c == 3;
            const int excess = dxtExcess(read->mips[i], expected[i], w, h, c, [&](int range) {
                if (!alpha) {
                    return range / 6 + 8;
                }
                return fmt == io::BlpWriteFormat::Dxt3 ? 9 : range / 14 + 2;
            });
            QVERIFY2(excess <= 0,
                     qPrintable(QString("level %1 channel %2: %3 over").arg(i).arg(c).arg(excess)));
        }
    }
}

void TestBlp::dxt1AlphaDepth() {
    // Opaque: depth 0 and every pixel reads opaque.
    Pixels px = solidBlocks(8, 8, true);
    auto read = io::readBlp(io::writeBlp2(imageOf(8, 8, px), io::BlpWriteFormat::Dxt1));
    QVERIFY(read.hasValue());
    QCOMPARE(read->alphaDepth, std::uint8_t(0));
    QCOMPARE(read->alphaType, io::blp_alpha_type::Dxt1);
    QCOMPARE(read->mips[0], px);
    // One transparent block: depth 1, that block reads alpha 0 (and black), the others stay exact.
    for (std::uint32_t y = 0; y < 4; ++y) {
        for (std::uint32_t x = 4; x < 8; ++x) {
            px[(y * 8 + x) * 4 + 3] = 0;
        }
    }
    read = io::readBlp(io::writeBlp2(imageOf(8, 8, px), io::BlpWriteFormat::Dxt1));
    QVERIFY(read.hasValue());
    QCOMPARE(read->alphaDepth, std::uint8_t(1));
    for (std::uint32_t y = 0; y < 8; ++y) {
        for (std::uint32_t x = 0; x < 8; ++x) {
            const std::size_t at = (y * 8 + x) * 4;
            if (y < 4 && x >= 4) {
                QCOMPARE(read->mips[0][at + 3], std::uint8_t(0));
            } else {
                for (std::size_t c = 0; c < 4; ++c) {
                    QCOMPARE(read->mips[0][at + c], px[at + c]);
                }
            }
        }
    }
}

void TestBlp::givenMipsWrittenAsIs() {
    io::BlpImage im = imageOf(4, 2, randomPixels(4, 2, 5));
    im.mips.push_back(randomPixels(2, 1, 6)); // not the box filter of level 0
    const Bytes file = io::writeBlp2(im, io::BlpWriteFormat::Uncompressed);
    auto read = io::readBlp(file);
    QVERIFY(read.hasValue());
    QCOMPARE(read->mips.size(), std::size_t(2)); // the chain ends where the writer stopped
    QCOMPARE(read->mips[0], im.mips[0]);
    QCOMPARE(read->mips[1], im.mips[1]);
}

void TestBlp::handBuiltPalettized_data() {
    QTest::addColumn<bool>("blp1");
    QTest::addColumn<int>("depth");
    QTest::addColumn<std::uint32_t>("w");
    QTest::addColumn<std::uint32_t>("h");
    for (bool blp1 : {false, true}) {
        for (int depth : {0, 1, 4, 8}) {
            // 8x4: 4 levels; 5x3: odd pixel counts leave part of the last alpha byte unused.
            for (auto [w, h] : {std::pair{8u, 4u}, std::pair{5u, 3u}}) {
                const QString name =
                    QString("%1_a%2_%3x%4").arg(blp1 ? "BLP1" : "BLP2").arg(depth).arg(w).arg(h);
                QTest::newRow(qPrintable(name)) << blp1 << depth << w << h;
            }
        }
    }
}

void TestBlp::handBuiltPalettized() {
    QFETCH(bool, blp1);
    QFETCH(int, depth);
    QFETCH(std::uint32_t, w);
    QFETCH(std::uint32_t, h);
    const std::size_t levels = io::blpFullMipCount(w, h);
    const Bytes file = palettizedFile(blp1, w, h, depth, levels);
    auto read = io::readBlp(file);
    QVERIFY2(read.hasValue(), read ? "" : read.error().describe().c_str());
    QCOMPARE(read->version, blp1 ? io::BlpVersion::Blp1 : io::BlpVersion::Blp2);
    QCOMPARE(read->encoding, io::BlpEncoding::Palette);
    QCOMPARE(int(read->alphaDepth), depth);
    QCOMPARE(read->mips.size(), levels);
    if (blp1) {
        QCOMPARE(read->pictureType, 4u);
    }
    for (std::size_t i = 0; i < levels; ++i) {
        QCOMPARE(read->mips[i], expectedPaletteLevel(io::blpMipSide(w, i), io::blpMipSide(h, i), i, depth));
    }
}

void TestBlp::onlyLevelZero() {
    const Bytes file = palettizedFile(false, 8, 8, 8, 4);
    auto read = io::readBlp(file, false);
    QVERIFY(read.hasValue());
    QCOMPARE(read->mips.size(), std::size_t(1));
    QCOMPARE(read->mipLevelsInFile, 4u);
    QCOMPARE(read->mips[0], expectedPaletteLevel(8, 8, 0, 8));
    // has-mips 0: only level 0 even when the table lists more.
    Bytes flat = file;
    flat[11] = std::byte{0};
    read = io::readBlp(flat);
    QVERIFY(read.hasValue());
    QCOMPARE(read->mips.size(), std::size_t(1));
    QVERIFY(!read->hasMips);
}

void TestBlp::chainEndsEarly() {
    Bytes file = palettizedFile(false, 8, 8, 0, 4);
    putU32(file, 20 + 4 * 2, 0); // offset of level 2 is 0: levels 0 and 1 only
    auto read = io::readBlp(file);
    QVERIFY(read.hasValue());
    QCOMPARE(read->mips.size(), std::size_t(2));
    file = palettizedFile(false, 8, 8, 0, 4);
    putU32(file, 84 + 4 * 3, 0); // size of level 3 is 0
    read = io::readBlp(file);
    QVERIFY(read.hasValue());
    QCOMPARE(read->mips.size(), std::size_t(3));
}

void TestBlp::nonPowerOfTwo() {
    // Accepted by both sides: levels halve with floor, never below 1.
    const Pixels px = randomPixels(3, 5, 9);
    auto read = io::readBlp(io::writeBlp2(imageOf(3, 5, px), io::BlpWriteFormat::Uncompressed));
    QVERIFY(read.hasValue());
    QCOMPARE(read->mips.size(), std::size_t(3));
    QCOMPARE(read->mips[0], px);
    QCOMPARE(read->mips[1].size(), std::size_t(1 * 2 * 4));
    QCOMPARE(read->mips[2].size(), std::size_t(4));
    QCOMPARE(read->mips, io::blpBuildMips(px, 3, 5));
    // DXT with partial blocks: 6x5 of solid colour reads back exactly.
    Pixels solid(6 * 5 * 4);
    for (std::size_t i = 0; i < solid.size(); i += 4) {
        solid[i] = 66;
        solid[i + 1] = 195;
        solid[i + 2] = 247;
        solid[i + 3] = 136;
    }
    read = io::readBlp(io::writeBlp2(imageOf(6, 5, solid), io::BlpWriteFormat::Dxt5));
    QVERIFY(read.hasValue());
    QCOMPARE(read->mips.size(), std::size_t(3));
    QCOMPARE(read->mips[0], solid);
    // The box filter of a solid image is the same colour.
    QCOMPARE(read->mips[2], Pixels({66, 195, 247, 136}));
}

void TestBlp::writerRefusesInvalidImages() {
    QVERIFY(io::writeBlp2(imageOf(0, 4, {}), io::BlpWriteFormat::Uncompressed).empty());
    QVERIFY(io::writeBlp2(imageOf(4, 4, Pixels(15)), io::BlpWriteFormat::Dxt1).empty());
    io::BlpImage none;
    none.width = 4;
    none.height = 4;
    QVERIFY(io::writeBlp2(none, io::BlpWriteFormat::Dxt5).empty());
    io::BlpImage tooMany = imageOf(1, 1, Pixels(4));
    tooMany.mips.push_back(Pixels(4));
    QVERIFY(io::writeBlp2(tooMany, io::BlpWriteFormat::Uncompressed).empty());
    QVERIFY(io::blpBuildMips(Pixels(3), 1, 1).empty());
}

void TestBlp::truncateEveryLength_data() {
    QTest::addColumn<QByteArray>("file");
    QTest::addColumn<bool>("blp1");
    auto add = [](const char* name, const Bytes& b, bool blp1) {
        QTest::newRow(name) << QByteArray(reinterpret_cast<const char*>(b.data()), qsizetype(b.size()))
                            << blp1;
    };
    add("bgra", io::writeBlp2(imageOf(4, 4, randomPixels(4, 4, 3)), io::BlpWriteFormat::Uncompressed), false);
    add("dxt1", io::writeBlp2(imageOf(8, 4, solidBlocks(8, 4, true)), io::BlpWriteFormat::Dxt1), false);
    add("dxt5", io::writeBlp2(imageOf(4, 4, solidBlocks(4, 4, false)), io::BlpWriteFormat::Dxt5), false);
    add("blp2-pal4", palettizedFile(false, 4, 4, 4, 3), false);
    add("blp1-pal1", palettizedFile(true, 4, 4, 1, 3), true);
}

void TestBlp::truncateEveryLength() {
    QFETCH(QByteArray, file);
    QFETCH(bool, blp1);
    const std::size_t header = blp1 ? io::kBlp1HeaderSize : io::kBlp2HeaderSize;
    const auto* all = reinterpret_cast<const std::byte*>(file.constData());
    QVERIFY(io::readBlp(std::span(all, std::size_t(file.size()))).hasValue());
    for (std::size_t len = 0; len < std::size_t(file.size()); ++len) {
        // A copy of exactly len bytes, so ASan sees any read past it.
        const Bytes cut(all, all + len);
        const auto read = io::readBlp(cut);
        QVERIFY2(!read.hasValue(), qPrintable(QString("length %1 read").arg(len)));
        const io::Error& e = read.error();
        QVERIFY(!e.message.empty());
        if (len < header) {
            // The header field that did not fit: it starts at or before the cut, less than 4 bytes back.
            QVERIFY2(e.code == io::ErrorCode::Truncated, qPrintable(QString::fromStdString(e.describe())));
            QVERIFY2(e.offset <= len && e.offset + 4 > len, qPrintable(QString::fromStdString(e.describe())));
        } else if (len < header + io::kBlpPaletteSize) {
            QCOMPARE(e.code, io::ErrorCode::Truncated);
            QCOMPARE(e.offset, std::uint64_t(header)); // the palette
        } else {
            // A level past the end: the error points into the mip offset or size table.
            QCOMPARE(e.code, io::ErrorCode::SizeOutOfBounds);
            QVERIFY(e.offset >= header - 2 * 4 * io::kBlpMipSlots && e.offset < header);
        }
        if (len >= 4) {
            QCOMPARE(e.chunk, blp1 ? io::FourCC("BLP1") : io::FourCC("BLP2"));
        }
    }
}

void TestBlp::mipTablePastTheEnd() {
    const Bytes good = io::writeBlp2(imageOf(8, 8, randomPixels(8, 8, 4)), io::BlpWriteFormat::Uncompressed);
    const std::uint32_t size = std::uint32_t(good.size());
    struct Case {
        std::size_t field;
        std::uint32_t value;
        io::ErrorCode code;
    };
    const Case cases[] = {
        {20 + 4 * 2, size + 10, io::ErrorCode::SizeOutOfBounds},   // offset of level 2 past the end
        {20, 0xFFFFFFFFu, io::ErrorCode::SizeOutOfBounds},         // offset of level 0
        {84 + 4 * 1, 0xFFFFFFF0u, io::ErrorCode::SizeOutOfBounds}, // size of level 1, 32-bit wrap bait
        {84 + 4 * 3, getU32(good, 84 + 12) + 1, io::ErrorCode::SizeOutOfBounds}, // last level 1 byte long
        {84 + 4 * 1, 15, io::ErrorCode::Truncated}, // level 1 (4x4) needs 64 bytes
        {20, 0, io::ErrorCode::MissingChunk},       // level 0 has no offset
        {84, 0, io::ErrorCode::MissingChunk},       // nor size
    };
    for (const Case& c : cases) {
        Bytes bad = good;
        putU32(bad, c.field, c.value);
        const auto read = io::readBlp(bad);
        QVERIFY(!read.hasValue());
        QCOMPARE(read.error().code, c.code);
        QCOMPARE(read.error().offset, std::uint64_t(c.field));
        QCOMPARE(read.error().chunk, io::FourCC("BLP2"));
    }
    // BLP1 tables sit 8 bytes later.
    Bytes bad = palettizedFile(true, 8, 8, 8, 4);
    putU32(bad, 28 + 4 * 3, 1u << 30);
    const auto read = io::readBlp(bad);
    QVERIFY(!read.hasValue());
    QCOMPARE(read.error().offset, std::uint64_t(28 + 12));
    QVERIFY(read.error().describe().find("mip offset 3") != std::string::npos);
}

void TestBlp::badHeaderFields() {
    const Bytes dxt = io::writeBlp2(imageOf(4, 4, solidBlocks(4, 4, true)), io::BlpWriteFormat::Dxt1);
    const Bytes blp1 = palettizedFile(true, 4, 4, 8, 1);
    struct Case {
        const char* name;
        const Bytes* base;
        std::size_t at;
        std::uint32_t value;
        int width; // 1 or 4 bytes
        std::uint64_t offset;
        const char* says;
    };
    const Case cases[] = {
        {"magic", &dxt, 3, '3', 1, 0, "expected BLP1 or BLP2"},
        {"jpeg", &dxt, 4, 0, 4, 4, "JPEG"},
        {"type", &dxt, 4, 2, 4, 4, "type 2"},
        {"encoding", &dxt, 8, 4, 1, 8, "encoding 4"},
        {"alpha depth", &dxt, 9, 3, 1, 9, "alpha depth 3"},
        {"alpha type", &dxt, 10, 5, 1, 10, "alpha type 5"},
        {"width 0", &dxt, 12, 0, 4, 12, "size 0x4"},
        {"height huge", &dxt, 16, 1u << 20, 4, 12, "size 4x1048576"},
        {"blp1 jpeg", &blp1, 4, 0, 4, 4, "BLP1 JPEG is not supported"},
        {"blp1 compression", &blp1, 4, 7, 4, 4, "compression 7"},
        {"blp1 alpha bits", &blp1, 8, 2, 4, 8, "alpha bits 2"},
        {"blp1 width", &blp1, 12, 0, 4, 12, "size 0x4"},
    };
    for (const Case& c : cases) {
        Bytes bad = *c.base;
        if (c.width == 1) {
            bad[c.at] = std::byte(c.value);
        } else {
            putU32(bad, c.at, c.value);
        }
        const auto read = io::readBlp(bad);
        QVERIFY2(!read.hasValue(), c.name);
        QVERIFY2(read.error().offset == c.offset,
                 qPrintable(QString::fromStdString(read.error().describe())));
        QVERIFY2(read.error().message.find(c.says) != std::string::npos,
                 qPrintable(QString::fromStdString(read.error().describe())));
    }
}

void TestBlp::randomCorruptionNeverCrashes() {
    const Bytes bases[] = {
        io::writeBlp2(imageOf(16, 8, randomPixels(16, 8, 7)), io::BlpWriteFormat::Dxt3),
        io::writeBlp2(imageOf(8, 8, randomPixels(8, 8, 8)), io::BlpWriteFormat::Uncompressed),
        palettizedFile(true, 8, 4, 4, 4),
        palettizedFile(false, 8, 4, 1, 4),
    };
    std::mt19937 rng(1234);
    int ok = 0;
    for (int round = 0; round < 4000; ++round) {
        Bytes b = bases[std::size_t(round) % std::size(bases)];
        const int flips = 1 + int(rng() % 4);
        for (int f = 0; f < flips; ++f) {
            // Mostly the header and tables, where the offsets and sizes live.
            const std::size_t at = rng() % 2 == 0 ? rng() % 156 : rng() % b.size();
            b[at] = std::byte(rng());
        }
        const auto read = io::readBlp(b);
        if (read) {
            ++ok;
            for (std::size_t i = 0; i < read->mips.size(); ++i) {
                QCOMPARE(read->mips[i].size(),
                         std::size_t(io::blpMipSide(read->width, i)) * io::blpMipSide(read->height, i) * 4);
            }
        }
    }
    QVERIFY(ok > 0);
}

QTEST_APPLESS_MAIN(TestBlp)
#include "test_blp.moc"
