// Split ADTs (Cata+) against the real corpus and the spec: v18 -> split -> v18 is byte-identical; a split
// set read and written again is byte-identical; every chunk sits in the file the spec's "split files:"
// line names; reading does not depend on which file holds a chunk (chunks moved between files, files
// swapped); split-only data (MAMP, MDID, MHID, MTXP, MCMT, _obj1/_lod) survives split round trips and is
// named by lostInMonolithic; unknown chunks stay in their file and place; malformed sets give errors that
// name the file, chunk and offset. Split roots declare MCNR as 448 and walk by declared sizes, keeping the
// padding bytes; old 435 + 13 roots still read; v18's MCNR size flag stays out of split files.
// MAPSMITH_WRITE_SPLIT_SEEDS=DIR also writes the small split sets used as fuzz seeds
// (tests/fuzz/seeds/adt_split: root, tex0 and obj0 back to back, each cut to its first MCNKs; the
// *_mcnr435.bin seeds are the same sets from before split roots declared MCNR as 448).

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_layout.h"
#include "io/adt/adt_split.h"
#include "support/test_files.h"

#include <QTemporaryDir>
#include <QtTest>

#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>

using namespace mapsmith;

namespace {

struct Chunk {
    io::FourCC id;
    std::vector<std::byte> data;
};

std::uint32_t u32At(const std::vector<std::byte>& b, std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, b.data() + at, 4);
    return v;
}

// Top-level chunks of a file (sizes trusted: only used on files the writer made).
std::vector<Chunk> chunksOf(const std::vector<std::byte>& file) {
    std::vector<Chunk> out;
    std::size_t at = 0;
    while (at + 8 <= file.size()) {
        const io::FourCC id(u32At(file, at));
        const std::uint32_t size = u32At(file, at + 4);
        out.push_back(
            {id, {file.begin() + std::ptrdiff_t(at + 8), file.begin() + std::ptrdiff_t(at + 8 + size)}});
        at += 8 + size;
    }
    return out;
}

std::vector<std::byte> join(const std::vector<Chunk>& chunks) {
    std::vector<std::byte> out;
    for (const auto& c : chunks) {
        const std::uint32_t header[2] = {c.id.value, std::uint32_t(c.data.size())};
        const auto* p = reinterpret_cast<const std::byte*>(header);
        out.insert(out.end(), p, p + 8);
        out.insert(out.end(), c.data.begin(), c.data.end());
    }
    return out;
}

struct Sub {
    io::FourCC id;
    std::size_t data = 0; // where its data starts in the MCNK's data
    std::uint32_t size = 0;
};

// The sub-chunks of an MCNK's data (after the header when it has one) walked by declared sizes only, as
// split readers walk them; nullopt when a size runs past the MCNK or they do not end exactly at its end.
std::optional<std::vector<Sub>> declaredSubchunks(const std::vector<std::byte>& mcnk, bool header) {
    std::vector<Sub> out;
    std::size_t at = header ? io::kMcnkHeaderSize : 0;
    while (at + 8 <= mcnk.size()) {
        const std::uint32_t size = u32At(mcnk, at + 4);
        if (size > mcnk.size() - at - 8) {
            return std::nullopt;
        }
        out.push_back({io::FourCC(u32At(mcnk, at)), at + 8, size});
        at += 8 + size;
    }
    if (at != mcnk.size()) {
        return std::nullopt;
    }
    return out;
}

// Patches the size field of every MCNR listed in `file` (v18 or split root) to `size`. The 13 padding
// bytes stay where they are, so MCNK sizes and offsets do not change.
void setMcnrSizes(std::vector<std::byte>& file, std::uint32_t size) {
    io::Diagnostics diag;
    for (const auto& e : io::listAdtChunks(file, diag)) {
        if (e.id == io::chunk::MCNR) {
            std::memcpy(file.data() + e.offset + 4, &size, 4);
        }
    }
}

io::Adt readV18Bytes(const std::vector<std::byte>& bytes) {
    io::AdtReadOptions options;
    options.bigAlpha = false; // Azeroth.wdt: MPHD flags 0
    auto result = io::readAdt(bytes, options);
    if (!result) {
        qFatal("read failed: %s", result.error().describe().c_str());
    }
    return std::move(result->adt);
}

