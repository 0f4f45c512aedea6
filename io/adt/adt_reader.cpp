// ADT reader for v18 files and split (Cata+) sets: walks the top-level chunks of every file, then each
// map chunk's sub-chunks from every file's MCNK. Sizes are checked against the bytes left before anything
// is read; offsets in the headers are not trusted (the writer rebuilds them).

#include "io/adt/adt.h"
#include "io/adt/adt_split.h"
#include "io/binary/byte_reader.h"
#include "io/adt/mcnk_shape.h"
#include "io/adt/detail/placement_records.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <functional>
#include <optional>
#include <span>
#include <string>

namespace mapsmith::io {
namespace {

constexpr std::size_t kMddfEntrySize = kDoodadRecordSize;
constexpr std::size_t kModfEntrySize = kMapObjectRecordSize;
constexpr std::size_t kMclyEntrySize = 16;
constexpr std::size_t kMcvtSize = kVerticesPerChunk * 4; // 580
static_assert(kMcvtSize == 580);
static_assert(kMcnrEntriesSize + kMcnrPaddingSize == 448);

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

// One file of the tile: the whole v18 file, or one file of a split set.
struct Part {
    std::span<const std::byte> bytes;
    std::string name; // for errors of split sets ("root", "tex0", "obj0"); empty for v18
    AdtPart part = AdtPart::Root;
};

// Files of one tile: v18 has one, a split set three (root, tex0, obj0).
constexpr std::size_t kMaxParts = 3;

// A piece of map chunk i: the MCNK of one file, with or without the 128-byte header.
struct McnkPiece {
    std::size_t part = 0;
    ByteReader data;
    bool hasHeader = true;
};

class AdtReader {
public:
    AdtReader(std::vector<Part> parts, bool split, const AdtReadOptions& options)
        : mParts(std::move(parts)), mSplit(split), mOptions(options) {
        mDiag.lenient = options.lenient;
    }

    Expected<AdtReadResult> run();

private:
    // Strict mode: the error ends the read. Lenient mode: a warning, and the caller goes on. Split sets:
    // the problem names the file being read.
    bool problem(Error e) {
        if (mSplit && e.file.empty()) {
            e.file = mParts[mCurrent].name;
        }
        if (!mOptions.lenient) {
            if (!mError) {
                mError = std::move(e);
            }
            return false;
        }
        mDiag.warnings.push_back(std::move(e));
        return true;
    }
    bool problemFrom(const ByteReader& r) { return problem(r.error()); }
    // A warning that never ends the read.
    void warn(Error e) {
        if (mSplit && e.file.empty()) {
            e.file = mParts[mCurrent].name;
        }
        mDiag.warnings.push_back(std::move(e));
    }

    bool readStrings(ByteReader r, std::vector<std::string>& out, std::vector<std::uint32_t>* offsets);
    bool resolveNameTable(FourCC tableId, ByteReader idReader, const std::vector<std::string>& strings,
                          const std::vector<std::uint32_t>& stringOffsets, std::vector<std::string>& out);
    bool readDoodads(ByteReader r);
    bool readMapObjects(ByteReader r);
    bool readMcnk(std::span<const McnkPiece> pieces, int index, MapChunk& chunk);
    bool readMcnkHeader(ByteReader& r, int index, MapChunk& c, McnkSizes& s);
    bool readSplitTop(const std::function<std::optional<ByteReader>(FourCC)>& find);
    bool readLayers(ByteReader mcly, ByteReader* mcal, std::uint32_t chunkFlags, MapChunk& chunk);
    bool decodeLayerAlpha(ByteReader& mcal, std::uint32_t offset, std::uint64_t end, bool doNotFix,
                          TextureLayer& layer);
    void inferAlphaDepth(const std::vector<std::pair<ByteReader, ByteReader>>& pending);
    void tallyGated(const MapChunk& c, int index, std::uint64_t headerAt);
    std::vector<Warning> gatedNotes() const;

    // Sub-chunks whose MCNK flag disagrees with their presence (the client goes by the flag).
    enum Gated : std::size_t { MccvDisabled, McshDisabled, MccvFlagAlone, McshFlagAlone, GatedKinds };
    struct GatedTally {
        int count = 0;
        Error first; // chunk, offset and file of the first occurrence
        int firstIndex = 0;
    };
    std::array<GatedTally, GatedKinds> mGated{};
    struct Seen {
        std::uint64_t at = 0; // absolute offset of the sub-chunk header
        std::size_t part = 0;
    };
    std::array<Seen, 2> mGatedAt{}; // this MCNK's MCCV / MCSH while it is read
    std::vector<Warning> mNotes;    // top-level notes (MFBO)

