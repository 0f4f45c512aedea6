#include "io/adt/liquid_types_335.h"

#include <algorithm>
#include <array>

namespace mapsmith::io {
namespace {

using enum LiquidKind;

// LiquidType.dbc 3.3.5a: id, Type, Name (see the header for the source). Sorted by id.
constexpr std::array<LiquidTypeRecord, 26> kRecords{{
    {1, Water, "Water"},
    {2, Ocean, "Ocean"},
    {3, Magma, "Magma"},
    {4, Slime, "Slime"},
    {5, Water, "Slow Water"},
    {6, Ocean, "Slow Ocean"},
    {7, Magma, "Slow Magma"},
    {8, Slime, "Slow Slime"},
    {9, Water, "Fast Water"},
    {10, Ocean, "Fast Ocean"},
    {11, Magma, "Fast Magma"},
    {12, Slime, "Fast Slime"},
    {13, Water, "WMO Water"},
    {14, Ocean, "WMO Ocean"},
    {15, Magma, "Green Lava"},
    {17, Water, "WMO Water - Interior"},
    {19, Magma, "WMO Magma"},
    {20, Slime, "WMO Slime"},
    {21, Slime, "Naxxramas - Slime"},
    {41, Water, "Coilfang Raid - Water"},
    {61, Water, "Hyjal Past - Water"},
    {81, Water, "Lake Wintergrasp - Water"},
    {100, Ocean, "Basic Procedural Water"},
    {121, Magma, "CoA Black - Magma"},
    {141, Magma, "Chamber Magma"},
    {181, Water, "Orange Slime"},
}};

static_assert(std::is_sorted(kRecords.begin(), kRecords.end(),
                             [](const LiquidTypeRecord& a, const LiquidTypeRecord& b) {
                                 return a.id < b.id;
                             }));

} // namespace

std::span<const LiquidTypeRecord> liquidTypes335() {
    return kRecords;
}

const LiquidTypeRecord* findLiquidType335(std::uint16_t id) {
    const auto it = std::lower_bound(kRecords.begin(), kRecords.end(), id,
                                     [](const LiquidTypeRecord& r, std::uint16_t v) { return r.id < v; });
    return it != kRecords.end() && it->id == id ? &*it : nullptr;
}

} // namespace mapsmith::io
