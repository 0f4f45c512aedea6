// Garbage is refused at its first bytes and costs bounded work: a file of zeros names MVER at offset 0, a
// valid MVER followed by garbage names the first bytes that are not a chunk id, a lenient read lists at most
// kMaxListedProblems problems and a "... and N more" line, and a count field claiming 2^31 entries is an
// error naming its chunk without a large allocation (counted by the replaced operator new below).

#include "io/adt/adt.h"
#include "io/adt/adt_layout.h"
#include "io/adt/adt_split.h"
#include "io/binary/chunk_id.h"
#include "io/binary/diagnostics.h"
#include "io/model/wmo.h"
#include "io/wdl/wdl.h"
#include "io/wdt/wdt.h"
#include "support/test_files.h"

#include <QtTest>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <new>

using namespace mapsmith;

namespace {

// The largest single allocation while counting (bytes): readers must not size anything from a count the
// file's bytes cannot back.
std::atomic<bool> gCounting{false};
std::atomic<std::size_t> gLargest{0};

class LargestAllocation {
public:
    LargestAllocation() {
        gLargest = 0;
        gCounting = true;
    }
    ~LargestAllocation() { gCounting = false; }
    std::size_t bytes() const { return gLargest; }
};

} // namespace

void* operator new(std::size_t n) {
    if (gCounting) {
        std::size_t seen = gLargest;
        while (n > seen && !gLargest.compare_exchange_weak(seen, n)) {
        }
    }
    if (void* p = std::malloc(n == 0 ? 1 : n)) {
        return p;
    }
    throw std::bad_alloc();
}
void* operator new[](std::size_t n) {
    return ::operator new(n);
}
void operator delete(void* p) noexcept {
    std::free(p);
}
void operator delete[](void* p) noexcept {
    std::free(p);
}
void operator delete(void* p, std::size_t) noexcept {
    std::free(p);
}
void operator delete[](void* p, std::size_t) noexcept {
    std::free(p);
}

