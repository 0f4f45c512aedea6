#pragma once
// Mouse, tablet, wheel and keyboard handling of the terrain viewport: turns the render window's
// events into camera moves and tool signals.
//   Left button (or pen tip): tool. Press on terrain -> terrainPressed, moves -> terrainDragged
//     (pen pressure 0..1 from QTabletEvent, 1 with a mouse), release -> terrainReleased.
//   Right drag: look around. Middle drag: orbit around the terrain point under the press (or a
//     point kOrbitFallback yards ahead when the press is on the sky).
//   W/S forward/back, A/D left/right, E/Q up/down (Shift: x4), wheel: fly speed.
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
    std::optional<QPointF> mousePosition() const { return mMouse; }

signals:
    void cameraMoved();
    void terrainPressed(glm::dvec3 world, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);
    void terrainDragged(glm::dvec3 world, double pressure);
    void terrainReleased();
    void cursorMoved(std::optional<glm::dvec3> world);

private:
    enum class Mode { None, Tool, Look, Orbit };

    void press(QPointF pos, Qt::MouseButton button, Qt::KeyboardModifiers modifiers);
    void move(QPointF pos, double pressure);
    void release(Qt::MouseButton button);
    void flyStep();
    glm::dvec3 flyDirection() const;

    CameraController& mCamera;
    Picker mPick;
    Mode mMode = Mode::None;
    Qt::MouseButton mButton = Qt::NoButton;
    QPointF mLast;
    std::optional<QPointF> mMouse;
    glm::dvec3 mPivot{0.0};
    QSet<int> mKeys;
    bool mFast = false;
    QTimer mFlyTimer;
    QElapsedTimer mFlyClock;
};

} // namespace mapsmith::editor
