#include "core/models/selection_info.h"

#include "core/edit/object_group.h"

#include <algorithm>

namespace mapsmith::core {
namespace {

template <class T> void keepShared(std::optional<T>& shared, const T& value, bool first) {
    if (first) {
        shared = value;
    } else if (shared && !(*shared == value)) {
        shared.reset();
    }
}

SelectedObject describe(const ObjectRef& ref, ObjectState state, ModelLibrary* models) {
    SelectedObject o{ref, std::move(state), ModelFormat::None, {}, {}, std::nullopt, {}};
    if (!models) {
        o.problem = "no game data";
        return o;
    }
    const ModelInfo info = models->info(o.state.kind, o.state.name);
    o.format = info.format;
    o.file = info.file;
    o.problem = info.problem;
    if (!info.bounds) {
        return o;
    }
    const ModelGeometry geometry = models->geometry(o.state.kind, o.state.name);
    if (geometry.mesh) {
        o.triangles = geometry.mesh->triangleCount();
        for (const WmoDoodadSet& set : geometry.mesh->doodadSets) {
            o.doodadSets.push_back(set.name);
        }
    }
    if (o.problem.empty()) {
        o.problem = geometry.problem;
    }
    return o;
}

} // namespace

SelectionInfo describeSelection(const MapDocument& doc, const std::vector<ObjectRef>& selection,
                                ModelLibrary* models) {
    SelectionInfo info;
    for (const ObjectRef& ref : selection) {
        const bool seen = std::any_of(info.objects.begin(), info.objects.end(), [&](const SelectedObject& o) {
            return o.ref.kind == ref.kind && o.ref.uniqueId == ref.uniqueId;
        });
        if (seen) {
            continue;
        }
        auto state = findObject(doc, ref);
        if (!state) {
            ++info.missing;
            continue;
        }
        info.objects.push_back(describe(ref, std::move(*state), models));
    }
    info.centre = selectionCentre(doc, selection).value_or(glm::dvec3(0.0));
    for (std::size_t i = 0; i < info.objects.size(); ++i) {
        const SelectedObject& o = info.objects[i];
        const bool first = i == 0;
        const bool doodad = o.state.kind == ObjectKind::Doodad;
        info.triangles += o.triangles.value_or(0);
        keepShared(info.kind, o.state.kind, first);
        if (first) {
            info.model = o.state.name;
        } else if (info.model && !sameModelName(*info.model, o.state.name)) {
            info.model.reset();
        }
        keepShared(info.rotation, doodad ? o.state.doodad.rotation : o.state.wmo.rotation, first);
        if (doodad) {
            keepShared(info.scale, scaleFactor(o.state.doodad.scale), first);
        } else {
            keepShared(info.doodadSet, o.state.wmo.doodadSet, first);
        }
    }
    // Values only one kind has are shared only when every object is of that kind.
    if (info.kind != ObjectKind::Doodad) {
        info.scale.reset();
    }
    if (info.kind != ObjectKind::Wmo) {
        info.doodadSet.reset();
    }
    return info;
}

} // namespace mapsmith::core
