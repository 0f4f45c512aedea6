// MCAL alpha codecs: 4-bit nibble order, v * 17 expansion, the 63x63 fix and rounding; 8-bit round trip;
// RLE decoding of every record kind and failure; and a proof that the RLE encoder is minimal, against an
// independent O(64 * 64) dynamic program over every segmentation of a row.

#include "io/adt/adt.h"
#include "io/adt/alpha_codec.h"
#include "io/wdt/wdt.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <random>
#include <string>

using namespace mapsmith;

namespace {

using Row = std::array<std::uint8_t, io::kAlphaSide>;

// Reference minimum: best[i] = fewest bytes encoding pixels 0..i-1 of the row. Every valid encoding is a
// segmentation into records of 1..64 pixels (runs never leave the row); a segment costs 2 as a fill
// (only when all its pixels are equal) and 1 + length as a copy (always allowed).
std::size_t referenceRowMinimum(const Row& row) {
    constexpr std::size_t n = io::kAlphaSide;
    std::array<std::size_t, n + 1> best{};
    for (std::size_t i = 1; i <= n; ++i) {
        best[i] = SIZE_MAX;
        bool equal = true; // pixels j..i-1 all equal, maintained while j walks down
        for (std::size_t j = i; j-- > 0;) {
            const std::size_t len = i - j;
            if (len > 64) {
                break;
            }
            equal = equal && row[j] == row[i - 1];
            std::size_t cost = 1 + len;
            if (equal) {
                cost = std::min<std::size_t>(cost, 2);
            }
            best[i] = std::min(best[i], best[j] + cost);
        }
    }
    return best[n];
}

Row rowOf(const io::AlphaMap& map, std::size_t y) {
    Row r;
    std::copy_n(map.begin() + std::ptrdiff_t(y * io::kAlphaSide), io::kAlphaSide, r.begin());
    return r;
}

std::size_t libraryRowMinimum(const Row& row) {
    return io::rleRowMinimumSize(std::span<const std::uint8_t, io::kAlphaSide>(row));
}

// Splits an encoded stream into per-row byte counts; fails (returns false) when a record has count 0 or
// more than 64, crosses a row, or the stream does not hold exactly 4096 pixels.
bool encodedRowSizes(const std::vector<std::uint8_t>& enc, std::array<std::size_t, io::kAlphaSide>& sizes,
                     std::string& why) {
    sizes.fill(0);
    std::size_t pixel = 0;
    std::size_t i = 0;
    while (i < enc.size()) {
        const std::size_t count = enc[i] & 0x7F;
        const bool fill = (enc[i] & 0x80) != 0;
        if (count == 0 || count > 64) {
            why = "record at byte " + std::to_string(i) + " has count " + std::to_string(count);
            return false;
        }
        if (pixel >= io::kAlphaPixels || (pixel % 64) + count > 64) {
            why = "record at byte " + std::to_string(i) + " (pixel " + std::to_string(pixel) + ", count " +
                  std::to_string(count) + ") crosses a row";
            return false;
        }
        const std::size_t bytes = fill ? 2 : 1 + count;
        if (i + bytes > enc.size()) {
            why = "record at byte " + std::to_string(i) + " is cut short";
            return false;
        }
        sizes[pixel / 64] += bytes;
        pixel += count;
        i += bytes;
    }
    if (pixel != io::kAlphaPixels) {
        why = "stream holds " + std::to_string(pixel) + " pixels";
        return false;
    }
    return true;
}

QString rowText(const Row& row) {
    QString s;
    for (std::uint8_t v : row) {
        s += QString::number(v) + QLatin1Char(' ');
    }
    return s.trimmed();
}

// Checks one row against the reference; returns an empty string or a precise failure description.
QString checkRow(const Row& row) {
    const std::size_t ref = referenceRowMinimum(row);
    const std::size_t lib = libraryRowMinimum(row);
    if (lib != ref) {
        return QStringLiteral("rleRowMinimumSize %1 != reference %2 for row [%3]")
            .arg(lib)
            .arg(ref)
            .arg(rowText(row));
    }
    // Encode the row as a whole map (every row the same) and measure the first row's bytes.
    io::AlphaMap map;
    for (std::size_t y = 0; y < io::kAlphaSide; ++y) {
        std::copy(row.begin(), row.end(), map.begin() + std::ptrdiff_t(y * io::kAlphaSide));
    }
    std::vector<std::uint8_t> enc;
    io::encodeAlphaRle(map, enc);
    std::array<std::size_t, io::kAlphaSide> sizes{};
    std::string why;
    if (!encodedRowSizes(enc, sizes, why)) {
        return QStringLiteral("bad encoding (%1) for row [%2]")
            .arg(QString::fromStdString(why), rowText(row));
    }
    if (sizes[0] != ref) {
        return QStringLiteral("encoded row takes %1 bytes, minimum is %2, row [%3]")
            .arg(sizes[0])
            .arg(ref)
            .arg(rowText(row));
    }
    return {};
}

// Whole-map invariants: exact round trip, no run crosses a row, encoded size == sum of row minima (rows
// are independent), and each row's share equals the reference minimum.
QString checkMap(const io::AlphaMap& map) {
    std::vector<std::uint8_t> enc;
    enc.push_back(0xAB); // encodeAlphaRle appends: keep a sentinel in front
    io::encodeAlphaRle(map, enc);
    if (enc.front() != 0xAB) {
        return QStringLiteral("encoder overwrote existing output");
    }
    enc.erase(enc.begin());
    io::AlphaMap back;
    back.fill(0x5A);
    const io::RleDecodeResult r = io::decodeAlphaRle(enc, back);
    if (!r.complete || r.truncated || r.overran || r.crossedRow || r.consumed != enc.size()) {
        return QStringLiteral(
                   "decode flags: complete %1 truncated %2 overran %3 crossedRow %4 consumed %5/%6")
            .arg(r.complete)
            .arg(r.truncated)
            .arg(r.overran)
            .arg(r.crossedRow)
            .arg(r.consumed)
            .arg(enc.size());
    }
    if (back != map) {
        return QStringLiteral("round trip changed pixels");
    }
    std::array<std::size_t, io::kAlphaSide> sizes{};
    std::string why;
    if (!encodedRowSizes(enc, sizes, why)) {
        return QStringLiteral("bad encoding: %1").arg(QString::fromStdString(why));
    }
    std::size_t sum = 0;
    for (std::size_t y = 0; y < io::kAlphaSide; ++y) {
        const Row row = rowOf(map, y);
        const std::size_t ref = referenceRowMinimum(row);
        const std::size_t lib = libraryRowMinimum(row);
        if (lib != ref || sizes[y] != ref) {
            return QStringLiteral("row %1: encoded %2, rleRowMinimumSize %3, reference %4, row [%5]")
                .arg(y)
                .arg(sizes[y])
                .arg(lib)
                .arg(ref)
                .arg(rowText(row));
        }
        sum += lib;
    }
    if (sum != enc.size()) {
        return QStringLiteral("encoded %1 bytes, sum of row minima %2").arg(enc.size()).arg(sum);
    }
    return {};
}

std::vector<io::AlphaMap> corpusAlphaMaps(const char* file, bool bigAlpha) {
    io::AdtReadOptions options;
    options.bigAlpha = bigAlpha;
    auto result = io::readAdt(tests::readBytes(tests::corpusPath(file)), options);
    if (!result) {
        qFatal("%s: %s", file, result.error().describe().c_str());
    }
    std::vector<io::AlphaMap> maps;
    for (const auto& c : result->adt.chunks) {
        for (const auto& l : c.layers) {
            if (l.hasAlpha) {
                maps.push_back(l.alpha);
            }
        }
    }
    return maps;
}

// Builds a random row; `kind` picks the distribution.
Row randomRow(std::mt19937& rng, int kind) {
    Row row{};
    auto byte = [&] { return std::uint8_t(rng() & 0xFF); };
    switch (kind) {
    case 0: // uniform
        for (auto& v : row) {
            v = byte();
        }
        break;
    case 1: { // few distinct values
        const int distinct = 2 + int(rng() % 3);
        std::array<std::uint8_t, 4> values{byte(), byte(), byte(), byte()};
        for (auto& v : row) {
            v = values[rng() % std::uint32_t(distinct)];
        }
        break;
    }
    case 2: { // long runs with noise
        std::uint8_t cur = byte();
        for (auto& v : row) {
            if (rng() % 12 == 0) {
                cur = byte();
            }
            v = rng() % 9 == 0 ? byte() : cur;
        }
        break;
    }
    case 3: { // alternating patterns with a random period and occasional runs
        const std::uint8_t a = byte();
        const std::uint8_t b = byte();
        const std::size_t period = 1 + rng() % 4;
        for (std::size_t i = 0; i < row.size(); ++i) {
            row[i] = (i / period) % 2 ? a : b;
        }
        break;
    }
    case 4: // all the same
        row.fill(byte());
        break;
    case 5: { // runs of 1..5 (where fill and copy tie or nearly tie)
        std::size_t i = 0;
        while (i < row.size()) {
            const std::size_t len = 1 + rng() % 5;
            const std::uint8_t v = byte();
            for (std::size_t k = 0; k < len && i < row.size(); ++k, ++i) {
                row[i] = v;
            }
        }
        break;
    }
    default: { // 4-bit-like values (v * 17) over two or three levels, as real maps have
        for (auto& v : row) {
            v = std::uint8_t(17 * (rng() % 3));
        }
        break;
    }
    }
    return row;
}

Row rowFromText(const char* pattern) {
    // Letters a..z become 0, 10, 20, ...; the pattern is repeated to 64 pixels.
    Row row{};
    const std::size_t len = std::strlen(pattern);
    for (std::size_t i = 0; i < row.size(); ++i) {
        row[i] = std::uint8_t((pattern[i % len] - 'a') * 10);
    }
    return row;
}

} // namespace