    std::vector<Part> mParts;
    bool mSplit = false;
    std::size_t mCurrent = 0; // the part being read (names the file in problems)
    AdtReadOptions mOptions;
    Diagnostics mDiag;
    std::optional<Error> mError;
    Adt mAdt;
    bool mBigAlpha = false;
    bool mDepthKnown = false;
    bool mInferred = false;
};

bool AdtReader::readStrings(ByteReader r, std::vector<std::string>& out,
                            std::vector<std::uint32_t>* offsets) {
    const auto bytes = r.data();
    const char* p = reinterpret_cast<const char*>(bytes.data());
    std::size_t start = 0;
    for (std::size_t i = 0; i < bytes.size(); ++i) {
        if (p[i] == '\0') {
            if (offsets) {
                offsets->push_back(std::uint32_t(start));
            }
            out.emplace_back(p + start, i - start);
            start = i + 1;
        }
    }
    if (start < bytes.size()) {
        // A last name without its NUL: keep it, the writer terminates it.
        if (offsets) {
            offsets->push_back(std::uint32_t(start));
        }
        out.emplace_back(p + start, bytes.size() - start);
        return problem(Error{ErrorCode::BadValue, r.chunk(), r.absoluteAt(start),
                             "the last name has no terminating NUL"});
    }
    return true;
}

bool AdtReader::resolveNameTable(FourCC tableId, ByteReader idReader, const std::vector<std::string>& strings,
                                 const std::vector<std::uint32_t>& stringOffsets,
                                 std::vector<std::string>& out) {
    if (idReader.size() % 4 != 0) {
        if (!problem(Error{ErrorCode::BadValue, tableId, idReader.absolute(),
                           "size " + std::to_string(idReader.size()) + " is not a multiple of 4"})) {
            return false;
        }
    }
    const std::uint64_t count = idReader.size() / 4;
    out.reserve(std::size_t(count));
    for (std::uint64_t i = 0; i < count; ++i) {
        const std::uint64_t at = idReader.position();
        const std::uint32_t ofs = idReader.u32();
        auto it = std::lower_bound(stringOffsets.begin(), stringOffsets.end(), ofs);
        if (it == stringOffsets.end() || *it != ofs) {
            if (!problem(Error{ErrorCode::BadValue, tableId, idReader.absoluteAt(at),
                               "entry " + std::to_string(i) + " (offset " + std::to_string(ofs) +
                                   ") does not point to the start of a name"})) {
                return false;
            }
            out.emplace_back();
            continue;
        }
        out.push_back(strings[std::size_t(it - stringOffsets.begin())]);
    }
    return true;
}

bool AdtReader::readDoodads(ByteReader r) {
    if (r.size() % kMddfEntrySize != 0 &&
        !problem(r.makeError(ErrorCode::BadValue,
                             "size " + std::to_string(r.size()) + " is not a multiple of 36"))) {
        return false;
    }
    const std::uint64_t count = r.size() / kMddfEntrySize;
    mAdt.doodads.resize(std::size_t(count));
    for (auto& d : mAdt.doodads) {
        const std::uint64_t at = r.position();
        readDoodadRecord(r, d);
        if (d.nameIndex >= mAdt.modelNames.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MDDF, r.absoluteAt(at),
                           "nameId " + std::to_string(d.nameIndex) + " is past the " +
                               std::to_string(mAdt.modelNames.size()) + " MMID entries"})) {
            return false;
        }
    }
    return true;
}

bool AdtReader::readMapObjects(ByteReader r) {
    if (r.size() % kModfEntrySize != 0 &&
        !problem(r.makeError(ErrorCode::BadValue,
                             "size " + std::to_string(r.size()) + " is not a multiple of 64"))) {
        return false;
    }
    const std::uint64_t count = r.size() / kModfEntrySize;
    mAdt.mapObjects.resize(std::size_t(count));
    for (auto& m : mAdt.mapObjects) {
        const std::uint64_t at = r.position();
        readMapObjectRecord(r, m);
        if (m.nameIndex >= mAdt.wmoNames.size() &&
            !problem(Error{ErrorCode::BadValue, chunk::MODF, r.absoluteAt(at),
                           "nameId " + std::to_string(m.nameIndex) + " is past the " +
                               std::to_string(mAdt.wmoNames.size()) + " MWID entries"})) {
            return false;
        }
    }
    return true;
}

bool AdtReader::decodeLayerAlpha(ByteReader& mcal, std::uint32_t offset, std::uint64_t end, bool doNotFix,
                                 TextureLayer& layer) {
    const auto bytes = mcal.data();
    if (offset > bytes.size() || end > bytes.size() || offset > end) {
        return problem(Error{ErrorCode::SizeOutOfBounds, chunk::MCAL, mcal.absoluteAt(0),
                             "alpha map offset " + std::to_string(offset) + " is past the " +
                                 std::to_string(bytes.size()) + "-byte MCAL"});
    }
    const auto* base = reinterpret_cast<const std::uint8_t*>(bytes.data());
    std::span<const std::uint8_t> in(base + offset, std::size_t(end - offset));
    switch (layer.encoding) {
    case AlphaEncoding::Rle: {
        const RleDecodeResult res = decodeAlphaRle(in, layer.alpha);
        layer.sourceBytes.assign(in.begin(), in.begin() + std::ptrdiff_t(res.consumed));
        layer.sourceEncoding = AlphaEncoding::Rle;
        if (!res.complete) {
            return problem(Error{ErrorCode::Truncated, chunk::MCAL, mcal.absoluteAt(offset),
                                 "compressed alpha map ends after " + std::to_string(res.consumed) +
                                     " bytes before 4096 pixels"});
        }
        if (res.overran) {
            warn(Error{ErrorCode::BadValue, chunk::MCAL, mcal.absoluteAt(offset),
                       "compressed alpha map decodes past 4096 pixels (clamped)"});
        }
        return true;
    }
    case AlphaEncoding::EightBit:
        if (in.size() < kAlpha8BitBytes) {
            return problem(Error{ErrorCode::Truncated, chunk::MCAL, mcal.absoluteAt(offset),
                                 "8-bit alpha map needs 4096 bytes, " + std::to_string(in.size()) + " left"});
        }
        decodeAlpha8Bit(in.first(kAlpha8BitBytes), layer.alpha);
        return true;
    case AlphaEncoding::FourBit:
        if (in.size() < kAlpha4BitBytes) {
            return problem(Error{ErrorCode::Truncated, chunk::MCAL, mcal.absoluteAt(offset),
                                 "4-bit alpha map needs 2048 bytes, " + std::to_string(in.size()) + " left"});
        }
        decodeAlpha4Bit(in.first(kAlpha4BitBytes), doNotFix, layer.alpha);
        if (!doNotFix) {
            // The ignored nibbles make re-encoding lossy; keep the original bytes.
            layer.sourceBytes.assign(in.begin(), in.begin() + kAlpha4BitBytes);
            layer.sourceEncoding = AlphaEncoding::FourBit;
        }
        return true;
    }
    return true;
}

