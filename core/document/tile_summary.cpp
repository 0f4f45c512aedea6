#include "core/document/tile_summary.h"

#include <algorithm>
#include <limits>

namespace mapsmith::core {

TileSummary summarizeTile(const io::Adt& adt) {
    TileSummary s;
    s.textures = int(adt.textures.size());
    s.modelNames = int(adt.modelNames.size());
    s.wmoNames = int(adt.wmoNames.size());
    s.doodads = int(adt.doodads.size());
    s.mapObjects = int(adt.mapObjects.size());
    float lo = std::numeric_limits<float>::max();
    float hi = std::numeric_limits<float>::lowest();
    for (const auto& c : adt.chunks) {
        s.layers += int(c.layers.size());
        s.maxLayersPerChunk = std::max(s.maxLayersPerChunk, int(c.layers.size()));
        for (const auto& l : c.layers) {
            if (!l.hasAlpha) {
                continue;
            }
            ++s.alphaMaps;
            switch (l.encoding) {
            case io::AlphaEncoding::FourBit:
                ++s.alphaFourBit;
                break;
            case io::AlphaEncoding::EightBit:
                ++s.alphaEightBit;
                break;
            case io::AlphaEncoding::Rle:
                ++s.alphaRle;
                break;
            }
        }
        const bool holes =
            c.holesLowRes != 0 || ((c.flags & io::mcnk_flags::HighResHoles) && c.holesHighRes != 0);
        s.chunksWithHoles += holes ? 1 : 0;
        s.chunksWithShadow += io::shadowInUse(c) ? 1 : 0;
        s.chunksWithVertexColors += io::vertexColoursInUse(c) ? 1 : 0;
        s.chunksWithShadowDisabled += c.shadow && !io::shadowInUse(c) ? 1 : 0;
        s.chunksWithVertexColorsDisabled += c.vertexColors && !io::vertexColoursInUse(c) ? 1 : 0;
        s.impassableChunks += (c.flags & io::mcnk_flags::Impassable) ? 1 : 0;
        s.mclqChunks += (c.mclq && !c.mclq->empty()) ? 1 : 0;
        s.areaIds.insert(c.areaId);
        for (float h : c.heights) {
            lo = std::min(lo, c.position.z + h);
            hi = std::max(hi, c.position.z + h);
        }
    }
    if (adt.liquids) {
        for (const auto& lc : adt.liquids->chunks) {
            s.liquidChunks += lc.instances.empty() ? 0 : 1;
            s.liquidInstances += int(lc.instances.size());
        }
    }
    if (lo <= hi) {
        s.minHeight = lo;
        s.maxHeight = hi;
    }
    return s;
}

} // namespace mapsmith::core