class TestAlphaCodec : public QObject {
    Q_OBJECT
private slots:
    void fourBitNibbleOrder();
    void fourBitExpansion();
    void fourBitFix();
    void fourBitDoNotFixKeepsEdge();
    void fourBitEncodeRounding();
    void fourBitRoundTrip_data();
    void fourBitRoundTrip();
    void shortInputFails();
    void eightBitRoundTrip();

    void rleDecode_data();
    void rleDecode();
    void rleDecodeOverrunAfterFullMap();
    void rleDecodeIgnoresTrailingBytes();

    void referenceDpSanity();
    void rleMinimalEdgeCases_data();
    void rleMinimalEdgeCases();
    void rleMinimalRandomRows_data();
    void rleMinimalRandomRows();
    void rleMinimalRandomMaps();
    void rleMinimalExhaustive();
    void rleMinimalCorpus_data();
    void rleMinimalCorpus();
};

void TestAlphaCodec::fourBitNibbleOrder() {
    std::vector<std::uint8_t> in(io::kAlpha4BitBytes, 0);
    in[0] = 0x21; // pixel 0 = low nibble 1, pixel 1 = high nibble 2
    in[5] = 0xF0; // pixel 10 = 0, pixel 11 = 15
    io::AlphaMap out;
    QVERIFY(io::decodeAlpha4Bit(in, true, out));
    QCOMPARE(int(out[0]), 17);
    QCOMPARE(int(out[1]), 34);
    QCOMPARE(int(out[10]), 0);
    QCOMPARE(int(out[11]), 255);
    // Rows are 32 bytes: byte 32 starts row 1.
    in[32] = 0x0E;
    QVERIFY(io::decodeAlpha4Bit(in, true, out));
    QCOMPARE(int(out[64]), 14 * 17);
    QCOMPARE(int(out[65]), 0);
}

