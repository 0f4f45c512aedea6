// WDT reader and writer: the real Azeroth.wdt reads with known facts and writes back byte-identical; a
// made WMO-only WDT with big-alpha flags and unknown chunks round-trips; damaged files (every truncation,
// every size field corrupted, wrong version, missing, duplicated and misplaced chunks) give an error
// naming a chunk and an offset inside the file, or warnings in lenient mode, never a crash.

#include "io/binary/file_io.h"
#include "io/wdt/wdt.h"
#include "support/test_files.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>

using namespace mapsmith;

namespace {

constexpr std::uint64_t kAzerothSize = 32836;
constexpr std::uint64_t kAzerothMainAt = 0x34;
constexpr std::uint64_t kAzerothMwmoAt = 0x803c;

std::uint32_t getU32(const std::vector<std::byte>& b, std::uint64_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}
void putU32(std::vector<std::byte>& b, std::uint64_t at, std::uint32_t v) {
    std::memcpy(b.data() + at, &v, 4);
}

void appendU32(std::vector<std::byte>& b, std::uint32_t v) {
    const std::size_t at = b.size();
    b.resize(at + 4);
    putU32(b, at, v);
}

// Appends a chunk: id as stored (byte-reversed), size, payload.
void appendChunk(std::vector<std::byte>& b, io::FourCC id, const std::vector<std::byte>& payload) {
    appendU32(b, id.value);
    appendU32(b, std::uint32_t(payload.size()));
    b.insert(b.end(), payload.begin(), payload.end());
}

std::vector<std::byte> words(std::initializer_list<std::uint32_t> values) {
    std::vector<std::byte> out;
    for (std::uint32_t v : values) {
        appendU32(out, v);
    }
    return out;
}

std::vector<std::byte> text(std::string_view s) {
    std::vector<std::byte> out(s.size());
    std::memcpy(out.data(), s.data(), s.size());
    return out;
}

struct ChunkAt {
    io::FourCC id;
    std::uint64_t offset = 0; // header
    std::uint32_t size = 0;
};

// Top-level chunks of a well-formed file.
std::vector<ChunkAt> listChunks(const std::vector<std::byte>& b) {
    std::vector<ChunkAt> out;
    std::uint64_t p = 0;
    while (p + 8 <= b.size()) {
        const ChunkAt c{io::FourCC(getU32(b, p)), p, getU32(b, p + 4)};
        out.push_back(c);
        p += 8 + c.size;
    }
    return out;
}

// A WMO-only map: big alpha flags, one MODF entry (with a NaN to check floats are kept bit for bit),
// unknown chunks before MVER, after MPHD, after MAIN and at the end.
io::Wdt madeWdt() {
    io::Wdt w;
    w.flags = io::mphd_flags::WmoOnly | io::mphd_flags::BigAlpha | io::mphd_flags::HeightTexturing;
    w.headerRest = {1, 2, 3, 4, 5, 6, 0xDEADBEEF};
    w.setTile(0, 0, true);
    w.tile(63, 63) = {io::main_flags::HasAdt | io::main_flags::AllWater, 77};
    w.tile(5, 9).asyncId = 0x12345678; // no ADT, but the id is kept
    w.setWmoPath("World\\wmo\\Dungeon\\Test\\Test.wmo");
    io::WdtMapObject o;
    o.nameId = 0;
    o.uniqueId = 0xFFFFFFFF;
    o.position = {17066.666f, 0.5f, -17066.666f};
    o.rotation = {0.0f, 270.0f, -0.0f};
    o.extentsMin = {-100.25f, -3.0f, std::numeric_limits<float>::quiet_NaN()};
    o.extentsMax = {100.25f, 3.0f, std::numeric_limits<float>::infinity()};
    o.flags = 0x2;
    o.doodadSet = 1;
    o.nameSet = 2;
    o.scale = 1024;
    w.mapObjects = std::vector<io::WdtMapObject>{o};
    w.unknown.push_back({io::FourCC("ZPRE"), io::FourCC{}, text("first")});
    w.unknown.push_back({io::FourCC("XPHD"), io::chunk::MPHD, {}});
    w.unknown.push_back({io::FourCC("MAID"), io::chunk::MAIN, text("after main, 19 bytes")});
    w.unknown.push_back({io::FourCC("MANM"), io::chunk::MODF, text("tail")});
    return w;
}

struct ReadOutcome {
    bool strictFailed = false;
    io::Error error;     // the strict error, when strictFailed
    std::string problem; // non-empty when an invariant was broken
};

// Reads strictly and leniently. Errors and warnings must point inside the file and say something; a
// strict success must write back identical; a lenient success of a strictly bad file must warn.
ReadOutcome readBoth(const std::vector<std::byte>& bytes, const std::string& what) {
    ReadOutcome out;
    io::Diagnostics strictDiag;
    auto strict = io::readWdt(bytes, strictDiag);
    if (!strictDiag.warnings.empty()) {
        out.problem = what + ": strict read produced warnings";
    }
    if (!strict) {
        out.strictFailed = true;
        out.error = strict.error();
        if (out.error.offset > bytes.size() || out.error.message.empty()) {
            out.problem = what + ": bad error: " + out.error.describe();
        }
    } else if (io::writeWdt(*strict) != bytes) {
        out.problem = what + ": read strictly but does not write back identical";
    }
    io::Diagnostics lenient;
    lenient.lenient = true;
    auto soft = io::readWdt(bytes, lenient);
    for (const auto& w : lenient.warnings) {
        if (w.offset > bytes.size() || w.message.empty()) {
            out.problem = what + ": bad warning: " + w.describe();
        }
    }
    if (soft) {
        if (!strict && lenient.warnings.empty()) {
            out.problem = what + ": lenient read of a strictly bad file without warnings";
        }
        auto again = io::readWdt(io::writeWdt(*soft), lenient);
        if (!again || !(*again == *soft)) {
            out.problem = what + ": what lenient mode read does not round-trip";
        }
    } else if (soft.error().offset > bytes.size() || soft.error().message.empty()) {
        out.problem = what + ": bad lenient error: " + soft.error().describe();
    }
    return out;
}

} // namespace

