// Brush falloffs (values at the centre, inner radius, mid-band, rim and outside; range, monotonicity and
// continuity by dense sampling; hardness 0 and 1) and dab spacing along strokes (exact arc-length
// spacing on lines and polylines, carry across calls, zero-length moves, degenerate steps, dab cap).

#include "core/geometry/brush.h"

#include <glm/geometric.hpp>

#include <QtTest>

#include <cmath>
#include <limits>
#include <numbers>
#include <vector>

using namespace mapsmith;
using core::BrushSettings;
using core::DabSpacer;
using core::Falloff;

Q_DECLARE_METATYPE(core::Falloff)

namespace {

BrushSettings brushOf(Falloff f, double hardness, double radius = 20.0) {
    BrushSettings b;
    b.falloff = f;
    b.hardness = hardness;
    b.radius = radius;
    return b;
}

const double kGaussRim = std::exp(-4.5);
double gaussian(double t) {
    return (std::exp(-4.5 * t * t) - kGaussRim) / (1.0 - kGaussRim);
}

const Falloff kAllFalloffs[] = {Falloff::Flat, Falloff::Linear, Falloff::Smooth, Falloff::Gaussian,
                                Falloff::Quadratic};

const char* nameOf(Falloff f) {
    switch (f) {
    case Falloff::Flat:
        return "flat";
    case Falloff::Linear:
        return "linear";
    case Falloff::Smooth:
        return "smooth";
    case Falloff::Gaussian:
        return "gaussian";
    case Falloff::Quadratic:
        return "quadratic";
    }
    return "?";
}

// Largest |dw/dt| of each falloff over t in [0, 1] (flat: discontinuous, not used).
double maxSlope(Falloff f) {
    switch (f) {
    case Falloff::Linear:
        return 1.0;
    case Falloff::Smooth:
        return 1.5;
    case Falloff::Gaussian:
        return 3.0 * std::exp(-0.5) / (1.0 - kGaussRim); // at t = 1/3
    case Falloff::Quadratic:
        return 2.0;
    case Falloff::Flat:
        break;
    }
    return 0.0;
}

bool near(glm::dvec2 a, glm::dvec2 b, double eps = 1e-9) {
    return std::abs(a.x - b.x) <= eps && std::abs(a.y - b.y) <= eps;
}

} // namespace

class TestBrush : public QObject {
    Q_OBJECT

private slots:
    void falloffValues_data();
    void falloffValues();
    void rangeMonotoneContinuous_data();
    void rangeMonotoneContinuous();
    void hardnessZero();
    void hardnessOneIsHardDisc_data();
    void hardnessOneIsHardDisc();
    void outOfRangeInputs();
    void innerRadius();

    void firstMoveReturnsPoint();
    void straightLineSpacing_data();
    void straightLineSpacing();
    void polylineSpacing();
    void carryAcrossCalls_data();
    void carryAcrossCalls();
    void zeroLengthMoves();
    void degenerateStepTerminates_data();
    void degenerateStepTerminates();
    void longMoveIsCapped();
};

void TestBrush::falloffValues_data() {
    QTest::addColumn<Falloff>("falloff");
    QTest::addColumn<double>("distance"); // radius 20, hardness 0.5: band 10..20, t = (d - 10) / 10
    QTest::addColumn<double>("expected");

    struct Row {
        Falloff f;
        double atMid;     // t = 0.5
        double atQuarter; // t = 0.25
    };
    const Row rows[] = {
        {Falloff::Flat, 1.0, 1.0},
        {Falloff::Linear, 0.5, 0.75},
        {Falloff::Smooth, 0.5, 1.0 - (3.0 * 0.0625 - 2.0 * 0.015625)},
        {Falloff::Gaussian, gaussian(0.5), gaussian(0.25)},
        {Falloff::Quadratic, 0.25, 0.5625},
    };
    for (const Row& r : rows) {
        const QByteArray n = nameOf(r.f);
        QTest::newRow(n + " centre") << r.f << 0.0 << 1.0;
        QTest::newRow(n + " inside inner") << r.f << 5.0 << 1.0;
        QTest::newRow(n + " inner radius") << r.f << 10.0 << 1.0;
        QTest::newRow(n + " t=0.25") << r.f << 12.5 << r.atQuarter;
        QTest::newRow(n + " t=0.5") << r.f << 15.0 << r.atMid;
        QTest::newRow(n + " rim") << r.f << 20.0 << 0.0;
        QTest::newRow(n + " just outside") << r.f << 20.000001 << 0.0;
        QTest::newRow(n + " far outside") << r.f << 1e6 << 0.0;
        QTest::newRow(n + " infinity") << r.f << std::numeric_limits<double>::infinity() << 0.0;
    }
    QTest::newRow("flat just inside rim") << Falloff::Flat << 19.999999 << 1.0;
    QTest::newRow("linear just inside rim") << Falloff::Linear << 19.99 << 0.001;
}