void TestAlphaCodec::fourBitExpansion() {
    // Every byte value: both nibbles expand by 17, low nibble first.
    std::vector<std::uint8_t> in(io::kAlpha4BitBytes, 0);
    for (std::size_t i = 0; i < 256; ++i) {
        in[i] = std::uint8_t(i);
    }
    io::AlphaMap out;
    QVERIFY(io::decodeAlpha4Bit(in, true, out));
    for (std::size_t i = 0; i < 256; ++i) {
        QCOMPARE(int(out[2 * i]), int(i & 0xF) * 17);
        QCOMPARE(int(out[2 * i + 1]), int(i >> 4) * 17);
    }
}

void TestAlphaCodec::fourBitFix() {
    std::mt19937 rng(7);
    std::vector<std::uint8_t> in(io::kAlpha4BitBytes);
    for (auto& b : in) {
        b = std::uint8_t(rng());
    }
    io::AlphaMap fixed;
    io::AlphaMap raw;
    QVERIFY(io::decodeAlpha4Bit(in, false, fixed));
    QVERIFY(io::decodeAlpha4Bit(in, true, raw));
    for (std::size_t y = 0; y < 64; ++y) {
        for (std::size_t x = 0; x < 64; ++x) {
            const std::size_t sx = std::min<std::size_t>(x, 62);
            const std::size_t sy = std::min<std::size_t>(y, 62);
            QCOMPARE(fixed[y * 64 + x], raw[sy * 64 + sx]);
        }
    }
    // The stored nibbles of column 63 and row 63 are ignored.
    auto changed = in;
    for (std::size_t y = 0; y < 64; ++y) {
        changed[y * 32 + 31] ^= 0xF0; // column 63 = high nibble of each row's last byte
    }
    for (std::size_t x = 0; x < 32; ++x) {
        changed[63 * 32 + x] ^= 0x5A; // row 63
    }
    io::AlphaMap fixed2;
    QVERIFY(io::decodeAlpha4Bit(changed, false, fixed2));
    QVERIFY(fixed2 == fixed);
}

