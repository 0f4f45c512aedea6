#include "editor/tool_settings_dock.h"

#include "editor/tools/object_tool.h"
#include "editor/tools/tool_box.h"
#include "widgets/attribute_mode_panels.h"
#include "widgets/brush_settings_panel.h"
#include "widgets/height_mode_panel.h"
#include "widgets/liquid_mode_panel.h"
#include "widgets/texture_mode_panel.h"
#include "widgets/vertex_colour_panel.h"

#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QStackedWidget>
#include <QVBoxLayout>

namespace mapsmith::editor {

using Field = widgets::BrushSettingsPanel::Field;

namespace {
// Raise/lower/noise strength is yards per dab; flatten and smooth take min(1, strength).
constexpr double kHeightStrengthMax = 20.0;
} // namespace

ToolSettingsDock::ToolSettingsDock(ToolBox& tools, QWidget* parent) : QWidget(parent), mTools(tools) {
    setObjectName(QStringLiteral("toolSettings"));
    auto* layout = new QVBoxLayout(this);
    mBrush = new widgets::BrushSettingsPanel(this);
    mStack = new QStackedWidget(this);
    layout->addWidget(mBrush);
    layout->addWidget(mStack);
    layout->addStretch(1);

    const int all = int(Field::All);
    const int binary = int(Field::Radius) | int(Field::Spacing);
    bind(tools.height(), new widgets::HeightModePanel(this), all, kHeightStrengthMax);
    bind(tools.texture(), new widgets::TextureModePanel(this), all);
    bind(tools.holes(), new widgets::HoleModePanel(this), binary);
    bind(tools.colour(), new widgets::VertexColourModePanel(this), all);
    bind(tools.areaId(), new widgets::AreaIdModePanel(this), binary);
    bind(tools.impassable(), new widgets::ImpassableModePanel(this), binary);
    bind(tools.shadow(), new widgets::ShadowModePanel(this), binary);
    bind(tools.liquid(), new widgets::LiquidModePanel(this), binary);
    auto* objectPage = new QWidget(this);
    auto* objectHelp =
        new QLabel(tr("Click an object (a box) to select it; its values are in the Object "
                      "Properties dock.\n\nDrag: move over the ground\nShift+drag: turn about "
                      "its position\nCtrl+drag: scale (doodads)\nDelete: remove\n\nWith a model "
                      "to place, a click on empty ground places it there (one undo step)."),
                   objectPage);
    objectHelp->setObjectName(QStringLiteral("objectToolHelp"));
    objectHelp->setWordWrap(true);
    auto* placeModel = new QLineEdit(objectPage);
    placeModel->setObjectName(QStringLiteral("placeModelEdit"));
    placeModel->setPlaceholderText(tr("e.g. World\\Generic\\Tree.m2 or a Gamestudio .mdl"));
    placeModel->setClearButtonEnabled(true);
    connect(placeModel, &QLineEdit::textChanged, this,
            [this](const QString& text) { mTools.objects()->setPlaceModel(text.trimmed().toStdString()); });
    auto* objectLayout = new QFormLayout(objectPage);
    objectLayout->setContentsMargins(0, 0, 0, 0);
    objectLayout->addRow(objectHelp);
    objectLayout->addRow(tr("Model to place:"), placeModel);
    addPlainPage(objectPage);

    connect(mBrush, &widgets::BrushSettingsPanel::settingsChanged, this, [this] {
        if (mCurrent >= 0) {
            mApplyBrush[std::size_t(mCurrent)]();
            emit brushChanged();
        }
    });
    showTool(0);
}

template <class ToolT, class PanelT>
void ToolSettingsDock::bind(ToolT* tool, PanelT* panel, int fields, double strengthMax) {
    mStack->addWidget(panel);
    mFields.push_back(fields);
    mRefresh.push_back([this, tool, panel, strengthMax] {
        // Showing a tool must not write the panel's values (still the previous tool's) into it.
        const QSignalBlocker block(mBrush);
        mBrush->setStrengthRange(strengthMax, 2, QString());
        panel->setSettings(tool->settings());
        mBrush->setSettings(tool->settings().brush);
    });
    mApplyBrush.push_back([this, tool] { tool->settings().brush = mBrush->settings(); });
    connect(panel, &PanelT::settingsChanged, this, [tool](const auto& s) {
        const core::BrushSettings brush = tool->settings().brush; // the brush panel owns these
        tool->settings() = s;
        tool->settings().brush = brush;
    });
}

void ToolSettingsDock::addPlainPage(QWidget* page) {
    mStack->addWidget(page);
    mFields.push_back(0);
    mRefresh.push_back([] {});
    mApplyBrush.push_back([] {});
}

QWidget* ToolSettingsDock::modePanel(int toolIndex) const {
    return mStack->widget(toolIndex);
}

void ToolSettingsDock::showTool(int toolIndex) {
    if (toolIndex < 0 || toolIndex >= mStack->count()) {
        return;
    }
    mCurrent = toolIndex;
    mStack->setCurrentIndex(toolIndex);
    mBrush->setVisibleFields(widgets::BrushSettingsPanel::Fields(mFields[std::size_t(toolIndex)]));
    mBrush->setVisible(mFields[std::size_t(toolIndex)] != 0);
    mRefresh[std::size_t(toolIndex)]();
    emit brushChanged();
}

} // namespace mapsmith::editor
