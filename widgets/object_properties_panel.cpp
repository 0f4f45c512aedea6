#include "widgets/object_properties_panel.h"

#include "core/document/map_document.h"
#include "core/geometry/coords.h"
#include "core/geometry/object_model.h"
#include "widgets/selection_text.h"

#include <QComboBox>
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
    mFile = new QLabel(this);
    mFile->setObjectName(QStringLiteral("objectFileValue"));
    mFile->setWordWrap(true);
    mFile->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mFile->setToolTip(tr("The file the game data folders gave for this name, or why there is none"));
    form->addRow(tr("File:"), mFile);
    mTriangles = new QLabel(this);
    mTriangles->setObjectName(QStringLiteral("objectTrianglesValue"));
    form->addRow(tr("Triangles:"), mTriangles);
    mUniqueId = new QLabel(this);
    mUniqueId->setObjectName(QStringLiteral("uniqueIdValue"));
    mUniqueId->setTextInteractionFlags(Qt::TextSelectableByMouse);
    form->addRow(tr("Unique id:"), mUniqueId);
    mTile = new QLabel(this);
    mTile->setObjectName(QStringLiteral("objectTileValue"));
    form->addRow(tr("Tile:"), mTile);
    mDoodadSet = new QComboBox(this);
    mDoodadSet->setObjectName(QStringLiteral("doodadSetCombo"));
    mDoodadSet->setToolTip(tr("Which of the WMO's doodad sets (MODS) the game shows with the default set"));
    mDoodadSetLabel = new QLabel(tr("Doodad set:"), this);
    form->addRow(mDoodadSetLabel, mDoodadSet);
    connect(mDoodadSet, &QComboBox::activated, this, [this](int index) {
        const QVariant set = mDoodadSet->itemData(index);
        if (set.isValid()) {
            emit doodadSetRequested(std::uint16_t(set.toUInt()));
        }
    });

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
    const QString rotLabels[] = {tr("X (tilt):"), tr("Y (turn):"), tr("Z (roll):")};
    const QString rotTips[] = {
        tr("Degrees about the west-east axis, as stored"),
        tr("Degrees about the up axis, as stored (MDDF/MODF rotation Y). The model faces the heading Y - 180 "
           "(0 north, 90 west: how .gps orientations and mapsmith-cli place --rotation count it), so Y 180 "
           "faces north"),
        tr("Degrees about the north-south axis, as stored")};
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

    clear(tr("No object selected"));
}

void ObjectPropertiesPanel::showObject(const core::MapDocument& doc, std::optional<core::ObjectRef> ref) {
    showSelection(
        core::describeSelection(doc, ref ? std::vector{*ref} : std::vector<core::ObjectRef>{}, nullptr));
}

void ObjectPropertiesPanel::clear(const QString& heading) {
    mRef.reset();
    mCount = 0;
    mHeading->setText(heading);
    for (QLabel* l : {mKind, mUniqueId, mTile, mFile, mTriangles}) {
        l->setText(QStringLiteral("—"));
    }
    mName->clear();
    mName->setPlaceholderText(QString());
    mName->setToolTip(QString());
    mPosition = glm::dvec3(0.0);
    mRotation = glm::dvec3(0.0);
    mScale = 1.0;
    for (int i = 0; i < 3; ++i) {
        mPos[i]->setValue(0.0);
        mPos[i]->setEnabled(false);
        mRot[i]->setSpecialValueText(QString());
        mRot[i]->setValue(0.0);
        mRot[i]->setEnabled(false);
    }
    mScaleSpin->setSpecialValueText(QString());
    mScaleSpin->setValue(1.0);
    mScaleSpin->setEnabled(false);
    mScaleSpin->setVisible(true);
    mNoScale->setVisible(false);
    mDoodadSet->clear();
    mDoodadSet->setVisible(false);
    mDoodadSetLabel->setVisible(false);
}

