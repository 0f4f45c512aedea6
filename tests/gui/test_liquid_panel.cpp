// The liquid tool section: settings round trip, user edits emit typed settings, QSettings persistence.

#include "widgets/liquid_mode_panel.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QSettings>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace mapsmith;

class TestLiquidPanel : public QObject {
    Q_OBJECT
private slots:
    void roundTrip();
    void editsEmitSettings();
    void persists();
};

void TestLiquidPanel::roundTrip() {
    widgets::LiquidModePanel panel;
    core::LiquidSettings s;
    s.mode = core::LiquidMode::SetHeight;
    s.liquidType = core::liquid_type::Magma;
    s.height = 12.5;
    s.heightFromStart = false;
    s.heightMode = core::LiquidHeightMode::Plane;
    s.angle = 5.0;
    s.orientation = 90.0;
    panel.setSettings(s);
    const auto back = panel.settings();
    QCOMPARE(int(back.mode), int(s.mode));
    QCOMPARE(back.liquidType, s.liquidType);
    QCOMPARE(back.height, s.height);
    QCOMPARE(back.heightFromStart, false);
    QCOMPARE(back.angle, 5.0);
    QCOMPARE(panel.findChild<QComboBox*>(QStringLiteral("liquidTypeCombo"))->currentText(),
             QStringLiteral("Magma"));
}

void TestLiquidPanel::editsEmitSettings() {
    widgets::LiquidModePanel panel;
    panel.show();
    QSignalSpy spy(&panel, &widgets::LiquidModePanel::settingsChanged);
    auto* type = panel.findChild<QComboBox*>(QStringLiteral("liquidTypeCombo"));
    type->setFocus();
    QTest::keyClick(type, Qt::Key_Down); // Water -> Ocean
    QVERIFY(spy.count() >= 1);
    QCOMPARE(panel.settings().liquidType, core::liquid_type::Ocean);
    auto* angle = panel.findChild<QDoubleSpinBox*>(QStringLiteral("liquidAngleSpin"));
    angle->setValue(3.0);
    QCOMPARE(int(panel.settings().heightMode), int(core::LiquidHeightMode::Plane));
    angle->setValue(0.0);
    QCOMPARE(int(panel.settings().heightMode), int(core::LiquidHeightMode::Flat));
    panel.findChild<QCheckBox*>(QStringLiteral("liquidFromStartCheck"))->setChecked(false);
    QCOMPARE(panel.settings().heightFromStart, false);
}

void TestLiquidPanel::persists() {
    QTemporaryDir dir;
    QSettings store(dir.filePath(QStringLiteral("s.ini")), QSettings::IniFormat);
    widgets::LiquidModePanel a;
    core::LiquidSettings s = a.settings();
    s.mode = core::LiquidMode::Remove;
    s.height = -3.0;
    a.setSettings(s);
    a.saveTo(store);
    widgets::LiquidModePanel b;
    b.loadFrom(store);
    QCOMPARE(int(b.settings().mode), int(core::LiquidMode::Remove));
    QCOMPARE(b.settings().height, -3.0);
}

QTEST_MAIN(TestLiquidPanel)
#include "test_liquid_panel.moc"
