#include "editor/viewport/render_passes.h"

#include <Qt3DRender/QBlendEquation>
#include <Qt3DRender/QBlendEquationArguments>
#include <Qt3DRender/QCullFace>
#include <Qt3DRender/QDepthTest>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QGraphicsApiFilter>
#include <Qt3DRender/QNoDepthMask>
#include <Qt3DRender/QRenderPass>
#include <Qt3DRender/QShaderProgram>
#include <Qt3DRender/QTechnique>

#include <QUrl>

// Q_INIT_RESOURCE must be expanded outside any namespace.
static void initResourcesOnce() {
    Q_INIT_RESOURCE(resources);
}

namespace mapsmith::editor {

using namespace Qt3DRender;

void initViewportResources() {
    static const bool done = (initResourcesOnce(), true);
    Q_UNUSED(done);
}

QString passName(RenderPass pass) {
    switch (pass) {
    case RenderPass::Opaque:
        return QStringLiteral("opaque");
    case RenderPass::Transparent:
        return QStringLiteral("transparent");
    case RenderPass::Overlay:
        return QStringLiteral("overlay");
    }
    return {};
}

QEffect* makeEffect(const QString& shaderName, RenderPass pass, Qt3DCore::QNode* parent,
                    const PassStates& states) {
    initViewportResources();
    auto* effect = new QEffect(parent);
    auto* technique = new QTechnique(effect);
    technique->graphicsApiFilter()->setApi(QGraphicsApiFilter::OpenGL);
    technique->graphicsApiFilter()->setProfile(QGraphicsApiFilter::CoreProfile);
    technique->graphicsApiFilter()->setMajorVersion(3);
    technique->graphicsApiFilter()->setMinorVersion(3);
    auto* style = new QFilterKey(technique);
    style->setName(QStringLiteral("renderingStyle"));
    style->setValue(QStringLiteral("forward"));
    technique->addFilterKey(style);

    auto* renderPass = new QRenderPass(technique);
    auto* key = new QFilterKey(renderPass);
    key->setName(QString::fromLatin1(kPassKey));
    key->setValue(passName(pass));
    renderPass->addFilterKey(key);

    auto* program = new QShaderProgram(renderPass);
    const QString base = QStringLiteral("qrc:/shaders/") + shaderName;
    program->setVertexShaderCode(QShaderProgram::loadSource(QUrl(base + QStringLiteral(".vert"))));
    program->setFragmentShaderCode(QShaderProgram::loadSource(QUrl(base + QStringLiteral(".frag"))));
    renderPass->setShaderProgram(program);

    auto* depth = new QDepthTest(renderPass);
    depth->setDepthFunction(pass == RenderPass::Overlay ? QDepthTest::Always : QDepthTest::LessOrEqual);
    renderPass->addRenderState(depth);
    if (pass != RenderPass::Opaque) {
        renderPass->addRenderState(new QNoDepthMask(renderPass));
        auto* blend = new QBlendEquationArguments(renderPass);
        blend->setSourceRgb(states.source);
        blend->setDestinationRgb(states.destination);
        blend->setSourceAlpha(QBlendEquationArguments::One);
        blend->setDestinationAlpha(QBlendEquationArguments::OneMinusSourceAlpha);
        renderPass->addRenderState(blend);
        auto* equation = new QBlendEquation(renderPass);
        equation->setBlendFunction(QBlendEquation::Add);
        renderPass->addRenderState(equation);
    }
    if (states.cullBackFaces) {
        auto* cull = new QCullFace(renderPass);
        cull->setMode(QCullFace::Back);
        renderPass->addRenderState(cull);
    }
    technique->addRenderPass(renderPass);
    effect->addTechnique(technique);
    return effect;
}

} // namespace mapsmith::editor
