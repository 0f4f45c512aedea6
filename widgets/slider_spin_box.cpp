#include "widgets/slider_spin_box.h"

#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QSignalBlocker>
#include <QSlider>

#include <cmath>

namespace mapsmith::widgets {

SliderSpinBox::SliderSpinBox(const QString& name, double minimum, double maximum, int decimals,
                             const QString& suffix, QWidget* parent)
    : QWidget(parent), mSpin(new QDoubleSpinBox(this)), mSlider(new QSlider(Qt::Horizontal, this)) {
    setObjectName(name);
    mSpin->setObjectName(name + QStringLiteral("Spin"));
    mSlider->setObjectName(name + QStringLiteral("Slider"));
    mSpin->setAlignment(Qt::AlignRight);
    mSpin->setAccelerated(true);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(mSlider, 1);
    layout->addWidget(mSpin);
    setRange(minimum, maximum, decimals, suffix);

    connect(mSpin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        syncSlider();
        emit valueChanged(v);
    });
    // The spin box rounds to its decimals, so slider -> spin -> slider settles on the same position.
    connect(mSlider, &QSlider::valueChanged, this,
            [this](int position) { mSpin->setValue(position / mScale); });
}

double SliderSpinBox::value() const {
    return mSpin->value();
}
double SliderSpinBox::minimum() const {
    return mSpin->minimum();
}
double SliderSpinBox::maximum() const {
    return mSpin->maximum();
}

void SliderSpinBox::setValue(double value) {
    const QSignalBlocker blockSpin(mSpin);
    mSpin->setValue(value);
    syncSlider();
}

void SliderSpinBox::setRange(double minimum, double maximum, int decimals, const QString& suffix) {
    const QSignalBlocker blockSpin(mSpin);
    const QSignalBlocker blockSlider(mSlider);
    mScale = std::pow(10.0, decimals);
    mSpin->setDecimals(decimals);
    mSpin->setRange(minimum, maximum);
    mSpin->setSuffix(suffix);
    mSpin->setSingleStep(1.0 / mScale);
    mSlider->setRange(sliderPosition(minimum), sliderPosition(maximum));
    mSlider->setSingleStep(1);
    mSlider->setPageStep(std::max(1, (mSlider->maximum() - mSlider->minimum()) / 20));
    mSlider->setValue(sliderPosition(mSpin->value()));
}

void SliderSpinBox::setSingleStep(double step) {
    mSpin->setSingleStep(step);
}

int SliderSpinBox::sliderPosition(double value) const {
    return int(std::lround(value * mScale));
}

void SliderSpinBox::syncSlider() {
    const QSignalBlocker block(mSlider);
    mSlider->setValue(sliderPosition(mSpin->value()));
}

} // namespace mapsmith::widgets
