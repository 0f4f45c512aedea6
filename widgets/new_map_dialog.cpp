#include "widgets/new_map_dialog.h"

#include "core/geometry/coords.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QSpinBox>
#include <QVBoxLayout>

#include <algorithm>

namespace mapsmith::widgets {
namespace {

constexpr double kMaxBaseHeight = 20000.0; // yd, either way (as the height tools)
constexpr int kDefaultFirstTile = 32;      // the middle of the 64x64 tile grid
constexpr int kDefaultBlockSide = 2;

QSpinBox* makeTileSpin(QWidget* parent, const QString& objectName, int minimum, int maximum, int value) {
    auto* spin = new QSpinBox(parent);
    spin->setObjectName(objectName);
    spin->setRange(minimum, maximum);
    spin->setValue(value);
    return spin;
}

} // namespace

NewMapDialog::NewMapDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("newMapDialog"));
    setWindowTitle(tr("New Map"));

    mName = new QLineEdit(this);
    mName->setObjectName(QStringLiteral("mapNameEdit"));
    // Letters, digits and '_' only; empty is allowed while typing and reported as a problem.
    mName->setValidator(
        new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[A-Za-z0-9_]*")), mName));
    mName->setPlaceholderText(tr("e.g. MyIsland"));
    mName->setToolTip(tr("The map's internal name: files are NAME.wdt and NAME_X_Y.adt"));

    auto* directoryRow = new QWidget(this);
    auto* directoryLayout = new QHBoxLayout(directoryRow);
    directoryLayout->setContentsMargins(0, 0, 0, 0);
    mDirectory = new QLineEdit(directoryRow);
    mDirectory->setObjectName(QStringLiteral("directoryEdit"));
    mDirectory->setToolTip(tr("Folder the map's files go to (created when missing)"));
    mBrowse = new QPushButton(tr("Browse..."), directoryRow);
    mBrowse->setObjectName(QStringLiteral("browseButton"));
    directoryLayout->addWidget(mDirectory, 1);
    directoryLayout->addWidget(mBrowse);

    auto* firstRow = new QWidget(this);
    auto* firstLayout = new QHBoxLayout(firstRow);
    firstLayout->setContentsMargins(0, 0, 0, 0);
    mFirstX = makeTileSpin(firstRow, QStringLiteral("firstTileXSpin"), 0, core::kTilesPerSide - 1,
                           kDefaultFirstTile);
    mFirstX->setPrefix(tr("X "));
    mFirstX->setToolTip(tr("X of the block's north-west tile (grows eastwards)"));
    mFirstY = makeTileSpin(firstRow, QStringLiteral("firstTileYSpin"), 0, core::kTilesPerSide - 1,
                           kDefaultFirstTile);
    mFirstY->setPrefix(tr("Y "));
    mFirstY->setToolTip(tr("Y of the block's north-west tile (grows southwards)"));
    firstLayout->addWidget(mFirstX);
    firstLayout->addWidget(mFirstY);

    auto* sizeRow = new QWidget(this);
    auto* sizeLayout = new QHBoxLayout(sizeRow);
    sizeLayout->setContentsMargins(0, 0, 0, 0);
    mWidth = makeTileSpin(sizeRow, QStringLiteral("blockWidthSpin"), 1, kMaxBlockSide, kDefaultBlockSide);
    mWidth->setToolTip(tr("Tiles west to east"));
    mHeight = makeTileSpin(sizeRow, QStringLiteral("blockHeightSpin"), 1, kMaxBlockSide, kDefaultBlockSide);
    mHeight->setToolTip(tr("Tiles north to south"));
    sizeLayout->addWidget(mWidth);
    sizeLayout->addWidget(new QLabel(QStringLiteral("×"), sizeRow));
    sizeLayout->addWidget(mHeight);
    sizeLayout->addStretch(1);

    mBlockSummary = new QLabel(this);
    mBlockSummary->setObjectName(QStringLiteral("blockSummaryLabel"));

    mTerrain = new QComboBox(this);
    mTerrain->setObjectName(QStringLiteral("terrainCombo"));
    mTerrain->addItem(tr("Flat"), int(core::NewMapSpec::Terrain::Flat));
    mTerrain->addItem(tr("Hills"), int(core::NewMapSpec::Terrain::Hills));
    mTerrain->addItem(tr("Demo: hills with textures, a lake and markers"),
                      int(core::NewMapSpec::Terrain::Demo));
    mTerrain->setToolTip(tr("Flat ground with one texture, rolling hills with three, or the demo map's "
                            "look: four textures, a lake in each tile and marker objects"));

    mBaseHeight = new QDoubleSpinBox(this);
    mBaseHeight->setObjectName(QStringLiteral("baseHeightSpin"));
    mBaseHeight->setRange(-kMaxBaseHeight, kMaxBaseHeight);
    mBaseHeight->setDecimals(1);
    mBaseHeight->setSuffix(tr(" yd"));
    mBaseHeight->setValue(kDefaultBaseHeight);
    mBaseHeight->setToolTip(tr("Height of the ground (flat) or of the hills' base, in yards"));

    mOverwrite = new QCheckBox(tr("Replace a map of this name (its files are kept as .bak)"), this);
    mOverwrite->setObjectName(QStringLiteral("overwriteCheck"));

    auto* form = new QFormLayout;
    form->addRow(tr("Map name:"), mName);
    form->addRow(tr("Folder:"), directoryRow);
    form->addRow(tr("First tile:"), firstRow);
    form->addRow(tr("Tiles:"), sizeRow);
    form->addRow(QString(), mBlockSummary);
    form->addRow(tr("Terrain:"), mTerrain);
    form->addRow(tr("Base height:"), mBaseHeight);
    form->addRow(QString(), mOverwrite);

    mProblems = new QLabel(this);
    mProblems->setObjectName(QStringLiteral("problemsLabel"));
    mProblems->setWordWrap(true);
    mProblems->setTextFormat(Qt::PlainText);

    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->setObjectName(QStringLiteral("buttonBox"));
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Create"));

    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mProblems);
    layout->addStretch(1);
    layout->addWidget(mButtons);

    connect(mButtons, &QDialogButtonBox::accepted, this, &NewMapDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &NewMapDialog::reject);
    connect(mBrowse, &QPushButton::clicked, this, &NewMapDialog::browse);
    connect(mName, &QLineEdit::textChanged, this, &NewMapDialog::revalidate);
    connect(mDirectory, &QLineEdit::textChanged, this, &NewMapDialog::revalidate);
    for (QSpinBox* spin : {mFirstX, mFirstY}) {
        connect(spin, &QSpinBox::valueChanged, this, [this] {
            limitBlock();
            revalidate();
        });
    }
    for (QSpinBox* spin : {mWidth, mHeight}) {
        connect(spin, &QSpinBox::valueChanged, this, &NewMapDialog::revalidate);
    }
    connect(mTerrain, &QComboBox::currentIndexChanged, this, &NewMapDialog::revalidate);
    connect(mBaseHeight, &QDoubleSpinBox::valueChanged, this, &NewMapDialog::revalidate);
    connect(mOverwrite, &QCheckBox::toggled, this, &NewMapDialog::revalidate);

    limitBlock();
    revalidate();
}

