#include "io/wdt/wdt_dump.h"

#include "io/binary/byte_reader.h"

namespace mapsmith::io {

using Json = nlohmann::ordered_json;

Json summarizeWdt(const Wdt& wdt, std::span<const std::byte> file) {
    Json j;
    j["version"] = wdt.version;
    j["flags"] = wdt.flags;
    j["bigAlpha"] = wdt.bigAlpha();
    j["wmoOnly"] = wdt.wmoOnly();
    j["tileCount"] = wdt.tileCount();
    if (wdt.wmoName) {
        j["wmo"] = wdt.wmoPath();
    }
    Json chunks = Json::array();
    ByteReader r(file);
    while (r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        chunks.push_back({{"id", id.str()}, {"offset", at}, {"size", size}});
        if (!r.skip(size)) {
            break;
        }
    }
    j["chunks"] = std::move(chunks);
    return j;
}

Json dumpWdt(const Wdt& wdt) {
    Json j;
    j["version"] = wdt.version;
    j["flags"] = wdt.flags;
    j["headerRest"] = wdt.headerRest;
    Json tiles = Json::array();
    for (int y = 0; y < kWdtTilesPerSide; ++y) {
        for (int x = 0; x < kWdtTilesPerSide; ++x) {
            const WdtTile& t = wdt.tile(x, y);
            if (t.flags != 0 || t.asyncId != 0) {
                tiles.push_back({{"x", x}, {"y", y}, {"flags", t.flags}, {"asyncId", t.asyncId}});
            }
        }
    }
    j["tiles"] = std::move(tiles);
    j["wmo"] = wdt.wmoName ? Json(wdt.wmoPath()) : Json(nullptr);
    if (wdt.mapObjects) {
        Json objects = Json::array();
        for (const auto& m : *wdt.mapObjects) {
            objects.push_back({{"nameId", m.nameId},
                               {"uniqueId", m.uniqueId},
                               {"position", m.position},
                               {"rotation", m.rotation},
                               {"extents", {m.extentsMin, m.extentsMax}},
                               {"flags", m.flags},
                               {"doodadSet", m.doodadSet},
                               {"nameSet", m.nameSet},
                               {"scale", m.scale}});
        }
        j["mapObjects"] = std::move(objects);
    }
    Json unknown = Json::array();
    for (const auto& u : wdt.unknown) {
        unknown.push_back({{"id", u.id.str()}, {"size", u.data.size()}});
    }
    j["unknownChunks"] = std::move(unknown);
    return j;
}

} // namespace mapsmith::io