void TestAlphaCodec::fourBitDoNotFixKeepsEdge() {
    std::vector<std::uint8_t> in(io::kAlpha4BitBytes, 0x33);
    for (std::size_t y = 0; y < 64; ++y) {
        in[y * 32 + 31] = 0xA3; // column 62 = 3, column 63 = 10
    }
    for (std::size_t x = 0; x < 32; ++x) {
        in[63 * 32 + x] = 0x77;
    }
    io::AlphaMap out;
    QVERIFY(io::decodeAlpha4Bit(in, true, out));
    for (std::size_t y = 0; y < 63; ++y) {
        QCOMPARE(int(out[y * 64 + 62]), 3 * 17);
        QCOMPARE(int(out[y * 64 + 63]), 10 * 17);
    }
    for (std::size_t x = 0; x < 64; ++x) {
        QCOMPARE(int(out[63 * 64 + x]), 7 * 17);
    }
    QVERIFY(io::decodeAlpha4Bit(in, false, out));
    QCOMPARE(int(out[0 * 64 + 63]), 3 * 17);
    QCOMPARE(int(out[63 * 64 + 0]), 3 * 17);
}

void TestAlphaCodec::fourBitEncodeRounding() {
    // Each value goes to the nearest nibble k (|v - 17k| minimal; 17 is odd so there are no ties).
    for (int v = 0; v < 256; ++v) {
        io::AlphaMap map;
        map.fill(std::uint8_t(v));
        std::vector<std::uint8_t> enc;
        io::encodeAlpha4Bit(map, true, enc);
        QCOMPARE(enc.size(), io::kAlpha4BitBytes);
        int nearest = 0;
        for (int k = 1; k < 16; ++k) {
            if (std::abs(v - 17 * k) < std::abs(v - 17 * nearest)) {
                nearest = k;
            }
        }
        QCOMPARE(int(enc[0]), nearest | (nearest << 4));
        QVERIFY(std::all_of(enc.begin(), enc.end(), [&](std::uint8_t b) { return b == enc[0]; }));
    }
    // Appends after existing bytes.
    std::vector<std::uint8_t> enc{1, 2, 3};
    io::AlphaMap zero{};
    io::encodeAlpha4Bit(zero, false, enc);
    QCOMPARE(enc.size(), io::kAlpha4BitBytes + 3);
    QCOMPARE(int(enc[2]), 3);
}

void TestAlphaCodec::fourBitRoundTrip_data() {
    QTest::addColumn<bool>("doNotFix");
    QTest::newRow("fixed 63x63") << false;
    QTest::newRow("do_not_fix 64x64") << true;
}

void TestAlphaCodec::fourBitRoundTrip() {
    QFETCH(bool, doNotFix);
    std::mt19937 rng(11);
    for (int iter = 0; iter < 50; ++iter) {
        std::vector<std::uint8_t> in(io::kAlpha4BitBytes);
        for (auto& b : in) {
            b = std::uint8_t(rng());
        }
        io::AlphaMap map;
        QVERIFY(io::decodeAlpha4Bit(in, doNotFix, map));
        std::vector<std::uint8_t> enc;
        io::encodeAlpha4Bit(map, doNotFix, enc);
        if (doNotFix) {
            QVERIFY(enc == in); // lossless on nibble-valued maps
        } else {
            // Column 63 and row 63 are written as the copies the decoder shows.
            io::AlphaMap again;
            QVERIFY(io::decodeAlpha4Bit(enc, true, again));
            QVERIFY(again == map);
        }
        // Encoding a fixed map with doNotFix false rewrites col/row 63 from col/row 62 even when the model
        // holds something else there.
        io::AlphaMap edited = map;
        edited[10 * 64 + 63] = std::uint8_t(edited[10 * 64 + 62] ^ 0xFF);
        edited[63 * 64 + 5] = std::uint8_t(edited[62 * 64 + 5] ^ 0xFF);
        std::vector<std::uint8_t> enc2;
        io::encodeAlpha4Bit(edited, false, enc2);
        io::AlphaMap shown;
        QVERIFY(io::decodeAlpha4Bit(enc2, true, shown));
        QCOMPARE(shown[10 * 64 + 63], shown[10 * 64 + 62]);
        QCOMPARE(shown[63 * 64 + 5], shown[62 * 64 + 5]);
    }
}

