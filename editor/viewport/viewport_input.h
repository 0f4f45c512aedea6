#pragma once
// Mouse, tablet, wheel and keyboard handling of the terrain viewport: turns the render window's
// events into camera moves and tool signals.
//   Left button (or pen tip): tool. Press on terrain -> terrainPressed, moves -> terrainDragged
//     (pen pressure 0..1 from QTabletEvent, 1 with a mouse), release -> terrainReleased. Every left
//     press, on terrain or not, also gives pointerPressed, its moves pointerMoved and its release
//     pointerReleased, with the window position (the object tool picks along the ray through it).
//   Right drag: look around. Middle drag: orbit around the terrain point under the press (or a
//     point kOrbitFallback yards ahead when the press is on the sky).
//   W/S forward/back, A/D left/right, E/Q up/down (Shift: x4; the keys are FlyKeys, rebindable),
//   wheel: fly speed. Keys come from the render window, or from the main window (handleKey) when the
//   viewport does not have the focus.
// Every mouse move reports the terrain point under the cursor (cursorMoved).

#include "editor/viewport/camera_controller.h"

#include <QElapsedTimer>
#include <QObject>
#include <QPointF>
#include <QSet>
#include <QTimer>

#include <glm/vec3.hpp>

#include <functional>
#include <optional>

class QEvent;

namespace mapsmith::editor {

// The keys that fly the camera (Qt::Key values, modifiers ignored).
struct FlyKeys {
    int forward = Qt::Key_W;
    int back = Qt::Key_S;
    int left = Qt::Key_A;
    int right = Qt::Key_D;
    int up = Qt::Key_E;
    int down = Qt::Key_Q;
    bool contains(int key) const {
        return key == forward || key == back || key == left || key == right || key == up || key == down;
    }
    bool operator==(const FlyKeys&) const = default;
};

class ViewportInput final : public QObject {
    Q_OBJECT
public:
    // The terrain point under a window position (logical pixels), or nullopt.
    using Picker = std::function<std::optional<glm::dvec3>(QPointF)>;
    static constexpr double kOrbitFallback = 200.0; // yards
    static constexpr double kFastFactor = 4.0;

    ViewportInput(CameraController& camera, Picker pick, QObject* parent);

    // Handles one event of the render window; true when it was consumed.
    bool handle(QEvent* event);
    bool toolActive() const { return mMode == Mode::Tool; }
    void setFlyKeys(const FlyKeys& keys);
    const FlyKeys& flyKeys() const { return mFlyKeys; }
    // Stops flying (the keys held are forgotten): the window lost the keyboard.
    void releaseKeys();
    std::optional<QPointF> mousePosition() const { return mMouse; }

signals:
    void cameraMoved();
    void terrainPressed(glm::dvec3 world, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);
    void terrainDragged(glm::dvec3 world, double pressure);
    void terrainReleased();
    void cursorMoved(std::optional<glm::dvec3> world);
    void pointerPressed(QPointF pos, Qt::KeyboardModifiers modifiers);
    void pointerMoved(QPointF pos, Qt::KeyboardModifiers modifiers);
    void pointerReleased(QPointF pos, Qt::KeyboardModifiers modifiers);

private:
    enum class Mode { None, Tool, Look, Orbit };

    void press(QPointF pos, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);
    void move(QPointF pos, double pressure, Qt::KeyboardModifiers modifiers);
    void release(Qt::MouseButton button, QPointF pos, Qt::KeyboardModifiers modifiers);
    void flyStep();
    glm::dvec3 flyDirection() const;

    CameraController& mCamera;
    Picker mPick;
    Mode mMode = Mode::None;
    Qt::MouseButton mButton = Qt::NoButton;
    bool mOnTerrain = false; // the tool press was on the terrain: a terrain stroke runs
    QPointF mLast;
    std::optional<QPointF> mMouse;
    glm::dvec3 mPivot{0.0};
    FlyKeys mFlyKeys;
    QSet<int> mKeys;
    bool mFast = false;
    QTimer mFlyTimer;
    QElapsedTimer mFlyClock;
};

} // namespace mapsmith::editor
