// MH2O reader and writer. Offsets inside the chunk are not trusted: each one is checked against the
// chunk size before it is followed. The vertex format comes from the LVF field when it is 0..3 (the
// data must fit in the chunk); otherwise it is inferred from the distance to the next referenced block.

#include "io/adt/mh2o.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace mapsmith::io {
namespace {

constexpr std::uint64_t kHeaderEntrySize = 12;
constexpr std::uint64_t kHeaderSize = 256 * kHeaderEntrySize; // 3072
constexpr std::uint64_t kInstanceSize = 24;
constexpr std::uint64_t kAttributesSize = 16;
static_assert(kHeaderSize == 3072);

// Bytes per vertex of each format (all arrays together).
constexpr std::uint64_t bytesPerVertex(LiquidVertexFormat f) {
    switch (f) {
    case LiquidVertexFormat::HeightDepth:
        return 5;
    case LiquidVertexFormat::HeightUv:
        return 8;
    case LiquidVertexFormat::DepthOnly:
        return 1;
    case LiquidVertexFormat::HeightUvDepth:
        return 9;
    }
    return 0;
}

bool hasHeights(LiquidVertexFormat f) {
    return f != LiquidVertexFormat::DepthOnly;
}
bool hasUvs(LiquidVertexFormat f) {
    return f == LiquidVertexFormat::HeightUv || f == LiquidVertexFormat::HeightUvDepth;
}
bool hasDepths(LiquidVertexFormat f) {
    return f != LiquidVertexFormat::HeightUv;
}

std::uint64_t existsBitmapSize(const LiquidInstance& in) {
    return (std::uint64_t(in.width) * in.height + 7) / 8;
}

struct RawInstance {
    std::uint64_t at = 0; // position of the 24-byte record in the chunk data
    LiquidInstance instance;
    std::uint32_t ofsExists = 0;
    std::uint32_t ofsVertices = 0;
};

class Mh2oReader {
public:
    Mh2oReader(ByteReader data, Diagnostics& diag, const Mh2oReadOptions& options)
        : mData(data), mReport(diag), mOptions(options) {
        mData.setChunk(chunk::MH2O);
    }

    Expected<Mh2o> run();

private:
    // A problem at `pos` in the chunk data. False: stop (strict). Lenient: the caller drops the bad part.
    bool problem(std::uint64_t pos, ErrorCode code, std::string message) {
        return mReport.problem(Error{code, chunk::MH2O, mData.absoluteAt(pos), std::move(message)});
    }
    bool fits(std::uint64_t offset, std::uint64_t size) const {
        return offset <= mData.size() && size <= mData.size() - offset;
    }
    std::uint64_t nextReferenced(std::uint64_t offset) const {
        auto it = std::upper_bound(mReferenced.begin(), mReferenced.end(), offset);
        // Offsets past the end are referenced too (their blocks fail later): never beyond the chunk.
        return it == mReferenced.end() ? mData.size() : std::min(*it, mData.size());
    }
    bool readVertices(const RawInstance& raw, LiquidInstance& in, int chunkIndex, int layer);

