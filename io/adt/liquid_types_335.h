#pragma once
// The 3.3.5a (build 12340) client's LiquidType.dbc, as far as the server map extractors read it: each
// id with its Type column (the fourth field, which the extractors name SoundBank) and its name. The
// extractors turn MH2O liquid type ids into map liquid flags through this column; an id the table does
// not hold stops them (std::unordered_map::at throws).
//
// Source: the 26 records of LiquidType.dbc 3.3.5a as two independent public MySQL dumps of the table
// list them (AzerothCore's `liquidtype_dbc` world table, fields ID, Name, Flags, Type, ...; and an
// older `liquidtypedbc` dump with the same columns); both agree on every id, name and type below.

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace mapsmith::io {

// LiquidType.dbc Type (the extractors' SoundBank): what kind of liquid a type id is.
enum class LiquidKind : std::uint8_t { Water = 0, Ocean = 1, Magma = 2, Slime = 3 };

struct LiquidTypeRecord {
    std::uint16_t id = 0;
    LiquidKind kind = LiquidKind::Water;
    std::string_view name;
};

// Every record of the 3.3.5a table, by ascending id.
std::span<const LiquidTypeRecord> liquidTypes335();

// The record of `id`, or nullptr when the 3.3.5a table has none.
const LiquidTypeRecord* findLiquidType335(std::uint16_t id);

} // namespace mapsmith::io
