#include "widgets/mode_panel.h"

#include <QButtonGroup>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QRadioButton>
#include <QSignalBlocker>

namespace mapsmith::widgets {

void alignFormLabels(QFormLayout* form) {
    QWidget* parent = form->parentWidget();
    const QFontMetrics metrics = parent ? parent->fontMetrics() : QFontMetrics(QFont());
    int width = metrics.horizontalAdvance(QObject::tr("Rises towards:"));
    for (int row = 0; row < form->rowCount(); ++row) {
        if (QLayoutItem* item = form->itemAt(row, QFormLayout::LabelRole)) {
            if (auto* label = qobject_cast<QLabel*>(item->widget())) {
                width = std::max(width, metrics.horizontalAdvance(label->text()));
            }
        }
    }
    for (int row = 0; row < form->rowCount(); ++row) {
        if (QLayoutItem* item = form->itemAt(row, QFormLayout::LabelRole)) {
            if (auto* label = qobject_cast<QLabel*>(item->widget())) {
                label->setMinimumWidth(width);
                label->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
            }
        }
    }
}

void ModePanel::showEvent(QShowEvent* event) {
    alignFormLabels(mForm);
    QWidget::showEvent(event);
}

ModePanel::ModePanel(const QString& objectName, QWidget* parent) : QWidget(parent) {
    setObjectName(objectName);
    mForm = new QFormLayout(this);
    mForm->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    mForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
}

QLabel* ModePanel::addHint(const QString& objectName, const QString& text) {
    auto* hint = new QLabel(text, this);
    hint->setObjectName(objectName);
    hint->setWordWrap(true);
    hint->setForegroundRole(QPalette::PlaceholderText);
    mForm->addRow(hint);
    return hint;
}

void ModePanel::RadioPair::set(bool isFirst) const {
    const QSignalBlocker b1(first);
    const QSignalBlocker b2(second);
    first->setChecked(isFirst);
    second->setChecked(!isFirst);
}

ModePanel::RadioPair ModePanel::addRadioPair(const QString& label, const QString& firstName,
                                             const QString& firstText, const QString& secondName,
                                             const QString& secondText,
                                             std::function<void(bool first)> onFirst) {
    auto* box = new QWidget(this);
    auto* layout = new QHBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    RadioPair pair{new QRadioButton(firstText, box), new QRadioButton(secondText, box)};
    pair.first->setObjectName(firstName);
    pair.second->setObjectName(secondName);
    layout->addWidget(pair.first);
    layout->addWidget(pair.second);
    layout->addStretch(1);
    auto* group = new QButtonGroup(box);
    group->addButton(pair.first);
    group->addButton(pair.second);
    pair.first->setChecked(true);
    // toggled(true) fires for user clicks and keyboard selection; set() blocks it.
    connect(pair.first, &QRadioButton::toggled, this, [onFirst](bool on) {
        if (on) {
            onFirst(true);
        }
    });
    connect(pair.second, &QRadioButton::toggled, this, [onFirst](bool on) {
        if (on) {
            onFirst(false);
        }
    });
    mForm->addRow(label, box);
    return pair;
}

QDoubleSpinBox* ModePanel::makeSpin(const QString& objectName, double minimum, double maximum, int decimals,
                                    const QString& suffix) {
    auto* spin = new QDoubleSpinBox(this);
    spin->setObjectName(objectName);
    spin->setRange(minimum, maximum);
    spin->setDecimals(decimals);
    spin->setSuffix(suffix);
    spin->setAlignment(Qt::AlignRight);
    spin->setAccelerated(true);
    return spin;
}

} // namespace mapsmith::widgets