void TestAlphaCodec::shortInputFails() {
    io::AlphaMap out;
    out.fill(9);
    std::vector<std::uint8_t> shortIn(io::kAlpha4BitBytes - 1, 0xFF);
    QVERIFY(!io::decodeAlpha4Bit(shortIn, false, out));
    QVERIFY(std::all_of(out.begin(), out.end(), [](std::uint8_t v) { return v == 0; }));
    out.fill(9);
    QVERIFY(!io::decodeAlpha4Bit({}, true, out));
    QVERIFY(std::all_of(out.begin(), out.end(), [](std::uint8_t v) { return v == 0; }));
    out.fill(9);
    std::vector<std::uint8_t> short8(io::kAlpha8BitBytes - 1, 0xFF);
    QVERIFY(!io::decodeAlpha8Bit(short8, out));
    QVERIFY(std::all_of(out.begin(), out.end(), [](std::uint8_t v) { return v == 0; }));
    // Extra bytes are ignored.
    std::vector<std::uint8_t> longIn(io::kAlpha4BitBytes + 10, 0x11);
    QVERIFY(io::decodeAlpha4Bit(longIn, true, out));
    QVERIFY(std::all_of(out.begin(), out.end(), [](std::uint8_t v) { return v == 17; }));
}

void TestAlphaCodec::eightBitRoundTrip() {
    std::mt19937 rng(3);
    io::AlphaMap map;
    for (auto& v : map) {
        v = std::uint8_t(rng());
    }
    std::vector<std::uint8_t> enc{42};
    io::encodeAlpha8Bit(map, enc);
    QCOMPARE(enc.size(), io::kAlpha8BitBytes + 1);
    QCOMPARE(int(enc[0]), 42);
    io::AlphaMap back;
    QVERIFY(io::decodeAlpha8Bit(std::span(enc).subspan(1), back));
    QVERIFY(back == map);
    QVERIFY(std::equal(map.begin(), map.end(), enc.begin() + 1));
}

// Each row: input bytes, expected pixels of the first row prefix (rest checked as `tail`), and flags.
void TestAlphaCodec::rleDecode_data() {
    using Bytes = std::vector<std::uint8_t>;
    QTest::addColumn<Bytes>("input");
    QTest::addColumn<Bytes>("prefix"); // expected first pixels
    QTest::addColumn<int>("tail");     // expected value of every later pixel; -1: not checked
    QTest::addColumn<int>("consumed");
    QTest::addColumn<bool>("complete");
    QTest::addColumn<bool>("overran");
    QTest::addColumn<bool>("truncated");
    QTest::addColumn<bool>("crossedRow");

    Bytes fullFill; // 64 rows of fill 64
    for (int y = 0; y < 64; ++y) {
        fullFill.push_back(0x80 | 64);
        fullFill.push_back(7);
    }
    QTest::newRow("fill rows") << fullFill << Bytes{7, 7} << 7 << 128 << true << false << false << false;

    Bytes copyThenFill{3, 1, 2, 3, 0x80 | 61, 9};
    for (int y = 1; y < 64; ++y) {
        copyThenFill.push_back(0x80 | 64);
        copyThenFill.push_back(9);
    }
    QTest::newRow("copy and fill") << copyThenFill << Bytes{1, 2, 3, 9} << 9 << 6 + 126 << true << false
                                   << false << false;

    QTest::newRow("empty input") << Bytes{} << Bytes{0} << 0 << 0 << false << false << true << false;
    QTest::newRow("fill without payload")
        << Bytes{0x85} << Bytes{0} << 0 << 1 << false << false << true << false;
    QTest::newRow("short copy") << Bytes{5, 1, 2} << Bytes{1, 2, 0} << 0 << 3 << false << false << true
                                << false;
    QTest::newRow("zero-count records")
        << Bytes{0x00, 0x80, 0x82, 4} << Bytes{4, 4, 0} << 0 << 4 << false << false << true << false;
    QTest::newRow("fill crossing a row")
        << Bytes{0x80 | 127, 6} << Bytes(127, 6) << 0 << 2 << false << false << true << true;
    Bytes copyCross{10};
    for (int i = 0; i < 10; ++i) {
        copyCross.push_back(std::uint8_t(i + 1));
    }
    copyCross.insert(copyCross.begin(), {0x80 | 60, 5}); // 60 pixels, then a copy of 10 crossing into row 1
    QTest::newRow("copy crossing a row")
        << copyCross << Bytes{5} << -1 << 13 << false << false << true << true;

    // 63 rows, then records that want more than the last row holds.
    Bytes overFill;
    for (int y = 0; y < 63; ++y) {
        overFill.push_back(0x80 | 64);
        overFill.push_back(1);
    }
    Bytes overCopy = overFill;
    overFill.push_back(0x80 | 127);
    overFill.push_back(2);
    QTest::newRow("fill overrun") << overFill << Bytes{1} << -1 << 128 << true << true << false << true;
    overCopy.push_back(100); // copy 100 with all 100 bytes present: 64 written, 100 consumed
    for (int i = 0; i < 100; ++i) {
        overCopy.push_back(3);
    }
    QTest::newRow("copy overrun") << overCopy << Bytes{1} << -1 << 126 + 101 << true << true << false << true;
}

