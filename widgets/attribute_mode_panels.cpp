#include "widgets/attribute_mode_panels.h"

#include "widgets/settings_io.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QRadioButton>
#include <QSettings>
#include <QSignalBlocker>
#include <QSpinBox>

#include <climits>

namespace mapsmith::widgets {
namespace {

constexpr settings_io::EnumNames<core::HoleMode, 2> kHoleModeNames{{
    {core::HoleMode::Cut, "cut"},
    {core::HoleMode::Remove, "remove"},
}};
constexpr settings_io::EnumNames<core::ChunkPick, 2> kPickNames{{
    {core::ChunkPick::Overlap, "overlap"},
    {core::ChunkPick::Centre, "centre"},
}};

void selectPick(QComboBox* combo, core::ChunkPick pick) {
    const QSignalBlocker block(combo);
    combo->setCurrentIndex(combo->findData(int(pick)));
}

} // namespace

QComboBox* makeChunkPickCombo(const QString& objectName, QWidget* parent) {
    auto* combo = new QComboBox(parent);
    combo->setObjectName(objectName);
    combo->addItem(QObject::tr("Every chunk the brush touches"), int(core::ChunkPick::Overlap));
    combo->addItem(QObject::tr("Chunks with their centre inside"), int(core::ChunkPick::Centre));
    combo->setToolTip(QObject::tr("Which chunks a dab changes: this brush works on whole chunks"));
    return combo;
}

// ---- Holes ------------------------------------------------------------------------------------------

HoleModePanel::HoleModePanel(QWidget* parent) : ModePanel(QStringLiteral("holeModePanel"), parent) {
    mMode = addRadioPair(tr("Holes:"), QStringLiteral("holeAddRadio"), tr("Add"),
                         QStringLiteral("holeRemoveRadio"), tr("Remove"), [this](bool add) {
                             mSettings.mode = add ? core::HoleMode::Cut : core::HoleMode::Remove;
                             emit settingsChanged(mSettings);
                         });
    mMode.first->setToolTip(tr("Cut holes in the terrain (Shift while painting: remove)"));
    mMode.second->setToolTip(tr("Fill holes back in (Shift while painting: add)"));
    mHighRes = new QCheckBox(tr("High-resolution holes"), this);
    mHighRes->setObjectName(QStringLiteral("highResHolesCheck"));
    mHighRes->setToolTip(tr("Edit single quads (8x8 per chunk) instead of 2x2-quad cells (4x4 per chunk).\n"
                            "WotLK (3.3.5) clients do not support high-resolution holes: they read the "
                            "high-res hole map as terrain offsets,\nso tiles using it only work with "
                            "later clients (MoP and newer). Leave this off for WotLK."));
    form()->addRow(QString(), mHighRes);
    addHint(QStringLiteral("holeModeHint"), tr("A cell becomes a hole when its centre is inside the brush."));
    connect(mHighRes, &QCheckBox::toggled, this, [this](bool on) {
        mSettings.highRes = on;
        emit settingsChanged(mSettings);
    });
    showSettings();
}

void HoleModePanel::setSettings(const core::HoleBrushSettings& settings) {
    mSettings = settings;
    showSettings();
}

void HoleModePanel::showSettings() {
    mMode.set(mSettings.mode == core::HoleMode::Cut);
    const QSignalBlocker block(mHighRes);
    mHighRes->setChecked(mSettings.highRes);
}

void HoleModePanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("holeMode"));
    store.setValue(QStringLiteral("mode"),
                   QString::fromLatin1(settings_io::enumName(kHoleModeNames, mSettings.mode)));
    store.setValue(QStringLiteral("highRes"), mSettings.highRes);
    store.endGroup();
}

void HoleModePanel::loadFrom(QSettings& store) {
    store.beginGroup(QStringLiteral("holeMode"));
    settings_io::readEnum(store, QStringLiteral("mode"), kHoleModeNames, mSettings.mode);
    settings_io::readBool(store, QStringLiteral("highRes"), mSettings.highRes);
    store.endGroup();
    showSettings();
}

// ---- Shadow -----------------------------------------------------------------------------------------

ShadowModePanel::ShadowModePanel(QWidget* parent) : ModePanel(QStringLiteral("shadowModePanel"), parent) {
    mMode = addRadioPair(tr("Shadow:"), QStringLiteral("shadowPaintRadio"), tr("Paint"),
                         QStringLiteral("shadowClearRadio"), tr("Clear"), [this](bool paint) {
                             mSettings.shadowed = paint;
                             emit settingsChanged(mSettings);
                         });
    mMode.first->setToolTip(tr("Paint baked shadow (MCSH) into the chunks"));
    mMode.second->setToolTip(tr("Clear baked shadow"));
    addHint(
        QStringLiteral("shadowModeHint"),
        tr("Edits the 64x64 shadow map of each chunk; a cell changes when its centre is inside the brush."));
    mMode.set(mSettings.shadowed);
}

