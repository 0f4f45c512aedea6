#include "io/adt/adt_dump.h"

#include <algorithm>

#include <cstdio>

namespace mapsmith::io {
namespace {

using Json = nlohmann::ordered_json;

std::string hex64(std::uint64_t v) {
    char buf[20];
    std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
    return buf;
}

Json vec(const Vec3f& v) {
    return Json::array({v.x, v.y, v.z});
}

// A flag-gated sub-chunk: "absent", "in use", or "disabled" (present, its MCNK flag clear).
const char* gatedState(bool present, bool inUse) {
    return !present ? "absent" : inUse ? "in use" : "disabled";
}

std::string nameOr(const std::vector<std::string>& names, std::uint32_t index) {
    return index < names.size() ? names[index] : std::string("<invalid ") + std::to_string(index) + ">";
}

Json dumpLiquid(const LiquidChunk& lc) {
    Json out = Json::object();
    if (lc.attributes) {
        out["fishable"] = hex64(lc.attributes->fishable);
        out["deep"] = hex64(lc.attributes->deep);
    }
    Json layers = Json::array();
    for (const auto& in : lc.instances) {
        Json l;
        l["type"] = in.liquidType;
        l["lvf"] = in.liquidObjectOrLvf;
        l["minHeight"] = in.minHeight;
        l["maxHeight"] = in.maxHeight;
        l["rect"] = Json::array({in.xOffset, in.yOffset, in.width, in.height});
        l["exists"] = in.existsBitmap ? Json(*in.existsBitmap) : Json("all");
        l["vertexFormat"] = in.vertexFormat ? Json(int(*in.vertexFormat)) : Json(nullptr);
        if (!in.heights.empty()) {
            l["heights"] = in.heights;
        }
        if (!in.depths.empty()) {
            l["depths"] = in.depths;
        }
        if (!in.uvs.empty()) {
            Json uv = Json::array();
            for (const auto& u : in.uvs) {
                uv.push_back(Json::array({u.u, u.v}));
            }
            l["uvs"] = uv;
        }
        layers.push_back(std::move(l));
    }
    out["layers"] = std::move(layers);
    return out;
}

} // namespace

std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes) {
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (auto b : bytes) {
        h ^= b;
        h *= 0x100000001b3ull;
    }
    return h;
}

// Unknown chunks by id and content hash, sorted: the order they were kept in depends on the layout (a
// split set keeps each file's unknown chunks together).
Json dumpUnknown(const std::vector<RawChunk>& unknown) {
    std::vector<std::pair<std::string, std::string>> entries;
    for (const auto& raw : unknown) {
        entries.emplace_back(raw.id.str(),
                             hex64(fnv1a64(std::span(reinterpret_cast<const std::uint8_t*>(raw.data.data()),
                                                     raw.data.size()))));
    }
    std::sort(entries.begin(), entries.end());
    Json out = Json::array();
    for (const auto& [id, hash] : entries) {
        out.push_back({{"id", id}, {"hash", hash}});
    }
    return out;
}

