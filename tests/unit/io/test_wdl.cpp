// WDL v18 reader and writer: files made byte by byte here from the layout (wowdev.wiki WDL/v18: MVER, MWMO,
// MWID, MODF, MAOF with 4096 absolute offsets to MARE chunk headers, MARE 1090 bytes, MAHO 32 bytes after
// its MARE) read as expected and write back byte-identical; the writer's bytes are checked field by field
// at offsets computed here; malformed files give an error naming the chunk and byte offset.

#include "io/wdl/wdl.h"

#include "support/test_bytes.h"

#include <QtTest>

#include <cstring>
#include <string>

using namespace mapsmith;
using mapsmith::tests::Bytes;

namespace {

constexpr std::size_t kMaofEntries = 4096;
constexpr std::size_t kMareBytes = (17 * 17 + 16 * 16) * 2; // 1090
constexpr std::size_t kMahoBytes = 16 * 2;

// A chunk as stored: the tag byte-reversed ("MVER" is "REVM" on disk), u32 size, payload.
void appendChunk(Bytes& b, const char* id, const Bytes& payload) {
    const char stored[4] = {id[3], id[2], id[1], id[0]};
    tests::appendText(b, stored, 4);
    tests::appendU32(b, std::uint32_t(payload.size()));
    b.insert(b.end(), payload.begin(), payload.end());
}

Bytes u32Payload(std::uint32_t v) {
    Bytes b;
    tests::appendU32(b, v);
    return b;
}

// Heights of entry `seed`: outer i = seed * 7 - 150 + i, inner i = seed - 3 * i (both cross zero).
std::int16_t outerHeight(int seed, int i) {
    return std::int16_t(seed * 7 - 150 + i);
}
std::int16_t innerHeight(int seed, int i) {
    return std::int16_t(seed - 3 * i);
}

Bytes marePayload(int seed) {
    Bytes b;
    for (int i = 0; i < 289; ++i) {
        tests::appendU16(b, std::uint16_t(outerHeight(seed, i)));
    }
    for (int i = 0; i < 256; ++i) {
        tests::appendU16(b, std::uint16_t(innerHeight(seed, i)));
    }
    return b;
}

Bytes mahoPayload(std::uint16_t firstWord) {
    Bytes b;
    for (int i = 0; i < 16; ++i) {
        tests::appendU16(b, i == 0 ? firstWord : std::uint16_t(i * 0x111));
    }
    return b;
}

struct HandEntry {
    int x = 0;
    int y = 0;
    bool maho = false;
};

// MVER, MWMO ("a.wmo\0b.wmo\0"), MWID, MODF (one zeroed entry), MAOF, then the entries in the given order,
// each MARE (seed = y * 64 + x) and MAHO when asked; `extra` chunks after entry `extraAfter` (-1: right
// after MAOF). Returns the file.
Bytes handMade(const std::vector<HandEntry>& entries,
               const std::vector<std::pair<int, const char*>>& extra = {}) {
    Bytes b;
    appendChunk(b, "MVER", u32Payload(18));
    Bytes names;
    tests::appendText(names, "a.wmo\0b.wmo\0", 12);
    appendChunk(b, "MWMO", names);
    Bytes ids = u32Payload(0);
    tests::appendU32(ids, 6);
    appendChunk(b, "MWID", ids);
    appendChunk(b, "MODF", Bytes(64, std::byte{0}));
    const std::size_t maofData = b.size() + 8;
    appendChunk(b, "MAOF", Bytes(kMaofEntries * 4, std::byte{0}));
    auto extrasAfter = [&](int anchor) {
        for (const auto& [after, id] : extra) {
            if (after == anchor) {
                appendChunk(b, id, u32Payload(0xABCD0000u + std::uint32_t(anchor + 1)));
            }
        }
    };
    extrasAfter(-1);
    for (const HandEntry& e : entries) {
        const int index = e.y * 64 + e.x;
        tests::putU32(b, maofData + std::size_t(index) * 4, std::uint32_t(b.size()));
        appendChunk(b, "MARE", marePayload(index));
        if (e.maho) {
            appendChunk(b, "MAHO", mahoPayload(std::uint16_t(index)));
        }
        extrasAfter(index);
    }
    return b;
}

QString describe(const io::Error& e) {
    return QString::fromStdString(e.describe());
}

} // namespace

