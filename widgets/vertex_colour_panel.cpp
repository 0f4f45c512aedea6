#include "widgets/vertex_colour_panel.h"

#include "widgets/settings_io.h"

#include <QCheckBox>
#include <QColorDialog>
#include <QFormLayout>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSignalBlocker>

namespace mapsmith::widgets {

VertexColourModePanel::VertexColourModePanel(QWidget* parent)
    : ModePanel(QStringLiteral("vertexColourModePanel"), parent) {
    mColour = new QPushButton(this);
    mColour->setObjectName(QStringLiteral("colourButton"));
    mColour->setIconSize({28, 14});
    mColour->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Fixed);
    mColour->setToolTip(tr("Pick the paint colour. Mid grey (7F7F7F) leaves the terrain unchanged; brighter "
                           "channels brighten it up to twice, darker ones darken it"));
    form()->addRow(tr("Colour:"), mColour);
    mErase = new QCheckBox(tr("Erase (back to neutral grey)"), this);
    mErase->setObjectName(QStringLiteral("colourEraseCheck"));
    mErase->setToolTip(tr("Blend the vertex colours back to neutral (Shift while painting toggles this)"));
    form()->addRow(QString(), mErase);
    mDropNeutral = new QCheckBox(tr("Drop colours of chunks left neutral"), this);
    mDropNeutral->setObjectName(QStringLiteral("dropNeutralCheck"));
    mDropNeutral->setToolTip(tr("After a stroke, chunks whose colours are all neutral lose their MCCV chunk, "
                                "as if never painted"));
    form()->addRow(QString(), mDropNeutral);

    connect(mColour, &QPushButton::clicked, this, &VertexColourModePanel::pickColour);
    connect(mErase, &QCheckBox::toggled, this, [this](bool on) {
        mSettings.mode = on ? core::ColourMode::Erase : core::ColourMode::Paint;
        mColour->setEnabled(!on);
        emit settingsChanged(mSettings);
    });
    connect(mDropNeutral, &QCheckBox::toggled, this, [this](bool on) {
        mSettings.dropNeutral = on;
        emit settingsChanged(mSettings);
    });
    showSettings();
}

QColor VertexColourModePanel::toQColor(std::uint32_t bgra) {
    return QColor(core::colourRed(bgra), core::colourGreen(bgra), core::colourBlue(bgra));
}

std::optional<QColor> VertexColourModePanel::dialogPicker(const QColor& current, QWidget* parent) {
    if (qEnvironmentVariableIsSet("MAPSMITH_NO_DIALOGS")) {
        return std::nullopt;
    }
    const QColor c = QColorDialog::getColor(current, parent, tr("Vertex colour"));
    if (!c.isValid()) {
        return std::nullopt;
    }
    return c;
}

void VertexColourModePanel::pickColour() {
    const auto picked = mPicker ? mPicker(toQColor(mSettings.colour), this) : std::nullopt;
    if (!picked || !picked->isValid()) {
        return;
    }
    const std::uint32_t colour =
        core::packBgra(std::uint8_t(picked->red()), std::uint8_t(picked->green()),
                       std::uint8_t(picked->blue()), core::colourAlpha(mSettings.colour));
    if (colour == mSettings.colour) {
        return;
    }
    mSettings.colour = colour;
    showSettings();
    emit settingsChanged(mSettings);
}

void VertexColourModePanel::setSettings(const core::VertexColourBrushSettings& settings) {
    mSettings = settings;
    showSettings();
}

void VertexColourModePanel::showSettings() {
    const QColor c = toQColor(mSettings.colour);
    QPixmap swatch(mColour->iconSize());
    swatch.fill(c);
    {
        QPainter p(&swatch);
        p.setPen(palette().color(QPalette::WindowText));
        p.drawRect(swatch.rect().adjusted(0, 0, -1, -1));
    }
    mColour->setIcon(QIcon(swatch));
    mColour->setText(c.name(QColor::HexRgb).mid(1).toUpper());
    mColour->setEnabled(mSettings.mode == core::ColourMode::Paint);
    const QSignalBlocker b1(mErase);
    const QSignalBlocker b2(mDropNeutral);
    mErase->setChecked(mSettings.mode == core::ColourMode::Erase);
    mDropNeutral->setChecked(mSettings.dropNeutral);
}

void VertexColourModePanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("vertexColourMode"));
    store.setValue(QStringLiteral("erase"), mSettings.mode == core::ColourMode::Erase);
    store.setValue(QStringLiteral("colour"), qulonglong(mSettings.colour));
    store.setValue(QStringLiteral("dropNeutral"), mSettings.dropNeutral);
    store.endGroup();
}

void VertexColourModePanel::loadFrom(QSettings& store) {
    store.beginGroup(QStringLiteral("vertexColourMode"));
    bool erase = mSettings.mode == core::ColourMode::Erase;
    if (settings_io::readBool(store, QStringLiteral("erase"), erase)) {
        mSettings.mode = erase ? core::ColourMode::Erase : core::ColourMode::Paint;
    }
    settings_io::readUInt32(store, QStringLiteral("colour"), mSettings.colour);
    settings_io::readBool(store, QStringLiteral("dropNeutral"), mSettings.dropNeutral);
    store.endGroup();
    showSettings();
}

} // namespace mapsmith::widgets
