#pragma once
// The physical layout of an ADT file (chunk list with offsets) and the structural checks the game
// client and the server-side map extractors rely on.

#include "io/binary/diagnostics.h"
#include "io/binary/error.h"
#include "io/binary/fourcc.h"

#include <cstdint>
#include <span>
#include <vector>

namespace mapsmith::io {

struct ChunkEntry {
    FourCC id;
    std::uint64_t offset = 0; // absolute offset of the 8-byte chunk header
    std::uint64_t size = 0;   // the size field as stored
    int mcnkIndex = -1;       // for sub-chunks: the ordinal of their MCNK in the file; -1 for top-level
};

// Top-level chunks and, inside each MCNK, its sub-chunks: after the 128-byte header, or from the first
// byte for headerless MCNKs (split _tex0/_obj0 files, see isHeaderlessMcnk in mcnk_shape.h). Stops at the
// first top-level size that does not fit or id that is not a chunk id, and after a bounded number of
// entries (each reported in diag.warnings); an MCNK's list ends quietly at bytes that are not a chunk id.
std::vector<ChunkEntry> listAdtChunks(std::span<const std::byte> file, Diagnostics& diag);

// The layout problems some consumer rejects or misreads (the error-severity findings of
// io/check/adt_file_checks.h, each at its first place): MVER 18 first, MHDR at 0x0C, MCIN at 0x54, MHDR
// and MCIN offsets, MCNK header offsets/sizes/counts, MCVT 580 bytes, MH2O rectangles. Conventions every
// consumer tolerates (MCIN sizes without the header, MCNR declaring 448, MFBO without its flag) are not
// problems. An empty result means every consumer reads the layout.
std::vector<Error> checkAdtLayout(std::span<const std::byte> file);

} // namespace mapsmith::io