class TestWdl : public QObject {
    Q_OBJECT
private slots:
    void readsHandMadeFile();
    void canonicalFileWritesBackByteIdentical();
    void writtenFieldsSitAtTheSpecOffsets();
    void otherOrderReadsTheSameAndWritesCanonically();
    void unknownChunksKeptInPlace();
    void strayMahoIsNotTakenAsHoles();
    void malformed_data();
    void malformed();
    void everyTruncationFailsCleanly();
};

void TestWdl::readsHandMadeFile() {
    const Bytes file = handMade({{30, 30, true}, {31, 30, false}, {5, 40, true}});
    auto wdl = io::readWdl(file);
    QVERIFY2(wdl, wdl ? "" : qPrintable(describe(wdl.error())));
    QCOMPARE(wdl->version, 18u);
    QCOMPARE(wdl->beforeMaof.size(), std::size_t(3));
    QCOMPARE(wdl->beforeMaof[0].id, io::chunk::MWMO);
    QCOMPARE(wdl->beforeMaof[0].data.size(), std::size_t(12));
    QCOMPARE(wdl->beforeMaof[1].id, io::chunk::MWID);
    QCOMPARE(wdl->beforeMaof[2].id, io::chunk::MODF);
    QCOMPARE(wdl->beforeMaof[2].data.size(), std::size_t(64));
    QCOMPARE(wdl->tiles.size(), std::size_t(3));
    QVERIFY(wdl->afterMaof.empty());
    for (const auto [x, y, maho] : std::vector<HandEntry>{{30, 30, true}, {31, 30, false}, {5, 40, true}}) {
        const io::WdlTile* t = wdl->tile(x, y);
        QVERIFY(t);
        const int seed = y * 64 + x;
        for (int i = 0; i < 289; ++i) {
            QCOMPARE(t->outer[std::size_t(i)], outerHeight(seed, i));
        }
        for (int i = 0; i < 256; ++i) {
            QCOMPARE(t->inner[std::size_t(i)], innerHeight(seed, i));
        }
        QCOMPARE(t->holes.has_value(), maho);
        if (maho) {
            QCOMPARE((*t->holes)[0], std::uint16_t(seed));
            QCOMPARE((*t->holes)[15], std::uint16_t(15 * 0x111));
        }
        QCOMPARE(int(t->minHeight()), std::min(outerHeight(seed, 0), innerHeight(seed, 255)) + 0);
        QCOMPARE(int(t->maxHeight()), std::max(outerHeight(seed, 288), innerHeight(seed, 0)) + 0);
    }
    QVERIFY(!wdl->tile(0, 0));
    QVERIFY(!wdl->tile(64, 0));
    QVERIFY(!wdl->tile(-1, 3));
}

void TestWdl::canonicalFileWritesBackByteIdentical() {
    const Bytes file = handMade({{0, 0, true}, {63, 0, false}, {12, 34, true}, {63, 63, true}});
    auto wdl = io::readWdl(file);
    QVERIFY(wdl);
    QVERIFY(io::writeWdl(*wdl) == file);
    // An empty map table too.
    const Bytes empty = handMade({});
    auto none = io::readWdl(empty);
    QVERIFY(none);
    QVERIFY(none->tiles.empty());
    QVERIFY(io::writeWdl(*none) == empty);
}

