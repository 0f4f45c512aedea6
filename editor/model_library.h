#pragma once
// Models from the game data for object bounds and proxy drawing: Gamestudio MDL files (io/gamestudio/mdl.h)
// named by doodad placements, read once each through the asset source. Frame 0's triangles become a wire
// (each edge once) and its box; model units count as yards at scale 1.0 (Gamestudio quants have no
// fixed size). Other models (M2, WMO) have neither yet, so they keep their stand-in boxes. Lookups
// are safe from several threads.

#include "core/geometry/object_model.h"
#include "io/assets/asset_source.h"

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace mapsmith::editor {

class ModelLibrary {
public:
    explicit ModelLibrary(std::shared_ptr<const io::AssetSource> source) : mSource(std::move(source)) {}

    std::optional<core::Box3> bounds(core::ObjectKind kind, const std::string& name);
    std::shared_ptr<const core::ModelWire> wire(core::ObjectKind kind, const std::string& name);
    // Settings whose modelBounds and modelWire come from this library (which must outlive them: they
    // hold it by shared pointer).
    static core::ObjectBoundsSettings settingsFor(std::shared_ptr<ModelLibrary> library);

private:
    struct Entry {
        std::shared_ptr<const core::ModelWire> wire; // null: not a readable MDL
        core::Box3 bounds;
    };
    const Entry& entry(const std::string& name);

    std::shared_ptr<const io::AssetSource> mSource;
    std::mutex mMutex;
    std::map<std::string, Entry> mEntries; // by normalized game path
};

} // namespace mapsmith::editor
