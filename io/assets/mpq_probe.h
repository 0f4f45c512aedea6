#pragma once
// The check an archive passes before the editor or the CLI opens it in-process: the same header check
// and StormLib calls as MpqAssetSource::open, the (listfile) listed and the first bytes of a few files
// read. Meant to run in a helper process (mapsmith-mpq-probe), so that an archive that crashes or hangs
// StormLib takes down the helper, not the editor.

#include "io/binary/error.h"

#include <cstddef>
#include <filesystem>
#include <string>

namespace mapsmith::io {

struct MpqProbeResult {
    std::size_t listed = 0; // names in the (listfile), StormLib's own files left out
    std::size_t read = 0;   // files whose first bytes were read
    // The first file that could not be read and why. Not an error: patch archives list files they
    // delete, and the archive's other files still serve.
    std::string firstUnreadable;
};

// Files whose first bytes are read, and how many bytes of each.
inline constexpr std::size_t kMpqProbeFiles = 8;
inline constexpr std::size_t kMpqProbeBytes = 64;

// Error naming the archive and the reason (StormLib's error text, as MpqAssetSource::open words it)
// when it cannot be opened.
Expected<MpqProbeResult> probeMpqArchive(const std::filesystem::path& archive);

} // namespace mapsmith::io
