// View > Go To: pasted text fills the fields, typed values come back as the target, bad text is
// ignored.

#include "widgets/go_to_dialog.h"

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QtTest>

using mapsmith::widgets::GoToDialog;
using mapsmith::widgets::GoToTarget;

class TestGoToDialog : public QObject {
    Q_OBJECT
private slots:
    void parsesGpsLinesAndPlainNumbers();
    void pastedTextFillsTheFields();
    void typedValuesMakeTheTarget();
};

void TestGoToDialog::parsesGpsLinesAndPlainNumbers() {
    const auto gps =
        GoToDialog::parse(QStringLiteral("Map: 0 (Eastern Kingdoms) X: -8913.23 Y: 554.63 Z: 93.06"));
    // The map id is a number too: four numbers are refused rather than guessed.
    QVERIFY(!gps);
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

QTEST_MAIN(TestGoToDialog)
#include "test_go_to_dialog.moc"