class TestWdt : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void readsAzeroth();
    void azerothWritesBackIdentical();
    void editedAzerothRoundTrips();
    void madeWdtRoundTrips();
    void mwmoKeptExactly_data();
    void mwmoKeptExactly();
    void unknownAnchorsWithoutTheirChunk();
    void tileHelpers();
    void truncateEveryLength_data();
    void truncateEveryLength();
    void corruptEverySizeField_data();
    void corruptEverySizeField();
    void wrongVersion();
    void missingChunks();
    void duplicateAndMisplacedChunks();
    void strayTrailingBytes();
    void lenientKeepsGoing();
    void fileHelpers();

private:
    std::vector<std::byte> mAzeroth;
    std::vector<std::byte> mMade;
};

void TestWdt::initTestCase() {
    mAzeroth = tests::readBytes(tests::corpusPath("adt/Azeroth.wdt"));
    QCOMPARE(std::uint64_t(mAzeroth.size()), kAzerothSize);
    mMade = io::writeWdt(madeWdt());
}

// Facts checked against the file with an independent script.
void TestWdt::readsAzeroth() {
    io::Diagnostics diag;
    auto wdt = io::readWdt(mAzeroth, diag);
    QVERIFY2(wdt, wdt ? "" : wdt.error().describe().c_str());
    QVERIFY(diag.warnings.empty());
    QCOMPARE(wdt->version, 18u);
    QCOMPARE(wdt->flags, 0u);
    QVERIFY(!wdt->bigAlpha());
    QVERIFY(!wdt->wmoOnly());
    for (std::uint32_t v : wdt->headerRest) {
        QCOMPARE(v, 0u);
    }
    QCOMPARE(wdt->tileCount(), 687);
    QVERIFY(wdt->hasTile(38, 46)); // the corpus ADT Azeroth_38_46
    QVERIFY(wdt->hasTile(32, 48));
    QVERIFY(wdt->hasTile(32, 32));
    QVERIFY(!wdt->hasTile(0, 0));
    QVERIFY(!wdt->hasTile(63, 63));
    // Row 20 (the northernmost) holds x 35..40; row 46 holds x 26..42; row 61 (southernmost) x 27..34.
    QVERIFY(!wdt->hasTile(34, 20));
    QVERIFY(wdt->hasTile(35, 20));
    QVERIFY(wdt->hasTile(40, 20));
    QVERIFY(!wdt->hasTile(41, 20));
    QVERIFY(!wdt->hasTile(25, 46));
    QVERIFY(wdt->hasTile(26, 46));
    QVERIFY(wdt->hasTile(42, 46));
    QVERIFY(!wdt->hasTile(43, 46));
    QVERIFY(wdt->hasTile(27, 61));
    QVERIFY(wdt->hasTile(34, 61));
    int rows = 0;
    for (int y = 0; y < 64; ++y) {
        bool any = false;
        for (int x = 0; x < 64; ++x) {
            any = any || wdt->hasTile(x, y);
            // Only flag 0x1 is used, async ids are all zero.
            QVERIFY(wdt->tile(x, y).flags == 0u || wdt->tile(x, y).flags == io::main_flags::HasAdt);
            QCOMPARE(wdt->tile(x, y).asyncId, 0u);
        }
        rows += any ? 1 : 0;
        QCOMPARE(any, y >= 20 && y <= 61);
    }
    QCOMPARE(rows, 42);
    QCOMPARE(wdt->tile(38, 46).flags, io::main_flags::HasAdt);
    QVERIFY(wdt->wmoName.has_value());
    QVERIFY(wdt->wmoName->empty());
    QVERIFY(wdt->wmoPath().empty());
    QVERIFY(!wdt->mapObjects.has_value());
    QVERIFY(wdt->mapObject() == nullptr);
    QVERIFY(wdt->unknown.empty());
}

