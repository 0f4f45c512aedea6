#pragma once
// Frame grabs through the frame graph's QRenderCapture. The first frame captured after a request can
// still be the clear colour only (measured with Qt 3D 6.4, docs/notes), so every grab waits for the
// second one: capture, discard, capture again.

#include <QImage>
#include <QObject>

#include <functional>

namespace Qt3DRender {
class QRenderCapture;
}

namespace mapsmith::editor {

class FrameCapture final : public QObject {
    Q_OBJECT
public:
    FrameCapture(Qt3DRender::QRenderCapture* node, QObject* parent);

    // Calls `done` with the second frame rendered after this call (never if this object dies first).
    void capture(std::function<void(QImage)> done);
    // Spins an event loop until capture() delivers or `timeoutMs` passes (then a null image).
    QImage grab(int timeoutMs);

private:
    void request(int remaining, std::function<void(QImage)> done);

    Qt3DRender::QRenderCapture* mNode;
};

} // namespace mapsmith::editor
