// io::listAdtChunks on both MCNK shapes: v18 files and split roots (128-byte header, then sub-chunks) and
// split _tex0/_obj0 files (headerless MCNKs that hold sub-chunks directly), built from corpus tiles with
// io::writeSplitAdt. Also io::isHeaderlessMcnk / headerlessSubchunks on hand-made MCNK data.

#include "io/adt/adt.h"
#include "io/adt/adt_layout.h"
#include "io/adt/adt_split.h"
#include "io/adt/mcnk_shape.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>
#include <map>

using namespace mapsmith;

namespace {

io::Adt readV18(const char* name) {
    const auto bytes = tests::readBytes(tests::corpusPath(name));
    io::AdtReadOptions options;
    options.bigAlpha = false; // Azeroth.wdt: MPHD flags 0
    auto result = io::readAdt(bytes, options);
    if (!result) {
        qFatal("%s: %s", name, result.error().describe().c_str());
    }
    return std::move(result->adt);
}

struct Listing {
    std::vector<io::ChunkEntry> top;                      // top-level chunks
    std::vector<io::ChunkEntry> mcnks;                    // the top-level MCNKs, in file order
    std::map<int, std::vector<io::ChunkEntry>> subchunks; // by MCNK ordinal

    // The sub-chunks of MCNK i (none for an empty MCNK).
    const std::vector<io::ChunkEntry>& of(std::size_t i) const {
        static const std::vector<io::ChunkEntry> none;
        const auto it = subchunks.find(int(i));
        return it == subchunks.end() ? none : it->second;
    }
};

// listAdtChunks of `file`, which must list without warnings.
Listing listOf(const std::vector<std::byte>& file) {
    io::Diagnostics diag;
    Listing out;
    for (const auto& c : io::listAdtChunks(file, diag)) {
        if (c.mcnkIndex >= 0) {
            out.subchunks[c.mcnkIndex].push_back(c);
            continue;
        }
        out.top.push_back(c);
        if (c.id == io::chunk::MCNK) {
            out.mcnks.push_back(c);
        }
    }
    if (!diag.warnings.empty()) {
        qWarning("%s", diag.warnings.front().describe().c_str());
        out.top.clear();
    }
    return out;
}

// The MCNK's sub-chunks are contiguous from `first` and fill it to its end.
bool fillsMcnk(const io::ChunkEntry& mcnk, const std::vector<io::ChunkEntry>& subs, std::uint64_t first) {
    std::uint64_t at = first;
    for (const auto& s : subs) {
        if (s.offset != at) {
            return false;
        }
        at += 8 + s.size;
    }
    return at == mcnk.offset + 8 + mcnk.size;
}

std::vector<io::FourCC> idsOf(const std::vector<io::ChunkEntry>& subs) {
    std::vector<io::FourCC> out;
    for (const auto& s : subs) {
        out.push_back(s.id);
    }
    return out;
}

void putChunk(std::vector<std::byte>& out, io::FourCC id, std::uint32_t size, std::uint32_t written) {
    const std::uint32_t header[2] = {id.value, size};
    const auto* p = reinterpret_cast<const std::byte*>(header);
    out.insert(out.end(), p, p + 8);
    out.insert(out.end(), written, std::byte{0});
}

void putChunk(std::vector<std::byte>& out, io::FourCC id, std::uint32_t size) {
    putChunk(out, id, size, size);
}

} // namespace

class TestAdtLayout : public QObject {
    Q_OBJECT
private slots:
    void splitTexListsSubchunks_data();
    void splitTexListsSubchunks();
    void splitObjListsReferences_data();
    void splitObjListsReferences();
    void splitRootKeepsHeader();
    void v18KeepsHeader();
    void headerlessShape();
    void mcnkIndexCountsEveryMcnk();
};

void TestAdtLayout::splitTexListsSubchunks_data() {
    QTest::addColumn<QString>("tile");
    QTest::addColumn<bool>("hasAlpha");
    // Azeroth_38_46: one layer per chunk, MCAL present but empty; continent4229: alpha maps.
    QTest::newRow("Azeroth_38_46") << QStringLiteral("adt/Azeroth_38_46.adt") << false;
    QTest::newRow("continent4229") << QStringLiteral("adt/continent4229.adt") << true;
}