    ByteReader mData;
    ProblemReporter mReport;
    Mh2oReadOptions mOptions;
    std::vector<std::uint64_t> mReferenced; // sorted offsets of every data block
};

Expected<Mh2o> Mh2oReader::run() {
    Mh2o out;
    if (mData.size() < kHeaderSize) {
        return Error{ErrorCode::Truncated, chunk::MH2O, mData.absoluteAt(0),
                     "header needs 3072 bytes, chunk has " + std::to_string(mData.size())};
    }
    std::array<std::array<std::uint32_t, 3>, 256> header{};
    for (auto& h : header) {
        h[0] = mData.u32();
        h[1] = mData.u32();
        h[2] = mData.u32();
    }

    // Instances first (their offsets are needed to size the vertex blocks).
    std::array<std::vector<RawInstance>, 256> raws;
    std::uint64_t records = 0; // instance records taken so far, at most size / 24
    for (int c = 0; c < 256; ++c) {
        const std::uint64_t ofsInstances = header[c][0];
        const std::uint64_t count = header[c][1];
        const std::uint64_t ofsAttributes = header[c][2];
        const std::uint64_t entryAt = std::uint64_t(c) * kHeaderEntrySize;
        if (ofsAttributes != 0) {
            if (!fits(ofsAttributes, kAttributesSize)) {
                if (!problem(entryAt + 8, ErrorCode::SizeOutOfBounds,
                             "chunk " + std::to_string(c) + ": attributes at +" +
                                 std::to_string(ofsAttributes) + " do not fit in " +
                                 std::to_string(mData.size()) + " bytes")) {
                    return mReport.error();
                }
            } else {
                mData.seek(ofsAttributes);
                auto& a = out.chunks[c].attributes.emplace();
                a.fishable = mData.u64();
                a.deep = mData.u64();
                mReferenced.push_back(ofsAttributes);
            }
        }
        if (count == 0) {
            continue;
        }
        // 64-bit arithmetic: count * 24 cannot overflow.
        if (count > mData.size() / kInstanceSize || !fits(ofsInstances, count * kInstanceSize)) {
            if (!problem(entryAt, ErrorCode::SizeOutOfBounds,
                         "chunk " + std::to_string(c) + ": " + std::to_string(count) + " instances at +" +
                             std::to_string(ofsInstances) + " do not fit in " + std::to_string(mData.size()) +
                             " bytes")) {
                return mReport.error();
            }
            continue;
        }
        // All chunks' records together must fit in the chunk too: chunks naming the same records would
        // multiply them (256 x a chunk's worth of instances, each with its own copy of the vertex data).
        if (count > mData.size() / kInstanceSize - records) {
            if (!problem(entryAt + 4, ErrorCode::CountOverflow,
                         "chunk " + std::to_string(c) + ": " + std::to_string(count) + " instances at +" +
                             std::to_string(ofsInstances) + " after " + std::to_string(records) +
                             " in earlier chunks are more records than " + std::to_string(mData.size()) +
                             " bytes hold")) {
                return mReport.error();
            }
            continue;
        }
        records += count;
        mData.seek(ofsInstances);
        for (std::uint64_t i = 0; i < count; ++i) {
            RawInstance raw;
            raw.at = mData.position();
            auto& in = raw.instance;
            in.liquidType = mData.u16();
            in.liquidObjectOrLvf = mData.u16();
            in.minHeight = mData.f32();
            in.maxHeight = mData.f32();
            in.xOffset = mData.u8();
            in.yOffset = mData.u8();
            in.width = mData.u8();
            in.height = mData.u8();
            raw.ofsExists = mData.u32();
            raw.ofsVertices = mData.u32();
            const bool outside = in.xOffset + in.width > 8 || in.yOffset + in.height > 8;
            if (in.width < 1 || in.height < 1 || (outside && !mOptions.keepOutsideChunk)) {
                if (!problem(raw.at + 12, ErrorCode::BadValue, // xOffset: the rectangle starts at +12
                             "chunk " + std::to_string(c) + " layer " + std::to_string(i) + ": rectangle " +
                                 std::to_string(in.xOffset) + "," + std::to_string(in.yOffset) + " " +
                                 std::to_string(in.width) + "x" + std::to_string(in.height) +
                                 " is not inside the 8x8 chunk")) {
                    return mReport.error();
                }
                continue;
            }
            if (raw.ofsExists != 0) {
                mReferenced.push_back(raw.ofsExists);
            }
            if (raw.ofsVertices != 0) {
                mReferenced.push_back(raw.ofsVertices);
            }
            raws[c].push_back(std::move(raw));
        }
    }
    std::sort(mReferenced.begin(), mReferenced.end());
    mReferenced.erase(std::unique(mReferenced.begin(), mReferenced.end()), mReferenced.end());

    for (int c = 0; c < 256; ++c) {
        int layer = 0;
        for (const RawInstance& raw : raws[c]) {
            LiquidInstance in = raw.instance;
            bool ok = true;
            if (raw.ofsExists != 0) {
                const std::uint64_t n = existsBitmapSize(in);
                if (!fits(raw.ofsExists, n)) {
                    ok = false;
                    if (!problem(raw.at + 16, ErrorCode::SizeOutOfBounds,
                                 "chunk " + std::to_string(c) + " layer " + std::to_string(layer) +
                                     ": exists bitmap of " + std::to_string(n) + " bytes at +" +
                                     std::to_string(raw.ofsExists) + " does not fit")) {
                        return mReport.error();
                    }
                } else {
                    auto& bits = in.existsBitmap.emplace(std::size_t(n));
                    mData.seek(raw.ofsExists);
                    mData.bytes(std::span<std::uint8_t>(bits));
                }
            }
            if (ok && raw.ofsVertices != 0 && !readVertices(raw, in, c, layer)) {
                if (mReport.failed()) {
                    return mReport.error();
                }
                ok = false;
            }
            if (ok) {
                out.chunks[c].instances.push_back(std::move(in));
            }
            ++layer;
        }
    }
    if (mData.failed()) {
        return mData.error(); // unreachable unless a check above is wrong; never trust it silently
    }
    return out;
}

bool Mh2oReader::readVertices(const RawInstance& raw, LiquidInstance& in, int chunkIndex, int layer) {
    const std::uint64_t offset = raw.ofsVertices;
    const std::uint64_t count = in.vertexCount();
    const std::string where = "chunk " + std::to_string(chunkIndex) + " layer " + std::to_string(layer);
    if (offset >= mData.size()) {
        problem(raw.at + 20, ErrorCode::SizeOutOfBounds,
                where + ": vertex data at +" + std::to_string(offset) + " is past the end");
        return false;
    }
    const std::uint64_t available = nextReferenced(offset) - offset;

    std::optional<LiquidVertexFormat> format;
    if (in.liquidObjectOrLvf <= 3) {
        // An LVF naming a format decides it. Guessing another one when the data does not fit would not
        // survive a write: blocks packed after it would make the named format fit on reading back.
        const auto f = LiquidVertexFormat(in.liquidObjectOrLvf);
        if (bytesPerVertex(f) * count > mData.size() - offset) {
            problem(raw.at + 20, ErrorCode::SizeOutOfBounds,
                    where + ": vertex data of format " + std::to_string(in.liquidObjectOrLvf) + " needs " +
                        std::to_string(bytesPerVertex(f) * count) + " bytes at +" + std::to_string(offset) +
                        ", " + std::to_string(mData.size() - offset) + " left");
            return false;
        }
        format = f;
    }
    if (!format && available % count == 0) {
        switch (available / count) {
        case 5:
            format = LiquidVertexFormat::HeightDepth;
            break;
        case 8:
            format = LiquidVertexFormat::HeightUv;
            break;
        case 1:
            format = LiquidVertexFormat::DepthOnly;
            break;
        case 9:
            format = LiquidVertexFormat::HeightUvDepth;
            break;
        default:
            break;
        }
    }
    if (!format) {
        problem(raw.at + 20, ErrorCode::BadValue,
                where + ": vertex format " + std::to_string(in.liquidObjectOrLvf) + " unknown and " +
                    std::to_string(available) + " bytes do not match " + std::to_string(count) + " vertices");
        return false;
    }
    mData.seek(offset);
    if (hasHeights(*format)) {
        in.heights.resize(count);
        for (auto& h : in.heights) {
            h = mData.f32();
        }
    }
    if (hasUvs(*format)) {
        in.uvs.resize(count);
        for (auto& uv : in.uvs) {
            uv.u = mData.u16();
            uv.v = mData.u16();
        }
    }
    if (hasDepths(*format)) {
        in.depths.resize(count);
        mData.bytes(std::span<std::uint8_t>(in.depths));
    }
    in.vertexFormat = format;
    return true;
}

} // namespace

