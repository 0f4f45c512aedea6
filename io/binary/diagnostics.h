#pragma once
// What a reader does with a problem in the file. Strict (Diagnostics::lenient false): the first problem is
// the error and the read stops. Lenient: every problem becomes a warning and the read goes on where it can.

#include "io/binary/error.h"

#include <optional>
#include <utility>
#include <vector>

namespace mapsmith::io {

// The caller's choice of mode and, after the read, the warnings (lenient problems, and notes that never
// stop a read in either mode).
struct Diagnostics {
    bool lenient = false;
    std::vector<Warning> warnings;
};

// One per read: applies the caller's Diagnostics and keeps the strict-mode error. Readers stop when
// problem() returns false and return error().
class ProblemReporter {
public:
    explicit ProblemReporter(Diagnostics& diag) : mDiag(diag) {}

    bool lenient() const { return mDiag.lenient; }

    // Strict: keeps the first problem as the error and returns false (stop). Lenient: appends it to the
    // warnings and returns true (go on).
    bool problem(Error e) {
        if (!mDiag.lenient) {
            if (!mError) {
                mError = std::move(e);
            }
            return false;
        }
        mDiag.warnings.push_back(std::move(e));
        return true;
    }
    // A warning in either mode: never stops the read.
    void warn(Error e) { mDiag.warnings.push_back(std::move(e)); }

    // True once strict mode met a problem; error() is that first problem.
    bool failed() const { return mError.has_value(); }
    const Error& error() const { return *mError; }

private:
    Diagnostics& mDiag;
    std::optional<Error> mError;
};

} // namespace mapsmith::io