// _tex0 MCNKs: MCLY (always), MCSH, MCAL from their first byte, no header.
void TestAdtLayout::splitTexListsSubchunks() {
    QFETCH(QString, tile);
    QFETCH(bool, hasAlpha);
    const io::Adt adt = readV18(tile.toUtf8().constData());
    const io::SplitAdtFiles split = io::writeSplitAdt(adt);
    const Listing tex = listOf(split.tex0);
    QVERIFY(!tex.top.empty());
    QCOMPARE(tex.mcnks.size(), std::size_t(256));
    int alphaChunks = 0;
    int mcal = 0;
    for (std::size_t i = 0; i < 256; ++i) {
        const io::MapChunk& c = adt.chunks[i];
        const auto& subs = tex.of(i);
        const std::string where = "MCNK " + std::to_string(i);
        QVERIFY2(!subs.empty(), where.c_str());
        QVERIFY2(fillsMcnk(tex.mcnks[i], subs, tex.mcnks[i].offset + 8), where.c_str());
        QVERIFY2(subs.front().id == io::chunk::MCLY, where.c_str());
        QCOMPARE(subs.front().size, std::uint64_t(16 * c.layers.size()));
        const auto ids = idsOf(subs);
        const auto has = [&](io::FourCC id) { return std::find(ids.begin(), ids.end(), id) != ids.end(); };
        QCOMPARE(has(io::chunk::MCSH), c.shadow.has_value());
        QVERIFY2(!has(io::chunk::MCVT) && !has(io::chunk::MCNR) && !has(io::chunk::MCRF), where.c_str());
        const bool alpha = std::any_of(c.layers.begin(), c.layers.end(),
                                       [](const io::TextureLayer& l) { return l.hasAlpha; });
        QCOMPARE(has(io::chunk::MCAL), c.hasMcal || alpha);
        alphaChunks += alpha ? 1 : 0;
        mcal += has(io::chunk::MCAL) ? 1 : 0;
    }
    QCOMPARE(alphaChunks > 0, hasAlpha);
    QVERIFY(mcal > 0);
}

void TestAdtLayout::splitObjListsReferences_data() {
    QTest::addColumn<QString>("tile");
    QTest::addColumn<bool>("hasRefs");
    QTest::newRow("Azeroth_38_46") << QStringLiteral("adt/Azeroth_38_46.adt") << false;
    QTest::newRow("continent4229") << QStringLiteral("adt/continent4229.adt") << true;
}

// _obj0 MCNKs: MCRD (doodad references) and MCRW (object references) where the chunk has some; else
// empty.
void TestAdtLayout::splitObjListsReferences() {
    QFETCH(QString, tile);
    QFETCH(bool, hasRefs);
    const io::Adt adt = readV18(tile.toUtf8().constData());
    const io::SplitAdtFiles split = io::writeSplitAdt(adt);
    const Listing obj = listOf(split.obj0);
    QVERIFY(!obj.top.empty());
    QCOMPARE(obj.mcnks.size(), std::size_t(256));
    int mcrd = 0;
    for (std::size_t i = 0; i < 256; ++i) {
        const io::MapChunk& c = adt.chunks[i];
        const auto& subs = obj.of(i);
        const std::string where = "MCNK " + std::to_string(i);
        QVERIFY2(fillsMcnk(obj.mcnks[i], subs, obj.mcnks[i].offset + 8), where.c_str());
        std::vector<io::FourCC> expected;
        if (!c.doodadRefs.empty()) {
            expected.push_back(io::chunk::MCRD);
            QCOMPARE(subs.front().size, std::uint64_t(4 * c.doodadRefs.size()));
            ++mcrd;
        }
        if (!c.mapObjectRefs.empty()) {
            expected.push_back(io::chunk::MCRW);
            QCOMPARE(subs.back().size, std::uint64_t(4 * c.mapObjectRefs.size()));
        }
        QVERIFY2(idsOf(subs) == expected, where.c_str());
    }
    QCOMPARE(mcrd > 0, hasRefs);
}

// Split root MCNKs keep the 128-byte header: MCVT first after it, MCNR (435 + 13 outside) listed.
void TestAdtLayout::splitRootKeepsHeader() {
    const io::Adt adt = readV18("adt/Azeroth_38_46.adt");
    const io::SplitAdtFiles split = io::writeSplitAdt(adt);
    const Listing root = listOf(split.root);
    QVERIFY(!root.top.empty());
    QCOMPARE(root.mcnks.size(), std::size_t(256));
    for (std::size_t i = 0; i < 256; ++i) {
        const auto& subs = root.of(i);
        const std::string where = "MCNK " + std::to_string(i);
        QVERIFY2(subs.size() >= 2, where.c_str());
        QVERIFY2(subs.front().id == io::chunk::MCVT, where.c_str());
        QCOMPARE(subs.front().offset, root.mcnks[i].offset + 8 + io::kMcnkHeaderSize);
        QCOMPARE(subs.front().size, std::uint64_t(580));
        const auto ids = idsOf(subs);
        QVERIFY2(std::find(ids.begin(), ids.end(), io::chunk::MCNR) != ids.end(), where.c_str());
        QVERIFY2(std::find(ids.begin(), ids.end(), io::chunk::MCLY) == ids.end(), where.c_str());
        QVERIFY2(std::find(ids.begin(), ids.end(), io::chunk::MCRD) == ids.end(), where.c_str());
    }
}

