// Sources of the rules (see adt_file_checks.cpp for the files named): the liquid type lookups of the
// extractors' ConvertADT (TrinityCore 3.3.5: LiquidTypes.at(type), which throws for an id the table lacks
// and ends the extraction; AzerothCore: LiqType[type], an array sized by the table's highest id, so an
// unknown id is read past it or taken for no liquid) and the client's LiquidType rows
// (liquid_types_335.h); Noggit's MapChunk placing the chunk by the header's ix/iy; the client drawing at
// most 4 layers per chunk (MCLY holds 4 in every Blizzard tile; Noggit's texture set has 4 slots);
// adt-v18-current.txt "ofsMCCV - only with flags.has_mccv" / "ofsShadow - only with flags.has_mcsh" (the
// client uses the sub-chunk only with its flag; Noggit reads MCCV whenever it is there and turns the flag
// on); the client drawing each uniqueId once (core/document/unique_ids.h), and Noggit keying placed objects
// by uniqueId.

#include "io/check/adt_model_checks.h"

#include "io/adt/adt_layout.h"
#include "io/adt/liquid_types_335.h"

#include <algorithm>
#include <string>
#include <utility>

namespace mapsmith::io {
namespace {

constexpr ConsumerSet C = bit(Consumer::Client);
constexpr ConsumerSet N = bit(Consumer::Noggit);
constexpr ConsumerSet E = kExtractors;

void checkLiquids(const Adt& adt, FindingList& out, const AdtPlaces& places) {
    if (!adt.liquids) {
        return;
    }
    for (std::size_t c = 0; c < adt.liquids->chunks.size(); ++c) {
        const std::uint64_t at = places.mh2o == 0 ? 0 : places.mh2o + 12 * c;
        for (const LiquidInstance& in : adt.liquids->chunks[c].instances) {
            if (!findLiquidType335(in.liquidType)) {
                out.add("liquid-type", Severity::Error, C | E, chunk::MH2O, at,
                        "an MH2O instance names liquid type " + std::to_string(in.liquidType) +
                            ", which 3.3.5's LiquidType.dbc does not have");
            }
            if (in.width < 1 || in.height < 1 || in.xOffset + in.width > 8 || in.yOffset + in.height > 8) {
                out.add("mh2o-rectangle", Severity::Error, kAllConsumers, chunk::MH2O, at,
                        "an MH2O instance's rectangle leaves its 8x8 chunk");
            }
        }
    }
}

void checkChunks(const Adt& adt, FindingList& out, const AdtPlaces& places) {
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        const MapChunk& c = adt.chunks[i];
        const std::uint64_t at = places.mcnkAt(i);
        const std::uint64_t header = at == 0 ? 0 : at + 8;
        if (c.indexX != i % 16 || c.indexY != i / 16) {
            out.add("mcnk-index", Severity::Error, N, chunk::MCNK, header == 0 ? 0 : header + 4,
                    "an MCNK's indexX/indexY do not match its place in the tile");
        }
        if (c.layers.size() > 4) {
            out.add("mcly-layers", Severity::Error, C | N, chunk::MCLY, places.mclyAt(i),
                    "an MCNK has more than 4 texture layers: the client and Noggit draw 4");
        }
        const bool colourFlag = (c.flags & mcnk_flags::HasVertexColors) != 0;
        const bool shadowFlag = (c.flags & mcnk_flags::HasShadow) != 0;
        if (colourFlag && !c.vertexColors) {
            out.add("mcnk-flags", Severity::Error, C, chunk::MCNK, header,
                    "has_mccv (0x40) is set but the MCNK has no MCCV: the client reads colours that are not "
                    "there");
        } else if (!colourFlag && c.vertexColors) {
            out.add("mcnk-flags", Severity::Warning, kAllConsumers, chunk::MCCV, at,
                    "MCCV present but has_mccv (0x40) clear: the client ignores the vertex colours, Noggit "
                    "shows them");
        }
        if (shadowFlag && !c.shadow) {
            out.add("mcnk-flags", Severity::Error, C, chunk::MCNK, header,
                    "has_mcsh (0x1) is set but the MCNK has no MCSH: the client reads a shadow that is not "
                    "there");
        } else if (!shadowFlag && c.shadow) {
            out.add("mcnk-flags", Severity::Warning, kAllConsumers, chunk::MCSH, at,
                    "MCSH present but has_mcsh (0x1) clear: the client draws no shadow there");
        }
    }
}

void checkUniqueIds(const Adt& adt, FindingList& out, const AdtPlaces& places) {
    // (id, kind 0 doodad / 1 WMO, index): sorted, equal ids side by side.
    std::vector<std::pair<std::uint32_t, std::pair<int, std::size_t>>> uses;
    uses.reserve(adt.doodads.size() + adt.mapObjects.size());
    for (std::size_t k = 0; k < adt.doodads.size(); ++k) {
        uses.push_back({adt.doodads[k].uniqueId, {0, k}});
    }
    for (std::size_t k = 0; k < adt.mapObjects.size(); ++k) {
        uses.push_back({adt.mapObjects[k].uniqueId, {1, k}});
    }
    std::sort(uses.begin(), uses.end());
    for (std::size_t k = 1; k < uses.size(); ++k) {
        if (uses[k].first != uses[k - 1].first) {
            continue;
        }
        const bool wmo = uses[k].second.first == 1;
        const std::uint64_t base = wmo ? places.modf : places.mddf;
        const std::uint64_t at = base == 0 ? 0 : base + (wmo ? 64 : 36) * uses[k].second.second;
        out.add("unique-ids", Severity::Error, C | N, wmo ? chunk::MODF : chunk::MDDF, at,
                "two objects of the tile share a uniqueId: the client and Noggit show only one of them");
    }
}

} // namespace

AdtPlaces locateAdtPlaces(std::span<const std::byte> file) {
    AdtPlaces places;
    Diagnostics diag;
    for (const ChunkEntry& c : listAdtChunks(file, diag)) {
        if (c.mcnkIndex >= 0) {
            if (c.id == chunk::MCLY && std::size_t(c.mcnkIndex) < places.mcnk.size()) {
                places.mcly.resize(places.mcnk.size());
                places.mcly[std::size_t(c.mcnkIndex)] = c.offset + 8;
            }
            continue;
        }
        if (c.id == chunk::MCNK) {
            places.mcnk.push_back(c.offset);
        } else if (c.id == chunk::MDDF && places.mddf == 0) {
            places.mddf = c.offset + 8;
        } else if (c.id == chunk::MODF && places.modf == 0) {
            places.modf = c.offset + 8;
        } else if (c.id == chunk::MH2O && places.mh2o == 0) {
            places.mh2o = c.offset + 8;
        }
    }
    return places;
}

void checkAdtModel(const Adt& adt, FindingList& out, const AdtPlaces& places) {
    checkChunks(adt, out, places);
    checkLiquids(adt, out, places);
    checkUniqueIds(adt, out, places);
}

} // namespace mapsmith::io
