#include "core/convert/mclq_to_mh2o.h"

#include "core/kernels/liquid_raster.h"
#include "io/adt/mclq.h"

#include <algorithm>

namespace mapsmith::core {
namespace {

LiquidRaster rasterOf(const io::MclqLayer& l) {
    LiquidRaster r;
    r.coverage = l.shownMask();
    r.liquidType = io::mclqLiquidType(l.kind);
    const bool withDepth = l.kind == io::MclqKind::River || l.kind == io::MclqKind::Ocean;
    r.format = withDepth ? io::LiquidVertexFormat::HeightDepth : io::LiquidVertexFormat::HeightUv;
    r.liquidObjectOrLvf = std::uint16_t(*r.format);
    r.baseHeight = l.minHeight;
    for (std::size_t i = 0; i < l.vertices.size(); ++i) {
        const io::MclqVertex& v = l.vertices[i];
        r.heights[i] = v.height;
        r.depths[i] = withDepth ? v.depth() : kImplicitDepth;
        r.uvs[i] = withDepth ? io::LiquidUv{} : io::LiquidUv{v.s(), v.t()};
    }
    return r;
}

void clearMclq(io::MapChunk& chunk) {
    chunk.mclq.reset();
    chunk.flags &= ~io::kMclqLiquidFlagMask;
}

} // namespace

bool needsMclqConversion(const io::MapChunk& chunk) {
    return (chunk.mclq && !chunk.mclq->empty()) || (chunk.flags & io::kMclqLiquidFlagMask) != 0;
}

bool tileNeedsMclqConversion(const io::Adt& adt) {
    return std::any_of(adt.chunks.begin(), adt.chunks.end(), needsMclqConversion);
}

io::Expected<MclqOutcome> convertMclqChunk(io::MapChunk& chunk, io::LiquidChunk& liquid, int index,
                                           std::uint64_t payloadOffset) {
    if (!needsMclqConversion(chunk)) {
        return MclqOutcome::Nothing;
    }
    io::MclqChunk decoded;
    if (chunk.mclq && !chunk.mclq->empty()) {
        auto read = io::decodeMclq(*chunk.mclq, chunk.flags, index, payloadOffset);
        if (!read) {
            return read.error();
        }
        decoded = std::move(read.value());
    }
    if (!liquid.instances.empty()) {
        clearMclq(chunk);
        return MclqOutcome::Mh2oKept;
    }
    std::vector<io::LiquidInstance> instances;
    std::uint64_t shown = 0;
    std::uint64_t deep = 0;
    for (const io::MclqLayer& l : decoded.layers) {
        auto in = toInstance(rasterOf(l));
        if (!in) {
            continue;
        }
        instances.push_back(std::move(*in));
        const std::uint64_t mask = l.shownMask();
        shown |= mask;
        for (int i = 0; i < 64; ++i) {
            if ((mask >> i & 1) && (l.cells[std::size_t(i)] & io::mclq_cell::Fatigue)) {
                deep |= std::uint64_t(1) << i;
            }
        }
    }
    clearMclq(chunk);
    if (instances.empty()) {
        return MclqOutcome::Emptied;
    }
    liquid.instances = std::move(instances);
    liquid.attributes = io::LiquidAttributes{shown, deep};
    return MclqOutcome::Converted;
}

io::Expected<MclqTileConversion> convertMclqTile(io::Adt& adt,
                                                 std::span<const std::uint64_t> payloadOffsets) {
    const auto offsetOf = [&](std::size_t i) { return i < payloadOffsets.size() ? payloadOffsets[i] : 0; };
    // Checked first, so that a chunk that does not decode leaves the whole tile as it was.
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        const io::MapChunk& c = adt.chunks[i];
        if (c.mclq && !c.mclq->empty()) {
            if (auto read = io::decodeMclq(*c.mclq, c.flags, int(i), offsetOf(i)); !read) {
                return read.error();
            }
        }
    }
    MclqTileConversion report;
    if (!tileNeedsMclqConversion(adt)) {
        return report;
    }
    const bool hadMh2o = adt.liquids.has_value();
    if (!hadMh2o) {
        adt.liquids.emplace();
    }
    for (std::size_t i = 0; i < adt.chunks.size() && i < adt.liquids->chunks.size(); ++i) {
        auto outcome = convertMclqChunk(adt.chunks[i], adt.liquids->chunks[i], int(i));
        switch (outcome ? *outcome : MclqOutcome::Nothing) {
        case MclqOutcome::Converted:
            ++report.converted;
            break;
        case MclqOutcome::Mh2oKept:
            ++report.mh2oKept;
            break;
        case MclqOutcome::Emptied:
            ++report.emptied;
            break;
        case MclqOutcome::Nothing:
            break;
        }
    }
    if (!hadMh2o && report.converted == 0 &&
        std::all_of(adt.liquids->chunks.begin(), adt.liquids->chunks.end(),
                    [](const io::LiquidChunk& l) { return l == io::LiquidChunk{}; })) {
        adt.liquids.reset(); // nothing came in: a tile read without MH2O stays without one
    }
    return report;
}

} // namespace mapsmith::core
