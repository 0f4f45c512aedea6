#pragma once
// The repair rules on a WDT: MWMO right after MAIN (TrinityCore 3.3.5's extractor requires it) and no
// chunk between MVER, MPHD, MAIN and MWMO (the extractors read each right after the one before).

#include "core/repair/repair_change.h"
#include "io/wdt/wdt.h"

#include <vector>

namespace mapsmith::core {

// Adds an empty MWMO where there is none (what Blizzard's terrain maps carry) and moves every chunk the
// reader found before MWMO's place to after MWMO, keeping its bytes and their order.
std::vector<RepairChange> repairWdt(io::Wdt& wdt);

} // namespace mapsmith::core
