#pragma once
// Solid-colour BLP2 textures for tests that need game textures (a model's textures, tileset textures).

#include "io/assets/blp.h"

#include <QColor>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace mapsmith::test {

// A side x side BLP2 of one colour (alpha as given), in `format`, level 0 only.
inline std::vector<std::byte> solidBlp(QColor colour,
                                       io::BlpWriteFormat format = io::BlpWriteFormat::Uncompressed,
                                       std::uint32_t side = 64, int alpha = 255) {
    io::BlpImage im;
    im.width = side;
    im.height = side;
    std::vector<std::uint8_t> px(std::size_t(side) * side * 4);
    for (std::size_t i = 0; i < px.size(); i += 4) {
        px[i] = std::uint8_t(colour.red());
        px[i + 1] = std::uint8_t(colour.green());
        px[i + 2] = std::uint8_t(colour.blue());
        px[i + 3] = std::uint8_t(alpha);
    }
    im.mips.push_back(std::move(px));
    return io::writeBlp2(im, format);
}

} // namespace mapsmith::test
