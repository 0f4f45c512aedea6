// View > Go To: pasted text (numbers or a whole .gps block with its orientation) fills the fields,
// typed values come back as the target, bad text is ignored, the summary says what OK does and the
// placeholder is whole.

#include "widgets/go_to_dialog.h"

#include <QCheckBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QStyleOptionFrame>
#include <QtTest>

#include <cmath>

using mapsmith::widgets::GoToDialog;
using mapsmith::widgets::GoToTarget;

class TestGoToDialog : public QObject {
    Q_OBJECT
private slots:
    void parsesGpsLinesAndPlainNumbers();
    void pastedTextFillsTheFields();
    void typedValuesMakeTheTarget();
    void placeholderFits();
    void gpsOrientationSetsTheFacing();
};

void TestGoToDialog::parsesGpsLinesAndPlainNumbers() {
    // Labelled values are read by their labels: the map id is ignored.
    const auto gps =
        GoToDialog::parse(QStringLiteral("Map: 0 (Eastern Kingdoms) X: -8913.23 Y: 554.63 Z: 93.06"));
    QVERIFY(gps);
    QCOMPARE(gps->position.x, -8913.23);
    QCOMPARE(*gps->height, 93.06);
    QVERIFY(!gps->facing);
    // Five bare numbers are refused rather than guessed; labels without both x and y too.
    QVERIFY(!GoToDialog::parse(QStringLiteral("0 -8913.23 554.63 93.06 1.0")));
    QVERIFY(!GoToDialog::parse(QStringLiteral("Y: 554.63 Z: 93.06")));
    const auto xyz = GoToDialog::parse(QStringLiteral("X: -8913.23 Y: 554.63 Z: 93.06"));
    QVERIFY(xyz);
    QCOMPARE(xyz->position.x, -8913.23);
    QCOMPARE(xyz->position.y, 554.63);
    QCOMPARE(*xyz->height, 93.06);
    const auto xy = GoToDialog::parse(QStringLiteral("  100, -2.5e2 "));
    QVERIFY(xy);
    QCOMPARE(xy->position.y, -250.0);
    QVERIFY(!xy->height);
    QVERIFY(!GoToDialog::parse(QStringLiteral("12")));
    QVERIFY(!GoToDialog::parse(QStringLiteral("north")));
    QVERIFY(!GoToDialog::parse(QStringLiteral("20000 0"))); // off the map (17066.67 yd)
}

void TestGoToDialog::pastedTextFillsTheFields() {
    GoToDialog dialog;
    auto* paste = dialog.findChild<QLineEdit*>(QStringLiteral("paste"));
    QVERIFY(paste);
    QTest::keyClicks(paste, QStringLiteral("X: 1200.5 Y: -300 Z: 42"));
    const GoToTarget t = dialog.target();
    QCOMPARE(t.position.x, 1200.5);
    QCOMPARE(t.position.y, -300.0);
    QCOMPARE(*t.height, 42.0);
    // Text that does not parse leaves the fields as they were.
    paste->setText(QStringLiteral("somewhere"));
    QCOMPARE(dialog.target().position.x, 1200.5);
}

void TestGoToDialog::typedValuesMakeTheTarget() {
    GoToDialog dialog;
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("x"))->setValue(-533.33);
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("y"))->setValue(266.0);
    QVERIFY(!dialog.target().height);
    QVERIFY(!dialog.findChild<QDoubleSpinBox*>(QStringLiteral("z"))->isEnabled());
    dialog.findChild<QCheckBox*>(QStringLiteral("useZ"))->setChecked(true);
    QVERIFY(dialog.findChild<QDoubleSpinBox*>(QStringLiteral("z"))->isEnabled());
    dialog.findChild<QDoubleSpinBox*>(QStringLiteral("z"))->setValue(12.5);
    QCOMPARE(dialog.target().position.x, -533.33);
    QCOMPARE(*dialog.target().height, 12.5);
}

