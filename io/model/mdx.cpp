// MDX (version 1300) reader (layout in mdx.h). Walks the top-level chunks once; variable records
// (materials, layers, geosets) are bounded by their own sizes, which are checked against their container
// before anything inside is read.

#include "io/model/mdx.h"

#include "io/binary/byte_reader.h"
#include "io/model/detail/chunk_walk.h"
#include "io/model/detail/list_checks.h"
#include "io/model/detail/model_report.h"
#include "io/model/detail/model_text.h"

#include <algorithm>
#include <array>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>

namespace mapsmith::io {
namespace {

using detail::RawChunk;

constexpr FourCC kMdlx{"MDLX"}, kVers{"VERS"}, kModl{"MODL"}, kSeqs{"SEQS"}, kMtls{"MTLS"}, kTexs{"TEXS"},
    kGeos{"GEOS"}, kVrtx{"VRTX"}, kNrms{"NRMS"}, kUvas{"UVAS"}, kPtyp{"PTYP"}, kPcnt{"PCNT"}, kPvtx{"PVTX"},
    kGndx{"GNDX"}, kMtgc{"MTGC"}, kMats{"MATS"}, kBidx{"BIDX"}, kBwgt{"BWGT"};

static_assert(kMdxModelSize == 80 + 260 + 4 + 12 + 12 + 4,
              "MODL: name, animation file, radius, min, max, blend");
static_assert(kMdxSequenceSize == 80 + 4 * 4 + 6 * 4 + 5 * 4, "SEQS record");
static_assert(kMdxLayerSize == 6 * 4 + 4, "layer: size, 5 u32, f32 alpha");
static_assert(kMdxTextureSize == 4 + 260 + 4, "TEXS record");
static_assert(kMdxGeosetTrailerSize == 3 * 4 + 4 + 6 * 4, "geoset trailer: ids, radius, box");
static_assert(sizeof(ModelVec3) == 12 && sizeof(ModelVec2) == 8 && std::numeric_limits<float>::is_iec559);

// Bounds stored radius first (MODL, SEQS, geosets).
void readRadiusBox(ByteReader& r, ModelBounds& b) {
    b.radius = r.f32("bounds radius");
    detail::readBox(r, b);
}

class MdxReader {
public:
    MdxReader(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName)
        : mFile(file), mReport(diag, fileName) {}

    Expected<MdxModel> run();

private:
    bool read(RawChunk& c);
    bool readModel(RawChunk& c);
    bool readSequences(RawChunk& c);
    bool readMaterials(RawChunk& c);
    bool readTextures(RawChunk& c);
    bool readGeosets(RawChunk& c);
    bool readGeoset(ByteReader& r, MdxGeoset& g);
    // A size-prefixed record (the size counts its own 4 bytes) at r's position, as a reader over the rest of
    // it; false (with r failed or the problem reported) when it does not fit in r.
    bool sizedRecord(ByteReader& r, const char* what, ByteReader& out);
    // Copies n records of T (plain numbers or float arrays) from r.
    template <class T> bool readList(ByteReader& r, std::uint64_t n, std::vector<T>& out) {
        static_assert(std::is_trivially_copyable_v<T>);
        const auto block = r.take(n * sizeof(T), "geoset list"); // n < 2^32: no overflow
        if (r.failed()) {
            return false;
        }
        out.resize(std::size_t(n));
        if (n > 0) {
            std::memcpy(out.data(), block.data(), block.size());
        }
        return true;
    }

