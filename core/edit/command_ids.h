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
    Repair,            // Map > Repair: the repair rules over the whole map (core/repair/document_repair.h)
    WdtEdit,           // a change of the map's WDT (core/edit/wdt_state_command.h)
    ConvertOldLiquids, // MCLQ to MH2O over tiles of the map (core/edit/mclq_conversion.h)
    BakeShadows,       // Map > Bake Shadows (core/edit/bake_shadows.h)
    RestoreRecovery,   // autosaved work put back after a crash (core/recovery/recovery_restore.h)
    ImportLevel,       // a Gamestudio level's terrain entities (core/convert/wmb_import.h)
    ImportTerrain,     // File > Import > Heightmap Image / Gamestudio Terrain (core/edit/terrain_import.h)
};

} // namespace mapsmith::core
