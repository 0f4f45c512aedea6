#include "core/models/model_bounds.h"

#include <glm/common.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace mapsmith::core {
namespace {

bool finite(const io::ModelVec3& v) {
    return std::isfinite(v[0]) && std::isfinite(v[1]) && std::isfinite(v[2]);
}

std::string lowerExtension(std::string_view name) {
    const auto dot = name.find_last_of('.');
    const auto slash = name.find_last_of("/\\");
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot < slash)) {
        return {};
    }
    std::string ext(name.substr(dot));
    std::transform(ext.begin(), ext.end(), ext.begin(),
                   [](unsigned char c) { return char(std::tolower(c)); });
    return ext;
}

} // namespace

std::optional<Box3> toBox(const io::ModelBounds& stored) {
    if (!finite(stored.min) || !finite(stored.max)) {
        return std::nullopt;
    }
    const glm::dvec3 a(stored.min[0], stored.min[1], stored.min[2]);
    const glm::dvec3 b(stored.max[0], stored.max[1], stored.max[2]);
    return Box3{glm::min(a, b), glm::max(a, b)};
}

Box3 unite(const Box3& a, const Box3& b) {
    return {glm::min(a.min, b.min), glm::max(a.max, b.max)};
}

std::optional<Box3> m2ModelBounds(const io::M2Model& m2) {
    const std::optional<Box3> drawn = toBox(m2.bounds);
    if (!drawn) {
        return std::nullopt;
    }
    const std::optional<Box3> collision = toBox(m2.collisionBounds);
    if (!collision || collision->min == collision->max) {
        return drawn;
    }
    return unite(*drawn, *collision);
}

std::optional<Box3> wmoModelBounds(const io::WmoRoot& root) {
    return toBox(root.bounds);
}

std::optional<Box3> mdxModelBounds(const io::MdxModel& mdx) {
    return toBox(mdx.bounds);
}

std::vector<std::string> modelFileCandidates(ObjectKind kind, std::string_view name) {
    std::vector<std::string> out{std::string(name)};
    if (kind != ObjectKind::Doodad) {
        return out;
    }
    const std::string ext = lowerExtension(name);
    if (ext == ".mdx" || ext == ".mdl") {
        out.push_back(std::string(name.substr(0, name.size() - ext.size())) + ".m2");
    }
    return out;
}

ObjectKind kindOfModelName(std::string_view name) {
    return lowerExtension(name) == ".wmo" ? ObjectKind::Wmo : ObjectKind::Doodad;
}

} // namespace mapsmith::core
