#pragma once
// A top-down picture of a tile's terrain (north up): height-tinted hill shading of the 129x129 outer
// vertex grid, holes drawn dark. Used by the tile preview and to check rendering in tests.

#include "io/adt.h"

#include <QImage>

namespace mapsmith::core {

// Absolute heights (yards) of the outer vertices, 129 x 129, row-major from the north-west corner.
std::vector<float> outerHeightGrid(const io::Adt& adt);

// Renders the tile at `scale` pixels per vertex step (129*scale - scale + 1 pixels per side).
QImage renderHeightImage(const io::Adt& adt, int scale = 4);

} // namespace mapsmith::core
