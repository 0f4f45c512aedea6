#include "widgets/hmp_import_dialog.h"

#include "core/convert/height_text.h"
#include "core/convert/hmp_terrain.h"
#include "core/document/tile_loader.h"
#include "widgets/tile_block_fields.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

#include <algorithm>

namespace mapsmith::widgets {

namespace {
constexpr int kThumbnail = 160; // pixels, the preview's longer side
}

HmpImportDialog::HmpImportDialog(std::function<QString(const core::TileBlock&)> missingTiles, QWidget* parent)
    : QDialog(parent), mMissingTiles(std::move(missingTiles)) {
    setObjectName(QStringLiteral("hmpImportDialog"));
    setWindowTitle(tr("Import Gamestudio Terrain"));

    auto* fileRow = new QWidget(this);
    auto* fileLayout = new QHBoxLayout(fileRow);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    mFile = new QLineEdit(fileRow);
    mFile->setObjectName(QStringLiteral("hmpEdit"));
    mFile->setToolTip(tr("An HMP4, HMP5 (File > Export > Gamestudio Terrain writes them) or HMP7 terrain"));
    mBrowse = new QPushButton(tr("Browse..."), fileRow);
    mBrowse->setObjectName(QStringLiteral("browseButton"));
    fileLayout->addWidget(mFile, 1);
    fileLayout->addWidget(mBrowse);

    mPreview = new QLabel(this);
    mPreview->setObjectName(QStringLiteral("previewLabel"));
    mPreview->setFixedSize(kThumbnail, kThumbnail);
    mPreview->setAlignment(Qt::AlignCenter);
    mPreview->setFrameShape(QFrame::StyledPanel);
    mInfo = new QLabel(this);
    mInfo->setObjectName(QStringLiteral("hmpInfoLabel"));
    mInfo->setWordWrap(true);

    mBlock = new TileBlockFields(this);
    mBlock->setObjectName(QStringLiteral("blockFields"));

    mScale = new QLineEdit(QStringLiteral("1"), this);
    mScale->setObjectName(QStringLiteral("scaleEdit"));
    mScale->setToolTip(tr("Yards per unit of the terrain's heights"));
    mProportional = new QPushButton(tr("Keep Proportions"), this);
    mProportional->setObjectName(QStringLiteral("proportionalButton"));
    mProportional->setToolTip(tr("The scale that gives the heights the stretch the terrain gets across"));
    auto* scaleRow = new QWidget(this);
    auto* scaleLayout = new QHBoxLayout(scaleRow);
    scaleLayout->setContentsMargins(0, 0, 0, 0);
    scaleLayout->addWidget(mScale, 1);
    scaleLayout->addWidget(mProportional);
    mOffset = new QLineEdit(QStringLiteral("0"), this);
    mOffset->setObjectName(QStringLiteral("offsetEdit"));
    mOffset->setToolTip(tr("Yards added after scaling"));
    mTint = new QCheckBox(tr("Tint vertex colours from the skin"), this);
    mTint->setObjectName(QStringLiteral("tintCheck"));
    mTint->setToolTip(tr("The first skin, stretched over the block, becomes the vertex colours (MCCV): mid "
                         "grey leaves the ground textures as they are"));

    mProblem = new QLabel(this);
    mProblem->setObjectName(QStringLiteral("problemLabel"));
    mProblem->setWordWrap(true);

    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Import"));

    auto* preview = new QHBoxLayout;
    preview->addWidget(mPreview);
    preview->addWidget(mInfo, 1);
    auto* form = new QFormLayout;
    form->addRow(tr("Terrain"), fileRow);
    form->addRow(preview);
    form->addRow(tr("Block"), mBlock);
    form->addRow(tr("Height scale"), scaleRow);
    form->addRow(tr("Height offset"), mOffset);
    form->addRow(mTint);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mProblem);
    layout->addWidget(mButtons);

    connect(mFile, &QLineEdit::editingFinished, this, &HmpImportDialog::fileChosen);
    connect(mBrowse, &QPushButton::clicked, this, &HmpImportDialog::browse);
    connect(mBlock, &TileBlockFields::blockChanged, this, &HmpImportDialog::update);
    connect(mScale, &QLineEdit::textChanged, this, &HmpImportDialog::update);
    connect(mOffset, &QLineEdit::textChanged, this, &HmpImportDialog::update);
    connect(mProportional, &QPushButton::clicked, this, [this] {
        if (mHmp) {
            mScale->setText(core::heightText(float(core::proportionalHeightScale(*mHmp, mBlock->block()))));
        }
    });
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    fileChosen();
}