Expected<Mh2o> readMh2o(ByteReader data, Diagnostics& diag, const Mh2oReadOptions& options) {
    return Mh2oReader(data, diag, options).run();
}

// Canonical layout: the 256-entry header; every instance record, chunk by chunk; then per chunk its
// attributes followed by each instance's exists bitmap and vertex data. No padding, no holes.
void writeMh2o(const Mh2o& mh2o, ByteWriter& out) {
    const std::size_t base = out.size();
    std::size_t instanceCount = 0;
    for (const auto& c : mh2o.chunks) {
        instanceCount += c.instances.size();
    }
    out.zeros(std::size_t(kHeaderSize + instanceCount * kInstanceSize));

    std::size_t nextInstance = base + std::size_t(kHeaderSize);
    std::vector<std::size_t> instanceAt(instanceCount);
    for (std::size_t c = 0, k = 0; c < 256; ++c) {
        const auto& lc = mh2o.chunks[c];
        const std::size_t entry = base + c * std::size_t(kHeaderEntrySize);
        if (!lc.instances.empty()) {
            out.patchU32(entry, std::uint32_t(nextInstance - base));
            out.patchU32(entry + 4, std::uint32_t(lc.instances.size()));
        }
        for (std::size_t i = 0; i < lc.instances.size(); ++i, ++k) {
            instanceAt[k] = nextInstance;
            nextInstance += std::size_t(kInstanceSize);
        }
    }

    for (std::size_t c = 0, k = 0; c < 256; ++c) {
        const auto& lc = mh2o.chunks[c];
        if (lc.attributes) {
            out.patchU32(base + c * std::size_t(kHeaderEntrySize) + 8, std::uint32_t(out.size() - base));
            out.u64(lc.attributes->fishable);
            out.u64(lc.attributes->deep);
        }
        for (const LiquidInstance& in : lc.instances) {
            const std::size_t at = instanceAt[k++];
            std::uint32_t ofsExists = 0;
            std::uint32_t ofsVertices = 0;
            if (in.existsBitmap) {
                ofsExists = std::uint32_t(out.size() - base);
                // Exactly (w*h+7)/8 bytes, whatever the model holds.
                const std::size_t n = std::size_t(existsBitmapSize(in));
                for (std::size_t b = 0; b < n; ++b) {
                    out.u8(b < in.existsBitmap->size() ? (*in.existsBitmap)[b] : 0);
                }
            }
            if (in.vertexFormat) {
                ofsVertices = std::uint32_t(out.size() - base);
                const std::size_t count = in.vertexCount();
                const auto f = *in.vertexFormat;
                if (hasHeights(f)) {
                    for (std::size_t v = 0; v < count; ++v) {
                        out.f32(v < in.heights.size() ? in.heights[v] : in.minHeight);
                    }
                }
                if (hasUvs(f)) {
                    for (std::size_t v = 0; v < count; ++v) {
                        const LiquidUv uv = v < in.uvs.size() ? in.uvs[v] : LiquidUv{};
                        out.u16(uv.u);
                        out.u16(uv.v);
                    }
                }
                if (hasDepths(f)) {
                    for (std::size_t v = 0; v < count; ++v) {
                        out.u8(v < in.depths.size() ? in.depths[v] : 0);
                    }
                }
            }
            std::array<std::uint8_t, kInstanceSize> rec{};
            ByteWriter r;
            r.u16(in.liquidType);
            r.u16(in.liquidObjectOrLvf);
            r.f32(in.minHeight);
            r.f32(in.maxHeight);
            r.u8(in.xOffset);
            r.u8(in.yOffset);
            r.u8(in.width);
            r.u8(in.height);
            r.u32(ofsExists);
            r.u32(ofsVertices);
            std::memcpy(rec.data(), r.buffer().data(), rec.size());
            out.patchBytes(at, rec);
        }
    }
}

} // namespace mapsmith::io