void TestBrush::falloffValues() {
    QFETCH(Falloff, falloff);
    QFETCH(double, distance);
    QFETCH(double, expected);
    const double w = core::brushWeight(brushOf(falloff, 0.5), distance);
    QVERIFY2(std::abs(w - expected) <= 1e-12,
             qPrintable(QStringLiteral("w = %1, expected %2").arg(w, 0, 'g', 17).arg(expected, 0, 'g', 17)));
}

void TestBrush::rangeMonotoneContinuous_data() {
    QTest::addColumn<Falloff>("falloff");
    QTest::addColumn<double>("hardness");
    QTest::addColumn<double>("radius");
    for (Falloff f : kAllFalloffs) {
        for (double h : {0.0, 0.25, 0.5, 0.9}) {
            for (double r : {1.0, 25.0, 300.0}) {
                QTest::newRow(qPrintable(QStringLiteral("%1 h=%2 r=%3").arg(nameOf(f)).arg(h).arg(r)))
                    << f << h << r;
            }
        }
    }
}

void TestBrush::rangeMonotoneContinuous() {
    QFETCH(Falloff, falloff);
    QFETCH(double, hardness);
    QFETCH(double, radius);
    const BrushSettings b = brushOf(falloff, hardness, radius);
    constexpr int kSamples = 20000;
    const double dd = 1.25 * radius / kSamples;
    // Lipschitz bound: |dw| <= maxSlope * dd / band width (plus rounding).
    const double maxJump = maxSlope(falloff) * dd / ((1.0 - hardness) * radius) + 1e-12;
    double prev = core::brushWeight(b, 0.0);
    QCOMPARE(prev, 1.0);
    for (int i = 1; i <= kSamples; ++i) {
        const double d = i * dd;
        const double w = core::brushWeight(b, d);
        // Plain checks (QVERIFY per sample is slow over 5 million samples).
        const bool ok = w >= 0.0 && w <= 1.0 && w <= prev &&
                        (falloff == Falloff::Flat || prev - w <= maxJump) &&
                        (d >= b.innerRadius() || w == 1.0) && (d < radius || w == 0.0);
        if (!ok) {
            QFAIL(qPrintable(QStringLiteral("at %1 yd: %2 -> %3")
                                 .arg(d, 0, 'g', 17)
                                 .arg(prev, 0, 'g', 17)
                                 .arg(w, 0, 'g', 17)));
        }
        prev = w;
    }
}

void TestBrush::hardnessZero() {
    // Inner radius 0: full weight only at the centre, the falloff starts right away.
    QCOMPARE(core::brushWeight(brushOf(Falloff::Linear, 0.0), 0.0), 1.0);
    QCOMPARE(core::brushWeight(brushOf(Falloff::Linear, 0.0), 10.0), 0.5);
    QCOMPARE(core::brushWeight(brushOf(Falloff::Quadratic, 0.0), 10.0), 0.25);
    QVERIFY(core::brushWeight(brushOf(Falloff::Smooth, 0.0), 1e-3) < 1.0);
    QVERIFY(core::brushWeight(brushOf(Falloff::Gaussian, 0.0), 1e-3) < 1.0);
    QVERIFY(std::abs(core::brushWeight(brushOf(Falloff::Gaussian, 0.0), 10.0) - gaussian(0.5)) < 1e-12);
    // Flat ignores hardness.
    QCOMPARE(core::brushWeight(brushOf(Falloff::Flat, 0.0), 19.0), 1.0);
}

