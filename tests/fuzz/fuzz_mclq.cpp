// libFuzzer target for the MCLQ decoder: the first input byte chooses the MCNK liquid flags (its low four
// bits: river, ocean, magma, slime), the rest is the payload. Any input decodes or fails without a crash;
// errors name MCLQ, the map chunk and an offset inside the payload; what decodes encodes back to the same
// bytes (layers as read, then the trailing bytes), and the first layer's surface is what
// decodeMclqSurface reads.

#include "io/adt/mclq.h"

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>

namespace {

using namespace mapsmith::io;

constexpr std::uint64_t kBase = 0x2000; // absolute offset of the payload in a pretend file
constexpr int kChunk = 77;

void check(bool ok) {
    if (!ok) {
        __builtin_trap();
    }
}

void checkError(const Error& e, std::size_t size) {
    check(e.chunk == chunk::MCLQ);
    check(e.offset >= kBase && e.offset <= kBase + size);
    check(e.message.find("map chunk 77") != std::string::npos);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    if (size == 0) {
        return 0;
    }
    std::uint32_t flags = 0;
    for (std::size_t k = 0; k < kMclqKindFlags.size(); ++k) {
        if (data[0] >> k & 1) {
            flags |= kMclqKindFlags[k];
        }
    }
    const std::span<const std::byte> payload(reinterpret_cast<const std::byte*>(data + 1), size - 1);
    auto decoded = decodeMclq(payload, flags, kChunk, kBase);
    if (!decoded) {
        checkError(decoded.error(), payload.size());
    } else {
        check(decoded->layers.size() <= 4);
        check(decoded->trailingBytes <= payload.size());
        check(payload.empty() || mclqFlagsOf(*decoded) == flags);
        const auto again = encodeMclq(*decoded, payload.last(decoded->trailingBytes));
        check(again.size() == payload.size());
        check(again.empty() || std::memcmp(again.data(), payload.data(), again.size()) == 0);
    }
    auto surface = decodeMclqSurface(payload, kChunk, kBase);
    if (!surface) {
        checkError(surface.error(), payload.size());
        check(payload.size() < kMclqSurfaceSize);
    } else {
        check(payload.size() >= kMclqSurfaceSize);
        if (decoded && !decoded->layers.empty()) {
            check(std::memcmp(surface->cells.data(), decoded->layers[0].cells.data(), 64) == 0);
        }
    }
    return 0;
}
