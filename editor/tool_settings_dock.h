#pragma once
// The "Tool settings" dock: the brush panel plus the current tool's mode panel, both bound to the
// tool's typed settings (panels edit copies; the dock writes them back into the tool).

#include <QWidget>

#include <functional>
#include <vector>

class QStackedWidget;

namespace mapsmith::widgets {
class BrushSettingsPanel;
}

namespace mapsmith::editor {

class Tool;
class ToolBox;

class ToolSettingsDock final : public QWidget {
    Q_OBJECT
public:
    ToolSettingsDock(ToolBox& tools, QWidget* parent = nullptr);
    widgets::BrushSettingsPanel* brushPanel() const { return mBrush; }
    QWidget* modePanel(int toolIndex) const;

public slots:
    void showTool(int toolIndex);

signals:
    void brushChanged(); // radius or hardness changed: the viewport ring follows

private:
    // `strengthMax`: the brush panel's strength range for this tool (height: yards per dab).
    template <class ToolT, class PanelT>
    void bind(ToolT* tool, PanelT* panel, int fields, double strengthMax = 1.0);
    void addPlainPage(QWidget* page); // a tool without brush settings

    ToolBox& mTools;
    widgets::BrushSettingsPanel* mBrush = nullptr;
    QStackedWidget* mStack = nullptr;
    int mCurrent = -1;
    std::vector<int> mFields;                    // brush rows per tool
    std::vector<std::function<void()>> mRefresh; // show tool settings in the panels
    std::vector<std::function<void()>> mApplyBrush;
};

} // namespace mapsmith::editor
