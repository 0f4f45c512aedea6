#pragma once
// Every editing tool of the main window, in tool-bar order (the index is the shortcut digit - 1).

#include "editor/tools/object_tool.h"
#include "editor/tools/stroke_tool.h"

#include <QObject>

#include <vector>

namespace mapsmith::editor {

class ToolBox final : public QObject {
    Q_OBJECT
public:
    explicit ToolBox(QObject* parent = nullptr);

    HeightTool* height() const { return mHeight; }
    TextureTool* texture() const { return mTexture; }
    HoleTool* holes() const { return mHoles; }
    VertexColourTool* colour() const { return mColour; }
    AreaIdTool* areaId() const { return mArea; }
    ImpassableTool* impassable() const { return mImpassable; }
    ShadowTool* shadow() const { return mShadow; }
    LiquidTool* liquid() const { return mLiquid; }
    ObjectTool* objects() const { return mObjects; }

    const std::vector<Tool*>& all() const { return mAll; }
    int count() const { return int(mAll.size()); }
    Tool* at(int index) const { return mAll.at(std::size_t(index)); }

private:
    HeightTool* mHeight;
    TextureTool* mTexture;
    HoleTool* mHoles;
    VertexColourTool* mColour;
    AreaIdTool* mArea;
    ImpassableTool* mImpassable;
    ShadowTool* mShadow;
    LiquidTool* mLiquid;
    ObjectTool* mObjects;
    std::vector<Tool*> mAll;
};

} // namespace mapsmith::editor
