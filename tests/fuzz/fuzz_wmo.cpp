// libFuzzer target for the WMO readers: any input must read as a root, as a group and as a root with groups
// (the input itself fetched as each of its first groups) strictly and leniently without a crash; errors point
// inside the input; what reads strictly reads leniently without warnings; a group that reads keeps its
// invariants (whole triangles below the vertex count, per-vertex lists of the vertex count, batch ranges
// inside the indices, liquid arrays of the sizes its header gives); a root or group that reads strictly is
// written (wmo_writer.h), reads back strictly and equals the first read (else the writer is wrong).

#include "io/model/wmo.h"
#include "io/model/wmo_group.h"
#include "io/model/wmo_set.h"
#include "io/model/wmo_writer.h"
#include "support/wmo_compare.h"

#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace {

// NaN != NaN: each NaN becomes the finite number with its sign and payload bits (the writer copies floats
// bit for bit, so two reads agree on those), then the structs compare with ==.
void finite(float& f) {
    if (f != f) {
        f = std::bit_cast<float>(std::bit_cast<std::uint32_t>(f) & 0x807FFFFFu);
    }
}
template <class Floats> void finiteAll(Floats& fs) {
    for (float& f : fs) {
        finite(f);
    }
}
void finiteBounds(mapsmith::io::ModelBounds& b) {
    finiteAll(b.min);
    finiteAll(b.max);
    finite(b.radius);
}
mapsmith::io::WmoRoot comparable(mapsmith::io::WmoRoot r) {
    finiteBounds(r.bounds);
    for (auto& g : r.groupInfos) {
        finiteBounds(g.bounds);
    }
    for (auto& d : r.doodads) {
        finiteAll(d.position);
        finiteAll(d.rotation);
        finite(d.scale);
    }
    return mapsmith::tests::withoutOffsets(std::move(r));
}
mapsmith::io::WmoGroup comparable(mapsmith::io::WmoGroup g) {
    finiteBounds(g.bounds);
    for (auto& v : g.vertices) {
        finiteAll(v);
    }
    for (auto& v : g.normals) {
        finiteAll(v);
    }
    for (auto& set : g.uvSets) {
        for (auto& uv : set) {
            finiteAll(uv);
        }
    }
    if (g.liquid) {
        finiteAll(g.liquid->corner);
        finiteAll(g.liquid->heights);
    }
    return mapsmith::tests::withoutOffsets(std::move(g));
}

// Written and read back strictly, equal to what was read.
void checkWrittenBack(const mapsmith::io::WmoRoot& root) {
    const auto back = mapsmith::io::readWmoRoot(mapsmith::io::writeWmoRoot(root));
    if (!back || !(comparable(*back) == comparable(root))) {
        __builtin_trap();
    }
}
void checkWrittenBack(const mapsmith::io::WmoGroup& group) {
    const auto back = mapsmith::io::readWmoGroup(mapsmith::io::writeWmoGroup(group));
    if (!back || !(comparable(*back) == comparable(group))) {
        __builtin_trap();
    }
}

void checkGroup(const mapsmith::io::WmoGroup& g) {
    const std::size_t n = g.vertices.size();
    if (g.indices.size() % 3 != 0 || (!g.normals.empty() && g.normals.size() != n)) {
        __builtin_trap();
    }
    for (std::uint16_t i : g.indices) {
        if (i >= n) {
            __builtin_trap();
        }
    }
    for (const auto& uv : g.uvSets) {
        if (uv.size() != n) {
            __builtin_trap();
        }
    }
    for (const auto& c : g.colorSets) {
        if (c.size() != n) {
            __builtin_trap();
        }
    }
    for (const auto& b : g.batches) {
        if (std::uint64_t(b.firstIndex) + b.indexCount > g.indices.size()) {
            __builtin_trap();
        }
    }
    if (g.liquid && (g.liquid->heights.size() != std::uint64_t(g.liquid->xVertices) * g.liquid->yVertices ||
                     g.liquid->tileFlags.size() != std::uint64_t(g.liquid->xTiles) * g.liquid->yTiles)) {
        __builtin_trap();
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace mapsmith::io;
    const std::span<const std::byte> bytes(reinterpret_cast<const std::byte*>(data), size);

    for (int kind = 0; kind < 2; ++kind) {
        Diagnostics strictDiag;
        Diagnostics lenient;
        lenient.lenient = true;
        bool strictOk = false;
        bool lenientOk = false;
        if (kind == 0) {
            const auto root = readWmoRoot(bytes, strictDiag);
            strictOk = bool(root);
            lenientOk = bool(readWmoRoot(bytes, lenient));
            if (root) {
                checkWrittenBack(*root);
            }
            if (!root && root.error().offset > size) {
                __builtin_trap();
            }
        } else {
            const auto group = readWmoGroup(bytes, strictDiag);
            const auto soft = readWmoGroup(bytes, lenient);
            strictOk = bool(group);
            lenientOk = bool(soft);
            if (!group && group.error().offset > size) {
                __builtin_trap();
            }
            if (soft) {
                checkGroup(*soft);
            }
            if (group) {
                checkWrittenBack(*group);
            }
        }
        if (strictOk && (!lenientOk || !lenient.warnings.empty())) {
            __builtin_trap();
        }
    }

    const std::vector<std::byte> copy(bytes.begin(), bytes.end());
    const WmoFetch fetch = [&](const std::string& name) -> std::optional<std::vector<std::byte>> {
        if (name == "f_000.wmo" || name == "f_001.wmo") {
            return copy;
        }
        return std::nullopt;
    };
    for (bool lenient : {false, true}) {
        Diagnostics d;
        d.lenient = lenient;
        const auto model = readWmoWithGroups(bytes, "f.wmo", fetch, d);
        if (model) {
            if (model->groups.size() != model->groupFiles.size() || model->groups.size() > kWmoMaxGroups) {
                __builtin_trap();
            }
            for (const auto& g : model->groups) {
                if (g) {
                    checkGroup(*g);
                }
            }
        }
    }
    return 0;
}
