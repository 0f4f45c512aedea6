// libFuzzer target for the MH2O reader and writer: any bytes read strictly and leniently without a crash,
// with errors and warnings naming MH2O inside the chunk; what reads (strictly, or leniently with the bad
// parts dropped) writes and reads back equal, and writing that again gives the same bytes.

#include "io/adt/mh2o.h"

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <span>

namespace {

using namespace mapsmith::io;

constexpr std::uint64_t kBase = 0x1000; // absolute offset of the chunk data in a pretend file

void check(bool ok) {
    if (!ok) {
        __builtin_trap();
    }
}

void checkError(const Error& e, std::size_t size) {
    check(e.chunk == chunk::MH2O);
    check(e.offset >= kBase && e.offset <= kBase + size);
    check(!e.message.empty());
}

// NaN never equals itself, so operator== only applies to models without NaN.
bool hasNan(const Mh2o& m) {
    for (const auto& c : m.chunks) {
        for (const auto& in : c.instances) {
            if (std::isnan(in.minHeight) || std::isnan(in.maxHeight)) {
                return true;
            }
            for (float h : in.heights) {
                if (std::isnan(h)) {
                    return true;
                }
            }
        }
    }
    return false;
}

std::vector<std::byte> written(const Mh2o& m) {
    ByteWriter w;
    writeMh2o(m, w);
    return w.take();
}

// Write -> strict read -> equal model and identical bytes on the second write.
void checkRoundTrip(const Mh2o& m) {
    const auto bytes = written(m);
    Diagnostics diag;
    auto back = readMh2o(ByteReader(bytes, kBase, chunk::MH2O), diag);
    check(back.hasValue());
    check(diag.warnings.empty());
    if (!hasNan(m)) {
        check(*back == m);
    }
    check(written(*back) == bytes);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);

    Diagnostics lenient{true, {}};
    auto soft = readMh2o(ByteReader(bytes, kBase, chunk::MH2O), lenient);
    for (const auto& w : lenient.warnings) {
        checkError(w, size);
    }
    // Lenient reading only fails when the 256-entry header itself is cut short or when it met more
    // problems than it goes on after (io/binary/diagnostics.h); whatever it keeps is a consistent model
    // that writes and reads back strictly.
    const bool tooManyProblems = lenient.problems > kMaxLenientProblems;
    check(soft.hasValue() == (size >= 3072 && !tooManyProblems));
    if (!soft) {
        checkError(soft.error(), size);
    } else {
        checkRoundTrip(*soft);
    }

    Diagnostics strictDiag;
    auto strict = readMh2o(ByteReader(bytes, kBase, chunk::MH2O), strictDiag);
    check(strictDiag.warnings.empty());
    if (!strict) {
        checkError(strict.error(), size);
        return 0;
    }
    // A strict success is also a lenient success without warnings, with the same model.
    check(soft.hasValue() && lenient.warnings.empty());
    if (!hasNan(*strict)) {
        check(*soft == *strict);
    }
    checkRoundTrip(*strict);
    return 0;
}
