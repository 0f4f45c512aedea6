// libFuzzer target for the WDT reader, its consumer checks and the writer: any input must read (strictly
// and leniently) and be checked without a crash; what reads strictly must write back byte-identical and read
// back equal; what reads leniently must write a file that reads back equal.

#include "io/check/wdt_checks.h"
#include "io/wdt/wdt.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);

    Diagnostics lenient;
    lenient.lenient = true;
    auto soft = readWdt(bytes, lenient);
    if (soft) {
        FindingList findings;
        checkWdtModel(*soft, findings, bytes);
        for (const Finding& f : findings.findings()) {
            if (f.count == 0 || f.consumers == kNoConsumers) {
                __builtin_trap();
            }
        }
        Diagnostics again;
        again.lenient = true;
        auto back = readWdt(writeWdt(*soft), again);
        if (!back || !(*back == *soft)) {
            __builtin_trap();
        }
    }

    Diagnostics strictDiag;
    auto strict = readWdt(bytes, strictDiag);
    if (!strict) {
        if (strict.error().offset > size) {
            __builtin_trap();
        }
        return 0;
    }
    if (!strictDiag.warnings.empty() || !soft || !(*soft == *strict)) {
        __builtin_trap();
    }
    const auto written = writeWdt(*strict);
    if (written.size() != size || !std::equal(written.begin(), written.end(), bytes.begin())) {
        __builtin_trap();
    }
    auto back = readWdt(written);
    if (!back || !(*back == *strict)) {
        __builtin_trap();
    }
    return 0;
}
