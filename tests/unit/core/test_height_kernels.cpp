// Height brush kernels on realistic vertex layouts (4x4 chunks around the map centre, built with
// core::vertexPosition, border vertices duplicated as in the file): raise/lower amounts, vertices at or
// outside the radius bit-identical for every mode, flatten convergence without overshoot, stroke-start
// and ramp planes, smooth (variance down, linear field fixed), value noise (determinism, seeds, range,
// continuity) and set.

#include "core/geometry/coords.h"
#include "core/kernels/height_kernels.h"

#include <glm/geometric.hpp>

#include <QtTest>

#include <cmath>
#include <cstring>
#include <limits>
#include <numbers>
#include <random>
#include <vector>

using namespace mapsmith;
using core::FlattenTarget;
using core::HeightBrushSettings;
using core::HeightMode;

Q_DECLARE_METATYPE(core::HeightMode)
Q_DECLARE_METATYPE(core::Falloff)

namespace {

// Positions of every vertex of the 4x4 chunks with global coordinates 510..513 (world -66.7..+66.7 yd
// around the map centre), 145 per chunk in file order.
std::vector<glm::dvec2> layout() {
    std::vector<glm::dvec2> p;
    for (int gy = 510; gy < 514; ++gy) {
        for (int gx = 510; gx < 514; ++gx) {
            const core::ChunkCoord c = core::fromGlobal({gx, gy});
            for (int v = 0; v < core::kVerticesPerChunk; ++v) {
                p.push_back(core::vertexPosition(c, v));
            }
        }
    }
    return p;
}

// Random heights in [-50, 150] with some special values (-0, a denormal) mixed in, so "untouched"
// means bit for bit.
std::vector<float> randomHeights(std::size_t n, unsigned seed = 7) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<float> dist(-50.0f, 150.0f);
    std::vector<float> h(n);
    for (std::size_t i = 0; i < n; ++i) {
        h[i] = dist(rng);
        if (i % 97 == 3) {
            h[i] = -0.0f;
        } else if (i % 89 == 5) {
            h[i] = std::numeric_limits<float>::denorm_min();
        }
    }
    return h;
}

HeightBrushSettings settingsOf(HeightMode mode, double radius = 20.0, double hardness = 0.5,
                               core::Falloff falloff = core::Falloff::Smooth) {
    HeightBrushSettings s;
    s.mode = mode;
    s.brush.radius = radius;
    s.brush.hardness = hardness;
    s.brush.falloff = falloff;
    return s;
}

bool inside(const HeightBrushSettings& s, glm::dvec2 centre, glm::dvec2 p) {
    const glm::dvec2 d = p - centre;
    return d.x * d.x + d.y * d.y < s.brush.radius * s.brush.radius;
}

bool sameBits(float a, float b) {
    return std::memcmp(&a, &b, sizeof a) == 0;
}

// Pseudo-random field constant on a half-unit lattice (so the smooth taps hit lattice values).
double latticeNoise(glm::dvec2 p) {
    const auto ix = std::int64_t(std::llround(p.x / (core::kUnitSize / 2.0)));
    const auto iy = std::int64_t(std::llround(p.y / (core::kUnitSize / 2.0)));
    std::uint64_t h = std::uint64_t(ix) * 0x9E3779B97F4A7C15ull ^ std::uint64_t(iy) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 32;
    return double(h % 10000) / 1000.0; // 0..10 yd
}

double variance(const std::vector<double>& v) {
    double mean = 0.0;
    for (double x : v) {
        mean += x;
    }
    mean /= double(v.size());
    double var = 0.0;
    for (double x : v) {
        var += (x - mean) * (x - mean);
    }
    return var / double(v.size());
}

const char* modeName(HeightMode m) {
    switch (m) {
    case HeightMode::RaiseLower:
        return "raise";
    case HeightMode::Flatten:
        return "flatten";
    case HeightMode::Smooth:
        return "smooth";
    case HeightMode::Noise:
        return "noise";
    case HeightMode::Set:
        return "set";
    }
    return "?";
}

} // namespace

