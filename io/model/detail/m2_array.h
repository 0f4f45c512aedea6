#pragma once
// M2Array references (u32 count, u32 offset from the start of the file) shared by the M2 and skin readers:
// the elements' bytes are checked against the file (64-bit arithmetic) before anything is read.

#include "io/binary/byte_reader.h"
#include "io/model/detail/model_report.h"

#include <cstdint>
#include <span>
#include <string>

namespace mapsmith::io::detail {

struct M2ArrayRef {
    std::uint32_t count = 0;
    std::uint32_t offset = 0; // from the start of the file
    std::uint64_t at = 0;     // absolute offset of the reference itself (for errors)
};

inline M2ArrayRef readArrayRef(ByteReader& r) {
    M2ArrayRef ref;
    ref.at = r.absolute();
    ref.count = r.u32("array count");
    ref.offset = r.u32("array offset");
    return ref;
}

enum class ArrayStep { Ok, Skip, Stop };

// Sets out to a reader over the count * elemSize bytes the reference points at (chunk `tag`, absolute
// offsets). Skip: they do not fit and a lenient read goes on without them (out is empty); Stop: a strict
// read stops (report.error() names `field`, where its reference is stored and where it points).
inline ArrayStep arrayBytes(std::span<const std::byte> file, const M2ArrayRef& ref, std::uint64_t elemSize,
                            FourCC tag, const char* field, ModelReport& report, ByteReader& out) {
    out = ByteReader();
    const std::uint64_t bytes = std::uint64_t(ref.count) * elemSize; // < 2^48, no overflow
    if (ref.offset > file.size() || bytes > file.size() - ref.offset) {
        const bool go =
            report.problem(ErrorCode::SizeOutOfBounds, tag, ref.at,
                           std::string(field) + ": " + std::to_string(ref.count) + " x " +
                               std::to_string(elemSize) + " bytes at offset " + std::to_string(ref.offset) +
                               " do not fit in the file's " + std::to_string(file.size()) + " bytes");
        return go ? ArrayStep::Skip : ArrayStep::Stop;
    }
    out = ByteReader(file.subspan(std::size_t(ref.offset), std::size_t(bytes)), ref.offset, tag);
    return ArrayStep::Ok;
}

} // namespace mapsmith::io::detail
