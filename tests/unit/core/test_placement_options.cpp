// Placement options of the object tool: the MDDF/MODF rotation of a heading, a slope and a tilt (checked
// through placementRotation, the matrix the viewport and the bounds use), random heading/scale/tilt
// within their ranges and the same for the same seed, snapping to the ground, and the terrain normal.

#include "core/geometry/object_model.h"
#include "core/geometry/placement_options.h"

#include <QtTest>

#include <glm/geometric.hpp>
#include <glm/trigonometric.hpp>

#include <cmath>
#include <set>

using namespace mapsmith;
using core::PlacementOptions;
using core::PlacementRandom;

namespace {

bool near(const glm::dmat3& a, const glm::dmat3& b, double eps = 1e-4) {
    for (int c = 0; c < 3; ++c) {
        for (int r = 0; r < 3; ++r) {
            if (std::abs(a[c][r] - b[c][r]) > eps) {
                return false;
            }
        }
    }
    return true;
}

bool near(glm::dvec3 a, glm::dvec3 b, double eps = 1e-4) {
    return glm::length(a - b) < eps;
}

glm::dmat3 aboutZ(double degrees) {
    const double r = glm::radians(degrees);
    return glm::dmat3(std::cos(r), std::sin(r), 0, -std::sin(r), std::cos(r), 0, 0, 0, 1);
}

// Where a placement turns the model's up axis and its forward axis (world).
glm::dvec3 modelUp(const io::Vec3f& rotation) {
    return core::worldRotationOf(rotation) * glm::dvec3(0, 0, 1);
}
glm::dvec3 modelForward(const io::Vec3f& rotation) {
    return core::worldRotationOf(rotation) * glm::dvec3(1, 0, 0);
}

double degreesBetween(glm::dvec3 a, glm::dvec3 b) {
    return glm::degrees(std::acos(std::clamp(glm::dot(glm::normalize(a), glm::normalize(b)), -1.0, 1.0)));
}

} // namespace

class TestPlacementOptions : public QObject {
    Q_OBJECT
private slots:
    void headingIsATurnAboutUp();
    void rotationRoundTrips();
    void defaultsPlaceOnTheGroundUnturned();
    void followSlopeOrKeepUpright();
    void tiltStaysWithinItsMaximum();
    void randomHeadingAndScaleAreSeeded();
    void badOptionsStayUsable();
    void terrainNormalFromHeights();
};

void TestPlacementOptions::headingIsATurnAboutUp() {
    // rotationYForHeading's convention seen through placementRotation: the model turns about world z by
    // its heading, so its forward axis points along the heading (0 north = +x, 90 west = +y).
    for (const double h : {0.0, 30.0, 90.0, 180.0, 271.5}) {
        const io::Vec3f r{0.0f, core::rotationYForHeading(h), 0.0f};
        QVERIFY2(near(core::worldRotationOf(r), aboutZ(h)), qPrintable(QString::number(h)));
        QVERIFY(near(core::modelToWorldRotation({0, 0, 1}, h), aboutZ(h)));
    }
    QVERIFY(near(modelForward({0.0f, core::rotationYForHeading(90.0), 0.0f}), {0, 1, 0}));
}

void TestPlacementOptions::rotationRoundTrips() {
    PlacementRandom random(7);
    for (int i = 0; i < 500; ++i) {
        const glm::dvec3 up =
            glm::normalize(glm::dvec3(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1)));
        const double heading = random.uniform(0, 360);
        const glm::dmat3 want = core::modelToWorldRotation(up, heading);
        const io::Vec3f r = core::rotationForModelToWorld(want);
        for (const float a : {r.x, r.y, r.z}) {
            QVERIFY(a >= 0.0f && a < 360.0f);
        }
        QVERIFY2(near(core::worldRotationOf(r), want, 1e-4), qPrintable(QString::number(i)));
        QVERIFY(near(modelUp(r), up, 1e-4));
    }
    // The gimbal case (the model's forward axis straight up or down) still round-trips.
    for (const glm::dvec3 up : {glm::dvec3(1, 0, 0), glm::dvec3(-1, 0, 0)}) {
        const glm::dmat3 want = core::modelToWorldRotation(up, 0.0);
        QVERIFY(near(core::worldRotationOf(core::rotationForModelToWorld(want)), want, 1e-4));
    }
}

