#pragma once
// Typed QSettings reads for the panels' saveTo/loadFrom: a value is taken only when the key exists and
// converts cleanly; numbers are clamped to the control's range, unknown enum names are ignored, so a
// damaged or old settings file never yields an invalid setting.

#include <QSettings>
#include <QString>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <utility>

namespace mapsmith::widgets::settings_io {

// Stores `out` = the key's value clamped to [min, max] when it is a finite number.
inline bool readDouble(const QSettings& s, const QString& key, double min, double max, double& out) {
    if (!s.contains(key)) {
        return false;
    }
    bool ok = false;
    const double v = s.value(key).toDouble(&ok);
    if (!ok || !std::isfinite(v)) {
        return false;
    }
    out = std::clamp(v, min, max);
    return true;
}

inline bool readUInt32(const QSettings& s, const QString& key, std::uint32_t& out) {
    if (!s.contains(key)) {
        return false;
    }
    bool ok = false;
    const qulonglong v = s.value(key).toULongLong(&ok);
    if (!ok || v > 0xFFFFFFFFull) {
        return false;
    }
    out = std::uint32_t(v);
    return true;
}

// Accepts true/false (and what QVariant converts: 1/0, "true"/"false").
inline bool readBool(const QSettings& s, const QString& key, bool& out) {
    if (!s.contains(key)) {
        return false;
    }
    const QString text = s.value(key).toString().trimmed().toLower();
    if (text == QLatin1String("true") || text == QLatin1String("1")) {
        out = true;
    } else if (text == QLatin1String("false") || text == QLatin1String("0")) {
        out = false;
    } else {
        return false;
    }
    return true;
}

// Enums are stored by name so a reordered enum never reinterprets an old file.
template <class E, std::size_t N> using EnumNames = std::array<std::pair<E, const char*>, N>;

template <class E, std::size_t N> const char* enumName(const EnumNames<E, N>& names, E value) {
    for (const auto& [e, name] : names) {
        if (e == value) {
            return name;
        }
    }
    return names[0].second;
}

template <class E, std::size_t N>
bool readEnum(const QSettings& s, const QString& key, const EnumNames<E, N>& names, E& out) {
    if (!s.contains(key)) {
        return false;
    }
    const QString text = s.value(key).toString();
    for (const auto& [e, name] : names) {
        if (text == QLatin1String(name)) {
            out = e;
            return true;
        }
    }
    return false;
}

} // namespace mapsmith::widgets::settings_io
