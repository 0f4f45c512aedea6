#include "editor/viewport/frame_capture.h"

#include <Qt3DRender/QRenderCapture>

#include <QEventLoop>
#include <QTimer>

#include <memory>

namespace mapsmith::editor {

FrameCapture::FrameCapture(Qt3DRender::QRenderCapture* node, QObject* parent)
    : QObject(parent), mNode(node) {}

void FrameCapture::capture(std::function<void(QImage)> done) {
    request(2, std::move(done));
}

void FrameCapture::request(int remaining, std::function<void(QImage)> done) {
    Qt3DRender::QRenderCaptureReply* reply = mNode->requestCapture();
    connect(reply, &Qt3DRender::QRenderCaptureReply::completed, this,
            [this, reply, remaining, done = std::move(done)]() mutable {
                const QImage image = reply->image();
                reply->deleteLater();
                if (remaining > 1) {
                    request(remaining - 1, std::move(done));
                } else {
                    done(image);
                }
            });
}

QImage FrameCapture::grab(int timeoutMs) {
    struct State {
        QImage image;
        bool finished = false;
        QEventLoop* loop = nullptr; // null once grab() returned (a late capture then only stores)
    };
    auto state = std::make_shared<State>();
    QEventLoop loop;
    state->loop = &loop;
    capture([state](QImage image) {
        state->image = std::move(image);
        state->finished = true;
        if (state->loop) {
            state->loop->quit();
        }
    });
    QTimer::singleShot(timeoutMs, &loop, &QEventLoop::quit);
    if (!state->finished) {
        loop.exec();
    }
    state->loop = nullptr;
    return state->finished ? state->image : QImage();
}

} // namespace mapsmith::editor