class TestHeightKernels : public QObject {
    Q_OBJECT

private slots:
    void raiseLowerAmounts_data();
    void raiseLowerAmounts();
    void outsideUntouched_data();
    void outsideUntouched();
    void flattenNeverOvershoots_data();
    void flattenNeverOvershoots();
    void flattenTargets();
    void ramp_data();
    void ramp();
    void smoothKeepsLinearField();
    void smoothReducesVariance();
    void smoothWithoutSnapshotDoesNothing();
    void valueNoiseProperties();
    void noiseDab();
    void setAbsolute();
    void mismatchedSpans();
};

void TestHeightKernels::raiseLowerAmounts_data() {
    QTest::addColumn<core::Falloff>("falloff");
    QTest::addColumn<double>("hardness");
    QTest::addColumn<double>("strength");
    QTest::addColumn<double>("pressure");
    QTest::addColumn<bool>("lower");
    QTest::newRow("raise smooth") << core::Falloff::Smooth << 0.5 << 2.0 << 1.0 << false;
    QTest::newRow("lower smooth") << core::Falloff::Smooth << 0.5 << 2.0 << 1.0 << true;
    QTest::newRow("raise linear h0 half pressure") << core::Falloff::Linear << 0.0 << 3.0 << 0.5 << false;
    QTest::newRow("lower gaussian") << core::Falloff::Gaussian << 0.2 << 0.75 << 0.8 << true;
    QTest::newRow("raise quadratic") << core::Falloff::Quadratic << 0.3 << 1.0 << 1.0 << false;
    QTest::newRow("raise flat") << core::Falloff::Flat << 0.0 << 1.5 << 1.0 << false;
    QTest::newRow("raise hard disc") << core::Falloff::Smooth << 1.0 << 1.5 << 1.0 << false;
}

void TestHeightKernels::raiseLowerAmounts() {
    QFETCH(core::Falloff, falloff);
    QFETCH(double, hardness);
    QFETCH(double, strength);
    QFETCH(double, pressure);
    QFETCH(bool, lower);
    HeightBrushSettings s = settingsOf(HeightMode::RaiseLower, 20.0, hardness, falloff);
    s.brush.strength = strength;
    s.brush.pressure = pressure;
    s.lower = lower;
    const auto pos = layout();
    const std::vector<float> before(pos.size(), 10.0f);
    std::vector<float> h = before;
    core::DabContext dab;
    dab.centre = {0.0, 0.0}; // an outer vertex shared by four chunks
    core::applyHeightDab(s, dab, pos, h);

    const double sign = lower ? -1.0 : 1.0;
    int atCentre = 0;
    int inBand = 0;
    for (std::size_t i = 0; i < pos.size(); ++i) {
        const double d = glm::length(pos[i]);
        const double expected = 10.0 + sign * strength * pressure * core::brushWeight(s.brush, d);
        QVERIFY2(
            std::abs(h[i] - expected) <= 1e-5,
            qPrintable(QStringLiteral("vertex %1 at %2 yd: %3 vs %4").arg(i).arg(d).arg(h[i]).arg(expected)));
        if (d < 1e-9) { // the shared corner, up to rounding of the chunk origins
            ++atCentre;
            QVERIFY(std::abs(h[i] - (10.0 + sign * strength * pressure)) <= 1e-5);
        }
        if (d >= 20.0) {
            QVERIFY(sameBits(h[i], before[i]));
        } else if (d > s.brush.innerRadius() && falloff != core::Falloff::Flat && hardness < 1.0) {
            ++inBand;
            // Partial amount near the rim, never more than at the centre.
            QVERIFY(std::abs(h[i] - 10.0) <= strength * pressure);
        }
    }
    QCOMPARE(atCentre, 4);
    if (falloff != core::Falloff::Flat && hardness < 1.0) {
        QVERIFY(inBand > 0);
    }
}

