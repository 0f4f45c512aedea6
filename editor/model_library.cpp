#include "editor/model_library.h"

#include "io/gamestudio/mdl.h"

#include <algorithm>
#include <limits>
#include <set>
#include <utility>

namespace mapsmith::editor {

namespace {

bool isMdl(const std::string& normalized) {
    return normalized.size() > 4 && normalized.compare(normalized.size() - 4, 4, ".mdl") == 0;
}

} // namespace

const ModelLibrary::Entry& ModelLibrary::entry(const std::string& name) {
    const std::string key = io::normalizeGamePath(name);
    std::lock_guard lock(mMutex);
    if (const auto it = mEntries.find(key); it != mEntries.end()) {
        return it->second;
    }
    Entry e;
    if (mSource && isMdl(key)) {
        if (auto bytes = mSource->read(name)) {
            if (auto mdl = io::readMdl(*bytes)) {
                const io::MdlTriangleList tris = io::mdlFrameTriangles(*mdl, 0);
                auto wire = std::make_shared<core::ModelWire>();
                std::map<std::array<float, 3>, std::uint32_t> index; // shared corners once
                std::set<std::pair<std::uint32_t, std::uint32_t>> edges;
                std::vector<std::uint32_t> corner(tris.positions.size());
                glm::dvec3 lo(std::numeric_limits<double>::max());
                glm::dvec3 hi(std::numeric_limits<double>::lowest());
                for (std::size_t i = 0; i < tris.positions.size(); ++i) {
                    const auto& p = tris.positions[i];
                    auto [it, added] = index.emplace(p, std::uint32_t(wire->vertices.size()));
                    if (added) {
                        const glm::dvec3 v(p[0], p[1], p[2]);
                        wire->vertices.push_back(v);
                        lo = glm::min(lo, v);
                        hi = glm::max(hi, v);
                    }
                    corner[i] = it->second;
                }
                for (std::size_t t = 0; t + 2 < corner.size(); t += 3) {
                    for (int k = 0; k < 3; ++k) {
                        std::uint32_t a = corner[t + std::size_t(k)];
                        std::uint32_t b = corner[t + std::size_t((k + 1) % 3)];
                        if (a > b) {
                            std::swap(a, b);
                        }
                        if (a != b && edges.insert({a, b}).second) {
                            wire->edges.push_back(a);
                            wire->edges.push_back(b);
                        }
                    }
                }
                if (!wire->vertices.empty()) {
                    e.wire = std::move(wire);
                    e.bounds = core::Box3{lo, hi};
                }
            }
        }
    }
    return mEntries.emplace(key, std::move(e)).first->second;
}

std::optional<core::Box3> ModelLibrary::bounds(core::ObjectKind kind, const std::string& name) {
    if (kind != core::ObjectKind::Doodad) {
        return std::nullopt;
    }
    const Entry& e = entry(name);
    return e.wire ? std::optional<core::Box3>(e.bounds) : std::nullopt;
}

std::shared_ptr<const core::ModelWire> ModelLibrary::wire(core::ObjectKind kind, const std::string& name) {
    return kind == core::ObjectKind::Doodad ? entry(name).wire : nullptr;
}

core::ObjectBoundsSettings ModelLibrary::settingsFor(std::shared_ptr<ModelLibrary> library) {
    core::ObjectBoundsSettings settings;
    settings.modelBounds = [library](core::ObjectKind kind, const std::string& name) {
        return library->bounds(kind, name);
    };
    settings.modelWire = [library](core::ObjectKind kind, const std::string& name) {
        return library->wire(kind, name);
    };
    return settings;
}

} // namespace mapsmith::editor
