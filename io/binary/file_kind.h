#pragma once
// Which of the formats Mapsmith reads a file holds, decided by its first bytes; the file name's extension
// decides only when the content cannot (a damaged or empty file).
//
// Content, in this order:
//   - a 4-byte magic in file order: "MD20" (WotLK M2), "MD21" (the chunked M2 of Legion and later, recognised
//     so callers can refuse it by name), "SKIN" (M2 skin profile), "MDLX" (MDX), "MDL" + digit (Gamestudio
//     MDL; the reader accepts MDL3/4/5 and names any other version), "HMP" + digit (Gamestudio HMP: 4/5/7),
//     "WMB" + digit (Gamestudio level; WMB7 is read), "BLP" + digit (BLP1/BLP2);
//   - else a chunk stream (tags stored byte-reversed, u32 size): within its first four chunks MPHD or MAIN
//     is a WDT, MHDR, MCIN or MCNK an ADT tile, MOHD a WMO root, MOGP a WMO group; MAOF within the first five
//     (Blizzard's WDLs: MVER MWMO MWID MODF MAOF) is a WDL.
// Extensions (case-insensitive): .adt, .wdt, .wdl, .m2, .skin, .mdx, .mdl, .hmp, .blp, .wmb, and .wmo: a
// group when the name ends in "_NNN.wmo" (three digits), else a root.

#include <cstddef>
#include <span>
#include <string_view>

namespace mapsmith::io {

enum class FileKind {
    Unknown,
    Adt,       // a v18 tile, a split root or one of its partners
    Wdt,       // a v18 WDT or a 0.5.3 alpha WDT
    Wdl,       // a v18 WDL (low-resolution heights)
    M2,        // "MD20"
    M2Chunked, // "MD21": not read
    M2Skin,
    WmoRoot,
    WmoGroup,
    Mdx,
    Mdl,
    Hmp,
    Blp,
    Wmb, // Gamestudio level ("WMB" + digit; the reader accepts WMB7)
};

// `bytes`: the file (or at least its first chunks); `fileName`: a name or path, for the extension only.
FileKind sniffFileKind(std::span<const std::byte> bytes, std::string_view fileName = {});

// "ADT", "WDT", "WDL", "M2", "M2 (MD21)", "M2 skin", "WMO root", "WMO group", "MDX", "MDL", "HMP", "BLP",
// "WMB", "unknown".
const char* fileKindName(FileKind kind);

} // namespace mapsmith::io