void TestHeightKernels::outsideUntouched_data() {
    QTest::addColumn<HeightMode>("mode");
    QTest::addColumn<core::Falloff>("falloff");
    for (HeightMode m : {HeightMode::RaiseLower, HeightMode::Flatten, HeightMode::Smooth, HeightMode::Noise,
                         HeightMode::Set}) {
        QTest::newRow(qPrintable(QStringLiteral("%1 smooth").arg(modeName(m)))) << m << core::Falloff::Smooth;
        QTest::newRow(qPrintable(QStringLiteral("%1 flat").arg(modeName(m)))) << m << core::Falloff::Flat;
    }
}

void TestHeightKernels::outsideUntouched() {
    QFETCH(HeightMode, mode);
    QFETCH(core::Falloff, falloff);
    // Radius exactly 4 outer-vertex spacings: the vertices on the rim have weight 0 too.
    HeightBrushSettings s = settingsOf(mode, 4.0 * core::kUnitSize, 0.25, falloff);
    s.brush.strength = 1.0;
    s.targetHeight = 77.0;
    s.flattenTarget = FlattenTarget::Ramp;
    s.rampAngle = 30.0;
    const auto pos = layout();
    const std::vector<float> before = randomHeights(pos.size());
    std::vector<float> h = before;
    core::DabContext dab;
    dab.centre = core::vertexPosition(core::fromGlobal({511, 512}), core::outerIndex(4, 4));
    dab.strokeStart = dab.centre + glm::dvec2(5.0, 3.0);
    dab.strokeStartHeight = 20.0;
    dab.heightBefore = [](glm::dvec2 p) { return latticeNoise(p); };
    core::applyHeightDab(s, dab, pos, h);
    int changed = 0;
    int untouched = 0;
    for (std::size_t i = 0; i < pos.size(); ++i) {
        const double w = core::brushWeight(s.brush, glm::length(pos[i] - dab.centre));
        if (w == 0.0) {
            ++untouched;
            QVERIFY2(sameBits(h[i], before[i]), qPrintable(QStringLiteral("vertex %1 changed").arg(i)));
        } else if (!sameBits(h[i], before[i])) {
            ++changed;
        }
    }
    QVERIFY(changed > 20);
    QVERIFY(untouched > 2000);
}

void TestHeightKernels::flattenNeverOvershoots_data() {
    QTest::addColumn<double>("strength");
    QTest::addColumn<double>("pressure");
    QTest::addColumn<core::Falloff>("falloff");
    for (double st : {0.02, 0.1, 0.5, 0.99, 1.0, 2.0, 1000.0}) {
        QTest::newRow(qPrintable(QStringLiteral("strength %1").arg(st)))
            << st << 1.0 << core::Falloff::Smooth;
        QTest::newRow(qPrintable(QStringLiteral("strength %1 pressure 0.3 gaussian").arg(st)))
            << st << 0.3 << core::Falloff::Gaussian;
    }
}

