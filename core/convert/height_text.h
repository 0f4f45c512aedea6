#pragma once
// Heights as text for the user (CLI output, the editor's dialogs and status bar) and back. A range that
// is printed and then typed back in must map the same, so the import/export code rounds a range through
// this text before it uses it (core/convert/terrain_block.h).

#include <QString>

#include <optional>

namespace mapsmith::core {

// The shortest text that reads back as the same float (heights are floats in the tiles) or, for a value
// no float holds, as the same double. Fixed notation, yards.
QString heightText(double v);
// A finite number (nullopt for anything else).
std::optional<double> parseHeight(const QString& text);
// heightText(v) read back: the value a user gets by copying the printed text.
double printedHeight(double v);

} // namespace mapsmith::core
