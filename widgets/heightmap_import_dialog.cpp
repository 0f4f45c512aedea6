#include "widgets/heightmap_import_dialog.h"

#include "core/convert/height_text.h"
#include "core/convert/terrain_block.h"
#include "widgets/tile_block_fields.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QImageReader>
#include <QLabel>
#include <QLineEdit>
#include <QPixmap>
#include <QPushButton>
#include <QVBoxLayout>

namespace mapsmith::widgets {

namespace {
constexpr int kThumbnail = 160; // pixels, the preview's longer side
}

HeightmapImportDialog::HeightmapImportDialog(MapQueries queries, QWidget* parent)
    : QDialog(parent), mQueries(std::move(queries)) {
    setObjectName(QStringLiteral("heightmapImportDialog"));
    setWindowTitle(tr("Import Heightmap Image"));

    auto* fileRow = new QWidget(this);
    auto* fileLayout = new QHBoxLayout(fileRow);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    mFile = new QLineEdit(fileRow);
    mFile->setObjectName(QStringLiteral("imageEdit"));
    mFile->setToolTip(tr("A 16-bit grayscale PNG (File > Export > Heightmap PNG writes them) or any image; "
                         "colour is converted to gray"));
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
    mInfo->setObjectName(QStringLiteral("imageInfoLabel"));
    mInfo->setWordWrap(true);

    mBlock = new TileBlockFields(this);
    mBlock->setObjectName(QStringLiteral("blockFields"));

    mMin = new QLineEdit(this);
    mMin->setObjectName(QStringLiteral("minEdit"));
    mMin->setToolTip(tr("Height in yards of pixel value 0 (black)"));
    mMax = new QLineEdit(this);
    mMax->setObjectName(QStringLiteral("maxEdit"));
    mMax->setToolTip(tr("Height in yards of the brightest pixel value (white)"));
    mBlockRange = new QPushButton(tr("Block's Range"), this);
    mBlockRange->setObjectName(QStringLiteral("blockRangeButton"));
    mBlockRange->setToolTip(tr("The block's lowest and highest height, as an export of it prints them"));
    auto* rangeRow = new QWidget(this);
    auto* rangeLayout = new QHBoxLayout(rangeRow);
    rangeLayout->setContentsMargins(0, 0, 0, 0);
    rangeLayout->addWidget(mMin, 1);
    rangeLayout->addWidget(new QLabel(tr(".."), rangeRow));
    rangeLayout->addWidget(mMax, 1);
    rangeLayout->addWidget(new QLabel(tr("yards"), rangeRow));
    rangeLayout->addWidget(mBlockRange);

    mProblem = new QLabel(this);
    mProblem->setObjectName(QStringLiteral("problemLabel"));
    mProblem->setWordWrap(true);

    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Import"));

    auto* preview = new QHBoxLayout;
    preview->addWidget(mPreview);
    preview->addWidget(mInfo, 1);
    auto* form = new QFormLayout;
    form->addRow(tr("Image"), fileRow);
    form->addRow(preview);
    form->addRow(tr("Block"), mBlock);
    form->addRow(tr("Heights"), rangeRow);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mProblem);
    layout->addWidget(mButtons);

    connect(mFile, &QLineEdit::editingFinished, this, &HeightmapImportDialog::imageChosen);
    connect(mBrowse, &QPushButton::clicked, this, &HeightmapImportDialog::browse);
    connect(mBlock, &TileBlockFields::blockChanged, this, &HeightmapImportDialog::update);
    connect(mMin, &QLineEdit::textChanged, this, &HeightmapImportDialog::update);
    connect(mMax, &QLineEdit::textChanged, this, &HeightmapImportDialog::update);
    connect(mBlockRange, &QPushButton::clicked, this, &HeightmapImportDialog::fillRange);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    update();
}

void HeightmapImportDialog::setChoice(const HeightmapImportChoice& choice) {
    mBlock->setBlock(choice.block);
    mFile->setText(choice.image);
    imageChosen(); // sizes the block from the image: the choice's block wins below
    mBlock->setBlock(choice.block);
    if (choice.min < choice.max) {
        mMin->setText(core::heightText(choice.min));
        mMax->setText(core::heightText(choice.max));
    } else {
        fillRange();
    }
    update();
}

HeightmapImportChoice HeightmapImportDialog::choice() const {
    HeightmapImportChoice c;
    c.image = mFile->text().trimmed();
    c.block = mBlock->block();
    c.min = core::parseHeight(mMin->text()).value_or(0.0);
    c.max = core::parseHeight(mMax->text()).value_or(0.0);
    return c;
}

QString HeightmapImportDialog::problem() const {
    return mProblem->text();
}

void HeightmapImportDialog::browse() {
    const QString path = QFileDialog::getOpenFileName(
        this, tr("Heightmap Image"), mFile->text(),
        tr("Images (*.png *.tif *.tiff *.bmp *.jpg *.jpeg *.pgm *.webp);;All files (*)"));
    if (!path.isEmpty()) {
        mFile->setText(path);
        imageChosen();
    }
}

void HeightmapImportDialog::imageChosen() {
    const QString path = mFile->text().trimmed();
    QImageReader reader(path);
    mImage = path.isEmpty() ? QImage() : reader.read();
    if (mImage.isNull()) {
        mPreview->clear();
        mInfo->setText(path.isEmpty() ? tr("No image chosen")
                                      : tr("Cannot read %1: %2").arg(path, reader.errorString()));
        update();
        return;
    }
    mPreview->setPixmap(QPixmap::fromImage(
        mImage.scaled(kThumbnail, kThumbnail, Qt::KeepAspectRatio, Qt::SmoothTransformation)));
    // The block from the image: 128 pixels per tile plus the closing edge, from the chosen north-west tile.
    const core::TileBlock covered =
        core::blockForGrid(mBlock->block().first, mImage.width(), mImage.height());
    mBlock->setBlock(covered);
    const QString depth = mImage.format() == QImage::Format_Grayscale16
                              ? tr("16-bit grayscale")
                              : (mImage.isGrayscale() ? tr("8-bit gray: at most 256 height levels")
                                                      : tr("colour: converted to gray"));
    mInfo->setText(tr("%1 x %2 pixels, %3; covers %4 x %5 tile(s) (%6 x %7 vertices: an image of that size "
                      "lands pixel on vertex, any other is stretched)")
                       .arg(mImage.width())
                       .arg(mImage.height())
                       .arg(depth)
                       .arg(covered.tilesX)
                       .arg(covered.tilesY)
                       .arg(covered.latticeWidth())
                       .arg(covered.latticeHeight()));
    fillRange();
}

void HeightmapImportDialog::fillRange() {
    const auto range = mQueries.range ? mQueries.range(mBlock->block()) : std::nullopt;
    if (range) {
        mMin->setText(core::heightText(range->min));
        mMax->setText(core::heightText(range->max));
    }
    update();
}

void HeightmapImportDialog::update() {
    QString problem;
    const auto min = core::parseHeight(mMin->text());
    const auto max = core::parseHeight(mMax->text());
    const QString missing = mQueries.missingTiles ? mQueries.missingTiles(mBlock->block()) : QString();
    if (mImage.isNull()) {
        problem = tr("Choose an image that reads.");
    } else if (!missing.isEmpty()) {
        problem = tr("The map has no %1; create the tiles first.").arg(missing);
    } else if (!min || !max) {
        problem = tr("Give both heights in yards.");
    } else if (*min >= *max) {
        problem = tr("The black height %1 must be below the white height %2.")
                      .arg(core::heightText(*min), core::heightText(*max));
    }
    mProblem->setText(problem);
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace mapsmith::widgets