void TestWdt::azerothWritesBackIdentical() {
    auto wdt = io::readWdt(mAzeroth);
    QVERIFY(wdt);
    const auto written = io::writeWdt(*wdt);
    QCOMPARE(written.size(), mAzeroth.size());
    QVERIFY(written == mAzeroth);
    auto again = io::readWdt(written);
    QVERIFY(again);
    QVERIFY(*again == *wdt);
}

// Edits change exactly the bytes they should.
void TestWdt::editedAzerothRoundTrips() {
    auto wdt = io::readWdt(mAzeroth);
    QVERIFY(wdt);
    wdt->setTile(38, 46, false);
    wdt->setTile(0, 0, true);
    wdt->flags |= io::mphd_flags::BigAlpha;
    QVERIFY(wdt->bigAlpha());
    QCOMPARE(wdt->tileCount(), 687);
    const auto written = io::writeWdt(*wdt);
    QCOMPARE(written.size(), mAzeroth.size());
    std::vector<std::uint64_t> changed;
    for (std::size_t i = 0; i < written.size(); ++i) {
        if (written[i] != mAzeroth[i]) {
            changed.push_back(i);
        }
    }
    const std::uint64_t mainData = kAzerothMainAt + 8;
    const std::vector<std::uint64_t> expected = {0x14, mainData, mainData + (46 * 64 + 38) * 8};
    QCOMPARE(changed, expected);
    auto back = io::readWdt(written);
    QVERIFY(back);
    QVERIFY(*back == *wdt);
    QVERIFY(!back->hasTile(38, 46));
    QVERIFY(back->hasTile(0, 0));
}

void TestWdt::madeWdtRoundTrips() {
    const io::Wdt made = madeWdt();
    QVERIFY(made.bigAlpha());
    QVERIFY(made.wmoOnly());
    QCOMPARE(made.tileCount(), 2);
    QCOMPARE(made.wmoPath(), std::string("World\\wmo\\Dungeon\\Test\\Test.wmo"));

    // Chunk order on disk.
    const auto chunks = listChunks(mMade);
    QStringList ids;
    for (const auto& c : chunks) {
        ids << QString::fromStdString(c.id.str());
    }
    QCOMPARE(ids.join(' '), QStringLiteral("ZPRE MVER MPHD XPHD MAIN MAID MWMO MODF MANM"));
    std::uint64_t total = 0;
    for (const auto& c : chunks) {
        total += 8 + c.size;
    }
    QCOMPARE(total, std::uint64_t(mMade.size()));
    QCOMPARE(chunks[6].size, std::uint32_t(made.wmoName->size())); // MWMO with its NUL
    QCOMPARE(chunks[7].size, 64u);                                 // one SMMapObjDef
    // The on-disk id is the byte-reversed name.
    QCOMPARE(char(mMade[chunks[1].offset]), 'R');
    QCOMPARE(char(mMade[chunks[1].offset + 3]), 'M');

    // MODF field layout: nameSet at 0x3C, scale at 0x3E.
    const std::uint64_t modf = chunks[7].offset + 8;
    QCOMPARE(getU32(mMade, modf + 4), 0xFFFFFFFFu);
    QCOMPARE(getU32(mMade, modf + 0x38), 0x00010002u); // flags 2, doodadSet 1
    QCOMPARE(getU32(mMade, modf + 0x3C), 0x04000002u); // nameSet 2, scale 1024

    io::Diagnostics diag;
    auto back = io::readWdt(mMade, diag);
    QVERIFY2(back, back ? "" : back.error().describe().c_str());
    QVERIFY(diag.warnings.empty());
    QVERIFY(*back == made);
    QVERIFY(back->mapObject() != nullptr);
    QVERIFY(std::isnan(back->mapObject()->extentsMin[2]));
    QVERIFY(std::signbit(back->mapObject()->rotation[2]));
    QVERIFY(io::writeWdt(*back) == mMade);

    // A NaN with another payload is a different value.
    io::Wdt other = made;
    std::uint32_t bits = 0x7FC00001u;
    std::memcpy(&(*other.mapObjects)[0].extentsMin[2], &bits, 4);
    QVERIFY(!(other == made));
    auto otherBack = io::readWdt(io::writeWdt(other));
    QVERIFY(otherBack);
    QVERIFY(*otherBack == other);

    // Several MODF entries and an empty MODF are kept as they are.
    io::Wdt many = made;
    many.mapObjects->push_back(io::WdtMapObject{});
    auto manyBack = io::readWdt(io::writeWdt(many));
    QVERIFY(manyBack);
    QCOMPARE(manyBack->mapObjects->size(), std::size_t(2));
    QVERIFY(*manyBack == many);
    io::Wdt none = made;
    none.mapObjects->clear();
    auto noneBack = io::readWdt(io::writeWdt(none));
    QVERIFY(noneBack);
    QVERIFY(noneBack->mapObjects.has_value());
    QVERIFY(noneBack->mapObjects->empty());
    QVERIFY(noneBack->mapObject() == nullptr);
}

