// Hand-made damage to real tiles: chunks of every kind truncated, size and count fields corrupted. The reader
// must answer with an error naming a chunk and an offset inside the file (or read the file), never crash.

#include "io/adt/adt.h"
#include "io/adt/adt_layout.h"
#include "io/binary/byte_reader.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>
#include <cstring>
#include <map>

using namespace mapsmith;

namespace {

void putU32(std::vector<std::byte>& b, std::uint64_t at, std::uint32_t v) {
    std::memcpy(b.data() + at, &v, 4);
}
std::uint32_t getU32(const std::vector<std::byte>& b, std::uint64_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

// Reads strictly and leniently; checks the error is well formed. Returns true when strict read failed.
bool readBoth(const std::vector<std::byte>& bytes, const char* what) {
    auto strict = io::readAdt(bytes);
    if (!strict) {
        const io::Error& e = strict.error();
        if (e.offset > bytes.size()) {
            qWarning("%s: error offset 0x%llx past the file (%zu bytes): %s", what,
                     static_cast<unsigned long long>(e.offset), bytes.size(), e.describe().c_str());
            return false;
        }
        if (e.message.empty()) {
            qWarning("%s: error without a message", what);
        }
    }
    io::AdtReadOptions lenient;
    lenient.lenient = true;
    auto soft = io::readAdt(bytes, lenient);
    if (soft) {
        for (const auto& w : soft->warnings) {
            if (w.offset > bytes.size()) {
                qWarning("%s: warning offset past the file: %s", what, w.describe().c_str());
            }
        }
    }
    (void)io::checkAdtLayout(bytes);
    return !strict.hasValue();
}

} // namespace

class TestAdtMalformed : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void truncateEveryChunk_data();
    void truncateEveryChunk();
    void corruptEverySizeField_data();
    void corruptEverySizeField();
    void corruptHeaderCounts();
    void badMagicAndVersion();
    void missingMcnks();
    void errorNamesChunkAndOffset();

private:
    std::vector<std::byte> mFiles[2];
    std::vector<io::ChunkEntry> mChunks[2];
    // What the every-chunk cases damage: every top-level chunk but the MCNKs, the MCNKs (with their
    // sub-chunks) at kSampledMcnks, and the first kFirstOfEachId occurrences of every id. MCNKs share one
    // layout, so damaging all 256 repeats the same reads (minutes of CI) for no new path.
    std::vector<io::ChunkEntry> mSample[2];
};

namespace {

constexpr int kSampledMcnks[] = {0, 1, 2, 17, 85, 136, 204, 254, 255};
constexpr int kFirstOfEachId = 4;

std::vector<io::ChunkEntry> sampleChunks(const std::vector<io::ChunkEntry>& all) {
    std::vector<io::ChunkEntry> out;
    std::map<std::string, int> seen;
    int mcnk = -1;
    for (const auto& c : all) {
        const bool topMcnk = c.mcnkIndex < 0 && c.id == io::chunk::MCNK;
        if (topMcnk) {
            ++mcnk;
        }
        const int ordinal = topMcnk ? mcnk : c.mcnkIndex;
        const bool sampledMcnk = ordinal >= 0 && std::find(std::begin(kSampledMcnks), std::end(kSampledMcnks),
                                                           ordinal) != std::end(kSampledMcnks);
        const bool early = ++seen[c.id.str()] <= kFirstOfEachId;
        if (ordinal < 0 || sampledMcnk || early) {
            out.push_back(c);
        }
    }
    return out;
}

} // namespace

void TestAdtMalformed::initTestCase() {
    const char* names[2] = {"adt/Azeroth_38_46.adt", "adt/continent4229.adt"};
    for (int i = 0; i < 2; ++i) {
        mFiles[i] = tests::readBytes(tests::corpusPath(names[i]));
        QVERIFY(!mFiles[i].empty());
        io::Diagnostics diag;
        mChunks[i] = io::listAdtChunks(mFiles[i], diag);
        QVERIFY(diag.warnings.empty());
        QVERIFY(mChunks[i].size() > 256);
        mSample[i] = sampleChunks(mChunks[i]);
        QVERIFY(mSample[i].size() > 50);
    }
}