void TestBrush::hardnessOneIsHardDisc_data() {
    QTest::addColumn<Falloff>("falloff");
    for (Falloff f : kAllFalloffs) {
        QTest::newRow(nameOf(f)) << f;
    }
}

void TestBrush::hardnessOneIsHardDisc() {
    QFETCH(Falloff, falloff);
    const BrushSettings b = brushOf(falloff, 1.0);
    for (double d : {0.0, 5.0, 19.0, 19.999999, std::nextafter(20.0, 0.0)}) {
        QCOMPARE(core::brushWeight(b, d), 1.0);
    }
    QCOMPARE(core::brushWeight(b, 20.0), 0.0);
    QCOMPARE(core::brushWeight(b, 20.5), 0.0);
}

void TestBrush::outOfRangeInputs() {
    // Hardness outside 0..1 is clamped; NaN distance and non-positive radius give 0.
    QCOMPARE(core::brushWeight(brushOf(Falloff::Linear, 1.5), 19.0), 1.0);
    QCOMPARE(core::brushWeight(brushOf(Falloff::Linear, 1.5), 20.0), 0.0);
    QCOMPARE(core::brushWeight(brushOf(Falloff::Linear, -1.0), 10.0), 0.5);
    QCOMPARE(core::brushWeight(brushOf(Falloff::Linear, 0.5), std::nan("")), 0.0);
    QCOMPARE(core::brushWeight(brushOf(Falloff::Linear, 0.5, 0.0), 0.0), 0.0);
    QCOMPARE(core::brushWeight(brushOf(Falloff::Flat, 0.5, -5.0), 0.0), 0.0);
    // A negative distance is inside.
    QCOMPARE(core::brushWeight(brushOf(Falloff::Smooth, 0.5), -1.0), 1.0);
}

void TestBrush::innerRadius() {
    QCOMPARE(brushOf(Falloff::Smooth, 0.25, 40.0).innerRadius(), 10.0);
}

void TestBrush::firstMoveReturnsPoint() {
    DabSpacer s(brushOf(Falloff::Smooth, 0.5));
    const auto dabs = s.moveTo({123.5, -7.25});
    QCOMPARE(dabs.size(), std::size_t(1));
    QCOMPARE(dabs[0].x, 123.5);
    QCOMPARE(dabs[0].y, -7.25);
}

void TestBrush::straightLineSpacing_data() {
    QTest::addColumn<double>("radius");
    QTest::addColumn<double>("spacing");
    QTest::addColumn<double>("length");
    QTest::addColumn<double>("angle"); // degrees
    QTest::newRow("step 5, 100 north") << 20.0 << 0.25 << 100.0 << 0.0;
    QTest::newRow("step 5, 97 west") << 20.0 << 0.25 << 97.0 << 90.0;
    QTest::newRow("step 3.3, 50 diagonal") << 33.0 << 0.1 << 50.0 << 45.0;
    QTest::newRow("step 1, 0.5 south") << 4.0 << 0.25 << 0.5 << 180.0;
    QTest::newRow("step 12.5, 1000 at 200deg") << 25.0 << 0.5 << 1000.0 << 200.0;
    QTest::newRow("step 0.1, 10 at -30deg") << 1.0 << 0.1 << 10.0 << -30.0;
    QTest::newRow("step 40 > length") << 20.0 << 2.0 << 30.0 << 10.0;
}

