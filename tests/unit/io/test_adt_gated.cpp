// Flag-gated sub-chunks (MCCV with has_mccv 0x40, MCSH with has_mcsh 0x1, MFBO with mhdr_MFBO 0x1):
// flags are kept as read and written as stored, a sub-chunk present with its flag clear is kept byte for
// byte and stays disabled, `dump` shows the raw flags and whether each sub-chunk is present and in use,
// and the reader notes the disabled ones (count, first offset) without calling them problems.

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_layout.h"
#include "io/adt/adt_split.h"
#include "support/gated_tiles.h"
#include "support/test_files.h"

#include <QtTest>

#include <algorithm>
#include <cstring>

using namespace mapsmith;
using tests::GatedVariant;

namespace {

io::AdtReadResult readOrFail(std::span<const std::byte> bytes) {
    io::AdtReadOptions options;
    options.bigAlpha = false; // both corpus tiles belong to Azeroth.wdt (MPHD flags 0)
    auto result = io::readAdt(bytes, options);
    if (!result) {
        qFatal("read failed: %s", result.error().describe().c_str());
    }
    return std::move(result.value());
}

std::uint32_t u32At(std::span<const std::byte> bytes, std::uint64_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, 4);
    return v;
}

// The MCNK flag words as they stand in a v18 file (found by walking its chunks, not by the reader).
std::vector<std::uint32_t> mcnkFlagWords(std::span<const std::byte> bytes) {
    io::Diagnostics diag;
    std::vector<std::uint32_t> out;
    for (const io::ChunkEntry& e : io::listAdtChunks(bytes, diag)) {
        if (e.id == io::chunk::MCNK && e.mcnkIndex < 0) {
            out.push_back(u32At(bytes, e.offset + 8));
        }
    }
    return out;
}

// Offsets of every sub-chunk `id` in a v18 file.
std::vector<std::uint64_t> subchunkOffsets(std::span<const std::byte> bytes, io::FourCC id) {
    io::Diagnostics diag;
    std::vector<std::uint64_t> out;
    for (const io::ChunkEntry& e : io::listAdtChunks(bytes, diag)) {
        if (e.id == id && e.mcnkIndex >= 0) {
            out.push_back(e.offset);
        }
    }
    return out;
}

const io::Warning* noteAbout(const std::vector<io::Warning>& notes, io::FourCC chunk) {
    for (const auto& n : notes) {
        if (n.chunk == chunk) {
            return &n;
        }
    }
    return nullptr;
}

} // namespace

class TestAdtGated : public QObject {
    Q_OBJECT
private slots:
    void roundTripKeepsFlagsAndBytes_data();
    void roundTripKeepsFlagsAndBytes();
    void dumpShowsRawFlagsAndUse();
    void notesCountDisabledSubchunks();
    void inUseHelpersFollowTheFlags();
    void flightBoundsFlagKept();
    void splitKeepsDisabledSubchunks();
    void compressedBitWithoutAlphaKept();
};

void TestAdtGated::roundTripKeepsFlagsAndBytes_data() {
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("variant");
    for (const char* f : {"adt/Azeroth_38_46.adt", "adt/continent4229.adt"}) {
        QTest::newRow((std::string(f) + " MCCV zeros, flag clear").c_str())
            << f << int(GatedVariant::MccvZeros);
        QTest::newRow((std::string(f) + " MCCV pattern, flag clear").c_str())
            << f << int(GatedVariant::MccvPattern);
        QTest::newRow((std::string(f) + " MCSH, flag clear").c_str()) << f << int(GatedVariant::McshOff);
        QTest::newRow((std::string(f) + " both, flags clear").c_str()) << f << int(GatedVariant::AllOff);
    }
}

// A tile whose MCCV/MCSH are present but disabled reads and writes back byte-identical, the flag words on
// disk are the ones built (0x40/0x1 clear), and the sub-chunks are still in the file, each once per chunk.
void TestAdtGated::roundTripKeepsFlagsAndBytes() {
    QFETCH(QString, file);
    QFETCH(int, variant);
    const auto corpus = tests::readBytes(tests::corpusPath(file.toStdString()));
    const io::Adt built = tests::gatedVariant(readOrFail(corpus).adt, GatedVariant(variant));
    const auto bytes = io::writeAdt(built);
    QVERIFY(io::checkAdtLayout(bytes).empty());

    const auto flags = mcnkFlagWords(bytes);
    QCOMPARE(flags.size(), std::size_t(256));
    for (std::size_t i = 0; i < flags.size(); ++i) {
        QCOMPARE(flags[i], built.chunks[i].flags);
    }
    const bool colours = GatedVariant(variant) != GatedVariant::McshOff;
    QCOMPARE(subchunkOffsets(bytes, io::chunk::MCCV).size(), colours ? std::size_t(256) : std::size_t(0));
    QCOMPARE(subchunkOffsets(bytes, io::chunk::MCSH).size(), std::size_t(256));

    const io::AdtReadResult read = readOrFail(bytes);
    for (std::size_t i = 0; i < 256; ++i) {
        QCOMPARE(read.adt.chunks[i].flags, built.chunks[i].flags);
        QCOMPARE(read.adt.chunks[i].vertexColors, built.chunks[i].vertexColors);
        QCOMPARE(read.adt.chunks[i].shadow, built.chunks[i].shadow);
    }
    const auto again = io::writeAdt(read.adt);
    QCOMPARE(again.size(), bytes.size());
    QVERIFY(again == bytes);
}

