#include "io/model/wmo_set.h"

#include "io/model/detail/model_report.h"

#include <algorithm>
#include <cstdio>
#include <utility>

namespace mapsmith::io {

std::size_t WmoModel::loadedGroupCount() const {
    return std::size_t(
        std::count_if(groups.begin(), groups.end(), [](const auto& g) { return g.has_value(); }));
}

std::string wmoGroupFileName(std::string_view rootName, std::uint32_t group) {
    const std::size_t slash = rootName.find_last_of("/\\");
    const std::size_t dot = rootName.find_last_of('.');
    const bool hasExtension =
        dot != std::string_view::npos && (slash == std::string_view::npos || dot > slash);
    char suffix[24];
    std::snprintf(suffix, sizeof suffix, "_%03u.wmo", unsigned(group));
    return std::string(hasExtension ? rootName.substr(0, dot) : rootName) + suffix;
}

Expected<WmoModel> readWmoWithGroups(std::span<const std::byte> rootBytes, std::string_view rootName,
                                     const WmoFetch& fetch, Diagnostics& diag) {
    detail::ModelReport report(diag, rootName); // the one strict/lenient helper
    auto root = readWmoRoot(rootBytes, diag, rootName);
    if (!root) {
        return root.error();
    }
    WmoModel model;
    model.root = std::move(*root);
    std::uint32_t count = model.root.groupCount;
    if (count > kWmoMaxGroups) {
        if (!report.problem(ErrorCode::BadValue, FourCC("MOHD"), model.root.headerAt + 4,
                            "group count " + std::to_string(count) + ", the client reads at most " +
                                std::to_string(kWmoMaxGroups))) {
            return report.error();
        }
        count = kWmoMaxGroups;
    }
    for (std::uint32_t i = 0; i < count; ++i) {
        std::string name = wmoGroupFileName(rootName, i);
        std::optional<WmoGroup> group;
        auto bytes = fetch ? fetch(name) : std::nullopt;
        if (!bytes) {
            report.warn(ErrorCode::FileIo, FourCC{}, 0, "group file " + name + " is missing");
            model.missingGroups.push_back(name);
        } else if (auto g = readWmoGroup(*bytes, diag, name)) {
            group = std::move(*g);
        } else if (!diag.lenient) {
            return g.error();
        } else {
            diag.warnings.push_back(g.error());
        }
        model.groupFiles.push_back(std::move(name));
        model.groups.push_back(std::move(group));
    }
    return model;
}

} // namespace mapsmith::io
