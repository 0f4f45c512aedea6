#include "widgets/terrain_export_dialog.h"

#include "core/convert/height_text.h"
#include "widgets/tile_block_fields.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace mapsmith::widgets {

namespace {

QString suffixOf(TerrainExportFormat format) {
    return format == TerrainExportFormat::HeightmapPng ? QStringLiteral("png") : QStringLiteral("hmp");
}

// Empty text: nullopt (the block's own); otherwise the number, or nullopt with `bad` set.
std::optional<double> optionalHeight(const QLineEdit* edit, bool& bad) {
    if (edit->text().trimmed().isEmpty()) {
        return std::nullopt;
    }
    const auto v = core::parseHeight(edit->text());
    bad = bad || !v;
    return v;
}

} // namespace

TerrainExportDialog::TerrainExportDialog(TerrainExportFormat format, MapQueries queries, QWidget* parent)
    : QDialog(parent), mFormat(format), mQueries(std::move(queries)) {
    const bool png = format == TerrainExportFormat::HeightmapPng;
    setObjectName(png ? QStringLiteral("heightmapExportDialog") : QStringLiteral("hmpExportDialog"));
    setWindowTitle(png ? tr("Export Heightmap PNG") : tr("Export Gamestudio Terrain (HMP5)"));

    auto* fileRow = new QWidget(this);
    auto* fileLayout = new QHBoxLayout(fileRow);
    fileLayout->setContentsMargins(0, 0, 0, 0);
    mFile = new QLineEdit(fileRow);
    mFile->setObjectName(QStringLiteral("fileEdit"));
    mFile->setToolTip(png ? tr("The 16-bit grayscale PNG to write (replaced when it exists)")
                          : tr("The .hmp file to write (replaced when it exists)"));
    mBrowse = new QPushButton(tr("Browse..."), fileRow);
    mBrowse->setObjectName(QStringLiteral("browseButton"));
    fileLayout->addWidget(mFile, 1);
    fileLayout->addWidget(mBrowse);

    mBlock = new TileBlockFields(this);
    mBlock->setObjectName(QStringLiteral("blockFields"));

    auto* form = new QFormLayout;
    form->addRow(tr("File"), fileRow);
    form->addRow(tr("Block"), mBlock);
    if (png) {
        mMin = new QLineEdit(this);
        mMin->setObjectName(QStringLiteral("minEdit"));
        mMin->setToolTip(tr("Height in yards written as 0 (black); empty: the block's lowest"));
        mMax = new QLineEdit(this);
        mMax->setObjectName(QStringLiteral("maxEdit"));
        mMax->setToolTip(tr("Height in yards written as 65535 (white); empty: the block's highest (the "
                            "lowest plus 1 for a flat block)"));
        auto* rangeRow = new QWidget(this);
        auto* rangeLayout = new QHBoxLayout(rangeRow);
        rangeLayout->setContentsMargins(0, 0, 0, 0);
        rangeLayout->addWidget(mMin, 1);
        rangeLayout->addWidget(new QLabel(tr(".."), rangeRow));
        rangeLayout->addWidget(mMax, 1);
        rangeLayout->addWidget(new QLabel(tr("yards"), rangeRow));
        form->addRow(tr("Heights"), rangeRow);
        mAllowMissing = new QCheckBox(tr("Export tiles the map does not have as 0 yards"), this);
        mAllowMissing->setObjectName(QStringLiteral("allowMissingCheck"));
        form->addRow(mAllowMissing);
        connect(mMin, &QLineEdit::textChanged, this, &TerrainExportDialog::update);
        connect(mMax, &QLineEdit::textChanged, this, &TerrainExportDialog::update);
        connect(mAllowMissing, &QCheckBox::toggled, this, &TerrainExportDialog::update);
    }

    mProblem = new QLabel(this);
    mProblem->setObjectName(QStringLiteral("problemLabel"));
    mProblem->setWordWrap(true);
    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mProblem);
    layout->addWidget(mButtons);

    connect(mFile, &QLineEdit::textChanged, this, &TerrainExportDialog::update);
    connect(mBrowse, &QPushButton::clicked, this, &TerrainExportDialog::browse);
    connect(mBlock, &TileBlockFields::blockChanged, this, &TerrainExportDialog::blockChanged);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    blockChanged();
}