void TestWdt::mwmoKeptExactly_data() {
    QTest::addColumn<int>("kind");
    QTest::addColumn<QByteArray>("payload");
    QTest::newRow("no MWMO") << 0 << QByteArray();
    QTest::newRow("empty MWMO") << 1 << QByteArray();
    QTest::newRow("just a NUL") << 1 << QByteArray("\0", 1);
    QTest::newRow("name with NUL") << 1 << QByteArray("World\\wmo\\a.wmo\0", 16);
    QTest::newRow("name without NUL") << 1 << QByteArray("World\\wmo\\a.wmo");
    QTest::newRow("two NULs") << 1 << QByteArray("a.wmo\0\0", 7);
}

void TestWdt::mwmoKeptExactly() {
    QFETCH(int, kind);
    QFETCH(QByteArray, payload);
    std::vector<std::byte> file;
    appendChunk(file, io::chunk::MVER, words({18}));
    appendChunk(file, io::chunk::MPHD, std::vector<std::byte>(32));
    appendChunk(file, io::chunk::MAIN, std::vector<std::byte>(32768));
    if (kind == 1) {
        appendChunk(file, io::chunk::MWMO,
                    text(std::string_view(payload.constData(), std::size_t(payload.size()))));
    }
    auto wdt = io::readWdt(file);
    QVERIFY(wdt);
    QCOMPARE(wdt->wmoName.has_value(), kind == 1);
    if (kind == 1) {
        QCOMPARE(wdt->wmoName->size(), std::size_t(payload.size()));
        QCOMPARE(QByteArray(wdt->wmoName->data(), qsizetype(wdt->wmoName->size())), payload);
        QCOMPARE(QByteArray::fromStdString(wdt->wmoPath()), QByteArray(payload.constData()));
    }
    QVERIFY(io::writeWdt(*wdt) == file);
}

// Unknown chunks keep their slot when the known chunk they followed is gone; unknown anchors go last.
void TestWdt::unknownAnchorsWithoutTheirChunk() {
    io::Wdt w;
    w.unknown.push_back({io::FourCC("UEND"), io::FourCC("QQQQ"), text("x")});
    w.unknown.push_back({io::FourCC("UMDF"), io::chunk::MODF, {}});
    w.unknown.push_back({io::FourCC("UMWO"), io::chunk::MWMO, text("yz")});
    const auto bytes = io::writeWdt(w);
    QStringList ids;
    for (const auto& c : listChunks(bytes)) {
        ids << QString::fromStdString(c.id.str());
    }
    QCOMPARE(ids.join(' '), QStringLiteral("MVER MPHD MAIN UMWO UMDF UEND"));
    auto back = io::readWdt(bytes);
    QVERIFY(back);
    // Read back, each unknown chunk follows MAIN, the last known chunk before it.
    QCOMPARE(back->unknown.size(), std::size_t(3));
    for (const auto& u : back->unknown) {
        QCOMPARE(u.after, io::chunk::MAIN);
    }
    QVERIFY(io::writeWdt(*back) == bytes);
}