void TestAdtMalformed::truncateEveryChunk_data() {
    QTest::addColumn<int>("file");
    QTest::newRow("Azeroth_38_46") << 0;
    QTest::newRow("continent4229") << 1;
}

// Cuts the file inside every chunk's header and inside its data: always an error, never a crash.
void TestAdtMalformed::truncateEveryChunk() {
    QFETCH(int, file);
    const auto& bytes = mFiles[file];
    int cuts = 0;
    for (const auto& c : mSample[file]) {
        for (std::uint64_t cut :
             {c.offset + 3, c.offset + 8 + c.size / 2, c.offset + 8 + (c.size ? c.size - 1 : 0)}) {
            if (cut >= bytes.size()) {
                continue;
            }
            std::vector<std::byte> damaged(bytes.begin(), bytes.begin() + std::ptrdiff_t(cut));
            const std::string what = c.id.str() + " cut at " + std::to_string(cut);
            QVERIFY2(readBoth(damaged, what.c_str()), what.c_str());
            ++cuts;
        }
    }
    QVERIFY(cuts > 150);
}

void TestAdtMalformed::corruptEverySizeField_data() {
    QTest::addColumn<int>("file");
    QTest::addColumn<quint32>("value");
    for (int f = 0; f < 2; ++f) {
        const char* name = f == 0 ? "Azeroth" : "continent4229";
        for (quint32 v : {0xFFFFFFFFu, 0x7FFFFFFFu, 0x80000000u, 0xFFFFFFF8u}) {
            QTest::newRow(QStringLiteral("%1 size=%2").arg(name).arg(v, 0, 16).toLatin1()) << f << v;
        }
        QTest::newRow(QStringLiteral("%1 size+1").arg(name).toLatin1()) << f << 1u;
        QTest::newRow(QStringLiteral("%1 size-1").arg(name).toLatin1()) << f << 2u;
        QTest::newRow(QStringLiteral("%1 size=0").arg(name).toLatin1()) << f << 3u;
    }
}

// Values 1, 2, 3 stand for size+1, size-1 and 0.
void TestAdtMalformed::corruptEverySizeField() {
    QFETCH(int, file);
    QFETCH(quint32, value);
    const auto& bytes = mFiles[file];
    int errors = 0;
    for (const auto& c : mSample[file]) {
        std::vector<std::byte> damaged = bytes;
        const std::uint32_t old = getU32(bytes, c.offset + 4);
        std::uint32_t v = value;
        if (value == 1u) {
            v = old + 1;
        } else if (value == 2u) {
            v = old - 1;
        } else if (value == 3u) {
            v = 0;
        }
        if (v == old) {
            continue;
        }
        putU32(damaged, c.offset + 4, v);
        const std::string what =
            c.id.str() + " at " + std::to_string(c.offset) + " size " + std::to_string(v);
        errors += readBoth(damaged, what.c_str()) ? 1 : 0;
    }
    // Huge sizes must always be caught; small changes to MCAL/MCLQ sizes are covered by the header's sizes.
    if (value >= 0x7FFFFFFFu) {
        // MCAL's own size field is not used (the client takes sizeAlpha from the MCNK header).
        int mcal = 0;
        for (const auto& c : mSample[file]) {
            mcal += c.id == io::chunk::MCAL ? 1 : 0;
        }
        QCOMPARE(errors, int(mSample[file].size()) - mcal);
    } else {
        QVERIFY(errors > 0);
    }
}

