#pragma once
// Split ADTs (Cataclysm and later): one tile in three files that the client reads as one, with the same
// in-memory model (io::Adt) as the monolithic v18 layout, so a tile converts both ways.
//
// Canonical layout written (and byte-identical on read -> write when a set used it):
//   root  Name_X_Y.adt       MVER, MHDR (only the MH2O and MFBO offsets set), MH2O, 256 x MCNK with the
//                            128-byte header (MCVT, MCCV, MCLV, MCNR, MCLQ, MCSE), MFBO
//   tex   Name_X_Y_tex0.adt  MVER, MAMP, MTEX, MDID, MHID, MTXF, MTXP, 256 x MCNK without header
//                            (MCLY, MCSH, MCAL, MCMT)
//   obj   Name_X_Y_obj0.adt  MVER, MMDX, MMID, MWMO, MWID, MDDF, MODF, 256 x MCNK without header
//                            (MCRD doodad references, MCRW object references)
// Optional chunks are written when the model holds them (MCRD/MCRW only when not empty); no MCIN.
// Unknown chunks go back into the file and after the chunk they came from. _obj1, _tex1 and _lod files
// are kept byte for byte.
//
// Reading does not depend on which file holds which chunk: the three files are read alike, every known
// top-level chunk may stand in any of them (once), and MCNK i of each file adds its sub-chunks to map
// chunk i; the one MCNK that starts with a 128-byte header (not with a sub-chunk) provides the header.
// Errors and warnings name the file (Error::file: "root", "tex0" or "obj0"), the chunk and the offset.
//
// Split-file conventions of the spec (shared/specs/adt-v18-current.txt) and how the writer follows them.
// Split readers walk MCNKs by declared sizes ("MCIN being gone", no trusted offsets), so every sub-chunk
// written into a split file declares its true size; tests/interop/split_walk.mjs walks them that way.
//   Placement   Each chunk in the file its "split files:" line names: root MHDR, MH2O, MFBO, MCVT, MCCV,
//               MCLV, MCNR, MCLQ, MCSE; tex MAMP, MTEX, MDID/MHID ("tex0"), MTXF, MTXP, MCLY, MCSH, MCAL,
//               MCMT; obj MMDX, MMID, MWMO, MWID, MDDF, MODF, MCRD, MCRW; MVER "all". The order is the
//               one above; the spec fixes none ("parses them all the same").
//   MCNK        256 in each file; "header in root, no header in obj and tex". The root header keeps the
//               counts (nLayers, nDoodadRefs, nMapObjRefs) and flags (has_mcsh); ofsLayer, ofsRefs,
//               ofsAlpha/sizeAlpha and ofsShadow/sizeShadow are 0, their sub-chunks being elsewhere.
//               ofsHeight, ofsNormal, ofsMCCV, ofsMCLV ("introduced in Cataclysm"), ofsLiquid and
//               ofsSndEmitters point at their root sub-chunks.
//   MHDR        "probably all offsets gone, except mh2o(which remains in root file)": only the MH2O and
//               MFBO offsets are set, mhdr_MFBO as in v18; the mamp_value byte is kept.
//   MCNR        448, the 13 padding bytes inside, kept byte for byte: the declared size covers them "from
//               Cataclysm only (on LK files and before, MCNR defined size is 435 and not 448)". Split
//               roots with 435 + 13 outside (Mapsmith before 448) still read. MapChunk::v18McnrDeclares448
//               is about v18 files only.
//   MCVT/MCCV/MCLV  145 entries of 4 bytes, 580 ("9*9 + 8*8").
//   MCLQ        Declares its true size; sizeLiquid is that + 8 ("8 when not used"). v18 declares 0, the
//               3.x client "overrides the size with the 'sizeAlpha' field ... the same for the MCLQ
//               chunk", which needs the header: a split root that declared 0 still reads (header size).
//   MCSE        In root, with ofsSndEmitters set ("nSndEmitters ... set to 0 ... if ofsSndEmitters doesn't
//               point to MCSE").
//   MCAL        True size declared (tex MCNKs have no header whose sizeAlpha could override it); alpha maps
//               at their MCLY offsets. Map side "64 / (2^mamp_value)", from MAMP ("explicit MAMP chunk
//               overrides data") or MHDR's mamp_value: MAMP is written when the model has one; only 0
//               (2048 bytes 4-bit, 4096 8-bit, RLE to 4096 values) is supported, other values are refused
//               on read.
//   MCSH/MCMT   512 bytes (64x64 bits) and 4 bytes ("material_id[4]; // per MCLY") as held.
//   MCRD/MCRW   "Replaces MCRF": MCRD the doodad part, MCRW the object part, in MCRF's order (a sorted
//               "by size category" MCRF stays sorted). Written only when not empty.