io::Adt readV18(const std::string& corpusFile) {
    return readV18Bytes(tests::readBytes(tests::corpusPath(corpusFile)));
}

io::Adt readSplitOrFail(const io::SplitAdtFiles& files, std::optional<bool> bigAlpha = false) {
    io::AdtReadOptions options;
    options.bigAlpha = bigAlpha;
    auto result = io::readSplitAdt(files, options);
    if (!result) {
        qFatal("split read failed: %s", result.error().describe().c_str());
    }
    return std::move(result->adt);
}

QString firstDifference(const std::vector<std::byte>& a, const std::vector<std::byte>& b) {
    for (std::size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
        if (a[i] != b[i]) {
            return QStringLiteral("first difference at byte 0x%1").arg(i, 0, 16);
        }
    }
    return a.size() == b.size() ? QString() : QStringLiteral("sizes %1 and %2").arg(a.size()).arg(b.size());
}

// A tile holding every kind of split-only data.
io::Adt withSplitOnlyData() {
    io::Adt adt = readV18("adt/continent4229.adt");
    adt.mamp = 0;
    adt.diffuseTextureIds.assign(adt.textures.size(), 0);
    for (std::size_t i = 0; i < adt.diffuseTextureIds.size(); ++i) {
        adt.diffuseTextureIds[i] = std::uint32_t(100000 + i);
    }
    adt.heightTextureIds.assign(adt.textures.size(), 0);
    adt.textureParams.emplace(adt.textures.size(), io::TextureParams{0, 2.5f, 0.25f, 0});
    adt.chunks[3].materialIds = std::array<std::uint8_t, 4>{1, 2, 3, 4};
    adt.obj1File = std::vector<std::byte>(40, std::byte{7});
    adt.lodFile = std::vector<std::byte>(24, std::byte{9});
    return adt;
}

} // namespace