bool AdtReader::readLayers(ByteReader mcly, ByteReader* mcal, std::uint32_t chunkFlags, MapChunk& chunk) {
    if (mcly.size() % kMclyEntrySize != 0 &&
        !problem(mcly.makeError(ErrorCode::BadValue,
                                "size " + std::to_string(mcly.size()) + " is not a multiple of 16"))) {
        return false;
    }
    const std::size_t count = std::size_t(mcly.size() / kMclyEntrySize);
    if (count > 4 && !problem(mcly.makeError(ErrorCode::BadValue,
                                             std::to_string(count) + " layers, at most 4 are allowed"))) {
        return false;
    }
    chunk.layers.resize(count);
    std::vector<std::uint32_t> offsets(count, 0);
    for (std::size_t i = 0; i < count; ++i) {
        TextureLayer& layer = chunk.layers[i];
        const std::uint64_t at = mcly.position();
        layer.textureIndex = mcly.u32();
        layer.flags = mcly.u32();
        offsets[i] = mcly.u32();
        layer.effectId = mcly.u32();
        const std::size_t textureCount = std::max(mAdt.textures.size(), mAdt.diffuseTextureIds.size());
        if (layer.textureIndex >= textureCount &&
            !problem(Error{ErrorCode::BadValue, chunk::MCLY, mcly.absoluteAt(at),
                           "layer " + std::to_string(i) + " names texture " +
                               std::to_string(layer.textureIndex) + " of " + std::to_string(textureCount)})) {
            return false;
        }
        layer.hasAlpha = (layer.flags & mcly_flags::UseAlphaMap) != 0;
        if (layer.flags & mcly_flags::AlphaCompressed) {
            layer.encoding = AlphaEncoding::Rle;
        } else {
            layer.encoding = mBigAlpha ? AlphaEncoding::EightBit : AlphaEncoding::FourBit;
        }
        layer.sourceEncoding = layer.encoding;
    }
    const bool doNotFix = (chunkFlags & mcnk_flags::DoNotFixAlphaMap) != 0;
    for (std::size_t i = 0; i < count; ++i) {
        TextureLayer& layer = chunk.layers[i];
        if (!layer.hasAlpha) {
            continue;
        }
        if (!mcal) {
            if (!problem(
                    Error{ErrorCode::MissingChunk, chunk::MCAL, mcly.absoluteAt(0),
                          "layer " + std::to_string(i) + " uses an alpha map but the MCNK has no MCAL"})) {
                return false;
            }
            layer.hasAlpha = false;
            continue;
        }
        // Compressed maps run until 4096 pixels; bound them by the next layer's offset or MCAL's end.
        std::uint64_t end = mcal->size();
        for (std::size_t j = 0; j < count; ++j) {
            if (chunk.layers[j].hasAlpha && offsets[j] > offsets[i] && offsets[j] < end) {
                end = offsets[j];
            }
        }
        if (layer.encoding != AlphaEncoding::Rle) {
            end = mcal->size(); // uncompressed maps have a fixed size; only MCAL's end bounds them
        }
        if (!decodeLayerAlpha(*mcal, offsets[i], end, doNotFix, layer)) {
            return false;
        }
    }
    return true;
}

bool AdtReader::readMcnkHeader(ByteReader& r, int index, MapChunk& c, McnkSizes& s) {
    // Header (128 bytes), fields in file order.
    if (!r.ensure(kMcnkHeaderSize, "MCNK header")) {
        return problemFrom(r);
    }
    c.flags = r.u32();
    c.indexX = r.u32();
    c.indexY = r.u32();
    s.nLayers = r.u32();
    s.nDoodadRefs = r.u32();
    const std::uint64_t holesHighRes = r.u64(); // ofsHeight + ofsNormal, or the 8x8 hole map
    if (c.flags & mcnk_flags::HighResHoles) {
        c.holesHighRes = holesHighRes;
    }
    r.skip(8); // ofsLayer, ofsRefs
    s.ofsAlpha = r.u32();
    s.sizeAlpha = r.u32();
    r.skip(8); // ofsShadow, sizeShadow
    c.areaId = r.u32();
    s.nMapObjRefs = r.u32();
    c.holesLowRes = r.u16();
    c.unknownButUsed = r.u16();
    r.bytes(std::span<std::uint8_t>(c.lowQualityTextureMap));
    r.bytes(std::span<std::uint8_t>(c.noEffectDoodad));
    r.skip(4); // ofsSndEmitters
    c.soundEmitterCount = r.u32();
    s.ofsLiquid = r.u32();
    s.sizeLiquid = r.u32();
    c.position = readVec3(r);
    r.skip(8); // ofsMCCV, ofsMCLV
    c.unusedTail = r.u32();
    if ((c.indexX != std::uint32_t(index % kChunksPerSide) ||
         c.indexY != std::uint32_t(index / kChunksPerSide)) &&
        !problem(Error{ErrorCode::BadValue, chunk::MCNK, r.absoluteAt(4),
                       "MCNK " + std::to_string(index) + " says it is (" + std::to_string(c.indexX) + ", " +
                           std::to_string(c.indexY) + ")"})) {
        return false;
    }
    return true;
}