void TestBrush::straightLineSpacing() {
    QFETCH(double, radius);
    QFETCH(double, spacing);
    QFETCH(double, length);
    QFETCH(double, angle);
    BrushSettings b = brushOf(Falloff::Smooth, 0.5, radius);
    b.spacing = spacing;
    const double step = spacing * radius;
    const glm::dvec2 start{1000.0, -2000.0};
    const double a = angle * std::numbers::pi / 180.0;
    const glm::dvec2 dir{std::cos(a), std::sin(a)};

    DabSpacer s(b);
    QCOMPARE(s.moveTo(start).size(), std::size_t(1));
    const auto dabs = s.moveTo(start + dir * length);
    const auto expected = std::size_t(std::floor(length / step + 1e-9));
    QCOMPARE(dabs.size(), expected);
    for (std::size_t i = 0; i < dabs.size(); ++i) {
        const glm::dvec2 want = start + dir * (double(i + 1) * step);
        QVERIFY2(near(dabs[i], want, 1e-9 * std::max(1.0, length)),
                 qPrintable(QStringLiteral("dab %1: (%2, %3) vs (%4, %5)")
                                .arg(i)
                                .arg(dabs[i].x, 0, 'g', 17)
                                .arg(dabs[i].y, 0, 'g', 17)
                                .arg(want.x, 0, 'g', 17)
                                .arg(want.y, 0, 'g', 17)));
    }
}

void TestBrush::polylineSpacing() {
    // Step 5 along (0,0) -> (3,0) -> (3,4) -> (3+6, 4) -> (9, -4): arc lengths 3, 4, 6, 8 (total 21).
    BrushSettings b = brushOf(Falloff::Smooth, 0.5, 20.0);
    b.spacing = 0.25;
    DabSpacer s(b);
    std::vector<glm::dvec2> all = s.moveTo({0.0, 0.0});
    for (glm::dvec2 p :
         {glm::dvec2{3.0, 0.0}, glm::dvec2{3.0, 4.0}, glm::dvec2{9.0, 4.0}, glm::dvec2{9.0, -4.0}}) {
        const auto d = s.moveTo(p);
        all.insert(all.end(), d.begin(), d.end());
    }
    // Dabs at arc lengths 0, 5, 10, 15, 20.
    const std::vector<glm::dvec2> want = {{0.0, 0.0}, {3.0, 2.0}, {6.0, 4.0}, {9.0, 2.0}, {9.0, -3.0}};
    QCOMPARE(all.size(), want.size());
    for (std::size_t i = 0; i < want.size(); ++i) {
        QVERIFY2(near(all[i], want[i], 1e-12), qPrintable(QStringLiteral("dab %1").arg(i)));
    }
    // 1 yd carried: the next dab is exactly at the end of a further 4 yd move.
    const auto d = s.moveTo({9.0, -8.0});
    QCOMPARE(d.size(), std::size_t(1));
    QVERIFY(near(d[0], {9.0, -8.0}, 1e-12));
}

void TestBrush::carryAcrossCalls_data() {
    QTest::addColumn<double>("increment"); // yards per mouse move along a straight line
    QTest::newRow("0.7 yd moves") << 0.7;
    QTest::newRow("1 yd moves") << 1.0;
    QTest::newRow("exact step moves") << 5.0;
    QTest::newRow("2.5 yd moves (half step)") << 2.5;
    QTest::newRow("13 yd moves") << 13.0;
    QTest::newRow("0.01 yd moves") << 0.01;
}

void TestBrush::carryAcrossCalls() {
    QFETCH(double, increment);
    BrushSettings b = brushOf(Falloff::Smooth, 0.5, 20.0);
    b.spacing = 0.25; // 5 yd
    const glm::dvec2 dir = glm::normalize(glm::dvec2{3.0, -4.0});
    const glm::dvec2 start{-500.0, 800.0};
    DabSpacer s(b);
    std::vector<glm::dvec2> all = s.moveTo(start);
    const int moves = int(std::round(200.0 / increment));
    for (int i = 1; i <= moves; ++i) {
        const auto d = s.moveTo(start + dir * (i * increment));
        all.insert(all.end(), d.begin(), d.end());
    }
    const double total = moves * increment;
    QCOMPARE(all.size(), std::size_t(std::floor(total / 5.0 + 1e-6)) + 1);
    for (std::size_t i = 0; i < all.size(); ++i) {
        QVERIFY2(near(all[i], start + dir * (5.0 * double(i)), 1e-7),
                 qPrintable(QStringLiteral("dab %1 off").arg(i)));
    }
}