core::NewMapSpec NewMapDialog::spec() const {
    core::NewMapSpec s;
    s.directory = mDirectory->text().trimmed();
    s.name = mName->text();
    for (int y = mFirstY->value(); y < mFirstY->value() + mHeight->value(); ++y) {
        for (int x = mFirstX->value(); x < mFirstX->value() + mWidth->value(); ++x) {
            s.tiles.push_back({x, y});
        }
    }
    s.terrain = core::NewMapSpec::Terrain(mTerrain->currentData().toInt());
    s.baseHeight = float(mBaseHeight->value());
    s.overwrite = mOverwrite->isChecked();
    return s;
}

void NewMapDialog::setDirectory(const QString& directory) {
    mDirectory->setText(QDir::toNativeSeparators(directory));
}

void NewMapDialog::setMapName(const QString& name) {
    mName->setText(name);
}

void NewMapDialog::accept() {
    revalidate();
    if (mProblemList.isEmpty()) {
        QDialog::accept();
    }
}

void NewMapDialog::browse() {
    // MAPSMITH_NO_DIALOGS (tests, screenshots): nothing may block on a native dialog.
    if (qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        return;
    }
    const QString chosen =
        QFileDialog::getExistingDirectory(this, tr("Folder for the new map"), mDirectory->text().trimmed());
    if (!chosen.isEmpty()) {
        setDirectory(chosen);
    }
}

void NewMapDialog::limitBlock() {
    // The block's last tile stays at 63 or below; setMaximum clamps the current value.
    mWidth->setMaximum(std::min(kMaxBlockSide, core::kTilesPerSide - mFirstX->value()));
    mHeight->setMaximum(std::min(kMaxBlockSide, core::kTilesPerSide - mFirstY->value()));
}

void NewMapDialog::revalidate() {
    const core::NewMapSpec s = spec();
    const int lastX = mFirstX->value() + mWidth->value() - 1;
    const int lastY = mFirstY->value() + mHeight->value() - 1;
    const QString count = s.tiles.size() == 1 ? tr("1 tile") : tr("%1 tiles").arg(s.tiles.size());
    mBlockSummary->setText(tr("%1: %2_%3 to %4_%5")
                               .arg(count)
                               .arg(mFirstX->value())
                               .arg(mFirstY->value())
                               .arg(lastX)
                               .arg(lastY));
    mProblemList = core::validateNewMap(s);
    if (mProblemList.isEmpty()) {
        mProblems->setText(
            tr("Creates %1.wdt and %2 in %3.").arg(s.name, count, QDir::toNativeSeparators(s.directory)));
    } else {
        mProblems->setText(mProblemList.join(QLatin1Char('\n')));
    }
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(mProblemList.isEmpty());
}

} // namespace mapsmith::widgets