bool AdtReader::readMcnk(std::span<const McnkPiece> pieces, int index, MapChunk& c) {
    McnkSizes s;
    mGatedAt = {};
    const McnkPiece* headerPiece = nullptr;
    for (const McnkPiece& piece : pieces) {
        if (!piece.hasHeader) {
            continue;
        }
        mCurrent = piece.part;
        if (headerPiece) {
            if (!problem(Error{ErrorCode::BadValue, chunk::MCNK, piece.data.absoluteAt(0) - 8,
                               "MCNK " + std::to_string(index) + " has a header in " +
                                   mParts[headerPiece->part].name + " too (that one is used)"})) {
                return false;
            }
            continue;
        }
        headerPiece = &piece;
    }
    if (!headerPiece) {
        mCurrent = pieces.empty() ? 0 : pieces.front().part;
        return problem(Error{ErrorCode::MissingChunk, chunk::MCNK,
                             pieces.empty() ? 0 : pieces.front().data.absoluteAt(0) - 8,
                             "MCNK " + std::to_string(index) + " has no header in any file"});
    }

    struct Found {
        ByteReader data;
        std::size_t part = 0;
    };
    std::optional<Found> mcly, mcal, mcrf, mcrd, mcrw;
    bool haveMcvt = false;
    bool haveMcnr = false;
    // The header's piece first: its sub-chunk offsets tell MCAL's and MCLQ's true sizes.
    // At most one piece per file (kMaxParts), so the order fits a small array.
    std::array<const McnkPiece*, kMaxParts> order{};
    std::size_t orderCount = 0;
    order[orderCount++] = headerPiece;
    for (const McnkPiece& piece : pieces) {
        if (&piece != headerPiece && orderCount < order.size()) {
            order[orderCount++] = &piece;
        }
    }
    for (std::size_t k = 0; k < orderCount; ++k) {
        const McnkPiece* piece = order[k];
        mCurrent = piece->part;
        ByteReader r = piece->data;
        if (piece == headerPiece) {
            if (!readMcnkHeader(r, index, c, s)) {
                return false;
            }
        }
        const bool withHeader = piece == headerPiece;
        FourCC lastKnown;
        while (!r.failed() && r.remaining() >= 8) {
            const std::uint64_t at = r.position();
            const FourCC id = r.fourcc();
            std::uint64_t size = r.u32();
            const std::uint64_t rel = at + 8; // header offsets count from the MCNK's own chunk header
            // MCAL and MCLQ size fields are unreliable in Blizzard files; the client uses the header's.
            if (withHeader && id == chunk::MCAL && s.ofsAlpha == rel && s.sizeAlpha >= 8 &&
                s.sizeAlpha - 8 <= r.remaining()) {
                if (size != s.sizeAlpha - 8) {
                    warn(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                               "size field " + std::to_string(size) + " disagrees with sizeAlpha " +
                                   std::to_string(s.sizeAlpha) + " (the header is used)"});
                }
                size = s.sizeAlpha - 8;
            } else if (withHeader && id == chunk::MCLQ && s.ofsLiquid == rel && s.sizeLiquid > 8 &&
                       s.sizeLiquid - 8 <= r.remaining()) {
                size = s.sizeLiquid - 8;
            }
            if (size > r.remaining()) {
                return problem(Error{ErrorCode::SizeOutOfBounds, id, r.absoluteAt(at),
                                     "sub-chunk of " + std::to_string(size) + " bytes, only " +
                                         std::to_string(r.remaining()) + " left in the MCNK"});
            }
            ByteReader sub = r.sub(r.position(), size, id);
            r.skip(size);
            bool known = true;
            if (id == chunk::MCVT) {
                if (size != kMcvtSize) {
                    if (!problem(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                       "size " + std::to_string(size) + " is not 580"})) {
                        return false;
                    }
                }
                std::memcpy(c.heights.data(), sub.data().data(), std::min<std::size_t>(size, kMcvtSize));
                haveMcvt = true;
            } else if (id == chunk::MCNR) {
                if (size < kMcnrEntriesSize) {
                    if (!problem(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                       "size " + std::to_string(size) + " is below 435"})) {
                        return false;
                    }
                }
                std::memcpy(c.normals.data(), sub.data().data(),
                            std::min<std::size_t>(size, kMcnrEntriesSize));
                if (size >= kMcnrEntriesSize + kMcnrPaddingSize) {
                    // Cataclysm: the declared size covers the padding. Canonical in split roots; in a v18
                    // file the model remembers it so that writeAdt keeps it.
                    c.v18McnrDeclares448 = !mSplit;
                    std::memcpy(c.normalPadding.data(), sub.data().data() + kMcnrEntriesSize,
                                kMcnrPaddingSize);
                } else if (size == kMcnrEntriesSize && r.remaining() >= kMcnrPaddingSize) {
                    // WotLK (and split roots by Mapsmith before 448): 13 bytes follow the chunk without
                    // being counted in its size.
                    r.bytes(std::span<std::uint8_t>(c.normalPadding));
                }
                haveMcnr = true;
            } else if (id == chunk::MCCV || id == chunk::MCLV) {
                if (id == chunk::MCCV) {
                    mGatedAt[0] = Seen{r.absoluteAt(at), piece->part};
                }
                auto& target = id == chunk::MCCV ? c.vertexColors : c.vertexLighting;
                target.emplace();
                if (size != kVerticesPerChunk * 4 &&
                    !problem(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                   "size " + std::to_string(size) + " is not 580"})) {
                    return false;
                }
                std::memcpy(target->data(), sub.data().data(),
                            std::min<std::size_t>(size, kVerticesPerChunk * 4));
            } else if (id == chunk::MCLY) {
                mcly = Found{sub, piece->part};
            } else if (id == chunk::MCRF) {
                mcrf = Found{sub, piece->part};
            } else if (mSplit && id == chunk::MCRD) {
                mcrd = Found{sub, piece->part};
            } else if (mSplit && id == chunk::MCRW) {
                mcrw = Found{sub, piece->part};
            } else if (mSplit && id == chunk::MCMT) {
                if (size != 4 && !problem(Error{ErrorCode::BadValue, id, r.absoluteAt(at),
                                                "size " + std::to_string(size) + " is not 4"})) {
                    return false;
                }
                auto& ids = c.materialIds.emplace();
                std::memcpy(ids.data(), sub.data().data(), std::min<std::size_t>(size, 4));
            } else if (id == chunk::MCSH) {
                mGatedAt[1] = Seen{r.absoluteAt(at), piece->part};
                const auto* p = reinterpret_cast<const std::uint8_t*>(sub.data().data());
                c.shadow.emplace(p, p + size);
            } else if (id == chunk::MCAL) {
                mcal = Found{sub, piece->part};
            } else if (id == chunk::MCLQ) {
                c.mclq.emplace(sub.data().begin(), sub.data().end());
            } else if (id == chunk::MCSE) {
                c.soundEmitters.emplace(sub.data().begin(), sub.data().end());
            } else {
                known = false;
                c.unknown.push_back(RawChunk{
                    id, lastKnown, {sub.data().begin(), sub.data().end()}, mParts[piece->part].part});
            }
            if (known) {
                // In the model, "after MCRF" means after the references, whichever chunks hold them.
                lastKnown = (id == chunk::MCRD || id == chunk::MCRW) ? chunk::MCRF : id;
            }
        }
        if (r.failed()) {
            return problemFrom(r);
        }
        if (r.remaining() != 0 &&
            !problem(Error{ErrorCode::BadValue, chunk::MCNK, r.absolute(),
                           std::to_string(r.remaining()) + " stray bytes at the end of the MCNK"})) {
            return false;
        }
    }
    mCurrent = headerPiece->part;
    const std::uint64_t headerAt = headerPiece->data.absoluteAt(0);
    if (!haveMcvt && !problem(Error{ErrorCode::MissingChunk, chunk::MCVT, headerAt,
                                    "MCNK " + std::to_string(index) + " has no MCVT"})) {
        return false;
    }
    if (!haveMcnr && !problem(Error{ErrorCode::MissingChunk, chunk::MCNR, headerAt,
                                    "MCNK " + std::to_string(index) + " has no MCNR"})) {
        return false;
    }
    c.hasMcal = mcal.has_value();
    tallyGated(c, index, headerAt);

    if (mcrf) {
        mCurrent = mcrf->part;
        ByteReader refs = mcrf->data;
        const std::uint64_t want = (std::uint64_t(s.nDoodadRefs) + s.nMapObjRefs) * 4;
        std::uint64_t doodadCount = s.nDoodadRefs;
        std::uint64_t objectCount = s.nMapObjRefs;
        if (want != refs.size()) {
            if (!problem(Error{ErrorCode::BadValue, chunk::MCRF, refs.absoluteAt(0),
                               "holds " + std::to_string(refs.size()) + " bytes but the header counts " +
                                   std::to_string(s.nDoodadRefs) + " doodad and " +
                                   std::to_string(s.nMapObjRefs) + " object references"})) {
                return false;
            }
            doodadCount = std::min<std::uint64_t>(doodadCount, refs.size() / 4);
            objectCount = std::min<std::uint64_t>(objectCount, refs.size() / 4 - doodadCount);
        }
        c.doodadRefs.resize(std::size_t(doodadCount));
        for (auto& v : c.doodadRefs) {
            v = refs.u32();
        }
        c.mapObjectRefs.resize(std::size_t(objectCount));
        for (auto& v : c.mapObjectRefs) {
            v = refs.u32();
        }
    } else if (mSplit) {
        // MCRD (doodads) and MCRW (objects); the root header's counts are not trusted.
        const auto readList = [&](const std::optional<Found>& list, std::vector<std::uint32_t>& out) {
            if (!list) {
                return true;
            }
            mCurrent = list->part;
            ByteReader refs = list->data;
            if (refs.size() % 4 != 0 &&
                !problem(refs.makeError(ErrorCode::BadValue,
                                        "size " + std::to_string(refs.size()) + " is not a multiple of 4"))) {
                return false;
            }
            out.resize(std::size_t(refs.size() / 4));
            for (auto& v : out) {
                v = refs.u32();
            }
            return true;
        };
        if (!readList(mcrd, c.doodadRefs) || !readList(mcrw, c.mapObjectRefs)) {
            return false;
        }
    } else if ((s.nDoodadRefs != 0 || s.nMapObjRefs != 0) &&
               !problem(Error{ErrorCode::MissingChunk, chunk::MCRF, headerAt,
                              "the header counts references but the MCNK has no MCRF"})) {
        return false;
    }
    const auto checkRefs = [&](const std::vector<std::uint32_t>& refs, std::size_t limit, const char* what,
                               const char* table, const std::optional<Found>& from, FourCC id) {
        for (auto ref : refs) {
            if (ref >= limit) {
                mCurrent = from ? from->part : headerPiece->part;
                if (!problem(Error{ErrorCode::BadValue, id, from ? from->data.absoluteAt(0) : headerAt,
                                   std::string(what) + " reference " + std::to_string(ref) + " is past the " +
                                       std::to_string(limit) + " " + table + " entries"})) {
                    return false;
                }
            }
        }
        return true;
    };
    if (!checkRefs(c.doodadRefs, mAdt.doodads.size(), "doodad", "MDDF", mcrf ? mcrf : mcrd,
                   mcrf ? chunk::MCRF : chunk::MCRD) ||
        !checkRefs(c.mapObjectRefs, mAdt.mapObjects.size(), "object", "MODF", mcrf ? mcrf : mcrw,
                   mcrf ? chunk::MCRF : chunk::MCRW)) {
        return false;
    }

    if (mcly) {
        mCurrent = mcly->part;
        if (mcly->part == headerPiece->part && mcly->data.size() / kMclyEntrySize != s.nLayers) {
            warn(Error{ErrorCode::BadValue, chunk::MCNK, headerAt,
                       "nLayers " + std::to_string(s.nLayers) + " but MCLY holds " +
                           std::to_string(mcly->data.size() / kMclyEntrySize)});
        }
        ByteReader alpha = mcal ? mcal->data : ByteReader();
        if (!readLayers(mcly->data, mcal ? &alpha : nullptr, c.flags, c)) {
            return false;
        }
    }
    return true;
}

