// Names, file names and the WDT side of the extractors: which maps they read (their WDT_file checks:
// azerothcore-wotlk wdt.cpp and loadlib.cpp; TrinityCore 3.3.5 wdt.cpp, which also wants MWMO) and which
// tiles they convert (ExtractMapsFromMpq: every MAIN entry whose flags are not 0).

#include "io/server_map/server_map.h"

#include <cstdio>
#include <cstring>

namespace mapsmith::io {
namespace {

std::uint32_t u32At(std::span<const std::byte> bytes, std::size_t at) {
    std::uint32_t v = 0;
    std::memcpy(&v, bytes.data() + at, sizeof v);
    return v;
}

std::string hex(std::uint64_t v) {
    char text[24];
    std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(v));
    return text;
}

} // namespace

std::string_view serverCoreName(ServerCore core) {
    return core == ServerCore::TrinityCore ? "trinitycore" : "azerothcore";
}

std::string_view serverCoreTitle(ServerCore core) {
    return core == ServerCore::TrinityCore ? "TrinityCore" : "AzerothCore";
}

std::optional<ServerCore> parseServerCore(std::string_view name) {
    if (name == "azerothcore") {
        return ServerCore::AzerothCore;
    }
    if (name == "trinitycore") {
        return ServerCore::TrinityCore;
    }
    return std::nullopt;
}

std::uint32_t serverMapVersion(ServerCore core) {
    return core == ServerCore::TrinityCore ? server_map::kTrinityCoreVersion
                                           : server_map::kAzerothCoreVersion;
}

std::string serverMapFileName(std::uint32_t mapId, int tileX, int tileY) {
    char name[32];
    std::snprintf(name, sizeof name, "%03u%02d%02d.map", mapId, tileY, tileX);
    return name;
}

std::optional<std::string> serverExtractorSkipsWdt(std::span<const std::byte> wdtFile, ServerCore core) {
    const std::string who = std::string(serverCoreTitle(core)) + "'s extractor skips this map: ";
    // Each chunk starts where the previous one's declared size ends (64-bit sums: sizes are not trusted).
    const auto chunkAt = [&](std::uint64_t at, FourCC id, const char* after) -> std::optional<std::string> {
        if (at + 8 > wdtFile.size()) {
            return who + "the WDT ends before the " + id.str() + " chunk that must follow " + after +
                   " (at " + hex(at) + ")";
        }
        if (FourCC(u32At(wdtFile, std::size_t(at))) != id) {
            return who + "the chunk after " + after + " (at " + hex(at) + ") is " +
                   FourCC(u32At(wdtFile, std::size_t(at))).str() + ", not " + id.str();
        }
        return std::nullopt;
    };
    if (wdtFile.size() < 12 || FourCC(u32At(wdtFile, 0)) != chunk::MVER) {
        return who + "the WDT does not start with MVER";
    }
    if (u32At(wdtFile, 8) != kWdtVersion) {
        return who + "MVER is " + std::to_string(u32At(wdtFile, 8)) + ", not 18";
    }
    const std::uint64_t mphd = 8 + std::uint64_t(u32At(wdtFile, 4));
    if (auto problem = chunkAt(mphd, chunk::MPHD, "MVER")) {
        return problem;
    }
    const std::uint64_t main = mphd + 8 + u32At(wdtFile, std::size_t(mphd + 4));
    if (auto problem = chunkAt(main, chunk::MAIN, "MPHD")) {
        return problem;
    }
    const std::uint64_t mainSize = u32At(wdtFile, std::size_t(main + 4));
    if (main + 8 + std::uint64_t(kWdtTileCount) * 8 > wdtFile.size()) {
        return who + "MAIN (at " + hex(main) + ") is cut short: its 4096 entries need 32768 bytes";
    }
    if (core == ServerCore::TrinityCore) {
        if (auto problem = chunkAt(main + 8 + mainSize, chunk::MWMO, "MAIN")) {
            return *problem + " (TrinityCore 3.3.5 requires MWMO, empty on terrain maps)";
        }
    }
    return std::nullopt;
}

bool serverExtractorConvertsTile(const Wdt& wdt, int x, int y) {
    return x >= 0 && x < kWdtTilesPerSide && y >= 0 && y < kWdtTilesPerSide && wdt.tile(x, y).flags != 0;
}

} // namespace mapsmith::io