void ShadowModePanel::setSettings(const core::ShadowBrushSettings& settings) {
    mSettings = settings;
    mMode.set(mSettings.shadowed);
}

void ShadowModePanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("shadowMode"));
    store.setValue(QStringLiteral("shadowed"), mSettings.shadowed);
    store.endGroup();
}

void ShadowModePanel::loadFrom(QSettings& store) {
    store.beginGroup(QStringLiteral("shadowMode"));
    settings_io::readBool(store, QStringLiteral("shadowed"), mSettings.shadowed);
    store.endGroup();
    mMode.set(mSettings.shadowed);
}

// ---- Area id ----------------------------------------------------------------------------------------

AreaIdModePanel::AreaIdModePanel(QWidget* parent) : ModePanel(QStringLiteral("areaIdModePanel"), parent) {
    mAreaId = new QSpinBox(this);
    mAreaId->setObjectName(QStringLiteral("areaIdSpin"));
    mAreaId->setRange(0, INT_MAX);
    mAreaId->setAlignment(Qt::AlignRight);
    mAreaId->setToolTip(tr("AreaTable.dbc id written to every chunk the brush picks"));
    form()->addRow(tr("Area id:"), mAreaId);
    mPick = makeChunkPickCombo(QStringLiteral("areaPickCombo"), this);
    form()->addRow(tr("Chunks:"), mPick);
    connect(mAreaId, &QSpinBox::valueChanged, this, [this](int v) {
        mSettings.areaId = std::uint32_t(v);
        emit settingsChanged(mSettings);
    });
    connect(mPick, &QComboBox::activated, this, [this](int index) {
        mSettings.pick = core::ChunkPick(mPick->itemData(index).toInt());
        emit settingsChanged(mSettings);
    });
    showSettings();
}

void AreaIdModePanel::setSettings(const core::AreaIdBrushSettings& settings) {
    mSettings = settings;
    showSettings();
}

void AreaIdModePanel::showSettings() {
    {
        const QSignalBlocker block(mAreaId);
        mAreaId->setValue(int(std::min<std::uint32_t>(mSettings.areaId, INT_MAX)));
    }
    selectPick(mPick, mSettings.pick);
}

void AreaIdModePanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("areaIdMode"));
    store.setValue(QStringLiteral("areaId"), qulonglong(mSettings.areaId));
    store.setValue(QStringLiteral("pick"),
                   QString::fromLatin1(settings_io::enumName(kPickNames, mSettings.pick)));
    store.endGroup();
}

void AreaIdModePanel::loadFrom(QSettings& store) {
    store.beginGroup(QStringLiteral("areaIdMode"));
    settings_io::readUInt32(store, QStringLiteral("areaId"), mSettings.areaId);
    settings_io::readEnum(store, QStringLiteral("pick"), kPickNames, mSettings.pick);
    store.endGroup();
    showSettings();
}

// ---- Impassable -------------------------------------------------------------------------------------

ImpassableModePanel::ImpassableModePanel(QWidget* parent)
    : ModePanel(QStringLiteral("impassableModePanel"), parent) {
    mMode = addRadioPair(tr("Impassable:"), QStringLiteral("impassableSetRadio"), tr("Set"),
                         QStringLiteral("impassableClearRadio"), tr("Clear"), [this](bool set) {
                             mSettings.impassable = set;
                             emit settingsChanged(mSettings);
                         });
    mMode.first->setToolTip(tr("Mark chunks impassable (MCNK flag 0x2)"));
    mMode.second->setToolTip(tr("Make chunks walkable again"));
    mPick = makeChunkPickCombo(QStringLiteral("impassablePickCombo"), this);
    form()->addRow(tr("Chunks:"), mPick);
    connect(mPick, &QComboBox::activated, this, [this](int index) {
        mSettings.pick = core::ChunkPick(mPick->itemData(index).toInt());
        emit settingsChanged(mSettings);
    });
    showSettings();
}

void ImpassableModePanel::setSettings(const core::ImpassableBrushSettings& settings) {
    mSettings = settings;
    showSettings();
}

void ImpassableModePanel::showSettings() {
    mMode.set(mSettings.impassable);
    selectPick(mPick, mSettings.pick);
}

void ImpassableModePanel::saveTo(QSettings& store) const {
    store.beginGroup(QStringLiteral("impassableMode"));
    store.setValue(QStringLiteral("impassable"), mSettings.impassable);
    store.setValue(QStringLiteral("pick"),
                   QString::fromLatin1(settings_io::enumName(kPickNames, mSettings.pick)));
    store.endGroup();
}

void ImpassableModePanel::loadFrom(QSettings& store) {
    store.beginGroup(QStringLiteral("impassableMode"));
    settings_io::readBool(store, QStringLiteral("impassable"), mSettings.impassable);
    settings_io::readEnum(store, QStringLiteral("pick"), kPickNames, mSettings.pick);
    store.endGroup();
    showSettings();
}

} // namespace mapsmith::widgets