void TestWdt::tileHelpers() {
    io::Wdt w;
    QCOMPARE(w.tileCount(), 0);
    w.setTile(63, 0, true);
    w.setTile(0, 63, true);
    w.setTile(-1, 5, true);
    w.setTile(5, 64, true);
    QCOMPARE(w.tileCount(), 2);
    QVERIFY(w.hasTile(63, 0));
    QVERIFY(w.hasTile(0, 63));
    QVERIFY(!w.hasTile(-1, 5));
    QVERIFY(!w.hasTile(64, 0));
    QVERIFY(!w.hasTile(0, 64));
    QCOMPARE(w.tiles[63].flags, io::main_flags::HasAdt); // row-major [y][x]
    QCOMPARE(w.tiles[63 * 64].flags, io::main_flags::HasAdt);
    w.tile(63, 0).flags |= io::main_flags::AllWater;
    w.setTile(63, 0, false);
    QCOMPARE(w.tile(63, 0).flags, io::main_flags::AllWater); // other bits survive
    QVERIFY(!w.hasTile(63, 0));
    w.flags = io::mphd_flags::HeightTexturing;
    QVERIFY(w.bigAlpha());
    w.flags = io::mphd_flags::VertexColors | io::mphd_flags::WmoOnly;
    QVERIFY(!w.bigAlpha());
    QVERIFY(w.wmoOnly());
}

void TestWdt::truncateEveryLength_data() {
    QTest::addColumn<int>("file");
    QTest::newRow("Azeroth.wdt") << 0;
    QTest::newRow("made WMO-only") << 1;
}

// Every prefix of the file: either a strict error inside the prefix, or (cut exactly at a chunk
// boundary after MAIN) a valid file that writes back identical. Never a crash.
void TestWdt::truncateEveryLength() {
    QFETCH(int, file);
    const auto& bytes = file == 0 ? mAzeroth : mMade;
    std::vector<std::uint64_t> boundaries;
    std::uint64_t mainEnd = 0;
    for (const auto& c : listChunks(bytes)) {
        boundaries.push_back(c.offset);
        if (c.id == io::chunk::MAIN) {
            mainEnd = c.offset + 8 + c.size;
        }
    }
    int failures = 0;
    for (std::uint64_t cut = 0; cut < bytes.size(); ++cut) {
        const std::vector<std::byte> damaged(bytes.begin(), bytes.begin() + std::ptrdiff_t(cut));
        const std::string what = "cut at " + std::to_string(cut);
        const ReadOutcome r = readBoth(damaged, what);
        QVERIFY2(r.problem.empty(), r.problem.c_str());
        const bool failed = r.strictFailed;
        const io::Error& e = r.error;
        const bool validCut =
            cut >= mainEnd && std::find(boundaries.begin(), boundaries.end(), cut) != boundaries.end();
        QVERIFY2(failed != validCut, what.c_str());
        if (failed) {
            ++failures;
            QVERIFY2(e.offset <= cut, what.c_str());
        }
    }
    QVERIFY(failures > int(bytes.size()) - 5);
}

void TestWdt::corruptEverySizeField_data() {
    QTest::addColumn<int>("file");
    QTest::addColumn<int>("mode");
    const char* modeNames[] = {"0xFFFFFFFF", "0x7FFFFFFF", "0x80000000", "file size",
                               "size+1",     "size-1",     "0",          "size+64"};
    for (int f = 0; f < 2; ++f) {
        for (int m = 0; m < 8; ++m) {
            QTest::newRow((std::string(f == 0 ? "Azeroth " : "made ") + modeNames[m]).c_str()) << f << m;
        }
    }
}

