#include "editor/tool_settings_dock.h"

#include "widgets/attribute_mode_panels.h"
#include "widgets/brush_settings_panel.h"
#include "widgets/height_mode_panel.h"
#include "widgets/liquid_mode_panel.h"
#include "widgets/placement_options_panel.h"
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

ToolSettingsDock::ToolSettingsDock(ToolManager& tools, QWidget* parent) : QWidget(parent), mTools(tools) {
    setObjectName(QStringLiteral("toolSettings"));
    auto* layout = new QVBoxLayout(this);
    mBrush = new widgets::BrushSettingsPanel(this);
    mStack = new QStackedWidget(this);
    layout->addWidget(mBrush);
    layout->addWidget(mStack);
    layout->addStretch(1);

    const int all = int(Field::All);
    const int binary = int(Field::Radius) | int(Field::Spacing);
    bind(ToolId::Sculpt, tools.height(), new widgets::HeightModePanel(this), all, kHeightStrengthMax);
    bind(ToolId::PaintTexture, tools.texture(), new widgets::TextureModePanel(this), all);
    bind(ToolId::Holes, tools.holes(), new widgets::HoleModePanel(this), binary);
    bind(ToolId::VertexColour, tools.colour(), new widgets::VertexColourModePanel(this), all);
    bind(ToolId::AreaId, tools.areaId(), new widgets::AreaIdModePanel(this), binary);
    bind(ToolId::Impassable, tools.impassable(), new widgets::ImpassableModePanel(this), binary);
    bind(ToolId::Shadows, tools.shadow(), new widgets::ShadowModePanel(this), binary);
    bind(ToolId::Liquid, tools.liquid(), new widgets::LiquidModePanel(this), binary);
    auto* objectPage = new QWidget(this);
    auto* objectHelp =
        new QLabel(tr("Click an object to select it, Ctrl+click to add or remove it, drag on empty "
                      "ground to select every object in a box; their values are in the Object "
                      "Properties dock.\n\nDrag: move the selection over the ground\nShift+drag: turn "
                      "it about its centre\nCtrl+drag: scale (doodads)\nDelete: remove\nEdit menu: "
                      "copy, paste, duplicate, snap to ground, align to slope\n\nWith a model "
                      "to place, a click on empty ground places it there (one undo step)."),
                   objectPage);
    objectHelp->setObjectName(QStringLiteral("objectToolHelp"));
    objectHelp->setWordWrap(true);
    auto* placeModel = new QLineEdit(objectPage);
    placeModel->setObjectName(QStringLiteral("placeModelEdit"));
    placeModel->setPlaceholderText(tr("e.g. World\\Generic\\Tree.m2, a .wmo or a Gamestudio .mdl"));
    placeModel->setClearButtonEnabled(true);
    connect(placeModel, &QLineEdit::textChanged, this,
            [this](const QString& text) { mTools.objects()->setPlaceModel(text.trimmed().toStdString()); });
    auto* placement = new widgets::PlacementOptionsPanel(objectPage);
    connect(
        placement, &widgets::PlacementOptionsPanel::settingsChanged, this,
        [this](const core::PlacementOptions& options) { mTools.objects()->setPlacementOptions(options); });
    auto* objectLayout = new QFormLayout(objectPage);
    objectLayout->setContentsMargins(0, 0, 0, 0);
    objectLayout->addRow(objectHelp);
    objectLayout->addRow(tr("Model to place:"), placeModel);
    objectLayout->addRow(placement);
    addPlainPage(ToolId::Objects, objectPage);
    page(ToolId::Objects).refresh = [this, placeModel, placement] {
        // The model may have been chosen elsewhere (the model browser).
        const QString model = QString::fromStdString(mTools.objects()->placeModel());
        if (placeModel->text().trimmed() != model) {
            placeModel->setText(model);
        }
        placement->setSettings(mTools.objects()->placementOptions());
    };

    connect(mBrush, &widgets::BrushSettingsPanel::settingsChanged, this, [this] {
        if (mCurrent) {
            page(*mCurrent).applyBrush();
            emit brushChanged();
        }
    });
    showTool(ToolId::Sculpt);
}

template <class ToolT, class PanelT>
void ToolSettingsDock::bind(ToolId id, ToolT* tool, PanelT* panel, int fields, double strengthMax) {
    mStack->addWidget(panel);
    Page& p = page(id);
    p.panel = panel;
    p.fields = fields;
    p.refresh = [this, tool, panel, strengthMax] {
        // Showing a tool must not write the panel's values (still the previous tool's) into it.
        const QSignalBlocker block(mBrush);
        mBrush->setStrengthRange(strengthMax, 2, QString());
        panel->setSettings(tool->settings());
        mBrush->setSettings(tool->settings().brush);
    };
    p.applyBrush = [this, tool] { tool->settings().brush = mBrush->settings(); };
    connect(panel, &PanelT::settingsChanged, this, [tool](const auto& s) {
        const core::BrushSettings brush = tool->settings().brush; // the brush panel owns these
        tool->settings() = s;
        tool->settings().brush = brush;
    });
}

void ToolSettingsDock::addPlainPage(ToolId id, QWidget* panel) {
    mStack->addWidget(panel);
    page(id) = Page{panel, 0, [] {}, [] {}};
}

QWidget* ToolSettingsDock::modePanel(ToolId tool) const {
    return page(tool).panel;
}

void ToolSettingsDock::showTool(ToolId tool) {
    const Page& p = page(tool);
    if (!p.panel) {
        return;
    }
    mCurrent = tool;
    mStack->setCurrentWidget(p.panel);
    mBrush->setVisibleFields(widgets::BrushSettingsPanel::Fields(p.fields));
    mBrush->setVisible(p.fields != 0);
    p.refresh();
    emit brushChanged();
}

} // namespace mapsmith::editor