void TestBrush::zeroLengthMoves() {
    BrushSettings b = brushOf(Falloff::Smooth, 0.5, 20.0);
    b.spacing = 0.25;
    DabSpacer s(b);
    QCOMPARE(s.moveTo({10.0, 10.0}).size(), std::size_t(1));
    QVERIFY(s.moveTo({10.0, 10.0}).empty());
    QVERIFY(s.moveTo({13.0, 10.0}).empty()); // 3 yd travelled
    QVERIFY(s.moveTo({13.0, 10.0}).empty()); // repeat: still 3 yd
    QVERIFY(s.moveTo({13.0, 10.0}).empty());
    const auto d = s.moveTo({16.0, 10.0}); // 6 yd: one dab at 5
    QCOMPARE(d.size(), std::size_t(1));
    QVERIFY(near(d[0], {15.0, 10.0}));
    // Non-finite points are ignored.
    QVERIFY(s.moveTo({std::nan(""), 0.0}).empty());
    QVERIFY(s.moveTo({std::numeric_limits<double>::infinity(), 0.0}).empty());
    const auto e = s.moveTo({20.0, 10.0}); // carried 1 + 4 = 5: dab exactly at the point
    QCOMPARE(e.size(), std::size_t(1));
    QVERIFY(near(e[0], {20.0, 10.0}));
}

void TestBrush::degenerateStepTerminates_data() {
    QTest::addColumn<double>("spacing");
    QTest::addColumn<double>("radius");
    QTest::newRow("spacing 0") << 0.0 << 20.0;
    QTest::newRow("negative spacing") << -0.5 << 20.0;
    QTest::newRow("radius 0") << 0.25 << 0.0;
    QTest::newRow("NaN spacing") << std::nan("") << 20.0;
    QTest::newRow("tiny step") << 1e-12 << 1.0;
}

void TestBrush::degenerateStepTerminates() {
    QFETCH(double, spacing);
    QFETCH(double, radius);
    BrushSettings b = brushOf(Falloff::Smooth, 0.5, radius);
    b.spacing = spacing;
    DabSpacer s(b);
    QCOMPARE(s.moveTo({0.0, 0.0}).size(), std::size_t(1));
    // Short move: spaced by the minimum step.
    const auto d = s.moveTo({1.0, 0.0});
    QCOMPARE(d.size(), std::size_t(std::llround(1.0 / DabSpacer::kMinStep)));
    QVERIFY(near(d[0], {DabSpacer::kMinStep, 0.0}, 1e-12));
    // Long move: capped.
    const auto e = s.moveTo({1e6, 0.0});
    QCOMPARE(e.size(), DabSpacer::kMaxDabsPerMove);
}

void TestBrush::longMoveIsCapped() {
    BrushSettings b = brushOf(Falloff::Smooth, 0.5, 20.0);
    b.spacing = 0.25; // 5 yd
    DabSpacer s(b);
    s.moveTo({0.0, 0.0});
    const auto d = s.moveTo({1e9 + 2.0, 0.0}); // 2e8 dabs wanted
    QCOMPARE(d.size(), DabSpacer::kMaxDabsPerMove);
    QVERIFY(near(d.front(), {5.0, 0.0}));
    QVERIFY(near(d.back(), {5.0 * double(DabSpacer::kMaxDabsPerMove), 0.0}));
    // The spacing phase is kept: 2 yd were carried, so the next dab is 3 yd further.
    const auto e = s.moveTo({1e9 + 10.0, 0.0});
    QCOMPARE(e.size(), std::size_t(2));
    QVERIFY(near(e[0], {1e9 + 5.0, 0.0}, 1e-6));
    QVERIFY(near(e[1], {1e9 + 10.0, 0.0}, 1e-6));
}

QTEST_APPLESS_MAIN(TestBrush)
#include "test_brush.moc"