class TestAdtSplit : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        const char* dir = std::getenv("MAPSMITH_WRITE_SPLIT_SEEDS");
        if (dir == nullptr || *dir == '\0') {
            return;
        }
        // Small sets: the files keep their first MCNKs only (the reader takes them leniently).
        const auto seed = [&](const char* name, const io::SplitAdtFiles& files, std::size_t mcnks) {
            std::vector<std::byte> out;
            for (const auto* file : {&files.root, &files.tex0, &files.obj0}) {
                std::vector<Chunk> kept;
                std::size_t n = 0;
                for (auto& c : chunksOf(*file)) {
                    if (c.id != io::chunk::MCNK || n++ < mcnks) {
                        kept.push_back(std::move(c));
                    }
                }
                const auto bytes = join(kept);
                out.insert(out.end(), bytes.begin(), bytes.end());
            }
            std::ofstream(std::string(dir) + "/" + name, std::ios::binary)
                .write(reinterpret_cast<const char*>(out.data()), std::streamsize(out.size()));
        };
        seed("azeroth_3_mcnk.bin", io::writeSplitAdt(readV18("adt/Azeroth_38_46.adt")), 3);
        io::AdtWriteOptions options;
        options.alphaEncoding = io::AlphaEncoding::Rle;
        seed("continent_rle_2_mcnk.bin", io::writeSplitAdt(withSplitOnlyData(), options), 2);
    }

    void v18ToSplitToV18IsByteIdentical_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("continent4229") << "adt/continent4229.adt";
        QTest::newRow("Azeroth_38_46") << "adt/Azeroth_38_46.adt";
    }
    void v18ToSplitToV18IsByteIdentical() {
        QFETCH(QString, file);
        const auto original = tests::readBytes(tests::corpusPath(file.toStdString()));
        const io::Adt adt = readV18(file.toStdString());
        QVERIFY(io::lostInMonolithic(adt).empty());
        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        QVERIFY(!split.obj1 && !split.lod && !split.tex1);
        const io::Adt back = readSplitOrFail(split);
        const auto written = io::writeAdt(back);
        QVERIFY2(written == original, qPrintable(firstDifference(written, original)));
        QCOMPARE(io::dumpAdt(back).dump(), io::dumpAdt(adt).dump());
        // The split set is canonical: read -> write gives the same three files.
        const io::SplitAdtFiles again = io::writeSplitAdt(back);
        QVERIFY2(again.root == split.root, qPrintable(firstDifference(again.root, split.root)));
        QVERIFY2(again.tex0 == split.tex0, qPrintable(firstDifference(again.tex0, split.tex0)));
        QVERIFY2(again.obj0 == split.obj0, qPrintable(firstDifference(again.obj0, split.obj0)));
    }

    void splitRootMcnrDeclares448_data() { v18ToSplitToV18IsByteIdentical_data(); }
    // Split roots declare MCNR as 448 ("from Cataclysm only ... MCNR defined size is 448"): every root
    // MCNK walks by declared sizes, and the 13 bytes inside MCNR are the source's, byte for byte.
    void splitRootMcnrDeclares448() {
        QFETCH(QString, file);
        const auto original = tests::readBytes(tests::corpusPath(file.toStdString()));
        io::Adt adt = readV18Bytes(original);
        // The source's padding: the 13 bytes after each 435-byte MCNR of the v18 file.
        std::vector<std::array<std::uint8_t, io::kMcnrPaddingSize>> sourcePadding;
        io::Diagnostics diag;
        for (const auto& e : io::listAdtChunks(original, diag)) {
            if (e.id == io::chunk::MCNR) {
                QCOMPARE(e.size, std::uint64_t(io::kMcnrEntriesSize));
                auto& p = sourcePadding.emplace_back();
                std::memcpy(p.data(), original.data() + e.offset + 8 + io::kMcnrEntriesSize, p.size());
            }
        }
        QCOMPARE(sourcePadding.size(), std::size_t(io::kChunksPerTile));
        // The corpus pads every MCNR alike; one chunk gets bytes of its own.
        constexpr std::size_t kOwn = 37;
        for (std::size_t i = 0; i < io::kMcnrPaddingSize; ++i) {
            sourcePadding[kOwn][i] = std::uint8_t(0xA0 + i);
        }
        adt.chunks[kOwn].normalPadding = sourcePadding[kOwn];

        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        std::size_t index = 0;
        for (const auto& c : chunksOf(split.root)) {
            if (c.id != io::chunk::MCNK) {
                continue;
            }
            const auto subs = declaredSubchunks(c.data, true);
            QVERIFY2(subs, qPrintable(QStringLiteral("root MCNK %1 does not walk by sizes").arg(index)));
            const auto mcnr = std::find_if(subs->begin(), subs->end(),
                                           [](const Sub& sub) { return sub.id == io::chunk::MCNR; });
            QVERIFY(mcnr != subs->end());
            QCOMPARE(mcnr->size, std::uint32_t(448));
            QCOMPARE(u32At(c.data, 0x18), std::uint32_t(mcnr->data)); // ofsNormal, from the MCNK's own header
            std::array<std::uint8_t, io::kMcnrPaddingSize> padding{};
            std::memcpy(padding.data(), c.data.data() + mcnr->data + io::kMcnrEntriesSize, padding.size());
            QVERIFY2(padding == sourcePadding[index], qPrintable(QStringLiteral("MCNK %1").arg(index)));
            ++index;
        }
        QCOMPARE(index, std::size_t(io::kChunksPerTile));
        // Read back, the padding travels with the model; the v18-only flag stays off.
        const io::Adt back = readSplitOrFail(split);
        for (std::size_t i = 0; i < back.chunks.size(); ++i) {
            QVERIFY(back.chunks[i].normalPadding == sourcePadding[i]);
            QVERIFY(!back.chunks[i].v18McnrDeclares448);
        }
    }

    void oldSplitRootWith435Reads_data() { v18ToSplitToV18IsByteIdentical_data(); }
    // A split root written by Mapsmith before 448 (MCNR declares 435, the 13 bytes follow it) reads as
    // the same tile and is written back with 448.
    void oldSplitRootWith435Reads() {
        QFETCH(QString, file);
        const auto original = tests::readBytes(tests::corpusPath(file.toStdString()));
        const io::SplitAdtFiles split = io::writeSplitAdt(readV18Bytes(original));
        io::SplitAdtFiles old = split;
        setMcnrSizes(old.root, std::uint32_t(io::kMcnrEntriesSize));
        QVERIFY(old.root != split.root);
        const auto oldChunks = chunksOf(old.root);
        const auto firstMcnk = std::find_if(oldChunks.begin(), oldChunks.end(),
                                            [](const Chunk& c) { return c.id == io::chunk::MCNK; });
        QVERIFY(firstMcnk != oldChunks.end());
        QVERIFY(!declaredSubchunks(firstMcnk->data, true)); // what split readers tripped over

        const io::Adt fromOld = readSplitOrFail(old);
        const io::Adt fromNew = readSplitOrFail(split);
        QCOMPARE(io::dumpAdt(fromOld).dump(), io::dumpAdt(fromNew).dump());
        for (std::size_t i = 0; i < fromOld.chunks.size(); ++i) {
            QVERIFY(fromOld.chunks[i].normalPadding == fromNew.chunks[i].normalPadding);
            QVERIFY(!fromOld.chunks[i].v18McnrDeclares448);
        }
        const io::SplitAdtFiles rewritten = io::writeSplitAdt(fromOld);
        QVERIFY2(rewritten.root == split.root, qPrintable(firstDifference(rewritten.root, split.root)));
        QVERIFY(rewritten.tex0 == split.tex0 && rewritten.obj0 == split.obj0);
        const auto v18 = io::writeAdt(fromOld);
        QVERIFY2(v18 == original, qPrintable(firstDifference(v18, original)));
    }

    // The v18-only flag does not travel through split files: a v18 tile whose MCNRs declare 448 gives the
    // same split root as the canonical tile, and the v18 written from that split set is canonical.
    void v18Mcnr448IsNotCarriedBySplit() {
        const auto canonical = tests::readBytes(tests::corpusPath("adt/Azeroth_38_46.adt"));
        auto nonCanonical = canonical;
        setMcnrSizes(nonCanonical, std::uint32_t(io::kMcnrEntriesSize + io::kMcnrPaddingSize));
        const io::Adt adt = readV18Bytes(nonCanonical);
        QVERIFY(adt.chunks[0].v18McnrDeclares448);
        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        QVERIFY(split.root == io::writeSplitAdt(readV18Bytes(canonical)).root);
        const auto v18 = io::writeAdt(readSplitOrFail(split));
        QVERIFY2(v18 == canonical, qPrintable(firstDifference(v18, canonical)));
    }

    // MCLQ: v18 files declare 0 and the header's sizeLiquid gives the size; split roots declare the true
    // size so that readers walking by declared sizes stay aligned. A split root that declared 0 still reads.
    void splitRootMclqDeclaresItsSize() {
        io::Adt adt = readV18("adt/Azeroth_38_46.adt"); // empty MCLQ stubs in every MCNK
        constexpr std::size_t kLiquid = 5;
        adt.chunks[kLiquid].mclq = std::vector<std::byte>(180);
        for (std::size_t i = 0; i < adt.chunks[kLiquid].mclq->size(); ++i) {
            (*adt.chunks[kLiquid].mclq)[i] = std::byte(i * 7);
        }
        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        io::Diagnostics diag;
        std::uint64_t mclqAt = 0;
        for (const auto& e : io::listAdtChunks(split.root, diag)) {
            if (e.id == io::chunk::MCLQ) {
                QCOMPARE(e.size, std::uint64_t(adt.chunks[std::size_t(e.mcnkIndex)].mclq->size()));
                if (e.mcnkIndex == int(kLiquid)) {
                    mclqAt = e.offset;
                }
            }
        }
        QVERIFY(mclqAt != 0);
        std::size_t index = 0;
        for (const auto& c : chunksOf(split.root)) {
            if (c.id == io::chunk::MCNK) {
                QVERIFY2(declaredSubchunks(c.data, true), qPrintable(QStringLiteral("MCNK %1").arg(index)));
                ++index;
            }
        }
        const io::Adt back = readSplitOrFail(split);
        QVERIFY(back.chunks[kLiquid].mclq == adt.chunks[kLiquid].mclq);
        // v18 keeps Blizzard's 0.
        const auto v18 = io::writeAdt(back);
        for (const auto& e : io::listAdtChunks(v18, diag)) {
            if (e.id == io::chunk::MCLQ) {
                QCOMPARE(e.size, std::uint64_t(0));
            }
        }
        QVERIFY(readV18Bytes(v18).chunks[kLiquid].mclq == adt.chunks[kLiquid].mclq);
        // A split root with the v18 convention reads the same and is written back with the true size.
        io::SplitAdtFiles zero = split;
        std::memset(zero.root.data() + mclqAt + 4, 0, 4);
        const io::Adt fromZero = readSplitOrFail(zero);
        QVERIFY(fromZero.chunks[kLiquid].mclq == adt.chunks[kLiquid].mclq);
        QVERIFY(io::writeSplitAdt(fromZero).root == split.root);
    }

    void everyChunkInItsFile() {
        const io::SplitAdtFiles split = io::writeSplitAdt(withSplitOnlyData());
        using namespace io::chunk;
        // Top level, in the spec's "split files:" placement (root / tex / obj), never MCIN.
        const std::map<std::string, std::set<io::FourCC>> allowed = {
            {"root", {MVER, MHDR, MH2O, MCNK, MFBO}},
            {"tex0", {MVER, MAMP, MTEX, MDID, MHID, MTXF, MTXP, MCNK}},
            {"obj0", {MVER, MMDX, MMID, MWMO, MWID, MDDF, MODF, MCNK}}};
        const std::map<std::string, std::set<io::FourCC>> allowedSub = {
            {"root", {MCVT, MCCV, MCLV, MCNR, MCLQ, MCSE}},
            {"tex0", {MCLY, MCSH, MCAL, MCMT}},
            {"obj0", {MCRD, MCRW}}};
        const std::pair<std::string, const std::vector<std::byte>*> files[] = {
            {"root", &split.root}, {"tex0", &split.tex0}, {"obj0", &split.obj0}};
        std::set<io::FourCC> seenSub;
        for (const auto& [name, bytes] : files) {
            const auto chunks = chunksOf(*bytes);
            QCOMPARE(chunks.front().id, MVER);
            int mcnks = 0;
            for (const auto& c : chunks) {
                QVERIFY2(allowed.at(name).count(c.id),
                         qPrintable(QString::fromStdString(name + ": " + c.id.str())));
                if (c.id == MCNK) {
                    ++mcnks;
                    const auto subs = declaredSubchunks(c.data, name == "root");
                    QVERIFY2(subs, qPrintable(QString::fromStdString(name + " MCNK does not walk by sizes")));
                    for (const Sub& sub : *subs) {
                        QVERIFY2(allowedSub.at(name).count(sub.id),
                                 qPrintable(QString::fromStdString(name + " MCNK: " + sub.id.str())));
                        seenSub.insert(sub.id);
                    }
                }
            }
            QCOMPARE(mcnks, 256);
        }
        // The tile has each kind, so each was placed.
        for (const io::FourCC id : {MCVT, MCNR, MCLY, MCAL, MCSH, MCRD, MCRW, MCMT, MCCV}) {
            if (id == MCCV) {
                continue; // continent4229 has no vertex colours
            }
            QVERIFY2(seenSub.count(id), id.str().c_str());
        }
        // Root MHDR: only the MH2O (and MFBO) offsets, pointing at those chunks.
        const auto root = chunksOf(split.root);
        QCOMPARE(root[1].id, MHDR);
        const auto& mhdr = root[1].data;
        for (std::size_t slot = 4; slot <= 0x20; slot += 4) {
            QCOMPARE(u32At(mhdr, slot), 0u);
        }
        const std::uint32_t mh2o = u32At(mhdr, 0x28);
        QVERIFY(mh2o != 0);
        QCOMPARE(io::FourCC(u32At(split.root, 0x14 + mh2o)), MH2O);
    }

    void readingDoesNotDependOnPlacement() {
        const io::Adt adt = withSplitOnlyData();
        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        const std::string reference = io::dumpAdt(readSplitOrFail(split)).dump();
        // Files given in another order: obj0 as tex0 and tex0 as obj0.
        io::SplitAdtFiles swapped = split;
        std::swap(swapped.tex0, swapped.obj0);
        QCOMPARE(io::dumpAdt(readSplitOrFail(swapped)).dump(), reference);
        // Chunks moved: MTEX and MTXP into root, MDDF and MMDX/MMID into tex0.
        auto root = chunksOf(split.root);
        auto tex = chunksOf(split.tex0);
        auto obj = chunksOf(split.obj0);
        const auto take = [](std::vector<Chunk>& from, io::FourCC id) {
            const auto it =
                std::find_if(from.begin(), from.end(), [&](const Chunk& c) { return c.id == id; });
            if (it == from.end()) {
                qFatal("no %s to move", id.str().c_str());
            }
            Chunk c = *it;
            from.erase(it);
            return c;
        };
        root.push_back(take(tex, io::chunk::MTEX));
        root.push_back(take(tex, io::chunk::MTXP));
        tex.insert(tex.begin() + 1, take(obj, io::chunk::MDDF));
        tex.insert(tex.begin() + 1, take(obj, io::chunk::MMID));
        tex.insert(tex.begin() + 1, take(obj, io::chunk::MMDX));
        io::SplitAdtFiles moved = split;
        moved.root = join(root);
        moved.tex0 = join(tex);
        moved.obj0 = join(obj);
        QCOMPARE(io::dumpAdt(readSplitOrFail(moved)).dump(), reference);
        // Written back, everything is in its canonical file again.
        const io::SplitAdtFiles canonical = io::writeSplitAdt(readSplitOrFail(moved));
        QVERIFY(canonical.root == split.root && canonical.tex0 == split.tex0 && canonical.obj0 == split.obj0);
    }

    void splitOnlyDataSurvivesAndIsNamed() {
        const io::Adt adt = withSplitOnlyData();
        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        QVERIFY(split.obj1 && split.lod && !split.tex1);
        const io::Adt back = readSplitOrFail(split);
        QCOMPARE(back.mamp, adt.mamp);
        QCOMPARE(back.diffuseTextureIds, adt.diffuseTextureIds);
        QCOMPARE(back.heightTextureIds, adt.heightTextureIds);
        QVERIFY(back.textureParams == adt.textureParams);
        QVERIFY(back.chunks[3].materialIds == adt.chunks[3].materialIds);
        QVERIFY(!back.chunks[4].materialIds);
        QVERIFY(back.obj1File == adt.obj1File && back.lodFile == adt.lodFile);
        const io::SplitAdtFiles again = io::writeSplitAdt(back);
        QVERIFY(again.root == split.root && again.tex0 == split.tex0 && again.obj0 == split.obj0);
        QVERIFY(again.obj1 == split.obj1 && again.lod == split.lod);

        std::set<std::string> named;
        for (const auto& w : io::lostInMonolithic(back)) {
            named.insert(w.describe());
        }
        QCOMPARE(named.size(), std::size_t(7)); // MAMP, MDID, MHID, MTXP, MCMT, _obj1, _lod
        const std::string all = [&] {
            std::string s;
            for (const auto& n : named) {
                s += n + "\n";
            }
            return s;
        }();
        for (const char* word : {"MDID", "MHID", "MTXP", "MAMP", "MCMT", "_obj1.adt", "_lod.adt"}) {
            QVERIFY2(all.find(word) != std::string::npos, all.c_str());
        }
        // The v18 file written from it is still a valid tile with the same terrain.
        const auto v18 = io::writeAdt(back);
        io::AdtReadOptions options;
        options.bigAlpha = false;
        const auto reread = io::readAdt(v18, options);
        QVERIFY(reread);
        QVERIFY(reread->adt.chunks[10].heights == adt.chunks[10].heights);
    }

    void textureIdsWithoutNames() {
        io::Adt adt = readV18("adt/Azeroth_38_46.adt");
        adt.diffuseTextureIds.assign(adt.textures.size(), 5u);
        adt.textures.clear(); // Legion+: MDID instead of MTEX
        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        for (const auto& c : chunksOf(split.tex0)) {
            QVERIFY(c.id != io::chunk::MTEX);
        }
        const io::Adt back = readSplitOrFail(split);
        QVERIFY(back.textures.empty());
        QCOMPARE(back.diffuseTextureIds, adt.diffuseTextureIds);
        QCOMPARE(back.chunks[0].layers.size(), adt.chunks[0].layers.size());
    }

    void unknownChunksStayInTheirFileAndPlace() {
        io::Adt adt = readV18("adt/Azeroth_38_46.adt");
        adt.unknown.push_back(
            io::RawChunk{io::FourCC("XTEX"), io::chunk::MTEX, {std::byte{1}}, io::AdtPart::Root});
        adt.unknown.push_back(
            io::RawChunk{io::FourCC("XOBJ"), io::chunk::MDDF, {std::byte{2}}, io::AdtPart::Root});
        adt.unknown.push_back(
            io::RawChunk{io::FourCC("XTOP"), io::FourCC{}, {std::byte{3}}, io::AdtPart::Root});
        adt.chunks[7].unknown.push_back(io::RawChunk{io::FourCC("XREF"), io::chunk::MCRF, {std::byte{4}}});
        adt.chunks[7].unknown.push_back(io::RawChunk{io::FourCC("XLAY"), io::chunk::MCLY, {std::byte{5}}});
        const auto v18 = io::writeAdt(adt);
        const io::SplitAdtFiles split = io::writeSplitAdt(adt);
        const auto idsOf = [](const std::vector<std::byte>& file) {
            std::vector<std::string> ids;
            for (const auto& c : chunksOf(file)) {
                ids.push_back(c.id.str());
            }
            return ids;
        };
        const auto tex = idsOf(split.tex0);
        const auto obj = idsOf(split.obj0);
        const auto root = idsOf(split.root);
        QCOMPARE(tex[2], std::string("XTEX")); // MVER, MTEX, XTEX
        QCOMPARE(*(std::find(obj.begin(), obj.end(), "MDDF") + 1), std::string("XOBJ"));
        QCOMPARE(root[2], std::string("XTOP")); // MVER, MHDR, XTOP
        const io::Adt back = readSplitOrFail(split);
        QCOMPARE(back.chunks[7].unknown.size(), std::size_t(2));
        QVERIFY2(io::writeAdt(back) == v18, qPrintable(firstDifference(io::writeAdt(back), v18)));
    }

    void malformedSetsNameFileChunkAndOffset() {
        const io::SplitAdtFiles good = io::writeSplitAdt(readV18("adt/Azeroth_38_46.adt"));
        // tex0 cut inside an MCNK.
        io::SplitAdtFiles cut = good;
        cut.tex0.resize(cut.tex0.size() - 100);
        auto r = io::readSplitAdt(cut);
        QVERIFY(!r);
        QCOMPARE(r.error().file, std::string("tex0"));
        QVERIFY2(r.error().describe().rfind("tex0: MCNK at 0x", 0) == 0, r.error().describe().c_str());
        // obj0 with 255 MCNKs.
        auto obj = chunksOf(good.obj0);
        obj.pop_back();
        io::SplitAdtFiles fewer = good;
        fewer.obj0 = join(obj);
        r = io::readSplitAdt(fewer);
        QVERIFY(!r);
        QCOMPARE(r.error().file, std::string("obj0"));
        QVERIFY2(r.error().message.find("255 MCNK") != std::string::npos, r.error().message.c_str());
        // Headers in two files; and none at all.
        io::SplitAdtFiles twice = good;
        auto rootMcnks = chunksOf(good.root);
        rootMcnks.erase(
            std::remove_if(rootMcnks.begin(), rootMcnks.end(),
                           [](const Chunk& c) { return c.id != io::chunk::MCNK && c.id != io::chunk::MVER; }),
            rootMcnks.end());
        auto texChunks = chunksOf(good.tex0);
        texChunks.erase(std::remove_if(texChunks.begin(), texChunks.end(),
                                       [](const Chunk& c) { return c.id == io::chunk::MCNK; }),
                        texChunks.end());
        texChunks.insert(texChunks.end(), rootMcnks.begin() + 1, rootMcnks.end());
        twice.tex0 = join(texChunks);
        r = io::readSplitAdt(twice);
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("has a header in root too") != std::string::npos,
                 r.error().describe().c_str());
        io::SplitAdtFiles none = good;
        auto noHeader = chunksOf(good.root);
        const auto objChunks = chunksOf(good.obj0);
        auto objMcnk = std::find_if(objChunks.begin(), objChunks.end(),
                                    [](const Chunk& c) { return c.id == io::chunk::MCNK; });
        for (auto& c : noHeader) {
            if (c.id == io::chunk::MCNK) {
                c = *objMcnk++; // headerless pieces only
            }
        }
        none.root = join(noHeader);
        r = io::readSplitAdt(none);
        QVERIFY(!r);
        QVERIFY2(r.error().message.find("no header") != std::string::npos, r.error().describe().c_str());
        // MAMP other than 0 (32x32 alpha maps) is refused, naming MAMP.
        auto tex = chunksOf(good.tex0);
        tex.insert(tex.begin() + 1,
                   Chunk{io::chunk::MAMP, {std::byte{1}, std::byte{0}, std::byte{0}, std::byte{0}}});
        io::SplitAdtFiles mamp = good;
        mamp.tex0 = join(tex);
        r = io::readSplitAdt(mamp);
        QVERIFY(!r);
        QVERIFY2(r.error().describe().rfind("tex0: MAMP at 0x", 0) == 0, r.error().describe().c_str());
        // Every truncation of each file: an error or a read, never a crash.
        for (int part = 0; part < 3; ++part) {
            for (std::size_t keep = 0; keep < 4000; keep += 97) {
                io::SplitAdtFiles t = good;
                auto& bytes = part == 0 ? t.root : part == 1 ? t.tex0 : t.obj0;
                bytes.resize(std::min(keep, bytes.size()));
                io::AdtReadOptions lenient;
                lenient.lenient = true;
                (void)io::readSplitAdt(t);
                (void)io::readSplitAdt(t, lenient);
            }
        }
    }

    void filesOnDisk() {
        QTemporaryDir dir;
        const std::filesystem::path root = std::filesystem::path(dir.path().toStdString()) / "Test_30_31.adt";
        QCOMPARE(io::splitPartnerPath(root, io::SplitFileKind::Tex0).filename().string(),
                 std::string("Test_30_31_tex0.adt"));
        QCOMPARE(io::splitPartnerPath(root, io::SplitFileKind::Lod).filename().string(),
                 std::string("Test_30_31_lod.adt"));
        QVERIFY(io::isSplitPartnerName("Test_30_31_OBJ0.adt"));
        QVERIFY(!io::isSplitPartnerName("Test_30_31.adt"));
        QVERIFY(!io::hasSplitPartners(root));

        const io::Adt adt = withSplitOnlyData();
        QVERIFY(io::writeSplitAdtFiles(root, io::writeSplitAdt(adt)));
        QVERIFY(io::hasSplitPartners(root));
        QVERIFY(std::filesystem::exists(io::splitPartnerPath(root, io::SplitFileKind::Obj1)));
        QVERIFY(!std::filesystem::exists(io::splitPartnerPath(root, io::SplitFileKind::Tex1)));
        const auto files = io::readSplitAdtFiles(root);
        QVERIFY(files);
        QCOMPARE(io::dumpAdt(readSplitOrFail(*files)).dump(), io::dumpAdt(adt).dump());

        std::filesystem::remove(io::splitPartnerPath(root, io::SplitFileKind::Obj0));
        const auto missing = io::readSplitAdtFiles(root);
        QVERIFY(!missing);
        const std::string obj0 = io::splitPartnerPath(root, io::SplitFileKind::Obj0).string();
        QCOMPARE(missing.error().file, obj0);
        QVERIFY2(missing.error().message.find(obj0) != std::string::npos, missing.error().message.c_str());
    }
};

QTEST_GUILESS_MAIN(TestAdtSplit)
#include "test_adt_split.moc"