void HmpImportDialog::setChoice(const HmpImportChoice& choice) {
    mBlock->setBlock(choice.block);
    mFile->setText(choice.file);
    fileChosen(); // sizes the block from the terrain: the choice's block wins below
    mBlock->setBlock(choice.block);
    mScale->setText(core::heightText(choice.settings.heightScale));
    mOffset->setText(core::heightText(choice.settings.heightOffset));
    mTint->setChecked(choice.settings.skinTint && mSkinDecodes);
    update();
}

HmpImportChoice HmpImportDialog::choice() const {
    HmpImportChoice c;
    c.file = mFile->text().trimmed();
    c.block = mBlock->block();
    c.settings.heightScale = core::parseHeight(mScale->text()).value_or(1.0);
    c.settings.heightOffset = core::parseHeight(mOffset->text()).value_or(0.0);
    c.settings.skinTint = mTint->isChecked();
    return c;
}

QString HmpImportDialog::problem() const {
    return mProblem->text();
}

void HmpImportDialog::browse() {
    const QString path = QFileDialog::getOpenFileName(this, tr("Gamestudio Terrain"), mFile->text(),
                                                      tr("Gamestudio terrains (*.hmp *.HMP);;All files (*)"));
    if (!path.isEmpty()) {
        mFile->setText(path);
        fileChosen();
    }
}

void HmpImportDialog::fileChosen() {
    const QString path = mFile->text().trimmed();
    mHmp.reset();
    mSkinDecodes = false;
    mPreview->clear();
    if (path.isEmpty()) {
        mInfo->setText(tr("No terrain chosen"));
        update();
        return;
    }
    const auto bytes = core::readWholeFile(path);
    auto hmp = bytes ? io::readHmp(*bytes) : io::Expected<io::Hmp>(bytes.error());
    if (!hmp) {
        mInfo->setText(tr("Cannot read %1: %2").arg(path, QString::fromStdString(hmp.error().describe())));
        update();
        return;
    }
    mHmp = std::move(hmp.value());
    const core::HeightGrid grid = core::gridFromHmp(*mHmp);
    const auto skin = core::hmpSkinImage(*mHmp);
    mSkinDecodes = skin.has_value();
    if (skin) {
        mPreview->setPixmap(QPixmap::fromImage(
            skin->scaled(kThumbnail, kThumbnail, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
    } else {
        mPreview->setText(mHmp->skins.empty() ? tr("No skin") : tr("Skin not decoded"));
    }
    if (!grid.values.empty()) {
        mBlock->setBlock(core::blockForGrid(mBlock->block().first, grid.width, grid.height));
        const auto [lo, hi] = std::minmax_element(grid.values.begin(), grid.values.end());
        mInfo->setText(tr("HMP%1, %2 x %3 vertices, heights %4 .. %5, %n frame(s), %6", nullptr,
                          int(mHmp->frames.size()))
                           .arg(int(mHmp->header.version))
                           .arg(grid.width)
                           .arg(grid.height)
                           .arg(core::heightText(*lo), core::heightText(*hi))
                           .arg(skin ? tr("skin %1 x %2").arg(skin->width()).arg(skin->height())
                                     : (mHmp->skins.empty() ? tr("no skin") : tr("first skin not decoded"))));
    } else {
        mInfo->setText(tr("%1 holds no grid of heights").arg(path));
    }
    update();
}

void HmpImportDialog::update() {
    mTint->setEnabled(mSkinDecodes);
    if (!mSkinDecodes) {
        mTint->setChecked(false);
    }
    const double proportional = mHmp ? core::proportionalHeightScale(*mHmp, mBlock->block()) : 0.0;
    mProportional->setEnabled(proportional > 0.0);
    if (proportional > 0.0) {
        mProportional->setText(tr("Keep Proportions (%1)").arg(core::heightText(float(proportional))));
    }
    QString problem;
    const QString missing = mMissingTiles ? mMissingTiles(mBlock->block()) : QString();
    const auto scale = core::parseHeight(mScale->text());
    const auto offset = core::parseHeight(mOffset->text());
    if (!mHmp) {
        problem = tr("Choose a terrain that reads.");
    } else if (!missing.isEmpty()) {
        problem = tr("The map has no %1; create the tiles first.").arg(missing);
    } else if (!scale || !offset) {
        problem = tr("The height scale and offset must be numbers.");
    } else if (auto plan = core::planHmpImport(*mHmp, {*scale, *offset, false}); !plan) {
        problem = plan.error() == core::HmpImportProblem::NoGrid
                      ? tr("The terrain holds no grid of heights.")
                      : tr("With this scale and offset the heights are not usable heights in yards.");
    }
    mProblem->setText(problem);
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace mapsmith::widgets
