#pragma once
// What rewriting a file changed in the consumers' view: the findings of the file as read that the file as
// written no longer has (the layout the writer always writes canonically: MCIN at 0x54, MCIN sizes that
// count the header, every MHDR/MCIN/MCNK offset, MWMO after MAIN, ...), as report entries.

#include "core/repair/repair_change.h"
#include "io/check/finding.h"

#include <vector>

namespace mapsmith::core {

// Each finding of `before` that `after` lacks (same rule and message), unless a rule's own change in
// `done` already reports it.
std::vector<RepairChange> fixedByRewriting(const std::vector<io::Finding>& before,
                                           const std::vector<io::Finding>& after,
                                           const std::vector<RepairChange>& done);

} // namespace mapsmith::core
