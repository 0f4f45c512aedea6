// libFuzzer target for the ADT reader, the consumer checks (layout and content), the writer and the
// server map writer: any input must be read and checked without a crash; what reads strictly must write,
// pass the layout check with no error and no finding the writer fixes, and read back with the same content;
// every tile the reader gives (strict or lenient) must convert to a server .map (or be refused) without a
// crash, and a .map ends where its header's last section ends (a lenient tile for one core per input, a
// strict one for both).

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_layout.h"
#include "io/check/adt_file_checks.h"
#include "io/check/adt_model_checks.h"
#include "io/server_map/server_map.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <span>

namespace {

// Converts for the given cores; a file written must be exactly as long as its header's sections say.
void serverMaps(const mapsmith::io::Adt& adt, std::initializer_list<mapsmith::io::ServerCore> cores) {
    using namespace mapsmith::io;
    for (const auto core : cores) {
        const auto map = writeServerMap(adt, {core});
        if (!map) {
            continue;
        }
        std::uint32_t header[11] = {};
        if (map->size() < sizeof header) {
            __builtin_trap();
        }
        std::memcpy(header, map->data(), sizeof header);
        std::uint64_t end = std::uint64_t(header[5]) + header[6]; // heights follow the area section
        if (header[7] != 0) {
            end = std::uint64_t(header[7]) + header[8];
        }
        if (header[9] != 0) {
            end = std::uint64_t(header[9]) + header[10];
        }
        if (header[3] != 44 || header[5] != header[3] + header[4] || end != map->size()) {
            __builtin_trap();
        }
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    FindingList findings;
    checkAdtFileLayout(bytes, findings);
    AdtReadOptions lenient;
    lenient.lenient = true;
    if (auto soft = readAdt(bytes, lenient)) {
        checkAdtModel(soft->adt, findings, locateAdtPlaces(bytes));
        addReadProblems(soft->warnings, findings);
        // One core per input (the input's last bit chooses): a whole tile's conversion costs more than the
        // rest of a small input's checks, and both cores are still covered.
        serverMaps(soft->adt, {size > 0 && (data[size - 1] & 1) != 0 ? ServerCore::TrinityCore
                                                                     : ServerCore::AzerothCore});
    }
    for (const Finding& f : findings.findings()) {
        if (f.count == 0 || f.offsets.empty() || f.offsets.size() > kFindingOffsetsKept ||
            f.consumers == kNoConsumers) {
            __builtin_trap();
        }
    }
    auto strict = readAdt(bytes);
    if (!strict) {
        return 0;
    }
    serverMaps(strict->adt, {ServerCore::AzerothCore, ServerCore::TrinityCore});
    const auto written = writeAdt(strict->adt);
    if (!checkAdtLayout(written).empty()) {
        __builtin_trap();
    }
    // The writer's layout is canonical: only what it keeps as read may show (MCNR declared 448, MFBO
    // without its MHDR flag), never an MCIN size or offset finding.
    FindingList writtenFindings;
    checkAdtFileLayout(written, writtenFindings);
    for (const Finding& f : writtenFindings.findings()) {
        if (f.rule != "mcnr-size" && f.rule != "mfbo-flag") {
            __builtin_trap();
        }
    }
    AdtReadOptions again;
    again.bigAlpha = strict->adt.bigAlpha;
    auto back = readAdt(written, again);
    // Compared as text: NaN heights make the JSON values unequal to themselves.
    if (!back || dumpAdt(back->adt).dump() != dumpAdt(strict->adt).dump()) {
        __builtin_trap();
    }
    return 0;
}
