#pragma once
// The consumer checks (io/check) on whole files and tiles, as validate, repair, Export Patch and saves use
// them: a tile's layout (v18 files), its content and its read's own problems; a WDT's.

#include "io/adt/adt.h"
#include "io/check/finding.h"
#include "io/wdt/wdt.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::core {

// A tile read leniently from `rootFile` (its v18 file, or the root of its split set): the layout checks
// when `v18`, the content checks with places in rootFile, then the read's problems at places no check names.
std::vector<io::Finding> tileFindings(const io::Adt& adt, const std::vector<io::Warning>& readProblems,
                                      std::span<const std::byte> rootFile, bool v18);
// A v18 tile's bytes, read leniently with the map's alpha depth (nullopt: inferred).
std::vector<io::Finding> tileFileFindings(std::span<const std::byte> file, std::optional<bool> bigAlpha);
// A WDT's bytes, read leniently.
std::vector<io::Finding> wdtFileFindings(std::span<const std::byte> file);
// A WDT already read, with the problems its read found.
std::vector<io::Finding> wdtFindings(const io::Wdt& wdt, std::span<const std::byte> file,
                                     const std::vector<io::Warning>& readProblems);

// The errors among `findings`.
std::vector<io::Finding> errorsOf(const std::vector<io::Finding>& findings);
// "MCIN at 0x54: MCIN must start at 0x54 ... (the AzerothCore extractor, the TrinityCore extractor)", one
// line per finding, with " (x256)" for several places.
std::string describeFindings(const std::vector<io::Finding>& findings);

} // namespace mapsmith::core
