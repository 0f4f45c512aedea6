#pragma once
// Counts and ranges that describe a tile at a glance (CLI `info`, the editor's tile panel).

#include "io/adt/adt.h"

#include <cstdint>
#include <set>

namespace mapsmith::core {

struct TileSummary {
    int textures = 0;
    int modelNames = 0;
    int wmoNames = 0;
    int doodads = 0;
    int mapObjects = 0;
    int layers = 0;
    int alphaMaps = 0;
    int alphaFourBit = 0;
    int alphaEightBit = 0;
    int alphaRle = 0;
    int maxLayersPerChunk = 0;
    int liquidChunks = 0; // MH2O chunks with at least one instance
    int liquidInstances = 0;
    int mclqChunks = 0; // old-style MCLQ with data
    int chunksWithHoles = 0;
    int chunksWithShadow = 0;               // MCSH in use (has_mcsh set)
    int chunksWithVertexColors = 0;         // MCCV in use (has_mccv set)
    int chunksWithShadowDisabled = 0;       // MCSH present, has_mcsh clear: the client ignores it
    int chunksWithVertexColorsDisabled = 0; // MCCV present, has_mccv clear
    int impassableChunks = 0;
    float minHeight = 0.0f; // yards, absolute (MCNK position z + MCVT)
    float maxHeight = 0.0f;
    std::set<std::uint32_t> areaIds;
};

TileSummary summarizeTile(const io::Adt& adt);

} // namespace mapsmith::core
