#include "widgets/import_level_dialog.h"

#include "core/convert/wmb_import.h"
#include "io/gamestudio/wmb.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

#include <cmath>
#include <vector>

namespace mapsmith::widgets {
namespace {

QDoubleSpinBox* coordinateBox(QWidget* parent) {
    auto* box = new QDoubleSpinBox(parent);
    box->setRange(-17066.67, 17066.67); // the map's extent, yards
    box->setDecimals(2);
    box->setSuffix(QObject::tr(" yd"));
    return box;
}

// What the level holds, or why it cannot be read (the reader's message names the list and offset).
QString describeFile(const QString& path, bool& readable) {
    readable = false;
    if (path.isEmpty()) {
        return QObject::tr("Choose a Gamestudio WMB7 level (.wmb).");
    }
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly)) {
        return QObject::tr("Cannot read %1: %2").arg(path, file.errorString());
    }
    const QByteArray data = file.readAll();
    const std::vector<std::byte> bytes(reinterpret_cast<const std::byte*>(data.constData()),
                                       reinterpret_cast<const std::byte*>(data.constData()) + data.size());
    const auto level = io::readWmb(bytes);
    if (!level) {
        return QObject::tr("%1 cannot be read: %2")
            .arg(QFileInfo(path).fileName(), QString::fromStdString(level.error().describe()));
    }
    readable = true;
    return QObject::tr("%1 holds %2.")
        .arg(QFileInfo(path).fileName(), QString::fromStdString(core::describeWmbLevel(*level)));
}

} // namespace

ImportLevelDialog::ImportLevelDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Import Gamestudio Level"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    auto* fileRow = new QHBoxLayout;
    mPath = new QLineEdit(this);
    mPath->setObjectName(QStringLiteral("levelPath"));
    auto* browse = new QPushButton(tr("Browse..."), this);
    fileRow->addWidget(mPath);
    fileRow->addWidget(browse);
    form->addRow(tr("Level:"), fileRow);
    mSummary = new QLabel(this);
    mSummary->setObjectName(QStringLiteral("levelSummary"));
    mSummary->setWordWrap(true);
    form->addRow(QString(), mSummary);
    mX = coordinateBox(this);
    mY = coordinateBox(this);
    mZ = new QDoubleSpinBox(this);
    mZ->setRange(-100000.0, 100000.0);
    mZ->setDecimals(2);
    mZ->setSuffix(tr(" yd"));
    mOnGround = new QCheckBox(tr("On the ground"), this);
    mOnGround->setChecked(true);
    mZ->setEnabled(false);
    auto* zRow = new QHBoxLayout;
    zRow->addWidget(mZ);
    zRow->addWidget(mOnGround);
    form->addRow(tr("Origin X (north):"), mX);
    form->addRow(tr("Origin Y (west):"), mY);
    form->addRow(tr("Origin Z (up):"), zRow);
    mScale = new QDoubleSpinBox(this);
    mScale->setObjectName(QStringLiteral("yardsPerQuant"));
    mScale->setRange(0.0001, 100.0);
    mScale->setDecimals(4);
    mScale->setValue(core::kDefaultYardsPerQuant);
    mScale->setToolTip(tr("The level's unit in yards; 1/36 (0.0278): one quant is one inch"));
    form->addRow(tr("Yards per quant:"), mScale);
    layout->addLayout(form);
    auto* note = new QLabel(
        tr("The blocks become a WMO, MDL entities doodads and HMP entities terrain, as one undo step. The "
           "WMO, its textures and the entities' models are written into the map folder now, under "
           "World\\wmo\\Gamestudio\\<level>\\; they stay there when the import is undone (unreferenced "
           "then). Lights, sounds and paths are not imported."),
        this);
    note->setWordWrap(true);
    layout->addWidget(note);
    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Import"));
    layout->addWidget(mButtons);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(mOnGround, &QCheckBox::toggled, mZ, [this](bool ground) { mZ->setEnabled(!ground); });
    connect(mPath, &QLineEdit::editingFinished, this, &ImportLevelDialog::fileChanged);
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString chosen = QFileDialog::getOpenFileName(this, tr("Gamestudio Level"), mPath->text(),
                                                            tr("Gamestudio levels (*.wmb)"));
        if (!chosen.isEmpty()) {
            mPath->setText(chosen);
            fileChanged();
        }
    });
    fileChanged();
}

void ImportLevelDialog::fileChanged() {
    mSummary->setText(describeFile(mPath->text(), mReadable));
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(mReadable);
}

void ImportLevelDialog::setChoice(const ImportLevelChoice& choice) {
    mPath->setText(choice.path);
    mX->setValue(choice.at.x);
    mY->setValue(choice.at.y);
    mOnGround->setChecked(!choice.z);
    if (choice.z) {
        mZ->setValue(*choice.z);
    }
    mScale->setValue(choice.yardsPerQuant);
    fileChanged();
}

ImportLevelChoice ImportLevelDialog::choice() const {
    ImportLevelChoice c;
    c.path = mPath->text();
    c.at = {mX->value(), mY->value()};
    if (!mOnGround->isChecked()) {
        c.z = mZ->value();
    }
    // The box shows 4 decimals: its default stands for the CLI's exact 1/36.
    const double shown = std::round(core::kDefaultYardsPerQuant * 1e4) / 1e4;
    c.yardsPerQuant =
        std::abs(mScale->value() - shown) < 1e-9 ? core::kDefaultYardsPerQuant : mScale->value();
    return c;
}

QString ImportLevelDialog::summary() const {
    return mSummary->text();
}

} // namespace mapsmith::widgets
