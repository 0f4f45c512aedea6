#pragma once
// Builds in-memory maps for core tests and benchmarks: a WDT plus tiles, served by MemoryMapSource.

#include "core/convert/terrain_presets.h"
#include "core/convert/tile_factory.h"
#include "core/document/map_document.h"
#include "core/document/map_source.h"
#include "io/wdt/wdt.h"

#include <map>
#include <memory>
#include <utility>
#include <vector>

namespace mapsmith::tests {

enum class LoadTiles { All, None };

// A map of generated hills tiles (8-bit alpha); returns the document (the source is inside it) with
// every tile loaded, or none (LoadTiles::None: for streaming).
inline std::unique_ptr<core::MapDocument> hillsMap(const std::vector<core::TileCoord>& tiles,
                                                   float baseHeight = 40.0f,
                                                   LoadTiles load = LoadTiles::All) {
    io::Wdt wdt;
    wdt.flags = io::mphd_flags::BigAlpha;
    for (const auto t : tiles) {
        wdt.setTile(t.x, t.y, true);
    }
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Test"), io::writeWdt(wdt));
    // Generating a tile evaluates the preset's functions millions of times: build each one once.
    static std::map<std::pair<core::TileCoord, float>, std::vector<std::byte>> cache;
    for (const auto t : tiles) {
        auto& bytes = cache[{t, baseHeight}];
        if (bytes.empty()) {
            io::Adt adt =
                core::createTile(core::presetTileSpec(core::TerrainPreset::Hills, t.x, t.y, baseHeight));
            adt.bigAlpha = true;
            bytes = io::writeAdt(adt);
        }
        source->setTile(t, bytes);
    }
    auto doc = core::MapDocument::open(std::move(source));
    if (!doc) {
        return nullptr;
    }
    for (const auto t : tiles) {
        if (load == LoadTiles::All && !doc.value()->loadTile(t)) {
            return nullptr;
        }
    }
    return std::move(doc.value());
}

// The corpus tile continent4229 (tile 42_29 of a 4-bit map) in a one-tile map.
inline std::unique_ptr<core::MapDocument> corpusMap(const std::vector<std::byte>& adtBytes,
                                                    core::TileCoord t) {
    io::Wdt wdt;
    wdt.setTile(t.x, t.y, true);
    auto source = std::make_unique<core::MemoryMapSource>(QStringLiteral("Corpus"), io::writeWdt(wdt));
    source->setTile(t, adtBytes);
    auto doc = core::MapDocument::open(std::move(source));
    if (!doc || !doc.value()->loadTile(t)) {
        return nullptr;
    }
    return std::move(doc.value());
}

} // namespace mapsmith::tests
