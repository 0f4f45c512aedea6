#include "editor/viewport/viewport_input.h"

#include <QKeyEvent>
#include <QMouseEvent>
#include <QTabletEvent>
#include <QWheelEvent>

#include <algorithm>

namespace mapsmith::editor {

ViewportInput::ViewportInput(CameraController& camera, Picker pick, QObject* parent)
    : QObject(parent), mCamera(camera), mPick(std::move(pick)) {
    mFlyTimer.setInterval(16);
    connect(&mFlyTimer, &QTimer::timeout, this, &ViewportInput::flyStep);
}

bool ViewportInput::handle(QEvent* event) {
    switch (event->type()) {
    case QEvent::MouseButtonPress: {
        auto* e = static_cast<QMouseEvent*>(event);
        press(e->position(), e->button(), e->modifiers());
        return true;
    }
    case QEvent::MouseMove: {
        auto* e = static_cast<QMouseEvent*>(event);
        move(e->position(), 1.0, e->modifiers());
        return true;
    }
    case QEvent::MouseButtonRelease: {
        auto* e = static_cast<QMouseEvent*>(event);
        release(e->button(), e->position(), e->modifiers());
        return true;
    }
    case QEvent::TabletPress:
    case QEvent::TabletMove:
    case QEvent::TabletRelease: {
        auto* e = static_cast<QTabletEvent*>(event);
        if (event->type() == QEvent::TabletPress && e->button() == Qt::LeftButton) {
            press(e->position(), Qt::LeftButton, e->modifiers());
        } else if (event->type() == QEvent::TabletMove) {
            move(e->position(), std::clamp(e->pressure(), 0.0, 1.0), e->modifiers());
        } else if (event->type() == QEvent::TabletRelease && e->button() == Qt::LeftButton) {
            release(Qt::LeftButton, e->position(), e->modifiers());
        } else {
            return false; // other pen buttons: let Qt synthesise mouse events
        }
        e->accept();
        return true;
    }
    case QEvent::Wheel:
        mCamera.wheel(static_cast<QWheelEvent*>(event)->angleDelta().y());
        return true;
    case QEvent::KeyPress:
    case QEvent::KeyRelease: {
        auto* e = static_cast<QKeyEvent*>(event);
        mFast = e->modifiers().testFlag(Qt::ShiftModifier);
        if (!mFlyKeys.contains(e->key()) || e->isAutoRepeat()) {
            return mFlyKeys.contains(e->key());
        }
        if (event->type() == QEvent::KeyPress) {
            mKeys.insert(e->key());
            if (!mFlyTimer.isActive()) {
                mFlyClock.start();
                mFlyTimer.start();
            }
        } else {
            mKeys.remove(e->key());
        }
        return true;
    }
    case QEvent::FocusOut:
        releaseKeys();
        return false;
    case QEvent::Leave:
        mMouse.reset();
        emit cursorMoved(std::nullopt);
        return false;
    default:
        return false;
    }
}

void ViewportInput::press(QPointF pos, Qt::MouseButton button, Qt::KeyboardModifiers modifiers) {
    if (mMode != Mode::None) {
        return; // one drag at a time
    }
    mLast = pos;
    mButton = button;
    if (button == Qt::LeftButton) {
        mMode = Mode::Tool;
        const auto hit = mPick(pos);
        mOnTerrain = hit.has_value();
        emit pointerPressed(pos, modifiers);
        if (hit) {
            emit terrainPressed(*hit, button, modifiers);
        }
    } else if (button == Qt::RightButton) {
        mMode = Mode::Look;
    } else if (button == Qt::MiddleButton) {
        mMode = Mode::Orbit;
        const auto hit = mPick(pos);
        mPivot = hit ? *hit : mCamera.pose().position + forwardOf(mCamera.pose()) * kOrbitFallback;
    }
}

void ViewportInput::move(QPointF pos, double pressure, Qt::KeyboardModifiers modifiers) {
    const QPointF delta = pos - mLast;
    mLast = pos;
    mMouse = pos;
    if (mMode == Mode::Look) {
        mCamera.look(delta.x(), delta.y());
        emit cameraMoved();
    } else if (mMode == Mode::Orbit) {
        mCamera.orbit(mPivot, delta.x(), delta.y());
        emit cameraMoved();
    }
    const auto hit = mPick(pos);
    if (mMode == Mode::Tool) {
        emit pointerMoved(pos, modifiers);
        if (mOnTerrain && hit) {
            emit terrainDragged(*hit, pressure);
        }
    }
    emit cursorMoved(hit);
}

void ViewportInput::release(Qt::MouseButton button, QPointF pos, Qt::KeyboardModifiers modifiers) {
    if (button != mButton) {
        return;
    }
    if (mMode == Mode::Tool) {
        emit pointerReleased(pos, modifiers);
        if (mOnTerrain) {
            emit terrainReleased();
        }
        mOnTerrain = false;
    }
    mMode = Mode::None;
    mButton = Qt::NoButton;
}

void ViewportInput::setFlyKeys(const FlyKeys& keys) {
    releaseKeys();
    mFlyKeys = keys;
}

void ViewportInput::releaseKeys() {
    mKeys.clear();
    mFlyTimer.stop();
}

glm::dvec3 ViewportInput::flyDirection() const {
    const auto axis = [&](int plus, int minus) {
        return double(mKeys.contains(plus)) - double(mKeys.contains(minus));
    };
    const FlyKeys& k = mFlyKeys;
    return {axis(k.forward, k.back), axis(k.right, k.left), axis(k.up, k.down)};
}

void ViewportInput::flyStep() {
    if (mKeys.isEmpty()) {
        mFlyTimer.stop();
        return;
    }
    const double seconds = std::min(mFlyClock.restart() / 1000.0, 0.1);
    mCamera.fly(flyDirection() * (mFast ? kFastFactor : 1.0), seconds);
    emit cameraMoved();
}

} // namespace mapsmith::editor