// MAMP, MDID, MHID and MTXP, which only split tex files hold.
bool AdtReader::readSplitTop(const std::function<std::optional<ByteReader>(FourCC)>& find) {
    std::uint8_t mampValue = mAdt.headerTail[0]; // MHDR's mamp_value unless MAMP says otherwise
    std::uint64_t mampAt = 0;
    FourCC mampFrom = chunk::MHDR;
    if (auto mamp = find(chunk::MAMP)) {
        if (mamp->size() < 1) {
            if (!problem(mamp->makeError(ErrorCode::Truncated, "MAMP is empty"))) {
                return false;
            }
        } else {
            mAdt.mamp = mamp->u8();
            mampValue = *mAdt.mamp;
            mampAt = mamp->absoluteAt(0);
            mampFrom = chunk::MAMP;
            if (mamp->size() != 4) {
                warn(mamp->makeError(ErrorCode::BadValue, "size " + std::to_string(mamp->size()) +
                                                              " is not 4 (only the first byte is kept)"));
            }
        }
    } else if (mampValue != 0) {
        if (auto mhdr = find(chunk::MHDR)) {
            mampAt = mhdr->absoluteAt(0x30);
        }
    }
    if (mampValue != 0 &&
        !problem(Error{ErrorCode::BadValue, mampFrom, mampAt,
                       "mamp value " + std::to_string(mampValue) + " (" +
                           std::to_string(64 >> std::min(mampValue, std::uint8_t(6))) + "x" +
                           std::to_string(64 >> std::min(mampValue, std::uint8_t(6))) +
                           " alpha maps) is not supported, only 0 (64x64)"})) {
        return false;
    }
    const auto readIds = [&](FourCC id, std::vector<std::uint32_t>& out) {
        auto ids = find(id);
        if (!ids) {
            return true;
        }
        if (ids->size() % 4 != 0 &&
            !problem(ids->makeError(ErrorCode::BadValue,
                                    "size " + std::to_string(ids->size()) + " is not a multiple of 4"))) {
            return false;
        }
        out.resize(std::size_t(ids->size() / 4));
        for (auto& v : out) {
            v = ids->u32();
        }
        return true;
    };
    if (!readIds(chunk::MDID, mAdt.diffuseTextureIds) || !readIds(chunk::MHID, mAdt.heightTextureIds)) {
        return false;
    }
    if (auto mtxp = find(chunk::MTXP)) {
        if (mtxp->size() % 16 != 0 &&
            !problem(mtxp->makeError(ErrorCode::BadValue,
                                     "size " + std::to_string(mtxp->size()) + " is not a multiple of 16"))) {
            return false;
        }
        auto& params = mAdt.textureParams.emplace(std::size_t(mtxp->size() / 16));
        for (auto& t : params) {
            t.flags = mtxp->u32();
            t.heightScale = mtxp->f32();
            t.heightOffset = mtxp->f32();
            t.padding = mtxp->u32();
        }
    }
    return true;
}