    std::span<const std::byte> mFile;
    detail::ModelReport mReport; // the one strict/lenient helper
    MdxModel mModel;
    bool mHasVersion = false;
    bool mHasModel = false;
};

bool MdxReader::sizedRecord(ByteReader& r, const char* what, ByteReader& out) {
    const std::uint64_t at = r.position();
    const std::uint64_t size = r.u32(what);
    if (r.failed()) {
        return false;
    }
    if (size < 4 || size - 4 > r.remaining()) {
        r.failAt(at, ErrorCode::SizeOutOfBounds,
                 std::string(what) + " of " + std::to_string(size) + " bytes, " +
                     std::to_string(r.remaining() + 4) + " left in " + r.chunk().str());
        return false;
    }
    out = r.sub(r.position(), size - 4, r.chunk());
    r.skip(size - 4);
    return true;
}

bool MdxReader::readModel(RawChunk& c) {
    ByteReader& r = c.data;
    if (r.size() < kMdxModelSize) {
        return mReport.problem(ErrorCode::Truncated, c.id, c.at,
                               "size " + std::to_string(r.size()) + ", MODL needs " +
                                   std::to_string(kMdxModelSize));
    }
    mModel.name = detail::textUpToNul(r.take(kMdxNameSize, "name"));
    mModel.animationFile = detail::textUpToNul(r.take(kMdxFileNameSize, "animation file"));
    readRadiusBox(r, mModel.bounds);
    mModel.blendTime = r.u32("blend time");
    if (!r.atEnd()) {
        mModel.flags = r.u8("flags");
    }
    mHasModel = true;
    return true;
}

bool MdxReader::readSequences(RawChunk& c) {
    ByteReader& r = c.data;
    const std::uint32_t count = r.u32("sequence count");
    if (r.failed() || std::uint64_t(count) * kMdxSequenceSize != r.remaining()) {
        if (!mReport.problem(ErrorCode::BadValue, c.id, c.at,
                             "size " + std::to_string(r.size()) + " does not hold " + std::to_string(count) +
                                 " sequences of " + std::to_string(kMdxSequenceSize) + " bytes")) {
            return false;
        }
    }
    const std::uint64_t n = std::min<std::uint64_t>(count, r.remaining() / kMdxSequenceSize);
    mModel.sequences.resize(std::size_t(n));
    for (MdxSequence& s : mModel.sequences) {
        s.name = detail::textUpToNul(r.take(kMdxNameSize, "sequence name"));
        s.start = r.u32("interval start");
        s.end = r.u32("interval end");
        s.moveSpeed = r.f32("move speed");
        s.flags = r.u32("sequence flags");
        detail::readBox(r, s.bounds);
        r.skip(8, "rarity, sync point");
        s.bounds.radius = r.f32("sequence radius");
        r.skip(8, "unknown, playback speed");
    }
    return true;
}

bool MdxReader::readMaterials(RawChunk& c) {
    ByteReader& r = c.data;
    const std::uint32_t count = r.u32("material count");
    r.skip(4, "unused");
    // Every material has at least its 12-byte head: check the count before reading on.
    if (!r.failed() && std::uint64_t(count) * 12 > r.remaining()) {
        r.fail(ErrorCode::CountOverflow, std::to_string(count) + " materials do not fit in " +
                                             std::to_string(r.remaining()) + " bytes");
    }
    for (std::uint32_t i = 0; i < count && !r.failed(); ++i) {
        ByteReader m;
        if (!sizedRecord(r, "material", m)) {
            break;
        }
        MdxMaterial mat;
        mat.priorityPlane = m.i32("priority plane");
        mat.flags = m.u32("material flags");
        ByteReader l;
        while (!m.failed() && !m.atEnd() && sizedRecord(m, "layer", l)) {
            MdxLayer layer;
            for (std::uint32_t* f : {&layer.blendMode, &layer.shadingFlags, &layer.textureId,
                                     &layer.textureAnimationId, &layer.coordId}) {
                *f = l.u32("layer field");
            }
            layer.alpha = l.f32("alpha");
            if (l.failed()) {
                return mReport.problem(l.error()); // lenient: the materials read so far are kept
            }
            mat.layers.push_back(layer);
        }
        if (m.failed()) {
            return mReport.problem(m.error());
        }
        mModel.materials.push_back(std::move(mat));
    }
    return !r.failed() || mReport.problem(r.error());
}

bool MdxReader::readTextures(RawChunk& c) {
    std::uint64_t n = 0;
    if (!detail::recordCount(c, kMdxTextureSize, mReport, n)) {
        return false;
    }
    ByteReader& r = c.data;
    mModel.textures.resize(std::size_t(n));
    for (MdxTexture& t : mModel.textures) {
        t.replaceableId = r.u32("replaceable id");
        t.fileName = detail::textUpToNul(r.take(kMdxFileNameSize, "file name"));
        t.flags = r.u32("texture flags");
    }
    return true;
}

bool MdxReader::readGeoset(ByteReader& r, MdxGeoset& g) {
    // Element sizes of the tagged blocks; UVAS counts sets of one UV per vertex.
    static constexpr std::array<std::pair<FourCC, std::uint64_t>, 11> kBlocks = {{{kVrtx, 12},
                                                                                  {kNrms, 12},
                                                                                  {kUvas, 0},
                                                                                  {kPtyp, 1},
                                                                                  {kPcnt, 4},
                                                                                  {kPvtx, 2},
                                                                                  {kGndx, 1},
                                                                                  {kMtgc, 4},
                                                                                  {kMats, 4},
                                                                                  {kBidx, 4},
                                                                                  {kBwgt, 4}}};
    const std::uint64_t start = r.absoluteAt(0);
    std::uint64_t normalsAt = start, uvAt = start, indicesAt = start;
    for (;;) {
        if (r.remaining() < 8) {
            break;
        }
        const std::uint64_t at = r.position();
        const FourCC tag = detail::tagFromU32(r.u32("block tag"), detail::TagOrder::AsRead);
        const auto block =
            std::find_if(kBlocks.begin(), kBlocks.end(), [&](const auto& b) { return b.first == tag; });
        if (block == kBlocks.end()) {
            r.seek(at); // the trailer starts here
            break;
        }
        const std::uint32_t n = r.u32("block count");
        if (tag == kVrtx) {
            readList(r, n, g.vertices);
        } else if (tag == kNrms) {
            normalsAt = r.absoluteAt(at);
            readList(r, n, g.normals);
        } else if (tag == kUvas) {
            uvAt = r.absoluteAt(at);
            const std::uint64_t setBytes = std::uint64_t(g.vertices.size()) * 8; // < 2^64 / 2^32: no overflow
            if (setBytes == 0) {
                continue; // sets of no UVs (the vertices come later or not at all): nothing to keep
            }
            if (n > r.remaining() / setBytes) {
                r.fail(ErrorCode::SizeOutOfBounds, std::to_string(n) + " UV sets of " +
                                                       std::to_string(g.vertices.size()) + " vertices, " +
                                                       std::to_string(r.remaining()) + " bytes left");
                break;
            }
            for (std::uint32_t k = 0; k < n; ++k) {
                readList(r, g.vertices.size(), g.uvSets.emplace_back());
            }
        } else if (tag == kPtyp) {
            readList(r, n, g.primitiveTypes);
        } else if (tag == kPcnt) {
            readList(r, n, g.primitiveCounts);
        } else if (tag == kPvtx) {
            indicesAt = r.absoluteAt(at);
            readList(r, n, g.indices);
        } else if (tag == kGndx) {
            readList(r, n, g.vertexGroups);
        } else {
            r.skip(std::uint64_t(n) * block->second, "geoset block");
        }
        if (r.failed()) {
            break;
        }
    }
    g.materialId = r.u32("material id");
    g.selectionGroup = r.u32("selection group");
    g.selectionFlags = r.u32("selection flags");
    readRadiusBox(r, g.bounds);
    if (r.failed()) {
        return mReport.problem(r.error());
    }
    const std::size_t nv = g.vertices.size();
    if (!detail::checkTriangleList(g.indices, nv, kPvtx, indicesAt, indicesAt + 8, mReport) ||
        !detail::checkPerVertex(g.normals, nv, kNrms, normalsAt, mReport)) {
        return false;
    }
    for (auto& uv : g.uvSets) {
        if (!detail::checkPerVertex(uv, nv, kUvas, uvAt, mReport)) {
            return false;
        }
    }
    return true;
}

bool MdxReader::readGeosets(RawChunk& c) {
    ByteReader& r = c.data;
    const std::uint32_t count = r.u32("geoset count");
    if (!r.failed() && std::uint64_t(count) * 4 > r.remaining()) {
        r.fail(ErrorCode::CountOverflow,
               std::to_string(count) + " geosets do not fit in " + std::to_string(r.remaining()) + " bytes");
    }
    for (std::uint32_t i = 0; i < count && !r.failed(); ++i) {
        ByteReader g;
        if (!sizedRecord(r, "geoset", g)) {
            break;
        }
        MdxGeoset geoset;
        if (!readGeoset(g, geoset)) {
            return false;
        }
        if (!g.failed()) {
            mModel.geosets.push_back(std::move(geoset));
        }
    }
    return !r.failed() || mReport.problem(r.error());
}

bool MdxReader::read(RawChunk& c) {
    if (c.id == kVers) {
        mHasVersion = true;
        mModel.version = c.data.u32("version");
        if (c.data.failed()) {
            return mReport.problem(c.data.error());
        }
        if (mModel.version != kMdxVersionAlpha) {
            return mReport.problem(ErrorCode::UnsupportedVersion, c.id, c.data.absoluteAt(0),
                                   "version " + std::to_string(mModel.version) +
                                       ", only 1300 (0.5.3) is read");
        }
        return true;
    }
    if (c.id == kModl) {
        return readModel(c);
    }
    if (c.id == kSeqs) {
        return readSequences(c);
    }
    if (c.id == kMtls) {
        return readMaterials(c);
    }
    if (c.id == kTexs) {
        return readTextures(c);
    }
    if (c.id == kGeos) {
        return readGeosets(c);
    }
    mModel.skippedChunks.push_back(c.id);
    return true;
}

Expected<MdxModel> MdxReader::run() {
    ByteReader file(mFile, 0, FourCC{});
    const FourCC magic = detail::tagFromU32(file.u32("magic"), detail::TagOrder::AsRead);
    if (file.failed() || magic != kMdlx) {
        return mReport.make(ErrorCode::BadMagic, FourCC{}, 0,
                            file.failed()
                                ? "the file's " + std::to_string(mFile.size()) + " bytes hold no magic"
                                : "magic \"" + magic.str() + "\", expected MDLX");
    }
    if (!detail::forEachChunk(file, mReport, detail::TagOrder::AsRead,
                              [this](RawChunk& c) { return read(c); })) {
        return mReport.error();
    }
    if (!mHasVersion || !mHasModel) {
        return detail::missingChunk(mReport, mHasVersion ? kModl : kVers, mFile.size(), "");
    }
    return std::move(mModel);
}

} // namespace

std::size_t MdxModel::vertexCount() const {
    std::size_t n = 0;
    for (const MdxGeoset& g : geosets) {
        n += g.vertices.size();
    }
    return n;
}

std::size_t MdxModel::triangleCount() const {
    std::size_t n = 0;
    for (const MdxGeoset& g : geosets) {
        n += g.triangleCount();
    }
    return n;
}

Expected<MdxModel> readMdx(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName) {
    return MdxReader(file, diag, fileName).run();
}

Expected<MdxModel> readMdx(std::span<const std::byte> file) {
    Diagnostics strict;
    return readMdx(file, strict);
}

} // namespace mapsmith::io