void TestHeightKernels::flattenNeverOvershoots() {
    QFETCH(double, strength);
    QFETCH(double, pressure);
    QFETCH(core::Falloff, falloff);
    HeightBrushSettings s = settingsOf(HeightMode::Flatten, 25.0, 0.4, falloff);
    s.flattenTarget = FlattenTarget::Height;
    s.targetHeight = 12.5;
    s.brush.strength = strength;
    s.brush.pressure = pressure;
    const auto pos = layout();
    std::vector<float> h = randomHeights(pos.size());
    core::DabContext dab;
    dab.centre = {3.0, -2.0};
    const double k = std::min(1.0, strength * pressure);
    const int dabs = k >= 1.0 ? 1 : int(std::ceil(std::log(1e-9) / std::log(1.0 - k)));
    for (int n = 0; n < dabs; ++n) {
        const std::vector<float> old = h;
        core::applyHeightDab(s, dab, pos, h);
        for (std::size_t i = 0; i < pos.size(); ++i) {
            const double a = double(old[i]) - 12.5;
            const double b = double(h[i]) - 12.5;
            if (!(std::abs(b) <= std::abs(a) && a * b >= 0.0)) { // plain check: millions of them
                QFAIL(qPrintable(
                    QStringLiteral("dab %1 vertex %2: %3 -> %4").arg(n).arg(i).arg(old[i]).arg(h[i])));
            }
        }
    }
    // Inside the inner radius the weight is 1: at the target (exactly after one dab of strength >= 1).
    for (std::size_t i = 0; i < pos.size(); ++i) {
        if (glm::length(pos[i] - dab.centre) <= s.brush.innerRadius()) {
            if (k >= 1.0) {
                QCOMPARE(h[i], 12.5f);
            } else {
                // Float rounding stalls a step once it is below half an ulp (~4.8e-7 yd at 12.5),
                // i.e. within ~4.8e-7 / k of the target.
                QVERIFY2(std::abs(h[i] - 12.5f) <= 1e-6 / k + 1e-6, qPrintable(QString::number(h[i])));
            }
        }
    }
}

void TestHeightKernels::flattenTargets() {
    const auto pos = layout();
    core::DabContext dab;
    dab.centre = {-10.0, 8.0};
    dab.strokeStart = {40.0, 40.0};
    dab.strokeStartHeight = 42.25;
    for (FlattenTarget t : {FlattenTarget::StrokeStart, FlattenTarget::Height}) {
        HeightBrushSettings s = settingsOf(HeightMode::Flatten, 20.0, 1.0);
        s.flattenTarget = t;
        s.targetHeight = -3.75;
        s.brush.strength = 1.0;
        const float goal = t == FlattenTarget::StrokeStart ? 42.25f : -3.75f;
        std::vector<float> h = randomHeights(pos.size());
        const std::vector<float> before = h;
        core::applyHeightDab(s, dab, pos, h);
        for (std::size_t i = 0; i < pos.size(); ++i) {
            if (inside(s, dab.centre, pos[i])) {
                QCOMPARE(h[i], goal);
            } else {
                QVERIFY(sameBits(h[i], before[i]));
            }
        }
        // Half strength: half way.
        s.brush.strength = 0.5;
        h = before;
        core::applyHeightDab(s, dab, pos, h);
        for (std::size_t i = 0; i < pos.size(); ++i) {
            if (inside(s, dab.centre, pos[i])) {
                QVERIFY(std::abs(h[i] - (before[i] + goal) / 2.0f) <= 1e-5f);
            }
        }
    }
}

void TestHeightKernels::ramp_data() {
    QTest::addColumn<double>("angle");
    QTest::addColumn<double>("orientation");
    QTest::addColumn<double>("startDx"); // stroke start relative to the dab centre
    QTest::addColumn<double>("startDy");
    QTest::newRow("45 north at start") << 45.0 << 0.0 << 0.0 << 0.0;
    QTest::newRow("45 north, start 30 yd south") << 45.0 << 0.0 << -30.0 << 0.0;
    QTest::newRow("45 west") << 45.0 << 90.0 << 0.0 << 0.0;
    QTest::newRow("30 south, start offset") << 30.0 << 180.0 << 12.0 << -7.0;
    QTest::newRow("-20 towards north-west") << -20.0 << 45.0 << 5.0 << 5.0;
    QTest::newRow("10 east") << 10.0 << 270.0 << 0.0 << 40.0;
    QTest::newRow("0 degrees is level") << 0.0 << 123.0 << 17.0 << -3.0;
    QTest::newRow("95 clamps to 89") << 95.0 << 0.0 << -2.0 << 0.0;
}