#include "io/adt/adt.h"

#include <array>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace mapsmith::io {

struct SplitAdtFiles {
    std::vector<std::byte> root;
    std::vector<std::byte> tex0;
    std::vector<std::byte> obj0;
    std::optional<std::vector<std::byte>> obj1; // kept as they are
    std::optional<std::vector<std::byte>> tex1;
    std::optional<std::vector<std::byte>> lod;
};

// Reads a split set into the model (obj1/tex1/lod go to Adt::obj1File/...). Same options and checks as
// readAdt; MCIN is not required. A MAMP or MHDR mamp value other than 0 (alpha maps smaller than 64x64)
// is refused.
Expected<AdtReadResult> readSplitAdt(const SplitAdtFiles& files, const AdtReadOptions& options = {});
// The same over the bytes of the three files, without copying them; obj1/tex1/lod are the caller's.
Expected<AdtReadResult> readSplitAdt(std::span<const std::byte> root, std::span<const std::byte> tex0,
                                     std::span<const std::byte> obj0, const AdtReadOptions& options = {});

// Writes the model in the split layout above; alpha maps as in writeAdt (options.alphaEncoding).
SplitAdtFiles writeSplitAdt(const Adt& adt, const AdtWriteOptions& options = {});

// What writeAdt (v18) cannot store of this tile, one warning per kind, naming the chunk and how much
// ("MDID: 12 texture file data ids", "_lod.adt file", "MCMT in 40 MCNKs"). Empty for tiles read from v18.
std::vector<Warning> lostInMonolithic(const Adt& adt);

// --- Files on disk ---------------------------------------------------------------------------------

enum class SplitFileKind { Tex0, Obj0, Obj1, Tex1, Lod };

// "Name_X_Y.adt" -> "Name_X_Y_tex0.adt" etc. beside it (the suffix case follows the root's extension).
std::filesystem::path splitPartnerPath(const std::filesystem::path& root, SplitFileKind kind);
// True when `path` names a split partner (…_tex0.adt, _obj0, _obj1, _tex1, _lod), not a root or v18 tile.
bool isSplitPartnerName(const std::filesystem::path& path);
// True when a _tex0 or _obj0 partner exists beside `root`.
bool hasSplitPartners(const std::filesystem::path& root);

// Reads root and its partners. _tex0 and _obj0 are required (error naming the missing file); _obj1,
// _tex1 and _lod are read when present. Errors name the file by its path.
Expected<SplitAdtFiles> readSplitAdtFiles(const std::filesystem::path& root);
// The same with the root's bytes already read (moved into the set).
Expected<SplitAdtFiles> readSplitAdtFiles(const std::filesystem::path& root,
                                          std::vector<std::byte> rootBytes);
// Writes the set beside `root` (root itself, _tex0, _obj0, and _obj1/_tex1/_lod when the set has them).
// Plain writes, not atomic (the app layer saves through temporary files). Error names the file.
Expected<void> writeSplitAdtFiles(const std::filesystem::path& root, const SplitAdtFiles& files);

} // namespace mapsmith::io
