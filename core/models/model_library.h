#pragma once
// The game data's models as object bounds (and, for Gamestudio MDL models, proxy wires): each model
// named by a placement is read once through the asset source (folder, MPQ, stack), decided by its
// content: M2 ("MD20"), WMO root, MDX ("MDLX") or Gamestudio MDL; boxes as core/models/model_bounds.h
// makes them. A doodad named Foo.mdx or Foo.mdl that the source lacks is looked up as Foo.m2.
// A model that is missing or cannot be read has no bounds (callers keep their stand-in boxes); the
// reason is kept, reported once per model to the problem handler, and listed by problems(). Lookups
// are safe from several threads; files are read outside the lock.

#include "core/geometry/object_model.h"
#include "core/models/model_mesh.h"
#include "io/assets/asset_source.h"

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace mapsmith::core {

enum class ModelFormat : std::uint8_t { None, M2, Wmo, Mdx, GamestudioMdl };

// What the library knows of one model name.
struct ModelInfo {
    ModelFormat format = ModelFormat::None;
    std::optional<Box3> bounds;            // model coordinates, yards, unscaled
    std::shared_ptr<const ModelWire> wire; // Gamestudio MDL only
    std::string file;                      // the game path read; empty when none was found
    std::string problem;                   // why there are no bounds; empty when there are
};

// What can be drawn of one model name (ModelLibrary::geometry).
struct ModelGeometry {
    std::shared_ptr<const ModelMesh> mesh; // null: nothing to draw (the box stands in)
    std::string problem;                   // why there is no mesh, or what it lacks (a WMO group file)
};

// A model that has no bounds (or no geometry): the name placements use and the reason ("not found: ...", a
// read error).
struct ModelProblem {
    ObjectKind kind = ObjectKind::Doodad;
    std::string name;
    std::string message;
};

class ModelLibrary {
public:
    explicit ModelLibrary(std::shared_ptr<const io::AssetSource> source) : mSource(std::move(source)) {}

    ModelInfo info(ObjectKind kind, const std::string& name);
    std::optional<Box3> bounds(ObjectKind kind, const std::string& name);
    std::shared_ptr<const ModelWire> wire(ObjectKind kind, const std::string& name);
    // The model's mesh (core/models/model_mesh.h), read on first use: an M2 through its first skin profile
    // (Name00.skin, else the lowest-numbered one present), a WMO with every group file found beside it,
    // an MDX, or a Gamestudio MDL's frame 0. A model with bounds but no mesh (no skin found, a skin that
    // does not fit) is reported to the problem handler like a missing one.
    ModelGeometry geometry(ObjectKind kind, const std::string& name);

    // Called once per model that has no bounds, on the thread that first asked for it (not under the
    // library's lock).
    void setProblemHandler(std::function<void(const ModelProblem&)> handler);
    // Every model without bounds asked for so far, in the order first asked for.
    std::vector<ModelProblem> problems() const;
    // Models read or found wanting so far.
    std::size_t size() const;

    // Settings whose modelBounds, modelWire and modelMesh come from this library (they hold it by shared
    // pointer).
    static ObjectBoundsSettings settingsFor(std::shared_ptr<ModelLibrary> library);

private:
    std::shared_ptr<const ModelInfo> load(ObjectKind kind, const std::string& name) const;
    std::shared_ptr<const ModelInfo> entry(ObjectKind kind, const std::string& name);
    ModelGeometry loadGeometry(ObjectKind kind, const std::string& file) const;
    void report(ObjectKind kind, const std::string& name, const std::string& message);

    std::shared_ptr<const io::AssetSource> mSource;
    mutable std::mutex mMutex;
    std::unordered_map<std::string, std::shared_ptr<const ModelInfo>> mEntries;      // kind + normalized name
    std::unordered_map<std::string, std::shared_ptr<const ModelGeometry>> mGeometry; // the same keys
    std::vector<ModelProblem> mProblems;
    std::function<void(const ModelProblem&)> mHandler;
};

// "M2", "WMO", "MDX", "Gamestudio MDL"; "" for None.
const char* modelFormatName(ModelFormat format);

// One line for people: "World\\Foo.m2 (M2)", or the problem.
std::string describeModel(const ModelInfo& info);

} // namespace mapsmith::core
