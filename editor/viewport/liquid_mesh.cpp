#include "editor/viewport/liquid_mesh.h"

#include "core/kernels/liquid_raster.h"

namespace mapsmith::editor {

ColouredMesh buildLiquidMesh(const io::LiquidChunk& liquid, const core::ChunkCoord& chunk,
                             const SceneFrame& frame) {
    ColouredMesh mesh;
    const core::GlobalChunk g = core::toGlobal(chunk);
    for (const auto& instance : liquid.instances) {
        const core::LiquidRaster raster = core::toRaster(instance);
        if (raster.coverage == 0) {
            continue;
        }
        const auto colour = liquidColour(liquidKind(instance.liquidType));
        const auto base = std::uint32_t(mesh.vertices.size());
        for (int vy = 0; vy < core::kLiquidVerticesPerSide; ++vy) {
            for (int vx = 0; vx < core::kLiquidVerticesPerSide; ++vx) {
                const glm::dvec2 w = core::liquidVertexWorld(g.gx * 8 + vx, g.gy * 8 + vy);
                const float h = raster.heights[std::size_t(core::liquidVertexIndex(vx, vy))];
                const QVector3D p = frame.toScene(glm::dvec3(w, double(h)));
                mesh.vertices.push_back(
                    {{p.x(), p.y(), p.z()}, {colour[0], colour[1], colour[2], colour[3]}});
            }
        }
        for (int qy = 0; qy < core::kLiquidQuadsPerSide; ++qy) {
            for (int qx = 0; qx < core::kLiquidQuadsPerSide; ++qx) {
                if (!(raster.coverage & core::quadBit(qx, qy))) {
                    continue;
                }
                const auto nw = base + std::uint32_t(core::liquidVertexIndex(qx, qy));
                const auto ne = base + std::uint32_t(core::liquidVertexIndex(qx + 1, qy));
                const auto sw = base + std::uint32_t(core::liquidVertexIndex(qx, qy + 1));
                const auto se = base + std::uint32_t(core::liquidVertexIndex(qx + 1, qy + 1));
                // Counter-clockwise seen from above (scene x east, z south).
                for (const std::uint32_t i : {nw, sw, se, nw, se, ne}) {
                    mesh.indices.push_back(i);
                }
            }
        }
    }
    return mesh;
}

} // namespace mapsmith::editor