void TestWdl::writtenFieldsSitAtTheSpecOffsets() {
    io::Wdl wdl;
    wdl.beforeMaof.push_back({io::chunk::MWMO, {std::byte{'x'}, std::byte{0}}, -1});
    io::WdlTile a;
    io::WdlTile b;
    for (std::size_t i = 0; i < a.outer.size(); ++i) {
        a.outer[i] = std::int16_t(-32768 + int(i));
        b.outer[i] = std::int16_t(32767 - int(i));
    }
    for (std::size_t i = 0; i < a.inner.size(); ++i) {
        a.inner[i] = std::int16_t(int(i) * 5);
        b.inner[i] = std::int16_t(-int(i));
    }
    b.holes = std::array<std::uint16_t, 16>{};
    (*b.holes)[3] = 0x8001;
    wdl.setTile(7, 2, a);  // index 135
    wdl.setTile(1, 60, b); // index 3841
    const Bytes out = io::writeWdl(wdl);

    auto tag = [&](std::size_t at) { return std::string(reinterpret_cast<const char*>(out.data() + at), 4); };
    auto i16 = [&](std::size_t at) {
        std::int16_t v = 0;
        std::memcpy(&v, out.data() + at, 2);
        return v;
    };
    // MVER: 12 bytes. MWMO: 8 + 2. MAOF header at 22, its data at 30, 16384 bytes.
    QCOMPARE(tag(0), std::string("REVM"));
    QCOMPARE(tests::getU32(out, 4), 4u);
    QCOMPARE(tests::getU32(out, 8), 18u);
    QCOMPARE(tag(12), std::string("OMWM"));
    QCOMPARE(tests::getU32(out, 16), 2u);
    QCOMPARE(tag(22), std::string("FOAM"));
    QCOMPARE(tests::getU32(out, 26), 16384u);
    const std::size_t maofData = 30;
    const std::size_t firstMare = maofData + 16384;
    const std::size_t secondMare = firstMare + 8 + kMareBytes; // tile 135 has no MAHO
    for (std::size_t i = 0; i < kMaofEntries; ++i) {
        const std::uint32_t expected = i == 135    ? std::uint32_t(firstMare)
                                       : i == 3841 ? std::uint32_t(secondMare)
                                                   : 0u;
        QCOMPARE(tests::getU32(out, maofData + i * 4), expected);
    }
    QCOMPARE(tag(firstMare), std::string("ERAM"));
    QCOMPARE(tests::getU32(out, firstMare + 4), std::uint32_t(kMareBytes));
    for (std::size_t i = 0; i < 289; ++i) {
        QCOMPARE(i16(firstMare + 8 + i * 2), a.outer[i]);
        QCOMPARE(i16(secondMare + 8 + i * 2), b.outer[i]);
    }
    for (std::size_t i = 0; i < 256; ++i) {
        QCOMPARE(i16(firstMare + 8 + 578 + i * 2), a.inner[i]);
        QCOMPARE(i16(secondMare + 8 + 578 + i * 2), b.inner[i]);
    }
    const std::size_t maho = secondMare + 8 + kMareBytes;
    QCOMPARE(tag(maho), std::string("OHAM"));
    QCOMPARE(tests::getU32(out, maho + 4), std::uint32_t(kMahoBytes));
    for (std::size_t i = 0; i < 16; ++i) {
        QCOMPARE(std::uint16_t(i16(maho + 8 + i * 2)), (*b.holes)[i]);
    }
    QCOMPARE(out.size(), maho + 8 + kMahoBytes);
    auto back = io::readWdl(out);
    QVERIFY(back);
    QVERIFY(*back == wdl);
}

void TestWdl::otherOrderReadsTheSameAndWritesCanonically() {
    const Bytes reversed = handMade({{40, 40, true}, {3, 3, false}, {20, 5, true}});
    const Bytes canonical = handMade({{3, 3, false}, {20, 5, true}, {40, 40, true}});
    QVERIFY(reversed != canonical);
    auto a = io::readWdl(reversed);
    auto b = io::readWdl(canonical);
    QVERIFY(a && b);
    QVERIFY(*a == *b);
    QVERIFY(io::writeWdl(*a) == canonical);
}

