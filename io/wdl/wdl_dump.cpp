#include "io/wdl/wdl_dump.h"

#include "io/binary/byte_reader.h"
#include "io/binary/hex.h"

#include <algorithm>
#include <cstdint>
#include <string>

namespace mapsmith::io {

using Json = nlohmann::ordered_json;

namespace {

constexpr std::size_t kModfEntrySize = 64; // SMMapObjDef, as in WDT and ADT

const WdlChunk* findChunk(const Wdl& wdl, FourCC id) {
    const auto it = std::find_if(wdl.beforeMaof.begin(), wdl.beforeMaof.end(),
                                 [id](const WdlChunk& c) { return c.id == id; });
    return it == wdl.beforeMaof.end() ? nullptr : &*it;
}

// The NUL-separated names of an MWMO payload (empty names skipped).
Json wmoNames(const WdlChunk& mwmo) {
    Json names = Json::array();
    std::string current;
    for (const std::byte b : mwmo.data) {
        if (b == std::byte{0}) {
            if (!current.empty()) {
                names.push_back(current);
            }
            current.clear();
        } else {
            current.push_back(char(b));
        }
    }
    if (!current.empty()) {
        names.push_back(current);
    }
    return names;
}

// FNV-1a (64-bit) of the heights as MARE stores them (little-endian int16).
std::uint64_t heightHash(const WdlTile& t) {
    std::uint64_t h = 0xcbf29ce484222325ULL;
    const auto mix = [&h](std::int16_t v) {
        const auto u = std::uint16_t(v);
        for (const std::uint8_t b : {std::uint8_t(u & 0xFF), std::uint8_t(u >> 8)}) {
            h ^= b;
            h *= 0x100000001b3ULL;
        }
    };
    std::for_each(t.outer.begin(), t.outer.end(), mix);
    std::for_each(t.inner.begin(), t.inner.end(), mix);
    return h;
}

} // namespace

Json summarizeWdl(const Wdl& wdl, std::span<const std::byte> file) {
    Json j;
    j["version"] = wdl.version;
    j["entries"] = wdl.tiles.size();
    j["entriesWithHoles"] = std::count_if(wdl.tiles.begin(), wdl.tiles.end(),
                                          [](const auto& e) { return e.second.holes.has_value(); });
    if (!wdl.tiles.empty()) {
        int lo = 32767;
        int hi = -32768;
        for (const auto& [index, t] : wdl.tiles) {
            lo = std::min<int>(lo, t.minHeight());
            hi = std::max<int>(hi, t.maxHeight());
        }
        j["minHeight"] = lo;
        j["maxHeight"] = hi;
    }
    if (const WdlChunk* mwmo = findChunk(wdl, chunk::MWMO)) {
        j["wmos"] = wmoNames(*mwmo);
    }
    if (const WdlChunk* modf = findChunk(wdl, chunk::MODF)) {
        j["wmoPlacements"] = modf->data.size() / kModfEntrySize;
    }
    Json chunks = Json::array();
    ByteReader r(file);
    while (r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        if (id != chunk::MARE && id != chunk::MAHO) {
            chunks.push_back({{"id", id.str()}, {"offset", at}, {"size", size}});
        }
        if (!r.skip(size)) {
            break;
        }
    }
    j["chunks"] = std::move(chunks);
    return j;
}

Json dumpWdl(const Wdl& wdl) {
    Json j;
    j["version"] = wdl.version;
    Json kept = Json::array();
    for (const WdlChunk& c : wdl.beforeMaof) {
        kept.push_back({{"id", c.id.str()}, {"size", c.data.size()}, {"where", "before MAOF"}});
    }
    for (const WdlChunk& c : wdl.afterMaof) {
        kept.push_back({{"id", c.id.str()}, {"size", c.data.size()}, {"afterTile", c.afterTile}});
    }
    j["chunks"] = std::move(kept);
    Json tiles = Json::array();
    for (const auto& [index, t] : wdl.tiles) {
        Json e;
        e["x"] = index % kWdlTilesPerSide;
        e["y"] = index / kWdlTilesPerSide;
        e["minHeight"] = t.minHeight();
        e["maxHeight"] = t.maxHeight();
        e["heightHash"] = hex(heightHash(t));
        e["holes"] = t.holes ? Json(*t.holes) : Json(nullptr);
        tiles.push_back(std::move(e));
    }
    j["tiles"] = std::move(tiles);
    return j;
}

} // namespace mapsmith::io
