#include "widgets/asset_folders_dialog.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QGridLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace mapsmith::widgets {

namespace {

void showStatus(QLabel* label, const QString& problem, const QString& fine) {
    label->setText(problem.isEmpty() ? fine : problem);
    label->setStyleSheet(problem.isEmpty() ? QString() : QStringLiteral("color: #c0392b;"));
}

} // namespace

AssetFoldersDialog::AssetFoldersDialog(const core::AssetFolders& folders, QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("Game Data Folders"));
    auto* intro = new QLabel(tr("Textures and models are looked up in the project folder first, then in the "
                                "extracted files, then in the client's MPQ archives. Leave a folder empty "
                                "to skip it."),
                             this);
    intro->setWordWrap(true);
    auto* grid = new QGridLayout;
    mClient = addRow(grid, 0, tr("Client folder:"), QStringLiteral("clientFolder"), folders.clientData,
                     &mClientStatus);
    mClient->setToolTip(tr("The WotLK client folder or its Data folder (common.MPQ, patch.MPQ, ...)"));
    mExtracted = addRow(grid, 2, tr("Extracted files:"), QStringLiteral("extractedFolder"), folders.extracted,
                        &mExtractedStatus);
    mProject = addRow(grid, 4, tr("Project folder:"), QStringLiteral("projectFolder"), folders.project,
                      &mProjectStatus);
    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addWidget(intro);
    layout->addLayout(grid);
    layout->addStretch(1);
    layout->addWidget(mButtons);
    resize(620, sizeHint().height());
    validate();
}

QLineEdit* AssetFoldersDialog::addRow(QGridLayout* grid, int row, const QString& label, const QString& name,
                                      const QString& value, QLabel** status) {
    auto* edit = new QLineEdit(value, this);
    edit->setObjectName(name);
    edit->setClearButtonEnabled(true);
    auto* browse = new QPushButton(tr("Browse..."), this);
    *status = new QLabel(this);
    (*status)->setObjectName(name + QStringLiteral("Status"));
    (*status)->setWordWrap(true);
    grid->addWidget(new QLabel(label, this), row, 0);
    grid->addWidget(edit, row, 1);
    grid->addWidget(browse, row, 2);
    grid->addWidget(*status, row + 1, 1, 1, 2);
    connect(edit, &QLineEdit::textChanged, this, &AssetFoldersDialog::validate);
    connect(browse, &QPushButton::clicked, this, [this, edit, label] {
        const QString chosen = QFileDialog::getExistingDirectory(this, label, edit->text());
        if (!chosen.isEmpty()) {
            edit->setText(chosen);
        }
    });
    return edit;
}

core::AssetFolders AssetFoldersDialog::folders() const {
    return core::AssetFolders{mClient->text().trimmed(), mExtracted->text().trimmed(),
                              mProject->text().trimmed()};
}

QString AssetFoldersDialog::clientStatus() const {
    return mClientStatus->text();
}
QString AssetFoldersDialog::extractedStatus() const {
    return mExtractedStatus->text();
}
QString AssetFoldersDialog::projectStatus() const {
    return mProjectStatus->text();
}

bool AssetFoldersDialog::canAccept() const {
    return mButtons->button(QDialogButtonBox::Ok)->isEnabled();
}

void AssetFoldersDialog::validate() {
    const core::AssetFolders f = folders();
    const core::AssetFolderProblems problems = core::checkAssetFolders(f);
    showStatus(mClientStatus, problems.clientData,
               f.clientData.isEmpty() ? tr("Not set") : core::describeClientFolder(f.clientData));
    showStatus(mExtractedStatus, problems.extracted,
               f.extracted.isEmpty() ? tr("Not set") : tr("Folder found"));
    showStatus(mProjectStatus, problems.project, f.project.isEmpty() ? tr("Not set") : tr("Folder found"));
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(problems.ok());
}

} // namespace mapsmith::widgets