void TestAlphaCodec::rleDecode() {
    using Bytes = std::vector<std::uint8_t>;
    QFETCH(Bytes, input);
    QFETCH(Bytes, prefix);
    QFETCH(int, tail);
    QFETCH(int, consumed);
    QFETCH(bool, complete);
    QFETCH(bool, overran);
    QFETCH(bool, truncated);
    QFETCH(bool, crossedRow);
    io::AlphaMap out;
    out.fill(0xEE);
    const io::RleDecodeResult r = io::decodeAlphaRle(input, out);
    QCOMPARE(r.consumed, std::size_t(consumed));
    QCOMPARE(r.complete, complete);
    QCOMPARE(r.overran, overran);
    QCOMPARE(r.truncated, truncated);
    QCOMPARE(r.crossedRow, crossedRow);
    for (std::size_t i = 0; i < prefix.size(); ++i) {
        QCOMPARE(int(out[i]), int(prefix[i]));
    }
    if (tail >= 0) {
        for (std::size_t i = prefix.size(); i < out.size(); ++i) {
            QCOMPARE(int(out[i]), tail);
        }
    }
    QVERIFY(std::none_of(out.begin(), out.end(), [](std::uint8_t v) { return v == 0xEE; }));
}

void TestAlphaCodec::rleDecodeOverrunAfterFullMap() {
    // The last row filled by one overrunning fill, then the copy case with the payload cut at exactly the
    // pixels still needed: every pixel is produced (complete) although the record is short (truncated).
    std::vector<std::uint8_t> in;
    for (int y = 0; y < 63; ++y) {
        in.push_back(0x80 | 64);
        in.push_back(1);
    }
    in.push_back(100);
    for (int i = 0; i < 64; ++i) {
        in.push_back(std::uint8_t(i));
    }
    io::AlphaMap out;
    const io::RleDecodeResult r = io::decodeAlphaRle(in, out);
    QVERIFY(r.complete);
    QVERIFY(r.overran);
    QVERIFY(r.crossedRow);
    QVERIFY(r.truncated);
    QCOMPARE(r.consumed, in.size());
    for (int i = 0; i < 64; ++i) {
        QCOMPARE(int(out[63 * 64 + std::size_t(i)]), i);
    }
}

void TestAlphaCodec::rleDecodeIgnoresTrailingBytes() {
    std::vector<std::uint8_t> in;
    for (int y = 0; y < 64; ++y) {
        in.push_back(0x80 | 64);
        in.push_back(std::uint8_t(y));
    }
    in.insert(in.end(), {0x85, 1, 2, 3});
    io::AlphaMap out;
    const io::RleDecodeResult r = io::decodeAlphaRle(in, out);
    QVERIFY(r.complete);
    QVERIFY(!r.truncated && !r.overran && !r.crossedRow);
    QCOMPARE(r.consumed, std::size_t(128));
    QCOMPARE(int(out[63 * 64 + 63]), 63);
}