// The error names the damaged chunk and its header offset whenever the chunk's own size check catches
// it (fixed-size chunks, MODF, sizes past the end); any other outcome is an error inside the file or a
// strict read that writes back identical.
void TestWdt::corruptEverySizeField() {
    QFETCH(int, file);
    QFETCH(int, mode);
    const auto& bytes = file == 0 ? mAzeroth : mMade;
    int named = 0;
    for (const auto& c : listChunks(bytes)) {
        const std::uint32_t old = c.size;
        std::uint32_t v = 0;
        switch (mode) {
        case 0:
            v = 0xFFFFFFFFu;
            break;
        case 1:
            v = 0x7FFFFFFFu;
            break;
        case 2:
            v = 0x80000000u;
            break;
        case 3:
            v = std::uint32_t(bytes.size());
            break;
        case 4:
            v = old + 1;
            break;
        case 5:
            v = old - 1;
            break;
        case 6:
            v = 0;
            break;
        default:
            v = old + 64;
            break;
        }
        if (v == old || (mode == 5 && old == 0)) {
            continue;
        }
        std::vector<std::byte> damaged = bytes;
        putU32(damaged, c.offset + 4, v);
        const std::string what =
            c.id.str() + " at " + std::to_string(c.offset) + " size " + std::to_string(v);
        const ReadOutcome r = readBoth(damaged, what);
        QVERIFY2(r.problem.empty(), r.problem.c_str());
        const bool failed = r.strictFailed;
        const io::Error& e = r.error;
        const bool pastEnd = std::uint64_t(v) > bytes.size() - c.offset - 8;
        const bool sizeChecked = c.id == io::chunk::MVER || c.id == io::chunk::MPHD ||
                                 c.id == io::chunk::MAIN || (c.id == io::chunk::MODF && v % 64 != 0);
        if (pastEnd || sizeChecked) {
            QVERIFY2(failed, what.c_str());
            QVERIFY2(e.chunk == c.id, (what + ": " + e.describe()).c_str());
            QCOMPARE(e.offset, c.offset);
            QCOMPARE(e.code, pastEnd ? io::ErrorCode::SizeOutOfBounds : io::ErrorCode::BadValue);
            ++named;
        }
    }
    QVERIFY(named >= 3);
}

void TestWdt::wrongVersion() {
    for (std::uint32_t version : {0u, 17u, 19u, 0xFFFFFFFFu}) {
        std::vector<std::byte> damaged = mAzeroth;
        putU32(damaged, 8, version);
        auto strict = io::readWdt(damaged);
        QVERIFY(!strict);
        QCOMPARE(strict.error().code, io::ErrorCode::UnsupportedVersion);
        QCOMPARE(strict.error().chunk, io::chunk::MVER);
        QCOMPARE(strict.error().offset, std::uint64_t(8));
        QVERIFY(strict.error().describe().find("MVER at 0x8") == 0);

        io::Diagnostics diag;
        diag.lenient = true;
        auto soft = io::readWdt(damaged, diag);
        QVERIFY(soft);
        QCOMPARE(soft->version, version);
        QCOMPARE(diag.warnings.size(), std::size_t(1));
        QCOMPARE(diag.warnings[0].code, io::ErrorCode::UnsupportedVersion);
        QVERIFY(io::writeWdt(*soft) == damaged);
    }
    // A wrong id in MVER's place: MVER is missing and the chunk is kept as unknown in lenient mode.
    std::vector<std::byte> renamed = mAzeroth;
    putU32(renamed, 0, io::FourCC("MVEX").value);
    auto strict = io::readWdt(renamed);
    QVERIFY(!strict);
    QCOMPARE(strict.error().code, io::ErrorCode::MissingChunk);
    QCOMPARE(strict.error().chunk, io::chunk::MVER);
    QCOMPARE(strict.error().offset, kAzerothSize);
    io::Diagnostics diag;
    diag.lenient = true;
    auto soft = io::readWdt(renamed, diag);
    QVERIFY(soft);
    QCOMPARE(soft->unknown.size(), std::size_t(1));
    QCOMPARE(soft->unknown[0].id, io::FourCC("MVEX"));
}