// Without a WDT the depth follows from the uncompressed map sizes: 2048 bytes apart = 4-bit.
void AdtReader::inferAlphaDepth(const std::vector<std::pair<ByteReader, ByteReader>>& pending) {
    for (const auto& [mcly, mcal] : pending) {
        ByteReader ly = mcly;
        const std::size_t count = std::size_t(ly.size() / kMclyEntrySize);
        std::vector<std::pair<std::uint32_t, std::uint32_t>> entries; // offset, flags
        for (std::size_t i = 0; i < count; ++i) {
            ly.skip(4);
            const std::uint32_t flags = ly.u32();
            const std::uint32_t ofs = ly.u32();
            ly.skip(4);
            if (flags & mcly_flags::UseAlphaMap) {
                if (flags & mcly_flags::AlphaCompressed) {
                    mBigAlpha = true; // compression exists only with 8-bit depth
                    mDepthKnown = true;
                    return;
                }
                entries.emplace_back(ofs, flags);
            }
        }
        if (entries.empty() || ly.failed()) {
            continue;
        }
        std::sort(entries.begin(), entries.end());
        std::vector<std::uint64_t> spans;
        for (std::size_t i = 0; i < entries.size(); ++i) {
            const std::uint64_t next = i + 1 < entries.size() ? entries[i + 1].first : mcal.size();
            spans.push_back(next - entries[i].first);
        }
        const bool all4 =
            std::all_of(spans.begin(), spans.end(), [](auto n) { return n == kAlpha4BitBytes; });
        const bool all8 =
            std::all_of(spans.begin(), spans.end(), [](auto n) { return n == kAlpha8BitBytes; });
        if (all4 || all8) {
            mBigAlpha = all8;
            mDepthKnown = true;
            return;
        }
    }
}

