#pragma once
// The rows of the WotLK 3.3.5a (build 12340) client's LiquidType.dbc: the ids an MH2O instance may name.
// The extractors look every instance's type up in this table (TrinityCore 3.3.5 with
// std::unordered_map::at, which throws for an id it lacks; AzerothCore indexes an array sized by the
// table's highest id), and the client draws a liquid by its row.

#include <cstdint>
#include <span>
#include <string_view>

namespace mapsmith::io {

struct LiquidTypeRow {
    std::uint16_t id = 0;
    std::string_view name;
};

// Every row of 3.3.5a's LiquidType.dbc, by ascending id (26 rows, ids 1..181).
std::span<const LiquidTypeRow> liquidTypes335();
// The row with this id; nullptr when 3.3.5a has none.
const LiquidTypeRow* findLiquidType335(std::uint16_t id);

} // namespace mapsmith::io