// The reference itself on rows whose minimum is known by hand.
void TestAlphaCodec::referenceDpSanity() {
    Row same{};
    QCOMPARE(referenceRowMinimum(same), std::size_t(2));
    Row ramp{};
    for (std::size_t i = 0; i < 64; ++i) {
        ramp[i] = std::uint8_t(i);
    }
    QCOMPARE(referenceRowMinimum(ramp), std::size_t(65));
    QCOMPARE(referenceRowMinimum(rowFromText("aabb")), std::size_t(64)); // 32 fills of 2
    QCOMPARE(referenceRowMinimum(rowFromText("ab")), std::size_t(65));   // one copy
    QCOMPARE(referenceRowMinimum(rowFromText("aaab")), std::size_t(64)); // 16 x (fill 3 + copy 1): 4 bytes
}

void TestAlphaCodec::rleMinimalEdgeCases_data() {
    QTest::addColumn<QByteArray>("pattern"); // letters, repeated to 64 pixels
    QTest::newRow("all same") << QByteArray("a");
    QTest::newRow("alternating") << QByteArray("ab");
    QTest::newRow("pairs") << QByteArray("aabb");
    QTest::newRow("pairs and singles") << QByteArray("aab");
    QTest::newRow("triples") << QByteArray("aaabbb");
    QTest::newRow("triple then single") << QByteArray("aaab");
    QTest::newRow("run of 2 inside noise") << QByteArray("abccde");
    QTest::newRow("run of 3 inside noise") << QByteArray("abcccde");
    QTest::newRow("run of 4 inside noise") << QByteArray("abccccde");
    QTest::newRow("period 3") << QByteArray("abc");
    QTest::newRow("period 5 with a pair") << QByteArray("abcdd");
    QTest::newRow("long run, single") << QByteArray("aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab");
    QTest::newRow("two halves") << QByteArray(
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaabbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb");
    QTest::newRow("single at start") << QByteArray(
        "baaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa");
    QTest::newRow("single at end") << QByteArray(
        "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaab");
    QTest::newRow("pair at end") << QByteArray(
        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkk");
    QTest::newRow("pair at start") << QByteArray(
        "aabcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijk");
    QTest::newRow("all distinct but one")
        << QByteArray("abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghijkl");
    QTest::newRow("copy, run 3, copy")
        << QByteArray("abcdddefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyzabcdefghij");
    QTest::newRow("pairs between singles") << QByteArray("abbcddeffghhijjk");
    QTest::newRow("runs 1,2,3,4") << QByteArray("abbcccdddd");
}

void TestAlphaCodec::rleMinimalEdgeCases() {
    QFETCH(QByteArray, pattern);
    const Row row = rowFromText(pattern.constData());
    const QString failure = checkRow(row);
    QVERIFY2(failure.isEmpty(), qPrintable(failure));
}

void TestAlphaCodec::rleMinimalRandomRows_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("uniform") << 0;
    QTest::newRow("few distinct values") << 1;
    QTest::newRow("long runs with noise") << 2;
    QTest::newRow("alternating") << 3;
    QTest::newRow("all same") << 4;
    QTest::newRow("short runs") << 5;
    QTest::newRow("nibble levels") << 6;
}

void TestAlphaCodec::rleMinimalRandomRows() {
    QFETCH(int, kind);
    std::mt19937 rng(1000u + unsigned(kind));
    for (int i = 0; i < 3000; ++i) {
        const Row row = randomRow(rng, kind);
        const QString failure = checkRow(row);
        QVERIFY2(failure.isEmpty(), qPrintable(QStringLiteral("iteration %1: %2").arg(i).arg(failure)));
    }
}

// Maps whose rows mix every distribution, so row boundaries sit between unrelated content.
void TestAlphaCodec::rleMinimalRandomMaps() {
    std::mt19937 rng(99);
    for (int m = 0; m < 100; ++m) {
        io::AlphaMap map;
        for (std::size_t y = 0; y < 64; ++y) {
            const Row row = randomRow(rng, int(rng() % 7));
            std::copy(row.begin(), row.end(), map.begin() + std::ptrdiff_t(y * 64));
        }
        const QString failure = checkMap(map);
        QVERIFY2(failure.isEmpty(), qPrintable(QStringLiteral("map %1: %2").arg(m).arg(failure)));
    }
    // Rows equal across boundaries: a run could be tempted to continue into the next row.
    io::AlphaMap flat;
    flat.fill(200);
    QVERIFY2(checkMap(flat).isEmpty(), qPrintable(checkMap(flat)));
    io::AlphaMap zero{};
    std::vector<std::uint8_t> enc;
    io::encodeAlphaRle(zero, enc);
    QCOMPARE(enc.size(), std::size_t(128));
    io::AlphaMap ramp;
    for (std::size_t i = 0; i < ramp.size(); ++i) {
        ramp[i] = std::uint8_t(i);
    }
    QVERIFY2(checkMap(ramp).isEmpty(), qPrintable(checkMap(ramp)));
    enc.clear();
    io::encodeAlphaRle(ramp, enc);
    QCOMPARE(enc.size(), std::size_t(64 * 65));
}

// Every binary pattern of 16 pixels (repeated 4 times) and every ternary pattern of 10 pixels (repeated,
// the last 4 pixels a run of the pattern's first value): all short run/copy interactions.
void TestAlphaCodec::rleMinimalExhaustive() {
    int checked = 0;
    for (std::uint32_t bits = 0; bits < (1u << 16); ++bits) {
        Row row;
        for (std::size_t i = 0; i < 64; ++i) {
            row[i] = std::uint8_t((bits >> (i % 16)) & 1 ? 255 : 0);
        }
        const std::size_t ref = referenceRowMinimum(row);
        const std::size_t lib = libraryRowMinimum(row);
        if (lib != ref) {
            QFAIL(qPrintable(QStringLiteral("rleRowMinimumSize %1 != reference %2 for row [%3]")
                                 .arg(lib)
                                 .arg(ref)
                                 .arg(rowText(row))));
        }
        ++checked;
    }
    for (std::uint32_t code = 0; code < 59049; ++code) {
        Row row;
        std::uint32_t c = code;
        std::array<std::uint8_t, 10> pattern{};
        for (auto& v : pattern) {
            v = std::uint8_t(17 * (c % 3));
            c /= 3;
        }
        for (std::size_t i = 0; i < 60; ++i) {
            row[i] = pattern[i % 10];
        }
        for (std::size_t i = 60; i < 64; ++i) {
            row[i] = pattern[0];
        }
        const std::size_t ref = referenceRowMinimum(row);
        const std::size_t lib = libraryRowMinimum(row);
        if (lib != ref) {
            QFAIL(qPrintable(QStringLiteral("rleRowMinimumSize %1 != reference %2 for row [%3]")
                                 .arg(lib)
                                 .arg(ref)
                                 .arg(rowText(row))));
        }
        ++checked;
    }
    // The encoder's actual output on a sample of them (whole-map checks are slower).
    std::mt19937 rng(5);
    for (int i = 0; i < 2000; ++i) {
        const std::uint32_t bits = rng() & 0xFFFF;
        Row row;
        for (std::size_t k = 0; k < 64; ++k) {
            row[k] = std::uint8_t((bits >> (k % 16)) & 1 ? 255 : 0);
        }
        const QString failure = checkRow(row);
        QVERIFY2(failure.isEmpty(), qPrintable(failure));
    }
    QCOMPARE(checked, 65536 + 59049);
}

void TestAlphaCodec::rleMinimalCorpus_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("expectedMaps");
    // Azeroth_38_46 has one texture per chunk, hence no alpha maps at all.
    QTest::newRow("Azeroth_38_46") << "adt/Azeroth_38_46.adt" << 0;
    QTest::newRow("continent4229") << "adt/continent4229.adt" << 483;
}

