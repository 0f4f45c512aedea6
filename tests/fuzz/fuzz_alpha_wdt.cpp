// libFuzzer target for the 0.5.3 alpha WDT reader and its conversion to v18: any input must read without
// a crash (errors point into the input); a map table that reads has the alpha layout and tiles inside the
// file; every tile that reads has a consistent model, converts to a v18 tile that passes checkAdtLayout,
// reads back and writes back byte-identical, and the map converts to a v18 WDT that reads back equal.
//
// The fuzz build holds io only (no Qt): the Qt-free tile conversion is compiled in from core.

#include "core/convert/alpha_tile_import.h"

#include "io/adt/adt_layout.h"
#include "io/wdt/alpha_wdt.h"
#include "io/wdt/wdt.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

namespace {

using namespace mapsmith;

void checkTile(const io::AlphaWdt& wdt, const io::AlphaTile& tile) {
    if (tile.chunks.size() != 256) {
        __builtin_trap();
    }
    for (const io::DoodadPlacement& d : tile.doodads) {
        if (d.nameIndex >= wdt.doodadNames.size()) {
            __builtin_trap();
        }
    }
    for (const io::AlphaChunk& c : tile.chunks) {
        if (c.layers.size() > 4) {
            __builtin_trap();
        }
        for (const io::AlphaLayer& l : c.layers) {
            if (l.textureId >= tile.textures.size() ||
                l.alphaMap.has_value() != ((l.props & io::mcly_flags::UseAlphaMap) != 0)) {
                __builtin_trap();
            }
        }
        for (std::uint32_t r : c.doodadRefs) {
            if (r >= wdt.doodadNames.size()) {
                __builtin_trap();
            }
        }
        for (std::uint32_t r : c.mapObjectRefs) {
            if (r >= wdt.mapObjectNames.size()) {
                __builtin_trap();
            }
        }
        std::size_t liquids = 0;
        for (std::uint32_t f : io::kAlphaLiquidFlags) {
            liquids += (c.flags & f) != 0 ? 1 : 0;
        }
        if (c.liquids.size() != liquids || c.shadow.size() != c.offsets.shadowSize) {
            __builtin_trap();
        }
    }
}

void checkConversion(const io::AlphaWdt& wdt, const io::AlphaTile& tile) {
    const core::AlphaTileImport imported = core::importAlphaTile(wdt, tile);
    const auto bytes = io::writeAdt(imported.adt);
    if (!io::checkAdtLayout(bytes).empty()) {
        __builtin_trap();
    }
    io::AdtReadOptions options;
    options.bigAlpha = false;
    auto back = io::readAdt(bytes, options);
    if (!back || !back->warnings.empty()) {
        __builtin_trap();
    }
    const auto again = io::writeAdt(back->adt);
    if (again != bytes) {
        __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    const bool layout = io::isAlphaWdt(bytes);
    auto wdt = io::readAlphaWdt(bytes);
    if (!wdt) {
        if (wdt.error().offset > size) {
            __builtin_trap();
        }
        return 0;
    }
    if (!layout || wdt->fileSize != size) {
        __builtin_trap();
    }
    std::vector<int> converted;
    for (int index : wdt->tileIndices()) {
        const io::AlphaAreaInfo& a = wdt->areas[std::size_t(index)];
        if (std::uint64_t(a.offset) + a.size > size) {
            __builtin_trap();
        }
        if (converted.size() >= 8) {
            continue; // bound the time one input takes
        }
        auto tile = io::readAlphaTile(*wdt, bytes, index);
        if (!tile) {
            if (tile.error().offset > size) {
                __builtin_trap();
            }
            continue;
        }
        checkTile(*wdt, *tile);
        checkConversion(*wdt, *tile);
        converted.push_back(index);
    }
    const io::Wdt v18 = core::importAlphaWdt(*wdt, converted);
    auto back = io::readWdt(io::writeWdt(v18));
    if (!back || !(*back == v18) || back->tileCount() != int(converted.size())) {
        __builtin_trap();
    }
    return 0;
}
