#pragma once
// Placement lists as CSV (mapsmith-cli place --csv): one object per line,
//   model, x, y, z, heading, scale
// x, y, z in world yards as the game and the server give them (x north, y west, z up); z empty: on the
// ground. heading in degrees (0 faces north, 90 west; empty: 0), scale a factor (empty: 1). Trailing
// fields may be left out. Fields are separated by commas, trimmed, and may be double-quoted ("" is a
// quote inside). Empty lines and lines starting with '#' are skipped, and so is a first line whose x
// is not a number (a header). Plain C++ (no Qt): tests/fuzz/fuzz_placement_csv.cpp builds it.

#include "core/document/core_error.h"
#include "core/edit/placement_request.h"

#include <string_view>
#include <vector>

namespace mapsmith::core {

// Every request of the text, with its line number (1-based). A malformed line is the error (Refused),
// naming the line and the field.
Expected<std::vector<PlacementRequest>> parsePlacementCsv(std::string_view text);

} // namespace mapsmith::core