namespace {

using Bytes = std::vector<std::byte>;

Bytes zeros(std::size_t n) {
    return Bytes(n, std::byte{0});
}

// MVER 18 (12 bytes) followed by `rest`.
Bytes mverThen(const Bytes& rest) {
    Bytes out = {std::byte('R'), std::byte('E'), std::byte('V'), std::byte('M'), std::byte(4), std::byte(0),
                 std::byte(0),   std::byte(0),   std::byte(18),  std::byte(0),   std::byte(0), std::byte(0)};
    out.insert(out.end(), rest.begin(), rest.end());
    return out;
}

void putU32(Bytes& b, std::size_t at, std::uint32_t v) {
    std::memcpy(b.data() + at, &v, 4);
}
std::uint32_t getU32(const Bytes& b, std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

// Header offset of the first top-level chunk `id` of an ADT (0 when absent).
std::uint64_t topChunk(const Bytes& file, io::FourCC id) {
    io::Diagnostics diag;
    for (const io::ChunkEntry& c : io::listAdtChunks(file, diag)) {
        if (c.mcnkIndex < 0 && c.id == id) {
            return c.offset;
        }
    }
    return 0;
}

io::Expected<io::AdtReadResult> readAdt(const Bytes& file, bool lenient) {
    io::AdtReadOptions options;
    options.lenient = lenient;
    return io::readAdt(file, options);
}

} // namespace

class TestBoundedReads : public QObject {
    Q_OBJECT
private slots:
    void chunkIds();
    void zerosNameMverAtZero_data();
    void zerosNameMverAtZero();
    void garbageAfterMver_data();
    void garbageAfterMver();
    void splitSetNamesTheGarbageFile();
    void lenientListIsCapped();
    void lenientReadStopsAfterTheBound();
    void lenientCapOnACorpusTile();
    void hugeCountWithoutAllocation();
    void corpusStillReads();
};

void TestBoundedReads::chunkIds() {
    QVERIFY(io::isPlausibleChunkId(io::chunk::MVER));
    QVERIFY(io::isPlausibleChunkId(io::FourCC("MCly")));
    QVERIFY(!io::isPlausibleChunkId(io::FourCC{}));
    QVERIFY(!io::isPlausibleChunkId(io::FourCC(0x4D56E552u))); // 'M' 'V' 0xE5 'R'
    QCOMPARE(io::chunkIdText(io::FourCC{}), std::string("00 00 00 00"));
    QCOMPARE(io::chunkIdText(io::chunk::MVER), std::string("MVER"));
    QVERIFY(!io::checkFirstChunk(mverThen({}), io::chunk::MVER));
    QVERIFY(!io::checkFirstChunk(Bytes(3), io::chunk::MVER)); // too short to tell: the reader says why
}

void TestBoundedReads::zerosNameMverAtZero_data() {
    QTest::addColumn<bool>("lenient");
    QTest::newRow("strict") << false;
    QTest::newRow("lenient") << true;
}

// 4 MB of zeros: every chunked reader refuses at offset 0, naming MVER, and allocates no more than the file.
void TestBoundedReads::zerosNameMverAtZero() {
    QFETCH(bool, lenient);
    const Bytes file = zeros(4u << 20);
    const auto check = [](const io::Error& e) {
        QCOMPARE(e.chunk, io::chunk::MVER);
        QCOMPARE(e.offset, std::uint64_t(0));
        QCOMPARE(e.code, io::ErrorCode::BadMagic);
        QVERIFY2(e.message.find("00 00 00 00") != std::string::npos, e.message.c_str());
    };
    LargestAllocation largest;
    auto adt = readAdt(file, lenient);
    QVERIFY(!adt);
    check(adt.error());
    io::Diagnostics diag;
    diag.lenient = lenient;
    auto wdt = io::readWdt(file, diag);
    QVERIFY(!wdt);
    check(wdt.error());
    auto wdl = io::readWdl(file);
    QVERIFY(!wdl);
    check(wdl.error());
    io::Diagnostics listed;
    QVERIFY(io::listAdtChunks(file, listed).empty());
    QCOMPARE(listed.warnings.size(), std::size_t(1));
    check(listed.warnings[0]);
    io::Diagnostics wmoDiag;
    wmoDiag.lenient = lenient;
    auto wmo = io::readWmoRoot(file, wmoDiag);
    QVERIFY(!wmo);
    QCOMPARE(wmo.error().offset, std::uint64_t(0));
    QVERIFY(largest.bytes() < file.size());
}

void TestBoundedReads::garbageAfterMver_data() {
    QTest::addColumn<bool>("lenient");
    QTest::addColumn<bool>("random");
    QTest::newRow("zeros, strict") << false << false;
    QTest::newRow("zeros, lenient") << true << false;
    QTest::newRow("bytes, strict") << false << true;
    QTest::newRow("bytes, lenient") << true << true;
}

// MVER, then 4 MB that are no chunk stream: refused at offset 12 (the first bytes that are not a chunk id).
void TestBoundedReads::garbageAfterMver() {
    QFETCH(bool, lenient);
    QFETCH(bool, random);
    Bytes rest = zeros(4u << 20);
    if (random) {
        std::uint32_t x = 0x12345678u;
        for (std::byte& b : rest) {
            x = x * 1664525u + 1013904223u;
            b = std::byte(x >> 24);
        }
        rest[0] = std::byte(0x01); // never a letter or digit
    }
    const Bytes file = mverThen(rest);
    LargestAllocation largest;
    auto adt = readAdt(file, lenient);
    QVERIFY(!adt);
    QCOMPARE(adt.error().offset, std::uint64_t(12));
    QVERIFY2(adt.error().message.find("not a chunk id") != std::string::npos, adt.error().message.c_str());
    io::Diagnostics diag;
    diag.lenient = lenient;
    auto wdt = io::readWdt(file, diag);
    QVERIFY(!wdt);
    QCOMPARE(wdt.error().offset, std::uint64_t(12));
    auto wdl = io::readWdl(file);
    QVERIFY(!wdl);
    QCOMPARE(wdl.error().offset, std::uint64_t(12));
    QVERIFY(largest.bytes() < file.size());
}

// A set whose _obj0 is garbage: the error names that file (the others read).
void TestBoundedReads::splitSetNamesTheGarbageFile() {
    const Bytes good = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("adt/continent4229.adt"));
    auto adt = io::readAdt(good);
    QVERIFY(adt);
    io::SplitAdtFiles set = io::writeSplitAdt(adt->adt);
    set.obj0 = zeros(1u << 20);
    auto read = io::readSplitAdt(set);
    QVERIFY(!read);
    QCOMPARE(read.error().file, std::string("obj0"));
    QCOMPARE(read.error().chunk, io::chunk::MVER);
    QCOMPARE(read.error().offset, std::uint64_t(0));
}

void TestBoundedReads::lenientListIsCapped() {
    io::Diagnostics diag;
    diag.lenient = true;
    io::ProblemReporter report(diag);
    const std::uint64_t total = io::kMaxListedProblems + 50;
    for (std::uint64_t i = 0; i < total; ++i) {
        QVERIFY(report.problem(io::Error{io::ErrorCode::BadValue, io::chunk::MDDF, 100 + i, "problem"}));
    }
    QVERIFY(!report.failed());
    QCOMPARE(diag.warnings.size(), std::size_t(io::kMaxListedProblems + 1));
    const io::Warning& more = diag.warnings.back();
    QCOMPARE(more.message, std::string("... and 50 more problems (not listed; the first of them is here)"));
    QCOMPARE(more.offset, 100 + io::kMaxListedProblems); // where the first unlisted one is
    report.warn(io::Error{io::ErrorCode::BadValue, io::chunk::MFBO, 1, "a note"}); // never counted
    QVERIFY(report.problem(io::Error{io::ErrorCode::BadValue, io::chunk::MDDF, 1, "problem"}));
    QCOMPARE(diag.warnings[std::size_t(io::kMaxListedProblems)].message.substr(0, 14),
             std::string("... and 51 mor"));
}