void TestWdt::missingChunks() {
    const auto chunks = listChunks(mAzeroth);
    QCOMPARE(chunks.size(), std::size_t(4));
    const io::FourCC required[] = {io::chunk::MVER, io::chunk::MPHD, io::chunk::MAIN};
    for (int i = 0; i < 3; ++i) {
        const auto& c = chunks[std::size_t(i)];
        QCOMPARE(c.id, required[i]);
        std::vector<std::byte> without(mAzeroth.begin(), mAzeroth.begin() + std::ptrdiff_t(c.offset));
        without.insert(without.end(), mAzeroth.begin() + std::ptrdiff_t(c.offset + 8 + c.size),
                       mAzeroth.end());
        auto strict = io::readWdt(without);
        QVERIFY(!strict);
        QCOMPARE(strict.error().code, io::ErrorCode::MissingChunk);
        QCOMPARE(strict.error().chunk, c.id);
        QCOMPARE(strict.error().offset, std::uint64_t(without.size()));

        io::Diagnostics diag;
        diag.lenient = true;
        auto soft = io::readWdt(without, diag);
        if (c.id == io::chunk::MAIN) {
            QVERIFY(!soft); // no map without MAIN, lenient or not
            QCOMPARE(soft.error().chunk, io::chunk::MAIN);
            QCOMPARE(soft.error().code, io::ErrorCode::MissingChunk);
        } else {
            QVERIFY(soft);
            QCOMPARE(diag.warnings.size(), std::size_t(1));
            QCOMPARE(diag.warnings[0].chunk, c.id);
            QCOMPARE(soft->tileCount(), 687);
            QCOMPARE(soft->version, 18u);
        }
    }
    auto empty = io::readWdt(std::span<const std::byte>{});
    QVERIFY(!empty);
    QCOMPARE(empty.error().code, io::ErrorCode::MissingChunk);
    QCOMPARE(empty.error().chunk, io::chunk::MAIN);
}

void TestWdt::duplicateAndMisplacedChunks() {
    const auto chunks = listChunks(mAzeroth);
    const auto& main = chunks[2];
    // MAIN twice.
    std::vector<std::byte> twice = mAzeroth;
    twice.insert(twice.end(), mAzeroth.begin() + std::ptrdiff_t(main.offset),
                 mAzeroth.begin() + std::ptrdiff_t(main.offset + 8 + main.size));
    putU32(twice, kAzerothSize + 8, 0xFFFFFFFFu); // the second copy differs in tile 0,0
    auto strict = io::readWdt(twice);
    QVERIFY(!strict);
    QCOMPARE(strict.error().code, io::ErrorCode::BadValue);
    QCOMPARE(strict.error().chunk, io::chunk::MAIN);
    QCOMPARE(strict.error().offset, kAzerothSize);
    io::Diagnostics diag;
    diag.lenient = true;
    auto soft = io::readWdt(twice, diag);
    QVERIFY(soft);
    QCOMPARE(diag.warnings.size(), std::size_t(1));
    QVERIFY(!soft->hasTile(0, 0)); // the first MAIN is kept
    QVERIFY(io::writeWdt(*soft) == mAzeroth);

    // MWMO before MAIN.
    std::vector<std::byte> swapped(mAzeroth.begin(), mAzeroth.begin() + std::ptrdiff_t(main.offset));
    appendChunk(swapped, io::chunk::MWMO, {});
    swapped.insert(swapped.end(), mAzeroth.begin() + std::ptrdiff_t(main.offset),
                   mAzeroth.begin() + std::ptrdiff_t(kAzerothMwmoAt));
    QCOMPARE(swapped.size(), mAzeroth.size());
    auto strictSwapped = io::readWdt(swapped);
    QVERIFY(!strictSwapped);
    QCOMPARE(strictSwapped.error().chunk, io::chunk::MAIN);
    QCOMPARE(strictSwapped.error().offset, main.offset + 8);
    io::Diagnostics diag2;
    diag2.lenient = true;
    auto softSwapped = io::readWdt(swapped, diag2);
    QVERIFY(softSwapped);
    QCOMPARE(diag2.warnings.size(), std::size_t(1));
    QVERIFY(io::writeWdt(*softSwapped) == mAzeroth); // written in Blizzard's order
}

void TestWdt::strayTrailingBytes() {
    for (int extra = 1; extra < 8; ++extra) {
        std::vector<std::byte> longer = mAzeroth;
        longer.resize(longer.size() + std::size_t(extra), std::byte{0x4D});
        auto strict = io::readWdt(longer);
        QVERIFY(!strict);
        QCOMPARE(strict.error().code, io::ErrorCode::Truncated);
        QCOMPARE(strict.error().offset, kAzerothSize);
        io::Diagnostics diag;
        diag.lenient = true;
        auto soft = io::readWdt(longer, diag);
        QVERIFY(soft);
        QCOMPARE(diag.warnings.size(), std::size_t(1));
        QVERIFY(io::writeWdt(*soft) == mAzeroth);
    }
}