void TestWdl::unknownChunksKeptInPlace() {
    const Bytes file =
        handMade({{3, 3, false}, {20, 5, true}, {40, 40, false}},
                 {{-1, "XTRA"}, {3 * 64 + 3, "YYYY"}, {5 * 64 + 20, "ZZZZ"}, {40 * 64 + 40, "LAST"}});
    auto wdl = io::readWdl(file);
    QVERIFY(wdl);
    QCOMPARE(wdl->afterMaof.size(), std::size_t(4));
    QCOMPARE(wdl->afterMaof[0].afterTile, -1);
    QCOMPARE(wdl->afterMaof[1].afterTile, 3 * 64 + 3);
    QCOMPARE(wdl->afterMaof[3].id, io::FourCC("LAST"));
    QVERIFY(io::writeWdl(*wdl) == file);
    // An entry removed: the chunk that followed it stays, before the next entry.
    QVERIFY(wdl->removeTile(3, 3));
    auto back = io::readWdl(io::writeWdl(*wdl));
    QVERIFY(back);
    QCOMPARE(back->afterMaof.size(), std::size_t(4));
    QCOMPARE(back->afterMaof[1].id, io::FourCC("YYYY"));
    QVERIFY(!back->tile(3, 3));
}

void TestWdl::strayMahoIsNotTakenAsHoles() {
    // Entry 40_0 first in the file (no MAHO), then entry 3_0 with its MAHO and a second, stray MAHO.
    Bytes file = handMade({{40, 0, false}, {3, 0, true}});
    appendChunk(file, "MAHO", mahoPayload(0xFFFF));
    auto wdl = io::readWdl(file);
    QVERIFY(wdl);
    QVERIFY(!wdl->tile(40, 0)->holes);
    QCOMPARE((*wdl->tile(3, 0)->holes)[0], std::uint16_t(3));
    QCOMPARE(wdl->afterMaof.size(), std::size_t(1));
    auto back = io::readWdl(io::writeWdl(*wdl));
    QVERIFY(back);
    QVERIFY(*back == *wdl);
}

