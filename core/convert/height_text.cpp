#include "core/convert/height_text.h"

#include <charconv>
#include <cmath>

namespace mapsmith::core {

QString heightText(double v) {
    char buf[400];
    const float f = float(v);
    const auto r = double(f) == v ? std::to_chars(buf, buf + sizeof buf, f, std::chars_format::fixed)
                                  : std::to_chars(buf, buf + sizeof buf, v, std::chars_format::fixed);
    return QString::fromLatin1(buf, int(r.ptr - buf));
}

std::optional<double> parseHeight(const QString& text) {
    bool ok = false;
    const double v = text.trimmed().toDouble(&ok);
    return ok && std::isfinite(v) ? std::optional<double>(v) : std::nullopt;
}

double printedHeight(double v) {
    return parseHeight(heightText(v)).value_or(v);
}

} // namespace mapsmith::core