void TerrainExportDialog::setChoice(const TerrainExportChoice& choice) {
    mFile->setText(choice.file);
    mBlock->setBlock(choice.block);
    if (mMin) {
        mMin->setText(choice.heights.min ? core::heightText(*choice.heights.min) : QString());
        mMax->setText(choice.heights.max ? core::heightText(*choice.heights.max) : QString());
        mAllowMissing->setChecked(choice.allowMissing);
    }
    update();
}

TerrainExportChoice TerrainExportDialog::choice() const {
    TerrainExportChoice c;
    c.format = mFormat;
    c.file = mFile->text().trimmed();
    c.block = mBlock->block();
    if (mMin) {
        bool bad = false;
        c.heights.min = optionalHeight(mMin, bad);
        c.heights.max = optionalHeight(mMax, bad);
        c.allowMissing = mAllowMissing->isChecked();
    }
    return c;
}

QString TerrainExportDialog::problem() const {
    return mProblem->text();
}

void TerrainExportDialog::browse() {
    const bool png = mFormat == TerrainExportFormat::HeightmapPng;
    const QString path =
        QFileDialog::getSaveFileName(this, windowTitle(), mFile->text(),
                                     png ? tr("PNG images (*.png)") : tr("Gamestudio terrains (*.hmp)"));
    if (!path.isEmpty()) {
        mFile->setText(QFileInfo(path).suffix().isEmpty() ? path + QLatin1Char('.') + suffixOf(mFormat)
                                                          : path);
    }
}

void TerrainExportDialog::blockChanged() {
    if (mMin) {
        // The block's own range as the placeholder: what an empty field exports with.
        const auto range = mQueries.range ? mQueries.range(mBlock->block()) : std::nullopt;
        mMin->setPlaceholderText(range ? tr("block's lowest: %1").arg(core::heightText(range->min))
                                       : tr("block's lowest"));
        mMax->setPlaceholderText(range ? tr("block's highest: %1").arg(core::heightText(range->max))
                                       : tr("block's highest"));
    }
    update();
}

void TerrainExportDialog::update() {
    const TerrainExportChoice c = choice();
    const core::TileBlock block = c.block;
    const int missing = mQueries.missingCount ? mQueries.missingCount(block) : 0;
    const QString missingNames =
        missing > 0 && mQueries.missingTiles ? mQueries.missingTiles(block) : QString();
    bool badHeight = false;
    if (mMin) {
        (void)optionalHeight(mMin, badHeight); // only whether they parse
        (void)optionalHeight(mMax, badHeight);
    }
    QString problem;
    if (c.file.isEmpty()) {
        problem = tr("Choose the file to write.");
    } else if (QFileInfo(c.file).suffix().compare(suffixOf(mFormat), Qt::CaseInsensitive) != 0) {
        problem = tr("The file must be a .%1 file.").arg(suffixOf(mFormat));
    } else if (missing == block.tilesX * block.tilesY) {
        problem = tr("The map has none of the tiles of %1.").arg(core::tileBlockText(block));
    } else if (missing > 0 && !(mAllowMissing && mAllowMissing->isChecked())) {
        problem =
            mAllowMissing
                ? tr("The map has no %1 (export them as 0 yards, or choose another block).").arg(missingNames)
                : tr("The map has no %1.").arg(missingNames);
    } else if (badHeight) {
        problem = tr("The heights must be numbers in yards, or empty for the block's own.");
    } else if (c.heights.min && c.heights.max && *c.heights.min >= *c.heights.max) {
        problem = tr("The black height %1 must be below the white height %2.")
                      .arg(core::heightText(*c.heights.min), core::heightText(*c.heights.max));
    }
    mProblem->setText(problem);
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(problem.isEmpty());
}

} // namespace mapsmith::widgets
