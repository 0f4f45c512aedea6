#include "widgets/object_properties_panel.h"

#include "core/document/map_document.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"

#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

namespace mapsmith::widgets {
namespace {

constexpr double kMaxCoordinate = 20000.0; // yd; the map spans +-17066.67

QDoubleSpinBox* makeSpin(const QString& name, double min, double max, int decimals, const QString& suffix,
                         double step, QWidget* parent) {
    auto* spin = new QDoubleSpinBox(parent);
    spin->setObjectName(name);
    spin->setRange(min, max);
    spin->setDecimals(decimals);
    spin->setSuffix(suffix);
    spin->setSingleStep(step);
    spin->setAlignment(Qt::AlignRight);
    spin->setKeyboardTracking(false); // valueChanged on Enter / focus out / steps: one edit, one request
    spin->setAccelerated(true);
    return spin;
}

QLabel* section(const QString& text, QWidget* parent) {
    auto* label = new QLabel(text, parent);
    QFont bold = label->font();
    bold.setBold(true);
    label->setFont(bold);
    return label;
}

} // namespace

ObjectPropertiesPanel::ObjectPropertiesPanel(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("objectPropertiesPanel"));
    auto* form = new QFormLayout(this);
    form->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    mHeading = section(QString(), this);
    mHeading->setObjectName(QStringLiteral("objectHeading"));
    form->addRow(mHeading);
    mKind = new QLabel(this);
    mKind->setObjectName(QStringLiteral("objectKindValue"));
    form->addRow(tr("Kind:"), mKind);
    mName = new QLineEdit(this);
    mName->setObjectName(QStringLiteral("modelNameEdit"));
    mName->setReadOnly(true);
    form->addRow(tr("Model:"), mName);
    mUniqueId = new QLabel(this);
    mUniqueId->setObjectName(QStringLiteral("uniqueIdValue"));
    mUniqueId->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Unique id:"), mUniqueId);
    mTile = new QLabel(this);
    mTile->setObjectName(QStringLiteral("objectTileValue"));
    form->addRow(tr("Tile:"), mTile);

    form->addRow(section(tr("Position"), this));
    const QString posNames[] = {QStringLiteral("positionXSpin"), QStringLiteral("positionYSpin"),
                                QStringLiteral("positionZSpin")};
    const QString posLabels[] = {tr("X (north):"), tr("Y (west):"), tr("Z (up):")};
    for (int i = 0; i < 3; ++i) {
        mPos[i] = makeSpin(posNames[i], -kMaxCoordinate, kMaxCoordinate, 2, tr(" yd"), 1.0, this);
        mPos[i]->setToolTip(tr("World coordinates in yards: x points north, y west, z up"));
        form->addRow(posLabels[i], mPos[i]);
        connect(mPos[i], &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
            glm::dvec3 delta(0.0);
            delta[i] = v - mPosition[i];
            if (delta[i] == 0.0) {
                return;
            }
            mPosition[i] = v;
            emit moveRequested(delta);
        });
    }

    form->addRow(section(tr("Rotation"), this));
    const QString rotNames[] = {QStringLiteral("rotationXSpin"), QStringLiteral("rotationYSpin"),
                                QStringLiteral("rotationZSpin")};
    const QString rotLabels[] = {tr("X (tilt):"), tr("Y (heading):"), tr("Z (roll):")};
    const QString rotTips[] = {tr("Degrees about the west-east axis"), tr("Degrees about the up axis"),
                               tr("Degrees about the north-south axis")};
    for (int i = 0; i < 3; ++i) {
        mRot[i] = makeSpin(rotNames[i], -360.0, 360.0, 2, tr("°"), 5.0, this);
        mRot[i]->setToolTip(rotTips[i]);
        form->addRow(rotLabels[i], mRot[i]);
        connect(mRot[i], &QDoubleSpinBox::valueChanged, this, [this, i](double v) {
            glm::dvec3 delta(0.0);
            delta[i] = v - mRotation[i];
            if (delta[i] == 0.0) {
                return;
            }
            mRotation[i] = v;
            emit rotateRequested(delta);
        });
    }

    auto* scaleRow = new QWidget(this);
    auto* scaleLayout = new QHBoxLayout(scaleRow);
    scaleLayout->setContentsMargins(0, 0, 0, 0);
    mScaleSpin = makeSpin(QStringLiteral("scaleSpin"), core::scaleFactor(core::kScaleMin),
                          core::scaleFactor(core::kScaleMax), 3, tr(" ×"), 0.05, this);
    mScaleSpin->setToolTip(tr("Model scale (1.000 = original size); stored in steps of 1/1024"));
    mNoScale = new QLabel(tr("— (WMOs have no scale in WotLK)"), scaleRow);
    mNoScale->setObjectName(QStringLiteral("noScaleLabel"));
    mNoScale->setForegroundRole(QPalette::PlaceholderText);
    scaleLayout->addWidget(mScaleSpin, 1);
    scaleLayout->addWidget(mNoScale, 1);
    form->addRow(section(tr("Size"), this));
    form->addRow(tr("Scale:"), scaleRow);
    connect(mScaleSpin, &QDoubleSpinBox::valueChanged, this, [this](double v) {
        if (v == mScale || mScale <= 0.0) {
            return;
        }
        const double factor = v / mScale;
        mScale = v;
        emit scaleRequested(factor);
    });

    showState(std::nullopt, std::nullopt);
}

