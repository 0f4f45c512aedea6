#pragma once
// The effects one viewport scene shares: the terrain splat effect, the coloured effects (liquids,
// object boxes, brush cursor) with their shared materials and the model effects (one per blend mode and
// sidedness, made on first use), plus the look every shader reads (light, fog) as effect parameters, so
// changing it touches no per-chunk state.

#include "core/render/terrain_look.h"
#include "editor/viewport/scene_frame.h"

#include <Qt3DCore/QNode>

#include <QColor>
#include <QVector3D>

#include <cstdint>
#include <map>

namespace Qt3DRender {
class QEffect;
class QMaterial;
class QParameter;
} // namespace Qt3DRender

namespace mapsmith::core {
enum class ModelBlend : std::uint8_t;
}

namespace mapsmith::editor {

struct SceneLook {
    QColor fogColour{QColor::fromRgbF(0.62f, 0.72f, 0.84f)}; // also the clear (sky) colour
    float fogStart = 900.0f;                                 // yards from the eye
    float fogEnd = 2600.0f;
    // Light and texture repeat: core::TerrainLook's defaults, which the minimap renderer uses too.
    QVector3D lightDirection{
        SceneFrame::directionToScene(core::TerrainLook{}.lightDirection)}; // towards the sun
    float ambient = core::TerrainLook{}.ambient; // light on faces turned away from the sun
    float shadowStrength =
        core::TerrainLook{}.shadowStrength; // MCSH: shadowed texels keep 1 - this of their light
    float textureRepeat =
        core::TerrainLook{}.textureRepeat; // layer textures repeat this often across a chunk
};

class SceneEffects final : public Qt3DCore::QNode {
    Q_OBJECT
public:
    explicit SceneEffects(Qt3DCore::QNode* parent);

    Qt3DRender::QEffect* terrainEffect() const { return mTerrain; }
    Qt3DRender::QMaterial* liquidMaterial() const { return mLiquid; }
    Qt3DRender::QMaterial* lineMaterial() const { return mLines; }
    Qt3DRender::QMaterial* overlayMaterial() const { return mOverlay; }
    // Instanced models (shaders/model.*): Opaque and AlphaKey in the opaque pass (AlphaKey discards texels
    // whose alpha is below 0.5), Alpha, Add and Modulate blended in the transparent pass; back faces culled
    // unless twoSided.
    Qt3DRender::QEffect* modelEffect(core::ModelBlend blend, bool twoSided);

    const SceneLook& look() const { return mLook; }
    void setLook(const SceneLook& look);

private:
    Qt3DRender::QMaterial* colouredMaterial(int pass);
    void addLookParameters(Qt3DRender::QEffect* effect);

    Qt3DRender::QEffect* mTerrain = nullptr;
    Qt3DRender::QMaterial* mLiquid = nullptr;
    Qt3DRender::QMaterial* mLines = nullptr;
    Qt3DRender::QMaterial* mOverlay = nullptr;
    std::map<int, Qt3DRender::QEffect*> mModelEffects; // blend * 2 + twoSided
    SceneLook mLook;
    QList<Qt3DRender::QParameter*> mLookParameters;
};

} // namespace mapsmith::editor
