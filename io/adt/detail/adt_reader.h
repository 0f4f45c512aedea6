#pragma once
// The ADT reader behind readAdt and readSplitAdt (internal to io/). It walks the top-level chunks of every
// file of the tile (adt_reader.cpp), then each map chunk's sub-chunks from every file's MCNK
// (adt_mcnk_reader.cpp); one short function per chunk. Sizes are checked against the bytes left before
// anything is read; offsets in the headers are not trusted (the writer rebuilds them).
//
// Problems go through problem(): strict mode keeps the first as the error and every function returns
// false to stop; lenient mode makes them warnings and reading goes on. Split sets name the file being read
// (mCurrent) in every problem.

#include "io/adt/adt.h"
#include "io/binary/byte_reader.h"
#include "io/binary/diagnostics.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace mapsmith::io {

// One file of the tile: the whole v18 file, or one file of a split set.
struct AdtFilePart {
    std::span<const std::byte> bytes;
    std::string name; // for errors of split sets ("root", "tex0", "obj0"); empty for v18
    AdtPart part = AdtPart::Root;
};

// Files of one tile: v18 has one, a split set three (root, tex0, obj0).
inline constexpr std::size_t kMaxAdtParts = 3;

// A piece of map chunk i: the MCNK of one file, with or without the 128-byte header.
struct McnkPiece {
    std::size_t part = 0;
    ByteReader data;
    bool hasHeader = true;
};

class AdtReader {
public:
    AdtReader(std::vector<AdtFilePart> parts, bool split, const AdtReadOptions& options);

    Expected<AdtReadResult> run();

private:
    // A chunk's data and the file holding it.
    struct Found {
        ByteReader data;
        std::size_t part = 0;
    };
    // A known top-level chunk of one file.
    struct TopChunk {
        FourCC id;
        ByteReader data;
        std::size_t part = 0;
    };
    // Header words needed while walking an MCNK's sub-chunks.
    struct McnkSizes {
        std::uint32_t ofsAlpha = 0;
        std::uint32_t sizeAlpha = 0;
        std::uint32_t ofsLiquid = 0;
        std::uint32_t sizeLiquid = 0;
        std::uint32_t nLayers = 0;
        std::uint32_t nDoodadRefs = 0;
        std::uint32_t nMapObjRefs = 0;
    };
    struct Seen {
        std::uint64_t at = 0; // absolute offset of the sub-chunk header
        std::size_t part = 0;
    };
    // The map chunk being read: header words, and the sub-chunks that are read after the walk.
    struct McnkRead {
        McnkRead(int i, MapChunk& c) : index(i), chunk(c) {}

        int index = 0;
        MapChunk& chunk;
        const McnkPiece* header = nullptr; // the piece with the 128-byte header
        std::uint64_t headerAt = 0;        // absolute offset of its data, once the pieces are walked
        McnkSizes sizes;
        std::optional<Found> mcly, mcal, mcrf, mcrd, mcrw;
        bool haveMcvt = false;
        bool haveMcnr = false;
        Seen mccvAt, mcshAt;    // for the notes on sub-chunks their MCNK flag disables
        bool abandoned = false; // lenient: a problem left the rest of this MCNK unreadable
    };
    // A sub-chunk of the MCNK being read.
    struct SubChunk {
        FourCC id;
        ByteReader data;
        std::uint64_t at = 0; // absolute offset of its 8-byte header
        std::size_t part = 0;
    };

    // Strict mode: the error ends the read (false). Lenient mode: a warning, and the caller goes on (true).
    bool problem(Error e) { return mReport.problem(named(std::move(e))); }
    bool problemFrom(const ByteReader& r) { return problem(r.error()); }
    // A warning that never ends the read.
    void warn(Error e) { mReport.warn(named(std::move(e))); }
    // Split sets: the problem names the file being read.
    Error named(Error e) const {
        if (mSplit && e.file.empty()) {
            e.file = mParts[mCurrent].name;
        }
        return e;
    }
    // A problem after which the MCNK's other sub-chunks cannot be read; lenient mode goes on with the next.
    bool abandon(McnkRead& m, Error e) {
        m.abandoned = true;
        return problem(std::move(e));
    }