void TestHeightKernels::ramp() {
    QFETCH(double, angle);
    QFETCH(double, orientation);
    QFETCH(double, startDx);
    QFETCH(double, startDy);
    HeightBrushSettings s = settingsOf(HeightMode::Flatten, 20.0, 1.0);
    s.flattenTarget = FlattenTarget::Ramp;
    s.rampAngle = angle;
    s.rampOrientation = orientation;
    s.brush.strength = 1.0;
    const auto pos = layout();
    std::vector<float> h = randomHeights(pos.size());
    core::DabContext dab;
    dab.centre = {0.0, 0.0};
    dab.strokeStart = {startDx, startDy};
    dab.strokeStartHeight = 100.0;
    core::applyHeightDab(s, dab, pos, h);

    const double a = std::min(angle, 89.0) * std::numbers::pi / 180.0;
    const double o = orientation * std::numbers::pi / 180.0;
    for (std::size_t i = 0; i < pos.size(); ++i) {
        if (!inside(s, dab.centre, pos[i])) {
            continue;
        }
        const glm::dvec2 rel = pos[i] - dab.strokeStart;
        const double expected = 100.0 + std::tan(a) * (rel.x * std::cos(o) + rel.y * std::sin(o));
        QVERIFY2(std::abs(h[i] - expected) <= 1e-5 * std::max(1.0, std::abs(expected)),
                 qPrintable(QStringLiteral("vertex %1: %2 vs %3").arg(i).arg(h[i]).arg(expected)));
    }
    // Known points (vertices within 1e-9 yd of them, each found at least once): 45 degrees north rises
    // 1 yd per yd north; 45 degrees west 1 yd per yd west.
    auto heightsAt = [&](glm::dvec2 at) {
        std::vector<float> found;
        for (std::size_t i = 0; i < pos.size(); ++i) {
            if (glm::length(pos[i] - at) < 1e-9) {
                found.push_back(h[i]);
            }
        }
        return found;
    };
    auto expectAt = [&](glm::dvec2 at, double want) {
        const std::vector<float> found = heightsAt(at);
        QVERIFY(!found.empty());
        for (float v : found) {
            QVERIFY2(std::abs(v - want) <= 1e-4, qPrintable(QStringLiteral("%1 vs %2").arg(v).arg(want)));
        }
    };
    const double u2 = 2.0 * core::kUnitSize;
    if (angle == 45.0 && startDx == 0.0 && startDy == 0.0) {
        const glm::dvec2 step = orientation == 0.0 ? glm::dvec2(u2, 0.0) : glm::dvec2(0.0, u2);
        expectAt(step, 100.0 + u2);
        expectAt(-step, 100.0 - u2);
        expectAt(step + glm::dvec2(step.y, step.x), 100.0 + u2); // sideways does not change height
        expectAt({0.0, 0.0}, 100.0);
    }
    if (angle == 45.0 && startDx == -30.0) {
        expectAt({0.0, 0.0}, 130.0); // 30 yd north of the start
        expectAt({u2, 0.0}, 130.0 + u2);
    }
}

void TestHeightKernels::smoothKeepsLinearField() {
    const auto pos = layout();
    const glm::dvec2 c{6.0, -4.0};
    auto plane = [c](glm::dvec2 p) { return 7.0 + 0.3 * (p.x - c.x) - 0.2 * (p.y - c.y); };
    std::vector<float> h(pos.size());
    for (std::size_t i = 0; i < pos.size(); ++i) {
        h[i] = float(plane(pos[i]));
    }
    const std::vector<float> before = h;
    HeightBrushSettings s = settingsOf(HeightMode::Smooth, 25.0, 0.5);
    s.brush.strength = 1.0;
    core::DabContext dab;
    dab.centre = c;
    dab.heightBefore = plane;
    for (int n = 0; n < 10; ++n) {
        core::applyHeightDab(s, dab, pos, h);
    }
    for (std::size_t i = 0; i < pos.size(); ++i) {
        QVERIFY2(std::abs(h[i] - before[i]) <= 4e-6f,
                 qPrintable(QStringLiteral("vertex %1: %2 -> %3").arg(i).arg(before[i]).arg(h[i])));
    }
}

