#pragma once
// Every undo command's id (QUndoCommand::id()), in one place so merging never collides.

namespace mapsmith::core {

enum class CommandId : int {
    HeightStroke = 1,
    AlphaStroke,
    HoleStroke,
    LiquidStroke,
    VertexColourStroke,
    AreaIdStroke,
    ShadowStroke,
    ImpassableStroke,
    ObjectEdit,
};

} // namespace mapsmith::core
