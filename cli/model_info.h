#pragma once
// `info` and `validate` for every format but ADT and WDT (cli/commands.cpp dispatches here by content):
// M2 with its skin profiles, M2 skins, WMO roots with their groups, WMO groups, MDX, Gamestudio MDL and
// HMP, BLP. MD21 (Legion+ M2) and unrecognised files are refused with a message naming what is read.

#include "io/binary/file_kind.h"

#include <QString>

#include <cstddef>
#include <vector>

namespace mapsmith::cli {

// Reads leniently; prints the summary (--json: {file, size, format, ...fields, warnings, notes}). Exit Ok, or
// Failure with the error (file, chunk, offset) on stderr when the file cannot be read.
int modelInfo(io::FileKind kind, const QString& path, const std::vector<std::byte>& bytes, bool json);

// Reads strictly, then leniently for every further problem; a missing skin profile or group file is a
// problem. Prints them like the ADT validate; exit Ok or Invalid (Failure for MD21).
int modelValidate(io::FileKind kind, const QString& path, const std::vector<std::byte>& bytes, bool json);

} // namespace mapsmith::cli
