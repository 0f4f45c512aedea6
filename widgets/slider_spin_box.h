#pragma once
// A number edited with a slider and a spin box side by side, always showing the same value.
// valueChanged() fires only for user edits (typing, arrows, dragging the slider); setValue() is silent.

#include <QWidget>

class QDoubleSpinBox;
class QSlider;

namespace mapsmith::widgets {

class SliderSpinBox : public QWidget {
    Q_OBJECT
public:
    // The children are named `name + "Spin"` and `name + "Slider"` (e.g. radiusSpin, radiusSlider).
    // The slider moves in steps of one unit of the last decimal shown.
    SliderSpinBox(const QString& name, double minimum, double maximum, int decimals, const QString& suffix,
                  QWidget* parent = nullptr);

    double value() const;
    void setValue(double value); // clamped to the range; emits nothing
    void setRange(double minimum, double maximum, int decimals, const QString& suffix);
    void setSingleStep(double step); // the spin box arrows' step (default: one unit of the last decimal)
    double minimum() const;
    double maximum() const;

    QDoubleSpinBox* spinBox() const { return mSpin; }
    QSlider* slider() const { return mSlider; }

signals:
    void valueChanged(double value);

private:
    int sliderPosition(double value) const;
    void syncSlider();

    QDoubleSpinBox* mSpin = nullptr;
    QSlider* mSlider = nullptr;
    double mScale = 1.0; // slider units per value unit (10^decimals)
};

} // namespace mapsmith::widgets
