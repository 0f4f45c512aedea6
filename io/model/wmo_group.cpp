// WMO v17 group reader (layout in wmo_group.h). Walks the top-level chunks, then MOGP's header and
// sub-chunks; every list is copied from a size-checked block (no casts of file memory into structs), then
// the lists are checked against each other.

#include "io/model/wmo_group.h"

#include "io/binary/byte_reader.h"
#include "io/model/detail/chunk_walk.h"
#include "io/model/detail/list_checks.h"
#include "io/model/detail/model_report.h"
#include "io/model/detail/wmo_common.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

namespace mapsmith::io {
namespace {

using detail::RawChunk;

constexpr FourCC kMogp{"MOGP"}, kMopy{"MOPY"}, kMovi{"MOVI"}, kMovt{"MOVT"}, kMonr{"MONR"}, kMotv{"MOTV"},
    kMoba{"MOBA"}, kMocv{"MOCV"}, kMliq{"MLIQ"}, kModr{"MODR"};

static_assert(kWmoGroupHeaderSize == 3 * 4 + 6 * 4 + 6 * 2 + 4 + 4 * 4, "SMOGroupHeader");
static_assert(kWmoBatchSize == 6 * 2 + 4 + 3 * 2 + 1 + 1, "SMOBatch");
static_assert(kWmoLiquidHeaderSize == 4 * 4 + 3 * 4 + 2, "SMOLiquidHeader");
static_assert(kWmoLiquidVertexSize == 4 + 4, "SMOLVert: 4 bytes of flow or UV data, f32 height");
static_assert(sizeof(ModelVec3) == 12 && sizeof(ModelVec2) == 8, "packed float arrays");

class WmoGroupReader {
public:
    WmoGroupReader(std::span<const std::byte> file, Diagnostics& diag, std::string_view fileName)
        : mFile(file), mReport(diag, fileName) {}

    Expected<WmoGroup> run();

private:
    // Copies the chunk's whole records of T (plain numbers or float arrays) in one go.
    template <class T> bool readList(RawChunk& c, std::vector<T>& out) {
        static_assert(std::is_trivially_copyable_v<T>);
        std::uint64_t n = 0;
        if (!detail::recordCount(c, sizeof(T), mReport, n)) {
            return false;
        }
        out.resize(std::size_t(n));
        const auto block = c.data.take(n * sizeof(T), "records");
        if (n > 0) {
            std::memcpy(out.data(), block.data(), block.size());
        }
        return true;
    }
    bool readHeader(ByteReader& r);
    bool readSubChunk(RawChunk& c);
    bool readTriangleInfos(RawChunk& c);
    bool readBatches(RawChunk& c);
    bool readLiquid(RawChunk& c);
    bool checkLists();

