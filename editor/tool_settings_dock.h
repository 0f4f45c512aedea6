#pragma once
// The "Tool settings" dock: the brush panel plus the current tool's mode panel, both bound to the
// tool's typed settings (panels edit copies; the dock writes them back into the tool).

#include "editor/tools/tool_manager.h"

#include <QWidget>

#include <array>
#include <functional>
#include <optional>

class QStackedWidget;

namespace mapsmith::widgets {
class BrushSettingsPanel;
}

namespace mapsmith::editor {

class ToolSettingsDock final : public QWidget {
    Q_OBJECT
public:
    ToolSettingsDock(ToolManager& tools, QWidget* parent = nullptr);
    widgets::BrushSettingsPanel* brushPanel() const { return mBrush; }
    QWidget* modePanel(ToolId tool) const;

public slots:
    void showTool(mapsmith::editor::ToolId tool);

signals:
    void brushChanged(); // radius or hardness changed: the viewport ring follows

private:
    // `strengthMax`: the brush panel's strength range for this tool (height: yards per dab).
    // One page per tool: its mode panel, the brush rows it shows, and how the panels follow it.
    struct Page {
        QWidget* panel = nullptr;
        int fields = 0;                   // brush rows (0: no brush panel)
        std::function<void()> refresh;    // show the tool's settings in the panels
        std::function<void()> applyBrush; // the brush panel's values into the tool
    };
    template <class ToolT, class PanelT>
    void bind(ToolId id, ToolT* tool, PanelT* panel, int fields, double strengthMax = 1.0);
    void addPlainPage(ToolId id, QWidget* panel); // a tool without brush settings
    Page& page(ToolId id) { return mPages[std::size_t(id)]; }
    const Page& page(ToolId id) const { return mPages[std::size_t(id)]; }

    ToolManager& mTools;
    widgets::BrushSettingsPanel* mBrush = nullptr;
    QStackedWidget* mStack = nullptr;
    std::optional<ToolId> mCurrent;
    std::array<Page, ToolManager::kOrder.size()> mPages; // by ToolId
};

} // namespace mapsmith::editor