Json dumpAdt(const Adt& adt) {
    Json root;
    root["version"] = adt.version;
    root["headerFlags"] = adt.headerFlags; // as stored: mhdr_MFBO (0x1) says whether MFBO is used
    root["textures"] = adt.textures;
    if (adt.textureFlags) {
        root["textureFlags"] = *adt.textureFlags;
    }
    // Split (Cata+) data, only when present: tiles read from v18 files dump the same either way.
    if (adt.mamp) {
        root["mamp"] = *adt.mamp;
    }
    if (!adt.diffuseTextureIds.empty()) {
        root["diffuseTextureIds"] = adt.diffuseTextureIds;
    }
    if (!adt.heightTextureIds.empty()) {
        root["heightTextureIds"] = adt.heightTextureIds;
    }
    if (adt.textureParams) {
        Json params = Json::array();
        for (const auto& t : *adt.textureParams) {
            params.push_back(
                {{"flags", t.flags}, {"heightScale", t.heightScale}, {"heightOffset", t.heightOffset}});
        }
        root["textureParams"] = std::move(params);
    }
    Json doodads = Json::array();
    for (const auto& d : adt.doodads) {
        doodads.push_back({{"model", nameOr(adt.modelNames, d.nameIndex)},
                           {"uniqueId", d.uniqueId},
                           {"position", vec(d.position)},
                           {"rotation", vec(d.rotation)},
                           {"scale", d.scale},
                           {"flags", d.flags}});
    }
    root["doodads"] = std::move(doodads);
    Json objects = Json::array();
    for (const auto& m : adt.mapObjects) {
        objects.push_back({{"model", nameOr(adt.wmoNames, m.nameIndex)},
                           {"uniqueId", m.uniqueId},
                           {"position", vec(m.position)},
                           {"rotation", vec(m.rotation)},
                           {"extents", Json::array({vec(m.extentsMin), vec(m.extentsMax)})},
                           {"flags", m.flags},
                           {"doodadSet", m.doodadSet},
                           {"nameSet", m.nameSet},
                           {"scale", m.scale}});
    }
    root["mapObjects"] = std::move(objects);
    if (adt.flightBounds) {
        root["flightBounds"] = *adt.flightBounds;
    }
    Json chunks = Json::array();
    for (std::size_t i = 0; i < adt.chunks.size(); ++i) {
        const MapChunk& c = adt.chunks[i];
        Json j;
        j["index"] = i;
        j["indexXY"] = Json::array({c.indexX, c.indexY});
        j["flags"] = c.flags; // as stored: has_mcsh / has_mccv say whether MCSH / MCCV are used
        // Present and in use are separate facts: the client ignores a sub-chunk whose flag is clear.
        j["mccv"] = gatedState(c.vertexColors.has_value(), vertexColoursInUse(c) != nullptr);
        j["mcsh"] = gatedState(c.shadow.has_value(), shadowInUse(c) != nullptr);
        j["areaId"] = c.areaId;
        j["position"] = vec(c.position);
        j["holes"] = c.holesLowRes;
        if (c.flags & mcnk_flags::HighResHoles) {
            j["holesHighRes"] = hex64(c.holesHighRes);
        }
        j["unknownButUsed"] = c.unknownButUsed;
        j["lowQualityTextureMap"] = c.lowQualityTextureMap;
        j["noEffectDoodad"] = c.noEffectDoodad;
        j["heights"] = c.heights;
        Json normals = Json::array();
        for (const auto& n : c.normals) {
            normals.push_back(Json::array({n[0], n[1], n[2]}));
        }
        j["normals"] = std::move(normals);
        if (c.vertexColors) {
            j["vertexColors"] = *c.vertexColors;
        }
        if (c.vertexLighting) {
            j["vertexLighting"] = *c.vertexLighting;
        }
        Json layers = Json::array();
        for (const auto& l : c.layers) {
            Json lj;
            lj["texture"] = nameOr(adt.textures, l.textureIndex);
            lj["flags"] = l.flags & ~(mcly_flags::UseAlphaMap | mcly_flags::AlphaCompressed);
            lj["effectId"] = l.effectId;
            if (l.hasAlpha) {
                lj["alphaHash"] = hex64(fnv1a64(l.alpha));
            }
            layers.push_back(std::move(lj));
        }
        j["layers"] = std::move(layers);
        Json refs = Json::array();
        for (auto r : c.doodadRefs) {
            refs.push_back(r < adt.doodads.size() ? Json(adt.doodads[r].uniqueId) : Json(nullptr));
        }
        j["doodadRefs"] = std::move(refs);
        Json orefs = Json::array();
        for (auto r : c.mapObjectRefs) {
            orefs.push_back(r < adt.mapObjects.size() ? Json(adt.mapObjects[r].uniqueId) : Json(nullptr));
        }
        j["mapObjectRefs"] = std::move(orefs);
        if (c.shadow) {
            j["shadowHash"] = hex64(fnv1a64(*c.shadow));
        }
        if (c.mclq) {
            j["mclqHash"] = hex64(
                fnv1a64(std::span(reinterpret_cast<const std::uint8_t*>(c.mclq->data()), c.mclq->size())));
        }
        j["soundEmitterCount"] = c.soundEmitterCount;
        if (c.soundEmitters && !c.soundEmitters->empty()) {
            j["soundEmittersHash"] = hex64(fnv1a64(std::span(
                reinterpret_cast<const std::uint8_t*>(c.soundEmitters->data()), c.soundEmitters->size())));
        }
        if (adt.liquids && !adt.liquids->chunks[i].instances.empty()) {
            j["liquid"] = dumpLiquid(adt.liquids->chunks[i]);
        }
        if (c.materialIds) {
            j["materialIds"] = *c.materialIds;
        }
        if (!c.unknown.empty()) {
            Json u = dumpUnknown(c.unknown);
            j["unknownChunks"] = std::move(u);
        }
        chunks.push_back(std::move(j));
    }
    root["chunks"] = std::move(chunks);
    if (!adt.unknown.empty()) {
        Json u = dumpUnknown(adt.unknown);
        root["unknownChunks"] = std::move(u);
    }
    const std::pair<const char*, const std::optional<std::vector<std::byte>>*> files[] = {
        {"obj1", &adt.obj1File}, {"tex1", &adt.tex1File}, {"lod", &adt.lodFile}};
    for (const auto& [name, bytes] : files) {
        if (*bytes) {
            root["keptFiles"][name] = {
                {"size", (*bytes)->size()},
                {"hash", hex64(fnv1a64(std::span(reinterpret_cast<const std::uint8_t*>((*bytes)->data()),
                                                 (*bytes)->size())))}};
        }
    }
    return root;
}

} // namespace mapsmith::io
