#include "widgets/server_maps_dialog.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

#include <limits>

namespace mapsmith::widgets {

ServerMapsDialog::ServerMapsDialog(QWidget* parent) : QDialog(parent) {
    setObjectName(QStringLiteral("serverMapsDialog"));
    setWindowTitle(tr("Export Server Maps"));

    mMapId = new QSpinBox(this);
    mMapId->setObjectName(QStringLiteral("mapIdSpin"));
    mMapId->setRange(0, std::numeric_limits<int>::max());
    mMapId->setToolTip(tr("The map's id in Map.dbc: 0 Eastern Kingdoms, 1 Kalimdor, 530 Outland, 571 "
                          "Northrend, or your custom map's id"));

    mCore = new QComboBox(this);
    mCore->setObjectName(QStringLiteral("coreCombo"));
    mCore->addItem(tr("AzerothCore (map files v9)"), int(io::ServerCore::AzerothCore));
    mCore->addItem(tr("TrinityCore 3.3.5 (map files v10)"), int(io::ServerCore::TrinityCore));
    mCore->setToolTip(tr("The server whose map extractor's files to write; each reads only its own version"));

    auto* folderRow = new QWidget(this);
    auto* folderLayout = new QHBoxLayout(folderRow);
    folderLayout->setContentsMargins(0, 0, 0, 0);
    mFolder = new QLineEdit(folderRow);
    mFolder->setObjectName(QStringLiteral("folderEdit"));
    mFolder->setToolTip(tr("Where the .map files go (created when missing): the server's maps folder, or a "
                           "folder to copy them from"));
    mBrowse = new QPushButton(tr("Browse..."), folderRow);
    mBrowse->setObjectName(QStringLiteral("browseButton"));
    folderLayout->addWidget(mFolder, 1);
    folderLayout->addWidget(mBrowse);

    mSummary = new QLabel(this);
    mSummary->setObjectName(QStringLiteral("summaryLabel"));
    mSummary->setWordWrap(true);

    mButtons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    mButtons->button(QDialogButtonBox::Ok)->setText(tr("Export"));

    auto* form = new QFormLayout;
    form->addRow(tr("Map id"), mMapId);
    form->addRow(tr("Server core"), mCore);
    form->addRow(tr("Folder"), folderRow);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(mSummary);
    layout->addWidget(mButtons);

    connect(mMapId, &QSpinBox::valueChanged, this, &ServerMapsDialog::update);
    connect(mCore, &QComboBox::currentIndexChanged, this, &ServerMapsDialog::update);
    connect(mFolder, &QLineEdit::textChanged, this, &ServerMapsDialog::update);
    connect(mBrowse, &QPushButton::clicked, this, &ServerMapsDialog::browse);
    connect(mButtons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(mButtons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    update();
}

void ServerMapsDialog::setRequest(const core::ServerMapsRequest& request) {
    mMapId->setValue(int(std::min<std::uint32_t>(request.mapId, std::uint32_t(mMapId->maximum()))));
    mCore->setCurrentIndex(mCore->findData(int(request.core)));
    mFolder->setText(request.outDir);
    update();
}

core::ServerMapsRequest ServerMapsDialog::request() const {
    core::ServerMapsRequest r;
    r.mapId = std::uint32_t(mMapId->value());
    r.core = io::ServerCore(mCore->currentData().toInt());
    r.outDir = mFolder->text().trimmed();
    return r;
}

QString ServerMapsDialog::summary() const {
    return mSummary->text();
}

void ServerMapsDialog::browse() {
    const QString folder =
        QFileDialog::getExistingDirectory(this, tr("Folder for the Server Maps"), mFolder->text());
    if (!folder.isEmpty()) {
        mFolder->setText(folder);
    }
}

void ServerMapsDialog::update() {
    const core::ServerMapsRequest r = request();
    const QString id =
        QStringLiteral("%1").arg(r.mapId, 3, 10, QLatin1Char('0')); // as the file names have it
    mSummary->setText(tr("One %1YYXX.map per tile of the saved map (Y and X of the tile), as %2's map "
                         "extractor writes them (map file version %3), into %4.")
                          .arg(id, QString::fromUtf8(io::serverCoreTitle(r.core).data()))
                          .arg(io::serverMapVersion(r.core))
                          .arg(r.outDir.isEmpty() ? tr("the folder chosen") : r.outDir));
    mButtons->button(QDialogButtonBox::Ok)->setEnabled(!r.outDir.isEmpty());
}

} // namespace mapsmith::widgets
