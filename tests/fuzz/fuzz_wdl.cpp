// libFuzzer target for the WDL reader and writer: any input must read or fail without a crash, with an
// error offset inside the input; what reads must write a file that reads back equal, and that file must
// write back byte-identical (it is in the canonical layout).

#include "io/wdl/wdl.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);
    auto wdl = readWdl(bytes);
    if (!wdl) {
        if (wdl.error().offset > size) {
            __builtin_trap();
        }
        return 0;
    }
    const auto written = writeWdl(*wdl);
    auto back = readWdl(written);
    if (!back || !(*back == *wdl)) {
        __builtin_trap();
    }
    const auto again = writeWdl(*back);
    if (again.size() != written.size() || !std::equal(again.begin(), again.end(), written.begin())) {
        __builtin_trap();
    }
    return 0;
}