    std::span<const std::byte> mFile;
    detail::ModelReport mReport; // the one strict/lenient helper
    WmoGroup mGroup;
    // Header offsets of the chunks checked against each other (0: absent).
    std::uint64_t mIndicesAt = 0, mIndexDataAt = 0, mNormalsAt = 0, mBatchesAt = 0;
    std::vector<std::uint64_t> mUvSetsAt, mColorSetsAt;
};

bool WmoGroupReader::readHeader(ByteReader& r) {
    if (r.size() < kWmoGroupHeaderSize) {
        return mReport.problem(ErrorCode::Truncated, kMogp, r.absoluteAt(0),
                               "MOGP has " + std::to_string(r.size()) + " bytes, its header needs " +
                                   std::to_string(kWmoGroupHeaderSize));
    }
    WmoGroup& g = mGroup;
    g.nameOffset = r.u32("name offset");
    g.descriptionOffset = r.u32("description offset");
    g.flags = r.u32("flags");
    detail::readBox(r, g.bounds);
    for (std::uint16_t* f :
         {&g.portalStart, &g.portalCount, &g.transBatchCount, &g.interiorBatchCount, &g.exteriorBatchCount}) {
        *f = r.u16("MOGP field");
    }
    r.skip(2, "padding");
    r.bytes(std::span(g.fogIds), "fog ids");
    g.liquidType = r.u32("liquid type");
    g.uniqueId = r.u32("unique id");
    g.flags2 = r.u32("flags 2");
    r.skip(4, "unused");
    return true;
}

bool WmoGroupReader::readTriangleInfos(RawChunk& c) {
    std::uint64_t n = 0;
    if (!detail::recordCount(c, 2, mReport, n)) {
        return false;
    }
    mGroup.triangles.resize(std::size_t(n));
    for (WmoTriangleInfo& t : mGroup.triangles) {
        t.flags = c.data.u8("triangle flags");
        t.material = c.data.u8("triangle material");
    }
    return true;
}

bool WmoGroupReader::readBatches(RawChunk& c) {
    std::uint64_t n = 0;
    if (!detail::recordCount(c, kWmoBatchSize, mReport, n)) {
        return false;
    }
    ByteReader& r = c.data;
    mGroup.batches.resize(std::size_t(n));
    for (WmoBatch& b : mGroup.batches) {
        for (std::int16_t& v : b.box) {
            v = r.i16("batch box");
        }
        b.firstIndex = r.u32("first index");
        b.indexCount = r.u16("index count");
        b.firstVertex = r.u16("first vertex");
        b.lastVertex = r.u16("last vertex");
        b.flags = r.u8("batch flags");
        b.material = r.u8("batch material");
    }
    mBatchesAt = c.data.absoluteAt(0);
    return true;
}

bool WmoGroupReader::readLiquid(RawChunk& c) {
    ByteReader& r = c.data;
    WmoLiquid l;
    if (r.size() >= kWmoLiquidHeaderSize) {
        l.xVertices = r.u32("x vertices");
        l.yVertices = r.u32("y vertices");
        l.xTiles = r.u32("x tiles");
        l.yTiles = r.u32("y tiles");
        for (float& f : l.corner) {
            f = r.f32("corner");
        }
        l.material = r.u16("material");
    }
    const std::uint64_t vertices = std::uint64_t(l.xVertices) * l.yVertices; // < 2^64
    const std::uint64_t tiles = std::uint64_t(l.xTiles) * l.yTiles;
    const std::uint64_t left = r.remaining();
    if (r.size() < kWmoLiquidHeaderSize || vertices > left / kWmoLiquidVertexSize ||
        tiles > left - vertices * kWmoLiquidVertexSize) {
        // Lenient: no liquid rather than a liquid whose arrays disagree with its header.
        return mReport.problem(ErrorCode::SizeOutOfBounds, kMliq, c.at,
                               r.size() < kWmoLiquidHeaderSize
                                   ? "size " + std::to_string(r.size()) + ", the header needs 30"
                                   : std::to_string(vertices) + " vertices and " + std::to_string(tiles) +
                                         " tiles do not fit in the " + std::to_string(left) +
                                         " bytes after the header");
    }
    l.vertexData.resize(std::size_t(vertices));
    l.heights.resize(std::size_t(vertices));
    for (std::size_t i = 0; i < l.heights.size(); ++i) {
        l.vertexData[i] = r.u32("liquid vertex data");
        l.heights[i] = r.f32("liquid height");
    }
    l.tileFlags.resize(std::size_t(tiles));
    r.bytes(std::span(l.tileFlags), "liquid tile flags");
    mGroup.liquid = std::move(l);
    return true;
}

bool WmoGroupReader::readSubChunk(RawChunk& c) {
    mGroup.subChunkOrder.push_back(c.id);
    const std::uint64_t dataAt = c.data.absoluteAt(0);
    if (c.id == kMopy) {
        return readTriangleInfos(c);
    }
    if (c.id == kMovi) {
        mIndicesAt = c.at;
        mIndexDataAt = dataAt;
        return readList(c, mGroup.indices);
    }
    if (c.id == kMovt) {
        return readList(c, mGroup.vertices);
    }
    if (c.id == kMonr) {
        mNormalsAt = c.at;
        return readList(c, mGroup.normals);
    }
    if (c.id == kMotv) {
        mUvSetsAt.push_back(c.at);
        return readList(c, mGroup.uvSets.emplace_back());
    }
    if (c.id == kMocv) {
        mColorSetsAt.push_back(c.at);
        return readList(c, mGroup.colorSets.emplace_back());
    }
    if (c.id == kModr) {
        return readList(c, mGroup.doodadRefs);
    }
    if (c.id == kMoba) {
        return readBatches(c);
    }
    if (c.id == kMliq) {
        return readLiquid(c);
    }
    const auto bytes = c.data.data();
    mGroup.otherChunks.push_back(WmoRawChunk{c.id, c.at, {bytes.begin(), bytes.end()}});
    return true;
}

bool WmoGroupReader::checkLists() {
    WmoGroup& g = mGroup;
    if (!detail::checkTriangleList(g.indices, g.vertices.size(), kMovi, mIndicesAt, mIndexDataAt, mReport)) {
        return false;
    }
    if (mNormalsAt != 0 &&
        !detail::checkPerVertex(g.normals, g.vertices.size(), kMonr, mNormalsAt, mReport)) {
        return false;
    }
    for (std::size_t k = 0; k < g.uvSets.size(); ++k) {
        if (!detail::checkPerVertex(g.uvSets[k], g.vertices.size(), kMotv, mUvSetsAt[k], mReport)) {
            return false;
        }
    }
    for (std::size_t k = 0; k < g.colorSets.size(); ++k) {
        if (!detail::checkPerVertex(g.colorSets[k], g.vertices.size(), kMocv, mColorSetsAt[k], mReport)) {
            return false;
        }
    }
    for (std::size_t k = 0; k < g.batches.size(); ++k) {
        WmoBatch& b = g.batches[k];
        const std::uint64_t end = std::uint64_t(b.firstIndex) + b.indexCount;
        if (end <= g.indices.size()) {
            continue;
        }
        if (!mReport.problem(ErrorCode::SizeOutOfBounds, kMoba, mBatchesAt + k * kWmoBatchSize + 12,
                             "batch " + std::to_string(k) + " indices end at " + std::to_string(end) +
                                 ", MOVI has " + std::to_string(g.indices.size()))) {
            return false;
        }
        b.firstIndex = std::uint32_t(std::min<std::uint64_t>(b.firstIndex, g.indices.size()));
        b.indexCount = std::uint16_t(
            g.indices.size() - b.firstIndex < b.indexCount ? g.indices.size() - b.firstIndex : b.indexCount);
    }
    return true;
}

Expected<WmoGroup> WmoGroupReader::run() {
    ByteReader file(mFile, 0, FourCC{});
    bool hasVersion = false;
    bool hasGroup = false;
    const auto readTop = [&](RawChunk& c) {
        mGroup.chunkOrder.push_back(c.id);
        if (c.id == detail::kMver) {
            hasVersion = true;
            return detail::readWmoVersion(c, mReport, mGroup.version);
        }
        if (c.id == kMogp && !hasGroup) {
            hasGroup = true;
            return readHeader(c.data) &&
                   detail::forEachChunk(c.data, mReport, detail::TagOrder::Reversed,
                                        [this](RawChunk& sub) { return readSubChunk(sub); });
        }
        const auto bytes = c.data.data();
        mGroup.otherChunks.push_back(WmoRawChunk{c.id, c.at, {bytes.begin(), bytes.end()}});
        return true;
    };
    if (!detail::forEachChunk(file, mReport, detail::TagOrder::Reversed, readTop)) {
        return mReport.error();
    }
    if (!hasVersion || !hasGroup) {
        return detail::missingChunk(mReport, hasVersion ? kMogp : detail::kMver, mFile.size(),
                                    "is this a WMO group file?");
    }
    if (!checkLists()) {
        return mReport.error();
    }
    return std::move(mGroup);
}

} // namespace

Expected<WmoGroup> readWmoGroup(std::span<const std::byte> file, Diagnostics& diag,
                                std::string_view fileName) {
    return WmoGroupReader(file, diag, fileName).run();
}

Expected<WmoGroup> readWmoGroup(std::span<const std::byte> file) {
    Diagnostics strict;
    return readWmoGroup(file, strict);
}

} // namespace mapsmith::io
