// libFuzzer target for the ADT reader, the layout checker and the writer: any input must be read without
// a crash; what reads strictly must write, pass the layout check and read back with the same content.

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_layout.h"

#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    (void)checkAdtLayout(bytes);
    AdtReadOptions lenient;
    lenient.lenient = true;
    (void)readAdt(bytes, lenient);
    auto strict = readAdt(bytes);
    if (!strict) {
        return 0;
    }
    const auto written = writeAdt(strict->adt);
    if (!checkAdtLayout(written).empty()) {
        __builtin_trap();
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