void TestPlacementOptions::defaultsPlaceOnTheGroundUnturned() {
    PlacementRandom random;
    const PlacementOptions defaults;
    const auto choice =
        core::choosePlacement(defaults, {100.0, 200.0, 55.0}, 50.0, glm::dvec3(0.6, 0, 0.8), random);
    QCOMPARE(choice.world, glm::dvec3(100.0, 200.0, 50.0));
    QCOMPARE(choice.rotation, (io::Vec3f{0.0f, 0.0f, 0.0f})); // as the tool placed before options existed
    QCOMPARE(choice.scale, 1.0);
    PlacementOptions clicked;
    clicked.snapToGround = false;
    QCOMPARE(core::choosePlacement(clicked, {100.0, 200.0, 55.0}, 50.0, std::nullopt, random).world.z, 55.0);
    // Without a known ground the clicked height is kept even when snapping.
    QCOMPARE(core::choosePlacement(defaults, {1.0, 2.0, 3.0}, std::nullopt, std::nullopt, random).world.z,
             3.0);
}

void TestPlacementOptions::followSlopeOrKeepUpright() {
    PlacementRandom random(3);
    const glm::dvec3 slope = glm::normalize(glm::dvec3(-0.5, 0.2, 1.0));
    PlacementOptions options;
    options.followSlope = true;
    auto choice = core::choosePlacement(options, {0, 0, 0}, 0.0, slope, random);
    QVERIFY(near(modelUp(choice.rotation), slope));
    // The heading (180 without random heading) is kept as near as the slope allows.
    glm::dvec3 forward = modelForward(choice.rotation);
    QVERIFY(degreesBetween(glm::dvec3(forward.x, forward.y, 0.0), {-1, 0, 0}) < 5.0);
    options.randomHeading = true;
    for (int i = 0; i < 20; ++i) {
        choice = core::choosePlacement(options, {0, 0, 0}, 0.0, slope, random);
        QVERIFY(near(modelUp(choice.rotation), slope));
        forward = modelForward(choice.rotation);
        const double h = glm::degrees(std::atan2(forward.y, forward.x));
        QVERIFY2(std::abs(std::remainder(h - choice.heading, 360.0)) < 15.0, qPrintable(QString::number(i)));
    }
    options.followSlope = false; // upright whatever the ground
    choice = core::choosePlacement(options, {0, 0, 0}, 0.0, slope, random);
    QVERIFY(near(modelUp(choice.rotation), {0, 0, 1}));
    QCOMPARE(choice.rotation.x, 0.0f);
    QCOMPARE(choice.rotation.z, 0.0f);
    QCOMPARE(choice.rotation.y, core::rotationYForHeading(choice.heading));
    // A missing or unusable normal means upright too.
    options.followSlope = true;
    QVERIFY(
        near(modelUp(core::choosePlacement(options, {}, 0.0, glm::dvec3(0.0), random).rotation), {0, 0, 1}));
    QVERIFY(near(modelUp(core::choosePlacement(options, {}, 0.0, std::nullopt, random).rotation), {0, 0, 1}));
}

void TestPlacementOptions::tiltStaysWithinItsMaximum() {
    PlacementRandom random(11);
    PlacementOptions options;
    options.maxTiltDegrees = 20.0;
    double largest = 0.0;
    std::set<int> quadrants;
    for (int i = 0; i < 300; ++i) {
        const auto choice = core::choosePlacement(options, {}, 0.0, std::nullopt, random);
        const glm::dvec3 up = modelUp(choice.rotation);
        const double tilt = degreesBetween(up, {0, 0, 1});
        QVERIFY2(tilt <= 20.0 + 1e-3, qPrintable(QString::number(tilt)));
        largest = std::max(largest, tilt);
        if (tilt > 1.0) {
            quadrants.insert(int(std::floor((std::atan2(up.y, up.x) + M_PI) / (M_PI / 2))) % 4);
        }
    }
    QVERIFY(largest > 15.0);                    // the range is used, not just its start
    QCOMPARE(quadrants.size(), std::size_t(4)); // in every direction
    // On a slope the tilt is measured from the terrain normal.
    options.followSlope = true;
    const glm::dvec3 slope = glm::normalize(glm::dvec3(0.3, -0.4, 1.0));
    for (int i = 0; i < 50; ++i) {
        const auto choice = core::choosePlacement(options, {}, 0.0, slope, random);
        QVERIFY(degreesBetween(modelUp(choice.rotation), slope) <= 20.0 + 1e-3);
    }
}

