#include "io/check/liquid_types_335.h"

#include <algorithm>
#include <array>

namespace mapsmith::io {
namespace {

// LiquidType.dbc of build 12340, id and name of each row, as public listings of that table give them (the
// "Build 12340 (WotLK), 3.3.5a" liquid id table kept with the AllWater patch notes, and the same 26 ids in
// the WMO liquid lists of the Blender WoW Studio add-on). Ids between these (16, 18, 22..40, ...) are no
// row of 3.3.5a.
constexpr std::array<LiquidTypeRow, 26> kRows = {{
    {1, "Water"},
    {2, "Ocean"},
    {3, "Magma"},
    {4, "Slime"},
    {5, "Slow Water"},
    {6, "Slow Ocean"},
    {7, "Slow Magma"},
    {8, "Slow Slime"},
    {9, "Fast Water"},
    {10, "Fast Ocean"},
    {11, "Fast Magma"},
    {12, "Fast Slime"},
    {13, "WMO Water"},
    {14, "WMO Ocean"},
    {15, "Green Lava"},
    {17, "WMO Water - Interior"},
    {19, "WMO Magma"},
    {20, "WMO Slime"},
    {21, "Naxxramas - Slime"},
    {41, "Coilfang Raid - Water"},
    {61, "Hyjal Past - Water"},
    {81, "Lake Wintergrasp - Water"},
    {100, "Basic Procedural Water"},
    {121, "CoA Black - Magma"},
    {141, "Chamber Magma"},
    {181, "Orange Slime"},
}};

static_assert(std::is_sorted(kRows.begin(), kRows.end(),
                             [](const LiquidTypeRow& a, const LiquidTypeRow& b) { return a.id < b.id; }));

} // namespace

std::span<const LiquidTypeRow> liquidTypes335() {
    return kRows;
}

const LiquidTypeRow* findLiquidType335(std::uint16_t id) {
    const auto it = std::lower_bound(kRows.begin(), kRows.end(), id,
                                     [](const LiquidTypeRow& row, std::uint16_t v) { return row.id < v; });
    return it != kRows.end() && it->id == id ? &*it : nullptr;
}

} // namespace mapsmith::io