void TestGoToDialog::placeholderFits() {
    // Issue 19 item 7: the paste field's placeholder is whole at the dialog's own size.
    GoToDialog dialog;
    dialog.setStart({{-8913.2, 554.6}, std::nullopt, std::nullopt}, GoToDialog::Start::Camera);
    dialog.setCameraView(135.0, 150.0);
    dialog.show();
    QVERIFY(QTest::qWaitForWindowExposed(&dialog));
    QDir().mkpath(QStringLiteral(MAPSMITH_SCREENSHOT_DIR));
    dialog.grab().save(QStringLiteral(MAPSMITH_SCREENSHOT_DIR "/go_to_dialog.png"));
    auto* paste = dialog.findChild<QLineEdit*>(QStringLiteral("paste"));
    QVERIFY(paste);
    QVERIFY(!paste->placeholderText().isEmpty());
    QStyleOptionFrame option;
    option.initFrom(paste);
    option.rect = paste->rect();
    option.lineWidth = paste->style()->pixelMetric(QStyle::PM_DefaultFrameWidth, &option, paste);
    const QRect text = paste->style()
                           ->subElementRect(QStyle::SE_LineEditContents, &option, paste)
                           .marginsRemoved(paste->textMargins());
    constexpr int kLineEditMargin = 2; // QLineEdit's horizontal margin inside the contents
    const int needed = paste->fontMetrics().horizontalAdvance(paste->placeholderText());
    QVERIFY2(needed <= text.width() - 2 * kLineEditMargin,
             qPrintable(
                 QStringLiteral("needs %1 px, has %2").arg(needed).arg(text.width() - 2 * kLineEditMargin)));
}

void TestGoToDialog::gpsOrientationSetsTheFacing() {
    // Issue 19 item 8: a .gps block as players paste it (TrinityCore / AzerothCore output): X, Y, Z
    // and the orientation (radians, 0 = north, counter-clockwise) become the target and its facing.
    const QString block =
        QStringLiteral("Map: 0 (Eastern Kingdoms) Zone: 12 (Elwynn Forest) Area: 87 (Goldshire)\n"
                       "X: -9459.339844 Y: 64.709702 Z: 56.823200 Orientation: 1.570796\n"
                       "grid[28,33]cell[7,5] InstanceID: 0\n"
                       " ZoneX: 0.429926 ZoneY: 0.658014\n"
                       "GroundZ: 56.823200 FloorZ: 56.823200 Have height data (Map: 1 VMap: 1)\n");
    const auto t = GoToDialog::parse(block);
    QVERIFY(t);
    QCOMPARE(t->position.x, -9459.339844);
    QCOMPARE(t->position.y, 64.709702);
    QCOMPARE(*t->height, 56.8232);
    QVERIFY(t->facing);
    QVERIFY(std::abs(*t->facing - 90.0) < 1e-3); // pi/2: west
    // Negative radians wrap; "°" or "deg" marks degrees; "O:" is short for Orientation; four bare
    // numbers are x, y, z, orientation (a spawn table's order).
    QVERIFY(std::abs(*GoToDialog::parse(QStringLiteral("X: 1 Y: 2 O: -1.570796"))->facing - 270.0) < 1e-3);
    QCOMPARE(*GoToDialog::parse(QStringLiteral("X: 1 Y: 2 Orientation: 45°"))->facing, 45.0);
    QCOMPARE(*GoToDialog::parse(QStringLiteral("x: 1 y: 2 facing: 400 deg"))->facing, 40.0);
    QVERIFY(std::abs(*GoToDialog::parse(QStringLiteral("-8913.2, 554.6, 93.1, 3.141593"))->facing - 180.0) <
            1e-3);

    // Pasted into the dialog: the fields, the facing switched on, and a summary saying what OK does.
    GoToDialog dialog;
    dialog.setCameraView(0.0, 150.0);
    auto* paste = dialog.findChild<QLineEdit*>(QStringLiteral("paste"));
    paste->setText(block);
    QCOMPARE(dialog.findChild<QDoubleSpinBox*>(QStringLiteral("x"))->value(), -9459.34);
    QVERIFY(dialog.findChild<QCheckBox*>(QStringLiteral("useFacing"))->isChecked());
    QCOMPARE(dialog.findChild<QDoubleSpinBox*>(QStringLiteral("facing"))->value(), 90.0);
    QCOMPARE(*dialog.target().facing, 90.0);
    QVERIFY2(dialog.summary().contains(QStringLiteral("middle of the view")) &&
                 dialog.summary().contains(QStringLiteral("150 yd")) &&
                 dialog.summary().contains(QStringLiteral("facing west (90°)")),
             qPrintable(dialog.summary()));
    // Without a facing the camera keeps its heading, and the summary names it.
    dialog.findChild<QCheckBox*>(QStringLiteral("useFacing"))->setChecked(false);
    QVERIFY(!dialog.target().facing);
    QVERIFY2(dialog.summary().contains(QStringLiteral("keeping its heading, north (0°)")),
             qPrintable(dialog.summary()));
    QCOMPARE(GoToDialog::headingText(315.0), QStringLiteral("north-east (315°)"));
    QCOMPARE(GoToDialog::headingText(-90.0), QStringLiteral("east (270°)"));
}

QTEST_MAIN(TestGoToDialog)
#include "test_go_to_dialog.moc"
