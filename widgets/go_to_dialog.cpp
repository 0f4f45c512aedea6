#include "go_to_dialog.h"

#include "core/coords.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLineEdit>
#include <QRegularExpression>
#include <QVBoxLayout>

#include <cmath>

namespace mapsmith::widgets {

namespace {

QDoubleSpinBox* coordinateBox(double range, QWidget* parent) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(-range, range);
    box->setDecimals(2);
    box->setSuffix(QObject::tr(" yd"));
    box->setSingleStep(10.0);
    return box;
}

} // namespace

GoToDialog::GoToDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Go To"));
    auto* form = new QFormLayout;
    mPaste = new QLineEdit(this);
    mPaste->setObjectName(QStringLiteral("paste"));
    mPaste->setPlaceholderText(tr("Paste e.g. X: -8913.2 Y: 554.6 Z: 93.1"));
    form->addRow(tr("Text:"), mPaste);
    mX = coordinateBox(core::kMapHalfSize, this);
    mX->setObjectName(QStringLiteral("x"));
    mY = coordinateBox(core::kMapHalfSize, this);
    mY->setObjectName(QStringLiteral("y"));
    mZ = coordinateBox(100000.0, this);
    mZ->setObjectName(QStringLiteral("z"));
    mUseZ = new QCheckBox(tr("Height"), this);
    mUseZ->setObjectName(QStringLiteral("useZ"));
    mZ->setEnabled(false);
    form->addRow(tr("X (north):"), mX);
    form->addRow(tr("Y (west):"), mY);
    form->addRow(mUseZ, mZ);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mUseZ, &QCheckBox::toggled, mZ, &QWidget::setEnabled);
    connect(mPaste, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (const auto parsed = parse(text)) {
            setTarget(*parsed);
        }
    });
}

void GoToDialog::setTarget(const GoToTarget& target) {
    mX->setValue(target.position.x);
    mY->setValue(target.position.y);
    mUseZ->setChecked(target.height.has_value());
    if (target.height) {
        mZ->setValue(*target.height);
    }
}

GoToTarget GoToDialog::target() const {
    GoToTarget t;
    t.position = {mX->value(), mY->value()};
    if (mUseZ->isChecked()) {
        t.height = mZ->value();
    }
    return t;
}

std::optional<GoToTarget> GoToDialog::parse(const QString& text) {
    static const QRegularExpression number(QStringLiteral("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?"));
    std::vector<double> values;
    for (auto it = number.globalMatch(text); it.hasNext();) {
        values.push_back(it.next().captured(0).toDouble());
    }
    if (values.size() < 2 || values.size() > 3) {
        return std::nullopt;
    }
    if (std::abs(values[0]) > core::kMapHalfSize || std::abs(values[1]) > core::kMapHalfSize) {
        return std::nullopt;
    }
    GoToTarget t;
    t.position = {values[0], values[1]};
    if (values.size() == 3) {
        t.height = values[2];
    }
    return t;
}

} // namespace mapsmith::widgets