void ObjectPropertiesPanel::showObject(const core::MapDocument& doc, std::optional<core::ObjectRef> ref) {
    showState(ref, ref ? core::findObject(doc, *ref) : std::nullopt);
}

void ObjectPropertiesPanel::setEditable(bool editable, bool scalable) {
    for (auto* spin : mPos) {
        spin->setEnabled(editable);
    }
    for (auto* spin : mRot) {
        spin->setEnabled(editable);
    }
    mScaleSpin->setEnabled(editable && scalable);
    mScaleSpin->setVisible(!editable || scalable);
    mNoScale->setVisible(editable && !scalable);
}

void ObjectPropertiesPanel::showState(std::optional<core::ObjectRef> ref,
                                      std::optional<core::ObjectState> state) {
    std::array<QSignalBlocker, 7> blockers{
        QSignalBlocker(mPos[0]), QSignalBlocker(mPos[1]), QSignalBlocker(mPos[2]),   QSignalBlocker(mRot[0]),
        QSignalBlocker(mRot[1]), QSignalBlocker(mRot[2]), QSignalBlocker(mScaleSpin)};
    if (!ref || !state) {
        mRef.reset();
        mHeading->setText(ref ? tr("Object not found") : tr("No object selected"));
        mKind->setText(QStringLiteral("—"));
        mName->clear();
        mName->setToolTip(QString());
        mUniqueId->setText(QStringLiteral("—"));
        mTile->setText(QStringLiteral("—"));
        mPosition = glm::dvec3(0.0);
        mRotation = glm::dvec3(0.0);
        mScale = 1.0;
        for (int i = 0; i < 3; ++i) {
            mPos[i]->setValue(0.0);
            mRot[i]->setValue(0.0);
        }
        mScaleSpin->setValue(1.0);
        setEditable(false, false);
        return;
    }
    mRef = ref;
    const bool doodad = state->kind == core::ObjectKind::Doodad;
    const QString name = QString::fromStdString(state->name);
    const qsizetype slash = std::max(name.lastIndexOf(QLatin1Char('\\')), name.lastIndexOf(QLatin1Char('/')));
    mHeading->setText(name.mid(slash + 1));
    mKind->setText(doodad ? tr("Doodad (M2, MDDF)") : tr("WMO (MODF)"));
    mName->setText(name);
    mName->setCursorPosition(0);
    mName->setToolTip(name);
    mUniqueId->setText(QString::number(state->uniqueId()));
    mTile->setText(QStringLiteral("%1_%2").arg(ref->tile.x).arg(ref->tile.y));

    mPosition = core::placementToWorld(state->position());
    mRotation = core::toDvec(doodad ? state->doodad.rotation : state->wmo.rotation);
    mScale = doodad ? core::scaleFactor(state->doodad.scale) : 1.0;
    for (int i = 0; i < 3; ++i) {
        mPos[i]->setValue(mPosition[i]);
        mRot[i]->setValue(mRotation[i]);
    }
    mScaleSpin->setValue(mScale);
    setEditable(true, doodad);
}

} // namespace mapsmith::widgets