    // Top level (adt_reader.cpp), in reading order.
    bool isKnownTop(FourCC id) const;
    bool collectChunks();
    std::optional<ByteReader> find(FourCC id);
    bool readIfPresent(FourCC id, bool (AdtReader::*read)(ByteReader));
    bool readMver(std::size_t part);
    bool readMhdr();
    bool checkMcin();
    bool readTopChunks();
    bool readMtex(ByteReader r);
    bool readStrings(ByteReader r, std::vector<std::string>& out, std::vector<std::uint32_t>* offsets);
    bool readNames(FourCC stringsId, FourCC idsId, std::vector<std::string>& out); // MMDX/MMID, MWMO/MWID
    bool resolveNameTable(FourCC tableId, ByteReader idReader, const std::vector<std::string>& strings,
                          const std::vector<std::uint32_t>& stringOffsets, std::vector<std::string>& out);
    bool readMddf(ByteReader r);
    bool readModf(ByteReader r);
    bool readMh2o(ByteReader r);
    bool readMfbo(ByteReader r);
    void noteFlightBoundsFlag();
    bool readMtxf(ByteReader r);
    bool readMamp();
    bool readIds(FourCC id, std::vector<std::uint32_t>& out); // MDID, MHID
    bool readMtxp(ByteReader r);
    bool collectPieces();
    void inferAlphaDepthFromPieces();
    void inferAlphaDepth(ByteReader mcly, const ByteReader& mcal);
    bool readMapChunks();
    std::vector<Warning> gatedNotes() const;

    // Map chunks (adt_mcnk_reader.cpp).
    bool readMcnk(std::span<const McnkPiece> pieces, int index, MapChunk& chunk);
    bool findHeaderPiece(std::span<const McnkPiece> pieces, McnkRead& m);
    bool readMcnkHeader(ByteReader& r, McnkRead& m);
    bool readPiece(const McnkPiece& piece, McnkRead& m);
    bool isKnownSub(FourCC id) const;
    bool readSubChunk(const SubChunk& sub, ByteReader& mcnk, McnkRead& m);
    bool readMcvt(const SubChunk& sub, McnkRead& m);
    bool readMcnr(const SubChunk& sub, ByteReader& mcnk, McnkRead& m);
    bool readVertexShading(const SubChunk& sub, McnkRead& m); // MCCV, MCLV
    bool readMcmt(const SubChunk& sub, McnkRead& m);
    void readMcsh(const SubChunk& sub, McnkRead& m);
    bool checkRequired(const McnkRead& m);
    bool readRefs(McnkRead& m);
    bool readMcrf(McnkRead& m);
    bool readRefList(const std::optional<Found>& list, std::vector<std::uint32_t>& out); // MCRD, MCRW
    bool checkRefs(const McnkRead& m);
    bool checkRefList(const McnkRead& m, const std::vector<std::uint32_t>& refs, std::size_t limit,
                      const char* what, const char* table, const std::optional<Found>& from, FourCC id);
    bool readMcly(McnkRead& m);
    bool readLayerEntries(ByteReader mcly, MapChunk& chunk, std::vector<std::uint32_t>& offsets);
    bool readMcal(ByteReader* mcal, const ByteReader& mcly, const std::vector<std::uint32_t>& offsets,
                  MapChunk& chunk);
    bool decodeLayerAlpha(ByteReader& mcal, std::uint32_t offset, std::uint64_t end, bool doNotFix,
                          TextureLayer& layer);
    void tallyGated(const McnkRead& m);

    // Sub-chunks whose MCNK flag disagrees with their presence (the client goes by the flag).
    enum Gated : std::size_t { MccvDisabled, McshDisabled, MccvFlagAlone, McshFlagAlone, GatedKinds };
    struct GatedTally {
        int count = 0;
        Error first; // chunk, offset and file of the first occurrence
        int firstIndex = 0;
    };
    std::array<GatedTally, GatedKinds> mGated{};
    std::vector<Warning> mNotes; // top-level notes (MFBO)

    std::vector<AdtFilePart> mParts;
    bool mSplit = false;
    std::size_t mCurrent = 0; // the part being read (names the file in problems)
    AdtReadOptions mOptions;
    Diagnostics mDiag;
    ProblemReporter mReport{mDiag};
    Adt mAdt;
    std::vector<TopChunk> mTop;                  // known top-level chunks of every file, in file order
    std::vector<std::vector<ByteReader>> mMcnks; // per file, its first 256 MCNKs in order
    std::vector<std::uint64_t> mMcnkTotal;       // per file, how many MCNKs it has
    std::vector<McnkPiece> mPieces;              // [i * kMaxAdtParts + k]: the k-th piece of chunk i
    std::vector<std::uint8_t> mPieceCount;       // pieces of chunk i
    bool mBigAlpha = false;
    bool mDepthKnown = false;
    bool mInferred = false;
};

} // namespace mapsmith::io