void TestWdl::malformed_data() {
    QTest::addColumn<Bytes>("file");
    QTest::addColumn<io::ErrorCode>("code");
    QTest::addColumn<QString>("chunk");
    QTest::addColumn<quint64>("offset");

    const Bytes good = handMade({{30, 30, true}});
    // Offsets in `good`: MVER 0, MWMO 12, MWID 32, MODF 48, MAOF 120 (data 128), MARE 16512, MAHO 17610.
    const std::size_t maof = 120;
    const std::size_t mare = maof + 8 + 16384;
    const std::size_t maho = mare + 8 + kMareBytes;
    QCOMPARE(good.size(), maho + 8 + kMahoBytes);
    const std::size_t entry30 = maof + 8 + std::size_t(30 * 64 + 30) * 4;

    QTest::newRow("empty") << Bytes{} << io::ErrorCode::BadMagic << QString("????") << quint64(0);
    QTest::newRow("5 bytes") << Bytes(good.begin(), good.begin() + 5) << io::ErrorCode::Truncated
                             << QString("????") << quint64(0);
    Bytes f = good;
    tests::putU32(f, 4, 0xFFFFFFF0u);
    QTest::newRow("MVER size overflows")
        << f << io::ErrorCode::SizeOutOfBounds << QString("MVER") << quint64(0);
    f = Bytes(good.begin() + 120, good.end());
    QTest::newRow("MAOF first") << f << io::ErrorCode::BadMagic << QString("MAOF") << quint64(0);
    f = good;
    tests::putU32(f, 8, 17);
    QTest::newRow("version 17") << f << io::ErrorCode::UnsupportedVersion << QString("MVER") << quint64(8);
    f.clear();
    appendChunk(f, "MVER", Bytes(5, std::byte{18}));
    f.insert(f.end(), good.begin() + 12, good.end());
    QTest::newRow("MVER 5 bytes") << f << io::ErrorCode::BadValue << QString("MVER") << quint64(0);
    f = Bytes(good.begin(), good.begin() + std::ptrdiff_t(maof));
    QTest::newRow("no MAOF") << f << io::ErrorCode::MissingChunk << QString("MAOF") << quint64(maof);
    f = good;
    f[maof + 3] = std::byte{'X'}; // "FOAX": MAOF renamed
    QTest::newRow("MAOF renamed") << f << io::ErrorCode::MissingChunk << QString("MAOF")
                                  << quint64(good.size());
    f = Bytes(good.begin(), good.begin() + 12);
    appendChunk(f, "MAOF", Bytes(16380, std::byte{0}));
    QTest::newRow("MAOF 16380 bytes") << f << io::ErrorCode::BadValue << QString("MAOF") << quint64(12);
    f = good;
    tests::putU32(f, entry30, 0xFFFFFF00u);
    QTest::newRow("offset past the end")
        << f << io::ErrorCode::SizeOutOfBounds << QString("MAOF") << quint64(entry30);
    f = good;
    tests::putU32(f, entry30, std::uint32_t(mare + 2));
    QTest::newRow("offset inside MARE")
        << f << io::ErrorCode::SizeOutOfBounds << QString("MAOF") << quint64(entry30);
    f = good;
    tests::putU32(f, entry30, std::uint32_t(maho));
    QTest::newRow("offset at MAHO") << f << io::ErrorCode::SizeOutOfBounds << QString("MAOF")
                                    << quint64(entry30);
    f = good;
    tests::putU32(f, entry30, 12);
    QTest::newRow("offset at MWMO") << f << io::ErrorCode::SizeOutOfBounds << QString("MAOF")
                                    << quint64(entry30);
    // MARE 2 bytes short: the file's MAHO moves up and the missing heights are gone.
    f = Bytes(good.begin(), good.begin() + std::ptrdiff_t(mare));
    Bytes shortMare = marePayload(1);
    shortMare.resize(kMareBytes - 2);
    appendChunk(f, "MARE", shortMare);
    QTest::newRow("MARE 1088 bytes") << f << io::ErrorCode::BadValue << QString("MARE") << quint64(mare);
    f = Bytes(good.begin(), good.begin() + std::ptrdiff_t(maho));
    Bytes shortMaho = mahoPayload(1);
    shortMaho.resize(30);
    appendChunk(f, "MAHO", shortMaho);
    QTest::newRow("MAHO 30 bytes") << f << io::ErrorCode::BadValue << QString("MAHO") << quint64(maho);
    f = good;
    appendChunk(f, "MAOF", Bytes(16384, std::byte{0}));
    QTest::newRow("two MAOF") << f << io::ErrorCode::BadValue << QString("MAOF") << quint64(good.size());
    f = Bytes(good.begin(), good.end() - 10);
    QTest::newRow("cut in MAHO") << f << io::ErrorCode::SizeOutOfBounds << QString("MAHO") << quint64(maho);
    f = good;
    f.resize(f.size() + 3);
    QTest::newRow("3 trailing bytes")
        << f << io::ErrorCode::Truncated << QString("????") << quint64(good.size());
}

void TestWdl::malformed() {
    QFETCH(Bytes, file);
    QFETCH(io::ErrorCode, code);
    QFETCH(QString, chunk);
    QFETCH(quint64, offset);
    auto wdl = io::readWdl(file);
    QVERIFY(!wdl);
    QCOMPARE(int(wdl.error().code), int(code));
    QCOMPARE(QString::fromStdString(wdl.error().chunk.str()), chunk);
    QCOMPARE(quint64(wdl.error().offset), offset);
    QVERIFY(!wdl.error().message.empty());
}

void TestWdl::everyTruncationFailsCleanly() {
    const Bytes good = handMade({{1, 1, true}, {2, 1, false}});
    QVERIFY(io::readWdl(good));
    for (std::size_t n = 0; n < good.size(); ++n) {
        const Bytes cut(good.begin(), good.begin() + std::ptrdiff_t(n));
        auto wdl = io::readWdl(cut);
        QVERIFY2(!wdl, qPrintable(QString("a file cut to %1 bytes read").arg(n)));
        QVERIFY(wdl.error().offset <= n);
    }
}

QTEST_APPLESS_MAIN(TestWdl)
#include "test_wdl.moc"
