// libFuzzer target for placement lists (core/convert/placement_csv.h, plain C++): any text parses or is
// refused without a crash; an error names a line that exists; every request has a model, finite numbers and
// a line number that exists, in increasing order.

#include "core/convert/placement_csv.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::core;
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::size_t lines = 1;
    for (char c : text) {
        lines += c == '\n' ? 1 : 0;
    }
    const auto list = parsePlacementCsv(text);
    if (!list) {
        if (list.error().code != CoreError::Code::Refused || list.error().message.rfind("line ", 0) != 0) {
            __builtin_trap();
        }
        return 0;
    }
    int previous = 0;
    for (const PlacementRequest& r : *list) {
        if (r.model.empty() || r.line <= previous || std::size_t(r.line) > lines ||
            !std::isfinite(r.world.x) || !std::isfinite(r.world.y) || (r.z && !std::isfinite(*r.z)) ||
            !std::isfinite(r.heading) || !std::isfinite(r.scale)) {
            __builtin_trap();
        }
        previous = r.line;
    }
    return 0;
}
