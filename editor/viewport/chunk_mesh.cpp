#include "editor/viewport/chunk_mesh.h"

#include "core/geometry/chunk_height.h"
#include "core/geometry/coords.h"

namespace mapsmith::editor {

void vertexColourFactor(std::uint32_t bgra, float out[3]) {
    const auto byte = [&](int shift) { return float((bgra >> shift) & 0xFFu) * (2.0f / 255.0f); };
    out[0] = byte(16); // red
    out[1] = byte(8);  // green
    out[2] = byte(0);  // blue
}

void buildChunkVertices(const io::MapChunk& chunk, const SceneFrame& frame,
                        std::span<ChunkVertex, kChunkVertexCount> out) {
    const glm::dvec2 corner(double(chunk.position.x), double(chunk.position.y));
    const auto* colours = io::vertexColoursInUse(chunk); // as the client: MCCV only with has_mccv
    for (int i = 0; i < kChunkVertexCount; ++i) {
        const auto idx = std::size_t(i);
        const glm::dvec2 offset = core::vertexOffset(i); // (-south, -east)
        const glm::dvec3 world(corner + offset, double(chunk.position.z) + double(chunk.heights[idx]));
        const QVector3D p = frame.toScene(world);
        ChunkVertex& v = out[idx];
        v.position[0] = p.x();
        v.position[1] = p.y();
        v.position[2] = p.z();
        // MCNR: (north, west, up) * 127 (core/geometry/terrain_normals.h).
        const auto& n = chunk.normals[idx];
        const QVector3D sn =
            SceneFrame::directionToScene(glm::dvec3(n[0] / 127.0, n[1] / 127.0, n[2] / 127.0));
        v.normal[0] = sn.x();
        v.normal[1] = sn.y();
        v.normal[2] = sn.z();
        if (colours) {
            vertexColourFactor((*colours)[idx], v.colour);
        } else {
            v.colour[0] = v.colour[1] = v.colour[2] = 1.0f;
        }
        v.uv[0] = float(-offset.y / core::kChunkSize);
        v.uv[1] = float(-offset.x / core::kChunkSize);
    }
}

std::vector<std::uint16_t> buildChunkIndices(const io::MapChunk& chunk) {
    std::vector<std::uint16_t> out;
    out.reserve(std::size_t(kChunkMaxTriangles) * 3);
    for (int row = 0; row < 8; ++row) {
        for (int col = 0; col < 8; ++col) {
            if (core::quadIsHole(chunk, row, col)) {
                continue;
            }
            const auto nw = std::uint16_t(core::outerIndex(row, col));
            const auto ne = std::uint16_t(core::outerIndex(row, col + 1));
            const auto sw = std::uint16_t(core::outerIndex(row + 1, col));
            const auto se = std::uint16_t(core::outerIndex(row + 1, col + 1));
            const auto c = std::uint16_t(core::innerIndex(row, col));
            for (const std::uint16_t i : {nw, c, ne, ne, c, se, se, c, sw, sw, c, nw}) {
                out.push_back(i);
            }
        }
    }
    return out;
}

} // namespace mapsmith::editor
