#include "editor/viewport/camera_controller.h"

#include <glm/geometric.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mapsmith::editor {

namespace {

double radians(double degrees) {
    return degrees * std::numbers::pi / 180.0;
}

// Rodrigues: `v` rotated by `degrees` about unit `axis` (right-hand rule).
glm::dvec3 rotate(glm::dvec3 v, glm::dvec3 axis, double degrees) {
    const double a = radians(degrees);
    const double c = std::cos(a);
    const double s = std::sin(a);
    return v * c + glm::cross(axis, v) * s + axis * glm::dot(axis, v) * (1.0 - c);
}

double wrapYaw(double yaw) {
    yaw = std::fmod(yaw, 360.0);
    return yaw < 0.0 ? yaw + 360.0 : yaw;
}

} // namespace

glm::dvec3 forwardOf(const CameraPose& pose) {
    const double y = radians(pose.yaw);
    const double p = radians(pose.pitch);
    return {std::cos(p) * std::cos(y), std::cos(p) * std::sin(y), std::sin(p)};
}

glm::dvec3 rightOf(const CameraPose& pose) {
    const double y = radians(pose.yaw);
    return {std::sin(y), -std::cos(y), 0.0}; // forward x up, horizontal
}

glm::dvec3 upOf(const CameraPose& pose) {
    return glm::cross(rightOf(pose), forwardOf(pose));
}

CameraPose poseLookingAt(glm::dvec3 target, double yaw, double pitch, double distance) {
    CameraPose pose;
    pose.yaw = wrapYaw(yaw);
    pose.pitch = std::clamp(pitch, -kMaxPitch, kMaxPitch);
    pose.position = target - forwardOf(pose) * distance;
    return pose;
}

void CameraController::setPose(const CameraPose& pose) {
    mPose = pose;
    mPose.yaw = wrapYaw(pose.yaw);
    mPose.pitch = std::clamp(pose.pitch, -kMaxPitch, kMaxPitch);
}

void CameraController::setSpeed(double yardsPerSecond) {
    mSpeed = std::clamp(yardsPerSecond, kMinSpeed, kMaxSpeed);
}

void CameraController::wheel(double angleDelta) {
    setSpeed(mSpeed * std::pow(kWheelFactor, angleDelta / 120.0));
}

void CameraController::fly(glm::dvec3 move, double seconds) {
    const glm::dvec3 d = forwardOf(mPose) * move.x + rightOf(mPose) * move.y + glm::dvec3(0.0, 0.0, move.z);
    mPose.position += d * (mSpeed * seconds);
}

void CameraController::look(double dx, double dy) {
    mPose.yaw = wrapYaw(mPose.yaw - dx * kDegreesPerPixel);
    mPose.pitch = std::clamp(mPose.pitch - dy * kDegreesPerPixel, -kMaxPitch, kMaxPitch);
}

void CameraController::orbit(glm::dvec3 pivot, double dx, double dy) {
    const double dYaw = -dx * kDegreesPerPixel;
    const double dPitch =
        std::clamp(mPose.pitch - dy * kDegreesPerPixel, -kMaxPitch, kMaxPitch) - mPose.pitch;
    // Yaw: about the vertical through the pivot. Pitch: about the camera's right axis through it
    // (rotating forward towards up by +angle). Both rigid, so the pivot's view coordinates are kept.
    mPose.position = pivot + rotate(mPose.position - pivot, {0.0, 0.0, 1.0}, dYaw);
    mPose.yaw = wrapYaw(mPose.yaw + dYaw);
    mPose.position = pivot + rotate(mPose.position - pivot, rightOf(mPose), dPitch);
    mPose.pitch += dPitch;
}

Ray CameraController::rayThrough(glm::dvec2 pixel, glm::dvec2 size) const {
    const double t = std::tan(radians(mFovY) / 2.0);
    const double aspect = size.x / std::max(size.y, 1.0);
    const double nx = 2.0 * pixel.x / std::max(size.x, 1.0) - 1.0;
    const double ny = 1.0 - 2.0 * pixel.y / std::max(size.y, 1.0);
    const glm::dvec3 d = forwardOf(mPose) + rightOf(mPose) * (nx * t * aspect) + upOf(mPose) * (ny * t);
    return {mPose.position, glm::normalize(d)};
}

std::optional<glm::dvec2> CameraController::project(glm::dvec3 world, glm::dvec2 size) const {
    const glm::dvec3 d = world - mPose.position;
    const double z = glm::dot(d, forwardOf(mPose));
    if (!(z > kNearPlane)) {
        return std::nullopt;
    }
    const double t = std::tan(radians(mFovY) / 2.0);
    const double aspect = size.x / std::max(size.y, 1.0);
    const double nx = glm::dot(d, rightOf(mPose)) / (z * t * aspect);
    const double ny = glm::dot(d, upOf(mPose)) / (z * t);
    return glm::dvec2((nx + 1.0) * 0.5 * size.x, (1.0 - ny) * 0.5 * size.y);
}

} // namespace mapsmith::editor
