#pragma once
// The viewport's frame graph; its leaves render in order, one render view each:
//   QRenderSurfaceSelector > QViewport > QCameraSelector >
//     1. QClearBuffers (colour + depth, sky colour) > QFrustumCulling > QSortPolicy(front to back) >
//        QRenderPassFilter(pass = opaque)
//     2. QRenderPassFilter(pass = transparent) > QSortPolicy(back to front)
//     3. QRenderCapture > QRenderPassFilter(pass = overlay)
// so liquids blend over the finished terrain and the cursor is drawn on top. The capture node sits on
// the last leaf: Qt 3D reads the frame buffer right after the leaf that takes the capture request
// (the first leaf under it), so a capture node at the root would read the frame after the clear only.

#include <QColor>

class QSurface;
class QObject;

namespace Qt3DRender {
class QCamera;
class QClearBuffers;
class QFrameGraphNode;
class QRenderCapture;
} // namespace Qt3DRender

namespace mapsmith::editor {

struct FrameGraph {
    Qt3DRender::QFrameGraphNode* root = nullptr;
    Qt3DRender::QRenderCapture* capture = nullptr;
    Qt3DRender::QClearBuffers* clear = nullptr;
};

FrameGraph buildFrameGraph(QObject* surface, Qt3DRender::QCamera* camera, const QColor& clearColour);

} // namespace mapsmith::editor
