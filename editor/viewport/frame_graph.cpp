#include "editor/viewport/frame_graph.h"

#include "editor/viewport/render_passes.h"

#include <Qt3DRender/QCamera>
#include <Qt3DRender/QCameraSelector>
#include <Qt3DRender/QClearBuffers>
#include <Qt3DRender/QFilterKey>
#include <Qt3DRender/QFrustumCulling>
#include <Qt3DRender/QNoDraw>
#include <Qt3DRender/QRenderCapture>
#include <Qt3DRender/QRenderPassFilter>
#include <Qt3DRender/QRenderSurfaceSelector>
#include <Qt3DRender/QSortPolicy>
#include <Qt3DRender/QViewport>

namespace mapsmith::editor {

using namespace Qt3DRender;

namespace {

QRenderPassFilter* passFilter(RenderPass pass, Qt3DCore::QNode* parent) {
    auto* filter = new QRenderPassFilter(parent);
    auto* key = new QFilterKey(filter);
    key->setName(QString::fromLatin1(kPassKey));
    key->setValue(passName(pass));
    filter->addMatch(key);
    return filter;
}

} // namespace

FrameGraph buildFrameGraph(QObject* surface, QCamera* camera, const QColor& clearColour) {
    FrameGraph graph;
    auto* selector = new QRenderSurfaceSelector();
    graph.root = selector;
    selector->setSurface(surface);
    auto* viewport = new QViewport(selector);
    viewport->setNormalizedRect(QRectF(0.0, 0.0, 1.0, 1.0));
    auto* cameraSelector = new QCameraSelector(viewport);
    cameraSelector->setCamera(camera);

    graph.clear = new QClearBuffers(cameraSelector);
    graph.clear->setBuffers(QClearBuffers::ColorDepthBuffer);
    graph.clear->setClearColor(clearColour);
    auto* culling = new QFrustumCulling(graph.clear);
    // Nearest first: hidden terrain fails the depth test before its (texture-heavy) shading.
    auto* nearFirst = new QSortPolicy(culling);
    nearFirst->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::FrontToBack});
    passFilter(RenderPass::Opaque, nearFirst);

    auto* transparent = passFilter(RenderPass::Transparent, cameraSelector);
    auto* sort = new QSortPolicy(transparent);
    sort->setSortTypes(QList<QSortPolicy::SortType>{QSortPolicy::BackToFront});

    // The capture reads the frame buffer after its own leaf: it must be the last one drawn.
    graph.capture = new QRenderCapture(cameraSelector);
    passFilter(RenderPass::Overlay, graph.capture);
    return graph;
}

} // namespace mapsmith::editor