// dump: "flags" is the stored word; "mccv"/"mcsh" say absent, disabled or in use.
void TestAdtGated::dumpShowsRawFlagsAndUse() {
    const auto corpus = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    const io::Adt original = readOrFail(corpus).adt;
    const io::Adt gated = tests::gatedVariant(original, GatedVariant::AllOff);
    const auto j = io::dumpAdt(readOrFail(io::writeAdt(gated)).adt);
    QCOMPARE(j["chunks"].size(), std::size_t(256));
    for (std::size_t i = 0; i < 256; ++i) {
        const auto& c = j["chunks"][i];
        QCOMPARE(c["flags"].get<std::uint32_t>(), gated.chunks[i].flags);
        QCOMPARE(c["flags"].get<std::uint32_t>() & 0x41u, 0u);
        QCOMPARE(c["mccv"].get<std::string>(), std::string("disabled"));
        QCOMPARE(c["mcsh"].get<std::string>(), std::string("disabled"));
    }
    // The original: no MCCV, MCSH in use in every chunk, and the flag words as the file has them.
    const auto o = io::dumpAdt(original);
    const auto words = mcnkFlagWords(corpus);
    for (std::size_t i = 0; i < 256; ++i) {
        QCOMPARE(o["chunks"][i]["flags"].get<std::uint32_t>(), words[i]);
        QCOMPARE(o["chunks"][i]["mccv"].get<std::string>(), std::string("absent"));
        QCOMPARE(o["chunks"][i]["mcsh"].get<std::string>(), std::string("in use"));
    }
    // Setting the flag is a visible difference in the dump (it used to be hidden by deriving it).
    io::Adt enabled = gated;
    enabled.chunks[5].flags |= io::mcnk_flags::HasVertexColors;
    QVERIFY(io::dumpAdt(enabled).dump() != io::dumpAdt(gated).dump());
    QCOMPARE(io::dumpAdt(enabled)["chunks"][5]["mccv"].get<std::string>(), std::string("in use"));
}

// One note per kind with the count and the first place; notes are not warnings.
void TestAdtGated::notesCountDisabledSubchunks() {
    const auto corpus = tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt"));
    const io::AdtReadResult plain = readOrFail(corpus);
    QVERIFY(plain.notes.empty());

    io::Adt gated = tests::gatedVariant(plain.adt, GatedVariant::AllOff);
    // Chunk 0 keeps both in use, so the first disabled ones are in chunk 1.
    gated.chunks[0].flags |= io::mcnk_flags::HasVertexColors | io::mcnk_flags::HasShadow;
    const auto bytes = io::writeAdt(gated);
    const io::AdtReadResult read = readOrFail(bytes);
    QVERIFY(read.warnings.empty());
    QCOMPARE(read.notes.size(), std::size_t(2));
    const io::Warning* mccv = noteAbout(read.notes, io::chunk::MCCV);
    const io::Warning* mcsh = noteAbout(read.notes, io::chunk::MCSH);
    QVERIFY(mccv && mcsh);
    QCOMPARE(mccv->offset, subchunkOffsets(bytes, io::chunk::MCCV)[1]);
    QCOMPARE(mcsh->offset, subchunkOffsets(bytes, io::chunk::MCSH)[1]);
    QVERIFY2(mccv->message.find("255 of 256 chunks") != std::string::npos, mccv->message.c_str());
    QVERIFY2(mccv->message.find("first: MCNK 1") != std::string::npos, mccv->message.c_str());
    QVERIFY2(mcsh->message.find("has_mcsh") != std::string::npos, mcsh->message.c_str());

    // A flag without its sub-chunk is noted at the MCNK's flag word.
    io::Adt lonely = plain.adt;
    lonely.chunks[7].flags |= io::mcnk_flags::HasVertexColors;
    const auto lonelyBytes = io::writeAdt(lonely);
    const io::AdtReadResult lonelyRead = readOrFail(lonelyBytes);
    const io::Warning* flagNote = noteAbout(lonelyRead.notes, io::chunk::MCNK);
    QVERIFY(flagNote);
    QCOMPARE(u32At(lonelyBytes, flagNote->offset), lonely.chunks[7].flags);
    QVERIFY2(flagNote->message.find("has_mccv") != std::string::npos, flagNote->message.c_str());
    QCOMPARE(lonelyRead.adt.chunks[7].flags, lonely.chunks[7].flags); // kept as read
}

