#pragma once
// The strict/lenient policy of the model readers, in one place (io/binary's shared reporter will take its
// place). Strict: the first problem is the error and reading stops. Lenient: problems become warnings and the
// reader goes on where it can. Every error and warning is stamped with the file's name.

#include "io/binary/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace mapsmith::io::detail {

class ModelReport {
  public:
    ModelReport(Diagnostics& diag, std::string_view file) : mDiag(diag), mFile(file) {}

    bool lenient() const { return mDiag.lenient; }

    // Strict: keeps the first problem and returns false (stop). Lenient: records a warning, returns true.
    bool problem(ErrorCode code, FourCC chunk, std::uint64_t offset, std::string message) {
        Error e = make(code, chunk, offset, std::move(message));
        if (!mDiag.lenient) {
            if (!mError) {
                mError = std::move(e);
            }
            return false;
        }
        mDiag.warnings.push_back(std::move(e));
        return true;
    }
    // A problem raised through a ByteReader (its first error), stamped with the file.
    bool problem(Error e) {
        return problem(e.code, e.chunk, e.offset, std::move(e.message));
    }
    // A warning in both modes (something the caller can live with, e.g. a missing optional file).
    void warn(ErrorCode code, FourCC chunk, std::uint64_t offset, std::string message) {
        mDiag.warnings.push_back(make(code, chunk, offset, std::move(message)));
    }

    // An error in both modes.
    Error make(ErrorCode code, FourCC chunk, std::uint64_t offset, std::string message) const {
        return Error{code, chunk, offset, std::move(message), mFile};
    }
    // The problem that stopped a strict read.
    Error error() const { return mError ? *mError : make(ErrorCode::BadValue, FourCC{}, 0, "read failed"); }

  private:
    Diagnostics& mDiag;
    std::string mFile;
    std::optional<Error> mError;
};

} // namespace mapsmith::io::detail
