#include "core/convert/placement_csv.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <optional>
#include <string>

namespace mapsmith::core {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) {
        s.remove_prefix(1);
    }
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) {
        s.remove_suffix(1);
    }
    return s;
}

// The fields of one line; nullopt when a quoted field is not closed.
std::optional<std::vector<std::string>> splitFields(std::string_view line) {
    std::vector<std::string> fields;
    std::size_t i = 0;
    while (true) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) {
            ++i;
        }
        std::string field;
        if (i < line.size() && line[i] == '"') {
            ++i;
            bool closed = false;
            while (i < line.size()) {
                if (line[i] == '"') {
                    if (i + 1 < line.size() && line[i + 1] == '"') {
                        field += '"';
                        i += 2;
                        continue;
                    }
                    ++i;
                    closed = true;
                    break;
                }
                field += line[i++];
            }
            if (!closed) {
                return std::nullopt;
            }
            const std::size_t comma = line.find(',', i);
            if (!trim(line.substr(i, comma == std::string_view::npos ? std::string_view::npos : comma - i))
                     .empty()) {
                return std::nullopt; // text after the closing quote
            }
            i = comma;
        } else {
            const std::size_t comma = line.find(',', i);
            field = std::string(
                trim(line.substr(i, comma == std::string_view::npos ? std::string_view::npos : comma - i)));
            i = comma;
        }
        fields.push_back(std::move(field));
        if (i == std::string_view::npos) {
            return fields;
        }
        ++i; // past the comma
    }
}

std::optional<double> number(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.front() == '+') {
        s.remove_prefix(1);
    }
    double v = 0.0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

CoreError lineError(int line, const std::string& what) {
    return CoreError(CoreError::Code::Refused, "line " + std::to_string(line) + ": " + what);
}

} // namespace

Expected<std::vector<PlacementRequest>> parsePlacementCsv(std::string_view text) {
    std::vector<PlacementRequest> out;
    int lineNumber = 0;
    bool firstData = true;
    std::size_t pos = 0;
    static const char* kNames[] = {"model", "x", "y", "z", "heading", "scale"};
    while (pos <= text.size()) {
        std::size_t end = text.find('\n', pos);
        if (end == std::string_view::npos) {
            end = text.size();
        }
        std::string_view line = text.substr(pos, end - pos);
        pos = end + 1;
        ++lineNumber;
        if (!line.empty() && line.back() == '\r') {
            line.remove_suffix(1);
        }
        if (lineNumber == 1 && line.size() >= 3 && line.substr(0, 3) == "\xEF\xBB\xBF") {
            line.remove_prefix(3); // a UTF-8 byte order mark
        }
        const std::string_view content = trim(line);
        if (content.empty() || content.front() == '#') {
            if (end == text.size()) {
                break;
            }
            continue;
        }
        const auto fields = splitFields(line);
        if (!fields) {
            return lineError(lineNumber, "a quoted field is not closed");
        }
        const bool header = firstData && fields->size() >= 2 && !number((*fields)[1]);
        firstData = false;
        if (header) {
            continue;
        }
        if (fields->size() < 3) {
            return lineError(lineNumber, "expected model, x, y[, z, heading, scale]");
        }
        if (fields->size() > 6) {
            return lineError(lineNumber, "more than six fields (model, x, y, z, heading, scale)");
        }
        PlacementRequest r;
        r.line = lineNumber;
        r.model = (*fields)[0];
        if (r.model.empty()) {
            return lineError(lineNumber, "no model");
        }
        std::optional<double> values[6];
        for (std::size_t f = 1; f < fields->size(); ++f) {
            if ((*fields)[f].empty()) {
                if (f <= 2) {
                    return lineError(lineNumber, std::string(kNames[f]) + " is empty");
                }
                continue; // z: on the ground; heading 0; scale 1
            }
            values[f] = number((*fields)[f]);
            if (!values[f]) {
                return lineError(lineNumber,
                                 std::string(kNames[f]) + " \"" + (*fields)[f] + "\" is not a number");
            }
        }
        r.world = {*values[1], *values[2]};
        r.z = values[3];
        r.heading = values[4].value_or(0.0);
        r.scale = values[5].value_or(1.0);
        out.push_back(std::move(r));
        if (end == text.size()) {
            break;
        }
    }
    return out;
}

} // namespace mapsmith::core
