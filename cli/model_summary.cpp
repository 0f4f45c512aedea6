#include "cli/model_summary.h"

#include <charconv>
#include <cstdlib>

namespace mapsmith::cli {

Summariser summariserFor(io::FileKind kind) {
    switch (kind) {
    case io::FileKind::M2:
        return summariseM2;
    case io::FileKind::M2Skin:
        return summariseSkin;
    case io::FileKind::WmoRoot:
        return summariseWmo;
    case io::FileKind::WmoGroup:
        return summariseWmoGroup;
    case io::FileKind::Mdx:
        return summariseMdx;
    case io::FileKind::Mdl:
        return summariseMdl;
    case io::FileKind::Hmp:
        return summariseHmp;
    case io::FileKind::Blp:
        return summariseBlp;
    case io::FileKind::Wmb:
        return summariseWmb;
    case io::FileKind::Unknown:
    case io::FileKind::Adt:
    case io::FileKind::Wdt:
    case io::FileKind::Wdl:
    case io::FileKind::M2Chunked:
        break;
    }
    return nullptr;
}

double tidy(float v) {
    char text[32] = {};
    const auto [end, ec] = std::to_chars(text, text + sizeof text - 1, v);
    if (ec != std::errc()) {
        return double(v);
    }
    *end = '\0';
    return std::strtod(text, nullptr); // nan and inf come back as themselves (JSON null)
}

Json vecJson(const io::ModelVec3& v) {
    return Json::array({tidy(v[0]), tidy(v[1]), tidy(v[2])});
}

Json boundsJson(const io::ModelBounds& b) {
    return Json{{"min", vecJson(b.min)}, {"max", vecJson(b.max)}};
}

Json stringsJson(const std::vector<std::string>& strings) {
    Json list = Json::array();
    for (const auto& s : strings) {
        list.push_back(s);
    }
    return list;
}

QString vecText(const io::ModelVec3& v) {
    return QStringLiteral("(%1, %2, %3)")
        .arg(double(v[0]), 0, 'f', 3)
        .arg(double(v[1]), 0, 'f', 3)
        .arg(double(v[2]), 0, 'f', 3);
}

QString boundsText(const io::ModelBounds& b) {
    return vecText(b.min) + QStringLiteral(" .. ") + vecText(b.max);
}

QString inQuotes(const std::string& s) {
    return QLatin1Char('"') + QString::fromStdString(s) + QLatin1Char('"');
}

QString listText(const std::vector<std::string>& items, std::size_t shown) {
    QStringList parts;
    for (std::size_t i = 0; i < items.size() && i < shown; ++i) {
        parts << QString::fromStdString(items[i]);
    }
    if (items.size() > shown) {
        parts << QStringLiteral("and %1 more").arg(items.size() - shown);
    }
    return parts.join(QStringLiteral(", "));
}

} // namespace mapsmith::cli