void ObjectPropertiesPanel::showSelection(const core::SelectionInfo& info) {
    std::array<QSignalBlocker, 8> blockers{QSignalBlocker(mPos[0]),    QSignalBlocker(mPos[1]),
                                           QSignalBlocker(mPos[2]),    QSignalBlocker(mRot[0]),
                                           QSignalBlocker(mRot[1]),    QSignalBlocker(mRot[2]),
                                           QSignalBlocker(mScaleSpin), QSignalBlocker(mDoodadSet)};
    clear(selectionHeading(info));
    if (info.objects.empty()) {
        return;
    }
    const core::SelectedObject& first = info.objects.front();
    mRef = first.ref;
    mCount = int(info.objects.size());
    const bool one = mCount == 1;
    if (info.kind) {
        const bool doodads = *info.kind == core::ObjectKind::Doodad;
        mKind->setText(one ? (doodads ? tr("Doodad (M2, MDDF)") : tr("WMO (MODF)"))
                           : (doodads ? tr("Doodads (M2, MDDF)") : tr("WMOs (MODF)")));
    } else {
        mKind->setText(tr("Doodads and WMOs"));
    }
    const QString model = selectionModelText(info);
    mName->setText(info.model ? model : QString());
    mName->setPlaceholderText(info.model ? QString() : model);
    mName->setCursorPosition(0);
    mName->setToolTip(model);
    mFile->setText(selectionFileText(info));
    mTriangles->setText(trianglesText(info));
    mUniqueId->setText(uniqueIdsText(info));
    mTile->setText(one ? QStringLiteral("%1_%2").arg(first.ref.tile.x).arg(first.ref.tile.y)
                       : QStringLiteral("—"));

    // Several: the centre of their positions; a change moves them all.
    mPosition = info.centre;
    for (int i = 0; i < 3; ++i) {
        mPos[i]->setEnabled(true);
        mPos[i]->setValue(mPosition[i]);
    }
    showRotationAndScale(info);
    showDoodadSets(info);
}

void ObjectPropertiesPanel::showRotationAndScale(const core::SelectionInfo& info) {
    if (info.rotation) {
        mRotation = core::toDvec(*info.rotation);
        for (int i = 0; i < 3; ++i) {
            mRot[i]->setEnabled(true);
            mRot[i]->setValue(mRotation[i]);
        }
    } else {
        for (auto* spin : mRot) {
            spin->setSpecialValueText(tr("mixed"));
            spin->setValue(spin->minimum());
        }
    }
    const bool wmos = info.kind == core::ObjectKind::Wmo;
    mScaleSpin->setVisible(!wmos);
    mNoScale->setVisible(wmos);
    if (info.scale) {
        mScale = *info.scale;
        mScaleSpin->setEnabled(true);
        mScaleSpin->setValue(mScale);
    } else if (!wmos) {
        mScaleSpin->setSpecialValueText(tr("mixed"));
        mScaleSpin->setValue(mScaleSpin->minimum());
    }
}

void ObjectPropertiesPanel::showDoodadSets(const core::SelectionInfo& info) {
    if (info.kind != core::ObjectKind::Wmo) {
        return;
    }
    mDoodadSet->setVisible(true);
    mDoodadSetLabel->setVisible(true);
    // The sets of the model every selected WMO shares are offered; the current set is shown whatever it is.
    const core::SelectedObject& first = info.objects.front();
    const std::size_t sets = info.model ? first.doodadSets.size() : 0;
    for (std::size_t i = 0; i < sets; ++i) {
        mDoodadSet->addItem(doodadSetText(first, std::uint16_t(i)), QVariant(uint(i)));
    }
    if (!info.doodadSet) {
        mDoodadSet->insertItem(0, tr("mixed"));
        mDoodadSet->setCurrentIndex(0);
    } else if (*info.doodadSet < sets) {
        mDoodadSet->setCurrentIndex(int(*info.doodadSet));
    } else {
        mDoodadSet->insertItem(0, sets == 0 ? tr("%1 (the model's sets are not known)").arg(*info.doodadSet)
                                            : tr("%1 (not in the model)").arg(*info.doodadSet));
        mDoodadSet->setCurrentIndex(0);
    }
    mDoodadSet->setEnabled(sets > 0);
}

} // namespace mapsmith::widgets