void TestHeightKernels::smoothReducesVariance() {
    const auto pos = layout();
    std::vector<float> h(pos.size());
    for (std::size_t i = 0; i < pos.size(); ++i) {
        h[i] = float(latticeNoise(pos[i]));
    }
    HeightBrushSettings s = settingsOf(HeightMode::Smooth, 30.0, 1.0);
    core::DabContext dab;
    dab.centre = {0.0, 0.0};
    dab.heightBefore = [](glm::dvec2 p) { return latticeNoise(p); };

    auto insideVariance = [&](const std::vector<float>& heights) {
        std::vector<double> v;
        for (std::size_t i = 0; i < pos.size(); ++i) {
            if (inside(s, dab.centre, pos[i])) {
                v.push_back(heights[i]);
            }
        }
        return variance(v);
    };
    const double before = insideVariance(h);
    QVERIFY(before > 1.0);

    s.brush.strength = 1.0;
    std::vector<float> full = h;
    core::applyHeightDab(s, dab, pos, full);
    const double afterFull = insideVariance(full);
    QVERIFY2(afterFull < 0.25 * before, qPrintable(QStringLiteral("%1 -> %2").arg(before).arg(afterFull)));

    s.brush.strength = 0.5;
    std::vector<float> half = h;
    core::applyHeightDab(s, dab, pos, half);
    const double afterHalf = insideVariance(half);
    QVERIFY(afterHalf < before && afterHalf > afterFull);
    // Half strength is exactly half way to the full-strength result.
    for (std::size_t i = 0; i < pos.size(); ++i) {
        QVERIFY(std::abs(half[i] - (h[i] + full[i]) / 2.0f) <= 1e-5f);
    }
}

void TestHeightKernels::smoothWithoutSnapshotDoesNothing() {
    const auto pos = layout();
    const std::vector<float> before = randomHeights(pos.size());
    std::vector<float> h = before;
    HeightBrushSettings s = settingsOf(HeightMode::Smooth, 30.0, 0.5);
    core::DabContext dab;
    core::applyHeightDab(s, dab, pos, h);
    QVERIFY(std::memcmp(h.data(), before.data(), h.size() * sizeof(float)) == 0);
}

void TestHeightKernels::valueNoiseProperties() {
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> dist(-2000.0, 2000.0);
    double lo = 1.0;
    double hi = -1.0;
    double sum = 0.0;
    int differentSeed = 0;
    int differentShift = 0;
    double maxJump = 0.0;
    constexpr int kSamples = 200000;
    for (int n = 0; n < kSamples; ++n) {
        const glm::dvec2 p{dist(rng), dist(rng)};
        const double v = core::valueNoise(1, p);
        QCOMPARE(core::valueNoise(1, p), v); // deterministic
        QVERIFY(v >= -1.0 && v <= 1.0);
        lo = std::min(lo, v);
        hi = std::max(hi, v);
        sum += v;
        if (core::valueNoise(2, p) != v) {
            ++differentSeed;
        }
        if (core::valueNoise(1, p + glm::dvec2(256.0, 0.0)) != v) {
            ++differentShift; // no short period
        }
        maxJump = std::max(maxJump, std::abs(core::valueNoise(1, p + glm::dvec2(1e-4, -1e-4)) - v));
    }
    QVERIFY(lo < -0.9 && hi > 0.9);
    QVERIFY2(std::abs(sum / kSamples) < 0.05, qPrintable(QString::number(sum / kSamples)));
    QVERIFY(differentSeed > kSamples * 99 / 100);
    QVERIFY(differentShift > kSamples * 99 / 100);
    // Smooth: the quintic interpolation has slope <= 2 * 1.875 per axis.
    QVERIFY2(maxJump < 1e-3, qPrintable(QString::number(maxJump)));
    // Continuous across lattice lines.
    for (double x : {-3.0, 0.0, 1.0, 17.0}) {
        const double a = core::valueNoise(9, {std::nextafter(x, -1e9), 0.4});
        const double b = core::valueNoise(9, {x, 0.4});
        QVERIFY(std::abs(a - b) < 1e-9);
    }
    QCOMPARE(core::valueNoise(1, {std::nan(""), 0.0}), 0.0);
    QCOMPARE(core::valueNoise(1, {0.0, std::numeric_limits<double>::infinity()}), 0.0);
    const double far = core::valueNoise(1, {1e30, -1e30});
    QVERIFY(far >= -1.0 && far <= 1.0);
}

