#include "widgets/texture_mode_panel.h"

#include "widgets/settings_io.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QSettings>
#include <QSignalBlocker>
#include <QVBoxLayout>

namespace mapsmith::widgets {

std::pair<QString, QString> splitTexturePath(const QString& path) {
    const qsizetype slash = std::max(path.lastIndexOf(QLatin1Char('\\')), path.lastIndexOf(QLatin1Char('/')));
    if (slash < 0) {
        return {path, QString()};
    }
    return {path.mid(slash + 1), path.left(slash)};
}

TextureModePanel::TextureModePanel(QWidget* parent) : ModePanel(QStringLiteral("textureModePanel"), parent) {
    auto* nameBox = new QWidget(this);
    auto* nameLayout = new QVBoxLayout(nameBox);
    nameLayout->setContentsMargins(0, 0, 0, 0);
    nameLayout->setSpacing(0);
    mName = new QLabel(nameBox);
    mName->setObjectName(QStringLiteral("textureNameLabel"));
    QFont bold = mName->font();
    bold.setBold(true);
    mName->setFont(bold);
    mName->setTextInteractionFlags(Qt::TextSelectableByMouse);
    mFolder = new QLabel(nameBox);
    mFolder->setObjectName(QStringLiteral("textureFolderLabel"));
    mFolder->setForegroundRole(QPalette::PlaceholderText);
    mFolder->setTextInteractionFlags(Qt::TextSelectableByMouse);
    nameLayout->addWidget(mName);
    nameLayout->addWidget(mFolder);
    form()->addRow(tr("Texture:"), nameBox);
    mErase = new QCheckBox(tr("Erase this texture"), this);
    mErase->setObjectName(QStringLiteral("textureEraseCheck"));
    mErase->setToolTip(tr("Remove the texture where you paint; the base layer shows through "
                          "(Shift while painting toggles this)"));
    form()->addRow(QString(), mErase);
    connect(mErase, &QCheckBox::toggled, this, [this](bool on) {
        mSettings.erase = on;
        emit settingsChanged(mSettings);
    });
    showSettings();
}

void TextureModePanel::setSettings(const core::TexturePaintSettings& settings) {
    mSettings = settings;
    showSettings();
}

void TextureModePanel::showSettings() {
    const QString path = QString::fromStdString(mSettings.texture);
    const auto [name, folder] = splitTexturePath(path);
    mName->setText(path.isEmpty() ? tr("(none chosen)") : name);
    mFolder->setText(folder);
    mFolder->setVisible(!folder.isEmpty());
    mName->setToolTip(path);
    const QSignalBlocker block(mErase);
    mErase->setChecked(mSettings.erase);
}

void TextureModePanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("textureMode"));
    store.setValue(QStringLiteral("texture"), QString::fromStdString(mSettings.texture));
    store.setValue(QStringLiteral("erase"), mSettings.erase);
    store.endGroup();
}

void TextureModePanel::loadFrom(QSettings& store) {
    store.beginGroup(QStringLiteral("textureMode"));
    if (store.contains(QStringLiteral("texture"))) {
        mSettings.texture = store.value(QStringLiteral("texture")).toString().toStdString();
    }
    settings_io::readBool(store, QStringLiteral("erase"), mSettings.erase);
    store.endGroup();
    showSettings();
}

} // namespace mapsmith::widgets
