#pragma once
// What a reader does with a problem in the file. Strict (Diagnostics::lenient false): the first problem is
// the error and the read stops. Lenient: every problem becomes a warning and the read goes on where it can,
// up to a bound: the first kMaxListedProblems are listed, the next ones are only counted (one last warning
// "... and N more problems"), and problem kMaxLenientProblems + 1 stops the read as strict mode would, so
// garbage costs bounded time and memory in either mode.

#include "io/binary/error.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace mapsmith::io {

inline constexpr std::uint64_t kMaxListedProblems = 100;    // listed one by one
inline constexpr std::uint64_t kMaxLenientProblems = 10000; // counted; one more stops the read

// The caller's choice of mode and, after the read, the warnings (lenient problems, and notes that never
// stop a read in either mode).
struct Diagnostics {
    bool lenient = false;
    std::vector<Warning> warnings;
    std::uint64_t problems = 0;                // lenient problems met, listed or not
    std::optional<std::size_t> moreProblemsAt; // index in warnings of the "... and N more" line
};

// One per read (several may share one Diagnostics): applies the caller's Diagnostics and keeps the
// strict-mode error. Readers stop when problem() returns false and return error().
class ProblemReporter {
public:
    explicit ProblemReporter(Diagnostics& diag) : mDiag(diag) {}

    bool lenient() const { return mDiag.lenient; }

    // Strict: keeps the first problem as the error and returns false (stop). Lenient: appends it to the
    // warnings (past kMaxListedProblems: counts it in the "... and N more" line) and returns true (go on);
    // past kMaxLenientProblems it is the error and the read stops.
    bool problem(Error e) {
        if (!mDiag.lenient) {
            if (!mError) {
                mError = std::move(e);
            }
            return false;
        }
        ++mDiag.problems;
        if (mDiag.problems > kMaxLenientProblems) {
            if (!mError) {
                e.message = "too many problems (" + std::to_string(kMaxLenientProblems) +
                            "), the read stops at this one: " + e.message;
                mError = std::move(e);
            }
            return false;
        }
        if (mDiag.problems <= kMaxListedProblems) {
            mDiag.warnings.push_back(std::move(e));
            return true;
        }
        const std::uint64_t more = mDiag.problems - kMaxListedProblems;
        if (!mDiag.moreProblemsAt) {
            mDiag.moreProblemsAt = mDiag.warnings.size();
            mDiag.warnings.push_back(std::move(e)); // the first unlisted one gives the place
        }
        if (*mDiag.moreProblemsAt < mDiag.warnings.size()) {
            mDiag.warnings[*mDiag.moreProblemsAt].message = "... and " + std::to_string(more) +
                                                            " more problem" + (more == 1 ? "" : "s") +
                                                            " (not listed; the first of them is here)";
        }
        return true;
    }
    // A problem that ends the read in either mode (nothing after it can be read): kept as the error.
    bool fatal(Error e) {
        if (!mError) {
            mError = std::move(e);
        }
        return false;
    }
    // A warning in either mode: never stops the read.
    void warn(Error e) { mDiag.warnings.push_back(std::move(e)); }

    // True once strict mode met a problem (or lenient mode too many); error() is that problem.
    bool failed() const { return mError.has_value(); }
    const Error& error() const { return *mError; }

private:
    Diagnostics& mDiag;
    std::optional<Error> mError;
};

} // namespace mapsmith::io