void TestPlacementOptions::randomHeadingAndScaleAreSeeded() {
    PlacementOptions options;
    options.randomHeading = true;
    options.scaleMin = 0.5;
    options.scaleMax = 2.0;
    PlacementRandom a(42);
    PlacementRandom b(42);
    PlacementRandom c(43);
    std::set<int> sixths;
    bool low = false;
    bool high = false;
    bool differs = false;
    for (int i = 0; i < 200; ++i) {
        const auto x = core::choosePlacement(options, {5, 6, 7}, 7.0, std::nullopt, a);
        const auto y = core::choosePlacement(options, {5, 6, 7}, 7.0, std::nullopt, b);
        const auto z = core::choosePlacement(options, {5, 6, 7}, 7.0, std::nullopt, c);
        QCOMPARE(x.rotation, y.rotation);
        QCOMPARE(x.scale, y.scale);
        differs = differs || !(x.rotation == z.rotation);
        QVERIFY(x.heading >= 0.0 && x.heading < 360.0);
        QCOMPARE(x.rotation.y, core::rotationYForHeading(x.heading));
        sixths.insert(int(x.heading / 60.0));
        QVERIFY(x.scale >= 0.5 && x.scale <= 2.0);
        low = low || x.scale < 0.8;
        high = high || x.scale > 1.7;
    }
    QVERIFY(differs);
    QCOMPARE(sixths.size(), std::size_t(6));
    QVERIFY(low && high);
    // Known values: the generator is SplitMix64, the same on every platform.
    PlacementRandom fixed(0);
    QCOMPARE(fixed.next(), 0xE220A8397B1DCDAFull);
}

void TestPlacementOptions::badOptionsStayUsable() {
    PlacementRandom random(5);
    PlacementOptions options;
    options.scaleMin = 3.0; // either order
    options.scaleMax = 2.0;
    for (int i = 0; i < 50; ++i) {
        const double s = core::choosePlacement(options, {}, 0.0, std::nullopt, random).scale;
        QVERIFY(s >= 2.0 && s <= 3.0);
    }
    options.scaleMin = std::nan("");
    QCOMPARE(core::choosePlacement(options, {}, 0.0, std::nullopt, random).scale, 1.0);
    options.scaleMin = 0.0; // clamped to what MDDF can hold
    options.scaleMax = 1e9;
    for (int i = 0; i < 20; ++i) {
        const double s = core::choosePlacement(options, {}, 0.0, std::nullopt, random).scale;
        QVERIFY(s >= core::scaleFactor(core::kScaleMin) && s <= core::scaleFactor(core::kScaleMax));
    }
    options = {};
    options.maxTiltDegrees = std::nan("");
    QVERIFY(near(modelUp(core::choosePlacement(options, {}, 0.0, std::nullopt, random).rotation), {0, 0, 1}));
    options.maxTiltDegrees = 500.0; // at most 90
    for (int i = 0; i < 50; ++i) {
        const auto r = core::choosePlacement(options, {}, 0.0, std::nullopt, random).rotation;
        QVERIFY(degreesBetween(modelUp(r), {0, 0, 1}) <= 90.0 + 1e-3);
    }
    const auto odd = core::choosePlacement(options, {}, std::nan(""), glm::dvec3(std::nan(""), 0, 1), random);
    QVERIFY(std::isfinite(odd.world.z));
}

void TestPlacementOptions::terrainNormalFromHeights() {
    // z = 0.5 x + 0.25 y: the normal is along (-0.5, -0.25, 1).
    const auto plane = [](glm::dvec2 p) -> std::optional<double> { return 0.5 * p.x + 0.25 * p.y; };
    const auto n = core::terrainNormal(plane, {10.0, 20.0});
    QVERIFY(n);
    QVERIFY(near(*n, glm::normalize(glm::dvec3(-0.5, -0.25, 1.0)), 1e-9));
    QVERIFY(near(*core::terrainNormal([](glm::dvec2) { return std::optional<double>(3.0); }, {}), {0, 0, 1}));
    // A height missing on one side (the edge of the loaded tiles): none.
    const auto edge = [](glm::dvec2 p) -> std::optional<double> {
        return p.x > 0.0 ? std::nullopt : std::optional<double>(1.0);
    };
    QVERIFY(!core::terrainNormal(edge, {0.0, 0.0}));
    QVERIFY(!core::terrainNormal({}, {0.0, 0.0}));
}

QTEST_APPLESS_MAIN(TestPlacementOptions)
#include "test_placement_options.moc"
