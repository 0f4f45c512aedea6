#pragma once
// Typed errors for every reader: what went wrong, in which chunk, at which byte offset of the file.

#include "io/binary/fourcc.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>

namespace mapsmith::io {

enum class ErrorCode {
    Truncated,          // fewer bytes left than the structure needs
    BadMagic,           // a FourCC other than the one required here
    SizeOutOfBounds,    // a size or offset field points past its container
    CountOverflow,      // a count times an element size does not fit
    MissingChunk,       // a chunk the format requires is absent
    BadValue,           // a field holds a value the format does not allow
    UnsupportedVersion, // MVER is not 18
    FileIo,             // the file could not be opened, read or written
};

const char* errorCodeName(ErrorCode code);

struct Error {
    Error() = default;
    Error(ErrorCode c, FourCC ch, std::uint64_t at, std::string text, std::string inFile = {})
        : code(c), chunk(ch), offset(at), message(std::move(text)), file(std::move(inFile)) {}

    ErrorCode code = ErrorCode::BadValue;
    FourCC chunk;             // the chunk being read; FourCC{} when none
    std::uint64_t offset = 0; // absolute byte offset in the file
    std::string message;      // one sentence, no trailing period needed
    std::string file;         // which file of a set (split ADT parts: "tex0", or a path); empty otherwise

    // "MCNK at 0x1234: <message>", prefixed "<file>: " when file is set — what tools print. File errors
    // without a place (FileIo, no chunk, offset 0) are the message alone.
    std::string describe() const;

    bool operator==(const Error&) const = default;
};

using Warning = Error;

// A value or the error that prevented it (C++20 stand-in for std::expected). Never ignored: a caller
// that has nothing to do with a failure says so with (void) and a comment. E: core has its own error type.
template <class T, class E = Error> class [[nodiscard]] Expected {
public:
    Expected(T value) : mState(std::in_place_index<0>, std::move(value)) {}
    Expected(E error) : mState(std::in_place_index<1>, std::move(error)) {}

    bool hasValue() const { return mState.index() == 0; }
    explicit operator bool() const { return hasValue(); }

    T& value() & { return std::get<0>(mState); }
    const T& value() const& { return std::get<0>(mState); }
    T&& value() && { return std::get<0>(std::move(mState)); }
    T* operator->() { return &value(); }
    const T* operator->() const { return &value(); }
    T& operator*() & { return value(); }
    const T& operator*() const& { return value(); }

    const E& error() const { return std::get<1>(mState); }

private:
    std::variant<T, E> mState;
};

// Success, or the error that prevented it: `return {};` succeeds.
template <class E> class [[nodiscard]] Expected<void, E> {
public:
    Expected() = default;
    Expected(E error) : mError(std::move(error)) {}

    bool hasValue() const { return !mError.has_value(); }
    explicit operator bool() const { return hasValue(); }

    const E& error() const { return *mError; }

private:
    std::optional<E> mError;
};

} // namespace mapsmith::io
