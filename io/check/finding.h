#pragma once
// The result of the consumer checks (io/check/*_checks.h): a finding says which programs that read map
// files it matters to, how much (error: that consumer rejects or misreads the file; warning: a convention
// every consumer tolerates), where (chunk, byte offsets) and what. The same finding in many places is one
// finding with a count and the first offsets.

#include "io/binary/error.h"
#include "io/binary/fourcc.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace mapsmith::io {

// The programs that read what Mapsmith writes, as bits of a ConsumerSet.
enum class Consumer : std::uint8_t {
    Client = 0x1,      // the WotLK 3.3.5a game client (build 12340)
    AzerothCore = 0x2, // AzerothCore's map extractor (src/tools/map_extractor)
    TrinityCore = 0x4, // TrinityCore 3.3.5's map extractor (src/tools/map_extractor)
    Noggit = 0x8,      // Noggit-style editors: top-level chunks through MHDR, sub-chunks through MCNK offsets
};
using ConsumerSet = std::uint8_t;
inline constexpr ConsumerSet kNoConsumers = 0;
inline constexpr ConsumerSet kAllConsumers = 0xF;
inline constexpr ConsumerSet bit(Consumer c) {
    return ConsumerSet(c);
}
inline constexpr ConsumerSet kExtractors = bit(Consumer::AzerothCore) | bit(Consumer::TrinityCore);
inline constexpr Consumer kConsumers[] = {Consumer::Client, Consumer::AzerothCore, Consumer::TrinityCore,
                                          Consumer::Noggit};

std::string_view consumerId(Consumer c);   // "client", "azerothcore", "trinitycore", "noggit"
std::string_view consumerName(Consumer c); // "3.3.5 client", "AzerothCore extractor", ...
std::vector<std::string> consumerIds(ConsumerSet set);
// "the 3.3.5 client, the TrinityCore extractor" (every consumer of the set, in kConsumers order).
std::string describeConsumers(ConsumerSet set);
// A comma-separated list of consumer ids ("client,trinitycore"); nullopt with `bad` set to the first
// unknown name. "all" stands for every consumer.
std::optional<ConsumerSet> parseConsumers(std::string_view list, std::string* bad = nullptr);

enum class Severity : std::uint8_t {
    Error,   // the consumers named reject the file or read it wrong
    Warning, // a convention every consumer tolerates; worth knowing, never a reason to refuse a file
};
const char* severityName(Severity s); // "error", "warning"

inline constexpr std::size_t kFindingOffsetsKept = 5; // places kept per finding; `count` has them all

struct Finding {
    std::string rule; // stable id of the check, e.g. "mcin-sizes" (README lists them)
    Severity severity = Severity::Error;
    ConsumerSet consumers = kNoConsumers;
    FourCC chunk;                         // the chunk the places are in
    std::vector<std::uint64_t> offsets;   // absolute byte offsets of the first places, in the order found
    std::uint64_t count = 0;              // every place
    std::string message;                  // one sentence, the same for every place
    std::string file;                     // the file of a set ("tex0", a path); empty for one-file formats
    ErrorCode code = ErrorCode::BadValue; // the reader's code for rule "read"; BadValue otherwise
};

// Collects findings, merging the places of one finding (same rule, severity, consumers, chunk, message and
// file) into one entry. Keeps every place in a set so that covers() can answer for all of them.
class FindingList {
public:
    void add(std::string_view rule, Severity severity, ConsumerSet consumers, FourCC chunk,
             std::uint64_t offset, std::string message, std::string file = {},
             ErrorCode code = ErrorCode::BadValue);
    void append(const std::vector<Finding>& findings);
    // Whether some finding already names this place (readers' problems at a checked place are not
    // reported twice).
    bool covers(FourCC chunk, std::uint64_t offset) const;
    const std::vector<Finding>& findings() const { return mFindings; }
    std::vector<Finding> take() { return std::move(mFindings); }

private:
    std::vector<Finding> mFindings;
    std::set<std::pair<std::uint32_t, std::uint64_t>> mPlaces; // (chunk, offset) of every place added
};

// A reader's problems (lenient reads of a damaged file) as findings: errors for every consumer (what
// Mapsmith cannot read, a consumer reading the same bytes cannot either), rule "read". A problem at a
// place `list` already covers is left out.
void addReadProblems(const std::vector<Error>& problems, FindingList& list);

bool hasErrors(const std::vector<Finding>& findings);
// The findings that matter to a consumer of `set`, each with its consumers narrowed to `set`.
std::vector<Finding> forConsumers(const std::vector<Finding>& findings, ConsumerSet set);
// The first place of a finding as an Error (code BadValue), for callers that list problems.
Error toError(const Finding& f);

} // namespace mapsmith::io