void TestBoundedReads::lenientReadStopsAfterTheBound() {
    io::Diagnostics diag;
    diag.lenient = true;
    io::ProblemReporter report(diag);
    for (std::uint64_t i = 0; i < io::kMaxLenientProblems; ++i) {
        QVERIFY(report.problem(io::Error{io::ErrorCode::BadValue, io::chunk::MCNK, i, "problem"}));
    }
    QVERIFY(!report.problem(io::Error{io::ErrorCode::BadValue, io::chunk::MCNK, 7, "the last straw"}));
    QVERIFY(report.failed());
    QCOMPARE(report.error().offset, std::uint64_t(7));
    QVERIFY(report.error().message.find("too many problems") == 0);
    QVERIFY(report.error().message.find("the last straw") != std::string::npos);
    QCOMPARE(diag.warnings.size(), std::size_t(io::kMaxListedProblems + 1));
}

// continent4229 with every MDDF nameId past MMID (381 problems): the lenient read lists 100 and one
// "... and 281 more" line, and still reads the tile.
void TestBoundedReads::lenientCapOnACorpusTile() {
    Bytes file = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("adt/continent4229.adt"));
    const std::uint64_t mddf = topChunk(file, io::chunk::MDDF);
    QVERIFY(mddf != 0);
    const std::uint32_t size = getU32(file, std::size_t(mddf + 4));
    const std::uint32_t count = size / 36;
    QCOMPARE(count, 381u);
    for (std::uint32_t i = 0; i < count; ++i) {
        putU32(file, std::size_t(mddf + 8 + 36 * i), 0x7FFFFFFFu);
    }
    auto strict = readAdt(file, false);
    QVERIFY(!strict);
    QCOMPARE(strict.error().chunk, io::chunk::MDDF);
    QCOMPARE(strict.error().offset, mddf + 8);
    auto soft = readAdt(file, true);
    QVERIFY(soft);
    std::size_t mddfWarnings = 0;
    const io::Warning* more = nullptr;
    for (const io::Warning& w : soft->warnings) {
        if (w.message.rfind("... and ", 0) == 0) {
            more = &w;
        } else if (w.chunk == io::chunk::MDDF) {
            ++mddfWarnings;
        }
    }
    QCOMPARE(mddfWarnings, std::size_t(io::kMaxListedProblems));
    QVERIFY(more);
    QCOMPARE(more->message, std::string("... and " + std::to_string(count - io::kMaxListedProblems) +
                                        " more problems (not listed; the first of them is here)"));
    QCOMPARE(soft->adt.doodads.size(), std::size_t(count));
}

// An MCNK header counting 2^31 doodad references in a 1.2 MB tile: an error naming MCRF, no allocation of
// that size.
void TestBoundedReads::hugeCountWithoutAllocation() {
    Bytes file = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("adt/continent4229.adt"));
    const std::uint64_t mcnk = topChunk(file, io::chunk::MCNK);
    QVERIFY(mcnk != 0);
    putU32(file, std::size_t(mcnk + 8 + 0x10), 0x80000000u); // nDoodadRefs
    LargestAllocation largest;
    auto strict = readAdt(file, false);
    QVERIFY(!strict);
    QCOMPARE(strict.error().chunk, io::chunk::MCRF);
    QVERIFY2(strict.error().message.find("2147483648") != std::string::npos, strict.error().message.c_str());
    QVERIFY(strict.error().offset > mcnk &&
            strict.error().offset < mcnk + getU32(file, std::size_t(mcnk + 4)));
    auto soft = readAdt(file, true);
    QVERIFY(soft);
    QVERIFY(largest.bytes() < 4 * file.size());
}

// The real files read as before (no chunk id of theirs is refused).
void TestBoundedReads::corpusStillReads() {
    for (const char* name : {"adt/continent4229.adt", "adt/Azeroth_38_46.adt"}) {
        const Bytes file = mapsmith::tests::readBytes(mapsmith::tests::corpusPath(name));
        auto adt = readAdt(file, false);
        QVERIFY2(adt, name);
        QVERIFY(adt->warnings.empty());
        QVERIFY(!io::checkChunkStream(file, io::chunk::MVER));
    }
    const Bytes wdt = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("adt/Azeroth.wdt"));
    QVERIFY(io::readWdt(wdt));
    const Bytes wmo = mapsmith::tests::readBytes(mapsmith::tests::corpusPath("models/trolltent.wmo"));
    QVERIFY(io::readWmoRoot(wmo));
}

QTEST_GUILESS_MAIN(TestBoundedReads)
#include "test_bounded_reads.moc"
