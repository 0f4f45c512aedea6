#include "editor/viewport/scene_effects.h"

#include "core/models/model_mesh.h"
#include "editor/viewport/render_passes.h"

#include <Qt3DRender/QEffect>
#include <Qt3DRender/QMaterial>
#include <Qt3DRender/QParameter>

namespace mapsmith::editor {

using namespace Qt3DRender;

SceneEffects::SceneEffects(Qt3DCore::QNode* parent) : Qt3DCore::QNode(parent) {
    mTerrain = makeEffect(QStringLiteral("terrain"), RenderPass::Opaque, this);
    addLookParameters(mTerrain);
    mLiquid = colouredMaterial(int(RenderPass::Transparent));
    mLines = colouredMaterial(int(RenderPass::Opaque));
    mOverlay = colouredMaterial(int(RenderPass::Overlay));
    setLook(mLook);
}

QMaterial* SceneEffects::colouredMaterial(int pass) {
    auto* material = new QMaterial(this);
    auto* effect = makeEffect(QStringLiteral("coloured"), RenderPass(pass), material);
    addLookParameters(effect);
    material->setEffect(effect);
    return material;
}

QEffect* SceneEffects::modelEffect(core::ModelBlend blend, bool twoSided) {
    const int key = int(blend) * 2 + (twoSided ? 1 : 0);
    if (const auto it = mModelEffects.find(key); it != mModelEffects.end()) {
        return it->second;
    }
    using Blending = QBlendEquationArguments::Blending;
    PassStates states;
    states.cullBackFaces = !twoSided;
    RenderPass pass = RenderPass::Transparent;
    float alphaTest = -1.0f;       // texels below are discarded
    float alphaFromTexture = 1.0f; // 0: the output is opaque
    switch (blend) {
    case core::ModelBlend::Opaque:
        pass = RenderPass::Opaque;
        alphaFromTexture = 0.0f;
        break;
    case core::ModelBlend::AlphaKey:
        pass = RenderPass::Opaque;
        alphaTest = 0.5f;
        alphaFromTexture = 0.0f;
        break;
    case core::ModelBlend::Alpha:
        break;
    case core::ModelBlend::Add:
        states.destination = Blending::One;
        break;
    case core::ModelBlend::Modulate:
        states.source = Blending::DestinationColor;
        states.destination = Blending::Zero;
        alphaFromTexture = 0.0f;
        break;
    }
    // Built detached and attached when complete (terrain_scene.h, "attach last").
    auto* effect = makeEffect(QStringLiteral("model"), pass, nullptr, states);
    addLookParameters(effect);
    effect->addParameter(new QParameter(QStringLiteral("alphaTest"), alphaTest, effect));
    effect->addParameter(new QParameter(QStringLiteral("alphaFromTexture"), alphaFromTexture, effect));
    effect->setParent(this);
    mModelEffects.emplace(key, effect);
    setLook(mLook); // the new effect's look parameters get their values
    return effect;
}

void SceneEffects::addLookParameters(QEffect* effect) {
    for (const char* name : {"fogColour", "fogStart", "fogEnd", "lightDirection", "ambient", "shadowStrength",
                             "textureRepeat"}) {
        auto* p = new QParameter(QString::fromLatin1(name), 0.0f, effect);
        effect->addParameter(p);
        mLookParameters.append(p);
    }
}

void SceneEffects::setLook(const SceneLook& look) {
    mLook = look;
    for (auto* p : std::as_const(mLookParameters)) {
        const QString& n = p->name();
        if (n == QLatin1String("fogColour")) {
            p->setValue(QVector3D(look.fogColour.redF(), look.fogColour.greenF(), look.fogColour.blueF()));
        } else if (n == QLatin1String("fogStart")) {
            p->setValue(look.fogStart);
        } else if (n == QLatin1String("fogEnd")) {
            p->setValue(look.fogEnd);
        } else if (n == QLatin1String("lightDirection")) {
            p->setValue(look.lightDirection.normalized());
        } else if (n == QLatin1String("ambient")) {
            p->setValue(look.ambient);
        } else if (n == QLatin1String("shadowStrength")) {
            p->setValue(look.shadowStrength);
        } else if (n == QLatin1String("textureRepeat")) {
            p->setValue(look.textureRepeat);
        }
    }
}

} // namespace mapsmith::editor
