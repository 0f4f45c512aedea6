#include "widgets/go_to_dialog.h"

#include "core/geometry/coords.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QStyle>
#include <QVBoxLayout>

#include <array>
#include <cmath>
#include <numbers>
#include <vector>

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

double wrapDegrees(double degrees) {
    const double d = std::fmod(degrees, 360.0);
    return d < 0.0 ? d + 360.0 : d;
}

const QString kNumber = QStringLiteral("[-+]?(?:\\d+\\.?\\d*|\\.\\d+)(?:[eE][-+]?\\d+)?");

} // namespace

GoToDialog::GoToDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Go To"));
    auto* form = new QFormLayout;
    mPaste = new QLineEdit(this);
    mPaste->setObjectName(QStringLiteral("paste"));
    mPaste->setPlaceholderText(tr("Paste a .gps line or x, y, z"));
    // Wide enough for the whole placeholder: the frame and QLineEdit's 2 px inner margins come on top.
    mPaste->setMinimumWidth(mPaste->fontMetrics().horizontalAdvance(mPaste->placeholderText()) +
                            2 * style()->pixelMetric(QStyle::PM_DefaultFrameWidth, nullptr, mPaste) + 2 * 2 +
                            4);
    mPaste->setToolTip(tr("e.g. X: -8913.2 Y: 554.6 Z: 93.1 Orientation: 3.82\n"
                          "Orientation in radians as the game prints it (0 = north, counter-clockwise);\n"
                          "add ° or deg for degrees. Other numbers of a .gps block are ignored."));
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
    mFacing = new QDoubleSpinBox(this);
    mFacing->setObjectName(QStringLiteral("facing"));
    mFacing->setRange(0.0, 360.0);
    mFacing->setDecimals(1);
    mFacing->setWrapping(true);
    mFacing->setSingleStep(15.0);
    mFacing->setSuffix(QStringLiteral("°"));
    mFacing->setEnabled(false);
    mFacing->setToolTip(tr("Degrees counter-clockwise from north: 0 north, 90 west, 180 south, 270 east"));
    mUseFacing = new QCheckBox(tr("Facing"), this);
    mUseFacing->setObjectName(QStringLiteral("useFacing"));
    mUseFacing->setToolTip(mFacing->toolTip());
    form->addRow(tr("X (north):"), mX);
    form->addRow(tr("Y (west):"), mY);
    form->addRow(mUseZ, mZ);
    form->addRow(mUseFacing, mFacing);
    mSummary = new QLabel(this);
    mSummary->setObjectName(QStringLiteral("summary"));
    mSummary->setWordWrap(true);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mSummary);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mUseZ, &QCheckBox::toggled, mZ, &QWidget::setEnabled);
    connect(mUseFacing, &QCheckBox::toggled, mFacing, &QWidget::setEnabled);
    connect(mPaste, &QLineEdit::textChanged, this, [this](const QString& text) {
        if (const auto parsed = parse(text)) {
            mStart.reset(); // the fields are the pasted text's now
            setTarget(*parsed);
        }
    });
    for (QDoubleSpinBox* box : {mX, mY, mZ, mFacing}) {
        connect(box, &QDoubleSpinBox::valueChanged, this, &GoToDialog::updateSummary);
    }
    for (QCheckBox* box : {mUseZ, mUseFacing}) {
        connect(box, &QCheckBox::toggled, this, &GoToDialog::updateSummary);
    }
    updateSummary();
}

void GoToDialog::setTarget(const GoToTarget& target) {
    mX->setValue(target.position.x);
    mY->setValue(target.position.y);
    mUseZ->setChecked(target.height.has_value());
    if (target.height) {
        mZ->setValue(*target.height);
    }
    mUseFacing->setChecked(target.facing.has_value());
    if (target.facing) {
        mFacing->setValue(wrapDegrees(*target.facing));
    }
    updateSummary();
}

void GoToDialog::setStart(const GoToTarget& target, Start from) {
    setTarget(target);
    mStart = from;
    updateSummary();
}

void GoToDialog::setCameraView(double headingDegrees, double distanceYards) {
    mHeading = wrapDegrees(headingDegrees);
    mDistance = distanceYards;
    updateSummary();
}

