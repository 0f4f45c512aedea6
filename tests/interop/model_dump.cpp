// Prints what Mapsmith's model readers read, as JSON, for check_models.mjs to compare with @wowserhq/format:
//   model_dump m2 FILE.m2 FILE00.skin   bounds, collision bounds, vertex and triangle counts, textures
//   model_dump wmo ROOT.wmo GROUP.wmo   root bounds and counts, material texture and group names, the group's
//   bounds, vertex and triangle counts
// Exits 1 with the reader's error on stderr when a file does not read.

#include "io/model/m2.h"
#include "io/model/skin.h"
#include "io/model/wmo.h"
#include "io/model/wmo_group.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace {

using namespace mapsmith::io;
using nlohmann::json;

std::vector<std::byte> load(const char* path) {
    std::ifstream in(path, std::ios::binary);
    const std::vector<char> chars((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    std::vector<std::byte> out(chars.size());
    std::memcpy(out.data(), chars.data(), chars.size());
    return out;
}

json bounds(const ModelBounds& b) {
    return {{"min", b.min}, {"max", b.max}, {"radius", b.radius}};
}

template <class T> bool ok(const Expected<T>& r) {
    if (!r) {
        std::fprintf(stderr, "%s\n", r.error().describe().c_str());
    }
    return bool(r);
}

} // namespace

int main(int argc, char** argv) {
    if (argc != 4 || (std::strcmp(argv[1], "m2") != 0 && std::strcmp(argv[1], "wmo") != 0)) {
        std::fprintf(stderr,
                     "usage: model_dump m2 FILE.m2 FILE00.skin | model_dump wmo ROOT.wmo GROUP.wmo\n");
        return 2;
    }
    json out;
    Diagnostics strictDiag;
    if (std::strcmp(argv[1], "m2") == 0) {
        const auto m2 = readM2(load(argv[2]), strictDiag, argv[2]);
        const auto skin = readM2Skin(load(argv[3]), strictDiag, argv[3]);
        if (!ok(m2) || !ok(skin)) {
            return 1;
        }
        out["bounds"] = bounds(m2->bounds);
        out["collisionBounds"] = bounds(m2->collisionBounds);
        out["vertexCount"] = m2->vertices.size();
        out["sequenceCount"] = m2->sequenceCount;
        out["skinVertexCount"] = skin->vertices.size();
        out["triangleCount"] = skin->triangleCount();
        for (const M2Texture& t : m2->textures) {
            out["textures"].push_back({{"type", t.type}, {"fileName", t.fileName}});
        }
    } else {
        const auto root = readWmoRoot(load(argv[2]), strictDiag, argv[2]);
        const auto group = readWmoGroup(load(argv[3]), strictDiag, argv[3]);
        if (!ok(root) || !ok(group)) {
            return 1;
        }
        out["bounds"] = bounds(root->bounds);
        out["groupCount"] = root->groupCount;
        out["materialCount"] = root->materials.size();
        // Texture 1 and 2 of each material and each group's name, as @wowserhq/format's MapObj looks them up
        // (the NUL-terminated string at the offset; an empty one is left out, a negative group offset is
        // none).
        out["materialTextures"] = json::array();
        for (const WmoMaterial& m : root->materials) {
            json names = json::array();
            for (std::uint32_t offset : {m.textures[0], m.textures[1]}) {
                if (const std::string name = root->textures.at(offset); !name.empty()) {
                    names.push_back(name);
                }
            }
            out["materialTextures"].push_back(names);
        }
        out["groupNames"] = json::array();
        for (const WmoGroupInfo& g : root->groupInfos) {
            out["groupNames"].push_back(
                g.nameOffset >= 0 ? json(root->groupNames.at(std::uint32_t(g.nameOffset))) : json(nullptr));
        }
        out["group"] = {{"bounds", bounds(group->bounds)},
                        {"vertexCount", group->vertices.size()},
                        {"triangleCount", group->triangleCount()},
                        {"batchCount", group->batches.size()}};
    }
    std::printf("%s\n", out.dump(2).c_str());
    return 0;
}