Expected<AdtReadResult> AdtReader::run() {
    struct Found {
        FourCC id;
        ByteReader data;
        std::size_t part = 0;
    };
    std::vector<Found> top;
    std::vector<std::vector<ByteReader>> mcnks(mParts.size());
    auto isKnownTop = [this](FourCC id) {
        using namespace chunk;
        if (mSplit && (id == MAMP || id == MDID || id == MHID || id == MTXP)) {
            return true;
        }
        return id == MVER || id == MHDR || id == MCIN || id == MTEX || id == MMDX || id == MMID ||
               id == MWMO || id == MWID || id == MDDF || id == MODF || id == MH2O || id == MFBO ||
               id == MTXF || id == MCNK;
    };
    for (std::size_t p = 0; p < mParts.size(); ++p) {
        mCurrent = p;
        ByteReader file(mParts[p].bytes);
        FourCC lastKnown;
        while (file.remaining() >= 8) {
            const std::uint64_t at = file.position();
            const FourCC id = file.fourcc();
            const std::uint32_t size = file.u32();
            if (size > file.remaining()) {
                file.setChunk(id);
                file.failAt(at, ErrorCode::SizeOutOfBounds,
                            "chunk of " + std::to_string(size) + " bytes, only " +
                                std::to_string(file.remaining()) + " left in the file");
                if (!problemFrom(file)) {
                    return *mError;
                }
                break;
            }
            ByteReader data = file.sub(file.position(), size, id);
            file.skip(size);
            if (id == chunk::MCNK) {
                mcnks[p].push_back(data);
            } else if (isKnownTop(id)) {
                top.push_back({id, data, p});
            } else {
                mAdt.unknown.push_back(
                    RawChunk{id, lastKnown, {data.data().begin(), data.data().end()}, mParts[p].part});
            }
            if (isKnownTop(id)) {
                lastKnown = id;
            }
        }
        if (file.remaining() != 0 &&
            !problem(Error{ErrorCode::Truncated, FourCC{}, file.absolute(),
                           std::to_string(file.remaining()) + " stray bytes after the last chunk"})) {
            return *mError;
        }
    }
    // The chunk of that id in whichever file holds it; mCurrent names that file for later problems.
    auto find = [&](FourCC id) -> std::optional<ByteReader> {
        std::optional<ByteReader> result;
        std::size_t resultPart = 0;
        for (const auto& f : top) {
            if (f.id == id) {
                if (result) {
                    mCurrent = f.part;
                    problem(Error{ErrorCode::BadValue, id, f.data.absoluteAt(0) - 8,
                                  "a second " + id.str() + " chunk (the first one is used)"});
                    continue;
                }
                result = f.data;
                resultPart = f.part;
            }
        }
        mCurrent = result ? resultPart : 0;
        return result;
    };

    // MVER: one per file (every file of a split set has its own).
    for (std::size_t p = 0; p < mParts.size(); ++p) {
        mCurrent = p;
        std::optional<ByteReader> mver;
        for (const auto& f : top) {
            if (f.id == chunk::MVER && f.part == p) {
                if (mver) {
                    problem(Error{ErrorCode::BadValue, chunk::MVER, f.data.absoluteAt(0) - 8,
                                  "a second MVER chunk (the first one is used)"});
                    continue;
                }
                mver = f.data;
            }
        }
        if (!mver) {
            problem(Error{ErrorCode::MissingChunk, chunk::MVER, 0, "the file has no MVER chunk"});
            if (mError) {
                return *mError;
            }
            continue;
        }
        const std::uint32_t version = mver->u32("version");
        if (mver->failed() && !problemFrom(*mver)) {
            return *mError;
        }
        if (p == 0) {
            mAdt.version = version;
        }
        if (version != 18 &&
            !problem(Error{ErrorCode::UnsupportedVersion, chunk::MVER, mver->absoluteAt(0),
                           "version " + std::to_string(version) + ", only 18 is supported"})) {
            return *mError;
        }
    }
    // MHDR
    auto mhdr = find(chunk::MHDR);
    if (!mhdr) {
        if (!problem(Error{ErrorCode::MissingChunk, chunk::MHDR, 0, "the file has no MHDR chunk"})) {
            return *mError;
        }
    } else {
        if (mhdr->size() < 64 &&
            !problem(mhdr->makeError(ErrorCode::BadValue,
                                     "size " + std::to_string(mhdr->size()) + " is not 64"))) {
            return *mError;
        }
        mAdt.headerFlags = mhdr->u32();
        if (mhdr->size() >= 64) {
            mhdr->seek(0x30);
            mhdr->bytes(std::span<std::uint8_t>(mAdt.headerTail));
        }
    }
    if (!mSplit && !find(chunk::MCIN) &&
        !problem(Error{ErrorCode::MissingChunk, chunk::MCIN, 0, "the file has no MCIN chunk"})) {
        return *mError;
    }
    if (mError) {
        return *mError;
    }

    // Name tables and placements.
    if (auto mtex = find(chunk::MTEX)) {
        if (!readStrings(*mtex, mAdt.textures, nullptr)) {
            return *mError;
        }
    }
    auto readNames = [&](FourCC stringsId, FourCC idsId, std::vector<std::string>& out) -> bool {
        std::vector<std::string> strings;
        std::vector<std::uint32_t> offsets;
        auto s = find(stringsId);
        if (s && !readStrings(*s, strings, &offsets)) {
            return false;
        }
        auto ids = find(idsId);
        if (!ids) {
            out = strings; // no id table: every name in order
            return true;
        }
        return resolveNameTable(idsId, *ids, strings, offsets, out);
    };
    if (!readNames(chunk::MMDX, chunk::MMID, mAdt.modelNames) ||
        !readNames(chunk::MWMO, chunk::MWID, mAdt.wmoNames)) {
        return *mError;
    }
    if (auto mddf = find(chunk::MDDF); mddf && !readDoodads(*mddf)) {
        return *mError;
    }
    if (auto modf = find(chunk::MODF); modf && !readMapObjects(*modf)) {
        return *mError;
    }
    if (auto mh2o = find(chunk::MH2O)) {
        auto liquids = readMh2o(*mh2o, mDiag);
        if (!liquids) {
            if (!problem(liquids.error())) {
                return *mError;
            }
        } else {
            mAdt.liquids = std::move(liquids.value());
        }
    }
    if (auto mfbo = find(chunk::MFBO)) {
        if (mfbo->size() != 36 &&
            !problem(mfbo->makeError(ErrorCode::BadValue,
                                     "size " + std::to_string(mfbo->size()) + " is not 36"))) {
            return *mError;
        }
        if (mfbo->size() >= 36) {
            auto& fb = mAdt.flightBounds.emplace();
            for (auto& v : fb) {
                v = mfbo->i16();
            }
        }
    }
    // MHDR flag mhdr_MFBO gates MFBO ("mfbo: this is only set if flags & mhdr_MFBO"); both kept as read.
    if (const bool flag = (mAdt.headerFlags & mhdr_flags::HasFlightBounds) != 0;
        flag != mAdt.flightBounds.has_value()) {
        const auto at = flag ? find(chunk::MHDR) : find(chunk::MFBO);
        Error note{ErrorCode::BadValue, flag ? chunk::MHDR : chunk::MFBO, at ? at->absoluteAt(0) - 8 : 0,
                   flag ? "MHDR flag mhdr_MFBO 0x1 set without an MFBO chunk"
                        : "MFBO present but disabled (MHDR flag mhdr_MFBO 0x1 clear): the client ignores it; "
                          "kept as read"};
        if (mSplit) {
            note.file = mParts[mCurrent].name;
        }
        mNotes.push_back(std::move(note));
    }
    if (auto mtxf = find(chunk::MTXF)) {
        if (mtxf->size() % 4 != 0 &&
            !problem(mtxf->makeError(ErrorCode::BadValue,
                                     "size " + std::to_string(mtxf->size()) + " is not a multiple of 4"))) {
            return *mError;
        }
        auto& flags = mAdt.textureFlags.emplace(std::size_t(mtxf->size() / 4));
        for (auto& f : flags) {
            f = mtxf->u32();
        }
    }

    if (mSplit && !readSplitTop(find)) {
        return *mError;
    }

    // Alpha depth: the WDT's word wins; otherwise infer from the first MCNK that tells.
    if (mOptions.bigAlpha) {
        mBigAlpha = *mOptions.bigAlpha;
        mDepthKnown = true;
    }

    std::size_t mcnkCount = 0;
    for (const auto& list : mcnks) {
        mcnkCount += list.size();
    }
    if (mcnkCount == 0 && mOptions.lenient) {
        // Nothing to read leniently: report the first problem, the likely cause.
        return !mDiag.warnings.empty()
                   ? mDiag.warnings.front()
                   : Error{ErrorCode::MissingChunk, chunk::MCNK, 0, "the file has no MCNK chunks"};
    }
    // Every file holds 256 MCNKs (split tex/obj files may hold none); MCNK i of each is a piece of chunk i.
    // pieces[i * kMaxParts + k]: the k-th piece of chunk i; pieceCount[i] of them.
    std::vector<McnkPiece> pieces(std::size_t(kChunksPerTile) * kMaxParts);
    std::vector<std::uint8_t> pieceCount(std::size_t(kChunksPerTile), 0);
    for (std::size_t p = 0; p < mParts.size(); ++p) {
        mCurrent = p;
        const auto& list = mcnks[p];
        if ((!mSplit || !list.empty()) && list.size() != std::size_t(kChunksPerTile)) {
            if (!problem(Error{
                    ErrorCode::MissingChunk, chunk::MCNK, list.empty() ? 0 : list.front().absoluteAt(0) - 8,
                    "the file has " + std::to_string(list.size()) + " MCNK chunks, 256 are required"})) {
                return *mError;
            }
        }
        for (std::size_t i = 0; i < list.size() && i < std::size_t(kChunksPerTile); ++i) {
            pieces[i * kMaxParts + pieceCount[i]++] =
                McnkPiece{p, list[i], !mSplit || !isHeaderlessMcnk(list[i].data())};
        }
    }
    if (!mDepthKnown) {
        // Locate MCLY/MCAL of a few MCNKs cheaply to infer the depth.
        std::vector<std::pair<ByteReader, ByteReader>> pending;
        for (std::size_t i = 0; i < pieceCount.size() && !mDepthKnown; ++i) {
            for (const McnkPiece& piece : std::span(pieces).subspan(i * kMaxParts, pieceCount[i])) {
                ByteReader r = piece.data;
                if (piece.hasHeader && !r.skip(kMcnkHeaderSize)) {
                    continue;
                }
                std::optional<ByteReader> ly, al;
                while (r.remaining() >= 8) {
                    const FourCC id = r.fourcc();
                    std::uint64_t size = r.u32();
                    if (id == chunk::MCNR && size == kMcnrEntriesSize &&
                        r.remaining() >= kMcnrEntriesSize + kMcnrPaddingSize) {
                        size += kMcnrPaddingSize;
                    }
                    if (size > r.remaining()) {
                        break;
                    }
                    ByteReader sub = r.sub(r.position(), size, id);
                    if (id == chunk::MCLY) {
                        ly = sub;
                    } else if (id == chunk::MCAL) {
                        al = sub;
                    }
                    r.skip(size);
                }
                if (ly && al) {
                    pending.emplace_back(*ly, *al);
                    inferAlphaDepth(pending);
                    pending.clear();
                    if (mDepthKnown) {
                        break;
                    }
                }
            }
        }
        mInferred = true;
    }
    mAdt.bigAlpha = mBigAlpha;

    mAdt.chunks.resize(std::size_t(kChunksPerTile));
    for (std::size_t i = 0; i < std::size_t(kChunksPerTile); ++i) {
        MapChunk& c = mAdt.chunks[i];
        c.indexX = std::uint32_t(i % kChunksPerSide);
        c.indexY = std::uint32_t(i / kChunksPerSide);
        if (pieceCount[i] != 0 &&
            !readMcnk(std::span(pieces).subspan(i * kMaxParts, pieceCount[i]), int(i), c)) {
            return *mError;
        }
    }
    if (mError) {
        return *mError;
    }
    AdtReadResult result;
    result.adt = std::move(mAdt);
    result.warnings = std::move(mDiag.warnings);
    result.notes = gatedNotes();
    result.bigAlphaInferred = mInferred;
    return result;
}