void TestAlphaCodec::rleMinimalCorpus() {
    QFETCH(QString, file);
    QFETCH(int, expectedMaps);
    // The alpha depth comes from the WDT (Azeroth.wdt: MPHD flags 0, 4-bit maps).
    auto wdt = io::readWdt(tests::readBytes(tests::corpusPath("adt/Azeroth.wdt")));
    QVERIFY(wdt);
    const auto maps = corpusAlphaMaps(qPrintable(file), wdt->bigAlpha());
    QCOMPARE(maps.size(), std::size_t(expectedMaps));
    std::size_t rows = 0;
    std::size_t encodedTotal = 0;
    for (std::size_t m = 0; m < maps.size(); ++m) {
        const QString failure = checkMap(maps[m]);
        QVERIFY2(failure.isEmpty(), qPrintable(QStringLiteral("map %1: %2").arg(m).arg(failure)));
        std::vector<std::uint8_t> enc;
        io::encodeAlphaRle(maps[m], enc);
        encodedTotal += enc.size();
        rows += 64;
    }
    qInfo("%s: %zu alpha maps, %zu rows, RLE total %zu bytes (4-bit: %zu)", qPrintable(file), maps.size(),
          rows, encodedTotal, maps.size() * io::kAlpha4BitBytes);
}

QTEST_APPLESS_MAIN(TestAlphaCodec)
#include "test_alpha_codec.moc"