void TestHeightKernels::noiseDab() {
    const auto pos = layout();
    const std::vector<float> before = randomHeights(pos.size());
    HeightBrushSettings s = settingsOf(HeightMode::Noise, 25.0, 0.3, core::Falloff::Linear);
    s.brush.strength = 4.0;
    s.brush.pressure = 0.5;
    s.noiseSeed = 1234;
    s.noiseScale = 12.0;
    core::DabContext dab;
    dab.centre = {-8.0, 5.0};

    std::vector<float> a = before;
    core::applyHeightDab(s, dab, pos, a);
    int moved = 0;
    for (std::size_t i = 0; i < pos.size(); ++i) {
        const double w = core::brushWeight(s.brush, glm::length(pos[i] - dab.centre));
        const double expected = before[i] + core::valueNoise(1234, pos[i] / 12.0) * 2.0 * w;
        QVERIFY(std::abs(a[i] - expected) <= 1e-5);
        if (w == 0.0) {
            QVERIFY(sameBits(a[i], before[i]));
        } else if (std::abs(a[i] - before[i]) > 0.1f) {
            ++moved;
        }
    }
    QVERIFY(moved > 20);

    std::vector<float> b = before;
    core::applyHeightDab(s, dab, pos, b);
    QVERIFY(std::memcmp(a.data(), b.data(), a.size() * sizeof(float)) == 0);

    s.noiseSeed = 1235;
    std::vector<float> c = before;
    core::applyHeightDab(s, dab, pos, c);
    QVERIFY(std::memcmp(a.data(), c.data(), a.size() * sizeof(float)) != 0);
}

void TestHeightKernels::setAbsolute() {
    const auto pos = layout();
    const std::vector<float> before = randomHeights(pos.size());
    HeightBrushSettings s = settingsOf(HeightMode::Set, 20.0, 0.5, core::Falloff::Smooth);
    s.targetHeight = 33.5;
    s.brush.strength = 0.1; // ignored by Set
    s.brush.pressure = 0.2;
    core::DabContext dab;
    dab.centre = {1.0, -1.0};
    std::vector<float> h = before;
    core::applyHeightDab(s, dab, pos, h);
    int exact = 0;
    int blended = 0;
    for (std::size_t i = 0; i < pos.size(); ++i) {
        const double d = glm::length(pos[i] - dab.centre);
        const double w = core::brushWeight(s.brush, d);
        if (d <= s.brush.innerRadius()) {
            QCOMPARE(h[i], 33.5f);
            ++exact;
        } else if (w > 0.0) {
            QVERIFY(std::abs(h[i] - (before[i] + w * (33.5 - before[i]))) <= 1e-5);
            ++blended;
        } else {
            QVERIFY(sameBits(h[i], before[i]));
        }
    }
    QVERIFY(exact > 10 && blended > 10);
}

void TestHeightKernels::mismatchedSpans() {
    const auto pos = layout();
    std::vector<float> h(10, 0.0f);
    HeightBrushSettings s = settingsOf(HeightMode::RaiseLower, 1000.0, 1.0);
    core::DabContext dab;
    core::applyHeightDab(s, dab, pos, h); // only the first 10 positions are used
    for (float v : h) {
        QCOMPARE(v, 1.0f);
    }
}

QTEST_APPLESS_MAIN(TestHeightKernels)
#include "test_height_kernels.moc"
