#pragma once
// `mapsmith-cli convert` for 0.5.3 "alpha" maps: one WDT holding the map table and every tile, converted by
// core::importAlphaMap into v18 tiles (or split sets) and a v18 WDT.

#include "cli/tile_io.h"

#include "core/geometry/object_model.h"
#include "io/adt/alpha_codec.h"

#include <QString>
#include <QStringList>
#include <QTextStream>

#include <cstddef>
#include <optional>
#include <span>

namespace mapsmith::cli {

// True when `path` is a readable file that starts like an alpha WDT (MVER, a 128-byte MPHD, a MAIN of
// 16-byte entries; see io::isAlphaWdt).
bool isAlphaWdtFile(const QString& path);

// For a .wdt that is not an alpha WDT (isAlphaWdtFile false): nullopt when it reads as a v18 WDT, else why it
// cannot be read, chunk and offset: the 0.5.3 reader's error or the v18 one's, whichever read further into
// the file (the alpha one on a tie: convert reads alpha WDTs, not v18 ones). A damaged alpha WDT is a read
// error, not a usage error.
std::optional<io::Error> damagedWdtError(std::span<const std::byte> bytes);

// Converts each alpha WDT of `inputs` into `dir`: <Name>_<x>_<y>.adt (v18 or split sets) and <Name>.wdt,
// <Name> being the input's base name. Alpha maps stay 4-bit unless `encoding` asks for 8-bit or RLE (the
// WDT then sets MPHD flag 0x4). Prints a progress line per map and every warning and failure on `err`, a
// summary per map on `out`. With `modelBounds` (the models of --data), doodads of models with a box are
// referenced from the chunks that box overlaps (core::AlphaMapImportOptions::modelBounds). Returns Usage
// (nothing converted) when `dir` is the folder of an input, else Ok; `failed` grows by one for each map that
// could not be converted and each tile that failed.
int convertAlphaMaps(const QStringList& inputs, const QString& dir, TileLayout layout,
                     std::optional<io::AlphaEncoding> encoding, const core::ModelBoundsFn& modelBounds,
                     const QString& command, QTextStream& out, QTextStream& err, int& failed);

} // namespace mapsmith::cli
