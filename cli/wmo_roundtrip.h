#pragma once
// roundtrip of WMO v17 files (cli/wmo_roundtrip.cpp): called by runRoundtrip once IN is known to be a WMO.

#include <QString>

#include <cstddef>
#include <vector>

namespace mapsmith::cli {

struct WmoRoundtripOptions {
    bool json = false;    // print the report as JSON
    bool lenient = false; // write what can be read from damaged files
};

// A root IN (`bytes`) with its group files beside it (IN_000.wmo ..), or a group file alone, read and written
// back with the WMO writer (io/model/wmo_writer.h) to OUT and, for a root, OUT_000.wmo .. beside it: all the
// files in one transaction, an existing one kept as .bak. Reports per file whether it is byte-identical to
// what was read and checks that each written file reads back to the same content (exit 1 if not). A group
// file the root names but that is missing is a warning and is not written.
int roundtripWmo(const QString& inPath, const QString& outPath, const std::vector<std::byte>& bytes,
                 bool isRoot, const WmoRoundtripOptions& options);

} // namespace mapsmith::cli
