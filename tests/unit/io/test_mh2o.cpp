// MH2O reader and writer: the real continent4229 liquids read with known facts and write back byte-identical;
// hand-built models of every vertex format and optional block round-trip; malformed chunks give an error
// naming MH2O at the offending field's absolute offset (strict) or warnings and a value (lenient).

#include "io/adt/adt.h"
#include "io/adt/mh2o.h"
#include "support/test_files.h"

#include <QtTest>

#include <cstring>
#include <optional>

using namespace mapsmith;

namespace {

constexpr std::uint64_t kHeaderSize = 3072;
constexpr std::uint64_t kBase = 0x4000; // pretend the chunk data starts here in a file

struct ChunkSpan {
    std::uint64_t dataAt = 0; // absolute offset of the chunk data
    std::uint32_t size = 0;
};

// Walks the top-level chunks of an ADT (id + size + data) and returns the first `id`.
std::optional<ChunkSpan> findChunk(const std::vector<std::byte>& file, io::FourCC id) {
    std::uint64_t at = 0;
    while (at + 8 <= file.size()) {
        std::uint32_t raw = 0;
        std::uint32_t size = 0;
        std::memcpy(&raw, file.data() + at, 4);
        std::memcpy(&size, file.data() + at + 4, 4);
        if (io::FourCC(raw) == id) {
            return ChunkSpan{at + 8, size};
        }
        at += 8 + std::uint64_t(size);
    }
    return std::nullopt;
}

std::vector<std::byte> written(const io::Mh2o& m) {
    io::ByteWriter w;
    writeMh2o(m, w);
    return w.take();
}

io::Expected<io::Mh2o> readBytes(const std::vector<std::byte>& data, io::Diagnostics& diag,
                                 std::uint64_t base = kBase) {
    return io::readMh2o(io::ByteReader(data, base, io::chunk::MH2O), diag);
}

io::Expected<io::Mh2o> readStrict(const std::vector<std::byte>& data) {
    io::Diagnostics diag;
    return readBytes(data, diag);
}

void putU32(std::vector<std::byte>& b, std::uint64_t at, std::uint32_t v) {
    std::memcpy(b.data() + at, &v, 4);
}
void putU8(std::vector<std::byte>& b, std::uint64_t at, std::uint8_t v) {
    b[at] = std::byte(v);
}
std::uint32_t getU32(const std::vector<std::byte>& b, std::uint64_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

// An instance with deterministic data for `format` (nullopt: no vertex data).
io::LiquidInstance makeInstance(std::optional<io::LiquidVertexFormat> format, std::uint8_t x, std::uint8_t y,
                                std::uint8_t w, std::uint8_t h, bool exists, int seed) {
    io::LiquidInstance in;
    in.liquidType = std::uint16_t(1 + seed % 20);
    in.liquidObjectOrLvf = format ? std::uint16_t(*format) : std::uint16_t(seed % 4);
    in.minHeight = -10.5f + float(seed);
    in.maxHeight = 20.25f + float(seed);
    in.xOffset = x;
    in.yOffset = y;
    in.width = w;
    in.height = h;
    if (exists) {
        auto& bits = in.existsBitmap.emplace((std::size_t(w) * h + 7) / 8);
        for (std::size_t i = 0; i < bits.size(); ++i) {
            bits[i] = std::uint8_t(0xA5 ^ (seed * 31 + int(i)));
        }
    }
    in.vertexFormat = format;
    if (format) {
        const std::size_t n = in.vertexCount();
        const auto f = *format;
        if (f != io::LiquidVertexFormat::DepthOnly) {
            for (std::size_t v = 0; v < n; ++v) {
                in.heights.push_back(float(seed) + 0.5f * float(v));
            }
        }
        if (f == io::LiquidVertexFormat::HeightUv || f == io::LiquidVertexFormat::HeightUvDepth) {
            for (std::size_t v = 0; v < n; ++v) {
                in.uvs.push_back({std::uint16_t(v * 8 + 1), std::uint16_t(65535 - v * 3 - seed)});
            }
        }
        if (f != io::LiquidVertexFormat::HeightUv) {
            for (std::size_t v = 0; v < n; ++v) {
                in.depths.push_back(std::uint8_t(v * 7 + seed));
            }
        }
    }
    return in;
}

// A one-instance model in chunk `c`, used as the base of the malformed cases.
io::Mh2o singleInstance(int c, io::LiquidInstance in, bool attributes) {
    io::Mh2o m;
    m.chunks[std::size_t(c)].instances.push_back(std::move(in));
    if (attributes) {
        m.chunks[std::size_t(c)].attributes = io::LiquidAttributes{0x0F0F0F0F0F0F0F0Full, 0x3ull};
    }
    return m;
}

bool isMh2oError(const io::Error& e) {
    return e.chunk == io::chunk::MH2O && !e.message.empty();
}

} // namespace

class TestMh2o : public QObject {
    Q_OBJECT
private slots:
    void corpusRoundTrip();
    void corpusMatchesAdtReader();
    void emptyModel();
    void writtenLayout();
    void modelRoundTrip_data();
    void modelRoundTrip();
    void inferredFormatWhenLvfIsNotAFormat_data();
    void inferredFormatWhenLvfIsNotAFormat();
    void malformed_data();
    void malformed();
};

void TestMh2o::corpusRoundTrip() {
    const auto file = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    QVERIFY(!file.empty());
    const auto where = findChunk(file, io::chunk::MH2O);
    QVERIFY(where.has_value());
    QCOMPARE(where->dataAt, std::uint64_t(0x62f7 + 8));
    QCOMPARE(where->size, std::uint32_t(3863));
    const std::span<const std::byte> data(file.data() + where->dataAt, where->size);
    io::Diagnostics diag;
    auto m = io::readMh2o(io::ByteReader(data, where->dataAt, io::chunk::MH2O), diag);
    QVERIFY2(m, m ? "" : m.error().describe().c_str());
    QVERIFY(diag.warnings.empty());

    // Facts: nine chunks of ocean (LiquidType 2) in the south-east corner, one layer each, LVF 2 (depth
    // only) wherever there is vertex data; chunk 255 has neither vertex data nor attributes.
    int liquidChunks = 0;
    int instances = 0;
    int withAttributes = 0;
    int withExists = 0;
    int withVertices = 0;
    for (int c = 0; c < 256; ++c) {
        const auto& lc = m->chunks[std::size_t(c)];
        liquidChunks += lc.instances.empty() ? 0 : 1;
        withAttributes += lc.attributes ? 1 : 0;
        for (const auto& in : lc.instances) {
            ++instances;
            QCOMPARE(int(in.liquidType), 2);
            QCOMPARE(int(in.liquidObjectOrLvf), 2);
            QCOMPARE(in.minHeight, 0.0f);
            QCOMPARE(in.maxHeight, 0.0f);
            QVERIFY(in.xOffset + in.width <= 8 && in.yOffset + in.height <= 8);
            withExists += in.existsBitmap ? 1 : 0;
            if (in.vertexFormat) {
                ++withVertices;
                QCOMPARE(int(*in.vertexFormat), int(io::LiquidVertexFormat::DepthOnly));
                QVERIFY(in.heights.empty());
                QVERIFY(in.uvs.empty());
                QCOMPARE(in.depths.size(), in.vertexCount());
            }
        }
    }
    QCOMPARE(liquidChunks, 9);
    QCOMPARE(instances, 9);
    QCOMPARE(withAttributes, 8);
    QCOMPARE(withExists, 6);
    QCOMPARE(withVertices, 8);
    for (int c : {237, 238, 239, 250, 251, 252, 253, 254, 255}) {
        QCOMPARE(m->chunks[std::size_t(c)].instances.size(), std::size_t(1));
    }
    const auto& partial = m->chunks[237].instances[0];
    QCOMPARE(int(partial.xOffset), 3);
    QCOMPARE(int(partial.yOffset), 6);
    QCOMPARE(int(partial.width), 5);
    QCOMPARE(int(partial.height), 2);
    QCOMPARE(partial.existsBitmap->size(), std::size_t(2));
    QCOMPARE(m->chunks[254].attributes->fishable, ~std::uint64_t(0));
    QCOMPARE(m->chunks[254].attributes->deep, std::uint64_t(0xfffffffffffcf8f0ull));
    QVERIFY(!m->chunks[255].instances[0].vertexFormat.has_value());
    QVERIFY(!m->chunks[255].attributes.has_value());
    QVERIFY(!m->chunks[251].instances[0].existsBitmap.has_value());

    // The file uses the canonical layout: the writer reproduces every byte.
    const auto out = written(*m);
    QCOMPARE(out.size(), std::size_t(where->size));
    for (std::size_t i = 0; i < out.size(); ++i) {
        if (out[i] != data[i]) {
            QFAIL(qPrintable(QStringLiteral("first difference at MH2O byte %1").arg(i)));
        }
    }
}

void TestMh2o::corpusMatchesAdtReader() {
    const auto file = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto adt = io::readAdt(file, options);
    QVERIFY(adt);
    QVERIFY(adt->adt.liquids.has_value());
    const auto where = findChunk(file, io::chunk::MH2O);
    QVERIFY(where.has_value());
    auto m = readStrict(std::vector<std::byte>(file.begin() + std::ptrdiff_t(where->dataAt),
                                               file.begin() + std::ptrdiff_t(where->dataAt + where->size)));
    QVERIFY(m);
    QVERIFY(*adt->adt.liquids == *m);
    // Azeroth_38_46 has MCLQ stubs, no MH2O.
    QVERIFY(!findChunk(tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt")), io::chunk::MH2O));
}

void TestMh2o::emptyModel() {
    const io::Mh2o empty;
    const auto out = written(empty);
    QCOMPARE(out.size(), std::size_t(kHeaderSize));
    QVERIFY(std::all_of(out.begin(), out.end(), [](std::byte b) { return b == std::byte{0}; }));
    auto back = readStrict(out);
    QVERIFY(back);
    QVERIFY(*back == empty);
}

// The writer's layout checked field by field (independent of the reader).
void TestMh2o::writtenLayout() {
    io::Mh2o m;
    m.chunks[5].instances.push_back(makeInstance(io::LiquidVertexFormat::HeightUv, 3, 4, 2, 1, true, 1));
    m.chunks[5].attributes = io::LiquidAttributes{0x1122334455667788ull, 0x99ull};
    const auto out = written(m);
    const std::uint64_t entry = 5 * 12;
    QCOMPARE(getU32(out, entry), std::uint32_t(kHeaderSize));   // ofsInstances
    QCOMPARE(getU32(out, entry + 4), std::uint32_t(1));         // layer count
    QCOMPARE(getU32(out, entry + 8), std::uint32_t(3072 + 24)); // ofsAttributes: after the instance table
    for (std::uint64_t c = 0; c < 256; ++c) {
        if (c != 5) {
            QCOMPARE(getU32(out, c * 12), 0u);
            QCOMPARE(getU32(out, c * 12 + 4), 0u);
            QCOMPARE(getU32(out, c * 12 + 8), 0u);
        }
    }
    const std::uint64_t rec = kHeaderSize;
    QCOMPARE(getU32(out, rec) & 0xFFFF, std::uint32_t(m.chunks[5].instances[0].liquidType));
    QCOMPARE(getU32(out, rec) >> 16, std::uint32_t(io::LiquidVertexFormat::HeightUv));
    QCOMPARE(std::to_integer<int>(out[rec + 12]), 3);              // xOffset
    QCOMPARE(std::to_integer<int>(out[rec + 13]), 4);              // yOffset
    QCOMPARE(std::to_integer<int>(out[rec + 14]), 2);              // width
    QCOMPARE(std::to_integer<int>(out[rec + 15]), 1);              // height
    QCOMPARE(getU32(out, rec + 16), std::uint32_t(3096 + 16));     // exists after the attributes
    QCOMPARE(getU32(out, rec + 20), std::uint32_t(3096 + 16 + 1)); // 2x1 quads: 1 bitmap byte
    // 3x2 vertices: 6 heights, then 6 uv pairs; no padding, no holes.
    QCOMPARE(out.size(), std::size_t(3113 + 6 * 4 + 6 * 4));
    float h1 = 0.0f;
    std::memcpy(&h1, out.data() + 3113 + 4, 4);
    QCOMPARE(h1, m.chunks[5].instances[0].heights[1]);
    std::uint16_t u0 = 0;
    std::memcpy(&u0, out.data() + 3113 + 24, 2);
    QCOMPARE(u0, m.chunks[5].instances[0].uvs[0].u);
}

void TestMh2o::modelRoundTrip_data() {
    QTest::addColumn<int>("kind");
    QTest::newRow("HeightDepth full") << 0;
    QTest::newRow("HeightUv full") << 1;
    QTest::newRow("DepthOnly full") << 2;
    QTest::newRow("HeightUvDepth full") << 3;
    QTest::newRow("every format, partial rectangles, exists, attributes") << 4;
    QTest::newRow("multiple layers in one chunk") << 5;
    QTest::newRow("no vertex data, no exists, no attributes") << 6;
    QTest::newRow("attributes only") << 7;
    QTest::newRow("every chunk, every combination") << 8;
    QTest::newRow("1x1 at 7,7") << 9;
}

void TestMh2o::modelRoundTrip() {
    QFETCH(int, kind);
    using F = io::LiquidVertexFormat;
    const F formats[] = {F::HeightDepth, F::HeightUv, F::DepthOnly, F::HeightUvDepth};
    io::Mh2o m;
    switch (kind) {
    case 0:
    case 1:
    case 2:
    case 3:
        m.chunks[0].instances.push_back(makeInstance(formats[kind], 0, 0, 8, 8, false, kind));
        m.chunks[255].instances.push_back(makeInstance(formats[kind], 0, 0, 8, 8, true, kind + 1));
        m.chunks[255].attributes = io::LiquidAttributes{~0ull, 0x8000000000000001ull};
        break;
    case 4:
        for (int f = 0; f < 4; ++f) {
            const auto x = std::uint8_t(f);
            const auto y = std::uint8_t(7 - 2 * f);
            m.chunks[std::size_t(10 + f)].instances.push_back(makeInstance(
                formats[f], x, y, std::uint8_t(8 - x - f), std::uint8_t(1 + 2 * f), f % 2 == 0, f));
            if (f != 2) {
                m.chunks[std::size_t(10 + f)].attributes = io::LiquidAttributes{std::uint64_t(f) << 9, 1};
            }
        }
        break;
    case 5:
        // Water, an ocean layer without vertex data, and magma on a partial rectangle, all in chunk 17.
        m.chunks[17].instances.push_back(makeInstance(F::HeightDepth, 0, 0, 8, 8, false, 1));
        m.chunks[17].instances.push_back(makeInstance(std::nullopt, 0, 0, 8, 8, true, 2));
        m.chunks[17].instances.push_back(makeInstance(F::HeightUvDepth, 2, 3, 5, 4, true, 3));
        m.chunks[17].instances.push_back(makeInstance(F::DepthOnly, 7, 0, 1, 8, false, 4));
        m.chunks[17].attributes = io::LiquidAttributes{0xFF, 0xF};
        m.chunks[18].instances.push_back(makeInstance(F::HeightUv, 1, 1, 6, 6, true, 5));
        break;
    case 6:
        m.chunks[100].instances.push_back(makeInstance(std::nullopt, 0, 0, 8, 8, false, 2));
        break;
    case 7:
        m.chunks[3].attributes = io::LiquidAttributes{0, 0};
        m.chunks[4].attributes = io::LiquidAttributes{1, 2};
        break;
    case 8:
        for (int c = 0; c < 256; ++c) {
            const int variant = c % 10;
            const bool exists = (c / 10) % 2 == 0;
            const auto w = std::uint8_t(1 + c % 8);
            const auto h = std::uint8_t(1 + (c / 8) % 8);
            const auto x = std::uint8_t((c / 3) % (9 - w));
            const auto y = std::uint8_t((c / 5) % (9 - h));
            std::optional<F> f;
            if (variant < 4) {
                f = formats[variant];
            } else if (variant < 8) {
                f = formats[(variant + c) % 4];
            }
            if (variant != 9) {
                m.chunks[std::size_t(c)].instances.push_back(makeInstance(f, x, y, w, h, exists, c));
            }
            if (variant % 3 == 0) {
                m.chunks[std::size_t(c)].instances.push_back(
                    makeInstance(formats[c % 4], 0, 0, 8, 8, !exists, c + 1));
            }
            if (c % 4 != 1) {
                m.chunks[std::size_t(c)].attributes =
                    io::LiquidAttributes{std::uint64_t(c) * 0x0101, ~std::uint64_t(c)};
            }
        }
        break;
    case 9:
        m.chunks[200].instances.push_back(makeInstance(F::HeightUvDepth, 7, 7, 1, 1, true, 9));
        break;
    }
    const auto out = written(m);
    io::Diagnostics diag;
    auto back = readBytes(out, diag);
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    QVERIFY(diag.warnings.empty());
    QVERIFY(*back == m);
    // Writing the read model gives the same bytes (the layout is canonical).
    QVERIFY(written(*back) == out);
    // Lenient reading of a valid chunk agrees and warns about nothing.
    io::Diagnostics lenient{true, {}};
    auto soft = readBytes(out, lenient);
    QVERIFY(soft);
    QVERIFY(lenient.warnings.empty());
    QVERIFY(*soft == m);
}

// LVF values above 3 (liquid object ids in later clients): the format is inferred from the block size.
void TestMh2o::inferredFormatWhenLvfIsNotAFormat_data() {
    QTest::addColumn<int>("format");
    QTest::newRow("HeightDepth") << 0;
    QTest::newRow("HeightUv") << 1;
    QTest::newRow("DepthOnly") << 2;
    QTest::newRow("HeightUvDepth") << 3;
}

void TestMh2o::inferredFormatWhenLvfIsNotAFormat() {
    QFETCH(int, format);
    io::Mh2o m;
    auto first = makeInstance(io::LiquidVertexFormat(format), 1, 2, 3, 4, true, 1);
    first.liquidObjectOrLvf = 42;
    auto second = makeInstance(io::LiquidVertexFormat((format + 1) % 4), 0, 0, 8, 8, true, 2);
    second.liquidObjectOrLvf = 0xFFFF;
    m.chunks[40].instances.push_back(first);
    m.chunks[40].instances.push_back(second);
    m.chunks[41].attributes = io::LiquidAttributes{5, 6}; // a block after them
    const auto out = written(m);
    auto back = readStrict(out);
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    QVERIFY(*back == m);
}

// Each row damages a valid chunk; strict reading names MH2O and the absolute offset of the bad field,
// lenient reading warns (same code and offset) and keeps everything else.
void TestMh2o::malformed_data() {
    using Bytes = std::vector<std::byte>;
    QTest::addColumn<Bytes>("data");
    QTest::addColumn<int>("code");
    QTest::addColumn<qulonglong>("offset"); // relative to the chunk data; kBase is added
    QTest::addColumn<bool>("lenientValue"); // lenient mode still gives a value
    QTest::addColumn<int>("keptInstances"); // instances left in the lenient value

    using F = io::LiquidVertexFormat;
    // Chunk 7: one HeightDepth 4x3 instance with exists and attributes; chunk 9: a full DepthOnly layer.
    io::Mh2o base = singleInstance(7, makeInstance(F::HeightDepth, 2, 1, 4, 3, true, 3), true);
    base.chunks[9].instances.push_back(makeInstance(F::DepthOnly, 0, 0, 8, 8, false, 4));
    const Bytes good = written(base);
    const std::uint64_t entry7 = 7 * 12;
    const std::uint64_t rec7 = getU32(good, entry7);
    const std::uint64_t rec9 = getU32(good, 9 * 12);
    QCOMPARE(rec7, std::uint64_t(kHeaderSize));

    const auto code = [](io::ErrorCode c) { return int(c); };
    QTest::newRow("header truncated") << Bytes(good.begin(), good.begin() + 3071)
                                      << code(io::ErrorCode::Truncated) << qulonglong(0) << false << 0;
    QTest::newRow("empty chunk") << Bytes{} << code(io::ErrorCode::Truncated) << qulonglong(0) << false << 0;

    Bytes b = good;
    putU32(b, entry7 + 4, 0xFFFFFFFFu);
    QTest::newRow("instance count 0xFFFFFFFF")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(entry7) << true << 1;
    b = good;
    putU32(b, entry7 + 4, std::uint32_t((good.size() - rec7) / 24 + 1));
    QTest::newRow("instance count one past the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(entry7) << true << 1;
    b = good;
    putU32(b, entry7, 0xFFFFFFF0u);
    QTest::newRow("instances offset past the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(entry7) << true << 1;
    b = good;
    putU32(b, entry7, std::uint32_t(good.size() - 23));
    QTest::newRow("instance record cut by the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(entry7) << true << 1;
    b = good;
    putU32(b, entry7 + 8, std::uint32_t(good.size() - 15));
    QTest::newRow("attributes cut by the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(entry7 + 8) << true << 2;
    b = good;
    putU32(b, entry7 + 8, 0x80000000u);
    QTest::newRow("attributes offset past the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(entry7 + 8) << true << 2;
    b = good;
    putU32(b, rec7 + 16, std::uint32_t(good.size()));
    QTest::newRow("exists bitmap past the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(rec7 + 16) << true << 1;
    b = good;
    putU32(b, rec7 + 16, std::uint32_t(good.size() - 1)); // 4x3 quads need 2 bytes
    QTest::newRow("exists bitmap cut by the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(rec7 + 16) << true << 1;
    b = good;
    putU32(b, rec7 + 20, std::uint32_t(good.size()));
    QTest::newRow("vertex data at the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(rec7 + 20) << true << 1;
    b = good;
    putU32(b, rec9 + 20, 0xFFFFFFFFu);
    QTest::newRow("vertex data offset 0xFFFFFFFF")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(rec9 + 20) << true << 1;
    b = good;
    putU8(b, rec7 + 12, 5); // xOffset 5 + width 4 > 8
    QTest::newRow("rectangle past the east edge")
        << b << code(io::ErrorCode::BadValue) << qulonglong(rec7 + 12) << true << 1;
    b = good;
    putU8(b, rec7 + 13, 6); // yOffset 6 + height 3 > 8
    QTest::newRow("rectangle past the south edge")
        << b << code(io::ErrorCode::BadValue) << qulonglong(rec7 + 12) << true << 1;
    b = good;
    putU8(b, rec9 + 14, 0);
    QTest::newRow("width 0") << b << code(io::ErrorCode::BadValue) << qulonglong(rec9 + 12) << true << 1;
    b = good;
    putU8(b, rec9 + 15, 9);
    QTest::newRow("height 9") << b << code(io::ErrorCode::BadValue) << qulonglong(rec9 + 12) << true << 1;
    b = good;
    putU8(b, rec9 + 12, 0xFF); // 255 + 8: no wrap-around in 8 bits
    QTest::newRow("xOffset 255") << b << code(io::ErrorCode::BadValue) << qulonglong(rec9 + 12) << true << 1;

    // Chunk 9's DepthOnly block is the last one (81 bytes); with LVF 7 and one extra byte at the end, 82
    // bytes match no format.
    b = good;
    putU32(b, rec9, (getU32(b, rec9) & 0xFFFF) | (7u << 16));
    b.push_back(std::byte{0});
    QTest::newRow("vertex size matches no format, LVF 7")
        << b << code(io::ErrorCode::BadValue) << qulonglong(rec9 + 20) << true << 1;
    // Chunk 7's block (20 vertices x 5 = 100 bytes) is followed by chunk 9's; with LVF 200 and the vertex
    // offset moved one byte on, 99 bytes lie before the next block: no format has 99 / 20 bytes a vertex.
    b = good;
    putU32(b, rec7, (getU32(b, rec7) & 0xFFFF) | (200u << 16));
    putU32(b, rec7 + 20, getU32(b, rec7 + 20) + 1);
    QTest::newRow("vertex size matches no format, LVF 200")
        << b << code(io::ErrorCode::BadValue) << qulonglong(rec7 + 20) << true << 1;
    // An LVF naming a format decides it: chunk 9's 81-byte block is the last one, LVF 0 needs 405 bytes.
    // (Guessing DepthOnly from the size would not survive a write when packed blocks follow it.)
    b = good;
    putU32(b, rec9, getU32(b, rec9) & 0xFFFF);
    QTest::newRow("LVF 0 data runs past the end")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(rec9 + 20) << true << 1;
    // A bogus exists offset far past the end must not stretch the block before it: chunk 9 (LVF 9, the
    // last block, 81 bytes) stays DepthOnly although the next referenced offset is 8 x 81 bytes on.
    b = good;
    const std::uint32_t vertices9 = getU32(good, rec9 + 20);
    putU32(b, rec9, (getU32(b, rec9) & 0xFFFF) | (9u << 16));
    putU32(b, rec7 + 16, vertices9 + 81 * 8);
    QTest::newRow("exists offset past the end, last block inferred")
        << b << code(io::ErrorCode::SizeOutOfBounds) << qulonglong(rec7 + 16) << true << 1;

    // Every chunk naming chunk 0's 200 records: 51,200 instances from 7,872 bytes (a 1 MB chunk made
    // this way held 11 M instances, gigabytes). The records of all chunks together must fit in the chunk:
    // chunk 1 is the first to pass that, the lenient read keeps chunk 0's.
    io::Mh2o shared;
    for (int i = 0; i < 200; ++i) {
        shared.chunks[0].instances.push_back(makeInstance(std::nullopt, 0, 0, 8, 8, false, i));
    }
    b = written(shared);
    for (std::uint64_t c = 1; c < 256; ++c) {
        putU32(b, c * 12, getU32(b, 0));
        putU32(b, c * 12 + 4, 200);
    }
    QTest::newRow("every chunk names the same instances")
        << b << code(io::ErrorCode::CountOverflow) << qulonglong(12 + 4) << true << 200;
}

void TestMh2o::malformed() {
    using Bytes = std::vector<std::byte>;
    QFETCH(Bytes, data);
    QFETCH(int, code);
    QFETCH(qulonglong, offset);
    QFETCH(bool, lenientValue);
    QFETCH(int, keptInstances);

    io::Diagnostics strictDiag;
    auto strict = readBytes(data, strictDiag);
    QVERIFY(!strict);
    const io::Error& e = strict.error();
    QVERIFY2(isMh2oError(e), e.describe().c_str());
    QCOMPARE(int(e.code), code);
    QCOMPARE(qulonglong(e.offset), qulonglong(kBase + offset));
    QVERIFY(e.offset <= kBase + std::max<std::uint64_t>(data.size(), 1));
    QVERIFY(strictDiag.warnings.empty());

    io::Diagnostics lenient{true, {}};
    auto soft = readBytes(data, lenient);
    QCOMPARE(soft.hasValue(), lenientValue);
    if (!soft) {
        QVERIFY2(isMh2oError(soft.error()), soft.error().describe().c_str());
        QCOMPARE(qulonglong(soft.error().offset), qulonglong(kBase + offset));
        return;
    }
    QVERIFY(!lenient.warnings.empty());
    const io::Warning& w = lenient.warnings.front();
    QVERIFY2(isMh2oError(w), w.describe().c_str());
    QCOMPARE(int(w.code), code);
    QCOMPARE(qulonglong(w.offset), qulonglong(kBase + offset));
    int instances = 0;
    for (const auto& c : soft->chunks) {
        instances += int(c.instances.size());
    }
    QCOMPARE(instances, keptInstances);
    // What the lenient reader kept writes and reads back strictly.
    auto again = readStrict(written(*soft));
    QVERIFY2(again, again ? "" : again.error().describe().c_str());
    QVERIFY(*again == *soft);
}

QTEST_APPLESS_MAIN(TestMh2o)
#include "test_mh2o.moc"