GoToTarget GoToDialog::target() const {
    GoToTarget t;
    t.position = {mX->value(), mY->value()};
    if (mUseZ->isChecked()) {
        t.height = mZ->value();
    }
    if (mUseFacing->isChecked()) {
        t.facing = wrapDegrees(mFacing->value());
    }
    return t;
}

QString GoToDialog::headingText(double yawDegrees) {
    // Yaw grows counter-clockwise from north: 45 = north-west, 90 = west, ...
    static const std::array<const char*, 8> names{
        QT_TR_NOOP("north"), QT_TR_NOOP("north-west"), QT_TR_NOOP("west"), QT_TR_NOOP("south-west"),
        QT_TR_NOOP("south"), QT_TR_NOOP("south-east"), QT_TR_NOOP("east"), QT_TR_NOOP("north-east")};
    const double yaw = wrapDegrees(yawDegrees);
    const int sector = int(std::lround(yaw / 45.0)) % 8;
    return tr("%1 (%2°)").arg(tr(names[std::size_t(sector)])).arg(yaw, 0, 'f', 0);
}

QString GoToDialog::summary() const {
    return mSummary->text();
}

void GoToDialog::updateSummary() {
    QStringList parts;
    if (mStart == Start::Camera) {
        parts << tr("Showing the camera's position.");
    } else if (mStart == Start::LastTarget) {
        parts << tr("Showing the last target.");
    }
    const QString point = mUseZ->isChecked() ? tr("this point") : tr("the ground at this point");
    const QString facing = mUseFacing->isChecked() ? tr("facing %1").arg(headingText(mFacing->value()))
                                                   : tr("keeping its heading, %1").arg(headingText(mHeading));
    if (mDistance > 0.0) {
        parts << tr("OK puts %1 in the middle of the view from %2 yd away, looking down and %3.")
                     .arg(point)
                     .arg(mDistance, 0, 'f', 0)
                     .arg(facing);
    } else {
        parts << tr("OK puts %1 in the middle of the view, looking down and %2.").arg(point, facing);
    }
    mSummary->setText(parts.join(QLatin1Char(' ')));
}

std::optional<GoToTarget> GoToDialog::parse(const QString& text) {
    static const QRegularExpression labelled(
        QStringLiteral("\\b(X|Y|Z|O|Orientation|Facing)\\s*:\\s*(%1)\\s*(°|deg\\b|degrees\\b)?").arg(kNumber),
        QRegularExpression::CaseInsensitiveOption);
    static const QRegularExpression number(kNumber);
    const auto orientation = [](double value, bool degrees) {
        return wrapDegrees(degrees ? value : value * 180.0 / std::numbers::pi);
    };
    std::optional<double> x;
    std::optional<double> y;
    std::optional<double> z;
    std::optional<double> facing;
    for (auto it = labelled.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const QString label = m.captured(1).toLower();
        const double value = m.captured(2).toDouble();
        // The first of each label counts: a .gps block repeats none of them.
        auto& slot = label == QLatin1String("x")   ? x
                     : label == QLatin1String("y") ? y
                     : label == QLatin1String("z") ? z
                                                   : facing;
        if (!slot) {
            slot = &slot == &facing ? orientation(value, !m.captured(3).isEmpty()) : value;
        }
    }
    if (!x && !y && !z && !facing) {
        // Bare numbers: x, y[, z[, orientation in radians]].
        std::vector<double> values;
        for (auto it = number.globalMatch(text); it.hasNext();) {
            values.push_back(it.next().captured(0).toDouble());
        }
        if (values.size() < 2 || values.size() > 4) {
            return std::nullopt;
        }
        x = values[0];
        y = values[1];
        z = values.size() >= 3 ? std::optional(values[2]) : std::nullopt;
        facing = values.size() == 4 ? std::optional(orientation(values[3], false)) : std::nullopt;
    }
    if (!x || !y) {
        return std::nullopt; // labelled text without both coordinates
    }
    if (std::abs(*x) > core::kMapHalfSize || std::abs(*y) > core::kMapHalfSize) {
        return std::nullopt;
    }
    return GoToTarget{{*x, *y}, z, facing};
}

} // namespace mapsmith::widgets
