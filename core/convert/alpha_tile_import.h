#pragma once
// Converting a 0.5.3 "alpha" map (one monolithic WDT, io/wdt/alpha_wdt.h) into the v18 model, in plain C++
// (no Qt, so the alpha fuzz target runs it too): every embedded tile becomes an io::Adt that saves as a
// v18 tile or a split set, and the map gets a v18 WDT. core/convert/alpha_import.h writes whole maps.
//
// What a converted tile holds:
//  - heights re-ordered into v18's interleaved rows (9 outer, 8 inner, ...) and made relative to the MCNK
//    position, whose z is the base: the chunk's lowest height when base + (h - base) gives back every h
//    exactly in float, else a coarser base that does (floor of it, then 0), so absolute heights are kept
//    bit for bit; x and y are the chunk's north-west corner (world yards, as the tile's name places it);
//  - normals re-ordered the same way, their 13 padding bytes kept;
//  - MTEX as it was; the doodad and WMO names the tile places (MDDF/MODF name ids index the map-wide
//    MDNM/MONM) moved into its MMDX/MWMO in order of first use, name ids renumbered;
//  - MCRF: an alpha chunk names models (MDNM/MONM indices); the v18 chunk references every placement of
//    the tile with one of those names, in MDDF/MODF order;
//  - layers with their texture, flags (UseAlphaMap/AlphaCompressed derived by the writer), the 16-bit
//    effect id widened (0xFFFF becomes 0xFFFFFFFF, "none") and the 4-bit alpha map exactly as stored:
//    every chunk gets MCNK flag DoNotFixAlphaMap, so all 64x64 values are used (no 63x63 rule);
//  - MCSH, holes, area id, low-quality texture map, no-effect-doodad bits, impassable and liquid flags;
//  - MCLQ: the liquid instances as the MCLQ payload v18 clients still read (no MH2O);
//  - MCSE: dropped with a warning (0.5.3 emitters name sounds the 3.3.5 client has no table for); an
//    empty MCSE is written as Blizzard's files have.
// The header radius and padding have no v18 field and are dropped.

#include "io/adt/adt.h"
#include "io/binary/error.h"
#include "io/wdt/alpha_wdt.h"
#include "io/wdt/wdt.h"

#include <span>
#include <vector>

namespace mapsmith::core {

struct AlphaTileImport {
    io::Adt adt;
    std::vector<io::Warning> warnings; // what the v18 tile could not keep
};

// Converts one embedded tile (read from `wdt`'s file) to the v18 model. Does not fail: the reader has
// checked every index the conversion follows.
AlphaTileImport importAlphaTile(const io::AlphaWdt& wdt, const io::AlphaTile& tile);

// The map's v18 WDT: MPHD flags 0 (4-bit alpha maps; add mphd_flags::BigAlpha for tiles re-encoded to
// 8 bits), MAIN flag HasAdt for each of `tiles` (indices y * 64 + x) and an empty MWMO. The global MODF,
// without its dummy first entry, goes into MWMO/MODF (name ids become MWMO offsets); with no tiles that makes
// a WMO-only map (MPHD flag 0x1). A global WMO beside tiles ("hybrid" maps) is kept with a warning: the 3.3.5
// client reads it only on WMO-only maps.
io::Wdt importAlphaWdt(const io::AlphaWdt& wdt, std::span<const int> tiles,
                       std::vector<io::Warning>* warnings = nullptr);

} // namespace mapsmith::core
