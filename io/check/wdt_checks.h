#pragma once
// The consumer checks on a WDT (io::Wdt, whose reader keeps the known chunks in their order and every
// other chunk with the known chunk it followed). The extractors read MPHD, MAIN (and TrinityCore 3.3.5
// MWMO) each right after the one before it.

#include "io/check/finding.h"
#include "io/wdt/wdt.h"

#include <cstddef>
#include <span>

namespace mapsmith::io {

// Adds the WDT's findings. `file`, when given, is the WDT it was read from: the findings then give the
// places in it (without it, where the writer would put them).
void checkWdtModel(const Wdt& wdt, FindingList& out, std::span<const std::byte> file = {});

} // namespace mapsmith::io
