#include "core/models/model_library.h"

#include "core/models/model_bounds.h"
#include "io/binary/file_kind.h"
#include "io/gamestudio/mdl.h"
#include "io/model/m2.h"
#include "io/model/mdx.h"
#include "io/model/skin.h"
#include "io/model/wmo.h"
#include "io/model/wmo_set.h"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <set>
#include <utility>

namespace mapsmith::core {

namespace {

std::string firstProblem(const io::Error& e, const std::string& file) {
    io::Error named = e;
    if (named.file.empty()) {
        named.file = file;
    }
    return named.describe();
}

// Frame 0 of an MDL as a wire (each edge once) and its box; model units count as yards at scale 1.0.
void fillFromMdl(const io::Mdl& mdl, ModelInfo& info) {
    const io::MdlTriangleList tris = io::mdlFrameTriangles(mdl, 0);
    auto wire = std::make_shared<ModelWire>();
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
    if (wire->vertices.empty()) {
        info.problem = info.file + ": the model has no vertices";
        return;
    }
    info.wire = std::move(wire);
    info.bounds = Box3{lo, hi};
}

// Reads the model's bounds from its bytes, decided by content. Lenient reads: a damaged part the
// bounds do not come from costs nothing.
void fillFrom(const std::vector<std::byte>& bytes, ObjectKind kind, ModelInfo& info) {
    io::Diagnostics diag;
    diag.lenient = true;
    const io::FileKind fileKind = io::sniffFileKind(bytes, info.file);
    if (kind == ObjectKind::Wmo) {
        if (fileKind != io::FileKind::WmoRoot) {
            info.problem = info.file + ": not a WMO root file (" + io::fileKindName(fileKind) + ")";
            return;
        }
        auto root = io::readWmoRoot(bytes, diag, info.file);
        if (!root) {
            info.problem = firstProblem(root.error(), info.file);
            return;
        }
        info.format = ModelFormat::Wmo;
        info.bounds = wmoModelBounds(*root);
    } else if (fileKind == io::FileKind::M2) {
        auto m2 = io::readM2(bytes, diag, info.file);
        if (!m2) {
            info.problem = firstProblem(m2.error(), info.file);
            return;
        }
        info.format = ModelFormat::M2;
        info.bounds = m2ModelBounds(*m2);
    } else if (fileKind == io::FileKind::Mdx) {
        auto mdx = io::readMdx(bytes, diag, info.file);
        if (!mdx) {
            info.problem = firstProblem(mdx.error(), info.file);
            return;
        }
        info.format = ModelFormat::Mdx;
        info.bounds = mdxModelBounds(*mdx);
    } else if (fileKind == io::FileKind::Mdl) {
        auto mdl = io::readMdl(bytes);
        if (!mdl) {
            info.problem = firstProblem(mdl.error(), info.file);
            return;
        }
        info.format = ModelFormat::GamestudioMdl;
        fillFromMdl(*mdl, info);
        return;
    } else if (fileKind == io::FileKind::M2Chunked) {
        info.problem = info.file + ": a chunked (Legion or later) M2, which WotLK cannot load";
        return;
    } else {
        info.problem = info.file + ": not a model file Mapsmith reads (M2, MDX, Gamestudio MDL) but " +
                       (fileKind == io::FileKind::Unknown ? std::string("unknown content")
                                                          : std::string("a ") + io::fileKindName(fileKind));
        return;
    }
    if (!info.bounds) {
        info.problem = info.file + ": its bounding box is not finite";
    }
}

// Frame 0 of an MDL as a mesh: its triangle list as it is (3 corners each, no shared vertices).
ModelMesh mdlMesh(const io::Mdl& mdl) {
    const io::MdlTriangleList tris = io::mdlFrameTriangles(mdl, 0);
    ModelMesh mesh;
    for (std::size_t i = 0; i < tris.positions.size(); ++i) {
        mesh.positions.push_back({tris.positions[i][0], tris.positions[i][1], tris.positions[i][2]});
        mesh.normals.push_back(i < tris.normals.size()
                                   ? glm::vec3(tris.normals[i][0], tris.normals[i][1], tris.normals[i][2])
                                   : glm::vec3(0, 0, 1));
        mesh.uvs.push_back(i < tris.uvs.size() ? glm::vec2(tris.uvs[i][0], tris.uvs[i][1]) : glm::vec2(0.0f));
        mesh.indices.push_back(std::uint32_t(i));
    }
    // Two-sided: the frame's triangles wind clockwise seen from outside (the corpus models enclose a
    // negative volume, their normals point inwards), so a one-sided draw would show the far side only.
    ModelMaterial material;
    material.twoSided = true;
    mesh.materials.push_back(material);
    mesh.batches.push_back({0, std::uint32_t(mesh.indices.size() - mesh.indices.size() % 3), 0});
    mesh.bounds = boundsOfPositions(mesh.positions);
    return mesh;
}

std::string keyOf(ObjectKind kind, const std::string& name) {
    return (kind == ObjectKind::Doodad ? "d:" : "w:") + io::normalizeGamePath(name);
}

} // namespace

std::shared_ptr<const ModelInfo> ModelLibrary::load(ObjectKind kind, const std::string& name) const {
    auto info = std::make_shared<ModelInfo>();
    if (!mSource) {
        info->problem = "no game data to read " + name + " from";
        return info;
    }
    const std::vector<std::string> candidates = modelFileCandidates(kind, name);
    for (const std::string& candidate : candidates) {
        if (!mSource->exists(candidate)) {
            continue;
        }
        info->file = candidate;
        auto bytes = mSource->read(candidate);
        if (!bytes) {
            info->problem = bytes.error().describe();
            return info;
        }
        fillFrom(*bytes, kind, *info);
        return info;
    }
    info->problem = "not found in the game data: " + candidates.front();
    for (std::size_t i = 1; i < candidates.size(); ++i) {
        info->problem += " (nor " + candidates[i] + ")";
    }
    return info;
}

std::shared_ptr<const ModelInfo> ModelLibrary::entry(ObjectKind kind, const std::string& name) {
    const std::string key = keyOf(kind, name);
    {
        std::lock_guard lock(mMutex);
        if (const auto it = mEntries.find(key); it != mEntries.end()) {
            return it->second;
        }
    }
    std::shared_ptr<const ModelInfo> loaded = load(kind, name);
    std::function<void(const ModelProblem&)> handler;
    ModelProblem problem;
    {
        std::lock_guard lock(mMutex);
        auto [it, added] = mEntries.emplace(key, loaded);
        if (!added) {
            return it->second; // another thread read it meanwhile
        }
        if (!loaded->bounds) {
            problem = ModelProblem{kind, name, loaded->problem};
            mProblems.push_back(problem);
            handler = mHandler;
        }
    }
    if (handler) {
        handler(problem);
    }
    return loaded;
}

ModelGeometry ModelLibrary::loadGeometry(ObjectKind kind, const std::string& file) const {
    ModelGeometry out;
    auto bytes = mSource->read(file);
    if (!bytes) {
        out.problem = bytes.error().describe();
        return out;
    }
    io::Diagnostics diag;
    diag.lenient = true;
    const io::FileKind fileKind = io::sniffFileKind(*bytes, file);
    if (kind == ObjectKind::Wmo && fileKind == io::FileKind::WmoRoot) {
        const io::WmoFetch fetch = [this](const std::string& group) -> std::optional<std::vector<std::byte>> {
            if (!mSource->exists(group)) {
                return std::nullopt;
            }
            auto groupBytes = mSource->read(group);
            return groupBytes ? std::optional(std::move(*groupBytes)) : std::nullopt;
        };
        auto wmo = io::readWmoWithGroups(*bytes, file, fetch, diag);
        if (!wmo) {
            out.problem = firstProblem(wmo.error(), file);
            return out;
        }
        out.mesh = std::make_shared<ModelMesh>(wmoMesh(*wmo));
        if (!wmo->missingGroups.empty()) {
            out.problem = file + ": group file(s) not found: " + wmo->missingGroups.front() +
                          (wmo->missingGroups.size() > 1
                               ? " and " + std::to_string(wmo->missingGroups.size() - 1) + " more"
                               : std::string());
        }
        return out;
    }
    if (kind == ObjectKind::Doodad && fileKind == io::FileKind::M2) {
        auto m2 = io::readM2(*bytes, diag, file);
        if (!m2) {
            out.problem = firstProblem(m2.error(), file);
            return out;
        }
        const int profiles = std::clamp(int(m2->skinProfileCount), 1, 4);
        for (int p = 0; p < profiles; ++p) {
            const std::string skinName = io::m2SkinFileName(file, p);
            if (!mSource->exists(skinName)) {
                continue;
            }
            auto skinBytes = mSource->read(skinName);
            if (!skinBytes) {
                out.problem = skinBytes.error().describe();
                return out;
            }
            auto skin = io::readM2Skin(*skinBytes, diag, skinName);
            if (!skin) {
                out.problem = firstProblem(skin.error(), skinName);
                return out;
            }
            auto mesh = m2Mesh(*m2, *skin, skinName);
            if (!mesh) {
                out.problem = firstProblem(mesh.error(), skinName);
                return out;
            }
            out.mesh = std::make_shared<ModelMesh>(std::move(*mesh));
            return out;
        }
        out.problem = file + ": no skin profile found (" + io::m2SkinFileName(file, 0) + ")";
        return out;
    }
    if (kind == ObjectKind::Doodad && fileKind == io::FileKind::Mdx) {
        auto mdx = io::readMdx(*bytes, diag, file);
        if (!mdx) {
            out.problem = firstProblem(mdx.error(), file);
            return out;
        }
        out.mesh = std::make_shared<ModelMesh>(mdxMesh(*mdx));
        return out;
    }
    if (kind == ObjectKind::Doodad && fileKind == io::FileKind::Mdl) {
        auto mdl = io::readMdl(*bytes);
        if (!mdl) {
            out.problem = firstProblem(mdl.error(), file);
            return out;
        }
        out.mesh = std::make_shared<ModelMesh>(mdlMesh(*mdl));
        return out;
    }
    out.problem = file + ": nothing to draw (" + io::fileKindName(fileKind) + ")";
    return out;
}

void ModelLibrary::report(ObjectKind kind, const std::string& name, const std::string& message) {
    std::function<void(const ModelProblem&)> handler;
    ModelProblem problem{kind, name, message};
    {
        std::lock_guard lock(mMutex);
        mProblems.push_back(problem);
        handler = mHandler;
    }
    if (handler) {
        handler(problem);
    }
}

ModelGeometry ModelLibrary::geometry(ObjectKind kind, const std::string& name) {
    const std::shared_ptr<const ModelInfo> found = entry(kind, name); // reports a missing model itself
    if (!found->bounds) {
        return ModelGeometry{nullptr, found->problem};
    }
    // By the file read: names that lead to one file (Foo.mdx and Foo.m2) share its mesh.
    const std::string key = keyOf(kind, found->file);
    {
        std::lock_guard lock(mMutex);
        if (const auto it = mGeometry.find(key); it != mGeometry.end()) {
            return *it->second;
        }
    }
    auto loaded = std::make_shared<const ModelGeometry>(loadGeometry(kind, found->file));
    {
        std::lock_guard lock(mMutex);
        auto [it, added] = mGeometry.emplace(key, loaded);
        if (!added) {
            return *it->second; // another thread read it meanwhile
        }
    }
    if (!loaded->problem.empty()) {
        report(kind, name, loaded->problem);
    }
    return *loaded;
}

ModelInfo ModelLibrary::info(ObjectKind kind, const std::string& name) {
    return *entry(kind, name);
}

std::optional<Box3> ModelLibrary::bounds(ObjectKind kind, const std::string& name) {
    return entry(kind, name)->bounds;
}

std::shared_ptr<const ModelWire> ModelLibrary::wire(ObjectKind kind, const std::string& name) {
    return entry(kind, name)->wire;
}

void ModelLibrary::setProblemHandler(std::function<void(const ModelProblem&)> handler) {
    std::lock_guard lock(mMutex);
    mHandler = std::move(handler);
}

std::vector<ModelProblem> ModelLibrary::problems() const {
    std::lock_guard lock(mMutex);
    return mProblems;
}

std::size_t ModelLibrary::size() const {
    std::lock_guard lock(mMutex);
    return mEntries.size();
}

ObjectBoundsSettings ModelLibrary::settingsFor(std::shared_ptr<ModelLibrary> library) {
    ObjectBoundsSettings settings;
    settings.modelBounds = [library](ObjectKind kind, const std::string& name) {
        return library->bounds(kind, name);
    };
    settings.modelWire = [library](ObjectKind kind, const std::string& name) {
        return library->wire(kind, name);
    };
    settings.modelMesh = [library](ObjectKind kind, const std::string& name) {
        return library->geometry(kind, name).mesh;
    };
    return settings;
}

const char* modelFormatName(ModelFormat format) {
    switch (format) {
    case ModelFormat::M2:
        return "M2";
    case ModelFormat::Wmo:
        return "WMO";
    case ModelFormat::Mdx:
        return "MDX";
    case ModelFormat::GamestudioMdl:
        return "Gamestudio MDL";
    case ModelFormat::None:
        break;
    }
    return "";
}

std::string describeModel(const ModelInfo& info) {
    if (!info.bounds) {
        return info.problem;
    }
    return info.format == ModelFormat::None ? info.file
                                            : info.file + " (" + modelFormatName(info.format) + ")";
}

} // namespace mapsmith::core
