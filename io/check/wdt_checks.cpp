// Sources (read to learn the rules, nothing copied): AzerothCore's map extractor wdt.cpp
// (azerothcore/azerothcore-wotlk src/tools/map_extractor/wdt.cpp at 10eb9087): MPHD at MVER + its size + 8
// and MAIN right after MPHD, each checked by id. TrinityCore 3.3.5's (TrinityCore/TrinityCore
// src/tools/map_extractor/wdt.cpp at b6214ceb, WDT_file::prepareLoadedData): the same, then MWMO right after
// MAIN, also required; its ExtractMapsFromMpq skips a map whose WDT fails that without a message.

#include "io/check/wdt_checks.h"

#include "io/binary/byte_reader.h"

#include <string>
#include <vector>

namespace mapsmith::io {
namespace {

constexpr ConsumerSet E = kExtractors;
constexpr ConsumerSet T = bit(Consumer::TrinityCore);

struct Place {
    FourCC id;
    std::uint64_t offset = 0; // of the chunk header
    std::uint64_t end = 0;    // just past the chunk
};

// The top-level chunks of the file, in order (stops at a size past the end).
std::vector<Place> walk(std::span<const std::byte> file) {
    std::vector<Place> out;
    ByteReader r(file);
    while (r.remaining() >= 8) {
        const std::uint64_t at = r.position();
        const FourCC id = r.fourcc();
        const std::uint32_t size = r.u32();
        if (size > r.remaining()) {
            break;
        }
        r.skip(size);
        out.push_back({id, at, r.position()});
    }
    return out;
}

// Where the writer puts MWMO: after MVER (12 bytes), MPHD (40) and MAIN (32776).
constexpr std::uint64_t kCanonicalMwmoAt = 12 + 40 + 32776;

} // namespace

void checkWdtModel(const Wdt& wdt, FindingList& out, std::span<const std::byte> file) {
    const std::vector<Place> places = walk(file);
    auto placeOf = [&](FourCC id, std::size_t nth) -> std::uint64_t {
        for (const Place& p : places) {
            if (p.id == id && nth-- == 0) {
                return p.offset;
            }
        }
        return 0;
    };
    if (!wdt.wmoName) {
        // MWMO belongs right after MAIN.
        std::uint64_t at = kCanonicalMwmoAt;
        for (const Place& p : places) {
            if (p.id == chunk::MAIN) {
                at = p.end;
                break;
            }
        }
        out.add("wdt-mwmo", Severity::Error, T, chunk::MWMO, at,
                "no MWMO chunk after MAIN: TrinityCore 3.3.5's extractor rejects the WDT and skips the whole "
                "map");
    }
    // Unknown chunks stand where the writer puts them: after the known chunk they followed.
    for (std::size_t k = 0; k < wdt.unknown.size(); ++k) {
        const WdtRawChunk& raw = wdt.unknown[k];
        std::size_t same = 0; // earlier unknown chunks of this id: which occurrence in the file it is
        for (std::size_t j = 0; j < k; ++j) {
            same += wdt.unknown[j].id == raw.id ? 1 : 0;
        }
        const std::uint64_t place = placeOf(raw.id, same);
        if (raw.after.isNull() || raw.after == chunk::MVER) {
            out.add("wdt-order", Severity::Error, E, raw.id, place,
                    "a chunk between MVER and MPHD: the extractors read it as MPHD and reject the WDT");
        } else if (raw.after == chunk::MPHD) {
            out.add("wdt-order", Severity::Error, E, raw.id, place,
                    "a chunk between MPHD and MAIN: the extractors read it as MAIN and reject the WDT");
        } else if (raw.after == chunk::MAIN && wdt.wmoName) {
            out.add("wdt-order", Severity::Error, T, raw.id, place,
                    "a chunk between MAIN and MWMO: TrinityCore 3.3.5's extractor reads it as MWMO and skips "
                    "the whole map");
        }
    }
}

} // namespace mapsmith::io
