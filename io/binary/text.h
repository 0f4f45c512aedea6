#pragma once
// Small text helpers for file names and text formats (md5translate.trs, game paths): ASCII only, so the
// result never depends on the process locale.

#include <string>
#include <string_view>

namespace mapsmith::io {

// `s` with A-Z turned into a-z; every other byte unchanged.
inline std::string asciiLower(std::string_view s) {
    std::string out(s);
    for (char& c : out) {
        if (c >= 'A' && c <= 'Z') {
            c = char(c - 'A' + 'a');
        }
    }
    return out;
}

// `s` without leading spaces/tabs and trailing spaces/tabs/carriage returns.
inline std::string_view trimBlanks(std::string_view s) {
    while (!s.empty() && (s.back() == '\r' || s.back() == ' ' || s.back() == '\t')) {
        s.remove_suffix(1);
    }
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) {
        s.remove_prefix(1);
    }
    return s;
}

} // namespace mapsmith::io
