#pragma once
// The consumer checks on the bytes of a v18 (WotLK) tile: what the consumers find through fixed places and
// offsets, which the in-memory model does not keep (MVER/MHDR/MCIN places, MHDR and MCIN entries, MCNK
// header offsets and counts, sub-chunk sizes, MH2O instance rectangles). The model's rules are in
// adt_model_checks.h. Split (Cataclysm+) files are not read by any 3.3.5 consumer: these checks are for
// v18 files only.

#include "io/check/finding.h"

#include <cstddef>
#include <span>

namespace mapsmith::io {

// Adds every finding of the file's layout to `out`. Never fails: a file cut short is a finding too.
void checkAdtFileLayout(std::span<const std::byte> file, FindingList& out);

} // namespace mapsmith::io