void TestAdtMalformed::corruptHeaderCounts() {
    const auto& bytes = mFiles[1];
    int checked = 0;
    for (const auto& c : mChunks[1]) {
        if (c.id != io::chunk::MCNK) {
            continue;
        }
        // Every word of the 128-byte header, set to extreme values.
        for (std::uint64_t word = 0; word < 32; ++word) {
            for (std::uint32_t v : {0xFFFFFFFFu, 0x10000000u, 5u}) {
                std::vector<std::byte> damaged = bytes;
                putU32(damaged, c.offset + 8 + word * 4, v);
                readBoth(damaged, "MCNK header");
                ++checked;
            }
        }
        break; // the first MCNK: its layout is shared by all
    }
    // MCIN entries, MMID offsets, MDDF name ids and MCLY texture ids / alpha offsets.
    for (const auto& c : mChunks[1]) {
        if (c.id == io::chunk::MMID || c.id == io::chunk::MDDF || c.id == io::chunk::MCIN ||
            (c.id == io::chunk::MCLY && c.mcnkIndex < 4) || (c.id == io::chunk::MCRF && c.mcnkIndex < 4)) {
            for (std::uint64_t at = c.offset + 8;
                 at + 4 <= c.offset + 8 + std::min<std::uint64_t>(c.size, 256); at += 4) {
                std::vector<std::byte> damaged = bytes;
                putU32(damaged, at, 0xFFFFFFF0u);
                readBoth(damaged, c.id.str().c_str());
                ++checked;
            }
        }
    }
    QVERIFY(checked > 100);
    // A texture index past MTEX is an error naming MCLY.
    for (const auto& c : mChunks[1]) {
        if (c.id == io::chunk::MCLY) {
            std::vector<std::byte> damaged = bytes;
            putU32(damaged, c.offset + 8, 999);
            auto r = io::readAdt(damaged);
            QVERIFY(!r);
            QCOMPARE(r.error().chunk, io::chunk::MCLY);
            QCOMPARE(r.error().offset, c.offset + 8);
            io::AdtReadOptions lenient;
            lenient.lenient = true;
            auto soft = io::readAdt(damaged, lenient);
            QVERIFY(soft);
            QVERIFY(!soft->warnings.empty());
            break;
        }
    }
}

void TestAdtMalformed::badMagicAndVersion() {
    std::vector<std::byte> damaged = mFiles[0];
    putU32(damaged, 8, 17);
    auto r = io::readAdt(damaged);
    QVERIFY(!r);
    QCOMPARE(r.error().code, io::ErrorCode::UnsupportedVersion);
    QCOMPARE(r.error().chunk, io::chunk::MVER);

    damaged = mFiles[0];
    std::memcpy(damaged.data() + 0x0C, "XXXX", 4); // MHDR renamed: kept as unknown, MHDR missing
    r = io::readAdt(damaged);
    QVERIFY(!r);
    QCOMPARE(r.error().code, io::ErrorCode::MissingChunk);
    QCOMPARE(r.error().chunk, io::chunk::MHDR);

    const std::vector<std::byte> garbage(100, std::byte{0x41});
    QVERIFY(!io::readAdt(garbage));
    QVERIFY(!io::readAdt({}));
}

void TestAdtMalformed::missingMcnks() {
    // Drop the last MCNK.
    const auto& c = mChunks[0];
    const io::ChunkEntry* last = nullptr;
    for (const auto& e : c) {
        if (e.id == io::chunk::MCNK) {
            last = &e;
        }
    }
    QVERIFY(last);
    std::vector<std::byte> damaged(mFiles[0].begin(), mFiles[0].begin() + std::ptrdiff_t(last->offset));
    auto r = io::readAdt(damaged);
    QVERIFY(!r);
    QCOMPARE(r.error().chunk, io::chunk::MCNK);
    QVERIFY(QString::fromStdString(r.error().message).contains(QStringLiteral("255")));
    io::AdtReadOptions lenient;
    lenient.lenient = true;
    auto soft = io::readAdt(damaged, lenient);
    QVERIFY(soft);
    QCOMPARE(soft->adt.chunks.size(), std::size_t(256));
}

void TestAdtMalformed::errorNamesChunkAndOffset() {
    // An MCVT whose size field runs past its MCNK.
    for (const auto& c : mChunks[1]) {
        if (c.id == io::chunk::MCVT && c.mcnkIndex == 7) {
            std::vector<std::byte> damaged = mFiles[1];
            putU32(damaged, c.offset + 4, 100000);
            auto r = io::readAdt(damaged);
            QVERIFY(!r);
            QCOMPARE(r.error().chunk, io::chunk::MCVT);
            QCOMPARE(r.error().offset, c.offset);
            QCOMPARE(r.error().code, io::ErrorCode::SizeOutOfBounds);
            QVERIFY(QString::fromStdString(r.error().describe()).startsWith(QStringLiteral("MCVT at 0x")));
            return;
        }
    }
    QFAIL("no MCVT found");
}

QTEST_APPLESS_MAIN(TestAdtMalformed)
#include "test_adt_malformed.moc"
