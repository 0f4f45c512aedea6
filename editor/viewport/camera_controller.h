#pragma once
// The viewport camera as plain math on world coordinates (x north, y west, z up, yards): pose,
// fly / look / orbit moves, and the pinhole projection the renderer uses (vertical field of view),
// so picking and projecting need no GL and are exact.
//
// Orientation: yaw in degrees counter-clockwise seen from above, 0 = facing north (+x), 90 = west
// (+y); pitch in degrees above the horizon, kept within +-kMaxPitch; no roll.
// Pixels: (0, 0) is the top-left corner of the viewport, y grows downwards; pixel (i, j) covers
// [i, i + 1) x [j, j + 1), so its centre is (i + 0.5, j + 0.5).

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

#include <optional>

namespace mapsmith::editor {

inline constexpr double kMaxPitch = 89.0;

struct CameraPose {
    glm::dvec3 position{0.0};
    double yaw = 0.0;
    double pitch = 0.0;
};

struct Ray {
    glm::dvec3 origin{0.0};
    glm::dvec3 direction{1.0, 0.0, 0.0}; // unit length
};

glm::dvec3 forwardOf(const CameraPose& pose);
glm::dvec3 rightOf(const CameraPose& pose); // horizontal
glm::dvec3 upOf(const CameraPose& pose);

// A pose at `distance` yards from `target` looking at it with the given yaw and pitch.
CameraPose poseLookingAt(glm::dvec3 target, double yaw, double pitch, double distance);

class CameraController {
public:
    const CameraPose& pose() const { return mPose; }
    void setPose(const CameraPose& pose);
    double fieldOfView() const { return mFovY; } // vertical, degrees
    void setFieldOfView(double degrees) { mFovY = degrees; }
    double speed() const { return mSpeed; } // fly speed, yards per second
    void setSpeed(double yardsPerSecond);
    // Mouse wheel: each 120 units (one notch) multiplies the speed by kWheelFactor (negative: divides).
    void wheel(double angleDelta);

    // Fly: `move` in camera axes (x forward, y right, z world up), each -1..1, for `seconds`.
    void fly(glm::dvec3 move, double seconds);
    // Look: turns by `dx`, `dy` pixels of mouse motion (right turns right, down looks down).
    void look(double dx, double dy);
    // Orbit: turns the camera rigidly about `pivot` by the same angles as look(), so the pivot keeps
    // its place on the screen while the view circles it.
    void orbit(glm::dvec3 pivot, double dx, double dy);

    // The ray from the eye through a point of a viewport of `size` pixels.
    Ray rayThrough(glm::dvec2 pixel, glm::dvec2 size) const;
    // Where a world point lands in the viewport (continuous pixels); nullopt behind the near plane.
    std::optional<glm::dvec2> project(glm::dvec3 world, glm::dvec2 size) const;

    static constexpr double kDegreesPerPixel = 0.25;
    static constexpr double kWheelFactor = 1.25;
    static constexpr double kMinSpeed = 2.0;
    static constexpr double kMaxSpeed = 5000.0;
    static constexpr double kNearPlane = 0.5; // yards

private:
    CameraPose mPose;
    double mFovY = 60.0;
    double mSpeed = 80.0;
};

} // namespace mapsmith::editor
