// info/validate of WMO v17 roots with their group files, and of a group file alone.

#include "cli/model_files.h"
#include "cli/model_summary.h"
#include "core/document/tile_loader.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"
#include "io/model/wmo_set.h"

#include <string>

namespace mapsmith::cli {
namespace {

// The doodad set names, in MODS order.
std::vector<std::string> doodadSetNames(const io::WmoRoot& root) {
    std::vector<std::string> names;
    for (const auto& set : root.doodadSets) {
        names.push_back(set.name);
    }
    return names;
}

} // namespace

io::Expected<ModelSummary> summariseWmo(const ModelInput& in, io::Diagnostics& diag) {
    // Group names come from the root's path ("Tent_000.wmo" beside "Tent.wmo"); fetch finds them in any case.
    const FilesBeside beside(in.path);
    const io::WmoFetch fetch = [&](const std::string& name) -> std::optional<std::vector<std::byte>> {
        const QString path = beside.find(fileNameOf(QString::fromStdString(name)));
        if (path.isEmpty()) {
            return std::nullopt;
        }
        auto bytes = core::readWholeFile(path);
        if (!bytes) {
            return std::nullopt; // unreadable: reported as missing
        }
        return std::move(*bytes);
    };
    auto wmo = io::readWmoWithGroups(in.bytes, in.path.toStdString(), fetch, diag);
    if (!wmo) {
        return wmo.error();
    }
    const io::WmoRoot& root = wmo->root;
    std::size_t vertices = 0;
    std::size_t triangles = 0;
    for (const auto& g : wmo->groups) {
        if (g) {
            vertices += g->vertices.size();
            triangles += g->triangleCount(); // MOVI indices / 3
        }
    }
    std::vector<std::string> groupFiles;
    for (const auto& name : wmo->groupFiles) {
        groupFiles.push_back(fileNameOf(QString::fromStdString(name)).toStdString());
    }
    std::vector<std::string> missing;
    for (const auto& name : wmo->missingGroups) {
        missing.push_back(fileNameOf(QString::fromStdString(name)).toStdString());
    }
    const std::vector<std::string> textures = root.textures.names();
    const std::vector<std::string> sets = doodadSetNames(root);
    ModelSummary s;
    s.json = Json{{"format", "wmo"},
                  {"version", root.version},
                  {"bounds", boundsJson(root.bounds)},
                  {"vertices", vertices},
                  {"triangles", triangles},
                  {"textures", stringsJson(textures)},
                  {"materials", root.materials.size()},
                  {"groups", root.groupCount},
                  {"groupsLoaded", wmo->loadedGroupCount()},
                  {"groupFiles", stringsJson(groupFiles)},
                  {"missing", stringsJson(missing)},
                  {"doodadSets", stringsJson(sets)},
                  {"doodads", root.doodads.size()},
                  {"doodadNames", root.doodadNames.names().size()},
                  {"portals", root.portalCount},
                  {"lights", root.lightCount},
                  {"skybox", root.skybox},
                  {"flags", root.flags},
                  {"wmoId", root.wmoId}};
    s.lines = {{QStringLiteral("format"), QStringLiteral("WMO v%1 root").arg(root.version)},
               {QStringLiteral("bounds"), boundsText(root.bounds)},
               {QStringLiteral("groups"), QStringLiteral("%1 of %2 loaded (%3)")
                                              .arg(wmo->loadedGroupCount())
                                              .arg(root.groupCount)
                                              .arg(listText(groupFiles, 4))},
               {QStringLiteral("vertices"), QStringLiteral("%1 (in the loaded groups)").arg(vertices)},
               {QStringLiteral("triangles"), QString::number(triangles)}};
    for (std::size_t i = 0; i < textures.size(); ++i) {
        s.lines.emplace_back(i == 0 ? QStringLiteral("textures") : QString(), inQuotes(textures[i]));
    }
    if (textures.empty()) {
        s.lines.emplace_back(QStringLiteral("textures"), QStringLiteral("none"));
    }
    s.lines.emplace_back(QStringLiteral("counts"), QStringLiteral("%1 materials, %2 portals, %3 lights")
                                                       .arg(root.materials.size())
                                                       .arg(root.portalCount)
                                                       .arg(root.lightCount));
    s.lines.emplace_back(QStringLiteral("doodads"),
                         QStringLiteral("%1 placements (MODD), %2 sets: %3")
                             .arg(root.doodads.size())
                             .arg(sets.size())
                             .arg(sets.empty() ? QStringLiteral("none") : listText(sets)));
    if (!root.skybox.empty()) {
        s.lines.emplace_back(QStringLiteral("skybox"), QString::fromStdString(root.skybox));
    }
    if (!missing.empty()) {
        s.lines.emplace_back(QStringLiteral("missing"), listText(missing));
    }
    return s;
}

io::Expected<ModelSummary> summariseWmoGroup(const ModelInput& in, io::Diagnostics& diag) {
    auto g = io::readWmoGroup(in.bytes, diag, in.path.toStdString());
    if (!g) {
        return g.error();
    }
    const std::size_t batches = g->batches.size();
    ModelSummary s;
    s.json = Json{{"format", "wmo-group"},
                  {"version", g->version},
                  {"flags", g->flags},
                  {"bounds", boundsJson(g->bounds)},
                  {"vertices", g->vertices.size()},
                  {"triangles", g->triangleCount()},
                  {"batches", batches},
                  {"uvSets", g->uvSets.size()},
                  {"colorSets", g->colorSets.size()},
                  {"doodadRefs", g->doodadRefs.size()},
                  {"portals", g->portalCount},
                  {"liquid", g->liquid.has_value()}};
    s.lines = {{QStringLiteral("format"),
                QStringLiteral("WMO v%1 group, flags %2").arg(g->version).arg(hex(g->flags))},
               {QStringLiteral("bounds"), boundsText(g->bounds)},
               {QStringLiteral("vertices"), QString::number(g->vertices.size())},
               {QStringLiteral("triangles"), QString::number(g->triangleCount())},
               {QStringLiteral("counts"),
                QStringLiteral("%1 batches, %2 UV sets, %3 colour sets, %4 doodad references, %5 portals")
                    .arg(batches)
                    .arg(g->uvSets.size())
                    .arg(g->colorSets.size())
                    .arg(g->doodadRefs.size())
                    .arg(g->portalCount)},
               {QStringLiteral("liquid"), g->liquid ? QStringLiteral("yes (MLIQ)") : QStringLiteral("no")}};
    return s;
}

} // namespace mapsmith::cli
