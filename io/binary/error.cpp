#include "io/binary/error.h"

#include "io/binary/hex.h"

namespace mapsmith::io {

const char* errorCodeName(ErrorCode code) {
    switch (code) {
    case ErrorCode::Truncated:
        return "truncated";
    case ErrorCode::BadMagic:
        return "bad-magic";
    case ErrorCode::SizeOutOfBounds:
        return "size-out-of-bounds";
    case ErrorCode::CountOverflow:
        return "count-overflow";
    case ErrorCode::MissingChunk:
        return "missing-chunk";
    case ErrorCode::BadValue:
        return "bad-value";
    case ErrorCode::UnsupportedVersion:
        return "unsupported-version";
    case ErrorCode::FileIo:
        return "file-io";
    }
    return "unknown";
}

std::string Error::describe() const {
    const std::string prefix = file.empty() ? std::string() : file + ": ";
    if (code == ErrorCode::FileIo && chunk.isNull() && offset == 0) {
        return prefix + message; // a file that cannot be opened, read or written has no place inside it
    }
    const std::string name = chunk.isNull() ? std::string("file") : chunk.str();
    return prefix + name + " at " + hex(offset) + ": " + message;
}

} // namespace mapsmith::io
