#pragma once
// The consumer checks (io/check) on files as `validate` and `repair` see them: a tile (a v18 file or a
// split set, with the alpha depth of its map's WDT) or a WDT, and their findings as text and JSON.

#include "cli/output.h"
#include "cli/tile_io.h"
#include "io/check/finding.h"
#include "io/wdt/wdt.h"

#include <QString>

#include <cstddef>
#include <span>
#include <vector>

namespace mapsmith::cli {

// The findings of a tile read leniently: the v18 layout of its root file (not for split sets, which no
// 3.3.5 consumer reads), its content, its compressed alpha maps against the WDT's depth, and the read's
// own problems at places no check names.
std::vector<io::Finding> checkTile(const InputTile& tile);
// A tile that could not be read at all: its layout (v18) and the read's error.
std::vector<io::Finding> checkUnreadableTile(const TileFiles& files, const io::Error& error);
// The findings of a WDT's bytes (read leniently).
std::vector<io::Finding> checkWdtBytes(std::span<const std::byte> bytes);
// The same for a WDT already read, with the problems its read found.
std::vector<io::Finding> checkWdt(const io::Wdt& wdt, std::span<const std::byte> bytes,
                                  const std::vector<io::Warning>& readProblems);

// "error [client, trinitycore] PATH: MCIN at 0x5c: MESSAGE", with " (x256: 0x5c, 0x6c, ...)" after the
// place when the finding has several; the path is the finding's file when it names one.
QString findingLine(const QString& path, const io::Finding& f);
// {rule, severity, consumers, chunk, offset, offsets, count, message[, file]}.
Json findingJson(const io::Finding& f);

} // namespace mapsmith::cli
