// libFuzzer target for the split ADT reader: the input is root, tex0 and obj0 back to back, cut where the
// second and third MVER chunk start (seeds: tests/fuzz/seeds/adt_split, written by io_test_adt_split).
// Any input reads without a crash, strictly and leniently; what reads writes back as a split set and as
// v18, and the split set read again has the same dump.

#include "io/adt/adt.h"
#include "io/adt/adt_dump.h"
#include "io/adt/adt_split.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

namespace {

// Offsets where a chunk header "MVER" with size 4 starts (bytes "REVM", 04 00 00 00).
std::vector<std::size_t> mverStarts(const std::uint8_t* data, std::size_t size) {
    static const std::uint8_t kMver[8] = {'R', 'E', 'V', 'M', 4, 0, 0, 0};
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i + 8 <= size && out.size() < 3; ++i) {
        // The first byte alone first: a memcmp call per position costs more than the readers on 30 KB.
        if (data[i] == kMver[0] && std::memcmp(data + i, kMver, 8) == 0) {
            out.push_back(i);
        }
    }
    return out;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const auto starts = mverStarts(data, size);
    const std::size_t cut1 = starts.size() > 1 ? starts[1] : size;
    const std::size_t cut2 = starts.size() > 2 ? starts[2] : size;
    const auto* bytes = reinterpret_cast<const std::byte*>(data);
    SplitAdtFiles files;
    files.root.assign(bytes, bytes + cut1);
    files.tex0.assign(bytes + cut1, bytes + cut2);
    files.obj0.assign(bytes + cut2, bytes + size);

    AdtReadOptions lenient;
    lenient.lenient = true;
    (void)readSplitAdt(files, lenient);
    auto read = readSplitAdt(files);
    if (!read) {
        return 0;
    }
    const auto v18 = writeAdt(read->adt);
    AdtReadOptions depth;
    depth.bigAlpha = read->adt.bigAlpha;
    if (!readAdt(v18, depth)) {
        __builtin_trap();
    }
    const SplitAdtFiles written = writeSplitAdt(read->adt);
    auto back = readSplitAdt(written, depth);
    if (!back || dumpAdt(back->adt).dump() != dumpAdt(read->adt).dump()) {
        __builtin_trap();
    }
    return 0;
}
