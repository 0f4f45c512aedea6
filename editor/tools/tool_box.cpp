#include "editor/tools/tool_box.h"

namespace mapsmith::editor {

ToolBox::ToolBox(QObject* parent)
    : QObject(parent), mHeight(new HeightTool(this)), mTexture(new TextureTool(this)),
      mHoles(new HoleTool(this)), mColour(new VertexColourTool(this)), mArea(new AreaIdTool(this)),
      mImpassable(new ImpassableTool(this)), mShadow(new ShadowTool(this)), mLiquid(new LiquidTool(this)),
      mObjects(new ObjectTool(this)) {
    mAll = {mHeight, mTexture, mHoles, mColour, mArea, mImpassable, mShadow, mLiquid, mObjects};
}

} // namespace mapsmith::editor
