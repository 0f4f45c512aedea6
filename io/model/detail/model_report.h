#pragma once
// The strict/lenient policy of the model readers: io/binary's ProblemReporter, stamping the file's name.

#include "io/binary/diagnostics.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace mapsmith::io::detail {

// The shared strict/lenient policy (io/binary/diagnostics.h) with every error and warning stamped with
// the model file's name.
class ModelReport {
public:
    ModelReport(Diagnostics& diag, std::string_view file) : mReporter(diag), mFile(file) {}

    bool lenient() const { return mReporter.lenient(); }

    // Strict: keeps the first problem and returns false (stop). Lenient: records a warning, returns true.
    bool problem(ErrorCode code, FourCC chunk, std::uint64_t offset, std::string message) {
        return mReporter.problem(make(code, chunk, offset, std::move(message)));
    }
    // A problem raised through a ByteReader (its first error), stamped with the file.
    bool problem(Error e) { return problem(e.code, e.chunk, e.offset, std::move(e.message)); }
    // A problem that stops the read in both modes (returns false).
    bool fatal(Error e) { return mReporter.fatal(make(e.code, e.chunk, e.offset, std::move(e.message))); }
    // A warning in both modes (something the caller can live with, e.g. a missing optional file).
    void warn(ErrorCode code, FourCC chunk, std::uint64_t offset, std::string message) {
        mReporter.warn(make(code, chunk, offset, std::move(message)));
    }

    // An error in both modes.
    Error make(ErrorCode code, FourCC chunk, std::uint64_t offset, std::string message) const {
        return Error{code, chunk, offset, std::move(message), mFile};
    }
    // The problem that stopped a strict read.
    Error error() const {
        return mReporter.failed() ? mReporter.error() : make(ErrorCode::BadValue, FourCC{}, 0, "read failed");
    }

private:
    ProblemReporter mReporter;
    std::string mFile;
};

} // namespace mapsmith::io::detail