// Short MPHD and MAIN, a ragged MODF and a chunk running past the end: lenient mode reads what is
// there, with one warning each.
void TestWdt::lenientKeepsGoing() {
    std::vector<std::byte> file;
    appendChunk(file, io::chunk::MVER, words({18}));
    appendChunk(file, io::chunk::MPHD, words({0x84, 9}));
    std::vector<std::byte> main(100 * 8);
    putU32(main, 99 * 8, 1); // tile 35,1
    putU32(main, 99 * 8 + 4, 5);
    appendChunk(file, io::chunk::MAIN, main);
    std::vector<std::byte> modf(64 + 10);
    putU32(modf, 4, 4242);
    appendChunk(file, io::chunk::MODF, modf);
    const std::uint64_t tailAt = file.size();
    appendChunk(file, io::FourCC("TAIL"), text("0123456789"));
    putU32(file, tailAt + 4, 1000);

    auto strict = io::readWdt(file);
    QVERIFY(!strict);
    QCOMPARE(strict.error().chunk, io::chunk::MPHD);
    QCOMPARE(strict.error().offset, std::uint64_t(12));

    io::Diagnostics diag;
    diag.lenient = true;
    auto soft = io::readWdt(file, diag);
    QVERIFY(soft);
    QCOMPARE(diag.warnings.size(), std::size_t(4));
    QCOMPARE(diag.warnings[0].chunk, io::chunk::MPHD);
    QCOMPARE(diag.warnings[1].chunk, io::chunk::MAIN);
    QCOMPARE(diag.warnings[2].chunk, io::chunk::MODF);
    QCOMPARE(diag.warnings[3].chunk, io::FourCC("TAIL"));
    QCOMPARE(diag.warnings[3].code, io::ErrorCode::SizeOutOfBounds);
    QCOMPARE(diag.warnings[3].offset, tailAt);
    QCOMPARE(soft->flags, 0x84u);
    QVERIFY(soft->bigAlpha());
    QCOMPARE(soft->headerRest[0], 9u);
    QCOMPARE(soft->headerRest[6], 0u);
    QCOMPARE(soft->tileCount(), 1);
    QVERIFY(soft->hasTile(35, 1));
    QCOMPARE(soft->tile(35, 1).asyncId, 5u);
    QCOMPARE(soft->mapObjects->size(), std::size_t(1));
    QCOMPARE(soft->mapObject()->uniqueId, 4242u);
    QCOMPARE(soft->unknown.size(), std::size_t(1));
    QCOMPARE(soft->unknown[0].data.size(), std::size_t(10));
    QCOMPARE(soft->unknown[0].after, io::chunk::MODF);

    // What lenient mode salvaged writes as a valid file.
    const auto repaired = io::writeWdt(*soft);
    auto again = io::readWdt(repaired);
    QVERIFY2(again, again ? "" : again.error().describe().c_str());
    QVERIFY(*again == *soft);

    // Strict mode leaves the warnings list alone.
    io::Diagnostics strictDiag;
    QVERIFY(!io::readWdt(file, strictDiag));
    QVERIFY(strictDiag.warnings.empty());
}

void TestWdt::fileHelpers() {
    auto read = io::readFileBytes(tests::corpusPath("adt/Azeroth.wdt"));
    QVERIFY(read);
    QVERIFY(*read == mAzeroth);

    auto missing = io::readFileBytes(tests::corpusPath("adt/no-such-file.wdt"));
    QVERIFY(!missing);
    QCOMPARE(missing.error().code, io::ErrorCode::FileIo);
    QVERIFY(missing.error().message.find("no-such-file.wdt") != std::string::npos);
    auto directory = io::readFileBytes(tests::corpusPath("adt"));
    QVERIFY(!directory);
    QCOMPARE(directory.error().code, io::ErrorCode::FileIo);

    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const std::string path = dir.filePath("made.wdt").toStdString();
    auto written = io::writeFileBytes(path, mMade);
    QVERIFY(written);
    auto back = io::readFileBytes(path);
    QVERIFY(back);
    QVERIFY(*back == mMade);
    // Overwrite with a shorter file truncates.
    QVERIFY(io::writeFileBytes(path, std::span<const std::byte>(mMade.data(), 10)));
    QCOMPARE(io::readFileBytes(path)->size(), std::size_t(10));
    QVERIFY(io::writeFileBytes(path, std::span<const std::byte>{}));
    QVERIFY(io::readFileBytes(path)->empty());

    auto noDir = io::writeFileBytes(dir.filePath("missing/dir/x.wdt").toStdString(), mMade);
    QVERIFY(!noDir);
    QCOMPARE(noDir.error().code, io::ErrorCode::FileIo);
}

QTEST_APPLESS_MAIN(TestWdt)
#include "test_wdt.moc"
