#pragma once
// How the docks word the object selection (core/models/selection_info.h): one object's model file or the
// problem, triangle counts, uniqueIds and doodad sets, and for several objects their count and what they
// share. "—" stands for a value that is not known or not shared.

#include "core/models/selection_info.h"

#include <QString>

namespace mapsmith::widgets {

// The model's file name for one object, "3 objects selected" for several, else "No object selected" or
// "Object not found".
QString selectionHeading(const core::SelectionInfo& info);
// The file read and its format ("World\\Critter\\Rabbit.m2 (M2)"), else why there is none.
QString modelFileText(const core::SelectedObject& object);
// One object: its model file text; several: the shared one, else "—".
QString selectionFileText(const core::SelectionInfo& info);
// "1228", "214 in 2 objects", or "— (no mesh)".
QString trianglesText(const core::SelectionInfo& info);
// "1234" for one; "1234, 1240, 1301" for a few, "1234, 1240, … (12)" for many.
QString uniqueIdsText(const core::SelectionInfo& info);
// "0: Set_$DefaultGlobal"; the number alone when the WMO's sets are not known.
QString doodadSetText(const core::SelectedObject& object, std::uint16_t set);
// One WMO's set, or the set several WMOs share ("—" for doodads and mixed sets).
QString selectionDoodadSetText(const core::SelectionInfo& info);
// The model name all share, else "(several models)"; "—" for none.
QString selectionModelText(const core::SelectionInfo& info);

} // namespace mapsmith::widgets
