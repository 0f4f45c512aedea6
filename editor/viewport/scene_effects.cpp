#include "editor/viewport/scene_effects.h"

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