void AdtReader::tallyGated(const MapChunk& c, int index, std::uint64_t headerAt) {
    const auto tally = [&](Gated kind, FourCC id, std::uint64_t at, std::size_t part) {
        GatedTally& t = mGated[kind];
        if (t.count++ == 0) {
            t.first = Error{ErrorCode::BadValue, id, at, {}, mSplit ? mParts[part].name : std::string()};
            t.firstIndex = index;
        }
    };
    const bool mccvFlag = (c.flags & mcnk_flags::HasVertexColors) != 0;
    const bool mcshFlag = (c.flags & mcnk_flags::HasShadow) != 0;
    const std::size_t headerPart = mCurrent;
    if (c.vertexColors && !mccvFlag) {
        tally(MccvDisabled, chunk::MCCV, mGatedAt[0].at, mGatedAt[0].part);
    } else if (!c.vertexColors && mccvFlag) {
        tally(MccvFlagAlone, chunk::MCNK, headerAt, headerPart);
    }
    if (c.shadow && !mcshFlag) {
        tally(McshDisabled, chunk::MCSH, mGatedAt[1].at, mGatedAt[1].part);
    } else if (!c.shadow && mcshFlag) {
        tally(McshFlagAlone, chunk::MCNK, headerAt, headerPart);
    }
}

std::vector<Warning> AdtReader::gatedNotes() const {
    static constexpr const char* kText[GatedKinds] = {
        " present but disabled (MCNK flag has_mccv 0x40 clear): the client ignores it; kept as read",
        " present but disabled (MCNK flag has_mcsh 0x1 clear): the client ignores it; kept as read",
        " flag has_mccv 0x40 set without an MCCV sub-chunk",
        " flag has_mcsh 0x1 set without an MCSH sub-chunk",
    };
    std::vector<Warning> notes = mNotes;
    for (std::size_t k = 0; k < GatedKinds; ++k) {
        const GatedTally& t = mGated[k];
        if (t.count == 0) {
            continue;
        }
        Warning w = t.first;
        const std::string what = k == MccvDisabled ? "MCCV" : k == McshDisabled ? "MCSH" : "MCNK";
        w.message = what + kText[k] + " in " + std::to_string(t.count) + " of 256 chunks (first: MCNK " +
                    std::to_string(t.firstIndex) + ")";
        notes.push_back(std::move(w));
    }
    return notes;
}

} // namespace

Expected<AdtReadResult> readAdt(std::span<const std::byte> file, const AdtReadOptions& options) {
    AdtReader reader({Part{file, {}, AdtPart::Root}}, false, options);
    return reader.run();
}

Expected<AdtReadResult> readSplitAdt(const SplitAdtFiles& files, const AdtReadOptions& options) {
    AdtReader reader({Part{files.root, "root", AdtPart::Root}, Part{files.tex0, "tex0", AdtPart::Tex},
                      Part{files.obj0, "obj0", AdtPart::Obj}},
                     true, options);
    auto result = reader.run();
    if (result) {
        result->adt.obj1File = files.obj1;
        result->adt.tex1File = files.tex1;
        result->adt.lodFile = files.lod;
    }
    return result;
}

} // namespace mapsmith::io