void TestAdtGated::inUseHelpersFollowTheFlags() {
    io::MapChunk c;
    QVERIFY(!io::vertexColoursInUse(c));
    QVERIFY(!io::shadowInUse(c));
    c.vertexColors.emplace();
    c.shadow.emplace(512);
    QVERIFY(!io::vertexColoursInUse(c));
    QVERIFY(!io::shadowInUse(c));
    c.flags = io::mcnk_flags::HasVertexColors;
    QCOMPARE(io::vertexColoursInUse(c), &*c.vertexColors);
    QVERIFY(!io::shadowInUse(c));
    c.flags = io::mcnk_flags::HasShadow;
    QVERIFY(!io::vertexColoursInUse(c));
    QCOMPARE(io::shadowInUse(c), &*c.shadow);
    c.shadow.reset();
    QVERIFY(!io::shadowInUse(c)); // the flag alone is not a shadow map
}

// MHDR mhdr_MFBO gates MFBO the same way: kept as read both ways, and noted.
void TestAdtGated::flightBoundsFlagKept() {
    const auto corpus = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    io::Adt adt = readOrFail(corpus).adt;
    adt.flightBounds.emplace();
    adt.flightBounds->fill(100);
    adt.headerFlags = io::mhdr_flags::Northrend; // MFBO present, mhdr_MFBO clear
    const auto bytes = io::writeAdt(adt);
    QCOMPARE(u32At(bytes, 0x14), std::uint32_t(io::mhdr_flags::Northrend));
    const io::AdtReadResult read = readOrFail(bytes);
    QCOMPARE(read.adt.headerFlags, adt.headerFlags);
    QVERIFY(read.adt.flightBounds.has_value());
    QVERIFY(noteAbout(read.notes, io::chunk::MFBO));
    QVERIFY(io::writeAdt(read.adt) == bytes);
    QCOMPARE(io::dumpAdt(read.adt)["headerFlags"].get<std::uint32_t>(), adt.headerFlags);

    adt.headerFlags |= io::mhdr_flags::HasFlightBounds; // in use
    const io::AdtReadResult used = readOrFail(io::writeAdt(adt));
    QVERIFY(!noteAbout(used.notes, io::chunk::MFBO));
    QCOMPARE(used.adt.headerFlags, adt.headerFlags);
}

// The split layout keeps the flags and the disabled sub-chunks the same way.
void TestAdtGated::splitKeepsDisabledSubchunks() {
    const auto corpus = tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt"));
    const io::Adt gated = tests::gatedVariant(readOrFail(corpus).adt, GatedVariant::AllOff);
    const auto v18 = io::writeAdt(gated);
    const io::SplitAdtFiles split = io::writeSplitAdt(gated);
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto read = io::readSplitAdt(split, options);
    QVERIFY(read);
    QCOMPARE(read->notes.size(), std::size_t(2));
    const io::Warning* mcsh = noteAbout(read->notes, io::chunk::MCSH);
    QVERIFY(mcsh);
    QCOMPARE(mcsh->file, std::string("tex0")); // MCSH lives in _tex0
    for (std::size_t i = 0; i < 256; ++i) {
        QCOMPARE(read->adt.chunks[i].flags, gated.chunks[i].flags);
    }
    QVERIFY(io::writeAdt(read->adt) == v18);
}

// MCLY 0x200 on a layer without an alpha map describes no data: it is kept as read. On a layer with one
// it always tells the encoding written.
void TestAdtGated::compressedBitWithoutAlphaKept() {
    const auto corpus = tests::readBytes(tests::corpusPath("adt/continent4229.adt"));
    io::Adt adt = readOrFail(corpus).adt;
    const auto two = std::find_if(adt.chunks.begin(), adt.chunks.end(),
                                  [](const io::MapChunk& c) { return c.layers.size() >= 2; });
    QVERIFY(two != adt.chunks.end());
    const std::size_t k = std::size_t(two - adt.chunks.begin());
    io::TextureLayer& ground = adt.chunks[k].layers.at(0);
    QVERIFY(!ground.hasAlpha);
    ground.flags |= io::mcly_flags::AlphaCompressed;
    const auto bytes = io::writeAdt(adt);
    const io::AdtReadResult read = readOrFail(bytes);
    QCOMPARE(read.adt.chunks[k].layers.at(0).flags & io::mcly_flags::AlphaCompressed,
             io::mcly_flags::AlphaCompressed);
    QVERIFY(!read.adt.chunks[k].layers.at(0).hasAlpha);
    QVERIFY(io::writeAdt(read.adt) == bytes);

    // A layer with a 4-bit map never says "compressed", whatever the model's flags hold.
    io::TextureLayer& second = adt.chunks[k].layers.at(1);
    QVERIFY(second.hasAlpha);
    second.flags |= io::mcly_flags::AlphaCompressed;
    const io::AdtReadResult again = readOrFail(io::writeAdt(adt));
    QCOMPARE(again.adt.chunks[k].layers.at(1).flags & io::mcly_flags::AlphaCompressed, 0u);
    QCOMPARE(again.adt.chunks[k].layers.at(1).alpha, second.alpha);
}

QTEST_GUILESS_MAIN(TestAdtGated)
#include "test_adt_gated.moc"