// v18 tiles: unchanged, every MCNK has its header and the full set of sub-chunks.
void TestAdtLayout::v18KeepsHeader() {
    const auto bytes = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    const Listing v18 = listOf(bytes);
    QVERIFY(!v18.top.empty());
    QCOMPARE(v18.mcnks.size(), std::size_t(256));
    for (std::size_t i = 0; i < 256; ++i) {
        const auto ids = idsOf(v18.of(i));
        QVERIFY(ids.size() >= 4);
        QVERIFY(ids[0] == io::chunk::MCVT);
        QCOMPARE(v18.of(i).front().offset, v18.mcnks[i].offset + 8 + io::kMcnkHeaderSize);
        for (io::FourCC id : {io::chunk::MCNR, io::chunk::MCLY, io::chunk::MCRF}) {
            QVERIFY(std::find(ids.begin(), ids.end(), id) != ids.end());
        }
    }
    QVERIFY(io::checkAdtLayout(bytes).empty());
}

void TestAdtLayout::headerlessShape() {
    std::vector<std::byte> data;
    QVERIFY(io::isHeaderlessMcnk(data)); // empty (an _obj0 MCNK without references)
    QVERIFY(io::headerlessSubchunks(data)->empty());

    putChunk(data, io::chunk::MCLY, 32);
    putChunk(data, io::chunk::MCAL, 0);
    auto subs = io::headerlessSubchunks(data);
    QVERIFY(subs && subs->size() == 2);
    QCOMPARE((*subs)[1].id, io::chunk::MCAL);
    QCOMPARE((*subs)[1].offset, std::uint64_t(40));

    // Bytes left over, a size past the end, an id that is not one: a header, not a run of sub-chunks.
    auto trailing = data;
    trailing.insert(trailing.end(), 3, std::byte{0});
    QVERIFY(!io::isHeaderlessMcnk(trailing));
    auto tooBig = data;
    putChunk(tooBig, io::chunk::MCSH, 100, 50);
    QVERIFY(!io::isHeaderlessMcnk(tooBig));
    std::vector<std::byte> lower;
    putChunk(lower, io::FourCC("MCly"), 0);
    QVERIFY(!io::isHeaderlessMcnk(lower));

    // A real MCNK header (flags, indices first) is not headerless.
    const auto v18 = tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt"));
    io::Diagnostics diag;
    for (const auto& c : io::listAdtChunks(v18, diag)) {
        if (c.mcnkIndex < 0 && c.id == io::chunk::MCNK) {
            QVERIFY(!io::isHeaderlessMcnk(
                std::span(v18).subspan(std::size_t(c.offset + 8), std::size_t(c.size))));
        }
    }

    // MCNR 435 + WotLK's 13 bytes outside the chunk: padding, unless a chunk id follows the 435 bytes.
    std::vector<std::byte> mcnr;
    putChunk(mcnr, io::chunk::MCNR, io::kMcnrEntriesSize, io::kMcnrEntriesSize + io::kMcnrPaddingSize);
    putChunk(mcnr, io::chunk::MCSE, 0);
    subs = io::headerlessSubchunks(mcnr);
    QVERIFY(subs && subs->size() == 2);
    QCOMPARE((*subs)[1].offset, std::uint64_t(8 + 448));
    std::vector<std::byte> tight;
    putChunk(tight, io::chunk::MCNR, io::kMcnrEntriesSize);
    putChunk(tight, io::chunk::MCSE, 5); // 8 + 5 = 13 bytes: would pass for padding
    subs = io::headerlessSubchunks(tight);
    QVERIFY(subs && subs->size() == 2);
    QCOMPARE((*subs)[1].id, io::chunk::MCSE);
}

// An MCNK too small for a header and not headerless still counts: the next MCNK's sub-chunks are of
// MCNK 1.
void TestAdtLayout::mcnkIndexCountsEveryMcnk() {
    std::vector<std::byte> file;
    putChunk(file, io::chunk::MVER, 4);
    putChunk(file, io::chunk::MCNK, 4); // 4 zero bytes: neither a header nor sub-chunks
    std::vector<std::byte> inner;
    putChunk(inner, io::chunk::MCLY, 16);
    putChunk(file, io::chunk::MCNK, std::uint32_t(inner.size()), 0);
    file.insert(file.end(), inner.begin(), inner.end());
    io::Diagnostics diag;
    const auto list = io::listAdtChunks(file, diag);
    QVERIFY(diag.warnings.empty());
    QCOMPARE(list.size(), std::size_t(4));
    QCOMPARE(list[3].id, io::chunk::MCLY);
    QCOMPARE(list[3].mcnkIndex, 1);
    QCOMPARE(list[3].offset, list[2].offset + 8);
}

QTEST_GUILESS_MAIN(TestAdtLayout)
#include "test_adt_layout.moc"
