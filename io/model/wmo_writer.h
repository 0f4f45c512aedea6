#pragma once
// WMO v17 writer, the mirror of the readers (wmo.h, wmo_group.h): every field is written as the struct holds
// it. Counts in MOHD and the MOGP header are written as stored, never recomputed (a caller that builds a WMO
// fills them); only chunk sizes, MOGP's included, follow from what is written.
//
// Chunk order. A struct read from a file carries the ids of its chunks in file order (WmoRoot::chunkOrder,
// WmoGroup::chunkOrder and subChunkOrder); the writer follows them: an interpreted id writes that part (each
// MOTV / MOCV the next UV / colour set), any other id the next raw chunk (otherChunks) with that id. Raw
// chunks the order does not use are written after it, and so are interpreted parts it does not name when
// they hold something (a UV set added to a group read from a file). An unmodified file whose layout is
// canonical is written back byte for byte; what the reader does not keep is written as zeros: MOMT's 16
// run-time bytes, MODS's unused u32 and the bytes after its name's NUL, MOGP's padding and unused u32, bytes
// after a MOSB name's NUL, bytes past MOHD's 64 or past MLIQ's arrays.
//
// Empty order (a WMO built in memory): the client's order.
//   root:  MVER MOHD MOTX MOMT MOGN MOGI MOSB MOPV MOPT MOPR MOVV MOVB MOLT MODS MODN MODD MFOG [MCVP], each
//          written even when empty (the client walks them in this order); MOPV .. MFOG and MCVP are the raw
//          chunks with that id; raw chunks with other ids follow at the end.
//   group: MVER MOGP{header MOPY MOVI MOVT MONR MOTV MOBA [MOLR] [MODR] [MOBN MOBR] [MPBV MPBP MPBI MPBG]
//          [MOCV] [MLIQ] [MORI MORB] [MOTV MOCV: the second and later sets] [other raw chunks]}. MOPY .. MONR
//          and MOBA are written even when empty, the first MOTV too (empty when there is no UV set); the
//          others when there is something: MODR with doodad references, MOCV with a colour set, MLIQ with a
//          liquid, the bracketed raw ids when otherChunks holds them.

#include "io/model/wmo.h"
#include "io/model/wmo_group.h"

#include <cstddef>
#include <vector>

namespace mapsmith::io {

// The bytes of a WMO root / group file, every field as the struct holds it (counts in MOHD and the MOGP
// header are written as stored, never recomputed: a caller that builds a WMO fills them).
std::vector<std::byte> writeWmoRoot(const WmoRoot& root);
std::vector<std::byte> writeWmoGroup(const WmoGroup& group);

} // namespace mapsmith::io
